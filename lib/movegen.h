/* Layer 6, move generation (movegen.c): candidate plays of a position,
 * from what the hand can supply and the table has room for. */
#ifndef RAMI_MOVEGEN_H
#define RAMI_MOVEGEN_H

#include "rules.h"

/* Receives candidate moves; returns false to stop the generation. */
typedef bool (*move_sink)(void *ctx, const rami_move *m);

/* Which plays to generate. */
enum gen_what { GEN_MELDS = 1, GEN_TABLE = 2, GEN_ALL = 3 };

/* Receives the verdict of a generated meld; returns false to stop. */
typedef bool (*meld_sink)(void *ctx, const verdict *v);

/* rami__gen and rami__gen_judged: msink NULL, or face RAMI_NO_CARD. The
 * face rides in `what` above the enum gen_what bits (six arguments, all
 * in registers). */
#define GEN_FACE_SHIFT 8u
RAMI_INTERNAL void rami__gen_with(const rami_ruleset *rs, const position *p, unsigned what_face,
                                  move_sink sink, meld_sink msink, void *ctx);

/* Candidate plays of the current player that the hand can supply: melds
 * (GEN_MELDS) and, when the player may touch the table now (table_allowed),
 * lay-offs and swaps (GEN_TABLE); only moves using `face` unless it is
 * RAMI_NO_CARD. The candidates still need rami__validate. */
static inline void rami__gen(const rami_ruleset *rs, const position *p, rami_card face,
                             unsigned what, move_sink sink, void *ctx)
{
    rami__gen_with(rs, p, what | (unsigned)face << GEN_FACE_SHIFT, sink, NULL, ctx);
}

/* rami__gen for every face, with the melds judged as they are made:
 * msink receives, in rami__gen's order, the verdict that
 * rami__judge_generated_meld gives each meld it accepts (byte for byte;
 * the melds it refuses are dropped) without judging them; the lay-offs
 * and swaps go to sink as candidates. */
static inline void rami__gen_judged(const rami_ruleset *rs, const position *p, unsigned what,
                                    move_sink sink, meld_sink msink, void *ctx)
{
    rami__gen_with(rs, p, what | (unsigned)RAMI_NO_CARD << GEN_FACE_SHIFT, sink, msink, ctx);
}

/* Every kind of candidate play. */
static inline void rami__gen_plays(const rami_ruleset *rs, const position *p, rami_card face,
                                   move_sink sink, void *ctx)
{
    rami__gen(rs, p, face, GEN_ALL, sink, ctx);
}

#endif
