/*
 * rami-sim - bot tournaments with librami, on threads, MPI ranks or batch
 * shards. `rami-sim --help` explains the options and every output column;
 * doc/tools.md is the guide.
 *
 * Round k (0-based, over the whole run) is dealt from the run seed and k
 * alone, and its bots are seeded from the seed, k and the seat, so a round
 * plays the same wherever it runs. The results are integer sums over the
 * rounds (common/sim-results.h), which add up to the same figures however
 * the rounds are split: threads, MPI ranks (reduced on rank 0), or --shard
 * runs added up by `rami-sim merge`.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <rami.h>

#include "common/ruleset-args.h"
#include "common/sim-results.h"

#ifdef RAMI_SIM_MPI
#include <mpi.h>
#endif

#define MAX_MOVES_PER_ROUND  200000
#define MAX_ROUNDS_PER_MATCH 10000
#define MAX_ROUNDS           100000000ull
#define MAX_THREADS          256
#define ABANDONED            1 /* play_round: stopped by a signal */
#define EXIT_USAGE           2

typedef struct config {
    sim_desc d;
    rami_ruleset rs;
    unsigned threads;
    int json, timing, progress; /* progress: -1 auto (stderr is a terminal) */
    unsigned shard_i, shard_n;
    const char *records;
    int rank, ranks; /* MPI; 0 and 1 without */
} config;

/* ------------------------------------------------------------------------ */
/* Signals: the handler only sets a flag                                     */
/* ------------------------------------------------------------------------ */

/* A lock-free atomic: the handler may store it (C11 7.14.1.1) and the
 * worker threads read it without a data race. */
static atomic_int stop_flag = 0;
_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "the signal flag must be lock-free");

static void on_signal(int sig)
{
    atomic_store_explicit(&stop_flag, sig, memory_order_relaxed);
}

static int stop_signal(void)
{
    return atomic_load_explicit(&stop_flag, memory_order_relaxed);
}

static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESETHAND; /* a second signal ends the program at once */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* ------------------------------------------------------------------------ */
/* Which rounds this process plays                                           */
/* ------------------------------------------------------------------------ */

/* The rounds k < N with k mod shard_n = shard_i, numbered m = 0, 1, ...;
 * rank r of R plays those with m mod R = r. */
static uint64_t local_count(const config *c)
{
    uint64_t n = c->d.rounds, in_shard;
    in_shard = n > c->shard_i ? (n - c->shard_i + c->shard_n - 1) / c->shard_n : 0;
    return in_shard > (uint64_t)c->rank
               ? (in_shard - (uint64_t)c->rank + (uint64_t)c->ranks - 1) / (uint64_t)c->ranks
               : 0;
}

static uint64_t global_index(const config *c, uint64_t j)
{
    return c->shard_i + ((uint64_t)c->rank + j * (uint64_t)c->ranks) * c->shard_n;
}

/* ------------------------------------------------------------------------ */
/* Record output                                                             */
/* ------------------------------------------------------------------------ */

typedef struct records {
    char path[4096];
    int dir;        /* one file per round in path/ */
    FILE *f;        /* else one file, records in round order */
    char **pending; /* file: records finished out of order, by local index */
    uint64_t next;  /* file: the next local index to write */
    uint64_t count;
    int failed;
    pthread_mutex_t lock;
} records;

static int is_directory(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int records_open(records *r, const config *c)
{
    size_t n = strlen(c->records);
    r->dir = is_directory(c->records) || (n > 0 && c->records[n - 1] == '/');
    if (r->dir && !is_directory(c->records) && mkdir(c->records, 0777) != 0 && errno != EEXIST)
        return -1;
    if (r->dir) {
        snprintf(r->path, sizeof r->path, "%s", c->records);
        return 0;
    }
    if (c->ranks > 1) /* each rank its own file */
        snprintf(r->path, sizeof r->path, "%s.%d", c->records, c->rank);
    else
        snprintf(r->path, sizeof r->path, "%s", c->records);
    r->count = local_count(c);
    r->pending = calloc(r->count ? r->count : 1, sizeof *r->pending);
    r->f = fopen(r->path, "wb");
    return r->pending && r->f ? 0 : -1;
}

static void write_record_file(records *r, uint64_t k, const char *text)
{
    char name[4200];
    snprintf(name, sizeof name, "%s%sround-%08" PRIu64 ".rami", r->path,
             r->path[strlen(r->path) - 1] == '/' ? "" : "/", k);
    FILE *f = fopen(name, "wb");
    int ok = f && fputs(text, f) >= 0;
    if (f && fclose(f) != 0)
        ok = 0;
    if (!ok)
        r->failed = 1;
}

static void flush_pending(records *r, int all, const config *c)
{
    for (; r->next < r->count && (all || r->pending[r->next]); r->next++) {
        char *text = r->pending[r->next];
        if (text == NULL)
            continue; /* a round dropped by an interrupt */
        if (fprintf(r->f, "# round %" PRIu64 "\n%s", global_index(c, r->next), text) < 0)
            r->failed = 1;
        free(text);
        r->pending[r->next] = NULL;
    }
}

/* Takes ownership of text. */
static void records_put(records *r, const config *c, uint64_t j, char *text)
{
    pthread_mutex_lock(&r->lock);
    if (r->dir) {
        write_record_file(r, global_index(c, j), text);
        free(text);
    } else {
        r->pending[j] = text;
        flush_pending(r, 0, c);
    }
    pthread_mutex_unlock(&r->lock);
}

static int records_close(records *r, const config *c)
{
    if (!r->dir && r->f) {
        flush_pending(r, 1, c);
        if (fclose(r->f) != 0)
            r->failed = 1;
    }
    free(r->pending);
    return r->failed ? -1 : 0;
}

static char *save_text(const rami_game *g)
{
    size_t len = 0;
    rami_game_save(g, NULL, 0, &len);
    char *buf = malloc(len + 1);
    if (buf && rami_game_save(g, buf, len + 1, &len) != RAMI_OK) {
        free(buf);
        buf = NULL;
    }
    return buf;
}

/* ------------------------------------------------------------------------ */
/* Playing                                                                   */
/* ------------------------------------------------------------------------ */

/* Decision times of one slot, in microseconds (--timing). */
typedef struct samples {
    float *us;
    size_t n, cap;
} samples;

typedef struct shared {
    const config *cfg;
    uint64_t count;            /* rounds of this process */
    atomic_uint_fast64_t next; /* next local index to deal */
    atomic_uint workers_done;
    pthread_mutex_t lock; /* guards sums, error */
    sim_sums sums;
    int error; /* first failing status */
    uint64_t error_round;
    records *rec; /* NULL: no record output */
} shared;

typedef struct worker {
    shared *sh;
    samples times[SIM_MAX_LEVELS];
} worker;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double thread_cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double process_cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec +
           ((double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_usec) * 1e-6;
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

/* With --swap, rounds k .. k+L-1 (L slots) share a deal. */
static uint64_t round_seed(const sim_desc *d, uint64_t k)
{
    uint64_t deal = d->swap ? k / d->nlevels : k;
    return mix(d->seed ^ mix(deal));
}

static void bots_for_round(const config *c, uint64_t k, rami_bot_options *opt, sim_round *out)
{
    for (unsigned p = 0; p < c->d.players; p++) {
        unsigned li = (unsigned)((p + k) % c->d.nlevels);
        out->slot_of_seat[p] = (uint8_t)li;
        rami_bot_options_init(&opt[p], c->d.levels[li]);
        if (c->d.playouts && c->d.levels[li] == RAMI_BOT_STRONG)
            opt[p].playouts = c->d.playouts;
        opt[p].seed = mix(c->d.seed ^ mix((k << 8) | p));
    }
}

/* Plays the round in g to its end: RAMI_OK, ABANDONED, or a status. */
static int play_to_round_end(worker *w, rami_game *g, const rami_bot_options *opt, sim_round *out)
{
    const config *c = w->sh->cfg;
    int st = RAMI_OK;
    uint32_t moves = 0;
    while (st == RAMI_OK && rami_game_phase(g) <= RAMI_PHASE_PLAY) {
        int seat = rami_game_current_player(g);
        rami_move m;
        if (stop_signal())
            return ABANDONED;
        double t0 = c->timing ? thread_cpu_s() : 0;
        st = rami_bot_choose(g, &opt[seat], &m);
        if (st == RAMI_OK && c->timing &&
            samples_push(&w->times[out->slot_of_seat[seat]],
                         (float)((thread_cpu_s() - t0) * 1e6)) != 0)
            st = RAMI_E_NOMEM;
        if (st == RAMI_OK)
            st = rami_game_play(g, seat, &m);
        out->decisions[seat]++;
        if (++moves > MAX_MOVES_PER_ROUND)
            st = RAMI_E_PHASE;
    }
    out->turns += (uint32_t)rami_game_turn(g);
    return st;
}

/* The outcome of a round: its winners and points; of a match (rules with
 * match rounds or a target, doc/tools.md): the match's winners and each
 * seat's total. */
static int outcome(const config *c, const rami_game *g, sim_round *out)
{
    if (c->d.match) {
        int w = rami_game_match_winners(g);
        if (w < 0)
            return w;
        out->winners = (uint8_t)w;
        return rami_game_scores(g, out->points, RAMI_MAX_PLAYERS);
    }
    rami_round_result res;
    int st = rami_game_round_result(g, &res);
    if (st != RAMI_OK)
        return st;
    out->winners = res.winners;
    for (unsigned p = 0; p < c->d.players; p++)
        out->points[p] = res.points[p];
    return RAMI_OK;
}

/* Plays round (or match) k. RAMI_OK (and *record if asked), ABANDONED, or
 * a status. A match's record is its last round's, with the totals before
 * it (doc/record-format.md). */
static int play_round(worker *w, uint64_t k, sim_round *out, char **record)
{
    const config *c = w->sh->cfg;
    rami_bot_options opt[RAMI_MAX_PLAYERS];
    rami_game *g;
    memset(out, 0, sizeof *out);
    bots_for_round(c, k, opt, out);
    int st = rami_game_new(&c->rs, round_seed(&c->d, k), &g);
    if (st != RAMI_OK)
        return st;
    uint32_t rounds = 0;
    for (;;) {
        st = play_to_round_end(w, g, opt, out);
        if (st != RAMI_OK || !c->d.match || rami_game_phase(g) == RAMI_PHASE_MATCH_OVER)
            break;
        if (++rounds > MAX_ROUNDS_PER_MATCH)
            st = RAMI_E_PHASE;
        else
            st = rami_game_next_round(g);
        if (st != RAMI_OK)
            break;
    }
    if (st == RAMI_OK)
        st = outcome(c, g, out);
    if (st == RAMI_OK && record != NULL && (*record = save_text(g)) == NULL)
        st = RAMI_E_NOMEM;
    rami_game_free(g);
    return st;
}

static void *work(void *arg)
{
    worker *w = arg;
    shared *sh = w->sh;
    while (!stop_signal()) {
        uint64_t j = atomic_fetch_add(&sh->next, 1);
        if (j >= sh->count)
            break;
        uint64_t k = global_index(sh->cfg, j);
        sim_round r;
        char *record = NULL;
        int st = play_round(w, k, &r, sh->rec ? &record : NULL);
        if (st == ABANDONED)
            break;
        pthread_mutex_lock(&sh->lock);
        if (st == RAMI_OK) {
            sim_sums_add_round(&sh->sums, &sh->cfg->d, &r);
        } else {
            if (sh->sums.failed++ == 0) {
                sh->error = st;
                sh->error_round = k;
            }
        }
        pthread_mutex_unlock(&sh->lock);
        if (record != NULL)
            records_put(sh->rec, sh->cfg, j, record);
    }
    atomic_fetch_add(&sh->workers_done, 1u);
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* Progress on stderr                                                        */
/* ------------------------------------------------------------------------ */

static void format_duration(double s, char *buf, size_t cap)
{
    unsigned long t = s > 0 && s < 1e9 ? (unsigned long)(s + 0.5) : 0;
    if (t >= 3600)
        snprintf(buf, cap, "%luh%02lum", t / 3600, t / 60 % 60);
    else if (t >= 60)
        snprintf(buf, cap, "%lum%02lus", t / 60, t % 60);
    else
        snprintf(buf, cap, "%lus", t);
}

static void print_progress(shared *sh, double start, int tty)
{
    const config *c = sh->cfg;
    sim_sums s;
    pthread_mutex_lock(&sh->lock);
    s = sh->sums;
    pthread_mutex_unlock(&sh->lock);
    double secs = now_s() - start, rate = secs > 0 ? (double)s.played / secs : 0, lo, hi;
    char eta[32] = "?", who[32] = "";
    if (rate > 0)
        format_duration((double)(sh->count - (uint64_t)s.played) / rate, eta, sizeof eta);
    if (c->ranks > 1)
        snprintf(who, sizeof who, "rank 0 of %d: ", c->ranks);
    sim_wilson(s.slot[0].won_decided, s.decided, &lo, &hi);
    fprintf(stderr,
            "%s%s%" PRId64 "/%" PRIu64 " %s, %.1f %s/s, ETA %s; slot 0 (%s) wins "
            "%.1f%% [%.1f, %.1f] of %" PRId64 " decided%s",
            tty ? "\r" : "", who, s.played, sh->count, sim_unit(&c->d, 2), rate, sim_unit(&c->d, 2),
            eta, sim_level_name(c->d.levels[0]),
            s.decided ? 100.0 * (double)s.slot[0].won_decided / (double)s.decided : 0, 100 * lo,
            100 * hi, s.decided, tty ? "\033[K" : "\n");
    fflush(stderr);
}

/* Waits for the workers, printing progress every second if asked. */
static void wait_workers(shared *sh, unsigned started, int progress, int tty, double start)
{
    double last = now_s();
    while (progress && atomic_load(&sh->workers_done) < started) {
        struct timespec pause = {0, 50000000L};
        nanosleep(&pause, NULL);
        if (now_s() - last >= 1.0) {
            print_progress(sh, start, tty);
            last = now_s();
        }
    }
    if (progress) {
        print_progress(sh, start, tty);
        if (tty)
            fputc('\n', stderr);
    }
}

/* ------------------------------------------------------------------------ */
/* MPI                                                                       */
/* ------------------------------------------------------------------------ */

#ifdef RAMI_SIM_MPI
/* Started by an MPI launcher (mpirun, srun): a plain start runs alone,
 * without initialising MPI (which would spawn a runtime). */
static int mpi_launched(void)
{
    static const char *const vars[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        if (getenv(vars[i]) != NULL)
            return 1;
    return 0;
}
#endif

static int mpi_start(int *argc, char ***argv, config *c)
{
    c->rank = 0;
    c->ranks = 1;
#ifdef RAMI_SIM_MPI
    int provided;
    if (!mpi_launched())
        return 0;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        return -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &c->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &c->ranks);
#else
    (void)argc, (void)argv;
#endif
    return 0;
}

static void mpi_end(const config *c)
{
#ifdef RAMI_SIM_MPI
    if (mpi_launched())
        MPI_Finalize();
#endif
    (void)c;
}

/* Adds up the sums of every rank (every rank gets the total). */
static void reduce_sums(const config *c, sim_sums *s, double *wall, double *cpu)
{
#ifdef RAMI_SIM_MPI
    if (c->ranks > 1) {
        sim_sums total;
        double w = *wall, u = *cpu;
        MPI_Allreduce(s, &total, (int)SIM_SUMS_COUNT, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
        MPI_Allreduce(&w, wall, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        MPI_Allreduce(&u, cpu, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        total.interrupted = total.interrupted != 0;
        *s = total;
    }
#else
    (void)c, (void)s, (void)wall, (void)cpu;
#endif
}

/* Every decision time of one slot on rank 0 (MPI); in place otherwise. */
static void gather_samples(const config *c, samples *all)
{
#ifdef RAMI_SIM_MPI
    if (c->ranks > 1) {
        int n = (int)all->n, *counts = NULL, *displs = NULL, total = 0;
        float *buf = NULL;
        if (c->rank == 0) {
            counts = calloc((size_t)c->ranks, sizeof *counts);
            displs = calloc((size_t)c->ranks, sizeof *displs);
        }
        MPI_Gather(&n, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (c->rank == 0) {
            for (int r = 0; r < c->ranks; r++) {
                displs[r] = total;
                total += counts[r];
            }
            buf = malloc((size_t)(total ? total : 1) * sizeof *buf);
        }
        MPI_Gatherv(all->us, n, MPI_FLOAT, buf, counts, displs, MPI_FLOAT, 0, MPI_COMM_WORLD);
        if (c->rank == 0) {
            free(all->us);
            all->us = buf;
            all->n = all->cap = (size_t)total;
        }
        free(counts);
        free(displs);
    }
#else
    (void)c, (void)all;
#endif
}

/* ------------------------------------------------------------------------ */
/* Results                                                                   */
/* ------------------------------------------------------------------------ */

static int cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

static void median_times(const config *c, worker *workers, unsigned started, sim_timing *t)
{
    for (unsigned li = 0; li < c->d.nlevels; li++) {
        samples all = {0};
        for (unsigned w = 0; w < started; w++)
            for (size_t k = 0; k < workers[w].times[li].n; k++)
                samples_push(&all, workers[w].times[li].us[k]);
        gather_samples(c, &all);
        t->median_us[li] = 0;
        if (all.n) {
            qsort(all.us, all.n, sizeof *all.us, cmp_float);
            t->median_us[li] = all.us[all.n / 2];
        }
        free(all.us);
    }
}

/* ------------------------------------------------------------------------ */
/* Command line                                                              */
/* ------------------------------------------------------------------------ */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: rami-sim [options]                      play a bot tournament\n"
            "       rami-sim merge [--json] A.json B.json ...  add up --shard results\n"
            "\n"
            "Plays rounds between librami's bots and prints how each bot level did.\n"
            "With match rules (--match-rounds, --match-target, --elimination below)\n"
            "each of them is a whole match instead, and \"round\" reads \"match\" here.\n"
            "Round k (k = 0 .. N-1) is dealt from the seed and k alone, and seat s of\n"
            "round k is played by level slot (s + k) mod L (L slots), so every slot\n"
            "plays every seat equally often. The results depend only on the options\n"
            "below, not on --threads, MPI ranks or --shard: the same options print the\n"
            "same bytes. Speed goes to stderr.\n"
            "\n"
            "Run:\n"
            "  --rounds N        rounds to play (default 1000; --games N is the old name)\n"
            "  --levels A,B,...  the bot level of each slot, 1..%d slots (default 1,0):\n"
            "                      0 random  a uniformly random legal move\n"
            "                      1 greedy  the best immediate play (exact hand solver)\n"
            "                      2 strong  Monte Carlo: playouts over sampled hidden cards\n"
            "                    (names work too: --levels strong,greedy)\n"
            "  --swap            duplicate deals: rounds k..k+L-1 share one deal, played\n"
            "                    once per rotation of the slots over the seats, which\n"
            "                    cancels most of the luck of the deal\n"
            "  --seed S          the run's seed (default 0)\n"
            "  --playouts K      strong bot: playouts per decision (default: the library's)\n"
            "  --threads T       worker threads, in each MPI rank (default 1)\n"
            "  --shard I/N       play only the rounds k with k mod N = I (0 <= I < N), for\n"
            "                    batch systems: run each shard with --json, then add them\n"
            "                    up with `rami-sim merge`\n"
            "  --records PATH    save every round's record (the saved-game format,\n"
            "                    doc/record-format.md): if PATH is a directory (or ends\n"
            "                    in /) one file per round, round-00000017.rami for round\n"
            "                    17; otherwise one file, records in round order, each\n"
            "                    after a line \"# round K\" (under MPI: PATH.RANK)\n"
            "  --json            the results as one JSON object\n"
            "  --timing          add the median CPU time per decision (varies run to run)\n"
            "  --progress        progress on stderr every second (default when stderr is\n"
            "                    a terminal): rounds done, rate, ETA, slot 0's win rate\n"
            "  --no-progress     no progress\n"
            "  --version         program, library and MPI versions\n"
            "  --help            this text\n"
            "\n",
            SIM_MAX_LEVELS);
    ruleset_args_usage(f, 1);
    fprintf(f, "\n"
               "Output: a header (rounds, rules, players, seed, levels), then one line per\n"
               "slot:\n"
               "  slot       the slot (position in --levels)\n"
               "  level      its bot level\n"
               "  won        rounds in which a seat of the slot was among the winners\n"
               "  win rate   decided rounds won by the slot, with the Wilson 95%% interval\n"
               "             (a round is decided when its winners all play one slot)\n"
               "  points     mean points scored per seat and round (lower is better); of\n"
               "             a match, the mean total at its end\n"
               "  turns      mean round length in turns; of a match, of all its rounds\n"
               "  decisions  moves chosen by the slot's bots\n"
               "  median us  (--timing) median thread CPU time per decision, microseconds\n"
               "and the number of decided rounds and of moves.\n"
               "\n"
               "Exit status: 0 done; 1 a round failed or a file could not be written;\n"
               "2 bad usage or rules; 128+N after signal N (SIGINT 130, SIGTERM 143): no\n"
               "new round is dealt, rounds in play are dropped, and the rounds finished so\n"
               "far are printed (marked \"interrupted\"). A second signal ends at once.\n"
               "\n"
               "MPI: a build with MPI (see --version) started by mpirun or srun shares the\n"
               "rounds over the ranks (threads within each rank); rank 0 prints the sum.\n"
               "doc/tools.md has the details, Slurm scripts and measured figures.\n");
}

static void version(void)
{
    printf("rami-sim %s (librami %s)\n", RAMI_VERSION_STRING, rami_version());
#ifdef RAMI_SIM_MPI
    char lib[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(lib, &len);
    char *nl = strchr(lib, '\n');
    if (nl)
        *nl = '\0';
    printf("MPI: yes (%s)\n", lib);
#else
    printf("MPI: no (built without it)\n");
#endif
}

static int parse_level(const char *s, const char **end)
{
    static const char *const names[] = {"random", "greedy", "strong"};
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(names[i]);
        if (strncmp(s, names[i], n) == 0) {
            *end = s + n;
            return i;
        }
    }
    if (*s >= '0' && *s <= '2') {
        *end = s + 1;
        return *s - '0';
    }
    return -1;
}

static int parse_levels(const char *s, sim_desc *d)
{
    d->nlevels = 0;
    for (;;) {
        const char *end;
        int v = parse_level(s, &end);
        if (v < 0 || d->nlevels == SIM_MAX_LEVELS)
            return -1;
        d->levels[d->nlevels++] = v;
        if (*end == '\0')
            return 0;
        if (*end != ',')
            return -1;
        s = end + 1;
    }
}

static int parse_shard(const char *s, config *c)
{
    char *slash = strchr(s, '/'), left[32];
    unsigned long long i, n;
    if (slash == NULL || (size_t)(slash - s) >= sizeof left)
        return -1;
    memcpy(left, s, (size_t)(slash - s));
    left[slash - s] = '\0';
    if (args_uint(left, 1000000, &i) != 0 || args_uint(slash + 1, 1000000, &n) != 0 || n == 0 ||
        i >= n)
        return -1;
    c->shard_i = (unsigned)i;
    c->shard_n = (unsigned)n;
    return 0;
}

enum { ARGS_RUN, ARGS_EXIT, ARGS_BAD };

/* One option that takes a value: 1 taken, 0 not this kind, -1 bad. */
static int take_valued(config *c, int argc, char **argv, int *i)
{
    const char *v = NULL;
    unsigned long long n;
    int r;
    if ((r = args_value(argc, argv, i, "rounds", &v)) != 0 ||
        (r = args_value(argc, argv, i, "games", &v)) != 0)
        return r > 0 && args_uint(v, MAX_ROUNDS, &n) == 0 && n > 0 ? (c->d.rounds = n, 1) : -1;
    if ((r = args_value(argc, argv, i, "threads", &v)) != 0)
        return r > 0 && args_uint(v, MAX_THREADS, &n) == 0 && n > 0 ? (c->threads = (unsigned)n, 1)
                                                                    : -1;
    if ((r = args_value(argc, argv, i, "seed", &v)) != 0)
        return r > 0 && args_uint(v, UINT64_MAX, &n) == 0 ? (c->d.seed = n, 1) : -1;
    if ((r = args_value(argc, argv, i, "playouts", &v)) != 0)
        return r > 0 && args_uint(v, 1000000, &n) == 0 ? (c->d.playouts = (uint32_t)n, 1) : -1;
    if ((r = args_value(argc, argv, i, "levels", &v)) != 0)
        return r > 0 && parse_levels(v, &c->d) == 0 ? 1 : -1;
    if ((r = args_value(argc, argv, i, "shard", &v)) != 0)
        return r > 0 && parse_shard(v, c) == 0 ? 1 : -1;
    if ((r = args_value(argc, argv, i, "records", &v)) != 0)
        return r > 0 && *v != '\0' ? (c->records = v, 1) : -1;
    return 0;
}

static int take_flag(config *c, const char *a, int *show_rules)
{
    static const struct {
        const char *name;
        size_t offset;
        int value;
    } flags[] = {
        {"--json", offsetof(config, json), 1},
        {"--timing", offsetof(config, timing), 1},
        {"--progress", offsetof(config, progress), 1},
        {"--no-progress", offsetof(config, progress), 0},
        {"--swap", offsetof(config, d) + offsetof(sim_desc, swap), 1},
    };
    for (size_t k = 0; k < sizeof flags / sizeof flags[0]; k++) {
        if (strcmp(a, flags[k].name) == 0) {
            memcpy((char *)c + flags[k].offset, &flags[k].value, sizeof(int));
            return 1;
        }
    }
    if (strcmp(a, "--show-rules") == 0) {
        *show_rules = 1;
        return 1;
    }
    return 0;
}

static int parse_args(int argc, char **argv, config *c, ruleset_args *ra, int *show_rules)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        char err[RULESET_WHY_CAP] = "";
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            if (c->rank == 0)
                usage(stdout);
            return ARGS_EXIT;
        }
        if (strcmp(a, "--version") == 0) {
            if (c->rank == 0)
                version();
            return ARGS_EXIT;
        }
        if (take_flag(c, a, show_rules))
            continue;
        int r = ruleset_args_take(ra, argc, argv, &i, err, sizeof err);
        if (r == 0)
            r = take_valued(c, argc, argv, &i);
        if (r > 0)
            continue;
        if (c->rank == 0) {
            if (r < 0 && err[0] != '\0')
                fprintf(stderr, "rami-sim: %s (try --help)\n", err);
            else if (r < 0)
                fprintf(stderr, "rami-sim: bad value for %s (try --help)\n", a);
            else
                fprintf(stderr, "rami-sim: unknown option '%s' (try --help)\n", a);
        }
        return ARGS_BAD;
    }
    return ARGS_RUN;
}

/* Options, rules and the description of the run; ARGS_RUN to play. */
static int configure(int argc, char **argv, config *c)
{
    ruleset_args ra;
    int show_rules = 0;
    char why[RULESET_WHY_CAP];
    ruleset_args_init(&ra, RAMI_PRESET_51, 2, 1);
    c->d.rounds = 1000;
    c->d.nlevels = 2;
    c->d.levels[0] = RAMI_BOT_GREEDY;
    c->d.levels[1] = RAMI_BOT_RANDOM;
    c->threads = 1;
    c->progress = -1;
    c->shard_n = 1;
    int r = parse_args(argc, argv, c, &ra, &show_rules);
    if (r != ARGS_RUN)
        return r;
    if (ruleset_args_build(&ra, &c->rs, why, sizeof why) != RAMI_OK) {
        if (c->rank == 0)
            fprintf(stderr, "rami-sim: the library refuses these rules: %s\n", why);
        return ARGS_BAD;
    }
    if (show_rules) {
        if (c->rank == 0)
            ruleset_args_print(stdout, &c->rs, 1);
        return ARGS_EXIT;
    }
    c->d.preset = ra.preset;
    c->d.players = ra.players;
    c->d.match = c->rs.match_rounds > 0 || c->rs.match_target > 0;
    ruleset_args_diff(&c->rs, ra.preset, c->d.rules, sizeof c->d.rules);
    return ARGS_RUN;
}

/* ------------------------------------------------------------------------ */
/* main                                                                      */
/* ------------------------------------------------------------------------ */

static unsigned start_workers(shared *sh, worker *workers, pthread_t *tids, unsigned n)
{
    unsigned started = 0;
    for (unsigned t = 0; t < n; t++) {
        workers[t] = (worker){.sh = sh};
        if (pthread_create(&tids[t], NULL, work, &workers[t]) != 0)
            break;
        started++;
    }
    return started;
}

static int report(const config *c, shared *sh, worker *workers, unsigned started, double wall)
{
    double cpu = process_cpu_s();
    sim_timing timing;
    int rec_bad = sh->rec && records_close(sh->rec, c) != 0;
    if (rec_bad)
        fprintf(stderr, "rami-sim: cannot write the records to %s\n", sh->rec->path);
    if (sh->sums.failed)
        fprintf(stderr, "rami-sim: round %" PRIu64 " failed: %s\n", sh->error_round,
                rami_strerror(sh->error));
    sim_sums s = sh->sums;
    if (c->timing)
        median_times(c, workers, started, &timing);
    reduce_sums(c, &s, &wall, &cpu);
    if (c->rank == 0 && !s.failed) {
        const sim_timing *t = c->timing ? &timing : NULL;
        if (c->json)
            sim_print_json(stdout, &c->d, &s, t, c->shard_i, c->shard_n > 1 ? c->shard_n : 0);
        else
            sim_print_text(stdout, &c->d, &s, t);
        fflush(stdout);
        fprintf(stderr,
                "rami-sim: %" PRId64 " %s in %.2f s (%.1f %s/s), %.2f s of CPU, %d "
                "process%s x %u thread%s\n",
                s.played, sim_unit(&c->d, s.played), wall, wall > 0 ? (double)s.played / wall : 0,
                sim_unit(&c->d, 2), cpu, c->ranks, c->ranks == 1 ? "" : "es", c->threads,
                c->threads == 1 ? "" : "s");
    }
    if (s.failed || rec_bad)
        return EXIT_FAILURE;
    return s.interrupted ? 128 + (stop_signal() ? stop_signal() : SIGTERM) : EXIT_SUCCESS;
}

static void free_all(shared *sh, worker *workers, pthread_t *tids, unsigned started)
{
    for (unsigned t = 0; workers != NULL && t < started; t++)
        for (unsigned li = 0; li < SIM_MAX_LEVELS; li++)
            free(workers[t].times[li].us);
    free(tids);
    free(workers);
    free(sh);
}

static int simulate(const config *c)
{
    records rec;
    shared *sh = calloc(1, sizeof *sh);
    worker *workers = calloc(c->threads, sizeof *workers);
    pthread_t *tids = calloc(c->threads, sizeof *tids);
    unsigned started = 0;
    int code = EXIT_FAILURE;
    memset(&rec, 0, sizeof rec);
    pthread_mutex_init(&rec.lock, NULL);
    if (sh == NULL || workers == NULL || tids == NULL) {
        fprintf(stderr, "rami-sim: out of memory\n");
        goto out;
    }
    sh->cfg = c;
    sh->count = local_count(c);
    pthread_mutex_init(&sh->lock, NULL);
    if (c->records && records_open(&rec, c) != 0) {
        fprintf(stderr, "rami-sim: cannot write records to %s: %s\n", c->records, strerror(errno));
        records_close(&rec, c);
        goto out;
    }
    sh->rec = c->records ? &rec : NULL;
    double start = now_s();
    started = start_workers(sh, workers, tids, c->threads);
    if (started == 0) {
        fprintf(stderr, "rami-sim: cannot start a thread\n");
        goto out;
    }
    int tty = isatty(STDERR_FILENO);
    int progress = c->rank == 0 && (c->progress < 0 ? tty : c->progress);
    wait_workers(sh, started, progress, tty, start);
    for (unsigned t = 0; t < started; t++)
        pthread_join(tids[t], NULL);
    sh->sums.interrupted =
        stop_signal() != 0 && (uint64_t)(sh->sums.played + sh->sums.failed) < sh->count;
    code = report(c, sh, workers, started, now_s() - start);
out:
    free_all(sh, workers, tids, started);
    return code;
}

int main(int argc, char **argv)
{
    config c;
    memset(&c, 0, sizeof c);
    if (argc > 1 && strcmp(argv[1], "merge") == 0) {
        int json = argc > 2 && strcmp(argv[2], "--json") == 0;
        return sim_merge(argc - 2 - json, argv + 2 + json, json);
    }
    if (mpi_start(&argc, &argv, &c) != 0) {
        fprintf(stderr, "rami-sim: MPI_Init failed\n");
        return EXIT_FAILURE;
    }
    int r = configure(argc, argv, &c);
    int code = r == ARGS_EXIT ? EXIT_SUCCESS : EXIT_USAGE;
    if (r == ARGS_RUN) {
        catch_signals();
        code = simulate(&c);
    }
    mpi_end(&c);
    return code;
}
