/* Layer 3, the hand solver (solver.c): the best disjoint melds of a hand
 * under the options of a turn. */
#ifndef RAMI_SOLVER_H
#define RAMI_SOLVER_H

#include "meld.h"

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
    bool need_leftover;                 /* a card that may be discarded must be left over ... */
    bool empty_ok;                      /* ... unless the melds use the whole hand */
    bool no_joker_discard;              /* ... where a joker counts only among jokers alone */
    bool no_joker_out;                  /* ... and not as the single card left */
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
 * be NULL when only the value is wanted. No limit: the rules' hands (at
 * most RAMI_MAX_HAND_SIZE + 2 cards) stay far below rami_solve_hand's
 * node limit (tests/worst.c). */
RAMI_INTERNAL int rami__solve(const hand *h, const solve_opts *opts, int target, solve_result *res);
/* rami__solve visiting at most max_nodes search nodes (0: no limit; the
 * bots' bound on their work). A search the limit cuts returns the best
 * selection found until then: valid, not necessarily the best (-1 if none
 * was found). *nodes (if not NULL) receives the nodes visited. */
RAMI_INTERNAL int rami__solve_limited(const hand *h, const solve_opts *opts, int target,
                                      solve_result *res, uint32_t max_nodes, uint32_t *nodes);

#endif
