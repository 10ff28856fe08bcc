/* The flow of turns on a position (RULES.md §2, §7): a turn begins with a
 * restock when the stock is empty, and ends by passing to the next seat
 * or, at the turn cap, with the end of the round. Dealing a round needs
 * the handle (seed, stored deal): game.c. */
#include "position.h"

void rami__turn_begin(const rami_ruleset *rs, position *p)
{
    if (p->stock_count == 0) {
        bool may = rs->max_restocks == RAMI_UNLIMITED_RESTOCKS || p->restocks < rs->max_restocks;
        if (!may || p->discard_count < 2) {
            rami__round_end(rs, p, RAMI_END_STOCK_OUT);
            return;
        }
        /* Everything under the top card becomes the new stock. */
        unsigned n = p->discard_count - 1u;
        rami_card under[RAMI_MAX_PACK];
        discard_copy(p, under);
        discard_set(p, &under[n], 1);
        rami__shuffle(&p->rng, under, n);
        stock_set(p, under, n);
        if (p->restocks < UINT8_MAX) /* counts to 255, then stays (no cap, unlimited) */
            p->restocks++;
    }
    p->turn++;
    p->phase = RAMI_PHASE_DRAW;
    p->picked = RAMI_NO_CARD;
    uint8_t opened = p->ts.opened;
    memset(&p->ts, 0, sizeof p->ts);
    p->ts.opened = opened;
}

void rami__turn_end(const rami_ruleset *rs, position *p)
{
    if (rs->max_turns != 0 && p->turn >= rs->max_turns) {
        rami__round_end(rs, p, RAMI_END_TURN_LIMIT);
        return;
    }
    p->current = (uint8_t)next_active(rs, p, p->current);
    rami__turn_begin(rs, p);
}
