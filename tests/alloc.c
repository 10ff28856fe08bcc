/* Memory: the library's calls to malloc, calloc, realloc and free are
 * redirected here by the linker (-Wl,--wrap=...; the test links the static
 * archive, so every object of the library is wrapped). The wrappers count
 * allocations and can make the N-th one fail.
 *  (a) Playing a game allocates nothing after rami_game_new (with a turn
 *      cap, the log is sized at creation).
 *  (b) Failing the 1st, 2nd, ... allocation inside each allocating function
 *      gives RAMI_E_NOMEM, leaves *out alone and leaks nothing.
 *  (c) A Rami 51 handle (4 players) is one allocation of at most 4,096
 *      bytes all in (issue 17's target; rami-bench --only handles prints
 *      the figure). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rami-private.h"
#include "testutil.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void __real_free(void *p);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
void __wrap_free(void *p);

/* The counters only run while `tracking` is set, so that the test's own
 * allocations (cmocka is a shared library and not wrapped anyway) do not
 * count. Single-threaded test. */
static struct {
    bool tracking;
    unsigned long attempts; /* allocation calls seen */
    unsigned long allocs;   /* successful allocations */
    unsigned long frees;    /* free() of a non-NULL pointer */
    unsigned long fail_at;  /* attempt number to fail, 0 = never */
    unsigned long failed;   /* allocations refused */
    size_t bytes;           /* bytes asked for by successful new allocations */
} mem;

/* True when this allocation attempt must fail. */
static bool refuse(void)
{
    if (!mem.tracking)
        return false;
    mem.attempts++;
    if (mem.fail_at != 0 && mem.attempts == mem.fail_at) {
        mem.failed++;
        return true;
    }
    return false;
}

static void *counted(void *p, size_t size)
{
    if (p != NULL && mem.tracking) {
        mem.allocs++;
        mem.bytes += size;
    }
    return p;
}

void *__wrap_malloc(size_t size)
{
    return refuse() ? NULL : counted(__real_malloc(size), size);
}

void *__wrap_calloc(size_t n, size_t size)
{
    return refuse() ? NULL : counted(__real_calloc(n, size), n * size);
}

void *__wrap_realloc(void *p, size_t size)
{
    if (refuse())
        return NULL;
    void *q = __real_realloc(p, size);
    /* Growing a block is not a new allocation; realloc(NULL) is. */
    return p == NULL ? counted(q, size) : q;
}

void __wrap_free(void *p)
{
    if (p != NULL && mem.tracking)
        mem.frees++;
    __real_free(p);
}

static void track(unsigned long fail_at)
{
    memset(&mem, 0, sizeof mem);
    mem.fail_at = fail_at;
    mem.tracking = true;
}

static void untrack(void)
{
    mem.tracking = false;
}

static uint64_t rnd_state = 0x853C49E6748FEA9Bull;

static uint64_t rnd(void)
{
    return tu_xorshift(&rnd_state);
}

/* Totals for doc/reliability.md. */
static unsigned long play_calls, play_rounds, nomem_cases;

/* (a) Every kind of call a player makes during a match, counted. */
static void play_round_counted(rami_game *g, rami_move *list)
{
    static char text[1 << 16];
    while (rami_game_phase(g) <= RAMI_PHASE_PLAY) {
        size_t n, len;
        assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n), RAMI_OK);
        assert_true(n > 0);
        for (size_t i = 0; i < n; i++)
            assert_int_equal(rami_game_check(g, g->pos.current, &list[i], NULL, 0), RAMI_OK);
        rami_card held[RAMI_MAX_HAND];
        size_t hn;
        assert_int_equal(rami_game_hand(g, g->pos.current, held, RAMI_MAX_HAND, &hn), RAMI_OK);
        rami_solution sol;
        assert_int_equal(rami_solve_hand(&g->rs, held, hn, RAMI_SOLVE_MIN_PENALTY, &sol), RAMI_OK);
        assert_int_equal(rami_game_save(g, text, sizeof text, &len), RAMI_OK);
        assert_int_equal(rami_game_view_json(g, g->pos.current, text, sizeof text, &len), RAMI_OK);
        for (size_t i = 0; i < rami_game_meld_count(g); i++)
            assert_int_equal(rami_game_meld(g, i, NULL, NULL), RAMI_OK);
        int32_t totals[RAMI_MAX_PLAYERS];
        assert_int_equal(rami_game_scores(g, totals, RAMI_MAX_PLAYERS), RAMI_OK);
        (void)rami_game_has_opened(g, g->pos.current);
        (void)rami_game_discard_top(g);
        (void)rami_game_stock_count(g);

        /* Prefer table plays so that the log and the table grow. */
        size_t pick = rnd() % n;
        for (size_t i = 0; i < n && g->pos.phase == RAMI_PHASE_PLAY && rnd() % 3; i++)
            if (list[(pick + i) % n].kind != RAMI_MOVE_DISCARD) {
                pick = (pick + i) % n;
                break;
            }
        rami_move m = list[pick];
        assert_int_equal(rami_game_play(g, g->pos.current, &m), RAMI_OK);
        bool table =
            m.kind == RAMI_MOVE_MELD || m.kind == RAMI_MOVE_LAYOFF || m.kind == RAMI_MOVE_SWAP;
        if (table && g->pos.phase == RAMI_PHASE_PLAY && rnd() % 4 == 0) {
            assert_int_equal(rami_game_undo(g, g->pos.current), RAMI_OK);
            assert_int_equal(rami_game_play(g, g->pos.current, &m), RAMI_OK);
        }
        play_calls += n + 12;
    }
    rami_round_result res;
    assert_int_equal(rami_game_round_result(g, &res), RAMI_OK);
    play_rounds++;
}

static void test_no_allocation_while_playing(void **state)
{
    (void)state;
    rami_move *list = malloc(RAMI_MAX_MOVES * sizeof *list);
    assert_non_null(list);
    unsigned games = tu_small_scale() ? 4 : 60;
    for (unsigned i = 0; i < games; i++) {
        rami_ruleset rs;
        assert_int_equal(rami_ruleset_init(&rs, (int)(i % 5), 2 + i % 5), RAMI_OK);
        if (i % 3 == 1)
            tu_random_options(&rs, rnd());
        rs.match_rounds = 3;
        assert_true(rs.max_turns > 0);
        rami_game *g;
        track(0);
        assert_int_equal(rami_game_new(&rs, rnd(), &g), RAMI_OK);
        assert_true(mem.allocs >= 1);
        track(0);
        for (;;) {
            play_round_counted(g, list);
            if (rami_game_phase(g) != RAMI_PHASE_ROUND_OVER)
                break;
            assert_int_equal(rami_game_next_round(g), RAMI_OK);
        }
        untrack();
        if (mem.attempts != 0)
            fail_msg("game %u: %lu allocations while playing", i, mem.attempts);
        assert_int_equal(mem.frees, 0);
        assert_int_equal(rami_game_phase(g), RAMI_PHASE_MATCH_OVER);
        rami_game_free(g);
    }
    printf("alloc: %lu rounds, about %lu calls while playing: 0 allocations\n", play_rounds,
           play_calls);
    free(list);
}

/* (c) The bytes of a handle: one allocation, all in, for the figure of
 * issue 17 (Rami 51, 4 players), and for every preset and seat count one
 * allocation whatever its size (the log is sized from the ruleset). A
 * clone takes the same bytes as its original. */
static void test_handle_bytes(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 4), RAMI_OK);
    rami_game *g, *c;
    track(0);
    assert_int_equal(rami_game_new(&rs, 7, &g), RAMI_OK);
    untrack();
    assert_int_equal(mem.allocs, 1);
    size_t bytes = mem.bytes;
    if (bytes > 4096)
        fail_msg("a Rami 51 handle for 4 players takes %zu bytes (at most 4,096)", bytes);
    track(0);
    assert_int_equal(rami_game_clone(g, &c), RAMI_OK);
    untrack();
    assert_int_equal(mem.allocs, 1);
    assert_int_equal(mem.bytes, bytes);
    rami_game_free(c);
    rami_game_free(g);
    printf("alloc: a Rami 51 handle for 4 players is %zu bytes in one allocation\n", bytes);
    for (int preset = 0; preset < 5; preset++)
        for (unsigned players = 2; players <= RAMI_MAX_PLAYERS; players++) {
            if (rami_ruleset_init(&rs, preset, players) != RAMI_OK)
                continue;
            track(0);
            assert_int_equal(rami_game_new(&rs, players, &g), RAMI_OK);
            untrack();
            assert_int_equal(mem.allocs, 1);
            rami_game_free(g);
        }
}

/* (b) One allocating call, with the N-th allocation failing. */
typedef int (*alloc_call)(const void *ctx, rami_game **out);

/* Fails allocation 1, 2, ... until the call makes fewer allocations than
 * that and succeeds. Every failure is RAMI_E_NOMEM with no leak and *out
 * untouched; every success leaks nothing once the result is freed. Returns
 * the number of allocations the call makes. */
static unsigned long fail_each(const char *name, alloc_call call, const void *ctx)
{
    for (unsigned long n = 1;; n++) {
        rami_game *out = (rami_game *)(uintptr_t)0x1;
        track(n);
        int st = call(ctx, &out);
        rami_game *made = st == RAMI_OK && out != (rami_game *)(uintptr_t)0x1 ? out : NULL;
        rami_game_free(made);
        untrack();
        if (mem.allocs != mem.frees)
            fail_msg("%s, allocation %lu failing: %lu allocations, %lu frees (status %d)", name, n,
                     mem.allocs, mem.frees, st);
        if (mem.failed == 0) {
            /* Fewer than n allocations: the call ran to its end. */
            assert_int_equal(st, RAMI_OK);
            printf("alloc: %-28s %lu allocation(s); failing each gives RAMI_E_NOMEM, no leak\n",
                   name, n - 1);
            return n - 1;
        }
        if (st != RAMI_E_NOMEM)
            fail_msg("%s, allocation %lu failing: status %d, expected RAMI_E_NOMEM", name, n, st);
        if (out != (rami_game *)(uintptr_t)0x1)
            fail_msg("%s wrote *out on failure", name);
        nomem_cases++;
        assert_true(n < 10000);
    }
}

struct ctx {
    rami_ruleset rs;
    rami_deal deal;
    const rami_game *game;
    const char *record;
    size_t record_len;
    int level;
};

static int call_new(const void *c, rami_game **out)
{
    return rami_game_new(&((const struct ctx *)c)->rs, 42, out);
}

static int call_new_deal(const void *c, rami_game **out)
{
    const struct ctx *x = c;
    return rami_game_new_deal(&x->rs, &x->deal, 42, out);
}

static int call_clone(const void *c, rami_game **out)
{
    return rami_game_clone(((const struct ctx *)c)->game, out);
}

static int call_load(const void *c, rami_game **out)
{
    const struct ctx *x = c;
    return rami_game_load(x->record, x->record_len, out);
}

static int call_determinize(const void *c, rami_game **out)
{
    const struct ctx *x = c;
    return rami_game_determinize(x->game, (x->game->pos.current + 1) % x->game->rs.players, 9, out);
}

/* The bots return a move, not a handle: *out stays as it is (and is not
 * freed). */
static int call_bot(const void *c, rami_game **out)
{
    (void)out;
    const struct ctx *x = c;
    rami_bot_options opt;
    assert_int_equal(rami_bot_options_init(&opt, x->level), RAMI_OK);
    opt.seed = 5;
    opt.playouts = 6;
    rami_move m;
    return rami_bot_choose(x->game, &opt, &m);
}

static int call_hint(const void *c, rami_game **out)
{
    (void)out;
    rami_move m;
    char why[100];
    return rami_game_hint(((const struct ctx *)c)->game, &m, why, sizeof why);
}

/* A game some moves into round 1, from a deal, with melds on the table. */
static rami_game *midgame(struct ctx *c)
{
    rami_game *g;
    assert_int_equal(rami_game_new(&c->rs, 77, &g), RAMI_OK);
    rami_move *list = malloc(RAMI_MAX_MOVES * sizeof *list);
    assert_non_null(list);
    for (int k = 0; k < 60 && g->pos.phase <= RAMI_PHASE_PLAY; k++) {
        size_t n;
        assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n), RAMI_OK);
        size_t pick = n - 1;
        for (size_t i = 0; i < n; i++)
            if (list[i].kind == RAMI_MOVE_MELD || list[i].kind == RAMI_MOVE_LAYOFF) {
                pick = i;
                break;
            }
        assert_int_equal(rami_game_play(g, g->pos.current, &list[pick]), RAMI_OK);
    }
    free(list);
    return g;
}

static void deal_from(const rami_game *g, rami_deal *d)
{
    memset(d, 0, sizeof *d);
    d->struct_size = sizeof *d;
    d->dealer = g->pos.dealer;
    for (int p = 0; p < g->rs.players; p++) {
        size_t n;
        assert_int_equal(rami_game_hand(g, p, d->hands[p], RAMI_MAX_HAND, &n), RAMI_OK);
        d->hand_count[p] = (uint8_t)n;
    }
    d->stock_count = g->pos.stock_count;
    memcpy(d->stock, stock_cards(&g->pos), g->pos.stock_count);
    d->discard_count = g->pos.discard_count;
    discard_copy(&g->pos, d->discard);
}

static void test_failing_allocations(void **state)
{
    (void)state;
    static char record[1 << 16];
    struct ctx c;
    memset(&c, 0, sizeof c);
    assert_int_equal(rami_ruleset_init(&c.rs, RAMI_PRESET_51, 3), RAMI_OK);

    fail_each("rami_game_new", call_new, &c);
    rami_game *fresh;
    assert_int_equal(rami_game_new(&c.rs, 5, &fresh), RAMI_OK);
    deal_from(fresh, &c.deal);
    rami_game_free(fresh);
    fail_each("rami_game_new_deal", call_new_deal, &c);

    rami_game *g = midgame(&c);
    c.game = g;
    fail_each("rami_game_clone", call_clone, &c);
    assert_int_equal(rami_game_save(g, record, sizeof record, &c.record_len), RAMI_OK);
    c.record = record;
    fail_each("rami_game_load", call_load, &c);
    fail_each("rami_game_determinize", call_determinize, &c);
    /* The bots mid-round and at a draw (where the strong bot samples). */
    rami_game *start;
    assert_int_equal(rami_game_new(&c.rs, 8, &start), RAMI_OK);
    const rami_game *bot_games[2] = {g, start};
    for (int k = 0; k < 2; k++) {
        c.game = bot_games[k];
        for (c.level = RAMI_BOT_RANDOM; c.level <= RAMI_BOT_STRONG; c.level++) {
            char name[40];
            snprintf(name, sizeof name, "rami_bot_choose (%d, %s)", c.level, k ? "draw" : "play");
            fail_each(name, call_bot, &c);
        }
        fail_each(k ? "rami_game_hint (draw)" : "rami_game_hint (play)", call_hint, &c);
    }
    rami_game_free(start);

    /* A game made from a deal carries it: clone, save and load it too. */
    rami_game *dg;
    assert_int_equal(rami_game_new_deal(&c.rs, &c.deal, 3, &dg), RAMI_OK);
    c.game = dg;
    fail_each("clone (deal game)", call_clone, &c);
    assert_int_equal(rami_game_save(dg, record, sizeof record, &c.record_len), RAMI_OK);
    fail_each("load (deal game)", call_load, &c);
    rami_game_free(dg);
    rami_game_free(g);
    printf("alloc: %lu failing-allocation cases, all RAMI_E_NOMEM without a leak\n", nomem_cases);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_allocation_while_playing),
        cmocka_unit_test(test_handle_bytes),
        cmocka_unit_test(test_failing_allocations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
