/* Candidate plays: melds the hand can make, lay-offs and swaps the table
 * has room for (fit.c). Only candidates: finish.c decides which are
 * legal, and play.c lists those, so the list and rami_game_check agree by
 * construction. */
#include <string.h>

#include "movegen.h"

typedef struct gen {
    const rami_ruleset *rs;
    const position *p;
    const hand *h;
    rami_card face; /* only moves using this face, RAMI_NO_CARD for all */
    unsigned jmax;  /* jokers a meld may take: held and allowed per meld */
    move_sink sink;
    meld_sink msink; /* not NULL: melds go there as verdicts (rami__gen_judged) */
    void *ctx;
    bool stop;
} gen;

static void emit(gen *x, const rami_move *m)
{
    RAMI_WORK(1);
    if (!x->stop && !x->sink(x->ctx, m))
        x->stop = true;
}

static bool uses_face(const gen *x, const rami_card *cards, unsigned n)
{
    if (x->face == RAMI_NO_CARD)
        return true;
    for (unsigned i = 0; i < n; i++)
        if (cards[i] == x->face)
            return true;
    return false;
}

/* The verdict rami__judge_generated_meld gives the meld m that
 * emit_meld made of the naturals nat[0..nn) (in the generator's order: a
 * set's by suit, a run's all of one suit) and its jokers; false where it
 * refuses m. The same rules, known to hold or not from how m was made: a
 * set's cards are already in table order, a run is placed by meld.h's
 * run_range and run_place as meld.c places it; jokers_per_meld, the
 * distinct naturals and the cards in hand hold by construction.
 * tests/movegen.c compares the two over random positions. */
static bool meld_verdict(const gen *x, const rami_move *m, const rami_card *nat, unsigned nn,
                         bool run, verdict *v)
{
    const rami_ruleset *rs = x->rs;
    if (x->h->size == m->count && !(rs->options & RAMI_OPT_GO_OUT_BY_MELD))
        return false; /* strict rami: the last card is discarded */
    memset(v, 0, sizeof *v);
    v->move = *m;
    tmeld *t = &v->meld;
    t->owner = x->p->current;
    t->count = m->count;
    t->jokers = (uint8_t)(m->count - nn);
    if (!run) {
        if (m->side != RAMI_SIDE_AUTO)
            return false;
        t->kind = RAMI_MELD_SET;
        t->rank = (uint8_t)RAMI_CARD_RANK(nat[0]);
        memcpy(t->cards, m->cards, sizeof t->cards);
        return true;
    }
    unsigned ranks = 0;
    for (unsigned i = 0; i < nn; i++)
        ranks |= 1u << RAMI_CARD_RANK(nat[i]);
    unsigned lo_min, lo_max;
    if (!run_range(ranks, m->count, &lo_min, &lo_max))
        return false;
    bool high = m->side == RAMI_SIDE_HIGH, choice = rs->options & RAMI_OPT_JOKER_CHOICE;
    if (high && t->jokers == 0 && lo_min != lo_max)
        return false; /* 13 naturals lie A..K */
    bool ambiguous = t->jokers > 0 && lo_min != lo_max && (m->side != RAMI_SIDE_AUTO || choice);
    if (high && ambiguous && !choice)
        return false;
    unsigned lo = high ? lo_max : lo_min;
    run_place(t, RAMI_CARD_SUIT(nat[0]), ranks, lo, m->count);
    memcpy(v->move.cards, t->cards, sizeof v->move.cards);
    v->move.side = RAMI_SIDE_AUTO;
    if (ambiguous && choice)
        v->move.side = lo == lo_min ? RAMI_SIDE_LOW : RAMI_SIDE_HIGH;
    return true;
}

/* A meld made: to the sink as a candidate, or judged to the meld sink. */
static void emit_made(gen *x, const rami_move *m, const rami_card *nat, unsigned nn, bool run)
{
    if (x->msink == NULL) {
        emit(x, m);
        return;
    }
    RAMI_WORK(1);
    verdict v;
    if (!x->stop && meld_verdict(x, m, nat, nn, run, &v) && !x->msink(x->ctx, &v))
        x->stop = true;
}

static void emit_meld(gen *x, const rami_card *nat, unsigned nn, unsigned jokers, bool run)
{
    rami_move m;
    memset(&m, 0, sizeof m);
    m.kind = RAMI_MOVE_MELD;
    m.count = (uint8_t)(nn + jokers);
    /* A few bytes: one loop, not calls to memcpy and memset. */
    for (unsigned i = 0; i < m.count; i++)
        m.cards[i] = i < nn ? nat[i] : RAMI_JOKER;
    if (!uses_face(x, m.cards, m.count))
        return;
    emit_made(x, &m, nat, nn, run);
    if (run && jokers > 0 && (x->rs->options & RAMI_OPT_JOKER_CHOICE) &&
        rami__meld_ambiguous(x->rs->jokers_per_meld, m.cards, m.count)) {
        m.side = RAMI_SIDE_HIGH;
        emit_made(x, &m, nat, nn, run);
    }
}

static unsigned jokers_usable(const rami_ruleset *rs, const hand *h)
{
    unsigned j = h->jokers, jpm = rs->jokers_per_meld;
    return j < jpm ? j : jpm;
}

/* Sets: for every rank, every subset of two or more suits held, plus up to
 * the usable jokers, 3 or 4 cards in all. */
static void gen_sets(gen *x)
{
    unsigned jmax = x->jmax;
    const uint16_t *m = x->h->mask;
    /* Only ranks held in two suits or more can start a set. */
    unsigned pairs = (m[0] & (m[1] | m[2] | m[3])) | (m[1] & (m[2] | m[3])) | (m[2] & m[3]);
    for (; pairs != 0 && !x->stop; pairs &= pairs - 1) {
        unsigned r = lowest_bit(pairs);
        unsigned held = 0;
        for (unsigned s = 0; s < 4; s++)
            held |= ((m[s] >> r) & 1u) << s;
        unsigned suits = bit_count(held);
        if (suits < 2 || suits + jmax < 3)
            continue;
        /* The subsets of the suits held, in increasing order ((sub - held)
         * & held is the next one), of two suits or more, each with the
         * jokers that make 3 or 4 cards. */
        for (unsigned sub = (0u - held) & held; sub != 0 && !x->stop; sub = (sub - held) & held) {
            unsigned nn = bit_count(sub);
            if (nn < 2)
                continue;
            rami_card nat[4];
            unsigned k = 0;
            for (unsigned bits = sub; bits != 0; bits &= bits - 1)
                nat[k++] = RAMI_CARD(r, lowest_bit(bits));
            unsigned jhi = 4u - nn < jmax ? 4u - nn : jmax;
            for (unsigned j = nn >= 3 ? 0u : 3u - nn; j <= jhi; j++)
                emit_meld(x, nat, nn, j, false);
        }
    }
}

/* Runs of one suit: a core from its lowest natural (pos[0]) growing one
 * natural at a time (dir +1), or down from a high ace (dir -1), with jokers
 * in the gaps and beyond the core. Each multiset of faces comes out once. */
static void grow_run(gen *x, unsigned suit, int dir, rami_card *nat, uint8_t *pos, unsigned nn,
                     unsigned end, unsigned ji)
{
    unsigned jmax = x->jmax;
    unsigned lo = dir > 0 ? pos[0] : end, hi = dir > 0 ? end : pos[0];
    for (unsigned e = 0; ji + e <= jmax && nn >= 2 && !x->stop; e++) {
        unsigned n = hi - lo + 1 + e;
        if (n < 3 || n > RAMI_MAX_MELD)
            continue;
        if (dir < 0) {
            /* Also a low-ace run? Then the ace-low pass emits it. */
            unsigned top = 0;
            for (unsigned i = 1; i < nn; i++)
                top = pos[i] > top ? pos[i] : top;
            if (top <= n)
                continue;
        }
        emit_meld(x, nat, nn, ji + e, true);
    }
    for (unsigned gap = 0; ji + gap <= jmax && !x->stop; gap++) {
        int next = (int)end + dir * (int)(gap + 1);
        if (next < 2 || next > 13 || hi - lo + gap + 2 > RAMI_MAX_MELD)
            break;
        if (!hand_has(x->h, suit, (unsigned)next))
            continue;
        nat[nn] = RAMI_CARD((unsigned)next, suit);
        pos[nn] = (uint8_t)next;
        grow_run(x, suit, dir, nat, pos, nn + 1, (unsigned)next, ji + gap);
    }
}

static void gen_runs(gen *x)
{
    /* Places above a lone natural where its run's second natural may be. */
    unsigned reach = (1u << (x->jmax + 1u)) - 1u;
    for (unsigned s = 0; s < 4 && !x->stop; s++) {
        unsigned mask = x->h->mask[s];
        for (unsigned held = mask; held != 0 && !x->stop; held &= held - 1) {
            unsigned r = lowest_bit(held);
            rami_card nat[RAMI_MAX_MELD];
            uint8_t pos[RAMI_MAX_MELD];
            nat[0] = RAMI_CARD(r, s);
            pos[0] = (uint8_t)r;
            if ((mask >> (r + 1u)) & reach) /* else grow_run finds nothing */
                grow_run(x, s, +1, nat, pos, 1, r, 0);
            if (r == RAMI_ACE) {
                pos[0] = POS_ACE_HIGH;
                grow_run(x, s, -1, nat, pos, 1, POS_ACE_HIGH, 0);
            }
        }
    }
}

static void emit_card(gen *x, uint8_t kind, unsigned target, rami_card c, uint8_t side)
{
    rami_move m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.count = 1;
    m.target = (uint8_t)target;
    m.side = side;
    m.cards[0] = c;
    emit(x, &m);
}

/* May the one-card plays use c: the hand holds it, and it is the face
 * asked for? Tested inline, before any call: most cards a table has room
 * for are not in hand. */
static inline bool usable(const gen *x, rami_card c)
{
    return (x->face == RAMI_NO_CARD || c == x->face) && hand_count(x->h, c) > 0;
}

static inline void emit_one(gen *x, uint8_t kind, unsigned target, rami_card c, uint8_t side)
{
    if (usable(x, c))
        emit_card(x, kind, target, c, side);
}

/* A card that fits both ends (a joker with JOKER_CHOICE, an ace on 2..K)
 * is offered once per end. */
static inline void emit_layoff(gen *x, unsigned target, rami_card c, bool both_ends)
{
    if (!usable(x, c))
        return;
    if (both_ends) {
        emit_card(x, RAMI_MOVE_LAYOFF, target, c, RAMI_SIDE_LOW);
        emit_card(x, RAMI_MOVE_LAYOFF, target, c, RAMI_SIDE_HIGH);
    } else {
        emit_card(x, RAMI_MOVE_LAYOFF, target, c, RAMI_SIDE_AUTO);
    }
}

static bool may_touch(const gen *x, const tmeld *t)
{
    return t->owner == x->p->current || (x->rs->options & RAMI_OPT_LAYOFF_OTHERS);
}

/* What the meld has room for, from meld_room_of: a set's missing suits, a
 * run's ends (an ace on 2..K fits both), and a joker. */
static void gen_layoffs(gen *x, unsigned i, const tmeld *t)
{
    meld_room r;
    meld_room_of(t, x->rs->jokers_per_meld, &r);
    for (unsigned s = 0; s < 4; s++)
        if (r.suits & (1u << s))
            emit_layoff(x, i, RAMI_CARD(t->rank, s), false);
    if (r.low != RAMI_NO_CARD && r.low == r.high) {
        emit_layoff(x, i, r.low, true);
    } else {
        if (r.low != RAMI_NO_CARD)
            emit_layoff(x, i, r.low, false);
        if (r.high != RAMI_NO_CARD)
            emit_layoff(x, i, r.high, false);
    }
    bool both = r.low != RAMI_NO_CARD && r.high != RAMI_NO_CARD;
    if (r.joker)
        emit_layoff(x, i, RAMI_JOKER, both && (x->rs->options & RAMI_OPT_JOKER_CHOICE));
}

/* SET_SWAP_ANY: a set's joker is retrieved by a natural of any suit the
 * set lacks (meld_room_of lists them while the set has room; a full set
 * with a joker lacks exactly the joker's suit). One swap per suit. */
static void gen_set_takebacks(gen *x, unsigned i, const tmeld *t)
{
    unsigned seen = 0;
    for (unsigned k = 0; k < t->count; k++)
        if (t->cards[k] != RAMI_JOKER)
            seen |= 1u << RAMI_CARD_SUIT(t->cards[k]);
    for (unsigned s = 0; s < 4; s++)
        if (!(seen & (1u << s)))
            emit_one(x, RAMI_MOVE_SWAP, i, RAMI_CARD(t->rank, s), RAMI_SIDE_AUTO);
}

/* Can the hand hold any card meld_room_of could name for t? Without a
 * joker in hand only a natural of a set's rank, or of a run's suit at the
 * place below or above it (an ace at place 1 or 14), can be laid off. */
static inline bool may_lay_on(const gen *x, const tmeld *t, unsigned ranks)
{
    if (x->h->jokers > 0)
        return true;
    if (t->kind == RAMI_MELD_SET)
        return (ranks >> t->rank) & 1u;
    unsigned m = x->h->mask[t->suit];
    unsigned places = m | (m & 2u) << 13; /* bit 0 and bit 15 are never set */
    return ((places >> (t->lo - 1u)) & 1u) || ((places >> (t->hi + 1u)) & 1u);
}

/* Can the hand hold a natural that retrieves a joker of t? A set's
 * retrieving cards are of its rank; a run's are of its suit at the places
 * of its jokers, which lie within lo..hi. */
static inline bool may_swap_on(const gen *x, const tmeld *t, unsigned ranks)
{
    if (t->kind == RAMI_MELD_SET)
        return (ranks >> t->rank) & 1u;
    unsigned m = x->h->mask[t->suit];
    unsigned places = m | (m & 2u) << 13;
    unsigned span = (1u << (t->hi - t->lo + 1u)) - 1u;
    return (places & span << t->lo) != 0;
}

/* Lay-offs first, then swaps, each by table order. */
static void gen_table(gen *x)
{
    const position *p = x->p;
    const uint16_t *m = x->h->mask;
    unsigned ranks = m[0] | m[1] | m[2] | m[3];
    for (unsigned i = 0; i < p->meld_count && !x->stop; i++)
        if (may_touch(x, &p->melds[i]) && may_lay_on(x, &p->melds[i], ranks))
            gen_layoffs(x, i, &p->melds[i]);
    if (!(x->rs->options & RAMI_OPT_JOKER_SWAP))
        return;
    for (unsigned i = 0; i < p->meld_count && !x->stop; i++) {
        const tmeld *t = &p->melds[i];
        if (t->jokers == 0 || !may_touch(x, t) || !may_swap_on(x, t, ranks))
            continue;
        if (t->kind == RAMI_MELD_SET && (x->rs->options & RAMI_OPT_SET_SWAP_ANY)) {
            gen_set_takebacks(x, i, t);
            continue;
        }
        for (unsigned k = 0; k < t->count; k++) {
            if (t->cards[k] != RAMI_JOKER)
                continue;
            rami_card as = rami__meld_joker_as(t, k);
            if (as != RAMI_NO_CARD && card_is_natural(as))
                emit_one(x, RAMI_MOVE_SWAP, i, as, RAMI_SIDE_AUTO);
        }
    }
}

void rami__gen_with(const rami_ruleset *rs, const position *p, unsigned what_face, move_sink sink,
                    meld_sink msink, void *ctx)
{
    const hand *h = &p->hands[p->current];
    rami_card face = (rami_card)(what_face >> GEN_FACE_SHIFT);
    unsigned what = what_face & GEN_ALL;
    gen x = {rs, p, h, face, jokers_usable(rs, h), sink, msink, ctx, false};
    if (what & GEN_MELDS) {
        gen_sets(&x);
        gen_runs(&x);
    }
    /* A lay-off or swap passes rules.c only where table_allowed holds. */
    if ((what & GEN_TABLE) && table_allowed(rs, p))
        gen_table(&x);
}
