/* The turn-completion search (RULES.md §2, "no dead ends") and the
 * retrieved-joker rule (§6.3): a take or a play is legal only if the
 * current player can still end the turn legally after it (complete the
 * opening, play the card taken under PICKUP_MUST_MELD, keep a card that
 * may be discarded, or go out with the opening complete), and while a
 * retrieved joker is unplayed a move may not take away its last play.
 * rami__validate is the full check of a move: the rules of rules.c, then
 * rami__finish_check.
 *
 * "Can the turn still be finished?" is decided exactly, for every option:
 * the answer is yes when a card may be discarded now, or when some legal
 * play leads to a position where it is yes (or goes out legally). It is
 * searched in three tiers:
 *
 * 1. Arithmetic (quick_finish, can_end_now): the play leaves the player
 *    opened, the card taken played and a card that may be discarded. This
 *    is nearly every move of a game.
 * 2. The hand solver, where only melds can follow: before the opening
 *    (without OPEN_TURN_LAYOFF every play of the turn is a meld) and in
 *    the turn of the opening without OPEN_TURN_LAYOFF, "can the turn be
 *    finished" is "do disjoint melds exist that complete the opening, use
 *    the card taken if it must be played, and leave a card to discard or
 *    nothing", which rami__solve answers exactly. With OPEN_TURN_LAYOFF a
 *    solver "yes" is still a yes, and a solver "the opening cannot be
 *    reached even ignoring what is left over" is still a no.
 * 3. Otherwise (lay-offs and swaps can follow: the card taken is still to
 *    be played, or every card left is one that may not be discarded, or
 *    an opening whose leftover only lay-offs can clear) a depth-first
 *    search over every legal play, in the order of the move generator
 *    (plays of the card taken first). Two exact cuts keep it small: while
 *    the card taken must still be played, only plays that can help it
 *    (helps()) are tried before it, since the others touch cards and melds
 *    it can never use and may as well follow it; and a position where the
 *    card taken can never be played, even counting every joker the turn
 *    could bring into the hand (may_be_played()), is a no at once.
 *
 * The search has no depth cap: it ends because every play lowers 2 x
 * (naturals in hand) + (jokers in hand) (a meld takes at least two
 * naturals, a lay-off one card, a swap gives a natural for a joker), so a
 * line of play is at most 2 x (RAMI_MAX_HAND + 1) plays long. Positions it
 * has decided are remembered in a memo keyed by the exact position (the
 * hand, the turn's state, the table melds that differ from the position
 * the moves are judged from, new melds in canonical order), shared by all
 * the moves judged from one position. So it visits every distinct
 * position reachable by plays in the turn at most once while its entry
 * lasts (a slot is overwritten by a colliding key; the memo holds
 * FINISH_MEMO_SLOTS positions, and keys of more than FINISH_KEY_MAX bytes,
 * positions more than 7 plays from the judged one, are not remembered).
 * That number is the worst case: exponential in the cards in hand in
 * theory (every set of cards of a hand that can all be laid off, in every
 * arrangement on the table). In practice the full search runs for about 1
 * move in 100 of the hard rulesets of tests/finish.c and visits at most a
 * few dozen positions (tests/finish.c prints and pins the figures; a
 * "yes" stops at the first way found).
 *
 * Before the opening, the move list judges its candidate melds without a
 * search each (opening_shortcut): the relaxed search that decides whether
 * any meld can be legal keeps the melds it found (a witness); a
 * candidate that leaves some of them, with the points, the pure run, the
 * card taken and a card to discard, is legal (the solver would find those
 * melds); one after which the relaxed search fails is not; only the rest
 * go through can_finish. rami__validate, which words reasons, does not
 * take this path, and tests/finish.c compares the two.
 *
 * JOKER_REPLAY needs no part in the search: while a retrieved joker can
 * be played, a legal play of it exists, so "can the turn be finished" has
 * the same answer with and without the rule. It is checked on the move
 * judged: a move that plays no joker is refused if a joker could be played
 * before it and not after it; a discard is refused while one can be. */
#include "finish.h"

/* ---- the memo ---- */

/* Longest key: hand and turn (18 bytes), then 5 per table meld. */
#define KEY_ROOM (18u + 5u * MAX_TABLE_MELDS)

void rami__finish_begin(finish_ctx *c, const rami_ruleset *rs, const position *root,
                        finish_memo *memo)
{
    c->rs = rs;
    c->root = root;
    c->memo = memo;
    c->memo_ready = false;
    c->root_joker = -1;
    c->searched = 0;
    c->shortcut[0] = c->shortcut[1] = 0;
    c->witness.state = -1;
}

void rami__finish_end(finish_ctx *c)
{
    c->memo = NULL;
}

/* A table meld in 32 bits: a set by rank, suits of its naturals and jokers;
 * a run by suit, ends and the places of its jokers. Melds never hold two
 * equal cards, so this is the meld. */
static uint32_t meld_code(const tmeld *t)
{
    uint32_t bits = 0;
    if (t->kind == RAMI_MELD_SET) {
        for (unsigned k = 0; k < t->count; k++)
            if (t->cards[k] != RAMI_JOKER)
                bits |= 1u << RAMI_CARD_SUIT(t->cards[k]);
        return (uint32_t)t->rank << 8 | bits << 4 | t->jokers;
    }
    for (unsigned k = 0; k < t->count; k++)
        if (t->cards[k] == RAMI_JOKER)
            bits |= 1u << k;
    return 1u << 31 | (uint32_t)t->suit << 28 | (uint32_t)t->lo << 24 | (uint32_t)t->hi << 20 |
           bits;
}

static size_t put_code(uint8_t *k, size_t n, uint8_t tag, uint32_t code)
{
    k[n] = tag;
    for (unsigned b = 0; b < 4; b++)
        k[n + 1 + b] = (uint8_t)(code >> (8 * b));
    return n + 5;
}

/* The hand (2 bits a face: a face has at most 3 copies) and the turn. */
static size_t key_hand_turn(const position *p, uint8_t *k)
{
    const hand *h = &p->hands[p->current];
    memset(k, 0, 13);
    for (unsigned s = 0; s < 4; s++) {
        for (unsigned m = h->mask[s]; m; m &= m - 1) {
            unsigned r = lowest_bit(m), i = s * 13 + r - 1;
            k[i >> 2] |= (uint8_t)(hand_face(h, s, r) << ((i & 3u) * 2));
        }
    }
    k[13] = h->jokers;
    bool op = is_opened(p);
    const turn_state *ts = &p->ts;
    /* Once opened, the points and melds of the opening no longer matter. */
    unsigned pts = op ? 0u : ts->points;
    unsigned flags =
        (unsigned)op | (unsigned)ts->opened_now << 1 | (unsigned)ts->pickup_pending << 2;
    if (!op)
        flags |= (ts->melds > 0 ? 8u : 0u) | (unsigned)ts->pure_run << 4;
    k[14] = (uint8_t)flags;
    k[15] = (uint8_t)pts;
    k[16] = (uint8_t)(pts >> 8);
    k[17] = p->picked;
    return 18;
}

/* The exact key of a position reached from c->root by plays: hand, turn,
 * the root's melds that changed (by index) and the new melds (sorted:
 * their order does not matter). */
static size_t memo_key(const finish_ctx *c, const position *p, uint8_t *k)
{
    size_t n = key_hand_turn(p, k);
    uint32_t fresh[MAX_TABLE_MELDS];
    unsigned nf = 0;
    for (unsigned i = 0; i < p->meld_count; i++) {
        const tmeld *t = &p->melds[i];
        if (i >= c->root->meld_count)
            fresh[nf++] = meld_code(t);
        else if (memcmp(t, &c->root->melds[i], sizeof *t) != 0)
            n = put_code(k, n, (uint8_t)i, meld_code(t));
    }
    for (unsigned i = 1; i < nf; i++)
        for (unsigned j = i; j > 0 && fresh[j - 1] > fresh[j]; j--) {
            uint32_t x = fresh[j];
            fresh[j] = fresh[j - 1];
            fresh[j - 1] = x;
        }
    for (unsigned i = 0; i < nf; i++)
        n = put_code(k, n, 0xFF, fresh[i]);
    return n;
}

static uint64_t key_hash(const uint8_t *k, size_t n)
{
    uint64_t h = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ k[i]) * 0x100000001B3ull;
    return h;
}

/* The slot of a key, or NULL when the key is too long to remember; *held:
 * the slot holds a key (else its bytes are not to be read). */
static memo_entry *memo_slot(finish_ctx *c, size_t n, uint64_t hash, bool *held)
{
    *held = false;
    if (n > FINISH_KEY_MAX)
        return NULL;
    finish_memo *m = c->memo;
    if (!c->memo_ready) {
        memset(m->used, 0, sizeof m->used);
        c->memo_ready = true;
    }
    size_t i = hash & (FINISH_MEMO_SLOTS - 1u);
    *held = (m->used[i / 64] >> (i % 64) & 1u) != 0;
    return &m->slot[i];
}

/* Writes a decided position into its slot e (from memo_slot). */
static void memo_put(finish_ctx *c, memo_entry *e, const uint8_t *key, size_t n, uint64_t hash,
                     bool value)
{
    size_t i = (size_t)(e - c->memo->slot);
    c->memo->used[i / 64] |= (uint64_t)1 << (i % 64);
    e->hash = hash;
    e->len = (uint8_t)n;
    e->value = value;
    memcpy(e->key, key, n);
}

/* ---- tiers 1 and 2 ---- */

/* May the turn end now with a discard, the retrieved joker aside: the
 * opening not left half made, the card taken (PICKUP_MUST_MELD) played,
 * and a card left that may be discarded (RULES.md §2.3). The rules of
 * judge_discard in rules.c, on the whole hand. */
static bool can_end_now(const rami_ruleset *rs, const position *p)
{
    return discard_turn_ok(p) && has_discardable(rs, &p->hands[p->current], avoid_face(rs, p));
}

/* Is the player opened once v is applied? */
static bool opened_after(const rami_ruleset *rs, const position *p, const verdict *v)
{
    if (is_opened(p))
        return true;
    if (v->move.kind != RAMI_MOVE_MELD)
        return false;
    bool pure = v->meld.kind == RAMI_MELD_RUN && v->meld.jokers == 0;
    return meld_opens(rs, p, rami__meld_points(&v->meld), pure);
}

/* Tier 1 for a play: after it the player is opened, has played the card
 * taken if that was due, and holds a card that may be discarded or none
 * (gone out). Counts only: no position is built. */
static bool quick_finish(const rami_ruleset *rs, const position *p, const verdict *v)
{
    if (!opened_after(rs, p, v))
        return false;
    const rami_move *m = &v->move;
    const hand *h = &p->hands[p->current];
    bool swap = m->kind == RAMI_MOVE_SWAP;
    rami_card avoid = avoid_face(rs, p);
    unsigned jokers = h->jokers + swap;
    unsigned avoided = avoid != RAMI_NO_CARD ? hand_count(h, avoid) : 0u;
    if (swap && avoid == RAMI_JOKER)
        avoided++;
    bool picked_played = false;
    for (unsigned i = 0; i < m->count; i++) {
        picked_played |= m->cards[i] == p->picked;
        jokers -= m->cards[i] == RAMI_JOKER;
        avoided -= m->cards[i] == avoid;
    }
    if (p->ts.pickup_pending && !picked_played)
        return false;
    unsigned left = h->size - (swap ? 0u : m->count);
    return left == 0 || discardable_by_counts(rs, left, jokers, avoid, avoided);
}

/* Before the opening, with melds laid this turn or the card taken to
 * meld: can melds from the hand complete the opening, use the card taken
 * if it is due, and leave a card that may be discarded (or nothing, where
 * going out by meld is allowed)? */
static bool opening_by_melds(const rami_ruleset *rs, const position *p)
{
    solve_opts o = turn_solve_opts(rs, p, SOLVE_POINTS);
    int need = (int)rs->opening_points - (int)p->ts.points;
    need = need > 0 ? need : 1;
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
    int need = (int)rs->opening_points - (int)p->ts.points;
    need = need > 0 ? need : 1;
    return rami__solve(&p->hands[p->current], &o, need, NULL) >= need;
}

/* Opened, with only melds to follow this turn: melds that use the card
 * taken if it is due and leave a card to discard (or nothing). Any such
 * selection holds a meld, worth at least 6, hence the target 1. */
static bool melds_finish(const rami_ruleset *rs, const position *p)
{
    solve_opts o = turn_solve_opts(rs, p, SOLVE_POINTS);
    return rami__solve(&p->hands[p->current], &o, 1, NULL) >= 1;
}

/* ---- a quick "never": the card taken can never be played ---- */

/* Run places of a card: an ace is place 1 or 14, another rank its own. */
static unsigned card_places(rami_card c)
{
    unsigned r = RAMI_CARD_RANK(c);
    return r == RAMI_ACE ? (1u << 1 | 1u << POS_ACE_HIGH) : 1u << r;
}

/* Places of suit s held in hand (an ace at both of its places). */
static unsigned held_places(const hand *h, unsigned s)
{
    unsigned m = h->mask[s];
    return m | (m & 2u) << 13;
}

/* Could some window of 3..13 consecutive places holding place `at` become
 * a run of suit s: at least two naturals (`have` holds the places of the
 * naturals there could be) and no more missing places than `jokers`? */
static bool run_window(unsigned have, unsigned at, unsigned jokers)
{
    for (unsigned len = 3; len <= RAMI_MAX_MELD; len++) {
        for (unsigned lo = at + 1 > len ? at + 1 - len : 1; lo <= at && lo + len - 1 <= 14; lo++) {
            unsigned w = ((1u << len) - 1u) << lo;
            unsigned n = bit_count(have & w);
            if (n >= 2 && len - n <= jokers)
                return true;
        }
    }
    return false;
}

/* Could c reach table meld t: join a set of its rank that lacks its suit
 * (or give back the joker there), take a joker's place in a run, or extend
 * a run of its suit once the places between are filled from `have`
 * (places of the hand's naturals) and `jokers`? */
static bool may_reach(const tmeld *t, rami_card c, unsigned have, unsigned jokers)
{
    unsigned s = RAMI_CARD_SUIT(c);
    if (t->kind == RAMI_MELD_SET) {
        if (t->rank != RAMI_CARD_RANK(c))
            return false;
        for (unsigned k = 0; k < t->count; k++)
            if (t->cards[k] == c)
                return false;
        return true;
    }
    if (t->suit != s)
        return false;
    for (unsigned places = card_places(c); places; places &= places - 1) {
        unsigned at = lowest_bit(places);
        if (at >= t->lo && at <= t->hi) {
            if (t->cards[at - t->lo] == RAMI_JOKER)
                return true;
            continue;
        }
        unsigned from = at < t->lo ? at + 1u : t->hi + 1u;
        unsigned to = at < t->lo ? (unsigned)t->lo : at;
        unsigned gap = to > from ? ((1u << (to - from)) - 1u) << from : 0u;
        if (bit_count(gap & ~have) <= jokers)
            return true;
    }
    return false;
}

/* A quick "never" for the card taken under PICKUP_MUST_MELD: false only
 * when no line of play this turn can play c (in a meld, as a lay-off or by
 * a retrieval), counting every joker the turn could bring into the hand
 * and ignoring that cards are used once. Cuts the full search short when
 * the answer is no, which would otherwise visit every position. */
static bool may_be_played(const rami_ruleset *rs, const position *p, rami_card c)
{
    if (c == RAMI_JOKER)
        return true;
    const hand *h = &p->hands[p->current];
    unsigned jokers = h->jokers;
    bool swaps = has_opt(rs, RAMI_OPT_JOKER_SWAP);
    for (unsigned i = 0; i < p->meld_count && swaps; i++)
        jokers += p->melds[i].jokers;
    unsigned s = RAMI_CARD_SUIT(c), r = RAMI_CARD_RANK(c);
    unsigned have = held_places(h, s) | card_places(c);
    /* A new meld holding c: a set of its rank, or a run of its suit. */
    unsigned suits = 0;
    for (unsigned t = 0; t < 4; t++)
        suits += t != s && hand_has(h, t, r);
    if (suits >= 2 || (suits == 1 && jokers > 0))
        return true;
    for (unsigned places = card_places(c); places; places &= places - 1)
        if (run_window(have, lowest_bit(places), jokers))
            return true;
    /* A table meld. */
    for (unsigned i = 0; i < p->meld_count; i++) {
        const tmeld *t = &p->melds[i];
        if ((t->owner == p->current || has_opt(rs, RAMI_OPT_LAYOFF_OTHERS)) &&
            may_reach(t, c, have, jokers))
            return true;
    }
    return false;
}

/* ---- before the opening: candidate melds against one witness ---- */

/* A hand's three planes as 64-bit words (16 bits a suit), for taking
 * whole melds out of a hand at once. */
typedef struct planes {
    uint64_t one, two, three;
    unsigned jokers, size;
} planes;

static planes planes_of(const hand *h)
{
    planes x;
    memcpy(&x.one, h->mask, sizeof x.one);
    memcpy(&x.two, h->two, sizeof x.two);
    memcpy(&x.three, h->three, sizeof x.three);
    x.jokers = h->jokers;
    x.size = h->size;
    return x;
}

static hand hand_of(const planes *x)
{
    hand h;
    memcpy(h.mask, &x->one, sizeof x->one);
    memcpy(h.two, &x->two, sizeof x->two);
    memcpy(h.three, &x->three, sizeof x->three);
    h.jokers = (uint8_t)x->jokers;
    h.size = (uint8_t)x->size;
    return h;
}

/* Does a hold every card of b (every face as often)? */
static bool planes_within(const planes *b, const planes *a)
{
    return ((b->one & ~a->one) | (b->two & ~a->two) | (b->three & ~a->three)) == 0 &&
           b->jokers <= a->jokers;
}

/* a less the cards of b, b within a: per face, at least k copies are left
 * where a has k more than b (a count is the number of planes holding it). */
static void planes_take(planes *a, const planes *b)
{
    uint64_t one = (a->one & ~b->one) | (a->two & ~b->two) | (a->three & ~b->three);
    uint64_t two = (a->two & ~b->one) | (a->three & ~b->two);
    a->three &= ~b->one;
    a->two = two;
    a->one = one;
    a->jokers -= b->jokers;
    a->size -= b->size;
}

/* The relaxed question of rami__opening_possible for the current player
 * of p with the hand h and `need` points still to lay (at least 1), a
 * run without joker still due or not: with the melds found, if any. */
static bool relaxed_melds(const rami_ruleset *rs, const position *p, const hand *h, int need,
                          bool pure_due, solve_result *res)
{
    solve_opts o = turn_solve_opts(rs, p, SOLVE_POINTS);
    o.need_pure_run = pure_due;
    o.must_use = RAMI_NO_CARD;
    o.need_leftover = false;
    return rami__solve(h, &o, need, res) >= need;
}

static void witness_keep(opening_witness *w, const solve_result *res)
{
    w->count = (uint8_t)res->nmelds;
    for (unsigned i = 0; i < res->nmelds; i++) {
        const tmeld *t = &res->melds[i];
        witness_meld *m = &w->melds[i];
        memset(&m->cards, 0, sizeof m->cards);
        for (unsigned k = 0; k < t->count; k++)
            hand_add(&m->cards, t->cards[k]);
        m->points = (uint16_t)rami__meld_points(t);
        m->pure = t->kind == RAMI_MELD_RUN && t->jokers == 0;
    }
}

/* The points the current player of root still has to lay (at least 1:
 * the solver's target). */
static int root_need(const finish_ctx *c)
{
    int need = (int)c->rs->opening_points - (int)c->root->ts.points;
    return need > 0 ? need : 1;
}

/* Looks for the root's witness: the melds of the relaxed search (the
 * whole hand reaches the opening, pure run included, card to discard and
 * card taken ignored), or the proof that there are none, in which case
 * no meld can begin or continue an opening now. */
static void witness_find(finish_ctx *c)
{
    const position *p = c->root;
    solve_result res;
    bool pure_due = has_opt(c->rs, RAMI_OPT_OPEN_PURE_RUN) && !p->ts.pure_run;
    c->witness.state = relaxed_melds(c->rs, p, &p->hands[p->current], root_need(c), pure_due, &res);
    if (c->witness.state) {
        witness_keep(&c->witness, &res);
        c->witness.naturals_best = -1;
        c->witness.by_naturals = 0;
    }
}

bool rami__finish_opening(finish_ctx *c)
{
    if (is_opened(c->root))
        return true;
    if (c->witness.state < 0)
        witness_find(c);
    return c->witness.state != 0;
}

/* What a meld laid before the opening leaves to do: the hand left, the
 * points still missing (at least 1), whether the run without joker and
 * the card taken are still due. */
typedef struct opening_rest {
    hand left;
    int need;
    bool pure_due, picked_due;
} opening_rest;

/* Do some of the melds of w, all within rest->left, complete the opening
 * under every obligation of the turn: the points, the pure run, the card
 * taken, and a card left that may be discarded (or nothing, where going
 * out by meld is allowed)? Then the solver of opening_by_melds finds
 * such melds after the meld judged, so the turn can be finished. Melds
 * are taken in w's order while they fit, the conditions checked after
 * each. */
static bool witness_completes(const finish_ctx *c, const opening_witness *w,
                              const opening_rest *rest)
{
    const rami_ruleset *rs = c->rs;
    rami_card picked = c->root->picked, avoid = avoid_face(rs, c->root);
    planes left = planes_of(&rest->left);
    int got = 0;
    bool pure_due = rest->pure_due, picked_due = rest->picked_due;
    for (unsigned i = 0; i < w->count; i++) {
        const witness_meld *m = &w->melds[i];
        planes mp = planes_of(&m->cards);
        if (!planes_within(&mp, &left))
            continue;
        planes_take(&left, &mp);
        got += m->points;
        pure_due &= !m->pure;
        picked_due &= hand_count(&m->cards, picked) == 0;
        if (got < rest->need || pure_due || picked_due)
            continue;
        hand h = hand_of(&left);
        if (h.size == 0 ? has_opt(rs, RAMI_OPT_GO_OUT_BY_MELD) : has_discardable(rs, &h, avoid))
            return true;
    }
    return false;
}

/* The most points that melds of the root's naturals alone (its jokers
 * set aside) can lay, asked once: after a meld that takes every joker of
 * the hand, the melds that can follow are melds of those naturals, so a
 * meld after which more is needed than this cannot be followed by enough
 * (the relaxed search of opening_shortcut would fail). */
static int naturals_best(finish_ctx *c)
{
    if (c->witness.naturals_best < 0) {
        hand h = c->root->hands[c->root->current];
        h.size = (uint8_t)(h.size - h.jokers);
        h.jokers = 0;
        solve_opts o = turn_solve_opts(c->rs, c->root, SOLVE_POINTS);
        o.need_pure_run = false;
        o.must_use = RAMI_NO_CARD;
        o.need_leftover = false;
        int best = rami__solve(&h, &o, 0, NULL);
        c->witness.naturals_best = (int16_t)(best > 0 ? best : 0);
    }
    return c->witness.naturals_best;
}

/* A candidate meld of a player who has not opened, after which he still
 * has not, judged with the root's analysis: 1 when the turn can be
 * finished after it, 0 when it cannot, -1 when only can_finish can tell;
 * the same answers as can_finish on the position after the meld
 * (tests/finish.c compares them over random positions). Yes when the
 * melds of the root's witness, or those of the relaxed search after the
 * meld, complete the opening (witness_completes); no when the relaxed
 * search after the meld fails (rami__opening_possible, which can_finish
 * asks before any search, would be false), which a meld that takes every
 * joker of the hand and needs more than naturals_best shows without a
 * search, or when the root has no witness at all. */
static int opening_shortcut(finish_ctx *c, const verdict *v)
{
    const rami_ruleset *rs = c->rs;
    const position *p = c->root;
    if (is_opened(p) || v->move.kind != RAMI_MOVE_MELD)
        return -1;
    unsigned points = rami__meld_points(&v->meld);
    bool pure = v->meld.kind == RAMI_MELD_RUN && v->meld.jokers == 0;
    if (meld_opens(rs, p, points, pure))
        return -1;
    if (!rami__finish_opening(c))
        return 0; /* with this meld, those would be a witness */
    opening_rest rest;
    rest.left = p->hands[p->current];
    bool picked_in = false;
    for (unsigned i = 0; i < v->move.count; i++) {
        hand_remove(&rest.left, v->move.cards[i]);
        picked_in |= v->move.cards[i] == p->picked;
    }
    if (rest.left.size == 0)
        return -1;
    rest.need = (int)rs->opening_points - (int)p->ts.points - (int)points;
    rest.need = rest.need > 0 ? rest.need : 1;
    rest.pure_due = has_opt(rs, RAMI_OPT_OPEN_PURE_RUN) && !p->ts.pure_run && !pure;
    rest.picked_due = p->ts.pickup_pending && !picked_in;
    if (rest.left.jokers == 0 && p->hands[p->current].jokers > 0 && naturals_best(c) < rest.need) {
        c->witness.by_naturals++;
        return 0;
    }
    if (witness_completes(c, &c->witness, &rest))
        return 1;
    solve_result res;
    if (!relaxed_melds(rs, p, &rest.left, rest.need, rest.pure_due, &res))
        return 0;
    opening_witness after;
    witness_keep(&after, &res);
    return witness_completes(c, &after, &rest) ? 1 : -1;
}

/* ---- before the opening: the candidate melds in one batch ---- */

/* Every packing of the candidate melds (disjoint melds of the root's
 * hand, a candidate as often as the hand holds its cards), up to `budget`
 * of them, marking the candidates of each packing that would complete
 * the opening: `relaxed` when the other melds reach the points still due
 * after it (and the run without joker), `strict` when they also play the
 * card taken and leave a card that may be discarded (or nothing, where
 * going out by meld is allowed). Candidates are bits of the masks. A
 * meld never holds two equal naturals, so a candidate's naturals are one
 * plane: bit c for the card code c (16 x suit + rank). */
typedef struct batch {
    const rami_ruleset *rs;
    uint64_t face[FINISH_BATCH_MAX];   /* the candidate's naturals */
    uint64_t with[64];                 /* for a card code of the hand: the candidates holding it */
    uint64_t jfit[RAMI_MAX_MELD + 1u]; /* the candidates with at most this many jokers */
    uint8_t jokers[FINISH_BATCH_MAX];
    uint8_t size[FINISH_BATCH_MAX];
    int16_t points[FINISH_BATCH_MAX];
    int16_t reach[FINISH_BATCH_MAX]; /* a packing completes it from this total on */
    uint64_t pure, picked;           /* runs without joker; melds holding the card taken */
    bool pure_due, picked_due;
    rami_card avoid;
    unsigned nodes, budget, depth;
    uint8_t path[RAMI_MAX_HAND];
    uint64_t relaxed, strict;
    int least; /* no packing below this total marks a candidate */
} batch;

/* May the turn end with the cards `left` (the rule of has_discardable)? */
static bool batch_leftover_ok(const batch *b, const planes *left)
{
    if (left->size == 0)
        return has_opt(b->rs, RAMI_OPT_GO_OUT_BY_MELD);
    unsigned avoided = 0;
    if (b->avoid != RAMI_NO_CARD && b->avoid != RAMI_JOKER)
        avoided = (unsigned)((left->one >> b->avoid & 1u) + (left->two >> b->avoid & 1u) +
                             (left->three >> b->avoid & 1u));
    return discardable_by_counts(b->rs, left->size, left->jokers, b->avoid, avoided);
}

/* The members of the packing on the path, worth `total`, with the cards
 * `left` over; pure, picked: it holds a run without joker, the card
 * taken. */
static void batch_mark(batch *b, const planes *left, int total, bool pure, bool picked)
{
    if (b->pure_due && !pure)
        return;
    uint64_t members = 0;
    for (unsigned k = 0; k < b->depth; k++)
        if (total >= b->reach[b->path[k]])
            members |= (uint64_t)1 << b->path[k];
    if (members == 0)
        return;
    b->relaxed |= members;
    if ((!b->picked_due || picked) && (b->strict & members) != members &&
        batch_leftover_ok(b, left))
        b->strict |= members;
}

/* The cards of candidate j taken from `left` (one copy of each face). */
static void batch_take(const batch *b, unsigned j, planes *left)
{
    uint64_t f = b->face[j];
    left->one = (left->one & ~f) | (left->two & f);
    left->two = (left->two & ~f) | (left->three & f);
    left->three &= ~f;
    left->jokers -= b->jokers[j];
    left->size -= b->size[j];
}

/* The candidates of `from` that still fit once candidate j is taken
 * from `left` (giving `after`), when every candidate of `from` fits in
 * `left`: those holding no face of j whose last copy j takes, with no
 * more jokers than are left (two masks, not a test per candidate). *most:
 * the most points melds of them can add (each counted as often as its
 * cards fit in `after`). */
static uint64_t batch_fits(const batch *b, unsigned j, uint64_t from, const planes *left,
                           const planes *after, int *most)
{
    uint64_t out = 0;
    for (uint64_t gone = b->face[j] & ~left->two; gone; gone &= gone - 1)
        out |= b->with[lowest_bit64(gone)];
    unsigned jl = after->jokers < RAMI_MAX_MELD ? after->jokers : RAMI_MAX_MELD;
    uint64_t fit = from & ~out & b->jfit[jl];
    int sum = 0;
    for (uint64_t rest = fit; rest; rest &= rest - 1) {
        unsigned k = lowest_bit64(rest);
        uint64_t f = b->face[k];
        unsigned jk = b->jokers[k];
        sum += b->points[k];
        if ((f & ~after->two) == 0 && 2u * jk <= after->jokers) {
            sum += b->points[k];
            if ((f & ~after->three) == 0 && 3u * jk <= after->jokers)
                sum += b->points[k];
        }
    }
    *most = sum;
    return fit;
}

/* Every packing that extends the path (its members `on`) by candidates
 * of `alive` (those that fit in `left`, none below the last one taken).
 * A packing marks nothing below b->least points, nor anything new when
 * all it could hold is marked strict already: such branches are cut. */
static void batch_search(batch *b, const planes *left, uint64_t on, uint64_t alive, int total,
                         bool pure, bool picked)
{
    for (uint64_t rest = alive; rest; rest &= rest - 1) {
        unsigned j = lowest_bit64(rest);
        if (++b->nodes > b->budget)
            return;
        planes after = *left;
        batch_take(b, j, &after);
        b->path[b->depth++] = (uint8_t)j;
        int t = total + b->points[j];
        bool pu = pure || (b->pure >> j & 1u), pk = picked || (b->picked >> j & 1u);
        if (b->depth >= 2)
            batch_mark(b, &after, t, pu, pk);
        int most;
        uint64_t next = batch_fits(b, j, rest, left, &after, &most);
        uint64_t with = on | (uint64_t)1 << j;
        if (next != 0 && t + most >= b->least && ((with | next) & ~b->strict) != 0)
            batch_search(b, &after, with, next, t, pu, pk);
        b->depth--;
        if (b->nodes > b->budget)
            return;
    }
}

/* The masks of batch_fits: for each face of the hand the candidates
 * holding it, for each count of jokers those with no more. */
static void batch_index(batch *b, const planes *held, unsigned n)
{
    for (uint64_t f = held->one; f; f &= f - 1)
        b->with[lowest_bit64(f)] = 0;
    uint64_t by[RAMI_MAX_MELD + 1u] = {0};
    for (unsigned k = 0; k < n; k++) {
        for (uint64_t f = b->face[k]; f; f &= f - 1)
            b->with[lowest_bit64(f)] |= (uint64_t)1 << k;
        by[b->jokers[k]] |= (uint64_t)1 << k;
    }
    uint64_t upto = 0;
    for (unsigned x = 0; x <= RAMI_MAX_MELD; x++)
        b->jfit[x] = upto |= by[x];
}

/* Candidate i of the batch from its verdict; true when it opens alone
 * or takes the whole hand (rami__finish_ok decides those). */
static bool batch_put(batch *b, const finish_ctx *c, unsigned i, const verdict *v)
{
    const position *p = c->root;
    rami_card picked = p->ts.pickup_pending ? p->picked : RAMI_NO_CARD;
    uint64_t face = 0;
    unsigned jokers = 0;
    bool has_picked = false;
    for (unsigned k = 0; k < v->move.count; k++) {
        rami_card x = v->move.cards[k];
        has_picked |= x == picked;
        if (x == RAMI_JOKER)
            jokers++;
        else
            face |= (uint64_t)1 << x;
    }
    int points = (int)rami__meld_points(&v->meld);
    bool pure = v->meld.kind == RAMI_MELD_RUN && v->meld.jokers == 0;
    int need = (int)c->rs->opening_points - (int)p->ts.points - points;
    b->face[i] = face;
    b->jokers[i] = (uint8_t)jokers;
    b->size[i] = v->move.count;
    b->points[i] = (int16_t)points;
    b->reach[i] = (int16_t)(points + (need > 0 ? need : 1));
    b->pure |= (uint64_t)pure << i;
    b->picked |= (uint64_t)has_picked << i;
    return meld_opens(c->rs, p, (unsigned)points, pure) ||
           v->move.count >= p->hands[p->current].size;
}

void rami__opening_batch(finish_ctx *c, const verdict *v, unsigned n, int8_t *known)
{
    const position *p = c->root;
    for (unsigned i = 0; i < n; i++)
        known[i] = -1;
    if (is_opened(p) || n > FINISH_BATCH_MAX || !rami__finish_opening(c))
        return;
    batch b;
    b.rs = c->rs;
    b.pure = b.picked = b.relaxed = b.strict = 0;
    b.pure_due = has_opt(c->rs, RAMI_OPT_OPEN_PURE_RUN) && !p->ts.pure_run;
    b.picked_due = p->ts.pickup_pending != 0;
    b.avoid = avoid_face(c->rs, p);
    b.nodes = 0;
    b.budget = FINISH_BATCH_NODES;
    b.depth = 0;
    uint64_t alone = 0;
    b.least = INT16_MAX;
    for (unsigned i = 0; i < n; i++) {
        alone |= (uint64_t)batch_put(&b, c, i, &v[i]) << i;
        b.least = b.reach[i] < b.least ? b.reach[i] : b.least;
    }
    planes held = planes_of(&p->hands[p->current]);
    batch_index(&b, &held, n);
    uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1u;
    batch_search(&b, &held, 0, all, 0, false, false);
    if (b.nodes > b.budget)
        return;
    /* Every packing was seen: a candidate in none that completes the
     * opening is one after which the relaxed search fails. */
    for (unsigned i = 0; i < n; i++) {
        if ((alone >> i & 1u) || v[i].move.kind != RAMI_MOVE_MELD)
            continue;
        if (b.strict >> i & 1u)
            known[i] = 1;
        else if (!(b.relaxed >> i & 1u))
            known[i] = 0;
    }
}

/* ---- tier 3: the search ---- */

static bool can_finish(finish_ctx *c, const position *p);

/* Does playing v from p go out with the opening complete, or leave a
 * position where the turn can be finished? */
static bool play_leads(finish_ctx *c, const position *p, const verdict *v)
{
    if (quick_finish(c->rs, p, v))
        return true;
    position after = *p;
    rami__apply(c->rs, &after, v);
    if (after.hands[after.current].size == 0)
        return is_opened(&after);
    return can_finish(c, &after);
}

/* While the card taken (face c) must still be played by an opened
 * player, can play m bring that closer? Only these plays need trying
 * before c's own play: any other play (a meld without c, a lay-off of
 * another suit and rank onto a meld without a joker, ...) touches cards
 * and melds c can never use, so it can wait until after c, where it is
 * just as legal. Helpful: a play of c; a retrieval (it brings a joker); a
 * lay-off onto a set holding a joker (with three naturals its joker can
 * be retrieved); a joker onto a set of c's rank; c's suit or a joker onto
 * a run of c's suit. A meld that c could join later need not come first
 * either: the meld with c in it is a play of c. */
static bool helps(const position *p, const rami_move *m, rami_card c)
{
    for (unsigned i = 0; i < m->count; i++)
        if (m->cards[i] == c)
            return true;
    if (m->kind == RAMI_MOVE_SWAP)
        return true;
    if (m->kind != RAMI_MOVE_LAYOFF)
        return false;
    const tmeld *t = &p->melds[m->target];
    rami_card x = m->cards[0];
    if (t->kind == RAMI_MELD_SET)
        return t->jokers > 0 || (x == RAMI_JOKER && t->rank == RAMI_CARD_RANK(c));
    return t->suit == RAMI_CARD_SUIT(c) && (x == RAMI_JOKER || RAMI_CARD_SUIT(x) == t->suit);
}

struct play_sink {
    finish_ctx *c;
    const position *p;
    rami_card goal; /* only plays that help play this card, RAMI_NO_CARD for all */
    bool found;
};

static bool try_play(void *ctx, const rami_move *m)
{
    struct play_sink *s = ctx;
    verdict v;
    if (s->goal != RAMI_NO_CARD && !helps(s->p, m, s->goal))
        return true;
    if (rami__judge_candidate(s->c->rs, s->p, m, &v) == RAMI_OK && play_leads(s->c, s->p, &v))
        s->found = true;
    return !s->found;
}

/* Is there a legal play (using `face` unless it is RAMI_NO_CARD) after
 * which the turn can be finished? */
static bool some_play_leads(finish_ctx *c, const position *p, rami_card face)
{
    bool due = p->ts.pickup_pending && is_opened(p);
    struct play_sink s = {c, p, due ? p->picked : RAMI_NO_CARD, false};
    rami__gen_plays(c->rs, p, face, try_play, &s);
    return s.found;
}

/* Tier 3 with the memo. */
static bool searched(finish_ctx *c, const position *p)
{
    uint8_t key[KEY_ROOM];
    size_t n = memo_key(c, p, key);
    uint64_t hash = key_hash(key, n);
    bool held;
    memo_entry *e = memo_slot(c, n, hash, &held);
    if (held && e->len == n && e->hash == hash && memcmp(e->key, key, n) == 0)
        return e->value;
    c->searched++;
    rami_card first = p->ts.pickup_pending ? p->picked : RAMI_NO_CARD;
    bool found = (first != RAMI_NO_CARD && some_play_leads(c, p, first)) ||
                 some_play_leads(c, p, RAMI_NO_CARD);
    if (e != NULL)
        memo_put(c, e, key, n, hash, found);
    return found;
}

/* Can the current player, in the play phase with cards in hand, still end
 * the turn legally? (The retrieved joker aside: see the top.) */
static bool can_finish(finish_ctx *c, const position *p)
{
    const rami_ruleset *rs = c->rs;
    if (can_end_now(rs, p))
        return true;
    if (!is_opened(p)) {
        if (opening_by_melds(rs, p))
            return true;
        if (!has_opt(rs, RAMI_OPT_OPEN_TURN_LAYOFF) || !rami__opening_possible(rs, p))
            return false;
    } else if (!table_allowed(rs, p)) {
        return melds_finish(rs, p);
    }
    if (p->ts.pickup_pending && !may_be_played(rs, p, p->picked))
        return false;
    return searched(c, p);
}

/* Is there a legal play of a joker (a meld holding one, or a joker laid
 * off) in p? */
static bool joker_playable(finish_ctx *c, const position *p)
{
    if (p->hands[p->current].jokers == 0)
        return false;
    struct play_sink s = {c, p, RAMI_NO_CARD, false};
    rami__gen_plays(c->rs, p, RAMI_JOKER, try_play, &s);
    return s.found;
}

static bool root_joker_playable(finish_ctx *c)
{
    if (c->root_joker < 0)
        c->root_joker = joker_playable(c, c->root);
    return c->root_joker != 0;
}

/* ---- why a move is refused ---- */

/* A fresh search under rs with the options `off` cleared and `on` set
 * (and the card taken no longer due when PICKUP_MUST_MELD is cleared):
 * can p be finished then? Tells which obligation a dead end comes from. */
static bool finishable_without(finish_ctx *outer, const position *p, uint32_t off, uint32_t on)
{
    rami_ruleset relaxed = *outer->rs;
    relaxed.options = (relaxed.options & ~off) | on;
    position q = *p;
    if (off & RAMI_OPT_PICKUP_MUST_MELD)
        q.ts.pickup_pending = 0;
    /* Another ruleset: the memo starts again (and is no longer the outer one's). */
    outer->memo_ready = false;
    finish_ctx c;
    rami__finish_begin(&c, &relaxed, &q, outer->memo);
    bool ok = can_finish(&c, &q);
    rami__finish_end(&c);
    return ok;
}

/* Before the opening: the refusal when the points (or the pure run) can
 * no longer be reached, RAMI_OK when they can. */
static int opening_shortfall(const rami_ruleset *rs, const position *after, char *why, size_t cap)
{
    if (rami__opening_possible(rs, after))
        return RAMI_OK;
    solve_opts o = turn_solve_opts(rs, after, SOLVE_POINTS);
    o.must_use = RAMI_NO_CARD;
    o.need_leftover = false;
    int best = rami__solve(&after->hands[after->current], &o, 0, NULL);
    if (best < 0 && o.need_pure_run)
        return rami__why(why, cap, RAMI_E_OPENING,
                         "after this the opening could not be completed: it needs a run without "
                         "joker and the cards left cannot make one");
    return rami__why(why, cap, RAMI_E_OPENING,
                     "after this meld at most %d of %u points can be laid",
                     after->ts.points + (best > 0 ? best : 0), rs->opening_points);
}

/* The opening can be completed (or is), but the turn cannot be finished:
 * which obligation makes the dead end? `what` says what leads there. */
static int obstacle(finish_ctx *c, const position *p, const char *what, char *why, size_t cap)
{
    const rami_ruleset *rs = c->rs;
    char name[8];
    rami__card_name(p->picked, name);
    bool pending = p->ts.pickup_pending != 0;
    rami_card avoid = avoid_face(rs, p);
    if (pending && finishable_without(c, p, RAMI_OPT_PICKUP_MUST_MELD, 0))
        return rami__why(why, cap, RAMI_E_PICKUP_MELD,
                         "%s %s, taken from the discard pile, could not be melded or laid off "
                         "this turn%s",
                         what, name, is_opened(p) ? "" : " (that needs the opening first)");
    if (avoid != RAMI_NO_CARD && finishable_without(c, p, RAMI_OPT_KEEP_PICKUP, 0))
        return rami__why(why, cap, RAMI_E_PICKED,
                         "%s %s was taken from the discard pile and could not be got rid of: no "
                         "other card would be left to discard",
                         what, name);
    uint32_t joker_rules = rs->options & (RAMI_OPT_NO_JOKER_DISCARD | RAMI_OPT_NO_JOKER_OUT);
    if (joker_rules && finishable_without(c, p, joker_rules, 0))
        return rami__why(why, cap, RAMI_E_JOKER_DISCARD,
                         "%s the cards left could not be got rid of: a joker may not be "
                         "discarded (house rule)",
                         what);
    if (!has_opt(rs, RAMI_OPT_GO_OUT_BY_MELD) && !is_opened(p) &&
        finishable_without(c, p, 0, RAMI_OPT_GO_OUT_BY_MELD))
        return rami__why(why, cap, RAMI_E_OPENING,
                         "%s the opening would need every card, and strict rami ends the turn "
                         "with a discard",
                         what);
    if (pending)
        return rami__why(why, cap, RAMI_E_PICKUP_MELD,
                         "%s %s, taken from the discard pile, could not be played and a card "
                         "kept to discard",
                         what, name);
    if (!is_opened(p))
        return rami__why(why, cap, RAMI_E_OPENING,
                         "%s the opening could not be completed with a card left that you may "
                         "discard",
                         what);
    return rami__why(why, cap, RAMI_E_PICKED, "%s no card would be left that you may discard",
                     what);
}

/* Status and reason of a play after which the turn cannot be finished. */
static int dead_end(finish_ctx *c, const position *after, char *why, size_t cap)
{
    const rami_ruleset *rs = c->rs;
    if (after->hands[after->current].size == 0)
        return rami__why(why, cap, RAMI_E_OPENING,
                         "these are your last cards: going out needs the opening complete (%u "
                         "of %u points laid%s)",
                         after->ts.points, rs->opening_points,
                         after->ts.points >= rs->opening_points ? ", no run without joker" : "");
    if (!is_opened(after)) {
        int st = opening_shortfall(rs, after, why, cap);
        if (st != RAMI_OK)
            return st;
    }
    return obstacle(c, after, "after this", why, cap);
}

/* ---- the checks, per kind of move ---- */

static unsigned jokers_played(const verdict *v)
{
    unsigned n = 0;
    for (unsigned i = 0; i < v->move.count && v->move.kind != RAMI_MOVE_SWAP; i++)
        n += v->move.cards[i] == RAMI_JOKER;
    return n;
}

static int play_check(finish_ctx *c, const verdict *v, bool explain, char *why, size_t cap)
{
    const rami_ruleset *rs = c->rs;
    const position *p = c->root;
    /* JOKER_REPLAY: does this move have to keep a joker play possible? */
    bool replay = p->ts.replay_pending > 0 && jokers_played(v) == 0 && root_joker_playable(c);
    if (!replay && quick_finish(rs, p, v))
        return RAMI_OK;
    int known = explain || replay ? -1 : opening_shortcut(c, v);
    if (known >= 0) {
        c->shortcut[known]++;
        return known ? RAMI_OK : RAMI_E_OPENING;
    }
    position after = *p;
    rami__apply(rs, &after, v);
    bool out = after.hands[after.current].size == 0;
    bool ok = out ? is_opened(&after) : can_finish(c, &after);
    if (ok && replay && !joker_playable(c, &after))
        return rami__why(why, cap, RAMI_E_JOKER_REPLAY,
                         "the retrieved joker can be played now and must be played this turn: "
                         "after this it could not be");
    if (ok)
        return RAMI_OK;
    return explain ? dead_end(c, &after, why, cap) : RAMI_E_OPENING;
}

/* A take that tier 1 could not accept: the search, then the reason. */
RAMI_NOINLINE static int take_search(finish_ctx *c, const verdict *v, bool explain, char *why,
                                     size_t cap)
{
    const rami_ruleset *rs = c->rs;
    const position *p = c->root;
    rami_card top = discard_at(p, p->discard_count - 1u);
    position after = *p;
    rami__apply(rs, &after, v);
    if (can_finish(c, &after))
        return RAMI_OK;
    if (!explain)
        return RAMI_E_PICKUP;
    char name[8];
    rami__card_name(top, name);
    if (has_opt(rs, RAMI_OPT_PICKUP_MUST_MELD) &&
        finishable_without(c, &after, RAMI_OPT_PICKUP_MUST_MELD, 0))
        return rami__why(why, cap, RAMI_E_PICKUP_MELD,
                         "%s would have to be melded or laid off this turn%s, and your hand "
                         "cannot do that",
                         name, is_opened(p) ? "" : " (with the opening)");
    return rami__why(why, cap, RAMI_E_PICKUP,
                     "after taking %s you would have no card you may discard%s", name,
                     rs->options & (RAMI_OPT_NO_JOKER_DISCARD | RAMI_OPT_NO_JOKER_OUT)
                         ? " (a joker may not be discarded here)"
                         : "");
}

/* Tier 1 of the take rule: a card other than the one taken stays
 * discardable (counted on the hand with the card taken, which is not
 * built). */
static bool take_by_counts(const finish_ctx *c)
{
    const rami_ruleset *rs = c->rs;
    const position *p = c->root;
    rami_card top = discard_at(p, p->discard_count - 1u);
    const hand *h = &p->hands[p->current];
    rami_card avoid = has_opt(rs, RAMI_OPT_KEEP_PICKUP) ? top : RAMI_NO_CARD;
    unsigned avoided = avoid == RAMI_NO_CARD ? 0u : hand_count(h, top) + 1u;
    return !has_opt(rs, RAMI_OPT_PICKUP_MUST_MELD) &&
           discardable_by_counts(rs, h->size + 1u, h->jokers + (top == RAMI_JOKER), avoid, avoided);
}

static int take_check(finish_ctx *c, const verdict *v, bool explain, char *why, size_t cap)
{
    if (take_by_counts(c))
        return RAMI_OK;
    return take_search(c, v, explain, why, cap);
}

bool rami__take_ok(finish_ctx *c)
{
    if (take_by_counts(c))
        return true;
    /* The search applies the take: its verdict, as rules.c makes it. */
    const rami_move m = {.kind = RAMI_MOVE_DRAW_DISCARD};
    verdict v;
    return rami__judge_candidate(c->rs, c->root, &m, &v) == RAMI_OK &&
           take_search(c, &v, false, NULL, 0) == RAMI_OK;
}

static int discard_check(finish_ctx *c, char *why, size_t cap)
{
    if (c->root->ts.replay_pending && root_joker_playable(c))
        return rami__why(why, cap, RAMI_E_JOKER_REPLAY,
                         "the retrieved joker can be played and must be played before the discard");
    return RAMI_OK;
}

bool rami__discards_allowed(finish_ctx *c)
{
    return discard_check(c, NULL, 0) == RAMI_OK;
}

static int finish_judge(finish_ctx *c, const verdict *v, bool explain, char *why, size_t cap)
{
    switch (v->move.kind) {
    case RAMI_MOVE_DRAW_STOCK:
        return RAMI_OK; /* every card of the hand then may be discarded */
    case RAMI_MOVE_DRAW_DISCARD:
        return take_check(c, v, explain, why, cap);
    case RAMI_MOVE_DISCARD:
        return discard_check(c, why, cap);
    default:
        return play_check(c, v, explain, why, cap);
    }
}

int rami__finish_check(finish_ctx *c, const verdict *v, char *why, size_t cap)
{
    return finish_judge(c, v, true, why, cap);
}

bool rami__finish_ok(finish_ctx *c, const verdict *v)
{
    return finish_judge(c, v, false, NULL, 0) == RAMI_OK;
}

int rami__validate(const rami_ruleset *rs, const position *p, int player, const rami_move *m,
                   verdict *v, char *why, size_t why_cap)
{
    int st = rami__judge(rs, p, player, m, v, why, why_cap);
    /* finish_judge accepts every draw from the stock (rami__candidate_legal
     * skips it the same way): no context to set up for it. */
    if (st != RAMI_OK || v->move.kind == RAMI_MOVE_DRAW_STOCK)
        return st;
    finish_memo memo;
    finish_ctx c;
    rami__finish_begin(&c, rs, p, &memo);
    st = rami__finish_check(&c, v, why, why_cap);
    rami__finish_end(&c);
    return st;
}
