/* Meld evaluation (RULES.md §3-§4): rami_meld_check, table-driven. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "rami-private.h"

enum { SET = RAMI_MELD_SET, RUN = RAMI_MELD_RUN, NONE = RAMI_MELD_NONE };

struct meld_case {
    const char *cards;    /* input, any order */
    unsigned jpm;         /* jokers_per_meld of the ruleset */
    int status;           /* RAMI_OK or RAMI_E_MELD */
    int kind;             /* expected kind */
    unsigned points;      /* expected points */
    const char *table;    /* expected cards[] in table order */
    const char *joker_as; /* expected joker_as, "" for none */
};

/* clang-format off */
#define OK1(c, k, p, t, j) {c, 1, RAMI_OK, k, p, t, j}
#define OK2(c, k, p, t, j) {c, 2, RAMI_OK, k, p, t, j}
#define BAD(c, j) {c, j, RAMI_E_MELD, NONE, 0, "", ""}
/* clang-format on */

#define RUN_AK_C "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
#define RUN_2A_S "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"

static const struct meld_case cases[] = {
    /* RULES.md §4, row by row. */
    OK1("KH KS KD", SET, 30, "KD KH KS", ""),
    OK1("AC AH AS", SET, 33, "AC AH AS", ""),
    BAD("7S 7S 7H", 1),
    OK1("AH 2H 3H", RUN, 6, "AH 2H 3H", ""),
    OK1("5C 6C 7C", RUN, 18, "5C 6C 7C", ""),
    OK1("QH KH AH", RUN, 31, "QH KH AH", ""),
    BAD("KH AH 2H", 1),
    OK1("9C 9D 9H JK", SET, 36, "9C 9D 9H JK", "9S"),
    OK1("JK 7S 8S", RUN, 21, "JK 7S 8S", "6S"),
    BAD("JK JK 5H 6H", 1),

    /* Sets of naturals: sorted by suit; ace 11, faces 10. */
    OK1("2C 2D 2H", SET, 6, "2C 2D 2H", ""),
    OK1("10S 10H 10D 10C", SET, 40, "10C 10D 10H 10S", ""),
    OK1("JD JH JS", SET, 30, "JD JH JS", ""),
    OK1("QS QC QH", SET, 30, "QC QH QS", ""),
    OK1("AS AD AC AH", SET, 44, "AC AD AH AS", ""),
    OK1("7H 7S 7C", SET, 21, "7C 7H 7S", ""),
    OK1("KC KD KH KS", SET, 40, "KC KD KH KS", ""),

    /* Sets with a joker: 3 cards -> suit open, 3 naturals + joker -> the missing suit. */
    OK1("5S 5H JK", SET, 15, "5H 5S JK", "5?"),
    OK1("JK AC AD", SET, 33, "AC AD JK", "A?"),
    OK1("3H JK 3S", SET, 9, "3H 3S JK", "3?"),
    OK1("KD JK KC", SET, 30, "KC KD JK", "K?"),
    OK1("JK 4C 4D 4S", SET, 16, "4C 4D 4S JK", "4H"),
    OK1("JK KH KS KD", SET, 40, "KD KH KS JK", "KC"),
    OK1("AH AS AC JK", SET, 44, "AC AH AS JK", "AD"),
    OK1("10D 10H JK 10S", SET, 40, "10D 10H 10S JK", "10C"),

    /* Invalid sets. */
    BAD("KC KD KH KS JK", 1), /* five cards */
    BAD("KC KD KH KS JK", 2), /* five cards, even with two jokers allowed */
    BAD("7C 7D 7H 7S 7C", 1), /* five naturals */
    BAD("7C 7D 7C", 1),       /* same card from two decks */
    BAD("7C 7D 7H 7H", 1),    /* same card from two decks */
    BAD("2C 2C JK", 1),       /* repeated suit with joker */
    BAD("JK 2C 2D 2D", 1),    /* repeated suit with joker */
    BAD("3D 3D 3D", 1),       /* one face three times */
    BAD("8C 8D 8H 9C", 1),    /* mixed rank and suit */
    BAD("AS AH 2S", 1),       /* mixed rank and suit */
    BAD("8C 8D 9H", 1),       /* mixed rank and suit */

    /* Runs of naturals, points by place. */
    OK1("2S 3S 4S", RUN, 9, "2S 3S 4S", ""),
    OK1("10D 9D QD JD", RUN, 39, "9D 10D JD QD", ""),
    OK1("AC KC JC QC", RUN, 41, "JC QC KC AC", ""),
    OK1("5D 4D 3D 2D AD", RUN, 15, "AD 2D 3D 4D 5D", ""),
    OK1("9C 10C JC", RUN, 29, "9C 10C JC", ""),
    OK1("8D 9D 10D", RUN, 27, "8D 9D 10D", ""),
    OK1("4S 5S 6S 7S 8S 9S", RUN, 39, "4S 5S 6S 7S 8S 9S", ""),
    OK1("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS", RUN, 75, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS",
        ""),
    OK1("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", RUN, 93, "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
        ""),
    /* 13 cards: A..K and 2..A hold the same cards; the ace goes low. */
    OK1(RUN_AK_C, RUN, 85, RUN_AK_C, ""),
    OK1(RUN_2A_S, RUN, 85, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", ""),

    /* Invalid runs. */
    BAD(RUN_AK_C " AC", 1), /* 14 cards */
    BAD(RUN_2A_S " JK", 1), /* 14 cards with a joker */
    BAD("KS AS 2S 3S", 1),  /* wraps */
    BAD("QD KD AD 2D", 1),  /* wraps */
    BAD("AS 2S KS", 1),     /* wraps */
    BAD("7H 8H 10H", 1),    /* gap */
    BAD("2C 3C 5C 6C", 1),  /* gap */
    BAD("7H 9H JH JK", 1),  /* gap too wide for one joker */
    BAD("7S 7S 8S", 1),     /* same card twice */
    BAD("7S 8S 9S 9S", 1),  /* same card twice */
    BAD("7S 8H 9S", 1),     /* mixed suits */
    BAD("7S 8S 9D JK", 1),  /* mixed suits with joker */

    /* Too few cards. */
    BAD("KH KS", 1),
    BAD("7S 8S", 1),
    BAD("7S JK", 1),
    BAD("JK JK", 2),
    BAD("KH", 1),
    BAD("JK", 1),
    BAD("", 1),

    /* A joker inside a run stands for the missing card. */
    OK1("7H 9H JK", RUN, 24, "7H JK 9H", "8H"),
    OK1("5C JK 7C 8C", RUN, 26, "5C JK 7C 8C", "6C"),
    OK1("AC 3C JK", RUN, 6, "AC JK 3C", "2C"),
    OK1("2D 4D JK", RUN, 9, "2D JK 4D", "3D"),
    OK1("JK 10S QS", RUN, 30, "10S JK QS", "JS"),
    OK1("6H JK 4H", RUN, 15, "4H JK 6H", "5H"),
    OK1("QS JK AS", RUN, 31, "QS JK AS", "KS"),
    OK1("3H 4H JK 6H 7H 8H", RUN, 33, "3H 4H JK 6H 7H 8H", "5H"),

    /* A joker at a run's end takes the lower place when both fit. */
    OK1("JH QH JK", RUN, 30, "JK JH QH", "10H"),
    OK1("2H 3H JK", RUN, 6, "JK 2H 3H", "AH"),
    OK1("QH KH JK", RUN, 30, "JK QH KH", "JH"),
    OK1("7S 8S JK", RUN, 21, "JK 7S 8S", "6S"),
    OK1("JK 2C 3C 4C", RUN, 10, "JK 2C 3C 4C", "AC"),
    OK1("10D JD QD KD JK", RUN, 49, "JK 10D JD QD KD", "9D"),
    OK1("JK 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", RUN, 85,
        "JK 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "AC"),
    /* Only one place fits. */
    OK1("AH 2H JK", RUN, 6, "AH 2H JK", "3H"),
    OK1("AC 2C 3C JK", RUN, 10, "AC 2C 3C JK", "4C"),
    OK1("KH AH JK", RUN, 31, "JK KH AH", "QH"),
    OK1("QC KC AC JK", RUN, 41, "JK QC KC AC", "JC"),
    OK1("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC JK", RUN, 85,
        "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC JK", "KC"),

    /* jokers_per_meld 2: two jokers, but at least two naturals. */
    OK2("JK 5H 6H JK", RUN, 18, "JK JK 5H 6H", "3H"),
    OK2("5H JK 7H JK", RUN, 22, "JK 5H JK 7H", "4H"),
    OK2("9S JK JK JS", RUN, 37, "JK 9S JK JS", "8S"),
    OK2("8C 8D JK JK", SET, 32, "8C 8D JK JK", "8?"),
    OK2("9C 9D 9H JK", SET, 36, "9C 9D 9H JK", "9S"),
    OK2("7S 8S 9S", RUN, 24, "7S 8S 9S", ""),
    BAD("5H JK JK", 2),
    BAD("8C JK JK", 2),
    BAD("JK KH JK", 2),
    BAD("JK JK JK", 2),
    BAD("JK JK JK 5H 6H", 2),
    BAD("JK JK JK", 4),
    BAD("JK JK 7C", 4),
};

static rami_ruleset ruleset_jpm(unsigned jpm)
{
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 4), RAMI_OK);
    rs.jokers_per_meld = (uint8_t)jpm;
    assert_int_equal(rami_ruleset_check(&rs, NULL, 0), RAMI_OK);
    return rs;
}

/* ---- a straightforward reference of meld.c, for the differential test ----
 * The evaluation as it was before the table-driven one (a census of
 * suits and ranks card by card, a set sorted, a run filled place by place,
 * points summed place by place), with the same reasons. */

RAMI_PRINTF(5, 6)
static int ref_refuse(char *why, size_t cap, const rami_card *cards, size_t n, const char *fmt, ...)
{
    if (why == NULL || cap == 0)
        return RAMI_E_MELD;
    char list[RAMI_MAX_MELD * 4 + 8];
    rami__cards_text(cards, n < 16 ? n : 16, list, sizeof list);
    char rule[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(rule, sizeof rule, fmt, ap);
    va_end(ap);
    snprintf(why, cap, "%s: %s", list, rule);
    return RAMI_E_MELD;
}

static bool ref_valid(rami_card c)
{
    return c == RAMI_JOKER ||
           (RAMI_CARD_SUIT(c) < 4 && RAMI_CARD_RANK(c) >= 1 && RAMI_CARD_RANK(c) <= 13);
}

static unsigned ref_low(unsigned x)
{
    unsigned i = 0;
    while (!(x >> i & 1u))
        i++;
    return i;
}

static unsigned ref_pos_rank(unsigned pos)
{
    return pos == 14 ? RAMI_ACE : pos;
}

/* Every start from 1 to 15 - n tried: the run's places must hold each
 * natural rank (the ace at place 1 or 14). */
static bool ref_run_range(unsigned ranks, unsigned n, unsigned *lo_min, unsigned *lo_max)
{
    bool any = false;
    for (unsigned lo = 1; lo + n - 1 <= 14; lo++) {
        unsigned covered = 0;
        for (unsigned pos = lo; pos < lo + n; pos++)
            covered |= 1u << ref_pos_rank(pos);
        if ((ranks & ~covered) != 0)
            continue;
        if (!any)
            *lo_min = lo;
        *lo_max = lo;
        any = true;
    }
    return any;
}

struct ref_census {
    unsigned jokers, naturals, suits, ranks;
    bool dup_suit, dup_rank;
};

static int ref_eval(unsigned jpm, const rami_card *cards, size_t n, int side, tmeld *out, char *why,
                    size_t cap)
{
    if (cards == NULL && n > 0)
        return RAMI_E_ARG;
    if (n > RAMI_MAX_MELD)
        return ref_refuse(why, cap, cards, RAMI_MAX_MELD, "a meld holds at most %d cards",
                          RAMI_MAX_MELD);
    for (size_t i = 0; i < n; i++)
        if (!ref_valid(cards[i]))
            return RAMI_E_ARG;
    if (n < 3)
        return ref_refuse(why, cap, cards, n, "a meld needs at least 3 cards");
    struct ref_census cs = {0};
    for (size_t i = 0; i < n; i++) {
        if (cards[i] == RAMI_JOKER) {
            cs.jokers++;
            continue;
        }
        unsigned sb = 1u << RAMI_CARD_SUIT(cards[i]), rb = 1u << RAMI_CARD_RANK(cards[i]);
        cs.dup_suit |= (cs.suits & sb) != 0;
        cs.dup_rank |= (cs.ranks & rb) != 0;
        cs.suits |= sb;
        cs.ranks |= rb;
        cs.naturals++;
    }
    if (cs.jokers > jpm)
        return ref_refuse(why, cap, cards, n, "a meld may hold at most %u joker%s", jpm,
                          jpm == 1 ? "" : "s");
    if (cs.naturals < 2)
        return ref_refuse(why, cap, cards, n, "a meld needs at least two natural cards");
    tmeld m;
    memset(&m, 0, sizeof m);
    m.count = (uint8_t)n;
    m.jokers = (uint8_t)cs.jokers;
    bool one_rank = (cs.ranks & (cs.ranks - 1)) == 0, one_suit = (cs.suits & (cs.suits - 1)) == 0;
    if (one_rank) {
        if (n > 4)
            return ref_refuse(why, cap, cards, n, "a set holds at most 4 cards");
        if (cs.dup_suit)
            return ref_refuse(why, cap, cards, n, "a set cannot hold two cards of one suit");
        m.kind = RAMI_MELD_SET;
        m.rank = (uint8_t)ref_low(cs.ranks);
        memcpy(m.cards, cards, n);
        for (size_t i = 1; i < n; i++) /* insertion sort: by code, jokers last */
            for (size_t j = i; j > 0 && m.cards[j - 1] > m.cards[j]; j--) {
                rami_card t = m.cards[j];
                m.cards[j] = m.cards[j - 1];
                m.cards[j - 1] = t;
            }
    } else if (one_suit) {
        if (cs.dup_rank)
            return ref_refuse(why, cap, cards, n, "a run cannot hold two cards of one rank");
        unsigned lo_min = 0, lo_max = 0;
        if (!ref_run_range(cs.ranks, (unsigned)n, &lo_min, &lo_max)) {
            bool ace = cs.ranks & (1u << RAMI_ACE);
            if (ace && (cs.ranks & (1u << 2)) && (cs.ranks & (1u << 13)))
                return ref_refuse(why, cap, cards, n,
                                  "a run never wraps: the ace is either low or high");
            return ref_refuse(why, cap, cards, n, "the ranks are not consecutive%s",
                              cs.jokers ? " even with the joker" : "");
        }
        if (side == RAMI_SIDE_HIGH && cs.jokers == 0 && lo_min != lo_max)
            return ref_refuse(why, cap, cards, n,
                              "a new run of 13 natural cards lies A..K (the ace low); "
                              "only a joker's place can be chosen");
        unsigned lo = side == RAMI_SIDE_HIGH ? lo_max : lo_min;
        m.kind = RAMI_MELD_RUN;
        m.suit = (uint8_t)ref_low(cs.suits);
        m.lo = (uint8_t)lo;
        m.hi = (uint8_t)(lo + n - 1);
        for (unsigned i = 0; i < n; i++) {
            unsigned r = ref_pos_rank(lo + i);
            m.cards[i] = (cs.ranks & (1u << r)) ? RAMI_CARD(r, m.suit) : RAMI_JOKER;
        }
    } else {
        return ref_refuse(why, cap, cards, n,
                          "the cards are neither of one rank (a set) nor of one suit (a run)");
    }
    if (out != NULL)
        *out = m;
    return RAMI_OK;
}

static void ref_info(const tmeld *m, rami_meld_info *info)
{
    memset(info, 0, sizeof *info);
    info->kind = m->kind;
    info->count = m->count;
    unsigned points = 0;
    if (m->kind == RAMI_MELD_SET) {
        points = m->count * (m->rank == RAMI_ACE ? 11u : m->rank > 10 ? 10u : m->rank);
    } else {
        for (unsigned pos = m->lo; pos <= m->hi; pos++)
            points += pos == 14 ? 11u : pos > 10 ? 10u : pos;
    }
    info->points = (uint16_t)points;
    memcpy(info->cards, m->cards, m->count);
    for (unsigned i = 0; i < m->count; i++) {
        if (m->cards[i] != RAMI_JOKER)
            continue;
        if (m->kind == RAMI_MELD_RUN) {
            info->joker_as = RAMI_CARD(ref_pos_rank(m->lo + i), m->suit);
        } else {
            unsigned naturals = (unsigned)m->count - m->jokers, seen = 0, s = 0;
            for (unsigned k = 0; k < m->count; k++)
                if (m->cards[k] != RAMI_JOKER)
                    seen |= 1u << RAMI_CARD_SUIT(m->cards[k]);
            while (s < 4 && (seen >> s & 1u))
                s++;
            info->joker_as =
                RAMI_CARD(m->rank, naturals == 3 && m->count == 4 ? s : (unsigned)RAMI_SUIT_ANY);
        }
        break;
    }
}

/* rami_meld_check as the reference would answer it (the ruleset judged by
 * rami_ruleset_check). */
static int ref_check(const rami_ruleset *rs, const rami_card *cards, size_t n, rami_meld_info *info)
{
    unsigned jpm = 1;
    if (rs != NULL) {
        if (rami_ruleset_check(rs, NULL, 0) != RAMI_OK)
            return RAMI_E_ARG;
        jpm = rs->jokers_per_meld;
    }
    tmeld m;
    int st = ref_eval(jpm, cards, n, RAMI_SIDE_AUTO, &m, NULL, 0);
    if (info != NULL) {
        if (st == RAMI_OK)
            ref_info(&m, info);
        else
            memset(info, 0, sizeof *info);
    }
    return st;
}

static uint64_t diff_state = 0x2545F4914F6CDD1Dull;

static unsigned diff_below(unsigned n)
{
    diff_state ^= diff_state << 13;
    diff_state ^= diff_state >> 7;
    diff_state ^= diff_state << 17;
    return (unsigned)((diff_state >> 32) % n);
}

/* Random inputs near melds: runs and sets with a card changed, cards of
 * few suits and ranks, jokers, now and then a code that is no card, 0 to
 * 15 cards. */
static size_t diff_cards(rami_card *c)
{
    unsigned kind = diff_below(5), suit = diff_below(4), rank = 1 + diff_below(13);
    size_t n = diff_below(4) == 0 ? diff_below(16) : 3 + diff_below(kind == 1 ? 3 : 11);
    for (size_t i = 0; i < n; i++) {
        if (kind == 0) { /* a run from rank */
            unsigned r = rank + (unsigned)i;
            c[i] = RAMI_CARD(r > 13 ? r - 13 : r, suit);
        } else if (kind == 1) { /* a set */
            c[i] = RAMI_CARD(rank, (suit + i) % 4);
        } else if (kind == 2) { /* two suits, near ranks */
            c[i] = RAMI_CARD(1 + (rank + diff_below(4)) % 13, (suit + diff_below(2)) % 4);
        } else {
            c[i] = RAMI_CARD(1 + diff_below(13), diff_below(4));
        }
        if (diff_below(200) == 0)
            c[i] = (rami_card)diff_below(256);
    }
    for (unsigned j = 0; n > 0 && j < 3 && diff_below(2) == 0; j++) /* jokers */
        c[diff_below((unsigned)n)] = RAMI_JOKER;
    if (kind < 2 && n > 0 && diff_below(4) == 0) /* one card off */
        c[diff_below((unsigned)n)] = RAMI_CARD(1 + diff_below(13), diff_below(4));
    for (size_t k = n; k > 1; k--) {
        size_t j = diff_below((unsigned)k);
        rami_card t = c[k - 1];
        c[k - 1] = c[j];
        c[j] = t;
    }
    return n;
}

/* rami__meld_eval (every side, with and without a reason) and
 * rami_meld_check against the reference over random inputs: the same
 * status, table meld, reason and info. */
static void test_differential(void **state)
{
    (void)state;
    unsigned long melds = 0, refused = 0, args = 0;
    for (unsigned iter = 0; iter < 300000; iter++) {
        rami_card cards[16];
        size_t n = diff_cards(cards);
        unsigned jpm = 1 + diff_below(4);
        for (int side = RAMI_SIDE_AUTO; side <= RAMI_SIDE_HIGH; side++) {
            tmeld want, got;
            memset(&want, 0x5A, sizeof want);
            memset(&got, 0x5A, sizeof got);
            char why_want[256] = "", why_got[256] = "";
            int st_want = ref_eval(jpm, cards, n, side, &want, why_want, sizeof why_want);
            int st_got = rami__meld_eval(jpm, cards, n, side, &got, why_got, sizeof why_got);
            char text[80];
            rami__cards_text(cards, n < 16 ? n : 16, text, sizeof text);
            if (st_got != st_want || memcmp(&got, &want, sizeof got) != 0 ||
                strcmp(why_got, why_want) != 0)
                fail_msg("[%s] jpm %u side %d: status %d \"%s\", the reference %d \"%s\"", text,
                         jpm, side, st_got, why_got, st_want, why_want);
            assert_int_equal(rami__meld_eval(jpm, cards, n, side, NULL, NULL, 0), st_want);
            melds += st_want == RAMI_OK;
            refused += st_want == RAMI_E_MELD;
            args += st_want == RAMI_E_ARG;
        }
        rami_ruleset rs = ruleset_jpm(jpm);
        const rami_ruleset *r = diff_below(8) == 0 ? NULL : &rs;
        rami_meld_info want, got;
        memset(&want, 0x5A, sizeof want);
        memset(&got, 0x5A, sizeof got);
        int st_want = ref_check(r, cards, n, &want);
        assert_int_equal(rami_meld_check(r, cards, n, &got), st_want);
        assert_memory_equal(&got, &want, sizeof got);
    }
    print_message("%lu melds, %lu refused, %lu bad codes\n", melds, refused, args);
    /* Each outcome is well represented. */
    assert_true(melds > 100000 && refused > 100000 && args > 10000);
}

static size_t parse_cards(const char *text, rami_card *out, size_t cap)
{
    size_t n = 0;
    int st = rami_cards_parse(text, out, cap, &n);
    if (st != RAMI_OK)
        fail_msg("test data \"%s\" does not parse: %d", text, st);
    return n;
}

static void format_cards(const rami_card *cards, size_t n, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char one[8];
        if (rami_card_format(cards[i], one, sizeof one) != RAMI_OK)
            snprintf(one, sizeof one, "<%02X>", cards[i]);
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? " " : "", one);
    }
}

static int check_with(const struct meld_case *tc, const rami_card *cards, size_t n,
                      rami_meld_info *info)
{
    rami_ruleset rs = ruleset_jpm(tc->jpm);
    return rami_meld_check(&rs, cards, n, info);
}

/* Asserts the result of one case for one order of its cards. */
static void check_case(const struct meld_case *tc, const rami_card *cards, size_t n,
                       rami_meld_info *out)
{
    rami_meld_info info;
    memset(&info, 0xA5, sizeof info);
    int st = check_with(tc, cards, n, &info);
    char got[128];
    format_cards(cards, n, got, sizeof got);
    if (st != tc->status)
        fail_msg("[%s] (as \"%s\", jpm %u): status %d, expected %d", tc->cards, got, tc->jpm, st,
                 tc->status);
    if (st != RAMI_OK) {
        rami_meld_info zero;
        memset(&zero, 0, sizeof zero);
        if (memcmp(&info, &zero, sizeof info) != 0)
            fail_msg("[%s]: info not zeroed on RAMI_E_MELD", tc->cards);
        *out = info;
        return;
    }
    char table[128], joker[8] = "";
    format_cards(info.cards, info.count, table, sizeof table);
    if (info.joker_as != RAMI_NO_CARD)
        format_cards(&info.joker_as, 1, joker, sizeof joker);
    if (info.kind != tc->kind || info.count != n || info.points != tc->points ||
        strcmp(table, tc->table) != 0 || strcmp(joker, tc->joker_as) != 0)
        fail_msg("[%s] (as \"%s\", jpm %u): got kind %u, count %u, points %u, \"%s\", joker_as "
                 "\"%s\"; expected kind %d, points %u, \"%s\", joker_as \"%s\"",
                 tc->cards, got, tc->jpm, info.kind, info.count, info.points, table, joker,
                 tc->kind, tc->points, tc->table, tc->joker_as);
    for (size_t i = info.count; i < RAMI_MAX_MELD; i++)
        assert_int_equal(info.cards[i], RAMI_NO_CARD);
    *out = info;
}

/* Heap's algorithm over every order of cards[0..n) (n <= 6), or rotations
 * and reversals of longer melds. */
static void each_order(const struct meld_case *tc, const rami_card *cards, size_t n,
                       const rami_meld_info *want)
{
    rami_card a[16];
    rami_meld_info got;
    memcpy(a, cards, n);
    if (n <= 6) {
        size_t c[16] = {0};
        size_t i = 1;
        while (i < n) {
            if (c[i] < i) {
                size_t j = (i % 2 == 0) ? 0 : c[i];
                rami_card t = a[j];
                a[j] = a[i];
                a[i] = t;
                check_case(tc, a, n, &got);
                assert_memory_equal(&got, want, sizeof got);
                c[i]++;
                i = 1;
            } else {
                c[i] = 0;
                i++;
            }
        }
        return;
    }
    for (size_t rot = 0; rot < n; rot++) {
        for (size_t i = 0; i < n; i++)
            a[i] = cards[(i + rot) % n];
        check_case(tc, a, n, &got);
        assert_memory_equal(&got, want, sizeof got);
        for (size_t i = 0; i < n; i++)
            a[i] = cards[(n - 1 - i + rot) % n];
        check_case(tc, a, n, &got);
        assert_memory_equal(&got, want, sizeof got);
    }
}

static void test_table(void **state)
{
    (void)state;
    size_t ok = 0, bad = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const struct meld_case *tc = &cases[k];
        rami_card cards[16];
        size_t n = parse_cards(tc->cards, cards, sizeof cards);
        rami_meld_info want;
        check_case(tc, cards, n, &want);
        each_order(tc, cards, n, &want);
        /* The table order is itself a valid input giving the same result. */
        if (tc->status == RAMI_OK) {
            rami_meld_info again;
            check_case(tc, want.cards, want.count, &again);
            assert_memory_equal(&again, &want, sizeof want);
            ok++;
        } else {
            bad++;
        }
        /* info may be NULL. */
        assert_int_equal(check_with(tc, cards, n, NULL), tc->status);
        /* rs NULL is jokers_per_meld 1. */
        if (tc->jpm == 1) {
            rami_meld_info info;
            assert_int_equal(rami_meld_check(NULL, cards, n, &info), tc->status);
            assert_memory_equal(&info, &want, sizeof info);
        }
    }
    assert_true(ok + bad >= 70);
    print_message("%zu meld cases: %zu valid, %zu invalid\n", ok + bad, ok, bad);
}

/* Points, from RULES.md §4, recomputed from the table order for every valid
 * case: the rule, not the numbers typed above. */
static unsigned rule_points(const rami_meld_info *info)
{
    unsigned sum = 0;
    if (info->kind == RAMI_MELD_SET) {
        unsigned rank = 0;
        for (unsigned i = 0; i < info->count; i++)
            if (info->cards[i] != RAMI_JOKER)
                rank = RAMI_CARD_RANK(info->cards[i]);
        unsigned v = rank == RAMI_ACE ? 11 : rank > 10 ? 10 : rank;
        return v * info->count;
    }
    /* The first natural fixes the rank of place 0. */
    unsigned first = 0;
    for (unsigned i = 0; i < info->count; i++) {
        if (info->cards[i] != RAMI_JOKER) {
            unsigned r = RAMI_CARD_RANK(info->cards[i]);
            if (r == RAMI_ACE && i > 0)
                r = 14;
            first = r - i;
            break;
        }
    }
    for (unsigned i = 0; i < info->count; i++) {
        unsigned pos = first + i;
        sum += pos == 14 ? 11 : pos > 10 ? 10 : pos;
    }
    return sum;
}

static void test_points_rule(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const struct meld_case *tc = &cases[k];
        if (tc->status != RAMI_OK)
            continue;
        rami_card cards[16];
        size_t n = parse_cards(tc->cards, cards, sizeof cards);
        rami_meld_info info;
        assert_int_equal(check_with(tc, cards, n, &info), RAMI_OK);
        if (info.points != rule_points(&info))
            fail_msg("[%s]: points %u, rule gives %u", tc->cards, info.points, rule_points(&info));
    }
}

/* Every 3-card run of naturals in every suit, and every 3-set. */
static void test_all_small_melds(void **state)
{
    (void)state;
    for (unsigned s = 0; s < 4; s++) {
        for (unsigned lo = 1; lo <= 12; lo++) {
            rami_card c[3];
            for (unsigned i = 0; i < 3; i++)
                c[i] = RAMI_CARD(lo + i == 14 ? 1 : lo + i, s);
            rami_meld_info info;
            assert_int_equal(rami_meld_check(NULL, c, 3, &info), RAMI_OK);
            assert_int_equal(info.kind, RAMI_MELD_RUN);
            assert_int_equal(info.joker_as, RAMI_NO_CARD);
            unsigned want = 0;
            for (unsigned i = 0; i < 3; i++) {
                unsigned pos = lo + i;
                want += pos == 14 ? 11 : pos > 10 ? 10 : pos;
            }
            assert_int_equal(info.points, want);
        }
        /* Q K A is the only run with a high ace; K A 2 never. */
        rami_card qka[3] = {RAMI_CARD(12, s), RAMI_CARD(13, s), RAMI_CARD(1, s)};
        assert_int_equal(rami_meld_check(NULL, qka, 3, NULL), RAMI_OK);
        rami_card ka2[3] = {RAMI_CARD(13, s), RAMI_CARD(1, s), RAMI_CARD(2, s)};
        assert_int_equal(rami_meld_check(NULL, ka2, 3, NULL), RAMI_E_MELD);
    }
    for (unsigned r = 1; r <= 13; r++) {
        for (unsigned skip = 0; skip < 4; skip++) {
            rami_card c[3];
            unsigned n = 0;
            for (unsigned s = 0; s < 4; s++)
                if (s != skip)
                    c[n++] = RAMI_CARD(r, s);
            rami_meld_info info;
            assert_int_equal(rami_meld_check(NULL, c, 3, &info), RAMI_OK);
            assert_int_equal(info.kind, RAMI_MELD_SET);
            unsigned v = r == 1 ? 11 : r > 10 ? 10 : r;
            assert_int_equal(info.points, 3 * v);
            /* The joker takes the skipped suit. */
            rami_card four[4] = {RAMI_JOKER, c[0], c[1], c[2]};
            assert_int_equal(rami_meld_check(NULL, four, 4, &info), RAMI_OK);
            assert_int_equal(info.joker_as, RAMI_CARD(r, skip));
            assert_int_equal(info.cards[3], RAMI_JOKER);
            assert_int_equal(info.points, 4 * v);
        }
    }
}

static void test_bad_card_codes(void **state)
{
    (void)state;
    static const unsigned bad[] = {0x00, 0x0E, 0x0F, 0x1E, 0x30, 0x40,
                                   0x47, 0x4D, 0x51, 0x5F, 0x80, 0xFF};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        /* The bad card in the middle of an otherwise valid set / run. */
        rami_card set[4] = {RAMI_CARD(7, 0), RAMI_CARD(7, 1), (rami_card)bad[i], RAMI_CARD(7, 2)};
        rami_card run[4] = {RAMI_CARD(4, 3), RAMI_CARD(5, 3), RAMI_CARD(6, 3), (rami_card)bad[i]};
        rami_meld_info info;
        if (rami_meld_check(NULL, set, 4, &info) != RAMI_E_ARG)
            fail_msg("card 0x%02X in a set: not RAMI_E_ARG", bad[i]);
        assert_int_equal(rami_meld_check(NULL, run, 4, NULL), RAMI_E_ARG);
        /* Even in a list too short to be a meld. */
        assert_int_equal(rami_meld_check(NULL, set + 2, 1, NULL), RAMI_E_ARG);
    }
}

static void test_null_cards(void **state)
{
    (void)state;
    rami_meld_info info;
    assert_int_equal(rami_meld_check(NULL, NULL, 3, &info), RAMI_E_ARG);
    assert_int_equal(rami_meld_check(NULL, NULL, 1, NULL), RAMI_E_ARG);
    /* No cards at all is simply not a meld. */
    memset(&info, 0xA5, sizeof info);
    assert_int_equal(rami_meld_check(NULL, NULL, 0, &info), RAMI_E_MELD);
    assert_int_equal(info.kind, RAMI_MELD_NONE);
    assert_int_equal(info.count, 0);
    assert_int_equal(info.joker_as, RAMI_NO_CARD);
}

static void test_invalid_ruleset(void **state)
{
    (void)state;
    rami_card run[3] = {RAMI_CARD(4, 3), RAMI_CARD(5, 3), RAMI_CARD(6, 3)};
    rami_ruleset rs = ruleset_jpm(1);
    assert_int_equal(rami_meld_check(&rs, run, 3, NULL), RAMI_OK);
    rs.jokers_per_meld = 0;
    assert_int_equal(rami_meld_check(&rs, run, 3, NULL), RAMI_E_ARG);
    rs = ruleset_jpm(1);
    rs.struct_size = 0;
    assert_int_equal(rami_meld_check(&rs, run, 3, NULL), RAMI_E_ARG);
    rs = ruleset_jpm(1);
    rs.players = 9;
    assert_int_equal(rami_meld_check(&rs, run, 3, NULL), RAMI_E_ARG);
    rs = ruleset_jpm(1);
    rs.options = 0x80000000u;
    assert_int_equal(rami_meld_check(&rs, run, 3, NULL), RAMI_E_ARG);
    /* A ruleset struct of another size than the library's (doc/api.md,
     * "Structs that grow"): the first published layout still gives its
     * jokers_per_meld; a larger one is refused when a byte beyond the
     * library's is set. */
    rami_card two_jokers[5] = {RAMI_JOKER, RAMI_CARD(5, 3), RAMI_JOKER, RAMI_CARD(7, 3),
                               RAMI_CARD(8, 3)};
    rami_ruleset first = ruleset_jpm(2);
    first.struct_size = 24;
    assert_int_equal(rami_meld_check(&first, two_jokers, 5, NULL), RAMI_OK);
    first.jokers_per_meld = 1;
    assert_int_equal(rami_meld_check(&first, two_jokers, 5, NULL), RAMI_E_MELD);
    first.jokers_per_meld = 0;
    assert_int_equal(rami_meld_check(&first, two_jokers, 5, NULL), RAMI_E_ARG);
    struct {
        rami_ruleset rs;
        uint32_t newer;
    } big;
    memset(&big, 0, sizeof big);
    big.rs = ruleset_jpm(2);
    big.rs.struct_size = sizeof big;
    assert_int_equal(rami_meld_check(&big.rs, two_jokers, 5, NULL), RAMI_OK);
    big.newer = 1;
    assert_int_equal(rami_meld_check(&big.rs, two_jokers, 5, NULL), RAMI_E_ARG);
}

/* Every preset gives the reference meld rules. */
static void test_presets_agree(void **state)
{
    (void)state;
    rami_card two_jokers[4] = {RAMI_JOKER, RAMI_JOKER, RAMI_CARD(5, 2), RAMI_CARD(6, 2)};
    rami_card one_joker[3] = {RAMI_JOKER, RAMI_CARD(7, 3), RAMI_CARD(8, 3)};
    for (int p = RAMI_PRESET_51; p <= RAMI_PRESET_FINNISH; p++) {
        for (unsigned players = 2; players <= 6; players++) {
            rami_ruleset rs;
            assert_int_equal(rami_ruleset_init(&rs, p, players), RAMI_OK);
            rami_meld_info info;
            assert_int_equal(rami_meld_check(&rs, two_jokers, 4, &info), RAMI_E_MELD);
            assert_int_equal(rami_meld_check(&rs, one_joker, 3, &info), RAMI_OK);
            assert_int_equal(info.joker_as, RAMI_CARD(6, 3));
            assert_int_equal(info.points, 21);
        }
    }
}

/* The caller's cards are never reordered. */
static void test_input_untouched(void **state)
{
    (void)state;
    rami_card cards[4] = {RAMI_CARD(9, 0), RAMI_JOKER, RAMI_CARD(7, 0), RAMI_CARD(8, 0)};
    rami_card copy[4];
    memcpy(copy, cards, sizeof cards);
    rami_meld_info info;
    assert_int_equal(rami_meld_check(NULL, cards, 4, &info), RAMI_OK);
    assert_memory_equal(cards, copy, sizeof cards);
    assert_int_equal(info.cards[0], RAMI_JOKER);
    assert_int_equal(info.joker_as, RAMI_CARD(6, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),           cmocka_unit_test(test_points_rule),
        cmocka_unit_test(test_all_small_melds), cmocka_unit_test(test_bad_card_codes),
        cmocka_unit_test(test_null_cards),      cmocka_unit_test(test_invalid_ruleset),
        cmocka_unit_test(test_presets_agree),   cmocka_unit_test(test_input_untouched),
        cmocka_unit_test(test_differential),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
