/* bot-bench: the time a bot takes per decision, as percentiles (median,
 * p90, p99, max) of thread CPU time and of wall time, over the decisions it
 * meets in real play against another bot; optionally the hint's time at the
 * same positions. Also counts the rounds each side won (duplicate deals:
 * every deal is played twice, seats swapped). Prints figures, asserts
 * nothing (doc/bots.md).
 *
 *   bot-bench [--rounds N] [--level L] [--against L] [--seed S]
 *             [--playouts K] [--time-ms T] [--players P] [--hints]
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rami.h"

typedef struct samples {
    double *cpu, *wall; /* milliseconds */
    size_t n, cap;
} samples;

static double clock_ms(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void push(samples *s, double cpu, double wall)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 1024;
        s->cpu = realloc(s->cpu, s->cap * sizeof *s->cpu);
        s->wall = realloc(s->wall, s->cap * sizeof *s->wall);
        if (s->cpu == NULL || s->wall == NULL) {
            fprintf(stderr, "bot-bench: out of memory\n");
            exit(1);
        }
    }
    s->cpu[s->n] = cpu;
    s->wall[s->n++] = wall;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double pct(const double *sorted, size_t n, double p)
{
    size_t i = (size_t)(p * (double)(n - 1) + 0.5);
    return sorted[i < n ? i : n - 1];
}

static void report(const char *what, samples *s)
{
    if (s->n == 0)
        return;
    qsort(s->cpu, s->n, sizeof *s->cpu, cmp_double);
    qsort(s->wall, s->n, sizeof *s->wall, cmp_double);
    double sum = 0;
    for (size_t i = 0; i < s->n; i++)
        sum += s->cpu[i];
    printf("%-8s %7zu decisions  ms  median  p90     p99     max     mean\n", what, s->n);
    printf("%-8s %7s cpu          %-7.2f %-7.2f %-7.2f %-7.2f %.2f\n", "", "",
           pct(s->cpu, s->n, .5), pct(s->cpu, s->n, .9), pct(s->cpu, s->n, .99), s->cpu[s->n - 1],
           sum / (double)s->n);
    printf("%-8s %7s wall         %-7.2f %-7.2f %-7.2f %-7.2f\n", "", "", pct(s->wall, s->n, .5),
           pct(s->wall, s->n, .9), pct(s->wall, s->n, .99), s->wall[s->n - 1]);
}

static void wilson(double won, double n, double *lo, double *hi)
{
    double z = 1.96, p = n > 0 ? won / n : 0;
    double den = 1 + z * z / n, mid = (p + z * z / (2 * n)) / den;
    double half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den;
    *lo = mid - half;
    *hi = mid + half;
}

typedef struct config {
    unsigned rounds, players, level, against;
    uint64_t seed;
    uint32_t playouts, time_ms;
    int hints;
} config;

static void timed_hint(const rami_game *g, samples *hint)
{
    rami_move m;
    char why[200];
    double c0 = clock_ms(CLOCK_THREAD_CPUTIME_ID), w0 = clock_ms(CLOCK_MONOTONIC);
    if (rami_game_hint(g, &m, why, sizeof why) != RAMI_OK) {
        fprintf(stderr, "bot-bench: hint failed\n");
        exit(1);
    }
    push(hint, clock_ms(CLOCK_THREAD_CPUTIME_ID) - c0, clock_ms(CLOCK_MONOTONIC) - w0);
}

/* One round; seat s plays the tested level when (s + k) % 2 == 0. Returns
 * 1 if only tested seats won, -1 if only the others, 0 otherwise. */
static int play_round(const config *c, unsigned k, samples *bot, samples *hint)
{
    rami_ruleset rs;
    rami_ruleset_init(&rs, RAMI_PRESET_51, c->players);
    rami_game *g;
    if (rami_game_new(&rs, c->seed * 1000003u + k / 2, &g) != RAMI_OK)
        exit(1);
    rami_bot_options test, other;
    rami_bot_options_init(&test, (int)c->level);
    rami_bot_options_init(&other, (int)c->against);
    test.seed = other.seed = c->seed + k;
    if (c->playouts)
        test.playouts = c->playouts;
    test.time_ms = c->time_ms;
    unsigned tested = 0;
    for (unsigned s = 0; s < c->players; s++)
        if ((s + k) % 2 == 0)
            tested |= 1u << s;
    while (rami_game_phase(g) <= RAMI_PHASE_PLAY) {
        int p = rami_game_current_player(g);
        bool mine = (tested >> p) & 1u;
        rami_move m;
        double c0 = clock_ms(CLOCK_THREAD_CPUTIME_ID), w0 = clock_ms(CLOCK_MONOTONIC);
        if (rami_bot_choose(g, mine ? &test : &other, &m) != RAMI_OK) {
            fprintf(stderr, "bot-bench: bot failed\n");
            exit(1);
        }
        if (mine)
            push(bot, clock_ms(CLOCK_THREAD_CPUTIME_ID) - c0, clock_ms(CLOCK_MONOTONIC) - w0);
        if (mine && c->hints)
            timed_hint(g, hint);
        if (rami_game_play(g, p, &m) != RAMI_OK)
            exit(1);
    }
    rami_round_result r;
    rami_game_round_result(g, &r);
    rami_game_free(g);
    if (r.winners && (r.winners & ~tested) == 0)
        return 1;
    if (r.winners && (r.winners & tested) == 0)
        return -1;
    return 0;
}

static void usage(void)
{
    fprintf(stderr, "usage: bot-bench [--rounds N] [--level L] [--against L] [--seed S] "
                    "[--playouts K] [--time-ms T] [--players P] [--hints]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    config c = {200, 2, RAMI_BOT_STRONG, RAMI_BOT_GREEDY, 7, 0, 0, 0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--hints") == 0) {
            c.hints = 1;
            continue;
        }
        if (v == NULL)
            usage();
        unsigned long long x = strtoull(v, NULL, 10);
        i++;
        if (strcmp(a, "--rounds") == 0)
            c.rounds = (unsigned)x;
        else if (strcmp(a, "--level") == 0)
            c.level = (unsigned)x;
        else if (strcmp(a, "--against") == 0)
            c.against = (unsigned)x;
        else if (strcmp(a, "--seed") == 0)
            c.seed = x;
        else if (strcmp(a, "--playouts") == 0)
            c.playouts = (uint32_t)x;
        else if (strcmp(a, "--time-ms") == 0)
            c.time_ms = (uint32_t)x;
        else if (strcmp(a, "--players") == 0)
            c.players = (unsigned)x;
        else
            usage();
    }
    samples bot = {0}, hint = {0};
    unsigned won = 0, lost = 0;
    for (unsigned k = 0; k < c.rounds; k++) {
        int r = play_round(&c, k, &bot, &hint);
        won += r > 0;
        lost += r < 0;
    }
    double lo, hi;
    wilson(won, won + lost, &lo, &hi);
    printf("bot-bench: %u rounds of Rami 51, %u players, level %u against %u, seed %llu, "
           "playouts %u, time_ms %u\n",
           c.rounds, c.players, c.level, c.against, (unsigned long long)c.seed, c.playouts,
           c.time_ms);
    printf("won %u of %u decided rounds: %.1f%% [%.1f, %.1f]\n", won, won + lost,
           100.0 * won / (won + lost ? won + lost : 1), 100 * lo, 100 * hi);
    report("bot", &bot);
    report("hint", &hint);
    free(bot.cpu);
    free(bot.wall);
    free(hint.cpu);
    free(hint.wall);
    return 0;
}
