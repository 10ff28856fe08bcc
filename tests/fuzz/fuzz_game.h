/* Helpers of the fuzz targets for the 1.0 API (action, observe, sized,
 * history): reading the input, a valid ruleset and a game from it, the
 * legal moves in a buffer that grows, and choices among them. Public API
 * (<rami.h>) only, as a program built against the installed library would
 * use it; everything is static so a target uses what it needs. */
#ifndef RAMI_FUZZ_GAME_H
#define RAMI_FUZZ_GAME_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "rami.h"

typedef struct fz_input {
    const uint8_t *p, *end;
} fz_input;

static inline uint8_t fz_byte(fz_input *in)
{
    return in->p < in->end ? *in->p++ : 0;
}

static inline uint32_t fz_u32(fz_input *in)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v = v << 8 | fz_byte(in);
    return v;
}

static inline bool fz_more(const fz_input *in)
{
    return in->p < in->end;
}

/* A ruleset from 8 bytes that rami_ruleset_check accepts almost always: a
 * preset for 2..6 players, then the input may set any option bit, 1-4
 * jokers per meld, the opening, the hand size, a turn cap, restocks and a
 * match. (Hand sizes and jokers are kept where single calls stay fast.) */
static inline void fz_ruleset(fz_input *in, rami_ruleset *rs)
{
    int preset = fz_byte(in) % 5;
    unsigned players = 2 + fz_byte(in) % 5;
    FUZZ_ASSERT(rami_ruleset_init(rs, preset, players) == RAMI_OK);
    uint8_t lo = fz_byte(in), hi = fz_byte(in);
    if (hi & 0x80)
        rs->options = ((uint32_t)lo | (uint32_t)(hi & 0x7F) << 8) & RAMI_OPT_ALL;
    uint8_t b = fz_byte(in);
    rs->jokers_per_meld = (uint8_t)(1 + (b & 1) + (b >> 7));
    if (b & 2)
        rs->opening_points = (uint16_t)(fz_byte(in) % 61);
    if (b & 4)
        rs->hand_size = (uint8_t)(1 + fz_byte(in) % rs->hand_size);
    if (b & 8)
        rs->max_turns = (uint16_t)(2 + fz_byte(in) % 40);
    if (b & 16)
        rs->max_restocks = (uint8_t)(fz_byte(in) % 3);
    if (b & 32) {
        rs->match_rounds = 2;
        rs->match_target = 60;
    }
}

/* The cards of the pack of rs, unshuffled: decks in suit-then-rank order,
 * then the jokers. Returns their number. */
static inline unsigned fz_pack(const rami_ruleset *rs, rami_card pack[RAMI_MAX_PACK])
{
    unsigned n = 0;
    for (unsigned k = 0; k < rs->decks; k++)
        for (unsigned s = 0; s < 4; s++)
            for (unsigned r = 1; r <= 13; r++)
                pack[n++] = RAMI_CARD(r, s);
    for (unsigned j = 0; j < rs->jokers && n < RAMI_MAX_PACK; j++)
        pack[n++] = RAMI_JOKER;
    return n;
}

/* A game under a ruleset from the input: dealt from a seed, or (one input
 * in two) an exact deal whose cards the input picks from the pack, which
 * reaches jokers and duplicates early. NULL if the ruleset is refused. */
static inline rami_game *fz_game(fz_input *in, rami_ruleset *rs)
{
    fz_ruleset(in, rs);
    if (rami_ruleset_check(rs, NULL, 0) != RAMI_OK)
        return NULL;
    uint8_t how = fz_byte(in);
    uint64_t seed = (uint64_t)fz_u32(in) << 8 | how;
    rami_game *g = NULL;
    if (how & 1) {
        FUZZ_ASSERT(rami_game_new(rs, seed, &g) == RAMI_OK);
        return g;
    }
    static rami_deal d;
    rami_card pool[RAMI_MAX_PACK];
    unsigned n = fz_pack(rs, pool);
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.dealer = (uint8_t)(fz_byte(in) % rs->players);
    for (unsigned p = 0; p < rs->players; p++) {
        unsigned want = 1 + fz_byte(in) % (rs->hand_size + 1u);
        for (unsigned i = 0; i < want && n > 2; i++) {
            unsigned k = fz_byte(in) % n;
            d.hands[p][d.hand_count[p]++] = pool[k];
            pool[k] = pool[--n];
        }
    }
    unsigned discards = fz_byte(in) % 3;
    while (d.discard_count < discards && n > 1)
        d.discard[d.discard_count++] = pool[--n];
    while (n > 0)
        d.stock[d.stock_count++] = pool[--n];
    FUZZ_ASSERT(rami_game_new_deal(rs, &d, seed, &g) == RAMI_OK);
    return g;
}

/* The legal moves of g in a static buffer grown to fit. */
static inline rami_move *fz_legal(const rami_game *g, size_t *n)
{
    static rami_move *buf;
    static size_t cap;
    for (;;) {
        int st = rami_game_legal_moves(g, buf, cap, n);
        if (st == RAMI_OK)
            return buf;
        FUZZ_ASSERT(st == RAMI_E_BUFFER && *n > cap);
        free(buf);
        cap = *n + 64;
        buf = malloc(cap * sizeof *buf);
        FUZZ_ASSERT(buf != NULL);
    }
}

/* One step of a game driven by the input: the next round when the round is
 * over, else a legal move chosen by the next byte (two when more than 256
 * are listed). Also undoes a table move when the byte is 0xFF and there is
 * one to take back. Returns false when the match is over. */
static inline bool fz_step(rami_game *g, fz_input *in)
{
    int phase = rami_game_phase(g);
    if (phase == RAMI_PHASE_MATCH_OVER)
        return false;
    if (phase == RAMI_PHASE_ROUND_OVER) {
        FUZZ_ASSERT(rami_game_next_round(g) == RAMI_OK);
        return true;
    }
    uint8_t b = fz_byte(in);
    if (b == 0xFF && rami_game_undo_count(g) > 0) {
        FUZZ_ASSERT(rami_game_undo(g, rami_game_current_player(g)) == RAMI_OK);
        return true;
    }
    size_t n;
    rami_move *list = fz_legal(g, &n);
    FUZZ_ASSERT(n > 0);
    size_t pick = n > 256 ? ((size_t)b << 8 | fz_byte(in)) % n : b % n;
    FUZZ_ASSERT(rami_game_play(g, rami_game_current_player(g), &list[pick]) == RAMI_OK);
    return true;
}

/* Bytes [from, to) of p all equal v. */
static inline bool fz_all(const void *p, size_t from, size_t to, uint8_t v)
{
    const uint8_t *b = p;
    for (size_t i = from; i < to; i++)
        if (b[i] != v)
            return false;
    return true;
}

#endif
