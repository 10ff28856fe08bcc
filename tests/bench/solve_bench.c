/* Speed of the hand solver: rami_solve_hand on random 14-card hands from
 * the reference pack (2 decks + 4 jokers) with 0, 1 and 2 jokers, both
 * goals, and the engine's target mode (can 51 points be opened?).
 *
 * Prints, per row, the median time of one call in ns (median over the
 * repetitions, with their smallest and largest), then the 90th, 99th
 * and 99.9th percentiles of the middle repetition (the slowest hand says
 * more about the machine's other load than about the solver). Each hand is
 * timed over several calls so the clock's cost is spread thin.
 *
 * Usage: solve-bench [hands-per-row [repetitions]] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rami-private.h"

#define HAND  14
#define CALLS 8 /* calls per timing */

enum { MODE_MAX = 0, MODE_MIN = 1, MODE_TARGET = 2 };

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* 14 cards with exactly `jokers` jokers, naturals from two decks. */
static void deal(rami_rng *r, rami_card *out, unsigned jokers)
{
    rami_card pool[104];
    unsigned n = 0;
    for (unsigned deck = 0; deck < 2; deck++)
        for (unsigned s = 0; s < 4; s++)
            for (unsigned rank = 1; rank <= 13; rank++)
                pool[n++] = RAMI_CARD(rank, s);
    rami__shuffle(r, pool, n);
    memcpy(out, pool, HAND - jokers);
    memset(out + HAND - jokers, RAMI_JOKER, jokers);
}

static volatile int sink;

static void run_once(const rami_ruleset *rs, const rami_card *cards, const hand *h, int mode)
{
    if (mode == MODE_TARGET) {
        solve_opts o;
        memset(&o, 0, sizeof o);
        o.objective = SOLVE_POINTS;
        o.jokers_per_meld = rs->jokers_per_meld;
        o.need_leftover = true;
        o.empty_ok = true;
        sink = rami__solve(h, &o, 51, NULL);
        return;
    }
    rami_solution s;
    sink = rami_solve_hand(rs, cards, HAND, mode, &s);
    sink += s.points;
}

/* Per-hand times (ns per call) of one repetition, sorted. */
static void measure(const rami_ruleset *rs, unsigned jokers, int mode, unsigned hands,
                    uint64_t seed, double *t)
{
    rami_rng r;
    rami__rng_seed(&r, seed);
    for (unsigned i = 0; i < hands; i++) {
        rami_card cards[HAND];
        deal(&r, cards, jokers);
        hand h;
        memset(&h, 0, sizeof h);
        for (unsigned k = 0; k < HAND; k++)
            hand_add(&h, cards[k]);
        double t0 = now_ns();
        for (unsigned c = 0; c < CALLS; c++)
            run_once(rs, cards, &h, mode);
        t[i] = (now_ns() - t0) / CALLS;
    }
    qsort(t, hands, sizeof t[0], cmp_double);
}

int main(int argc, char **argv)
{
    unsigned hands = argc > 1 ? (unsigned)atoi(argv[1]) : 2000;
    unsigned reps = argc > 2 ? (unsigned)atoi(argv[2]) : 5;
    if (hands < 10 || reps < 1 || reps > 50) {
        fprintf(stderr, "usage: solve-bench [hands >= 10 [repetitions 1..50]]\n");
        return 2;
    }
    rami_ruleset rs;
    if (rami_ruleset_init(&rs, RAMI_PRESET_51, 4) != RAMI_OK)
        return 1;
    double *t = malloc(sizeof *t * hands * reps);
    double med[50];
    if (t == NULL)
        return 1;
    static const char *const names[] = {"max-points", "min-penalty", "target-51"};
    printf("%u hands of %u cards per row, %u repetitions; ns per call\n", hands, HAND, reps);
    printf("%-12s %6s %8s %8s %8s %8s %8s %9s\n", "goal", "jokers", "median", "min-med", "max-med",
           "p90", "p99", "p99.9");
    for (int mode = MODE_MAX; mode <= MODE_TARGET; mode++) {
        for (unsigned jokers = 0; jokers <= 2; jokers++) {
            for (unsigned k = 0; k < reps; k++) {
                measure(&rs, jokers, mode, hands, 1000 + jokers, t + (size_t)k * hands);
                med[k] = t[(size_t)k * hands + hands / 2];
            }
            /* The repetition with the median median stands for the row. */
            unsigned mid = 0;
            double sorted[50];
            memcpy(sorted, med, reps * sizeof med[0]);
            qsort(sorted, reps, sizeof sorted[0], cmp_double);
            for (unsigned k = 0; k < reps; k++)
                if (med[k] == sorted[reps / 2])
                    mid = k;
            const double *m = t + (size_t)mid * hands;
            printf("%-12s %6u %8.0f %8.0f %8.0f %8.0f %8.0f %9.0f\n", names[mode], jokers,
                   sorted[reps / 2], sorted[0], sorted[reps - 1], m[hands * 9 / 10],
                   m[hands * 99 / 100], m[hands * 999 / 1000]);
        }
    }
    free(t);
    return 0;
}
