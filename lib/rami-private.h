/* Internal types and helpers shared by the files of lib/. Not installed. */
#ifndef RAMI_PRIVATE_H
#define RAMI_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rami.h"

#define RAMI_INTERNAL __attribute__((visibility("hidden")))

/* Run positions: 1 = ace low, 2..13 = ranks, 14 = ace high. */
#define POS_ACE_HIGH 14
#define MAX_TABLE_MELDS (RAMI_MAX_PACK / 3)
#define MAX_UNDO 64

static inline bool card_is_natural(rami_card c)
{
    return RAMI_CARD_SUIT(c) < 4 && RAMI_CARD_RANK(c) >= 1 && RAMI_CARD_RANK(c) <= 13;
}

static inline bool card_is_valid(rami_card c)
{
    return c == RAMI_JOKER || card_is_natural(c);
}

/* The rank a run position stands for (14 -> ace). */
static inline unsigned pos_rank(unsigned pos)
{
    return pos == POS_ACE_HIGH ? RAMI_ACE : pos;
}

/* Value of a card laid at a run position (RULES.md §4). */
static inline unsigned pos_value(unsigned pos)
{
    return pos == POS_ACE_HIGH ? 11 : pos > 10 ? 10 : pos;
}

/* Value of a rank in a set: ace 11, faces 10. */
static inline unsigned set_value(unsigned rank)
{
    return rank == RAMI_ACE ? 11 : rank > 10 ? 10 : rank;
}

/* ---- rng.c: xoshiro256** seeded through splitmix64 ---- */
typedef struct rami_rng {
    uint64_t s[4];
} rami_rng;

RAMI_INTERNAL void rami__rng_seed(rami_rng *r, uint64_t seed);
RAMI_INTERNAL uint64_t rami__rng_next(rami_rng *r);
RAMI_INTERNAL uint32_t rami__rng_below(rami_rng *r, uint32_t bound);
RAMI_INTERNAL void rami__shuffle(rami_rng *r, rami_card *cards, size_t n);

/* ---- a hand: counts per face plus per-suit rank masks ---- */
typedef struct hand {
    uint8_t cnt[4][16]; /* [suit][rank], rank 1..13 */
    uint16_t mask[4];   /* bit rank set while cnt[suit][rank] > 0 */
    uint8_t jokers;
    uint8_t size;
} hand;

static inline unsigned hand_count(const hand *h, rami_card c)
{
    return c == RAMI_JOKER ? h->jokers : h->cnt[RAMI_CARD_SUIT(c)][RAMI_CARD_RANK(c)];
}

static inline void hand_add(hand *h, rami_card c)
{
    h->size++;
    if (c == RAMI_JOKER) {
        h->jokers++;
        return;
    }
    unsigned s = RAMI_CARD_SUIT(c), r = RAMI_CARD_RANK(c);
    h->cnt[s][r]++;
    h->mask[s] |= (uint16_t)(1u << r);
}

/* The caller guarantees the card is there. */
static inline void hand_remove(hand *h, rami_card c)
{
    h->size--;
    if (c == RAMI_JOKER) {
        h->jokers--;
        return;
    }
    unsigned s = RAMI_CARD_SUIT(c), r = RAMI_CARD_RANK(c);
    if (--h->cnt[s][r] == 0)
        h->mask[s] &= (uint16_t)~(1u << r);
}

/* Penalty of a hand left at the end of a round (RULES.md §8). */
RAMI_INTERNAL unsigned rami__hand_value(const hand *h, const rami_ruleset *rs);
RAMI_INTERNAL unsigned rami__card_penalty(rami_card c, const rami_ruleset *rs);

/* ---- meld.c: a meld in table form ---- */
typedef struct tmeld {
    uint8_t kind;   /* RAMI_MELD_SET or RAMI_MELD_RUN */
    uint8_t owner;  /* seat that laid it */
    uint8_t count;  /* cards in it */
    uint8_t jokers; /* jokers in it */
    uint8_t suit;   /* run: its suit */
    uint8_t rank;   /* set: its rank */
    uint8_t lo, hi; /* run: first and last position (1..14) */
    rami_card cards[RAMI_MAX_MELD]; /* run: cards[i] at position lo+i; set: naturals by suit, jokers last */
} tmeld;

/* Judges a meld. side: RAMI_SIDE_AUTO/LOW = lowest placement of a run's end
 * jokers, RAMI_SIDE_HIGH = highest. Returns RAMI_OK, RAMI_E_MELD or
 * RAMI_E_ARG; on RAMI_E_MELD, why (if not NULL) gets the rule broken. */
RAMI_INTERNAL int rami__meld_eval(unsigned jokers_per_meld, const rami_card *cards, size_t n,
                                  int side, tmeld *out, char *why, size_t why_cap);
/* True when a run's end jokers could also stand elsewhere (JOKER_CHOICE). */
RAMI_INTERNAL bool rami__meld_ambiguous(unsigned jokers_per_meld, const rami_card *cards,
                                        size_t n);
RAMI_INTERNAL unsigned rami__meld_points(const tmeld *m);
RAMI_INTERNAL rami_card rami__meld_joker_as(const tmeld *m, unsigned index);
RAMI_INTERNAL void rami__meld_info(const tmeld *m, rami_meld_info *info);
/* Sorts a set's cards: naturals by suit, jokers last. */
RAMI_INTERNAL void rami__set_normalize(tmeld *m);

/* ---- card.c ---- */
RAMI_INTERNAL void rami__cards_sort(rami_card *cards, size_t n);
/* Formats a list "7S 8S 9S" into buf (always NUL-terminated, truncated). */
RAMI_INTERNAL void rami__cards_text(const rami_card *cards, size_t n, char *buf, size_t cap);

/* ---- ruleset.c ---- */
RAMI_INTERNAL unsigned rami__pack_copies(const rami_ruleset *rs, rami_card c);
RAMI_INTERNAL unsigned rami__pack_size(const rami_ruleset *rs);

/* ---- solver.c ---- */
typedef struct solve_opts {
    uint8_t jokers_per_meld;
    bool high_jokers;       /* JOKER_CHOICE: end jokers may take the high place */
    bool need_pure_run;     /* at least one meld must be a run without joker */
    rami_card must_use;     /* this face must be in a meld, RAMI_NO_CARD if none */
    rami_card avoid;        /* face that cannot be discarded, RAMI_NO_CARD if none */
    bool need_leftover;     /* a card other than `avoid` must be left over ... */
    bool empty_ok;          /* ... unless the melds use the whole hand */
} solve_opts;

/* Largest total of disjoint melds from h meeting opts; -1 if no selection
 * meets them. With target > 0 the search stops at the first selection
 * reaching target (the result is then >= target, not the maximum). */
RAMI_INTERNAL int rami__solve_max(const hand *h, const solve_opts *opts, int target);

#endif
