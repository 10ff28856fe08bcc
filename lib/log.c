/* The round log: every move of the current round in the order made, what
 * rami_game_save writes, what views list and what determinization reads
 * to know which cards a seat took in the open. The one place that knows
 * its byte format and whose turn each entry was.
 *
 * An entry holds only what its kind may carry (check_shape of rules.c
 * refuses a move with anything else, so nothing is lost): a first byte
 * kind | side << 3, then
 *   DRAW_STOCK    nothing (1 byte)
 *   DRAW_DISCARD  the card taken, which the move itself leaves implied (2)
 *   DISCARD       the card (2)
 *   LAYOFF, SWAP  target, card (3)
 *   MELD          count, the cards (2 + count). */
#include <stdlib.h>

#include "game.h"

#define LOG_SIDE_SHIFT 3u
#define LOG_KIND_MASK  7u
_Static_assert(RAMI_MOVE_DISCARD <= LOG_KIND_MASK && (RAMI_SIDE_HIGH << LOG_SIDE_SHIFT) <= 0xFF,
               "kind and side share the first byte");

/* Bytes of log one turn can add (a draw of at most 2 and a discard of 2)
 * and one card of the pack can add to the table. A card reaches the table
 * by a meld (at most 3 bytes a card: 2 + count for count >= 1), a lay-off
 * or a swap (3 bytes, one card). A natural never leaves the table (an undo
 * takes its bytes back too), so at most N naturals are placed in a round;
 * a joker is placed again only after a swap took it back, and each swap
 * places a natural, so jokers are placed at most J + N times. Hence at
 * most 3 x (2N + J) bytes of plays in a round. */
#define LOG_PER_TURN       4u
#define LOG_PER_PLACEMENT  3u
#define LOG_UNCAPPED_TURNS 1000u

size_t rami__log_capacity(const rami_ruleset *rs)
{
    unsigned turns = rs->max_turns ? rs->max_turns : LOG_UNCAPPED_TURNS;
    size_t naturals = 52u * (size_t)rs->decks, jokers = rs->jokers;
    return (size_t)turns * LOG_PER_TURN + (2u * naturals + jokers) * LOG_PER_PLACEMENT + 64;
}

/* Bytes of the entry of a move of this kind and card count. */
static unsigned entry_bytes(unsigned kind, unsigned count)
{
    switch (kind) {
    case RAMI_MOVE_DRAW_STOCK:
        return 1u;
    case RAMI_MOVE_MELD:
        return 2u + count;
    case RAMI_MOVE_LAYOFF:
    case RAMI_MOVE_SWAP:
        return 3u;
    default: /* DRAW_DISCARD, DISCARD */
        return 2u;
    }
}

/* The log moved to the heap, twice as large, with room for `need` bytes
 * (out of line: only a round without a turn cap gets here). */
RAMI_NOINLINE static int log_grow(rami_game *g, size_t need)
{
    size_t cap = (size_t)g->log_cap * 2;
    if (cap > UINT32_MAX || cap < need)
        return RAMI_E_NOMEM;
    uint8_t *grown = malloc(cap);
    if (grown == NULL)
        return RAMI_E_NOMEM;
    memcpy(grown, g->log, g->log_len);
    rami__log_free(g);
    g->log = grown;
    g->log_cap = (uint32_t)cap;
    g->log_heap = 1;
    return RAMI_OK;
}

int rami__log_reserve_move(rami_game *g, const rami_move *m)
{
    size_t need = (size_t)g->log_len + entry_bytes(m->kind, m->count);
    if (need <= g->log_cap)
        return RAMI_OK;
    return log_grow(g, need);
}

void rami__log_push(rami_game *g, const rami_move *m)
{
    uint8_t *p = g->log + g->log_len;
    p[0] = (uint8_t)(m->kind | m->side << LOG_SIDE_SHIFT);
    switch (m->kind) {
    case RAMI_MOVE_DRAW_STOCK:
        break;
    case RAMI_MOVE_DRAW_DISCARD:
        p[1] = g->pos.picked; /* the move has been applied: the card taken */
        break;
    case RAMI_MOVE_MELD:
        p[1] = m->count;
        memcpy(p + 2, m->cards, m->count);
        break;
    case RAMI_MOVE_LAYOFF:
    case RAMI_MOVE_SWAP:
        p[1] = m->target;
        p[2] = m->cards[0];
        break;
    default:
        p[1] = m->cards[0];
        break;
    }
    g->log_len += entry_bytes(m->kind, m->count);
}

void rami__log_pop(rami_game *g, unsigned kind, unsigned count)
{
    g->log_len -= entry_bytes(kind, count);
}

void rami__log_free(rami_game *g)
{
    if (g->log_heap)
        free(g->log);
}

/* The seat after `seat` that plays this round (eliminated seats sit out). */
static uint8_t next_seat(const log_iter *it, unsigned seat)
{
    for (unsigned i = 0; i < it->players; i++) {
        seat = (seat + 1u) % it->players;
        if (!(it->out >> seat & 1u))
            break;
    }
    return (uint8_t)seat;
}

void rami__log_begin(const rami_game *g, log_iter *it)
{
    it->at = g->log;
    it->end = g->log + g->log_len;
    it->players = g->rs.players;
    it->out = rami__out_before_round(&g->rs, &g->pos);
    it->seat = next_seat(it, g->pos.dealer);
}

bool rami__log_next(log_iter *it, log_entry *e)
{
    if (it->at >= it->end)
        return false;
    const uint8_t *p = it->at;
    e->kind = p[0] & LOG_KIND_MASK;
    e->side = (uint8_t)(p[0] >> LOG_SIDE_SHIFT);
    e->target = 0;
    e->count = 1;
    e->cards = p + 1;
    if (e->kind == RAMI_MOVE_DRAW_STOCK) {
        e->count = 0;
    } else if (e->kind == RAMI_MOVE_MELD) {
        e->count = p[1];
        e->cards = p + 2;
    } else if (e->kind == RAMI_MOVE_LAYOFF || e->kind == RAMI_MOVE_SWAP) {
        e->target = p[1];
        e->cards = p + 2;
    }
    e->seat = it->seat;
    it->at += entry_bytes(e->kind, e->count);
    /* A discard ends the turn: the next seat moves. */
    if (e->kind == RAMI_MOVE_DISCARD)
        it->seat = next_seat(it, it->seat);
    return true;
}

rami_move rami__log_move(const log_entry *e)
{
    rami_move m;
    memset(&m, 0, sizeof m);
    m.kind = e->kind;
    m.count = e->kind == RAMI_MOVE_DRAW_DISCARD ? 0 : e->count;
    m.target = e->target;
    m.side = e->side;
    memcpy(m.cards, e->cards, m.count <= RAMI_MAX_MELD ? m.count : RAMI_MAX_MELD);
    return m;
}
