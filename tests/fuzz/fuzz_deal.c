/* Fuzz target: deal. A structure-aware game: every input is a valid
 * ruleset, an exact round-1 deal for rami_game_new_deal and a list of
 * choices among the legal moves, so the fuzzer's time goes into positions
 * deep in a round instead of into inputs the engine refuses at once.
 *
 * Input: 10 ruleset bytes (preset, players, options, jokers per meld,
 * opening, hand size, turn cap, restocks, penalties and match), the deal
 * (dealer; per seat a count and card picks from the unused pack; discard
 * and stock sizes), then one byte per step: below 0xF0 it picks a legal
 * move (two bytes when more than 240 are listed), 0xF0-0xF7 tries a move
 * built from the next bytes (most are refused), 0xF8-0xFF plays a table
 * move and takes it back with undo.
 *
 * After every move the invariants of the self-play test hold: no card is
 * lost or made; the legal list is empty exactly when the round is over and
 * rami_game_check accepts every listed move; a refused move (by check and
 * by play, with the same status) changes nothing; undo restores the game
 * before the move; a clone is equal; save, load and save again give the
 * same text and an equal game. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "fuzz_game.h"
#include "rami-private.h"
#include "../testutil.h"

#define MAX_STEPS 96

typedef struct input {
    const uint8_t *p, *end;
} input;

static uint8_t next(input *in)
{
    return in->p < in->end ? *in->p++ : 0;
}

static void ruleset_from(input *in, rami_ruleset *rs)
{
    int preset = next(in) % 5;
    unsigned players = 2 + next(in) % 5;
    FUZZ_ASSERT(rami_ruleset_init(rs, preset, players) == RAMI_OK);
    uint8_t lo = next(in), hi = next(in);
    if (hi & 0x80) /* else the preset's options; bits 9.. are the house rules */
        rs->options = ((unsigned)lo | (hi & 0x7Fu) << 8) & RAMI_OPT_ALL;
    uint8_t b = next(in);
    rs->jokers_per_meld = (uint8_t)(1 + (b & 3));
    uint8_t points = next(in);
    if (b & 4)
        rs->opening_points = (uint16_t)(points % 61);
    uint8_t cards = next(in);
    if (cards != 0)
        rs->hand_size = (uint8_t)(1 + cards % rs->hand_size);
    uint8_t turns = next(in);
    if (turns != 0)
        rs->max_turns = (uint16_t)(4 + turns % 60);
    uint8_t restocks = next(in);
    if (restocks & 0x80)
        rs->max_restocks = (restocks & 0x40) ? RAMI_UNLIMITED_RESTOCKS : (uint8_t)(restocks % 4);
    uint8_t m = next(in);
    rs->match_rounds = (uint16_t)(m & 3);
    rs->match_target = (uint16_t)((m >> 2 & 3) * 40);
    if (rs->match_target == 0) /* ELIMINATION needs a target */
        rs->options &= ~RAMI_OPT_ELIMINATION;
    if (m & 0x10) {
        rs->joker_penalty = (uint8_t)(m >> 5) * 7;
        rs->ace_penalty = (uint8_t)(1 + (m >> 5));
    }
}

/* Moves pool[i] out of the unused pack. */
static rami_card take(rami_card *pool, unsigned *n, unsigned i)
{
    rami_card c = pool[i];
    memmove(pool + i, pool + i + 1, (*n - i - 1) * sizeof *pool);
    --*n;
    return c;
}

/* Any bytes make a deal new_deal accepts: 1..hand_size+1 cards a seat from
 * the unused pack, 0-3 discards, at least one stock card. */
static void deal_from(input *in, const rami_ruleset *rs, rami_deal *d)
{
    rami_card pool[RAMI_MAX_PACK];
    unsigned n = tu_pack(rs, pool);
    memset(d, 0, sizeof *d);
    d->struct_size = sizeof *d;
    d->dealer = (uint8_t)(next(in) % rs->players);
    for (unsigned p = 0; p < rs->players; p++) {
        unsigned want = 1 + next(in) % (rs->hand_size + 1u);
        for (unsigned i = 0; i < want && n > 2; i++)
            d->hands[p][d->hand_count[p]++] = take(pool, &n, next(in) % n);
        if (d->hand_count[p] == 0) /* the pack ran short: one card anyway */
            d->hands[p][d->hand_count[p]++] = take(pool, &n, 0);
    }
    unsigned discards = next(in) % 4;
    while (d->discard_count < discards && n > 1)
        d->discard[d->discard_count++] = take(pool, &n, next(in) % n);
    uint8_t b = next(in);
    unsigned stock = b & 0x80 ? n : 1 + b % n;
    for (unsigned i = 0; i < stock; i++)
        d->stock[d->stock_count++] = pool[i];
}

static void check_saved(const rami_game *g)
{
    static char text[1 << 16], again[1 << 16];
    rami_game *c;
    FUZZ_ASSERT(rami_game_clone(g, &c) == RAMI_OK);
    FUZZ_ASSERT(rami__game_equal(g, c));
    rami_game_free(c);

    size_t len = 0, len2 = 0;
    FUZZ_ASSERT(rami_game_save(g, text, sizeof text, &len) == RAMI_OK);
    rami_game *h;
    FUZZ_ASSERT(rami_game_load(text, len, &h) == RAMI_OK);
    FUZZ_ASSERT(rami__game_equal(g, h));
    FUZZ_ASSERT(rami_game_save(h, again, sizeof again, &len2) == RAMI_OK);
    FUZZ_ASSERT(len2 == len && memcmp(text, again, len) == 0);
    rami_game_free(h);
}

static rami_card hand_card(const rami_game *g, uint8_t b)
{
    rami_card h[RAMI_MAX_HAND];
    size_t n = 0;
    rami_game_hand(g, rami_game_current_player(g), h, RAMI_MAX_HAND, &n);
    if (n == 0 || b >= 0xF0)
        return b & 1 ? RAMI_JOKER : RAMI_CARD(1 + b % 13, b >> 4 & 3);
    return h[b % n];
}

/* A move built from the next bytes; it must be accepted by play exactly
 * when check accepts it, and change nothing when refused. */
static void try_built(rami_game *g, input *in)
{
    rami_move m;
    memset(&m, 0, sizeof m);
    uint8_t b = next(in);
    m.kind = (uint8_t)(1 + b % 6);
    m.count = m.kind == RAMI_MOVE_MELD     ? (uint8_t)(3 + (b >> 3) % 3)
              : m.kind >= RAMI_MOVE_LAYOFF ? 1
                                           : 0;
    for (unsigned i = 0; i < m.count; i++)
        m.cards[i] = hand_card(g, next(in));
    if (m.kind == RAMI_MOVE_LAYOFF || m.kind == RAMI_MOVE_SWAP)
        m.target = (uint8_t)(next(in) % (rami_game_meld_count(g) + 1));
    if (m.kind == RAMI_MOVE_LAYOFF || m.kind == RAMI_MOVE_MELD)
        m.side = (uint8_t)(b >> 6 & 3) % 3;
    rami_game *before;
    FUZZ_ASSERT(rami_game_clone(g, &before) == RAMI_OK);
    int seat = rami_game_current_player(g);
    int ck = rami_game_check(g, seat, &m, NULL, 0);
    int st = rami_game_play(g, seat, &m);
    FUZZ_ASSERT(st == ck);
    if (st != RAMI_OK)
        FUZZ_ASSERT(rami__game_equal(g, before));
    rami_game_free(before);
}

/* Plays a listed move; for 0xF8.. a table move is undone (the game must
 * equal the one before) and played again. */
static void play_listed(rami_game *g, input *in, uint8_t b, const rami_move *list, size_t n)
{
    size_t pick = n > 0xF0 ? (b | (size_t)next(in) << 8) % n : b % n;
    rami_move m = list[pick];
    rami_game *before;
    FUZZ_ASSERT(rami_game_clone(g, &before) == RAMI_OK);
    int seat = rami_game_current_player(g);
    FUZZ_ASSERT(rami_game_play(g, seat, &m) == RAMI_OK);
    bool table = m.kind == RAMI_MOVE_MELD || m.kind == RAMI_MOVE_LAYOFF || m.kind == RAMI_MOVE_SWAP;
    if (b >= 0xF8 && table && rami_game_phase(g) == RAMI_PHASE_PLAY) {
        FUZZ_ASSERT(rami_game_undo(g, seat) == RAMI_OK);
        FUZZ_ASSERT(rami__game_equal(g, before));
        FUZZ_ASSERT(rami_game_play(g, seat, &m) == RAMI_OK);
    }
    rami_game_free(before);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = {data, data + size};
    rami_ruleset rs;
    ruleset_from(&in, &rs);
    if (rami_ruleset_check(&rs, NULL, 0) != RAMI_OK)
        return 0;
    rami_deal d;
    deal_from(&in, &rs, &d);
    rami_game *g;
    FUZZ_ASSERT(rami_game_new_deal(&rs, &d, 1, &g) == RAMI_OK);
    unsigned base[256], counts[256];
    FUZZ_ASSERT(tu_census(g, base));
    int round = rami_game_round(g);
    for (unsigned steps = 0; in.p < in.end && steps < MAX_STEPS; steps++) {
        size_t n;
        rami_move *list = fz_legal(g, &n);
        int phase = rami_game_phase(g);
        FUZZ_ASSERT((n > 0) == (phase <= RAMI_PHASE_PLAY));
        for (size_t i = 0; i < n; i++)
            FUZZ_ASSERT(rami_game_check(g, rami_game_current_player(g), &list[i], NULL, 0) ==
                        RAMI_OK);
        uint8_t b = next(&in);
        if (phase == RAMI_PHASE_MATCH_OVER)
            break;
        if (phase == RAMI_PHASE_ROUND_OVER) {
            FUZZ_ASSERT(rami_game_next_round(g) == RAMI_OK);
            FUZZ_ASSERT(tu_census(g, base)); /* a new deal: the whole pack */
            FUZZ_ASSERT(rami_game_round(g) == round + 1);
            round++;
        } else if (b >= 0xF0 && b < 0xF8) {
            try_built(g, &in);
        } else {
            play_listed(g, &in, b, list, n);
        }
        FUZZ_ASSERT(tu_census(g, counts));
        FUZZ_ASSERT(memcmp(counts, base, sizeof counts) == 0);
        check_saved(g);
    }
    rami_game_free(g);
    return 0;
}
