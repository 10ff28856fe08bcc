/* Versioned structs across header versions (doc/api.md, "Structs that
 * grow"), for every versioned input and output struct: a struct "from an
 * older header" (the first published layout, a prefix of today's), and
 * one "from a newer header" (today's layout plus fields this library does
 * not know: zero is accepted, non-zero refused on input; zeroed on output).
 * Only <rami.h> and the shared library, as a program built elsewhere.
 * (The output structs rami_round_result, rami_meld_info, rami_solution,
 * rami_move and rami_event are plain values, not versioned: doc/api.md.) */
#include <rami.h>
#include <stddef.h>
#include <string.h>

#include "check.h"

/* The first published layouts, as the original contract declared them. */
typedef struct ruleset_first {
    uint32_t struct_size;
    uint8_t players, decks, jokers, hand_size;
    uint16_t opening_points;
    uint8_t jokers_per_meld, max_restocks;
    uint16_t max_turns;
    uint8_t joker_penalty, ace_penalty;
    uint32_t options;
    uint16_t match_rounds, match_target;
} ruleset_first;

typedef struct bot_options_first {
    uint32_t struct_size;
    uint8_t level, reserved[3];
    uint64_t seed;
    uint32_t playouts, time_ms;
} bot_options_first;

/* Today's layouts with fields of a newer header after them. */
#define NEWER 40
typedef struct ruleset_newer {
    rami_ruleset now;
    uint8_t later[NEWER];
} ruleset_newer;

typedef struct deal_newer {
    rami_deal now;
    uint8_t later[NEWER];
} deal_newer;

typedef struct bot_options_newer {
    rami_bot_options now;
    uint8_t later[NEWER];
} bot_options_newer;

/* An output struct inside guard bytes: nothing beyond its size is written. */
#define GUARD 0xA5
typedef struct guarded {
    _Alignas(8) unsigned char bytes[RAMI_STRUCT_SIZE_MAX + 64];
} guarded;

static void *guard(guarded *g)
{
    memset(g->bytes, GUARD, sizeof g->bytes);
    return g->bytes;
}

static int untouched_from(const guarded *g, size_t from)
{
    for (size_t i = from; i < sizeof g->bytes; i++)
        if (g->bytes[i] != GUARD)
            return 0;
    return 1;
}

static int zero_between(const void *p, size_t from, size_t to)
{
    const unsigned char *b = p;
    for (size_t i = from; i < to; i++)
        if (b[i] != 0)
            return 0;
    return 1;
}

static void ruleset_older(void)
{
    /* Output: init writes the 24 bytes of the old layout and nothing more. */
    guarded g;
    ruleset_first *old = guard(&g);
    CHECK_INT(rami_ruleset_init_sized((rami_ruleset *)old, sizeof *old, RAMI_PRESET_40, 3),
              RAMI_OK);
    CHECK(untouched_from(&g, sizeof *old));
    CHECK_INT(old->struct_size, sizeof *old);
    CHECK_INT(old->players, 3);
    CHECK_INT(old->opening_points, 40);
    CHECK_INT(old->hand_size, 13);
    CHECK_INT(sizeof *old, 24);
    CHECK_INT(rami_ruleset_init_sized((rami_ruleset *)old, sizeof *old - 1, RAMI_PRESET_40, 3),
              RAMI_E_ARG);

    /* Input: every function that reads a ruleset takes the old layout, and
     * a game under it has today's defaults in the fields it lacks. */
    char why[128] = "x";
    CHECK_INT(rami_ruleset_check((const rami_ruleset *)old, why, sizeof why), RAMI_OK);
    CHECK(why[0] == '\0');
    rami_game *game = NULL;
    CHECK_INT(rami_game_new((const rami_ruleset *)old, 9, &game), RAMI_OK);
    rami_ruleset full, preset;
    CHECK_INT(rami_game_ruleset(game, &full), RAMI_OK);
    CHECK_INT(rami_ruleset_init(&preset, RAMI_PRESET_40, 3), RAMI_OK);
    CHECK(memcmp(&full, &preset, sizeof full) == 0);
    CHECK(rami_num_distinct_actions((const rami_ruleset *)old) ==
          rami_num_distinct_actions(&preset));
    CHECK(rami_max_game_length((const rami_ruleset *)old) == rami_max_game_length(&preset));
    rami_card cards[3] = {RAMI_CARD(7, 0), RAMI_CARD(7, 1), RAMI_CARD(7, 2)};
    rami_meld_info info;
    CHECK_INT(rami_meld_check((const rami_ruleset *)old, cards, 3, &info), RAMI_OK);
    rami_solution sol;
    CHECK_INT(rami_solve_hand((const rami_ruleset *)old, cards, 3, RAMI_SOLVE_MAX_POINTS, &sol),
              RAMI_OK);
    CHECK_INT(sol.points, 21);

    /* Output of a game's ruleset into the old layout: 24 bytes only. */
    old = guard(&g);
    CHECK_INT(rami_game_ruleset_sized(game, (rami_ruleset *)old, sizeof *old), RAMI_OK);
    CHECK(untouched_from(&g, sizeof *old));
    CHECK_INT(old->struct_size, sizeof *old);
    CHECK(memcmp((const unsigned char *)old + 4, (const unsigned char *)&preset + 4, 20) == 0);
    CHECK_INT(rami_game_ruleset_sized(game, (rami_ruleset *)old, 23), RAMI_E_ARG);
    rami_game_free(game);

    /* Below the first published size: refused, with a reason. */
    ruleset_first shorter = *old;
    shorter.struct_size = 20;
    CHECK_INT(rami_ruleset_check((const rami_ruleset *)&shorter, why, sizeof why), RAMI_E_ARG);
    CHECK(strstr(why, "struct_size") != NULL);
    game = NULL;
    CHECK_INT(rami_game_new((const rami_ruleset *)&shorter, 9, &game), RAMI_E_ARG);
    CHECK(game == NULL);
}

static void ruleset_newer_header(void)
{
    /* Output: init fills today's fields, zeroes the newer ones, and says the
     * struct is the caller's size. */
    guarded g;
    ruleset_newer *nw = guard(&g);
    CHECK_INT(rami_ruleset_init_sized(&nw->now, sizeof *nw, RAMI_PRESET_51, 2), RAMI_OK);
    CHECK(untouched_from(&g, sizeof *nw));
    CHECK_INT(nw->now.struct_size, sizeof *nw);
    CHECK(zero_between(nw, sizeof nw->now, sizeof *nw));
    CHECK_INT(nw->now.opening_points, 51);

    /* Input: zero in the unknown fields is accepted ... */
    rami_game *game = NULL;
    CHECK_INT(rami_ruleset_check(&nw->now, NULL, 0), RAMI_OK);
    CHECK_INT(rami_game_new(&nw->now, 4, &game), RAMI_OK);
    rami_game_free(game);
    /* ... a field this library does not know is refused, not ignored. */
    char why[160];
    for (size_t k = 0; k < NEWER; k += 13) {
        nw->later[k] = 1;
        CHECK_INT(rami_ruleset_check(&nw->now, why, sizeof why), RAMI_E_ARG);
        CHECK(strstr(why, "newer") != NULL);
        game = NULL;
        CHECK_INT(rami_game_new(&nw->now, 4, &game), RAMI_E_ARG);
        CHECK(game == NULL);
        rami_card cards[3] = {RAMI_CARD(7, 0), RAMI_CARD(7, 1), RAMI_CARD(7, 2)};
        rami_solution sol;
        CHECK_INT(rami_solve_hand(&nw->now, cards, 3, RAMI_SOLVE_MAX_POINTS, &sol), RAMI_E_ARG);
        CHECK_INT(rami_meld_check(&nw->now, cards, 3, NULL), RAMI_E_ARG);
        CHECK_INT(rami_num_distinct_actions(&nw->now), 0);
        nw->later[k] = 0;
    }

    /* Output of a game's ruleset: zeros where the library has no field. */
    rami_ruleset rs;
    CHECK_INT(rami_ruleset_init(&rs, RAMI_PRESET_FINNISH, 4), RAMI_OK);
    CHECK_INT(rami_game_new(&rs, 4, &game), RAMI_OK);
    nw = guard(&g);
    CHECK_INT(rami_game_ruleset_sized(game, &nw->now, sizeof *nw), RAMI_OK);
    CHECK(untouched_from(&g, sizeof *nw));
    CHECK_INT(nw->now.struct_size, sizeof *nw);
    CHECK(zero_between(nw, sizeof rs, sizeof *nw));
    CHECK(memcmp((const unsigned char *)nw + 4, (const unsigned char *)&rs + 4, sizeof rs - 4) ==
          0);
    /* The largest size accepted, and one more. */
    CHECK_INT(rami_game_ruleset_sized(game, (rami_ruleset *)guard(&g), RAMI_STRUCT_SIZE_MAX),
              RAMI_OK);
    CHECK(untouched_from(&g, RAMI_STRUCT_SIZE_MAX));
    CHECK_INT(rami_game_ruleset_sized(game, (rami_ruleset *)guard(&g), RAMI_STRUCT_SIZE_MAX + 1),
              RAMI_E_ARG);
    CHECK(untouched_from(&g, 0));
    rami_game_free(game);
}

static void deal_sizes(void)
{
    rami_ruleset rs;
    CHECK_INT(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    deal_newer dn;
    memset(&dn, 0, sizeof dn);
    rami_deal *d = &dn.now;
    d->struct_size = sizeof *d;
    d->dealer = 1;
    size_t n;
    CHECK_INT(rami_cards_parse("7S 8S 9S KD", d->hands[0], RAMI_MAX_HAND, &n), RAMI_OK);
    d->hand_count[0] = (uint8_t)n;
    CHECK_INT(rami_cards_parse("2C 3D 4H", d->hands[1], RAMI_MAX_HAND, &n), RAMI_OK);
    d->hand_count[1] = (uint8_t)n;
    CHECK_INT(rami_cards_parse("QH", d->stock, RAMI_MAX_PACK, &n), RAMI_OK);
    d->stock_count = (uint16_t)n;
    /* No padding: the reserved byte sits where the compiler put a hole. */
    CHECK_INT(offsetof(rami_deal, reserved), 203);
    CHECK_INT(offsetof(rami_deal, stock_count), 204);
    CHECK_INT(sizeof(rami_deal), 544);

    rami_game *game = NULL;
    CHECK_INT(rami_game_new_deal(&rs, d, 1, &game), RAMI_OK);
    rami_game_free(game);
    /* Older than the first published layout: refused. */
    d->struct_size = sizeof *d - 1;
    game = NULL;
    CHECK_INT(rami_game_new_deal(&rs, d, 1, &game), RAMI_E_ARG);
    CHECK(game == NULL);
    /* A newer header's deal: zeros accepted, anything else refused. */
    d->struct_size = sizeof dn;
    CHECK_INT(rami_game_new_deal(&rs, d, 1, &game), RAMI_OK);
    rami_card top = rami_game_discard_top(game);
    CHECK_INT(top, RAMI_NO_CARD);
    rami_game_free(game);
    dn.later[NEWER - 1] = 7;
    game = NULL;
    CHECK_INT(rami_game_new_deal(&rs, d, 1, &game), RAMI_E_ARG);
    CHECK(game == NULL);
    dn.later[NEWER - 1] = 0;
    d->reserved = 1;
    CHECK_INT(rami_game_new_deal(&rs, d, 1, &game), RAMI_E_ARG);
    /* An older ruleset with a deal. */
    d->reserved = 0;
    ruleset_first old;
    CHECK_INT(rami_ruleset_init_sized((rami_ruleset *)&old, sizeof old, RAMI_PRESET_51, 2),
              RAMI_OK);
    CHECK_INT(rami_game_new_deal((const rami_ruleset *)&old, d, 1, &game), RAMI_OK);
    rami_game_free(game);
}

static void turn_info_sizes(void)
{
    rami_ruleset rs;
    CHECK_INT(rami_ruleset_init(&rs, RAMI_PRESET_51, 3), RAMI_OK);
    rami_game *game = NULL;
    CHECK_INT(rami_game_new(&rs, 5, &game), RAMI_OK);
    rami_move draw = {RAMI_MOVE_DRAW_DISCARD, 0, 0, 0, {0}};
    CHECK_INT(rami_game_play(game, 0, &draw), RAMI_OK);
    rami_turn_info today;
    CHECK_INT(rami_game_turn_info(game, &today, sizeof today), RAMI_OK);
    CHECK_INT(sizeof today, 20);
    CHECK_INT(today.picked, rami_game_picked(game));

    /* Older header: the first published layout (today's), written alone. */
    guarded g;
    rami_turn_info *old = guard(&g);
    CHECK_INT(rami_game_turn_info(game, old, 20), RAMI_OK);
    CHECK(untouched_from(&g, 20));
    CHECK(memcmp(old, &today, 20) == 0);
    CHECK_INT(rami_game_turn_info(game, (rami_turn_info *)guard(&g), 19), RAMI_E_ARG);
    CHECK(untouched_from(&g, 0));

    /* Newer header: today's fields, zeros after them, struct_size = size. */
    rami_turn_info *info = guard(&g); /* guard's bytes are 8-aligned */
    const unsigned char *nw = (const unsigned char *)info;
    CHECK_INT(rami_game_turn_info(game, info, sizeof today + NEWER), RAMI_OK);
    CHECK(untouched_from(&g, sizeof today + NEWER));
    CHECK(zero_between(nw, sizeof today, sizeof today + NEWER));
    CHECK_INT(info->struct_size, sizeof today + NEWER);
    CHECK(memcmp(nw + 4, (const unsigned char *)&today + 4, sizeof today - 4) == 0);
    rami_game_free(game);
}

static void refusal_sizes(void)
{
    rami_ruleset rs;
    CHECK_INT(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    rami_game *game = NULL;
    CHECK_INT(rami_game_new(&rs, 5, &game), RAMI_OK);
    rami_move draw = {RAMI_MOVE_DRAW_STOCK, 0, 0, 0, {0}};
    rami_refusal today;
    CHECK_INT(rami_game_check_ex(game, 1, &draw, &today, sizeof today, NULL, 0), RAMI_E_TURN);
    CHECK_INT(sizeof today, 32);
    CHECK_INT(today.seat, 0);

    /* Older header: the first published layout (today's), written alone. */
    guarded g;
    rami_refusal *old = guard(&g);
    CHECK_INT(rami_game_check_ex(game, 1, &draw, old, 32, NULL, 0), RAMI_E_TURN);
    CHECK(untouched_from(&g, 32));
    CHECK(memcmp(old, &today, 32) == 0);
    CHECK_INT(rami_game_check_ex(game, 1, &draw, (rami_refusal *)guard(&g), 31, NULL, 0),
              RAMI_E_ARG);
    CHECK(untouched_from(&g, 0));

    /* Newer header: zeros after today's fields. */
    rami_refusal *refusal = guard(&g); /* guard's bytes are 8-aligned */
    const unsigned char *nw = (const unsigned char *)refusal;
    CHECK_INT(rami_game_check_ex(game, 1, &draw, refusal, sizeof today + NEWER, NULL, 0),
              RAMI_E_TURN);
    CHECK(untouched_from(&g, sizeof today + NEWER));
    CHECK(zero_between(nw, sizeof today, sizeof today + NEWER));
    CHECK(memcmp(nw + 4, (const unsigned char *)&today + 4, sizeof today - 4) == 0);
    rami_game_free(game);
}

static void bot_options_sizes(void)
{
    rami_ruleset rs;
    CHECK_INT(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    rami_game *game = NULL;
    CHECK_INT(rami_game_new(&rs, 12, &game), RAMI_OK);
    rami_bot_options today;
    CHECK_INT(rami_bot_options_init(&today, RAMI_BOT_GREEDY), RAMI_OK);
    rami_move want, got;
    CHECK_INT(rami_bot_choose(game, &today, &want), RAMI_OK);

    /* Older header: the first published layout, written and read. */
    guarded g;
    bot_options_first *old = guard(&g);
    CHECK_INT(rami_bot_options_init_sized((rami_bot_options *)old, sizeof *old, RAMI_BOT_GREEDY),
              RAMI_OK);
    CHECK(untouched_from(&g, sizeof *old));
    CHECK_INT(old->struct_size, sizeof *old);
    CHECK_INT(old->level, RAMI_BOT_GREEDY);
    CHECK_INT(rami_bot_choose(game, (const rami_bot_options *)old, &got), RAMI_OK);
    CHECK(memcmp(&got, &want, sizeof got) == 0);
    CHECK_INT(rami_bot_options_init_sized((rami_bot_options *)old, sizeof *old - 1, 0), RAMI_E_ARG);

    /* Newer header: zeroed on init, accepted while zero, refused when set. */
    bot_options_newer *nw = guard(&g);
    CHECK_INT(rami_bot_options_init_sized(&nw->now, sizeof *nw, RAMI_BOT_GREEDY), RAMI_OK);
    CHECK(untouched_from(&g, sizeof *nw));
    CHECK(zero_between(nw, sizeof nw->now, sizeof *nw));
    CHECK_INT(nw->now.struct_size, sizeof *nw);
    CHECK_INT(rami_bot_choose(game, &nw->now, &got), RAMI_OK);
    CHECK(memcmp(&got, &want, sizeof got) == 0);
    nw->later[3] = 1;
    CHECK_INT(rami_bot_choose(game, &nw->now, &got), RAMI_E_ARG);
    rami_game_free(game);
}

int main(void)
{
    ruleset_older();
    ruleset_newer_header();
    deal_sizes();
    bot_options_sizes();
    turn_info_sizes();
    refusal_sizes();
    printf("structs: older and newer layouts of rami_ruleset, rami_deal, rami_bot_options, "
           "rami_turn_info and rami_refusal\n");
    return 0;
}
