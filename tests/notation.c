/* Move notation: rami_move_parse and rami_move_format. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "rami.h"

#define C(rank, suit) RAMI_CARD(rank, suit)
#define JK            RAMI_JOKER

static rami_move make_move(uint8_t kind, uint8_t target, uint8_t side, size_t n,
                           const rami_card *cards)
{
    rami_move m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.target = target;
    m.side = side;
    m.count = (uint8_t)n;
    if (n > 0)
        memcpy(m.cards, cards, n);
    return m;
}

/* parse(text) == *m, format(*m) == text. */
static void assert_round_trip(const char *text, const rami_move *m)
{
    rami_move got;
    int rc = rami_move_parse(text, &got);
    if (rc != RAMI_OK)
        fail_msg("parse \"%s\" gave %d", text, rc);
    if (memcmp(&got, m, sizeof got) != 0)
        fail_msg("parse \"%s\" gave a different move", text);
    char buf[128];
    assert_int_equal(rami_move_format(m, buf, sizeof buf), RAMI_OK);
    assert_string_equal(buf, text);
}

/* parse(text) succeeds and formats to canonical. */
static void assert_parses_to(const char *text, const char *canonical)
{
    rami_move got;
    int rc = rami_move_parse(text, &got);
    if (rc != RAMI_OK)
        fail_msg("parse \"%s\" gave %d", text, rc);
    char buf[128];
    assert_int_equal(rami_move_format(&got, buf, sizeof buf), RAMI_OK);
    if (strcmp(buf, canonical) != 0)
        fail_msg("\"%s\" formatted as \"%s\", expected \"%s\"", text, buf, canonical);
}

static void every_kind_round_trips(void **state)
{
    (void)state;
    const rami_card run[] = {C(7, RAMI_SPADES), C(8, RAMI_SPADES), C(9, RAMI_SPADES)};
    const rami_card jrun[] = {JK, C(7, RAMI_SPADES), C(8, RAMI_SPADES)};
    const rami_card set[] = {C(10, RAMI_CLUBS), C(10, RAMI_DIAMONDS), C(10, RAMI_HEARTS),
                             C(10, RAMI_SPADES)};
    const rami_card nine = C(9, RAMI_SPADES), joker = JK, six = C(6, RAMI_SPADES);
    const rami_card kh = C(RAMI_KING, RAMI_HEARTS), ten = C(10, RAMI_HEARTS);

    rami_move m = make_move(RAMI_MOVE_DRAW_STOCK, 0, 0, 0, NULL);
    assert_round_trip("draw", &m);
    m = make_move(RAMI_MOVE_DRAW_DISCARD, 0, 0, 0, NULL);
    assert_round_trip("take", &m);
    m = make_move(RAMI_MOVE_MELD, 0, RAMI_SIDE_AUTO, 3, run);
    assert_round_trip("meld 7S 8S 9S", &m);
    m = make_move(RAMI_MOVE_MELD, 0, RAMI_SIDE_HIGH, 3, jrun);
    assert_round_trip("meld JK 7S 8S high", &m);
    m = make_move(RAMI_MOVE_MELD, 0, RAMI_SIDE_LOW, 3, jrun);
    assert_round_trip("meld JK 7S 8S low", &m);
    m = make_move(RAMI_MOVE_MELD, 0, RAMI_SIDE_AUTO, 4, set);
    assert_round_trip("meld 10C 10D 10H 10S", &m);
    m = make_move(RAMI_MOVE_LAYOFF, 1, RAMI_SIDE_AUTO, 1, &nine);
    assert_round_trip("lay 9S on 2", &m);
    m = make_move(RAMI_MOVE_LAYOFF, 0, RAMI_SIDE_AUTO, 1, &nine);
    assert_round_trip("lay 9S on 1", &m);
    m = make_move(RAMI_MOVE_LAYOFF, 254, RAMI_SIDE_AUTO, 1, &nine);
    assert_round_trip("lay 9S on 255", &m);
    m = make_move(RAMI_MOVE_LAYOFF, 1, RAMI_SIDE_LOW, 1, &joker);
    assert_round_trip("lay JK on 2 low", &m);
    m = make_move(RAMI_MOVE_LAYOFF, 254, RAMI_SIDE_HIGH, 1, &ten);
    assert_round_trip("lay 10H on 255 high", &m);
    m = make_move(RAMI_MOVE_SWAP, 1, 0, 1, &six);
    assert_round_trip("swap 6S on 2", &m);
    m = make_move(RAMI_MOVE_SWAP, 0, 0, 1, &six);
    assert_round_trip("swap 6S on 1", &m);
    m = make_move(RAMI_MOVE_SWAP, 254, 0, 1, &six);
    assert_round_trip("swap 6S on 255", &m);
    m = make_move(RAMI_MOVE_DISCARD, 0, 0, 1, &kh);
    assert_round_trip("discard KH", &m);
    m = make_move(RAMI_MOVE_DISCARD, 0, 0, 1, &joker);
    assert_round_trip("discard JK", &m);
}

static void every_table_number_round_trips(void **state)
{
    (void)state;
    const rami_card ace = C(RAMI_ACE, RAMI_CLUBS);
    for (unsigned n = 1; n <= 255; n++) {
        char text[32];
        rami_move m = make_move(RAMI_MOVE_LAYOFF, (uint8_t)(n - 1), 0, 1, &ace);
        snprintf(text, sizeof text, "lay AC on %u", n);
        assert_round_trip(text, &m);
        m.kind = RAMI_MOVE_SWAP;
        snprintf(text, sizeof text, "swap AC on %u", n);
        assert_round_trip(text, &m);
    }
}

/* The 53 faces and their ASCII forms. */
static size_t all_faces(rami_card faces[53], char names[53][4])
{
    static const char ranks[][3] = {"",  "A", "2", "3",  "4", "5", "6",
                                    "7", "8", "9", "10", "J", "Q", "K"};
    static const char suits[] = "CDHS";
    size_t n = 0;
    for (unsigned s = 0; s < 4; s++) {
        for (unsigned r = 1; r <= 13; r++) {
            faces[n] = C(r, s);
            snprintf(names[n], 4, "%s%c", ranks[r], suits[s]);
            n++;
        }
    }
    faces[n] = JK;
    strcpy(names[n], "JK");
    return n + 1;
}

static void every_face_in_every_position(void **state)
{
    (void)state;
    rami_card faces[53];
    char names[53][4];
    size_t nf = all_faces(faces, names);
    char text[128];
    for (size_t f = 0; f < nf; f++) {
        rami_move m = make_move(RAMI_MOVE_DISCARD, 0, 0, 1, &faces[f]);
        snprintf(text, sizeof text, "discard %s", names[f]);
        assert_round_trip(text, &m);
        m = make_move(RAMI_MOVE_LAYOFF, 6, RAMI_SIDE_HIGH, 1, &faces[f]);
        snprintf(text, sizeof text, "lay %s on 7 high", names[f]);
        assert_round_trip(text, &m);
        m = make_move(RAMI_MOVE_SWAP, 99, 0, 1, &faces[f]);
        snprintf(text, sizeof text, "swap %s on 100", names[f]);
        assert_round_trip(text, &m);
        /* Melds of every length 3..13 with the face at every position; the
         * other positions cycle through the faces so every neighbour occurs. */
        for (size_t len = 3; len <= RAMI_MAX_MELD; len++) {
            for (size_t pos = 0; pos < len; pos++) {
                rami_card cards[RAMI_MAX_MELD];
                size_t at = 0;
                at += (size_t)snprintf(text, sizeof text, "meld");
                for (size_t i = 0; i < len; i++) {
                    size_t k = i == pos ? f : (f + i * 7 + len) % nf;
                    cards[i] = faces[k];
                    at += (size_t)snprintf(text + at, sizeof text - at, " %s", names[k]);
                }
                m = make_move(RAMI_MOVE_MELD, 0, (uint8_t)(len % 3), len, cards);
                if (m.side != RAMI_SIDE_AUTO)
                    snprintf(text + at, sizeof text - at, " %s",
                             m.side == RAMI_SIDE_LOW ? "low" : "high");
                assert_round_trip(text, &m);
            }
        }
    }
}

static void forgiving_inputs(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"DRAW", "draw"},
        {"Draw", "draw"},
        {"  draw  ", "draw"},
        {"\tdraw\t\n", "draw"},
        {"draw\r\n", "draw"},
        {"TAKE", "take"},
        {"tAkE ", "take"},
        {"Meld 7s 8s 9s", "meld 7S 8S 9S"},
        {"meld 7S, 8S, 9S", "meld 7S 8S 9S"},
        {"meld 7S,8S,9S", "meld 7S 8S 9S"},
        {"meld   7S \t 8S\t\t9S   ", "meld 7S 8S 9S"},
        {"meld, 7S 8S 9S,", "meld 7S 8S 9S"},
        {"MELD jk 7s 8s HIGH", "meld JK 7S 8S high"},
        {"meld * 7S 8S Low", "meld JK 7S 8S low"},
        {"meld TS JS QS", "meld 10S JS QS"},
        {"meld ts js qs ks as", "meld 10S JS QS KS AS"},
        {"meld 7\xE2\x99\xA0 8\xE2\x99\xA0 9\xE2\x99\xA0", "meld 7S 8S 9S"},
        {"meld 10\xE2\x99\xA3 10\xE2\x99\xA6 10\xE2\x99\xA5", "meld 10C 10D 10H"},
        {"LAY 9s ON 2", "lay 9S on 2"},
        {"lay 9S on 2 HIGH", "lay 9S on 2 high"},
        {"lay *, on, 2, low", "lay JK on 2 low"},
        {"lay\t9S\ton\t2", "lay 9S on 2"},
        {"Swap 6s On 2", "swap 6S on 2"},
        {"swap 6S,on,255", "swap 6S on 255"},
        {"Discard kh", "discard KH"},
        {"discard K\xE2\x99\xA5", "discard KH"},
        {"discard tD", "discard 10D"},
        {" , discard   JK , ", "discard JK"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_parses_to(cases[i][0], cases[i][1]);
}

static void malformed_inputs(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "",
        "   ",
        ",,,",
        "dra",
        "draws",
        "drawx",
        "d raw",
        "pass",
        "7S",
        "draw 7S",
        "draw low",
        "draw draw",
        "take KH",
        "take high",
        "meld",
        "meld 7S",
        "meld 7S 8S",
        "meld 7S 8S 9S 10S JS QS KS AS 2S 3S 4S 5S 6S 7S",
        "meld 7S 8S 9X",
        "meld 7S 8S 9S middle",
        "meld 7S 8S 9S low high",
        "meld 7S 8S 9S low 10S",
        "meld 7S 8S 9S on 2",
        "meld 7S8S 9S 10S",
        "meld 7S 8S 9S;",
        "meld 1S 2S 3S",
        "meld 11S 12S 13S",
        "meld 7S 8S 9S\xE2\x99",
        "meld JK JK",
        "lay 9S",
        "lay 9S 2",
        "lay 9S on",
        "lay 9S on 0",
        "lay 9S on 256",
        "lay 9S on 1000",
        "lay 9S on +2",
        "lay 9S on -2",
        "lay 9S on 2x",
        "lay 9S on x",
        "lay 9S on 02",
        "lay 9S on 2 3",
        "lay 9S 10S on 2",
        "lay on 2",
        "lay 9S on 2 middle",
        "lay 9S at 2",
        "lay 9S onto 2",
        "lay 9S on 2 low low",
        "swap 6S",
        "swap 6S on 2 low",
        "swap 6S on 2 high",
        "swap 6S on 0",
        "swap on 2",
        "swap 6S 7S on 2",
        "discard",
        "discard KH QH",
        "discard KH low",
        "discard KH on 2",
        "discard 0H",
        "discard K",
        "discard H",
        "discard KH.",
        "discard\xC2\xA0KH",
        "meld 7S 8S 9S\v",
        "draw;",
    };
    const rami_move sentinel = {
        .kind = 0xEE, .count = 0xEE, .target = 0xEE, .side = 0xEE, .cards = {0xEE, 0xEE, 0xEE}};
    assert_true(sizeof bad / sizeof bad[0] >= 30);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rami_move m = sentinel;
        int rc = rami_move_parse(bad[i], &m);
        if (rc != RAMI_E_PARSE)
            fail_msg("\"%s\" gave %d, expected RAMI_E_PARSE", bad[i], rc);
        assert_memory_equal(&m, &sentinel, sizeof m);
    }
}

static void parse_null_arguments(void **state)
{
    (void)state;
    rami_move m;
    assert_int_equal(rami_move_parse(NULL, &m), RAMI_E_ARG);
    assert_int_equal(rami_move_parse("draw", NULL), RAMI_E_ARG);
}

static void format_rejects_malformed_moves(void **state)
{
    (void)state;
    const rami_card run[] = {C(7, RAMI_SPADES), C(8, RAMI_SPADES), C(9, RAMI_SPADES)};
    const rami_card kh = C(RAMI_KING, RAMI_HEARTS);
    char buf[128];
    rami_move good = make_move(RAMI_MOVE_DISCARD, 0, 0, 1, &kh);
    assert_int_equal(rami_move_format(NULL, buf, sizeof buf), RAMI_E_ARG);
    assert_int_equal(rami_move_format(&good, NULL, 0), RAMI_E_ARG);
    assert_int_equal(rami_move_format(&good, NULL, 16), RAMI_E_ARG);

    rami_move bad[40];
    size_t n = 0;
    /* unknown kinds */
    bad[n++] = make_move(0, 0, 0, 0, NULL);
    bad[n++] = make_move(7, 0, 0, 0, NULL);
    bad[n++] = make_move(255, 0, 0, 1, &kh);
    /* invalid card codes, including a suit-open card */
    static const rami_card invalid[] = {0x00, 0x0E, 0x0F, 0x40, 0x47, 0x4D, 0x51, 0xFF};
    for (size_t i = 0; i < sizeof invalid; i++)
        bad[n++] = make_move(RAMI_MOVE_DISCARD, 0, 0, 1, &invalid[i]);
    rami_move m = make_move(RAMI_MOVE_MELD, 0, 0, 3, run);
    m.cards[2] = 0x47;
    bad[n++] = m;
    /* counts out of range for the kind */
    bad[n++] = make_move(RAMI_MOVE_DRAW_STOCK, 0, 0, 1, &kh);
    bad[n++] = make_move(RAMI_MOVE_DRAW_DISCARD, 0, 0, 1, &kh);
    bad[n++] = make_move(RAMI_MOVE_MELD, 0, 0, 2, run);
    bad[n++] = make_move(RAMI_MOVE_MELD, 0, 0, 0, NULL);
    m = make_move(RAMI_MOVE_MELD, 0, 0, 3, run);
    m.count = RAMI_MAX_MELD + 1;
    bad[n++] = m;
    bad[n++] = make_move(RAMI_MOVE_LAYOFF, 0, 0, 0, NULL);
    bad[n++] = make_move(RAMI_MOVE_LAYOFF, 0, 0, 2, run);
    bad[n++] = make_move(RAMI_MOVE_SWAP, 0, 0, 2, run);
    bad[n++] = make_move(RAMI_MOVE_DISCARD, 0, 0, 0, NULL);
    bad[n++] = make_move(RAMI_MOVE_DISCARD, 0, 0, 3, run);
    /* sides */
    bad[n++] = make_move(RAMI_MOVE_MELD, 0, 3, 3, run);
    bad[n++] = make_move(RAMI_MOVE_LAYOFF, 0, 255, 1, &kh);
    bad[n++] = make_move(RAMI_MOVE_DRAW_STOCK, 0, RAMI_SIDE_LOW, 0, NULL);
    bad[n++] = make_move(RAMI_MOVE_DRAW_DISCARD, 0, RAMI_SIDE_HIGH, 0, NULL);
    bad[n++] = make_move(RAMI_MOVE_SWAP, 0, RAMI_SIDE_LOW, 1, &kh);
    bad[n++] = make_move(RAMI_MOVE_DISCARD, 0, RAMI_SIDE_HIGH, 1, &kh);
    /* targets: 255 has no 1-based text; kinds without a target need 0 */
    bad[n++] = make_move(RAMI_MOVE_LAYOFF, 255, 0, 1, &kh);
    bad[n++] = make_move(RAMI_MOVE_SWAP, 255, 0, 1, &kh);
    bad[n++] = make_move(RAMI_MOVE_DISCARD, 1, 0, 1, &kh);
    bad[n++] = make_move(RAMI_MOVE_MELD, 2, 0, 3, run);
    bad[n++] = make_move(RAMI_MOVE_DRAW_STOCK, 1, 0, 0, NULL);
    assert_true(n <= sizeof bad / sizeof bad[0]);
    for (size_t i = 0; i < n; i++) {
        memset(buf, 'x', sizeof buf);
        int rc = rami_move_format(&bad[i], buf, sizeof buf);
        if (rc != RAMI_E_ARG)
            fail_msg("malformed move %zu gave %d", i, rc);
        assert_int_equal(buf[0], 'x');
    }
}

static void format_buffer_too_small(void **state)
{
    (void)state;
    const rami_card long_meld[RAMI_MAX_MELD] = {C(10, 0), C(10, 1), C(10, 2), C(10, 3), C(10, 0),
                                                C(10, 1), C(10, 2), C(10, 3), C(10, 0), C(10, 1),
                                                C(10, 2), C(10, 3), JK};
    const rami_card ten = C(10, RAMI_HEARTS);
    rami_move moves[] = {
        make_move(RAMI_MOVE_DRAW_STOCK, 0, 0, 0, NULL),
        make_move(RAMI_MOVE_DRAW_DISCARD, 0, 0, 0, NULL),
        make_move(RAMI_MOVE_MELD, 0, RAMI_SIDE_HIGH, RAMI_MAX_MELD, long_meld),
        make_move(RAMI_MOVE_LAYOFF, 254, RAMI_SIDE_HIGH, 1, &ten),
        make_move(RAMI_MOVE_SWAP, 254, 0, 1, &ten),
        make_move(RAMI_MOVE_DISCARD, 0, 0, 1, &ten),
    };
    const char *const texts[] = {
        "draw",
        "take",
        "meld 10C 10D 10H 10S 10C 10D 10H 10S 10C 10D 10H 10S JK high",
        "lay 10H on 255 high",
        "swap 10H on 255",
        "discard 10H",
    };
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        size_t need = strlen(texts[i]) + 1;
        char buf[128];
        for (size_t cap = 0; cap < need; cap++) {
            memset(buf, 'x', sizeof buf);
            assert_int_equal(rami_move_format(&moves[i], buf, cap), RAMI_E_BUFFER);
            assert_int_equal(buf[0], cap > 0 ? '\0' : 'x');
            for (size_t k = (cap > 0 ? 1 : 0); k < sizeof buf; k++)
                assert_int_equal(buf[k], 'x');
        }
        memset(buf, 'x', sizeof buf);
        assert_int_equal(rami_move_format(&moves[i], buf, need), RAMI_OK);
        assert_string_equal(buf, texts[i]);
        assert_int_equal(buf[need], 'x');
    }
}

/* xorshift64: a fixed, local sequence so failures reproduce. */
static uint64_t xorshift(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

static rami_card random_card(uint64_t *s)
{
    unsigned k = (unsigned)(xorshift(s) % 53);
    return k == 52 ? JK : C(k % 13 + 1, k / 13);
}

static rami_move random_move(uint64_t *s)
{
    rami_move m;
    memset(&m, 0, sizeof m);
    m.kind = (uint8_t)(xorshift(s) % 6 + 1);
    switch (m.kind) {
    case RAMI_MOVE_MELD:
        m.count = (uint8_t)(3 + xorshift(s) % (RAMI_MAX_MELD - 2));
        m.side = (uint8_t)(xorshift(s) % 3);
        break;
    case RAMI_MOVE_LAYOFF:
        m.count = 1;
        m.side = (uint8_t)(xorshift(s) % 3);
        m.target = (uint8_t)(xorshift(s) % 255);
        break;
    case RAMI_MOVE_SWAP:
        m.count = 1;
        m.target = (uint8_t)(xorshift(s) % 255);
        break;
    case RAMI_MOVE_DISCARD:
        m.count = 1;
        break;
    default:
        break;
    }
    for (size_t i = 0; i < m.count; i++)
        m.cards[i] = random_card(s);
    return m;
}

/* Messes up canonical text in ways the parser forgives. */
static void roughen(const char *in, char *out, size_t cap, uint64_t *s)
{
    static const char *const seps[] = {" ", "  ", "\t", ", ", ",", " ,\t"};
    size_t n = 0;
    if (xorshift(s) % 2)
        n += (size_t)snprintf(out + n, cap - n, "%s", seps[xorshift(s) % 6]);
    for (const char *p = in; *p != '\0'; p++) {
        if (*p == ' ') {
            n += (size_t)snprintf(out + n, cap - n, "%s", seps[xorshift(s) % 6]);
        } else {
            char ch = *p;
            if (xorshift(s) % 2 && ch >= 'a' && ch <= 'z')
                ch = (char)(ch - 'a' + 'A');
            else if (xorshift(s) % 2 && ch >= 'A' && ch <= 'Z')
                ch = (char)(ch - 'A' + 'a');
            out[n++] = ch;
            out[n] = '\0';
        }
    }
    if (xorshift(s) % 2)
        snprintf(out + n, cap - n, "%s", seps[xorshift(s) % 6]);
}

static void random_round_trip(void **state)
{
    (void)state;
    uint64_t seed = 0x9E3779B97F4A7C15u;
    for (int i = 0; i < 100000; i++) {
        rami_move m = random_move(&seed);
        char text[128], again[128], rough[512];
        int rc = rami_move_format(&m, text, sizeof text);
        if (rc != RAMI_OK)
            fail_msg("iteration %d: format gave %d", i, rc);
        rami_move back;
        assert_int_equal(rami_move_parse(text, &back), RAMI_OK);
        if (memcmp(&back, &m, sizeof m) != 0)
            fail_msg("iteration %d: \"%s\" did not round-trip", i, text);
        assert_int_equal(rami_move_format(&back, again, sizeof again), RAMI_OK);
        assert_string_equal(text, again);
        roughen(text, rough, sizeof rough, &seed);
        if (rami_move_parse(rough, &back) != RAMI_OK || memcmp(&back, &m, sizeof m) != 0)
            fail_msg("iteration %d: \"%s\" did not parse as \"%s\"", i, rough, text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_kind_round_trips),
        cmocka_unit_test(every_table_number_round_trips),
        cmocka_unit_test(every_face_in_every_position),
        cmocka_unit_test(forgiving_inputs),
        cmocka_unit_test(malformed_inputs),
        cmocka_unit_test(parse_null_arguments),
        cmocka_unit_test(format_rejects_malformed_moves),
        cmocka_unit_test(format_buffer_too_small),
        cmocka_unit_test(random_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
