/*
 * sim-results - what a rami-sim run counts, how it is printed (text and
 * JSON) and how shard results are read back and added up (rami-sim merge).
 *
 * Every figure printed is a function of integer sums, so the sums of any
 * split of the rounds (or matches: where the rules make each unit a match,
 * a "round" below is a whole match) (threads, MPI ranks, --shard runs) print exactly as
 * the single run does. Timings are not part of the results.
 */
#ifndef SIM_RESULTS_H
#define SIM_RESULTS_H

#include <rami.h>

#include <stdint.h>
#include <stdio.h>

#define SIM_MAX_LEVELS 8
#define SIM_RULES_CAP  512

/* What defines a run: equal descriptions give equal results. */
typedef struct sim_desc {
    uint64_t rounds; /* rounds (matches, with match) of the whole run (every shard) */
    uint64_t seed;
    int preset;
    unsigned players;
    char rules[SIM_RULES_CAP]; /* changes from the preset (ruleset_args_diff) */
    unsigned nlevels;
    int levels[SIM_MAX_LEVELS];
    int swap;
    uint32_t playouts;
    int match; /* each unit is a match (the rules have match rounds or a target) */
} sim_desc;

/* Sums over the rounds played, per level slot. All int64 so that a whole
 * sim_sums can be reduced as an array (MPI_SUM). */
typedef struct sim_slot {
    int64_t rounds;      /* rounds in which the slot had a seat */
    int64_t won;         /* ... and a seat among the round's winners */
    int64_t won_decided; /* decided rounds won by the slot alone */
    int64_t seat_rounds; /* seats x rounds played by the slot */
    int64_t points;      /* points scored by those seats */
    int64_t turns;       /* turns of the rounds the slot played */
    int64_t decisions;   /* moves chosen by the slot's bots */
} sim_slot;

typedef struct sim_sums {
    int64_t played;      /* rounds finished */
    int64_t decided;     /* rounds whose winners all play one slot */
    int64_t moves;       /* moves of those rounds */
    int64_t failed;      /* rounds a library call failed in */
    int64_t interrupted; /* 1 if the run was stopped by a signal */
    sim_slot slot[SIM_MAX_LEVELS];
} sim_sums;

#define SIM_SUMS_COUNT (sizeof(sim_sums) / sizeof(int64_t))

/* One finished round (or match), as play produced it. */
typedef struct sim_round {
    uint8_t slot_of_seat[RAMI_MAX_PLAYERS];
    uint8_t winners;                      /* bit mask of seats */
    int32_t points[RAMI_MAX_PLAYERS];     /* the round's points, or the match totals */
    uint32_t turns;                       /* of every round of a match */
    uint32_t decisions[RAMI_MAX_PLAYERS]; /* per seat */
} sim_round;

void sim_sums_add_round(sim_sums *s, const sim_desc *d, const sim_round *r);

/* What a run counts, for n of them: "round(s)", or "match(es)" where the
 * rules make each unit a match. */
const char *sim_unit(const sim_desc *d, int64_t n);
void sim_sums_add(sim_sums *s, const sim_sums *more);

/* The Wilson 95% interval of k successes in n trials (0, 0 for n = 0). */
void sim_wilson(int64_t k, int64_t n, double *lo, double *hi);

/* Optional timing columns: median decision CPU time per slot, or NULL. */
typedef struct sim_timing {
    double median_us[SIM_MAX_LEVELS];
} sim_timing;

void sim_print_text(FILE *f, const sim_desc *d, const sim_sums *s, const sim_timing *t);

/* shard_n 0: no "shard" member (a whole run, or a merge). */
void sim_print_json(FILE *f, const sim_desc *d, const sim_sums *s, const sim_timing *t,
                    unsigned shard_i, unsigned shard_n);

/* rami-sim merge: reads shard files written by --json --shard i/n, checks
 * they come from one run and cover every shard once, and prints the result
 * of the whole run (JSON if json). 0, or 1 with a message on stderr. */
int sim_merge(int nfiles, char **files, int json);

const char *sim_level_name(int level);

#endif
