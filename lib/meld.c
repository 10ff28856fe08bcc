/* Meld evaluation: the single place where RULES.md §3-§4 live. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "meld.h"

RAMI_PRINTF(5, 6)
static int refuse(char *why, size_t cap, const rami_card *cards, size_t n, const char *fmt, ...)
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

/* Lowest and highest start of an n-card run holding the natural ranks of
 * rank_mask (bit r for rank r; never empty of ranks 2..K when an ace is
 * there, since a meld has two naturals of distinct ranks); false if none.
 * Without an ace the run may start anywhere from max-n+1 to min; an ace
 * pins it to start 1 (ace low) or to end at 14 (ace high). */
static bool run_range(unsigned rank_mask, unsigned n, unsigned *lo_min, unsigned *lo_max)
{
    unsigned others = rank_mask & ~(1u << RAMI_ACE);
    unsigned mn = lowest_bit(others), mx = highest_bit(others);
    unsigned top_start = POS_ACE_HIGH + 1 - n; /* start of a run ending at the high ace */
    if (!(rank_mask & (1u << RAMI_ACE))) {
        unsigned lo = mx + 1 > n ? mx + 1 - n : 1;
        unsigned hi = mn < top_start ? mn : top_start;
        if (lo > hi)
            return false;
        *lo_min = lo;
        *lo_max = hi;
        return true;
    }
    bool low = mx <= n, high = mn >= top_start;
    if (!low && !high)
        return false;
    *lo_min = low ? 1 : top_start;
    *lo_max = high ? top_start : 1;
    return true;
}

struct census {
    unsigned jokers, naturals;
    unsigned suits; /* mask of suits seen */
    unsigned ranks; /* mask of ranks seen */
    bool dup_suit;  /* two naturals share a suit */
    bool dup_rank;  /* two naturals share a rank */
};

static void take_census(const rami_card *cards, size_t n, struct census *cs)
{
    memset(cs, 0, sizeof *cs);
    for (size_t i = 0; i < n; i++) {
        rami_card c = cards[i];
        if (c == RAMI_JOKER) {
            cs->jokers++;
            continue;
        }
        unsigned sb = 1u << RAMI_CARD_SUIT(c), rb = 1u << RAMI_CARD_RANK(c);
        cs->dup_suit |= (cs->suits & sb) != 0;
        cs->dup_rank |= (cs->ranks & rb) != 0;
        cs->suits |= sb;
        cs->ranks |= rb;
        cs->naturals++;
    }
}

static bool single_bit(unsigned x)
{
    return x != 0 && (x & (x - 1)) == 0;
}

/* Cards of one rank: a set of at most 4, one card a suit. */
static int eval_set(const rami_card *cards, size_t n, const struct census *cs, tmeld *m, char *why,
                    size_t why_cap)
{
    if (n > 4)
        return refuse(why, why_cap, cards, n, "a set holds at most 4 cards");
    if (cs->dup_suit)
        return refuse(why, why_cap, cards, n, "a set cannot hold two cards of one suit");
    m->kind = RAMI_MELD_SET;
    m->rank = (uint8_t)lowest_bit(cs->ranks);
    memcpy(m->cards, cards, n);
    set_normalize(m);
    return RAMI_OK;
}

/* Cards of one suit: consecutive ranks, jokers in the gaps and at the
 * ends (lowest placement, or highest with side HIGH). */
static int eval_run(const rami_card *cards, size_t n, const struct census *cs, int side, tmeld *m,
                    char *why, size_t why_cap)
{
    if (cs->dup_rank)
        return refuse(why, why_cap, cards, n, "a run cannot hold two cards of one rank");
    unsigned lo_min = 0, lo_max = 0;
    if (!run_range(cs->ranks, (unsigned)n, &lo_min, &lo_max)) {
        bool ace = cs->ranks & (1u << RAMI_ACE);
        if (ace && (cs->ranks & (1u << 2)) && (cs->ranks & (1u << 13)))
            return refuse(why, why_cap, cards, n,
                          "a run never wraps: the ace is either low or high");
        return refuse(why, why_cap, cards, n, "the ranks are not consecutive%s",
                      cs->jokers ? " even with the joker" : "");
    }
    /* RULES.md §3.4 DEC: only a joker's place is ever chosen; 13 natural
     * cards (the one natural run that fits two places) lie A..K. */
    if (side == RAMI_SIDE_HIGH && cs->jokers == 0 && lo_min != lo_max)
        return refuse(why, why_cap, cards, n,
                      "a new run of 13 natural cards lies A..K (the ace low); "
                      "only a joker's place can be chosen");
    unsigned lo = side == RAMI_SIDE_HIGH ? lo_max : lo_min;
    m->kind = RAMI_MELD_RUN;
    m->suit = (uint8_t)lowest_bit(cs->suits);
    m->lo = (uint8_t)lo;
    m->hi = (uint8_t)(lo + n - 1);
    for (unsigned i = 0; i < n; i++) {
        unsigned r = pos_rank(lo + i);
        m->cards[i] = (cs->ranks & (1u << r)) ? RAMI_CARD(r, m->suit) : RAMI_JOKER;
    }
    return RAMI_OK;
}

int rami__meld_eval(unsigned jpm, const rami_card *cards, size_t n, int side, tmeld *out, char *why,
                    size_t why_cap)
{
    if (cards == NULL && n > 0)
        return RAMI_E_ARG;
    /* The length first: n may be anything a caller passed. */
    if (n > RAMI_MAX_MELD)
        return refuse(why, why_cap, cards, RAMI_MAX_MELD, "a meld holds at most %d cards",
                      RAMI_MAX_MELD);
    for (size_t i = 0; i < n; i++)
        if (!card_is_valid(cards[i]))
            return RAMI_E_ARG;
    if (n < 3)
        return refuse(why, why_cap, cards, n, "a meld needs at least 3 cards");

    struct census cs;
    take_census(cards, n, &cs);
    if (cs.jokers > jpm)
        return refuse(why, why_cap, cards, n, "a meld may hold at most %u joker%s", jpm,
                      jpm == 1 ? "" : "s");
    if (cs.naturals < 2)
        return refuse(why, why_cap, cards, n, "a meld needs at least two natural cards");

    tmeld m;
    memset(&m, 0, sizeof m);
    m.count = (uint8_t)n;
    m.jokers = (uint8_t)cs.jokers;
    int st;
    if (single_bit(cs.ranks))
        st = eval_set(cards, n, &cs, &m, why, why_cap);
    else if (single_bit(cs.suits))
        st = eval_run(cards, n, &cs, side, &m, why, why_cap);
    else
        st = refuse(why, why_cap, cards, n,
                    "the cards are neither of one rank (a set) nor of one suit (a run)");
    if (st == RAMI_OK && out != NULL)
        *out = m;
    return st;
}

bool rami__meld_ambiguous(unsigned jpm, const rami_card *cards, size_t n)
{
    tmeld lo, hi;
    if (rami__meld_eval(jpm, cards, n, RAMI_SIDE_LOW, &lo, NULL, 0) != RAMI_OK)
        return false;
    if (rami__meld_eval(jpm, cards, n, RAMI_SIDE_HIGH, &hi, NULL, 0) != RAMI_OK)
        return false; /* a natural 13-card run: no place to choose */
    return lo.kind == RAMI_MELD_RUN && lo.lo != hi.lo;
}

unsigned rami__meld_points(const tmeld *m)
{
    if (m->kind == RAMI_MELD_SET)
        return m->count * set_value(m->rank);
    unsigned sum = 0;
    for (unsigned pos = m->lo; pos <= m->hi; pos++)
        sum += pos_value(pos);
    return sum;
}

void rami__meld_info(const tmeld *m, rami_meld_info *info)
{
    memset(info, 0, sizeof *info);
    info->kind = m->kind;
    info->count = m->count;
    info->points = (uint16_t)rami__meld_points(m);
    memcpy(info->cards, m->cards, m->count);
    for (unsigned i = 0; i < m->count; i++) {
        if (m->cards[i] == RAMI_JOKER) {
            info->joker_as = rami__meld_joker_as(m, i);
            break;
        }
    }
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
    int st = rami__meld_eval(jpm, cards, n, RAMI_SIDE_AUTO, &m, NULL, 0);
    if (info != NULL) {
        if (st == RAMI_OK)
            rami__meld_info(&m, info);
        else
            memset(info, 0, sizeof *info);
    }
    return st;
}
