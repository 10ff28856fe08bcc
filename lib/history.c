/* The history of the current round (rami_game_history): what a program
 * shows of every turn, built from the round log (log.c) by replaying it on
 * the position the round was dealt: each move with who made it and what
 * it did, and what happened between moves (a restock, an opening
 * completed, the end of the round). A card drawn from the stock is shown
 * only to the seat that drew it (and to RAMI_VIEWER_ALL). */
#include "game.h"

typedef struct history {
    rami_event *buf;
    size_t cap, count;
    int viewer;
    rami_event scratch; /* where events beyond cap are made, and dropped */
} history;

static rami_event *event_new(history *h, uint8_t kind, unsigned seat, uint32_t turn)
{
    rami_event *e = h->count < h->cap ? &h->buf[h->count] : &h->scratch;
    h->count++;
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->seat = (uint8_t)seat;
    e->turn = turn;
    return e;
}

/* The move's own event, from the position before it (p) and its verdict. */
static void move_event(history *h, const position *p, const verdict *v)
{
    const rami_move *m = &v->move;
    rami_event *e = event_new(h, m->kind, p->current, p->turn);
    switch (m->kind) {
    case RAMI_MOVE_DRAW_STOCK:
        if (h->viewer == RAMI_VIEWER_ALL || h->viewer == p->current) {
            e->count = 1;
            e->cards[0] = stock_at(p, p->stock_count - 1u);
        }
        break;
    case RAMI_MOVE_DRAW_DISCARD:
        e->count = 1;
        e->cards[0] = discard_top(p);
        break;
    case RAMI_MOVE_MELD:
        e->target = p->meld_count;
        e->points = (uint16_t)rami__meld_points(&v->meld);
        e->side = m->side;
        e->count = v->meld.count;
        memcpy(e->cards, v->meld.cards, v->meld.count);
        break;
    default: /* LAYOFF, SWAP, DISCARD */
        e->target = m->target;
        e->side = m->side;
        e->count = 1;
        e->cards[0] = m->cards[0];
        break;
    }
}

/* What the move did beyond itself: an opening completed, a restock at the
 * start of the next turn, the end of the round. */
static void after_events(history *h, const position *before, const position *p)
{
    unsigned seat = before->current;
    if (!seat_opened(before, seat) && seat_opened(p, seat)) {
        rami_event *e = event_new(h, RAMI_EVENT_OPENED, seat, before->turn);
        e->points = p->ts.points;
    }
    if (p->phase >= RAMI_PHASE_ROUND_OVER) {
        rami_event *e = event_new(h, RAMI_EVENT_ROUND_END, seat, before->turn);
        e->target = p->result.reason;
        return;
    }
    /* Only a restock grows the stock (the count stops at 255). */
    if (p->stock_count > before->stock_count) {
        rami_event *e = event_new(h, RAMI_EVENT_RESTOCK, p->current, p->turn);
        e->points = p->stock_count;
    }
}

/* Replays the log of g's round on the position it was dealt. */
static int replay(const rami_game *g, history *h)
{
    position p = g->pos;
    p.eliminated = rami__out_before_round(&g->rs, &g->pos);
    rami__round_deal(g, &p);
    log_iter it;
    log_entry le;
    rami__log_begin(g, &it);
    while (rami__log_next(&it, &le)) {
        rami_move m = rami__log_move(&le);
        verdict v;
        if (le.seat != p.current || rami__judge(&g->rs, &p, le.seat, &m, &v, NULL, 0) != RAMI_OK)
            return RAMI_E_INTERNAL; /* never: the log holds validated moves */
        position before = p;
        move_event(h, &before, &v);
        rami__apply(&g->rs, &p, &v);
        after_events(h, &before, &p);
    }
    return RAMI_OK;
}

int rami_game_history(const rami_game *g, int viewer, rami_event *buf, size_t cap, size_t *count)
{
    if (g == NULL || count == NULL || (buf == NULL && cap > 0) || viewer < RAMI_VIEWER_PUBLIC ||
        viewer >= g->rs.players || g->determinized)
        return RAMI_E_ARG;
    history h;
    memset(&h, 0, sizeof h);
    h.buf = buf;
    h.cap = cap;
    h.viewer = viewer;
    int st = replay(g, &h);
    if (st != RAMI_OK)
        return st;
    *count = h.count;
    return h.count > cap ? RAMI_E_BUFFER : RAMI_OK;
}
