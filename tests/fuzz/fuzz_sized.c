/* Fuzz target: sized. The versioned structs of doc/api.md ("Structs that
 * grow") at every size from 0 to past RAMI_STRUCT_SIZE_MAX, with any bytes
 * after the fields the library knows:
 *
 *  - inputs (rami_ruleset to rami_ruleset_check, rami_game_new and every
 *    function that reads a ruleset; rami_deal to rami_game_new_deal;
 *    rami_bot_options to rami_bot_choose and rami_game_hint_with), each in a heap block of exactly
 *    its size so that a read beyond it is caught: a size below the first
 *    published one or above RAMI_STRUCT_SIZE_MAX, or a non-zero byte the
 *    library does not know, is RAMI_E_ARG; otherwise the call does exactly
 *    what it does for today's struct holding the same bytes with zeros
 *    (the defaults) where the caller's struct ends;
 *  - outputs (rami_ruleset_init_sized, rami_bot_options_init_sized,
 *    rami_game_ruleset_sized, rami_game_turn_info) into a buffer of guard
 *    bytes: refused sizes write nothing; accepted ones write the caller's
 *    size and nothing after it (struct_size = size, today's fields as for
 *    today's struct, zeros after them).
 *
 * Input: one byte picks the struct, then a size, the trailing bytes and
 * the fields. */
#include "fuzz_game.h"

#define GUARD 0xA5
#define ROOM  (RAMI_STRUCT_SIZE_MAX + 256)

static _Alignas(8) uint8_t out[ROOM];

/* A size: mostly near the interesting edges, sometimes anything. */
static size_t size_from(fz_input *in, size_t first, size_t today)
{
    uint8_t b = fz_byte(in);
    uint8_t d = fz_byte(in);
    switch (b % 8) {
    case 0:
        return d % (first + 2); /* 0 .. first + 1 */
    case 1:
        return first + d % 8; /* just above the first */
    case 2:
        return today + d % 64; /* today and a bit */
    case 3:
        return RAMI_STRUCT_SIZE_MAX - 4 + d % 8; /* the top edge */
    case 4:
        return (size_t)d << 8 | fz_byte(in); /* 0 .. 65535 */
    case 5:
        return b & 0x80 ? SIZE_MAX : (size_t)UINT32_MAX + d;
    default:
        return today;
    }
}

static bool refused_size(size_t size, size_t first)
{
    return size < first || size > RAMI_STRUCT_SIZE_MAX;
}

/* A struct of `size` bytes in its own heap block: today's bytes (up to
 * size), then bytes from the input or zeros. */
static void *inflate(const void *today, size_t today_size, size_t size, fz_input *in,
                     bool *trailing)
{
    uint8_t *p = malloc(size ? size : 1); /* malloc's alignment suits every struct */
    FUZZ_ASSERT(p != NULL);
    size_t keep = size < today_size ? size : today_size;
    memcpy(p, today, keep);
    memset(p + keep, 0, size - keep);
    if (size > today_size && (fz_byte(in) & 1)) {
        for (int k = fz_byte(in) % 4; k >= 0; k--)
            p[today_size + fz_u32(in) % (size - today_size)] = fz_byte(in);
    }
    *trailing = size > today_size && !fz_all(p, today_size, size, 0);
    if (size >= sizeof(uint32_t)) {
        uint32_t s = (uint32_t)size;
        memcpy(p, &s, sizeof s);
    }
    return p;
}

/* Output of `size` bytes into guard bytes: refused sizes touch nothing;
 * accepted ones hold today's value (want) in the bytes both know, zeros
 * after them, struct_size = size, and nothing after size. */
static void check_output(int st, size_t size, size_t first, const void *want, size_t today)
{
    if (refused_size(size, first)) {
        FUZZ_ASSERT(st == RAMI_E_ARG);
        FUZZ_ASSERT(fz_all(out, 0, ROOM, GUARD));
        return;
    }
    FUZZ_ASSERT(st == RAMI_OK);
    uint32_t s;
    memcpy(&s, out, sizeof s);
    FUZZ_ASSERT(s == size);
    size_t both = size < today ? size : today;
    FUZZ_ASSERT(memcmp(out + 4, (const uint8_t *)want + 4, both - 4) == 0);
    FUZZ_ASSERT(fz_all(out, both, size, 0));
    FUZZ_ASSERT(fz_all(out, size, ROOM, GUARD));
}

static void ruleset_init(fz_input *in)
{
    size_t size = size_from(in, 24, sizeof(rami_ruleset));
    int preset = (int)(fz_byte(in) % 8) - 1;
    unsigned players = fz_byte(in) % 9;
    rami_ruleset today;
    int want = rami_ruleset_init(&today, preset, players);
    memset(out, GUARD, ROOM);
    int st = rami_ruleset_init_sized((rami_ruleset *)out, size, preset, players);
    if (want != RAMI_OK) {
        FUZZ_ASSERT(want == RAMI_E_ARG && st == RAMI_E_ARG);
        FUZZ_ASSERT(fz_all(out, 0, ROOM, GUARD));
        return;
    }
    check_output(st, size, 24, &today, sizeof today);
}

static void bot_init(fz_input *in)
{
    size_t size = size_from(in, 24, sizeof(rami_bot_options));
    int level = (int)(fz_byte(in) % 5) - 1;
    rami_bot_options today;
    int want = rami_bot_options_init(&today, level);
    memset(out, GUARD, ROOM);
    int st = rami_bot_options_init_sized((rami_bot_options *)out, size, level);
    if (want != RAMI_OK) {
        FUZZ_ASSERT(want == RAMI_E_ARG && st == RAMI_E_ARG);
        FUZZ_ASSERT(fz_all(out, 0, ROOM, GUARD));
        return;
    }
    check_output(st, size, 24, &today, sizeof today);
}

/* What every ruleset reader says of rs: a few figures to compare. */
typedef struct reading {
    int check, game, meld, solve;
    uint32_t actions, length, obs, info;
    rami_ruleset back;
    uint16_t solved;
} reading;

static void read_ruleset(const rami_ruleset *rs, const rami_card *cards, reading *r)
{
    memset(r, 0, sizeof *r);
    r->check = rami_ruleset_check(rs, NULL, 0);
    rami_game *g = NULL;
    r->game = rami_game_new(rs, 3, &g);
    if (g != NULL) {
        FUZZ_ASSERT(rami_game_ruleset(g, &r->back) == RAMI_OK);
        rami_game_free(g);
    }
    r->meld = rami_meld_check(rs, cards, 4, NULL);
    rami_solution sol;
    r->solve = rami_solve_hand(rs, cards, 7, RAMI_SOLVE_MIN_PENALTY, &sol);
    r->solved = r->solve == RAMI_OK ? sol.penalty : 0;
    r->actions = rami_num_distinct_actions(rs);
    r->length = rami_max_game_length(rs);
    r->obs = rami_observation_tensor_size(rs);
    r->info = rami_information_state_tensor_size(rs);
}

static void ruleset_input(fz_input *in)
{
    rami_ruleset today;
    FUZZ_ASSERT(rami_ruleset_init(&today, fz_byte(in) % 5, 2 + fz_byte(in) % 5) == RAMI_OK);
    for (int k = fz_byte(in) % 3; k > 0; k--) /* a field or two changed */
        ((uint8_t *)&today)[4 + fz_byte(in) % (sizeof today - 4)] = fz_byte(in);
    size_t size = size_from(in, 24, sizeof today);
    if (size > ROOM) /* a struct_size beyond the caller's memory is a lie */
        size = RAMI_STRUCT_SIZE_MAX + 1 + size % 200;
    bool trailing;
    void *p = inflate(&today, sizeof today, size, in, &trailing);
    rami_card cards[7];
    for (int i = 0; i < 7; i++)
        cards[i] = (uint8_t)(fz_byte(in) % 4 == 0 ? RAMI_JOKER : RAMI_CARD(1 + i, fz_byte(in) % 4));

    rami_ruleset defaults = today; /* today's struct, zeros where the caller's ended */
    if (size < sizeof defaults)
        memset((uint8_t *)&defaults + size, 0, sizeof defaults - size);
    defaults.struct_size = sizeof defaults;

    if (size < 4) { /* not even a struct_size: nothing to read */
        free(p);
        return;
    }
    reading got, want;
    read_ruleset((const rami_ruleset *)p, cards, &got);
    if (refused_size(size, 24) || trailing) {
        FUZZ_ASSERT(got.check == RAMI_E_ARG && got.game == RAMI_E_ARG);
        FUZZ_ASSERT(got.meld == RAMI_E_ARG && got.solve == RAMI_E_ARG);
        FUZZ_ASSERT(got.actions == 0 && got.length == 0 && got.obs == 0 && got.info == 0);
    } else {
        read_ruleset(&defaults, cards, &want);
        FUZZ_ASSERT(memcmp(&got, &want, sizeof got) == 0);
    }
    free(p);
}

/* A deal the ruleset accepts, shuffled by the input's seed. */
static void some_deal(const rami_ruleset *rs, fz_input *in, rami_deal *d)
{
    rami_card pack[RAMI_MAX_PACK];
    unsigned n = fz_pack(rs, pack);
    for (unsigned i = n - 1; i > 0; i--) {
        unsigned k = fz_byte(in) % (i + 1);
        rami_card c = pack[i];
        pack[i] = pack[k];
        pack[k] = c;
    }
    memset(d, 0, sizeof *d);
    d->struct_size = sizeof *d;
    d->dealer = (uint8_t)(fz_byte(in) % rs->players);
    for (unsigned p = 0; p < rs->players; p++) {
        d->hand_count[p] = rs->hand_size;
        for (unsigned i = 0; i < rs->hand_size; i++)
            d->hands[p][i] = pack[--n];
    }
    d->discard_count = 1;
    d->discard[0] = pack[--n];
    d->stock_count = (uint16_t)n;
    memcpy(d->stock, pack, n);
}

static void deal_input(fz_input *in)
{
    rami_ruleset rs;
    FUZZ_ASSERT(rami_ruleset_init(&rs, fz_byte(in) % 5, 2 + fz_byte(in) % 5) == RAMI_OK);
    static rami_deal today;
    some_deal(&rs, in, &today);
    if (fz_byte(in) < 0x10)
        today.reserved = fz_byte(in);
    size_t size = size_from(in, sizeof today, sizeof today);
    if (size > ROOM)
        size = RAMI_STRUCT_SIZE_MAX + 1 + size % 200;
    bool trailing;
    void *p = inflate(&today, sizeof today, size, in, &trailing);
    rami_game *g = NULL, *h = NULL;
    int st = size >= 4 ? rami_game_new_deal(&rs, (const rami_deal *)p, 5, &g) : RAMI_E_ARG;
    int want = rami_game_new_deal(&rs, &today, 5, &h);
    FUZZ_ASSERT(want == (today.reserved ? RAMI_E_ARG : RAMI_OK));
    if (refused_size(size, sizeof today) || trailing || today.reserved) {
        FUZZ_ASSERT(st == RAMI_E_ARG && g == NULL);
    } else {
        FUZZ_ASSERT(st == RAMI_OK);
        static char a[1 << 15], b[1 << 15];
        size_t la, lb;
        FUZZ_ASSERT(rami_game_save(g, a, sizeof a, &la) == RAMI_OK);
        FUZZ_ASSERT(rami_game_save(h, b, sizeof b, &lb) == RAMI_OK);
        FUZZ_ASSERT(la == lb && memcmp(a, b, la) == 0);
    }
    rami_game_free(g);
    rami_game_free(h);
    free(p);
}

static void bot_input(fz_input *in, const rami_game *g)
{
    rami_bot_options today;
    FUZZ_ASSERT(rami_bot_options_init(&today, fz_byte(in) % 2) == RAMI_OK); /* random, greedy */
    today.seed = fz_u32(in);
    size_t size = size_from(in, 24, sizeof today);
    if (size > ROOM)
        size = RAMI_STRUCT_SIZE_MAX + 1 + size % 200;
    bool trailing;
    void *p = inflate(&today, sizeof today, size, in, &trailing);
    rami_bot_options defaults = today;
    if (size < sizeof defaults)
        memset((uint8_t *)&defaults + size, 0, sizeof defaults - size);
    defaults.struct_size = sizeof defaults;
    rami_move got, want;
    memset(&got, GUARD, sizeof got);
    int st = size >= 4 ? rami_bot_choose(g, (const rami_bot_options *)p, &got) : RAMI_E_ARG;
    int ws = rami_bot_choose(g, &defaults, &want);
    /* The hint reads the same struct (RANDOM is refused there). */
    char why[96], why_want[96];
    memset(why, GUARD, sizeof why);
    rami_move hint, hint_want;
    memset(&hint, GUARD, sizeof hint);
    int hs = size >= 4 ? rami_game_hint_with(g, (const rami_bot_options *)p, &hint, why, sizeof why)
                       : RAMI_E_ARG;
    int hw = rami_game_hint_with(g, &defaults, &hint_want, why_want, sizeof why_want);
    FUZZ_ASSERT(today.level == RAMI_BOT_GREEDY || hw == RAMI_E_ARG);
    if (refused_size(size, 24) || trailing) {
        FUZZ_ASSERT(st == RAMI_E_ARG && fz_all(&got, 0, sizeof got, GUARD));
        FUZZ_ASSERT(hs == RAMI_E_ARG && fz_all(&hint, 0, sizeof hint, GUARD));
        /* the reason of the argument error, NUL-terminated (size < 4: not called) */
        FUZZ_ASSERT(size < 4 || memchr(why, 0, sizeof why) != NULL);
    } else {
        FUZZ_ASSERT(st == ws && hs == hw);
        if (st == RAMI_OK)
            FUZZ_ASSERT(memcmp(&got, &want, sizeof got) == 0);
        if (hs == RAMI_OK)
            FUZZ_ASSERT(memcmp(&hint, &hint_want, sizeof hint) == 0 && strcmp(why, why_want) == 0);
    }
    free(p);
}

static void game_outputs(fz_input *in)
{
    rami_ruleset rs;
    rami_game *g = fz_game(in, &rs);
    if (g == NULL)
        return;
    for (int steps = fz_byte(in) % 40; steps > 0; steps--)
        if (!fz_step(g, in))
            break;
    while (fz_more(in)) {
        uint8_t what = fz_byte(in) % 3;
        if (what == 0) {
            size_t size = size_from(in, 24, sizeof rs);
            rami_ruleset today;
            FUZZ_ASSERT(rami_game_ruleset(g, &today) == RAMI_OK);
            memset(out, GUARD, ROOM);
            check_output(rami_game_ruleset_sized(g, (rami_ruleset *)out, size), size, 24, &today,
                         sizeof today);
        } else if (what == 1) {
            size_t size = size_from(in, 20, sizeof(rami_turn_info));
            rami_turn_info today;
            FUZZ_ASSERT(rami_game_turn_info(g, &today, sizeof today) == RAMI_OK);
            FUZZ_ASSERT(today.struct_size == sizeof today && today.reserved == 0);
            memset(out, GUARD, ROOM);
            check_output(rami_game_turn_info(g, (rami_turn_info *)out, size), size, 20, &today,
                         sizeof today);
        } else if (rami_game_phase(g) <= RAMI_PHASE_PLAY) {
            bot_input(in, g);
        }
    }
    rami_game_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = {data, data + size};
    switch (fz_byte(&in) % 5) {
    case 0:
        ruleset_init(&in);
        break;
    case 1:
        bot_init(&in);
        break;
    case 2:
        ruleset_input(&in);
        break;
    case 3:
        deal_input(&in);
        break;
    default:
        game_outputs(&in);
        break;
    }
    return 0;
}
