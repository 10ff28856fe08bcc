/* The solver before issue 17's fifth pass, a test-only reference
 * (solver_ref.c): tests/solver.c compares lib/solver.c with it. */
#ifndef RAMI_TEST_SOLVER_REF_H
#define RAMI_TEST_SOLVER_REF_H

#include "rami-private.h"

/* rami__solve_limited as it was. */
int ref_solve_limited(const hand *h, const solve_opts *opts, int target, solve_result *res,
                      uint32_t max_nodes, uint32_t *nodes);
/* rami_solve_hand as it was. */
int ref_solve_hand(const rami_ruleset *caller_rs, const rami_card *hand_cards, size_t n, int goal,
                   rami_solution *out);

#endif
