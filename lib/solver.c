/* The hand solver: the best total of disjoint melds that can be laid from a
 * hand, exact, with jokers, duplicate cards and every meld rule of meld.c.
 *
 * Branch and bound over cards in (suit, rank) order, ace first. The lowest
 * undecided card either stays in hand (all its copies) or is the first
 * natural, in that order, of a meld: a set with higher suits of its rank,
 * a run upwards from it or, for an ace, a run down from the high ace. Every
 * selection of disjoint melds is reached this way.
 *
 * At every node the undecided cards that no meld of undecided cards could
 * hold ("dead" cards: no partner for a set, no neighbour for a run) are
 * left in hand at once, and the live ones bound what the branch can still
 * add; a branch that cannot beat the best found (or reach the target) is
 * cut. Runs are grown longest first and sets largest first, so good
 * selections, and in target mode a selection reaching the target, come
 * early. */
#include <string.h>

#include "solver.h"

/* A meld chosen on the search path, in a compact form. */
typedef struct pick {
    uint8_t kind;  /* RAMI_MELD_SET or RAMI_MELD_RUN */
    uint8_t key;   /* set: rank; run: suit */
    uint8_t lo;    /* run: first position */
    uint8_t count; /* cards in the meld */
    uint16_t nat;  /* set: suits of the naturals; run: positions holding one */
} pick;

/* Flags of a partial selection, for solve_opts' conditions. */
enum {
    F_PURE = 1,     /* a run without joker was chosen */
    F_MUST = 2,     /* the must_use face is in a chosen meld */
    F_LEFT = 4,     /* some card is left in hand */
    F_LEFT_FREE = 8 /* some card other than the avoid face is left */
};

/* A search node: what is still undecided and what the path has gained. */
typedef struct node {
    hand h;
    int value;
    unsigned flags;
    unsigned depth;
} node;

typedef struct search {
    const solve_opts *o;
    unsigned jpm;
    int target;
    int best;
    bool done;
    int gain[14];                 /* most a natural of each rank adds to the objective */
    int joker_gain;               /* ... and a joker */
    unsigned avoid_bit[4];        /* rank bit of the avoid face in its suit */
    unsigned must_suit, must_bit; /* the must_use natural's suit and rank bit */
    int prefix[POS_ACE_HIGH + 1]; /* prefix[k] = value of run positions 1..k */
    unsigned best_depth;
    uint32_t nodes, max_nodes; /* nodes visited; the limit (0: none) */
    pick path[SOLVE_MAX_MELDS];
    pick best_path[SOLVE_MAX_MELDS];
} search;

#define RANKS_MASK 0x3FFEu /* bits 1..13 */

static unsigned min_u(unsigned a, unsigned b)
{
    return a < b ? a : b;
}

/* Jokers one new meld may take from the undecided cards. */
static unsigned jokers_free(const search *s, const node *n)
{
    return min_u(n->h.jokers, s->jpm);
}

/* The suit's ranks as run positions: bit 14 repeats the ace (ace high). */
static unsigned positions(unsigned rank_mask)
{
    return rank_mask | (rank_mask & 2u) << 13;
}

/* Ranks of a suit that some run of undecided cards could hold: three
 * consecutive positions, or with jokers (j = jokers a meld may take) any
 * other natural within j + 1 positions. pure3 receives the first positions
 * of three consecutive naturals. */
static unsigned run_live(unsigned rank_mask, unsigned j, unsigned *pure3)
{
    unsigned t = positions(rank_mask);
    unsigned p3 = t & t >> 1 & t >> 2;
    unsigned live = p3 | p3 << 1 | p3 << 2;
    if (j > 0) {
        unsigned near = 0;
        for (unsigned d = 1; d <= j + 1; d++)
            near |= t << d | t >> d;
        live |= t & near;
    }
    *pure3 = p3;
    return (live | (live >> 13 & 2u)) & RANKS_MASK;
}

/* Leaves every copy of the ranks `ranks` of suit `suit` in hand. Only the
 * mask changes: in the search a face is undecided while its mask bit is
 * set, and its count is read only then. */
static void leave_ranks(const search *s, node *n, unsigned suit, unsigned ranks)
{
    n->h.mask[suit] &= (uint16_t)~ranks;
    n->flags |= F_LEFT;
    if (ranks != s->avoid_bit[suit])
        n->flags |= F_LEFT_FREE;
}

/* Leaves the dead cards in hand and returns the most the live ones (and
 * the jokers they could take) can still add; -1 when the options can no
 * longer be met. */
static int prune_dead(const search *s, node *n)
{
    const solve_opts *o = s->o;
    unsigned j = jokers_free(s, n);
    const uint16_t *m = n->h.mask;
    unsigned two = (m[0] & m[1]) | (m[0] & m[2]) | (m[0] & m[3]) | (m[1] & m[2]) | (m[1] & m[3]) |
                   (m[2] & m[3]);
    unsigned three = (m[0] & m[1] & (m[2] | m[3])) | (m[2] & m[3] & (m[0] | m[1]));
    unsigned set_live = j > 0 ? two : three;
    unsigned pure = 0, live_cards = 0;
    int bound = 0;
    for (unsigned suit = 0; suit < 4; suit++) {
        if (!m[suit])
            continue;
        unsigned p3;
        unsigned live = (run_live(m[suit], j, &p3) | set_live) & m[suit];
        pure |= p3;
        unsigned dead = m[suit] & ~live;
        if (dead)
            leave_ranks(s, n, suit, dead);
        for (; live; live &= live - 1) {
            unsigned r = lowest_bit(live), k = hand_face(&n->h, suit, r);
            live_cards += k;
            bound += (int)k * s->gain[r];
        }
    }
    if (o->need_pure_run && !(n->flags & F_PURE) && !pure)
        return -1;
    if (s->must_bit && !(n->flags & F_MUST) && !(m[s->must_suit] & s->must_bit))
        return -1; /* the natural that must be melded was left in hand */
    /* A meld holds at least two naturals and at most jpm jokers. */
    bound += (int)min_u(n->h.jokers, s->jpm * (live_cards / 2)) * s->joker_gain;
    return bound;
}

static void leaf(search *s, const node *n)
{
    const solve_opts *o = s->o;
    unsigned flags = n->flags;
    if (n->h.jokers > 0)
        flags |= F_LEFT | (o->avoid != RAMI_JOKER ? F_LEFT_FREE : 0u);
    if (o->need_pure_run && !(flags & F_PURE))
        return;
    if (o->must_use != RAMI_NO_CARD && !(flags & F_MUST))
        return;
    if (o->need_leftover && !(flags & F_LEFT_FREE) && !(o->empty_ok && !(flags & F_LEFT)))
        return;
    if (n->value <= s->best)
        return;
    s->best = n->value;
    s->best_depth = n->depth;
    memcpy(s->best_path, s->path, n->depth * sizeof s->path[0]);
    if (s->target > 0 && s->best >= s->target)
        s->done = true;
}

static void dfs(search *s, node *n);

/* Searches on with the meld s->path[n->depth] taken out of the hand: its
 * naturals nat (set: suits; run: positions), `jokers` jokers, worth gain. */
static void descend(search *s, const node *n, int gain, unsigned jokers)
{
    const pick *p = &s->path[n->depth];
    node child = *n;
    unsigned faces = 0;
    rami_card must = s->o->must_use;
    if (p->kind == RAMI_MELD_SET) {
        for (unsigned m = p->nat; m; m &= m - 1) {
            unsigned suit = lowest_bit(m);
            hand_remove(&child.h, RAMI_CARD(p->key, suit));
            faces |= RAMI_CARD(p->key, suit) == must;
        }
    } else {
        for (unsigned m = p->nat; m; m &= m - 1) {
            rami_card c = RAMI_CARD(pos_rank(lowest_bit(m)), p->key);
            hand_remove(&child.h, c);
            faces |= c == must;
        }
        if (jokers == 0)
            child.flags |= F_PURE;
    }
    if (jokers > 0) {
        child.h.jokers -= (uint8_t)jokers;
        child.h.size -= (uint8_t)jokers;
        faces |= must == RAMI_JOKER;
    }
    if (faces)
        child.flags |= F_MUST;
    child.value += gain;
    child.depth++;
    dfs(s, &child);
}

static void sets_from(search *s, const node *n, unsigned suit, unsigned rank)
{
    unsigned others = 0;
    for (unsigned t = suit + 1; t < 4; t++)
        if (n->h.mask[t] & 1u << rank)
            others |= 1u << t;
    unsigned jmax = jokers_free(s, n);
    bool points = s->o->objective == SOLVE_POINTS;
    /* Subsets of the other suits, the largest first. */
    for (unsigned sub = others;; sub = (sub - 1) & others) {
        unsigned nn = 1 + bit_count(sub);
        for (unsigned j = min_u(jmax, 4 - nn) + 1; j-- > 0 && !s->done;) {
            unsigned count = nn + j;
            if (count < 3 || nn < 2)
                continue;
            pick *p = &s->path[n->depth];
            p->kind = RAMI_MELD_SET;
            p->key = (uint8_t)rank;
            p->lo = 0;
            p->count = (uint8_t)count;
            p->nat = (uint16_t)(sub | 1u << suit);
            int gain = points ? (int)(count * set_value(rank))
                              : (int)nn * s->gain[rank] + (int)j * s->joker_gain;
            descend(s, n, gain, j);
        }
        if (sub == 0 || s->done)
            break;
    }
}

/* A run being grown from the anchor: its naturals (positions), the span
 * [p, q] they cover, the jokers inside it and their objective. */
typedef struct core {
    unsigned nat, p, q, inside, nn;
    int nat_gain;
} core;

/* Takes the core with `ends` more jokers at its ends, placed as meld.c
 * would (the lowest start, or the highest with JOKER_CHOICE). */
static void emit_run(search *s, const node *n, unsigned suit, const core *c, unsigned ends)
{
    unsigned count = c->q - c->p + 1 + ends;
    if (count < 3 || count > RAMI_MAX_MELD || c->nn < 2)
        return;
    if (c->q == POS_ACE_HIGH && !s->o->high_jokers) {
        /* meld.c puts the ace low whenever the others fit below count + 1:
         * the upward search from the low ace makes that meld. */
        unsigned top = highest_bit(c->nat & ~(1u << POS_ACE_HIGH));
        if (top <= count)
            return;
    }
    unsigned lo;
    if (s->o->high_jokers)
        lo = min_u(c->p, POS_ACE_HIGH + 1 - count);
    else
        lo = c->q + 1 > count ? c->q + 1 - count : 1;
    unsigned jokers = c->inside + ends;
    pick *p = &s->path[n->depth];
    p->kind = RAMI_MELD_RUN;
    p->key = (uint8_t)suit;
    p->lo = (uint8_t)lo;
    p->count = (uint8_t)count;
    p->nat = (uint16_t)c->nat;
    int gain = s->o->objective == SOLVE_POINTS ? s->prefix[lo + count - 1] - s->prefix[lo - 1]
                                               : c->nat_gain + (int)jokers * s->joker_gain;
    descend(s, n, gain, jokers);
}

/* Grows the core by one more natural in direction dir (+1 up from the
 * anchor, -1 down from a high ace), jokers filling the gaps, then takes the
 * core itself: longer runs are tried first. */
static void grow_run(search *s, const node *n, unsigned suit, unsigned t, int dir, core *c)
{
    unsigned jmax = jokers_free(s, n);
    unsigned end = dir > 0 ? c->q : c->p;
    for (unsigned g = 0; c->inside + g <= jmax && !s->done; g++) {
        int next = (int)end + dir * (int)(g + 1);
        if (next < 2 || next > 13)
            break;
        if (!(t & 1u << next))
            continue;
        core longer = *c;
        longer.nat |= 1u << next;
        longer.nn++;
        longer.inside += g;
        longer.nat_gain += s->gain[next];
        if (dir > 0)
            longer.q = (unsigned)next;
        else
            longer.p = (unsigned)next;
        if (longer.q - longer.p + 1 > RAMI_MAX_MELD)
            break;
        grow_run(s, n, suit, t, dir, &longer);
    }
    for (unsigned e = jmax - c->inside + 1; e-- > 0 && !s->done;)
        emit_run(s, n, suit, c, e);
}

static void runs_from(search *s, const node *n, unsigned suit, unsigned rank)
{
    unsigned t = n->h.mask[suit];
    core c = {1u << rank, rank, rank, 0, 1, s->gain[rank]};
    grow_run(s, n, suit, t, +1, &c);
    if (rank == RAMI_ACE && !s->done) {
        core high = {1u << POS_ACE_HIGH, POS_ACE_HIGH, POS_ACE_HIGH, 0, 1, s->gain[RAMI_ACE]};
        grow_run(s, n, suit, t, -1, &high);
    }
}

static void dfs(search *s, node *n)
{
    RAMI_WORK(1);
    if (s->done)
        return;
    if (++s->nodes >= s->max_nodes && s->max_nodes) {
        s->done = true; /* the work limit: keep the best found so far */
        return;
    }
    int bound = prune_dead(s, n);
    if (bound < 0)
        return;
    int limit = s->target > 0 ? s->target - 1 : s->best;
    if (n->value + bound <= limit)
        return;
    for (unsigned suit = 0; suit < 4; suit++) {
        if (!n->h.mask[suit])
            continue;
        unsigned rank = lowest_bit(n->h.mask[suit]);
        sets_from(s, n, suit, rank);
        if (!s->done)
            runs_from(s, n, suit, rank);
        if (!s->done) {
            rami_card c = RAMI_CARD(rank, suit);
            if (c == s->o->must_use && !(n->flags & F_MUST))
                return; /* its last copies may not stay in hand */
            node child = *n;
            leave_ranks(s, &child, suit, 1u << rank);
            dfs(s, &child);
        }
        return;
    }
    leaf(s, n);
}

/* The table form of a chosen meld. */
static void pick_to_tmeld(const pick *p, tmeld *m)
{
    memset(m, 0, sizeof *m);
    m->kind = p->kind;
    m->count = p->count;
    if (p->kind == RAMI_MELD_SET) {
        unsigned k = 0;
        m->rank = p->key;
        for (unsigned suit = 0; suit < 4; suit++)
            if (p->nat & 1u << suit)
                m->cards[k++] = RAMI_CARD(p->key, suit);
        m->jokers = (uint8_t)(p->count - k);
        memset(m->cards + k, RAMI_JOKER, m->jokers);
        return;
    }
    m->suit = p->key;
    m->lo = p->lo;
    m->hi = (uint8_t)(p->lo + p->count - 1);
    for (unsigned i = 0; i < p->count; i++) {
        unsigned pos = p->lo + i;
        if (p->nat & 1u << pos) {
            m->cards[i] = RAMI_CARD(pos_rank(pos), p->key);
        } else {
            m->cards[i] = RAMI_JOKER;
            m->jokers++;
        }
    }
}

static void search_init(search *s, const solve_opts *opts, int target)
{
    memset(s, 0, sizeof *s);
    s->o = opts;
    s->jpm = opts->jokers_per_meld ? opts->jokers_per_meld : 1;
    s->target = target;
    s->best = -1;
    for (unsigned k = 1; k <= POS_ACE_HIGH; k++)
        s->prefix[k] = s->prefix[k - 1] + (int)pos_value(k);
    bool points = opts->objective == SOLVE_POINTS;
    for (unsigned r = 1; r <= 13; r++)
        s->gain[r] =
            points ? (int)set_value(r) : (int)penalty_value(RAMI_CARD(r, 0), opts->ace_penalty, 0);
    s->joker_gain = points ? 11 : (int)penalty_value(RAMI_JOKER, 0, opts->joker_penalty);
    if (card_is_natural(opts->avoid))
        s->avoid_bit[RAMI_CARD_SUIT(opts->avoid)] = 1u << RAMI_CARD_RANK(opts->avoid);
    if (card_is_natural(opts->must_use)) {
        s->must_suit = RAMI_CARD_SUIT(opts->must_use);
        s->must_bit = 1u << RAMI_CARD_RANK(opts->must_use);
    }
}

int rami__solve(const hand *h, const solve_opts *opts, int target, solve_result *res)
{
    return rami__solve_limited(h, opts, target, res, 0, NULL);
}

int rami__solve_limited(const hand *h, const solve_opts *opts, int target, solve_result *res,
                        uint32_t max_nodes, uint32_t *nodes)
{
    search s;
    search_init(&s, opts, target);
    s.max_nodes = max_nodes;
    node root;
    memset(&root, 0, sizeof root);
    root.h = *h;
    dfs(&s, &root);
    if (res != NULL) {
        res->value = s.best;
        res->nmelds = s.best >= 0 ? s.best_depth : 0;
        for (unsigned i = 0; i < res->nmelds; i++)
            pick_to_tmeld(&s.best_path[i], &res->melds[i]);
    }
    if (nodes != NULL)
        *nodes = s.nodes;
    return s.best;
}

/* ---- the public entry point ---- */

/* Checks the arguments and loads the caller's ruleset into *own. */
static int solve_args_check(const rami_ruleset *rs, const rami_card *cards, size_t n, int goal,
                            const rami_solution *out, rami_ruleset *own)
{
    if (rs == NULL || out == NULL || (cards == NULL && n > 0) || n > RAMI_MAX_HAND)
        return RAMI_E_ARG;
    if (goal != RAMI_SOLVE_MAX_POINTS && goal != RAMI_SOLVE_MIN_PENALTY)
        return RAMI_E_ARG;
    if (rami__ruleset_load(rs, own, NULL, 0) != RAMI_OK)
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
    for (unsigned suit = 0; suit < 4; suit++) {
        for (unsigned m = h.mask[suit]; m; m &= m - 1) {
            unsigned r = lowest_bit(m);
            for (unsigned k = 0; k < hand_face(&h, suit, r); k++)
                left[n++] = RAMI_CARD(r, suit);
        }
    }
    for (unsigned k = 0; k < h.jokers; k++)
        left[n++] = RAMI_JOKER;
    return n;
}

int rami_solve_hand(const rami_ruleset *caller_rs, const rami_card *hand_cards, size_t n, int goal,
                    rami_solution *out)
{
    rami_ruleset own;
    const rami_ruleset *rs = &own;
    int st = solve_args_check(caller_rs, hand_cards, n, goal, out, &own);
    if (st != RAMI_OK)
        return st;
    hand h;
    memset(&h, 0, sizeof h);
    for (size_t i = 0; i < n; i++)
        hand_add(&h, hand_cards[i]);

    solve_opts o = solve_opts_of(rs, goal == RAMI_SOLVE_MAX_POINTS ? SOLVE_POINTS : SOLVE_PENALTY);
    o.need_pure_run = goal == RAMI_SOLVE_MAX_POINTS && (rs->options & RAMI_OPT_OPEN_PURE_RUN);

    /* Exact, or nothing: a search the node limit cuts is no answer. */
    solve_result res;
    uint32_t nodes = 0;
    int best = rami__solve_limited(&h, &o, 0, &res, RAMI_SOLVE_NODE_LIMIT, &nodes);
    if (nodes >= RAMI_SOLVE_NODE_LIMIT)
        return RAMI_E_LIMIT; /* *out untouched */
    /* -1: no selection has the pure run OPEN_PURE_RUN asks for, so none. */
    if (best < 0)
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
        penalty += card_penalty(sol.left[i], rs);
    sol.penalty = (uint16_t)penalty;
    *out = sol;
    return RAMI_OK;
}
