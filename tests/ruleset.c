/* Rulesets: the presets of RULES.md §9 and every rejection of
 * rami_ruleset_check. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "rami.h"

#define REFERENCE_SET                                                                              \
    (RAMI_OPT_LAYOFF_OTHERS | RAMI_OPT_GO_OUT_BY_MELD | RAMI_OPT_KEEP_PICKUP |                     \
     RAMI_OPT_JOKER_SWAP | RAMI_OPT_JOKER_REPLAY | RAMI_OPT_OPEN_TURN_LAYOFF)

/* RULES.md §9, written out independently of lib/ruleset.c. */
struct expect {
    int preset;
    uint8_t decks_small, jokers_small; /* 2-4 players */
    uint8_t decks_big, jokers_big;     /* 5-6 players */
    uint16_t opening;
    uint8_t restocks;
    uint32_t options;
};

static const struct expect presets[] = {
    {RAMI_PRESET_51, 2, 4, 3, 4, 51, 2, REFERENCE_SET},
    {RAMI_PRESET_40, 2, 4, 3, 4, 40, 2, REFERENCE_SET},
    {RAMI_PRESET_51_HOUSE, 2, 2, 3, 3, 51, 2, REFERENCE_SET},
    {RAMI_PRESET_40_HOUSE, 2, 2, 3, 3, 40, 2, REFERENCE_SET},
    /* Finnish: the source's "on later turns" and its joker take-back. */
    {RAMI_PRESET_FINNISH, 1, 2, 2, 4, 30, 255,
     (REFERENCE_SET & ~RAMI_OPT_OPEN_TURN_LAYOFF) | RAMI_OPT_SET_SWAP_ANY},
};

static void test_option_bits(void **state)
{
    (void)state;
    uint32_t all = 0;
    const uint32_t bits[] = {
        RAMI_OPT_LAYOFF_OTHERS,    RAMI_OPT_GO_OUT_BY_MELD, RAMI_OPT_KEEP_PICKUP,
        RAMI_OPT_PICKUP_MUST_MELD, RAMI_OPT_JOKER_SWAP,     RAMI_OPT_JOKER_REPLAY,
        RAMI_OPT_OPEN_PURE_RUN,    RAMI_OPT_JOKER_CHOICE,   RAMI_OPT_OPEN_TURN_LAYOFF,
        RAMI_OPT_NO_JOKER_DISCARD, RAMI_OPT_NO_JOKER_OUT,   RAMI_OPT_ONE_GO_DOUBLE,
        RAMI_OPT_ELIMINATION,      RAMI_OPT_LOW_HAND_ZERO,  RAMI_OPT_SET_SWAP_ANY};
    for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++) {
        assert_true(bits[i] != 0 && (bits[i] & (bits[i] - 1)) == 0);
        assert_int_equal(all & bits[i], 0);
        all |= bits[i];
    }
    assert_int_equal(all, RAMI_OPT_ALL);
    assert_int_equal(RAMI_UNLIMITED_RESTOCKS, 255);
}

static void test_presets(void **state)
{
    (void)state;
    static const uint8_t finnish_hand[7] = {0, 0, 10, 10, 7, 7, 6};
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++) {
        const struct expect *e = &presets[i];
        for (unsigned players = 2; players <= 6; players++) {
            rami_ruleset rs;
            memset(&rs, 0xAB, sizeof rs);
            assert_int_equal(rami_ruleset_init(&rs, e->preset, players), RAMI_OK);
            int big = players >= 5;
            assert_int_equal(rs.struct_size, sizeof(rami_ruleset));
            assert_int_equal(rs.players, players);
            assert_int_equal(rs.decks, big ? e->decks_big : e->decks_small);
            assert_int_equal(rs.jokers, big ? e->jokers_big : e->jokers_small);
            if (e->preset == RAMI_PRESET_FINNISH)
                assert_int_equal(rs.hand_size, finnish_hand[players]);
            else
                assert_int_equal(rs.hand_size, 13);
            assert_int_equal(rs.opening_points, e->opening);
            assert_int_equal(rs.jokers_per_meld, 1);
            assert_int_equal(rs.max_restocks, e->restocks);
            assert_int_equal(rs.max_turns, 300);
            assert_int_equal(rs.joker_penalty, 25);
            assert_int_equal(rs.ace_penalty, 11);
            assert_int_equal(rs.options, e->options);
            assert_int_equal(rs.match_rounds, 0);
            assert_int_equal(rs.match_target, 0);
            assert_int_equal(rs.unopened_penalty, 0);
            assert_int_equal(rs.reserved[0], 0);
            assert_int_equal(rs.reserved[1], 0);
            char why[128] = "junk";
            int st = rami_ruleset_check(&rs, why, sizeof why);
            if (st != RAMI_OK)
                fail_msg("preset %d, %u players: %s", e->preset, players, why);
            assert_string_equal(why, "");
            assert_int_equal(rami_ruleset_check(&rs, NULL, 0), RAMI_OK);
        }
    }
}

/* The pack sizes of RULES.md §1.2. */
static void test_pack_sizes(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 4), RAMI_OK);
    assert_int_equal(52 * rs.decks + rs.jokers, 108);
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_40, 5), RAMI_OK);
    assert_int_equal(52 * rs.decks + rs.jokers, 160);
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51_HOUSE, 2), RAMI_OK);
    assert_int_equal(52 * rs.decks + rs.jokers, 106);
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_40_HOUSE, 6), RAMI_OK);
    assert_int_equal(52 * rs.decks + rs.jokers, 159);
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_FINNISH, 3), RAMI_OK);
    assert_int_equal(52 * rs.decks + rs.jokers, 54);
}

static void test_init_bad_args(void **state)
{
    (void)state;
    static const struct {
        int preset;
        unsigned players;
    } bad[] = {
        {-1, 4},
        {5, 4},
        {100, 4},
        {RAMI_PRESET_51, 0},
        {RAMI_PRESET_51, 1},
        {RAMI_PRESET_40, 7},
        {RAMI_PRESET_FINNISH, 1},
        {RAMI_PRESET_FINNISH, 7},
        {RAMI_PRESET_51_HOUSE, 1000},
        {RAMI_PRESET_40_HOUSE, (unsigned)-1},
        {-1, 0},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rami_ruleset rs, copy;
        memset(&rs, 0x5A, sizeof rs);
        memcpy(&copy, &rs, sizeof rs);
        int st = rami_ruleset_init(&rs, bad[i].preset, bad[i].players);
        if (st != RAMI_E_ARG)
            fail_msg("rami_ruleset_init(%d, %u) = %d", bad[i].preset, bad[i].players, st);
        assert_memory_equal(&rs, &copy, sizeof rs);
    }
    assert_int_equal(rami_ruleset_init(NULL, RAMI_PRESET_51, 4), RAMI_E_ARG);
}

/* ---- rami_ruleset_check rejections ---- */

static rami_ruleset base(void)
{
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 4), RAMI_OK);
    return rs;
}

static void expect_reject(const rami_ruleset *rs, const char *needle, const char *what)
{
    char why[256];
    memset(why, 'x', sizeof why);
    int st = rami_ruleset_check(rs, why, sizeof why);
    if (st != RAMI_E_RULESET)
        fail_msg("%s: rami_ruleset_check = %d, expected RAMI_E_RULESET", what, st);
    assert_non_null(memchr(why, '\0', sizeof why));
    assert_true(strlen(why) > 0);
    if (strstr(why, needle) == NULL)
        fail_msg("%s: reason \"%s\" does not mention \"%s\"", what, why, needle);
    assert_int_equal(rami_ruleset_check(rs, NULL, 0), RAMI_E_RULESET);
    assert_int_equal(rami_ruleset_check(rs, NULL, 100), RAMI_E_RULESET);
}

static void expect_accept(const rami_ruleset *rs, const char *what)
{
    char why[256];
    int st = rami_ruleset_check(rs, why, sizeof why);
    if (st != RAMI_OK)
        fail_msg("%s: rejected: %s", what, why);
}

/* struct_size below the first published size (24) or above
 * RAMI_STRUCT_SIZE_MAX is a bad argument, with a reason; sizes in between
 * are other headers' layouts (tests/blackbox/structs.c). */
static void test_check_struct_size(void **state)
{
    (void)state;
    const uint32_t sizes[] = {0, 23, 12, RAMI_STRUCT_SIZE_MAX + 1, 0xFFFFFFFFu};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        rami_ruleset rs = base();
        rs.struct_size = sizes[i];
        char why[256];
        memset(why, 'x', sizeof why);
        assert_int_equal(rami_ruleset_check(&rs, why, sizeof why), RAMI_E_ARG);
        assert_non_null(strstr(why, "struct_size"));
        assert_int_equal(rami_ruleset_check(&rs, NULL, 0), RAMI_E_ARG);
    }
}

static void test_check_players(void **state)
{
    (void)state;
    const uint8_t bad[] = {0, 1, 7, 255};
    for (size_t i = 0; i < sizeof bad; i++) {
        rami_ruleset rs = base();
        rs.players = bad[i];
        expect_reject(&rs, "players", "players");
    }
    for (uint8_t p = 2; p <= 6; p++) {
        rami_ruleset rs = base();
        rs.players = p;
        rs.decks = 3;
        expect_accept(&rs, "players 2..6");
    }
}

static void test_check_decks(void **state)
{
    (void)state;
    const uint8_t bad[] = {0, 4, 255};
    for (size_t i = 0; i < sizeof bad; i++) {
        rami_ruleset rs = base();
        rs.decks = bad[i];
        expect_reject(&rs, "decks", "decks");
    }
    rami_ruleset rs = base();
    rs.decks = 1;
    rs.players = 2;
    expect_accept(&rs, "decks 1");
    rs.decks = 3;
    expect_accept(&rs, "decks 3");
}

static void test_check_pack(void **state)
{
    (void)state;
    rami_ruleset rs = base();
    rs.decks = 3;
    rs.jokers = 12; /* 168: the largest pack */
    expect_accept(&rs, "pack of 168");
    rs.jokers = 13;
    expect_reject(&rs, "pack", "pack of 169");
    rs.jokers = 255;
    expect_reject(&rs, "pack", "pack of 411");
    rs.decks = 1;
    rs.jokers = 117; /* 169 */
    expect_reject(&rs, "pack", "1 deck + 117 jokers");
}

static void test_check_hand_size(void **state)
{
    (void)state;
    const uint8_t bad[] = {0, RAMI_MAX_HAND_SIZE + 1, RAMI_MAX_HAND - 1, RAMI_MAX_HAND, 255};
    for (size_t i = 0; i < sizeof bad; i++) {
        rami_ruleset rs = base();
        rs.players = 2;
        rs.decks = 3;
        rs.hand_size = bad[i];
        expect_reject(&rs, "hand_size", "hand_size");
    }
    rami_ruleset rs = base();
    rs.players = 2;
    rs.hand_size = RAMI_MAX_HAND_SIZE;
    rs.opening_points = 0;
    expect_accept(&rs, "hand_size 15");
    rs.hand_size = 1;
    expect_accept(&rs, "hand_size 1");
}

static void test_check_deal_fits(void **state)
{
    (void)state;
    /* 4 x 13 dealt + 1 discard + 1 stock card = 54 = the Finnish pack. */
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_FINNISH, 4), RAMI_OK);
    rs.hand_size = 13;
    expect_accept(&rs, "54 of 54");
    rs.jokers = 1;
    expect_reject(&rs, "deck too small", "54 of 53");
    /* 6 x 9 + 2 = 56 > 52. */
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_FINNISH, 6), RAMI_OK);
    rs.decks = 1;
    rs.jokers = 0;
    rs.hand_size = 9;
    expect_reject(&rs, "deck too small", "6 x 9 from 52");
    /* 6 x 15 from one deck and its jokers: 92 > 56. */
    rs = base();
    rs.players = 6;
    rs.decks = 1;
    rs.jokers = 4;
    rs.hand_size = RAMI_MAX_HAND_SIZE;
    expect_reject(&rs, "deck too small", "6 x 15 from 56");
}

static void test_check_jokers_per_meld(void **state)
{
    (void)state;
    const uint8_t bad[] = {0, 5, 13, 255};
    for (size_t i = 0; i < sizeof bad; i++) {
        rami_ruleset rs = base();
        rs.jokers_per_meld = bad[i];
        expect_reject(&rs, "jokers_per_meld", "jokers_per_meld");
    }
    for (uint8_t j = 1; j <= 4; j++) {
        rami_ruleset rs = base();
        rs.jokers_per_meld = j;
        expect_accept(&rs, "jokers_per_meld 1..4");
    }
}

static void test_check_opening(void **state)
{
    (void)state;
    /* 14 cards (13 + the draw) are worth at most 14 x 11 = 154. */
    rami_ruleset rs = base();
    rs.opening_points = 154;
    expect_accept(&rs, "opening 154");
    rs.opening_points = 155;
    expect_reject(&rs, "opening_points", "opening 155");
    rs.opening_points = 65535;
    expect_reject(&rs, "opening_points", "opening 65535");
    rs.opening_points = 0;
    expect_accept(&rs, "opening 0");
    /* Finnish, 6 players: 7 cards, at most 77. */
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_FINNISH, 6), RAMI_OK);
    rs.opening_points = 78;
    expect_reject(&rs, "opening_points", "Finnish opening 78");
    rs.opening_points = 15; /* quick rami */
    expect_accept(&rs, "quick rami");
}

static void test_check_options(void **state)
{
    (void)state;
    const uint32_t bad[] = {1u << 15, 1u << 20, 1u << 31, 0xFFFFFFFFu, RAMI_OPT_ALL + 1};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rami_ruleset rs = base();
        rs.options = bad[i];
        expect_reject(&rs, "option", "options");
    }
    rami_ruleset rs = base();
    rs.options = RAMI_OPT_ALL;
    rs.match_target = 500;
    expect_accept(&rs, "every known option");
    rs.options = 0;
    expect_accept(&rs, "no option");
}

/* The house rules of issue 11: unopened_penalty 0..9999, the reserved
 * bytes 0, ELIMINATION only with a match_target to reach. */
static void test_check_house_rules(void **state)
{
    (void)state;
    rami_ruleset rs = base();
    rs.unopened_penalty = 100;
    expect_accept(&rs, "unopened_penalty 100");
    rs.unopened_penalty = 9999;
    expect_accept(&rs, "unopened_penalty 9999");
    rs.unopened_penalty = 10000;
    expect_reject(&rs, "unopened_penalty is 10000, must be 0..9999", "unopened_penalty 10000");
    rs = base();
    rs.options |= RAMI_OPT_ELIMINATION;
    expect_reject(&rs, "ELIMINATION needs match_target", "elimination without target");
    rs.match_target = 101;
    expect_accept(&rs, "elimination at 101");
    rs = base();
    rs.reserved[1] = 1;
    char why[128];
    assert_int_equal(rami_ruleset_check(&rs, why, sizeof why), RAMI_E_ARG);
    assert_string_equal(why, "reserved bytes must be 0");
    /* A caller with the first published layout (24 bytes) gets the
     * defaults of the house rules, whatever lies beyond its struct. */
    rs = base();
    rs.struct_size = 24;
    rs.unopened_penalty = 12345;
    rs.reserved[0] = 7;
    expect_accept(&rs, "24-byte caller");
    rami_game *g = NULL;
    assert_int_equal(rami_game_new(&rs, 1, &g), RAMI_OK);
    rami_ruleset back;
    assert_int_equal(rami_game_ruleset(g, &back), RAMI_OK);
    assert_int_equal(back.unopened_penalty, 0);
    assert_int_equal(back.struct_size, sizeof back);
    rami_game_free(g);
}

/* Fields that take any value. */
static void test_check_free_fields(void **state)
{
    (void)state;
    rami_ruleset rs = base();
    rs.max_restocks = 0;
    rs.max_turns = 0;
    rs.joker_penalty = 0;
    rs.ace_penalty = 1;
    rs.match_rounds = 10;
    rs.match_target = 500;
    expect_accept(&rs, "free fields");
    rs.max_restocks = 255;
    rs.max_turns = 65535;
    rs.joker_penalty = 255;
    rs.ace_penalty = 255;
    rs.match_rounds = 65535;
    rs.match_target = 65535;
    expect_accept(&rs, "free fields at maximum");
}

static void test_check_why(void **state)
{
    (void)state;
    rami_ruleset rs = base();
    rs.players = 9;
    char full[256];
    assert_int_equal(rami_ruleset_check(&rs, full, sizeof full), RAMI_E_RULESET);
    size_t len = strlen(full);
    assert_true(len > 8);
    /* Truncation keeps the NUL and a prefix of the reason. */
    for (size_t cap = 1; cap <= len + 1; cap++) {
        char why[256];
        memset(why, 'x', sizeof why);
        assert_int_equal(rami_ruleset_check(&rs, why, cap), RAMI_E_RULESET);
        assert_int_equal(why[cap - 1], '\0');
        assert_int_equal(strlen(why), cap - 1);
        assert_memory_equal(why, full, cap - 1);
        for (size_t i = cap; i < sizeof why; i++)
            assert_int_equal(why[i], 'x');
    }
    /* why_cap 0: nothing is written. */
    char why[4] = {'x', 'x', 'x', 'x'};
    assert_int_equal(rami_ruleset_check(&rs, why, 0), RAMI_E_RULESET);
    assert_int_equal(why[0], 'x');
    /* NULL ruleset. */
    char w[64] = "junk";
    assert_int_equal(rami_ruleset_check(NULL, w, sizeof w), RAMI_E_ARG);
    assert_int_equal(rami_ruleset_check(NULL, NULL, 0), RAMI_E_ARG);
}

/* A bad field is found no matter which other field is bad too. */
static void test_check_first_reason(void **state)
{
    (void)state;
    rami_ruleset rs = base();
    rs.jokers_per_meld = 0;
    rs.options = 1u << 20;
    char why[256];
    assert_int_equal(rami_ruleset_check(&rs, why, sizeof why), RAMI_E_RULESET);
    assert_true(strstr(why, "jokers_per_meld") != NULL || strstr(why, "option") != NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_option_bits),
        cmocka_unit_test(test_presets),
        cmocka_unit_test(test_pack_sizes),
        cmocka_unit_test(test_init_bad_args),
        cmocka_unit_test(test_check_struct_size),
        cmocka_unit_test(test_check_players),
        cmocka_unit_test(test_check_decks),
        cmocka_unit_test(test_check_pack),
        cmocka_unit_test(test_check_hand_size),
        cmocka_unit_test(test_check_deal_fits),
        cmocka_unit_test(test_check_jokers_per_meld),
        cmocka_unit_test(test_check_opening),
        cmocka_unit_test(test_check_options),
        cmocka_unit_test(test_check_house_rules),
        cmocka_unit_test(test_check_free_fields),
        cmocka_unit_test(test_check_why),
        cmocka_unit_test(test_check_first_reason),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
