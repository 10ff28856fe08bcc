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

/* ---- house rules (issue 11) ---- */

/* Seat 0 opens in turn 1, seat 1 opens and goes out in its first turn,
 * seat 2 never opens. */
static rami_game *three_seat_round(const rami_ruleset *rs)
{
    rami_game *g =
        deal_from(rs, 2, "KC KD KH KS 5S 6S 7S 9D 2H", "10H JH QH KH AH", "3C 4D 8S", "4C 2C", "");
    play(g, "draw");
    play(g, "meld KC KD KH KS");
    play(g, "meld 5S 6S 7S");
    play(g, "discard 9D");
    play(g, "draw");
    play(g, "meld 10H JH QH KH AH");
    play(g, "discard 2C");
    assert_int_equal(sc_result(g).reason, RAMI_END_WENT_OUT);
    return g;
}

/* unopened_penalty: a seat that has not opened when another goes out
 * scores the flat penalty instead of its hand (hand_value stays the
 * hand's); opened seats score their hand. 0 keeps the hand value. */
static void unopened_penalty_is_flat(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 3);
    rami_game *g = three_seat_round(&rs);
    rami_round_result r = sc_result(g);
    assert_int_equal(r.points[0], 6);  /* 2H 4C, opened */
    assert_int_equal(r.points[1], 0);  /* went out */
    assert_int_equal(r.points[2], 15); /* 3C 4D 8S, not opened: penalty 0 counts the hand */
    rami_game_free(g);
    rs.unopened_penalty = 100;
    g = three_seat_round(&rs);
    r = sc_result(g);
    assert_int_equal(r.points[0], 6);
    assert_int_equal(r.points[1], 0);
    assert_int_equal(r.points[2], 100);
    assert_int_equal(r.hand_value[2], 15);
    int32_t t[3];
    assert_int_equal(rami_game_scores(g, t, 3), RAMI_OK);
    assert_int_equal(t[2], 100);
    rami_game_free(g);
}

/* ONE_GO_DOUBLE: seat 1 had not opened before the turn it went out in:
 * every other seat's points (the flat penalty included) count twice. */
static void one_go_doubles(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules_opts(RAMI_PRESET_51, 3, RAMI_OPT_ONE_GO_DOUBLE, 0);
    rami_game *g = three_seat_round(&rs);
    rami_round_result r = sc_result(g);
    assert_int_equal(r.points[0], 12);
    assert_int_equal(r.points[1], 0);
    assert_int_equal(r.points[2], 30);
    assert_int_equal(r.hand_value[0], 6);
    rami_game_free(g);
    rs.unopened_penalty = 100;
    g = three_seat_round(&rs);
    assert_int_equal(sc_result(g).points[2], 200);
    rami_game_free(g);

    /* Opened in an earlier turn: no doubling. Seat 0 opens in turn 1 and
     * goes out in its next turn. */
    rs = sc_rules_opts(RAMI_PRESET_51, 2, RAMI_OPT_ONE_GO_DOUBLE, 0);
    g = deal_from(&rs, 1, "KC KD KH KS 5S 6S 7S 2H 3H 9D", "3C 4D 8S", "QS 7D 4H", "");
    play(g, "draw");
    play(g, "meld KC KD KH KS");
    play(g, "meld 5S 6S 7S");
    play(g, "discard 9D");
    play(g, "draw");
    play(g, "discard 7D");
    play(g, "draw");
    play(g, "meld 2H 3H 4H");
    play(g, "discard QS");
    assert_int_equal(sc_result(g).reason, RAMI_END_WENT_OUT);
    assert_int_equal(sc_result(g).points[1], 3 + 4 + 8);
    rami_game_free(g);
}

/* LOW_HAND_ZERO: at stock-out (or the turn cap) the lowest hands score 0;
 * the others their hand; hand values and winners are unchanged. */
static void low_hand_zero_at_stock_out(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules_opts(RAMI_PRESET_51, 3, RAMI_OPT_LOW_HAND_ZERO, 0);
    rs.max_restocks = 0;
    rami_game *g = deal_from(&rs, 2, "KS QS 9D", "5C 5D 2H", "10S 2D", "2C", "7H");
    play(g, "draw");
    play(g, "discard 9D");
    rami_round_result r = sc_result(g);
    assert_int_equal(r.reason, RAMI_END_STOCK_OUT);
    const int value[3] = {22, 12, 12}, points[3] = {22, 0, 0};
    for (int p = 0; p < 3; p++) {
        assert_int_equal(r.hand_value[p], value[p]);
        assert_int_equal(r.points[p], points[p]);
    }
    assert_int_equal(r.winners, (1u << 1) | (1u << 2));
    rami_game_free(g);
}

/* ELIMINATION: seat 1 reaches the target (30) in round 1 and leaves; the
 * two others play on: the next seat still in deals, seat 1 holds no card,
 * never moves and scores 0. When both reach the target in round 2 the
 * match is over and the winner is the lower of the two: seat 1, out
 * earlier with a lower total, is not among the winners. */
static void elimination_plays_on(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules_opts(RAMI_PRESET_51, 3, RAMI_OPT_ELIMINATION, 0);
    rs.max_turns = 1;
    rs.match_target = 30;
    rami_game *g = deal_from(&rs, 2, "2C 3D 9S", "KC KD KH", "2H 3H 4D", "4S", "");
    play(g, "draw");
    play(g, "discard 9S");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    rami_round_result r = sc_result(g);
    assert_int_equal(r.points[1], 30);
    assert_int_equal(r.winners, (1u << 0) | (1u << 2));
    assert_int_equal(rami_game_in_match(g, 0), 1);
    assert_int_equal(rami_game_in_match(g, 1), 0);
    assert_int_equal(rami_game_in_match(g, 2), 1);
    assert_int_equal(rami_game_in_match(g, 3), RAMI_E_ARG);

    assert_int_equal(rami_game_next_round(g), RAMI_OK);
    assert_int_equal(rami_game_dealer(g), 0);         /* after seat 2, skipping nobody */
    assert_int_equal(rami_game_current_player(g), 2); /* seat 1 is skipped */
    rami_card buf[RAMI_MAX_HAND];
    size_t n = 99;
    assert_int_equal(rami_game_hand(g, 1, buf, RAMI_MAX_HAND, &n), RAMI_OK);
    assert_int_equal(n, 0);
    assert_int_equal(rami_game_play(g, 1, &(rami_move){RAMI_MOVE_DRAW_STOCK, 0, 0, 0, {0}}),
                     RAMI_E_TURN);
    /* The record carries the dealer: it reloads as it was. */
    char text[4096];
    size_t len;
    assert_int_equal(rami_game_save(g, text, sizeof text, &len), RAMI_OK);
    assert_non_null(strstr(text, "totals 9 30 9\nround 2\ndealer 0\n"));
    rami_game *again = NULL;
    assert_int_equal(rami_game_load(text, len, &again), RAMI_OK);
    assert_true(rami__game_equal(g, again));
    rami_game_free(again);

    finish_round(g);
    r = sc_result(g);
    assert_int_equal(r.points[1], 0);
    assert_int_equal(r.hand_value[1], 0);
    assert_false(r.winners & (1u << 1));
    int32_t t[3];
    assert_int_equal(rami_game_scores(g, t, 3), RAMI_OK);
    assert_int_equal(t[1], 30);
    assert_true(t[0] >= 30 && t[2] >= 30); /* 13-card hands after one turn */
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_MATCH_OVER);
    int want = t[0] < t[2] ? 1 << 0 : t[2] < t[0] ? 1 << 2 : (1 << 0) | (1 << 2);
    assert_int_equal(rami_game_match_winners(g), want);
    /* Returns of the round: seat 1 sat it out. */
    double ret[3];
    assert_int_equal(rami_game_returns(g, RAMI_RETURN_PENALTY, ret, 3), RAMI_OK);
    assert_true(ret[1] == 0.0);
    assert_int_equal(rami_game_returns(g, RAMI_RETURN_WIN, ret, 3), RAMI_OK);
    assert_true(ret[1] == 0.0 && ret[0] + ret[2] == 0.0);
    rami_game_free(g);
}

/* ELIMINATION needs no separate end: with two seats the first to reach
 * the target ends the match, as without it. */
static void elimination_two_seats(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules_opts(RAMI_PRESET_51, 2, RAMI_OPT_ELIMINATION, 0);
    rs.max_turns = 1;
    rs.match_target = 30;
    rami_game *g = deal_from(&rs, 1, "2C 3D 9S", "KC KD KH", "4S", "");
    play(g, "draw");
    play(g, "discard 9S");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_MATCH_OVER);
    assert_int_equal(rami_game_match_winners(g), 1 << 0);
    rami_game_free(g);
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
        cmocka_unit_test(unopened_penalty_is_flat),
        cmocka_unit_test(one_go_doubles),
        cmocka_unit_test(low_hand_zero_at_stock_out),
        cmocka_unit_test(elimination_plays_on),
        cmocka_unit_test(elimination_two_seats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
