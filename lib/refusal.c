/* Structured refusals (rami_game_check_ex): the status of rami_game_check
 * with what a program needs to write its own message in its own language:
 * the card(s) the refusal is about, the table meld, the seat, the points
 * needed and laid. The fields are read from the position and the move
 * once the rules have judged it, so the rules (rules.c, finish.c) keep one
 * way to refuse and this file adds no rule. */
#include "game.h"

/* The first published size of rami_refusal (its 1.0 layout). */
#define REFUSAL_SIZE_FIRST 32u

static void add_card(rami_refusal *r, rami_card c)
{
    if (r->count < RAMI_MAX_MELD)
        r->cards[r->count++] = c;
}

/* The cards of the move that the hand does not hold (as many copies as
 * are missing). */
static void missing_cards(const hand *h, const rami_move *m, rami_refusal *r)
{
    for (unsigned i = 0; i < m->count && i < RAMI_MAX_MELD; i++) {
        unsigned need = 0, before = 0;
        for (unsigned j = 0; j < m->count && j < RAMI_MAX_MELD; j++) {
            need += m->cards[j] == m->cards[i];
            before += j < i && m->cards[j] == m->cards[i];
        }
        unsigned have = card_is_valid(m->cards[i]) ? hand_count(h, m->cards[i]) : 0;
        if (have < need && before < need - have)
            add_card(r, m->cards[i]);
    }
}

static void move_cards(const rami_move *m, rami_refusal *r)
{
    for (unsigned i = 0; i < m->count && i < RAMI_MAX_MELD; i++)
        add_card(r, m->cards[i]);
}

static bool touches_table(const rami_move *m)
{
    return m->kind == RAMI_MOVE_LAYOFF || m->kind == RAMI_MOVE_SWAP;
}

/* What each status is about (doc/api.md, "rami_game_check_ex"). */
static void describe(const rami_game *g, const rami_move *m, rami_refusal *r)
{
    const position *p = &g->pos;
    r->points_needed = g->rs.opening_points;
    r->points_laid = p->phase == RAMI_PHASE_PLAY ? p->ts.points : 0;
    if (touches_table(m) && m->target < p->meld_count)
        r->target = m->target;
    switch (r->status) {
    case RAMI_E_TURN:
        r->seat = p->current;
        break;
    case RAMI_E_NOT_IN_HAND:
        missing_cards(&p->hands[p->current], m, r);
        break;
    case RAMI_E_CLOSED:
        if (r->target != RAMI_NO_TARGET)
            r->seat = p->melds[r->target].owner;
        move_cards(m, r);
        break;
    case RAMI_E_PICKED:
    case RAMI_E_PICKUP:
    case RAMI_E_PICKUP_MELD:
        if (m->kind == RAMI_MOVE_DRAW_DISCARD && p->discard_count > 0)
            add_card(r, discard_top(p));
        else if (p->picked != RAMI_NO_CARD)
            add_card(r, p->picked);
        break;
    case RAMI_E_JOKER_REPLAY:
        add_card(r, RAMI_JOKER);
        break;
    case RAMI_E_ARG:
    case RAMI_E_PHASE:
        break;
    default: /* the move's own cards: MELD, OPENING, LAYOFF, SWAP, ... */
        move_cards(m, r);
        break;
    }
}

int rami_game_check_ex(const rami_game *g, int player, const rami_move *m, rami_refusal *out,
                       size_t out_size, char *why, size_t why_cap)
{
    rami_refusal r;
    memset(&r, 0, sizeof r);
    r.struct_size = sizeof r;
    r.target = RAMI_NO_TARGET;
    r.seat = (uint8_t)(player >= 0 && player < RAMI_MAX_PLAYERS ? player : 0);
    /* An unusable output struct is refused before anything is judged. */
    if (out != NULL && rami__sized_out(out, out_size, REFUSAL_SIZE_FIRST, &r, sizeof r) != RAMI_OK)
        return rami__why(why, why_cap, RAMI_E_ARG, "out_size %lu is not a rami_refusal size",
                         (unsigned long)out_size);
    int st = rami_game_check(g, player, m, why, why_cap);
    if (out == NULL)
        return st;
    r.status = (int16_t)st;
    if (g != NULL) {
        r.phase = g->pos.phase;
        if (st != RAMI_OK && m != NULL)
            describe(g, m, &r);
    }
    rami__sized_out(out, out_size, REFUSAL_SIZE_FIRST, &r, sizeof r);
    return st;
}
