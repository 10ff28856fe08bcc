/* Bots (doc/bots.md): random, greedy and a determinized Monte Carlo bot
 * whose playouts are greedy. Every public entry point searches a
 * determinized copy of the game, so a bot never reads a card its player
 * could not know, and the returned move is always validated by rules.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bot-private.h"

#define STRONG_DEFAULT_PLAYOUTS 8000u
#define STRONG_MAX_DISCARDS     (RAMI_MAX_HAND + 1u)
#define PLAYOUT_TURN_CAP        600u
#define WIN_BONUS               100
#define STRONG_HOLD_DISCARDS    2u
#define STRONG_Z                1.0 /* standard errors a move must beat greedy's by */
#define STRONG_DROP_Z           2.0 /* ... or is dropped when this many below */
#define STRONG_SAME_AFTER       24  /* dropped when no result differed after this many */
#define STRONG_BATCH            8
#define HINT_SEED               0x48494E54u /* "HINT" */
#define HINT_PLAYOUTS           600u

/* ------------------------------------------------------------------------ */
/* Small helpers                                                             */
/* ------------------------------------------------------------------------ */

/* Validates m for the current player; on success v holds its canonical form. */
static bool legal(const rami_game *g, const rami_move *m, verdict *v)
{
    return rami__validate(&g->rs, &g->pos, g->pos.current, m, v, NULL, 0) == RAMI_OK;
}

static rami_move simple_move(uint8_t kind, rami_card c)
{
    rami_move m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.count = c != RAMI_NO_CARD;
    m.cards[0] = c;
    return m;
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

/* ------------------------------------------------------------------------ */
/* Greedy: the draw                                                          */
/* ------------------------------------------------------------------------ */

/* Is the discard top worth taking: does it join a meld usable now, extend a
 * table meld, or make the opening reachable this turn? */
static bool take_useful(const rami_game *g)
{
    if (g->pos.discard_count == 0)
        return false;
    rami_card top = g->pos.discard[g->pos.discard_count - 1];
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
        int gain = rami__solve(&with, &o, 0, NULL);
        o.must_use = RAMI_NO_CARD;
        o.avoid = RAMI_NO_CARD;
        return gain > rami__solve(h, &o, 0, NULL);
    }
    int need = g->rs.opening_points ? g->rs.opening_points : 1;
    o.must_use = top;
    if (rami__solve(&with, &o, need, NULL) < need)
        return false;
    o.must_use = RAMI_NO_CARD;
    o.avoid = RAMI_NO_CARD;
    return rami__solve(h, &o, need, NULL) < need;
}

static void greedy_draw(const rami_game *g, verdict *v)
{
    rami_move m = simple_move(RAMI_MOVE_DRAW_DISCARD, RAMI_NO_CARD);
    if (take_useful(g) && legal(g, &m, v))
        return;
    m.kind = RAMI_MOVE_DRAW_STOCK;
    legal(g, &m, v);
}

/* ------------------------------------------------------------------------ */
/* Greedy: plays                                                             */
/* ------------------------------------------------------------------------ */

/* Lays the first meld of the best selection the solver finds. */
static bool play_meld(const rami_game *g, int objective, verdict *v)
{
    solve_opts o = solver_opts(g, objective);
    solve_result res;
    if (rami__solve(&g->pos.hands[g->pos.current], &o, 0, &res) < 0)
        return false;
    if (objective == SOLVE_POINTS) {
        int need = (int)g->rs.opening_points - (int)g->pos.ts.points;
        if (res.value < need || res.nmelds == 0)
            return false;
    }
    for (unsigned i = 0; i < res.nmelds; i++) {
        rami_move m = meld_move(&res.melds[i]);
        if (legal(g, &m, v))
            return true;
    }
    return false;
}

struct table_pick {
    const rami_game *g;
    verdict *v;
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
    if (legal(tp->g, m, tp->v))
        tp->found = true;
    return !tp->found;
}

/* Swaps first (a joker for a loose card), then lay-offs. */
static bool play_table(const rami_game *g, verdict *v)
{
    if (g->pos.ts.opened_now && !has_opt(&g->rs, RAMI_OPT_OPEN_TURN_LAYOFF))
        return false;
    const hand *h = &g->pos.hands[g->pos.current];
    struct table_pick tp = {g, v, h->size > 3 && !g->pos.ts.replay_pending, false};
    if (has_opt(&g->rs, RAMI_OPT_JOKER_SWAP)) {
        for (unsigned i = 0; i < g->pos.meld_count && !tp.found; i++) {
            const tmeld *t = &g->pos.melds[i];
            for (unsigned k = 0; k < t->count && t->jokers && !tp.found; k++) {
                rami_card as = rami__meld_joker_as(t, k);
                if (as == RAMI_NO_CARD || !card_is_natural(as) || !hand_count(h, as))
                    continue;
                rami_move m = simple_move(RAMI_MOVE_SWAP, as);
                m.target = (uint8_t)i;
                tp.found = legal(g, &m, v);
            }
        }
        if (tp.found)
            return true;
    }
    rami__gen_plays(&g->rs, &g->pos, RAMI_NO_CARD, try_table, &tp);
    return tp.found;
}

static bool play_joker(const rami_game *g, verdict *v)
{
    struct table_pick tp = {g, v, false, false};
    rami__gen_plays(&g->rs, &g->pos, RAMI_JOKER, try_table, &tp);
    if (tp.found)
        return true;
    return play_meld(g, SOLVE_PENALTY, v);
}

/* ------------------------------------------------------------------------ */
/* Greedy: the discard                                                       */
/* ------------------------------------------------------------------------ */

typedef struct discard_eval {
    uint8_t in_meld[256];                /* copies of each face in the hand's best melds */
    rami_card next_known[RAMI_MAX_HAND]; /* faces the next seat is known to hold */
    unsigned next, nknown;
    bool next_opened;
} discard_eval;

static int neighbours(const hand *h, rami_card c)
{
    unsigned s = RAMI_CARD_SUIT(c), r = RAMI_CARD_RANK(c);
    int score = 0;
    for (unsigned t = 0; t < 4; t++)
        if (t != s && h->cnt[t][r])
            score += 10;
    static const int near[3] = {0, 8, 4};
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
        if (h->cnt[s][q])
            score += near[d < 0 ? -d : d];
    }
    return score;
}

/* How much the next player could do with c: lay it off, or join it to a
 * card we know they hold. */
static int gift(const rami_game *g, const discard_eval *e, rami_card c)
{
    int score = 0;
    if (e->next_opened && fits_table(g, c))
        score += 18;
    unsigned s = RAMI_CARD_SUIT(c), r = RAMI_CARD_RANK(c);
    for (unsigned i = 0; i < e->nknown; i++) {
        rami_card k = e->next_known[i];
        if (k == RAMI_JOKER || k == c)
            continue;
        unsigned ks = RAMI_CARD_SUIT(k), kr = RAMI_CARD_RANK(k);
        int dr = (int)kr - (int)r;
        if ((kr == r && ks != s) || (ks == s && dr >= -2 && dr <= 2))
            score += 8;
    }
    return score;
}

/* Higher = better to throw away. */
static int discard_score(const rami_game *g, const discard_eval *e, rami_card c)
{
    const hand *h = &g->pos.hands[g->pos.current];
    if (c == RAMI_JOKER)
        return -1000;
    int score = (int)card_penalty(c, &g->rs);
    if (e->in_meld[c] >= hand_count(h, c))
        score -= 200;
    else
        score -= neighbours(h, c);
    return score - gift(g, e, c);
}

static void discard_eval_init(const rami_game *g, discard_eval *e)
{
    memset(e, 0, sizeof *e);
    solve_opts o =
        solver_opts(g, seat_opened(&g->pos, g->pos.current) ? SOLVE_PENALTY : SOLVE_POINTS);
    o.need_leftover = false;
    o.must_use = RAMI_NO_CARD;
    o.avoid = RAMI_NO_CARD;
    o.need_pure_run = false;
    solve_result res;
    if (rami__solve(&g->pos.hands[g->pos.current], &o, 0, &res) > 0)
        for (unsigned i = 0; i < res.nmelds; i++)
            for (unsigned k = 0; k < res.melds[i].count; k++)
                e->in_meld[res.melds[i].cards[k]]++;
    e->next = (g->pos.current + 1u) % g->rs.players;
    e->next_opened = seat_opened(&g->pos, e->next);
    uint8_t known[256];
    rami__known_cards_of(g, e->next, known);
    for (unsigned c = 1; c <= RAMI_JOKER && e->nknown < RAMI_MAX_HAND; c++)
        if (known[c])
            e->next_known[e->nknown++] = (rami_card)c;
}

/* The legal discards, best first: at most cap of them are validated and
 * written. Returns how many were written. */
static unsigned ranked_discards(const rami_game *g, verdict *out, unsigned cap)
{
    discard_eval e;
    discard_eval_init(g, &e);
    const hand *h = &g->pos.hands[g->pos.current];
    int scores[RAMI_MAX_HAND + 1];
    rami_card faces[RAMI_MAX_HAND + 1];
    unsigned nf = 0;
    for (unsigned suit = 0; suit < 5; suit++) {
        for (unsigned r = 1; r <= 13; r++) {
            rami_card c = suit < 4 ? RAMI_CARD(r, suit) : RAMI_JOKER;
            if (suit == 4 && r > 1)
                break;
            if (!hand_count(h, c))
                continue;
            int sc = discard_score(g, &e, c);
            unsigned i = nf++;
            /* Insertion by score; ties keep card order (deterministic). */
            while (i > 0 && scores[i - 1] < sc) {
                scores[i] = scores[i - 1];
                faces[i] = faces[i - 1];
                i--;
            }
            scores[i] = sc;
            faces[i] = c;
        }
    }
    unsigned n = 0;
    for (unsigned i = 0; i < nf && n < cap; i++) {
        rami_move m = simple_move(RAMI_MOVE_DISCARD, faces[i]);
        if (legal(g, &m, &out[n]))
            n++;
    }
    return n;
}

/* ------------------------------------------------------------------------ */
/* Greedy: one decision                                                      */
/* ------------------------------------------------------------------------ */

static int greedy_verdict(const rami_game *g, verdict *v)
{
    if (g->pos.phase == RAMI_PHASE_DRAW) {
        greedy_draw(g, v);
        return RAMI_OK;
    }
    if (g->pos.phase != RAMI_PHASE_PLAY)
        return RAMI_E_PHASE;
    if (g->pos.ts.replay_pending && play_joker(g, v))
        return RAMI_OK;
    if (!seat_opened(&g->pos, g->pos.current)) {
        if (play_meld(g, SOLVE_POINTS, v))
            return RAMI_OK;
    } else if (play_meld(g, SOLVE_PENALTY, v) || play_table(g, v)) {
        return RAMI_OK;
    }
    if (ranked_discards(g, v, 1) > 0)
        return RAMI_OK;
    /* Nothing above applies (a play is required): any legal move. */
    rami_move *list = malloc(RAMI_MAX_MOVES * sizeof *list);
    if (list == NULL)
        return RAMI_E_NOMEM;
    size_t n;
    int st = rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n);
    st = st == RAMI_OK && n > 0 && legal(g, &list[0], v) ? RAMI_OK : RAMI_E_PHASE;
    free(list);
    return st;
}

int rami__greedy_move(const rami_game *g, rami_move *out)
{
    verdict v;
    int st = greedy_verdict(g, &v);
    if (st == RAMI_OK)
        *out = v.move;
    return st;
}

/* ------------------------------------------------------------------------ */
/* Copies and playouts                                                       */
/* ------------------------------------------------------------------------ */

/* Greedy for every seat until the round ends; the result for seat me. */
static int playout(rami_game *g, unsigned me)
{
    unsigned start = g->pos.turn;
    while (g->pos.phase == RAMI_PHASE_DRAW || g->pos.phase == RAMI_PHASE_PLAY) {
        verdict v;
        if (g->pos.turn - start > PLAYOUT_TURN_CAP || greedy_verdict(g, &v) != RAMI_OK ||
            rami__play_verdict(g, &v) != RAMI_OK)
            break;
    }
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
        score += WIN_BONUS / shared;
    }
    return score;
}

/* ------------------------------------------------------------------------ */
/* Strong: determinized Monte Carlo over a few candidate moves               */
/* ------------------------------------------------------------------------ */

typedef struct search_state {
    verdict cand[RAMI_MAX_HAND + 2];
    double diff[RAMI_MAX_HAND + 2];  /* sum of result differences to the baseline */
    double diff2[RAMI_MAX_HAND + 2]; /* sum of their squares */
    double mean[RAMI_MAX_HAND + 2];  /* mean result */
    unsigned n[RAMI_MAX_HAND + 2];   /* samples of each candidate */
    bool active[RAMI_MAX_HAND + 2];  /* still sampled */
    unsigned ncand, base, samples;   /* base: greedy's own choice */
} search_state;

static uint64_t mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x7FB5D329728EA185ull;
    x ^= x >> 27;
    x *= 0x81DADEF4BC2DD44Dull;
    return x ^ (x >> 33);
}

/* A seed from the options and the public position only. */
static uint64_t decision_seed(const rami_game *g, uint64_t seed)
{
    return mix(seed ^
               mix(((uint64_t)g->pos.round << 48) ^ ((uint64_t)g->pos.turn << 24) ^ g->log_len));
}

static double now_ms(void)
{
    /* C11's clock: wall time, good enough for a thinking budget. */
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static bool same_move(const rami_move *a, const rami_move *b)
{
    return a->kind == b->kind && a->count == b->count && a->target == b->target &&
           a->side == b->side && memcmp(a->cards, b->cards, a->count) == 0;
}

/* Candidates: both draws, or the best ranked discards; greedy's own
 * choice is always among them (the baseline). Melds, lay-offs and swaps
 * are greedy's: laying cards down early is what wins rounds. */
static void candidates(const rami_game *d, search_state *s)
{
    s->ncand = 0;
    verdict g;
    if (greedy_verdict(d, &g) != RAMI_OK)
        return;
    if (d->pos.phase == RAMI_PHASE_DRAW) {
        rami_move m = simple_move(RAMI_MOVE_DRAW_STOCK, RAMI_NO_CARD);
        if (legal(d, &m, &s->cand[s->ncand]))
            s->ncand++;
        m.kind = RAMI_MOVE_DRAW_DISCARD;
        if (legal(d, &m, &s->cand[s->ncand]))
            s->ncand++;
    } else if (g.move.kind == RAMI_MOVE_DISCARD) {
        s->ncand = ranked_discards(d, s->cand, STRONG_MAX_DISCARDS);
    } else if ((g.move.kind == RAMI_MOVE_MELD || g.move.kind == RAMI_MOVE_LAYOFF) &&
               !d->pos.ts.replay_pending) {
        /* Or keep the cards in hand and end the turn. */
        s->cand[0] = g;
        s->ncand = 1 + ranked_discards(d, s->cand + 1, STRONG_HOLD_DISCARDS);
    }
    s->base = 0;
    for (unsigned i = 0; i < s->ncand; i++)
        if (same_move(&s->cand[i].move, &g.move))
            s->base = i;
    if (s->ncand == 0 || !same_move(&s->cand[s->base].move, &g.move)) {
        s->cand[0] = g;
        s->ncand = 1;
        s->base = 0;
    }
}

/* One determinization, every active candidate played out on it. Returns
 * the playouts run, or a negative status. */
static int sample_round(const rami_game *g, rami_game *det, rami_game *work, search_state *s,
                        uint64_t seed)
{
    int st = rami__game_copy(det, g);
    if (st != RAMI_OK)
        return st;
    rami__determinize_into(det, g, g->pos.current, seed);
    int score[RAMI_MAX_HAND + 2];
    int runs = 0;
    for (unsigned i = 0; i < s->ncand; i++) {
        if (!s->active[i])
            continue;
        st = rami__game_copy(work, det);
        if (st != RAMI_OK)
            return st;
        if (rami__play_verdict(work, &s->cand[i]) != RAMI_OK)
            return RAMI_E_NOMEM;
        score[i] = playout(work, g->pos.current);
        runs++;
    }
    /* Every candidate met the same hidden cards: compare them pairwise. */
    for (unsigned i = 0; i < s->ncand; i++) {
        if (!s->active[i])
            continue;
        double d = score[i] - score[s->base];
        s->n[i]++;
        s->diff[i] += d;
        s->diff2[i] += d * d;
        s->mean[i] += (score[i] - s->mean[i]) / s->n[i];
    }
    s->samples++;
    return runs;
}

/* Square root by Newton's method: keeps the library free of libm. */
static double root(double x)
{
    if (x <= 0)
        return 0;
    double r = x > 1 ? x : 1;
    for (int i = 0; i < 60; i++) {
        double next = 0.5 * (r + x / r);
        if (next >= r)
            break;
        r = next;
    }
    return r;
}

/* Mean paired difference of candidate i to the baseline and its standard
 * error. */
static double paired(const search_state *s, unsigned i, double *se)
{
    double n = s->n[i];
    *se = 0;
    if (n < 2)
        return 0;
    double mean = s->diff[i] / n;
    double var = (s->diff2[i] / n - mean * mean) * n / (n - 1);
    *se = root(var / n);
    return mean;
}

/* Racing: a candidate that never differed from the baseline, or that is
 * clearly worse, stops being sampled. True while another one is active. */
static bool prune(search_state *s)
{
    bool any = false;
    for (unsigned i = 0; i < s->ncand; i++) {
        if (!s->active[i] || i == s->base)
            continue;
        double se, mean = paired(s, i, &se);
        if ((s->diff2[i] == 0 && s->n[i] >= STRONG_SAME_AFTER) || mean + STRONG_DROP_Z * se < 0)
            s->active[i] = false;
        any |= s->active[i];
    }
    return any;
}

static int run_samples(const rami_game *g, const rami_bot_options *opt, search_state *s)
{
    rami_game *det = NULL, *work = NULL;
    int st = rami_game_clone(g, &det);
    if (st == RAMI_OK)
        st = rami_game_clone(g, &work);
    uint32_t budget = opt->playouts ? opt->playouts : STRONG_DEFAULT_PLAYOUTS, used = 0;
    uint64_t base = decision_seed(g, opt->seed);
    double start = now_ms();
    for (unsigned i = 0; i < s->ncand; i++)
        s->active[i] = true;
    for (unsigned r = 0; st == RAMI_OK && used < budget; r++) {
        int runs = sample_round(g, det, work, s, mix(base + r));
        if (runs < 0) {
            st = runs;
            break;
        }
        used += (uint32_t)runs;
        if (opt->time_ms && now_ms() - start >= opt->time_ms)
            break;
        if ((r + 1) % STRONG_BATCH == 0 && !prune(s))
            break;
    }
    rami_game_free(work);
    rami_game_free(det);
    return st;
}

/* The candidate whose paired advantage over greedy's choice is largest
 * after subtracting STRONG_Z standard errors, if positive; else greedy's. */
static unsigned best_candidate(const search_state *s)
{
    unsigned best = s->base;
    double best_margin = 0;
    for (unsigned i = 0; i < s->ncand; i++) {
        double se, mean = paired(s, i, &se);
        double margin = mean - STRONG_Z * se;
        if (i != s->base && s->active[i] && mean > 0 && margin > best_margin) {
            best = i;
            best_margin = margin;
        }
    }
    return best;
}

/* d is a determinized copy: candidates come from what the player knows. */
static int strong_verdict(const rami_game *d, const rami_bot_options *opt, verdict *v,
                          search_state *s)
{
    memset(s, 0, sizeof *s);
    candidates(d, s);
    if (s->ncand == 0)
        return greedy_verdict(d, v);
    if (s->ncand > 1) {
        int st = run_samples(d, opt, s);
        if (st != RAMI_OK)
            return st;
    }
    *v = s->cand[best_candidate(s)];
    return RAMI_OK;
}

/* ------------------------------------------------------------------------ */
/* Public entry points                                                       */
/* ------------------------------------------------------------------------ */

int rami_bot_options_init(rami_bot_options *opt, int level)
{
    if (opt == NULL || level < RAMI_BOT_RANDOM || level > RAMI_BOT_STRONG)
        return RAMI_E_ARG;
    memset(opt, 0, sizeof *opt);
    opt->struct_size = sizeof *opt;
    opt->level = (uint8_t)level;
    opt->playouts = level == RAMI_BOT_STRONG ? STRONG_DEFAULT_PLAYOUTS : 0;
    return RAMI_OK;
}

static int options_check(const rami_bot_options *opt)
{
    if (opt->struct_size != sizeof *opt || opt->level > RAMI_BOT_STRONG)
        return RAMI_E_ARG;
    for (unsigned i = 0; i < sizeof opt->reserved; i++)
        if (opt->reserved[i] != 0)
            return RAMI_E_ARG;
    return RAMI_OK;
}

static int random_verdict(const rami_game *d, uint64_t seed, verdict *v)
{
    rami_move *list = malloc(RAMI_MAX_MOVES * sizeof *list);
    if (list == NULL)
        return RAMI_E_NOMEM;
    size_t n;
    int st = rami_game_legal_moves(d, list, RAMI_MAX_MOVES, &n);
    if (st == RAMI_OK && n == 0)
        st = RAMI_E_PHASE;
    if (st == RAMI_OK) {
        rami_rng rng;
        rami__rng_seed(&rng, seed);
        st = legal(d, &list[rami__rng_below(&rng, (uint32_t)n)], v) ? RAMI_OK : RAMI_E_PHASE;
    }
    free(list);
    return st;
}

static int choose(const rami_game *g, const rami_bot_options *opt, verdict *v, search_state *s)
{
    if (g->pos.phase != RAMI_PHASE_DRAW && g->pos.phase != RAMI_PHASE_PLAY)
        return RAMI_E_PHASE;
    uint64_t seed = decision_seed(g, opt->seed);
    rami_game *d;
    int st = rami_game_determinize(g, g->pos.current, seed, &d);
    if (st != RAMI_OK)
        return st;
    if (opt->level == RAMI_BOT_RANDOM)
        st = random_verdict(d, mix(seed + 1), v);
    else if (opt->level == RAMI_BOT_GREEDY)
        st = greedy_verdict(d, v);
    else
        st = strong_verdict(d, opt, v, s);
    rami_game_free(d);
    /* The move was judged on the copy; the real game must agree. */
    rami_move m = v->move;
    if (st == RAMI_OK && !legal(g, &m, v))
        st = RAMI_E_PHASE;
    return st;
}

int rami_bot_choose(const rami_game *g, const rami_bot_options *opt, rami_move *out)
{
    if (g == NULL || opt == NULL || out == NULL || options_check(opt) != RAMI_OK)
        return RAMI_E_ARG;
    search_state *s = NULL;
    if (opt->level == RAMI_BOT_STRONG && (s = malloc(sizeof *s)) == NULL)
        return RAMI_E_NOMEM;
    verdict v;
    int st = choose(g, opt, &v, s);
    free(s);
    if (st == RAMI_OK)
        *out = v.move;
    return st;
}

/* ------------------------------------------------------------------------ */
/* Hints                                                                     */
/* ------------------------------------------------------------------------ */

static void hint_play(const rami_game *g, const rami_move *m, char *buf, size_t cap)
{
    char text[80];
    if (rami_move_format(m, text, sizeof text) != RAMI_OK)
        snprintf(text, sizeof text, "this move");
    const hand *h = &g->pos.hands[g->pos.current];
    if (m->kind == RAMI_MOVE_MELD) {
        tmeld t;
        rami__meld_eval(g->rs.jokers_per_meld, m->cards, m->count, m->side, &t, NULL, 0);
        unsigned pts = rami__meld_points(&t);
        if (!seat_opened(&g->pos, g->pos.current)) {
            unsigned total = g->pos.ts.points + pts;
            snprintf(buf, cap, "%s: %s your opening (%u of %u)", text,
                     total >= g->rs.opening_points ? "completes" : "builds", total,
                     g->rs.opening_points);
        } else {
            snprintf(buf, cap, "%s: takes %u cards out of your hand", text, m->count);
        }
    } else if (m->kind == RAMI_MOVE_LAYOFF) {
        snprintf(buf, cap, "%s: gets rid of %u penalty points%s", text,
                 card_penalty(m->cards[0], &g->rs), h->size == 1 ? " and goes out" : "");
    } else {
        snprintf(buf, cap, "%s: takes the joker back for a loose card", text);
    }
}

/* Why greedy likes this discard. */
/* Why greedy likes this discard. */
static const char *discard_why(const rami_game *g, rami_card c)
{
    discard_eval e;
    discard_eval_init(g, &e);
    const hand *h = &g->pos.hands[g->pos.current];
    if (e.in_meld[c] >= hand_count(h, c))
        return "every card left is in a meld, this one breaks the cheapest";
    if (neighbours(h, c) > 0)
        return gift(g, &e, c) ? "the card least useful to you and to the next player"
                              : "the loosest card, and it does not help the next player";
    /* A loose card: is any other loose card worth more penalty? */
    unsigned pen = card_penalty(c, &g->rs);
    for (unsigned suit = 0; suit < 4; suit++)
        for (unsigned r = 1; r <= 13; r++) {
            rami_card o = RAMI_CARD(r, suit);
            if (h->cnt[suit][r] && o != c && o != g->pos.picked && e.in_meld[o] < h->cnt[suit][r] &&
                neighbours(h, o) == 0 && card_penalty(o, &g->rs) > pen)
                return gift(g, &e, c) ? "a card that fits nothing of yours"
                                      : "a card that fits nothing, and does not help the next "
                                        "player";
        }
    return "highest card that fits nothing";
}

/* The strong bot overruled greedy: say so, with the simulated gain. */
static void hint_simulated(const search_state *s, unsigned chosen, const rami_move *m, char *buf,
                           size_t cap)
{
    char text[80], base[80];
    if (rami_move_format(m, text, sizeof text) != RAMI_OK ||
        rami_move_format(&s->cand[s->base].move, base, sizeof base) != RAMI_OK) {
        snprintf(buf, cap, "simulations favour this move");
        return;
    }
    snprintf(buf, cap, "%s: simulations favour it over \"%s\" (%+.1f points a round over %u deals)",
             text, base, s->diff[chosen] / s->n[chosen], s->n[chosen]);
}

static void hint_reason(const rami_game *g, const search_state *s, const rami_move *m, char *buf,
                        size_t cap)
{
    char card[8] = "";
    unsigned chosen = s->base;
    for (unsigned i = 0; i < s->ncand; i++)
        if (same_move(&s->cand[i].move, m))
            chosen = i;
    if (chosen != s->base && s->n[chosen] > 0) {
        hint_simulated(s, chosen, m, buf, cap);
        return;
    }
    rami_card top = rami_game_discard_top(g);
    rami_card_format(m->kind == RAMI_MOVE_DISCARD ? m->cards[0] : top, card, sizeof card);
    switch (m->kind) {
    case RAMI_MOVE_DRAW_STOCK:
        if (top == RAMI_NO_CARD)
            snprintf(buf, cap, "draw: the discard pile is empty");
        else
            snprintf(buf, cap, "draw: %s on the discard pile does not help your melds", card);
        break;
    case RAMI_MOVE_DRAW_DISCARD:
        snprintf(buf, cap, "take %s: %s", card,
                 seat_opened(&g->pos, g->pos.current) ? "it joins your melds or the table"
                                                      : "it brings your opening within reach");
        break;
    case RAMI_MOVE_DISCARD:
        snprintf(buf, cap, "discard %s: %s", card, discard_why(g, m->cards[0]));
        break;
    default:
        hint_play(g, m, buf, cap);
        break;
    }
}

int rami_game_hint(const rami_game *g, rami_move *out, char *why, size_t why_cap)
{
    if (g == NULL || out == NULL || (why == NULL && why_cap > 0))
        return RAMI_E_ARG;
    rami_bot_options opt;
    rami_bot_options_init(&opt, RAMI_BOT_STRONG);
    opt.seed = HINT_SEED;
    opt.playouts = HINT_PLAYOUTS; /* a quick answer for interactive use */
    search_state *s = malloc(sizeof *s);
    if (s == NULL)
        return RAMI_E_NOMEM;
    verdict v;
    int st = choose(g, &opt, &v, s);
    if (st == RAMI_OK) {
        *out = v.move;
        if (why != NULL && why_cap > 0)
            hint_reason(g, s, &v.move, why, why_cap);
    }
    free(s);
    return st;
}
