/* The round log: every move of the current round in the order made, what
 * rami_game_save writes, what views list and what determinization reads
 * to know which cards a seat took in the open. The one place that knows
 * its byte format and whose turn each entry was.
 *
 * An entry is 4 + count bytes: kind, count, target, side, then the cards.
 * A DRAW_DISCARD entry carries the card taken (count 1), which the move
 * itself leaves implied. */
#include <stdlib.h>

#include "game.h"

/* Bytes of log one turn can add (draw + discard) and one table card can add
 * (a lay-off, or its share of a meld or swap). */
#define LOG_PER_TURN       10u
#define LOG_PER_CARD       10u
#define LOG_UNCAPPED_TURNS 1000u

size_t rami__log_capacity(const rami_ruleset *rs)
{
    unsigned turns = rs->max_turns ? rs->max_turns : LOG_UNCAPPED_TURNS;
    return (size_t)turns * LOG_PER_TURN + (size_t)rami__pack_size(rs) * LOG_PER_CARD + 64;
}

static unsigned entry_cards(const rami_move *m)
{
    return m->kind == RAMI_MOVE_DRAW_DISCARD ? 1u : m->count;
}

int rami__log_reserve(rami_game *g, const rami_move *m)
{
    size_t need = (size_t)g->log_len + 4u + entry_cards(m);
    if (need <= g->log_cap)
        return RAMI_OK;
    /* Only a round without a turn cap can outgrow the inline log. */
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

void rami__log_push(rami_game *g, const rami_move *m)
{
    uint8_t *p = g->log + g->log_len;
    p[0] = m->kind;
    p[1] = (uint8_t)entry_cards(m);
    p[2] = m->target;
    p[3] = m->side;
    if (m->kind == RAMI_MOVE_DRAW_DISCARD)
        p[4] = g->pos.picked; /* the move has been applied: the card taken */
    else
        memcpy(p + 4, m->cards, m->count);
    g->log_len += 4u + p[1];
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
    if (it->end - it->at < 4)
        return false;
    const uint8_t *p = it->at;
    e->kind = p[0];
    e->count = p[1];
    e->target = p[2];
    e->side = p[3];
    e->cards = p + 4;
    e->seat = it->seat;
    it->at += 4u + p[1];
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
