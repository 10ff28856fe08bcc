/* Layer 7, the turn-completion search (finish.c): whether the turn can
 * still be finished after a move, the retrieved-joker rule, and the full
 * validation of a move that adds them to the rules of rules.c. */
#ifndef RAMI_FINISH_H
#define RAMI_FINISH_H

#include "movegen.h"

/* A position the search has decided: its exact key and the answer. */
#define FINISH_MEMO_SLOTS 1024u /* a power of two */
#define FINISH_KEY_MAX    54u   /* longer keys are not remembered */
typedef struct memo_entry {
    uint64_t hash;
    uint8_t len; /* bytes of key */
    uint8_t value;
    uint8_t key[FINISH_KEY_MAX];
} memo_entry;

/* The memo's storage (64 KB), the caller's: the library allocates nothing
 * while playing, so the top-level checks keep it on their stack. A slot
 * is read only once written (its bit in `used`), so only the 128 bytes of
 * `used` are cleared, when a search first needs the memo. */
typedef struct finish_memo {
    uint64_t used[FINISH_MEMO_SLOTS / 64]; /* bit i: slot[i] holds a key */
    memo_entry slot[FINISH_MEMO_SLOTS];
} finish_memo;

/* Before the opening: disjoint melds of the root's hand that reach the
 * opening (found once by the relaxed search of rami__opening_possible),
 * against which the candidate melds of the move list are judged without a
 * search of their own. */
typedef struct witness_meld {
    hand cards;
    uint16_t points;
    bool pure; /* a run without joker */
} witness_meld;

typedef struct opening_witness {
    int8_t state; /* -1 not looked for yet, 0 there are none, 1 found */
    uint8_t count;
    witness_meld melds[SOLVE_MAX_MELDS];
    /* Set when a witness is found: */
    int16_t naturals_best; /* most points of melds of root's naturals, -1 = not asked yet */
    uint32_t by_naturals;  /* candidate melds refused by naturals_best (tests) */
} opening_witness;

/* The judging of moves made from one position, `root`: the memo of the
 * positions the search has decided is shared by every move judged from
 * root (the legal-move list judges them all). rami__finish_begin, the
 * checks, then rami__finish_end. */
typedef struct finish_ctx {
    const rami_ruleset *rs;
    const position *root;
    finish_memo *memo;
    bool memo_ready;         /* memo cleared for this root and ruleset */
    int8_t root_joker;       /* can root play a joker legally? -1 = not asked yet */
    uint32_t searched;       /* positions the full search visited (for tests) */
    uint32_t shortcut[2];    /* candidate melds opening_shortcut refused, accepted (tests) */
    opening_witness witness; /* the root's, once a candidate meld needs it */
} finish_ctx;

RAMI_INTERNAL void rami__finish_begin(finish_ctx *c, const rami_ruleset *rs, const position *root,
                                      finish_memo *memo);
RAMI_INTERNAL void rami__finish_end(finish_ctx *c);

/* For a move of c->root that rami__judge accepted: the rules that look
 * ahead. A take or a play must leave a legal way to finish the turn (or
 * go out with the opening complete); while a retrieved joker is unplayed
 * (JOKER_REPLAY) a move that plays no joker may not take away the last
 * legal play of one, and the discard waits for it. RAMI_OK, or the status
 * of the rule that refuses the move and, if why is not NULL, its reason. */
RAMI_INTERNAL int rami__finish_check(finish_ctx *c, const verdict *v, char *why, size_t why_cap);
/* The same verdict as a bool, without working out the reason. */
RAMI_INTERNAL bool rami__finish_ok(finish_ctx *c, const verdict *v);

/* The look-ahead rule of a discard, which is the same for every card:
 * false while a retrieved joker can be played and must be (JOKER_REPLAY).
 * A discard of c->root that rami__judge accepted passes
 * rami__finish_check exactly when this is true. */
RAMI_INTERNAL bool rami__discards_allowed(finish_ctx *c);
/* The look-ahead rule of taking the discard of c->root, whose pile
 * rami__judge_draw found not empty: rami__finish_ok of that take's
 * verdict, which it builds only when the search needs it. */
RAMI_INTERNAL bool rami__take_ok(finish_ctx *c);

/* Full legality check of a move by `player`: the rules of rules.c, then
 * rami__finish_check. why may be NULL. */
RAMI_INTERNAL int rami__validate(const rami_ruleset *rs, const position *p, int player,
                                 const rami_move *m, verdict *v, char *why, size_t why_cap);

/* rami__validate for a move generated for the seat to move in c->root
 * (see rami__judge_candidate). Inline because the move list calls it for
 * every candidate. */
static inline bool rami__candidate_legal(finish_ctx *c, const rami_move *m, verdict *v)
{
    return rami__judge_candidate(c->rs, c->root, m, v) == RAMI_OK &&
           (v->move.kind == RAMI_MOVE_DRAW_STOCK || rami__finish_ok(c, v));
}

/* Before the opening: the candidate melds of c->root judged in one batch
 * (n verdicts of rami__judge_candidate, every candidate meld the move
 * generator makes for the hand: the answers rely on it). known[i] is 1
 * when v[i] is legal, 0 when it is not, -1 when rami__finish_ok must
 * tell (a meld that opens alone, or more than the batch can search). */
#define FINISH_BATCH_MAX   64u   /* candidates a batch takes */
#define FINISH_BATCH_NODES 2048u /* packings it looks at before it gives up */
RAMI_INTERNAL void rami__opening_batch(finish_ctx *c, const verdict *v, unsigned n, int8_t *known);

/* False when no meld can be legal for the current player (see finish.c). */
RAMI_INTERNAL bool rami__opening_possible(const rami_ruleset *rs, const position *p);
/* rami__opening_possible for c->root, keeping the melds found as the
 * witness against which the candidate melds of root are judged. */
RAMI_INTERNAL bool rami__finish_opening(finish_ctx *c);

#endif
