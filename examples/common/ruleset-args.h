/*
 * ruleset-args - the command-line options that choose a ruleset, shared by
 * rami-cli and rami-sim.
 *
 * One table (ruleset-args.c) holds a row per preset shortcut, per field of
 * rami_ruleset and per RAMI_OPT_* bit: its option name, its help text and
 * the range of its value. Parsing, --help text and the "what differs from
 * the preset" description all come from that table, so a new field or
 * option bit of the library is one new row. Whether a ruleset is playable
 * is never decided here: rami_ruleset_build() asks rami_ruleset_check().
 */
#ifndef RULESET_ARGS_H
#define RULESET_ARGS_H

#include <rami.h>

#include <stddef.h>
#include <stdio.h>

#define RULESET_ARGS_MAX 64 /* settings remembered from one command line */
#define RULESET_WHY_CAP  256

typedef struct ruleset_setting {
    short row;      /* index into the table */
    uint32_t value; /* the value the row sets */
} ruleset_setting;

typedef struct ruleset_args {
    int preset;       /* enum rami_preset */
    unsigned players; /* 2..RAMI_MAX_PLAYERS */
    int match_rows;   /* accept --match-rounds/--match-target */
    size_t count;     /* settings[0..count), applied in order */
    ruleset_setting settings[RULESET_ARGS_MAX];
} ruleset_args;

/* Defaults: a preset and a player count; match_rows 0 hides the match
 * fields (rami-sim plays single rounds). */
void ruleset_args_init(ruleset_args *a, int preset, unsigned players, int match_rows);

/* Splits "--name=value" / "--name value" forms: if argv[*i] is a ruleset
 * option, consumes it (and its value, advancing *i) and returns 1; returns
 * 0 if it is not one (nothing consumed); returns -1 with a message in err
 * for a bad value or a missing one. */
int ruleset_args_take(ruleset_args *a, int argc, char **argv, int *i, char *err, size_t err_cap);

/* The ruleset: the preset for the players, then every setting in the order
 * given. RAMI_OK, or the status with the library's reason in why (from
 * rami_ruleset_check) for a ruleset the library refuses. */
int ruleset_args_build(const ruleset_args *a, rami_ruleset *rs, char *why, size_t why_cap);

/* Writes the options' help: presets, shortcuts, fields and option bits. */
void ruleset_args_usage(FILE *f, int match_rows);

/* Every field and option of rs, one per line ("  hand-size = 13"); the
 * match fields only with match_rows. */
void ruleset_args_print(FILE *f, const rami_ruleset *rs, int match_rows);

/* What rs changes from its preset for the same players, as option words
 * ("no-layoff-others opening-points=15"); "" when it is the preset. */
void ruleset_args_diff(const rami_ruleset *rs, int preset, char *buf, size_t cap);

/* Preset names: "51" ... "finnish" (command line) and "Rami 51" ...
 * "Finnish rami" (for people). NULL for an unknown preset. */
const char *ruleset_preset_name(int preset);
const char *ruleset_preset_title(int preset);
/* 0 and *preset set, or -1 for an unknown name. */
int ruleset_preset_parse(const char *name, int *preset);

/* A decimal number 0..max with nothing else; 0 or -1. Shared by the
 * programs' own options. */
int args_uint(const char *s, unsigned long long max, unsigned long long *out);

/* "--name=value" or "--name value": if argv[*i] is "--name" or starts with
 * "--name=", stores the value in *value (advancing *i for the second form)
 * and returns 1; 0 if it is another option; -1 if the value is missing. */
int args_value(int argc, char **argv, int *i, const char *name, const char **value);

#endif
