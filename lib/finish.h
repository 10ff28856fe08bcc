/* Layer 7, the turn-completion search (finish.c): whether the turn can
 * still be finished after a move, and the full validation of a move that
 * adds it to the rules of rules.c. */
#ifndef RAMI_FINISH_H
#define RAMI_FINISH_H

#include "movegen.h"

/* For a move rami__judge accepted: the rules that depend on the turn
 * staying finishable (a take must leave a card to discard or the card
 * taken playable, a play must leave the turn finishable, a discard must
 * not dodge a retrieved joker that can be played). */
RAMI_INTERNAL int rami__finish_check(const rami_ruleset *rs, const position *p, const verdict *v,
                                     char *why, size_t why_cap);

/* Full legality check of a move by `player`: the rules of rules.c, then
 * rami__finish_check. why may be NULL. Inline because the move list and
 * the search call it for every candidate. */
static inline int rami__validate(const rami_ruleset *rs, const position *p, int player,
                                 const rami_move *m, verdict *v, char *why, size_t why_cap)
{
    int st = rami__judge(rs, p, player, m, v, why, why_cap);
    if (st != RAMI_OK || v->move.kind == RAMI_MOVE_DRAW_STOCK)
        return st;
    return rami__finish_check(rs, p, v, why, why_cap);
}

/* rami__validate for a generated move (see rami__judge_candidate). */
static inline bool rami__candidate_legal(const rami_ruleset *rs, const position *p,
                                         const rami_move *m, verdict *v)
{
    return rami__judge_candidate(rs, p, m, v) == RAMI_OK &&
           (v->move.kind == RAMI_MOVE_DRAW_STOCK ||
            rami__finish_check(rs, p, v, NULL, 0) == RAMI_OK);
}

/* False when no meld can be legal for the current player (see finish.c). */
RAMI_INTERNAL bool rami__opening_possible(const rami_ruleset *rs, const position *p);

#endif
