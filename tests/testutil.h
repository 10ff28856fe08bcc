/* Helpers shared by the white-box test programs (unit suites, soak, fuzz
 * targets): the xorshift generator the random tests are pinned to, the card
 * census, the unshuffled pack and the test scale. Everything is static inline so that a file
 * that uses only part of it compiles without unused-function warnings.
 *
 * No cmocka here: the fuzz targets and the soak program include this file
 * too. Helpers that can fail report it through their return value and the
 * caller asserts in its own way (assert_true, FUZZ_ASSERT, REQUIRE). */
#ifndef RAMI_TESTS_TESTUTIL_H
#define RAMI_TESTS_TESTUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rami-private.h"

/* RAMI_TEST_SCALE=small (the valgrind runs, tests/meson.build): the
 * random tests play fewer games. */
static inline bool tu_small_scale(void)
{
    const char *s = getenv("RAMI_TEST_SCALE");
    return s != NULL && strcmp(s, "small") == 0;
}

/* How many of something a test runs: the environment variable `name` if it
 * holds a positive number, else dflt, or small at the small scale. */
static inline unsigned tu_env_count(const char *name, unsigned dflt, unsigned small)
{
    const char *v = getenv(name);
    if (v != NULL && atoi(v) > 0)
        return (unsigned)atoi(v);
    return tu_small_scale() ? small : dflt;
}

/* One xorshift64 step (13, 7, 17) of *state, which must not be 0. The pinned
 * figures of record.c, selfplay.c, alloc.c and hostile.c depend on this exact
 * sequence: do not change it. */
static inline uint64_t tu_xorshift(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *state = x;
    return x;
}

/* A number in [0, n) from the next xorshift step (n > 0). */
static inline unsigned tu_below(uint64_t *state, unsigned n)
{
    return (unsigned)(tu_xorshift(state) % n);
}

/* A random index into list[0..n) (n > 0) that leans to melds: from a
 * random start, up to the steps a draw of tu_below(state, odds) lets go on
 * (each step continues unless it draws 0), the first meld found. */
static inline size_t tu_pick_leaning_to_melds(uint64_t *state, const rami_move *list, size_t n,
                                              unsigned odds)
{
    size_t pick = tu_below(state, (unsigned)n);
    for (size_t i = 0; i < n && tu_below(state, odds); i++)
        if (list[(pick + i) % n].kind == RAMI_MOVE_MELD)
            return (pick + i) % n;
    return pick;
}

/* Random option bits for rs: any of RAMI_OPT_ALL. ELIMINATION needs a
 * match_target (rami_ruleset_check refuses it without one): rs gets 100
 * when it has none. */
static inline void tu_random_options(rami_ruleset *rs, uint64_t bits)
{
    rs->options = (uint32_t)bits & RAMI_OPT_ALL;
    if ((rs->options & RAMI_OPT_ELIMINATION) && rs->match_target == 0)
        rs->match_target = 100;
}

/* The ruleset of game `game` of a random sweep (tests/finish.c,
 * tests/movegen.c): the four presets in turn, 2-6 players, random option
 * bits in two games of three, never ELIMINATION (the sweeps play single
 * rounds). Draws the players, then the bits, from *r. False if
 * rami_ruleset_init refused (it does not for these). */
static inline bool tu_sweep_rules(unsigned game, uint64_t *r, rami_ruleset *rs)
{
    static const int presets[] = {RAMI_PRESET_51, RAMI_PRESET_40, RAMI_PRESET_51_HOUSE,
                                  RAMI_PRESET_FINNISH};
    if (rami_ruleset_init(rs, presets[game % 4], 2 + tu_below(r, 5)) != RAMI_OK)
        return false;
    if (game % 3)
        tu_random_options(rs, tu_xorshift(r));
    rs->options &= ~RAMI_OPT_ELIMINATION;
    return true;
}

/* counts[c] = how many cards of code c are in the hands, stock, discard pile
 * and table melds of g, hands and melds read through the public API. Returns
 * false when a hand or meld could not be read or a hand read back with
 * another size than the engine's own, and then counts may be incomplete. */
static inline bool tu_census(const rami_game *g, unsigned counts[256])
{
    bool ok = true;
    memset(counts, 0, 256 * sizeof counts[0]);
    for (int p = 0; p < g->rs.players; p++) {
        rami_card buf[RAMI_MAX_HAND];
        size_t n = 0;
        if (rami_game_hand(g, p, buf, RAMI_MAX_HAND, &n) != RAMI_OK || n != g->pos.hands[p].size)
            ok = false;
        for (size_t i = 0; i < n; i++)
            counts[buf[i]]++;
    }
    for (unsigned i = 0; i < g->pos.stock_count; i++)
        counts[stock_at(&g->pos, i)]++;
    for (unsigned i = 0; i < g->pos.discard_count; i++)
        counts[discard_at(&g->pos, i)]++;
    for (size_t i = 0; i < rami_game_meld_count(g); i++) {
        rami_meld_info info;
        if (rami_game_meld(g, i, NULL, &info) != RAMI_OK) {
            ok = false;
            continue;
        }
        for (unsigned k = 0; k < info.count; k++)
            counts[info.cards[k]]++;
    }
    return ok;
}

/* The stock and the discard pile share one array (position.h): they fit
 * it, and every slot between them is 0, so that positions compare with
 * memcmp. */
static inline bool tu_piles_canonical(const rami_game *g)
{
    const position *p = &g->pos;
    if ((unsigned)p->stock_count + p->discard_count > RAMI_MAX_PACK)
        return false;
    for (unsigned i = p->stock_count; i + p->discard_count < RAMI_MAX_PACK; i++)
        if (p->piles[i] != RAMI_NO_CARD)
            return false;
    return true;
}

/* The unshuffled pack of rs into pack[]: the decks in suit-then-rank order,
 * then the jokers. Returns the number of cards. */
static inline unsigned tu_pack(const rami_ruleset *rs, rami_card pack[RAMI_MAX_PACK])
{
    unsigned n = 0;
    for (unsigned k = 0; k < rs->decks; k++)
        for (unsigned s = 0; s < 4; s++)
            for (unsigned r = 1; r <= 13; r++)
                pack[n++] = RAMI_CARD(r, s);
    for (unsigned j = 0; j < rs->jokers; j++)
        pack[n++] = RAMI_JOKER;
    return n;
}

/* A deal that seat 0 cannot tell from d (2 players, 13 cards a hand, at
 * least 14 in the stock), for tests that what a seat sees leaks nothing:
 * three cards of seat 1 trade places with stock cards, and the stock
 * below its top card is reversed. */
static inline void tu_hide_otherwise(rami_deal *d)
{
    for (unsigned i = 0; i < 3; i++) {
        rami_card c = d->hands[1][i];
        d->hands[1][i] = d->stock[10 + i];
        d->stock[10 + i] = c;
    }
    for (unsigned i = 0, j = d->stock_count - 2u; i < j; i++, j--) {
        rami_card c = d->stock[i];
        d->stock[i] = d->stock[j];
        d->stock[j] = c;
    }
}

#endif
