/* rami-instr: a fixed, deterministic workload for instruction counting
 * under callgrind (see callgrind.sh). Instruction counts do not depend on
 * how busy the machine is, so they compare one build with another.
 *
 *   rami-instr selfplay N   play N actions of random 4-player Rami 51
 *   rami-instr legal N      call rami_game_legal_moves N times over a
 *                           fixed set of positions
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rami.h"

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static rami_move buf[RAMI_MAX_MOVES];

/* Plays n random legal actions over as many rounds as needed. */
static void selfplay(unsigned long n, rami_game **keep, unsigned nkeep)
{
    rami_ruleset rs;
    rami_ruleset_init(&rs, RAMI_PRESET_51, 4);
    rami_game *g = NULL;
    uint64_t seed = 1;
    unsigned kept = 0;
    for (unsigned long i = 0; i < n; i++) {
        if (g == NULL)
            rami_game_new(&rs, seed++, &g);
        size_t count;
        rami_game_legal_moves(g, buf, RAMI_MAX_MOVES, &count);
        if (count == 0) {
            rami_game_free(g);
            g = NULL;
            continue;
        }
        if (keep != NULL && kept < nkeep && i % 7 == 0)
            rami_game_clone(g, &keep[kept++]);
        rami_game_play(g, rami_game_current_player(g), &buf[rnd() % count]);
    }
    rami_game_free(g);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: rami-instr selfplay|legal N\n");
        return 2;
    }
    unsigned long n = strtoul(argv[2], NULL, 10);
    if (strcmp(argv[1], "selfplay") == 0) {
        selfplay(n, NULL, 0);
    } else if (strcmp(argv[1], "legal") == 0) {
        enum { POSITIONS = 500 };
        rami_game *pos[POSITIONS] = {0};
        selfplay(POSITIONS * 7, pos, POSITIONS);
        for (unsigned long i = 0; i < n; i++) {
            size_t count;
            rami_game_legal_moves(pos[i % POSITIONS], buf, RAMI_MAX_MOVES, &count);
        }
        for (unsigned i = 0; i < POSITIONS; i++)
            rami_game_free(pos[i]);
    } else {
        fprintf(stderr, "usage: rami-instr selfplay|legal N\n");
        return 2;
    }
    return 0;
}
