/* Bots (doc/bots.md): the public entry points. Every decision is made on
 * a determinized copy of the game (determinize.c), so a bot never reads a
 * card its player could not know; the random bot picks among the legal
 * moves, the greedy bot is greedy.c, the strong bot strong.c; the move is
 * checked again on the real game. */
#include <stdlib.h>
#include <string.h>

#include "bot-private.h"

/* Sizes of rami_bot_options (versioned, doc/api.md): the first published
 * layout (struct_size to time_ms), and the 1.0 layout that the plain
 * function rami_bot_options_init fills (frozen once 1.0 is released). */
#define BOT_OPTIONS_SIZE_FIRST 24u
#define BOT_OPTIONS_SIZE_1_0   24u
/* As RULESET_SIZE_1_0 (ruleset.c): fields added before the 1.0 release
 * belong to the 1.0 layout; after it, make this ">=". */
_Static_assert(
    sizeof(rami_bot_options) == BOT_OPTIONS_SIZE_1_0,
    "rami_bot_options grew: before the 1.0 release set BOT_OPTIONS_SIZE_1_0 to its size");

int rami_bot_options_init_sized(rami_bot_options *opt, size_t size, int level)
{
    if (opt == NULL || level < RAMI_BOT_RANDOM || level > RAMI_BOT_STRONG)
        return RAMI_E_ARG;
    rami_bot_options own;
    memset(&own, 0, sizeof own);
    own.struct_size = sizeof own;
    own.level = (uint8_t)level;
    own.playouts = level == RAMI_BOT_STRONG ? STRONG_DEFAULT_PLAYOUTS : 0;
    return rami__sized_out(opt, size, BOT_OPTIONS_SIZE_FIRST, &own, sizeof own);
}

/* The plain function behind the macro of rami.h: the 1.0 layout. */
int(rami_bot_options_init)(rami_bot_options *opt, int level)
{
    return rami_bot_options_init_sized(opt, BOT_OPTIONS_SIZE_1_0, level);
}

/* The caller's options as the library's own struct (fields the caller's
 * struct lacks at their defaults), checked. */
int rami__bot_options_load(const rami_bot_options *opt, rami_bot_options *own)
{
    if (rami__sized_in(own, sizeof *own, BOT_OPTIONS_SIZE_FIRST, opt) != RAMI_OK ||
        own->level > RAMI_BOT_STRONG)
        return RAMI_E_ARG;
    for (unsigned i = 0; i < sizeof own->reserved; i++)
        if (own->reserved[i] != 0)
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
    bot_work unused = {0};
    if (s != NULL)
        memset(s, 0, sizeof *s);
    uint64_t seed = decision_seed(g, opt->seed);
    rami_game *d;
    int st = rami_game_determinize(g, g->pos.current, seed, &d);
    if (st != RAMI_OK)
        return st;
    if (opt->level == RAMI_BOT_RANDOM)
        st = random_verdict(d, bot_mix(seed + 1), v);
    else if (opt->level == RAMI_BOT_GREEDY)
        st = rami__greedy_verdict(d, v, s != NULL ? &s->work : &unused);
    else
        st = rami__strong_verdict(d, opt, v, s);
    rami_game_free(d);
    /* The move was judged on the copy; the real game must agree. */
    rami_move m = v->move;
    if (st == RAMI_OK && !bot_legal(g, &m, v))
        st = RAMI_E_INTERNAL;
    return st;
}

int rami_bot_choose(const rami_game *g, const rami_bot_options *caller_opt, rami_move *out)
{
    rami_bot_options own;
    const rami_bot_options *opt = &own;
    if (g == NULL || caller_opt == NULL || out == NULL ||
        rami__bot_options_load(caller_opt, &own) != RAMI_OK)
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
