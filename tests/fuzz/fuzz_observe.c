/* Fuzz target: observe. The observation and information-state tensors
 * (doc/observations.md) of positions reached by the input's choices, for
 * any viewer (also seats that do not exist) and buffers of any size.
 *
 * For every call: the sizes are the documented formula of the ruleset; an
 * invalid viewer is RAMI_E_ARG, a buffer below the size RAMI_E_BUFFER, and
 * a failed call writes nothing; a successful one writes exactly the size
 * (guard floats after it stay), only non-negative whole numbers, the same
 * bytes when called again, the observation as the information state's
 * prefix, and the blocks of the layout agree with the public queries
 * (phase, seat to move, the viewer's hand, hand sizes, opened seats,
 * totals, counters, discard pile and top, picked card, turn state, which
 * table slots hold a meld and who laid it). A copy of the game determinized
 * for the viewer (everything hidden dealt anew) gives identical tensors. */
#include <limits.h>

#include "fuzz_game.h"

#define MAX_STEPS 64
#define GUARD     (-7.25f)
#define SLACK     16

static float buf[1 << 15], again[1 << 15];

/* The table slots T of doc/actions.md: min(pack / 3, naturals / 2). */
static unsigned table_slots(const rami_ruleset *rs)
{
    unsigned pack = 52u * rs->decks + rs->jokers, naturals = 52u * rs->decks;
    return pack / 3 < naturals / 2 ? pack / 3 : naturals / 2;
}

static unsigned face(rami_card c)
{
    return c == RAMI_JOKER ? 52 : RAMI_CARD_SUIT(c) * 13 + RAMI_CARD_RANK(c) - 1;
}

static bool guarded(size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (buf[i] != GUARD)
            return false;
    return true;
}

/* Block of 53 counts per face. */
static void faces(const float *at, const rami_card *cards, size_t n)
{
    float want[53] = {0};
    for (size_t i = 0; i < n; i++)
        want[face(cards[i])] += 1.0f;
    FUZZ_ASSERT(memcmp(at, want, sizeof want) == 0);
}

static void one_hot(const float *at, size_t size, int hot)
{
    for (size_t i = 0; i < size; i++)
        FUZZ_ASSERT(at[i] == ((int)i == hot ? 1.0f : 0.0f));
}

/* The observation blocks against the public queries. */
static void layout(const rami_game *g, const rami_ruleset *rs, int viewer, const float *t)
{
    unsigned P = rs->players;
    const float *at = t;
    one_hot(at, 4, rami_game_phase(g));
    at += 4;
    int to_move = rami_game_current_player(g);
    if (rami_game_phase(g) <= RAMI_PHASE_PLAY)
        one_hot(at, P, (int)((to_move - viewer + P) % P));
    at += P;
    rami_card hand[RAMI_MAX_HAND];
    size_t n = 0;
    FUZZ_ASSERT(rami_game_hand(g, viewer, hand, RAMI_MAX_HAND, &n) == RAMI_OK);
    faces(at, hand, n);
    at += 53;
    int32_t totals[RAMI_MAX_PLAYERS];
    FUZZ_ASSERT(rami_game_scores(g, totals, RAMI_MAX_PLAYERS) == RAMI_OK);
    for (unsigned k = 0; k < P; k++) {
        int seat = (int)((viewer + k) % P);
        FUZZ_ASSERT(at[k] == (float)rami_game_hand_count(g, seat));
        FUZZ_ASSERT(at[P + k] == (float)rami_game_has_opened(g, seat));
        FUZZ_ASSERT(at[2 * P + k] == (float)totals[seat]);
    }
    at += 3 * P;
    FUZZ_ASSERT(at[0] == (float)rami_game_round(g));
    FUZZ_ASSERT(at[1] == (float)rami_game_turn(g));
    FUZZ_ASSERT(at[3] == (float)rami_game_stock_count(g));
    FUZZ_ASSERT(at[5] == (float)rami_game_discard_count(g));
    at += 6;
    rami_card pile[RAMI_MAX_PACK];
    FUZZ_ASSERT(rami_game_discard_pile(g, pile, RAMI_MAX_PACK, &n) == RAMI_OK);
    faces(at, pile, n);
    at += 53;
    rami_card top = rami_game_discard_top(g);
    one_hot(at, 53, top == RAMI_NO_CARD ? -1 : (int)face(top));
    at += 53;
    rami_card picked = rami_game_picked(g);
    one_hot(at, 53, picked == RAMI_NO_CARD ? -1 : (int)face(picked));
    at += 53;
    rami_turn_info ti;
    FUZZ_ASSERT(rami_game_turn_info(g, &ti, sizeof ti) == RAMI_OK);
    if (ti.phase <= RAMI_PHASE_PLAY) { /* after the round the tensor keeps the last turn's */
        FUZZ_ASSERT(at[0] == (float)ti.points_laid);
        FUZZ_ASSERT(at[1] == (ti.must_play != RAMI_NO_CARD ? 1.0f : 0.0f));
        FUZZ_ASSERT(at[2] == (float)ti.jokers_to_replay);
    }
    at += 3;
    size_t melds = rami_game_meld_count(g);
    for (size_t i = 0; i < table_slots(rs); i++, at += 48 + P) {
        if (i >= melds) {
            for (unsigned k = 0; k < 48 + P; k++)
                FUZZ_ASSERT(at[k] == 0.0f);
            continue;
        }
        int owner;
        rami_meld_info info;
        FUZZ_ASSERT(rami_game_meld(g, i, &owner, &info) == RAMI_OK);
        one_hot(at, 2, info.kind == RAMI_MELD_SET ? 0 : 1);
        one_hot(at + 2, P, (int)((owner - viewer + (int)P) % (int)P));
        unsigned jokers = 0;
        for (unsigned k = 0; k < info.count; k++)
            jokers += info.cards[k] == RAMI_JOKER;
        FUZZ_ASSERT(at[47 + P] == (float)jokers);
    }
}

/* One tensor call with a buffer of cap floats; returns the status. */
static int call(const rami_game *g, bool info, int viewer, size_t cap)
{
    for (size_t i = 0; i < cap + SLACK; i++)
        buf[i] = GUARD;
    return info ? rami_game_information_state_tensor(g, viewer, buf, cap)
                : rami_game_observation_tensor(g, viewer, buf, cap);
}

static void check_tensor(const rami_game *g, const rami_ruleset *rs, bool info, int viewer,
                         size_t size, fz_input *in)
{
    bool seat = viewer >= 0 && viewer < rs->players;
    uint8_t b = fz_byte(in);
    size_t cap = b < 0x40 ? size - 1 - b % (size - 1 < 64 ? size - 1 : 64) : size + b % 8;
    if (b == 0x3F)
        cap = 0;
    int st = call(g, info, viewer, cap);
    if (!seat || cap < size) {
        FUZZ_ASSERT(st == RAMI_E_ARG || st == RAMI_E_BUFFER);
        FUZZ_ASSERT(st == RAMI_E_ARG || cap < size);
        FUZZ_ASSERT(st == RAMI_E_BUFFER || !seat);
        FUZZ_ASSERT(guarded(0, cap + SLACK));
        if (!seat)
            return;
        FUZZ_ASSERT(call(g, info, viewer, size) == RAMI_OK);
        cap = size;
    }
    FUZZ_ASSERT(st == RAMI_OK || cap == size);
    FUZZ_ASSERT(guarded(size, cap + SLACK));
    for (size_t i = 0; i < size; i++)
        FUZZ_ASSERT(buf[i] >= 0.0f && buf[i] == (float)(long)buf[i]);
    memcpy(again, buf, size * sizeof *buf);
    FUZZ_ASSERT(call(g, info, viewer, size) == RAMI_OK);
    FUZZ_ASSERT(memcmp(again, buf, size * sizeof *buf) == 0);
}

/* Both tensors of a real seat: the layout, the prefix, the determinized
 * copy. */
static void check_seat(const rami_game *g, const rami_ruleset *rs, int viewer, size_t osize,
                       size_t isize, fz_input *in)
{
    static float obs[1 << 15], ist[1 << 15];
    FUZZ_ASSERT(rami_game_observation_tensor(g, viewer, obs, osize) == RAMI_OK);
    FUZZ_ASSERT(rami_game_information_state_tensor(g, viewer, ist, isize) == RAMI_OK);
    FUZZ_ASSERT(memcmp(obs, ist, osize * sizeof *obs) == 0);
    layout(g, rs, viewer, obs);
    if ((fz_byte(in) & 3) != 0)
        return;
    rami_game *d;
    FUZZ_ASSERT(rami_game_determinize(g, viewer, fz_u32(in), &d) == RAMI_OK);
    FUZZ_ASSERT(rami_game_observation_tensor(d, viewer, buf, osize) == RAMI_OK);
    FUZZ_ASSERT(memcmp(obs, buf, osize * sizeof *obs) == 0);
    FUZZ_ASSERT(rami_game_information_state_tensor(d, viewer, buf, isize) == RAMI_OK);
    FUZZ_ASSERT(memcmp(ist, buf, isize * sizeof *ist) == 0);
    rami_game_free(d);
}

static int viewer_from(const rami_ruleset *rs, uint8_t b)
{
    static const int odd[] = {-1, -2, INT_MIN, INT_MAX, 6, 7, 255, -255};
    if (b >= 0xF0)
        return odd[b % 8];
    if (b >= 0xE0)
        return rs->players + b % 3;
    return b % rs->players;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = {data, data + size};
    rami_ruleset rs;
    rami_game *g = fz_game(&in, &rs);
    if (g == NULL)
        return 0;
    unsigned P = rs.players, T = table_slots(&rs);
    size_t osize = rami_observation_tensor_size(&rs),
           isize = rami_information_state_tensor_size(&rs);
    FUZZ_ASSERT(osize == 4 + 6 + 4 * 53 + 3 + 4 * P + T * (48 + P));
    FUZZ_ASSERT(isize == osize + 212 * P);
    FUZZ_ASSERT(isize + SLACK <= sizeof buf / sizeof buf[0]);
    FUZZ_ASSERT(rami_game_observation_tensor(NULL, 0, buf, osize) == RAMI_E_ARG);
    FUZZ_ASSERT(rami_game_observation_tensor(g, 0, NULL, osize) == RAMI_E_ARG);
    for (unsigned steps = 0; fz_more(&in) && steps < MAX_STEPS; steps++) {
        uint8_t b = fz_byte(&in);
        if (b & 1) { /* look at this position */
            int viewer = viewer_from(&rs, fz_byte(&in));
            check_tensor(g, &rs, false, viewer, osize, &in);
            check_tensor(g, &rs, true, viewer, isize, &in);
            if (viewer >= 0 && viewer < (int)P)
                check_seat(g, &rs, viewer, osize, isize, &in);
        }
        if (!fz_step(g, &in))
            break;
    }
    for (unsigned v = 0; v < P; v++) /* and the last position, for every seat */
        check_seat(g, &rs, (int)v, osize, isize, &in);
    rami_game_free(g);
    return 0;
}
