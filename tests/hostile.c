/* Hostile callers: every public function of rami.h called with NULL
 * pointers, zero and huge sizes, out-of-range seats, unknown enum values,
 * wrong struct_size, invalid card codes and moves made of random bytes, on
 * games in every phase. Each call must return a RAMI_E_* status (never
 * crash) and leave the game exactly as it was (rami__game_equal against a
 * clone). The calls are counted per function and printed at the end (the
 * figures of doc/reliability.md).
 *
 * Lengths that describe the caller's own memory (a text's length, the
 * number of cards in an input array) are only made as large as the memory
 * really is: SIZE_MAX there would be the caller lying, not a hostile value
 * the library can detect. Output capacities are given as SIZE_MAX with a
 * buffer big enough for what the call can write. */
#include <limits.h>
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

/* Every public function, in rami.h order. */
// clang-format off
#define PUBLIC_FUNCTIONS(X) \
    X(strerror) X(version) X(card_parse) X(card_format) \
    X(cards_parse) X(ruleset_init) X(ruleset_check) X(meld_check) \
    X(game_new) X(game_new_deal) X(game_clone) X(game_free) \
    X(game_phase) X(game_current_player) X(game_dealer) X(game_round) \
    X(game_turn) X(game_hand) X(game_stock_count) X(game_discard_count) \
    X(game_discard_top) X(game_has_opened) X(game_meld_count) X(game_meld) \
    X(game_round_result) X(game_scores) X(game_next_round) X(game_match_winners) \
    X(game_ruleset) X(game_seed) X(game_picked) X(game_legal_moves) \
    X(game_check) X(game_play) X(game_undo) X(move_parse) \
    X(move_format) X(game_save) X(game_load) X(game_view_json) \
    X(solve_hand) X(game_determinize) X(bot_options_init) X(bot_choose) \
    X(game_hint)
// clang-format on

#define FN_ENUM_(name) F_##name,
enum fn_id { PUBLIC_FUNCTIONS(FN_ENUM_) F_COUNT };
#define FN_NAME_(name) "rami_" #name,
static const char *const fn_names[F_COUNT] = {PUBLIC_FUNCTIONS(FN_NAME_)};

static unsigned long calls[F_COUNT];

/* Calls rami_<fn>(...) and counts the call. */
#define CALL(fn, ...) (calls[F_##fn]++, rami_##fn(__VA_ARGS__))

/* Versioned structs (doc/api.md, "Structs that grow"). BAD_SIZES: the
 * struct_size values refused before anything beyond the field is read
 * (below the first published size, above RAMI_STRUCT_SIZE_MAX). */
#define BAD_SIZES(first)                                                                           \
    {                                                                                              \
        0, 1, (uint32_t)(first)-1, (uint32_t)RAMI_STRUCT_SIZE_MAX + 1, UINT32_MAX                  \
    }

/* A struct "from a newer header": its bytes, then zeros up to `size`,
 * with the byte at offset `poke` (beyond the struct) set when poke > 0. */
static _Alignas(8) unsigned char newer_bytes[RAMI_STRUCT_SIZE_MAX];
static void *newer_struct(const void *s, size_t n, uint32_t size, size_t poke)
{
    memset(newer_bytes, 0, sizeof newer_bytes);
    memcpy(newer_bytes, s, n);
    memcpy(newer_bytes, &size, sizeof size);
    if (poke > 0)
        newer_bytes[poke] = 1;
    return newer_bytes;
}

static uint64_t rnd_state = 0x2545F4914F6CDD1Dull;

static uint64_t rnd(void)
{
    return tu_xorshift(&rnd_state);
}

static bool is_error(int st)
{
    return st < 0 && st >= RAMI_E_CORRUPT;
}

static void assert_error(int st)
{
    if (!is_error(st))
        fail_msg("expected a RAMI_E_* status, got %d", st);
}

static const int bad_seats[] = {INT_MIN, -1000, -2, -1, 6, 7, 255, 256, INT_MAX};
#define N_BAD_SEATS (sizeof bad_seats / sizeof bad_seats[0])

/* Card codes that are no card: rank 0, 14, 15, suit-open, past the joker. */
static const rami_card bad_cards[] = {0x00, 0x0E, 0x0F, 0x10, 0x3E, 0x41, 0x4D,
                                      0x4F, 0x51, 0x60, 0x7F, 0x80, 0xFF};
#define N_BAD_CARDS (sizeof bad_cards / sizeof bad_cards[0])

/* ------------------------------------------------------------------------ */
/* Functions that need no game                                               */
/* ------------------------------------------------------------------------ */

static void test_status_and_version(void **state)
{
    (void)state;
    const int codes[] = {INT_MIN, -1000, -21, -20, -1, 0, 1, 1000, INT_MAX};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        const char *s = CALL(strerror, codes[i]);
        assert_non_null(s);
        assert_true(strlen(s) > 0);
    }
    calls[F_version]++;
    assert_non_null(rami_version());
}

static void test_card_text(void **state)
{
    (void)state;
    rami_card card = 0x77;
    assert_int_equal(CALL(card_parse, NULL, &card), RAMI_E_ARG);
    assert_int_equal(CALL(card_parse, "7S", NULL), RAMI_E_ARG);
    const char *junk[] = {"",    " ",     "7",        "S",        "7X",        "1S", "11S", "0S",
                          "JKK", "7S 8S", "\xff\xfe", "\xe2\x99", "7\xe2\x99", "**", "10",  "ZZ"};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        assert_int_equal(CALL(card_parse, junk[i], &card), RAMI_E_PARSE);
        assert_int_equal(card, 0x77); /* *out untouched */
    }

    char buf[8];
    assert_int_equal(CALL(card_format, RAMI_CARD(7, 3), NULL, 8), RAMI_E_ARG);
    for (size_t i = 0; i < N_BAD_CARDS; i++) {
        rami_card c = bad_cards[i];
        bool suit_open = RAMI_CARD_SUIT(c) == RAMI_SUIT_ANY && RAMI_CARD_RANK(c) >= 1 &&
                         RAMI_CARD_RANK(c) <= 13; /* formats as "7?" */
        assert_int_equal(CALL(card_format, c, buf, sizeof buf), suit_open ? RAMI_OK : RAMI_E_ARG);
    }
    memset(buf, 'x', sizeof buf);
    assert_int_equal(CALL(card_format, RAMI_CARD(10, 3), buf, 0), RAMI_E_BUFFER);
    assert_int_equal(buf[0], 'x');
    assert_int_equal(CALL(card_format, RAMI_CARD(10, 3), buf, 3), RAMI_E_BUFFER);
    assert_int_equal(buf[3], 'x');
    assert_int_equal(CALL(card_format, RAMI_CARD(10, 3), buf, SIZE_MAX), RAMI_OK);

    rami_card out[4] = {0};
    size_t n = 99;
    assert_int_equal(CALL(cards_parse, NULL, out, 4, &n), RAMI_E_ARG);
    assert_int_equal(CALL(cards_parse, "7S", out, 4, NULL), RAMI_E_ARG);
    assert_int_equal(CALL(cards_parse, "7S", NULL, 4, &n), RAMI_E_ARG);
    assert_int_equal(CALL(cards_parse, "7S 8S 9S", NULL, 0, &n), RAMI_E_BUFFER);
    assert_int_equal(n, 3);
    assert_int_equal(CALL(cards_parse, "7S 8S 9S 10S 2C", out, 4, &n), RAMI_E_BUFFER);
    assert_int_equal(n, 5);
    assert_int_equal(CALL(cards_parse, "7S 8S ZZ", out, 4, &n), RAMI_E_PARSE);
    assert_int_equal(CALL(cards_parse, "7S,8S", out, SIZE_MAX, &n), RAMI_OK);
    assert_int_equal(n, 2);
}

/* A ruleset must stay byte for byte as it was when init refuses. */
static void test_ruleset(void **state)
{
    (void)state;
    rami_ruleset rs, before;
    memset(&rs, 0xAB, sizeof rs);
    before = rs;
    const int presets[] = {INT_MIN, -1, 5, 7, 99, INT_MAX};
    for (size_t i = 0; i < sizeof presets / sizeof presets[0]; i++)
        assert_int_equal(CALL(ruleset_init, &rs, presets[i], 4), RAMI_E_ARG);
    const unsigned players[] = {0, 1, 7, 255, 256, UINT_MAX};
    for (size_t i = 0; i < sizeof players / sizeof players[0]; i++)
        assert_int_equal(CALL(ruleset_init, &rs, RAMI_PRESET_51, players[i]), RAMI_E_ARG);
    assert_memory_equal(&rs, &before, sizeof rs);
    assert_int_equal(CALL(ruleset_init, NULL, RAMI_PRESET_51, 4), RAMI_E_ARG);

    char why[64];
    assert_int_equal(CALL(ruleset_check, NULL, why, sizeof why), RAMI_E_ARG);
    assert_int_equal(CALL(ruleset_init, &rs, RAMI_PRESET_51, 4), RAMI_OK);
    const uint32_t sizes[] = BAD_SIZES(24);
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        rami_ruleset bad = rs;
        bad.struct_size = sizes[i];
        assert_int_equal(CALL(ruleset_check, &bad, why, sizeof why), RAMI_E_ARG);
        assert_int_equal(CALL(ruleset_check, &bad, NULL, 0), RAMI_E_ARG);
        assert_int_equal(CALL(ruleset_check, &bad, why, 1), RAMI_E_ARG);
        assert_int_equal(why[0], '\0');
    }
    /* A newer header's struct: accepted while its unknown bytes are zero. */
    const rami_ruleset *newer = newer_struct(&rs, sizeof rs, sizeof rs * 2, 0);
    assert_int_equal(CALL(ruleset_check, newer, why, sizeof why), RAMI_OK);
    newer = newer_struct(&rs, sizeof rs, sizeof rs * 2, sizeof rs * 2 - 1);
    assert_int_equal(CALL(ruleset_check, newer, why, sizeof why), RAMI_E_ARG);
    /* Field by field: values no game can be played with. */
    for (int k = 0; k < 9; k++) {
        rami_ruleset bad = rs;
        switch (k) {
        case 0:
            bad.players = 0;
            break;
        case 1:
            bad.players = 7;
            break;
        case 2:
            bad.decks = 0;
            break;
        case 3:
            bad.decks = 255;
            break;
        case 4:
            bad.hand_size = 0;
            break;
        case 5:
            bad.hand_size = 255;
            break;
        case 6:
            bad.jokers_per_meld = 0;
            break;
        case 7:
            bad.jokers_per_meld = 255;
            break;
        default:
            bad.options = 0xFFFFFFFFu;
            break;
        }
        assert_int_equal(CALL(ruleset_check, &bad, why, sizeof why), RAMI_E_RULESET);
        assert_true(strlen(why) > 0);
    }
}

static void test_meld_check(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 4), RAMI_OK);
    rami_card run[RAMI_MAX_MELD + 3];
    for (unsigned i = 0; i < sizeof run; i++)
        run[i] = RAMI_CARD(1 + i % 13, RAMI_SPADES);
    rami_meld_info info;
    assert_int_equal(CALL(meld_check, &rs, NULL, 3, &info), RAMI_E_ARG);
    assert_int_equal(CALL(meld_check, &rs, run, 0, &info), RAMI_E_MELD);
    assert_int_equal(CALL(meld_check, NULL, run, 0, NULL), RAMI_E_MELD);
    assert_int_equal(CALL(meld_check, &rs, run, 2, &info), RAMI_E_MELD);
    assert_int_equal(info.kind, RAMI_MELD_NONE);
    for (size_t n = RAMI_MAX_MELD + 1; n <= sizeof run; n++)
        assert_int_equal(CALL(meld_check, &rs, run, n, &info), RAMI_E_MELD);
    for (size_t i = 0; i < N_BAD_CARDS; i++) {
        rami_card cards[3] = {RAMI_CARD(7, 0), bad_cards[i], RAMI_CARD(7, 2)};
        assert_int_equal(CALL(meld_check, &rs, cards, 3, &info), RAMI_E_ARG);
    }
    rami_ruleset bad = rs;
    bad.struct_size = 0;
    assert_int_equal(CALL(meld_check, &bad, run, 3, &info), RAMI_E_ARG);
    bad = rs;
    bad.jokers_per_meld = 0;
    assert_int_equal(CALL(meld_check, &bad, run, 3, &info), RAMI_E_ARG);
    /* Random card bytes: a status, and info zeroed whenever it is refused. */
    unsigned long rounds = tu_small_scale() ? 2000 : 20000;
    for (unsigned long k = 0; k < rounds; k++) {
        rami_card cards[RAMI_MAX_MELD];
        size_t n = rnd() % (RAMI_MAX_MELD + 1);
        for (size_t i = 0; i < n; i++) {
            uint64_t r = rnd();
            cards[i] = r & 1 ? (rami_card)(r >> 8) : RAMI_CARD(1 + (r >> 8) % 13, (r >> 16) % 4);
        }
        int st = CALL(meld_check, &rs, cards, n, &info);
        assert_true(st == RAMI_OK || is_error(st));
        if (st != RAMI_OK)
            assert_int_equal(info.kind, RAMI_MELD_NONE);
    }
}

static void test_move_text(void **state)
{
    (void)state;
    rami_move m, before;
    memset(&m, 0x5A, sizeof m);
    before = m;
    assert_int_equal(CALL(move_parse, NULL, &m), RAMI_E_ARG);
    assert_int_equal(CALL(move_parse, "draw", NULL), RAMI_E_ARG);
    const char *junk[] = {"",
                          "drawx",
                          "meld",
                          "meld 7S",
                          "meld 7S 8S 9S 10S JS QS KS AS 2S 3S 4S 5S 6S 7S",
                          "lay 9S",
                          "lay 9S on",
                          "lay 9S on 0",
                          "lay 9S on -1",
                          "lay 9S on 99999999999999999999",
                          "lay 9S on 2 sideways",
                          "swap on 2",
                          "discard",
                          "discard 7S 8S",
                          "take 7S",
                          "\xff",
                          "meld 7S 8S 9S high high"};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        int st = CALL(move_parse, junk[i], &m);
        assert_error(st);
        assert_memory_equal(&m, &before, sizeof m);
    }

    char buf[128];
    assert_int_equal(CALL(move_format, NULL, buf, sizeof buf), RAMI_E_ARG);
    assert_int_equal(rami_move_parse("meld 7S 8S 9S", &m), RAMI_OK);
    assert_int_equal(CALL(move_format, &m, NULL, 16), RAMI_E_ARG);
    assert_int_equal(CALL(move_format, &m, buf, 0), RAMI_E_BUFFER);
    assert_int_equal(CALL(move_format, &m, buf, 4), RAMI_E_BUFFER);
    assert_int_equal(CALL(move_format, &m, buf, SIZE_MAX), RAMI_OK);
    const uint8_t kinds[] = {0, 7, 8, 128, 255};
    for (size_t i = 0; i < sizeof kinds; i++) {
        rami_move bad = m;
        bad.kind = kinds[i];
        assert_int_equal(CALL(move_format, &bad, buf, sizeof buf), RAMI_E_ARG);
    }
    rami_move bad = m;
    bad.side = 3;
    assert_int_equal(CALL(move_format, &bad, buf, sizeof buf), RAMI_E_ARG);
    bad = m;
    bad.count = RAMI_MAX_MELD + 1;
    assert_int_equal(CALL(move_format, &bad, buf, sizeof buf), RAMI_E_ARG);
    bad.count = 255;
    assert_int_equal(CALL(move_format, &bad, buf, sizeof buf), RAMI_E_ARG);
    for (size_t i = 0; i < N_BAD_CARDS; i++) {
        bad = m;
        bad.cards[1] = bad_cards[i];
        assert_int_equal(CALL(move_format, &bad, buf, sizeof buf), RAMI_E_ARG);
    }
    /* Random bytes: either a move that re-parses to itself, or an error. */
    unsigned long rounds = tu_small_scale() ? 5000 : 50000, formatted = 0;
    for (unsigned long k = 0; k < rounds; k++) {
        rami_move r;
        for (size_t i = 0; i < sizeof r; i++)
            ((unsigned char *)&r)[i] = (unsigned char)rnd();
        if (k & 1)
            r.kind = (uint8_t)(1 + r.kind % 6);
        if (k & 2)
            r.count = (uint8_t)(r.count % 15);
        if (k % 8 == 7) { /* plausible: valid cards and a count that fits the kind */
            r.count = r.kind == RAMI_MOVE_MELD           ? (uint8_t)(3 + r.count % 11)
                      : r.kind <= RAMI_MOVE_DRAW_DISCARD ? 0
                                                         : 1;
            for (size_t i = 0; i < RAMI_MAX_MELD; i++)
                r.cards[i] = rnd() % 9 == 0 ? RAMI_JOKER : RAMI_CARD(1 + rnd() % 13, rnd() % 4);
            r.side = (uint8_t)(r.side % 3);
        }
        int st = CALL(move_format, &r, buf, sizeof buf);
        assert_true(st == RAMI_OK || st == RAMI_E_ARG);
        if (st == RAMI_OK) {
            /* The text reads back to a move that formats to the same text. */
            rami_move back;
            char again[128];
            assert_int_equal(CALL(move_parse, buf, &back), RAMI_OK);
            assert_int_equal(CALL(move_format, &back, again, sizeof again), RAMI_OK);
            assert_string_equal(buf, again);
            formatted++;
        }
    }
    assert_true(formatted > 0);
}

static void test_solver_and_bot_options(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 4), RAMI_OK);
    rami_card cards[RAMI_MAX_HAND + 1];
    for (unsigned i = 0; i < sizeof cards; i++)
        cards[i] = RAMI_CARD(1 + i % 13, i / 13 % 4);
    rami_solution sol, before;
    memset(&sol, 0x3C, sizeof sol);
    before = sol;
    assert_int_equal(CALL(solve_hand, NULL, cards, 5, 0, &sol), RAMI_E_ARG);
    assert_int_equal(CALL(solve_hand, &rs, NULL, 5, 0, &sol), RAMI_E_ARG);
    assert_int_equal(CALL(solve_hand, &rs, cards, 5, 0, NULL), RAMI_E_ARG);
    assert_int_equal(CALL(solve_hand, &rs, cards, RAMI_MAX_HAND + 1, 0, &sol), RAMI_E_ARG);
    assert_int_equal(CALL(solve_hand, &rs, cards, SIZE_MAX, 0, &sol), RAMI_E_ARG);
    const int goals[] = {INT_MIN, -1, 2, 7, INT_MAX};
    for (size_t i = 0; i < sizeof goals / sizeof goals[0]; i++)
        assert_int_equal(CALL(solve_hand, &rs, cards, 5, goals[i], &sol), RAMI_E_ARG);
    for (size_t i = 0; i < N_BAD_CARDS; i++) {
        rami_card h[4] = {RAMI_CARD(7, 0), RAMI_CARD(8, 0), bad_cards[i], RAMI_CARD(9, 0)};
        assert_int_equal(CALL(solve_hand, &rs, h, 4, RAMI_SOLVE_MIN_PENALTY, &sol), RAMI_E_ARG);
    }
    const rami_ruleset *newer = newer_struct(&rs, sizeof rs, sizeof rs + 4, sizeof rs + 3);
    assert_int_equal(CALL(solve_hand, newer, cards, 5, 0, &sol), RAMI_E_ARG);
    assert_memory_equal(&sol, &before, sizeof sol);
    assert_int_equal(CALL(solve_hand, &rs, NULL, 0, RAMI_SOLVE_MAX_POINTS, &sol), RAMI_OK);
    assert_int_equal(sol.meld_count, 0);

    rami_bot_options opt, obefore;
    memset(&opt, 0x11, sizeof opt);
    obefore = opt;
    assert_int_equal(CALL(bot_options_init, NULL, 0), RAMI_E_ARG);
    const int levels[] = {INT_MIN, -1, 3, 9, 255, INT_MAX};
    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        assert_int_equal(CALL(bot_options_init, &opt, levels[i]), RAMI_E_ARG);
    assert_memory_equal(&opt, &obefore, sizeof opt);
}

/* ------------------------------------------------------------------------ */
/* Creating games                                                            */
/* ------------------------------------------------------------------------ */

static rami_game *const SENTINEL = (rami_game *)(uintptr_t)0xDEADBEEF;

static void test_game_new(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 4), RAMI_OK);
    rami_game *g = SENTINEL;
    assert_int_equal(CALL(game_new, NULL, 1, &g), RAMI_E_ARG);
    assert_int_equal(CALL(game_new, &rs, 1, NULL), RAMI_E_ARG);
    const uint32_t sizes[] = BAD_SIZES(24);
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        rami_ruleset bad = rs;
        bad.struct_size = sizes[i];
        assert_int_equal(CALL(game_new, &bad, 1, &g), RAMI_E_ARG);
    }
    const rami_ruleset *newer = newer_struct(&rs, sizeof rs, sizeof rs + 1, sizeof rs);
    assert_int_equal(CALL(game_new, newer, 1, &g), RAMI_E_ARG);
    assert_ptr_equal(g, SENTINEL);
    /* Random ruleset bytes with the right struct_size: refused or playable. */
    unsigned long rounds = tu_small_scale() ? 300 : 3000;
    unsigned long made = 0;
    for (unsigned long k = 0; k < rounds; k++) {
        rami_ruleset r = rs;
        unsigned char *p = (unsigned char *)&r;
        for (size_t i = sizeof r.struct_size; i < sizeof r; i++)
            if (rnd() % 4 == 0)
                p[i] = (unsigned char)rnd();
        rami_game *x = SENTINEL;
        int st = CALL(game_new, &r, rnd(), &x);
        if (st == RAMI_OK) {
            assert_int_equal(CALL(ruleset_check, &r, NULL, 0), RAMI_OK);
            CALL(game_free, x);
            made++;
        } else {
            assert_error(st);
            assert_ptr_equal(x, SENTINEL);
        }
    }
    assert_ptr_equal(g, SENTINEL);
    CALL(game_free, NULL);
    (void)made;
}

/* A valid deal of preset 51 for 2 players, built from a shuffled pack. */
static void valid_deal(const rami_ruleset *rs, rami_deal *d)
{
    memset(d, 0, sizeof *d);
    d->struct_size = sizeof *d;
    d->dealer = 1;
    rami_card pack[RAMI_MAX_PACK];
    unsigned n = tu_pack(rs, pack);
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

static void test_game_new_deal(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    rami_deal d;
    valid_deal(&rs, &d);
    rami_game *g = SENTINEL;
    assert_int_equal(CALL(game_new_deal, NULL, &d, 1, &g), RAMI_E_ARG);
    assert_int_equal(CALL(game_new_deal, &rs, NULL, 1, &g), RAMI_E_ARG);
    assert_int_equal(CALL(game_new_deal, &rs, &d, 1, NULL), RAMI_E_ARG);
    rami_ruleset badrs = rs;
    badrs.struct_size = 3;
    assert_int_equal(CALL(game_new_deal, &badrs, &d, 1, &g), RAMI_E_ARG);
    const uint32_t sizes[] = BAD_SIZES(sizeof d);
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        rami_deal bad = d;
        bad.struct_size = sizes[i];
        assert_int_equal(CALL(game_new_deal, &rs, &bad, 1, &g), RAMI_E_ARG);
    }
    const rami_deal *newer = newer_struct(&d, sizeof d, sizeof d + 8, sizeof d + 3);
    assert_int_equal(CALL(game_new_deal, &rs, newer, 1, &g), RAMI_E_ARG);
    rami_deal padded = d;
    padded.reserved = 1;
    assert_int_equal(CALL(game_new_deal, &rs, &padded, 1, &g), RAMI_E_ARG);
    for (int k = 0; k < 9; k++) {
        rami_deal bad = d;
        switch (k) {
        case 0:
            bad.dealer = 2;
            break;
        case 1:
            bad.dealer = 255;
            break;
        case 2:
            bad.hand_count[0] = 0;
            break;
        case 3:
            bad.hand_count[1] = RAMI_MAX_HAND;
            break;
        case 4:
            bad.hand_count[2] = 1;
            break; /* a seat the game does not have */
        case 5:
            bad.stock_count = 0;
            break;
        case 6:
            bad.stock_count = RAMI_MAX_PACK + 1;
            break;
        case 7:
            bad.discard_count = UINT16_MAX;
            break;
        default:
            bad.hands[0][0] = bad.hands[0][1] = bad.hands[0][2] = RAMI_JOKER;
            bad.hands[0][3] = bad.hands[0][4] = RAMI_JOKER;
            break; /* 5 jokers of 4 */
        }
        assert_int_equal(CALL(game_new_deal, &rs, &bad, 1, &g), RAMI_E_ARG);
    }
    for (size_t i = 0; i < N_BAD_CARDS; i++) {
        rami_deal bad = d;
        bad.hands[1][5] = bad_cards[i];
        assert_int_equal(CALL(game_new_deal, &rs, &bad, 1, &g), RAMI_E_ARG);
        bad = d;
        bad.stock[0] = bad_cards[i];
        assert_int_equal(CALL(game_new_deal, &rs, &bad, 1, &g), RAMI_E_ARG);
    }
    assert_ptr_equal(g, SENTINEL);
    /* Random bytes in the deal: refused, or a game that plays. */
    unsigned long rounds = tu_small_scale() ? 300 : 3000;
    for (unsigned long k = 0; k < rounds; k++) {
        rami_deal r = d;
        unsigned char *p = (unsigned char *)&r;
        unsigned flips = 1 + (unsigned)(rnd() % 4);
        for (unsigned i = 0; i < flips; i++)
            p[sizeof r.struct_size + rnd() % (sizeof r - sizeof r.struct_size)] =
                (unsigned char)rnd();
        rami_game *x = SENTINEL;
        int st = CALL(game_new_deal, &rs, &r, rnd(), &x);
        if (st == RAMI_OK)
            CALL(game_free, x);
        else
            assert_ptr_equal(x, SENTINEL);
    }
}

/* ------------------------------------------------------------------------ */
/* Games in every phase                                                      */
/* ------------------------------------------------------------------------ */

enum fixture { FX_DRAW, FX_PLAY_CLOSED, FX_PLAY_OPENED, FX_ROUND_OVER, FX_MATCH_OVER, FX_COUNT };
static const char *const fixture_names[FX_COUNT] = {
    "draw", "play before opening", "play after opening", "round over", "match over"};

static void play_text(rami_game *g, const char *text)
{
    rami_move m;
    assert_int_equal(rami_move_parse(text, &m), RAMI_OK);
    char why[160] = "";
    int st = rami_game_check(g, g->pos.current, &m, why, sizeof why);
    if (st != RAMI_OK)
        fail_msg("%s: %s", text, why);
    assert_int_equal(rami_game_play(g, g->pos.current, &m), RAMI_OK);
}

static void parse_cards(const char *text, rami_card *out, size_t want)
{
    size_t n;
    assert_int_equal(rami_cards_parse(text, out, RAMI_MAX_PACK, &n), RAMI_OK);
    assert_int_equal(n, want);
}

/* Seat 0 holds 91 points of melds: it draws and opens with two of them. */
static rami_game *opened_game(void)
{
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    rami_deal d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.dealer = 1;
    d.hand_count[0] = d.hand_count[1] = 13;
    parse_cards("QS KS AS JH QH KH 10C 10D 10H 2C 5D 7H 9S", d.hands[0], 13);
    parse_cards("2D 4C 6S 8H 3S 5C 7D 9H JC KD 4H 6C 8D", d.hands[1], 13);
    parse_cards("3C 3D 4S 5S 6D 7C 8C 9C JD QC", d.stock, 10);
    d.stock_count = 10;
    parse_cards("2H", d.discard, 1);
    d.discard_count = 1;
    rami_game *g;
    assert_int_equal(rami_game_new_deal(&rs, &d, 7, &g), RAMI_OK);
    play_text(g, "draw");
    play_text(g, "meld QS KS AS");
    play_text(g, "meld JH QH KH");
    assert_int_equal(rami_game_has_opened(g, 0), 1);
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_PLAY);
    return g;
}

/* Draws and discards the first listed discard until the round ends. */
static void play_to_end(rami_game *g)
{
    rami_move *list = malloc(RAMI_MAX_MOVES * sizeof *list);
    assert_non_null(list);
    while (rami_game_phase(g) <= RAMI_PHASE_PLAY) {
        size_t n;
        assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n), RAMI_OK);
        assert_true(n > 0);
        size_t pick = 0;
        for (size_t i = 0; i < n; i++)
            if (list[i].kind == RAMI_MOVE_DRAW_STOCK || list[i].kind == RAMI_MOVE_DISCARD) {
                pick = i;
                break;
            }
        assert_int_equal(rami_game_play(g, g->pos.current, &list[pick]), RAMI_OK);
    }
    free(list);
}

static rami_game *fixture(int which)
{
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 3), RAMI_OK);
    rami_game *g;
    switch (which) {
    case FX_DRAW:
        assert_int_equal(rami_game_new(&rs, 11, &g), RAMI_OK);
        return g;
    case FX_PLAY_CLOSED:
        assert_int_equal(rami_game_new(&rs, 12, &g), RAMI_OK);
        play_text(g, "draw");
        return g;
    case FX_PLAY_OPENED:
        return opened_game();
    case FX_ROUND_OVER:
        rs.max_turns = 4;
        assert_int_equal(rami_game_new(&rs, 13, &g), RAMI_OK);
        play_to_end(g);
        assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
        return g;
    default:
        rs.max_turns = 3;
        rs.match_rounds = 2;
        assert_int_equal(rami_game_new(&rs, 14, &g), RAMI_OK);
        play_to_end(g);
        assert_int_equal(rami_game_next_round(g), RAMI_OK);
        play_to_end(g);
        assert_int_equal(rami_game_phase(g), RAMI_PHASE_MATCH_OVER);
        return g;
    }
}

/* The queries: bad seats, NULL outputs, small and huge capacities. */
static void hostile_queries(rami_game *g)
{
    int players = g->rs.players;
    size_t count = 0;
    rami_card cards[RAMI_MAX_HAND];
    assert_int_equal(CALL(game_phase, NULL), RAMI_E_ARG);
    assert_int_equal(CALL(game_current_player, NULL), RAMI_E_ARG);
    assert_int_equal(CALL(game_dealer, NULL), RAMI_E_ARG);
    assert_int_equal(CALL(game_round, NULL), RAMI_E_ARG);
    assert_int_equal(CALL(game_turn, NULL), RAMI_E_ARG);
    assert_int_equal(CALL(game_stock_count, NULL), 0);
    assert_int_equal(CALL(game_discard_count, NULL), 0);
    assert_int_equal(CALL(game_discard_top, NULL), RAMI_NO_CARD);
    assert_int_equal(CALL(game_meld_count, NULL), 0);
    assert_int_equal(CALL(game_seed, NULL), 0);
    assert_int_equal(CALL(game_picked, NULL), RAMI_NO_CARD);
    assert_int_equal(CALL(game_match_winners, NULL), RAMI_E_ARG);
    assert_true(CALL(game_phase, g) >= RAMI_PHASE_DRAW);
    assert_true(CALL(game_current_player, g) >= 0);
    assert_true(CALL(game_dealer, g) >= 0);
    assert_true(CALL(game_round, g) >= 1);
    assert_true(CALL(game_turn, g) >= 0);
    (void)CALL(game_stock_count, g);
    (void)CALL(game_discard_count, g);
    (void)CALL(game_discard_top, g);
    (void)CALL(game_seed, g);
    (void)CALL(game_picked, g);
    int mw = CALL(game_match_winners, g);
    if (g->pos.phase == RAMI_PHASE_MATCH_OVER)
        assert_true(mw > 0);
    else
        assert_int_equal(mw, RAMI_E_PHASE);

    for (size_t i = 0; i <= N_BAD_SEATS; i++) {
        int seat = i < N_BAD_SEATS ? bad_seats[i] : players; /* one past the last seat */
        if (seat >= 0 && seat < players)
            continue;
        assert_int_equal(CALL(game_hand, g, seat, cards, RAMI_MAX_HAND, &count), RAMI_E_ARG);
        assert_int_equal(CALL(game_has_opened, g, seat), RAMI_E_ARG);
    }
    assert_int_equal(CALL(game_hand, NULL, 0, cards, RAMI_MAX_HAND, &count), RAMI_E_ARG);
    assert_int_equal(CALL(game_hand, g, 0, cards, RAMI_MAX_HAND, NULL), RAMI_E_ARG);
    assert_int_equal(CALL(game_hand, g, 0, NULL, 5, &count), RAMI_E_ARG);
    assert_int_equal(CALL(game_has_opened, NULL, 0), RAMI_E_ARG);
    for (int p = 0; p < players; p++) {
        int st = CALL(game_hand, g, p, NULL, 0, &count);
        assert_int_equal(st, count > 0 ? RAMI_E_BUFFER : RAMI_OK);
        size_t need = count;
        if (need > 0) {
            memset(cards, 0xEE, sizeof cards);
            assert_int_equal(CALL(game_hand, g, p, cards, need - 1, &count), RAMI_E_BUFFER);
            assert_int_equal(count, need);
            assert_int_equal(cards[need - 1], 0xEE); /* nothing past cap */
        }
        assert_int_equal(CALL(game_hand, g, p, cards, SIZE_MAX, &count), RAMI_OK);
        assert_int_equal(count, need);
        int op = CALL(game_has_opened, g, p);
        assert_true(op == 0 || op == 1);
    }

    int owner;
    rami_meld_info info;
    const size_t indices[] = {g->pos.meld_count, g->pos.meld_count + 1u, 255, 256, SIZE_MAX};
    for (size_t i = 0; i < sizeof indices / sizeof indices[0]; i++)
        assert_int_equal(CALL(game_meld, g, indices[i], &owner, &info), RAMI_E_ARG);
    assert_int_equal(CALL(game_meld, NULL, 0, &owner, &info), RAMI_E_ARG);
    for (size_t i = 0; i < CALL(game_meld_count, g); i++)
        assert_int_equal(CALL(game_meld, g, i, NULL, NULL), RAMI_OK);

    rami_round_result res;
    assert_int_equal(CALL(game_round_result, NULL, &res), RAMI_E_ARG);
    assert_int_equal(CALL(game_round_result, g, NULL), RAMI_E_ARG);
    int rr = CALL(game_round_result, g, &res);
    assert_int_equal(rr, g->pos.phase >= RAMI_PHASE_ROUND_OVER ? RAMI_OK : RAMI_E_PHASE);

    int32_t totals[64];
    assert_int_equal(CALL(game_scores, NULL, totals, 6), RAMI_E_ARG);
    assert_int_equal(CALL(game_scores, g, NULL, 6), RAMI_E_ARG);
    assert_int_equal(CALL(game_scores, g, NULL, 0), RAMI_OK);
    assert_int_equal(CALL(game_scores, g, totals, 64), RAMI_OK);
    assert_int_equal(totals[63], 0);

    rami_ruleset rs;
    assert_int_equal(CALL(game_ruleset, NULL, &rs), RAMI_E_ARG);
    assert_int_equal(CALL(game_ruleset, g, NULL), RAMI_E_ARG);
    assert_int_equal(CALL(game_ruleset, g, &rs), RAMI_OK);
}

/* Moves: NULL, bad seats, undo, next round in the wrong phase. */
static void hostile_moves(rami_game *g, rami_move *list)
{
    size_t n = 0;
    assert_int_equal(CALL(game_legal_moves, NULL, list, RAMI_MAX_MOVES, &n), RAMI_E_ARG);
    assert_int_equal(CALL(game_legal_moves, g, list, RAMI_MAX_MOVES, NULL), RAMI_E_ARG);
    assert_int_equal(CALL(game_legal_moves, g, NULL, 3, &n), RAMI_E_ARG);
    int st = CALL(game_legal_moves, g, NULL, 0, &n);
    assert_int_equal(st, n > 0 ? RAMI_E_BUFFER : RAMI_OK);
    size_t need = n;
    assert_int_equal(CALL(game_legal_moves, g, list, SIZE_MAX, &n), RAMI_OK);
    assert_int_equal(n, need);
    if (need > 1) {
        memset(&list[need - 1], 0xEE, sizeof list[0]);
        assert_int_equal(CALL(game_legal_moves, g, list, need - 1, &n), RAMI_E_BUFFER);
        assert_int_equal(list[need - 1].kind, 0xEE);
        assert_int_equal(CALL(game_legal_moves, g, list, need, &n), RAMI_OK);
    }
    bool live = g->pos.phase <= RAMI_PHASE_PLAY;
    assert_true(live ? need > 0 : need == 0);

    rami_move m;
    memset(&m, 0, sizeof m);
    m.kind = RAMI_MOVE_DRAW_STOCK;
    const rami_move *probe = need > 0 ? &list[0] : &m;
    char why[128];
    assert_int_equal(CALL(game_check, NULL, 0, probe, why, sizeof why), RAMI_E_ARG);
    assert_int_equal(CALL(game_check, g, g->pos.current, NULL, why, sizeof why), RAMI_E_ARG);
    assert_int_equal(CALL(game_play, NULL, 0, probe), RAMI_E_ARG);
    assert_int_equal(CALL(game_play, g, g->pos.current, NULL), RAMI_E_ARG);
    assert_int_equal(CALL(game_undo, NULL, 0), RAMI_E_ARG);
    assert_error(CALL(game_check, g, g->rs.players, probe, why, sizeof why));
    assert_error(CALL(game_play, g, g->rs.players, probe));
    for (size_t i = 0; i < N_BAD_SEATS; i++) {
        assert_error(CALL(game_check, g, bad_seats[i], probe, why, sizeof why));
        assert_error(CALL(game_check, g, bad_seats[i], probe, NULL, 0));
        assert_error(CALL(game_play, g, bad_seats[i], probe));
        assert_error(CALL(game_undo, g, bad_seats[i]));
    }
    for (int p = 0; p < g->rs.players; p++) {
        if (p == g->pos.current && live)
            continue;
        assert_error(CALL(game_check, g, p, probe, why, sizeof why));
        assert_error(CALL(game_play, g, p, probe));
    }
    /* why: NULL, or too short for the reason; the status does not change. */
    if (need > 0) {
        assert_int_equal(CALL(game_check, g, g->pos.current, probe, NULL, 0), RAMI_OK);
        assert_int_equal(CALL(game_check, g, g->pos.current, probe, why, 1), RAMI_OK);
    }
    /* Nothing to undo: the fixtures never hold a meld of this turn, except
     * the opened one, which we do not touch here. */
    if (g->undo_count == 0)
        assert_error(CALL(game_undo, g, g->pos.current));
    if (g->pos.phase != RAMI_PHASE_ROUND_OVER)
        assert_int_equal(CALL(game_next_round, g), RAMI_E_PHASE);
    assert_int_equal(CALL(game_next_round, NULL), RAMI_E_ARG);
}

/* A move of random bytes; often with a valid kind so that the deeper
 * checks are reached, sometimes with cards from the hand. */
static void random_move(const rami_game *g, rami_move *m)
{
    for (size_t i = 0; i < sizeof *m; i++)
        ((unsigned char *)m)[i] = (unsigned char)rnd();
    uint64_t r = rnd();
    if (r & 1)
        m->kind = (uint8_t)(1 + (r >> 8) % 6);
    if (r & 2)
        m->count = (uint8_t)((r >> 16) % 15);
    if (r & 4)
        m->target = (uint8_t)((r >> 24) % (g->pos.meld_count + 2u));
    if (r & 8)
        m->side = (uint8_t)((r >> 32) % 4);
    if (r & 16) {
        rami_card held[RAMI_MAX_HAND];
        size_t n;
        if (rami_game_hand(g, g->pos.current, held, RAMI_MAX_HAND, &n) == RAMI_OK && n > 0)
            for (size_t i = 0; i < RAMI_MAX_MELD; i++)
                m->cards[i] = held[rnd() % n];
    }
}

struct move_stats {
    unsigned long tried, accepted;
};

/* Random moves: check and play agree; a refused move changes nothing; an
 * accepted one (rare) is taken back by starting again from the clone. */
/* A listed legal move with one byte changed: reaches the deepest checks. */
static void mutated_move(const rami_move *list, size_t n, rami_move *m)
{
    *m = list[rnd() % n];
    uint64_t r = rnd();
    ((unsigned char *)m)[r % sizeof *m] = (unsigned char)(r >> 32);
}

static rami_game *random_moves(rami_game *g, const rami_game *ref, unsigned long rounds,
                               const rami_move *list, size_t n, struct move_stats *ms)
{
    for (unsigned long k = 0; k < rounds; k++) {
        rami_move m;
        if (n > 0 && k % 4 == 3)
            mutated_move(list, n, &m);
        else
            random_move(g, &m);
        int seat = rnd() % 8 == 0 ? (int)(rnd() % 9) - 1 : g->pos.current;
        char why[128];
        int ck = CALL(game_check, g, seat, &m, why, sizeof why);
        int st = CALL(game_play, g, seat, &m);
        assert_int_equal(st, ck);
        ms->tried++;
        if (st == RAMI_OK) {
            ms->accepted++;
            CALL(game_free, g);
            assert_int_equal(CALL(game_clone, ref, &g), RAMI_OK);
        } else {
            assert_error(st);
            assert_true(rami__game_equal(g, ref));
        }
    }
    return g;
}

/* Text outputs: NULL, zero and short capacities never write past cap. */
static void hostile_text(rami_game *g)
{
    static char buf[1 << 17];
    size_t len = 0, need;
    assert_int_equal(CALL(game_save, NULL, buf, sizeof buf, &len), RAMI_E_ARG);
    assert_int_equal(CALL(game_save, g, buf, sizeof buf, NULL), RAMI_E_ARG);
    assert_int_equal(CALL(game_save, g, NULL, 10, &len), RAMI_E_ARG);
    assert_int_equal(CALL(game_save, g, NULL, 0, &len), RAMI_E_BUFFER);
    need = len;
    const size_t caps[] = {1, 2, need / 2, need};
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++) {
        memset(buf, 'z', need + 2);
        assert_int_equal(CALL(game_save, g, buf, caps[i], &len), RAMI_E_BUFFER);
        assert_int_equal(len, need);
        assert_int_equal(buf[caps[i]], 'z');
    }
    assert_true(need + 1 < sizeof buf);
    assert_int_equal(CALL(game_save, g, buf, SIZE_MAX, &len), RAMI_OK);
    assert_int_equal(len, need);

    for (size_t i = 0; i < N_BAD_SEATS; i++)
        if (bad_seats[i] != RAMI_VIEWER_ALL && bad_seats[i] != RAMI_VIEWER_PUBLIC)
            assert_int_equal(CALL(game_view_json, g, bad_seats[i], buf, sizeof buf, &len),
                             RAMI_E_ARG);
    assert_int_equal(CALL(game_view_json, g, g->rs.players, buf, sizeof buf, &len), RAMI_E_ARG);
    assert_int_equal(CALL(game_view_json, NULL, -1, buf, sizeof buf, &len), RAMI_E_ARG);
    assert_int_equal(CALL(game_view_json, g, -1, buf, sizeof buf, NULL), RAMI_E_ARG);
    assert_int_equal(CALL(game_view_json, g, -1, NULL, 10, &len), RAMI_E_ARG);
    for (int v = -1; v < g->rs.players; v++) {
        assert_int_equal(CALL(game_view_json, g, v, NULL, 0, &len), RAMI_E_BUFFER);
        need = len;
        memset(buf, 'z', need + 2);
        assert_int_equal(CALL(game_view_json, g, v, buf, need, &len), RAMI_E_BUFFER);
        assert_int_equal(buf[need], 'z');
        assert_int_equal(CALL(game_view_json, g, v, buf, SIZE_MAX, &len), RAMI_OK);
        assert_int_equal(len, need);
    }
}

/* Damaged records: every prefix, random byte changes; a status, never a
 * crash, and a game only for a record that still reads as one. */
static void hostile_load(const rami_game *g, unsigned long rounds)
{
    static char rec[1 << 17], bad[1 << 17];
    size_t len;
    assert_int_equal(rami_game_save(g, rec, sizeof rec, &len), RAMI_OK);
    rami_game *x = SENTINEL;
    assert_int_equal(CALL(game_load, NULL, 10, &x), RAMI_E_ARG);
    assert_int_equal(CALL(game_load, rec, len, NULL), RAMI_E_ARG);
    assert_error(CALL(game_load, rec, 0, &x));
    assert_error(CALL(game_load, "", 0, &x));
    assert_ptr_equal(x, SENTINEL);
    size_t step = tu_small_scale() ? 7 : 1;
    for (size_t cut = 0; cut < len; cut += step) {
        /* A copy of exactly cut bytes, so a read past the end is caught. */
        char *p = malloc(cut ? cut : 1);
        assert_non_null(p);
        memcpy(p, rec, cut);
        int st = CALL(game_load, p, cut, &x);
        free(p);
        assert_error(st);
        assert_ptr_equal(x, SENTINEL);
    }
    assert_int_equal(CALL(game_load, rec, len, &x), RAMI_OK);
    assert_true(rami__game_equal(g, x));
    CALL(game_free, x);
    for (unsigned long k = 0; k < rounds; k++) {
        memcpy(bad, rec, len);
        unsigned flips = 1 + (unsigned)(rnd() % 3);
        for (unsigned i = 0; i < flips; i++) {
            uint64_t r = rnd();
            bad[r % len] =
                (r >> 32) & 1 ? (char)(r >> 40) : (char)"0123456789 \nx-"[(r >> 40) % 14];
        }
        x = SENTINEL;
        int st = CALL(game_load, bad, len, &x);
        if (st == RAMI_OK) {
            assert_true(x != SENTINEL && x != NULL);
            CALL(game_free, x);
        } else {
            assert_error(st);
            assert_ptr_equal(x, SENTINEL);
        }
    }
}

/* Clone, determinize, bots and hints with bad arguments. */
static void hostile_handles(rami_game *g)
{
    rami_game *x = SENTINEL;
    assert_int_equal(CALL(game_clone, NULL, &x), RAMI_E_ARG);
    assert_int_equal(CALL(game_clone, g, NULL), RAMI_E_ARG);
    assert_int_equal(CALL(game_determinize, NULL, 0, 1, &x), RAMI_E_ARG);
    assert_int_equal(CALL(game_determinize, g, 0, 1, NULL), RAMI_E_ARG);
    for (size_t i = 0; i < N_BAD_SEATS; i++)
        assert_int_equal(CALL(game_determinize, g, bad_seats[i], 1, &x), RAMI_E_ARG);
    assert_int_equal(CALL(game_determinize, g, g->rs.players, 1, &x), RAMI_E_ARG);
    assert_int_equal(CALL(game_determinize, g, -1, 1, &x), RAMI_E_ARG);
    assert_ptr_equal(x, SENTINEL);
    for (int p = 0; p < g->rs.players; p++) {
        assert_int_equal(CALL(game_determinize, g, p, rnd(), &x), RAMI_OK);
        CALL(game_free, x);
    }

    rami_bot_options opt;
    rami_move m, before;
    memset(&m, 0x77, sizeof m);
    before = m;
    assert_int_equal(CALL(bot_options_init, &opt, RAMI_BOT_RANDOM), RAMI_OK);
    assert_int_equal(CALL(bot_choose, NULL, &opt, &m), RAMI_E_ARG);
    assert_int_equal(CALL(bot_choose, g, NULL, &m), RAMI_E_ARG);
    assert_int_equal(CALL(bot_choose, g, &opt, NULL), RAMI_E_ARG);
    const uint32_t sizes[] = BAD_SIZES(24);
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        rami_bot_options bad = opt;
        bad.struct_size = sizes[i];
        assert_int_equal(CALL(bot_choose, g, &bad, &m), RAMI_E_ARG);
    }
    const rami_bot_options *newer = newer_struct(&opt, sizeof opt, sizeof opt + 1, sizeof opt);
    assert_int_equal(CALL(bot_choose, g, newer, &m), RAMI_E_ARG);
    const uint8_t levels[] = {3, 9, 128, 255};
    for (size_t i = 0; i < sizeof levels; i++) {
        rami_bot_options bad = opt;
        bad.level = levels[i];
        assert_int_equal(CALL(bot_choose, g, &bad, &m), RAMI_E_ARG);
    }
    rami_bot_options bad = opt;
    bad.reserved[1] = 1;
    assert_int_equal(CALL(bot_choose, g, &bad, &m), RAMI_E_ARG);
    assert_memory_equal(&m, &before, sizeof m);
    bool live = g->pos.phase <= RAMI_PHASE_PLAY;
    for (int level = RAMI_BOT_RANDOM; level <= RAMI_BOT_STRONG; level++) {
        assert_int_equal(CALL(bot_options_init, &opt, level), RAMI_OK);
        opt.playouts = 4;
        int st = CALL(bot_choose, g, &opt, &m);
        assert_int_equal(st, live ? RAMI_OK : RAMI_E_PHASE);
        if (live)
            assert_int_equal(rami_game_check(g, g->pos.current, &m, NULL, 0), RAMI_OK);
    }
    char why[64];
    assert_int_equal(CALL(game_hint, NULL, &m, why, sizeof why), RAMI_E_ARG);
    assert_int_equal(CALL(game_hint, g, NULL, why, sizeof why), RAMI_E_ARG);
    /* why may be NULL whatever its capacity. */
    assert_int_equal(CALL(game_hint, g, &m, NULL, sizeof why), live ? RAMI_OK : RAMI_E_PHASE);
    if (!live)
        assert_int_equal(CALL(game_hint, g, &m, why, sizeof why), RAMI_E_PHASE);
    else if (g->pos.phase == RAMI_PHASE_DRAW)
        assert_int_equal(CALL(game_hint, g, &m, NULL, 0), RAMI_OK);
}

static void test_games_in_every_phase(void **state)
{
    (void)state;
    rami_move *list = malloc(RAMI_MAX_MOVES * sizeof *list);
    assert_non_null(list);
    unsigned long per_phase = tu_small_scale() ? 2000 : 20000; /* x5 phases = 100,000 */
    struct move_stats ms = {0, 0};
    for (int fx = 0; fx < FX_COUNT; fx++) {
        rami_game *g = fixture(fx);
        rami_game *ref;
        assert_int_equal(CALL(game_clone, g, &ref), RAMI_OK);
        assert_true(rami__game_equal(g, ref));

        hostile_queries(g);
        assert_true(rami__game_equal(g, ref));
        hostile_moves(g, list);
        assert_true(rami__game_equal(g, ref));
        hostile_text(g);
        assert_true(rami__game_equal(g, ref));
        hostile_handles(g);
        assert_true(rami__game_equal(g, ref));
        hostile_load(g, per_phase / 10);
        assert_true(rami__game_equal(g, ref));
        size_t n;
        assert_int_equal(rami_game_legal_moves(ref, list, RAMI_MAX_MOVES, &n), RAMI_OK);
        g = random_moves(g, ref, per_phase, list, n, &ms);
        assert_true(rami__game_equal(g, ref));
        printf("hostile: %-20s ok\n", fixture_names[fx]);
        CALL(game_free, g);
        CALL(game_free, ref);
    }
    printf("hostile: %lu random-byte moves, %lu accepted (and undone by a fresh clone)\n", ms.tried,
           ms.accepted);
    free(list);
}

/* Runs last: every public function was called, and how often. */
static void test_every_function_called(void **state)
{
    (void)state;
    unsigned long total = 0;
    printf("hostile: calls per function\n");
    for (int f = 0; f < F_COUNT; f++) {
        printf("  %-26s %9lu\n", fn_names[f], calls[f]);
        total += calls[f];
        if (calls[f] == 0)
            fail_msg("%s was never called", fn_names[f]);
    }
    printf("  %-26s %9lu\n", "total", total);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_status_and_version),
        cmocka_unit_test(test_card_text),
        cmocka_unit_test(test_ruleset),
        cmocka_unit_test(test_meld_check),
        cmocka_unit_test(test_move_text),
        cmocka_unit_test(test_solver_and_bot_options),
        cmocka_unit_test(test_game_new),
        cmocka_unit_test(test_game_new_deal),
        cmocka_unit_test(test_games_in_every_phase),
        cmocka_unit_test(test_every_function_called),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
