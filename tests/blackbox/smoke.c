/* Whole rounds through the public API only, as a program that embeds the
 * library plays them: every preset and seat count, greedy bots, every
 * move checked before it is played, save and load at every turn start of
 * the first round, the JSON view for each seat. Runs wherever the library
 * runs (also under Wine for the Windows build). */
#include <rami.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static void save_load_same(const rami_game *g)
{
    size_t len = 0;
    CHECK_INT(rami_game_save(g, NULL, 0, &len), RAMI_E_BUFFER);
    char *text = malloc(len + 1);
    CHECK(text != NULL);
    CHECK_INT(rami_game_save(g, text, len + 1, &len), RAMI_OK);
    rami_game *copy = NULL;
    CHECK_INT(rami_game_load(text, len, &copy), RAMI_OK);
    size_t len2 = 0;
    char *again = malloc(len + 1);
    CHECK(again != NULL);
    CHECK_INT(rami_game_save(copy, again, len + 1, &len2), RAMI_OK);
    CHECK_INT(len2, len);
    CHECK(memcmp(text, again, len) == 0);
    free(again);
    free(text);
    rami_game_free(copy);
}

static void views(const rami_game *g, int players)
{
    for (int viewer = -1; viewer < players; viewer++) {
        size_t len = 0;
        CHECK_INT(rami_game_view_json(g, viewer, NULL, 0, &len), RAMI_E_BUFFER);
        char *text = malloc(len + 1);
        CHECK(text != NULL);
        CHECK_INT(rami_game_view_json(g, viewer, text, len + 1, &len), RAMI_OK);
        CHECK(text[0] == '{' && strlen(text) == len);
        free(text);
    }
}

static unsigned play_round(int preset, int players, uint64_t seed)
{
    rami_ruleset rs;
    CHECK_INT(rami_ruleset_init(&rs, preset, (unsigned)players), RAMI_OK);
    rami_game *g = NULL;
    CHECK_INT(rami_game_new(&rs, seed, &g), RAMI_OK);
    rami_bot_options bot;
    CHECK_INT(rami_bot_options_init(&bot, RAMI_BOT_GREEDY), RAMI_OK);
    unsigned moves = 0;
    while (rami_game_phase(g) <= RAMI_PHASE_PLAY) {
        if (rami_game_phase(g) == RAMI_PHASE_DRAW && rami_game_turn(g) % 7 == 1) {
            save_load_same(g);
            views(g, players);
        }
        rami_move m;
        CHECK_INT(rami_bot_choose(g, &bot, &m), RAMI_OK);
        char why[128] = "x";
        int seat = rami_game_current_player(g);
        CHECK_INT(rami_game_check(g, seat, &m, why, sizeof why), RAMI_OK);
        CHECK(why[0] == '\0');
        CHECK_INT(rami_game_play(g, seat, &m), RAMI_OK);
        moves++;
    }
    rami_round_result r;
    CHECK_INT(rami_game_round_result(g, &r), RAMI_OK);
    CHECK(r.reason != RAMI_END_NONE);
    save_load_same(g);
    views(g, players);
    rami_game_free(g);
    return moves;
}

int main(void)
{
    unsigned total = 0;
    for (int preset = RAMI_PRESET_51; preset <= RAMI_PRESET_FINNISH; preset++)
        for (int players = 2; players <= RAMI_MAX_PLAYERS; players += 2)
            total += play_round(preset, players, (uint64_t)(preset * 10 + players));
    printf("smoke: %u moves in 15 rounds, all checked, saved, reloaded and viewed\n", total);
    return 0;
}
