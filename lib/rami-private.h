/* Internal types and helpers shared by the files of lib/. Not installed. */
#ifndef RAMI_PRIVATE_H
#define RAMI_PRIVATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "rami.h"

#define RAMI_INTERNAL          __attribute__((visibility("hidden")))
#define RAMI_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))

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

static inline unsigned bit_count(unsigned x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_popcount(x);
#else
    unsigned n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
#endif
}

/* Run positions: 1 = ace low, 2..13 = ranks, 14 = ace high. */
#define POS_ACE_HIGH    14
#define MAX_TABLE_MELDS (RAMI_MAX_PACK / 3)
#define MAX_UNDO        64

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

/* ---- status.c ---- */
/* Writes a reason into why (if not NULL, truncated to cap) and returns
 * status: the one way every refusal explains itself. */
RAMI_PRINTF(4, 5)
RAMI_INTERNAL int rami__why(char *why, size_t cap, int status, const char *fmt, ...);

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
        h->mask[s] &= (uint16_t) ~(1u << r);
}

/* Penalty of a hand left at the end of a round (RULES.md §8). */
RAMI_INTERNAL unsigned rami__hand_value(const hand *h, const rami_ruleset *rs);

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

/* ---- card.c ---- */
RAMI_INTERNAL void rami__cards_sort(rami_card *cards, size_t n);
/* Formats a list "7S 8S 9S" into buf (always NUL-terminated, truncated). */
RAMI_INTERNAL void rami__cards_text(const rami_card *cards, size_t n, char *buf, size_t cap);

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
/* Index of the joker that natural c retrieves, -1 if none. */
RAMI_INTERNAL int rami__joker_for(const tmeld *m, rami_card c);
/* Lays c on t (where: enum undo_where) and takes it back. */
RAMI_INTERNAL void rami__meld_lay(tmeld *t, rami_card c, unsigned where);
RAMI_INTERNAL void rami__meld_unlay(tmeld *t, rami_card c, unsigned where);
/* Natural c takes the place of the joker at index, and gives it back. */
RAMI_INTERNAL void rami__meld_swap(tmeld *t, unsigned index, rami_card c);
RAMI_INTERNAL void rami__meld_unswap(tmeld *t, unsigned index, rami_card c);

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

/* ---- ruleset.c ---- */
RAMI_INTERNAL unsigned rami__pack_copies(const rami_ruleset *rs, rami_card c);
RAMI_INTERNAL unsigned rami__pack_size(const rami_ruleset *rs);

/* ---- solver.c: best disjoint melds from a hand ---- */
enum solve_objective {
    SOLVE_POINTS = 0, /* maximise the laid value (opening) */
    SOLVE_PENALTY = 1 /* maximise the penalty melded away (going out) */
};

typedef struct solve_opts {
    uint8_t objective; /* enum solve_objective */
    uint8_t jokers_per_meld;
    uint8_t joker_penalty, ace_penalty; /* SOLVE_PENALTY weights */
    bool high_jokers;                   /* JOKER_CHOICE: end jokers may take the high place */
    bool need_pure_run;                 /* at least one meld must be a run without joker */
    rami_card must_use;                 /* this face must be in a meld, RAMI_NO_CARD if none */
    rami_card avoid;                    /* face that cannot be discarded, RAMI_NO_CARD if none */
    bool need_leftover;                 /* a card other than `avoid` must be left over ... */
    bool empty_ok;                      /* ... unless the melds use the whole hand */
} solve_opts;

#define SOLVE_MAX_MELDS (RAMI_MAX_HAND / 3 + 1)

/* What the ruleset says about every solve: objective, joker limit,
 * penalties and where an end joker may stand; no turn condition. The
 * conditions of a turn are added by turn_solve_opts. */
static inline solve_opts solve_opts_of(const rami_ruleset *rs, int objective)
{
    solve_opts o;
    memset(&o, 0, sizeof o);
    o.objective = (uint8_t)objective;
    o.jokers_per_meld = rs->jokers_per_meld;
    o.joker_penalty = rs->joker_penalty;
    o.ace_penalty = rs->ace_penalty;
    o.high_jokers = (rs->options & RAMI_OPT_JOKER_CHOICE) != 0;
    o.must_use = RAMI_NO_CARD;
    o.avoid = RAMI_NO_CARD;
    return o;
}

typedef struct solve_result {
    int value; /* best objective value, -1 if no selection meets the options */
    unsigned nmelds;
    tmeld melds[SOLVE_MAX_MELDS];
} solve_result;

/* Best total of disjoint melds from h meeting opts (-1 if none does). With
 * target > 0 the search stops at the first selection reaching target (the
 * value returned is then >= target, not necessarily the maximum). res may
 * be NULL when only the value is wanted. */
RAMI_INTERNAL int rami__solve(const hand *h, const solve_opts *opts, int target, solve_result *res);

/* ---- game.c: the game handle ---- */

/* What changes during a turn and is restored by undo. */
typedef struct turn_state {
    uint16_t points;        /* value of the melds laid this turn */
    uint8_t melds;          /* melds laid this turn */
    uint8_t pure_run;       /* a run without joker was laid this turn */
    uint8_t pickup_pending; /* PICKUP_MUST_MELD: the picked card is still to be played */
    uint8_t replay_pending; /* retrieved jokers still to be played (JOKER_REPLAY) */
    uint8_t opened_now;     /* the player opened in this turn */
    uint8_t opened;         /* mask of seats that have opened this round */
} turn_state;

typedef struct undo_rec {
    uint8_t kind;     /* RAMI_MOVE_MELD, _LAYOFF or _SWAP */
    uint8_t target;   /* table meld touched */
    uint8_t where;    /* LAYOFF: enum undo_where; SWAP: index of the joker in cards[] */
    rami_card card;   /* LAYOFF, SWAP: the card that left the hand */
    uint32_t log_len; /* log length before the move */
    turn_state before;
} undo_rec;

/* The game position: everything a move changes, as plain values (no
 * pointer, no padding), so that look-ahead, clones, bots and
 * determinization copy it by assignment. The ruleset it is played under
 * stays in the handle and is passed alongside. */
typedef struct position {
    rami_rng rng;                     /* this round's generator: deal and restocks */
    uint32_t turn;                    /* turns begun this round (no wrap without a turn cap) */
    int32_t totals[RAMI_MAX_PLAYERS]; /* match totals */
    uint16_t round;                   /* 1-based */
    uint16_t stock_count, discard_count;
    turn_state ts;
    rami_round_result result;
    hand hands[RAMI_MAX_PLAYERS];
    uint8_t phase;    /* enum rami_phase */
    uint8_t current;  /* seat to move */
    uint8_t dealer;   /* the seat after it starts the round */
    uint8_t restocks; /* restocks done this round */
    rami_card picked; /* face taken from the discard pile this turn */
    uint8_t meld_count;
    rami_card stock[RAMI_MAX_PACK];   /* stock[stock_count-1] is the top */
    rami_card discard[RAMI_MAX_PACK]; /* discard[discard_count-1] is the top */
    tmeld melds[MAX_TABLE_MELDS];     /* in the order laid */
    uint8_t reserved[2];              /* 0: fills what would be padding */
} position;

/* No padding anywhere: positions compare with memcmp. */
_Static_assert(sizeof(position) == offsetof(position, reserved) + 2, "position is padded");

/* The handle: the rules, where the match comes from, the position, and
 * its history (undo stack, round log) with the storage behind them. */
struct rami_game {
    rami_ruleset rs;
    uint64_t seed;
    uint8_t from_deal;  /* round 1 came from rami_game_new_deal */
    uint8_t undo_count; /* plays of this turn that can be taken back */
    uint8_t log_heap;   /* the log outgrew tail[] and lives on the heap */
    position pos;
    undo_rec undo[MAX_UNDO];
    /* The moves of this round (log.c). */
    uint32_t log_len, log_cap;
    uint8_t *log;                     /* in tail[], or on the heap once it outgrew it */
    rami_deal *deal;                  /* round 1 position of a new_deal game, else NULL */
    size_t alloc_size;                /* bytes of this allocation */
    _Alignas(8) unsigned char tail[]; /* [rami_deal] then the inline log */
};

/* Where a saved game resumes: a new game (round 1, nothing played) moves
 * on to round `round` >= 2 with the match totals the earlier rounds left,
 * as rami_game_next_round would have. RAMI_E_ARG for anything else. */
RAMI_INTERNAL int rami__game_resume(rami_game *g, uint16_t round,
                                    const int32_t totals[RAMI_MAX_PLAYERS]);
/* Begins the current seat's turn: a restock from the discard pile if the
 * stock is empty (or the end of the round when none is allowed). */
RAMI_INTERNAL void rami__turn_begin(const rami_ruleset *rs, position *p);
/* Ends the current turn after a discard and begins the next one. */
RAMI_INTERNAL void rami__turn_end(const rami_ruleset *rs, position *p);
/* Ends the round now for the reason given (score.c). */
RAMI_INTERNAL void rami__round_end(const rami_ruleset *rs, position *p, int reason);
/* ---- log.c: the round log ---- */

/* One move of the round log, as it was made. */
typedef struct log_entry {
    uint8_t kind, count, target, side;
    const rami_card *cards; /* count cards; a DRAW_DISCARD holds the card taken */
    uint8_t seat;           /* who made it */
} log_entry;

typedef struct log_iter {
    const uint8_t *at, *end;
    uint8_t seat, players;
} log_iter;

/* Inline log bytes a handle under rs is allocated with. */
RAMI_INTERNAL size_t rami__log_capacity(const rami_ruleset *rs);
/* Room for move m (validated, not yet applied); RAMI_E_NOMEM if the log
 * cannot grow (nothing changed then). */
RAMI_INTERNAL int rami__log_reserve(rami_game *g, const rami_move *m);
/* Appends m once it has been applied (after rami__log_reserve). */
RAMI_INTERNAL void rami__log_push(rami_game *g, const rami_move *m);
/* Releases a log that outgrew the handle. */
RAMI_INTERNAL void rami__log_free(rami_game *g);
/* Walks the log of the current round from its first move. */
RAMI_INTERNAL void rami__log_begin(const rami_game *g, log_iter *it);
RAMI_INTERNAL bool rami__log_next(log_iter *it, log_entry *e);
/* The entry as the move made (a take without the card it brought). */
RAMI_INTERNAL rami_move rami__log_move(const log_entry *e);

/* Copies src into the existing handle dst (same deal shape, log capacity
 * at least src's log length; else RAMI_E_NOMEM and dst unchanged), keeping
 * dst's own storage. Clones and bots' scratch copies use it. */
RAMI_INTERNAL int rami__game_copy(rami_game *dst, const rami_game *src);

static inline bool has_opt(const rami_ruleset *rs, uint32_t bit)
{
    return (rs->options & bit) != 0;
}

static inline bool seat_opened(const position *p, unsigned seat)
{
    return (p->ts.opened >> seat) & 1u;
}

/* The face the current player may not discard this turn (RULES.md §2.3). */
static inline rami_card avoid_face(const rami_ruleset *rs, const position *p)
{
    return has_opt(rs, RAMI_OPT_KEEP_PICKUP) ? p->picked : RAMI_NO_CARD;
}

/* The solver options of the current player's turn: the ruleset's (see
 * solve_opts_of) plus the pure run still missing before the opening, the
 * picked card still to be melded, the face that may not be discarded, and
 * a card left to discard unless going out by meld is allowed. The one
 * builder for rules and bots. */
static inline solve_opts turn_solve_opts(const rami_ruleset *rs, const position *p, int objective)
{
    solve_opts o = solve_opts_of(rs, objective);
    o.need_pure_run =
        has_opt(rs, RAMI_OPT_OPEN_PURE_RUN) && !seat_opened(p, p->current) && !p->ts.pure_run;
    o.must_use = p->ts.pickup_pending ? p->picked : RAMI_NO_CARD;
    o.avoid = avoid_face(rs, p);
    o.need_leftover = true;
    o.empty_ok = has_opt(rs, RAMI_OPT_GO_OUT_BY_MELD);
    return o;
}

/* Same state, moves and future shuffles (compares everything but where the
 * log lives). For tests. */
RAMI_INTERNAL bool rami__game_equal(const rami_game *a, const rami_game *b);

/* ---- rules.c: move validation, application and undo ---- */

/* What validation found out, so that applying needs no second look. */
typedef struct verdict {
    rami_move move; /* canonical form of the move */
    tmeld meld;     /* MELD: the new meld; LAYOFF, SWAP: the target after the move */
    uint8_t where;  /* LAYOFF: enum undo_where; SWAP: joker index */
} verdict;

/* Full legality check of a move by the current player. why may be NULL. */
RAMI_INTERNAL int rami__validate(const rami_ruleset *rs, const position *p, int player,
                                 const rami_move *m, verdict *v, char *why, size_t why_cap);
/* False when no meld can be legal for the current player (see rules.c). */
RAMI_INTERNAL bool rami__opening_possible(const rami_ruleset *rs, const position *p);
/* rami_game_play after validation: logs and applies a validated move,
 * keeping the undo stack; RAMI_E_NOMEM if the log cannot grow (nothing
 * changed then). */
RAMI_INTERNAL int rami__play_verdict(rami_game *g, const verdict *v);
/* Applies a validated move to a position. */
RAMI_INTERNAL void rami__apply(const rami_ruleset *rs, position *p, const verdict *v);
/* Takes back the play u recorded (not its turn state, which the caller
 * restores from u->before). */
RAMI_INTERNAL void rami__unapply(position *p, const undo_rec *u);

/* ---- movegen.c ---- */
/* Receives candidate moves; returns false to stop the generation. */
typedef bool (*move_sink)(void *ctx, const rami_move *m);
/* Candidate plays (melds, lay-offs, swaps) of the current player that the
 * hand can supply; only moves using `face` unless it is RAMI_NO_CARD. The
 * candidates still need rami__validate. */
RAMI_INTERNAL void rami__gen_plays(const rami_ruleset *rs, const position *p, rami_card face,
                                   move_sink sink, void *ctx);

#endif
