/* Layer 4, the position (position.c, score.c): the copyable state of a
 * game in play, the flow of turns and the end of a round. */
#ifndef RAMI_POSITION_H
#define RAMI_POSITION_H

#include "solver.h"

#define MAX_TABLE_MELDS (RAMI_MAX_PACK / 3)

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

/* The game position: everything a move changes, as plain values (no
 * pointer, no padding), so that look-ahead, clones, bots and
 * determinization copy it by assignment. The ruleset it is played under
 * stays in the handle and is passed alongside. 1,608 bytes on x86-64:
 * the table melds 56 x 21 = 1,176, the stock and the discard pile sharing
 * one array of 168 (see stock_at), the hands 6 x 26 = 156, the rest 108. */
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
    uint8_t restocks; /* restocks done this round, up to 255 */
    rami_card picked; /* face taken from the discard pile this turn */
    uint8_t meld_count;
    rami_card piles[RAMI_MAX_PACK]; /* the stock and the discard pile: see stock_at */
    tmeld melds[MAX_TABLE_MELDS];   /* in the order laid */
    uint8_t eliminated;             /* ELIMINATION: mask of seats out of the match */
    uint8_t reserved[1];            /* 0: fills what would be padding */
} position;

/* No padding anywhere: positions compare with memcmp. */
_Static_assert(sizeof(position) == offsetof(position, reserved) + 1, "position is padded");

/* ---- the stock and the discard pile: the one place that indexes piles[] ----
 *
 * They share piles[]: the stock from its start (stock card i, 0 at the
 * bottom, is piles[i]), the discard pile from its end (discard card i, 0 at
 * the bottom, is piles[RAMI_MAX_PACK - 1 - i]). Both hold cards of one pack
 * of at most RAMI_MAX_PACK cards (rami_ruleset_check, deal_check of game.c),
 * so stock_count + discard_count <= RAMI_MAX_PACK and they never meet. Every
 * slot of neither is 0, so that positions compare with memcmp. */

static inline rami_card stock_at(const position *p, unsigned i)
{
    return p->piles[i];
}

/* The stock, bottom first, as one array of stock_count cards. */
static inline const rami_card *stock_cards(const position *p)
{
    return p->piles;
}

static inline rami_card stock_pop(position *p)
{
    rami_card c = p->piles[--p->stock_count];
    p->piles[p->stock_count] = RAMI_NO_CARD;
    return c;
}

/* Makes cards[0..n) the stock (n <= RAMI_MAX_PACK - discard_count). */
static inline void stock_set(position *p, const rami_card *cards, unsigned n)
{
    if (p->stock_count > n)
        memset(p->piles + n, 0, p->stock_count - n);
    memcpy(p->piles, cards, n);
    p->stock_count = (uint16_t)n;
}

static inline rami_card discard_at(const position *p, unsigned i)
{
    return p->piles[RAMI_MAX_PACK - 1u - i];
}

/* The top of the discard pile, RAMI_NO_CARD when it is empty. */
static inline rami_card discard_top(const position *p)
{
    return p->discard_count ? discard_at(p, p->discard_count - 1u) : RAMI_NO_CARD;
}

static inline void discard_push(position *p, rami_card c)
{
    p->piles[RAMI_MAX_PACK - 1u - p->discard_count++] = c;
}

static inline rami_card discard_pop(position *p)
{
    unsigned i = RAMI_MAX_PACK - 1u - --p->discard_count;
    rami_card c = p->piles[i];
    p->piles[i] = RAMI_NO_CARD;
    return c;
}

/* Copies the discard pile, bottom first, into out[0..discard_count). */
static inline void discard_copy(const position *p, rami_card *out)
{
    for (unsigned i = 0; i < p->discard_count; i++)
        out[i] = discard_at(p, i);
}

/* Makes cards[0..n) the discard pile (n <= RAMI_MAX_PACK - stock_count). */
static inline void discard_set(position *p, const rami_card *cards, unsigned n)
{
    for (unsigned i = n; i < p->discard_count; i++)
        p->piles[RAMI_MAX_PACK - 1u - i] = RAMI_NO_CARD;
    p->discard_count = 0;
    for (unsigned i = 0; i < n; i++)
        discard_push(p, cards[i]);
}

static inline bool has_opt(const rami_ruleset *rs, uint32_t bit)
{
    return (rs->options & bit) != 0;
}

static inline bool seat_opened(const position *p, unsigned seat)
{
    return (p->ts.opened >> seat) & 1u;
}

/* Does the seat still play in the match (not eliminated, RULES.md §8.4)? */
static inline bool seat_active(const position *p, unsigned seat)
{
    return !((p->eliminated >> seat) & 1u);
}

/* The first seat after `seat` clockwise that still plays. */
static inline unsigned next_active(const rami_ruleset *rs, const position *p, unsigned seat)
{
    unsigned s = seat;
    for (unsigned i = 0; i < rs->players; i++) {
        s = (s + 1u) % rs->players;
        if (seat_active(p, s))
            break;
    }
    return s;
}

/* Has the seat to move opened? */
static inline bool is_opened(const position *p)
{
    return seat_opened(p, p->current);
}

/* The face the current player may not discard this turn (RULES.md §2.3). */
static inline rami_card avoid_face(const rami_ruleset *rs, const position *p)
{
    return has_opt(rs, RAMI_OPT_KEEP_PICKUP) ? p->picked : RAMI_NO_CARD;
}

/* ---- what may be discarded (RULES.md §2.3): the one place ---- */

/* May the current player discard at all now, whatever the card: not with
 * an opening begun this turn and not complete (RULES.md §5.1), not while
 * the card taken must still be played (PICKUP_MUST_MELD). The turn's part
 * of the discard rule (judge_discard in rules.c, can_end_now in finish.c,
 * the move list's discards); discard_bar is the card's part. */
static inline bool discard_turn_ok(const position *p)
{
    return !p->ts.pickup_pending && (is_opened(p) || p->ts.melds == 0);
}

/* Why card c may not be discarded by the current player, as far as the
 * cards go (the obligations of the turn are finish.c's and rules.c's):
 * the face taken from the discard pile under KEEP_PICKUP; under
 * NO_JOKER_OUT a joker that is the last card; under NO_JOKER_DISCARD a
 * joker while the hand holds a natural card (**DEC**: a hand of jokers
 * only may discard one, or it could never end a turn). */
enum discard_bar { DISCARD_OK = 0, DISCARD_PICKED, DISCARD_JOKER, DISCARD_JOKER_OUT };

static inline int discard_bar(const rami_ruleset *rs, const position *p, rami_card c)
{
    if (c == p->picked && has_opt(rs, RAMI_OPT_KEEP_PICKUP)) /* c is a card, picked may be 0 */
        return DISCARD_PICKED;
    if (c != RAMI_JOKER || !(rs->options & (RAMI_OPT_NO_JOKER_OUT | RAMI_OPT_NO_JOKER_DISCARD)))
        return DISCARD_OK;
    const hand *h = &p->hands[p->current];
    if (has_opt(rs, RAMI_OPT_NO_JOKER_OUT) && h->size == 1)
        return DISCARD_JOKER_OUT;
    if (has_opt(rs, RAMI_OPT_NO_JOKER_DISCARD) && h->size > h->jokers)
        return DISCARD_JOKER;
    return DISCARD_OK;
}

/* Is some card of a hand of `size` cards, `jokers` of them jokers and
 * `avoided` of them copies of the face `avoid`, free of discard_bar? The
 * same rule as discard_bar, by counts, for the checks that have not built
 * the hand after a play. */
static inline bool discardable_by_counts(const rami_ruleset *rs, unsigned size, unsigned jokers,
                                         rami_card avoid, unsigned avoided)
{
    unsigned naturals = size - jokers;
    unsigned barred = avoid != RAMI_JOKER ? avoided : 0u; /* avoided is 0 without a face */
    if (naturals > barred)
        return true;
    if (jokers == 0 || avoid == RAMI_JOKER)
        return false;
    if (has_opt(rs, RAMI_OPT_NO_JOKER_OUT) && size == 1)
        return false;
    return !(has_opt(rs, RAMI_OPT_NO_JOKER_DISCARD) && naturals > 0);
}

static inline bool has_discardable(const rami_ruleset *rs, const hand *h, rami_card avoid)
{
    return discardable_by_counts(rs, h->size, h->jokers, avoid,
                                 avoid == RAMI_NO_CARD ? 0u : hand_count(h, avoid));
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
    o.no_joker_discard = has_opt(rs, RAMI_OPT_NO_JOKER_DISCARD);
    o.no_joker_out = has_opt(rs, RAMI_OPT_NO_JOKER_OUT);
    return o;
}

/* Begins the current seat's turn: a restock from the discard pile if the
 * stock is empty (or the end of the round when none is allowed). */
RAMI_INTERNAL void rami__turn_begin(const rami_ruleset *rs, position *p);
/* Ends the current turn after a discard and begins the next one. */
RAMI_INTERNAL void rami__turn_end(const rami_ruleset *rs, position *p);
/* Ends the round now for the reason given (score.c). */
RAMI_INTERNAL void rami__round_end(const rami_ruleset *rs, position *p, int reason);
/* Penalty of a hand left at the end of a round (RULES.md §8). */
RAMI_INTERNAL unsigned rami__hand_value(const hand *h, const rami_ruleset *rs);
/* Once a round is over: did the seat play it (it was not eliminated
 * before it began)? */
RAMI_INTERNAL bool rami__played_round(const rami_ruleset *rs, const position *p, unsigned seat);
/* The seats that sat out the current round (eliminated before it began),
 * also once it is over. */
RAMI_INTERNAL uint8_t rami__out_before_round(const rami_ruleset *rs, const position *p);
/* The most points one seat can score in one round under rs. */
RAMI_INTERNAL int32_t rami__round_points_max(const rami_ruleset *rs);

#endif
