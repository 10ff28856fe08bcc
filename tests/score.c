/* Scoring (lib/score.c, RULES.md §7-§8): hand values, the end of a round
 * (went out, stock out, turn limit), winners, match totals and the end of
 * the match. */
#include "scenario.h"

/* ---- hand values (RULES.md §8.1) ---- */

static void card_penalties(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    const struct {
        const char *card;
        unsigned reference, custom; /* custom: joker 50, ace 1 */
    } cases[] = {
        {"AC", 11, 1},   {"AS", 11, 1},  {"2D", 2, 2},   {"3H", 3, 3},   {"9S", 9, 9},
        {"10C", 10, 10}, {"JD", 10, 10}, {"QH", 10, 10}, {"KS", 10, 10}, {"JK", 25, 50},
    };
    rami_ruleset custom = rs;
    custom.joker_penalty = 50;
    custom.ace_penalty = 1;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rami_card c = sc_card(cases[i].card);
        assert_int_equal(card_penalty(c, &rs), cases[i].reference);
        assert_int_equal(card_penalty(c, &custom), cases[i].custom);
    }
    for (unsigned r = 2; r <= 10; r++)
        for (unsigned s = 0; s < 4; s++)
            assert_int_equal(card_penalty(RAMI_CARD(r, s), &rs), r);
}

static unsigned value_of(const char *text, const rami_ruleset *rs)
{
    rami_card cards[RAMI_MAX_HAND];
    size_t n = sc_cards(text, cards, RAMI_MAX_HAND);
    hand h;
    memset(&h, 0, sizeof h);
    for (size_t i = 0; i < n; i++)
        hand_add(&h, cards[i]);
    return rami__hand_value(&h, rs);
}

static void hand_values(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rami_ruleset custom = rs;
    custom.joker_penalty = 0;
    custom.ace_penalty = 15;
    assert_int_equal(value_of("", &rs), 0);
    assert_int_equal(value_of("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", &rs), 95);
    assert_int_equal(value_of("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", &custom), 99);
    /* Duplicates count twice. */
    assert_int_equal(value_of("KH KH AD AD JK JK", &rs), 20 + 22 + 50);
    assert_int_equal(value_of("KH KH AD AD JK JK", &custom), 20 + 30 + 0);
}

/* The values reach the round result: a round ended by the turn limit after
 * seat 0's single turn scores every hand as it stands. */
static void hand_values_in_the_round_result(void **state)
{
    (void)state;
    for (int variant = 0; variant < 2; variant++) {
        rami_ruleset rs = sc_rules(RAMI_PRESET_51, 3);
        rs.max_turns = 1;
        if (variant) {
            rs.joker_penalty = 50;
            rs.ace_penalty = 1;
        }
        rami_game *g = deal_from(&rs, 2, "2C 5D JK", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC JK",
                                 "AH 2S KD", "9H", "");
        play(g, "draw");
        play(g, "discard 9H");
        assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
        rami_round_result r = sc_result(g);
        assert_int_equal(r.reason, RAMI_END_TURN_LIMIT);
        unsigned want[3];
        if (variant) {
            want[0] = 2 + 5 + 50;
            want[1] = 1 + 54 + 30 + 50;
            want[2] = 1 + 2 + 10;
        } else {
            want[0] = 2 + 5 + 25;
            want[1] = 11 + 54 + 30 + 25;
            want[2] = 11 + 2 + 10;
        }
        for (int p = 0; p < 3; p++) {
            assert_int_equal(r.hand_value[p], want[p]);
            assert_int_equal(r.points[p], want[p]); /* DEC: everyone scores */
        }
        /* Seats beyond the players stay zero. */
        for (int p = 3; p < RAMI_MAX_PLAYERS; p++) {
            assert_int_equal(r.hand_value[p], 0);
            assert_int_equal(r.points[p], 0);
        }
        assert_int_equal(r.winners, 1u << 2);
        rami_game_free(g);
    }
}

/* ---- went out (RULES.md §7.1, §8.2) ---- */

static void went_out_by_discard(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 3);
    rami_game *g = deal_from(&rs, 0, "KS KS", "10H JH QH KH AH", "3C 4C 9D", "2C", "");
    play(g, "draw");
    play(g, "meld 10H JH QH KH AH"); /* 51 points: opens */
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_PLAY);
    play(g, "discard 2C");
    /* The round ends at once, with seat 1 still the current seat. */
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    assert_int_equal(rami_game_current_player(g), 1);
    assert_int_equal(sc_legal_count(g), 0);
    rami_round_result r = sc_result(g);
    assert_int_equal(r.reason, RAMI_END_WENT_OUT);
    assert_int_equal(r.winners, 1u << 1);
    const int want_value[3] = {20, 0, 16}, want_points[3] = {20, 0, 16};
    for (int p = 0; p < 3; p++) {
        assert_int_equal(r.hand_value[p], want_value[p]);
        assert_int_equal(r.points[p], want_points[p]);
    }
    int32_t t[3];
    assert_int_equal(rami_game_scores(g, t, 3), RAMI_OK);
    assert_int_equal(t[0], 20);
    assert_int_equal(t[1], 0);
    assert_int_equal(t[2], 16);
    rami_game_free(g);
}

static void went_out_by_meld(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rami_game *g = deal_from(&rs, 1, "10H JH QH KH", "9C", "AH", "");
    play(g, "draw");
    play(g, "meld AH KH QH JH 10H");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    rami_round_result r = sc_result(g);
    assert_int_equal(r.reason, RAMI_END_WENT_OUT);
    assert_int_equal(r.winners, 1u << 0);
    assert_int_equal(r.points[0], 0);
    assert_int_equal(r.points[1], 9);
    assert_int_equal(r.hand_value[1], 9);
    rami_game_free(g);
}

/* The player who went out wins alone, even when another hand is worth 0
 * too (jokers worth nothing under this ruleset). */
static void went_out_wins_alone(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rs.joker_penalty = 0;
    rami_game *g = deal_from(&rs, 0, "JK JK", "10H JH QH KH AH", "2C", "");
    play(g, "draw");
    play(g, "meld 10H JH QH KH AH");
    play(g, "discard 2C");
    rami_round_result r = sc_result(g);
    assert_int_equal(r.reason, RAMI_END_WENT_OUT);
    assert_int_equal(r.hand_value[0], 0);
    assert_int_equal(r.winners, 1u << 1);
    rami_game_free(g);
}

/* ---- stock out (RULES.md §7.2) ---- */

static void stock_out_ties_share(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 3);
    rs.max_restocks = 0;
    rami_game *g = deal_from(&rs, 2, "KS QS 9D", "5C 5D 2H", "10S 2D", "2C", "7H");
    play(g, "draw");
    play(g, "discard 9D");
    /* Seat 1 cannot begin: no stock and no restock allowed. */
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    rami_round_result r = sc_result(g);
    assert_int_equal(r.reason, RAMI_END_STOCK_OUT);
    const int want[3] = {22, 12, 12};
    for (int p = 0; p < 3; p++) {
        assert_int_equal(r.hand_value[p], want[p]);
        assert_int_equal(r.points[p], want[p]);
    }
    assert_int_equal(r.winners, (1u << 1) | (1u << 2));
    rami_game_free(g);
}

/* ---- turn limit (RULES.md §7.3) ---- */

static void turn_limit_ends_after_the_last_discard(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 3);
    rs.max_turns = 3;
    rami_game *g = deal_from(&rs, 2, "KS 9D", "5C 8D", "AS 4D", "2C 3C 4C 5H", "7H");
    play(g, "draw");
    play(g, "discard 9D");
    play(g, "draw");
    play(g, "discard 8D");
    assert_int_equal(rami_game_turn(g), 3);
    play(g, "draw");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_PLAY); /* the last turn is played out */
    play(g, "discard AS");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    assert_int_equal(rami_game_turn(g), 3);
    rami_round_result r = sc_result(g);
    assert_int_equal(r.reason, RAMI_END_TURN_LIMIT);
    const int want[3] = {12, 8, 8};
    for (int p = 0; p < 3; p++)
        assert_int_equal(r.points[p], want[p]);
    assert_int_equal(r.winners, (1u << 1) | (1u << 2));
    rami_game_free(g);
}

static void no_turn_limit_when_zero(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rs.max_turns = 0;
    rami_game *g = NULL;
    assert_int_equal(rami_game_new(&rs, 3, &g), RAMI_OK);
    for (int turn = 0; turn < 60; turn++) {
        play(g, "draw");
        size_t n = 0;
        rami_move *list = sc_legal(g, &n);
        assert_int_equal(list[n - 1].kind, RAMI_MOVE_DISCARD);
        assert_int_equal(rami_game_play(g, rami_game_current_player(g), &list[n - 1]), RAMI_OK);
        free(list);
        assert_int_equal(rami_game_phase(g), RAMI_PHASE_DRAW);
    }
    assert_int_equal(rami_game_turn(g), 61);
    rami_game_free(g);
}

/* ---- the match (RULES.md §8.3) ---- */

/* Plays the current round to its turn limit with draw + last discard. */
static void finish_round(rami_game *g)
{
    while (rami_game_phase(g) < RAMI_PHASE_ROUND_OVER) {
        size_t n = 0;
        rami_move *list = sc_legal(g, &n);
        size_t pick = rami_game_phase(g) == RAMI_PHASE_DRAW ? 0 : n - 1;
        assert_int_equal(rami_game_play(g, rami_game_current_player(g), &list[pick]), RAMI_OK);
        free(list);
    }
}

static int lowest_mask(const int32_t *t, int players)
{
    int32_t best = INT32_MAX;
    for (int p = 0; p < players; p++)
        best = t[p] < best ? t[p] : best;
    int mask = 0;
    for (int p = 0; p < players; p++)
        if (t[p] == best)
            mask |= 1 << p;
    return mask;
}

static void match_totals_over_rounds(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_40, 4);
    rs.max_turns = 5;
    rami_game *g = NULL;
    assert_int_equal(rami_game_new(&rs, 2024, &g), RAMI_OK);
    int32_t sum[4] = {0};
    /* match_rounds and match_target 0: the match goes on. */
    for (int round = 1; round <= 6; round++) {
        finish_round(g);
        assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
        assert_int_equal(rami_game_match_winners(g), RAMI_E_PHASE);
        rami_round_result r = sc_result(g);
        int32_t t[4];
        assert_int_equal(rami_game_scores(g, t, 4), RAMI_OK);
        for (int p = 0; p < 4; p++) {
            assert_true(r.points[p] > 0);
            sum[p] += r.points[p];
            assert_int_equal(t[p], sum[p]);
        }
        assert_int_equal(rami_game_next_round(g), RAMI_OK);
    }
    rami_game_free(g);
}

static void match_rounds_end_the_match(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 3);
    rs.max_turns = 3;
    rs.match_rounds = 3;
    rami_game *g = NULL;
    assert_int_equal(rami_game_new(&rs, 5, &g), RAMI_OK);
    for (int round = 1; round <= 3; round++) {
        finish_round(g);
        if (round < 3) {
            assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
            assert_int_equal(rami_game_next_round(g), RAMI_OK);
        }
    }
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_MATCH_OVER);
    assert_int_equal(rami_game_round(g), 3);
    /* The last round's result stays readable; nothing more can happen. */
    rami_round_result r = sc_result(g);
    assert_int_equal(r.reason, RAMI_END_TURN_LIMIT);
    assert_int_equal(rami_game_next_round(g), RAMI_E_PHASE);
    assert_int_equal(sc_legal_count(g), 0);
    refuse(g, "draw", RAMI_E_PHASE, "match is over");
    int32_t t[3];
    assert_int_equal(rami_game_scores(g, t, 3), RAMI_OK);
    int winners = rami_game_match_winners(g);
    assert_true(winners > 0);
    assert_int_equal(winners, lowest_mask(t, 3));
    rami_game_free(g);
}

/* Seat 1 ends round 1 with 30 points; the target is reached at 30, not
 * before. */
static void match_target_ends_the_match(void **state)
{
    (void)state;
    const struct {
        uint16_t target;
        int phase;
    } cases[] = {
        {31, RAMI_PHASE_ROUND_OVER}, {30, RAMI_PHASE_MATCH_OVER}, {1, RAMI_PHASE_MATCH_OVER}};
    for (size_t i = 0; i < 3; i++) {
        rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
        rs.max_turns = 1;
        rs.match_target = cases[i].target;
        rami_game *g = deal_from(&rs, 1, "2C 3D 9S", "KC KD KH", "4S", "");
        play(g, "draw");
        play(g, "discard 9S");
        assert_int_equal(rami_game_phase(g), cases[i].phase);
        rami_round_result r = sc_result(g);
        assert_int_equal(r.points[0], 9);
        assert_int_equal(r.points[1], 30);
        if (cases[i].phase == RAMI_PHASE_MATCH_OVER) {
            assert_int_equal(rami_game_match_winners(g), 1u << 0);
            assert_int_equal(rami_game_next_round(g), RAMI_E_PHASE);
        } else {
            assert_int_equal(rami_game_match_winners(g), RAMI_E_PHASE);
            assert_int_equal(rami_game_next_round(g), RAMI_OK);
        }
        rami_game_free(g);
    }
}

/* The lowest totals win; equal totals share the win. */
static void match_winners_share_ties(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 3);
    rs.max_restocks = 0;
    rs.match_rounds = 1;
    rami_game *g = deal_from(&rs, 2, "KS QS 9D", "5C 5D 2H", "10S 2D", "2C", "");
    play(g, "draw");
    play(g, "discard 9D");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_MATCH_OVER);
    assert_int_equal(rami_game_match_winners(g), (1 << 1) | (1 << 2));
    rami_game_free(g);

    /* Two rounds of a random deal under match_rounds 2: the winners are
     * exactly the seats with the lowest totals, whatever they are. */
    for (uint64_t seed = 1; seed <= 20; seed++) {
        rs = sc_rules(RAMI_PRESET_FINNISH, 6);
        rs.max_turns = 6;
        rs.match_rounds = 2;
        assert_int_equal(rami_game_new(&rs, seed, &g), RAMI_OK);
        finish_round(g);
        assert_int_equal(rami_game_next_round(g), RAMI_OK);
        finish_round(g);
        assert_int_equal(rami_game_phase(g), RAMI_PHASE_MATCH_OVER);
        int32_t t[6];
        assert_int_equal(rami_game_scores(g, t, 6), RAMI_OK);
        assert_int_equal(rami_game_match_winners(g), lowest_mask(t, 6));
        rami_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(card_penalties),
        cmocka_unit_test(hand_values),
        cmocka_unit_test(hand_values_in_the_round_result),
        cmocka_unit_test(went_out_by_discard),
        cmocka_unit_test(went_out_by_meld),
        cmocka_unit_test(went_out_wins_alone),
        cmocka_unit_test(stock_out_ties_share),
        cmocka_unit_test(turn_limit_ends_after_the_last_discard),
        cmocka_unit_test(no_turn_limit_when_zero),
        cmocka_unit_test(match_totals_over_rounds),
        cmocka_unit_test(match_rounds_end_the_match),
        cmocka_unit_test(match_target_ends_the_match),
        cmocka_unit_test(match_winners_share_ties),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
