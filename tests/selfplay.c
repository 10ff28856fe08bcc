/* Random self-play: whole rounds of random legal moves under every preset,
 * 2-6 players and random option bits, with the engine's invariants checked
 * after every move (RULES.md as a property test). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rami-private.h"
#include "testutil.h"

static uint64_t rnd_state;

static uint64_t rnd(void)
{
    return tu_xorshift(&rnd_state);
}

static unsigned below(unsigned n)
{
    return tu_below(&rnd_state, n);
}

static void check_table(const rami_game *g)
{
    for (size_t i = 0; i < rami_game_meld_count(g); i++) {
        rami_meld_info info, again;
        int owner;
        assert_int_equal(rami_game_meld(g, i, &owner, &info), RAMI_OK);
        assert_true(owner >= 0 && owner < g->rs.players);
        /* Every table meld is still a valid meld of the same shape. */
        int st = rami_meld_check(&g->rs, info.cards, info.count, &again);
        assert_int_equal(st, RAMI_OK);
        assert_int_equal(again.kind, info.kind);
    }
}

static bool move_equal(const rami_move *a, const rami_move *b)
{
    return a->kind == b->kind && a->count == b->count && a->target == b->target &&
           a->side == b->side && memcmp(a->cards, b->cards, a->count) == 0;
}

static bool listed(const rami_move *list, size_t n, const rami_move *m)
{
    for (size_t i = 0; i < n; i++)
        if (move_equal(&list[i], m))
            return true;
    return false;
}

static rami_card random_hand_card(const rami_game *g)
{
    rami_card buf[RAMI_MAX_HAND];
    size_t n;
    rami_game_hand(g, g->pos.current, buf, RAMI_MAX_HAND, &n);
    if (n == 0 || below(5) == 0) {
        unsigned r = 1 + below(13), s = below(4);
        return below(8) == 0 ? RAMI_JOKER : RAMI_CARD(r, s);
    }
    return buf[below((unsigned)n)];
}

static void random_move(const rami_game *g, rami_move *m)
{
    memset(m, 0, sizeof *m);
    m->kind = (uint8_t)(1 + below(6));
    switch (m->kind) {
    case RAMI_MOVE_MELD:
        m->count = (uint8_t)(3 + below(3));
        for (unsigned i = 0; i < m->count; i++)
            m->cards[i] = random_hand_card(g);
        m->side = (uint8_t)(below(4) == 0 ? below(3) : 0);
        break;
    case RAMI_MOVE_LAYOFF:
    case RAMI_MOVE_SWAP:
        m->count = 1;
        m->cards[0] = random_hand_card(g);
        m->target = (uint8_t)below(g->pos.meld_count + 1);
        if (m->kind == RAMI_MOVE_LAYOFF)
            m->side = (uint8_t)below(3);
        break;
    case RAMI_MOVE_DISCARD:
        m->count = 1;
        m->cards[0] = random_hand_card(g);
        break;
    default:
        break;
    }
}

struct stats {
    unsigned long rounds, moves, listed_checked, random_tried, random_legal, undos, matches;
    unsigned long reasons[4];
};

/* Seats out of the match (ELIMINATION) hold no card and never move while
 * a round is played (a seat put out by the round just over keeps its last
 * hand until the next deal). */
static void check_eliminated(const rami_game *g)
{
    for (int s = 0; s < g->rs.players; s++) {
        if (rami_game_in_match(g, s))
            continue;
        assert_true(g->rs.options & RAMI_OPT_ELIMINATION);
        if (rami_game_phase(g) <= RAMI_PHASE_PLAY) {
            assert_int_equal(g->pos.hands[s].size, 0);
            assert_true(rami_game_current_player(g) != s);
        }
    }
}

static void check_position(rami_game *g, const unsigned base[256], rami_move *list, size_t cap,
                           size_t *n_out, struct stats *st)
{
    unsigned counts[256];
    assert_true(tu_census(g, counts));
    assert_memory_equal(counts, base, sizeof counts);
    assert_true(tu_piles_canonical(g));
    check_table(g);
    check_eliminated(g);

    rami_game *copy;
    assert_int_equal(rami_game_clone(g, &copy), RAMI_OK);
    assert_true(rami__game_equal(g, copy));

    size_t n;
    int rc = rami_game_legal_moves(g, list, cap, &n);
    assert_int_equal(rc, RAMI_OK);
    *n_out = n;
    int phase = rami_game_phase(g);
    if (phase == RAMI_PHASE_DRAW || phase == RAMI_PHASE_PLAY)
        assert_true(n > 0);
    else
        assert_int_equal(n, 0);
    /* Listed moves are accepted, once each. */
    for (size_t i = 0; i < n; i++) {
        char why[200];
        int ck = rami_game_check(g, g->pos.current, &list[i], why, sizeof why);
        if (ck != RAMI_OK)
            fail_msg("listed move %zu refused: %d %s", i, ck, why);
        for (size_t j = 0; j < i; j++)
            assert_false(move_equal(&list[i], &list[j]));
        st->listed_checked++;
    }
    /* Random moves: accepted exactly when their canonical form is listed;
     * refused ones change nothing. */
    for (int k = 0; k < 6 && n > 0; k++) {
        rami_move m;
        random_move(g, &m);
        verdict v;
        int ck = rami__validate(&g->rs, &g->pos, g->pos.current, &m, &v, NULL, 0);
        st->random_tried++;
        if (ck == RAMI_OK) {
            st->random_legal++;
            assert_true(listed(list, n, &v.move));
        } else {
            assert_int_equal(rami_game_play(g, g->pos.current, &m), ck);
            assert_true(rami__game_equal(g, copy));
        }
    }
    /* Wrong seat. */
    if (n > 0) {
        int other = (g->pos.current + 1) % g->rs.players;
        assert_int_equal(rami_game_play(g, other, &list[0]), RAMI_E_TURN);
        assert_true(rami__game_equal(g, copy));
    }
    rami_game_free(copy);
}

/* eager: prefer table plays (rounds end by going out); otherwise uniform
 * random moves, which rarely open and reach restocks and the turn limit. */
static void play_round(rami_game *g, struct stats *st, bool eager)
{
    unsigned base[256];
    assert_true(tu_census(g, base));
    rami_move *list = malloc(RAMI_MAX_MOVES * sizeof *list);
    assert_non_null(list);
    unsigned guard = 0;
    for (;;) {
        size_t n;
        check_position(g, base, list, RAMI_MAX_MOVES, &n, st);
        if (n == 0)
            break;
        /* Prefer table plays a little, so that rounds reach the end game. */
        size_t pick = below((unsigned)n);
        if (eager && g->pos.phase == RAMI_PHASE_PLAY && below(3) != 0) {
            for (size_t i = 0; i < n; i++)
                if (list[(pick + i) % n].kind != RAMI_MOVE_DISCARD) {
                    pick = (pick + i) % n;
                    break;
                }
        }
        rami_move m = list[pick];
        rami_game *before;
        assert_int_equal(rami_game_clone(g, &before), RAMI_OK);
        assert_int_equal(rami_game_play(g, g->pos.current, &m), RAMI_OK);
        st->moves++;
        bool table =
            m.kind == RAMI_MOVE_MELD || m.kind == RAMI_MOVE_LAYOFF || m.kind == RAMI_MOVE_SWAP;
        if (table && g->pos.phase == RAMI_PHASE_PLAY && below(4) == 0) {
            /* Undo gives back exactly the position before the move. */
            assert_int_equal(rami_game_undo(g, g->pos.current), RAMI_OK);
            assert_true(rami__game_equal(g, before));
            assert_int_equal(rami_game_play(g, g->pos.current, &m), RAMI_OK);
            st->undos++;
        }
        if (m.kind == RAMI_MOVE_DRAW_STOCK || m.kind == RAMI_MOVE_DRAW_DISCARD ||
            g->pos.phase != RAMI_PHASE_PLAY) {
            /* Draws and discards are never taken back. */
            int expect = g->pos.phase >= RAMI_PHASE_ROUND_OVER   ? RAMI_E_PHASE
                         : g->pos.current == before->pos.current ? RAMI_E_UNDO
                                                                 : RAMI_E_TURN;
            assert_int_equal(rami_game_undo(g, before->pos.current), expect);
        }
        rami_game_free(before);
        assert_true(++guard < 20000);
    }
    rami_round_result res;
    assert_int_equal(rami_game_round_result(g, &res), RAMI_OK);
    assert_true(res.reason >= RAMI_END_WENT_OUT && res.reason <= RAMI_END_TURN_LIMIT);
    assert_true(res.winners != 0);
    st->reasons[res.reason]++;
    if (g->rs.max_turns)
        assert_true(g->pos.turn <= g->rs.max_turns);
    st->rounds++;
    free(list);
}

static void selfplay(void **state)
{
    (void)state;
    struct stats st;
    memset(&st, 0, sizeof st);
    const char *env = getenv("RAMI_SELFPLAY_ROUNDS");
    unsigned rounds = env ? (unsigned)atoi(env) : 2000;
    rnd_state = 0x9E3779B97F4A7C15ull;
    for (unsigned i = 0; i < rounds; i++) {
        rami_ruleset rs;
        int preset = (int)(i % 5);
        unsigned players = 2 + (i / 5) % 5;
        assert_int_equal(rami_ruleset_init(&rs, preset, players), RAMI_OK);
        if (i % 3 == 2)
            tu_random_options(&rs, rnd());
        if (i % 7 == 3)
            rs.jokers_per_meld = 2;
        if (i % 11 == 5)
            rs.max_turns = 60;
        if (i % 13 == 7)
            rs.unopened_penalty = 100;
        bool elimination = i % 17 == 9;
        if (elimination) {
            /* A whole match: seats leave at 150 until one is left. */
            rs.options |= RAMI_OPT_ELIMINATION;
            rs.match_target = 150;
            rs.max_turns = 40;
        }
        rami_game *g;
        assert_int_equal(rami_game_new(&rs, rnd(), &g), RAMI_OK);
        play_round(g, &st, i % 3 != 0);
        if (rami_game_phase(g) == RAMI_PHASE_ROUND_OVER && i % 4 == 0) {
            assert_int_equal(rami_game_next_round(g), RAMI_OK);
            play_round(g, &st, true);
        }
        for (unsigned r = 0; elimination && rami_game_phase(g) == RAMI_PHASE_ROUND_OVER; r++) {
            assert_true(r < 60);
            assert_int_equal(rami_game_next_round(g), RAMI_OK);
            play_round(g, &st, i % 2 != 0);
        }
        if (elimination) {
            st.matches++;
            assert_int_equal(rami_game_phase(g), RAMI_PHASE_MATCH_OVER);
            unsigned in = 0;
            for (int s = 0; s < g->rs.players; s++)
                in += rami_game_in_match(g, s) == 1;
            assert_true(in <= 1);
            assert_true(rami_game_match_winners(g) > 0);
        }
        rami_game_free(g);
    }
    printf("selfplay: %lu rounds, %lu moves, %lu listed moves checked, %lu random moves "
           "(%lu legal), %lu undos; ends: out %lu, stock %lu, turns %lu; %lu elimination "
           "matches\n",
           st.rounds, st.moves, st.listed_checked, st.random_tried, st.random_legal, st.undos,
           st.reasons[1], st.reasons[2], st.reasons[3], st.matches);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(selfplay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
