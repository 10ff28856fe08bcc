/* The smallest complete librami program: one round of Rami 51 between two
 * greedy bots. Build: cc embed.c $(pkg-config --cflags --libs rami) */
#include <rami.h>
#include <stdio.h>

int main(void)
{
    rami_ruleset rs;
    rami_bot_options bot;
    rami_round_result result;
    rami_game *g = NULL;
    rami_ruleset_init(&rs, RAMI_PRESET_51, 2);
    rami_bot_options_init(&bot, RAMI_BOT_GREEDY);
    if (rami_game_new(&rs, 2024, &g) != RAMI_OK)
        return 1;
    while (rami_game_phase(g) <= RAMI_PHASE_PLAY) {
        rami_move m;
        int st = rami_bot_choose(g, &bot, &m);
        if (st == RAMI_OK)
            st = rami_game_play(g, rami_game_current_player(g), &m);
        if (st != RAMI_OK) {
            fprintf(stderr, "embed: %s\n", rami_strerror(st));
            rami_game_free(g);
            return 1;
        }
    }
    rami_game_round_result(g, &result);
    for (int seat = 0; seat < rs.players; seat++)
        printf("seat %d: hand value %u, points %d\n", seat, result.hand_value[seat],
               result.points[seat]);
    printf("winners (bit mask): %u after %d turns\n", result.winners, rami_game_turn(g));
    rami_game_free(g);
    return 0;
}
