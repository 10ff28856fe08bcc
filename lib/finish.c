/* The turn-completion search (RULES.md §2.4): a move is legal only if the
 * current player can still end the turn after it (complete the opening,
 * play the card taken or the retrieved joker, keep a card to discard).
 * rami__validate (finish.h) is the full check of a move: the rules of
 * rules.c, then rami__finish_check. */
#include "finish.h"

static bool has_discardable(const rami_ruleset *rs, const position *p)
{
    const hand *h = &p->hands[p->current];
    rami_card avoid = avoid_face(rs, p);
    return h->size > (avoid ? hand_count(h, avoid) : 0u);
}

/* ---- can the turn still be finished? ----
 *
 * A play is legal only if the turn can still be finished after it, which
 * may take further plays: the search validates candidate plays, each of
 * which checks the position after it, and so on. It works on copies of
 * the position (one per level on the stack; the handle is not involved)
 * and ends because every play lowers 2 x (naturals in hand) + (jokers in
 * hand): a meld takes at least two naturals, a lay-off one card, a swap
 * gives a natural for a joker. So it is at most 2 x (RAMI_MAX_HAND + 1)
 * plays deep; in practice a chain goes on only while no card may be
 * discarded (every card is the face just taken under KEEP_PICKUP) or an
 * obligation is pending, so at most as deep as the jokers of the pack
 * (tests/finish.c plays a chain of 12). */

static bool finishable(const rami_ruleset *rs, const position *p);

struct play_search {
    const rami_ruleset *rs;
    const position *p;
    bool found;
};

static bool try_play(void *ctx, const rami_move *m)
{
    struct play_search *ps = ctx;
    verdict v;
    /* Validation of the play includes finishable() of the position after it. */
    if (rami__candidate_legal(ps->rs, ps->p, m, &v))
        ps->found = true;
    return !ps->found;
}

/* Is there a legal play (meld, lay-off or swap) using `face`? */
static bool play_exists(const rami_ruleset *rs, const position *p, rami_card face)
{
    struct play_search ps = {rs, p, false};
    rami__gen_plays(rs, p, face, try_play, &ps);
    return ps.found;
}

/* Points still needed to open (at least 1 while a pure run is missing). */
static int opening_need(const rami_ruleset *rs, const position *p)
{
    int need = (int)rs->opening_points - (int)p->ts.points;
    return need > 0 ? need : 1;
}

/* Before opening, with melds laid this turn or the picked card to meld:
 * can the opening be completed by melds from the hand, leaving a legal
 * discard (or nothing, where going out by meld is allowed)? */
static bool opening_reachable(const rami_ruleset *rs, const position *p)
{
    solve_opts o = turn_solve_opts(rs, p, SOLVE_POINTS);
    int need = opening_need(rs, p);
    return rami__solve(&p->hands[p->current], &o, need, NULL) >= need;
}

/* A necessary condition for any meld of a player who has not opened: the
 * whole hand reaches the opening (pure run included) when every other
 * obligation is ignored. Lets move generation skip hopeless melds with one
 * solver call instead of one per candidate. */
bool rami__opening_possible(const rami_ruleset *rs, const position *p)
{
    if (is_opened(p))
        return true;
    solve_opts o = turn_solve_opts(rs, p, SOLVE_POINTS);
    o.must_use = RAMI_NO_CARD;
    o.need_leftover = false;
    int need = opening_need(rs, p);
    return rami__solve(&p->hands[p->current], &o, need, NULL) >= need;
}

/* Can the current player, in the play phase, still end the turn legally? */
static bool finishable(const rami_ruleset *rs, const position *p)
{
    if (p->phase != RAMI_PHASE_PLAY || p->hands[p->current].size == 0)
        return true;
    if (!is_opened(p)) {
        if (p->ts.melds == 0 && !p->ts.pickup_pending)
            return has_discardable(rs, p);
        return opening_reachable(rs, p);
    }
    if (p->ts.pickup_pending)
        return play_exists(rs, p, p->picked);
    if (p->ts.replay_pending && play_exists(rs, p, RAMI_JOKER))
        return true;
    if (has_discardable(rs, p))
        return true;
    return play_exists(rs, p, RAMI_NO_CARD);
}

/* Status and reason when a play would leave the turn unfinishable. */
static int dead_end(const rami_ruleset *rs, const position *after, char *why, size_t cap)
{
    if (!is_opened(after)) {
        solve_opts o = turn_solve_opts(rs, after, SOLVE_POINTS);
        int best = rami__solve(&after->hands[after->current], &o, 0, NULL);
        int laid = after->ts.points;
        if (best < 0 && o.need_pure_run)
            return rami__why(
                why, cap, RAMI_E_OPENING,
                "after this the opening could not be completed: it needs a run without "
                "joker and the cards left cannot make one");
        if (best < 0)
            best = 0;
        return rami__why(why, cap, RAMI_E_OPENING,
                         "after this meld at most %d of %u points can be laid%s", laid + best,
                         rs->opening_points, o.empty_ok ? "" : " while keeping a card to discard");
    }
    if (after->ts.pickup_pending)
        return rami__why(why, cap, RAMI_E_PICKUP,
                         "after this the card taken from the discard pile could not be played");
    if (after->ts.replay_pending)
        return rami__why(
            why, cap, RAMI_E_JOKER_REPLAY,
            "after this the retrieved joker could neither be played nor the turn ended");
    return rami__why(why, cap, RAMI_E_PICKED,
                     "after this no card would be left that you may discard");
}

/* The common case decided without building the position after the play:
 * an opened player with no obligation left who keeps a discardable card or
 * empties the hand. */
static bool finishes_quickly(const rami_ruleset *rs, const position *p, const verdict *v)
{
    const rami_move *m = &v->move;
    const hand *h = &p->hands[p->current];
    bool opened = is_opened(p);
    if (!opened && m->kind == RAMI_MOVE_MELD) {
        unsigned points = p->ts.points + rami__meld_points(&v->meld);
        bool pure = p->ts.pure_run || (v->meld.kind == RAMI_MELD_RUN && v->meld.jokers == 0);
        opened = points >= rs->opening_points && (pure || !has_opt(rs, RAMI_OPT_OPEN_PURE_RUN));
    }
    if (!opened)
        return false;
    unsigned played = m->kind == RAMI_MOVE_SWAP ? 0 : m->count;
    bool picked_played = false;
    unsigned jokers_played = 0;
    for (unsigned i = 0; i < m->count; i++) {
        picked_played |= m->cards[i] == p->picked;
        jokers_played += m->cards[i] == RAMI_JOKER;
    }
    if (p->ts.pickup_pending && !picked_played)
        return false;
    if (m->kind == RAMI_MOVE_SWAP ? has_opt(rs, RAMI_OPT_JOKER_REPLAY)
                                  : p->ts.replay_pending > jokers_played)
        return false;
    unsigned left = h->size - played;
    rami_card avoid = avoid_face(rs, p);
    unsigned avoid_left = 0;
    if (avoid != RAMI_NO_CARD) {
        avoid_left = hand_count(h, avoid);
        for (unsigned i = 0; i < m->count && m->kind != RAMI_MOVE_SWAP; i++)
            avoid_left -= m->cards[i] == avoid;
    }
    return left == 0 || left > avoid_left;
}

/* Builds in *after the position the move leads to (a copy of the
 * position: the handle, its log and undo stack are not involved) and tells
 * whether the turn can be finished there. */
static bool finishable_after(const rami_ruleset *rs, const position *p, const verdict *v,
                             position *after)
{
    *after = *p;
    rami__apply(rs, after, v);
    return finishable(rs, after);
}

/* Checks the position after a validated play; may reply with a reason. */
static int after_check(const rami_ruleset *rs, const position *p, const verdict *v, char *why,
                       size_t cap)
{
    if (finishes_quickly(rs, p, v))
        return RAMI_OK;
    position after;
    if (finishable_after(rs, p, v, &after))
        return RAMI_OK;
    return dead_end(rs, &after, why, cap);
}

/* ---- what depends on the search, per kind ---- */

static int take_check(const rami_ruleset *rs, const position *p, const verdict *v, char *why,
                      size_t cap)
{
    rami_card top = p->discard[p->discard_count - 1];
    /* Fast path: a card of another face stays discardable. */
    const hand *h = &p->hands[p->current];
    if (!has_opt(rs, RAMI_OPT_PICKUP_MUST_MELD) && h->size > hand_count(h, top))
        return RAMI_OK;
    position after;
    if (finishable_after(rs, p, v, &after))
        return RAMI_OK;
    char name[8];
    rami__card_name(top, name);
    if (has_opt(rs, RAMI_OPT_PICKUP_MUST_MELD))
        return rami__why(why, cap, RAMI_E_PICKUP,
                         "%s must be melded or laid off this turn and your hand cannot do that",
                         name);
    return rami__why(why, cap, RAMI_E_PICKUP,
                     "after taking %s you would have no card you may discard", name);
}

static int discard_check(const rami_ruleset *rs, const position *p, char *why, size_t cap)
{
    if (p->ts.replay_pending && play_exists(rs, p, RAMI_JOKER))
        return rami__why(why, cap, RAMI_E_JOKER_REPLAY,
                         "the retrieved joker can be played and must be played before the discard");
    return RAMI_OK;
}

int rami__finish_check(const rami_ruleset *rs, const position *p, const verdict *v, char *why,
                       size_t cap)
{
    switch (v->move.kind) {
    case RAMI_MOVE_DRAW_DISCARD:
        return take_check(rs, p, v, why, cap);
    case RAMI_MOVE_DISCARD:
        return discard_check(rs, p, why, cap);
    default:
        return after_check(rs, p, v, why, cap);
    }
}
