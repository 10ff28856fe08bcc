/* Move rules (RULES.md §2, §5, §6) that need no look-ahead: the shape of
 * a move, whose turn it is, the cards in hand, melds, lay-offs and swaps
 * (meld.c and fit.c), table access and what may be discarded, every
 * refusal with a precise reason. What depends on the turn staying
 * finishable after the move is added by finish.c. */
#include "rules.h"

/* A card's name, only when a reason is wanted: validation runs for every
 * candidate move. */
#define NAME_IF(why, c, buf)                                                                       \
    ((why) != NULL ? rami__card_name((c), (buf)) : ((buf)[0] = '\0', (buf)))

/* ---- move shape ---- */

/* What each move kind may carry (index: rami_move_kind). */
static const struct shape {
    uint8_t min, max; /* cards */
    bool target;      /* names a table meld */
    bool side;        /* may name an end or a joker's place */
} shapes[] = {
    [RAMI_MOVE_DRAW_STOCK] = {0, 0, false, false},
    [RAMI_MOVE_DRAW_DISCARD] = {0, 0, false, false},
    [RAMI_MOVE_MELD] = {1, RAMI_MAX_MELD, false, true},
    [RAMI_MOVE_LAYOFF] = {1, 1, true, true},
    [RAMI_MOVE_SWAP] = {1, 1, true, false},
    [RAMI_MOVE_DISCARD] = {1, 1, false, false},
};

static int check_shape(const rami_move *m)
{
    if (m->kind < RAMI_MOVE_DRAW_STOCK || m->kind > RAMI_MOVE_DISCARD || m->side > RAMI_SIDE_HIGH)
        return RAMI_E_ARG;
    const struct shape *s = &shapes[m->kind];
    if (m->count < s->min || m->count > s->max || (m->target != 0 && !s->target) ||
        (m->side != 0 && !s->side))
        return RAMI_E_ARG;
    for (unsigned i = 0; i < m->count; i++)
        if (!card_is_valid(m->cards[i]))
            return RAMI_E_ARG;
    return RAMI_OK;
}

/* A plane of a hand (4 suits of 16 bits) as one word: bit 16 s + r. */
static inline uint64_t plane_word(const uint16_t plane[4])
{
    return (uint64_t)plane[0] | (uint64_t)plane[1] << 16 | (uint64_t)plane[2] << 32 |
           (uint64_t)plane[3] << 48;
}

/* Are the cards in h, copies counted? Decided by bit planes (the move's
 * faces as a hand of its own, plane by plane within h's, each plane one
 * 64-bit word). False when it cannot tell (a fourth copy of a face):
 * check_in_hand then counts. */
static bool in_hand_by_planes(const hand *h, const rami_card *cards, unsigned n)
{
    uint64_t one = 0, two = 0, three = 0;
    unsigned jokers = 0;
    for (unsigned i = 0; i < n; i++) {
        if (cards[i] == RAMI_JOKER) {
            jokers++;
            continue;
        }
        uint64_t bit = (uint64_t)1 << (16u * RAMI_CARD_SUIT(cards[i]) + RAMI_CARD_RANK(cards[i]));
        if (three & bit)
            return false;
        three |= two & bit;
        two |= one & bit;
        one |= bit;
    }
    uint64_t missing = (one & ~plane_word(h->mask)) | (two & ~plane_word(h->two)) |
                       (three & ~plane_word(h->three));
    return missing == 0 && jokers <= h->jokers;
}

/* The first card of the move the hand lacks, with the reason (RAMI_OK
 * when there is none). */
RAMI_NOINLINE static int in_hand_refusal(const hand *h, const rami_card *cards, unsigned n,
                                         char *why, size_t cap)
{
    for (unsigned i = 0; i < n; i++) {
        unsigned need = 0;
        for (unsigned j = 0; j < n; j++)
            need += cards[j] == cards[i];
        unsigned have = hand_count(h, cards[i]);
        if (have < need) {
            char name[8];
            rami__card_name(cards[i], name);
            if (have == 0)
                return rami__why(why, cap, RAMI_E_NOT_IN_HAND, "%s is not in your hand", name);
            return rami__why(why, cap, RAMI_E_NOT_IN_HAND,
                             "the move needs %u x %s, your hand has %u", need, name, have);
        }
    }
    return RAMI_OK;
}

static inline int check_in_hand(const hand *h, const rami_card *cards, unsigned n, char *why,
                                size_t cap)
{
    if (n == 1 ? hand_count(h, cards[0]) > 0 : in_hand_by_planes(h, cards, n))
        return RAMI_OK;
    return in_hand_refusal(h, cards, n, why, cap);
}

/* Lay-offs and swaps need an opened player, from the next turn on where
 * OPEN_TURN_LAYOFF is off, and other players' melds only where allowed. */
static int check_table_access(const rami_ruleset *rs, const position *p, const rami_move *m,
                              const char *what, char *why, size_t cap)
{
    if (!is_opened(p))
        return rami__why(why, cap, RAMI_E_NOT_OPENED, "%s need an opening of %u points first", what,
                         rs->opening_points);
    if (!table_allowed(rs, p))
        return rami__why(why, cap, RAMI_E_OPENING_TURN,
                         "you opened this turn: %s are allowed from your next turn on", what);
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

static int judge_take(const position *p, char *why, size_t cap)
{
    if (p->discard_count == 0)
        return rami__why(why, cap, RAMI_E_PICKUP, "the discard pile is empty");
    return RAMI_OK;
}

_Static_assert(sizeof(((rami_move *)0)->cards) == sizeof(((tmeld *)0)->cards),
               "judge_meld copies a meld's whole card array into the move");

/* judge_meld once the cards are known to be in hand. */
static inline int judge_meld_held(const rami_ruleset *rs, const position *p, verdict *v, char *why,
                                  size_t cap)
{
    rami_move *m = &v->move;
    const hand *h = &p->hands[p->current];
    unsigned jpm = rs->jokers_per_meld;
    int st = rami__meld_eval(jpm, m->cards, m->count, m->side, &v->meld, why, cap);
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
    /* Canonical form: table order, side only where the player chose. The
     * whole array, a fixed size (no call): past count both are zero
     * (judge_kind clears v, rami__meld_eval clears the meld). */
    memcpy(m->cards, v->meld.cards, sizeof m->cards);
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
    return RAMI_OK;
}

RAMI_NOINLINE static int judge_meld(const rami_ruleset *rs, const position *p, verdict *v,
                                    char *why, size_t cap)
{
    const rami_move *m = &v->move;
    int st = check_in_hand(&p->hands[p->current], m->cards, m->count, why, cap);
    if (st != RAMI_OK)
        return st;
    return judge_meld_held(rs, p, v, why, cap);
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

RAMI_NOINLINE static int judge_layoff(const rami_ruleset *rs, const position *p, verdict *v,
                                      char *why, size_t cap)
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
    return RAMI_OK;
}

RAMI_NOINLINE static int judge_swap(const rami_ruleset *rs, const position *p, verdict *v,
                                    char *why, size_t cap)
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
    bool any_suit = has_opt(rs, RAMI_OPT_SET_SWAP_ANY);
    int index = rami__joker_for(t, c, any_suit);
    if (index < 0) {
        if (t->kind == RAMI_MELD_SET && t->count - t->jokers < 3 && !any_suit)
            return rami__why(why, cap, RAMI_E_SWAP,
                             "the joker of %s can be retrieved only when the set holds 3 natural "
                             "cards",
                             list);
        return rami__why(why, cap, RAMI_E_SWAP, "no joker of %s stands for %s", list, name);
    }
    v->meld = *t;
    rami__meld_swap(&v->meld, (unsigned)index, c);
    v->where = (uint8_t)index;
    return RAMI_OK;
}

/* Why no card may be discarded now (discard_turn_ok is false). */
RAMI_NOINLINE static int discard_turn_refusal(const rami_ruleset *rs, const position *p, char *why,
                                              size_t cap)
{
    if (!is_opened(p) && (p->ts.melds > 0)) {
        if (p->ts.points >= rs->opening_points)
            return rami__why(why, cap, RAMI_E_OPENING,
                             "the opening needs a run without joker before you may discard");
        return rami__why(why, cap, RAMI_E_OPENING,
                         "the opening is not complete: %u of %u points laid", p->ts.points,
                         rs->opening_points);
    }
    char picked[8];
    return rami__why(why, cap, RAMI_E_PICKUP_MELD,
                     "%s, taken from the discard pile, must be melded or "
                     "laid off before you discard",
                     NAME_IF(why, p->picked, picked));
}

RAMI_NOINLINE static int judge_discard(const rami_ruleset *rs, const position *p, verdict *v,
                                       char *why, size_t cap)
{
    rami_card c = v->move.cards[0];
    int st = check_in_hand(&p->hands[p->current], &c, 1, why, cap);
    if (st != RAMI_OK)
        return st;
    if (!discard_turn_ok(p))
        return discard_turn_refusal(rs, p, why, cap);
    char name[8];
    switch (discard_bar(rs, p, c)) {
    case DISCARD_PICKED:
        return rami__why(why, cap, RAMI_E_PICKED,
                         "%s was just taken from the discard pile and may not be discarded",
                         NAME_IF(why, c, name));
    case DISCARD_JOKER:
        return rami__why(why, cap, RAMI_E_JOKER_DISCARD,
                         "house rule: a joker may not be discarded while you hold another card");
    case DISCARD_JOKER_OUT:
        return rami__why(why, cap, RAMI_E_JOKER_DISCARD,
                         "house rule: you may not go out by discarding a joker: play it");
    default:
        return RAMI_OK;
    }
}

/* Whose turn and which phase: the first fault of the move's shape, seat
 * and phase (TURN_OK when there is none); turn_refusal words it. */
enum turn_fault {
    TURN_OK,
    TURN_SHAPE,
    TURN_SEAT,
    TURN_OVER,
    TURN_NOT_YOURS,
    TURN_DRAW,
    TURN_DRAWN
};

static inline int turn_fault(const rami_ruleset *rs, const position *p, int player,
                             const rami_move *m)
{
    if (check_shape(m) != RAMI_OK)
        return TURN_SHAPE;
    if (player < 0 || player >= rs->players)
        return TURN_SEAT;
    if (p->phase == RAMI_PHASE_ROUND_OVER || p->phase == RAMI_PHASE_MATCH_OVER)
        return TURN_OVER;
    if (player != p->current)
        return TURN_NOT_YOURS;
    bool draw = m->kind == RAMI_MOVE_DRAW_STOCK || m->kind == RAMI_MOVE_DRAW_DISCARD;
    if (p->phase == RAMI_PHASE_DRAW && !draw)
        return TURN_DRAW;
    if (p->phase == RAMI_PHASE_PLAY && draw)
        return TURN_DRAWN;
    return TURN_OK;
}

/* The status and reason of a turn_fault (out of line: the accepted moves
 * need no frame for the wording). */
RAMI_NOINLINE static int turn_refusal(int fault, const rami_ruleset *rs, const position *p,
                                      int player, char *why, size_t cap)
{
    switch (fault) {
    case TURN_SHAPE:
        return rami__why(why, cap, RAMI_E_ARG, "malformed move");
    case TURN_SEAT:
        return rami__why(why, cap, RAMI_E_ARG, "no seat %d in a game of %u players", player,
                         rs->players);
    case TURN_OVER:
        return rami__why(why, cap, RAMI_E_PHASE, "the %s is over",
                         p->phase == RAMI_PHASE_ROUND_OVER ? "round" : "match");
    case TURN_NOT_YOURS:
        return rami__why(why, cap, RAMI_E_TURN, "it is seat %u's turn", p->current);
    case TURN_DRAW:
        return rami__why(why, cap, RAMI_E_PHASE, "draw a card first");
    default:
        return rami__why(why, cap, RAMI_E_PHASE, "you have already drawn this turn");
    }
}

static int judge_kind(const rami_ruleset *rs, const position *p, const rami_move *m, verdict *v,
                      char *why, size_t cap)
{
    memset(v, 0, sizeof *v);
    v->move.kind = m->kind;
    v->move.count = m->count;
    v->move.target = m->target;
    v->move.side = m->side;
    if (m->count == 1) /* a discard, lay-off or swap: no call to memcpy */
        v->move.cards[0] = m->cards[0];
    else if (m->count > 1) /* a meld (a draw has no cards) */
        memcpy(v->move.cards, m->cards, m->count);
    switch (m->kind) {
    case RAMI_MOVE_DRAW_STOCK:
        return RAMI_OK;
    case RAMI_MOVE_DRAW_DISCARD:
        return judge_take(p, why, cap);
    case RAMI_MOVE_MELD:
        return judge_meld(rs, p, v, why, cap);
    case RAMI_MOVE_LAYOFF:
        return judge_layoff(rs, p, v, why, cap);
    case RAMI_MOVE_SWAP:
        return judge_swap(rs, p, v, why, cap);
    default:
        return judge_discard(rs, p, v, why, cap);
    }
}

int rami__judge(const rami_ruleset *rs, const position *p, int player, const rami_move *m,
                verdict *v, char *why, size_t cap)
{
    if (why != NULL && cap > 0)
        why[0] = '\0';
    if (m == NULL || v == NULL)
        return RAMI_E_ARG;
    int fault = turn_fault(rs, p, player, m);
    if (fault != TURN_OK)
        return turn_refusal(fault, rs, p, player, why, cap);
    return judge_kind(rs, p, m, v, why, cap);
}

int rami__judge_candidate(const rami_ruleset *rs, const position *p, const rami_move *m, verdict *v)
{
    return judge_kind(rs, p, m, v, NULL, 0);
}

int rami__judge_generated_meld(const rami_ruleset *rs, const position *p, const rami_move *m,
                               verdict *v)
{
    memset(v, 0, sizeof *v);
    v->move.kind = RAMI_MOVE_MELD;
    v->move.count = m->count;
    v->move.side = m->side;
    memcpy(v->move.cards, m->cards, m->count);
    return judge_meld_held(rs, p, v, NULL, 0);
}

int rami__judge_draw(const position *p, unsigned kind)
{
    return kind == RAMI_MOVE_DRAW_DISCARD ? judge_take(p, NULL, 0) : RAMI_OK;
}
