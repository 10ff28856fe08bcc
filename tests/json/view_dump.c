/* Writes JSON views of random positions for view_json.py to check with a
 * real parser: for position N, pN-all.json (viewer -1) and pN-vK.json for
 * every seat K. Uses only the public API. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rami.h"

static uint64_t rnd_state = 0x9E3779B97F4A7C15ull;

static uint64_t rnd(void)
{
    rnd_state ^= rnd_state << 13;
    rnd_state ^= rnd_state >> 7;
    rnd_state ^= rnd_state << 17;
    return rnd_state;
}

static int write_view(const rami_game *g, int viewer, const char *dir, unsigned pos)
{
    size_t len = 0;
    if (rami_game_view_json(g, viewer, NULL, 0, &len) != RAMI_E_BUFFER)
        return 1;
    char *text = malloc(len + 1);
    if (text == NULL || rami_game_view_json(g, viewer, text, len + 1, &len) != RAMI_OK) {
        free(text);
        return 1;
    }
    char path[4096];
    if (viewer < 0)
        snprintf(path, sizeof path, "%s/p%04u-all.json", dir, pos);
    else
        snprintf(path, sizeof path, "%s/p%04u-v%d.json", dir, pos, viewer);
    FILE *f = fopen(path, "wb");
    int bad = f == NULL || fwrite(text, 1, len, f) != len;
    if (f != NULL)
        bad |= fclose(f) != 0;
    free(text);
    if (bad)
        perror(path);
    return bad;
}

/* Plays a random legal move; 0 when the round is over. */
static int step(rami_game *g, rami_move *list)
{
    size_t n = 0;
    if (rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n) != RAMI_OK || n == 0)
        return 0;
    rami_move m = list[rnd() % n];
    if (rami_game_phase(g) == RAMI_PHASE_PLAY && rnd() % 2)
        for (size_t i = 0; i < n; i++)
            if (list[i].kind != RAMI_MOVE_DISCARD) {
                m = list[i];
                break;
            }
    return rami_game_play(g, rami_game_current_player(g), &m) == RAMI_OK;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s DIR POSITIONS\n", argv[0]);
        return 2;
    }
    unsigned positions = (unsigned)atoi(argv[2]);
    rami_move *list = malloc(RAMI_MAX_MOVES * sizeof *list);
    if (list == NULL)
        return 1;
    int bad = 0;
    for (unsigned pos = 0; pos < positions && !bad; pos++) {
        rami_ruleset rs;
        rami_ruleset_init(&rs, (int)(pos % 5), 2 + (pos / 5) % 5);
        if (pos % 3 == 1)
            rs.max_turns = 30;
        if (pos % 7 == 2)
            rs.match_rounds = 1;
        rami_game *g;
        if (rami_game_new(&rs, rnd(), &g) != RAMI_OK)
            return 1;
        unsigned moves = pos % 4 == 3 ? 100000 : (unsigned)(rnd() % 150);
        for (unsigned i = 0; i < moves && step(g, list); i++)
            ;
        if (rami_game_phase(g) == RAMI_PHASE_ROUND_OVER && rnd() % 3 == 0)
            rami_game_next_round(g);
        for (int v = -1; v < rs.players; v++)
            bad |= write_view(g, v, argv[1], pos);
        rami_game_free(g);
    }
    free(list);
    return bad;
}
