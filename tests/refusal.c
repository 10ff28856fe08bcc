/* Structured refusals (rami_game_check_ex): for each kind of refusal, the
 * fields a program words its own message from (the cards, the table meld,
 * the seat, the points needed and laid), the same status and reason as
 * rami_game_check, and the size rules of a versioned output struct. Every
 * refusal of the scenario suites is also checked for consistency
 * (scenario.h, sc_refusal_agrees). */
#include "scenario.h"

static rami_refusal refusal(const rami_game *g, int player, const char *text, int status)
{
    rami_move m = sc_move(text);
    rami_refusal r;
    char why[SC_WHY], plain[SC_WHY];
    memset(&r, 0x5A, sizeof r);
    int st = rami_game_check_ex(g, player, &m, &r, sizeof r, why, sizeof why);
    if (st != status)
        fail_msg("\"%s\": status %d, want %d (%s)", text, st, status, why);
    assert_int_equal(rami_game_check(g, player, &m, plain, sizeof plain), status);
    assert_string_equal(why, plain);
    assert_int_equal(r.struct_size, sizeof r);
    assert_int_equal(r.status, status);
    return r;
}

static void cards_are(const rami_refusal *r, const char *text)
{
    rami_card want[RAMI_MAX_MELD];
    size_t n = sc_cards(text, want, RAMI_MAX_MELD);
    if (r->count != n || memcmp(r->cards, want, n) != 0) {
        char got[64];
        rami__cards_text(r->cards, r->count, got, sizeof got);
        fail_msg("refusal cards \"%s\", want \"%s\"", got, text);
    }
}

static void turn_phase_hand(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rami_game *g = deal_from(&rs, 1, "7S 8S 7H 2D KH", "2C 3D 4H", "4C", "QD");
    rami_refusal r = refusal(g, 1, "draw", RAMI_E_TURN);
    assert_int_equal(r.seat, 0); /* whose turn it is */
    assert_int_equal(r.count, 0);
    assert_int_equal(r.target, RAMI_NO_TARGET);
    r = refusal(g, 0, "discard KH", RAMI_E_PHASE);
    assert_int_equal(r.phase, RAMI_PHASE_DRAW);
    assert_int_equal(r.count, 0);
    r = refusal(g, 0, "draw", RAMI_OK);
    assert_int_equal(r.count, 0);
    assert_int_equal(r.seat, 0);
    play(g, "draw");
    cards_are(&(rami_refusal){0}, "");
    r = refusal(g, 0, "meld 7S 8S 9S", RAMI_E_NOT_IN_HAND);
    cards_are(&r, "9S");
    r = refusal(g, 0, "meld 7S 7S 7H", RAMI_E_NOT_IN_HAND);
    cards_are(&r, "7S"); /* one copy missing */
    r = refusal(g, 0, "meld 7H 2D KH", RAMI_E_MELD);
    cards_are(&r, "7H 2D KH");
    r = refusal(g, 2, "discard KH", RAMI_E_ARG);
    assert_int_equal(r.count, 0);
    rami_game_free(g);
}

static void opening_and_table(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rami_game *g = deal_from(&rs, 1, "10S JS QS 7C 7D 7H 4D 5D 6D 2H", "2C 3D 4H", "9H 9C", "KC");
    play(g, "draw");
    play(g, "meld 10S JS QS");
    rami_refusal r = refusal(g, 0, "discard 2H", RAMI_E_OPENING);
    assert_int_equal(r.points_needed, 51);
    assert_int_equal(r.points_laid, 30);
    cards_are(&r, "2H");
    r = refusal(g, 0, "lay 9H on 1", RAMI_E_NOT_OPENED);
    assert_int_equal(r.target, 0);
    assert_int_equal(r.points_needed, 51);
    cards_are(&r, "9H");
    play(g, "meld 7C 7D 7H"); /* opened: 51 */
    r = refusal(g, 0, "lay 2H on 1", RAMI_E_LAYOFF);
    assert_int_equal(r.target, 0);
    cards_are(&r, "2H");
    r = refusal(g, 0, "lay 2H on 3", RAMI_E_ARG); /* no such meld */
    assert_int_equal(r.target, RAMI_NO_TARGET);
    rami_game_free(g);

    /* Finnish: no lay-off in the turn of the opening. */
    rs = sc_rules(RAMI_PRESET_FINNISH, 2);
    g = deal_from(&rs, 1, "10S JK QS 9S JS 4D 7C", "2C 3D 4H", "2H 5C 6C 8D", "KC");
    play(g, "draw");
    play(g, "meld 10S JK QS");
    r = refusal(g, 0, "lay 9S on 1", RAMI_E_OPENING_TURN);
    assert_int_equal(r.target, 0);
    assert_int_equal(r.points_needed, 30);
    cards_are(&r, "9S");
    rami_game_free(g);
}

static void closed_rami(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules_opts(RAMI_PRESET_51, 2, 0, RAMI_OPT_LAYOFF_OTHERS);
    rs.opening_points = 0;
    rami_game *g = deal_from(&rs, 1, "7S 8S 9S 2D KH", "7H 8H 9H 10H 2C", "4C 5C", "QD");
    play(g, "draw");
    play(g, "meld 7S 8S 9S");
    play(g, "discard KH");
    play(g, "draw");
    play(g, "meld 7H 8H 9H");
    rami_refusal r = refusal(g, 1, "lay 10H on 1", RAMI_E_CLOSED);
    assert_int_equal(r.target, 0);
    assert_int_equal(r.seat, 0); /* the meld's owner */
    cards_are(&r, "10H");
    rami_game_free(g);
}

static void taken_card(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rami_game *g = deal_from(&rs, 1, "9C KH QS", "2C 3D 4H", "7S", "5D");
    play(g, "take");
    rami_refusal r = refusal(g, 0, "discard 5D", RAMI_E_PICKED);
    cards_are(&r, "5D");
    rami_game_free(g);
    g = deal_from(&rs, 1, "5D", "2C 3D 4H", "7S", "5D");
    r = refusal(g, 0, "take", RAMI_E_PICKUP);
    cards_are(&r, "5D"); /* the card that would be taken */
    rami_game_free(g);
}

/* What the turn still owes: the card taken (PICKUP_MUST_MELD), a
 * retrieved joker (JOKER_REPLAY). */
static void obligations(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules_opts(RAMI_PRESET_51, 2, RAMI_OPT_PICKUP_MUST_MELD, 0);
    rs.opening_points = 0;
    rami_game *g = deal_from(&rs, 1, "7C 7D 2H 3S", "2C 3D 4H", "KD", "7H");
    play(g, "take");
    rami_refusal r = refusal(g, 0, "discard 2H", RAMI_E_PICKUP_MELD);
    cards_are(&r, "7H");
    rami_turn_info t;
    assert_int_equal(rami_game_turn_info(g, &t, sizeof t), RAMI_OK);
    assert_int_equal(t.must_play, sc_card("7H"));
    rami_game_free(g);

    rs = sc_rules(RAMI_PRESET_51, 2);
    rs.opening_points = 0;
    g = deal_from(&rs, 1, "5S JK 7S 6S 2D", "2C 3D 4H", "KD", "KC");
    play(g, "draw");
    play(g, "meld 5S JK 7S");
    play(g, "swap 6S on 1");
    r = refusal(g, 0, "discard 2D", RAMI_E_JOKER_REPLAY);
    cards_are(&r, "JK");
    assert_int_equal(rami_game_turn_info(g, &t, sizeof t), RAMI_OK);
    assert_int_equal(t.jokers_to_replay, 1);
    rami_game_free(g);
}

/* A NULL out is rami_game_check; an out_size that no rami_refusal has is
 * refused before anything is judged, and nothing is written. */
static void sizes(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rami_game *g = deal_from(&rs, 1, "9C KH QS", "2C 3D 4H", "7S", "5D");
    rami_move m = sc_move("discard KH");
    char why[SC_WHY];
    assert_int_equal(rami_game_check_ex(g, 0, &m, NULL, 0, why, sizeof why), RAMI_E_PHASE);
    assert_string_equal(why, "draw a card first");
    rami_refusal r, untouched;
    memset(&r, 0x33, sizeof r);
    untouched = r;
    assert_int_equal(rami_game_check_ex(g, 0, &m, &r, 31, why, sizeof why), RAMI_E_ARG);
    assert_non_null(strstr(why, "out_size"));
    assert_memory_equal(&r, &untouched, sizeof r);
    assert_int_equal(rami_game_check_ex(g, 0, &m, &r, RAMI_STRUCT_SIZE_MAX + 1, NULL, 0),
                     RAMI_E_ARG);
    assert_memory_equal(&r, &untouched, sizeof r);
    assert_int_equal(rami_game_check_ex(NULL, 0, &m, &r, sizeof r, why, sizeof why), RAMI_E_ARG);
    assert_int_equal(r.status, RAMI_E_ARG);
    assert_int_equal(rami_game_check_ex(g, 0, NULL, &r, sizeof r, why, sizeof why), RAMI_E_ARG);
    assert_int_equal(r.count, 0);
    rami_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(turn_phase_hand), cmocka_unit_test(opening_and_table),
        cmocka_unit_test(closed_rami),     cmocka_unit_test(taken_card),
        cmocka_unit_test(obligations),     cmocka_unit_test(sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
