/* Fuzz target: history. rami_game_history and the turn queries of 1.0
 * (rami_game_turn_info, _hand_count, _discard_pile, _undo_count) in
 * positions reached by the input's choices (moves, undo, next round), for
 * any viewer:
 *
 *  - the full history (viewer -1) tells exactly the moves this target
 *    played in the round and kept (undone plays are not history), each
 *    with its seat, turn, cards (a meld in table order, the card drawn or
 *    taken), table index and side; OPENED follows a meld exactly when it
 *    completed the seat's opening; ROUND_END closes a finished round;
 *    reserved bytes are 0;
 *  - each seat's history is the full one with the cards of the other
 *    seats' stock draws hidden (count 0, no card), nothing else changed;
 *    the public one (RAMI_VIEWER_PUBLIC) hides every stock draw;
 *    a copy of the game determinized for that seat refuses its history
 *    until its next round (RAMI_E_ARG, nothing written: its hidden cards
 *    were dealt anew, rami.h); other viewers are RAMI_E_ARG;
 *  - short buffers: RAMI_E_BUFFER, the count, the first cap events and
 *    nothing after them;
 *  - the turn info agrees with the queries and with the history of the
 *    turn (melds laid and their points, opened in this turn), and
 *    obligations stay off when their option is off; hand counts and the
 *    discard pile agree with rami_game_hand and the pile's count and top. */
#include <limits.h>

#include "fuzz_game.h"

#define MAX_STEPS  96
#define MAX_EVENTS 1024
#define GUARD      0xA5

/* The moves of the round as this target made them. */
typedef struct played {
    rami_move move;
    uint8_t seat;
    uint32_t turn;
    rami_card card; /* a draw: the card drawn or taken */
} played;

static played moves[MAX_STEPS * 2];
static size_t nmoves;
static int players;
static rami_event full[MAX_EVENTS], seen[MAX_EVENTS];

static rami_card drawn_card(const rami_game *g, int seat, const rami_card before[], size_t nb)
{
    rami_card after[RAMI_MAX_HAND];
    size_t na = 0;
    FUZZ_ASSERT(rami_game_hand(g, seat, after, RAMI_MAX_HAND, &na) == RAMI_OK && na == nb + 1);
    size_t i = 0; /* both sorted the same way: the first place they differ */
    while (i < nb && before[i] == after[i])
        i++;
    return after[i];
}

static bool step(rami_game *g, fz_input *in)
{
    int phase = rami_game_phase(g);
    if (phase == RAMI_PHASE_MATCH_OVER)
        return false;
    if (phase == RAMI_PHASE_ROUND_OVER) {
        FUZZ_ASSERT(rami_game_next_round(g) == RAMI_OK);
        nmoves = 0;
        return true;
    }
    int seat = rami_game_current_player(g);
    uint8_t b = fz_byte(in);
    if (b >= 0xF8) {
        int st = rami_game_undo(g, b & 1 ? seat : (seat + 1) % players);
        if (st == RAMI_OK) {
            FUZZ_ASSERT(nmoves > 0 && moves[nmoves - 1].move.kind >= RAMI_MOVE_MELD &&
                        moves[nmoves - 1].move.kind <= RAMI_MOVE_SWAP);
            nmoves--;
            return true;
        }
    }
    size_t n;
    rami_move *list = fz_legal(g, &n);
    size_t pick = n > 256 ? ((size_t)b << 8 | fz_byte(in)) % n : b % n;
    played *p = &moves[nmoves++];
    p->move = list[pick];
    p->seat = (uint8_t)seat;
    p->turn = (uint32_t)rami_game_turn(g);
    p->card = p->move.kind == RAMI_MOVE_DRAW_DISCARD ? rami_game_discard_top(g) : RAMI_NO_CARD;
    rami_card before[RAMI_MAX_HAND];
    size_t nb = 0;
    FUZZ_ASSERT(rami_game_hand(g, seat, before, RAMI_MAX_HAND, &nb) == RAMI_OK);
    FUZZ_ASSERT(rami_game_play(g, seat, &p->move) == RAMI_OK);
    if (p->move.kind == RAMI_MOVE_DRAW_STOCK)
        p->card = drawn_card(g, seat, before, nb);
    return true;
}

static size_t history(const rami_game *g, int viewer, rami_event *buf)
{
    size_t n = 0;
    FUZZ_ASSERT(rami_game_history(g, viewer, buf, MAX_EVENTS, &n) == RAMI_OK);
    return n;
}

static void empty_event(const rami_event *e)
{
    FUZZ_ASSERT(e->reserved == 0 && fz_all(e->reserved2, 0, sizeof e->reserved2, 0));
    FUZZ_ASSERT(e->count <= RAMI_MAX_MELD && fz_all(e->cards, e->count, RAMI_MAX_MELD, 0));
}

/* The full history against the moves played. */
static void check_full(const rami_game *g, size_t n)
{
    bool opened[RAMI_MAX_PLAYERS] = {false};
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        const rami_event *e = &full[i];
        empty_event(e);
        FUZZ_ASSERT(e->seat < players);
        if (e->kind == RAMI_EVENT_RESTOCK)
            continue;
        if (e->kind == RAMI_EVENT_OPENED) {
            FUZZ_ASSERT(i > 0 && full[i - 1].kind == RAMI_MOVE_MELD);
            FUZZ_ASSERT(e->seat == full[i - 1].seat && !opened[e->seat] && e->count == 0);
            opened[e->seat] = true;
            continue;
        }
        if (e->kind == RAMI_EVENT_ROUND_END) {
            FUZZ_ASSERT(i == n - 1 && rami_game_phase(g) >= RAMI_PHASE_ROUND_OVER);
            rami_round_result r;
            FUZZ_ASSERT(rami_game_round_result(g, &r) == RAMI_OK && r.reason == e->target);
            continue;
        }
        FUZZ_ASSERT(k < nmoves);
        const played *p = &moves[k++];
        FUZZ_ASSERT(e->kind == p->move.kind && e->seat == p->seat && e->turn == p->turn);
        switch (e->kind) {
        case RAMI_MOVE_DRAW_STOCK:
        case RAMI_MOVE_DRAW_DISCARD:
            FUZZ_ASSERT(e->count == 1 && e->cards[0] == p->card);
            break;
        case RAMI_MOVE_MELD:
            FUZZ_ASSERT(e->count == p->move.count && e->side == p->move.side);
            FUZZ_ASSERT(memcmp(e->cards, p->move.cards, e->count) == 0);
            FUZZ_ASSERT(e->target < rami_game_meld_count(g));
            break;
        default:
            FUZZ_ASSERT(e->count == 1 && e->cards[0] == p->move.cards[0]);
            FUZZ_ASSERT(e->kind == RAMI_MOVE_DISCARD || e->target == p->move.target);
            FUZZ_ASSERT(e->kind != RAMI_MOVE_LAYOFF || e->side == p->move.side);
        }
    }
    FUZZ_ASSERT(k == nmoves);
    FUZZ_ASSERT((rami_game_phase(g) >= RAMI_PHASE_ROUND_OVER) ==
                (n > 0 && full[n - 1].kind == RAMI_EVENT_ROUND_END));
    for (int s = 0; s < players; s++)
        FUZZ_ASSERT(opened[s] == (rami_game_has_opened(g, s) == 1));
}

/* A seat's history: the full one with other seats' stock draws hidden
 * (every seat's, for the public viewer). */
static void check_viewer(const rami_game *g, int viewer, size_t n, fz_input *in)
{
    FUZZ_ASSERT(history(g, viewer, seen) == n);
    for (size_t i = 0; i < n; i++) {
        rami_event want = full[i];
        if (want.kind == RAMI_MOVE_DRAW_STOCK && want.seat != viewer) {
            want.count = 0;
            memset(want.cards, 0, sizeof want.cards);
        }
        FUZZ_ASSERT(memcmp(&seen[i], &want, sizeof want) == 0);
    }
    if (viewer >= 0 && (fz_byte(in) & 3) == 0) {
        rami_game *d;
        FUZZ_ASSERT(rami_game_determinize(g, viewer, fz_u32(in), &d) == RAMI_OK);
        static rami_event other[MAX_EVENTS];
        size_t k = 0;
        /* A determinized copy has no history until its next round (its
         * hidden cards were dealt anew): refused, nothing written. */
        memset(other, GUARD, sizeof other);
        FUZZ_ASSERT(rami_game_history(d, viewer, other, MAX_EVENTS, &k) == RAMI_E_ARG);
        FUZZ_ASSERT(k == 0 && fz_all(other, 0, sizeof other, GUARD));
        rami_game_free(d);
    }
}

static void check_buffers(const rami_game *g, size_t n, fz_input *in)
{
    static const int odd[] = {-3, INT_MIN, INT_MAX, RAMI_MAX_PLAYERS, 255};
    uint8_t b = fz_byte(in);
    int viewer = b & 0x80 ? odd[b % 5] : players + b % 3;
    size_t count = 7;
    memset(seen, GUARD, sizeof seen);
    FUZZ_ASSERT(rami_game_history(g, viewer, seen, MAX_EVENTS, &count) == RAMI_E_ARG);
    FUZZ_ASSERT(fz_all(seen, 0, sizeof seen, GUARD));
    if (n == 0)
        return;
    size_t cap = fz_byte(in) % n;
    FUZZ_ASSERT(rami_game_history(g, -1, seen, cap, &count) == RAMI_E_BUFFER && count == n);
    FUZZ_ASSERT(memcmp(seen, full, cap * sizeof *seen) == 0);
    FUZZ_ASSERT(fz_all(seen, cap * sizeof *seen, sizeof seen, GUARD));
    FUZZ_ASSERT(rami_game_history(g, -1, NULL, 0, &count) == RAMI_E_BUFFER && count == n);
}

/* The turn info, the hand counts and the discard pile. */
static void check_queries(const rami_game *g, size_t n, fz_input *in)
{
    rami_ruleset rs;
    FUZZ_ASSERT(rami_game_ruleset(g, &rs) == RAMI_OK);
    rami_turn_info t;
    FUZZ_ASSERT(rami_game_turn_info(g, &t, sizeof t) == RAMI_OK);
    int phase = rami_game_phase(g), seat = rami_game_current_player(g);
    FUZZ_ASSERT(t.struct_size == sizeof t && t.phase == phase && t.reserved == 0);
    FUZZ_ASSERT(t.player == seat && t.opening_points == rs.opening_points);
    FUZZ_ASSERT(t.opened == rami_game_has_opened(g, seat));
    FUZZ_ASSERT(t.undo_count == rami_game_undo_count(g));
    FUZZ_ASSERT(t.picked == rami_game_picked(g));
    if (phase != RAMI_PHASE_PLAY) {
        FUZZ_ASSERT(t.undo_count == 0 && t.picked == RAMI_NO_CARD && t.melds_laid == 0);
        FUZZ_ASSERT(t.points_laid == 0 && t.opened_this_turn == 0 && t.must_play == RAMI_NO_CARD);
        FUZZ_ASSERT(t.jokers_to_replay == 0 && t.may_not_discard == RAMI_NO_CARD);
    } else {
        unsigned melds = 0, points = 0, opened = 0, turn = (unsigned)rami_game_turn(g);
        for (size_t i = 0; i < n; i++) {
            if (full[i].turn != turn || full[i].seat != seat)
                continue;
            if (full[i].kind == RAMI_MOVE_MELD) {
                melds++;
                points += full[i].points;
            }
            opened |= full[i].kind == RAMI_EVENT_OPENED;
        }
        FUZZ_ASSERT(t.melds_laid == melds && t.points_laid == points);
        FUZZ_ASSERT(t.opened_this_turn == opened);
    }
    if (!(rs.options & RAMI_OPT_PICKUP_MUST_MELD))
        FUZZ_ASSERT(t.must_play == RAMI_NO_CARD);
    if (!(rs.options & RAMI_OPT_JOKER_REPLAY))
        FUZZ_ASSERT(t.jokers_to_replay == 0);
    if (!(rs.options & RAMI_OPT_OPEN_PURE_RUN))
        FUZZ_ASSERT(t.pure_run_needed == 0);
    if (!(rs.options & RAMI_OPT_KEEP_PICKUP))
        FUZZ_ASSERT(t.may_not_discard == RAMI_NO_CARD);
    FUZZ_ASSERT(t.must_play == RAMI_NO_CARD || t.must_play == t.picked);

    for (int s = -1; s <= rs.players; s++) {
        size_t k = 0;
        int st = rami_game_hand(g, s, NULL, 0, &k);
        if (s < 0 || s == rs.players) {
            FUZZ_ASSERT(rami_game_hand_count(g, s) == RAMI_E_ARG);
            continue;
        }
        FUZZ_ASSERT(st == (k > 0 ? RAMI_E_BUFFER : RAMI_OK));
        FUZZ_ASSERT(rami_game_hand_count(g, s) == (int)k);
    }

    static rami_card pile[RAMI_MAX_PACK + 8];
    size_t count = 0, want = rami_game_discard_count(g);
    memset(pile, GUARD, sizeof pile);
    FUZZ_ASSERT(rami_game_discard_pile(g, pile, RAMI_MAX_PACK, &count) == RAMI_OK);
    FUZZ_ASSERT(count == want && fz_all(pile, count, sizeof pile, GUARD));
    FUZZ_ASSERT(rami_game_discard_top(g) == (count ? pile[count - 1] : RAMI_NO_CARD));
    if (count > 0) {
        size_t cap = fz_byte(in) % count;
        memset(pile, GUARD, sizeof pile);
        FUZZ_ASSERT(rami_game_discard_pile(g, pile, cap, &count) == RAMI_E_BUFFER);
        FUZZ_ASSERT(count == want && fz_all(pile, 0, sizeof pile, GUARD));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = {data, data + size};
    rami_ruleset rs;
    rami_game *g = fz_game(&in, &rs);
    if (g == NULL)
        return 0;
    nmoves = 0;
    players = rs.players;
    for (unsigned steps = 0; fz_more(&in) && steps < MAX_STEPS; steps++) {
        uint8_t b = fz_byte(&in);
        if (b & 1) {
            size_t n = history(g, -1, full);
            check_full(g, n);
            check_viewer(g, fz_byte(&in) % rs.players, n, &in);
            if (b & 2)
                check_buffers(g, n, &in);
            check_queries(g, n, &in);
        }
        if (!step(g, &in))
            break;
    }
    size_t n = history(g, -1, full);
    check_full(g, n);
    for (int v = RAMI_VIEWER_PUBLIC; v < rs.players; v++)
        if (v != RAMI_VIEWER_ALL)
            check_viewer(g, v, n, &in);
    check_queries(g, n, &in);
    rami_game_free(g);
    return 0;
}
