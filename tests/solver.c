/* The hand solver (rami_solve_hand): argument checks, hand-made cases and
 * an exactness test against an independent brute force.
 *
 * The brute force knows nothing of the solver's search: it asks
 * rami_meld_check about every subset of the hand's cards (both placements
 * under JOKER_CHOICE) and then finds the best selection of disjoint melds
 * by a memoised exhaustive search over the subsets of card indices.
 * RAMI_SOLVER_TEST_HANDS sets the number of random hands (the ASan build
 * uses fewer).
 *
 * A differential test compares the solver with a copy of it as it was
 * before issue 17's fifth pass (solver_ref.c): the same value and the same
 * melds (same_solve says what a target or a node limit may change) on
 * RAMI_SOLVER_DIFF_HANDS random hands (300,000; fewer under ASan or
 * RAMI_TEST_SCALE) with random options. */
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
#include "solver_ref.h"

#define MAX_BRUTE 16 /* cards per random hand */
#define NEG       (-100000)

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
    assert_int_equal(
        rami__meld_eval(rs->jokers_per_meld, m->cards, m->count, RAMI_SIDE_HIGH, &t, NULL, 0),
        RAMI_OK);
    rami_meld_info high;
    rami__meld_info(&t, &high);
    assert_memory_equal(&high, m, sizeof high);
}

static void check_solution(const rami_ruleset *rs, const rami_card *cards_in, size_t n, int goal,
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
    if (n > 0)
        memcpy(mine, cards_in, n);
    qsort(all, n, 1, card_cmp);
    qsort(mine, n, 1, card_cmp);
    assert_memory_equal(all, mine, n);
    assert_int_equal(s->points, points);
    assert_int_equal(s->penalty, penalty);
    if (goal == RAMI_SOLVE_MAX_POINTS && (rs->options & RAMI_OPT_OPEN_PURE_RUN) &&
        s->meld_count > 0)
        assert_true(pure);
}

static rami_solution solve_checked(const rami_ruleset *rs, const rami_card *cards_in, size_t n,
                                   int goal)
{
    rami_solution s;
    assert_int_equal(rami_solve_hand(rs, cards_in, n, goal, &s), RAMI_OK);
    check_solution(rs, cards_in, n, goal, &s);
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
    const rami_card *cards;
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
            cards[k++] = b->cards[i];
            penalty += opt_penalty(&b->o, b->cards[i]);
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
            rami__meld_eval(b->o.jokers_per_meld, cards, k, RAMI_SIDE_HIGH, &t, NULL, 0), RAMI_OK);
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
        rami_card c = b->cards[j];
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
static void brute_melds(brute *b, const solve_opts *o, const rami_card *cards_in, unsigned n)
{
    assert_true(n <= MAX_BRUTE);
    b->o = *o;
    b->cards = cards_in;
    b->n = n;
    b->nmelds = 0;
    for (unsigned i = 0; i < n; i++) {
        b->first[i] = b->nmelds;
        rami_card c = cards_in[i];
        if (c == RAMI_JOKER)
            brute_subsets(b, i + 1, (uint16_t)(1u << i), 0, 0, 1, 1);
        else
            brute_subsets(b, i + 1, (uint16_t)(1u << i), 1u << RAMI_CARD_RANK(c),
                          1u << RAMI_CARD_SUIT(c), 0, 1);
    }
    b->first[n] = b->nmelds;
}

/* Does a complete selection meet the constraints of the options? */
static bool brute_allowed(const solve_opts *o, unsigned flags)
{
    if (o->need_pure_run && !(flags & F_PURE))
        return false;
    if (o->must_use != RAMI_NO_CARD && !(flags & F_MUST))
        return false;
    if (o->need_leftover && !(flags & F_LEFT_FREE) && !(!(flags & F_LEFT) && o->empty_ok))
        return false;
    return true;
}

/* Best objective of disjoint melds from the cards of `set`, given the
 * flags of what was decided before (NEG if no completion is allowed). The
 * lowest card of set is either left over or in one of the melds whose
 * lowest card it is: every selection is reached. */
static int brute_best(brute *b, uint16_t set, unsigned flags)
{
    if (set == 0)
        return brute_allowed(&b->o, flags) ? 0 : NEG;
    if (b->stamp[flags][set] == b->gen)
        return b->memo[flags][set];
    unsigned low = (unsigned)__builtin_ctz(set);
    rami_card lc = b->cards[low];
    unsigned left = flags | F_LEFT | (lc != b->o.avoid ? F_LEFT_FREE : 0);
    int best = brute_best(b, (uint16_t)(set & ~(1u << low)), left);
    for (unsigned i = b->first[low]; i < b->first[low + 1]; i++) {
        const bmeld *m = &b->melds[i];
        if ((m->mask & set) != m->mask)
            continue;
        unsigned f = flags | (m->pure ? F_PURE : 0);
        for (unsigned k = 0; k < b->n; k++)
            if ((m->mask & (1u << k)) && b->cards[k] == b->o.must_use)
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
        total += (int)penalty_of(rs, b->cards[i]);
    return total - v;
}

/* ---- random hands ---- */

/* n cards with exactly `jokers` jokers. Naturals come from two decks, or
 * often from a narrow window of ranks and suits so that melds are many. */
static void random_hand(rami_rng *r, rami_card *out, unsigned n, unsigned jokers)
{
    rami_card pool[3 * 52];
    unsigned np = 0;
    unsigned style = rami__rng_below(r, 3);
    unsigned lo = 1 + rami__rng_below(r, 13), width = 4 + rami__rng_below(r, 4);
    unsigned suits = style == 1 ? 0x3u << rami__rng_below(r, 3) : 0xFu;
    for (unsigned deck = 0; deck < (style == 2 ? 3u : 2u); deck++) {
        for (unsigned s = 0; s < 4; s++) {
            for (unsigned k = 0; k < 13; k++) {
                unsigned rank = 1 + k;
                /* window of ranks, wrapping so that K-A-2 windows occur */
                bool in = (k + 13 - (lo - 1)) % 13 < width;
                if (style != 0 && (!in || !(suits & (1u << s))))
                    continue;
                pool[np++] = RAMI_CARD(rank, s);
            }
        }
    }
    if (np < n - jokers) {
        np = 0;
        for (unsigned deck = 0; deck < 2; deck++)
            for (unsigned s = 0; s < 4; s++)
                for (unsigned rank = 1; rank <= 13; rank++)
                    pool[np++] = RAMI_CARD(rank, s);
    }
    rami__shuffle(r, pool, np);
    memcpy(out, pool, n - jokers);
    memset(out + n - jokers, RAMI_JOKER, jokers);
    rami__shuffle(r, out, n);
}

static unsigned env_count(const char *name, unsigned dflt)
{
    const char *v = getenv(name);
    return v != NULL && atoi(v) > 0 ? (unsigned)atoi(v) : dflt;
}

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

static unsigned hands_to_test(void)
{
    return env_count("RAMI_SOLVER_TEST_HANDS", SANITIZED ? 1500 : 4000);
}

static hand to_hand(const rami_card *cards, size_t n)
{
    hand h;
    memset(&h, 0, sizeof h);
    for (size_t i = 0; i < n; i++)
        hand_add(&h, cards[i]);
    return h;
}

/* ---- tests ---- */

/* rami_solve_hand equals the brute force on random hands, for both goals
 * and every combination of jokers_per_meld 1-2, JOKER_CHOICE and
 * OPEN_PURE_RUN (jokers_per_meld 3-4 on some hands). */
static void test_public_exact(void **state)
{
    (void)state;
    brute *b = malloc(sizeof *b);
    assert_non_null(b);
    b->gen = 0;
    memset(b->stamp, 0, sizeof b->stamp);
    rami_rng r;
    rami__rng_seed(&r, 20240501);
    unsigned hands = hands_to_test();
    for (unsigned t = 0; t < hands; t++) {
        rami_card cards[MAX_BRUTE];
        unsigned n = 3 + rami__rng_below(&r, MAX_BRUTE - 2);
        unsigned jokers = rami__rng_below(&r, 5);
        if (jokers > n)
            jokers = n;
        random_hand(&r, cards, n, jokers);
        unsigned jpm_max = t % 8 == 0 && n <= 13 ? 4 : 2;
        for (unsigned jpm = 1; jpm <= jpm_max; jpm++) {
            for (unsigned choice = 0; choice < 2; choice++) {
                rami_ruleset rs = ruleset(jpm, choice ? RAMI_OPT_JOKER_CHOICE : 0);
                solve_opts o;
                memset(&o, 0, sizeof o);
                o.jokers_per_meld = (uint8_t)jpm;
                o.high_jokers = choice;
                o.joker_penalty = rs.joker_penalty;
                o.ace_penalty = rs.ace_penalty;
                brute_melds(b, &o, cards, n);
                for (unsigned pure = 0; pure < 2; pure++) {
                    rs.options = (rs.options & ~RAMI_OPT_OPEN_PURE_RUN) |
                                 (pure ? RAMI_OPT_OPEN_PURE_RUN : 0);
                    rami_solution s = solve_checked(&rs, cards, n, RAMI_SOLVE_MAX_POINTS);
                    assert_int_equal(s.points, brute_public(b, &rs, RAMI_SOLVE_MAX_POINTS));
                    s = solve_checked(&rs, cards, n, RAMI_SOLVE_MIN_PENALTY);
                    assert_int_equal(s.penalty, brute_public(b, &rs, RAMI_SOLVE_MIN_PENALTY));
                }
            }
        }
    }
    free(b);
}

/* The engine's entry point with its constraints (a face that must be
 * melded, a face that may not be discarded, a card to be left over) and
 * its target mode, against the brute force. */
static void test_internal_exact(void **state)
{
    (void)state;
    brute *b = malloc(sizeof *b);
    assert_non_null(b);
    b->gen = 0;
    memset(b->stamp, 0, sizeof b->stamp);
    rami_rng r;
    rami__rng_seed(&r, 77);
    unsigned hands = hands_to_test();
    for (unsigned t = 0; t < hands; t++) {
        rami_card cards[MAX_BRUTE];
        unsigned n = 3 + rami__rng_below(&r, MAX_BRUTE - 2);
        unsigned jokers = rami__rng_below(&r, 5);
        if (jokers > n)
            jokers = n;
        random_hand(&r, cards, n, jokers);
        solve_opts o;
        memset(&o, 0, sizeof o);
        o.jokers_per_meld = (uint8_t)(1 + rami__rng_below(&r, 2));
        o.high_jokers = rami__rng_below(&r, 2);
        o.joker_penalty = 25;
        o.ace_penalty = 11;
        brute_melds(b, &o, cards, n);
        hand h = to_hand(cards, n);
        for (unsigned v = 0; v < 4; v++) {
            o.objective = rami__rng_below(&r, 4) == 0 ? SOLVE_PENALTY : SOLVE_POINTS;
            o.need_pure_run = rami__rng_below(&r, 2);
            o.must_use = rami__rng_below(&r, 2) ? cards[rami__rng_below(&r, n)] : RAMI_NO_CARD;
            o.avoid = rami__rng_below(&r, 2) ? cards[rami__rng_below(&r, n)] : RAMI_NO_CARD;
            o.need_leftover = rami__rng_below(&r, 2);
            o.empty_ok = rami__rng_below(&r, 2);
            int want = brute_value(b, &o);
            solve_result res;
            assert_int_equal(rami__solve(&h, &o, 0, &res), want);
            assert_int_equal(res.value, want);
            if (want >= 0) {
                /* The melds found are disjoint, from the hand and worth want. */
                hand rest = h;
                int value = 0;
                bool pure = false, must = false;
                for (unsigned i = 0; i < res.nmelds; i++) {
                    const tmeld *m = &res.melds[i];
                    rami_meld_info info;
                    rami__meld_info(m, &info);
                    rami_ruleset rs =
                        ruleset(o.jokers_per_meld, o.high_jokers ? RAMI_OPT_JOKER_CHOICE : 0);
                    check_meld(&rs, &info);
                    for (unsigned k = 0; k < m->count; k++) {
                        assert_true(hand_count(&rest, m->cards[k]) > 0);
                        hand_remove(&rest, m->cards[k]);
                        must |= m->cards[k] == o.must_use;
                        if (o.objective == SOLVE_PENALTY)
                            value += (int)opt_penalty(&o, m->cards[k]);
                    }
                    if (o.objective == SOLVE_POINTS)
                        value += (int)info.points;
                    pure |= m->kind == RAMI_MELD_RUN && m->jokers == 0;
                }
                assert_int_equal(value, want);
                assert_true(!o.need_pure_run || pure);
                assert_true(o.must_use == RAMI_NO_CARD || must);
                if (o.need_leftover) {
                    unsigned free_left = rest.size - (o.avoid ? hand_count(&rest, o.avoid) : 0);
                    assert_true(free_left > 0 || (rest.size == 0 && o.empty_ok));
                }
            }
            /* Target mode answers "can target be reached?" */
            int targets[4] = {1, want, want + 1, 1 + (int)rami__rng_below(&r, 120)};
            for (unsigned k = 0; k < 4; k++) {
                if (targets[k] <= 0)
                    continue;
                int got = rami__solve(&h, &o, targets[k], NULL);
                assert_int_equal(got >= targets[k], want >= targets[k]);
                assert_true(got <= want);
            }
        }
    }
    free(b);
}

/* ---- the differential test against the solver as it was ---- */

static unsigned diff_hands(void)
{
    unsigned dflt = tu_small_scale() ? 3000 : SANITIZED ? 30000 : 300000;
    return env_count("RAMI_SOLVER_DIFF_HANDS", dflt);
}

/* Random options of a turn: every field of solve_opts at random, the
 * faces named among the hand's cards or not at all. */
static solve_opts random_opts(rami_rng *r, const rami_card *cards, unsigned n)
{
    static const uint8_t joker_penalties[] = {0, 20, 25, 50};
    solve_opts o;
    memset(&o, 0, sizeof o);
    o.objective = rami__rng_below(r, 2) ? SOLVE_PENALTY : SOLVE_POINTS;
    o.jokers_per_meld = (uint8_t)(1 + rami__rng_below(r, rami__rng_below(r, 4) ? 2 : 4));
    o.joker_penalty = joker_penalties[rami__rng_below(r, 4)];
    o.ace_penalty = rami__rng_below(r, 2) ? 11 : 1;
    o.high_jokers = rami__rng_below(r, 2);
    o.need_pure_run = rami__rng_below(r, 3) == 0;
    o.must_use = n > 0 && rami__rng_below(r, 3) == 0 ? cards[rami__rng_below(r, n)] : RAMI_NO_CARD;
    o.avoid = n > 0 && rami__rng_below(r, 3) == 0 ? cards[rami__rng_below(r, n)] : RAMI_NO_CARD;
    o.need_leftover = rami__rng_below(r, 2);
    o.empty_ok = rami__rng_below(r, 2);
    o.no_joker_discard = rami__rng_below(r, 2);
    o.no_joker_out = rami__rng_below(r, 2);
    return o;
}

/* One call of each solver with the same arguments. Without target and
 * limit: the same value and the same melds. With a target: the same
 * answer to "is it reached?" and, when it is, the same value and melds
 * (the first selection reaching it); below it the value is only some
 * selection's. With a node limit: where the new solver finished within
 * it, the answer without limit (full); else at most that value. (The
 * nodes visited are not compared: a sharper bound cuts more, but a node
 * the old solver cut by its memo may have been cut earlier, above it,
 * and so be met again.) */
static int same_solve(const hand *h, const solve_opts *o, int target, bool with_res,
                      uint32_t max_nodes, const solve_result *full)
{
    solve_result a, b;
    uint32_t na = 0, nb = 0;
    memset(&a, 0x11, sizeof a);
    memset(&b, 0x11, sizeof b);
    int va = rami__solve_limited(h, o, target, with_res ? &a : NULL, max_nodes, &na);
    int vb = ref_solve_limited(h, o, target, with_res ? &b : NULL, max_nodes, &nb);
    if (max_nodes > 0) {
        assert_true(na <= max_nodes);
        if (na < max_nodes) {
            assert_int_equal(va, full->value);
            assert_int_equal(a.nmelds, full->nmelds);
            assert_memory_equal(a.melds, full->melds, a.nmelds * sizeof a.melds[0]);
        } else {
            assert_true(va <= full->value);
        }
        return vb;
    }
    if (target > 0)
        assert_int_equal(va >= target, vb >= target);
    if (target <= 0 || vb >= target) {
        assert_int_equal(va, vb);
        if (with_res) {
            assert_int_equal(a.value, b.value);
            assert_int_equal(a.nmelds, b.nmelds);
            assert_memory_equal(a.melds, b.melds, a.nmelds * sizeof a.melds[0]);
        }
    }
    return vb;
}

/* The solver answers exactly as it did before its fifth pass: every
 * objective and option, the full search, the target mode (with and
 * without melds wanted), a node limit that cuts the search, and the
 * public rami_solve_hand (its whole answer), on random hands of 0-18
 * cards with 0-4 jokers. */
static void test_same_as_before(void **state)
{
    (void)state;
    rami_rng r;
    rami__rng_seed(&r, 1705);
    unsigned hands = diff_hands();
    for (unsigned t = 0; t < hands; t++) {
        rami_card cards[RAMI_MAX_HAND];
        unsigned n = rami__rng_below(&r, 19);
        unsigned jokers = rami__rng_below(&r, 5);
        if (jokers > n)
            jokers = n;
        if (n > 0)
            random_hand(&r, cards, n, jokers);
        hand h = to_hand(cards, n);
        solve_opts o = random_opts(&r, cards, n);
        solve_result full;
        uint32_t nodes = 0;
        int best = ref_solve_limited(&h, &o, 0, &full, 0, &nodes);
        same_solve(&h, &o, 0, true, 0, NULL);
        int targets[3] = {best, best + 1, 1 + (int)rami__rng_below(&r, 150)};
        for (unsigned k = 0; k < 3; k++)
            if (targets[k] > 0)
                same_solve(&h, &o, targets[k], k != 1, 0, &full);
        same_solve(&h, &o, 0, true, 1 + rami__rng_below(&r, nodes), &full);

        rami_ruleset rs =
            ruleset(o.jokers_per_meld, (o.high_jokers ? RAMI_OPT_JOKER_CHOICE : 0) |
                                           (o.need_pure_run ? RAMI_OPT_OPEN_PURE_RUN : 0));
        rs.joker_penalty = o.joker_penalty;
        rs.ace_penalty = o.ace_penalty;
        int goal = o.objective == SOLVE_POINTS ? RAMI_SOLVE_MAX_POINTS : RAMI_SOLVE_MIN_PENALTY;
        rami_solution a, b;
        memset(&a, 0x22, sizeof a);
        memset(&b, 0x22, sizeof b);
        assert_int_equal(rami_solve_hand(&rs, cards, n, goal, &a),
                         ref_solve_hand(&rs, cards, n, goal, &b));
        assert_memory_equal(&a, &b, sizeof a);
    }
}

/* The runs of a node whose melds may take at most one joker are made by
 * loops (runs_up, runs_down) instead of grow_run's recursion: the same
 * melds in the same order. Game-sized hands (12-15 cards, 0-3 jokers,
 * many of them dense in one window of ranks) with one joker per meld,
 * the public answer for both goals with and without JOKER_CHOICE and
 * OPEN_PURE_RUN, and the internal search under random turn options,
 * against the solver as it was. */
static void test_one_joker_runs_same_as_before(void **state)
{
    (void)state;
    rami_rng r;
    rami__rng_seed(&r, 1733);
    unsigned hands = diff_hands() / 3;
    for (unsigned t = 0; t < hands; t++) {
        rami_card cards[RAMI_MAX_HAND];
        unsigned n = 12 + rami__rng_below(&r, 4);
        unsigned jokers = rami__rng_below(&r, 4);
        random_hand(&r, cards, n, jokers);
        hand h = to_hand(cards, n);
        solve_opts o = random_opts(&r, cards, n);
        o.jokers_per_meld = 1;
        solve_result full;
        uint32_t nodes = 0;
        int best = ref_solve_limited(&h, &o, 0, &full, 0, &nodes);
        same_solve(&h, &o, 0, true, 0, NULL);
        if (best > 0)
            same_solve(&h, &o, best, true, 0, &full);

        unsigned options = rami__rng_below(&r, 4);
        rami_ruleset rs = ruleset(1, (options & 1 ? RAMI_OPT_JOKER_CHOICE : 0) |
                                         (options & 2 ? RAMI_OPT_OPEN_PURE_RUN : 0));
        for (int goal = RAMI_SOLVE_MAX_POINTS; goal <= RAMI_SOLVE_MIN_PENALTY; goal++) {
            rami_solution a, b;
            memset(&a, 0x22, sizeof a);
            memset(&b, 0x22, sizeof b);
            assert_int_equal(rami_solve_hand(&rs, cards, n, goal, &a),
                             ref_solve_hand(&rs, cards, n, goal, &b));
            assert_memory_equal(&a, &b, sizeof a);
        }
    }
}

/* rami__solve's shortcut (a search whose first node ends it is not
 * begun; else the search starts from the first node the shortcut built,
 * its dead cards already left) answers as the search does: the same value and melds as
 * rami__solve_limited without limit, on random hands and options, with
 * targets at, above, below and far from the best. Where the first node
 * ends the search (one node visited, target not reached) a wrong
 * shortcut would differ; the hands hold many such searches and many that
 * reach their target. */
static void test_first_node_shortcut(void **state)
{
    (void)state;
    rami_rng r;
    rami__rng_seed(&r, 1717);
    unsigned hands = diff_hands() / 3, first_node = 0, reached = 0;
    for (unsigned t = 0; t < hands; t++) {
        rami_card cards[RAMI_MAX_HAND];
        unsigned n = rami__rng_below(&r, 19);
        unsigned jokers = rami__rng_below(&r, 5);
        if (jokers > n)
            jokers = n;
        if (n > 0)
            random_hand(&r, cards, n, jokers);
        hand h = to_hand(cards, n);
        solve_opts o = random_opts(&r, cards, n);
        int best = rami__solve_limited(&h, &o, 0, NULL, 0, NULL);
        int targets[4] = {best, best + 1, best / 2, 1 + (int)rami__rng_below(&r, 150)};
        for (unsigned k = 0; k < 4; k++) {
            if (targets[k] <= 0)
                continue;
            solve_result a, b;
            uint32_t nodes = 0;
            memset(&a, 0x33, sizeof a);
            memset(&b, 0x33, sizeof b);
            int va = rami__solve(&h, &o, targets[k], &a);
            int vb = rami__solve_limited(&h, &o, targets[k], &b, 0, &nodes);
            assert_int_equal(va, vb);
            assert_int_equal(a.value, b.value);
            assert_int_equal(a.nmelds, b.nmelds);
            assert_memory_equal(a.melds, b.melds, a.nmelds * sizeof a.melds[0]);
            first_node += nodes == 1 && vb < targets[k];
            reached += vb >= targets[k];
        }
    }
    assert_true(first_node >= hands / 4);
    assert_true(reached >= hands / 4);
}

struct solve_case {
    const char *cards;
    unsigned jpm;
    uint32_t options;
    int goal;
    unsigned expect; /* points (MAX_POINTS) or penalty (MIN_PENALTY) */
    unsigned melds;  /* melds in the answer, ANY where several counts tie */
};

#define CHOICE   RAMI_OPT_JOKER_CHOICE
#define PURE     RAMI_OPT_OPEN_PURE_RUN
#define MAXP     RAMI_SOLVE_MAX_POINTS
#define MINP     RAMI_SOLVE_MIN_PENALTY
#define ANY      255u
#define RUN_AK_C "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"

static const struct solve_case cases[] = {
    /* RULES.md §4, each row as a hand. */
    {"KH KS KD", 1, 0, MAXP, 30, 1},
    {"AC AH AS", 1, 0, MAXP, 33, 1},
    {"7S 7S 7H", 1, 0, MAXP, 0, 0},
    {"7S 7S 7H", 1, 0, MINP, 21, 0},
    {"AH 2H 3H", 1, 0, MAXP, 6, 1},
    {"5C 6C 7C", 1, 0, MAXP, 18, 1},
    {"QH KH AH", 1, 0, MAXP, 31, 1},
    {"KH AH 2H", 1, 0, MAXP, 0, 0},
    {"KH AH 2H", 1, 0, MINP, 23, 0},
    {"9C 9D 9H JK", 1, 0, MAXP, 36, 1},
    {"JK 7S 8S", 1, 0, MAXP, 21, 1},
    {"JK 7S 8S", 1, CHOICE, MAXP, 24, 1}, /* the joker may be 9S */
    {"JK JK 5H 6H", 1, 0, MAXP, 15, 1},   /* one joker stays: 4H 5H 6H */
    {"JK JK 5H 6H", 1, 0, MINP, 25, 1},
    {"JK JK 5H 6H", 2, 0, MAXP, 18, 1},      /* 3H 4H 5H 6H */
    {"JK JK 5H 6H", 2, CHOICE, MAXP, 26, 1}, /* 5H 6H 7H 8H */
    {"JK JK 9C", 2, 0, MAXP, 0, 0},          /* two naturals needed */
    /* Duplicate cards from several decks. */
    {"7S 7S 7H 7D", 1, 0, MAXP, 21, 1},
    {"7S 7S 7S 7H", 1, 0, MAXP, 0, 0},
    {"7S 7S 7H 7H 7D 7D", 1, 0, MAXP, 42, 2},
    {"5C 6C 7C 5C 6C 7C", 1, 0, MAXP, 36, 2},
    {"5C 6C 7C 5C 6C 7C 5C", 1, 0, MINP, 5, 2},
    /* Ace low and high in one hand; 13-card runs. */
    {"AH 2H 3H QH KH AH", 1, 0, MAXP, 37, 2},
    {RUN_AK_C, 1, 0, MAXP, 95, ANY},      /* QC KC AC + 2C..JC beats A..K (85) */
    {RUN_AK_C, 1, CHOICE, MAXP, 95, ANY}, /* or all 13 with the ace high */
    {RUN_AK_C, 1, 0, MINP, 0, ANY},
    {"2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", 1, 0, MAXP, 95, ANY},
    {"AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD JK", 1, 0, MAXP, 95, ANY},
    /* Greedy is wrong: the biggest meld (5H..9H, 35) is not in the best. */
    {"5H 6H 7H 8H 9H 5S 5D 9S 9D", 1, 0, MAXP, 63, 3},
    /* The goals disagree: the set is worth more, the run leaves less. */
    {"AC 2C 3C 3D 3H", 1, 0, MAXP, 9, 1},
    {"AC 2C 3C 3D 3H", 1, 0, MINP, 6, 1},
    /* OPEN_PURE_RUN: a run without joker, else nothing at all. */
    {"KH KS KD 5C 6C 7C", 1, PURE, MAXP, 48, 2},
    {"KH KS KD JK 6C 7C", 1, PURE, MAXP, 0, 0},
    {"KH KS KD JK 6C 7C", 1, 0, MAXP, 48, 2},
    {"KH KS KD JK 6C 7C", 1, PURE, MINP, 0, 2}, /* the penalty goal ignores it */
    {"KH KS KD JK 5C 6C 7C", 1, PURE, MAXP, 58, 2},
    {"KH KS KD JK 5C 6C 7C 8C", 1, PURE, MAXP, 66, 2},
};

static void test_cases(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct solve_case *c = &cases[i];
        rami_card cards[RAMI_MAX_HAND];
        size_t n = parse(c->cards, cards);
        rami_ruleset rs = ruleset(c->jpm, c->options);
        rami_solution s = solve_checked(&rs, cards, n, c->goal);
        unsigned got = c->goal == MAXP ? s.points : s.penalty;
        if (got != c->expect || (c->melds != ANY && s.meld_count != c->melds))
            fail_msg("case %zu \"%s\": got %u in %u melds, want %u in %u", i, c->cards, got,
                     s.meld_count, c->expect, c->melds);
    }
}

/* The whole answer for one hand: melds in table order, left cards sorted. */
static void test_answer_layout(void **state)
{
    (void)state;
    rami_card cards[RAMI_MAX_HAND];
    size_t n = parse("9S JK 8S KD 7S 2C KH KC", cards);
    rami_ruleset rs = ruleset(1, 0);
    rami_solution s = solve_checked(&rs, cards, n, MAXP);
    /* 7S 8S 9S + KC KD KH JK (40) beats 7S 8S 9S JK (34) + KC KD KH (30). */
    assert_int_equal(s.points, 64);
    assert_int_equal(s.meld_count, 2);
    assert_int_equal(s.left_count, 1);
    assert_int_equal(s.left[0], RAMI_CARD(2, RAMI_CLUBS));
    assert_int_equal(s.penalty, 2);
    rami_card joker_as = RAMI_NO_CARD;
    for (unsigned i = 0; i < 2; i++) {
        const rami_meld_info *m = &s.melds[i];
        if (m->kind == RAMI_MELD_SET) {
            assert_int_equal(m->count, 4);
            assert_int_equal(m->cards[3], RAMI_JOKER);
            joker_as = m->joker_as;
        } else {
            assert_int_equal(m->count, 3);
            assert_int_equal(m->cards[0], RAMI_CARD(7, RAMI_SPADES));
            assert_int_equal(m->cards[2], RAMI_CARD(9, RAMI_SPADES));
        }
    }
    assert_int_equal(joker_as, RAMI_CARD(RAMI_KING, RAMI_SPADES));

    /* Left cards in card code order, jokers last. */
    n = parse("JK KS 2H AD 5C JK", cards);
    s = solve_checked(&rs, cards, n, MINP);
    assert_int_equal(s.meld_count, 0);
    assert_int_equal(s.left_count, 6);
    const rami_card want[] = {RAMI_CARD(5, 0),  RAMI_CARD(1, 1), RAMI_CARD(2, 2),
                              RAMI_CARD(13, 3), RAMI_JOKER,      RAMI_JOKER};
    assert_memory_equal(s.left, want, sizeof want);
    assert_int_equal(s.penalty, 5 + 11 + 2 + 10 + 50);

    /* The ruleset's penalties count. */
    rs.joker_penalty = 50;
    rs.ace_penalty = 1;
    s = solve_checked(&rs, cards, n, MINP);
    assert_int_equal(s.penalty, 5 + 1 + 2 + 10 + 100);

    /* An empty hand has an empty answer. */
    s = solve_checked(&rs, NULL, 0, MAXP);
    assert_int_equal(s.meld_count + s.left_count + s.points + s.penalty, 0);
}

/* Full hands of 32 cards, the most the API takes, are solved too. */
static void test_big_hands(void **state)
{
    (void)state;
    rami_rng r;
    rami__rng_seed(&r, 9);
    for (unsigned t = 0; t < 40; t++) {
        rami_card cards[RAMI_MAX_HAND];
        random_hand(&r, cards, RAMI_MAX_HAND, t % 5);
        rami_ruleset rs = ruleset(1 + t % 2, t % 3 == 0 ? CHOICE : 0);
        rami_solution a = solve_checked(&rs, cards, RAMI_MAX_HAND, MAXP);
        rami_solution b = solve_checked(&rs, cards, RAMI_MAX_HAND, MINP);
        /* Each answer is at least as good as the other's melds. */
        assert_true(a.points >= b.points);
        assert_true(b.penalty <= a.penalty);
    }
    /* Many melds in one answer. */
    rami_card cards[RAMI_MAX_HAND];
    size_t n = parse("2C 2D 2H 3C 3D 3H 4C 4D 4H 5C 5D 5H 6C 6D 6H 7C 7D 7H 8C 8D 8H "
                     "9C 9D 9H 10C 10D 10H KS",
                     cards);
    rami_ruleset rs = ruleset(1, 0);
    rami_solution s = solve_checked(&rs, cards, n, MINP);
    assert_int_equal(s.penalty, 10);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    rami_ruleset rs = ruleset(1, 0);
    rami_card cards[RAMI_MAX_HAND + 1];
    memset(cards, RAMI_CARD(5, RAMI_HEARTS), sizeof cards);
    rami_solution s, before;
    memset(&s, 0xA5, sizeof s);
    before = s;
    assert_int_equal(rami_solve_hand(NULL, cards, 3, MAXP, &s), RAMI_E_ARG);
    assert_int_equal(rami_solve_hand(&rs, cards, 3, MAXP, NULL), RAMI_E_ARG);
    assert_int_equal(rami_solve_hand(&rs, NULL, 3, MAXP, &s), RAMI_E_ARG);
    assert_int_equal(rami_solve_hand(&rs, cards, RAMI_MAX_HAND + 1, MAXP, &s), RAMI_E_ARG);
    assert_int_equal(rami_solve_hand(&rs, cards, 3, 2, &s), RAMI_E_ARG);
    assert_int_equal(rami_solve_hand(&rs, cards, 3, -1, &s), RAMI_E_ARG);
    const rami_card bad[] = {
        RAMI_NO_CARD, RAMI_CARD(14, 0), RAMI_CARD(5, RAMI_SUIT_ANY), RAMI_CARD(0, 2), 0x51, 0xFF};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cards[1] = bad[i];
        assert_int_equal(rami_solve_hand(&rs, cards, 3, MINP, &s), RAMI_E_ARG);
    }
    cards[1] = RAMI_CARD(5, RAMI_SPADES);
    rami_ruleset broken = rs;
    broken.jokers_per_meld = 0;
    assert_int_equal(rami_solve_hand(&broken, cards, 3, MAXP, &s), RAMI_E_ARG);
    broken = rs;
    broken.struct_size = 0;
    assert_int_equal(rami_solve_hand(&broken, cards, 3, MAXP, &s), RAMI_E_ARG);
    assert_memory_equal(&s, &before, sizeof s);
    /* The same hand is fine with good arguments. */
    assert_int_equal(rami_solve_hand(&rs, cards, RAMI_MAX_HAND, MAXP, &s), RAMI_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_cases),
        cmocka_unit_test(test_answer_layout),
        cmocka_unit_test(test_big_hands),
        cmocka_unit_test(test_public_exact),
        cmocka_unit_test(test_internal_exact),
        cmocka_unit_test(test_same_as_before),
        cmocka_unit_test(test_first_node_shortcut),
        cmocka_unit_test(test_one_joker_runs_same_as_before),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
