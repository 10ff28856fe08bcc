/* Layer 6, move generation (movegen.c): candidate plays of a position,
 * from what the hand can supply and the table has room for. */
#ifndef RAMI_MOVEGEN_H
#define RAMI_MOVEGEN_H

#include "rules.h"

/* Receives candidate moves; returns false to stop the generation. */
typedef bool (*move_sink)(void *ctx, const rami_move *m);

/* Which plays to generate. */
enum gen_what { GEN_MELDS = 1, GEN_TABLE = 2, GEN_ALL = 3 };

/* Candidate plays of the current player that the hand can supply: melds
 * (GEN_MELDS) and, when the player may touch the table now (table_allowed),
 * lay-offs and swaps (GEN_TABLE); only moves using `face` unless it is
 * RAMI_NO_CARD. The candidates still need rami__validate. */
RAMI_INTERNAL void rami__gen(const rami_ruleset *rs, const position *p, rami_card face,
                             unsigned what, move_sink sink, void *ctx);

/* Every kind of candidate play. */
static inline void rami__gen_plays(const rami_ruleset *rs, const position *p, rami_card face,
                                   move_sink sink, void *ctx)
{
    rami__gen(rs, p, face, GEN_ALL, sink, ctx);
}

#endif
