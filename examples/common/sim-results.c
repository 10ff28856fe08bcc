/* sim-results - see sim-results.h. */
#define _POSIX_C_SOURCE 200809L
#include "sim-results.h"

#include "json-read.h"
#include "ruleset-args.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RESULT_FILE (1u << 20)

const char *sim_level_name(int level)
{
    static const char *const names[] = {"random", "greedy", "strong"};
    return level >= 0 && level <= RAMI_BOT_STRONG ? names[level] : "?";
}

/* ---- counting ---- */

void sim_sums_add_round(sim_sums *s, const sim_desc *d, const sim_round *r)
{
    unsigned played = 0, won = 0;
    int64_t decisions = 0;
    for (unsigned p = 0; p < d->players; p++) {
        unsigned li = r->slot_of_seat[p];
        s->slot[li].seat_rounds++;
        s->slot[li].points += r->points[p];
        s->slot[li].decisions += r->decisions[p];
        decisions += r->decisions[p];
        played |= 1u << li;
        if (r->winners & (1u << p))
            won |= 1u << li;
    }
    for (unsigned li = 0; li < d->nlevels; li++) {
        if (!(played & (1u << li)))
            continue;
        s->slot[li].rounds++;
        s->slot[li].turns += r->turns;
        s->slot[li].won += (won >> li) & 1u;
    }
    if (won != 0 && (won & (won - 1u)) == 0) {
        s->decided++;
        for (unsigned li = 0; li < d->nlevels; li++)
            s->slot[li].won_decided += won == (1u << li);
    }
    s->played++;
    s->moves += decisions;
}

void sim_sums_add(sim_sums *s, const sim_sums *more)
{
    int64_t *a = (int64_t *)s;
    const int64_t *b = (const int64_t *)more;
    for (size_t i = 0; i < SIM_SUMS_COUNT; i++)
        a[i] += b[i];
    s->interrupted = s->interrupted || more->interrupted;
}

void sim_wilson(int64_t k, int64_t n, double *lo, double *hi)
{
    if (n == 0) {
        *lo = *hi = 0;
        return;
    }
    const double z = 1.959964;
    double p = (double)k / (double)n, z2n = z * z / (double)n;
    double centre = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / (double)n + z2n / (4 * (double)n)) / (1 + z2n);
    *lo = centre - half > 0 ? centre - half : 0; /* not -0.0 for k = 0 */
    *hi = centre + half < 1 ? centre + half : 1;
}

static double ratio(int64_t a, int64_t b)
{
    return b ? (double)a / (double)b : 0;
}

/* ---- printing ---- */

const char *sim_unit(const sim_desc *d, int64_t n)
{
    if (d->match)
        return n == 1 ? "match" : "matches";
    return n == 1 ? "round" : "rounds";
}

static void print_levels(FILE *f, const sim_desc *d)
{
    for (unsigned li = 0; li < d->nlevels; li++)
        fprintf(f, "%s%d", li ? "," : "", d->levels[li]);
}

void sim_print_text(FILE *f, const sim_desc *d, const sim_sums *s, const sim_timing *t)
{
    fprintf(f, "rami-sim: %" PRIu64 " %s of %s, %u players, seed %" PRIu64 ", levels ", d->rounds,
            sim_unit(d, (int64_t)d->rounds), ruleset_preset_title(d->preset), d->players, d->seed);
    print_levels(f, d);
    if (d->playouts)
        fprintf(f, ", %" PRIu32 " playouts", d->playouts);
    fprintf(f, "%s\n", d->swap ? ", seats swapped" : "");
    if (d->rules[0] != '\0')
        fprintf(f, "rules changed: %s\n", d->rules);
    if ((uint64_t)s->played != d->rounds)
        fprintf(f, "played: %" PRId64 " of %" PRIu64 " %s%s\n", s->played, d->rounds,
                sim_unit(d, (int64_t)d->rounds), s->interrupted ? " (interrupted)" : "");
    fprintf(f, "%-4s %-8s %8s %24s %9s %8s %11s%s\n", "slot", "level", "won", "win rate [95% CI]",
            "points", "turns", "decisions", t ? "    median us" : "");
    for (unsigned li = 0; li < d->nlevels; li++) {
        const sim_slot *l = &s->slot[li];
        double lo, hi;
        sim_wilson(l->won_decided, s->decided, &lo, &hi);
        fprintf(f, "%-4u %d %-6s %8" PRId64 " %8.1f%% [%5.1f, %5.1f] %9.2f %8.1f %11" PRId64, li,
                d->levels[li], sim_level_name(d->levels[li]), l->won,
                100 * ratio(l->won_decided, s->decided), 100 * lo, 100 * hi,
                ratio(l->points, l->seat_rounds), ratio(l->turns, l->rounds), l->decisions);
        if (t)
            fprintf(f, " %12.1f", t->median_us[li]);
        fprintf(f, "\n");
    }
    fprintf(f, "decided %s: %" PRId64 " of %" PRId64 "; %" PRId64 " moves\n", sim_unit(d, 2),
            s->decided, s->played, s->moves);
}

void sim_print_json(FILE *f, const sim_desc *d, const sim_sums *s, const sim_timing *t,
                    unsigned shard_i, unsigned shard_n)
{
    fprintf(f,
            "{\"format\":\"rami-sim 1\",\"rounds\":%" PRIu64 ",\"seed\":%" PRIu64
            ",\"preset\":\"%s\",\"players\":%u,\"rules\":\"%s\",\"levels\":[",
            d->rounds, d->seed, ruleset_preset_name(d->preset), d->players, d->rules);
    print_levels(f, d);
    if (d->match)
        fprintf(f, "],\"match\":true");
    else
        fprintf(f, "]");
    fprintf(f,
            ",\"swap\":%s,\"playouts\":%" PRIu32 ",\"played\":%" PRId64
            ",\"interrupted\":%s,\"failed\":%" PRId64 ",\"decided\":%" PRId64 ",\"moves\":%" PRId64
            ",\"slots\":[",
            d->swap ? "true" : "false", d->playouts, s->played, s->interrupted ? "true" : "false",
            s->failed, s->decided, s->moves);
    for (unsigned li = 0; li < d->nlevels; li++) {
        const sim_slot *l = &s->slot[li];
        double lo, hi;
        sim_wilson(l->won_decided, s->decided, &lo, &hi);
        fprintf(f,
                "%s{\"slot\":%u,\"level\":%d,\"rounds\":%" PRId64 ",\"won\":%" PRId64
                ",\"won_decided\":%" PRId64 ",\"win_rate\":%.4f,\"ci95\":[%.4f,%.4f],"
                "\"seat_rounds\":%" PRId64 ",\"points\":%" PRId64 ",\"mean_points\":%.3f,"
                "\"turns\":%" PRId64 ",\"mean_turns\":%.2f,\"decisions\":%" PRId64,
                li ? "," : "", li, d->levels[li], l->rounds, l->won, l->won_decided,
                ratio(l->won_decided, s->decided), lo, hi, l->seat_rounds, l->points,
                ratio(l->points, l->seat_rounds), l->turns, ratio(l->turns, l->rounds),
                l->decisions);
        if (t)
            fprintf(f, ",\"median_us\":%.2f", t->median_us[li]);
        fprintf(f, "}");
    }
    fprintf(f, "]");
    if (shard_n)
        fprintf(f, ",\"shard\":{\"index\":%u,\"count\":%u}", shard_i, shard_n);
    fprintf(f, "}\n");
}

/* ---- merge ---- */

typedef struct shard_file {
    const char *path;
    char *text;
    json_doc doc;
} shard_file;

static int read_all(const char *path, char **out, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return -1;
    char *buf = malloc(MAX_RESULT_FILE);
    size_t n = buf ? fread(buf, 1, MAX_RESULT_FILE, f) : 0;
    int bad = buf == NULL || ferror(f) || n == MAX_RESULT_FILE;
    fclose(f);
    if (bad) {
        free(buf);
        return -1;
    }
    *out = buf;
    *len = n;
    return 0;
}

static int get_i64(const json_doc *j, int obj, const char *key, int64_t *out)
{
    return json_int(j, json_get(j, obj, key), out);
}

static int get_bool(const json_doc *j, int obj, const char *key, int *out)
{
    int n = json_get(j, obj, key);
    if (n < 0 || (j->nodes[n].type != JSON_TRUE && j->nodes[n].type != JSON_FALSE))
        return -1;
    *out = j->nodes[n].type == JSON_TRUE;
    return 0;
}

/* The description and sums of one shard's results. */
static int read_shard(const json_doc *j, sim_desc *d, sim_sums *s, int64_t *index, int64_t *count)
{
    char text[SIM_RULES_CAP];
    int64_t v;
    int lv = json_get(j, 0, "levels"), sl = json_get(j, 0, "slots"), sh = json_get(j, 0, "shard");
    memset(d, 0, sizeof *d);
    memset(s, 0, sizeof *s);
    if (json_str(j, json_get(j, 0, "format"), text, sizeof text) != 0 ||
        strcmp(text, "rami-sim 1") != 0)
        return -1;
    if (json_u64(j, json_get(j, 0, "rounds"), &d->rounds) != 0 ||
        json_u64(j, json_get(j, 0, "seed"), &d->seed) != 0 ||
        json_str(j, json_get(j, 0, "preset"), text, sizeof text) != 0 ||
        ruleset_preset_parse(text, &d->preset) != 0 ||
        json_str(j, json_get(j, 0, "rules"), d->rules, sizeof d->rules) != 0 ||
        get_i64(j, 0, "players", &v) != 0 || v < 2 || v > RAMI_MAX_PLAYERS)
        return -1;
    d->players = (unsigned)v;
    for (int n = json_at(j, lv, 0); n >= 0; n = j->nodes[n].next) {
        if (d->nlevels == SIM_MAX_LEVELS || json_int(j, n, &v) != 0 || v < 0 || v > 2)
            return -1;
        d->levels[d->nlevels++] = (int)v;
    }
    if (d->nlevels == 0 || get_bool(j, 0, "swap", &d->swap) != 0 ||
        get_i64(j, 0, "playouts", &v) != 0 || v < 0 || v > UINT32_MAX)
        return -1;
    d->playouts = (uint32_t)v;
    if (json_get(j, 0, "match") >= 0 && get_bool(j, 0, "match", &d->match) != 0)
        return -1;
    int interrupted;
    if (get_i64(j, 0, "played", &s->played) != 0 || get_i64(j, 0, "failed", &s->failed) != 0 ||
        get_i64(j, 0, "decided", &s->decided) != 0 || get_i64(j, 0, "moves", &s->moves) != 0 ||
        get_bool(j, 0, "interrupted", &interrupted) != 0)
        return -1;
    s->interrupted = interrupted;
    for (unsigned li = 0; li < d->nlevels; li++) {
        int o = json_at(j, sl, li);
        sim_slot *l = &s->slot[li];
        if (get_i64(j, o, "rounds", &l->rounds) != 0 || get_i64(j, o, "won", &l->won) != 0 ||
            get_i64(j, o, "won_decided", &l->won_decided) != 0 ||
            get_i64(j, o, "seat_rounds", &l->seat_rounds) != 0 ||
            get_i64(j, o, "points", &l->points) != 0 || get_i64(j, o, "turns", &l->turns) != 0 ||
            get_i64(j, o, "decisions", &l->decisions) != 0)
            return -1;
    }
    if (get_i64(j, sh, "index", index) != 0 || get_i64(j, sh, "count", count) != 0 || *count < 1 ||
        *index < 0 || *index >= *count)
        return -2;
    return 0;
}

static int same_run(const sim_desc *a, const sim_desc *b)
{
    return a->rounds == b->rounds && a->seed == b->seed && a->preset == b->preset &&
           a->players == b->players && strcmp(a->rules, b->rules) == 0 &&
           a->nlevels == b->nlevels &&
           memcmp(a->levels, b->levels, a->nlevels * sizeof a->levels[0]) == 0 &&
           a->swap == b->swap && a->playouts == b->playouts && a->match == b->match;
}

/* Reads and adds one file; 0 or 1 (message printed). */
static int merge_one(const char *path, sim_desc *desc, sim_sums *total, unsigned char *seen,
                     int64_t *count, int first)
{
    char *text = NULL;
    size_t len = 0;
    json_doc doc;
    sim_desc d;
    sim_sums s;
    int64_t index = 0, n = 0;
    if (read_all(path, &text, &len) != 0) {
        fprintf(stderr, "rami-sim merge: cannot read %s\n", path);
        return 1;
    }
    int st = json_parse(text, len, &doc) != 0 ? -1 : read_shard(&doc, &d, &s, &index, &n);
    json_free(&doc);
    free(text);
    if (st != 0) {
        fprintf(stderr, "rami-sim merge: %s: %s\n", path,
                st == -2 ? "not a shard's result (run with --json --shard I/N)"
                         : "not a rami-sim --json result");
        return 1;
    }
    if (!first && (!same_run(&d, desc) || n != *count)) {
        fprintf(stderr, "rami-sim merge: %s comes from another run (other options)\n", path);
        return 1;
    }
    if (first && n > 4096) {
        fprintf(stderr, "rami-sim merge: %s: too many shards\n", path);
        return 1;
    }
    if (!first && seen[index]) {
        fprintf(stderr, "rami-sim merge: shard %" PRId64 "/%" PRId64 " given twice\n", index, n);
        return 1;
    }
    *desc = d;
    *count = n;
    seen[index] = 1;
    sim_sums_add(total, &s);
    return 0;
}

int sim_merge(int nfiles, char **files, int json)
{
    static unsigned char seen[4096];
    sim_desc desc;
    sim_sums total;
    int64_t count = 0;
    memset(&total, 0, sizeof total);
    memset(seen, 0, sizeof seen);
    if (nfiles < 1) {
        fprintf(stderr,
                "rami-sim merge: no result files (usage: rami-sim merge A.json B.json ...)\n");
        return 2;
    }
    for (int i = 0; i < nfiles; i++)
        if (merge_one(files[i], &desc, &total, seen, &count, i == 0) != 0)
            return 1;
    for (int64_t i = 0; i < count; i++) {
        if (!seen[i]) {
            fprintf(stderr, "rami-sim merge: shard %" PRId64 "/%" PRId64 " is missing\n", i, count);
            return 1;
        }
    }
    if (json)
        sim_print_json(stdout, &desc, &total, NULL, 0, 0);
    else
        sim_print_text(stdout, &desc, &total, NULL);
    return 0;
}
