/* The strong bot (doc/bots.md): determinized Monte Carlo over a few
 * candidate moves around greedy's own choice, each played out by greedy
 * on the same sampled hidden cards, compared pairwise and raced. The
 * hidden cards are dealt to agree with what the opponents did, if they
 * play greedy: their last discard and the discard they last left. */
#include <stdlib.h>
#include <string.h>

#include "bot-private.h"

#define STRONG_MAX_DISCARDS  6u  /* greedy's best discards compared when it discards */
#define STRONG_HOLD_DISCARDS 2u  /* discards compared with greedy's meld or lay-off */
#define STRONG_Z             0.5 /* standard errors a move must beat greedy's by */
#define STRONG_DROP_Z        2.0 /* ... or is dropped when this many below */
#define STRONG_SAME_AFTER    24  /* dropped when no result differed after this many */
#define STRONG_BATCH         8   /* samples between two racing rounds */

/* The strong bot's own policy, at the root and in its playouts: greedy's
 * weights, and it also takes a discard that brings its opening closer. */
static const greedy_weights STRONG_W = {10, 8, 4, 200, 1000, 18, 8, 3, 100, 1};

/* Candidates: both draws, or the best ranked discards; greedy's own
 * choice is always among them (the baseline). Melds, lay-offs and swaps
 * are greedy's: laying cards down early is what wins rounds. */
static void candidates(const rami_game *d, search_state *s)
{
    s->ncand = 0;
    verdict g;
    if (rami__greedy_verdict(d, &g, &s->work) != RAMI_OK)
        return;
    if (d->pos.phase == RAMI_PHASE_DRAW) {
        rami_move m = simple_move(RAMI_MOVE_DRAW_STOCK, RAMI_NO_CARD);
        if (bot_judge(d, &m, &s->cand[s->ncand], &s->work))
            s->ncand++;
        m.kind = RAMI_MOVE_DRAW_DISCARD;
        if (bot_judge(d, &m, &s->cand[s->ncand], &s->work))
            s->ncand++;
    } else if (g.move.kind == RAMI_MOVE_DISCARD) {
        s->ncand = rami__ranked_discards(d, s->cand, STRONG_MAX_DISCARDS, &s->work);
    } else if ((g.move.kind == RAMI_MOVE_MELD || g.move.kind == RAMI_MOVE_LAYOFF) &&
               !d->pos.ts.replay_pending) {
        /* Or keep the cards in hand and end the turn. */
        s->cand[0] = g;
        s->ncand = 1 + rami__ranked_discards(d, s->cand + 1, STRONG_HOLD_DISCARDS, &s->work);
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

/* The opponent model: does the deal agree with what each opponent did, if
 * it plays greedy? With its hand now plus its last discard, greedy must
 * throw that card; with its hand now, it must leave the discard it left
 * at its last draw. (A seat's hand changes only in its own turn, so its
 * hand now is the one it discarded from; the table may have grown since.) */
static unsigned deal_disagrees(rami_game *det, search_state *s, unsigned me)
{
    unsigned bad = 0;
    for (unsigned p = 0; p < det->rs.players; p++) {
        rami_card d = s->last_discard[p];
        if (p == me)
            continue;
        /* The table as it was then: greedy's whole turn must end with
         * that discard (it would have opened, melded or laid off first). */
        if (d != RAMI_NO_CARD && !s->table_moved[p] &&
            !rami__greedy_would_only_discard(det, p, d, &s->work))
            bad++;
        else if (d != RAMI_NO_CARD && s->table_moved[p] &&
                 !rami__greedy_would_discard(det, p, d, &s->work))
            bad++;
        if (s->last_pass[p] != RAMI_NO_CARD &&
            rami__greedy_would_take(det, p, s->last_pass[p], &s->work))
            bad++;
    }
    return bad;
}

/* Deals tried for one sample; if none agrees, the one that disagrees least is kept. */
#define STRONG_DEAL_TRIES 32

static uint64_t try_seed(uint64_t seed, unsigned k)
{
    return k ? bot_mix(seed + k) : seed;
}

/* det: g with its hidden cards dealt anew from the decision's pool. */
static int deal_try(const rami_game *g, rami_game *det, const search_state *s, uint64_t seed)
{
    int st = rami__game_copy(det, g);
    if (st == RAMI_OK)
        rami__determinize_pooled(det, g, g->pos.current, seed, &s->known, &s->pool);
    return st;
}

/* det receives a determinization of g: the first of a few that agrees
 * with the opponents' last turns and passes (deal_disagrees), or the one
 * that disagrees least when none does or a limit is reached. */
static int deal_sample(const rami_game *g, rami_game *det, search_state *s, const bot_limits *lim,
                       uint64_t seed)
{
    unsigned best = 0, best_bad = ~0u;
    for (unsigned k = 0;; k++) {
        int st = deal_try(g, det, s, try_seed(seed, k));
        if (st != RAMI_OK)
            return st;
        s->work.deals++;
        if (rami__bot_over_limit(&s->work, lim))
            break;
        unsigned bad = deal_disagrees(det, s, g->pos.current);
        if (bad == 0)
            return RAMI_OK;
        s->work.rejected++;
        if (bad < best_bad) {
            best = k;
            best_bad = bad;
        }
        if (k + 1 >= STRONG_DEAL_TRIES)
            break;
    }
    return deal_try(g, det, s, try_seed(seed, best));
}

static void last_discards(const rami_game *g, search_state *s)
{
    for (unsigned p = 0; p < RAMI_MAX_PLAYERS; p++)
        s->last_discard[p] = s->last_pass[p] = RAMI_NO_CARD;
    log_iter it;
    log_entry e;
    rami_card top = RAMI_NO_CARD; /* the discard just made, if the last entry */
    rami__log_begin(g, &it);
    for (unsigned p = 0; p < RAMI_MAX_PLAYERS; p++)
        s->table_moved[p] = false;
    while (rami__log_next(&it, &e)) {
        if (e.kind == RAMI_MOVE_DISCARD) {
            s->last_discard[e.seat] = e.cards[0];
            s->table_moved[e.seat] = false;
        }
        if (e.kind == RAMI_MOVE_MELD || e.kind == RAMI_MOVE_LAYOFF || e.kind == RAMI_MOVE_SWAP)
            for (unsigned p = 0; p < RAMI_MAX_PLAYERS; p++)
                s->table_moved[p] |= p != e.seat;
        if (e.kind == RAMI_MOVE_DRAW_STOCK || e.kind == RAMI_MOVE_DRAW_DISCARD)
            s->last_pass[e.seat] = e.kind == RAMI_MOVE_DRAW_STOCK ? top : RAMI_NO_CARD;
        top = e.kind == RAMI_MOVE_DISCARD ? e.cards[0] : RAMI_NO_CARD;
    }
}

/* One determinization, every active candidate played out on it. Returns
 * the playouts run, 0 when a limit stopped one (the sample is dropped), or
 * a negative status. */
static int sample_round(const rami_game *g, rami_game *det, rami_game *work, search_state *s,
                        const bot_limits *lim, uint64_t seed)
{
    int st = deal_sample(g, det, s, lim, seed);
    if (st != RAMI_OK)
        return st;
    int score[RAMI_MAX_HAND + 2];
    int runs = 0;
    unsigned me = g->pos.current;
    for (unsigned i = 0; i < s->ncand; i++) {
        if (!s->active[i])
            continue;
        st = rami__game_copy(work, det);
        if (st != RAMI_OK)
            return st;
        rami_card taken = discard_top(&det->pos);
        if (rami__play_verdict(work, &s->cand[i]) != RAMI_OK)
            return RAMI_E_NOMEM;
        /* The known cards of det (those of g: the log is the same), after
         * the candidate. */
        s->work_known = s->known;
        rami__known_update(s->work_known.cnt[me], &s->cand[i].move, taken);
        if (!rami__greedy_playout(work, me, &s->work, lim, &s->work_known, &score[i]))
            return 0;
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
    bot_limits lim = {s->work.steps + (uint64_t)budget * STRONG_STEPS_PER_PLAYOUT,
                      s->work.nodes + (uint64_t)budget * STRONG_NODES_PER_PLAYOUT,
                      opt->time_ms ? rami__bot_now_ms() + opt->time_ms : 0};
    for (unsigned i = 0; i < s->ncand; i++)
        s->active[i] = true;
    last_discards(g, s);
    rami__known_cards(g, &s->known);
    rami__hidden_pool(g, g->pos.current, &s->known, &s->pool);
    for (unsigned r = 0; st == RAMI_OK && used < budget; r++) {
        int runs = sample_round(g, det, work, s, &lim, bot_mix(base + r));
        if (runs <= 0) {
            st = runs;
            break;
        }
        used += (uint32_t)runs;
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
int rami__strong_verdict(const rami_game *d, const rami_bot_options *opt, verdict *v,
                         search_state *s)
{
    s->work.mine = &STRONG_W;
    s->work.me = d->pos.current;
    candidates(d, s);
    if (s->ncand == 0)
        return rami__greedy_verdict(d, v, &s->work);
    if (s->ncand > 1) {
        int st = run_samples(d, opt, s);
        if (st != RAMI_OK)
            return st;
    }
    *v = s->cand[best_candidate(s)];
    return RAMI_OK;
}
