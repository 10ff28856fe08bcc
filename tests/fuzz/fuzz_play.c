/* Fuzz target: play. The first bytes choose a ruleset, a seed and maybe a
 * round-1 deal; each later byte picks a legal move, a move built from hand
 * cards or raw bytes, an undo or a new round. After every step: no card is
 * lost or made, the legal list is empty exactly when the round is over,
 * every listed move chosen is accepted, and a refused call changes nothing.
 * At the end the game saves and loads back identical.
 *
 * Speed (doc/reliability.md): an input plays at most MAX_STEPS steps, and
 * the full census of every card (which sorts every hand) runs every
 * CENSUS_EVERY steps and at the end; the steps between check the cheap
 * total. A lost or made card is still caught, a few steps later. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "rami-private.h"
#include "../testutil.h"

#define HEADER       13
#define MAX_STEPS    128
#define CENSUS_EVERY 32

typedef struct input {
    const uint8_t *p, *end;
} input;

static uint8_t next(input *in)
{
    return in->p < in->end ? *in->p++ : 0;
}

static void ruleset_from(input *in, rami_ruleset *rs, uint8_t *flags)
{
    unsigned preset = next(in) % 5, players = 2 + next(in) % 5;
    FUZZ_ASSERT(rami_ruleset_init(rs, (int)preset, players) == RAMI_OK);
    *flags = next(in);
    uint16_t opts = (uint16_t)(next(in) | next(in) << 8);
    if (*flags & 1)
        rs->options = opts & RAMI_OPT_ALL;
    if (*flags & 2)
        rs->max_turns = (uint16_t)(4 + opts % 40);
    if (*flags & 4)
        rs->jokers_per_meld = 2;
    if (*flags & 8)
        rs->opening_points = (uint16_t)(opts >> 9);
    if (*flags & 16)
        rs->match_rounds = 2;
}

/* A deal from the pack shuffled by seed: full hands, 0-2 discards. */
static void deal_from(const rami_ruleset *rs, uint64_t seed, rami_deal *d)
{
    rami_card pack[RAMI_MAX_PACK];
    unsigned n = tu_pack(rs, pack);
    rami_rng rng;
    rami__rng_seed(&rng, seed);
    rami__shuffle(&rng, pack, n);
    memset(d, 0, sizeof *d);
    d->struct_size = sizeof *d;
    d->dealer = (uint8_t)(seed % rs->players);
    for (unsigned p = 0; p < rs->players; p++) {
        for (unsigned i = 0; i < rs->hand_size; i++)
            d->hands[p][i] = pack[--n];
        d->hand_count[p] = rs->hand_size;
    }
    d->discard_count = (uint16_t)(seed >> 8) % 3;
    for (unsigned i = 0; i < d->discard_count; i++)
        d->discard[i] = pack[--n];
    d->stock_count = (uint16_t)n;
    memcpy(d->stock, pack, n);
}

static rami_card hand_card(const rami_game *g, uint8_t b)
{
    rami_card buf[RAMI_MAX_HAND];
    size_t n = 0;
    rami_game_hand(g, g->pos.current, buf, RAMI_MAX_HAND, &n);
    if (n == 0 || b >= 0xE0)
        return (rami_card)(b & 0x7F); /* often not a card at all */
    return buf[b % n];
}

/* A move of a random kind from the player's cards (or junk). */
static void built_move(const rami_game *g, input *in, rami_move *m)
{
    memset(m, 0, sizeof *m);
    uint8_t b = next(in);
    m->kind = (uint8_t)(b % 7);
    m->count = (uint8_t)(m->kind == RAMI_MOVE_MELD ? 2 + (b >> 3) % 5 : m->kind >= 4);
    for (unsigned i = 0; i < m->count; i++)
        m->cards[i] = hand_card(g, next(in));
    if (m->kind == RAMI_MOVE_LAYOFF || m->kind == RAMI_MOVE_SWAP)
        m->target = (uint8_t)(next(in) % (g->pos.meld_count + 2u));
    m->side = (uint8_t)((b >> 6) % 3);
}

static bool listed(const rami_move *list, size_t n, const rami_move *m)
{
    for (size_t i = 0; i < n; i++)
        if (list[i].kind == m->kind && list[i].count == m->count && list[i].target == m->target &&
            list[i].side == m->side && memcmp(list[i].cards, m->cards, m->count) == 0)
            return true;
    return false;
}

/* Plays m (by seat, or the current player when seat < 0): accepted exactly
 * when its canonical form is listed; refused, it changes nothing. */
static void try_move(rami_game *g, const rami_move *m, int seat, const rami_move *list, size_t n)
{
    rami_game *before;
    FUZZ_ASSERT(rami_game_clone(g, &before) == RAMI_OK);
    int player = seat < 0 ? g->pos.current : seat;
    verdict v;
    int ck = rami__validate(&g->rs, &g->pos, player, m, &v, NULL, 0);
    int st = rami_game_play(g, player, m);
    FUZZ_ASSERT(st == ck);
    if (st == RAMI_OK)
        FUZZ_ASSERT(listed(list, n, &v.move));
    else
        FUZZ_ASSERT(rami__game_equal(g, before));
    rami_game_free(before);
}

static void step(rami_game *g, input *in, rami_move *list, size_t n)
{
    uint8_t b = next(in);
    rami_game *before;
    if (b < 0xD0 && n > 0) {
        size_t pick = (b | (size_t)(n > 0xD0 ? next(in) : 0) << 8) % n;
        FUZZ_ASSERT(rami_game_play(g, g->pos.current, &list[pick]) == RAMI_OK);
    } else if (b < 0xE0) {
        rami_move m;
        built_move(g, in, &m);
        try_move(g, &m, b & 1 ? -1 : (int)(next(in) % 8) - 1, list, n);
    } else if (b < 0xF0) {
        rami_move m;
        memset(&m, 0, sizeof m);
        for (size_t i = 0; i < sizeof m; i++)
            ((uint8_t *)&m)[i] = next(in);
        try_move(g, &m, -1, list, n);
    } else if (b < 0xF8) {
        FUZZ_ASSERT(rami_game_clone(g, &before) == RAMI_OK);
        int seat = b & 1 ? g->pos.current : (g->pos.current + 1) % g->rs.players;
        if (rami_game_undo(g, seat) != RAMI_OK)
            FUZZ_ASSERT(rami__game_equal(g, before));
        rami_game_free(before);
    } else {
        FUZZ_ASSERT(rami_game_clone(g, &before) == RAMI_OK);
        int st = rami_game_next_round(g);
        FUZZ_ASSERT((st == RAMI_OK) == (before->pos.phase == RAMI_PHASE_ROUND_OVER));
        if (st != RAMI_OK)
            FUZZ_ASSERT(rami__game_equal(g, before));
        rami_game_free(before);
    }
}

static unsigned cards_total(const unsigned counts[256])
{
    unsigned n = 0;
    for (int c = 0; c < 256; c++)
        n += counts[c];
    return n;
}

/* The number of cards in hands, piles and melds, from counts alone. */
static unsigned quick_total(const rami_game *g)
{
    unsigned n = (unsigned)(rami_game_stock_count(g) + rami_game_discard_count(g));
    for (int p = 0; p < g->rs.players; p++) {
        size_t k = 0;
        FUZZ_ASSERT(rami_game_hand(g, p, NULL, 0, &k) == (k ? RAMI_E_BUFFER : RAMI_OK));
        n += (unsigned)k;
    }
    for (size_t i = 0; i < rami_game_meld_count(g); i++) {
        rami_meld_info info;
        FUZZ_ASSERT(rami_game_meld(g, i, NULL, &info) == RAMI_OK);
        n += info.count;
    }
    return n;
}

static void round_trip(const rami_game *g)
{
    size_t len = 0;
    FUZZ_ASSERT(rami_game_save(g, NULL, 0, &len) == RAMI_E_BUFFER);
    char *text = malloc(len + 1);
    FUZZ_ASSERT(text != NULL);
    FUZZ_ASSERT(rami_game_save(g, text, len + 1, &len) == RAMI_OK);
    rami_game *h;
    FUZZ_ASSERT(rami_game_load(text, len, &h) == RAMI_OK);
    FUZZ_ASSERT(rami__game_equal(g, h));
    rami_game_free(h);
    free(text);
    /* The full view and one seat's (fuzz_load covers the writer too). */
    FUZZ_ASSERT(rami_game_view_json(g, -1, NULL, 0, &len) == RAMI_E_BUFFER);
    FUZZ_ASSERT(rami_game_view_json(g, g->pos.current, NULL, 0, &len) == RAMI_E_BUFFER);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < HEADER)
        return 0;
    input in = {data, data + size};
    rami_ruleset rs;
    uint8_t flags;
    ruleset_from(&in, &rs, &flags);
    uint64_t seed = 0;
    for (int i = 0; i < 8; i++)
        seed = seed << 8 | next(&in);
    rami_game *g;
    int st;
    if (flags & 32) {
        rami_deal d;
        deal_from(&rs, seed, &d);
        st = rami_game_new_deal(&rs, &d, seed, &g);
    } else {
        st = rami_game_new(&rs, seed, &g);
    }
    if (st != RAMI_OK) {
        FUZZ_ASSERT(st == RAMI_E_RULESET);
        return 0;
    }
    static rami_move list[RAMI_MAX_MOVES]; /* not per input: no page faults */
    unsigned base[256], counts[256];
    FUZZ_ASSERT(tu_census(g, base));
    uint16_t round = g->pos.round;
    unsigned total = cards_total(base);
    for (unsigned steps = 1; in.p < in.end && steps <= MAX_STEPS; steps++) {
        size_t n = 0;
        FUZZ_ASSERT(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n) == RAMI_OK);
        FUZZ_ASSERT((n > 0) == (g->pos.phase <= RAMI_PHASE_PLAY));
        step(g, &in, list, n);
        if (g->pos.round != round) { /* a new deal: the whole pack */
            FUZZ_ASSERT(tu_census(g, base));
            total = cards_total(base);
            round = g->pos.round;
        }
        FUZZ_ASSERT(quick_total(g) == total);
        if (steps % CENSUS_EVERY == 0) {
            FUZZ_ASSERT(tu_census(g, counts));
            FUZZ_ASSERT(memcmp(counts, base, sizeof counts) == 0);
        }
    }
    FUZZ_ASSERT(tu_census(g, counts));
    FUZZ_ASSERT(memcmp(counts, base, sizeof counts) == 0);
    round_trip(g);
    rami_game_free(g);
    return 0;
}
