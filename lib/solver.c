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

/* Inlined into each caller where the compiler allows it: the path from one
 * node to its child is the search's hot path, and a call there costs more
 * than the code. */
#if defined(__GNUC__) || defined(__clang__)
#define SOLVER_INLINE __attribute__((always_inline)) inline
#else
#define SOLVER_INLINE inline
#endif

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
    F_LEFT = 4,     /* some natural card is left in hand */
    F_LEFT_FREE = 8 /* some card other than the avoid face is left */
};

/* Faces as one 64-bit word: suit s in bits 16s..16s+15, bit 16s+r for
 * rank r (run positions: bit 16s+14 for the high ace). Bits 0 and 15 of a
 * lane are never faces, so shifts by one or two stay in their lane. */
#define LANES(x)   ((uint64_t)(x)*0x0001000100010001u)
#define RANKS64    LANES(0x3FFEu) /* bits 1..13 of each lane */
#define ACES64     LANES(0x0002u)
#define LANE_OF(s) (16u * (s))

/* A search node: the undecided faces and their copies (two, three: stale
 * outside und, never read there), the jokers, and what the path gained. */
typedef struct node {
    uint64_t und, two, three;
    uint8_t jokers;
    uint8_t flags;
    uint8_t depth;
    uint8_t cards; /* undecided naturals, copies included */
    int16_t value;
    int16_t gain; /* the most they add to the objective */
} node;

/* The undecided cards and flags of an expanded node and the value it was
 * reached with: a node reached again in the same state with no more value
 * can find nothing better in its subtree (the first visit searched it,
 * and the search keeps the first selection of the best value), so it is
 * cut. Different meld choices often leave the same cards (3 JK 5 and then
 * 4 left, or 3 left and then 4 5 JK). */
#define MEMO_SLOTS 64u
typedef struct memo_slot {
    uint64_t und, two, three;
    uint8_t jokers, flags;
    int16_t value;
} memo_slot;

typedef struct search {
    const solve_opts *o;
    unsigned jpm;
    int target;
    int best;
    bool done;
    bool points;          /* objective SOLVE_POINTS */
    bool need_pure_run;   /* o->need_pure_run */
    int limit;            /* a node must be able to exceed this: target - 1, or best */
    int ace_gain;         /* most an ace adds to the objective */
    int joker_gain;       /* ... and a joker */
    uint64_t avoid;       /* the avoid face's bit, 0 if none or a joker */
    uint64_t must;        /* the must_use natural's bit, 0 if none or a joker */
    uint8_t bit_gain[16]; /* what a natural adds, by rank (its bit in the lane) */
    unsigned best_depth;
    unsigned best_jokers;    /* the jokers the best selection leaves in hand */
    uint32_t nodes, stop_at; /* nodes visited; the limit (UINT32_MAX: none) */
    pick path[SOLVE_MAX_MELDS];
    pick best_path[SOLVE_MAX_MELDS];
    uint64_t memo_used; /* bit i: memo[i] holds a state */
    memo_slot memo[MEMO_SLOTS];
} search;

static unsigned min_u(unsigned a, unsigned b)
{
    return a < b ? a : b;
}

/* What a natural of rank 2..13 adds to either objective (its set value,
 * which is also its penalty); the ace's depends on the objective. */
static const uint8_t rank_gain[14] = {0, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10};

static int gain_of(const search *s, unsigned rank)
{
    return rank == RAMI_ACE ? s->ace_gain : rank_gain[rank];
}

/* The gain of the ranks 2..13 of one lane (its bits 2..13), by one look-up
 * of a table built from rank_gain's values at compile time. */
#define GB(x, k, v) ((((x) >> (k)) & 1) * (v))
#define GAIN12(x)                                                                                  \
    (GB(x, 0, 2) + GB(x, 1, 3) + GB(x, 2, 4) + GB(x, 3, 5) + GB(x, 4, 6) + GB(x, 5, 7) +           \
     GB(x, 6, 8) + GB(x, 7, 9) + GB(x, 8, 10) + GB(x, 9, 10) + GB(x, 10, 10) + GB(x, 11, 10))
#define G4(b)    GAIN12(b), GAIN12((b) + 1), GAIN12((b) + 2), GAIN12((b) + 3)
#define G16(b)   G4(b), G4((b) + 4), G4((b) + 8), G4((b) + 12)
#define G64(b)   G16(b), G16((b) + 16), G16((b) + 32), G16((b) + 48)
#define G256(b)  G64(b), G64((b) + 64), G64((b) + 128), G64((b) + 192)
#define G1024(b) G256(b), G256((b) + 256), G256((b) + 512), G256((b) + 768)
static const uint8_t gain12[4096] = {G1024(0), G1024(1024), G1024(2048), G1024(3072)};

/* The gain of a set of faces (RANKS64 bits). */
static SOLVER_INLINE int faces_gain(uint64_t f, int ace_gain)
{
    int g = gain12[(f >> 2) & 0xFFFu] + gain12[(f >> 18) & 0xFFFu] + gain12[(f >> 34) & 0xFFFu] +
            gain12[(f >> 50) & 0xFFFu];
    unsigned aces = (unsigned)((((f >> 1) & LANES(1u)) * LANES(1u)) >> 48);
    return g + (int)aces * ace_gain;
}

/* The value of the run positions 1..k (SOLVE_POINTS). */
static const uint8_t run_prefix[POS_ACE_HIGH + 1] = {0,  1,  3,  6,  10, 15, 21, 28,
                                                     36, 45, 55, 65, 75, 85, 96};

/* Jokers one new meld may take from the undecided cards. */
static unsigned jokers_free(const search *s, const node *n)
{
    return min_u(n->jokers, s->jpm);
}

/* The ranks of suit `suit` (bits 1..13). */
static unsigned lane(uint64_t f, unsigned suit)
{
    return (unsigned)(f >> LANE_OF(suit)) & 0x3FFEu;
}

static uint64_t rotate(uint64_t x, unsigned k)
{
    return x >> k | x << (64 - k);
}

/* Faces that some set of undecided cards could hold: a face whose rank
 * two other suits hold, or one other with a joker. */
static uint64_t set_live(uint64_t u, unsigned j)
{
    uint64_t a = rotate(u, 16), b = rotate(u, 32), c = rotate(u, 48);
    return j > 0 ? u & (a | b | c) : u & ((a & b) | (c & (a | b)));
}

/* The faces of u with the ace also at position 14 (bit 14 of its lane). */
static SOLVER_INLINE uint64_t with_high_aces(uint64_t u)
{
    return u | (u & ACES64) << 13;
}

/* The first positions of three consecutive naturals of u (a run without
 * joker could be made). */
static SOLVER_INLINE uint64_t pure3_of(uint64_t u)
{
    uint64_t t = with_high_aces(u);
    return t & t >> 1 & t >> 2;
}

/* Faces that some run of undecided cards could hold: three consecutive
 * positions, or with jokers (j = jokers a meld may take) any other natural
 * of the suit within j + 1 positions (which includes the first: each of
 * three consecutive has another within two). A lane's bit 15 and bit 0
 * are empty, so shifts by 1 and 2 stay in the lane; longer ones are
 * masked. The result holds faces of u only. */
static SOLVER_INLINE uint64_t run_live(uint64_t u, unsigned j)
{
    uint64_t t = with_high_aces(u), live;
    if (j > 0) {
        uint64_t near = t << 1 | t >> 1 | t << 2 | t >> 2;
        for (unsigned d = 3; d <= j + 1; d++) { /* with two jokers or more */
            uint64_t up = LANES((0xFFFFu << d) & 0xFFFFu), down = LANES(0xFFFFu >> d);
            near |= (t << d & up) | (t >> d & down);
        }
        live = t & near;
    } else {
        uint64_t p3 = t & t >> 1 & t >> 2;
        live = p3 | p3 << 1 | p3 << 2;
    }
    return (live | (live >> 13 & ACES64)) & RANKS64;
}

/* Takes the gain and the number of the faces f (one copy each) off the
 * node's. */
static void drop(const search *s, node *n, uint64_t f)
{
    for (; f; f &= f - 1) {
        n->cards--;
        n->gain = (int16_t)(n->gain - s->bit_gain[lowest_bit64(f) & 15u]);
    }
}

/* Leaves the faces f (every copy) in hand: they are no longer undecided
 * (their copies are not read again). */
static void leave(const search *s, node *n, uint64_t f)
{
    n->und &= ~f;
    n->flags |= F_LEFT;
    if (f & ~s->avoid)
        n->flags |= F_LEFT_FREE;
    drop(s, n, f);
    uint64_t more = f & n->two; /* second copies, then third */
    if (more) {
        drop(s, n, more);
        drop(s, n, more & n->three);
    }
}

/* Takes one copy of each face of f (cards faces, gaining `gain` at most)
 * out of the node. */
static void take(node *n, uint64_t f, unsigned cards, int gain)
{
    uint64_t two = n->two, three = n->three;
    n->three = three & ~f;
    n->two = two & ~(f & ~three);
    n->und &= ~(f & ~two);
    n->cards = (uint8_t)(n->cards - cards);
    n->gain = (int16_t)(n->gain - gain);
}

/* Leaves the dead cards in hand and returns the most the live ones (and
 * the jokers they could take) can still add; -1 when the options can no
 * longer be met. */
static int prune_dead(const search *s, node *n)
{
    unsigned j = jokers_free(s, n);
    uint64_t u = n->und;
    uint64_t live = run_live(u, j) | set_live(u, j);
    if (u & ~live)
        leave(s, n, u & ~live);
    if (s->need_pure_run && !(n->flags & F_PURE) && !pure3_of(u))
        return -1;
    if (s->must && !(n->flags & F_MUST) && !(live & s->must))
        return -1; /* the natural that must be melded was left in hand */
    /* A meld holds at least two naturals and at most jpm jokers. */
    return n->gain + (int)min_u(n->jokers, s->jpm * (n->cards / 2u)) * s->joker_gain;
}

/* A node holding one joker, which the bound of prune_dead (n->value +
 * n->gain + that joker) puts `over` above the limit: does a sharper bound
 * cut it? The naturals that no meld without a joker could hold (no three
 * consecutive faces of their suit, no three suits of their rank are
 * undecided) can only go into the one meld that takes the joker: a run of
 * one suit, which holds one copy of a face, or a set of one rank. So of
 * their gain (copies included) the bound needs only the most that one
 * such meld could hold: their faces of one suit, or two of one rank (a set
 * holding one of them is no more than its suit). Asked only when over is
 * at most ONE_JOKER_GAP: beyond it this seldom cuts (measured on
 * rami-instr's hands: 26 is where asking costs about what it saves). */
#define ONE_JOKER_GAP 26

RAMI_NOINLINE static bool one_joker_cuts(const search *s, const node *n, int over)
{
    uint64_t u = n->und;
    uint64_t pure = run_live(u, 0) | set_live(u, 0);
    uint64_t d = u & ~pure;
    if (!d)
        return false;
    int g[4] = {0, 0, 0, 0}; /* by suit, one copy each */
    for (uint64_t f = d; f; f &= f - 1) {
        unsigned b = lowest_bit64(f);
        g[b / 16] += s->bit_gain[b & 15u];
    }
    int total = g[0] + g[1] + g[2] + g[3]; /* with the copies */
    for (uint64_t f = d & n->two; f; f &= f - 1) {
        unsigned b = lowest_bit64(f);
        total += s->bit_gain[b & 15u] * (int)(1u + (unsigned)(n->three >> b & 1u));
    }
    int most = g[0] > g[1] ? g[0] : g[1], most23 = g[2] > g[3] ? g[2] : g[3];
    most = most > most23 ? most : most23;
    if (total - most < over)
        return false;
    /* A rank held by three suits or more is no card of d: a set holds at
     * most two of its cards. */
    unsigned l0 = lane(d, 0), l1 = lane(d, 1), l2 = lane(d, 2), l3 = lane(d, 3);
    for (unsigned ranks = (l0 & (l1 | l2 | l3)) | (l1 & (l2 | l3)) | (l2 & l3); ranks;
         ranks &= ranks - 1) {
        int set = 2 * s->bit_gain[lowest_bit(ranks)];
        most = set > most ? set : most;
    }
    return total - most >= over;
}

/* Does the leftover hold a card that may be discarded (or nothing, where
 * that is allowed)? The rule of discard_bar (position.h): a natural other
 * than the avoided face; a joker unless it is the avoided face, the single
 * card left under no_joker_out, or held with naturals under
 * no_joker_discard. flags are the node's (F_LEFT: a natural is left). */
static bool leftover_ok(const solve_opts *o, unsigned flags, unsigned jokers)
{
    if (!o->need_leftover || (flags & F_LEFT_FREE))
        return true;
    bool naturals = (flags & F_LEFT) != 0;
    if (jokers == 0)
        return o->empty_ok && !naturals;
    if (o->avoid == RAMI_JOKER || (o->no_joker_out && jokers == 1 && !naturals))
        return false;
    return !(o->no_joker_discard && naturals);
}

static void leaf(search *s, const node *n)
{
    const solve_opts *o = s->o;
    unsigned flags = n->flags;
    if (o->need_pure_run && !(flags & F_PURE))
        return;
    if (o->must_use != RAMI_NO_CARD && !(flags & F_MUST))
        return;
    if (!leftover_ok(o, flags, n->jokers))
        return;
    if (n->value <= s->best)
        return;
    s->best = n->value;
    if (s->target <= 0)
        s->limit = s->best;
    s->best_depth = n->depth;
    s->best_jokers = n->jokers;
    memcpy(s->best_path, s->path, n->depth * sizeof s->path[0]);
    if (s->target > 0 && s->best >= s->target)
        s->done = true;
}

static void dfs(search *s, node *n);

/* A meld on the search path beside the faces it takes: its naturals f
 * (nn of them, whose most the objective could gain is nat_gain), its
 * jokers and what it gains. */
typedef struct take_of {
    pick pk; /* the meld, written to the path only when the bound lets it descend */
    uint64_t f;
    unsigned nn;
    int nat_gain;
    unsigned jokers;
    int gain;
} take_of;

/* Searches on with the meld t->pk taken out of the hand (descend, below). */
/* A node that the bound cuts before its dead cards are left (their gain
 * only lowers the bound): counted as dfs counts it, so that the nodes
 * visited, the work and where a node limit stops are those of dfs. */
static bool cut_early(search *s, int value, int gain, unsigned cards, unsigned jokers)
{
    if (value + gain + (int)min_u(jokers, s->jpm * (cards / 2u)) * s->joker_gain > s->limit)
        return false;
    RAMI_WORK(1);
    if (!s->done && ++s->nodes >= s->stop_at)
        s->done = true;
    return true;
}

static SOLVER_INLINE void descend(search *s, const node *n, const take_of *t)
{
    if (cut_early(s, n->value + t->gain, n->gain - t->nat_gain, n->cards - t->nn,
                  n->jokers - t->jokers))
        return;
    s->path[n->depth] = t->pk;
    node child = *n;
    take(&child, t->f, t->nn, t->nat_gain);
    bool must = (t->f & s->must) != 0;
    if (t->jokers > 0) {
        child.jokers = (uint8_t)(child.jokers - t->jokers);
        must |= s->o->must_use == RAMI_JOKER;
    } else if (t->pk.kind == RAMI_MELD_RUN) {
        child.flags |= F_PURE;
    }
    if (must)
        child.flags |= F_MUST;
    child.value = (int16_t)(child.value + t->gain);
    child.depth++;
    dfs(s, &child);
}

/* Bit i of a 4-bit suit mask moved to bit 16i: the faces of a set of rank
 * 0, shifted by the rank. */
static const uint64_t suit_lanes[16] = {
    0x0000000000000000u, 0x0000000000000001u, 0x0000000000010000u, 0x0000000000010001u,
    0x0000000100000000u, 0x0000000100000001u, 0x0000000100010000u, 0x0000000100010001u,
    0x0001000000000000u, 0x0001000000000001u, 0x0001000000010000u, 0x0001000000010001u,
    0x0001000100000000u, 0x0001000100000001u, 0x0001000100010000u, 0x0001000100010001u,
};

static void sets_from(search *s, const node *n, unsigned suit, unsigned rank)
{
    /* The suits holding the rank (bit 16t moved to bit 45 + t: no two
     * products overlap), those above `suit`. */
    uint64_t held = (n->und >> rank & LANES(1u)) * 0x0000200040008001u;
    unsigned others = (unsigned)(held >> 45) & (0xEu << suit) & 0xFu;
    unsigned jmax = jokers_free(s, n);
    /* Subsets of the other suits, the largest first; a set needs two
     * naturals. */
    for (unsigned sub = others; sub != 0; sub = (sub - 1) & others) {
        unsigned nn = 1 + bit_count(sub);
        for (unsigned j = min_u(jmax, 4 - nn) + 1; j-- > 0 && nn + j >= 3;) {
            unsigned count = nn + j;
            take_of t;
            t.pk.kind = RAMI_MELD_SET;
            t.pk.key = (uint8_t)rank;
            t.pk.lo = 0;
            t.pk.count = (uint8_t)count;
            t.pk.nat = (uint16_t)(sub | 1u << suit);
            t.f = suit_lanes[t.pk.nat] << rank;
            t.nn = nn;
            t.nat_gain = (int)nn * gain_of(s, rank);
            t.jokers = j;
            t.gain =
                s->points ? (int)(count * set_value(rank)) : t.nat_gain + (int)j * s->joker_gain;
            descend(s, n, &t);
            if (s->done)
                return;
        }
    }
}

/* A run being grown from the anchor: its naturals (positions), the span
 * [p, q] they cover, the jokers inside it and their objective. */
typedef struct core {
    unsigned nat, p, q, inside, nn;
    int nat_gain;
} core;

/* Takes the core with `ends` more jokers at its ends, placed as meld.c
 * would (the lowest start, or the highest with JOKER_CHOICE); count is
 * the meld's size, 3..RAMI_MAX_MELD, and the core holds two naturals or
 * more. */
static SOLVER_INLINE void emit_run(search *s, const node *n, unsigned suit, const core *c,
                                   unsigned ends, unsigned count)
{
    if (c->q == POS_ACE_HIGH && (!s->o->high_jokers || c->inside + ends == 0)) {
        /* meld.c puts the ace low whenever the others fit below count + 1
         * (a natural run always: only a joker's place is chosen): the
         * upward search from the low ace makes that meld. */
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
    take_of t;
    t.pk.kind = RAMI_MELD_RUN;
    t.pk.key = (uint8_t)suit;
    t.pk.lo = (uint8_t)lo;
    t.pk.count = (uint8_t)count;
    t.pk.nat = (uint16_t)c->nat;
    t.f = (uint64_t)((c->nat & 0x3FFEu) | (c->nat >> 13 & 2u)) << LANE_OF(suit);
    t.nn = c->nn;
    t.nat_gain = c->nat_gain;
    t.jokers = jokers;
    t.gain = s->points ? run_prefix[lo + count - 1] - run_prefix[lo - 1]
                       : c->nat_gain + (int)jokers * s->joker_gain;
    descend(s, n, &t);
}

/* Grows the core by one more natural in direction dir (+1 up from the
 * anchor, -1 down from a high ace), jokers filling the gaps (at most jmax
 * in all), then takes the core itself with as many jokers at its ends as
 * may still go, then fewer: longer runs are tried first. */
static void grow_run(search *s, const node *n, unsigned suit, unsigned t, int dir, const core *c,
                     unsigned jmax)
{
    unsigned end = dir > 0 ? c->q : c->p;
    unsigned room = jmax - c->inside; /* jokers the core may still take */
    for (unsigned g = 0; g <= room; g++) {
        int next = (int)end + dir * (int)(g + 1);
        if (next < 2 || next > 13)
            break;
        if (!(t & 1u << next))
            continue;
        core longer = *c;
        longer.nat |= 1u << next;
        longer.nn++;
        longer.inside += g;
        longer.nat_gain += rank_gain[next];
        if (dir > 0)
            longer.q = (unsigned)next;
        else
            longer.p = (unsigned)next;
        if (longer.q - longer.p + 1 > RAMI_MAX_MELD)
            break;
        grow_run(s, n, suit, t, dir, &longer, jmax);
        if (s->done)
            return;
    }
    if (c->nn < 2)
        return; /* a run holds two naturals or more */
    unsigned span = c->q - c->p + 1;
    for (unsigned e = room + 1; e-- > 0 && span + e >= 3;) {
        if (span + e > RAMI_MAX_MELD)
            continue;
        emit_run(s, n, suit, c, e, span + e);
        if (s->done)
            return;
    }
}

/* The rank gains of the ranks 2..k (rank_gain summed). */
static const uint8_t rank_sum[14] = {0, 0, 2, 5, 9, 14, 20, 27, 35, 44, 54, 64, 74, 84};

/* The core of the run positions a..b (1 <= a <= b <= 14, not both aces),
 * all naturals, their gain `gain`: as grow_run grows it. */
static SOLVER_INLINE core range_core(unsigned a, unsigned b, int gain)
{
    core c;
    c.nat = (2u << b) - (1u << a);
    c.p = a;
    c.q = b;
    c.inside = 0;
    c.nn = b - a + 1;
    c.nat_gain = gain;
    return c;
}

/* The runs of the core c alone: with a joker beyond it (when jokers
 * are free and it stays within RAMI_MAX_MELD), then as it is (3 naturals
 * or more). True when the search is done. */
static SOLVER_INLINE bool emit_core(search *s, const node *n, unsigned suit, const core *c,
                                    unsigned j)
{
    unsigned span = c->nn;
    if (j && span >= 2 && span + 1 <= RAMI_MAX_MELD) {
        emit_run(s, n, suit, c, 1, span + 1);
        if (s->done)
            return true;
    }
    if (span >= 3) {
        emit_run(s, n, suit, c, 0, span);
        return s->done;
    }
    return false;
}

/* The runs upwards from position r of lane t (r in t) when a meld may
 * take at most one joker: the melds grow_run makes, in its order, without
 * its recursion. grow_run from [r..k] first grows [r..k+1] (when k+1 is
 * in t), then [r..k] and a joker at k+1 with the naturals k+2..m (m from
 * the highest of the block of t above k+1 down to k+2, the deepest first),
 * then takes [r..k] with a joker at an end, then without. So, for k from
 * the top of r's block down to r: those gap runs, [r..k] + joker,
 * [r..k]. The core loses its top natural from one step to the next. */
static void runs_up(search *s, const node *n, unsigned suit, unsigned r, unsigned t, unsigned j)
{
    if (!(t >> (r + 1) & 3u))
        return; /* neither r + 1 nor r + 2: no run holds r and another natural */
    unsigned top = r + lowest_bit(~(t >> r)) - 1;
    core c =
        range_core(r, top, rank_sum[top] - rank_sum[r - 1] + (r == RAMI_ACE ? s->ace_gain : 0));
    for (unsigned k = top;; k--) {
        if (j && (t >> (k + 2) & 1u)) {
            unsigned hi = k + 1 + lowest_bit(~(t >> (k + 2)));
            core g = c;
            g.nat |= (2u << hi) - (4u << k);
            g.q = hi;
            g.inside = 1;
            g.nn += hi - k - 1;
            g.nat_gain += rank_sum[hi] - rank_sum[k + 1];
            for (unsigned m = hi;; m--) {
                emit_run(s, n, suit, &g, 0, m - r + 1);
                if (s->done || m == k + 2)
                    break;
                g.nat &= ~(1u << m);
                g.q = m - 1;
                g.nn--;
                g.nat_gain -= rank_gain[m];
            }
            if (s->done)
                return;
        }
        if (emit_core(s, n, suit, &c, j))
            return;
        if (k == r)
            return;
        c.nat &= ~(1u << k);
        c.q = k - 1;
        c.nn--;
        c.nat_gain -= rank_gain[k];
    }
}

/* The same downwards from the high ace (position 14), the naturals at
 * positions 2..13 of t: for k from the bottom of the ace's block up to
 * 14, the runs of [k..14] with a joker at k-1 and the naturals m..k-2 (m
 * from the bottom of the block below k-1 up to k-2), [k..14] + joker,
 * [k..14]. */
static void runs_down(search *s, const node *n, unsigned suit, unsigned t, unsigned j)
{
    t &= 0x3FFCu;
    if (!(t >> 12 & 3u))
        return; /* neither K nor Q: no run holds the high ace and another natural */
    unsigned bottom = POS_ACE_HIGH;
    while (t >> (bottom - 1) & 1u)
        bottom--;
    core c = range_core(bottom, POS_ACE_HIGH, rank_sum[13] - rank_sum[bottom - 1] + s->ace_gain);
    for (unsigned k = bottom;; k++) {
        if (j && k >= 4 && (t >> (k - 2) & 1u)) {
            unsigned lo = k - 2;
            while (t >> (lo - 1) & 1u)
                lo--;
            core g = c;
            g.nat |= (2u << (k - 2)) - (1u << lo);
            g.p = lo;
            g.inside = 1;
            g.nn += k - 1 - lo;
            g.nat_gain += rank_sum[k - 2] - rank_sum[lo - 1];
            for (unsigned m = lo;; m++) {
                emit_run(s, n, suit, &g, 0, POS_ACE_HIGH + 1 - m);
                if (s->done || m == k - 2)
                    break;
                g.nat &= ~(1u << m);
                g.p = m + 1;
                g.nn--;
                g.nat_gain -= rank_gain[m];
            }
            if (s->done)
                return;
        }
        if (emit_core(s, n, suit, &c, j))
            return;
        if (k == POS_ACE_HIGH)
            return;
        c.nat &= ~(1u << k);
        c.p = k + 1;
        c.nn--;
        c.nat_gain -= rank_gain[k];
    }
}

static void runs_from(search *s, const node *n, unsigned suit, unsigned rank)
{
    unsigned t = lane(n->und, suit), jmax = jokers_free(s, n);
    if (jmax <= 1) {
        runs_up(s, n, suit, rank, t, jmax);
        if (rank == RAMI_ACE && !s->done)
            runs_down(s, n, suit, t, jmax);
        return;
    }
    core c = {1u << rank, rank, rank, 0, 1, gain_of(s, rank)};
    grow_run(s, n, suit, t, +1, &c, jmax);
    if (rank == RAMI_ACE && !s->done) {
        core high = {1u << POS_ACE_HIGH, POS_ACE_HIGH, POS_ACE_HIGH, 0, 1, s->ace_gain};
        grow_run(s, n, suit, t, -1, &high, jmax);
    }
}

/* True when the node's state was expanded before with at least its value;
 * else remembers it. */
static bool seen_before(search *s, const node *n)
{
    memo_slot k;
    k.und = n->und;
    k.two = n->two & k.und;
    k.three = n->three & k.und;
    k.jokers = n->jokers;
    k.flags = n->flags;
    k.value = n->value;
    uint64_t h = (k.und ^ k.two * 0x9E3779B97F4A7C15u ^ k.three ^
                  (uint64_t)(k.jokers << 4 | k.flags) * 0xC2B2AE3D27D4EB4Fu) *
                 0xFF51AFD7ED558CCDu;
    unsigned i = (unsigned)(h >> 58);
    memo_slot *m = &s->memo[i];
    if ((s->memo_used >> i & 1u) && m->und == k.und && m->two == k.two && m->three == k.three &&
        m->jokers == k.jokers && m->flags == k.flags && m->value >= k.value)
        return true;
    s->memo_used |= (uint64_t)1 << i;
    *m = k;
    return false;
}

static bool expand(search *s, node *n);

/* Visits the node *n, which it may change: the node's last child (its
 * lowest card left in hand) is visited in the same frame, *n made into
 * it, as a call would have visited it. */
static void dfs(search *s, node *n)
{
    do {
        RAMI_WORK(1);
        if (s->done)
            return;
        if (++s->nodes >= s->stop_at) {
            s->done = true; /* the work limit: keep the best found so far */
            return;
        }
        int bound = prune_dead(s, n);
        if (bound < 0)
            return;
        int over = n->value + bound - s->limit; /* how much the bound must lose to cut */
        if (over <= 0 || (n->jokers == 1 && over <= ONE_JOKER_GAP && one_joker_cuts(s, n, over)) ||
            (n->depth > 0 && seen_before(s, n)))
            return;
    } while (expand(s, n));
}

/* The lowest undecided card: the sets and runs it can start, or left in
 * hand; a leaf when no card is undecided. True when the card left in hand
 * is to be searched: *n is then that child. */
static bool expand(search *s, node *n)
{
    if (!n->und) {
        leaf(s, n);
        return false;
    }
    unsigned b = lowest_bit64(n->und);
    unsigned suit = b / 16, rank = b % 16;
    sets_from(s, n, suit, rank);
    if (!s->done)
        runs_from(s, n, suit, rank);
    if (s->done)
        return false;
    uint64_t face = (uint64_t)1 << b;
    if ((face & s->must) && !(n->flags & F_MUST))
        return false; /* its last copies may not stay in hand */
    unsigned copies = 1u + (unsigned)(n->two >> b & 1u) + (unsigned)(n->three >> b & 1u);
    int gain = n->gain - (int)copies * s->bit_gain[rank];
    if (cut_early(s, n->value, gain, n->cards - copies, n->jokers))
        return false;
    n->und &= ~face;
    n->flags |= F_LEFT | (face & s->avoid ? 0 : F_LEFT_FREE);
    n->cards = (uint8_t)(n->cards - copies);
    n->gain = (int16_t)gain;
    return true;
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

static uint64_t face_bit(rami_card c)
{
    return card_is_natural(c) ? (uint64_t)1 << (LANE_OF(RAMI_CARD_SUIT(c)) + RAMI_CARD_RANK(c)) : 0;
}

/* The most an ace, and a joker, add to the objective. */
static int ace_gain_of(const solve_opts *o)
{
    return o->objective == SOLVE_POINTS
               ? 11
               : (int)penalty_value(RAMI_CARD(RAMI_ACE, 0), o->ace_penalty, 0);
}

static int joker_gain_of(const solve_opts *o)
{
    return o->objective == SOLVE_POINTS ? 11 : (int)penalty_value(RAMI_JOKER, 0, o->joker_penalty);
}

static void search_init(search *s, const solve_opts *opts, int target)
{
    s->o = opts;
    s->jpm = opts->jokers_per_meld ? opts->jokers_per_meld : 1;
    s->target = target;
    s->best = -1;
    s->done = false;
    s->best_depth = 0;
    s->memo_used = 0;
    s->nodes = 0;
    s->stop_at = UINT32_MAX;
    s->points = opts->objective == SOLVE_POINTS;
    s->need_pure_run = opts->need_pure_run;
    s->limit = target > 0 ? target - 1 : s->best;
    s->ace_gain = ace_gain_of(opts);
    s->joker_gain = joker_gain_of(opts);
    s->avoid = face_bit(opts->avoid);
    memcpy(s->bit_gain, rank_gain, sizeof rank_gain);
    s->bit_gain[RAMI_ACE] = (uint8_t)s->ace_gain;
    s->bit_gain[14] = s->bit_gain[15] = 0;
    s->must = face_bit(opts->must_use);
}

static uint64_t lanes_of(const uint16_t m[4])
{
    return m[0] | (uint64_t)m[1] << 16 | (uint64_t)m[2] << 32 | (uint64_t)m[3] << 48;
}

static SOLVER_INLINE unsigned count64(uint64_t x)
{
    return bit_count((unsigned)x) + bit_count((unsigned)(x >> 32));
}

/* Does the search's first node end the search, by prune_dead's "the
 * options can no longer be met" or by dfs's bound (its value is 0, its
 * limit target - 1)? The same computation from the hand's planes, without
 * building the search: the live faces, then the gain of their copies and
 * of the jokers they could take. Most searches for an opening that fail
 * fail there (tests/solver.c compares rami__solve with the search). When
 * it does not, *root receives the first node with its dead cards already
 * left in hand, as prune_dead leaves them (which then finds none). */
static bool root_cut(const hand *h, const solve_opts *o, int target, node *root)
{
    unsigned jpm = o->jokers_per_meld ? o->jokers_per_meld : 1;
    uint64_t u = lanes_of(h->mask);
    uint64_t live = run_live(u, min_u(h->jokers, jpm)) | set_live(u, min_u(h->jokers, jpm));
    if (o->need_pure_run && !pure3_of(u))
        return true;
    uint64_t must = face_bit(o->must_use);
    if (must && !(live & must))
        return true;
    int ace = ace_gain_of(o);
    uint64_t two_all = lanes_of(h->two), three_all = lanes_of(h->three);
    uint64_t two = two_all & live, three = three_all & live;
    int gain = faces_gain(live, ace);
    if (two)
        gain += faces_gain(two, ace) + faces_gain(three, ace);
    unsigned cards = 0;
    int bound = gain;
    if (h->jokers) {
        cards = count64(live) + count64(two) + count64(three);
        bound += (int)min_u(h->jokers, jpm * (cards / 2u)) * joker_gain_of(o);
    }
    if (bound <= target - 1)
        return true;
    if (!h->jokers)
        cards = count64(live) + count64(two) + count64(three);
    uint64_t dead = u & ~live;
    root->und = live;
    root->two = two_all;
    root->three = three_all;
    root->jokers = h->jokers;
    root->flags = dead ? F_LEFT | (dead & ~face_bit(o->avoid) ? F_LEFT_FREE : 0) : 0;
    root->depth = 0;
    root->value = 0;
    root->cards = (uint8_t)cards;
    root->gain = (int16_t)gain;
    return false;
}

/* Hands out the answer of a search. */
static SOLVER_INLINE int search_out(const search *s, solve_result *res, uint32_t *nodes)
{
    if (res != NULL) {
        res->value = s->best;
        res->nmelds = s->best >= 0 ? s->best_depth : 0;
        for (unsigned i = 0; i < res->nmelds; i++)
            pick_to_tmeld(&s->best_path[i], &res->melds[i]);
    }
    if (nodes != NULL)
        *nodes = s->nodes;
    return s->best;
}

int rami__solve(const hand *h, const solve_opts *opts, int target, solve_result *res)
{
    if (target <= 0)
        return rami__solve_limited(h, opts, target, res, 0, NULL);
    node root;
    if (root_cut(h, opts, target, &root)) {
        RAMI_WORK(1); /* the node dfs would have visited */
        if (res != NULL) {
            res->value = -1;
            res->nmelds = 0;
        }
        return -1;
    }
    search s;
    search_init(&s, opts, target);
    dfs(&s, &root);
    return search_out(&s, res, NULL);
}

/* A hand as the search reads it: its naturals' planes in the lanes (one:
 * faces held, two: held twice or more, three: three times or more), its
 * jokers and its naturals' number. */
typedef struct hand64 {
    uint64_t one, two, three;
    unsigned jokers, naturals;
} hand64;

/* The full search of h (target 0 or more, max_nodes 0 for no limit):
 * the answer is left in *s (best, best_path, nodes). */
static void search_hand(search *s, const hand64 *h, const solve_opts *opts, int target,
                        uint32_t max_nodes)
{
    search_init(s, opts, target);
    if (max_nodes)
        s->stop_at = max_nodes;
    node root;
    root.und = h->one;
    root.two = h->two;
    root.three = h->three;
    root.jokers = (uint8_t)h->jokers;
    root.flags = 0;
    root.depth = 0;
    root.value = 0;
    root.cards = (uint8_t)h->naturals;
    int gain = faces_gain(root.und, s->ace_gain);
    if (root.two)
        gain += faces_gain(root.two, s->ace_gain) + faces_gain(root.three, s->ace_gain);
    root.gain = (int16_t)gain;
    dfs(s, &root);
}

int rami__solve_limited(const hand *h, const solve_opts *opts, int target, solve_result *res,
                        uint32_t max_nodes, uint32_t *nodes)
{
    hand64 h64 = {lanes_of(h->mask), lanes_of(h->two), lanes_of(h->three), h->jokers,
                  (unsigned)(h->size - h->jokers)};
    search s;
    search_hand(&s, &h64, opts, target, max_nodes);
    return search_out(&s, res, nodes);
}

/* ---- the public entry point ---- */

/* Checks the arguments, loads the caller's ruleset into *own and the
 * cards into *h. */
static int solve_args_check(const rami_ruleset *rs, const rami_card *cards, size_t n, int goal,
                            const rami_solution *out, rami_ruleset *own, hand64 *h)
{
    if (rs == NULL || out == NULL || (cards == NULL && n > 0) || n > RAMI_MAX_HAND)
        return RAMI_E_ARG;
    if (goal != RAMI_SOLVE_MAX_POINTS && goal != RAMI_SOLVE_MIN_PENALTY)
        return RAMI_E_ARG;
    if (rami__ruleset_load(rs, own, NULL, 0) != RAMI_OK)
        return RAMI_E_ARG;
    /* hand_add's planes, built in the lanes: a natural's code is its bit
     * (RANKS64 holds the valid ones: any other code below 64 is refused
     * after the loop); a fourth copy changes no plane. */
    uint64_t one = 0, two = 0, three = 0;
    unsigned jokers = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned c = cards[i];
        if (c >= 64) {
            if (c != RAMI_JOKER)
                return RAMI_E_ARG;
            jokers++;
            continue;
        }
        uint64_t b = (uint64_t)1 << c;
        three |= two & b;
        two |= one & b;
        one |= b;
    }
    if (one & ~RANKS64)
        return RAMI_E_ARG;
    h->one = one;
    h->two = two;
    h->three = three;
    h->jokers = jokers;
    h->naturals = (unsigned)n - jokers;
    return RAMI_OK;
}

/* The faces of a chosen meld's naturals. */
static uint64_t pick_faces(const pick *p)
{
    if (p->kind == RAMI_MELD_SET)
        return suit_lanes[p->nat & 0xFu] << p->key;
    return (uint64_t)((p->nat & 0x3FFEu) | (p->nat >> 13 & 2u)) << LANE_OF(p->key);
}

/* The public form of a chosen meld, as rami__meld_info gives it for the
 * table form pick_to_tmeld makes (into a zeroed *info): the cards in
 * table order, the points, what the first joker stands for. */
static void pick_info(const pick *p, rami_meld_info *info)
{
    unsigned count = p->count;
    info->kind = p->kind;
    info->count = (uint8_t)count;
    if (p->kind == RAMI_MELD_SET) {
        unsigned k = 0, rank = p->key;
        for (unsigned suit = 0; suit < 4; suit++)
            if (p->nat & 1u << suit)
                info->cards[k++] = RAMI_CARD(rank, suit);
        info->points = (uint16_t)(count * set_value(rank));
        if (k < count) {
            memset(info->cards + k, RAMI_JOKER, count - k);
            unsigned suit = k == 3 && count == 4 ? lowest_bit(~p->nat & 0xFu) : RAMI_SUIT_ANY;
            info->joker_as = RAMI_CARD(rank, suit);
        }
        return;
    }
    unsigned lo = p->lo;
    info->points = (uint16_t)(run_prefix[lo + count - 1] - run_prefix[lo - 1]);
    for (unsigned i = 0; i < count; i++) {
        unsigned pos = lo + i;
        rami_card c = RAMI_CARD(pos_rank(pos), p->key);
        if (!(p->nat & 1u << pos)) {
            if (info->joker_as == RAMI_NO_CARD)
                info->joker_as = c;
            c = RAMI_JOKER;
        }
        info->cards[i] = c;
    }
}

/* Writes the chosen melds of a search of h to sol (zeroed), then the
 * cards no meld uses to sol->left, in card code order (a natural's code
 * is its bit in the lanes; jokers, the highest code, last), with their
 * count and penalty. */
static void solution_of(const search *s, unsigned nmelds, const hand64 *h, const rami_ruleset *rs,
                        rami_solution *sol)
{
    uint64_t one = h->one, two = h->two, three = h->three;
    unsigned jokers = s->best >= 0 ? s->best_jokers : h->jokers, points = 0;
    for (unsigned i = 0; i < nmelds; i++) {
        const pick *p = &s->best_path[i];
        rami_meld_info *info = &sol->melds[i];
        pick_info(p, info);
        points += info->points;
        uint64_t f = pick_faces(p); /* a meld holds a face once: remove its last copy */
        uint64_t third = f & three, second = f & two & ~third;
        three &= ~third;
        two &= ~second;
        one &= ~(f & ~third & ~second);
    }
    sol->meld_count = (uint8_t)nmelds;
    sol->points = (uint16_t)points;
    unsigned n = 0, penalty = 0;
    for (; one; one &= one - 1) {
        unsigned b = lowest_bit64(one);
        unsigned copies = 1u + (unsigned)(two >> b & 1u) + (unsigned)(three >> b & 1u);
        penalty += copies * card_penalty((rami_card)b, rs);
        for (unsigned k = 0; k < copies; k++)
            sol->left[n++] = (rami_card)b;
    }
    for (unsigned k = 0; k < jokers; k++)
        sol->left[n++] = RAMI_JOKER;
    sol->left_count = (uint8_t)n;
    sol->penalty = (uint16_t)(penalty + jokers * rs->joker_penalty);
}

int rami_solve_hand(const rami_ruleset *caller_rs, const rami_card *hand_cards, size_t n, int goal,
                    rami_solution *out)
{
    rami_ruleset own;
    const rami_ruleset *rs = &own;
    hand64 h;
    int st = solve_args_check(caller_rs, hand_cards, n, goal, out, &own, &h);
    if (st != RAMI_OK)
        return st;

    solve_opts o = solve_opts_of(rs, goal == RAMI_SOLVE_MAX_POINTS ? SOLVE_POINTS : SOLVE_PENALTY);
    o.need_pure_run = goal == RAMI_SOLVE_MAX_POINTS && (rs->options & RAMI_OPT_OPEN_PURE_RUN);

    /* Exact, or nothing: a search the node limit cuts is no answer. */
    search s;
    search_hand(&s, &h, &o, 0, RAMI_SOLVE_NODE_LIMIT);
    if (s.nodes >= RAMI_SOLVE_NODE_LIMIT)
        return RAMI_E_LIMIT; /* *out untouched */
    /* -1: no selection has the pure run OPEN_PURE_RUN asks for, so none. */
    unsigned nmelds = s.best >= 0 ? s.best_depth : 0;

    /* The cards were read into h: out may now be written (even where it
     * holds them). */
    memset(out, 0, sizeof *out);
    solution_of(&s, nmelds, &h, rs, out);
    return RAMI_OK;
}
