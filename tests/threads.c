/* Threads: 8 threads play their own games at the same time for about 3
 * seconds (new, legal moves, check, play, clone, save/load, view, solve,
 * determinize, bots of level 1 and 2) and check the invariants, while all
 * of them also read one shared const game (the contract: different handles
 * from different threads; const functions on one handle concurrently).
 * The library has no global mutable state, so nothing may differ from a
 * single-threaded run; built with -Db_sanitize=thread (.ci/reliability)
 * ThreadSanitizer checks for data races.
 *
 * Threads cannot use cmocka's asserts (they longjmp), so each records its
 * first broken invariant and the main thread asserts afterwards. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "rami-private.h"
#include "testutil.h"

#define THREADS  8
#define TEXT_CAP (1 << 16)

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* What every thread reads; made before the threads start, never written. */
struct shared {
    const rami_game *game;
    char save[TEXT_CAP];
    size_t save_len;
    rami_move moves[RAMI_MAX_MOVES];
    size_t moves_n;
};

struct worker {
    int id;
    uint64_t rng;
    double deadline;
    const struct shared *shared;
    /* results */
    unsigned long games, moves, clones, saves, views, solves, dets, bots1, bots2, shared_reads;
    unsigned long failures;
    char first_failure[200];
    /* scratch */
    rami_move list[RAMI_MAX_MOVES];
    char text[TEXT_CAP];
};

#define CHECK(w, cond)                                                                             \
    do {                                                                                           \
        if (!(cond))                                                                               \
            broken(w, __LINE__, #cond);                                                            \
    } while (0)

static void broken(struct worker *w, int line, const char *what)
{
    if (w->failures++ == 0)
        snprintf(w->first_failure, sizeof w->first_failure, "thread %d, line %d: %s", w->id, line,
                 what);
}

static uint64_t rnd(struct worker *w)
{
    return tu_xorshift(&w->rng);
}

static bool same_census(const rami_game *a, const rami_game *b)
{
    unsigned ca[256], cb[256];
    (void)tu_census(a, ca);
    (void)tu_census(b, cb);
    return memcmp(ca, cb, sizeof ca) == 0;
}

/* The shared game gives the same answers in every thread. */
static void read_shared(struct worker *w)
{
    const struct shared *s = w->shared;
    size_t n = 0, len = 0;
    CHECK(w, rami_game_legal_moves(s->game, w->list, RAMI_MAX_MOVES, &n) == RAMI_OK);
    CHECK(w, n == s->moves_n && memcmp(w->list, s->moves, n * sizeof w->list[0]) == 0);
    CHECK(w, rami_game_save(s->game, w->text, TEXT_CAP, &len) == RAMI_OK);
    CHECK(w, len == s->save_len && memcmp(w->text, s->save, len) == 0);
    CHECK(w, rami_game_view_json(s->game, -1, w->text, TEXT_CAP, &len) == RAMI_OK);
    rami_game *c = NULL;
    CHECK(w, rami_game_clone(s->game, &c) == RAMI_OK);
    CHECK(w, c != NULL && rami__game_equal(c, s->game));
    rami_game_free(c);
    CHECK(w, rami_game_determinize(s->game, s->game->pos.current, rnd(w), &c) == RAMI_OK);
    CHECK(w, c != NULL && same_census(c, s->game));
    rami_game_free(c);
    rami_bot_options opt;
    rami_bot_options_init(&opt, RAMI_BOT_GREEDY);
    rami_move m;
    CHECK(w, rami_bot_choose(s->game, &opt, &m) == RAMI_OK);
    CHECK(w, rami_game_check(s->game, s->game->pos.current, &m, NULL, 0) == RAMI_OK);
    w->shared_reads++;
}

/* Checks made at one position of a worker's own game. */
static void check_position(struct worker *w, rami_game *g, unsigned k)
{
    if (k % 4 == 0) {
        rami_game *c = NULL;
        CHECK(w, rami_game_clone(g, &c) == RAMI_OK);
        CHECK(w, c != NULL && rami__game_equal(g, c));
        rami_game_free(c);
        w->clones++;
    }
    if (k % 8 == 0) {
        size_t len = 0;
        rami_game *c = NULL;
        CHECK(w, rami_game_save(g, w->text, TEXT_CAP, &len) == RAMI_OK);
        CHECK(w, rami_game_load(w->text, len, &c) == RAMI_OK);
        CHECK(w, c != NULL && rami__game_equal(g, c));
        rami_game_free(c);
        w->saves++;
    }
    if (k % 4 == 1) {
        size_t len = 0;
        int viewer = (int)(rnd(w) % (g->rs.players + 1u)) - 1;
        CHECK(w, rami_game_view_json(g, viewer, w->text, TEXT_CAP, &len) == RAMI_OK);
        CHECK(w, len > 0 && w->text[0] == '{');
        w->views++;
    }
    if (k % 4 == 2) {
        rami_card held[RAMI_MAX_HAND];
        size_t n = 0;
        rami_solution sol;
        CHECK(w, rami_game_hand(g, g->pos.current, held, RAMI_MAX_HAND, &n) == RAMI_OK);
        CHECK(w, rami_solve_hand(&g->rs, held, n, (int)(k / 4 % 2), &sol) == RAMI_OK);
        CHECK(w, sol.left_count + 0u <= n);
        w->solves++;
    }
    if (k % 8 == 3) {
        rami_game *d = NULL;
        CHECK(w, rami_game_determinize(g, g->pos.current, rnd(w), &d) == RAMI_OK);
        CHECK(w, d != NULL && same_census(d, g));
        rami_game_free(d);
        w->dets++;
    }
}

/* A bot's move, or a random legal one. */
static void choose(struct worker *w, rami_game *g, size_t n, unsigned k, rami_move *m)
{
    rami_bot_options opt;
    if (k % 16 == 5 || k % 64 == 7) {
        bool strong = k % 64 == 7;
        rami_bot_options_init(&opt, strong ? RAMI_BOT_STRONG : RAMI_BOT_GREEDY);
        opt.seed = rnd(w);
        if (strong) {
            opt.playouts = 3; /* a tiny budget */
            opt.time_ms = 5;
        }
        CHECK(w, rami_bot_choose(g, &opt, m) == RAMI_OK);
        CHECK(w, rami_game_check(g, g->pos.current, m, NULL, 0) == RAMI_OK);
        if (strong)
            w->bots2++;
        else
            w->bots1++;
        return;
    }
    *m = w->list[rnd(w) % n];
}

static void play_game(struct worker *w)
{
    rami_ruleset rs;
    rami_ruleset_init(&rs, (int)(rnd(w) % 5), 2 + (unsigned)(rnd(w) % 5));
    if (rnd(w) % 3 == 0)
        tu_random_options(&rs, rnd(w));
    rami_game *g = NULL;
    CHECK(w, rami_game_new(&rs, rnd(w), &g) == RAMI_OK);
    if (g == NULL)
        return;
    unsigned base[256], now[256];
    (void)tu_census(g, base);
    /* At least a few moves even past the deadline: under valgrind a thread
     * may start late. */
    for (unsigned k = 0; g->pos.phase <= RAMI_PHASE_PLAY && (k < 8 || now_s() < w->deadline); k++) {
        size_t n = 0;
        CHECK(w, rami_game_legal_moves(g, w->list, RAMI_MAX_MOVES, &n) == RAMI_OK);
        CHECK(w, n > 0);
        if (n == 0 || w->failures > 0)
            break;
        check_position(w, g, k);
        rami_move m;
        choose(w, g, n, k, &m);
        CHECK(w, rami_game_check(g, g->pos.current, &m, NULL, 0) == RAMI_OK);
        CHECK(w, rami_game_play(g, g->pos.current, &m) == RAMI_OK);
        (void)tu_census(g, now);
        CHECK(w, memcmp(base, now, sizeof now) == 0);
        w->moves++;
    }
    rami_game_free(g);
    w->games++;
}

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    do {
        read_shared(w);
        play_game(w);
    } while (now_s() < w->deadline && w->failures == 0);
    return NULL;
}

static double run_seconds(void)
{
    return tu_small_scale() ? 1.0 : 3.0;
}

static void test_threads(void **state)
{
    (void)state;
    static struct shared shared;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 4), RAMI_OK);
    rami_game *g;
    assert_int_equal(rami_game_new(&rs, 2024, &g), RAMI_OK);
    rami_move draw = {.kind = RAMI_MOVE_DRAW_STOCK};
    assert_int_equal(rami_game_play(g, 0, &draw), RAMI_OK);
    shared.game = g;
    assert_int_equal(rami_game_save(g, shared.save, TEXT_CAP, &shared.save_len), RAMI_OK);
    assert_int_equal(rami_game_legal_moves(g, shared.moves, RAMI_MAX_MOVES, &shared.moves_n),
                     RAMI_OK);

    struct worker *w = calloc(THREADS, sizeof *w);
    assert_non_null(w);
    pthread_t tid[THREADS];
    double start = now_s();
    for (int i = 0; i < THREADS; i++) {
        w[i].id = i;
        w[i].rng = 0x9E3779B97F4A7C15ull * (uint64_t)(i + 1);
        w[i].deadline = start + run_seconds();
        w[i].shared = &shared;
        assert_int_equal(pthread_create(&tid[i], NULL, worker_main, &w[i]), 0);
    }
    for (int i = 0; i < THREADS; i++)
        assert_int_equal(pthread_join(tid[i], NULL), 0);
    double secs = now_s() - start;

    struct worker sum;
    memset(&sum, 0, sizeof sum);
    for (int i = 0; i < THREADS; i++) {
        if (w[i].failures)
            fail_msg("%lu broken invariants, first: %s", w[i].failures, w[i].first_failure);
        assert_true(w[i].games > 0 && w[i].shared_reads > 0);
        sum.games += w[i].games;
        sum.moves += w[i].moves;
        sum.clones += w[i].clones;
        sum.saves += w[i].saves;
        sum.views += w[i].views;
        sum.solves += w[i].solves;
        sum.dets += w[i].dets;
        sum.bots1 += w[i].bots1;
        sum.bots2 += w[i].bots2;
        sum.shared_reads += w[i].shared_reads;
    }
    printf("threads: %d threads, %.1f s: %lu games, %lu moves, %lu clones, %lu save/load, "
           "%lu views, %lu solves, %lu determinizations, %lu greedy and %lu strong bot moves, "
           "%lu reads of the shared game\n",
           THREADS, secs, sum.games, sum.moves, sum.clones, sum.saves, sum.views, sum.solves,
           sum.dets, sum.bots1, sum.bots2, sum.shared_reads);
    /* The shared game was only read. */
    rami_game *again;
    assert_int_equal(rami_game_load(shared.save, shared.save_len, &again), RAMI_OK);
    assert_true(rami__game_equal(g, again));
    rami_game_free(again);
    rami_game_free(g);
    free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
