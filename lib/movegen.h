/* Layer 6, move generation (movegen.c): candidate plays of a position,
 * from what the hand can supply and the table has room for. */
#ifndef RAMI_MOVEGEN_H
#define RAMI_MOVEGEN_H

#include "rules.h"

/* Receives candidate moves; returns false to stop the generation. */
typedef bool (*move_sink)(void *ctx, const rami_move *m);
/* Candidate plays (melds, lay-offs, swaps) of the current player that the
 * hand can supply; only moves using `face` unless it is RAMI_NO_CARD. The
 * candidates still need rami__validate. */
RAMI_INTERNAL void rami__gen_plays(const rami_ruleset *rs, const position *p, rami_card face,
                                   move_sink sink, void *ctx);

#endif
