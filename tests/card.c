/* Cards as text (rami_card_parse, rami_card_format, rami_cards_parse),
 * the card functions, status messages and names, and the version. */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <limits.h>
#include <cmocka.h>

#include "rami.h"

#define GUARD 0xEE

static const char *const rank_text[14] = {"",  "A", "2", "3",  "4", "5", "6",
                                          "7", "8", "9", "10", "J", "Q", "K"};
static const char suit_letter[4] = {'C', 'D', 'H', 'S'};
static const char *const suit_symbol[4] = {"\xE2\x99\xA3", "\xE2\x99\xA6", "\xE2\x99\xA5",
                                           "\xE2\x99\xA0"};

static rami_card parse_ok(const char *text)
{
    rami_card c = RAMI_NO_CARD;
    int st = rami_card_parse(text, &c);
    if (st != RAMI_OK)
        fail_msg("rami_card_parse(\"%s\") = %d, expected RAMI_OK", text, st);
    return c;
}

/* Every natural face and the joker: format, then parse back. */
static void test_format_parse_round_trip(void **state)
{
    (void)state;
    unsigned seen = 0;
    for (unsigned s = 0; s < 4; s++) {
        for (unsigned r = 1; r <= 13; r++) {
            rami_card c = RAMI_CARD(r, s);
            char buf[8];
            char want[8];
            snprintf(want, sizeof want, "%s%c", rank_text[r], suit_letter[s]);
            assert_int_equal(rami_card_format(c, buf, sizeof buf), RAMI_OK);
            assert_string_equal(buf, want);
            assert_int_equal(parse_ok(buf), c);
            seen++;
        }
    }
    char buf[8];
    assert_int_equal(rami_card_format(RAMI_JOKER, buf, sizeof buf), RAMI_OK);
    assert_string_equal(buf, "JK");
    assert_int_equal(parse_ok(buf), RAMI_JOKER);
    seen++;
    assert_int_equal(seen, 53);
}

static void test_card_macros(void **state)
{
    (void)state;
    assert_int_equal(RAMI_CARD(RAMI_ACE, RAMI_CLUBS), 0x01);
    assert_int_equal(RAMI_CARD(RAMI_KING, RAMI_SPADES), 0x3D);
    assert_int_equal(RAMI_CARD(10, RAMI_HEARTS), 0x2A);
    assert_int_equal(RAMI_CARD_RANK(0x2A), 10);
    assert_int_equal(RAMI_CARD_SUIT(0x2A), RAMI_HEARTS);
    assert_int_equal(RAMI_JOKER, 0x50);
    assert_int_equal(RAMI_NO_CARD, 0);
    assert_int_equal(RAMI_CARD(7, RAMI_SUIT_ANY), 0x47);
}

/* Lower case letters, "T" for ten, every suit letter in both cases. */
static void test_parse_ascii_forms(void **state)
{
    (void)state;
    const char rank_alt[14] = {0, 'a', '2', '3', '4', '5', '6', '7', '8', '9', 't', 'j', 'q', 'k'};
    for (unsigned s = 0; s < 4; s++) {
        for (unsigned r = 1; r <= 13; r++) {
            char text[8];
            char lower_suit = (char)(suit_letter[s] - 'A' + 'a');
            snprintf(text, sizeof text, "%c%c", rank_alt[r], lower_suit);
            assert_int_equal(parse_ok(text), RAMI_CARD(r, s));
            snprintf(text, sizeof text, "%c%c", rank_alt[r], suit_letter[s]);
            assert_int_equal(parse_ok(text), RAMI_CARD(r, s));
            snprintf(text, sizeof text, "%s%c", rank_text[r], lower_suit);
            assert_int_equal(parse_ok(text), RAMI_CARD(r, s));
        }
    }
    assert_int_equal(parse_ok("10S"), RAMI_CARD(10, RAMI_SPADES));
    assert_int_equal(parse_ok("TS"), RAMI_CARD(10, RAMI_SPADES));
    assert_int_equal(parse_ok("Td"), RAMI_CARD(10, RAMI_DIAMONDS));
    assert_int_equal(parse_ok("aH"), RAMI_CARD(RAMI_ACE, RAMI_HEARTS));
    assert_int_equal(parse_ok("Qc"), RAMI_CARD(RAMI_QUEEN, RAMI_CLUBS));
    /* "JK" is the joker even though J is a rank. */
    assert_int_equal(parse_ok("JK"), RAMI_JOKER);
    assert_int_equal(parse_ok("jk"), RAMI_JOKER);
    assert_int_equal(parse_ok("Jk"), RAMI_JOKER);
    assert_int_equal(parse_ok("jK"), RAMI_JOKER);
    assert_int_equal(parse_ok("*"), RAMI_JOKER);
    assert_int_equal(parse_ok("JH"), RAMI_CARD(RAMI_JACK, RAMI_HEARTS));
    assert_int_equal(parse_ok("KS"), RAMI_CARD(RAMI_KING, RAMI_SPADES));
}

static void test_parse_utf8_suits(void **state)
{
    (void)state;
    for (unsigned s = 0; s < 4; s++) {
        for (unsigned r = 1; r <= 13; r++) {
            char text[16];
            snprintf(text, sizeof text, "%s%s", rank_text[r], suit_symbol[s]);
            assert_int_equal(parse_ok(text), RAMI_CARD(r, s));
        }
    }
    assert_int_equal(parse_ok("10♥"), RAMI_CARD(10, RAMI_HEARTS));
    assert_int_equal(parse_ok("A♠"), RAMI_CARD(RAMI_ACE, RAMI_SPADES));
    assert_int_equal(parse_ok("q♦"), RAMI_CARD(RAMI_QUEEN, RAMI_DIAMONDS));
    assert_int_equal(parse_ok("T♣"), RAMI_CARD(10, RAMI_CLUBS));
    assert_int_equal(parse_ok(" 7♣ "), RAMI_CARD(7, RAMI_CLUBS));
}

static void test_parse_spaces(void **state)
{
    (void)state;
    assert_int_equal(parse_ok(" 7S"), RAMI_CARD(7, RAMI_SPADES));
    assert_int_equal(parse_ok("7S "), RAMI_CARD(7, RAMI_SPADES));
    assert_int_equal(parse_ok("   10h   "), RAMI_CARD(10, RAMI_HEARTS));
    assert_int_equal(parse_ok("  JK  "), RAMI_JOKER);
    assert_int_equal(parse_ok(" * "), RAMI_JOKER);
}

static void test_parse_errors(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "",
        " ",
        "   ",
        "1S",
        "11S",
        "0S",
        "ZS",
        "7X",
        "7",
        "10",
        "S7",
        "7SS",
        "7 S",
        "1 0S",
        "JKX",
        "J K",
        "**",
        "* *",
        "JK*",
        "*JK",
        "7S,",
        ",7S",
        "7S 8S",
        "7S8S",
        "+7S",
        "7S.",
        "AA",
        "KK",
        "7\xE2\x99",
        "7\xE2",
        "7\xE2\x99\xA1", /* U+2661, not a suit */
        "7\xE2\x98\xA0",
        "\xE2\x99\xA0",
        "\xE2\x99\xA0\x37", /* the suit before the rank: "7" as \x37 ("\xA07" is one escape) */
        "7\xE2\x99\xA0\xE2\x99\xA0",
        "7\xC2\xA0",
        "x",
        "joker",
        "JOKER",
        "10 S",
        "100S",
        "7s s",
        "Ah!",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rami_card c = 0x77;
        int st = rami_card_parse(bad[i], &c);
        if (st != RAMI_E_PARSE)
            fail_msg("rami_card_parse(\"%s\") = %d, expected RAMI_E_PARSE", bad[i], st);
        /* *out is written only on success. */
        assert_int_equal(c, 0x77);
    }
}

static void test_parse_null(void **state)
{
    (void)state;
    rami_card c = 0x77;
    assert_int_equal(rami_card_parse(NULL, &c), RAMI_E_ARG);
    assert_int_equal(c, 0x77);
    assert_int_equal(rami_card_parse("7S", NULL), RAMI_E_ARG);
    assert_int_equal(rami_card_parse(NULL, NULL), RAMI_E_ARG);
}

/* A joker stands for a "suit open" card; it formats with a '?'. */
static void test_format_suit_any(void **state)
{
    (void)state;
    char buf[8];
    assert_int_equal(rami_card_format(RAMI_CARD(7, RAMI_SUIT_ANY), buf, sizeof buf), RAMI_OK);
    assert_string_equal(buf, "7?");
    assert_int_equal(rami_card_format(RAMI_CARD(10, RAMI_SUIT_ANY), buf, sizeof buf), RAMI_OK);
    assert_string_equal(buf, "10?");
    assert_int_equal(rami_card_format(RAMI_CARD(RAMI_ACE, RAMI_SUIT_ANY), buf, sizeof buf),
                     RAMI_OK);
    assert_string_equal(buf, "A?");
    assert_int_equal(rami_card_format(RAMI_CARD(RAMI_KING, RAMI_SUIT_ANY), buf, sizeof buf),
                     RAMI_OK);
    assert_string_equal(buf, "K?");
    /* It is not a card a player can name. */
    rami_card c = 0x77;
    assert_int_equal(rami_card_parse("7?", &c), RAMI_E_PARSE);
    assert_int_equal(c, 0x77);
}

static void test_format_invalid(void **state)
{
    (void)state;
    static const unsigned bad[] = {0x00, 0x0E, 0x0F, 0x10, 0x1E, 0x20, 0x2F, 0x30,
                                   0x3E, 0x3F, 0x40, 0x4E, 0x4F, 0x51, 0x5D, 0x60,
                                   0x61, 0x7F, 0x80, 0xA5, 0xF0, 0xFF};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char buf[8];
        memset(buf, 'x', sizeof buf);
        int st = rami_card_format((rami_card)bad[i], buf, sizeof buf);
        if (st != RAMI_E_ARG)
            fail_msg("rami_card_format(0x%02X) = %d, expected RAMI_E_ARG", bad[i], st);
    }
    /* Every byte value: exactly 52 naturals + the joker + 13 suit-open cards format. */
    unsigned ok = 0;
    for (unsigned v = 0; v < 256; v++) {
        char buf[8];
        int st = rami_card_format((rami_card)v, buf, sizeof buf);
        assert_true(st == RAMI_OK || st == RAMI_E_ARG);
        if (st == RAMI_OK) {
            ok++;
            assert_true(strlen(buf) >= 2 && strlen(buf) <= 3);
        }
    }
    assert_int_equal(ok, 52 + 1 + 13);
    assert_int_equal(rami_card_format(RAMI_CARD(7, RAMI_SPADES), NULL, 8), RAMI_E_ARG);
    assert_int_equal(rami_card_format(RAMI_CARD(7, RAMI_SPADES), NULL, 0), RAMI_E_ARG);
}

static void test_format_buffer(void **state)
{
    (void)state;
    char buf[8];
    /* "10S" needs 4 bytes with its NUL. */
    for (size_t cap = 0; cap < 4; cap++) {
        memset(buf, 'x', sizeof buf);
        assert_int_equal(rami_card_format(RAMI_CARD(10, RAMI_SPADES), buf, cap), RAMI_E_BUFFER);
        if (cap > 0)
            assert_int_equal(buf[0], '\0');
        else
            assert_int_equal(buf[0], 'x');
        for (size_t i = cap > 0 ? cap : 0; i < sizeof buf; i++)
            assert_int_equal(buf[i], 'x');
    }
    memset(buf, 'x', sizeof buf);
    assert_int_equal(rami_card_format(RAMI_CARD(10, RAMI_SPADES), buf, 4), RAMI_OK);
    assert_string_equal(buf, "10S");
    assert_int_equal(buf[4], 'x');
    /* "AH" and "JK" need 3. */
    assert_int_equal(rami_card_format(RAMI_CARD(RAMI_ACE, RAMI_HEARTS), buf, 2), RAMI_E_BUFFER);
    assert_int_equal(rami_card_format(RAMI_CARD(RAMI_ACE, RAMI_HEARTS), buf, 3), RAMI_OK);
    assert_string_equal(buf, "AH");
    assert_int_equal(rami_card_format(RAMI_JOKER, buf, 2), RAMI_E_BUFFER);
    assert_int_equal(rami_card_format(RAMI_JOKER, buf, 3), RAMI_OK);
    assert_string_equal(buf, "JK");
    assert_int_equal(rami_card_format(RAMI_CARD(10, RAMI_SUIT_ANY), buf, 3), RAMI_E_BUFFER);
    assert_int_equal(rami_card_format(RAMI_CARD(10, RAMI_SUIT_ANY), buf, 4), RAMI_OK);
}

/* ---- rami_cards_parse ---- */

static void expect_list(const char *text, const rami_card *want, size_t n)
{
    rami_card out[20];
    memset(out, GUARD, sizeof out);
    size_t count = 999;
    int st = rami_cards_parse(text, out, 16, &count);
    if (st != RAMI_OK)
        fail_msg("rami_cards_parse(\"%s\") = %d", text, st);
    assert_int_equal(count, n);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(out[i], want[i]);
    for (size_t i = n; i < sizeof out; i++)
        assert_int_equal(out[i], GUARD);
}

static void test_cards_parse_separators(void **state)
{
    (void)state;
    const rami_card run[3] = {RAMI_CARD(7, RAMI_SPADES), RAMI_CARD(8, RAMI_SPADES),
                              RAMI_CARD(9, RAMI_SPADES)};
    expect_list("7S 8S 9S", run, 3);
    expect_list("7S,8S,9S", run, 3);
    expect_list("7S, 8S ,9S", run, 3);
    expect_list("  7s  8S,,, 9s  ", run, 3);
    expect_list(",7S,8S,9S,", run, 3);
    expect_list("7♠ 8♠ 9S", run, 3);
    const rami_card mixed[4] = {RAMI_JOKER, RAMI_JOKER, RAMI_CARD(10, RAMI_HEARTS),
                                RAMI_CARD(RAMI_ACE, RAMI_CLUBS)};
    expect_list("JK * 10♥ ac", mixed, 4);
    expect_list("jk,*,TH,A♣", mixed, 4);
    const rami_card one[1] = {RAMI_CARD(RAMI_QUEEN, RAMI_DIAMONDS)};
    expect_list("QD", one, 1);
    expect_list(" , QD , ", one, 1);
    expect_list("", NULL, 0);
    expect_list("   ", NULL, 0);
    expect_list(",, ,", NULL, 0);
}

static void test_cards_parse_buffer(void **state)
{
    (void)state;
    rami_card out[8];
    size_t count = 0;
    /* Too small: count tells the size, nothing beyond cap is written. */
    memset(out, GUARD, sizeof out);
    assert_int_equal(rami_cards_parse("7S 8S 9S 10S", out, 2, &count), RAMI_E_BUFFER);
    assert_int_equal(count, 4);
    for (size_t i = 2; i < sizeof out; i++)
        assert_int_equal(out[i], GUARD);
    /* One card too many. */
    memset(out, GUARD, sizeof out);
    assert_int_equal(rami_cards_parse("7S, 8S, 9S", out, 2, &count), RAMI_E_BUFFER);
    assert_int_equal(count, 3);
    for (size_t i = 2; i < sizeof out; i++)
        assert_int_equal(out[i], GUARD);
    /* Size query. */
    count = 0;
    assert_int_equal(rami_cards_parse("7S 8S 9S", NULL, 0, &count), RAMI_E_BUFFER);
    assert_int_equal(count, 3);
    count = 99;
    assert_int_equal(rami_cards_parse("", NULL, 0, &count), RAMI_OK);
    assert_int_equal(count, 0);
    /* Exactly enough. */
    memset(out, GUARD, sizeof out);
    assert_int_equal(rami_cards_parse("7S 8S 9S", out, 3, &count), RAMI_OK);
    assert_int_equal(count, 3);
    assert_int_equal(out[2], RAMI_CARD(9, RAMI_SPADES));
    assert_int_equal(out[3], GUARD);
    /* Then fill. */
    assert_int_equal(rami_cards_parse("7S 8S 9S 10S", out, count + 1, &count), RAMI_OK);
    assert_int_equal(count, 4);
    assert_int_equal(out[3], RAMI_CARD(10, RAMI_SPADES));
}

static void test_cards_parse_errors(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "7S 8X",   "7S8S", "7S 8S 9", "7S;8S",      "7S 8S JKX", "** 7S",
        "7S / 8S", "1S",   "7 S 8S",  "7S\xE2\x99", "7S,8S,ZZ",  "7S 8S\xE2",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rami_card out[8];
        memset(out, GUARD, sizeof out);
        size_t count = 0;
        int st = rami_cards_parse(bad[i], out, sizeof out, &count);
        if (st != RAMI_E_PARSE)
            fail_msg("rami_cards_parse(\"%s\") = %d, expected RAMI_E_PARSE", bad[i], st);
        for (size_t j = 0; j < sizeof out; j++)
            assert_int_equal(out[j], GUARD);
    }
}

static void test_cards_parse_null(void **state)
{
    (void)state;
    rami_card out[4];
    size_t count = 0;
    assert_int_equal(rami_cards_parse(NULL, out, 4, &count), RAMI_E_ARG);
    assert_int_equal(rami_cards_parse("7S", out, 4, NULL), RAMI_E_ARG);
    assert_int_equal(rami_cards_parse("7S", NULL, 4, &count), RAMI_E_ARG);
}

/* ---- status messages and version ---- */

/* Every code of the list, as the header spells it. */
#define STATUS_ROW_(name, value, msg) {name, #name, msg},
static const struct status_row {
    int code;
    const char *name, *msg;
} status_rows[] = {RAMI_STATUS_LIST(STATUS_ROW_)};
#undef STATUS_ROW_
#define STATUS_COUNT (sizeof status_rows / sizeof status_rows[0])

static void test_strerror(void **state)
{
    (void)state;
    const char *generic = rami_strerror(5);
    assert_non_null(generic);
    assert_true(strlen(generic) > 0);
    for (size_t i = 0; i < STATUS_COUNT; i++) {
        int code = status_rows[i].code;
        const char *m = rami_strerror(code);
        assert_non_null(m);
        assert_string_equal(m, status_rows[i].msg);
        if (strcmp(m, generic) == 0)
            fail_msg("status %d has the generic message \"%s\"", code, m);
        for (size_t j = 0; j < i; j++)
            if (strcmp(m, rami_strerror(status_rows[j].code)) == 0)
                fail_msg("status %d and %d share the message \"%s\"", code, status_rows[j].code, m);
        /* Codes are 0, -1, -2, ... with no gap: the list is only ever appended to. */
        assert_int_equal(code, -(int)i);
    }
    /* Messages are static: the same pointer every time. */
    assert_ptr_equal(rami_strerror(RAMI_E_PARSE), rami_strerror(RAMI_E_PARSE));
    assert_string_equal(rami_strerror(RAMI_OK), "success");
    static const int unknown[] = {1, 5, -26, -999, 1000, INT_MAX, INT_MIN};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        const char *m = rami_strerror(unknown[i]);
        assert_non_null(m);
        assert_string_equal(m, generic);
    }
    assert_string_equal(rami_strerror(-(int)STATUS_COUNT), generic);
    /* The enum values never change. */
    assert_int_equal(RAMI_E_ARG, -1);
    assert_int_equal(RAMI_E_BUFFER, -3);
    assert_int_equal(RAMI_E_PARSE, -4);
    assert_int_equal(RAMI_E_RULESET, -5);
    assert_int_equal(RAMI_E_MELD, -9);
    assert_int_equal(RAMI_E_CORRUPT, -20);
    assert_int_equal(RAMI_E_INTERNAL, -21);
    assert_int_equal(RAMI_E_LIMIT, -22);
    assert_int_equal(RAMI_E_OPENING_TURN, -23);
    assert_int_equal(RAMI_E_PICKUP_MELD, -24);
    assert_int_equal(RAMI_E_JOKER_DISCARD, -25);
}

static void test_status_name(void **state)
{
    (void)state;
    for (size_t i = 0; i < STATUS_COUNT; i++) {
        const char *name = rami_status_name(status_rows[i].code);
        assert_non_null(name);
        assert_string_equal(name, status_rows[i].name);
        assert_ptr_equal(name, rami_status_name(status_rows[i].code));
    }
    assert_string_equal(rami_status_name(RAMI_OK), "RAMI_OK");
    assert_string_equal(rami_status_name(RAMI_E_JOKER_REPLAY), "RAMI_E_JOKER_REPLAY");
    static const int unknown[] = {1, 5, -999, 1000, INT_MAX, INT_MIN};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
        assert_null(rami_status_name(unknown[i]));
    assert_null(rami_status_name(-(int)STATUS_COUNT));
}

static void test_card_functions(void **state)
{
    (void)state;
    /* The functions agree with the macros on every card and place. */
    for (int suit = RAMI_CLUBS; suit <= RAMI_SUIT_ANY; suit++) {
        for (int rank = 1; rank <= 13; rank++) {
            rami_card c = rami_card_make(rank, suit);
            assert_int_equal(c, RAMI_CARD(rank, suit));
            assert_int_equal(rami_card_rank(c), rank);
            assert_int_equal(rami_card_rank(c), (int)RAMI_CARD_RANK(c));
            assert_int_equal(rami_card_suit(c), suit);
            assert_int_equal(rami_card_suit(c), (int)RAMI_CARD_SUIT(c));
        }
    }
    /* Out of range: no card. */
    static const int bad[][2] = {{0, 0}, {14, 0}, {-1, 1}, {1, 5}, {1, -1}, {7, 255}, {256, 0}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(rami_card_make(bad[i][0], bad[i][1]), RAMI_NO_CARD);
    /* The joker, the empty card and codes that are no card have no rank or suit. */
    assert_int_equal(rami_card_rank(RAMI_JOKER), 0);
    assert_int_equal(rami_card_suit(RAMI_JOKER), -1);
    assert_int_equal(rami_card_rank(RAMI_NO_CARD), 0);
    assert_int_equal(rami_card_suit(RAMI_NO_CARD), -1);
    for (unsigned code = 0; code < 256; code++) {
        rami_card c = (rami_card)code;
        bool has_rank =
            RAMI_CARD_SUIT(c) <= RAMI_SUIT_ANY && RAMI_CARD_RANK(c) >= 1 && RAMI_CARD_RANK(c) <= 13;
        assert_int_equal(rami_card_rank(c), has_rank ? (int)RAMI_CARD_RANK(c) : 0);
        assert_int_equal(rami_card_suit(c), has_rank ? (int)RAMI_CARD_SUIT(c) : -1);
    }
}

static void test_version(void **state)
{
    (void)state;
    const char *v = rami_version();
    assert_non_null(v);
    assert_string_equal(v, RAMI_VERSION_STRING);
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", RAMI_VERSION_MAJOR, RAMI_VERSION_MINOR,
             RAMI_VERSION_PATCH);
    assert_string_equal(v, want);
    assert_int_equal(rami_version_number(), RAMI_VERSION_NUMBER);
    assert_int_equal(RAMI_VERSION_NUMBER,
                     RAMI_VERSION_MAJOR * 10000 + RAMI_VERSION_MINOR * 100 + RAMI_VERSION_PATCH);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format_parse_round_trip),
        cmocka_unit_test(test_card_macros),
        cmocka_unit_test(test_parse_ascii_forms),
        cmocka_unit_test(test_parse_utf8_suits),
        cmocka_unit_test(test_parse_spaces),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_parse_null),
        cmocka_unit_test(test_format_suit_any),
        cmocka_unit_test(test_format_invalid),
        cmocka_unit_test(test_format_buffer),
        cmocka_unit_test(test_cards_parse_separators),
        cmocka_unit_test(test_cards_parse_buffer),
        cmocka_unit_test(test_cards_parse_errors),
        cmocka_unit_test(test_cards_parse_null),
        cmocka_unit_test(test_strerror),
        cmocka_unit_test(test_status_name),
        cmocka_unit_test(test_card_functions),
        cmocka_unit_test(test_version),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
