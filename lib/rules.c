/* Move rules (RULES.md §2, §5, §6): validation with a precise reason,
 * application, undo, and the guarantee that a player is never led into a
 * position from which the turn cannot be finished. */
#include <string.h>

#include "rami-private.h"

#define MAX_LOOKAHEAD 48

static bool is_opened(const rami_game *g)
{
    return seat_opened(g, g->pos.current);
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

static bool has_discardable(const rami_game *g)
{
    const hand *h = &g->pos.hands[g->pos.current];
    rami_card avoid = avoid_face(g);
    return h->size > (avoid ? hand_count(h, avoid) : 0u);
}

/* ---- can the turn still be finished? ---- */

static bool finishable(const rami_game *g, unsigned depth);
static int validate_at(const rami_game *g, int player, const rami_move *m, verdict *v,
                       unsigned depth, char *why, size_t cap);

struct play_search {
    const rami_game *g;
    unsigned depth;
    bool found;
};

static bool try_play(void *ctx, const rami_move *m)
{
    struct play_search *ps = ctx;
    verdict v;
    /* Validation of the play includes finishable() of the position after it. */
    if (ps->depth < MAX_LOOKAHEAD &&
        validate_at(ps->g, ps->g->pos.current, m, &v, ps->depth, NULL, 0) == RAMI_OK)
        ps->found = true;
    return !ps->found;
}

/* Is there a legal play (meld, lay-off or swap) using `face`? */
static bool play_exists(const rami_game *g, rami_card face, unsigned depth)
{
    struct play_search ps = {g, depth, false};
    rami__gen_plays(g, face, try_play, &ps);
    return ps.found;
}

/* Points still needed to open (at least 1 while a pure run is missing). */
static int opening_need(const rami_game *g)
{
    int need = (int)g->rs.opening_points - (int)g->pos.ts.points;
    return need > 0 ? need : 1;
}

/* Before opening, with melds laid this turn or the picked card to meld:
 * can the opening be completed by melds from the hand, leaving a legal
 * discard (or nothing, where going out by meld is allowed)? */
static bool opening_reachable(const rami_game *g)
{
    solve_opts o = turn_solve_opts(g, SOLVE_POINTS);
    int need = opening_need(g);
    return rami__solve(&g->pos.hands[g->pos.current], &o, need, NULL) >= need;
}

/* A necessary condition for any meld of a player who has not opened: the
 * whole hand reaches the opening (pure run included) when every other
 * obligation is ignored. Lets move generation skip hopeless melds with one
 * solver call instead of one per candidate. */
bool rami__opening_possible(const rami_game *g)
{
    if (is_opened(g))
        return true;
    solve_opts o = turn_solve_opts(g, SOLVE_POINTS);
    o.must_use = RAMI_NO_CARD;
    o.need_leftover = false;
    int need = opening_need(g);
    return rami__solve(&g->pos.hands[g->pos.current], &o, need, NULL) >= need;
}

/* Can the current player, in the play phase, still end the turn legally? */
static bool finishable(const rami_game *g, unsigned depth)
{
    if (g->pos.phase != RAMI_PHASE_PLAY || g->pos.hands[g->pos.current].size == 0)
        return true;
    if (!is_opened(g)) {
        if (g->pos.ts.melds == 0 && !g->pos.ts.pickup_pending)
            return has_discardable(g);
        return opening_reachable(g);
    }
    if (g->pos.ts.pickup_pending)
        return play_exists(g, g->pos.picked, depth + 1);
    if (g->pos.ts.replay_pending && play_exists(g, RAMI_JOKER, depth + 1))
        return true;
    if (has_discardable(g))
        return true;
    return play_exists(g, RAMI_NO_CARD, depth + 1);
}

/* Status and reason when a play would leave the turn unfinishable. */
static int dead_end(const rami_game *after, char *why, size_t cap)
{
    if (!is_opened(after)) {
        solve_opts o = turn_solve_opts(after, SOLVE_POINTS);
        int best = rami__solve(&after->pos.hands[after->pos.current], &o, 0, NULL);
        int laid = after->pos.ts.points;
        if (best < 0 && o.need_pure_run)
            return rami__why(
                why, cap, RAMI_E_OPENING,
                "after this the opening could not be completed: it needs a run without "
                "joker and the cards left cannot make one");
        if (best < 0)
            best = 0;
        return rami__why(why, cap, RAMI_E_OPENING,
                         "after this meld at most %d of %u points can be laid%s", laid + best,
                         after->rs.opening_points,
                         o.empty_ok ? "" : " while keeping a card to discard");
    }
    if (after->pos.ts.pickup_pending)
        return rami__why(why, cap, RAMI_E_PICKUP,
                         "after this the card taken from the discard pile could not be played");
    if (after->pos.ts.replay_pending)
        return rami__why(
            why, cap, RAMI_E_JOKER_REPLAY,
            "after this the retrieved joker could neither be played nor the turn ended");
    return rami__why(why, cap, RAMI_E_PICKED,
                     "after this no card would be left that you may discard");
}

/* The common case decided without building the position after the play:
 * an opened player with no obligation left who keeps a discardable card or
 * empties the hand. */
static bool finishes_quickly(const rami_game *g, const verdict *v)
{
    const rami_move *m = &v->move;
    const hand *h = &g->pos.hands[g->pos.current];
    bool opened = is_opened(g);
    if (!opened && m->kind == RAMI_MOVE_MELD) {
        unsigned points = g->pos.ts.points + rami__meld_points(&v->meld);
        bool pure = g->pos.ts.pure_run || (v->meld.kind == RAMI_MELD_RUN && v->meld.jokers == 0);
        opened = points >= g->rs.opening_points && (pure || !has_opt(g, RAMI_OPT_OPEN_PURE_RUN));
    }
    if (!opened)
        return false;
    unsigned played = m->kind == RAMI_MOVE_SWAP ? 0 : m->count;
    bool picked_played = false;
    unsigned jokers_played = 0;
    for (unsigned i = 0; i < m->count; i++) {
        picked_played |= m->cards[i] == g->pos.picked;
        jokers_played += m->cards[i] == RAMI_JOKER;
    }
    if (g->pos.ts.pickup_pending && !picked_played)
        return false;
    if (m->kind == RAMI_MOVE_SWAP ? has_opt(g, RAMI_OPT_JOKER_REPLAY)
                                  : g->pos.ts.replay_pending > jokers_played)
        return false;
    unsigned left = h->size - played;
    rami_card avoid = avoid_face(g);
    unsigned avoid_left = 0;
    if (avoid != RAMI_NO_CARD) {
        avoid_left = hand_count(h, avoid);
        for (unsigned i = 0; i < m->count && m->kind != RAMI_MOVE_SWAP; i++)
            avoid_left -= m->cards[i] == avoid;
    }
    return left == 0 || left > avoid_left;
}

/* Builds in *after the position the move leads to (a scratch copy: the
 * log is never written) and tells whether the turn can be finished there. */
static bool finishable_after(const rami_game *g, const verdict *v, unsigned depth, rami_game *after)
{
    memcpy(after, g, sizeof *after);
    rami__apply(after, v);
    return finishable(after, depth);
}

/* Checks the position after a validated play; may reply with a reason. */
static int after_check(const rami_game *g, const verdict *v, unsigned depth, char *why, size_t cap)
{
    if (finishes_quickly(g, v))
        return RAMI_OK;
    rami_game after;
    if (finishable_after(g, v, depth, &after))
        return RAMI_OK;
    return dead_end(&after, why, cap);
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
static int check_table_access(const rami_game *g, const rami_move *m, const char *what, char *why,
                              size_t cap)
{
    if (!is_opened(g))
        return rami__why(why, cap, RAMI_E_NOT_OPENED, "%s need an opening of %u points first", what,
                         g->rs.opening_points);
    if (g->pos.ts.opened_now && !has_opt(g, RAMI_OPT_OPEN_TURN_LAYOFF))
        return rami__why(why, cap, RAMI_E_NOT_OPENED, "%s are allowed from the turn after opening",
                         what);
    if (m->target >= g->pos.meld_count)
        return rami__why(why, cap, RAMI_E_ARG, "there is no table meld %u", m->target + 1u);
    if (g->pos.melds[m->target].owner != g->pos.current && !has_opt(g, RAMI_OPT_LAYOFF_OTHERS))
        return rami__why(
            why, cap, RAMI_E_CLOSED,
            "closed rami: meld %u belongs to seat %u, only your own melds may be touched",
            m->target + 1u, g->pos.melds[m->target].owner);
    return RAMI_OK;
}

/* ---- per kind ---- */

static int check_take(const rami_game *g, verdict *v, unsigned depth, char *why, size_t cap)
{
    if (g->pos.discard_count == 0)
        return rami__why(why, cap, RAMI_E_PICKUP, "the discard pile is empty");
    rami_card top = g->pos.discard[g->pos.discard_count - 1];
    /* Fast path: a card of another face stays discardable. */
    const hand *h = &g->pos.hands[g->pos.current];
    if (!has_opt(g, RAMI_OPT_PICKUP_MUST_MELD) && h->size > hand_count(h, top))
        return RAMI_OK;
    rami_game after;
    if (finishable_after(g, v, depth, &after))
        return RAMI_OK;
    char name[8];
    card_name(top, name);
    if (has_opt(g, RAMI_OPT_PICKUP_MUST_MELD))
        return rami__why(why, cap, RAMI_E_PICKUP,
                         "%s must be melded or laid off this turn and your hand cannot do that",
                         name);
    return rami__why(why, cap, RAMI_E_PICKUP,
                     "after taking %s you would have no card you may discard", name);
}

static int check_meld(const rami_game *g, verdict *v, unsigned depth, char *why, size_t cap)
{
    rami_move *m = &v->move;
    const hand *h = &g->pos.hands[g->pos.current];
    int st = check_in_hand(h, m->cards, m->count, why, cap);
    if (st != RAMI_OK)
        return st;
    unsigned jpm = g->rs.jokers_per_meld;
    st = rami__meld_eval(jpm, m->cards, m->count, m->side, &v->meld, why, cap);
    if (st != RAMI_OK)
        return st;
    bool ambiguous = v->meld.kind == RAMI_MELD_RUN && v->meld.jokers > 0 &&
                     (m->side != RAMI_SIDE_AUTO || has_opt(g, RAMI_OPT_JOKER_CHOICE)) &&
                     rami__meld_ambiguous(jpm, m->cards, m->count);
    if (m->side == RAMI_SIDE_HIGH && ambiguous && !has_opt(g, RAMI_OPT_JOKER_CHOICE))
        return rami__why(why, cap, RAMI_E_MELD,
                         "the joker stands at the lower place: JOKER_CHOICE is off");
    if (m->side != RAMI_SIDE_AUTO && v->meld.kind == RAMI_MELD_SET)
        return rami__why(why, cap, RAMI_E_MELD, "a set has no joker place to choose");
    /* Canonical form: table order, side only where the player chose. */
    memcpy(m->cards, v->meld.cards, m->count);
    m->side = RAMI_SIDE_AUTO;
    if (ambiguous && has_opt(g, RAMI_OPT_JOKER_CHOICE)) {
        tmeld low;
        rami__meld_eval(jpm, m->cards, m->count, RAMI_SIDE_LOW, &low, NULL, 0);
        m->side = low.lo == v->meld.lo ? RAMI_SIDE_LOW : RAMI_SIDE_HIGH;
    }
    v->meld.owner = g->pos.current;
    if (h->size == m->count && !has_opt(g, RAMI_OPT_GO_OUT_BY_MELD))
        return rami__why(why, cap, RAMI_E_MUST_DISCARD,
                         "strict rami: the last card must be discarded, keep one in hand");
    return after_check(g, v, depth, why, cap);
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
static int layoff_end(const rami_game *g, rami_move *m, bool fit_low, bool fit_high,
                      const char *name, const char *list, char *why, size_t cap)
{
    bool choice = m->cards[0] != RAMI_JOKER || has_opt(g, RAMI_OPT_JOKER_CHOICE);
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

static int check_layoff(const rami_game *g, verdict *v, unsigned depth, char *why, size_t cap)
{
    rami_move *m = &v->move;
    int st = check_table_access(g, m, "lay-offs", why, cap);
    if (st != RAMI_OK)
        return st;
    rami_card c = m->cards[0];
    st = check_in_hand(&g->pos.hands[g->pos.current], &c, 1, why, cap);
    if (st != RAMI_OK)
        return st;
    const tmeld *t = &g->pos.melds[m->target];
    char name[8], list[RAMI_MAX_MELD * 4 + 4];
    NAME_IF(why, c, name);
    list[0] = '\0';
    if (why != NULL)
        rami__cards_text(t->cards, t->count, list, sizeof list);
    bool fit_low, fit_high;
    int fit = rami__fit_card(t, c, g->rs.jokers_per_meld, &fit_low, &fit_high);
    if (fit != FIT_JOKERS && t->kind == RAMI_MELD_SET && m->side != RAMI_SIDE_AUTO)
        return rami__why(why, cap, RAMI_E_LAYOFF, "a set has no ends to choose");
    if (fit != FIT_OK)
        return layoff_refusal(fit, t, name, list, why, cap);
    int where = WHERE_SET;
    if (t->kind == RAMI_MELD_RUN)
        where = layoff_end(g, m, fit_low, fit_high, name, list, why, cap);
    if (where < 0)
        return where;
    v->meld = *t;
    rami__meld_lay(&v->meld, c, (unsigned)where);
    v->where = (uint8_t)where;
    if (g->pos.hands[g->pos.current].size == 1 && !has_opt(g, RAMI_OPT_GO_OUT_BY_MELD))
        return rami__why(why, cap, RAMI_E_MUST_DISCARD,
                         "strict rami: the last card must be discarded, not laid off");
    return after_check(g, v, depth, why, cap);
}

static int check_swap(const rami_game *g, verdict *v, unsigned depth, char *why, size_t cap)
{
    rami_move *m = &v->move;
    if (!has_opt(g, RAMI_OPT_JOKER_SWAP))
        return rami__why(why, cap, RAMI_E_SWAP, "joker retrieval is off in this ruleset");
    int st = check_table_access(g, m, "joker swaps", why, cap);
    if (st != RAMI_OK)
        return st;
    rami_card c = m->cards[0];
    char name[8], list[RAMI_MAX_MELD * 4 + 4];
    NAME_IF(why, c, name);
    if (c == RAMI_JOKER)
        return rami__why(why, cap, RAMI_E_SWAP, "a joker is retrieved with the card it stands for");
    st = check_in_hand(&g->pos.hands[g->pos.current], &c, 1, why, cap);
    if (st != RAMI_OK)
        return st;
    const tmeld *t = &g->pos.melds[m->target];
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
    return after_check(g, v, depth, why, cap);
}

static int check_discard(const rami_game *g, verdict *v, unsigned depth, char *why, size_t cap)
{
    rami_card c = v->move.cards[0];
    char name[8];
    NAME_IF(why, c, name);
    int st = check_in_hand(&g->pos.hands[g->pos.current], &c, 1, why, cap);
    if (st != RAMI_OK)
        return st;
    if (!is_opened(g) && (g->pos.ts.melds > 0)) {
        if (g->pos.ts.points >= g->rs.opening_points)
            return rami__why(why, cap, RAMI_E_OPENING,
                             "the opening needs a run without joker before you may discard");
        return rami__why(why, cap, RAMI_E_OPENING,
                         "the opening is not complete: %u of %u points laid", g->pos.ts.points,
                         g->rs.opening_points);
    }
    if (g->pos.ts.pickup_pending) {
        char p[8];
        return rami__why(why, cap, RAMI_E_PICKUP,
                         "%s, taken from the discard pile, must be melded or "
                         "laid off before you discard",
                         card_name(g->pos.picked, p));
    }
    if (c == avoid_face(g) && c != RAMI_NO_CARD)
        return rami__why(why, cap, RAMI_E_PICKED,
                         "%s was just taken from the discard pile and may not be discarded", name);
    if (g->pos.ts.replay_pending && play_exists(g, RAMI_JOKER, depth + 1))
        return rami__why(why, cap, RAMI_E_JOKER_REPLAY,
                         "the retrieved joker can be played and must be played before the discard");
    return RAMI_OK;
}

static int validate_at(const rami_game *g, int player, const rami_move *m, verdict *v,
                       unsigned depth, char *why, size_t cap)
{
    if (why != NULL && cap > 0)
        why[0] = '\0';
    if (g == NULL || m == NULL || v == NULL)
        return RAMI_E_ARG;
    if (check_shape(m) != RAMI_OK)
        return rami__why(why, cap, RAMI_E_ARG, "malformed move");
    if (player < 0 || player >= g->rs.players)
        return rami__why(why, cap, RAMI_E_ARG, "no seat %d in a game of %u players", player,
                         g->rs.players);
    if (g->pos.phase == RAMI_PHASE_ROUND_OVER || g->pos.phase == RAMI_PHASE_MATCH_OVER)
        return rami__why(why, cap, RAMI_E_PHASE, "the %s is over",
                         g->pos.phase == RAMI_PHASE_ROUND_OVER ? "round" : "match");
    if (player != g->pos.current)
        return rami__why(why, cap, RAMI_E_TURN, "it is seat %u's turn", g->pos.current);
    bool draw = m->kind == RAMI_MOVE_DRAW_STOCK || m->kind == RAMI_MOVE_DRAW_DISCARD;
    if (g->pos.phase == RAMI_PHASE_DRAW && !draw)
        return rami__why(why, cap, RAMI_E_PHASE, "draw a card first");
    if (g->pos.phase == RAMI_PHASE_PLAY && draw)
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
        return check_take(g, v, depth, why, cap);
    case RAMI_MOVE_MELD:
        return check_meld(g, v, depth, why, cap);
    case RAMI_MOVE_LAYOFF:
        return check_layoff(g, v, depth, why, cap);
    case RAMI_MOVE_SWAP:
        return check_swap(g, v, depth, why, cap);
    default:
        return check_discard(g, v, depth, why, cap);
    }
}

int rami__validate(const rami_game *g, int player, const rami_move *m, verdict *v, char *why,
                   size_t why_cap)
{
    return validate_at(g, player, m, v, 0, why, why_cap);
}

/* ---- application ---- */

static void push_undo(rami_game *g, const verdict *v)
{
    undo_rec *u = &g->undo[g->undo_count++];
    u->kind = v->move.kind;
    u->target = v->move.target;
    u->where = v->where;
    u->card = v->move.cards[0];
    u->log_len = g->log_len;
    u->before = g->pos.ts;
}

/* Bookkeeping shared by melds, lay-offs and swaps: the cards that went to
 * the table may settle the picked card and retrieved jokers. */
static void note_played(rami_game *g, const rami_card *cards, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (g->pos.ts.pickup_pending && cards[i] == g->pos.picked)
            g->pos.ts.pickup_pending = 0;
        if (cards[i] == RAMI_JOKER && g->pos.ts.replay_pending)
            g->pos.ts.replay_pending--;
    }
}

static void after_play(rami_game *g)
{
    if (g->pos.hands[g->pos.current].size == 0)
        rami__round_end(g, RAMI_END_WENT_OUT);
}

void rami__apply(rami_game *g, const verdict *v)
{
    const rami_move *m = &v->move;
    hand *h = &g->pos.hands[g->pos.current];
    switch (m->kind) {
    case RAMI_MOVE_DRAW_STOCK:
        hand_add(h, g->pos.stock[--g->pos.stock_count]);
        g->pos.stock[g->pos.stock_count] = RAMI_NO_CARD;
        g->pos.phase = RAMI_PHASE_PLAY;
        break;
    case RAMI_MOVE_DRAW_DISCARD:
        g->pos.picked = g->pos.discard[--g->pos.discard_count];
        g->pos.discard[g->pos.discard_count] = RAMI_NO_CARD;
        hand_add(h, g->pos.picked);
        g->pos.ts.pickup_pending = has_opt(g, RAMI_OPT_PICKUP_MUST_MELD);
        g->pos.phase = RAMI_PHASE_PLAY;
        break;
    case RAMI_MOVE_MELD: {
        push_undo(g, v);
        for (unsigned i = 0; i < m->count; i++)
            hand_remove(h, m->cards[i]);
        g->pos.melds[g->pos.meld_count++] = v->meld;
        g->pos.ts.melds++;
        g->pos.ts.points = (uint16_t)(g->pos.ts.points + rami__meld_points(&v->meld));
        if (v->meld.kind == RAMI_MELD_RUN && v->meld.jokers == 0)
            g->pos.ts.pure_run = 1;
        note_played(g, m->cards, m->count);
        bool pure_ok = g->pos.ts.pure_run || !has_opt(g, RAMI_OPT_OPEN_PURE_RUN);
        if (!is_opened(g) && g->pos.ts.points >= g->rs.opening_points && pure_ok) {
            g->pos.ts.opened |= (uint8_t)(1u << g->pos.current);
            g->pos.ts.opened_now = 1;
        }
        after_play(g);
        break;
    }
    case RAMI_MOVE_LAYOFF:
        push_undo(g, v);
        hand_remove(h, m->cards[0]);
        g->pos.melds[m->target] = v->meld;
        note_played(g, m->cards, 1);
        after_play(g);
        break;
    case RAMI_MOVE_SWAP:
        push_undo(g, v);
        hand_remove(h, m->cards[0]);
        hand_add(h, RAMI_JOKER);
        g->pos.melds[m->target] = v->meld;
        note_played(g, m->cards, 1);
        if (has_opt(g, RAMI_OPT_JOKER_REPLAY))
            g->pos.ts.replay_pending++;
        break;
    default: /* RAMI_MOVE_DISCARD */
        hand_remove(h, m->cards[0]);
        g->pos.discard[g->pos.discard_count++] = m->cards[0];
        memset(g->undo, 0, g->undo_count * sizeof g->undo[0]);
        g->undo_count = 0;
        if (h->size == 0)
            rami__round_end(g, RAMI_END_WENT_OUT);
        else
            rami__turn_end(g);
        break;
    }
}

/* ---- public ---- */

int rami_game_check(const rami_game *g, int player, const rami_move *m, char *why, size_t why_cap)
{
    verdict v;
    return rami__validate(g, player, m, &v, why, why_cap);
}

int rami_game_play(rami_game *g, int player, const rami_move *m)
{
    verdict v;
    int st = rami__validate(g, player, m, &v, NULL, 0);
    if (st != RAMI_OK)
        return st;
    return rami__play_verdict(g, &v);
}

int rami__play_verdict(rami_game *g, const verdict *v)
{
    int st = rami__log_reserve(g, &v->move);
    if (st != RAMI_OK)
        return st;
    rami__apply(g, v);
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
    hand *h = &g->pos.hands[g->pos.current];
    tmeld *t = &g->pos.melds[u.target];
    switch (u.kind) {
    case RAMI_MOVE_MELD:
        t = &g->pos.melds[--g->pos.meld_count];
        for (unsigned i = 0; i < t->count; i++)
            hand_add(h, t->cards[i]);
        memset(t, 0, sizeof *t);
        break;
    case RAMI_MOVE_LAYOFF:
        rami__meld_unlay(t, u.card, u.where);
        hand_add(h, u.card);
        break;
    default: /* RAMI_MOVE_SWAP */
        rami__meld_unswap(t, u.where, u.card);
        hand_remove(h, RAMI_JOKER);
        hand_add(h, u.card);
        break;
    }
    g->pos.ts = u.before;
    g->log_len = u.log_len;
    return RAMI_OK;
}
