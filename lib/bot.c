/* Bots (doc/bots.md): the public entry points. Every decision is made on
 * a determinized copy of the game (determinize.c), so a bot never reads a
 * card its player could not know; the random bot picks among the legal
 * moves, the greedy bot is greedy.c, the strong bot strong.c; the move is
 * checked again on the real game. */
#include <stdlib.h>
#include <string.h>

#include "bot-private.h"

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

/* The phase is DRAW or PLAY, so there is a legal move: anything else is
 * an internal failure (RAMI_E_INTERNAL), not a status of the caller's. */
static int random_verdict(const rami_game *d, uint64_t seed, verdict *v)
{
    rami_move *list;
    size_t n;
    int st = rami__legal_moves_alloc(d, &list, &n);
    if (st == RAMI_OK && n == 0)
        st = RAMI_E_INTERNAL;
    if (st == RAMI_OK) {
        rami_rng rng;
        rami__rng_seed(&rng, seed);
        st = bot_legal(d, &list[rami__rng_below(&rng, (uint32_t)n)], v) ? RAMI_OK : RAMI_E_INTERNAL;
    }
    free(list);
    return st;
}

int rami__bot_choose(const rami_game *g, const rami_bot_options *opt, verdict *v, search_state *s)
{
    if (g->pos.phase != RAMI_PHASE_DRAW && g->pos.phase != RAMI_PHASE_PLAY)
        return RAMI_E_PHASE;
    uint64_t seed = decision_seed(g, opt->seed);
    rami_game *d;
    int st = rami_game_determinize(g, g->pos.current, seed, &d);
    if (st != RAMI_OK)
        return st;
    if (opt->level == RAMI_BOT_RANDOM)
        st = random_verdict(d, bot_mix(seed + 1), v);
    else if (opt->level == RAMI_BOT_GREEDY)
        st = rami__greedy_verdict(d, v);
    else
        st = rami__strong_verdict(d, opt, v, s);
    rami_game_free(d);
    /* The move was judged on the copy; the real game must agree. */
    rami_move m = v->move;
    if (st == RAMI_OK && !bot_legal(g, &m, v))
        st = RAMI_E_INTERNAL;
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
    int st = rami__bot_choose(g, opt, &v, s);
    free(s);
    if (st == RAMI_OK)
        *out = v.move;
    return st;
}
