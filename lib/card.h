/* Layer 1, cards (status.c, rng.c, card.c, ruleset.c): card codes and
 * their values, the penalty table, hands as counts, the portable random
 * generator, reason text and pack sizes. Internal to lib/, not installed
 * (doc/architecture.md). */
#ifndef RAMI_CARD_H
#define RAMI_CARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "rami.h"

/* Compiler-specific attributes, each guarded: internal functions stay out
 * of the shared library's symbol table (on ELF; on Windows only RAMI_API
 * functions are exported anyway), and printf-like helpers get their
 * formats checked. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32) && !defined(__CYGWIN__)
#define RAMI_INTERNAL __attribute__((visibility("hidden")))
#else
#define RAMI_INTERNAL
#endif
/* Keeps a rarely taken path (a refusal with its reason) out of the hot
 * function that calls it. */
#if defined(__GNUC__) || defined(__clang__)
#define RAMI_NOINLINE __attribute__((noinline))
#else
#define RAMI_NOINLINE
#endif
#if defined(__MINGW32__)
#define RAMI_PRINTF(fmt, args) __attribute__((format(gnu_printf, fmt, args)))
#elif defined(__GNUC__) || defined(__clang__)
#define RAMI_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define RAMI_PRINTF(fmt, args)
#endif

/* Bit helpers for rank masks (x != 0 for lowest_bit and highest_bit). */
static inline unsigned lowest_bit(unsigned x)
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

static inline unsigned lowest_bit64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_ctzll(x);
#else
    uint32_t low = (uint32_t)x;
    return low ? lowest_bit(low) : 32u + lowest_bit((uint32_t)(x >> 32));
#endif
}

static inline unsigned highest_bit(unsigned x)
{
#if defined(__GNUC__) || defined(__clang__)
    return 31u - (unsigned)__builtin_clz(x);
#else
    unsigned i = 0;
    while (x >>= 1)
        i++;
    return i;
#endif
}

/* Without a popcount instruction (__POPCNT__), __builtin_popcount is a
 * library call: the bit-parallel count is cheaper. */
static inline unsigned bit_count(unsigned x)
{
#if defined(__POPCNT__)
    return (unsigned)__builtin_popcount(x);
#else
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
#endif
}

/* Run positions: 1 = ace low, 2..13 = ranks, 14 = ace high. */
#define POS_ACE_HIGH 14

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

/* Penalty of a card left in hand at the end of a round (RULES.md §8): the
 * one penalty table, read by scoring, the solver and the bots. */
static inline unsigned penalty_value(rami_card c, unsigned ace_penalty, unsigned joker_penalty)
{
    if (c == RAMI_JOKER)
        return joker_penalty;
    unsigned r = RAMI_CARD_RANK(c);
    return r == RAMI_ACE ? ace_penalty : r > 10 ? 10 : r;
}

static inline unsigned card_penalty(rami_card c, const rami_ruleset *rs)
{
    return penalty_value(c, rs->ace_penalty, rs->joker_penalty);
}

/* ---- work counting (tests/worst.c) ----
 * The documented worst cases of rami.h are counted in work units: one
 * node of the hand solver or one candidate play generated for judging
 * (each costs well under a microsecond). A build with RAMI_COUNT_WORK
 * (only the worst-case test's) adds them up per thread in rami__work; the
 * library itself counts nothing. */
#ifdef RAMI_COUNT_WORK
extern _Thread_local uint64_t rami__work;
#define RAMI_WORK(n) (rami__work += (n))
#else
#define RAMI_WORK(n) ((void)0)
#endif

/* ---- status.c ---- */
/* Writes a reason into why (if not NULL, truncated to cap) and returns
 * status: the one way every refusal explains itself. */
RAMI_PRINTF(4, 5)
RAMI_INTERNAL int rami__why(char *why, size_t cap, int status, const char *fmt, ...);

/* ---- sized.c: versioned structs ---- */

/* The largest struct_size accepted: a struct from a much newer header, or
 * a size that is no size at all, is refused before anything is read. */
#define RAMI__STRUCT_SIZE_MAX ((unsigned)RAMI_STRUCT_SIZE_MAX)

/* Copies the caller's input struct `in` (whose first field is its
 * uint32_t struct_size) into the library's own struct (own_size bytes):
 * RAMI_E_ARG unless first_size <= struct_size <= RAMI__STRUCT_SIZE_MAX and
 * every byte beyond own_size is zero. The fields the caller's struct lacks
 * are zero in *own, whose struct_size becomes own_size. */
RAMI_INTERNAL int rami__sized_in(void *own, size_t own_size, size_t first_size, const void *in);
/* Writes the library's own struct into the caller's output struct of
 * out_size bytes: the fields both know, zeros in the caller's fields this
 * library does not know, struct_size = out_size (so that the struct reads
 * back as an input of the caller's layout). RAMI_E_ARG for NULL out or an
 * out_size outside first_size..RAMI__STRUCT_SIZE_MAX (nothing written). */
RAMI_INTERNAL int rami__sized_out(void *out, size_t out_size, size_t first_size, const void *own,
                                  size_t own_size);

/* ---- rng.c: xoshiro256** seeded through splitmix64 ---- */
typedef struct rami_rng {
    uint64_t s[4];
} rami_rng;

RAMI_INTERNAL void rami__rng_seed(rami_rng *r, uint64_t seed);
RAMI_INTERNAL uint64_t rami__rng_next(rami_rng *r);
RAMI_INTERNAL uint32_t rami__rng_below(rami_rng *r, uint32_t bound);
RAMI_INTERNAL void rami__shuffle(rami_rng *r, rami_card *cards, size_t n);

/* ---- a hand: per suit, one rank mask per copy ----
 * A face has at most 3 copies (a pack has at most 3 decks), so a hand is
 * three bit planes per suit: bit r of mask[s] while the hand holds a card
 * of rank r and suit s, of two[s] while it holds two, of three[s] while it
 * holds three. 26 bytes, canonical (equal hands compare equal with
 * memcmp), and a count per face costs three bit tests. */
typedef struct hand {
    uint16_t mask[4];  /* bit rank: at least one card of that face */
    uint16_t two[4];   /* bit rank: at least two */
    uint16_t three[4]; /* bit rank: three */
    uint8_t jokers;
    uint8_t size;
} hand;

/* Does the hand hold the natural of rank r and suit s? */
static inline bool hand_has(const hand *h, unsigned s, unsigned r)
{
    return (h->mask[s] >> r) & 1u;
}

/* Copies of the natural of rank r and suit s in the hand. */
static inline unsigned hand_face(const hand *h, unsigned s, unsigned r)
{
    return ((h->mask[s] >> r) & 1u) + ((h->two[s] >> r) & 1u) + ((h->three[s] >> r) & 1u);
}

static inline unsigned hand_count(const hand *h, rami_card c)
{
    return c == RAMI_JOKER ? h->jokers : hand_face(h, RAMI_CARD_SUIT(c), RAMI_CARD_RANK(c));
}

/* The caller guarantees fewer than 3 copies are there. */
static inline void hand_add(hand *h, rami_card c)
{
    h->size++;
    if (c == RAMI_JOKER) {
        h->jokers++;
        return;
    }
    unsigned s = RAMI_CARD_SUIT(c);
    uint16_t b = (uint16_t)(1u << RAMI_CARD_RANK(c));
    if (!(h->mask[s] & b))
        h->mask[s] |= b;
    else if (!(h->two[s] & b))
        h->two[s] |= b;
    else
        h->three[s] |= b;
}

/* The caller guarantees the card is there. */
static inline void hand_remove(hand *h, rami_card c)
{
    h->size--;
    if (c == RAMI_JOKER) {
        h->jokers--;
        return;
    }
    unsigned s = RAMI_CARD_SUIT(c);
    uint16_t b = (uint16_t)(1u << RAMI_CARD_RANK(c));
    if (h->three[s] & b)
        h->three[s] &= (uint16_t)~b;
    else if (h->two[s] & b)
        h->two[s] &= (uint16_t)~b;
    else
        h->mask[s] &= (uint16_t)~b;
}

/* ---- card.c ---- */
/* The ASCII form of a card ("10S", "JK", "7?") in out, without a NUL: its
 * length, 0 for a code that has none (rami_card_format's text). */
RAMI_INTERNAL size_t rami__card_chars(rami_card c, char out[3]);
RAMI_INTERNAL void rami__cards_sort(rami_card *cards, size_t n);
/* Formats a list "7S 8S 9S" into buf (always NUL-terminated, truncated). */
RAMI_INTERNAL void rami__cards_text(const rami_card *cards, size_t n, char *buf, size_t cap);

/* The card's text for a reason ("??" for a code that has none). */
RAMI_INTERNAL const char *rami__card_name(rami_card c, char buf[8]);

/* ---- ruleset.c ---- */

/* The first published size of rami_ruleset: the layout of the original
 * contract (API.md), struct_size to match_target. */
#define RULESET_SIZE_FIRST 24u
/* The size of the 1.0 layout, which the plain function rami_ruleset_init
 * (for bindings that cannot use the macro) fills: the original contract
 * and the house rules of issue 11 (unopened_penalty, reserved[2]). Frozen
 * once 1.0 is released: later fields do not change it. */
#define RULESET_SIZE_1_0 28u

/* The caller's ruleset as the library's own struct (fields its struct
 * lacks at their defaults) and valid: RAMI_E_ARG (NULL, bad struct_size,
 * unknown non-zero fields) or RAMI_E_RULESET, with a reason in why (may be
 * NULL). Every public function that takes a ruleset reads it through this. */
RAMI_INTERNAL int rami__ruleset_load(const rami_ruleset *rs, rami_ruleset *own, char *why,
                                     size_t why_cap);
RAMI_INTERNAL unsigned rami__pack_copies(const rami_ruleset *rs, rami_card c);
RAMI_INTERNAL unsigned rami__pack_size(const rami_ruleset *rs);

#endif
