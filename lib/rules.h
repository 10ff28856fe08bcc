/* Layer 5, move rules (rules.c, apply.c): what a move must satisfy in a
 * position without looking ahead, and applying a judged move to a
 * position or taking a play back. */
#ifndef RAMI_RULES_H
#define RAMI_RULES_H

#include "position.h"

/* What validation found out, so that applying needs no second look. */
typedef struct verdict {
    rami_move move; /* canonical form of the move */
    tmeld meld;     /* MELD: the new meld; LAYOFF, SWAP: the target after the move */
    uint8_t where;  /* LAYOFF: enum undo_where; SWAP: joker index */
} verdict;

/* What a play took from the hand and where it went, for taking it back. */
typedef struct play_rec {
    uint8_t kind;   /* RAMI_MOVE_MELD, _LAYOFF or _SWAP */
    uint8_t target; /* table meld touched */
    uint8_t where;  /* LAYOFF: enum undo_where; SWAP: index of the joker in cards[] */
    rami_card card; /* LAYOFF, SWAP: the card that left the hand */
} play_rec;

/* Does a meld of `meld_points` points (`pure`: a run without joker) laid
 * now complete the current player's opening (RULES.md §5.1, §5.4)? The one
 * statement of the opening rule, for applying and for the search. */
static inline bool meld_opens(const rami_ruleset *rs, const position *p, unsigned meld_points,
                              bool pure)
{
    bool pure_ok = p->ts.pure_run || pure || !has_opt(rs, RAMI_OPT_OPEN_PURE_RUN);
    return p->ts.points + meld_points >= rs->opening_points && pure_ok;
}

/* May the current player lay off and retrieve jokers now (RULES.md §5.3):
 * opened, and not in the turn of the opening unless OPEN_TURN_LAYOFF. */
static inline bool table_allowed(const rami_ruleset *rs, const position *p)
{
    return is_opened(p) && (!p->ts.opened_now || has_opt(rs, RAMI_OPT_OPEN_TURN_LAYOFF));
}

/* The rules of a move by `player` that need no look-ahead: shape, seat,
 * phase, cards in hand, the meld, lay-off or swap itself, table access,
 * what may be discarded. RAMI_OK with *v filled (canonical move, the meld
 * it lays or changes); the rules that depend on the turn staying
 * finishable are finish.c's. why may be NULL. */
RAMI_INTERNAL int rami__judge(const rami_ruleset *rs, const position *p, int player,
                              const rami_move *m, verdict *v, char *why, size_t why_cap);
/* rami__judge for a move generated for the seat to move (well-formed, in
 * the right phase: what judge_turn checks holds by construction), without
 * a reason. The move list and the look-ahead judge every candidate. */
RAMI_INTERNAL int rami__judge_candidate(const rami_ruleset *rs, const position *p,
                                        const rami_move *m, verdict *v);
/* rami__judge_candidate for a meld that rami__gen made for the seat to
 * move: its cards are in hand by construction (distinct naturals of the
 * hand, no more jokers than it holds), so they are not counted again. */
RAMI_INTERNAL int rami__judge_generated_meld(const rami_ruleset *rs, const position *p,
                                             const rami_move *m, verdict *v);
/* rami__judge_candidate's rules for a draw of `kind` (DRAW_STOCK or
 * DRAW_DISCARD) by the seat to move in the draw phase, without a verdict:
 * the draw-phase move list asks it for both draws. */
RAMI_INTERNAL int rami__judge_draw(const position *p, unsigned kind);
/* Applies a validated move to a position. */
RAMI_INTERNAL void rami__apply(const rami_ruleset *rs, position *p, const verdict *v);
/* Takes back the play u recorded (not the turn state, which the caller
 * keeps). */
RAMI_INTERNAL void rami__unapply(position *p, const play_rec *u);

#endif
