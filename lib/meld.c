/* Meld evaluation: the single place where RULES.md §3-§4 live. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "meld.h"

/* What is wrong with cards as a meld, in the order the rules are
 * checked (judge). */
enum flaw {
    FLAW_NONE = 0,
    FLAW_ARG,      /* NULL cards or a code that is no card: RAMI_E_ARG */
    FLAW_LONG,     /* more than RAMI_MAX_MELD cards */
    FLAW_SHORT,    /* fewer than 3 */
    FLAW_JOKERS,   /* more jokers than jokers_per_meld */
    FLAW_NATURALS, /* fewer than two naturals */
    FLAW_SET_LONG,
    FLAW_SET_SUIT,
    FLAW_RUN_RANK,
    FLAW_RUN_WRAP,
    FLAW_RUN_GAP,
    FLAW_RUN_13, /* a natural 13-card run placed high */
    FLAW_MIXED   /* neither one rank nor one suit */
};

/* The reason for a flaw: the cards (the first RAMI_MAX_MELD of a list too
 * long), then the rule they break. Out of line: only refusals that are
 * asked for their reason come here. */
RAMI_NOINLINE static int explain(int flaw, unsigned jpm, const rami_card *cards, size_t n,
                                 char *why, size_t cap)
{
    if (why == NULL || cap == 0)
        return RAMI_E_MELD;
    size_t shown = flaw == FLAW_LONG ? RAMI_MAX_MELD : n;
    char list[RAMI_MAX_MELD * 4 + 8];
    rami__cards_text(cards, shown < 16 ? shown : 16, list, sizeof list);
    unsigned jokers = 0;
    for (size_t i = 0; i < shown; i++)
        jokers += cards[i] == RAMI_JOKER;
    char rule[160];
    switch (flaw) {
    case FLAW_LONG:
        snprintf(rule, sizeof rule, "a meld holds at most %d cards", RAMI_MAX_MELD);
        break;
    case FLAW_SHORT:
        snprintf(rule, sizeof rule, "%s", "a meld needs at least 3 cards");
        break;
    case FLAW_JOKERS:
        snprintf(rule, sizeof rule, "a meld may hold at most %u joker%s", jpm, jpm == 1 ? "" : "s");
        break;
    case FLAW_NATURALS:
        snprintf(rule, sizeof rule, "%s", "a meld needs at least two natural cards");
        break;
    case FLAW_SET_LONG:
        snprintf(rule, sizeof rule, "%s", "a set holds at most 4 cards");
        break;
    case FLAW_SET_SUIT:
        snprintf(rule, sizeof rule, "%s", "a set cannot hold two cards of one suit");
        break;
    case FLAW_RUN_RANK:
        snprintf(rule, sizeof rule, "%s", "a run cannot hold two cards of one rank");
        break;
    case FLAW_RUN_WRAP:
        snprintf(rule, sizeof rule, "%s", "a run never wraps: the ace is either low or high");
        break;
    case FLAW_RUN_GAP:
        snprintf(rule, sizeof rule, "the ranks are not consecutive%s",
                 jokers ? " even with the joker" : "");
        break;
    case FLAW_RUN_13:
        snprintf(rule, sizeof rule, "%s",
                 "a new run of 13 natural cards lies A..K (the ace low); "
                 "only a joker's place can be chosen");
        break;
    default: /* FLAW_MIXED */
        snprintf(rule, sizeof rule, "%s",
                 "the cards are neither of one rank (a set) nor of one suit (a run)");
        break;
    }
    snprintf(why, cap, "%s: %s", list, rule);
    return RAMI_E_MELD;
}

/* The naturals of a meld as one 64-bit word: bit c for card c (a natural
 * card's code suit << 4 | rank is below 64), so its four 16-bit lanes are
 * the suits' rank masks. */
#define NATURAL_BITS 0x3FFE3FFE3FFE3FFEull /* ranks 1..13 of suits 0..3 */

struct census {
    uint64_t seen;   /* bit c: natural card c is there */
    uint64_t dup;    /* bit c: natural card c is there twice or more */
    unsigned jokers; /* jokers among the cards */
};

/* bit_index[c]: the bit of natural card c in the word (c itself); for the
 * joker JOKER_BIT, for every other code NO_CARD_BIT: two bits no natural
 * card has (rank 0 of suits 1 and 0). */
#define JOKER_BIT   16u
#define NO_CARD_BIT 0u
#define BIT_INDEX(c)                                                                               \
    ((c) == RAMI_JOKER                                    ? JOKER_BIT                              \
     : ((c) < 64u && ((c)&15u) >= 1u && ((c)&15u) <= 13u) ? (c)                                    \
                                                          : NO_CARD_BIT)
#define BIT_INDEX4(c) BIT_INDEX(c), BIT_INDEX((c) + 1u), BIT_INDEX((c) + 2u), BIT_INDEX((c) + 3u)
#define BIT_INDEX16(c)                                                                             \
    BIT_INDEX4(c), BIT_INDEX4((c) + 4u), BIT_INDEX4((c) + 8u), BIT_INDEX4((c) + 12u)
#define BIT_INDEX64(c)                                                                             \
    BIT_INDEX16(c), BIT_INDEX16((c) + 16u), BIT_INDEX16((c) + 32u), BIT_INDEX16((c) + 48u)
static const uint8_t bit_index[256] = {BIT_INDEX64(0u), BIT_INDEX64(64u), BIT_INDEX64(128u),
                                       BIT_INDEX64(192u)};

/* false if a card code is no card. */
static inline bool take_census(const rami_card *cards, size_t n, struct census *cs)
{
    uint64_t seen = 0, dup = 0;
    unsigned jokers = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t b = (uint64_t)1 << bit_index[cards[i]];
        jokers += cards[i] == RAMI_JOKER;
        dup |= seen & b;
        seen |= b;
    }
    const uint64_t joker = (uint64_t)1 << JOKER_BIT;
    cs->seen = seen & ~joker;
    cs->dup = dup & ~joker;
    cs->jokers = jokers;
    return (seen & ~NATURAL_BITS & ~joker) == 0;
}

/* Naturals of one rank: a set of at most 4, one card a suit (the same
 * card twice is two of one suit). */
static inline int judge_set(const struct census *cs, size_t n, unsigned ranks, tmeld *m)
{
    if (n > 4)
        return FLAW_SET_LONG;
    if (cs->dup)
        return FLAW_SET_SUIT;
    m->kind = RAMI_MELD_SET;
    m->rank = (uint8_t)lowest_bit(ranks);
    /* Naturals by suit (the bits in order), jokers last. */
    unsigned k = 0;
    for (uint64_t b = cs->seen; b != 0; b &= b - 1)
        m->cards[k++] = (rami_card)lowest_bit64(b);
    for (; k < n; k++)
        m->cards[k] = RAMI_JOKER;
    return FLAW_NONE;
}

/* Naturals of one suit: consecutive ranks (the same card twice is two of
 * one rank), jokers in the gaps and at the ends (lowest placement, or
 * highest with side HIGH). */
static inline int judge_run(const struct census *cs, size_t n, unsigned ranks, unsigned suit,
                            int side, tmeld *m)
{
    if (cs->dup)
        return FLAW_RUN_RANK;
    unsigned lo_min = 0, lo_max = 0;
    if (!run_range(ranks, (unsigned)n, &lo_min, &lo_max)) {
        unsigned wrap = 1u << RAMI_ACE | 1u << 2 | 1u << 13;
        return (ranks & wrap) == wrap ? FLAW_RUN_WRAP : FLAW_RUN_GAP;
    }
    /* RULES.md §3.4 DEC: only a joker's place is ever chosen; 13 natural
     * cards (the one natural run that fits two places) lie A..K. */
    if (side == RAMI_SIDE_HIGH && cs->jokers == 0 && lo_min != lo_max)
        return FLAW_RUN_13;
    run_place(m, suit, ranks, side == RAMI_SIDE_HIGH ? lo_max : lo_min, (unsigned)n);
    return FLAW_NONE;
}

/* Judges cards[0..n) as a meld (the rules in the order of enum flaw); on
 * FLAW_NONE *m is the meld in table form, its cards beyond the count 0.
 * Inline and without calls: rami_meld_check, rami__meld_eval and
 * rami__meld_ambiguous share it. */
static inline int judge(unsigned jpm, const rami_card *cards, size_t n, int side, tmeld *m)
{
    if (cards == NULL && n > 0)
        return FLAW_ARG;
    /* The length first: n may be anything a caller passed. */
    if (n > RAMI_MAX_MELD)
        return FLAW_LONG;
    struct census cs;
    if (!take_census(cards, n, &cs))
        return FLAW_ARG;
    if (n < 3)
        return FLAW_SHORT;
    if (cs.jokers > jpm)
        return FLAW_JOKERS;
    if (n - cs.jokers < 2)
        return FLAW_NATURALS;
    uint64_t seen = cs.seen;
    unsigned ranks = (unsigned)(seen | seen >> 16 | seen >> 32 | seen >> 48) & 0xFFFFu;
    memset(m, 0, sizeof *m);
    m->count = (uint8_t)n;
    m->jokers = (uint8_t)cs.jokers;
    if ((ranks & (ranks - 1)) == 0)
        return judge_set(&cs, n, ranks, m);
    /* One suit: the lane of the lowest natural holds them all. */
    unsigned suit = lowest_bit64(seen) >> 4;
    if ((seen & ~((uint64_t)0xFFFFu << (16u * suit))) != 0)
        return FLAW_MIXED;
    return judge_run(&cs, n, ranks, suit, side, m);
}

int rami__meld_eval(unsigned jpm, const rami_card *cards, size_t n, int side, tmeld *out, char *why,
                    size_t why_cap)
{
    tmeld m;
    int flaw = judge(jpm, cards, n, side, &m);
    if (flaw == FLAW_NONE) {
        if (out != NULL)
            *out = m;
        return RAMI_OK;
    }
    if (flaw == FLAW_ARG)
        return RAMI_E_ARG;
    return explain(flaw, jpm, cards, n, why, why_cap);
}

bool rami__meld_ambiguous(unsigned jpm, const rami_card *cards, size_t n)
{
    tmeld lo, hi;
    if (judge(jpm, cards, n, RAMI_SIDE_LOW, &lo) != FLAW_NONE)
        return false;
    if (judge(jpm, cards, n, RAMI_SIDE_HIGH, &hi) != FLAW_NONE)
        return false; /* a natural 13-card run: no place to choose */
    return lo.kind == RAMI_MELD_RUN && lo.lo != hi.lo;
}

/* The value of the places 1..p-1 of a run: 1..10 at face value, J Q K 10,
 * the high ace 11 (pos_value). */
static const uint8_t run_value_below[POS_ACE_HIGH + 2] = {0,  0,  1,  3,  6,  10, 15, 21,
                                                          28, 36, 45, 55, 65, 75, 85, 96};

unsigned rami__meld_points(const tmeld *m)
{
    if (m->kind == RAMI_MELD_SET)
        return m->count * set_value(m->rank);
    return (unsigned)run_value_below[m->hi + 1] - run_value_below[m->lo];
}

/* cards: how many of m->cards to copy (m->count, or all of them when
 * those beyond the count are known to be 0). */
static inline void fill_info(const tmeld *m, size_t cards, rami_meld_info *info)
{
    memset(info, 0, sizeof *info);
    info->kind = m->kind;
    info->count = m->count;
    info->points = (uint16_t)rami__meld_points(m);
    memcpy(info->cards, m->cards, cards);
    for (unsigned i = 0; m->jokers != 0 && i < m->count; i++) {
        if (m->cards[i] == RAMI_JOKER) {
            info->joker_as = rami__meld_joker_as(m, i);
            break;
        }
    }
}

void rami__meld_info(const tmeld *m, rami_meld_info *info)
{
    fill_info(m, m->count, info);
}

int rami_meld_check(const rami_ruleset *rs, const rami_card *cards, size_t n, rami_meld_info *info)
{
    unsigned jpm = 1;
    if (rs != NULL) {
        rami_ruleset own;
        if (rami__ruleset_load(rs, &own, NULL, 0) != RAMI_OK)
            return RAMI_E_ARG;
        jpm = own.jokers_per_meld;
    }
    tmeld m;
    int flaw = judge(jpm, cards, n, RAMI_SIDE_AUTO, &m);
    if (info != NULL) {
        if (flaw == FLAW_NONE)
            fill_info(&m, RAMI_MAX_MELD, info); /* judge left the cards beyond the count 0 */
        else
            memset(info, 0, sizeof *info);
    }
    return flaw == FLAW_NONE ? RAMI_OK : flaw == FLAW_ARG ? RAMI_E_ARG : RAMI_E_MELD;
}
