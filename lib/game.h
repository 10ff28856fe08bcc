/* Layer 8, the game handle (log.c, game.c, play.c): the round log, the
 * handle around a position with its ruleset, undo stack and storage, and
 * the public play, check, undo and legal-move calls. */
#ifndef RAMI_GAME_H
#define RAMI_GAME_H

#include "finish.h"

/* Plays of one turn: each meld, lay-off or swap lowers 2 x naturals +
 * jokers in the hand (a swap gives a natural for a joker), and a hand holds
 * at most RAMI_MAX_HAND_SIZE + 2 cards, so a turn has at most
 * 2 x (RAMI_MAX_HAND_SIZE + 2) plays; rami__play_verdict refuses one more
 * (RAMI_E_INTERNAL) rather than write past the stack. The stack holds
 * exactly that bound (34 records of 12 bytes, 408 bytes of the handle). */
#define MAX_UNDO (2 * (RAMI_MAX_HAND_SIZE + 2))
_Static_assert(MAX_UNDO >= 2 * (RAMI_MAX_HAND_SIZE + 2), "a turn's plays fit the undo stack");
_Static_assert(MAX_UNDO <= UINT8_MAX, "undo_count counts the stack");

/* A play of this turn that can be taken back. Its log entry is the last
 * one when it is taken back (later plays were taken back first), so the
 * log's length before it follows from its kind and cards (rami__log_pop). */
typedef struct undo_rec {
    play_rec play;
    turn_state before;
} undo_rec;
_Static_assert(sizeof(undo_rec) == sizeof(play_rec) + sizeof(turn_state), "undo_rec is padded");

/* The handle: the rules, where the match comes from, the position, and
 * its history (undo stack, round log) with the storage behind them. On
 * x86-64: 2,088 bytes (ruleset and flags 32, seed 8, position 1,608, undo
 * stack 408, log fields 32), then tail[]: the stored deal of a new_deal
 * game, then the inline log of rami__log_capacity bytes (1,900 for Rami 51,
 * so 3,988 bytes a handle in all, `rami-bench --only handles`). */
struct rami_game {
    rami_ruleset rs;      /* 28 bytes: the flags below fill its tail to 8 */
    uint8_t from_deal;    /* round 1 came from rami_game_new_deal */
    uint8_t undo_count;   /* plays of this turn that can be taken back */
    uint8_t log_heap;     /* the log outgrew tail[] and lives on the heap */
    uint8_t determinized; /* made by rami_game_determinize: the log does not replay from the deal */
    uint64_t seed;
    position pos;
    undo_rec undo[MAX_UNDO];
    /* The moves of this round (log.c). */
    uint32_t log_len, log_cap;
    uint8_t *log;                     /* in tail[], or on the heap once it outgrew it */
    rami_deal *deal;                  /* round 1 position of a new_deal game, else NULL */
    size_t alloc_size;                /* bytes of this allocation */
    _Alignas(8) unsigned char tail[]; /* [rami_deal] then the inline log */
};

/* Deals the round p->round of g into *p (whose round, dealer and totals
 * are kept): the position at the start of that round, before its first
 * move, as round_start makes it. The round log replays from here. */
RAMI_INTERNAL void rami__round_deal(const rami_game *g, position *p);

/* Where a saved game resumes: a new game (round 1, nothing played) moves
 * on to round `round` >= 2 with the match totals the earlier rounds left
 * (which tell the seats ELIMINATION has put out) and the dealer, as
 * rami_game_next_round would have. dealer -1: the seat rotation gives it
 * (no seat eliminated); otherwise without eliminations it must be that
 * seat, with them a seat still in the match. RAMI_E_ARG for anything
 * else. */
RAMI_INTERNAL int rami__game_resume(rami_game *g, uint16_t round,
                                    const int32_t totals[RAMI_MAX_PLAYERS], int dealer);
/* Copies src into the existing handle dst (same deal shape, log capacity
 * at least src's log length; else RAMI_E_NOMEM and dst unchanged), keeping
 * dst's own storage. Clones and bots' scratch copies use it. */
RAMI_INTERNAL int rami__game_copy(rami_game *dst, const rami_game *src);

/* Same state, moves and future shuffles (compares everything but where the
 * log lives). For tests. */
RAMI_INTERNAL bool rami__game_equal(const rami_game *a, const rami_game *b);

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
    uint8_t out; /* seats that sit this round out (ELIMINATION) */
} log_iter;

/* Inline log bytes a handle under rs is allocated with. */
RAMI_INTERNAL size_t rami__log_capacity(const rami_ruleset *rs);
/* Room for move m (validated, not yet applied); RAMI_E_NOMEM if the log
 * cannot grow (nothing changed then). */
RAMI_INTERNAL int rami__log_reserve_move(rami_game *g, const rami_move *m);
/* Bytes of the largest log entry: a meld of RAMI_MAX_MELD cards (log.c). */
#define LOG_ENTRY_MAX (2u + RAMI_MAX_MELD)
/* rami__log_reserve_move, inline while any entry fits. */
static inline int rami__log_reserve(rami_game *g, const rami_move *m)
{
    if ((size_t)g->log_len + LOG_ENTRY_MAX <= g->log_cap)
        return RAMI_OK;
    return rami__log_reserve_move(g, m);
}
/* Appends m once it has been applied (after rami__log_reserve). */
RAMI_INTERNAL void rami__log_push(rami_game *g, const rami_move *m);
/* Takes back the last entry, a play of this kind and card count (the
 * count of the meld it laid; 1 for a lay-off or swap). */
RAMI_INTERNAL void rami__log_pop(rami_game *g, unsigned kind, unsigned count);
/* Releases a log that outgrew the handle. */
RAMI_INTERNAL void rami__log_free(rami_game *g);
/* Walks the log of the current round from its first move. */
RAMI_INTERNAL void rami__log_begin(const rami_game *g, log_iter *it);
RAMI_INTERNAL bool rami__log_next(log_iter *it, log_entry *e);
/* The entry as the move made (a take without the card it brought). */
RAMI_INTERNAL rami_move rami__log_move(const log_entry *e);

/* Every legal move of the current player into a new array (*out, freed by
 * the caller; NULL when *n is 0). RAMI_E_NOMEM if it cannot be allocated. */
RAMI_INTERNAL int rami__legal_moves_alloc(const rami_game *g, rami_move **out, size_t *n);

/* rami_game_play after validation: logs and applies a validated move,
 * keeping the undo stack; RAMI_E_NOMEM if the log cannot grow (nothing
 * changed then). */
RAMI_INTERNAL int rami__play_verdict(rami_game *g, const verdict *v);

#endif
