/* rami-soak: plays many rounds of random legal moves across every preset,
 * 2-6 players, random option bits, jokers_per_meld 1..2 and sometimes a
 * small turn cap, checking the engine's invariants after every move:
 *  - card conservation over hands, stock, discard pile and table;
 *  - the legal list is non-empty while the round is on, empty after;
 *  - every listed move is accepted by rami_game_check;
 *  - a clone is equal to the game;
 *  - save -> load gives the same game (every SAVE_EVERY moves and at the
 *    end of each round);
 *  - undo of a table play gives back the position before it.
 * Prints rounds per second and the invariant counts. A broken invariant
 * prints the round's seed and its record and exits with status 1.
 *
 *   rami-soak [--rounds N] [--seconds S] [--seed X]
 *
 * Defaults: 100000 rounds (no round limit when only --seconds is given),
 * no time limit, seed 1. Round i of a run uses
 * ruleset and seed derived from (seed, i) only, so "--seed X" reproduces a
 * run. Registered as the test `soak` (suite soak), not run by plain
 * `meson test`: `meson test -C build --suite soak`. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rami-private.h"
#include "../testutil.h"

#define SAVE_EVERY 16
#define TEXT_CAP   (1 << 17)

struct counts {
    unsigned long rounds, moves, census, listed, clones, saves, undos, refused;
    unsigned long ends[4];
};

static struct counts cnt;
static rami_move list[RAMI_MAX_MOVES];
static char text[TEXT_CAP];
static uint64_t round_seed_used;
static rami_game *current_game;

static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static uint64_t rng;

static uint64_t rnd(void)
{
    rng = mix(rng);
    return rng;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void die(const char *fmt, ...) RAMI_PRINTF(1, 2);

static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "rami-soak: invariant broken: ");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nround %lu (round seed 0x%016" PRIx64 "), move %lu\n", cnt.rounds,
            round_seed_used, cnt.moves);
    size_t len;
    if (current_game != NULL && rami_game_save(current_game, text, sizeof text, &len) == RAMI_OK)
        fprintf(stderr, "record of the game:\n%s", text);
    exit(1);
}

#define REQUIRE(cond)                                                                              \
    do {                                                                                           \
        if (!(cond))                                                                               \
            die("%s (line %d)", #cond, __LINE__);                                                  \
    } while (0)

static void check_save_load(const rami_game *g)
{
    size_t len;
    REQUIRE(rami_game_save(g, text, sizeof text, &len) == RAMI_OK);
    rami_game *back = NULL;
    int st = rami_game_load(text, len, &back);
    if (st != RAMI_OK)
        die("load of a saved game: %s", rami_strerror(st));
    REQUIRE(rami__game_equal(g, back));
    rami_game_free(back);
    cnt.saves++;
}

/* The checks at one position; returns the number of legal moves. */
static size_t check_position(rami_game *g, const unsigned base[256], unsigned long k)
{
    unsigned counts[256];
    REQUIRE(tu_census(g, counts));
    REQUIRE(memcmp(counts, base, sizeof counts) == 0);
    cnt.census++;

    size_t n;
    REQUIRE(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n) == RAMI_OK);
    bool live = g->pos.phase == RAMI_PHASE_DRAW || g->pos.phase == RAMI_PHASE_PLAY;
    REQUIRE(live ? n > 0 : n == 0);
    for (size_t i = 0; i < n; i++) {
        char why[200];
        int st = rami_game_check(g, g->pos.current, &list[i], why, sizeof why);
        if (st != RAMI_OK)
            die("listed move %zu refused: %s", i, why);
    }
    cnt.listed += n;

    rami_game *copy;
    REQUIRE(rami_game_clone(g, &copy) == RAMI_OK);
    REQUIRE(rami__game_equal(g, copy));
    /* A random move that is refused changes nothing. */
    rami_move m;
    memset(&m, 0, sizeof m);
    m.kind = (uint8_t)(1 + rnd() % 6);
    m.count = (uint8_t)(rnd() % 4);
    for (unsigned i = 0; i < m.count; i++)
        m.cards[i] = (rami_card)RAMI_CARD(1 + rnd() % 13, rnd() % 4);
    if (rami_game_play(copy, copy->pos.current, &m) != RAMI_OK) {
        REQUIRE(rami__game_equal(g, copy));
        cnt.refused++;
    }
    rami_game_free(copy);
    cnt.clones++;

    if (k % SAVE_EVERY == 0)
        check_save_load(g);
    return n;
}

static void random_ruleset(rami_ruleset *rs)
{
    int preset = (int)(rnd() % 5);
    unsigned players = 2 + (unsigned)(rnd() % 5);
    if (rami_ruleset_init(rs, preset, players) != RAMI_OK)
        die("ruleset_init(%d, %u)", preset, players);
    if (rnd() % 3 == 0)
        tu_random_options(rs, rnd());
    rs->jokers_per_meld = (uint8_t)(1 + rnd() % 2);
    if (rnd() % 8 == 0)
        rs->max_turns = (uint16_t)(1 + rnd() % 40);
}

static void play_round(rami_game *g)
{
    unsigned base[256];
    REQUIRE(tu_census(g, base));
    for (unsigned long k = 0;; k++) {
        size_t n = check_position(g, base, k);
        if (n == 0)
            break;
        size_t pick = rnd() % n;
        /* Prefer table plays, so that rounds reach the end game. */
        if (g->pos.phase == RAMI_PHASE_PLAY && rnd() % 3 != 0)
            for (size_t i = 0; i < n; i++)
                if (list[(pick + i) % n].kind != RAMI_MOVE_DISCARD) {
                    pick = (pick + i) % n;
                    break;
                }
        rami_move m = list[pick];
        rami_game *before = NULL;
        bool table =
            m.kind == RAMI_MOVE_MELD || m.kind == RAMI_MOVE_LAYOFF || m.kind == RAMI_MOVE_SWAP;
        bool try_undo = table && rnd() % 4 == 0;
        if (try_undo)
            REQUIRE(rami_game_clone(g, &before) == RAMI_OK);
        REQUIRE(rami_game_play(g, g->pos.current, &m) == RAMI_OK);
        cnt.moves++;
        if (try_undo && g->pos.phase == RAMI_PHASE_PLAY) {
            REQUIRE(rami_game_undo(g, g->pos.current) == RAMI_OK);
            REQUIRE(rami__game_equal(g, before));
            REQUIRE(rami_game_play(g, g->pos.current, &m) == RAMI_OK);
            cnt.undos++;
        }
        rami_game_free(before);
        REQUIRE(k < 100000);
    }
    check_save_load(g);
    rami_round_result res;
    REQUIRE(rami_game_round_result(g, &res) == RAMI_OK);
    REQUIRE(res.reason >= RAMI_END_WENT_OUT && res.reason <= RAMI_END_TURN_LIMIT);
    REQUIRE(res.winners != 0);
    if (g->rs.max_turns)
        REQUIRE(g->pos.turn <= g->rs.max_turns);
    cnt.ends[res.reason]++;
    cnt.rounds++;
}

static unsigned long arg_number(const char *opt, const char *value)
{
    char *end;
    if (value == NULL) {
        fprintf(stderr, "rami-soak: %s needs a value\n", opt);
        exit(2);
    }
    unsigned long long v = strtoull(value, &end, 0);
    if (*end != '\0') {
        fprintf(stderr, "rami-soak: bad value for %s: %s\n", opt, value);
        exit(2);
    }
    return (unsigned long)v;
}

int main(int argc, char **argv)
{
    unsigned long rounds = 0, seconds = 0;
    uint64_t seed = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rounds") == 0)
            rounds = arg_number(argv[i], argv[i + 1]), i++;
        else if (strcmp(argv[i], "--seconds") == 0)
            seconds = arg_number(argv[i], argv[i + 1]), i++;
        else if (strcmp(argv[i], "--seed") == 0)
            seed = arg_number(argv[i], argv[i + 1]), i++;
        else {
            fprintf(stderr, "usage: rami-soak [--rounds N] [--seconds S] [--seed X]\n");
            return 2;
        }
    }
    if (rounds == 0) /* a time limit alone runs until the time is up */
        rounds = seconds ? ULONG_MAX : 100000;
    double start = now_s();
    for (unsigned long i = 0; cnt.rounds < rounds; i++) {
        if (seconds && now_s() - start >= (double)seconds)
            break;
        /* Everything of game i comes from (seed, i). */
        rng = mix(seed ^ mix(i));
        rami_ruleset rs;
        random_ruleset(&rs);
        round_seed_used = rnd();
        rami_game *g;
        REQUIRE(rami_game_new(&rs, round_seed_used, &g) == RAMI_OK);
        current_game = g;
        play_round(g);
        /* Sometimes a second round of the same match. */
        if (rami_game_phase(g) == RAMI_PHASE_ROUND_OVER && rnd() % 4 == 0 && cnt.rounds < rounds) {
            REQUIRE(rami_game_next_round(g) == RAMI_OK);
            play_round(g);
        }
        current_game = NULL;
        rami_game_free(g);
    }
    double secs = now_s() - start;
    printf("rami-soak: %lu rounds in %.1f s = %.0f rounds/s, %lu moves (%.0f moves/s)\n",
           cnt.rounds, secs, cnt.rounds / (secs > 0 ? secs : 1), cnt.moves,
           cnt.moves / (secs > 0 ? secs : 1));
    printf("rami-soak: invariants held: %lu card censuses, %lu listed moves checked, "
           "%lu clones equal, %lu refused random moves changed nothing, %lu save/load "
           "round trips, %lu undos\n",
           cnt.census, cnt.listed, cnt.clones, cnt.refused, cnt.saves, cnt.undos);
    printf("rami-soak: round ends: went out %lu, stock out %lu, turn limit %lu\n", cnt.ends[1],
           cnt.ends[2], cnt.ends[3]);
    return 0;
}
