/* rami-bench: the speed and size figures of librami (issue "Performance").
 * Single-threaded; each figure is measured over several repetitions and
 * printed as the median with the spread (min..max), with the CPU time of
 * the same repetitions beside the wall-clock figure where it is measured,
 * after the CPU model. Run directly, or with
 * `meson test --benchmark`. `--json` prints one JSON object instead.
 *
 *   rami-bench [--json] [--quick] [--only NAME]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rami-private.h"

#define REPS 7

/* A figure: its wall-clock samples and, where measured, the CPU time
 * (the process's CPU clock) of the same repetitions, in the same unit (the
 * machine is shared: CPU time does not count the time other work held the
 * core): a mean per operation, or for a figure over positions or
 * decisions (a median, a percentile) the same statistic of each one's
 * CPU time, the clock's own cost taken off. */
typedef struct figure {
    const char *name;
    const char *unit;
    double samples[REPS];
    int n;
    double cpu[REPS];
    int ncpu;
} figure;

static bool quick;
static unsigned scale(unsigned n)
{
    return quick ? (n / 10 ? n / 10 : 1) : n;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The process's CPU clock; cpu_clock is false where there is none (then
 * no CPU figure is printed). */
static bool cpu_clock = true;
static double cpu_now(void)
{
    struct timespec t = {0, 0};
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) != 0)
        cpu_clock = false;
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The CPU model (Linux's /proc/cpuinfo), the ns figures depend on it;
 * "unknown" elsewhere (as WebAssembly, whose host gives no files). */
static const char *cpu_model(void)
{
    static char model[128] = "unknown";
#if !defined(__linux__) || defined(__EMSCRIPTEN__)
    return model;
#else
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return model;
    char line[256];
    while (fgets(line, sizeof line, f) != NULL) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && colon != NULL) {
            snprintf(model, sizeof model, "%s", colon + 2);
            model[strcspn(model, "\n")] = '\0';
            break;
        }
    }
    fclose(f);
    return model;
#endif
}

static uint64_t rnd_state = 0x2545F4914F6CDD1Dull;
static uint64_t rnd(void)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 7;
    rnd_state ^= rnd_state << 17;
    return rnd_state;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* What reading the CPU clock twice costs in CPU time (s): a system call
 * that takes 1-2 us of CPU on some virtual machines, so a bracket of CPU
 * clock reads around short work has it subtracted. The median of 101
 * pairs, measured once. */
static double cpu_clock_cost(void)
{
    static double cost = -1;
    if (cost < 0) {
        double d[101];
        for (int i = 0; i < 101; i++) {
            double a = cpu_now();
            d[i] = cpu_now() - a;
        }
        qsort(d, 101, sizeof d[0], cmp_double);
        cost = d[50];
    }
    return cost;
}

/* The median, min and max of n samples. */
static double median(const double *v, int n)
{
    double s[REPS];
    memcpy(s, v, (size_t)n * sizeof s[0]);
    qsort(s, (size_t)n, sizeof s[0], cmp_double);
    return s[n / 2];
}

static double fmin_of(const double *v, int n)
{
    double m = v[0];
    for (int i = 1; i < n; i++)
        m = v[i] < m ? v[i] : m;
    return m;
}

static double fmax_of(const double *v, int n)
{
    double m = v[0];
    for (int i = 1; i < n; i++)
        m = v[i] > m ? v[i] : m;
    return m;
}

static figure figures[40];
static int nfigures;

static figure *fig(const char *name, const char *unit)
{
    figure *f = &figures[nfigures++];
    f->name = name;
    f->unit = unit;
    f->n = 0;
    f->ncpu = 0;
    return f;
}

static void add(figure *f, double v)
{
    f->samples[f->n++] = v;
}

static void add_cpu(figure *f, double v)
{
    if (cpu_clock)
        f->cpu[f->ncpu++] = v;
}

/* ---- meld_check ---- */

#define MELD_CORPUS 4096
static rami_card corpus_cards[MELD_CORPUS][RAMI_MAX_MELD];
static uint8_t corpus_n[MELD_CORPUS];

static void build_meld_corpus(void)
{
    /* Half valid (runs and sets with and without a joker), half random. */
    for (unsigned i = 0; i < MELD_CORPUS; i++) {
        unsigned kind = (unsigned)(rnd() % 4);
        unsigned n, suit = (unsigned)(rnd() % 4);
        if (kind == 0) {
            n = 3 + (unsigned)(rnd() % 11);
            unsigned lo = 1 + (unsigned)(rnd() % (14 - n + 1));
            for (unsigned k = 0; k < n; k++)
                corpus_cards[i][k] = RAMI_CARD(lo + k == 14 ? 1 : lo + k, suit);
            if (rnd() % 2)
                corpus_cards[i][rnd() % n] = RAMI_JOKER;
        } else if (kind == 1) {
            n = 3 + (unsigned)(rnd() % 2);
            unsigned r = 1 + (unsigned)(rnd() % 13);
            for (unsigned k = 0; k < n; k++)
                corpus_cards[i][k] = RAMI_CARD(r, (suit + k) % 4);
            if (rnd() % 2)
                corpus_cards[i][rnd() % n] = RAMI_JOKER;
        } else {
            n = 3 + (unsigned)(rnd() % 11);
            for (unsigned k = 0; k < n; k++)
                corpus_cards[i][k] =
                    rnd() % 20 == 0 ? RAMI_JOKER : RAMI_CARD(1 + rnd() % 13, rnd() % 4);
        }
        /* Any order: shuffle the cards. */
        for (unsigned k = n; k > 1; k--) {
            unsigned j = (unsigned)(rnd() % k);
            rami_card t = corpus_cards[i][k - 1];
            corpus_cards[i][k - 1] = corpus_cards[i][j];
            corpus_cards[i][j] = t;
        }
        corpus_n[i] = (uint8_t)n;
    }
}

static volatile unsigned sink;

static void bench_meld_check(void)
{
    build_meld_corpus();
    rami_ruleset rs;
    rami_ruleset_init(&rs, RAMI_PRESET_51, 2);
    figure *f = fig("meld_check", "ns/call");
    unsigned rounds = scale(200);
    for (int rep = 0; rep < REPS; rep++) {
        double t0 = now(), c0 = cpu_now();
        unsigned ok = 0;
        for (unsigned r = 0; r < rounds; r++)
            for (unsigned i = 0; i < MELD_CORPUS; i++) {
                rami_meld_info info;
                ok += rami_meld_check(&rs, corpus_cards[i], corpus_n[i], &info) == RAMI_OK;
            }
        add(f, (now() - t0) * 1e9 / ((double)rounds * MELD_CORPUS));
        add_cpu(f, (cpu_now() - c0) * 1e9 / ((double)rounds * MELD_CORPUS));
        sink = ok;
    }
}

/* ---- positions from random self-play ---- */

#define MAX_POSITIONS 2000
static rami_game *positions[MAX_POSITIONS];
static unsigned npositions;

static void collect_positions(void)
{
    static rami_move buf[RAMI_MAX_MOVES];
    unsigned per_players = scale(MAX_POSITIONS) / 2;
    for (unsigned players = 2; players <= 4; players += 2) {
        rami_ruleset rs;
        rami_ruleset_init(&rs, RAMI_PRESET_51, players);
        unsigned taken = 0;
        for (uint64_t seed = 1; taken < per_players; seed++) {
            rami_game *g;
            rami_game_new(&rs, seed, &g);
            for (unsigned step = 0;; step++) {
                size_t n;
                rami_game_legal_moves(g, buf, RAMI_MAX_MOVES, &n);
                if (n == 0)
                    break;
                /* Keep a position every few moves: draw and play phases,
                 * before and after opening. */
                if (rnd() % 8 == 0 && taken < per_players) {
                    rami_game_clone(g, &positions[npositions++]);
                    taken++;
                }
                /* Prefer melds and lay-offs so that players open. */
                size_t pick = (size_t)(rnd() % n);
                for (size_t i = 0; i < n; i++)
                    if (buf[i].kind == RAMI_MOVE_MELD || buf[i].kind == RAMI_MOVE_LAYOFF) {
                        pick = i;
                        break;
                    }
                rami_game_play(g, rami_game_current_player(g), &buf[pick]);
            }
            rami_game_free(g);
        }
    }
}

/* The calls timed at each collected position; each returns something
 * from its answer so that the work cannot be left out. */
static unsigned call_legal_moves(const rami_game *g)
{
    static rami_move buf[RAMI_MAX_MOVES];
    size_t n = 0;
    rami_game_legal_moves(g, buf, RAMI_MAX_MOVES, &n);
    return (unsigned)n;
}

static unsigned call_legal_actions(const rami_game *g)
{
    static rami_action buf[RAMI_MAX_MOVES];
    size_t n = 0;
    rami_game_legal_actions(g, buf, RAMI_MAX_MOVES, &n);
    return (unsigned)n;
}

static float tensor[8192];
static unsigned call_observation(const rami_game *g)
{
    rami_game_observation_tensor(g, 0, tensor, 8192);
    return (unsigned)tensor[0];
}

static unsigned call_infostate(const rami_game *g)
{
    rami_game_information_state_tensor(g, 0, tensor, 8192);
    return (unsigned)tensor[0];
}

/* The text outputs at the position (the view of the seat to move). */
static char text[1 << 16];
static unsigned call_view_json(const rami_game *g)
{
    size_t len = 0;
    rami_game_view_json(g, rami_game_current_player(g), text, sizeof text, &len);
    return (unsigned)len;
}

static unsigned call_save(const rami_game *g)
{
    size_t len = 0;
    rami_game_save(g, text, sizeof text, &len);
    return (unsigned)len;
}

/* The time of one call at each collected position, by `clock` over
 * `loops` calls (ns), sorted ascending into per; returns their sum. */
static double time_positions(unsigned (*call)(const rami_game *), double (*clock)(void),
                             unsigned loops, double *per)
{
    unsigned total = 0;
    double sum = 0, overhead = clock == cpu_now ? cpu_clock_cost() : 0;
    for (unsigned i = 0; i < npositions; i++) {
        double t0 = clock();
        for (unsigned l = 0; l < loops; l++)
            total += call(positions[i]);
        per[i] = (clock() - t0 - overhead) * 1e9 / loops;
        sum += per[i];
    }
    qsort(per, npositions, sizeof per[0], cmp_double);
    sink = total;
    return sum;
}

/* The median over positions of time_positions, wall and CPU; the
 * process's CPU clock is a costly system call (cpu_clock_cost), so each
 * position is timed over more calls for it than for the wall clock. */
enum { WALL_LOOPS = 10, CPU_LOOPS = 100 };
static void median_over_positions(figure *f, unsigned (*call)(const rami_game *), double *per)
{
    time_positions(call, now, WALL_LOOPS, per);
    add(f, per[npositions / 2]);
    time_positions(call, cpu_now, CPU_LOOPS, per);
    add_cpu(f, per[npositions / 2]);
}

static void bench_legal_moves(void)
{
    collect_positions();
    static double per[MAX_POSITIONS];
    figure *f = fig("legal_moves", "ns/call (median over positions)");
    figure *fm = fig("legal_moves_mean", "ns/call (mean over positions)");
    figure *p90 = fig("legal_moves_p90", "ns/call (90th percentile over positions)");
    figure *p99 = fig("legal_moves_p99", "ns/call (99th percentile over positions)");
    figure *pmax = fig("legal_moves_max", "ns/call (slowest position)");
    unsigned opened = 0;
    for (unsigned i = 0; i < npositions; i++)
        opened += rami_game_has_opened(positions[i], rami_game_current_player(positions[i])) == 1;
    for (int rep = 0; rep < REPS; rep++) {
        double c0 = cpu_now();
        double sum = time_positions(call_legal_moves, now, WALL_LOOPS, per);
        add_cpu(fm, (cpu_now() - c0) * 1e9 / ((double)npositions * WALL_LOOPS));
        add(f, per[npositions / 2]);
        add(fm, sum / npositions);
        add(p90, per[npositions * 90 / 100]);
        add(p99, per[npositions * 99 / 100]);
        add(pmax, per[npositions - 1]);
        time_positions(call_legal_moves, cpu_now, CPU_LOOPS, per);
        add_cpu(f, per[npositions / 2]);
        add_cpu(p90, per[npositions * 90 / 100]);
        add_cpu(p99, per[npositions * 99 / 100]);
        add_cpu(pmax, per[npositions - 1]);
    }
    fprintf(stderr, "legal_moves: %u positions (%u with the mover opened)\n", npositions, opened);
}

/* ---- self-play ---- */

static void bench_selfplay(void)
{
    static rami_move buf[RAMI_MAX_MOVES];
    rami_ruleset rs;
    rami_ruleset_init(&rs, RAMI_PRESET_51, 4);
    figure *fa = fig("selfplay_actions", "actions/s");
    figure *fr = fig("selfplay_rounds", "rounds/s");
    unsigned rounds = scale(200);
    for (int rep = 0; rep < REPS; rep++) {
        unsigned long actions = 0;
        double t0 = now(), c0 = cpu_now();
        for (unsigned r = 0; r < rounds; r++) {
            rami_game *g;
            rami_game_new(&rs, (uint64_t)rep * 100000u + r, &g);
            for (;;) {
                size_t n;
                rami_game_legal_moves(g, buf, RAMI_MAX_MOVES, &n);
                if (n == 0)
                    break;
                rami_game_play(g, rami_game_current_player(g), &buf[rnd() % n]);
                actions++;
            }
            rami_game_free(g);
        }
        double t = now() - t0, c = cpu_now() - c0;
        add(fa, (double)actions / t);
        add(fr, rounds / t);
        add_cpu(fa, (double)actions / c);
        add_cpu(fr, rounds / c);
    }
}

/* ---- the integer action API beside the struct API ---- */

static void bench_actions(void)
{
    if (npositions == 0)
        collect_positions();
    static rami_action ids[RAMI_MAX_MOVES];
    static double per[MAX_POSITIONS];
    figure *f = fig("legal_actions", "ns/call (median over positions)");
    for (int rep = 0; rep < REPS; rep++)
        median_over_positions(f, call_legal_actions, per);
    /* Random self-play as bench_selfplay, through ids: legal_actions and
     * play_action. */
    rami_ruleset rs;
    rami_ruleset_init(&rs, RAMI_PRESET_51, 4);
    figure *fa = fig("selfplay_actions_int", "actions/s (legal_actions + play_action)");
    unsigned rounds = scale(200);
    for (int rep = 0; rep < REPS; rep++) {
        unsigned long actions = 0;
        double t0 = now(), c0 = cpu_now();
        for (unsigned r = 0; r < rounds; r++) {
            rami_game *g;
            rami_game_new(&rs, (uint64_t)rep * 100000u + r, &g);
            for (;;) {
                size_t n;
                rami_game_legal_actions(g, ids, RAMI_MAX_MOVES, &n);
                if (n == 0)
                    break;
                rami_game_play_action(g, rami_game_current_player(g), ids[rnd() % n]);
                actions++;
            }
            rami_game_free(g);
        }
        add(fa, (double)actions / (now() - t0));
        add_cpu(fa, (double)actions / (cpu_now() - c0));
    }
}

/* ---- observation tensors ---- */

/* Two figures of one call each over the collected positions, their
 * repetitions interleaved. */
typedef unsigned (*position_call)(const rami_game *);
static void two_over_positions(const char *name_a, position_call a, const char *name_b,
                               position_call b)
{
    if (npositions == 0)
        collect_positions();
    static double per[MAX_POSITIONS];
    figure *fa = fig(name_a, "ns/call (median over positions)");
    figure *fb = fig(name_b, "ns/call (median over positions)");
    for (int rep = 0; rep < REPS; rep++) {
        median_over_positions(fa, a, per);
        median_over_positions(fb, b, per);
    }
}

static void bench_tensors(void)
{
    two_over_positions("observation_tensor", call_observation, "infostate_tensor", call_infostate);
}

static void bench_text(void)
{
    two_over_positions("view_json", call_view_json, "save", call_save);
}

static void bench_handles(void)
{
    rami_ruleset rs;
    rami_ruleset_init(&rs, RAMI_PRESET_51, 4);
    figure *fn = fig("new_game", "ns/call");
    figure *fc = fig("clone", "ns/call");
    figure *fb = fig("handle_bytes", "bytes");
    unsigned calls = scale(100000);
    rami_game *base;
    rami_game_new(&rs, 7, &base);
    for (int rep = 0; rep < REPS; rep++) {
        double t0 = now(), c0 = cpu_now();
        for (unsigned i = 0; i < calls; i++) {
            rami_game *g;
            rami_game_new(&rs, i, &g);
            rami_game_free(g);
        }
        add(fn, (now() - t0) * 1e9 / calls);
        add_cpu(fn, (cpu_now() - c0) * 1e9 / calls);
        t0 = now(), c0 = cpu_now();
        for (unsigned i = 0; i < calls; i++) {
            rami_game *g;
            rami_game_clone(base, &g);
            rami_game_free(g);
        }
        add(fc, (now() - t0) * 1e9 / calls);
        add_cpu(fc, (cpu_now() - c0) * 1e9 / calls);
        add(fb, (double)base->alloc_size);
    }
    rami_game_free(base);
}

/* ---- solver ---- */

static void random_hand(rami_card *cards, unsigned n, unsigned jokers)
{
    /* From a 2-deck pack without jokers, then the jokers. */
    uint8_t used[64] = {0};
    unsigned k = 0;
    while (k < n - jokers) {
        unsigned s = (unsigned)(rnd() % 4), r = 1 + (unsigned)(rnd() % 13);
        if (used[s * 16 + r] >= 2)
            continue;
        used[s * 16 + r]++;
        cards[k++] = RAMI_CARD(r, s);
    }
    while (k < n)
        cards[k++] = RAMI_JOKER;
}

static void bench_solve(void)
{
    static const char *names[2][3] = {
        {"solve_points_0j", "solve_points_1j", "solve_points_2j"},
        {"solve_penalty_0j", "solve_penalty_1j", "solve_penalty_2j"},
    };
    rami_ruleset rs;
    rami_ruleset_init(&rs, RAMI_PRESET_51, 2);
    enum { HANDS = 2000 };
    static rami_card hands[HANDS][14];
    for (unsigned goal = 0; goal < 2; goal++) {
        for (unsigned j = 0; j < 3; j++) {
            for (unsigned i = 0; i < HANDS; i++)
                random_hand(hands[i], 14, j);
            figure *f = fig(names[goal][j], "ns/call (median of per-hand times; cpu: mean)");
            unsigned hands_n = scale(HANDS);
            for (int rep = 0; rep < REPS; rep++) {
                /* The median over hands, as the target is stated per hand. */
                static double per[HANDS];
                double c0 = cpu_now();
                for (unsigned i = 0; i < hands_n; i++) {
                    rami_solution sol;
                    double t0 = now();
                    for (int k = 0; k < 8; k++)
                        rami_solve_hand(&rs, hands[i], 14, (int)goal, &sol);
                    per[i] = (now() - t0) * 1e9 / 8;
                }
                add_cpu(f, (cpu_now() - c0) * 1e9 / (hands_n * 8.0));
                qsort(per, hands_n, sizeof per[0], cmp_double);
                add(f, per[hands_n / 2]);
            }
        }
    }
}

/* ---- bots ---- */

static void bench_bot(void)
{
    for (int level = 1; level <= 2; level++) {
        figure *f = fig(level == 1 ? "bot_greedy" : "bot_strong", "us/decision (median)");
        rami_bot_options opt;
        rami_bot_options_init(&opt, level);
        unsigned decisions = level == 1 ? scale(2000) : (quick ? 10 : 80);
        int reps = level == 1 ? REPS : 3;
        for (int rep = 0; rep < reps; rep++) {
            static double per[4000], per_cpu[4000];
            unsigned n_per = 0;
            rami_ruleset rs;
            rami_ruleset_init(&rs, RAMI_PRESET_51, 2);
            rami_game *g;
            rami_game_new(&rs, 1000u + (unsigned)rep, &g);
            while (n_per < decisions) {
                if (rami_game_phase(g) > RAMI_PHASE_PLAY) {
                    rami_game_free(g);
                    rami_game_new(&rs, rnd(), &g);
                }
                rami_move m;
                opt.seed = rnd();
                double c0 = cpu_now(), t0 = now(); /* the wall bracket inside */
                rami_bot_choose(g, &opt, &m);
                per[n_per] = (now() - t0) * 1e6;
                per_cpu[n_per++] = (cpu_now() - c0 - cpu_clock_cost()) * 1e6;
                /* Bot against bot: the positions the bot meets in play. */
                rami_game_play(g, rami_game_current_player(g), &m);
            }
            rami_game_free(g);
            qsort(per, n_per, sizeof per[0], cmp_double);
            qsort(per_cpu, n_per, sizeof per_cpu[0], cmp_double);
            add(f, per[n_per / 2]);
            add_cpu(f, per_cpu[n_per / 2]);
        }
    }
}

static void print_figure(const figure *f)
{
    printf("%-20s %14.1f %-10s spread %.1f..%.1f over %d runs", f->name, median(f->samples, f->n),
           f->unit, fmin_of(f->samples, f->n), fmax_of(f->samples, f->n), f->n);
    if (f->ncpu > 0)
        printf("; cpu %.1f (%.1f..%.1f)", median(f->cpu, f->ncpu), fmin_of(f->cpu, f->ncpu),
               fmax_of(f->cpu, f->ncpu));
    printf("\n");
}

static void print_json(const figure *f, bool comma)
{
    printf("%s\n  \"%s\": {\"median\": %.3f, \"min\": %.3f, \"max\": %.3f, \"unit\": \"%s\", "
           "\"runs\": %d",
           comma ? "," : "", f->name, median(f->samples, f->n), fmin_of(f->samples, f->n),
           fmax_of(f->samples, f->n), f->unit, f->n);
    if (f->ncpu > 0)
        printf(", \"cpu_median\": %.3f, \"cpu_min\": %.3f, \"cpu_max\": %.3f",
               median(f->cpu, f->ncpu), fmin_of(f->cpu, f->ncpu), fmax_of(f->cpu, f->ncpu));
    printf("}");
}

struct bench {
    const char *name;
    void (*run)(void);
} benches[] = {
    {"meld_check", bench_meld_check},
    {"legal_moves", bench_legal_moves},
    {"selfplay", bench_selfplay},
    {"actions", bench_actions},
    {"tensors", bench_tensors},
    {"text", bench_text},
    {"handles", bench_handles},
    {"solve", bench_solve},
    {"bot", bench_bot},
};

int main(int argc, char **argv)
{
    bool json = false;
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            json = true;
        else if (strcmp(argv[i], "--quick") == 0)
            quick = true;
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else {
            fprintf(stderr, "usage: rami-bench [--json] [--quick] [--only NAME]\n");
            return 2;
        }
    }
    if (!json)
        printf("cpu: %s (ns figures are for this CPU)\n", cpu_model());
    for (size_t b = 0; b < sizeof benches / sizeof benches[0]; b++) {
        if (only != NULL && strcmp(only, benches[b].name) != 0)
            continue;
        int first = nfigures;
        benches[b].run();
        if (!json)
            for (int i = first; i < nfigures; i++)
                print_figure(&figures[i]);
        fflush(stdout);
    }
    if (json) {
        printf("{\"librami\": \"%s\", \"cpu\": \"%s\", \"figures\": {", rami_version(),
               cpu_model());
        for (int i = 0; i < nfigures; i++)
            print_json(&figures[i], i > 0);
        printf("\n}}\n");
    }
    for (unsigned i = 0; i < npositions; i++)
        rami_game_free(positions[i]);
    return 0;
}
