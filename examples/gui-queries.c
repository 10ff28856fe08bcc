/* What a card-game GUI asks librami besides the moves, using only the 1.0
 * header: one round of Rami 51 between greedy bots, shown from seat 0's
 * chair. After each opponent turn it replays that turn from the history
 * (as an animation would), and before each of its own plays it reads the
 * turn's state: opening points laid, obligations, undos available, the
 * whole discard pile and every hand's size. A refused move is explained
 * by status name. Build: cc gui-queries.c $(pkg-config --cflags --libs rami) */
#include <rami.h>
#include <stdio.h>
#include <string.h>

static const char *event_name(unsigned kind)
{
    static const char *const moves[] = {"?",        "draws", "takes",   "melds",
                                        "lays off", "swaps", "discards"};
    switch (kind) {
    case RAMI_EVENT_RESTOCK:
        return "restock";
    case RAMI_EVENT_OPENED:
        return "opened";
    case RAMI_EVENT_ROUND_END:
        return "round over";
    default:
        return kind <= RAMI_MOVE_DISCARD ? moves[kind] : "?";
    }
}

static void print_cards(const rami_card *cards, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char text[8];
        if (rami_card_format(cards[i], text, sizeof text) == RAMI_OK)
            printf(" %s", text);
    }
}

/* Shows events [from, count) of the round as seat 0 may know them. */
static size_t animate(const rami_game *g, size_t from)
{
    rami_event ev[512];
    size_t n = 0;
    if (rami_game_history(g, 0, ev, 512, &n) != RAMI_OK)
        return from;
    for (size_t i = from; i < n; i++) {
        const rami_event *e = &ev[i];
        if (e->seat == 0 && e->kind <= RAMI_MOVE_DISCARD)
            continue; /* our own moves were shown as we made them */
        printf("  turn %u, seat %u %s", (unsigned)e->turn, e->seat, event_name(e->kind));
        if (e->kind == RAMI_MOVE_DRAW_STOCK && e->count == 0)
            printf(" (a hidden card)");
        print_cards(e->cards, e->count);
        if (e->kind == RAMI_EVENT_OPENED || e->kind == RAMI_MOVE_MELD)
            printf(" (%u points)", e->points);
        if (e->kind == RAMI_EVENT_RESTOCK)
            printf(" (%u cards)", e->points);
        printf("\n");
    }
    return n;
}

static void show_turn(const rami_game *g)
{
    rami_turn_info t;
    if (rami_game_turn_info(g, &t, sizeof t) != RAMI_OK)
        return;
    rami_card pile[RAMI_MAX_PACK];
    size_t piled = 0;
    rami_game_discard_pile(g, pile, RAMI_MAX_PACK, &piled);
    printf("  you: %d cards, opponent: %d cards; discard pile of %zu (bottom",
           rami_game_hand_count(g, 0), rami_game_hand_count(g, 1), piled);
    print_cards(pile, piled < 3 ? piled : 3);
    printf(" ...); laid %u of %u this turn%s; undo x%d", t.points_laid, t.opening_points,
           t.opened ? " (opened)" : "", rami_game_undo_count(g));
    if (t.must_play != RAMI_NO_CARD || t.jokers_to_replay || t.may_not_discard != RAMI_NO_CARD)
        printf("; owes: meld %02X, jokers %u, keep %02X", t.must_play, t.jokers_to_replay,
               t.may_not_discard);
    printf("\n");
}

int main(void)
{
    printf("librami %s (%d)\n", rami_version(), rami_version_number());
    if (rami_version_number() / 10000 != RAMI_VERSION_MAJOR)
        return 1;
    rami_ruleset rs;
    rami_bot_options bot;
    rami_game *g = NULL;
    if (rami_ruleset_init(&rs, RAMI_PRESET_51, 2) != RAMI_OK ||
        rami_bot_options_init(&bot, RAMI_BOT_GREEDY) != RAMI_OK ||
        rami_game_new(&rs, 77, &g) != RAMI_OK)
        return 1;
    /* A move the rules refuse, explained for a translation table by name. */
    rami_move bad = {RAMI_MOVE_DISCARD, 1, 0, 0, {0}};
    bad.cards[0] = rami_card_make(RAMI_KING, RAMI_HEARTS);
    char why[128];
    rami_refusal refused;
    int st = rami_game_check_ex(g, 0, &bad, &refused, sizeof refused, why, sizeof why);
    printf("discard %c of suit %d now: %s in phase %u (%s)\n",
           "?A23456789TJQK"[rami_card_rank(bad.cards[0])], rami_card_suit(bad.cards[0]),
           rami_status_name(refused.status), refused.phase, why);
    if (st != refused.status)
        return 1;
    size_t seen = 0;
    while (rami_game_phase(g) <= RAMI_PHASE_PLAY) {
        if (rami_game_current_player(g) == 0) {
            seen = animate(g, seen);
            show_turn(g);
        }
        rami_move m;
        if (rami_bot_choose(g, &bot, &m) != RAMI_OK ||
            rami_game_play(g, rami_game_current_player(g), &m) != RAMI_OK) {
            rami_game_free(g);
            return 1;
        }
        if (rami_game_current_player(g) == 0 && rami_game_phase(g) == RAMI_PHASE_PLAY) {
            char text[80];
            rami_move_format(&m, text, sizeof text);
            printf("  you: %s\n", text);
        }
    }
    animate(g, seen);
    rami_round_result r;
    rami_game_round_result(g, &r);
    printf("points: seat 0 %d, seat 1 %d\n", r.points[0], r.points[1]);
    rami_game_free(g);
    return 0;
}
