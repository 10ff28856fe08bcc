/* The hand solver (rami_solve_hand): argument checks, hand-made cases and
 * an exactness test against an independent brute force.
 *
 * The brute force knows nothing of the solver's search: it asks
 * rami_meld_check about every subset of the hand's cards (both placements
 * under JOKER_CHOICE) and then finds the best selection of disjoint melds
 * by a memoised exhaustive search over the subsets of card indices.
 * RAMI_SOLVER_TEST_HANDS sets the number of random hands (the ASan build
 * uses fewer). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rami-private.h"

#define MAX_BRUTE 16 /* cards per random hand */
#define NEG (-100000)

static rami_ruleset ruleset(unsigned jpm, uint32_t options)
{
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 4), RAMI_OK);
    rs.jokers_per_meld = (uint8_t)jpm;
    rs.options = (rs.options & ~(RAMI_OPT_JOKER_CHOICE | RAMI_OPT_OPEN_PURE_RUN)) | options;
    assert_int_equal(rami_ruleset_check(&rs, NULL, 0), RAMI_OK);
    return rs;
}

static size_t parse(const char *text, rami_card *cards)
{
    size_t n = 0;
    assert_int_equal(rami_cards_parse(text, cards, RAMI_MAX_HAND, &n), RAMI_OK);
    return n;
}

static unsigned penalty_of(const rami_ruleset *rs, rami_card c)
{
    if (c == RAMI_JOKER)
        return rs->joker_penalty;
    unsigned r = RAMI_CARD_RANK(c);
    return r == RAMI_ACE ? rs->ace_penalty : r > 10 ? 10 : r;
}

/* ---- checks every solution must pass ---- */

static int card_cmp(const void *a, const void *b)
{
    return (int)*(const rami_card *)a - (int)*(const rami_card *)b;
}

/* The meld is what meld.c makes of its cards (either placement with
 * JOKER_CHOICE). */
static void check_meld(const rami_ruleset *rs, const rami_meld_info *m)
{
    rami_meld_info low;
    assert_int_equal(rami_meld_check(rs, m->cards, m->count, &low), RAMI_OK);
    if (memcmp(&low, m, sizeof low) == 0)
        return;
    assert_true(rs->options & RAMI_OPT_JOKER_CHOICE);
    tmeld t;
    assert_int_equal(rami__meld_eval(rs->jokers_per_meld, m->cards, m->count, RAMI_SIDE_HIGH, &t,
                                     NULL, 0),
                     RAMI_OK);
    rami_meld_info high;
    rami__meld_info(&t, &high);
    assert_memory_equal(&high, m, sizeof high);
}

static void check_solution(const rami_ruleset *rs, const rami_card *hand, size_t n, int goal,
                           const rami_solution *s)
{
    assert_true(s->meld_count <= RAMI_MAX_SOLUTION_MELDS);
    rami_card all[RAMI_MAX_HAND], mine[RAMI_MAX_HAND];
    size_t k = 0;
    unsigned points = 0, penalty = 0;
    int pure = 0;
    for (unsigned i = 0; i < s->meld_count; i++) {
        const rami_meld_info *m = &s->melds[i];
        check_meld(rs, m);
        points += m->points;
        pure |= m->kind == RAMI_MELD_RUN && memchr(m->cards, RAMI_JOKER, m->count) == NULL;
        assert_true(k + m->count <= n);
        memcpy(all + k, m->cards, m->count);
        k += m->count;
    }
    assert_int_equal(k + s->left_count, n);
    for (unsigned i = 0; i < s->left_count; i++) {
        if (i > 0)
            assert_true(s->left[i - 1] <= s->left[i]);
        penalty += penalty_of(rs, s->left[i]);
        all[k++] = s->left[i];
    }
    /* Melds and leftovers are exactly the hand: disjoint and drawn from it. */
    memcpy(mine, hand, n);
    qsort(all, n, 1, card_cmp);
    qsort(mine, n, 1, card_cmp);
    assert_memory_equal(all, mine, n);
    assert_int_equal(s->points, points);
    assert_int_equal(s->penalty, penalty);
    if (goal == RAMI_SOLVE_MAX_POINTS && (rs->options & RAMI_OPT_OPEN_PURE_RUN) &&
        s->meld_count > 0)
        assert_true(pure);
}

static rami_solution solve_checked(const rami_ruleset *rs, const rami_card *hand, size_t n,
                                   int goal)
{
    rami_solution s;
    assert_int_equal(rami_solve_hand(rs, hand, n, goal, &s), RAMI_OK);
    check_solution(rs, hand, n, goal, &s);
    return s;
}

/* ---- the brute force ---- */

typedef struct bmeld {
    uint16_t mask;   /* card indices */
    int16_t points;  /* best placement */
    int16_t penalty; /* hand value of its cards */
    uint8_t pure;    /* run without joker */
} bmeld;

/* Flags of a partial selection, for the constraints of solve_opts. */
enum { F_PURE = 1, F_MUST = 2, F_LEFT_FREE = 4, F_LEFT = 8, F_ALL = 16 };

typedef struct brute {
    solve_opts o;
    const rami_card *hand;
    unsigned n;
    unsigned nmelds;
    bmeld melds[1 << 16];
    unsigned first[MAX_BRUTE + 1]; /* melds with lowest index i: first[i]..first[i+1] */
    uint32_t gen;
    uint32_t stamp[F_ALL][1 << MAX_BRUTE];
    int memo[F_ALL][1 << MAX_BRUTE];
} brute;

static unsigned opt_penalty(const solve_opts *o, rami_card c)
{
    if (c == RAMI_JOKER)
        return o->joker_penalty;
    unsigned r = RAMI_CARD_RANK(c);
    return r == RAMI_ACE ? o->ace_penalty : r > 10 ? 10 : r;
}

static void brute_add(brute *b, uint16_t mask)
{
    rami_card cards[RAMI_MAX_MELD];
    unsigned k = 0, penalty = 0;
    for (unsigned i = 0; i < b->n; i++) {
        if (mask & (1u << i)) {
            cards[k++] = b->hand[i];
            penalty += opt_penalty(&b->o, b->hand[i]);
        }
    }
    rami_ruleset rs = ruleset(b->o.jokers_per_meld, 0);
    rami_meld_info info;
    if (rami_meld_check(&rs, cards, k, &info) != RAMI_OK)
        return;
    unsigned points = info.points;
    if (b->o.high_jokers) {
        tmeld t;
        assert_int_equal(
            rami__meld_eval(b->o.jokers_per_meld, cards, k, RAMI_SIDE_HIGH, &t, NULL, 0),
            RAMI_OK);
        if (rami__meld_points(&t) > points)
            points = rami__meld_points(&t);
    }
    assert_true(b->nmelds < sizeof b->melds / sizeof b->melds[0]);
    bmeld *m = &b->melds[b->nmelds++];
    m->mask = mask;
    m->points = (int16_t)points;
    m->penalty = (int16_t)penalty;
    m->pure = info.kind == RAMI_MELD_RUN && memchr(cards, RAMI_JOKER, k) == NULL;
}

/* Every subset from index i on. Only a subset whose naturals share one rank
 * or one suit can be a meld or grow into one, so others are not pursued;
 * rami_meld_check judges the rest. Subsets come in increasing order of
 * their lowest index, as `first` needs. */
static void brute_subsets(brute *b, unsigned i, uint16_t mask, unsigned ranks, unsigned suits,
                          unsigned jokers, unsigned size)
{
    if (size >= 3)
        brute_add(b, mask);
    if (size == RAMI_MAX_MELD)
        return;
    for (unsigned j = i; j < b->n; j++) {
        rami_card c = b->hand[j];
        unsigned r = ranks, s = suits, jk = jokers;
        if (c == RAMI_JOKER) {
            if (++jk > b->o.jokers_per_meld)
                continue;
        } else {
            r |= 1u << RAMI_CARD_RANK(c);
            s |= 1u << RAMI_CARD_SUIT(c);
            if ((r & (r - 1)) && (s & (s - 1)))
                continue;
        }
        brute_subsets(b, j + 1, (uint16_t)(mask | (1u << j)), r, s, jk, size + 1);
    }
}

/* Lists every meld of the hand under o (jokers_per_meld, high_jokers and
 * the penalty weights matter here). */
static void brute_melds(brute *b, const solve_opts *o, const rami_card *hand, unsigned n)
{
    assert_true(n <= MAX_BRUTE);
    b->o = *o;
    b->hand = hand;
    b->n = n;
    b->nmelds = 0;
    for (unsigned i = 0; i < n; i++) {
        b->first[i] = b->nmelds;
        rami_card c = hand[i];
        if (c == RAMI_JOKER)
            brute_subsets(b, i + 1, (uint16_t)(1u << i), 0, 0, 1, 1);
        else
            brute_subsets(b, i + 1, (uint16_t)(1u << i), 1u << RAMI_CARD_RANK(c),
                          1u << RAMI_CARD_SUIT(c), 0, 1);
    }
    b->first[n] = b->nmelds;
}

/* Does a complete selection meet the constraints of the options? */
static bool brute_allowed(const solve_opts *o, unsigned flags, unsigned n)
{
    if (o->need_pure_run && !(flags & F_PURE))
        return false;
    if (o->must_use != RAMI_NO_CARD && !(flags & F_MUST))
        return false;
    if (o->need_leftover && !(flags & F_LEFT_FREE) && !(!(flags & F_LEFT) && o->empty_ok))
        return false;
    (void)n;
    return true;
}

/* Best objective of disjoint melds from the cards of `set`, given the
 * flags of what was decided before (NEG if no completion is allowed). The
 * lowest card of set is either left over or in one of the melds whose
 * lowest card it is: every selection is reached. */
static int brute_best(brute *b, uint16_t set, unsigned flags)
{
    if (set == 0)
        return brute_allowed(&b->o, flags, b->n) ? 0 : NEG;
    if (b->stamp[flags][set] == b->gen)
        return b->memo[flags][set];
    unsigned low = (unsigned)__builtin_ctz(set);
    rami_card lc = b->hand[low];
    unsigned left = flags | F_LEFT | (lc != b->o.avoid ? F_LEFT_FREE : 0);
    int best = brute_best(b, (uint16_t)(set & ~(1u << low)), left);
    for (unsigned i = b->first[low]; i < b->first[low + 1]; i++) {
        const bmeld *m = &b->melds[i];
        if ((m->mask & set) != m->mask)
            continue;
        unsigned f = flags | (m->pure ? F_PURE : 0);
        for (unsigned k = 0; k < b->n; k++)
            if ((m->mask & (1u << k)) && b->hand[k] == b->o.must_use)
                f |= F_MUST;
        int rest = brute_best(b, (uint16_t)(set & ~m->mask), f);
        if (rest == NEG)
            continue;
        int v = rest + (b->o.objective == SOLVE_POINTS ? m->points : m->penalty);
        if (v > best)
            best = v;
    }
    b->stamp[flags][set] = b->gen;
    b->memo[flags][set] = best;
    return best;
}

/* What rami__solve must return for the listed melds under opts (-1 if no
 * selection is allowed); opts may differ from the listing's only in the
 * objective and the constraints. */
static int brute_value(brute *b, const solve_opts *o)
{
    b->o = *o;
    b->gen++;
    int v = brute_best(b, (uint16_t)((1u << b->n) - 1u), 0);
    return v == NEG ? -1 : v;
}

/* The figure rami_solve_hand must report: points, or penalty. */
static int brute_public(brute *b, const rami_ruleset *rs, int goal)
{
    solve_opts o = b->o;
    o.objective = goal == RAMI_SOLVE_MAX_POINTS ? SOLVE_POINTS : SOLVE_PENALTY;
    o.need_pure_run = goal == RAMI_SOLVE_MAX_POINTS && (rs->options & RAMI_OPT_OPEN_PURE_RUN);
    o.must_use = o.avoid = RAMI_NO_CARD;
    o.need_leftover = o.empty_ok = false;
    int v = brute_value(b, &o);
    if (goal == RAMI_SOLVE_MAX_POINTS)
        return v < 0 ? 0 : v;
    int total = 0;
    for (unsigned i = 0; i < b->n; i++)
        total += (int)penalty_of(rs, b->hand[i]);
    return total - v;
}
