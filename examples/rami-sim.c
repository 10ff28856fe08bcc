/* rami-sim: bot tournaments.
 *
 *   rami-sim --games N --players P --preset 51|40|51-house|40-house|finnish
 *            --levels 2,1 --threads T --seed S [--json] [--swap]
 *
 * Plays N rounds, each on a fresh game whose seed comes from S and the game
 * index. The levels rotate over the seats from game to game, so every level
 * plays every seat equally; with --swap the same deal is replayed once per
 * rotation (duplicate style), which removes most of the luck of the deal.
 * Prints per level: rounds won, win rate of decided rounds with a Wilson
 * 95% interval, mean points per round, mean round length, decisions and the
 * median thread CPU time per decision, and the total speed (wall clock). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <rami.h>

#define MAX_LEVELS          8
#define MAX_MOVES_PER_ROUND 200000

typedef struct config {
    unsigned games, players, threads, nlevels;
    int preset;
    const char *preset_name;
    int levels[MAX_LEVELS];
    uint64_t seed;
    int json, swap;
    uint32_t playouts;
} config;

/* What one game produced; filled by a worker, read after the join. */
typedef struct game_result {
    int status;
    uint8_t level_of_seat[RAMI_MAX_PLAYERS];
    uint8_t winners;
    int16_t points[RAMI_MAX_PLAYERS];
    uint32_t turns, moves;
} game_result;

/* Decision times of one level, in microseconds. */
typedef struct samples {
    float *us;
    size_t n, cap;
} samples;

typedef struct worker {
    const config *cfg;
    game_result *results;
    atomic_uint *next;
    atomic_uint *done;
    samples times[MAX_LEVELS];
    int status;
} worker;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of the calling thread: decision times stay meaningful when the
 * machine is shared. */
static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static int samples_push(samples *s, float v)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 4096;
        float *p = realloc(s->us, cap * sizeof *p);
        if (p == NULL)
            return -1;
        s->us = p;
        s->cap = cap;
    }
    s->us[s->n++] = v;
    return 0;
}

/* Level index (into cfg->levels) of a seat in game i. */
static unsigned seat_level(const config *cfg, unsigned game, unsigned seat)
{
    return (seat + game) % cfg->nlevels;
}

static uint64_t game_seed(const config *cfg, unsigned game)
{
    unsigned deal = cfg->swap ? game / cfg->nlevels : game;
    return mix(cfg->seed ^ mix(deal));
}

static int play_game(worker *w, unsigned index, game_result *out)
{
    const config *cfg = w->cfg;
    rami_ruleset rs;
    rami_game *g;
    int st = rami_ruleset_init(&rs, cfg->preset, cfg->players);
    if (st == RAMI_OK)
        st = rami_game_new(&rs, game_seed(cfg, index), &g);
    if (st != RAMI_OK)
        return st;
    rami_bot_options opt[RAMI_MAX_PLAYERS];
    for (unsigned p = 0; p < cfg->players; p++) {
        unsigned li = seat_level(cfg, index, p);
        out->level_of_seat[p] = (uint8_t)li;
        rami_bot_options_init(&opt[p], cfg->levels[li]);
        if (cfg->playouts && cfg->levels[li] == RAMI_BOT_STRONG)
            opt[p].playouts = cfg->playouts;
        opt[p].seed = mix(cfg->seed ^ mix(((uint64_t)index << 8) | p));
    }
    while (st == RAMI_OK && rami_game_phase(g) <= RAMI_PHASE_PLAY) {
        int seat = rami_game_current_player(g);
        rami_move m;
        double t0 = cpu_s();
        st = rami_bot_choose(g, &opt[seat], &m);
        double us = (cpu_s() - t0) * 1e6;
        if (st != RAMI_OK)
            break;
        if (samples_push(&w->times[out->level_of_seat[seat]], (float)us) != 0)
            st = RAMI_E_NOMEM;
        else
            st = rami_game_play(g, seat, &m);
        if (++out->moves > MAX_MOVES_PER_ROUND)
            st = RAMI_E_PHASE;
    }
    rami_round_result res;
    if (st == RAMI_OK)
        st = rami_game_round_result(g, &res);
    if (st == RAMI_OK) {
        out->winners = res.winners;
        memcpy(out->points, res.points, sizeof out->points);
        out->turns = (uint32_t)rami_game_turn(g);
    }
    rami_game_free(g);
    return st;
}

static void *work(void *arg)
{
    worker *w = arg;
    for (;;) {
        unsigned i = atomic_fetch_add(w->next, 1u);
        if (i >= w->cfg->games)
            break;
        game_result *r = &w->results[i];
        r->status = play_game(w, i, r);
        if (r->status != RAMI_OK)
            w->status = r->status;
        atomic_fetch_add(w->done, 1u);
    }
    return NULL;
}

static void progress(const config *cfg, atomic_uint *done, double start)
{
    unsigned d = atomic_load(done);
    unsigned width = 40, fill = cfg->games ? (unsigned)((uint64_t)d * width / cfg->games) : width;
    char bar[64];
    memset(bar, '#', fill);
    memset(bar + fill, '.', width - fill);
    bar[width] = '\0';
    fprintf(stderr, "\r[%s] %u/%u rounds, %.0f s", bar, d, cfg->games, now_s() - start);
    fflush(stderr);
}

/* ---- statistics ---- */

typedef struct level_stats {
    unsigned long rounds, won, won_alone, seat_rounds, decisions;
    double points, turns, median_us;
} level_stats;

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

static void wilson(unsigned long k, unsigned long n, double *lo, double *hi)
{
    if (n == 0) {
        *lo = *hi = 0;
        return;
    }
    const double z = 1.959964;
    double p = (double)k / (double)n, z2n = z * z / (double)n;
    double centre = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / (double)n + z2n / (4 * (double)n)) / (1 + z2n);
    *lo = centre - half;
    *hi = centre + half;
}

/* A round is decided when its winners all play the same level. */
static unsigned long tally(const config *cfg, const game_result *res, level_stats *ls)
{
    unsigned long decided = 0;
    for (unsigned i = 0; i < cfg->games; i++) {
        const game_result *r = &res[i];
        unsigned played = 0, won = 0;
        for (unsigned p = 0; p < cfg->players; p++) {
            unsigned li = r->level_of_seat[p];
            ls[li].seat_rounds++;
            ls[li].points += r->points[p];
            played |= 1u << li;
            if (r->winners & (1u << p))
                won |= 1u << li;
        }
        for (unsigned li = 0; li < cfg->nlevels; li++) {
            if (!(played & (1u << li)))
                continue;
            ls[li].rounds++;
            ls[li].turns += r->turns;
            ls[li].won += (won >> li) & 1u;
        }
        if (won && (won & (won - 1u)) == 0) {
            decided++;
            for (unsigned li = 0; li < cfg->nlevels; li++)
                ls[li].won_alone += won == (1u << li);
        }
    }
    return decided;
}

static void print_text(const config *cfg, const level_stats *ls, unsigned long decided,
                       unsigned long moves, double secs)
{
    printf("rami-sim: %u rounds, %u players, preset %s, seed %llu%s, %u thread%s\n", cfg->games,
           cfg->players, cfg->preset_name, (unsigned long long)cfg->seed,
           cfg->swap ? ", seats swapped" : "", cfg->threads, cfg->threads == 1 ? "" : "s");
    printf("%-6s %-5s %8s %24s %10s %9s %11s %12s\n", "slot", "level", "won", "win rate (95% CI)",
           "points", "turns", "decisions", "median us");
    for (unsigned li = 0; li < cfg->nlevels; li++) {
        const level_stats *l = &ls[li];
        double lo, hi, rate = decided ? (double)l->won_alone / (double)decided : 0;
        wilson(l->won_alone, decided, &lo, &hi);
        printf("%-6u %-5d %8lu %8.1f%% [%5.1f, %5.1f] %10.2f %9.1f %11lu %12.1f\n", li,
               cfg->levels[li], l->won, 100 * rate, 100 * lo, 100 * hi,
               l->seat_rounds ? l->points / (double)l->seat_rounds : 0,
               l->rounds ? l->turns / (double)l->rounds : 0, l->decisions, l->median_us);
    }
    printf("decided rounds: %lu of %u; %lu moves in %.2f s = %.0f moves/s\n", decided, cfg->games,
           moves, secs, secs > 0 ? (double)moves / secs : 0);
}

static void print_json(const config *cfg, const level_stats *ls, unsigned long decided,
                       unsigned long moves, double secs)
{
    printf("{\"games\":%u,\"players\":%u,\"preset\":\"%s\",\"seed\":%llu,\"swap\":%s,"
           "\"threads\":%u,\"decided\":%lu,\"moves\":%lu,\"seconds\":%.3f,"
           "\"moves_per_second\":%.1f,\"levels\":[",
           cfg->games, cfg->players, cfg->preset_name, (unsigned long long)cfg->seed,
           cfg->swap ? "true" : "false", cfg->threads, decided, moves, secs,
           secs > 0 ? (double)moves / secs : 0);
    for (unsigned li = 0; li < cfg->nlevels; li++) {
        const level_stats *l = &ls[li];
        double lo, hi, rate = decided ? (double)l->won_alone / (double)decided : 0;
        wilson(l->won_alone, decided, &lo, &hi);
        printf("%s{\"slot\":%u,\"level\":%d,\"rounds\":%lu,\"won\":%lu,\"won_decided\":%lu,"
               "\"win_rate\":%.4f,\"ci95\":[%.4f,%.4f],\"mean_points\":%.3f,"
               "\"mean_turns\":%.2f,\"decisions\":%lu,\"median_us\":%.2f}",
               li ? "," : "", li, cfg->levels[li], l->rounds, l->won, l->won_alone, rate, lo, hi,
               l->seat_rounds ? l->points / (double)l->seat_rounds : 0,
               l->rounds ? l->turns / (double)l->rounds : 0, l->decisions, l->median_us);
    }
    printf("]}\n");
}

/* ---- command line ---- */

static void usage(FILE *f)
{
    fprintf(f, "usage: rami-sim [--games N] [--players P] "
               "[--preset 51|40|51-house|40-house|finnish]\n"
               "                [--levels 2,1] [--threads T] [--seed S] [--playouts K] "
               "[--json] [--swap]\n");
}

static int parse_preset(const char *s, config *cfg)
{
    static const struct {
        const char *name;
        int preset;
    } names[] = {{"51", RAMI_PRESET_51},
                 {"40", RAMI_PRESET_40},
                 {"51-house", RAMI_PRESET_51_HOUSE},
                 {"40-house", RAMI_PRESET_40_HOUSE},
                 {"finnish", RAMI_PRESET_FINNISH}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(s, names[i].name) == 0) {
            cfg->preset = names[i].preset;
            cfg->preset_name = names[i].name;
            return 0;
        }
    }
    return -1;
}

static int parse_levels(const char *s, config *cfg)
{
    cfg->nlevels = 0;
    while (*s) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < 0 || v > 2 || cfg->nlevels == MAX_LEVELS)
            return -1;
        cfg->levels[cfg->nlevels++] = (int)v;
        s = *end == ',' ? end + 1 : end;
        if (*end != ',' && *end != '\0')
            return -1;
    }
    return cfg->nlevels ? 0 : -1;
}

static int parse_uint(const char *s, unsigned long long max, unsigned long long *out)
{
    char *end;
    if (s == NULL || *s == '-')
        return -1;
    unsigned long long v = strtoull(s, &end, 0);
    if (end == s || *end != '\0' || v > max)
        return -1;
    *out = v;
    return 0;
}

static int parse_args(int argc, char **argv, config *cfg)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        unsigned long long n;
        int bad = 0;
        if (strcmp(a, "--json") == 0) {
            cfg->json = 1;
            continue;
        }
        if (strcmp(a, "--swap") == 0) {
            cfg->swap = 1;
            continue;
        }
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            exit(0);
        }
        if (v == NULL)
            return -1;
        if (strcmp(a, "--games") == 0)
            bad = parse_uint(v, 100000000ull, &n) || n == 0 || !(cfg->games = (unsigned)n);
        else if (strcmp(a, "--players") == 0)
            bad = parse_uint(v, RAMI_MAX_PLAYERS, &n) || n < 2 || !(cfg->players = (unsigned)n);
        else if (strcmp(a, "--threads") == 0)
            bad = parse_uint(v, 256, &n) || n == 0 || !(cfg->threads = (unsigned)n);
        else if (strcmp(a, "--seed") == 0)
            bad = parse_uint(v, UINT64_MAX, &n) || ((cfg->seed = n), 0);
        else if (strcmp(a, "--playouts") == 0)
            bad = parse_uint(v, 1000000, &n) || ((cfg->playouts = (uint32_t)n), 0);
        else if (strcmp(a, "--preset") == 0)
            bad = parse_preset(v, cfg);
        else if (strcmp(a, "--levels") == 0)
            bad = parse_levels(v, cfg);
        else
            return -1;
        if (bad)
            return -1;
        i++;
    }
    return 0;
}

int main(int argc, char **argv)
{
    config cfg = {.games = 1000,
                  .players = 2,
                  .threads = 1,
                  .nlevels = 2,
                  .preset = RAMI_PRESET_51,
                  .preset_name = "51",
                  .levels = {1, 0}};
    if (parse_args(argc, argv, &cfg) != 0) {
        usage(stderr);
        return 2;
    }
    game_result *results = calloc(cfg.games, sizeof *results);
    worker *workers = calloc(cfg.threads, sizeof *workers);
    pthread_t *tids = calloc(cfg.threads, sizeof *tids);
    if (results == NULL || workers == NULL || tids == NULL) {
        fprintf(stderr, "rami-sim: out of memory\n");
        return 1;
    }
    atomic_uint next = 0, done = 0;
    double start = now_s();
    unsigned started = 0;
    for (unsigned t = 0; t < cfg.threads; t++) {
        workers[t] = (worker){.cfg = &cfg, .results = results, .next = &next, .done = &done};
        if (pthread_create(&tids[t], NULL, work, &workers[t]) != 0)
            break;
        started++;
    }
    if (started == 0) {
        fprintf(stderr, "rami-sim: cannot start a thread\n");
        return 1;
    }
    if (isatty(STDERR_FILENO)) {
        while (atomic_load(&done) < cfg.games) {
            progress(&cfg, &done, start);
            struct timespec pause = {0, 200000000L};
            nanosleep(&pause, NULL);
        }
        progress(&cfg, &done, start);
        fputc('\n', stderr);
    }
    int status = RAMI_OK;
    for (unsigned t = 0; t < started; t++) {
        pthread_join(tids[t], NULL);
        if (workers[t].status != RAMI_OK)
            status = workers[t].status;
    }
    double secs = now_s() - start;
    if (status != RAMI_OK) {
        fprintf(stderr, "rami-sim: a game failed: %s\n", rami_strerror(status));
        return 1;
    }

    level_stats ls[MAX_LEVELS];
    memset(ls, 0, sizeof ls);
    unsigned long decided = tally(&cfg, results, ls), moves = 0;
    for (unsigned i = 0; i < cfg.games; i++)
        moves += results[i].moves;
    for (unsigned li = 0; li < cfg.nlevels; li++) {
        samples all = {0};
        for (unsigned t = 0; t < started; t++)
            for (size_t k = 0; k < workers[t].times[li].n; k++)
                samples_push(&all, workers[t].times[li].us[k]);
        ls[li].decisions = all.n;
        if (all.n) {
            qsort(all.us, all.n, sizeof *all.us, cmp_float);
            ls[li].median_us = all.us[all.n / 2];
        }
        free(all.us);
    }
    if (cfg.json)
        print_json(&cfg, ls, decided, moves, secs);
    else
        print_text(&cfg, ls, decided, moves, secs);
    for (unsigned t = 0; t < started; t++)
        for (unsigned li = 0; li < MAX_LEVELS; li++)
            free(workers[t].times[li].us);
    free(tids);
    free(workers);
    free(results);
    return 0;
}
