/* The hand solver: the best total of disjoint melds that can be laid from a
 * hand, exact, with jokers, duplicate cards and every meld rule of meld.c.
 *
 * Depth-first search over cards in (suit, rank) order, ace first. The
 * lowest card left either stays in hand (all its copies) or is the first
 * natural, in that order, of a meld: a set with higher suits of its rank,
 * a run upwards from it or, for an ace, a run down from the high ace. Every
 * selection of disjoint melds is reached this way. Branches that cannot
 * beat the best found (or reach the target) are cut with the sum of the
 * best values the remaining cards could still add. */
#include <string.h>

#include "rami-private.h"

typedef struct search {
    hand h;                  /* cards not yet decided */
    const solve_opts *o;
    unsigned jpm;
    int target;
    int value;               /* objective of the melds chosen so far */
    int potential;           /* most the undecided cards could still add */
    int best;
    unsigned left_total;     /* cards decided to stay in hand */
    unsigned left_avoid;     /* ... of which are the `avoid` face */
    bool pure, used_must, done;
    unsigned depth;
    tmeld stack[SOLVE_MAX_MELDS];
    solve_result *res;
    int prefix[POS_ACE_HIGH + 1]; /* prefix[k] = value of run positions 1..k */
} search;

static unsigned lowest_bit(unsigned x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_ctz(x);
#else
    unsigned i = 0;
    while (!(x & 1u)) {
        x >>= 1;
        i++;
    }
    return i;
#endif
}

/* Most a card can add to the objective. */
static int gain_max(const search *s, rami_card c)
{
    if (s->o->objective == SOLVE_PENALTY) {
        if (c == RAMI_JOKER)
            return s->o->joker_penalty;
        unsigned r = RAMI_CARD_RANK(c);
        return r == RAMI_ACE ? s->o->ace_penalty : r > 10 ? 10 : (int)r;
    }
    return c == RAMI_JOKER ? 11 : (int)set_value(RAMI_CARD_RANK(c));
}

static void dfs(search *s, unsigned suit, unsigned rank);

static void leaf(search *s)
{
    const solve_opts *o = s->o;
    unsigned jokers = s->h.jokers;
    unsigned total = s->left_total + jokers;
    unsigned avoid = s->left_avoid + (o->avoid == RAMI_JOKER ? jokers : 0);
    if (o->need_pure_run && !s->pure)
        return;
    if (o->must_use != RAMI_NO_CARD && !s->used_must)
        return;
    if (o->need_leftover && !(total > avoid || (total == 0 && o->empty_ok)))
        return;
    if (s->value <= s->best)
        return;
    s->best = s->value;
    if (s->res != NULL) {
        s->res->nmelds = s->depth;
        memcpy(s->res->melds, s->stack, s->depth * sizeof s->stack[0]);
    }
    if (s->target > 0 && s->best >= s->target)
        s->done = true;
}

/* Takes a meld out of the hand, searches on from the anchor card, puts it
 * back. The meld's table form, if recorded, is already in stack[depth]. */
static void descend(search *s, unsigned suit, unsigned rank, const rami_card *nat, unsigned nn,
                    unsigned nj, int gain, bool pure)
{
    int lost = 0;
    bool used = s->used_must;
    for (unsigned i = 0; i < nn; i++) {
        hand_remove(&s->h, nat[i]);
        lost += gain_max(s, nat[i]);
        used |= nat[i] == s->o->must_use;
    }
    used |= nj > 0 && s->o->must_use == RAMI_JOKER;
    s->h.jokers -= (uint8_t)nj;
    s->h.size -= (uint8_t)nj;
    lost += (int)nj * gain_max(s, RAMI_JOKER);

    bool was_pure = s->pure, was_used = s->used_must;
    s->potential -= lost;
    s->value += gain;
    s->pure |= pure;
    s->used_must = used;
    s->depth++;
    dfs(s, suit, rank);
    s->depth--;
    s->used_must = was_used;
    s->pure = was_pure;
    s->value -= gain;
    s->potential += lost;

    s->h.jokers += (uint8_t)nj;
    s->h.size += (uint8_t)nj;
    for (unsigned i = 0; i < nn; i++)
        hand_add(&s->h, nat[i]);
}

static void sets_from(search *s, unsigned suit, unsigned rank)
{
    unsigned others = 0;
    for (unsigned t = suit + 1; t < 4; t++)
        if (s->h.cnt[t][rank])
            others |= 1u << t;
    unsigned jmax = s->h.jokers < s->jpm ? s->h.jokers : s->jpm;
    unsigned sub = others;
    for (;;) {
        rami_card nat[4];
        unsigned nn = 0;
        nat[nn++] = RAMI_CARD(rank, suit);
        for (unsigned t = suit + 1; t < 4; t++)
            if (sub & (1u << t))
                nat[nn++] = RAMI_CARD(rank, t);
        for (unsigned j = 0; j <= jmax && nn >= 2; j++) {
            unsigned n = nn + j;
            if (n < 3 || n > 4)
                continue;
            int gain = 0;
            if (s->o->objective == SOLVE_PENALTY) {
                gain = (int)nn * gain_max(s, nat[0]) + (int)j * gain_max(s, RAMI_JOKER);
            } else {
                gain = (int)(n * set_value(rank));
            }
            if (s->res != NULL) {
                tmeld *m = &s->stack[s->depth];
                memset(m, 0, sizeof *m);
                m->kind = RAMI_MELD_SET;
                m->rank = (uint8_t)rank;
                m->count = (uint8_t)n;
                m->jokers = (uint8_t)j;
                memcpy(m->cards, nat, nn);
                memset(m->cards + nn, RAMI_JOKER, j);
            }
            descend(s, suit, rank, nat, nn, j, gain, false);
            if (s->done)
                return;
        }
        if (sub == 0)
            break;
        sub = (sub - 1) & others;
    }
}

/* A run whose naturals are nat[0..nn) at positions pos[] spanning the
 * core [p, q], with e jokers beyond the core: place it as meld.c would
 * (lowest start, or highest with JOKER_CHOICE) and descend. */
static void emit_run(search *s, unsigned suit, unsigned anchor_rank, const rami_card *nat,
                     const uint8_t *pos, unsigned nn, unsigned p, unsigned q, unsigned ji,
                     unsigned e)
{
    unsigned n = q - p + 1 + e;
    if (n < 3 || n > RAMI_MAX_MELD || nn < 2)
        return;
    unsigned lo_min = q + 1 > n ? q + 1 - n : 1;
    unsigned lo_max = p < 15 - n ? p : 15 - n;
    if (lo_min < 1)
        lo_min = 1;
    if (lo_min > lo_max)
        return;
    bool ace_high = q == POS_ACE_HIGH;
    if (ace_high && !s->o->high_jokers) {
        /* meld.c puts the ace low whenever it can. */
        unsigned top = 0;
        for (unsigned i = 0; i < nn; i++)
            if (pos[i] != POS_ACE_HIGH && pos[i] > top)
                top = pos[i];
        if (top <= n)
            return;
    }
    unsigned lo = s->o->high_jokers ? lo_max : lo_min;
    unsigned nj = ji + e;
    int gain;
    if (s->o->objective == SOLVE_PENALTY) {
        gain = (int)nj * gain_max(s, RAMI_JOKER);
        for (unsigned i = 0; i < nn; i++)
            gain += gain_max(s, nat[i]);
    } else {
        gain = s->prefix[lo + n - 1] - s->prefix[lo - 1];
    }
    if (s->res != NULL) {
        tmeld *m = &s->stack[s->depth];
        memset(m, 0, sizeof *m);
        m->kind = RAMI_MELD_RUN;
        m->suit = (uint8_t)suit;
        m->count = (uint8_t)n;
        m->jokers = (uint8_t)nj;
        m->lo = (uint8_t)lo;
        m->hi = (uint8_t)(lo + n - 1);
        memset(m->cards, RAMI_JOKER, n);
        for (unsigned i = 0; i < nn; i++)
            m->cards[pos[i] - lo] = nat[i];
    }
    descend(s, suit, anchor_rank, nat, nn, nj, gain, nj == 0);
}

/* Grows a run core from its current end `end` one natural at a time, in
 * direction dir (+1 up from the anchor, -1 down from a high ace), with up
 * to the remaining jokers filling the gaps. */
static void grow_run(search *s, unsigned suit, unsigned anchor_rank, int dir, rami_card *nat,
                     uint8_t *pos, unsigned nn, unsigned end, unsigned ji)
{
    unsigned jmax = s->h.jokers < s->jpm ? s->h.jokers : s->jpm;
    unsigned p = dir > 0 ? pos[0] : end, q = dir > 0 ? end : pos[0];
    for (unsigned e = 0; ji + e <= jmax && !s->done; e++)
        emit_run(s, suit, anchor_rank, nat, pos, nn, p, q, ji, e);
    for (unsigned g = 0; ji + g <= jmax && !s->done; g++) {
        int next = (int)end + dir * (int)(g + 1);
        if (next < 2 || next > 13)
            break;
        if (q - p + g + 2 > RAMI_MAX_MELD)
            break;
        if (!s->h.cnt[suit][next])
            continue;
        nat[nn] = RAMI_CARD((unsigned)next, suit);
        pos[nn] = (uint8_t)next;
        grow_run(s, suit, anchor_rank, dir, nat, pos, nn + 1, (unsigned)next, ji + g);
    }
}

static void runs_from(search *s, unsigned suit, unsigned rank)
{
    rami_card nat[RAMI_MAX_MELD];
    uint8_t pos[RAMI_MAX_MELD];
    nat[0] = RAMI_CARD(rank, suit);
    pos[0] = (uint8_t)rank;
    grow_run(s, suit, rank, +1, nat, pos, 1, rank, 0);
    if (rank == RAMI_ACE && !s->done) {
        pos[0] = POS_ACE_HIGH;
        grow_run(s, suit, rank, -1, nat, pos, 1, POS_ACE_HIGH, 0);
    }
}

static void leave_all(search *s, unsigned suit, unsigned rank)
{
    rami_card c = RAMI_CARD(rank, suit);
    unsigned k = s->h.cnt[suit][rank];
    int lost = (int)k * gain_max(s, c);
    unsigned avoid = c == s->o->avoid ? k : 0;
    s->h.cnt[suit][rank] = 0;
    s->h.mask[suit] &= (uint16_t)~(1u << rank);
    s->h.size -= (uint8_t)k;
    s->potential -= lost;
    s->left_total += k;
    s->left_avoid += avoid;
    dfs(s, suit, rank + 1);
    s->left_avoid -= avoid;
    s->left_total -= k;
    s->potential += lost;
    s->h.size += (uint8_t)k;
    s->h.mask[suit] |= (uint16_t)(1u << rank);
    s->h.cnt[suit][rank] = (uint8_t)k;
}

static void dfs(search *s, unsigned suit, unsigned rank)
{
    if (s->done)
        return;
    int bound = s->value + s->potential;
    if (s->target > 0 ? bound < s->target : bound <= s->best)
        return;
    for (; suit < 4; suit++, rank = 1) {
        unsigned m = s->h.mask[suit] & ~((1u << rank) - 1u);
        if (m) {
            rank = lowest_bit(m);
            sets_from(s, suit, rank);
            if (!s->done)
                runs_from(s, suit, rank);
            if (!s->done)
                leave_all(s, suit, rank);
            return;
        }
    }
    leaf(s);
}

int rami__solve(const hand *h, const solve_opts *opts, int target, solve_result *res)
{
    search s;
    memset(&s, 0, sizeof s);
    s.h = *h;
    s.o = opts;
    s.jpm = opts->jokers_per_meld ? opts->jokers_per_meld : 1;
    s.target = target;
    s.best = -1;
    s.res = res;
    for (unsigned k = 1; k <= POS_ACE_HIGH; k++)
        s.prefix[k] = s.prefix[k - 1] + (int)pos_value(k);
    for (unsigned suit = 0; suit < 4; suit++)
        for (unsigned r = 1; r <= 13; r++)
            s.potential += h->cnt[suit][r] * gain_max(&s, RAMI_CARD(r, suit));
    s.potential += h->jokers * gain_max(&s, RAMI_JOKER);
    if (res != NULL) {
        res->nmelds = 0;
        res->value = -1;
    }
    dfs(&s, 0, 1);
    if (res != NULL)
        res->value = s.best;
    return s.best;
}

/* ---- the public entry point ---- */

static int solve_args_check(const rami_ruleset *rs, const rami_card *cards, size_t n, int goal,
                            const rami_solution *out)
{
    if (rs == NULL || out == NULL || (cards == NULL && n > 0) || n > RAMI_MAX_HAND)
        return RAMI_E_ARG;
    if (goal != RAMI_SOLVE_MAX_POINTS && goal != RAMI_SOLVE_MIN_PENALTY)
        return RAMI_E_ARG;
    if (rami_ruleset_check(rs, NULL, 0) != RAMI_OK)
        return RAMI_E_ARG;
    for (size_t i = 0; i < n; i++)
        if (!card_is_valid(cards[i]))
            return RAMI_E_ARG;
    return RAMI_OK;
}

/* The cards of h that no chosen meld uses, in card code order (jokers,
 * the highest code, last). */
static unsigned solution_left(hand h, const solve_result *res, rami_card *left)
{
    for (unsigned i = 0; i < res->nmelds; i++)
        for (unsigned k = 0; k < res->melds[i].count; k++)
            hand_remove(&h, res->melds[i].cards[k]);
    unsigned n = 0;
    for (unsigned suit = 0; suit < 4; suit++)
        for (unsigned r = 1; r <= 13; r++)
            for (unsigned k = 0; k < h.cnt[suit][r]; k++)
                left[n++] = RAMI_CARD(r, suit);
    for (unsigned k = 0; k < h.jokers; k++)
        left[n++] = RAMI_JOKER;
    return n;
}

int rami_solve_hand(const rami_ruleset *rs, const rami_card *hand_cards, size_t n, int goal,
                    rami_solution *out)
{
    int st = solve_args_check(rs, hand_cards, n, goal, out);
    if (st != RAMI_OK)
        return st;
    hand h;
    memset(&h, 0, sizeof h);
    for (size_t i = 0; i < n; i++)
        hand_add(&h, hand_cards[i]);

    solve_opts o;
    memset(&o, 0, sizeof o);
    o.objective = goal == RAMI_SOLVE_MAX_POINTS ? SOLVE_POINTS : SOLVE_PENALTY;
    o.jokers_per_meld = rs->jokers_per_meld;
    o.joker_penalty = rs->joker_penalty;
    o.ace_penalty = rs->ace_penalty;
    o.high_jokers = (rs->options & RAMI_OPT_JOKER_CHOICE) != 0;
    o.need_pure_run = goal == RAMI_SOLVE_MAX_POINTS && (rs->options & RAMI_OPT_OPEN_PURE_RUN);
    o.must_use = RAMI_NO_CARD;
    o.avoid = RAMI_NO_CARD;

    solve_result res;
    /* -1: no selection has the pure run OPEN_PURE_RUN asks for, so none. */
    if (rami__solve(&h, &o, 0, &res) < 0)
        res.nmelds = 0;

    rami_solution sol;
    memset(&sol, 0, sizeof sol);
    unsigned points = 0;
    for (unsigned i = 0; i < res.nmelds; i++) {
        rami__meld_info(&res.melds[i], &sol.melds[i]);
        points += sol.melds[i].points;
    }
    sol.meld_count = (uint8_t)res.nmelds;
    sol.points = (uint16_t)points;
    sol.left_count = (uint8_t)solution_left(h, &res, sol.left);
    unsigned penalty = 0;
    for (unsigned i = 0; i < sol.left_count; i++)
        penalty += rami__card_penalty(sol.left[i], rs);
    sol.penalty = (uint16_t)penalty;
    *out = sol;
    return RAMI_OK;
}
