/* The greedy bot (doc/bots.md): take the discard when it helps at once,
 * lay the best melds the solver finds, swap jokers and lay off, and throw
 * the card least useful to this hand and to the next seat (the weights
 * are in W). Also the playouts of the Monte Carlo bot (strong.c). */
#include <stdlib.h>
#include <time.h>

#include "bot-private.h"

#define PLAYOUT_TURN_CAP 600u

/* The greedy bot's heuristic weights, in one place (doc/bots.md). A
 * discard's score is its penalty minus what keeping the card is worth to
 * this hand and what it would give the next seat; the highest score goes. */
static const greedy_weights W = {10, 8, 4, 200, 1000, 18, 8, 3, 100, 0};

/* The weights of the seat to move: the caller's own (w->mine, for seat
 * w->me) or greedy's. */
static const greedy_weights *weights(const rami_game *g, const bot_work *w)
{
    return w->mine != NULL && g->pos.current == w->me ? w->mine : &W;
}

static rami_move meld_move(const tmeld *t)
{
    rami_move m;
    memset(&m, 0, sizeof m);
    m.kind = RAMI_MOVE_MELD;
    m.count = t->count;
    memcpy(m.cards, t->cards, t->count);
    return m;
}

/* The solver within the bots' work limit, counted in w. */
static int solve(const hand *h, const solve_opts *o, int target, solve_result *res, bot_work *w)
{
    uint32_t nodes;
    int best = rami__solve_limited(h, o, target, res, BOT_SOLVE_NODES, &nodes);
    w->nodes += nodes;
    if (nodes > w->max_nodes)
        w->max_nodes = nodes;
    return best;
}

static solve_opts solver_opts(const rami_game *g, int objective)
{
    solve_opts o = turn_solve_opts(&g->rs, &g->pos, objective);
    /* The bot lays its melds with side AUTO, where an end joker takes the
     * lower place: it values them that way. */
    o.high_jokers = false;
    return o;
}

/* Does c fit some table meld (lay-off rules of fit.c, whoever owns it)? */
static bool fits_table(const rami_game *g, rami_card c)
{
    bool low, high;
    for (unsigned i = 0; i < g->pos.meld_count; i++)
        if (rami__fit_card(&g->pos.melds[i], c, g->rs.jokers_per_meld, &low, &high) == FIT_OK)
            return true;
    return false;
}

/* ---- the draw ---- */

/* Is the discard top worth taking: does it join a meld usable now, extend a
 * table meld, or make the opening reachable this turn? */
static bool take_useful(const rami_game *g, bot_work *w)
{
    if (g->pos.discard_count == 0)
        return false;
    rami_card top = discard_top(&g->pos);
    const hand *h = &g->pos.hands[g->pos.current];
    hand with = *h;
    hand_add(&with, top);
    solve_opts o =
        solver_opts(g, seat_opened(&g->pos, g->pos.current) ? SOLVE_PENALTY : SOLVE_POINTS);
    if (has_opt(&g->rs, RAMI_OPT_KEEP_PICKUP))
        o.avoid = top;
    if (seat_opened(&g->pos, g->pos.current)) {
        if (top != RAMI_JOKER && fits_table(g, top))
            return true;
        if (top == RAMI_JOKER)
            return true;
        o.must_use = top;
        int gain = solve(&with, &o, 0, NULL, w);
        o.must_use = RAMI_NO_CARD;
        o.avoid = RAMI_NO_CARD;
        return gain > solve(h, &o, 0, NULL, w);
    }
    int need = g->rs.opening_points ? g->rs.opening_points : 1;
    o.must_use = top;
    int gain = weights(g, w)->take_gain, with_top = solve(&with, &o, need, NULL, w);
    if (with_top < need && gain <= 0)
        return false;
    o.must_use = RAMI_NO_CARD;
    o.avoid = RAMI_NO_CARD;
    if (with_top < need) {
        /* Progress towards the opening: the points laid with and without
         * it, the pure run aside. */
        o.need_pure_run = false;
        o.must_use = top;
        with_top = solve(&with, &o, 0, NULL, w);
        o.must_use = RAMI_NO_CARD;
        return with_top >= solve(h, &o, 0, NULL, w) + gain;
    }
    return solve(h, &o, need, NULL, w) < need;
}

static void greedy_draw(const rami_game *g, verdict *v, bot_work *w)
{
    rami_move m = simple_move(RAMI_MOVE_DRAW_DISCARD, RAMI_NO_CARD);
    if (take_useful(g, w) && bot_judge(g, &m, v, w))
        return;
    m.kind = RAMI_MOVE_DRAW_STOCK;
    bot_judge(g, &m, v, w);
}

/* ---- plays ---- */

/* Lays the first meld of the best selection the solver finds. */
static bool play_meld(const rami_game *g, int objective, verdict *v, bot_work *w)
{
    solve_opts o = solver_opts(g, objective);
    solve_result res;
    if (solve(&g->pos.hands[g->pos.current], &o, 0, &res, w) < 0)
        return false;
    if (objective == SOLVE_POINTS) {
        int need = (int)g->rs.opening_points - (int)g->pos.ts.points;
        if (res.value < need || res.nmelds == 0)
            return false;
    }
    for (unsigned i = 0; i < res.nmelds; i++) {
        rami_move m = meld_move(&res.melds[i]);
        if (bot_judge(g, &m, v, w))
            return true;
    }
    return false;
}

struct table_pick {
    const rami_game *g;
    verdict *v;
    bot_work *w;
    bool keep_jokers;
    bool found;
};

static bool try_table(void *ctx, const rami_move *m)
{
    struct table_pick *tp = ctx;
    if (m->kind == RAMI_MOVE_MELD)
        return true;
    /* A joker in hand is worth more than its lay-off, except near the end. */
    if (m->kind == RAMI_MOVE_LAYOFF && m->cards[0] == RAMI_JOKER && tp->keep_jokers)
        return true;
    if (bot_judge(tp->g, m, tp->v, tp->w))
        tp->found = true;
    return !tp->found;
}

/* Swaps first (a joker for a loose card), then lay-offs. */
static bool play_table(const rami_game *g, verdict *v, bot_work *w)
{
    if (g->pos.ts.opened_now && !has_opt(&g->rs, RAMI_OPT_OPEN_TURN_LAYOFF))
        return false;
    const hand *h = &g->pos.hands[g->pos.current];
    struct table_pick tp = {
        g, v, w, h->size > weights(g, w)->keep_jokers_above && !g->pos.ts.replay_pending, false};
    if (has_opt(&g->rs, RAMI_OPT_JOKER_SWAP)) {
        for (unsigned i = 0; i < g->pos.meld_count && !tp.found; i++) {
            const tmeld *t = &g->pos.melds[i];
            for (unsigned k = 0; k < t->count && t->jokers && !tp.found; k++) {
                rami_card as = rami__meld_joker_as(t, k);
                if (as == RAMI_NO_CARD || !card_is_natural(as) || !hand_count(h, as))
                    continue;
                rami_move m = simple_move(RAMI_MOVE_SWAP, as);
                m.target = (uint8_t)i;
                tp.found = bot_judge(g, &m, v, w);
            }
        }
        if (tp.found)
            return true;
    }
    rami__gen_plays(&g->rs, &g->pos, RAMI_NO_CARD, try_table, &tp);
    return tp.found;
}

static bool play_joker(const rami_game *g, verdict *v, bot_work *w)
{
    struct table_pick tp = {g, v, w, false, false};
    rami__gen_plays(&g->rs, &g->pos, RAMI_JOKER, try_table, &tp);
    if (tp.found)
        return true;
    return play_meld(g, SOLVE_PENALTY, v, w);
}

/* ---- the discard ---- */

typedef struct discard_eval {
    uint8_t in_meld[256];                /* copies of each face in the hand's best melds */
    rami_card next_known[RAMI_MAX_HAND]; /* faces the next seat is known to hold */
    unsigned next, nknown;
    bool next_opened;
    const greedy_weights *wt; /* the weights of the seat to move */
} discard_eval;

static int neighbours(const greedy_weights *wt, const hand *h, rami_card c)
{
    unsigned s = RAMI_CARD_SUIT(c), r = RAMI_CARD_RANK(c);
    int score = 0;
    for (unsigned t = 0; t < 4; t++)
        if (t != s && hand_has(h, t, r))
            score += wt->set_partner;
    for (int d = -2; d <= 2; d++) {
        if (d == 0)
            continue;
        int q = (int)r + d;
        /* Ace sits next to both 2 and king. */
        if (q == 0)
            q = 13;
        else if (q == -1)
            q = 12;
        else if (q == 14)
            q = 1;
        else if (q == 15)
            q = 2;
        if (hand_has(h, s, (unsigned)q))
            score += d == 1 || d == -1 ? wt->run_next : wt->run_gap;
    }
    return score;
}

/* How much the next player could do with c: lay it off, or join it to a
 * card we know they hold. */
static int gift(const rami_game *g, const discard_eval *e, rami_card c)
{
    int score = 0;
    if (e->next_opened && fits_table(g, c))
        score += e->wt->gift_layoff;
    unsigned s = RAMI_CARD_SUIT(c), r = RAMI_CARD_RANK(c);
    for (unsigned i = 0; i < e->nknown; i++) {
        rami_card k = e->next_known[i];
        if (k == RAMI_JOKER || k == c)
            continue;
        unsigned ks = RAMI_CARD_SUIT(k), kr = RAMI_CARD_RANK(k);
        int dr = (int)kr - (int)r;
        if ((kr == r && ks != s) || (ks == s && dr >= -2 && dr <= 2))
            score += e->wt->gift_known;
    }
    return score;
}

/* Higher = better to throw away. */
static int discard_score(const rami_game *g, const discard_eval *e, rami_card c)
{
    const hand *h = &g->pos.hands[g->pos.current];
    if (c == RAMI_JOKER)
        return -e->wt->joker;
    int score = (int)card_penalty(c, &g->rs);
    if (e->in_meld[c] >= hand_count(h, c))
        score -= e->wt->in_meld;
    else
        score -= neighbours(e->wt, h, c);
    return score - gift(g, e, c);
}

/* The faces the next seat is known to hold, from the row kept during a
 * playout: as rami__known_cards_of, a face counts only while its hand
 * holds a copy. The row is read 8 bytes at a time (most are zero). */
static void next_known_kept(const hand *nh, const uint8_t *row, discard_eval *e)
{
    for (unsigned base = 0; base <= RAMI_JOKER; base += 8) {
        uint64_t word;
        memcpy(&word, row + base, sizeof word);
        for (unsigned c = base; word != 0 && c < base + 8 && c <= RAMI_JOKER; c++) {
            if (c == 0 || !row[c] || (card_is_valid((rami_card)c) && !hand_count(nh, (rami_card)c)))
                continue;
            if (e->nknown < RAMI_MAX_HAND)
                e->next_known[e->nknown++] = (rami_card)c;
        }
    }
}

static void discard_eval_init(const rami_game *g, discard_eval *e, bot_work *w)
{
    memset(e, 0, sizeof *e);
    e->wt = weights(g, w);
    solve_opts o =
        solver_opts(g, seat_opened(&g->pos, g->pos.current) ? SOLVE_PENALTY : SOLVE_POINTS);
    o.need_leftover = false;
    o.must_use = RAMI_NO_CARD;
    o.avoid = RAMI_NO_CARD;
    o.need_pure_run = false;
    solve_result res;
    if (solve(&g->pos.hands[g->pos.current], &o, 0, &res, w) > 0)
        for (unsigned i = 0; i < res.nmelds; i++)
            for (unsigned k = 0; k < res.melds[i].count; k++)
                e->in_meld[res.melds[i].cards[k]]++;
    e->next = (g->pos.current + 1u) % g->rs.players;
    e->next_opened = seat_opened(&g->pos, e->next);
    uint8_t known[256];
    if (w->known != NULL) {
        next_known_kept(&g->pos.hands[e->next], w->known->cnt[e->next], e);
        return;
    }
    rami__known_cards_of(g, e->next, known);
    for (unsigned c = 1; c <= RAMI_JOKER && e->nknown < RAMI_MAX_HAND; c++)
        if (known[c])
            e->next_known[e->nknown++] = (rami_card)c;
}

/* Card c with score sc into the first n of scores/faces, which are by
 * score, highest first; ties keep the order they came in. */
static void insert_ranked(int *scores, rami_card *faces, unsigned n, rami_card c, int sc)
{
    unsigned i = n;
    while (i > 0 && scores[i - 1] < sc) {
        scores[i] = scores[i - 1];
        faces[i] = faces[i - 1];
        i--;
    }
    scores[i] = sc;
    faces[i] = c;
}

/* The legal discards, best first: at most cap of them are validated and
 * written. Returns how many were written. */
unsigned rami__ranked_discards(const rami_game *g, verdict *out, unsigned cap, bot_work *w)
{
    discard_eval e;
    discard_eval_init(g, &e, w);
    const hand *h = &g->pos.hands[g->pos.current];
    int scores[RAMI_MAX_HAND + 1];
    rami_card faces[RAMI_MAX_HAND + 1];
    unsigned nf = 0;
    /* The faces held in card order (suit, then rank), the joker last. */
    for (unsigned suit = 0; suit < 4; suit++)
        for (unsigned held = h->mask[suit]; held != 0; held &= held - 1) {
            rami_card c = RAMI_CARD(lowest_bit(held), suit);
            insert_ranked(scores, faces, nf++, c, discard_score(g, &e, c));
        }
    if (h->jokers)
        insert_ranked(scores, faces, nf++, RAMI_JOKER, discard_score(g, &e, RAMI_JOKER));
    unsigned n = 0;
    for (unsigned i = 0; i < nf && n < cap; i++) {
        rami_move m = simple_move(RAMI_MOVE_DISCARD, faces[i]);
        if (bot_judge(g, &m, &out[n], w))
            n++;
    }
    return n;
}

void rami__discard_facts(const rami_game *g, rami_card c, discard_facts *f, bot_work *w)
{
    discard_eval e;
    discard_eval_init(g, &e, w);
    const hand *h = &g->pos.hands[g->pos.current];
    f->in_meld = e.in_meld[c] >= hand_count(h, c);
    f->near = c != RAMI_JOKER && neighbours(e.wt, h, c) > 0;
    f->gift = gift(g, &e, c) > 0;
    /* Is some other loose card worth more penalty? */
    f->dearer_loose = false;
    unsigned pen = card_penalty(c, &g->rs);
    for (unsigned suit = 0; suit < 4; suit++)
        for (unsigned r = 1; r <= 13; r++) {
            rami_card o = RAMI_CARD(r, suit);
            if (hand_has(h, suit, r) && o != c && o != g->pos.picked &&
                e.in_meld[o] < hand_face(h, suit, r) && neighbours(e.wt, h, o) == 0 &&
                card_penalty(o, &g->rs) > pen)
                f->dearer_loose = true;
        }
}

/* g's position turned into the start of `seat`'s turn in `phase` (nothing
 * picked, nothing laid this turn; who has opened is kept), for the
 * would-greedy questions below, which restore it afterwards. */
static position *seat_to_move(rami_game *g, unsigned seat, uint8_t phase)
{
    position *p = &g->pos;
    p->current = (uint8_t)seat;
    p->phase = phase;
    p->picked = RAMI_NO_CARD;
    uint8_t opened = p->ts.opened;
    memset(&p->ts, 0, sizeof p->ts);
    p->ts.opened = opened;
    return p;
}

/* seat_to_move in the play phase, the seat holding its hand plus c (the
 * question both would-discard tests ask), the position before kept in
 * *saved; NULL, g unchanged, when the hand holds as many cards as it can. */
static position *holding_plus(rami_game *g, unsigned seat, rami_card c, position *saved)
{
    if (g->pos.hands[seat].size >= RAMI_MAX_HAND)
        return NULL;
    *saved = g->pos;
    position *p = seat_to_move(g, seat, RAMI_PHASE_PLAY);
    hand_add(&p->hands[seat], c);
    return p;
}

/* Would greedy, as `seat` holding its hand plus c, throw c away (c scores
 * at least as high as every other card)? g's position is changed for the
 * test and restored. */
bool rami__greedy_would_discard(rami_game *g, unsigned seat, rami_card c, bot_work *w)
{
    position saved;
    position *p = holding_plus(g, seat, c, &saved);
    if (p == NULL)
        return true;
    discard_eval e;
    discard_eval_init(g, &e, w);
    int top = discard_score(g, &e, c);
    const hand *h = &p->hands[seat];
    bool highest = true;
    for (unsigned suit = 0; suit < 4 && highest; suit++)
        for (unsigned m = h->mask[suit]; m && highest; m &= m - 1) {
            rami_card f = RAMI_CARD(lowest_bit(m), suit);
            highest = f == c || discard_score(g, &e, f) <= top;
        }
    g->pos = saved;
    return highest;
}

static int greedy_step(const rami_game *g, verdict *v, bot_work *w);

/* Would greedy, as `seat` holding its hand plus c at the start of its play
 * (nothing picked), end its turn at once by discarding c: no meld,
 * lay-off or swap first, and c its first-ranked discard? g's position is
 * changed for the test and restored. */
bool rami__greedy_would_only_discard(rami_game *g, unsigned seat, rami_card c, bot_work *w)
{
    position saved;
    if (holding_plus(g, seat, c, &saved) == NULL)
        return true;
    uint32_t judged = w->step_judged;
    w->step_judged = 0;
    verdict v;
    bool only = greedy_step(g, &v, w) == RAMI_OK && v.move.kind == RAMI_MOVE_DISCARD &&
                v.move.cards[0] == c;
    w->step_judged = judged;
    g->pos = saved;
    return only;
}

/* Would greedy, as `seat` holding its hand now, take c from the discard
 * pile? g's position is changed for the test and restored. */
bool rami__greedy_would_take(rami_game *g, unsigned seat, rami_card c, bot_work *w)
{
    if (g->pos.discard_count >= RAMI_MAX_PACK)
        return false;
    position saved = g->pos;
    position *p = seat_to_move(g, seat, RAMI_PHASE_DRAW);
    discard_push(p, c);
    bool take = take_useful(g, w);
    g->pos = saved;
    return take;
}

/* ---- one decision, and whole rounds ---- */

/* Nothing else applies (a play is required): any legal move. There is one
 * in the play phase, so its absence is an internal failure. */
static int any_legal(const rami_game *g, verdict *v, bot_work *w)
{
    rami_move *list;
    size_t n;
    int st = rami__legal_moves_alloc(g, &list, &n);
    if (st == RAMI_OK)
        st = n > 0 && bot_judge(g, &list[0], v, w) ? RAMI_OK : RAMI_E_INTERNAL;
    free(list);
    return st;
}

static int greedy_step(const rami_game *g, verdict *v, bot_work *w)
{
    if (g->pos.phase == RAMI_PHASE_DRAW) {
        greedy_draw(g, v, w);
        return RAMI_OK;
    }
    if (g->pos.phase != RAMI_PHASE_PLAY)
        return RAMI_E_PHASE;
    if (g->pos.ts.replay_pending && play_joker(g, v, w))
        return RAMI_OK;
    if (!seat_opened(&g->pos, g->pos.current)) {
        if (play_meld(g, SOLVE_POINTS, v, w))
            return RAMI_OK;
    } else if (play_meld(g, SOLVE_PENALTY, v, w) || play_table(g, v, w)) {
        return RAMI_OK;
    }
    if (rami__ranked_discards(g, v, 1, w) > 0)
        return RAMI_OK;
    return any_legal(g, v, w);
}

int rami__greedy_verdict(const rami_game *g, verdict *v, bot_work *w)
{
    w->steps++;
    w->step_judged = 0;
    return greedy_step(g, v, w);
}

int rami__greedy_move(const rami_game *g, rami_move *out)
{
    verdict v;
    bot_work w = {0};
    int st = rami__greedy_verdict(g, &v, &w);
    if (st == RAMI_OK)
        *out = v.move;
    return st;
}

double rami__bot_now_ms(void)
{
#ifdef _WIN32
    /* mingw-w64's default C runtime (msvcrt) has no timespec_get; its
     * clock() counts wall time since the process started. */
    return (double)clock() * 1e3 / CLOCKS_PER_SEC;
#else
    /* C11's clock: wall time, good enough for a thinking budget. */
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
#endif
}

bool rami__bot_over_limit(const bot_work *w, const bot_limits *lim)
{
    return w->steps >= lim->max_steps || w->nodes >= lim->max_nodes ||
           (lim->deadline_ms > 0 && rami__bot_now_ms() >= lim->deadline_ms);
}

/* The result of a finished round for seat me: the others' mean points
 * minus its own, plus the win bonus (shared by the winners). */
static int round_score(const rami_game *g, unsigned me, int win_bonus)
{
    if (g->pos.phase != RAMI_PHASE_ROUND_OVER && g->pos.phase != RAMI_PHASE_MATCH_OVER)
        return 0;
    const rami_round_result *r = &g->pos.result;
    int others = 0;
    for (unsigned p = 0; p < g->rs.players; p++)
        if (p != me)
            others += r->points[p];
    int score = others / (int)(g->rs.players - 1u) - r->points[me];
    if (r->winners & (1u << me)) {
        int shared = 0;
        for (unsigned p = 0; p < g->rs.players; p++)
            shared += (r->winners >> p) & 1u;
        score += win_bonus / shared;
    }
    return score;
}

/* Greedy for every seat until the round ends (or PLAYOUT_TURN_CAP more
 * turns or PLAYOUT_MAX_STEPS decisions pass: the result is then 0). */
bool rami__greedy_playout(rami_game *g, unsigned me, bot_work *w, const bot_limits *lim,
                          const rami_known *start_known, int *score)
{
    unsigned start = g->pos.turn;
    w->playouts++;
    rami_known known;
    if (start_known != NULL)
        known = *start_known;
    else
        rami__known_cards(g, &known);
    w->known = &known;
    bool done = true;
    for (unsigned k = 0; g->pos.phase == RAMI_PHASE_DRAW || g->pos.phase == RAMI_PHASE_PLAY; k++) {
        if (rami__bot_over_limit(w, lim)) {
            w->cut = true;
            done = false;
            break;
        }
        verdict v;
        unsigned seat = g->pos.current;
        if (k >= PLAYOUT_MAX_STEPS || g->pos.turn - start > PLAYOUT_TURN_CAP ||
            rami__greedy_verdict(g, &v, w) != RAMI_OK)
            break;
        rami_card taken = discard_top(&g->pos);
        if (rami__play_verdict(g, &v) != RAMI_OK)
            break;
        rami__known_update(known.cnt[seat], &v.move, taken);
    }
    w->known = NULL;
    *score = round_score(g, me, (w->mine != NULL ? w->mine : &W)->win_bonus);
    return done;
}
