/* How much of the caller's stack librami uses (rami.h, "Stack").
 *
 * Each workload runs on a thread whose stack is a buffer this test owns,
 * filled with a pattern first; afterwards the lowest byte that no longer
 * holds the pattern is the high-water mark. The workloads are the deep
 * ones: random self-play of random variant rulesets (up to 15-card hands,
 * several decks and jokers, every option bit) listing, checking and
 * playing every step, with saves, loads and views; the hand solver on
 * hands of up to 32 cards; the bots and hints. Each mark must stay under
 * the bound rami.h promises (RAMI_STACK_BOUND below). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rami.h"
#include "testutil.h"

/* What rami.h promises: no public function uses more of the caller's stack.
 * AddressSanitizer's red zones make frames larger: there the figures are
 * printed and checked against four times the bound. */
#if defined(__SANITIZE_ADDRESS__)
#define RAMI_STACK_BOUND (4u * 256u * 1024u)
#else
#define RAMI_STACK_BOUND (256u * 1024u)
#endif
#define STACK_SIZE (4u * 1024u * 1024u)
#define PATTERN    0xA5

static unsigned char *stack_mem;

static unsigned env_count(const char *name, unsigned dflt)
{
    return tu_env_count(name, dflt, (dflt + 9) / 10);
}

/* Bytes of the stack buffer below its top that the thread touched. The
 * thread's own descriptor sits at the top (glibc); it is counted too, so
 * the figure errs high. */
static size_t high_water(void)
{
    size_t i = 0;
    while (i < STACK_SIZE && stack_mem[i] == PATTERN)
        i++;
    return STACK_SIZE - i;
}

static size_t run_on_painted_stack(void *(*fn)(void *), void *arg)
{
    memset(stack_mem, PATTERN, STACK_SIZE);
    pthread_attr_t attr;
    pthread_t t;
    assert_int_equal(pthread_attr_init(&attr), 0);
    assert_int_equal(pthread_attr_setstack(&attr, stack_mem, STACK_SIZE), 0);
    assert_int_equal(pthread_create(&t, &attr, fn, arg), 0);
    void *failed = NULL;
    assert_int_equal(pthread_join(t, &failed), 0);
    pthread_attr_destroy(&attr);
    assert_null(failed); /* the workload's own checks */
    return high_water();
}

/* A random variant ruleset, as tests/action.c builds them: every option
 * bit, 1-4 jokers a meld, 2-3 decks, 2-8 jokers, hands up to the limit. */
static rami_ruleset random_variant(uint64_t *rnd)
{
    rami_ruleset rs;
    int preset = (int)tu_below(rnd, 5);
    unsigned players = 2 + tu_below(rnd, 5);
    if (rami_ruleset_init(&rs, preset, players) != RAMI_OK)
        abort();
    tu_random_options(&rs, tu_xorshift(rnd));
    rs.jokers_per_meld = (uint8_t)(1 + tu_below(rnd, 4));
    rs.opening_points = (uint16_t)(tu_below(rnd, 3) == 0 ? 0 : rs.opening_points);
    rs.decks = (uint8_t)(2 + tu_below(rnd, 2));
    rs.jokers = (uint8_t)(2 + tu_below(rnd, 7));
    unsigned most = (52u * rs.decks + rs.jokers - 2u) / rs.players;
    unsigned cap = RAMI_MAX_HAND_SIZE;
    rs.hand_size = (uint8_t)(6 + tu_below(rnd, (most < cap ? most : cap) - 5));
    return rs;
}

struct play_job {
    unsigned rounds;
    uint64_t seed;
    unsigned long moves;
};

/* One round of random self-play: list, check and play every step (two
 * times in three a table play when there is one); a view, a save and a
 * load now and then. Returns false on any unexpected status. */
static bool play_round(rami_game *g, uint64_t *rnd, rami_move *list, char *buf, size_t cap,
                       unsigned long *moves)
{
    for (unsigned step = 0;; step++) {
        size_t n, len;
        if (rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n) != RAMI_OK)
            return false;
        if (n == 0)
            return true;
        size_t k = tu_below(rnd, (unsigned)n);
        for (size_t i = 0; i < n && tu_below(rnd, 3) != 0; i++) {
            if (list[(k + i) % n].kind != RAMI_MOVE_DISCARD) {
                k = (k + i) % n;
                break;
            }
        }
        int seat = rami_game_current_player(g);
        if (rami_game_check(g, seat, &list[k], NULL, 0) != RAMI_OK ||
            rami_game_play(g, seat, &list[k]) != RAMI_OK)
            return false;
        (*moves)++;
        if (step % 16 == 0) {
            rami_game *h = NULL;
            if (rami_game_view_json(g, seat, buf, cap, &len) != RAMI_OK ||
                rami_game_save(g, buf, cap, &len) != RAMI_OK ||
                rami_game_load(buf, len, &h) != RAMI_OK)
                return false;
            rami_game_free(h);
        }
    }
}

static void *play_variants(void *arg)
{
    struct play_job *job = arg;
    uint64_t rnd = job->seed;
    rami_move *list = malloc(RAMI_MAX_MOVES * sizeof *list);
    size_t cap = 1u << 20;
    char *buf = malloc(cap);
    bool ok = list != NULL && buf != NULL;
    for (unsigned r = 0; ok && r < job->rounds; r++) {
        rami_ruleset rs = random_variant(&rnd);
        rami_game *g = NULL;
        ok = rami_game_new(&rs, tu_xorshift(&rnd), &g) == RAMI_OK &&
             play_round(g, &rnd, list, buf, cap, &job->moves);
        rami_game_free(g);
    }
    free(list);
    free(buf);
    return ok ? NULL : job;
}

static void *solve_hands(void *arg)
{
    struct play_job *job = arg;
    uint64_t rnd = job->seed;
    for (unsigned i = 0; i < job->rounds; i++) {
        rami_ruleset rs = random_variant(&rnd);
        rami_card pack[RAMI_MAX_PACK];
        unsigned total = tu_pack(&rs, pack);
        size_t n = 3 + tu_below(&rnd, RAMI_MAX_HAND - 2);
        rami_card cards[RAMI_MAX_HAND];
        for (size_t k = 0; k < n; k++)
            cards[k] = pack[tu_below(&rnd, total)];
        rami_solution sol;
        for (int goal = 0; goal < 2; goal++) {
            int st = rami_solve_hand(&rs, cards, n, goal, &sol);
            if (st != RAMI_OK && st != RAMI_E_LIMIT && st != RAMI_E_ARG)
                return job;
        }
        job->moves++;
    }
    return NULL;
}

/* Bots and hints on positions of random variant self-play. */
static void *bots(void *arg)
{
    struct play_job *job = arg;
    uint64_t rnd = job->seed;
    for (unsigned r = 0; r < job->rounds; r++) {
        rami_ruleset rs = random_variant(&rnd);
        rami_game *g = NULL;
        if (rami_game_new(&rs, tu_xorshift(&rnd), &g) != RAMI_OK)
            return job;
        for (unsigned step = 0; step < 400 && rami_game_phase(g) < RAMI_PHASE_ROUND_OVER; step++) {
            rami_bot_options opt;
            rami_bot_options_init(&opt, step % 5 == 0 ? RAMI_BOT_STRONG : RAMI_BOT_GREEDY);
            opt.seed = step;
            opt.playouts = 8;
            rami_move m;
            char why[200];
            if (rami_bot_choose(g, &opt, &m) != RAMI_OK ||
                (step % 7 == 0 && opt.level == RAMI_BOT_STRONG &&
                 rami_game_hint_with(g, &opt, &m, why, sizeof why) != RAMI_OK) ||
                rami_game_play(g, rami_game_current_player(g), &m) != RAMI_OK) {
                rami_game_free(g);
                return job;
            }
            job->moves++;
        }
        rami_game_free(g);
    }
    return NULL;
}

static void measure(const char *what, void *(*fn)(void *), unsigned rounds, uint64_t seed)
{
    struct play_job job = {rounds, seed, 0};
    size_t used = run_on_painted_stack(fn, &job);
    printf("%s: %u rounds, %lu calls or moves, stack high-water %zu bytes (bound %u)\n", what,
           rounds, job.moves, used, RAMI_STACK_BOUND);
    assert_true(job.moves > 0);
    assert_true(used <= RAMI_STACK_BOUND);
}

static void test_selfplay_variants(void **state)
{
    (void)state;
    measure("self-play of random variants", play_variants, env_count("RAMI_STACK_ROUNDS", 200),
            0x5eedu);
}

static void test_solver(void **state)
{
    (void)state;
    measure("rami_solve_hand, 3-32 cards", solve_hands, env_count("RAMI_STACK_SOLVES", 3000),
            0x501feu);
}

static void test_bots(void **state)
{
    (void)state;
    measure("bots and hints", bots, env_count("RAMI_STACK_BOT_ROUNDS", 6), 0xb07u);
}

int main(void)
{
    stack_mem = aligned_alloc(4096, STACK_SIZE);
    if (stack_mem == NULL)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_selfplay_variants),
        cmocka_unit_test(test_solver),
        cmocka_unit_test(test_bots),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    free(stack_mem);
    return failed;
}
