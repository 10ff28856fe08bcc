/* Layer 2, melds (fit.c, meld.c): a meld in table form, what it has room
 * for and what its jokers stand for (fit.c), and judging cards as a meld
 * (meld.c). */
#ifndef RAMI_MELD_H
#define RAMI_MELD_H

#include "card.h"

/* ---- a meld in table form ---- */
typedef struct tmeld {
    uint8_t kind;                   /* RAMI_MELD_SET or RAMI_MELD_RUN */
    uint8_t owner;                  /* seat that laid it */
    uint8_t count;                  /* cards in it */
    uint8_t jokers;                 /* jokers in it */
    uint8_t suit;                   /* run: its suit */
    uint8_t rank;                   /* set: its rank */
    uint8_t lo, hi;                 /* run: first and last position (1..14) */
    rami_card cards[RAMI_MAX_MELD]; /* run: cards[i] at position lo+i; set: naturals by suit, jokers
                                       last */
} tmeld;

/* Sorts a set's cards: naturals by suit, jokers last. */
static inline void set_normalize(tmeld *m)
{
    rami__cards_sort(m->cards, m->count);
}

/* ---- fit.c: what a table meld has room for ---- */

/* The free places of a table meld. */
typedef struct meld_room {
    rami_card low,
        high;      /* run: the natural each end takes, RAMI_NO_CARD where it reached the ace */
    uint8_t suits; /* set: the suits it lacks, none once it holds 4 cards */
    bool joker;    /* a joker may join: a place is free, jokers_per_meld not reached */
} meld_room;

/* Inline: move generation asks it for every table meld. */
static inline void meld_room_of(const tmeld *t, unsigned jokers_per_meld, meld_room *r)
{
    r->low = r->high = RAMI_NO_CARD;
    r->suits = 0;
    if (t->kind == RAMI_MELD_SET) {
        r->joker = false;
        if (t->count >= 4)
            return;
        unsigned seen = 0;
        for (unsigned k = 0; k < t->count; k++)
            if (t->cards[k] != RAMI_JOKER)
                seen |= 1u << RAMI_CARD_SUIT(t->cards[k]);
        r->suits = (uint8_t)(~seen & 15u);
        r->joker = t->jokers < jokers_per_meld;
        return;
    }
    /* A run ends at the ace: A..K cannot go lower, 2..A-high neither. */
    bool low_free = t->lo > 1 && !(t->lo == 2 && t->hi == POS_ACE_HIGH);
    bool high_free = t->hi < POS_ACE_HIGH && !(t->lo == 1 && t->hi == 13);
    if (low_free)
        r->low = RAMI_CARD(pos_rank(t->lo - 1u), t->suit);
    if (high_free)
        r->high = RAMI_CARD(pos_rank(t->hi + 1u), t->suit);
    r->joker = (low_free || high_free) && t->jokers < jokers_per_meld;
}

/* Why a card does not fit a table meld (the order of the checks). */
enum fit_status {
    FIT_OK = 0,
    FIT_JOKERS,       /* a joker, and the meld holds jokers_per_meld already */
    FIT_SET_FULL,     /* a set of 4 cards */
    FIT_RANK,         /* a set of another rank */
    FIT_SUIT_TAKEN,   /* a set that holds that suit */
    FIT_SUIT,         /* a run of another suit */
    FIT_RUN_COMPLETE, /* a run with both ends at the ace */
    FIT_NO_END        /* a run that c does not extend */
};

/* Where a lay-off goes (stored for undo). */
enum undo_where { WHERE_LOW = 0, WHERE_HIGH = 1, WHERE_SET = 2 };

/* Does c fit t? FIT_OK or the reason; for a run *low and *high tell which
 * ends it fits (both false for a set). */
RAMI_INTERNAL int rami__fit_card(const tmeld *t, rami_card c, unsigned jokers_per_meld, bool *low,
                                 bool *high);
/* The card the joker at cards[index] stands for: in a run its place; in a
 * set the missing suit when the set holds 3 naturals and the joker, else
 * rank with RAMI_SUIT_ANY. RAMI_NO_CARD when cards[index] is no joker. */
RAMI_INTERNAL rami_card rami__meld_joker_as(const tmeld *m, unsigned index);
/* Index of the joker that natural c retrieves, -1 if none. set_any_suit
 * (SET_SWAP_ANY): in a set, any natural of its rank and a suit it lacks
 * retrieves a joker, whatever the set holds. */
RAMI_INTERNAL int rami__joker_for(const tmeld *m, rami_card c, bool set_any_suit);
/* Lays c on t (where: enum undo_where) and takes it back. */
RAMI_INTERNAL void rami__meld_lay(tmeld *t, rami_card c, unsigned where);
RAMI_INTERNAL void rami__meld_unlay(tmeld *t, rami_card c, unsigned where);
/* Natural c takes the place of the joker at index, and gives it back. */
RAMI_INTERNAL void rami__meld_swap(tmeld *t, unsigned index, rami_card c);
RAMI_INTERNAL void rami__meld_unswap(tmeld *t, unsigned index, rami_card c);

/* ---- the place of a run: meld.c judges runs with these, movegen.c
 * builds the runs it makes with them ---- */

/* Lowest and highest start of an n-card run holding the natural ranks of
 * rank_mask (bit r for rank r; never empty of ranks 2..K when an ace is
 * there, since a meld has two naturals of distinct ranks); false if none.
 * Without an ace the run may start anywhere from max-n+1 to min; an ace
 * pins it to start 1 (ace low) or to end at 14 (ace high). */
static inline bool run_range(unsigned rank_mask, unsigned n, unsigned *lo_min, unsigned *lo_max)
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

/* A run of suit `suit` with the natural ranks of rank_mask, n cards from
 * place lo (a place of run_range): kind, suit, ends and cards; jokers
 * where no natural is. The other fields are the caller's. */
static inline void run_place(tmeld *m, unsigned suit, unsigned rank_mask, unsigned lo, unsigned n)
{
    m->kind = RAMI_MELD_RUN;
    m->suit = (uint8_t)suit;
    m->lo = (uint8_t)lo;
    m->hi = (uint8_t)(lo + n - 1);
    /* Position p holds rank p (14: the ace) of the suit, or a joker. */
    unsigned have = rank_mask | (rank_mask & (1u << RAMI_ACE)) << (POS_ACE_HIGH - RAMI_ACE);
    for (unsigned i = 0; i < n; i++) {
        unsigned pos = lo + i;
        m->cards[i] = (have >> pos & 1u) ? RAMI_CARD(pos_rank(pos), suit) : RAMI_JOKER;
    }
}

/* ---- meld.c: judging cards as a meld ---- */

/* Judges a meld. side: RAMI_SIDE_AUTO/LOW = lowest placement of a run's end
 * jokers, RAMI_SIDE_HIGH = highest. Returns RAMI_OK, RAMI_E_MELD or
 * RAMI_E_ARG; on RAMI_E_MELD, why (if not NULL) gets the rule broken. */
RAMI_INTERNAL int rami__meld_eval(unsigned jokers_per_meld, const rami_card *cards, size_t n,
                                  int side, tmeld *out, char *why, size_t why_cap);
/* True when a run's end jokers could also stand elsewhere (JOKER_CHOICE). */
RAMI_INTERNAL bool rami__meld_ambiguous(unsigned jokers_per_meld, const rami_card *cards, size_t n);
RAMI_INTERNAL unsigned rami__meld_points(const tmeld *m);
RAMI_INTERNAL void rami__meld_info(const tmeld *m, rami_meld_info *info);

#endif
