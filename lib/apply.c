/* Applying a judged move to a position (RULES.md §2, §5, §6): cards leave
 * the hand, melds change, the turn's obligations are settled, the turn or
 * the round ends; and taking a play of this turn back. */
#include "rules.h"

/* Bookkeeping shared by melds, lay-offs and swaps: the cards that went to
 * the table may settle the picked card and retrieved jokers. */
static void note_played(position *p, const rami_card *cards, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (p->ts.pickup_pending && cards[i] == p->picked)
            p->ts.pickup_pending = 0;
        if (cards[i] == RAMI_JOKER && p->ts.replay_pending)
            p->ts.replay_pending--;
    }
}

static void after_play(const rami_ruleset *rs, position *p)
{
    if (p->hands[p->current].size == 0)
        rami__round_end(rs, p, RAMI_END_WENT_OUT);
}

RAMI_NOINLINE static void apply_meld(const rami_ruleset *rs, position *p, const verdict *v)
{
    const rami_move *m = &v->move;
    hand *h = &p->hands[p->current];
    for (unsigned i = 0; i < m->count; i++)
        hand_remove(h, m->cards[i]);
    p->melds[p->meld_count++] = v->meld;
    unsigned points = rami__meld_points(&v->meld);
    bool pure = v->meld.kind == RAMI_MELD_RUN && v->meld.jokers == 0;
    if (!is_opened(p) && meld_opens(rs, p, points, pure)) {
        p->ts.opened |= (uint8_t)(1u << p->current);
        p->ts.opened_now = 1;
    }
    p->ts.melds++;
    p->ts.points = (uint16_t)(p->ts.points + points);
    p->ts.pure_run |= pure;
    note_played(p, m->cards, m->count);
    after_play(rs, p);
}

void rami__apply(const rami_ruleset *rs, position *p, const verdict *v)
{
    const rami_move *m = &v->move;
    hand *h = &p->hands[p->current];
    switch (m->kind) {
    case RAMI_MOVE_DRAW_STOCK:
        hand_add(h, stock_pop(p));
        p->phase = RAMI_PHASE_PLAY;
        break;
    case RAMI_MOVE_DRAW_DISCARD:
        p->picked = discard_pop(p);
        hand_add(h, p->picked);
        p->ts.pickup_pending = has_opt(rs, RAMI_OPT_PICKUP_MUST_MELD);
        p->phase = RAMI_PHASE_PLAY;
        break;
    case RAMI_MOVE_MELD:
        apply_meld(rs, p, v);
        break;
    case RAMI_MOVE_LAYOFF:
        hand_remove(h, m->cards[0]);
        p->melds[m->target] = v->meld;
        note_played(p, m->cards, 1);
        after_play(rs, p);
        break;
    case RAMI_MOVE_SWAP:
        hand_remove(h, m->cards[0]);
        hand_add(h, RAMI_JOKER);
        p->melds[m->target] = v->meld;
        note_played(p, m->cards, 1);
        if (has_opt(rs, RAMI_OPT_JOKER_REPLAY))
            p->ts.replay_pending++;
        break;
    default: /* RAMI_MOVE_DISCARD */
        hand_remove(h, m->cards[0]);
        discard_push(p, m->cards[0]);
        if (h->size == 0)
            rami__round_end(rs, p, RAMI_END_WENT_OUT);
        else
            rami__turn_end(rs, p);
        break;
    }
}

void rami__unapply(position *p, const play_rec *u)
{
    hand *h = &p->hands[p->current];
    tmeld *t = &p->melds[u->target];
    switch (u->kind) {
    case RAMI_MOVE_MELD:
        t = &p->melds[--p->meld_count];
        for (unsigned i = 0; i < t->count; i++)
            hand_add(h, t->cards[i]);
        memset(t, 0, sizeof *t);
        break;
    case RAMI_MOVE_LAYOFF:
        rami__meld_unlay(t, u->card, u->where);
        hand_add(h, u->card);
        break;
    default: /* RAMI_MOVE_SWAP */
        rami__meld_unswap(t, u->where, u->card);
        hand_remove(h, RAMI_JOKER);
        hand_add(h, u->card);
        break;
    }
}
