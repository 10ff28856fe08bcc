/* Bots: options, legality over many random positions, no peeking at hidden
 * cards, determinism, hints. RAMI_BOT_DECISIONS raises the number of
 * level 0-1 decisions checked (default 100000). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "bot-private.h"
#include "testutil.h"

static uint64_t rnd_state;

static uint64_t rnd(void)
{
    return tu_xorshift(&rnd_state);
}

static bool move_equal(const rami_move *a, const rami_move *b)
{
    return a->kind == b->kind && a->count == b->count && a->target == b->target &&
           a->side == b->side && memcmp(a->cards, b->cards, a->count) == 0;
}

static bool listed(const rami_game *g, const rami_move *m)
{
    rami_move *list = malloc(RAMI_MAX_MOVES * sizeof *list);
    assert_non_null(list);
    size_t n;
    assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n), RAMI_OK);
    bool found = false;
    for (size_t i = 0; i < n && !found; i++)
        found = move_equal(&list[i], m);
    free(list);
    return found;
}

static rami_bot_options options(int level, uint64_t seed, uint32_t playouts)
{
    rami_bot_options o;
    assert_int_equal(rami_bot_options_init(&o, level), RAMI_OK);
    o.seed = seed;
    if (playouts)
        o.playouts = playouts;
    return o;
}

static void options_init(void **state)
{
    (void)state;
    rami_bot_options o;
    for (int level = 0; level <= 2; level++) {
        memset(&o, 0xEE, sizeof o);
        assert_int_equal(rami_bot_options_init(&o, level), RAMI_OK);
        assert_int_equal(o.struct_size, sizeof o);
        assert_int_equal(o.level, level);
        assert_int_equal(o.seed, 0);
        assert_int_equal(o.time_ms, 0);
    }
    assert_true(o.playouts > 0);
    memset(&o, 0xEE, sizeof o);
    assert_int_equal(rami_bot_options_init(&o, 3), RAMI_E_ARG);
    assert_int_equal(rami_bot_options_init(&o, -1), RAMI_E_ARG);
    assert_int_equal(o.struct_size, 0xEEEEEEEEu);
    assert_int_equal(rami_bot_options_init(NULL, 1), RAMI_E_ARG);
}

static void bad_options(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    rami_game *g;
    assert_int_equal(rami_game_new(&rs, 5, &g), RAMI_OK);
    rami_bot_options o = options(1, 0, 0);
    rami_move m, untouched;
    memset(&m, 0x5A, sizeof m);
    untouched = m;
    assert_int_equal(rami_bot_choose(NULL, &o, &m), RAMI_E_ARG);
    assert_int_equal(rami_bot_choose(g, NULL, &m), RAMI_E_ARG);
    assert_int_equal(rami_bot_choose(g, &o, NULL), RAMI_E_ARG);
    o.struct_size = 8;
    assert_int_equal(rami_bot_choose(g, &o, &m), RAMI_E_ARG);
    o = options(1, 0, 0);
    o.level = 3;
    assert_int_equal(rami_bot_choose(g, &o, &m), RAMI_E_ARG);
    o = options(1, 0, 0);
    o.reserved[1] = 1;
    assert_int_equal(rami_bot_choose(g, &o, &m), RAMI_E_ARG);
    assert_memory_equal(&m, &untouched, sizeof m);
    char why[80];
    assert_int_equal(rami_game_hint(NULL, &m, why, sizeof why), RAMI_E_ARG);
    assert_int_equal(rami_game_hint(g, NULL, why, sizeof why), RAMI_E_ARG);
    /* why NULL with a capacity: allowed, as in every function with a why. */
    assert_int_equal(rami_game_hint(g, &m, NULL, 5), RAMI_OK);
    rami_game_free(g);
}

/* Plays a round to its end with greedy; the bots then refuse. */
static void round_over(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_FINNISH, 3), RAMI_OK);
    rami_game *g;
    assert_int_equal(rami_game_new(&rs, 17, &g), RAMI_OK);
    rami_bot_options o = options(1, 3, 0);
    for (unsigned guard = 0; rami_game_phase(g) <= RAMI_PHASE_PLAY && guard < 5000; guard++) {
        rami_move m;
        assert_int_equal(rami_bot_choose(g, &o, &m), RAMI_OK);
        assert_int_equal(rami_game_play(g, rami_game_current_player(g), &m), RAMI_OK);
    }
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    rami_move m;
    for (int level = 0; level <= 2; level++) {
        o = options(level, 1, 8);
        assert_int_equal(rami_bot_choose(g, &o, &m), RAMI_E_PHASE);
    }
    assert_int_equal(rami_game_hint(g, &m, NULL, 0), RAMI_E_PHASE);
    rami_game_free(g);
}

struct tally {
    unsigned long decisions[3], listed;
};

/* One decision of a level, checked: accepted by rami_game_check, and (for
 * a sample) the very form rami_game_legal_moves lists. */
static void checked_choice(const rami_game *g, int level, uint64_t seed, struct tally *t,
                           rami_move *out)
{
    rami_bot_options o = options(level, seed, level == 2 ? 12 : 0);
    char why[160];
    assert_int_equal(rami_bot_choose(g, &o, out), RAMI_OK);
    int st = rami_game_check(g, rami_game_current_player(g), out, why, sizeof why);
    if (st != RAMI_OK)
        fail_msg("level %d chose an illegal move: %s", level, why);
    t->decisions[level]++;
    if (rnd() % 16 == 0) {
        assert_true(listed(g, out));
        t->listed++;
    }
}

/* Random games of every preset and 2-6 players, with seats played by
 * levels 0 and 1 (and sometimes 2); every decision is checked. */
static void legal_everywhere(void **state)
{
    (void)state;
    const char *env = getenv("RAMI_BOT_DECISIONS");
    unsigned long target = env ? strtoul(env, NULL, 10) : 100000;
    struct tally t;
    memset(&t, 0, sizeof t);
    rnd_state = 0xB07B07ull;
    for (unsigned i = 0; t.decisions[0] + t.decisions[1] < target; i++) {
        rami_ruleset rs;
        assert_int_equal(rami_ruleset_init(&rs, (int)(i % 5), 2 + (i / 5) % 5), RAMI_OK);
        if (i % 4 == 3)
            tu_random_options(&rs, rnd());
        rami_game *g;
        assert_int_equal(rami_game_new(&rs, rnd(), &g), RAMI_OK);
        for (unsigned guard = 0; rami_game_phase(g) <= RAMI_PHASE_PLAY; guard++) {
            assert_true(guard < 20000);
            rami_move m0, m1, m2;
            checked_choice(g, 0, rnd(), &t, &m0);
            checked_choice(g, 1, rnd(), &t, &m1);
            const rami_move *play = rnd() % 4 == 0 ? &m0 : &m1;
            if (i % 6 == 0 && rnd() % 4 == 0) {
                checked_choice(g, 2, rnd(), &t, &m2);
                play = &m2;
            }
            assert_int_equal(rami_game_play(g, rami_game_current_player(g), play), RAMI_OK);
        }
        rami_game_free(g);
    }
    printf("bots: %lu random, %lu greedy, %lu strong decisions legal; %lu found in the list\n",
           t.decisions[0], t.decisions[1], t.decisions[2], t.listed);
    assert_true(t.decisions[2] > 100);
}

/* Two deals that differ only in what seat 0 cannot see. */
static void hidden_pair(rami_game **a, rami_game **b, unsigned players)
{
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, players), RAMI_OK);
    rami_game *src;
    assert_int_equal(rami_game_new(&rs, 1234 + players, &src), RAMI_OK);
    rami_deal d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.dealer = (uint8_t)(players - 1);
    for (unsigned p = 0; p < players; p++) {
        size_t n;
        assert_int_equal(rami_game_hand(src, (int)p, d.hands[p], RAMI_MAX_HAND, &n), RAMI_OK);
        d.hand_count[p] = (uint8_t)n;
    }
    d.stock_count = (uint16_t)src->pos.stock_count;
    memcpy(d.stock, stock_cards(&src->pos), src->pos.stock_count);
    d.discard_count = (uint16_t)src->pos.discard_count;
    discard_copy(&src->pos, d.discard);
    assert_int_equal(rami_game_new_deal(&rs, &d, 77, a), RAMI_OK);
    /* Seat 1 and the stock trade cards; so does the stock's order. */
    for (unsigned i = 0; i < 6; i++) {
        rami_card t = d.hands[1][i * 2];
        d.hands[1][i * 2] = d.stock[i];
        d.stock[i] = t;
    }
    for (unsigned i = 0; i + 1 < d.stock_count; i += 2) {
        rami_card t = d.stock[i];
        d.stock[i] = d.stock[i + 1];
        d.stock[i + 1] = t;
    }
    assert_int_equal(rami_game_new_deal(&rs, &d, 77, b), RAMI_OK);
    rami_game_free(src);
}

static void no_peeking(void **state)
{
    (void)state;
    for (unsigned players = 2; players <= 4; players++) {
        rami_game *a, *b;
        hidden_pair(&a, &b, players);
        assert_false(rami__game_equal(a, b));
        /* Seat 0's whole first turn: every decision must agree. */
        for (unsigned step = 0;
             step < 20 && rami_game_current_player(a) == 0 && rami_game_phase(a) <= RAMI_PHASE_PLAY;
             step++) {
            rami_move ma, mb;
            for (int level = 0; level <= 2; level++) {
                for (uint64_t seed = 1; seed <= (level == 2 ? 2u : 6u); seed++) {
                    rami_bot_options o = options(level, seed, level == 2 ? 60 : 0);
                    assert_int_equal(rami_bot_choose(a, &o, &ma), RAMI_OK);
                    assert_int_equal(rami_bot_choose(b, &o, &mb), RAMI_OK);
                    assert_true(move_equal(&ma, &mb));
                }
            }
            if (step == 0) {
                char wa[160], wb[160];
                assert_int_equal(rami_game_hint(a, &ma, wa, sizeof wa), RAMI_OK);
                assert_int_equal(rami_game_hint(b, &mb, wb, sizeof wb), RAMI_OK);
                assert_true(move_equal(&ma, &mb));
                assert_string_equal(wa, wb);
            }
            assert_int_equal(rami_game_play(a, 0, &ma), RAMI_OK);
            assert_int_equal(rami_game_play(b, 0, &mb), RAMI_OK);
        }
        rami_game_free(a);
        rami_game_free(b);
    }
}

/* The same options give the same move; the random level does use its seed. */
static void deterministic(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_40, 3), RAMI_OK);
    rami_game *g;
    assert_int_equal(rami_game_new(&rs, 321, &g), RAMI_OK);
    rami_move first, again;
    rami_move m;
    assert_int_equal(rami_move_parse("draw", &m), RAMI_OK);
    assert_int_equal(rami_game_play(g, 0, &m), RAMI_OK);
    for (int level = 0; level <= 2; level++) {
        rami_bot_options o = options(level, 9, level == 2 ? 40 : 0);
        assert_int_equal(rami_bot_choose(g, &o, &first), RAMI_OK);
        for (int k = 0; k < 3; k++) {
            assert_int_equal(rami_bot_choose(g, &o, &again), RAMI_OK);
            assert_true(move_equal(&first, &again));
        }
    }
    bool differs = false;
    rami_bot_options o = options(0, 0, 0);
    assert_int_equal(rami_bot_choose(g, &o, &first), RAMI_OK);
    for (uint64_t seed = 1; seed < 40 && !differs; seed++) {
        o.seed = seed;
        assert_int_equal(rami_bot_choose(g, &o, &again), RAMI_OK);
        differs = !move_equal(&first, &again);
    }
    assert_true(differs);
    rami_game_free(g);
}

/* The bots play real Rami: greedy beats random, and it opens and melds. */
static void greedy_plays_well(void **state)
{
    (void)state;
    unsigned greedy_wins = 0, rounds = 40;
    for (unsigned i = 0; i < rounds; i++) {
        rami_ruleset rs;
        assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
        rami_game *g;
        assert_int_equal(rami_game_new(&rs, 1000 + i, &g), RAMI_OK);
        unsigned greedy_seat = i % 2;
        while (rami_game_phase(g) <= RAMI_PHASE_PLAY) {
            int seat = rami_game_current_player(g);
            rami_bot_options o = options(seat == (int)greedy_seat ? 1 : 0, i, 0);
            rami_move m;
            assert_int_equal(rami_bot_choose(g, &o, &m), RAMI_OK);
            assert_int_equal(rami_game_play(g, seat, &m), RAMI_OK);
        }
        rami_round_result r;
        assert_int_equal(rami_game_round_result(g, &r), RAMI_OK);
        greedy_wins += (r.winners >> greedy_seat) & 1u;
        rami_game_free(g);
    }
    assert_true(greedy_wins >= rounds * 8 / 10);
}

/* Hints on the positions of a greedy round: legal, stable, one line that
 * starts with the move. Draw positions are sampled to keep the test short. */
static void hints(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    rami_game *g;
    assert_int_equal(rami_game_new(&rs, 2024, &g), RAMI_OK);
    unsigned melds = 0, discards = 0, draws = 0;
    for (unsigned k = 0; k < 400 && rami_game_phase(g) <= RAMI_PHASE_PLAY; k++) {
        rami_move m, again;
        char why[160], why2[160], text[80];
        assert_int_equal(rami__greedy_move(g, &m), RAMI_OK);
        bool draw = m.kind <= RAMI_MOVE_DRAW_DISCARD;
        if (!draw || k % 5 == 0) {
            assert_int_equal(rami_game_hint(g, &m, why, sizeof why), RAMI_OK);
            assert_int_equal(rami_game_check(g, rami_game_current_player(g), &m, NULL, 0), RAMI_OK);
            assert_true(strlen(why) > 5);
            assert_null(strchr(why, '\n'));
            assert_int_equal(rami_move_format(&m, text, sizeof text), RAMI_OK);
            if (m.kind == RAMI_MOVE_MELD) {
                /* "meld 7S 8S 9S: completes your opening (54 of 51)" */
                assert_memory_equal(why, text, strlen(text));
                assert_true(strstr(why, "opening") != NULL || strstr(why, "cards") != NULL);
                melds++;
            } else if (m.kind == RAMI_MOVE_DISCARD) {
                assert_memory_equal(why, text, strlen(text));
                discards++;
            } else if (draw) {
                assert_true(strncmp(why, "draw", 4) == 0 || strncmp(why, "take", 4) == 0);
                draws++;
            }
            if (k % 3 == 0) {
                /* A fixed seed: the same hint twice; NULL why is fine. */
                assert_int_equal(rami_game_hint(g, &again, why2, sizeof why2), RAMI_OK);
                assert_true(move_equal(&m, &again));
                assert_string_equal(why, why2);
                assert_int_equal(rami_game_hint(g, &again, NULL, 0), RAMI_OK);
                /* A tiny buffer is truncated, not overrun. */
                char tiny[6];
                assert_int_equal(rami_game_hint(g, &again, tiny, sizeof tiny), RAMI_OK);
                assert_int_equal(strlen(tiny), 5);
            }
        }
        assert_int_equal(rami_game_play(g, rami_game_current_player(g), &m), RAMI_OK);
    }
    assert_true(melds > 0);
    assert_true(discards > 0);
    assert_true(draws > 0);
    rami_game_free(g);
}

/* ---- bounded work (issue 12): the most extreme legal ruleset ---- */

/* 3 decks, 12 jokers, 4 jokers a meld, the largest hand the ruleset check
 * accepts (31 when this was written, RAMI_MAX_HAND_SIZE = 15 since issue
 * 12) and the highest opening such a hand can reach (275 at 31 cards). */
static void extreme_rules(rami_ruleset *rs)
{
    assert_int_equal(rami_ruleset_init(rs, RAMI_PRESET_51, 2), RAMI_OK);
    rs->decks = 3;
    rs->jokers = 12;
    rs->jokers_per_meld = 4;
    for (rs->hand_size = 31;; rs->hand_size--) {
        unsigned reachable = 11u * (rs->hand_size + 1u);
        rs->opening_points = (uint16_t)(reachable < 275 ? reachable : 275);
        if (rami_ruleset_check(rs, NULL, 0) == RAMI_OK)
            break;
        assert_true(rs->hand_size > 3);
    }
}

/* Seat 0 to draw holding one of the hand solver's worst hands at the
 * limits (tests/worst.c: spades 3..9 with duplicates and jokers, which fit
 * anywhere; it draws a joker), a 6 on the discard pile; seat 1 and the
 * stock get the rest of the pack in code order. */
static rami_game *extreme_position(void)
{
    rami_ruleset rs;
    extreme_rules(&rs);
    rami_deal d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.dealer = 1;
    uint8_t left[256] = {0};
    for (unsigned s = 0; s < 4; s++)
        for (unsigned r = 1; r <= 13; r++)
            left[RAMI_CARD(r, s)] = 3;
    left[RAMI_JOKER] = 12;
    size_t n0 = 0;
    assert_int_equal(rami_cards_parse("3S 4S 5S 5S 6S 6S 7S 7S 8S 8S 9S JK JK JK JK", d.hands[0],
                                      RAMI_MAX_HAND, &n0),
                     RAMI_OK);
    assert_int_equal(n0, rs.hand_size);
    for (size_t i = 0; i < n0; i++)
        left[d.hands[0][i]]--;
    d.hand_count[0] = (uint8_t)n0;
    d.discard[d.discard_count++] = RAMI_CARD(6, 2);
    left[RAMI_CARD(6, 2)]--;
    for (unsigned c = 1; c <= RAMI_JOKER; c++)
        for (; left[c] > 0; left[c]--) {
            if (d.hand_count[1] < rs.hand_size)
                d.hands[1][d.hand_count[1]++] = (rami_card)c;
            else
                d.stock[d.stock_count++] = (rami_card)c;
        }
    rami_game *g;
    assert_int_equal(rami_game_new_deal(&rs, &d, 99, &g), RAMI_OK);
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_DRAW);
    return g;
}

/* What one decision did, against the bounds rami.h documents. */
static void assert_bounded(const bot_work *w, uint32_t playouts)
{
    printf("  steps %llu, playouts %llu, solver nodes %llu (most in one solve %u), judged %llu "
           "(most in one step %u)%s\n",
           (unsigned long long)w->steps, (unsigned long long)w->playouts,
           (unsigned long long)w->nodes, w->max_nodes, (unsigned long long)w->judged,
           w->max_step_judged, w->cut ? ", cut" : "");
    assert_true(w->steps >= 1);
    assert_true(w->playouts <= playouts + 5u);
    assert_true(w->steps <= 1 + (uint64_t)playouts * STRONG_STEPS_PER_PLAYOUT);
    assert_true(w->max_nodes <= BOT_SOLVE_NODES);
    assert_true(w->nodes <= w->steps * 3u * BOT_SOLVE_NODES);
    /* Playouts stop before the step after the node limit is reached. */
    if (playouts > 0)
        assert_true(w->nodes <= (uint64_t)playouts * STRONG_NODES_PER_PLAYOUT +
                                    (1 + RAMI_MAX_HAND + 2) * 3u * BOT_SOLVE_NODES);
    assert_true(w->max_step_judged <= BOT_STEP_JUDGED);
}

/* Every bot decision and the hint in the draw and then the play phase of
 * the extreme position. */
static void worst_position(void **state)
{
    (void)state;
    rami_game *g = extreme_position();
    search_state *s = malloc(sizeof *s);
    assert_non_null(s);
    for (int phase = 0; phase < 2; phase++) {
        verdict v;
        /* Greedy: one step; the solver's limit is what keeps it short. */
        rami_bot_options o = options(RAMI_BOT_GREEDY, 1, 0);
        assert_int_equal(rami__bot_choose(g, &o, &v, s), RAMI_OK);
        assert_bounded(&s->work, 0);
        assert_int_equal(s->work.steps, 1);
        /* Choosing the discard solves the whole hand: the limit bites. */
        if (phase == 1)
            assert_true(s->work.max_nodes >= BOT_SOLVE_NODES / 2);
        /* Strong, a small budget and no clock: the counts alone bound it. */
        o = options(RAMI_BOT_STRONG, 1, 12);
        assert_int_equal(rami__bot_choose(g, &o, &v, s), RAMI_OK);
        assert_bounded(&s->work, 12);
        assert_true(s->work.playouts > 0);
        assert_int_equal(rami_game_check(g, 0, &v.move, NULL, 0), RAMI_OK);
        /* The hint with the same budget makes the same choice. */
        rami_move m;
        char why[200];
        assert_int_equal(rami_game_hint_with(g, &o, &m, why, sizeof why), RAMI_OK);
        assert_true(move_equal(&m, &v.move));
        /* time_ms is checked inside playouts: 1 ms does not finish a
         * sample here, so the search is cut and greedy's move stands. */
        o = options(RAMI_BOT_STRONG, 1, 0);
        o.time_ms = 1;
        assert_int_equal(rami__bot_choose(g, &o, &v, s), RAMI_OK);
        assert_bounded(&s->work, STRONG_DEFAULT_PLAYOUTS);
        assert_true(s->work.cut);
        assert_true(s->work.playouts <= 2);
        if (phase == 0) {
            rami_move draw = simple_move(RAMI_MOVE_DRAW_STOCK, RAMI_NO_CARD);
            assert_int_equal(rami_game_play(g, 0, &draw), RAMI_OK);
        }
    }
    free(s);
    rami_game_free(g);
}

/* rami_game_hint_with: argument checks, why always terminated, and the
 * default hint is hint_with with the documented default budget. */
static void hint_with(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    rami_game *g;
    assert_int_equal(rami_game_new(&rs, 77, &g), RAMI_OK);
    rami_move m, d;
    char why[160], why2[160];
    rami_bot_options o = options(RAMI_BOT_STRONG, 0x48494E54u, 600);
    assert_int_equal(rami_game_hint(g, &d, why2, sizeof why2), RAMI_OK);
    assert_int_equal(rami_game_hint_with(g, &o, &m, why, sizeof why), RAMI_OK);
    assert_true(move_equal(&m, &d));
    assert_string_equal(why, why2);
    /* Greedy's hint is greedy's move. */
    o = options(RAMI_BOT_GREEDY, 0, 0);
    assert_int_equal(rami_game_hint_with(g, &o, &m, why, sizeof why), RAMI_OK);
    assert_int_equal(rami__greedy_move(g, &d), RAMI_OK);
    assert_true(move_equal(&m, &d));
    assert_true(strlen(why) > 5);
    /* Bad arguments: RAMI_E_ARG, why says so (as everywhere, rami.h). */
    o = options(RAMI_BOT_RANDOM, 0, 0);
    strcpy(why, "x");
    assert_int_equal(rami_game_hint_with(g, &o, &m, why, sizeof why), RAMI_E_ARG);
    assert_non_null(strstr(why, "options"));
    o = options(RAMI_BOT_STRONG, 0, 10);
    o.struct_size--;
    strcpy(why, "x");
    assert_int_equal(rami_game_hint_with(g, &o, &m, why, sizeof why), RAMI_E_ARG);
    assert_non_null(strstr(why, "options"));
    o.struct_size++;
    o.reserved[1] = 1;
    assert_int_equal(rami_game_hint_with(g, &o, &m, why, sizeof why), RAMI_E_ARG);
    o.reserved[1] = 0;
    assert_int_equal(rami_game_hint_with(NULL, &o, &m, why, sizeof why), RAMI_E_ARG);
    assert_int_equal(rami_game_hint_with(g, NULL, &m, why, sizeof why), RAMI_E_ARG);
    assert_int_equal(rami_game_hint_with(g, &o, NULL, why, sizeof why), RAMI_E_ARG);
    assert_int_equal(rami_game_hint_with(g, &o, &m, NULL, 5), RAMI_OK); /* why may be NULL */
    assert_int_equal(rami_game_hint_with(g, &o, &m, NULL, 0), RAMI_OK);
    rami_game_free(g);
}

/* Greedy self-play positions of 2-player Rami 51: calls f at every
 * position with the move about to be played. */
typedef void (*position_fn)(const rami_game *g, const rami_move *m, void *ctx);

static void greedy_rounds(unsigned rounds, uint64_t seed, position_fn f, void *ctx)
{
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    for (unsigned i = 0; i < rounds; i++) {
        rami_game *g;
        assert_int_equal(rami_game_new(&rs, seed + i, &g), RAMI_OK);
        rami_bot_options o = options(RAMI_BOT_GREEDY, 0, 0);
        for (unsigned guard = 0; rami_game_phase(g) <= RAMI_PHASE_PLAY; guard++) {
            assert_true(guard < 5000);
            rami_move m;
            assert_int_equal(rami_bot_choose(g, &o, &m), RAMI_OK);
            f(g, &m, ctx);
            assert_int_equal(rami_game_play(g, rami_game_current_player(g), &m), RAMI_OK);
        }
        rami_game_free(g);
    }
}

/* The strong bot keeps the known cards of the position and updates them
 * by its candidate move instead of reading the log again at every
 * playout: after any move, the update must equal a fresh read of the log,
 * and a playout from the kept cards must play exactly as one that reads
 * them itself. */
struct known_check {
    unsigned moves, playouts;
};

static void known_after_move(const rami_game *g, const rami_move *m, void *ctx)
{
    struct known_check *kc = ctx;
    rami_known kept, fresh;
    rami__known_cards(g, &kept);
    rami_game *a, *b;
    assert_int_equal(rami_game_clone(g, &a), RAMI_OK);
    unsigned seat = a->pos.current;
    rami_card taken = discard_top(&a->pos);
    assert_int_equal(rami_game_play(a, (int)seat, m), RAMI_OK);
    rami__known_update(kept.cnt[seat], m, taken);
    rami__known_cards(a, &fresh);
    /* Equal where a greedy decision reads them: never above the hand. */
    for (unsigned p = 0; p < a->rs.players; p++)
        for (unsigned c = 1; c <= RAMI_JOKER; c++) {
            unsigned have =
                card_is_valid((rami_card)c) ? hand_count(&a->pos.hands[p], (rami_card)c) : 0;
            unsigned k = kept.cnt[p][c] < have ? kept.cnt[p][c] : have;
            assert_int_equal(k, fresh.cnt[p][c]);
        }
    kc->moves++;
    if (rami_game_phase(a) <= RAMI_PHASE_PLAY && kc->moves % 7 == 0) {
        assert_int_equal(rami_game_clone(a, &b), RAMI_OK);
        bot_work wa = {0}, wb = {0};
        bot_limits lim = {UINT64_MAX, UINT64_MAX, 0};
        int sa, sb;
        assert_true(rami__greedy_playout(a, seat, &wa, &lim, &kept, &sa));
        assert_true(rami__greedy_playout(b, seat, &wb, &lim, NULL, &sb));
        assert_int_equal(sa, sb);
        assert_true(rami__game_equal(a, b));
        assert_int_equal(wa.steps, wb.steps);
        rami_game_free(b);
        kc->playouts++;
    }
    rami_game_free(a);
}

static void known_cards_kept(void **state)
{
    (void)state;
    struct known_check kc = {0, 0};
    greedy_rounds(40, 900, known_after_move, &kc);
    printf("  %u moves, %u playouts compared\n", kc.moves, kc.playouts);
    assert_true(kc.playouts > 100);
}

/* The opponent model must accept the truth: when a greedy seat drew from
 * the stock and ended its turn with a discard, its real hand passes
 * rami__greedy_would_only_discard with that card (the table unchanged
 * since). And the test has teeth: with another card of that hand in place
 * of the discard, it fails. */
struct only_check {
    unsigned turns, other_refused, other_tried;
    bool drew_stock;
};

static void only_discard_turn(const rami_game *g, const rami_move *m, void *ctx)
{
    struct only_check *oc = ctx;
    if (m->kind == RAMI_MOVE_DRAW_STOCK || m->kind == RAMI_MOVE_DRAW_DISCARD)
        oc->drew_stock = m->kind == RAMI_MOVE_DRAW_STOCK;
    if (m->kind != RAMI_MOVE_DISCARD || !oc->drew_stock)
        return;
    rami_game *a;
    assert_int_equal(rami_game_clone(g, &a), RAMI_OK);
    unsigned seat = a->pos.current;
    assert_int_equal(rami_game_play(a, (int)seat, m), RAMI_OK);
    if (rami_game_phase(a) <= RAMI_PHASE_PLAY) {
        bot_work w = {0};
        oc->turns++;
        rami_game *before;
        assert_int_equal(rami_game_clone(a, &before), RAMI_OK);
        assert_true(rami__greedy_would_only_discard(a, seat, m->cards[0], &w));
        assert_true(rami__game_equal(a, before)); /* the position is restored */
        rami_game_free(before);
        /* The same hand, another card thrown: greedy would not. */
        const hand *h = &a->pos.hands[seat];
        for (unsigned suit = 0; suit < 4; suit++)
            for (unsigned r = 1; r <= 13; r++) {
                rami_card c = RAMI_CARD(r, suit);
                if (c == m->cards[0] || !hand_count(h, c))
                    continue;
                rami_game *b;
                assert_int_equal(rami_game_clone(a, &b), RAMI_OK);
                hand_remove(&b->pos.hands[seat], c);
                hand_add(&b->pos.hands[seat], m->cards[0]);
                oc->other_tried++;
                oc->other_refused += !rami__greedy_would_only_discard(b, seat, c, &w);
                rami_game_free(b);
                suit = 4;
                break;
            }
    }
    rami_game_free(a);
}

static void opponent_model_accepts_greedy(void **state)
{
    (void)state;
    struct only_check oc = {0, 0, 0, false};
    greedy_rounds(40, 700, only_discard_turn, &oc);
    printf("  %u turns accepted; another card refused %u of %u\n", oc.turns, oc.other_refused,
           oc.other_tried);
    assert_true(oc.turns > 300);
    assert_true(oc.other_refused * 10 >= oc.other_tried * 8);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(options_init),      cmocka_unit_test(bad_options),
        cmocka_unit_test(round_over),        cmocka_unit_test(legal_everywhere),
        cmocka_unit_test(no_peeking),        cmocka_unit_test(deterministic),
        cmocka_unit_test(greedy_plays_well), cmocka_unit_test(hints),
        cmocka_unit_test(worst_position),    cmocka_unit_test(hint_with),
        cmocka_unit_test(known_cards_kept),  cmocka_unit_test(opponent_model_accepts_greedy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
