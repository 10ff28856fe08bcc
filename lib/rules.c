/* Move rules (RULES.md §2, §5, §6): validation with a precise reason,
 * application, undo, and the guarantee that a player is never led into a
 * position from which the turn cannot be finished. */
#include <string.h>

#include "rami-private.h"

static bool is_opened(const position *p)
{
    return seat_opened(p, p->current);
}

/* The card's text for a reason; nothing is formatted when no reason is
 * wanted (validation runs for every candidate move). */
static const char *card_name(rami_card c, char buf[8])
{
    if (rami_card_format(c, buf, 8) != RAMI_OK)
        strcpy(buf, "??");
    return buf;
}

#define NAME_IF(why, c, buf) ((why) != NULL ? card_name((c), (buf)) : ((buf)[0] = '\0', (buf)))

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
static int validate_at(const rami_ruleset *rs, const position *p, int player, const rami_move *m,
                       verdict *v, char *why, size_t cap);

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
    if (validate_at(ps->rs, ps->p, ps->p->current, m, &v, NULL, 0) == RAMI_OK)
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

/* ---- move shape ---- */

static int check_shape(const rami_move *m)
{
    if (m->side > RAMI_SIDE_HIGH)
        return RAMI_E_ARG;
    switch (m->kind) {
    case RAMI_MOVE_DRAW_STOCK:
    case RAMI_MOVE_DRAW_DISCARD:
        return m->count == 0 && m->side == 0 && m->target == 0 ? RAMI_OK : RAMI_E_ARG;
    case RAMI_MOVE_MELD:
        if (m->count < 1 || m->count > RAMI_MAX_MELD || m->target != 0)
            return RAMI_E_ARG;
        break;
    case RAMI_MOVE_LAYOFF:
        if (m->count != 1)
            return RAMI_E_ARG;
        break;
    case RAMI_MOVE_SWAP:
    case RAMI_MOVE_DISCARD:
        if (m->count != 1 || m->side != 0 || (m->kind == RAMI_MOVE_DISCARD && m->target != 0))
            return RAMI_E_ARG;
        break;
    default:
        return RAMI_E_ARG;
    }
    for (unsigned i = 0; i < m->count; i++)
        if (!card_is_valid(m->cards[i]))
            return RAMI_E_ARG;
    return RAMI_OK;
}

static int check_in_hand(const hand *h, const rami_card *cards, unsigned n, char *why, size_t cap)
{
    for (unsigned i = 0; i < n; i++) {
        unsigned need = 0;
        for (unsigned j = 0; j < n; j++)
            need += cards[j] == cards[i];
        unsigned have = hand_count(h, cards[i]);
        if (have < need) {
            char name[8];
            card_name(cards[i], name);
            if (have == 0)
                return rami__why(why, cap, RAMI_E_NOT_IN_HAND, "%s is not in your hand", name);
            return rami__why(why, cap, RAMI_E_NOT_IN_HAND,
                             "the move needs %u x %s, your hand has %u", need, name, have);
        }
    }
    return RAMI_OK;
}

/* Lay-offs and swaps need an opened player, from the next turn on where
 * OPEN_TURN_LAYOFF is off, and other players' melds only where allowed. */
static int check_table_access(const rami_ruleset *rs, const position *p, const rami_move *m,
                              const char *what, char *why, size_t cap)
{
    if (!is_opened(p))
        return rami__why(why, cap, RAMI_E_NOT_OPENED, "%s need an opening of %u points first", what,
                         rs->opening_points);
    if (p->ts.opened_now && !has_opt(rs, RAMI_OPT_OPEN_TURN_LAYOFF))
        return rami__why(why, cap, RAMI_E_NOT_OPENED, "%s are allowed from the turn after opening",
                         what);
    if (m->target >= p->meld_count)
        return rami__why(why, cap, RAMI_E_ARG, "there is no table meld %u", m->target + 1u);
    if (p->melds[m->target].owner != p->current && !has_opt(rs, RAMI_OPT_LAYOFF_OTHERS))
        return rami__why(
            why, cap, RAMI_E_CLOSED,
            "closed rami: meld %u belongs to seat %u, only your own melds may be touched",
            m->target + 1u, p->melds[m->target].owner);
    return RAMI_OK;
}

/* ---- per kind ---- */

static int check_take(const rami_ruleset *rs, const position *p, verdict *v, char *why, size_t cap)
{
    if (p->discard_count == 0)
        return rami__why(why, cap, RAMI_E_PICKUP, "the discard pile is empty");
    rami_card top = p->discard[p->discard_count - 1];
    /* Fast path: a card of another face stays discardable. */
    const hand *h = &p->hands[p->current];
    if (!has_opt(rs, RAMI_OPT_PICKUP_MUST_MELD) && h->size > hand_count(h, top))
        return RAMI_OK;
    position after;
    if (finishable_after(rs, p, v, &after))
        return RAMI_OK;
    char name[8];
    card_name(top, name);
    if (has_opt(rs, RAMI_OPT_PICKUP_MUST_MELD))
        return rami__why(why, cap, RAMI_E_PICKUP,
                         "%s must be melded or laid off this turn and your hand cannot do that",
                         name);
    return rami__why(why, cap, RAMI_E_PICKUP,
                     "after taking %s you would have no card you may discard", name);
}

static int check_meld(const rami_ruleset *rs, const position *p, verdict *v, char *why, size_t cap)
{
    rami_move *m = &v->move;
    const hand *h = &p->hands[p->current];
    int st = check_in_hand(h, m->cards, m->count, why, cap);
    if (st != RAMI_OK)
        return st;
    unsigned jpm = rs->jokers_per_meld;
    st = rami__meld_eval(jpm, m->cards, m->count, m->side, &v->meld, why, cap);
    if (st != RAMI_OK)
        return st;
    bool ambiguous = v->meld.kind == RAMI_MELD_RUN && v->meld.jokers > 0 &&
                     (m->side != RAMI_SIDE_AUTO || has_opt(rs, RAMI_OPT_JOKER_CHOICE)) &&
                     rami__meld_ambiguous(jpm, m->cards, m->count);
    if (m->side == RAMI_SIDE_HIGH && ambiguous && !has_opt(rs, RAMI_OPT_JOKER_CHOICE))
        return rami__why(why, cap, RAMI_E_MELD,
                         "the joker stands at the lower place: JOKER_CHOICE is off");
    if (m->side != RAMI_SIDE_AUTO && v->meld.kind == RAMI_MELD_SET)
        return rami__why(why, cap, RAMI_E_MELD, "a set has no joker place to choose");
    /* Canonical form: table order, side only where the player chose. */
    memcpy(m->cards, v->meld.cards, m->count);
    m->side = RAMI_SIDE_AUTO;
    if (ambiguous && has_opt(rs, RAMI_OPT_JOKER_CHOICE)) {
        tmeld low;
        rami__meld_eval(jpm, m->cards, m->count, RAMI_SIDE_LOW, &low, NULL, 0);
        m->side = low.lo == v->meld.lo ? RAMI_SIDE_LOW : RAMI_SIDE_HIGH;
    }
    v->meld.owner = p->current;
    if (h->size == m->count && !has_opt(rs, RAMI_OPT_GO_OUT_BY_MELD))
        return rami__why(why, cap, RAMI_E_MUST_DISCARD,
                         "strict rami: the last card must be discarded, keep one in hand");
    return after_check(rs, p, v, why, cap);
}

static int layoff_refusal(int fit, const tmeld *t, const char *name, const char *list, char *why,
                          size_t cap)
{
    switch (fit) {
    case FIT_JOKERS:
        return rami__why(why, cap, RAMI_E_LAYOFF,
                         "%s already holds %u joker%s, the most a meld may", list, t->jokers,
                         t->jokers == 1 ? "" : "s");
    case FIT_SET_FULL:
        return rami__why(why, cap, RAMI_E_LAYOFF, "%s: a set holds at most 4 cards", list);
    case FIT_RANK:
        return rami__why(why, cap, RAMI_E_LAYOFF, "%s does not fit %s: wrong rank", name, list);
    case FIT_SUIT_TAKEN:
        return rami__why(why, cap, RAMI_E_LAYOFF,
                         "%s does not fit %s: a set cannot hold two cards of one suit", name, list);
    case FIT_SUIT:
        return rami__why(why, cap, RAMI_E_LAYOFF, "%s does not fit %s: wrong suit", name, list);
    case FIT_RUN_COMPLETE:
        return rami__why(why, cap, RAMI_E_LAYOFF, "%s is complete: a run cannot pass the ace",
                         list);
    default:
        return rami__why(why, cap, RAMI_E_LAYOFF, "%s does not fit either end of %s", name, list);
    }
}

/* The end of a run a lay-off goes to: the lower free place unless the
 * player chose (a natural that fits both ends, or a joker under
 * JOKER_CHOICE). Canonical side: only where the choice was real. */
static int layoff_end(const rami_ruleset *rs, rami_move *m, bool fit_low, bool fit_high,
                      const char *name, const char *list, char *why, size_t cap)
{
    bool choice = m->cards[0] != RAMI_JOKER || has_opt(rs, RAMI_OPT_JOKER_CHOICE);
    bool high = !fit_low;
    if (m->side != RAMI_SIDE_AUTO && !choice) {
        /* The joker takes the lower free place (RULES.md §3.4). */
        if ((m->side == RAMI_SIDE_HIGH) != high)
            return rami__why(why, cap, RAMI_E_LAYOFF,
                             "the joker goes to the lower free place of %s: JOKER_CHOICE is off",
                             list);
    } else if (m->side != RAMI_SIDE_AUTO) {
        high = m->side == RAMI_SIDE_HIGH;
        if (high ? !fit_high : !fit_low)
            return rami__why(why, cap, RAMI_E_LAYOFF, "%s does not fit the %s end of %s", name,
                             high ? "high" : "low", list);
    }
    m->side =
        (choice && fit_low && fit_high) ? (high ? RAMI_SIDE_HIGH : RAMI_SIDE_LOW) : RAMI_SIDE_AUTO;
    return high ? WHERE_HIGH : WHERE_LOW;
}

static int check_layoff(const rami_ruleset *rs, const position *p, verdict *v, char *why,
                        size_t cap)
{
    rami_move *m = &v->move;
    int st = check_table_access(rs, p, m, "lay-offs", why, cap);
    if (st != RAMI_OK)
        return st;
    rami_card c = m->cards[0];
    st = check_in_hand(&p->hands[p->current], &c, 1, why, cap);
    if (st != RAMI_OK)
        return st;
    const tmeld *t = &p->melds[m->target];
    char name[8], list[RAMI_MAX_MELD * 4 + 4];
    NAME_IF(why, c, name);
    list[0] = '\0';
    if (why != NULL)
        rami__cards_text(t->cards, t->count, list, sizeof list);
    bool fit_low, fit_high;
    int fit = rami__fit_card(t, c, rs->jokers_per_meld, &fit_low, &fit_high);
    if (fit != FIT_JOKERS && t->kind == RAMI_MELD_SET && m->side != RAMI_SIDE_AUTO)
        return rami__why(why, cap, RAMI_E_LAYOFF, "a set has no ends to choose");
    if (fit != FIT_OK)
        return layoff_refusal(fit, t, name, list, why, cap);
    int where = WHERE_SET;
    if (t->kind == RAMI_MELD_RUN)
        where = layoff_end(rs, m, fit_low, fit_high, name, list, why, cap);
    if (where < 0)
        return where;
    v->meld = *t;
    rami__meld_lay(&v->meld, c, (unsigned)where);
    v->where = (uint8_t)where;
    if (p->hands[p->current].size == 1 && !has_opt(rs, RAMI_OPT_GO_OUT_BY_MELD))
        return rami__why(why, cap, RAMI_E_MUST_DISCARD,
                         "strict rami: the last card must be discarded, not laid off");
    return after_check(rs, p, v, why, cap);
}

static int check_swap(const rami_ruleset *rs, const position *p, verdict *v, char *why, size_t cap)
{
    rami_move *m = &v->move;
    if (!has_opt(rs, RAMI_OPT_JOKER_SWAP))
        return rami__why(why, cap, RAMI_E_SWAP, "joker retrieval is off in this ruleset");
    int st = check_table_access(rs, p, m, "joker swaps", why, cap);
    if (st != RAMI_OK)
        return st;
    rami_card c = m->cards[0];
    char name[8], list[RAMI_MAX_MELD * 4 + 4];
    NAME_IF(why, c, name);
    if (c == RAMI_JOKER)
        return rami__why(why, cap, RAMI_E_SWAP, "a joker is retrieved with the card it stands for");
    st = check_in_hand(&p->hands[p->current], &c, 1, why, cap);
    if (st != RAMI_OK)
        return st;
    const tmeld *t = &p->melds[m->target];
    list[0] = '\0';
    if (why != NULL)
        rami__cards_text(t->cards, t->count, list, sizeof list);
    if (t->jokers == 0)
        return rami__why(why, cap, RAMI_E_SWAP, "%s holds no joker", list);
    int index = rami__joker_for(t, c);
    if (index < 0) {
        if (t->kind == RAMI_MELD_SET && t->count - t->jokers < 3)
            return rami__why(why, cap, RAMI_E_SWAP,
                             "the joker of %s can be retrieved only when the set holds 3 natural "
                             "cards",
                             list);
        return rami__why(why, cap, RAMI_E_SWAP, "no joker of %s stands for %s", list, name);
    }
    v->meld = *t;
    rami__meld_swap(&v->meld, (unsigned)index, c);
    v->where = (uint8_t)index;
    return after_check(rs, p, v, why, cap);
}

static int check_discard(const rami_ruleset *rs, const position *p, verdict *v, char *why,
                         size_t cap)
{
    rami_card c = v->move.cards[0];
    char name[8];
    NAME_IF(why, c, name);
    int st = check_in_hand(&p->hands[p->current], &c, 1, why, cap);
    if (st != RAMI_OK)
        return st;
    if (!is_opened(p) && (p->ts.melds > 0)) {
        if (p->ts.points >= rs->opening_points)
            return rami__why(why, cap, RAMI_E_OPENING,
                             "the opening needs a run without joker before you may discard");
        return rami__why(why, cap, RAMI_E_OPENING,
                         "the opening is not complete: %u of %u points laid", p->ts.points,
                         rs->opening_points);
    }
    if (p->ts.pickup_pending) {
        char picked[8];
        return rami__why(why, cap, RAMI_E_PICKUP,
                         "%s, taken from the discard pile, must be melded or "
                         "laid off before you discard",
                         card_name(p->picked, picked));
    }
    if (c == avoid_face(rs, p) && c != RAMI_NO_CARD)
        return rami__why(why, cap, RAMI_E_PICKED,
                         "%s was just taken from the discard pile and may not be discarded", name);
    if (p->ts.replay_pending && play_exists(rs, p, RAMI_JOKER))
        return rami__why(why, cap, RAMI_E_JOKER_REPLAY,
                         "the retrieved joker can be played and must be played before the discard");
    return RAMI_OK;
}

static int validate_at(const rami_ruleset *rs, const position *p, int player, const rami_move *m,
                       verdict *v, char *why, size_t cap)
{
    if (why != NULL && cap > 0)
        why[0] = '\0';
    if (m == NULL || v == NULL)
        return RAMI_E_ARG;
    if (check_shape(m) != RAMI_OK)
        return rami__why(why, cap, RAMI_E_ARG, "malformed move");
    if (player < 0 || player >= rs->players)
        return rami__why(why, cap, RAMI_E_ARG, "no seat %d in a game of %u players", player,
                         rs->players);
    if (p->phase == RAMI_PHASE_ROUND_OVER || p->phase == RAMI_PHASE_MATCH_OVER)
        return rami__why(why, cap, RAMI_E_PHASE, "the %s is over",
                         p->phase == RAMI_PHASE_ROUND_OVER ? "round" : "match");
    if (player != p->current)
        return rami__why(why, cap, RAMI_E_TURN, "it is seat %u's turn", p->current);
    bool draw = m->kind == RAMI_MOVE_DRAW_STOCK || m->kind == RAMI_MOVE_DRAW_DISCARD;
    if (p->phase == RAMI_PHASE_DRAW && !draw)
        return rami__why(why, cap, RAMI_E_PHASE, "draw a card first");
    if (p->phase == RAMI_PHASE_PLAY && draw)
        return rami__why(why, cap, RAMI_E_PHASE, "you have already drawn this turn");

    memset(v, 0, sizeof *v);
    v->move.kind = m->kind;
    v->move.count = m->count;
    v->move.target = m->target;
    v->move.side = m->side;
    memcpy(v->move.cards, m->cards, m->count);
    switch (m->kind) {
    case RAMI_MOVE_DRAW_STOCK:
        return RAMI_OK;
    case RAMI_MOVE_DRAW_DISCARD:
        return check_take(rs, p, v, why, cap);
    case RAMI_MOVE_MELD:
        return check_meld(rs, p, v, why, cap);
    case RAMI_MOVE_LAYOFF:
        return check_layoff(rs, p, v, why, cap);
    case RAMI_MOVE_SWAP:
        return check_swap(rs, p, v, why, cap);
    default:
        return check_discard(rs, p, v, why, cap);
    }
}

int rami__validate(const rami_ruleset *rs, const position *p, int player, const rami_move *m,
                   verdict *v, char *why, size_t why_cap)
{
    return validate_at(rs, p, player, m, v, why, why_cap);
}

/* ---- application ---- */

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

static void apply_meld(const rami_ruleset *rs, position *p, const verdict *v)
{
    const rami_move *m = &v->move;
    hand *h = &p->hands[p->current];
    for (unsigned i = 0; i < m->count; i++)
        hand_remove(h, m->cards[i]);
    p->melds[p->meld_count++] = v->meld;
    p->ts.melds++;
    p->ts.points = (uint16_t)(p->ts.points + rami__meld_points(&v->meld));
    if (v->meld.kind == RAMI_MELD_RUN && v->meld.jokers == 0)
        p->ts.pure_run = 1;
    note_played(p, m->cards, m->count);
    bool pure_ok = p->ts.pure_run || !has_opt(rs, RAMI_OPT_OPEN_PURE_RUN);
    if (!is_opened(p) && p->ts.points >= rs->opening_points && pure_ok) {
        p->ts.opened |= (uint8_t)(1u << p->current);
        p->ts.opened_now = 1;
    }
    after_play(rs, p);
}

void rami__apply(const rami_ruleset *rs, position *p, const verdict *v)
{
    const rami_move *m = &v->move;
    hand *h = &p->hands[p->current];
    switch (m->kind) {
    case RAMI_MOVE_DRAW_STOCK:
        hand_add(h, p->stock[--p->stock_count]);
        p->stock[p->stock_count] = RAMI_NO_CARD;
        p->phase = RAMI_PHASE_PLAY;
        break;
    case RAMI_MOVE_DRAW_DISCARD:
        p->picked = p->discard[--p->discard_count];
        p->discard[p->discard_count] = RAMI_NO_CARD;
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
        p->discard[p->discard_count++] = m->cards[0];
        if (h->size == 0)
            rami__round_end(rs, p, RAMI_END_WENT_OUT);
        else
            rami__turn_end(rs, p);
        break;
    }
}

void rami__unapply(position *p, const undo_rec *u)
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

/* ---- public ---- */

int rami_game_check(const rami_game *g, int player, const rami_move *m, char *why, size_t why_cap)
{
    if (g == NULL) {
        if (why != NULL && why_cap > 0)
            why[0] = '\0';
        return RAMI_E_ARG;
    }
    verdict v;
    return rami__validate(&g->rs, &g->pos, player, m, &v, why, why_cap);
}

int rami_game_play(rami_game *g, int player, const rami_move *m)
{
    if (g == NULL)
        return RAMI_E_ARG;
    verdict v;
    int st = rami__validate(&g->rs, &g->pos, player, m, &v, NULL, 0);
    if (st != RAMI_OK)
        return st;
    return rami__play_verdict(g, &v);
}

static bool is_play(unsigned kind)
{
    return kind == RAMI_MOVE_MELD || kind == RAMI_MOVE_LAYOFF || kind == RAMI_MOVE_SWAP;
}

/* The undo stack holds the plays of the current turn: a discard or the
 * end of the round empties it. */
int rami__play_verdict(rami_game *g, const verdict *v)
{
    int st = rami__log_reserve(g, &v->move);
    if (st != RAMI_OK)
        return st;
    if (is_play(v->move.kind)) {
        undo_rec *u = &g->undo[g->undo_count++];
        u->kind = v->move.kind;
        u->target = v->move.target;
        u->where = v->where;
        u->card = v->move.cards[0];
        u->log_len = g->log_len;
        u->before = g->pos.ts;
    }
    rami__apply(&g->rs, &g->pos, v);
    if (v->move.kind == RAMI_MOVE_DISCARD || g->pos.phase > RAMI_PHASE_PLAY) {
        memset(g->undo, 0, g->undo_count * sizeof g->undo[0]);
        g->undo_count = 0;
    }
    rami__log_push(g, &v->move);
    return RAMI_OK;
}

int rami_game_undo(rami_game *g, int player)
{
    if (g == NULL || player < 0 || player >= g->rs.players)
        return RAMI_E_ARG;
    if (g->pos.phase == RAMI_PHASE_ROUND_OVER || g->pos.phase == RAMI_PHASE_MATCH_OVER)
        return RAMI_E_PHASE;
    if (player != g->pos.current)
        return RAMI_E_TURN;
    if (g->pos.phase != RAMI_PHASE_PLAY || g->undo_count == 0)
        return RAMI_E_UNDO;
    undo_rec u = g->undo[--g->undo_count];
    memset(&g->undo[g->undo_count], 0, sizeof u);
    rami__unapply(&g->pos, &u);
    g->pos.ts = u.before;
    g->log_len = u.log_len;
    return RAMI_OK;
}
