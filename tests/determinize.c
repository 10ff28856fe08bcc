/* rami_game_determinize: what stays public, what is dealt anew, and that
 * the copy depends only on what the viewer may know. */
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

static void census(const rami_game *g, unsigned counts[256])
{
    assert_true(tu_census(g, counts));
}

/* Plays n moves: bots of levels 0 and 1 alternating by the random stream,
 * which gives takes, melds and lay-offs. Stops at the round's end. */
static void advance(rami_game *g, unsigned n)
{
    rami_move *list = malloc(RAMI_MAX_MOVES * sizeof *list);
    assert_non_null(list);
    for (unsigned i = 0; i < n && rami_game_phase(g) <= RAMI_PHASE_PLAY; i++) {
        rami_move m;
        if (rnd() % 3 == 0) {
            size_t count;
            assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &count), RAMI_OK);
            m = list[rnd() % count];
        } else {
            assert_int_equal(rami__greedy_move(g, &m), RAMI_OK);
        }
        assert_int_equal(rami_game_play(g, g->pos.current, &m), RAMI_OK);
    }
    free(list);
}

static rami_game *new_game(int preset, unsigned players, uint64_t seed)
{
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, preset, players), RAMI_OK);
    rami_game *g;
    assert_int_equal(rami_game_new(&rs, seed, &g), RAMI_OK);
    return g;
}

/* Everything the viewer can see is the same in the copy. */
static void check_public(const rami_game *g, const rami_game *d, int viewer)
{
    assert_int_equal(d->pos.phase, g->pos.phase);
    assert_int_equal(d->pos.current, g->pos.current);
    assert_int_equal(d->pos.turn, g->pos.turn);
    assert_int_equal(d->pos.round, g->pos.round);
    assert_int_equal(d->pos.dealer, g->pos.dealer);
    assert_int_equal(d->pos.picked, g->pos.picked);
    assert_int_equal(d->pos.restocks, g->pos.restocks);
    assert_memory_equal(&d->pos.ts, &g->pos.ts, sizeof g->pos.ts);
    assert_memory_equal(d->pos.totals, g->pos.totals, sizeof g->pos.totals);
    assert_int_equal(d->pos.stock_count, g->pos.stock_count);
    assert_int_equal(d->pos.discard_count, g->pos.discard_count);
    for (unsigned i = 0; i < g->pos.discard_count; i++)
        assert_int_equal(discard_at(&d->pos, i), discard_at(&g->pos, i));
    assert_int_equal(d->pos.meld_count, g->pos.meld_count);
    assert_memory_equal(d->pos.melds, g->pos.melds, sizeof g->pos.melds);
    assert_int_equal(d->log_len, g->log_len);
    assert_memory_equal(d->log, g->log, g->log_len);
    for (int p = 0; p < g->rs.players; p++)
        assert_int_equal(d->pos.hands[p].size, g->pos.hands[p].size);
    assert_memory_equal(&d->pos.hands[viewer], &g->pos.hands[viewer], sizeof(hand));
}

static void public_kept(void **state)
{
    (void)state;
    rnd_state = 0x1234567ull;
    for (unsigned i = 0; i < 40; i++) {
        rami_game *g = new_game((int)(i % 5), 2 + i % 5, rnd());
        advance(g, (unsigned)(rnd() % 120));
        rami_game *before;
        assert_int_equal(rami_game_clone(g, &before), RAMI_OK);
        unsigned base[256], got[256];
        census(g, base);
        for (int viewer = 0; viewer < g->rs.players; viewer++) {
            rami_game *d;
            assert_int_equal(rami_game_determinize(g, viewer, rnd(), &d), RAMI_OK);
            check_public(g, d, viewer);
            census(d, got);
            assert_memory_equal(got, base, sizeof got);
            rami_game_free(d);
        }
        /* The original is untouched. */
        assert_true(rami__game_equal(g, before));
        rami_game_free(before);
        rami_game_free(g);
    }
}

static void known_cards_stay(void **state)
{
    (void)state;
    rnd_state = 0xABCDEFull;
    unsigned checked = 0;
    for (unsigned i = 0; i < 60; i++) {
        rami_game *g = new_game((int)(i % 5), 2 + i % 3, rnd());
        advance(g, 10 + (unsigned)(rnd() % 60));
        rami_known k;
        rami__known_cards(g, &k);
        for (int viewer = 0; viewer < g->rs.players; viewer++) {
            rami_game *d;
            assert_int_equal(rami_game_determinize(g, viewer, rnd(), &d), RAMI_OK);
            for (int p = 0; p < g->rs.players; p++)
                for (unsigned c = 1; c <= RAMI_JOKER; c++)
                    if (k.cnt[p][c]) {
                        assert_true(hand_count(&d->pos.hands[p], (rami_card)c) >= k.cnt[p][c]);
                        checked++;
                    }
            rami_game_free(d);
        }
        rami_game_free(g);
    }
    assert_true(checked > 20);
}

/* A take is remembered until that seat plays the card. */
static void known_cards_log(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    rami_deal deal;
    memset(&deal, 0, sizeof deal);
    deal.struct_size = sizeof deal;
    deal.dealer = 1;
    const char *h0 = "2C 3C 4C 5D 7D 9D JD 2H 6H 8H QH 3S 5S";
    const char *h1 = "AC 6C 8C 10C KC 4D 8D 10D KD 4H 10H 2S 6S";
    size_t n;
    assert_int_equal(rami_cards_parse(h0, deal.hands[0], RAMI_MAX_HAND, &n), RAMI_OK);
    deal.hand_count[0] = (uint8_t)n;
    assert_int_equal(rami_cards_parse(h1, deal.hands[1], RAMI_MAX_HAND, &n), RAMI_OK);
    deal.hand_count[1] = (uint8_t)n;
    assert_int_equal(rami_cards_parse("9S 9S 7S 7C", deal.stock, RAMI_MAX_PACK, &n), RAMI_OK);
    deal.stock_count = (uint16_t)n;
    assert_int_equal(rami_cards_parse("KS", deal.discard, RAMI_MAX_PACK, &n), RAMI_OK);
    deal.discard_count = (uint16_t)n;
    rami_game *g;
    assert_int_equal(rami_game_new_deal(&rs, &deal, 7, &g), RAMI_OK);
    rami_move m;
    assert_int_equal(rami_move_parse("draw", &m), RAMI_OK);
    assert_int_equal(rami_game_play(g, 0, &m), RAMI_OK);
    assert_int_equal(rami_move_parse("discard QH", &m), RAMI_OK);
    assert_int_equal(rami_game_play(g, 0, &m), RAMI_OK);
    assert_int_equal(rami_move_parse("take", &m), RAMI_OK);
    assert_int_equal(rami_game_play(g, 1, &m), RAMI_OK);
    rami_known k;
    rami__known_cards(g, &k);
    assert_int_equal(k.cnt[1][RAMI_CARD(12, RAMI_HEARTS)], 1);
    for (uint64_t seed = 0; seed < 50; seed++) {
        rami_game *d;
        assert_int_equal(rami_game_determinize(g, 0, seed, &d), RAMI_OK);
        assert_int_equal(hand_count(&d->pos.hands[1], RAMI_CARD(12, RAMI_HEARTS)), 1);
        rami_game_free(d);
    }
    /* Discarding it makes it public again, on the pile. */
    assert_int_equal(rami_move_parse("discard 6S", &m), RAMI_OK);
    assert_int_equal(rami_game_play(g, 1, &m), RAMI_OK);
    rami__known_cards(g, &k);
    assert_int_equal(k.cnt[1][RAMI_CARD(12, RAMI_HEARTS)], 1);
    assert_int_equal(rami_move_parse("take", &m), RAMI_OK);
    assert_int_equal(rami_game_play(g, 0, &m), RAMI_OK);
    rami__known_cards(g, &k);
    assert_int_equal(k.cnt[0][RAMI_CARD(6, RAMI_SPADES)], 1);
    rami_game_free(g);
}

/* Two deals that differ only in seat 1's hand and the stock bottom. */
static void hidden_deals(rami_deal *a, rami_deal *b)
{
    memset(a, 0, sizeof *a);
    a->struct_size = sizeof *a;
    a->dealer = 1;
    size_t n;
    assert_int_equal(
        rami_cards_parse("2C 3C 4C 5D 7D 9D JD 2H 6H 8H QH 3S 5S", a->hands[0], RAMI_MAX_HAND, &n),
        RAMI_OK);
    a->hand_count[0] = (uint8_t)n;
    assert_int_equal(rami_cards_parse("AC 6C 8C 10C KC 4D 8D 10D KD 4H 10H 2S 6S", a->hands[1],
                                      RAMI_MAX_HAND, &n),
                     RAMI_OK);
    a->hand_count[1] = (uint8_t)n;
    assert_int_equal(
        rami_cards_parse("JK 7H 9H JS QS AD 3D 9S 9S 7S 7C", a->stock, RAMI_MAX_PACK, &n), RAMI_OK);
    a->stock_count = (uint16_t)n;
    assert_int_equal(rami_cards_parse("KS", a->discard, RAMI_MAX_PACK, &n), RAMI_OK);
    a->discard_count = (uint16_t)n;
    *b = *a;
    /* Seat 1's first four cards trade places with the bottom of the stock. */
    for (unsigned i = 0; i < 4; i++) {
        rami_card t = b->hands[1][i];
        b->hands[1][i] = b->stock[i];
        b->stock[i] = t;
    }
}

static void only_public_matters(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    rami_deal da, db;
    hidden_deals(&da, &db);
    rami_game *a, *b;
    assert_int_equal(rami_game_new_deal(&rs, &da, 99, &a), RAMI_OK);
    assert_int_equal(rami_game_new_deal(&rs, &db, 99, &b), RAMI_OK);
    assert_false(rami__game_equal(a, b));
    /* The same public moves in both: seat 1 takes and keeps 6S (in both). */
    const char *moves[] = {"draw", "discard QH", "take", "discard 6S"};
    for (unsigned step = 0; step <= 4; step++) {
        for (uint64_t seed = 1; seed <= 20; seed++) {
            rami_game *x, *y;
            assert_int_equal(rami_game_determinize(a, 0, seed, &x), RAMI_OK);
            assert_int_equal(rami_game_determinize(b, 0, seed, &y), RAMI_OK);
            assert_true(rami__game_equal(x, y));
            rami_game_free(x);
            rami_game_free(y);
        }
        if (step == 4)
            break;
        rami_move m;
        assert_int_equal(rami_move_parse(moves[step], &m), RAMI_OK);
        int seat = rami_game_current_player(a);
        assert_int_equal(rami_game_play(a, seat, &m), RAMI_OK);
        assert_int_equal(rami_game_play(b, seat, &m), RAMI_OK);
    }
    rami_game_free(a);
    rami_game_free(b);
}

static void seeds_differ(void **state)
{
    (void)state;
    rnd_state = 0x5151ull;
    rami_game *g = new_game(RAMI_PRESET_51, 3, 42);
    advance(g, 20);
    rami_game *d1, *d2, *again;
    assert_int_equal(rami_game_determinize(g, 0, 1, &d1), RAMI_OK);
    assert_int_equal(rami_game_determinize(g, 0, 2, &d2), RAMI_OK);
    assert_int_equal(rami_game_determinize(g, 0, 1, &again), RAMI_OK);
    assert_true(rami__game_equal(d1, again));
    assert_false(rami__game_equal(d1, d2));
    assert_false(memcmp(&d1->pos.hands[1], &d2->pos.hands[1], sizeof(hand)) == 0 &&
                 memcmp(&d1->pos.hands[2], &d2->pos.hands[2], sizeof(hand)) == 0);
    /* The hidden cards really moved: some other hand differs from the truth. */
    assert_false(memcmp(&d1->pos.hands[1], &g->pos.hands[1], sizeof(hand)) == 0 &&
                 memcmp(stock_cards(&d1->pos), stock_cards(&g->pos), g->pos.stock_count) == 0);
    /* Future reshuffles are hidden too. */
    assert_memory_not_equal(&d1->pos.rng, &d2->pos.rng, sizeof d1->pos.rng);
    rami_game_free(d1);
    rami_game_free(d2);
    rami_game_free(again);
    rami_game_free(g);
}

/* The strong bot makes its hidden-card pool once per decision and deals
 * it for every sample: each deal from the shared pool equals a fresh
 * rami_game_determinize with the same seed (the pool is not consumed),
 * for every viewer, along whole rounds with takes, melds and lay-offs. */
static void pooled_deals(void **state)
{
    (void)state;
    rnd_state = 0x9001ull;
    for (unsigned players = 2; players <= 4; players++) {
        rami_game *g = new_game(RAMI_PRESET_51, (int)players, 40 + players);
        for (unsigned step = 0; step < 12 && rami_game_phase(g) <= RAMI_PHASE_PLAY; step++) {
            advance(g, 5);
            for (int viewer = 0; viewer < (int)players; viewer++) {
                rami_known k;
                rami__known_cards(g, &k);
                rami_pool pool;
                rami__hidden_pool(g, viewer, &k, &pool);
                rami_game *out;
                assert_int_equal(rami_game_clone(g, &out), RAMI_OK);
                for (uint64_t seed = 1; seed <= 4; seed++) {
                    rami_game *fresh;
                    assert_int_equal(rami_game_determinize(g, viewer, seed, &fresh), RAMI_OK);
                    assert_int_equal(rami__game_copy(out, g), RAMI_OK);
                    assert_int_equal(rami__determinize_pooled(out, g, viewer, seed, &k, &pool),
                                     RAMI_OK);
                    assert_true(rami__game_equal(out, fresh));
                    rami_game_free(fresh);
                }
                rami_game_free(out);
            }
        }
        rami_game_free(g);
    }
}

static void plays_on(void **state)
{
    (void)state;
    rnd_state = 0x77ull;
    rami_move *list = malloc(RAMI_MAX_MOVES * sizeof *list);
    assert_non_null(list);
    for (unsigned i = 0; i < 30; i++) {
        rami_game *g = new_game((int)(i % 5), 2 + i % 5, rnd());
        advance(g, (unsigned)(rnd() % 80));
        if (rami_game_phase(g) > RAMI_PHASE_PLAY) {
            rami_game_free(g);
            continue;
        }
        rami_game *d;
        assert_int_equal(rami_game_determinize(g, g->pos.current, rnd(), &d), RAMI_OK);
        unsigned base[256], got[256];
        census(d, base);
        for (unsigned k = 0; k < 40 && rami_game_phase(d) <= RAMI_PHASE_PLAY; k++) {
            size_t n;
            assert_int_equal(rami_game_legal_moves(d, list, RAMI_MAX_MOVES, &n), RAMI_OK);
            assert_true(n > 0);
            assert_int_equal(rami_game_play(d, d->pos.current, &list[rnd() % n]), RAMI_OK);
            census(d, got);
            assert_memory_equal(got, base, sizeof got);
        }
        /* Determinizing a determinized game works as well. */
        rami_game *dd;
        assert_int_equal(rami_game_determinize(d, 0, 5, &dd), RAMI_OK);
        rami_game_free(dd);
        rami_game_free(d);
        rami_game_free(g);
    }
    free(list);
}

/* At the round's end the hands have been shown: only the stock moves. */
static void round_over(void **state)
{
    (void)state;
    rnd_state = 0x99ull;
    rami_game *g = new_game(RAMI_PRESET_51, 2, 3);
    for (unsigned guard = 0; rami_game_phase(g) <= RAMI_PHASE_PLAY && guard < 5000; guard++) {
        rami_move m;
        assert_int_equal(rami__greedy_move(g, &m), RAMI_OK);
        assert_int_equal(rami_game_play(g, g->pos.current, &m), RAMI_OK);
    }
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    rami_game *d;
    assert_int_equal(rami_game_determinize(g, 0, 8, &d), RAMI_OK);
    assert_memory_equal(d->pos.hands, g->pos.hands, sizeof g->pos.hands);
    assert_memory_equal(&d->pos.result, &g->pos.result, sizeof g->pos.result);
    assert_int_equal(rami_game_next_round(d), RAMI_OK);
    rami_game_free(d);
    rami_game_free(g);
}

static void bad_args(void **state)
{
    (void)state;
    rami_game *g = new_game(RAMI_PRESET_40, 3, 1), *d = NULL;
    assert_int_equal(rami_game_determinize(NULL, 0, 1, &d), RAMI_E_ARG);
    assert_int_equal(rami_game_determinize(g, 0, 1, NULL), RAMI_E_ARG);
    assert_int_equal(rami_game_determinize(g, -1, 1, &d), RAMI_E_ARG);
    assert_int_equal(rami_game_determinize(g, 3, 1, &d), RAMI_E_ARG);
    assert_null(d);
    rami_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(public_kept),     cmocka_unit_test(known_cards_stay),
        cmocka_unit_test(known_cards_log), cmocka_unit_test(only_public_matters),
        cmocka_unit_test(seeds_differ),    cmocka_unit_test(plays_on),
        cmocka_unit_test(round_over),      cmocka_unit_test(bad_args),
        cmocka_unit_test(pooled_deals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
