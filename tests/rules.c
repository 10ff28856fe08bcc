/*
 * Scenario tests: one or more exact positions for every rule of
 * doc/rules.md §2, §3, §5, §6 and §7.2-7.4 and every option bit, each
 * checking the allowed and the refused side with the exact status and
 * reason. Positions come from rami_game_new_deal through tests/scenario.h;
 * hands are written in any order, piles top first.
 *
 * Most tests use two players with dealer 1, so seat 0 moves first. Tests of
 * table play (lay-offs, swaps) use the reference rules with opening_points
 * 0 ("open0"): the first meld opens, so the position needs no 51 points.
 */
#include "scenario.h"

/* ---- rulesets and small helpers ---- */

static rami_ruleset ref(void)
{
    return sc_rules(RAMI_PRESET_51, 2);
}

static rami_ruleset ref_opts(uint32_t on, uint32_t off)
{
    return sc_rules_opts(RAMI_PRESET_51, 2, on, off);
}

/* Reference rules where the first meld opens. */
static rami_ruleset open0(uint32_t on, uint32_t off)
{
    rami_ruleset rs = ref_opts(on, off);
    rs.opening_points = 0;
    return rs;
}

static unsigned penalty(rami_card c)
{
    if (c == RAMI_JOKER)
        return 25;
    unsigned r = RAMI_CARD_RANK(c);
    return r == RAMI_ACE ? 11 : r > 10 ? 10 : r;
}

/* Hand value of a seat counted here, independently of score.c. */
static unsigned hand_value(const rami_game *g, int seat)
{
    rami_card buf[RAMI_MAX_HAND];
    size_t n = 0;
    assert_int_equal(rami_game_hand(g, seat, buf, RAMI_MAX_HAND, &n), RAMI_OK);
    unsigned sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += penalty(buf[i]);
    return sum;
}

/* The stock out / turn limit result: everyone scores the hand value and
 * the lowest hands share the win. */
static void assert_lowest_hands_win(const rami_game *g, int reason)
{
    rami_round_result r = sc_result(g);
    assert_int_equal(r.reason, reason);
    rami_ruleset rs;
    assert_int_equal(rami_game_ruleset(g, &rs), RAMI_OK);
    unsigned best = UINT32_MAX, mask = 0;
    for (int p = 0; p < rs.players; p++) {
        unsigned v = hand_value(g, p);
        assert_int_equal(r.hand_value[p], v);
        assert_int_equal(r.points[p], (int)v);
        if (v < best) {
            best = v;
            mask = 0;
        }
        if (v == best)
            mask |= 1u << p;
    }
    assert_int_equal(r.winners, mask);
}

static void assert_why(int status, const char *why, int want, const char *part)
{
    assert_int_equal(status, want);
    if (strstr(why, part) == NULL)
        fail_msg("reason \"%s\" does not contain \"%s\"", why, part);
}

/* Draws and discards `card` (already in hand or just drawn). */
static void draw_discard(rami_game *g, const char *discard)
{
    play(g, "draw");
    play(g, discard);
}

/* Draws, then discards the first card the legal list allows. */
static void draw_discard_any(rami_game *g)
{
    play(g, "draw");
    size_t n = 0;
    rami_move *list = sc_legal(g, &n);
    size_t i = 0;
    while (i < n && list[i].kind != RAMI_MOVE_DISCARD)
        i++;
    assert_true(i < n);
    assert_int_equal(rami_game_play(g, rami_game_current_player(g), &list[i]), RAMI_OK);
    free(list);
}

static int opened(const rami_game *g, int seat)
{
    return rami_game_has_opened(g, seat);
}

/* ======================================================================
 * §2.1 Draw one card
 * ====================================================================== */

static void test_draw_takes_stock_top(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "5C 9D KH", "2C 3D 4H", "7S 8S", "QD");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_DRAW);
    assert_int_equal(rami_game_current_player(g), 0);
    /* The draw phase offers exactly draw and take. */
    assert_int_equal(sc_legal_count(g), 2);
    assert_true(sc_listed(g, "draw"));
    assert_true(sc_listed(g, "take"));
    play(g, "draw");
    sc_hand_is(g, 0, "5C 9D KH 7S");
    assert_int_equal(rami_game_stock_count(g), 1);
    assert_int_equal(rami_game_discard_count(g), 1);
    assert_int_equal(rami_game_discard_top(g), sc_card("QD"));
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_PLAY);
    assert_int_equal(rami_game_picked(g), RAMI_NO_CARD);
    rami_game_free(g);
}

static void test_take_takes_discard_top(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "5C 9D KH", "2C 3D 4H", "7S 8S", "QD 4S");
    play(g, "take");
    sc_hand_is(g, 0, "5C 9D KH QD");
    assert_int_equal(rami_game_discard_count(g), 1);
    assert_int_equal(rami_game_discard_top(g), sc_card("4S"));
    assert_int_equal(rami_game_stock_count(g), 2);
    assert_int_equal(rami_game_picked(g), sc_card("QD"));
    /* Not opened and no PICKUP_MUST_MELD: the taken card need not be melded. */
    play(g, "discard 5C");
    assert_int_equal(rami_game_current_player(g), 1);
    assert_int_equal(rami_game_discard_top(g), sc_card("5C"));
    sc_hand_is(g, 0, "9D KH QD");
    rami_game_free(g);
}

static void test_take_refused_empty_pile(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "5C 9D KH", "2C 3D 4H", "7S 8S", "");
    refuse(g, "take", RAMI_E_PICKUP, "the discard pile is empty");
    assert_int_equal(sc_legal_count(g), 1);
    assert_true(sc_listed(g, "draw"));
    play(g, "draw");
    rami_game_free(g);
}

static void test_phase_draw_first_then_once(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "5C 6C 7C 9D", "2C 3D 4H", "7S 8S", "QD");
    refuse(g, "discard 5C", RAMI_E_PHASE, "draw a card first");
    refuse(g, "meld 5C 6C 7C", RAMI_E_PHASE, "draw a card first");
    play(g, "draw");
    refuse(g, "draw", RAMI_E_PHASE, "already drawn");
    refuse(g, "take", RAMI_E_PHASE, "already drawn");
    rami_game_free(g);
}

static void test_turn_belongs_to_current_seat(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "5C 9D KH", "2C 3D 4H", "7S 8S", "QD");
    refuse_as(g, 1, "draw", RAMI_E_TURN, "it is seat 0's turn");
    play(g, "draw");
    refuse_as(g, 1, "discard 2C", RAMI_E_TURN, "seat 0's turn");
    play(g, "discard 5C");
    refuse_as(g, 0, "draw", RAMI_E_TURN, "it is seat 1's turn");
    play_as(g, 1, "draw");
    rami_game_free(g);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "5C 9D KH", "2C 3D 4H", "7S 8S", "QD");
    refuse_as(g, 2, "draw", RAMI_E_ARG, "no seat 2 in a game of 2 players");
    refuse_as(g, -1, "draw", RAMI_E_ARG, "no seat -1");
    /* A move no text can express: unknown kind, a draw with cards. */
    rami_game *before = sc_clone(g);
    rami_move m;
    memset(&m, 0, sizeof m);
    m.kind = 99;
    char why[SC_WHY];
    assert_why(rami_game_check(g, 0, &m, why, sizeof why), why, RAMI_E_ARG, "malformed move");
    assert_int_equal(rami_game_play(g, 0, &m), RAMI_E_ARG);
    m.kind = RAMI_MOVE_DRAW_STOCK;
    m.count = 1;
    m.cards[0] = sc_card("5C");
    assert_why(rami_game_check(g, 0, &m, why, sizeof why), why, RAMI_E_ARG, "malformed move");
    assert_int_equal(rami_game_play(g, 0, &m), RAMI_E_ARG);
    assert_true(rami__game_equal(g, before));
    assert_int_equal(rami_game_undo(g, 5), RAMI_E_ARG);
    rami_game_free(before);
    rami_game_free(g);
}

static void test_seats_play_clockwise(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 3);
    rami_game *g = deal_from(&rs, 2, "5C 9D KH", "2C 3D 4H", "6C 7D 8H", "7S 8S 9S 10S", "QD");
    assert_int_equal(rami_game_dealer(g), 2);
    assert_int_equal(rami_game_current_player(g), 0);
    draw_discard(g, "discard 5C");
    assert_int_equal(rami_game_current_player(g), 1);
    draw_discard(g, "discard 2C");
    assert_int_equal(rami_game_current_player(g), 2);
    draw_discard(g, "discard 6C");
    assert_int_equal(rami_game_current_player(g), 0);
    assert_int_equal(rami_game_turn(g), 4);
    rami_game_free(g);

    /* The seat after the dealer starts. */
    g = deal_from(&rs, 0, "5C 9D KH", "2C 3D 4H", "6C 7D 8H", "7S", "QD");
    assert_int_equal(rami_game_current_player(g), 1);
    rami_game_free(g);
}

static void test_cards_must_be_in_hand(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "7S 8S 7H 2D KH", "2C 3D 4H", "4C", "QD");
    play(g, "draw");
    refuse(g, "meld 7S 8S 9S", RAMI_E_NOT_IN_HAND, "9S is not in your hand");
    refuse(g, "meld 7S 7S 7H", RAMI_E_NOT_IN_HAND, "the move needs 2 x 7S, your hand has 1");
    refuse(g, "discard 9S", RAMI_E_NOT_IN_HAND, "9S is not in your hand");
    play(g, "discard KH");
    rami_game_free(g);
}

/* ======================================================================
 * §2.2, §5.1-5.2 Melds and the opening
 * ====================================================================== */

static void test_opening_several_melds_exact_51(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "10S JS QS 7C 7D 7H 4D 5D 6D 2H", "2C 3D 4H", "9H 9C", "KC");
    play(g, "draw");
    play(g, "meld 10S JS QS");
    assert_int_equal(sc_meld_is(g, 0, 0, "10S JS QS").points, 30);
    assert_int_equal(opened(g, 0), 0);
    refuse(g, "discard 2H", RAMI_E_OPENING, "the opening is not complete: 30 of 51 points laid");
    /* Until the opening is complete no lay-off either. */
    refuse(g, "lay 9H on 1", RAMI_E_NOT_OPENED, "need an opening of 51 points first");
    play(g, "meld 7C 7D 7H");
    assert_int_equal(sc_meld_is(g, 1, 0, "7C 7D 7H").points, 21);
    assert_int_equal(opened(g, 0), 1);
    /* More melds after the opening, in the same turn. */
    play(g, "meld 4D 5D 6D");
    play(g, "discard 2H");
    assert_int_equal(opened(g, 0), 1);
    assert_int_equal(rami_game_current_player(g), 1);
    sc_hand_is(g, 0, "9H");
    rami_game_free(g);
}

static void test_opening_meld_refused_when_unreachable(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "10S JS QS 2C 3C 4C 9D 5H", "2C 3D 4H", "KD", "8C");
    play(g, "draw");
    /* 30 + the 9 of 2C 3C 4C: 39 of 51, whichever meld comes first. */
    refuse(g, "meld 10S JS QS", RAMI_E_OPENING,
           "after this meld at most 39 of 51 points can be laid");
    refuse(g, "meld 2C 3C 4C", RAMI_E_OPENING,
           "after this meld at most 39 of 51 points can be laid");
    /* No meld is listed at all; the turn ends with a discard. */
    assert_int_equal(sc_count_like(g, "meld 10S JS QS"), 0);
    play(g, "discard 5H");
    rami_game_free(g);
}

static void test_opening_counts_joker_as_its_card(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "JK QH KH 7C 7D 7H 2S", "2C 3D 4H", "3S", "KC");
    play(g, "draw");
    play(g, "meld QH JK KH");
    rami_meld_info info = sc_meld_is(g, 0, 0, "JK QH KH");
    assert_int_equal(info.points, 30);
    assert_int_equal(info.joker_as, sc_card("JH"));
    assert_int_equal(opened(g, 0), 0);
    play(g, "meld 7C 7D 7H"); /* 30 + 21 = 51 */
    assert_int_equal(opened(g, 0), 1);
    play(g, "discard 2S");
    rami_game_free(g);
}

static void test_opening_points_zero_first_meld_opens(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "2C 3C 4C 9D", "2D 3D 4H", "KS", "KC");
    play(g, "draw");
    play(g, "meld 2C 3C 4C");
    assert_int_equal(opened(g, 0), 1);
    play(g, "discard 9D");
    rami_game_free(g);
}

static void test_layoff_and_swap_before_opening_refused(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "10S JK QS KS AS 2D", "9S JS 5H 6H 2C", "9C 4D", "KC");
    play(g, "draw");
    play(g, "meld 10S JK QS KS AS");
    assert_int_equal(opened(g, 0), 1);
    play(g, "discard 2D");
    play(g, "draw");
    assert_int_equal(opened(g, 1), 0);
    refuse(g, "lay 9S on 1", RAMI_E_NOT_OPENED, "lay-offs need an opening of 51 points first");
    refuse(g, "swap JS on 1", RAMI_E_NOT_OPENED, "joker swaps need an opening of 51 points first");
    play(g, "discard 2C");
    rami_game_free(g);
}

/* §5.1 opening_points per preset: Rami 40 opens with 40, quick rami with 15. */
static void test_opening_thresholds_by_preset(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_40, 2);
    rami_game *g = deal_from(&rs, 1, "10S JS QS KS 2D", "2C 3D 4H", "3C", "KC");
    play(g, "draw");
    play(g, "meld 10S JS QS KS");
    assert_int_equal(opened(g, 0), 1);
    rami_game_free(g);

    rs = sc_rules(RAMI_PRESET_FINNISH, 2);
    rs.opening_points = 15; /* quick rami */
    g = deal_from(&rs, 1, "4C 5C 6C 9D", "2D 3D 4H", "KS", "KC");
    play(g, "draw");
    play(g, "meld 4C 5C 6C");
    assert_int_equal(opened(g, 0), 1);
    rami_game_free(g);

    g = deal_from(&rs, 1, "2C 3C 4C 9D", "2D 3D 4H", "KS", "KC");
    play(g, "draw");
    refuse(g, "meld 2C 3C 4C", RAMI_E_OPENING,
           "after this meld at most 9 of 15 points can be laid");
    rami_game_free(g);
}

/* §5.2 with strict rami: the opening must leave a card to discard; with
 * GO_OUT_BY_MELD the same melds open and go out. */
static void test_opening_must_leave_discard_in_strict_rami(void **state)
{
    (void)state;
    rami_ruleset rs = ref_opts(0, RAMI_OPT_GO_OUT_BY_MELD);
    rami_game *g = deal_from(&rs, 1, "10S JS QS 7C 7D", "2C 3D 4H", "7H", "KC");
    play(g, "draw");
    refuse(g, "meld 10S JS QS", RAMI_E_OPENING,
           "after this the opening would need every card, and strict rami");
    refuse(g, "meld 7C 7D 7H", RAMI_E_OPENING,
           "after this the opening would need every card, and strict rami");
    play(g, "discard 7H");
    rami_game_free(g);

    rs = ref();
    g = deal_from(&rs, 1, "10S JS QS 7C 7D", "2C 3D 4H", "7H", "KC");
    play(g, "draw");
    play(g, "meld 10S JS QS");
    play(g, "meld 7C 7D 7H");
    assert_int_equal(sc_result(g).reason, RAMI_END_WENT_OUT);
    rami_game_free(g);
}

/* §5.3 OPEN_TURN_LAYOFF on (reference): lay-off and retrieval in the turn
 * of the opening. */
static void test_open_turn_layoff_on(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "10S JK QS KS AS 9S JS 2D", "2C 3D 4H", "3C", "KC");
    play(g, "draw");
    play(g, "meld 10S JK QS KS AS");
    play(g, "lay 9S on 1");
    play(g, "swap JS on 1");
    play(g, "lay JK on 1");
    sc_meld_is(g, 0, 0, "JK 9S 10S JS QS KS AS");
    play(g, "discard 2D");
    rami_game_free(g);
}

/* §5.3 OPEN_TURN_LAYOFF off (Finnish): only from the next turn. */
static void test_open_turn_layoff_off_finnish(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_FINNISH, 2);
    assert_int_equal(rs.options & RAMI_OPT_OPEN_TURN_LAYOFF, 0);
    rami_game *g = deal_from(&rs, 1, "10S JK QS 9S JS 4D 7C", "2C 3D 4H", "2H 5C 6C 8D", "KC");
    play(g, "draw");
    play(g, "meld 10S JK QS"); /* 30: the Finnish opening */
    assert_int_equal(opened(g, 0), 1);
    refuse(g, "lay 9S on 1", RAMI_E_OPENING_TURN,
           "you opened this turn: lay-offs are allowed from your next turn on");
    refuse(g, "swap JS on 1", RAMI_E_OPENING_TURN,
           "you opened this turn: joker swaps are allowed from your next turn on");
    play(g, "discard 7C");
    draw_discard(g, "discard 5C");
    play(g, "draw");
    play(g, "lay 9S on 1");
    play(g, "swap JS on 1");
    play(g, "lay JK on 1");
    sc_meld_is(g, 0, 0, "JK 9S 10S JS QS");
    play(g, "discard 4D");
    rami_game_free(g);
}

static void test_open_turn_layoff_bit_on_finnish(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules_opts(RAMI_PRESET_FINNISH, 2, RAMI_OPT_OPEN_TURN_LAYOFF, 0);
    rami_game *g = deal_from(&rs, 1, "10S JS QS 9S 4D", "2C 3D 4H", "2H", "KC");
    play(g, "draw");
    play(g, "meld 10S JS QS");
    play(g, "lay 9S on 1");
    play(g, "discard 4D");
    rami_game_free(g);
}

/* §5.4 OPEN_PURE_RUN on: points alone do not open. */
static void test_open_pure_run_on(void **state)
{
    (void)state;
    rami_ruleset rs = ref_opts(RAMI_OPT_OPEN_PURE_RUN, 0);
    rami_game *g = deal_from(&rs, 1, "KC KD KH QC QD QH 5S 6S 7S 2D", "2C 3D 4H", "9C", "KS");
    play(g, "draw");
    play(g, "meld KC KD KH");
    play(g, "meld QC QD QH");
    assert_int_equal(opened(g, 0), 0); /* 60 points, but no run */
    refuse(g, "discard 2D", RAMI_E_OPENING,
           "the opening needs a run without joker before you may discard");
    play(g, "meld 5S 6S 7S");
    assert_int_equal(opened(g, 0), 1);
    play(g, "discard 2D");
    rami_game_free(g);
}

static void test_open_pure_run_joker_run_does_not_count(void **state)
{
    (void)state;
    rami_ruleset rs = ref_opts(RAMI_OPT_OPEN_PURE_RUN, 0);
    rami_game *g = deal_from(&rs, 1, "KC KD KH QC QD QH 5S JK 7S 2D", "2C 3D 4H", "9C", "KS");
    play(g, "draw");
    refuse(g, "meld KC KD KH", RAMI_E_OPENING, "it needs a run without joker");
    refuse(g, "meld 5S JK 7S", RAMI_E_OPENING, "it needs a run without joker");
    play(g, "discard 2D");
    rami_game_free(g);
}

static void test_open_pure_run_off_sets_open(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "KC KD KH QC QD QH 2D", "2C 3D 4H", "9C", "KS");
    play(g, "draw");
    play(g, "meld KC KD KH");
    play(g, "meld QC QD QH");
    assert_int_equal(opened(g, 0), 1);
    play(g, "discard 2D");
    rami_game_free(g);
}

/* ======================================================================
 * §2.3 KEEP_PICKUP
 * ====================================================================== */

static void test_keep_pickup_taken_card_refused(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "9C KH QS", "2C 3D 4H", "7S", "5D");
    play(g, "take");
    refuse(g, "discard 5D", RAMI_E_PICKED,
           "5D was just taken from the discard pile and may not be discarded");
    play(g, "discard 9C");
    rami_game_free(g);
}

static void test_keep_pickup_other_copy_refused(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "5D 9C KH QS", "2C 3D 4H", "7S", "5D");
    play(g, "take");
    sc_hand_is(g, 0, "5D 5D 9C KH QS");
    /* The copy held from before cannot be told from the taken one. */
    refuse(g, "discard 5D", RAMI_E_PICKED, "just taken from the discard pile");
    play(g, "discard QS");
    rami_game_free(g);
}

static void test_keep_pickup_off_allows_discarding_it(void **state)
{
    (void)state;
    rami_ruleset rs = ref_opts(0, RAMI_OPT_KEEP_PICKUP);
    rami_game *g = deal_from(&rs, 1, "9C KH QS", "2C 3D 4H", "7S", "5D");
    play(g, "take");
    play(g, "discard 5D");
    assert_int_equal(rami_game_discard_top(g), sc_card("5D"));
    rami_game_free(g);
}

/* No dead end: a take that would leave only copies of the taken face. */
static void test_keep_pickup_take_refused_without_other_card(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "5D", "2C 3D 4H", "7S", "5D");
    refuse(g, "take", RAMI_E_PICKUP, "after taking 5D you would have no card you may discard");
    play(g, "draw");
    rami_game_free(g);

    rs = ref_opts(0, RAMI_OPT_KEEP_PICKUP);
    g = deal_from(&rs, 1, "5D", "2C 3D 4H", "7S", "5D");
    play(g, "take");
    play(g, "discard 5D");
    rami_game_free(g);
}

/* ======================================================================
 * §2.4 Going out; GO_OUT_BY_MELD on and off
 * ====================================================================== */

static void test_go_out_by_meld_scores(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "10S JS QS KS", "JK AD KC QD JH 5H", "AS 2C", "9C");
    play(g, "draw");
    play(g, "meld 10S JS QS KS AS"); /* 51: opens and goes out at once */
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    rami_round_result r = sc_result(g);
    assert_int_equal(r.reason, RAMI_END_WENT_OUT);
    assert_int_equal(r.winners, 1);
    assert_int_equal(r.hand_value[0], 0);
    assert_int_equal(r.points[0], 0);
    /* Joker 25, ace 11, K Q J 10 each, 5. */
    assert_int_equal(r.hand_value[1], 25 + 11 + 10 + 10 + 10 + 5);
    assert_int_equal(r.points[1], 71);
    int32_t totals[3];
    assert_int_equal(rami_game_scores(g, totals, 3), RAMI_OK);
    assert_int_equal(totals[0], 0);
    assert_int_equal(totals[1], 71);
    assert_int_equal(totals[2], 0);
    assert_int_equal(sc_legal_count(g), 0);
    refuse(g, "draw", RAMI_E_PHASE, "the round is over");
    assert_int_equal(rami_game_undo(g, 0), RAMI_E_PHASE);
    rami_game_free(g);
}

static void test_go_out_by_layoff(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "10H JH QH KH 9H", "2C 3D 4H", "AH", "9C");
    play(g, "draw");
    play(g, "meld 10H JH QH KH AH");
    play(g, "lay 9H on 1");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    rami_round_result r = sc_result(g);
    assert_int_equal(r.reason, RAMI_END_WENT_OUT);
    assert_int_equal(r.winners, 1);
    assert_int_equal(r.points[1], 9);
    rami_game_free(g);
}

static void test_go_out_by_discard(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "10S JS QS KS 4D", "2C 3D 4H", "AS", "9C");
    play(g, "draw");
    play(g, "meld 10S JS QS KS AS");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_PLAY);
    play(g, "discard 4D");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    rami_round_result r = sc_result(g);
    assert_int_equal(r.reason, RAMI_END_WENT_OUT);
    assert_int_equal(r.winners, 1);
    assert_int_equal(r.points[0], 0);
    assert_int_equal(r.points[1], 9);
    assert_int_equal(rami_game_discard_top(g), sc_card("4D"));
    rami_game_free(g);
}

/* Strict rami: a meld that empties the hand is refused. */
static void test_strict_meld_emptying_hand_refused(void **state)
{
    (void)state;
    rami_ruleset rs = ref_opts(0, RAMI_OPT_GO_OUT_BY_MELD);
    rami_game *g = deal_from(&rs, 1, "10S JS QS KS", "2C 3D 4H", "AS", "9C");
    play(g, "draw");
    refuse(g, "meld 10S JS QS KS AS", RAMI_E_MUST_DISCARD,
           "strict rami: the last card must be discarded, keep one in hand");
    play(g, "discard AS");
    rami_game_free(g);
}

/* Strict rami: a lay-off that empties the hand is refused; the discard goes out. */
static void test_strict_layoff_refused_discard_goes_out(void **state)
{
    (void)state;
    rami_ruleset rs = ref_opts(0, RAMI_OPT_GO_OUT_BY_MELD);
    rami_game *g = deal_from(&rs, 1, "10H JH QH KH 9H", "2C 3D 4H", "AH", "9C");
    play(g, "draw");
    play(g, "meld 10H JH QH KH AH");
    refuse(g, "lay 9H on 1", RAMI_E_MUST_DISCARD,
           "strict rami: the last card must be discarded, not laid off");
    play(g, "discard 9H");
    rami_round_result r = sc_result(g);
    assert_int_equal(r.reason, RAMI_END_WENT_OUT);
    assert_int_equal(r.winners, 1);
    assert_int_equal(r.points[0], 0);
    rami_game_free(g);
}

/* ======================================================================
 * §2.5 Undo
 * ====================================================================== */

static void test_undo_meld_restores_exactly(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "10S JS QS 7C 7D 7H 2H", "2C 3D 4H", "9H", "KC");
    play(g, "draw");
    rami_game *drawn = sc_clone(g);
    play(g, "meld 10S JS QS");
    sc_undo(g, RAMI_OK);
    assert_true(rami__game_equal(g, drawn));
    play(g, "meld 10S JS QS");
    rami_game *partial = sc_clone(g);
    play(g, "meld 7C 7D 7H");
    assert_int_equal(opened(g, 0), 1);
    /* Undo takes the opening back too. */
    sc_undo(g, RAMI_OK);
    assert_int_equal(opened(g, 0), 0);
    assert_true(rami__game_equal(g, partial));
    sc_undo(g, RAMI_OK);
    assert_true(rami__game_equal(g, drawn));
    sc_undo(g, RAMI_E_UNDO);
    assert_true(rami__game_equal(g, drawn));
    rami_game_free(partial);
    rami_game_free(drawn);
    rami_game_free(g);
}

static void test_undo_layoff_restores_exactly(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "5S 6S 7S 4S 8S 9C 9D JK 9H 2D", "2C 3D 4H", "KD", "KC");
    play(g, "draw");
    play(g, "meld 5S 6S 7S");
    play(g, "meld 9C 9D JK");
    rami_game *before = sc_clone(g);
    const char *layoffs[] = {"lay 4S on 1", "lay 8S on 1", "lay 9H on 2"};
    for (size_t i = 0; i < 3; i++) {
        play(g, layoffs[i]);
        assert_false(rami__game_equal(g, before));
        sc_undo(g, RAMI_OK);
        assert_true(rami__game_equal(g, before));
    }
    rami_game_free(before);
    rami_game_free(g);
}

static void test_undo_swap_restores_exactly(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "5S JK 7S 6S 9C 9D 9H JK 9S 2D", "2C 3D 4H", "KD", "KC");
    play(g, "draw");
    play(g, "meld 5S JK 7S");
    play(g, "meld 9C 9D 9H JK");
    rami_game *before = sc_clone(g);
    play(g, "swap 6S on 1");
    sc_undo(g, RAMI_OK);
    assert_true(rami__game_equal(g, before));
    play(g, "swap 9S on 2");
    sc_meld_is(g, 1, 0, "9C 9D 9H 9S");
    sc_undo(g, RAMI_OK);
    assert_true(rami__game_equal(g, before));
    sc_meld_is(g, 1, 0, "9C 9D 9H JK");
    rami_game_free(before);
    rami_game_free(g);
}

static void test_undo_chain_back_to_draw(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "5S JK 7S 6S 8S 2D", "2C 3D 4H", "KD", "KC");
    play(g, "draw");
    rami_game *drawn = sc_clone(g);
    play(g, "meld 5S JK 7S");
    play(g, "lay 8S on 1");
    play(g, "swap 6S on 1");
    play(g, "lay JK on 1");
    sc_meld_is(g, 0, 0, "JK 5S 6S 7S 8S");
    for (int i = 0; i < 4; i++)
        sc_undo(g, RAMI_OK);
    assert_true(rami__game_equal(g, drawn));
    sc_undo(g, RAMI_E_UNDO);
    rami_game_free(drawn);
    rami_game_free(g);
}

static void test_undo_refused_after_discard_or_with_nothing(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "5S 6S 7S 2D", "2C 3D 4H", "KD 9C", "KC");
    /* Draw phase: nothing to take back. */
    sc_undo(g, RAMI_E_UNDO);
    play(g, "draw");
    /* A draw is final. */
    sc_undo(g, RAMI_E_UNDO);
    play(g, "meld 5S 6S 7S");
    play(g, "discard 2D");
    /* The discard is final: the meld cannot be taken back any more. */
    assert_int_equal(rami_game_undo(g, 0), RAMI_E_TURN);
    sc_undo(g, RAMI_E_UNDO);
    play(g, "draw");
    sc_undo(g, RAMI_E_UNDO);
    play(g, "discard 9C");
    assert_int_equal(rami_game_meld_count(g), 1);
    assert_non_null(strstr(rami_strerror(RAMI_E_UNDO), "nothing to take back"));
    rami_game_free(g);
}

static void test_undo_restores_opening_progress(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "10S JS QS 7C 7D 7H 2H", "2C 3D 4H", "9H", "KC");
    play(g, "draw");
    play(g, "meld 10S JS QS");
    refuse(g, "discard 2H", RAMI_E_OPENING, "30 of 51 points laid");
    sc_undo(g, RAMI_OK);
    /* Melds laid before the opening is complete can be taken back and the
     * turn ended without opening. */
    play(g, "discard 2H");
    assert_int_equal(opened(g, 0), 0);
    rami_game_free(g);
}

static void test_undo_restores_pickup_obligation(void **state)
{
    (void)state;
    rami_ruleset rs = open0(RAMI_OPT_PICKUP_MUST_MELD, 0);
    rami_game *g = deal_from(&rs, 1, "7C 7D 2H 3S", "2C 3D 4H", "KD", "7H");
    play(g, "take");
    rami_game *taken = sc_clone(g);
    play(g, "meld 7C 7D 7H");
    assert_true(sc_listed(g, "discard 2H"));
    sc_undo(g, RAMI_OK);
    assert_true(rami__game_equal(g, taken));
    refuse(g, "discard 2H", RAMI_E_PICKUP_MELD, "7H, taken from the discard pile, must be melded");
    rami_game_free(taken);
    rami_game_free(g);
}

static void test_undo_restores_joker_replay_obligation(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "5S JK 7S 6S 2D", "2C 3D 4H", "KD", "KC");
    play(g, "draw");
    play(g, "meld 5S JK 7S");
    play(g, "swap 6S on 1");
    rami_game *swapped = sc_clone(g);
    play(g, "lay JK on 1");
    assert_true(sc_listed(g, "discard 2D"));
    sc_undo(g, RAMI_OK);
    assert_true(rami__game_equal(g, swapped));
    refuse(g, "discard 2D", RAMI_E_JOKER_REPLAY, "must be played before the discard");
    rami_game_free(swapped);
    rami_game_free(g);
}

/* ======================================================================
 * §2 DEC: no dead ends
 * ====================================================================== */

/* A meld that leaves only copies of the picked face (KEEP_PICKUP). */
static void test_dead_end_only_picked_face_left(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "9C 9D 9H 10S JS QS KS AS", "2C 3D 4H", "2C", "5D");
    play(g, "take");
    play(g, "meld 10S JS QS KS AS");
    refuse(g, "meld 9C 9D 9H", RAMI_E_PICKED,
           "after this 5D was taken from the discard pile and could not be got rid of");
    refuse(g, "discard 5D", RAMI_E_PICKED, "just taken");
    play(g, "discard 9C");
    rami_game_free(g);
}

/* The same meld is allowed when the picked card can then be played. */
static void test_dead_end_avoided_when_picked_card_playable(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "9C 9D 9H 10S JS QS KS AS 2D 3D 4D", "2C 3D 4H", "2C", "5D");
    play(g, "take");
    play(g, "meld 10S JS QS KS AS");
    play(g, "meld 2D 3D 4D");
    play(g, "meld 9C 9D 9H");
    sc_hand_is(g, 0, "5D");
    play(g, "lay 5D on 2");
    assert_int_equal(sc_result(g).reason, RAMI_END_WENT_OUT);
    rami_game_free(g);
}

/* A retrieval after which the turn could not be ended: the hand would be
 * two jokers, the face taken from the pile, which may not be discarded
 * (KEEP_PICKUP), and every table meld is full of jokers or cards. The
 * obstacle is the picked face, whether or not the joker must be replayed. */
static void test_dead_end_joker_replay(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "8C 8D 8S JK 10H JK QH KH AH 8H", "2C 3D 4H", "2C", "JK");
    play(g, "take");
    play(g, "meld 8C 8D 8S JK");
    play(g, "meld 10H JK QH KH AH");
    assert_int_equal(opened(g, 0), 1);
    sc_hand_is(g, 0, "8H JK");
    refuse(g, "swap 8H on 1", RAMI_E_PICKED,
           "after this JK was taken from the discard pile and could not be got rid of");
    refuse(g, "discard JK", RAMI_E_PICKED, "just taken");
    play(g, "discard 8H");
    rami_game_free(g);
}

/* ======================================================================
 * §3 Melds as the engine applies them to moves
 * ====================================================================== */

static void test_meld_sets_of_three_and_four(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "7C 7D 7H 9C 9D 9H 9S 2D", "2C 3D 4H", "KD", "KC");
    play(g, "draw");
    play(g, "meld 7H 7C 7D");
    rami_meld_info a = sc_meld_is(g, 0, 0, "7C 7D 7H");
    assert_int_equal(a.kind, RAMI_MELD_SET);
    assert_int_equal(a.points, 21);
    play(g, "meld 9S 9H 9D 9C");
    rami_meld_info b = sc_meld_is(g, 1, 0, "9C 9D 9H 9S");
    assert_int_equal(b.points, 36);
    rami_game_free(g);
}

static void test_meld_sets_refused(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "7S 7S 7H 7C 7D 2D", "2C 3D 4H", "KD", "KC");
    play(g, "draw");
    refuse(g, "meld 7S 7S 7H", RAMI_E_MELD, "a set cannot hold two cards of one suit");
    refuse(g, "meld 7C 7D 7H 7S 7S", RAMI_E_MELD, "a set holds at most 4 cards");
    refuse(g, "meld 7C 7D 2D", RAMI_E_MELD, "neither of one rank");
    rami_game_free(g);
}

static void test_meld_runs_and_the_ace(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "AH 2H 3H QD KD AD 7C 5C 6C 2S", "2C 3D 4H", "KS", "KC");
    play(g, "draw");
    play(g, "meld 3H AH 2H");
    rami_meld_info low = sc_meld_is(g, 0, 0, "AH 2H 3H");
    assert_int_equal(low.kind, RAMI_MELD_RUN);
    assert_int_equal(low.points, 6);
    play(g, "meld AD QD KD");
    assert_int_equal(sc_meld_is(g, 1, 0, "QD KD AD").points, 31);
    play(g, "meld 7C 5C 6C");
    assert_int_equal(sc_meld_is(g, 2, 0, "5C 6C 7C").points, 18);
    rami_game_free(g);
}

static void test_meld_runs_refused(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "KH AH 2H 5C 6C 6C 7C 8C 2D", "2C 3D 4H", "KS", "KC");
    play(g, "draw");
    refuse(g, "meld KH AH 2H", RAMI_E_MELD, "a run never wraps");
    refuse(g, "meld 5C 6C 8C", RAMI_E_MELD, "the ranks are not consecutive");
    refuse(g, "meld 5C 6C 6C 7C", RAMI_E_MELD, "a run cannot hold two cards of one rank");
    play(g, "meld 5C 6C 7C 8C");
    rami_game_free(g);
}

/* §3.2: a 13-card run takes its lowest position (A..K); nothing passes it. */
static void test_meld_thirteen_card_run(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g =
        deal_from(&rs, 1, "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS JK", "2C 3D 4H", "4D", "KC");
    play(g, "draw");
    play(g, "meld KS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS");
    rami_meld_info info = sc_meld_is(g, 0, 0, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS");
    assert_int_equal(info.points, 85);
    assert_int_equal(opened(g, 0), 1);
    refuse(g, "lay JK on 1", RAMI_E_LAYOFF, "is complete: a run cannot pass the ace");
    play(g, "discard 4D");
    rami_game_free(g);
}

/* §3.4 DEC: 13 natural cards lie A..K whatever JOKER_CHOICE says (only a
 * joker's place is chosen): "high" is refused, the meld is listed once, and
 * the table, the points and a reloaded game agree on 85 (2..A is made by
 * laying the ace off high on 2..K, test_layoff_ace_on_two_to_king). */
static void test_meld_thirteen_natural_run_ace_low(void **state)
{
    (void)state;
    const char *run = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS";
    for (int choice = 0; choice < 2; choice++) {
        rami_ruleset rs = open0(choice ? RAMI_OPT_JOKER_CHOICE : 0, RAMI_OPT_JOKER_CHOICE);
        rs.hand_size = 14;
        rami_game *g = deal_from(&rs, 1, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 5C",
                                 "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD JK", "9H 8H", "2H");
        play(g, "draw");
        refuse(g, "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS high", RAMI_E_MELD,
               "a new run of 13 natural cards lies A..K");
        assert_int_equal(sc_count_like(g, "meld 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"), 1);
        play(g, "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS low");
        assert_int_equal(sc_meld_is(g, 0, 0, run).points, 85);
        char buf[8192];
        size_t len = 0;
        assert_int_equal(rami_game_save(g, buf, sizeof buf, &len), RAMI_OK);
        rami_game *h = NULL;
        assert_int_equal(rami_game_load(buf, len, &h), RAMI_OK);
        assert_int_equal(sc_meld_is(h, 0, 0, run).points, 85);
        rami_game_free(h);
        rami_game_free(g);
    }
}

static void test_meld_joker_limit(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "JK JK 5H 6H 2D", "2C 3D 4H", "KS", "KC");
    play(g, "draw");
    refuse(g, "meld JK JK 5H 6H", RAMI_E_MELD, "a meld may hold at most 1 joker");
    rami_game_free(g);

    rs.jokers_per_meld = 2;
    g = deal_from(&rs, 1, "JK JK 5H 6H 2D", "2C 3D 4H", "KS", "KC");
    play(g, "draw");
    /* Every meld needs two natural cards, whatever jokers_per_meld allows. */
    refuse(g, "meld JK JK 5H", RAMI_E_MELD, "a meld needs at least two natural cards");
    play(g, "meld 5H JK 6H JK");
    rami_meld_info info = sc_meld_is(g, 0, 0, "JK JK 5H 6H");
    assert_int_equal(info.points, 3 + 4 + 5 + 6);
    rami_game_free(g);
}

/* §3.4 without JOKER_CHOICE: the lower place, ties to the lower rank. */
static void test_meld_joker_lower_place(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "JK 7S 8S JH QH JK 2D", "2C 3D 4H", "KS", "KC");
    play(g, "draw");
    assert_int_equal(sc_count_like(g, "meld JK 7S 8S"), 1);
    refuse(g, "meld JK 7S 8S high", RAMI_E_MELD,
           "the joker stands at the lower place: JOKER_CHOICE is off");
    play(g, "meld 8S JK 7S");
    rami_meld_info a = sc_meld_is(g, 0, 0, "JK 7S 8S");
    assert_int_equal(a.points, 21);
    assert_int_equal(a.joker_as, sc_card("6S"));
    play(g, "meld JH QH JK");
    rami_meld_info b = sc_meld_is(g, 1, 0, "JK JH QH");
    assert_int_equal(b.points, 30);
    assert_int_equal(b.joker_as, sc_card("10H"));
    rami_game_free(g);
}

/* §3.4 with JOKER_CHOICE: the player may name the high place. */
static void test_meld_joker_choice(void **state)
{
    (void)state;
    rami_ruleset rs = open0(RAMI_OPT_JOKER_CHOICE, 0);
    rami_game *g = deal_from(&rs, 1, "JK 7S 8S 2D", "2C 3D 4H", "KS", "KC");
    play(g, "draw");
    assert_true(sc_listed(g, "meld JK 7S 8S low"));
    assert_true(sc_listed(g, "meld 7S 8S JK high"));
    assert_int_equal(sc_count_like(g, "meld JK 7S 8S"), 2);
    rami_game *other = sc_clone(g);
    play(g, "meld JK 7S 8S high");
    rami_meld_info hi = sc_meld_is(g, 0, 0, "7S 8S JK");
    assert_int_equal(hi.points, 24);
    assert_int_equal(hi.joker_as, sc_card("9S"));
    play(other, "meld JK 7S 8S");
    rami_meld_info lo = sc_meld_is(other, 0, 0, "JK 7S 8S");
    assert_int_equal(lo.points, 21);
    assert_int_equal(lo.joker_as, sc_card("6S"));
    rami_game_free(other);
    rami_game_free(g);
}

/* §3.5: a joker in a 3-card set has an open suit; with 3 naturals it is the
 * missing suit. Sets list naturals by suit, jokers last. */
static void test_set_joker_suit(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "9H 9D 9C JK 2D", "2C 3D 4H", "KS", "KC");
    play(g, "draw");
    play(g, "meld JK 9D 9C");
    rami_meld_info a = sc_meld_is(g, 0, 0, "9C 9D JK");
    assert_int_equal(a.joker_as, RAMI_CARD(9, RAMI_SUIT_ANY));
    assert_int_equal(a.points, 27);
    play(g, "lay 9H on 1");
    rami_meld_info b = sc_meld_is(g, 0, 0, "9C 9D 9H JK");
    assert_int_equal(b.joker_as, sc_card("9S"));
    assert_int_equal(b.points, 36);
    rami_game_free(g);
}

/* ======================================================================
 * §6.1 Lay-offs
 * ====================================================================== */

static void test_layoff_run_both_ends(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "5S 6S 7S 4S 8S 10S 2D", "2C 3D 4H", "9C", "KC");
    play(g, "draw");
    play(g, "meld 5S 6S 7S");
    play(g, "lay 4S on 1");
    sc_meld_is(g, 0, 0, "4S 5S 6S 7S");
    play(g, "lay 8S on 1");
    sc_meld_is(g, 0, 0, "4S 5S 6S 7S 8S");
    refuse(g, "lay 10S on 1", RAMI_E_LAYOFF, "10S does not fit either end of 4S 5S 6S 7S 8S");
    refuse(g, "lay 2D on 1", RAMI_E_LAYOFF, "2D does not fit 4S 5S 6S 7S 8S: wrong suit");
    refuse(g, "lay 10S on 2", RAMI_E_ARG, "there is no table meld 2");
    play(g, "discard 2D");
    rami_game_free(g);
}

static void test_layoff_set_fourth_card(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "9C 9D 9H 9S 9C 8C 2D", "2C 3D 4H", "KC", "KD");
    play(g, "draw");
    play(g, "meld 9C 9D 9H");
    refuse(g, "lay 9C on 1", RAMI_E_LAYOFF, "a set cannot hold two cards of one suit");
    refuse(g, "lay 8C on 1", RAMI_E_LAYOFF, "8C does not fit 9C 9D 9H: wrong rank");
    refuse(g, "lay 9S on 1 high", RAMI_E_LAYOFF, "a set has no ends to choose");
    play(g, "lay 9S on 1");
    sc_meld_is(g, 0, 0, "9C 9D 9H 9S");
    refuse(g, "lay 9C on 1", RAMI_E_LAYOFF, "9C 9D 9H 9S: a set holds at most 4 cards");
    play(g, "discard 2D");
    rami_game_free(g);
}

static void test_layoff_nothing_past_high_ace(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "QH KH AH 2H JH 5D", "2C 3D 4H", "9C", "KC");
    play(g, "draw");
    play(g, "meld QH KH AH");
    refuse(g, "lay 2H on 1", RAMI_E_LAYOFF, "2H does not fit either end of QH KH AH");
    play(g, "lay JH on 1");
    sc_meld_is(g, 0, 0, "JH QH KH AH");
    rami_game_free(g);
}

static void test_layoff_nothing_below_low_ace(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "AH 2H 3H KH 4H 5D", "2C 3D 4H", "9C", "KC");
    play(g, "draw");
    play(g, "meld AH 2H 3H");
    refuse(g, "lay KH on 1", RAMI_E_LAYOFF, "KH does not fit either end of AH 2H 3H");
    play(g, "lay 4H on 1");
    sc_meld_is(g, 0, 0, "AH 2H 3H 4H");
    rami_game_free(g);
}

/* §6.1 DEC: an ace on 2..K goes low unless the move names high; listed twice. */
static void test_layoff_ace_on_two_to_king(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g =
        deal_from(&rs, 1, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 5D", "2C 3D 4H", "4C", "KC");
    play(g, "draw");
    play(g, "meld 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS");
    assert_int_equal(opened(g, 0), 1);
    assert_true(sc_listed(g, "lay AS on 1 low"));
    assert_true(sc_listed(g, "lay AS on 1 high"));
    assert_int_equal(sc_count_like(g, "lay AS on 1"), 2);
    rami_game *high = sc_clone(g);
    play(g, "lay AS on 1");
    rami_meld_info lo = sc_meld_is(g, 0, 0, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS");
    assert_int_equal(lo.points, 85);
    play(high, "lay AS on 1 high");
    rami_meld_info hi = sc_meld_is(high, 0, 0, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS");
    assert_int_equal(hi.points, 84 + 11);
    rami_game_free(high);
    rami_game_free(g);
}

static void test_layoff_joker_lower_free_place(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "5S 6S 7S JK QH KH AH JK 2D", "2C 3D 4H", "9C", "KC");
    play(g, "draw");
    play(g, "meld 5S 6S 7S");
    play(g, "meld QH KH AH");
    assert_int_equal(sc_count_like(g, "lay JK on 1"), 1);
    play(g, "lay JK on 1");
    assert_int_equal(sc_meld_is(g, 0, 0, "JK 5S 6S 7S").joker_as, sc_card("4S"));
    play(g, "lay JK on 2");
    assert_int_equal(sc_meld_is(g, 1, 0, "JK QH KH AH").joker_as, sc_card("JH"));
    rami_game_free(g);
}

static void test_layoff_joker_high_when_low_ace_blocks(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "AS 2S 3S JK 2D", "2C 3D 4H", "9C", "KC");
    play(g, "draw");
    play(g, "meld AS 2S 3S");
    play(g, "lay JK on 1");
    rami_meld_info info = sc_meld_is(g, 0, 0, "AS 2S 3S JK");
    assert_int_equal(info.joker_as, sc_card("4S"));
    assert_int_equal(info.points, 1 + 2 + 3 + 4);
    rami_game_free(g);
}

static void test_layoff_joker_refused_on_meld_with_joker(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "5S JK 7S 9C 9D JK JK 2D", "2C 3D 4H", "KC", "KD");
    play(g, "draw");
    play(g, "meld 5S JK 7S");
    play(g, "meld 9C 9D JK");
    refuse(g, "lay JK on 1", RAMI_E_LAYOFF, "5S JK 7S already holds 1 joker, the most a meld may");
    refuse(g, "lay JK on 2", RAMI_E_LAYOFF, "9C 9D JK already holds 1 joker");
    rami_game_free(g);

    /* jokers_per_meld 2 makes room for the second. */
    rs.jokers_per_meld = 2;
    g = deal_from(&rs, 1, "5S JK 7S JK 2D", "2C 3D 4H", "KC", "KD");
    play(g, "draw");
    play(g, "meld 5S JK 7S");
    play(g, "lay JK on 1");
    sc_meld_is(g, 0, 0, "JK 5S JK 7S");
    rami_game_free(g);
}

/* JOKER_CHOICE off: a joker lay-off names no end of its own. */
static void test_layoff_joker_choice_off(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "5S 6S 7S JK 2D", "2C 3D 4H", "KC", "KD");
    play(g, "draw");
    play(g, "meld 5S 6S 7S");
    assert_int_equal(sc_count_like(g, "lay JK on 1"), 1);
    assert_true(sc_listed(g, "lay JK on 1"));
    refuse(g, "lay JK on 1 high", RAMI_E_LAYOFF,
           "the joker goes to the lower free place of 5S 6S 7S: JOKER_CHOICE is off");
    /* Naming the automatic place is an equivalent form. */
    play(g, "lay JK on 1 low");
    sc_meld_is(g, 0, 0, "JK 5S 6S 7S");
    rami_game_free(g);
}

static void test_layoff_joker_choice_on(void **state)
{
    (void)state;
    rami_ruleset rs = open0(RAMI_OPT_JOKER_CHOICE, 0);
    rami_game *g = deal_from(&rs, 1, "5S 6S 7S QH KH AH JK 2D", "2C 3D 4H", "KC", "KD");
    play(g, "draw");
    play(g, "meld 5S 6S 7S");
    play(g, "meld QH KH AH");
    assert_true(sc_listed(g, "lay JK on 1 low"));
    assert_true(sc_listed(g, "lay JK on 1 high"));
    assert_int_equal(sc_count_like(g, "lay JK on 1"), 2);
    /* Only one end free: one move, and the other end is refused. */
    assert_int_equal(sc_count_like(g, "lay JK on 2"), 1);
    refuse(g, "lay JK on 2 high", RAMI_E_LAYOFF, "JK does not fit the high end of QH KH AH");
    rami_game *low = sc_clone(g);
    play(g, "lay JK on 1 high");
    assert_int_equal(sc_meld_is(g, 0, 0, "5S 6S 7S JK").joker_as, sc_card("8S"));
    play(low, "lay JK on 1 low");
    assert_int_equal(sc_meld_is(low, 0, 0, "JK 5S 6S 7S").joker_as, sc_card("4S"));
    rami_game_free(low);
    rami_game_free(g);
}

/* A joker laid on a 3-card set stands for the missing suit. */
static void test_layoff_joker_on_set(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "9C 9D 9H JK 9S 2D", "2C 3D 4H", "KC", "KD");
    play(g, "draw");
    play(g, "meld 9C 9D 9H");
    play(g, "lay JK on 1");
    rami_meld_info info = sc_meld_is(g, 0, 0, "9C 9D 9H JK");
    assert_int_equal(info.joker_as, sc_card("9S"));
    /* The place of 9S is taken: it can only be given in a retrieval. */
    refuse(g, "lay 9S on 1", RAMI_E_LAYOFF, "a set holds at most 4 cards");
    assert_true(sc_listed(g, "swap 9S on 1"));
    rami_game_free(g);
}

/* LAYOFF_OTHERS on: another player's meld may be extended and robbed. */
static void test_layoff_others_on(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "5S JK 7S 2D", "6S 8S KC KD KH 3D", "9C 4C", "KS");
    play(g, "draw");
    play(g, "meld 5S JK 7S");
    play(g, "discard 2D");
    play(g, "draw");
    play(g, "meld KC KD KH");
    play(g, "lay 8S on 1");
    play(g, "swap 6S on 1");
    play(g, "lay JK on 1");
    sc_meld_is(g, 0, 0, "JK 5S 6S 7S 8S"); /* still seat 0's meld */
    play(g, "discard 3D");
    rami_game_free(g);
}

/* Closed rami (LAYOFF_OTHERS off): only one's own melds may be touched. */
static void test_closed_rami(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, RAMI_OPT_LAYOFF_OTHERS);
    rami_game *g = deal_from(&rs, 1, "5S JK 7S 2D", "6S 8S KC KD KH KS 3D", "9C 4C", "QS");
    play(g, "draw");
    play(g, "meld 5S JK 7S");
    play(g, "discard 2D");
    play(g, "draw");
    play(g, "meld KC KD KH");
    refuse(g, "lay 8S on 1", RAMI_E_CLOSED,
           "closed rami: meld 1 belongs to seat 0, only your own melds may be touched");
    refuse(g, "swap 6S on 1", RAMI_E_CLOSED, "closed rami: meld 1 belongs to seat 0");
    play(g, "lay KS on 2");
    play(g, "discard 3D");
    rami_game_free(g);
}

/* ======================================================================
 * §6.2 Joker retrieval (JOKER_SWAP)
 * ====================================================================== */

static void test_swap_run_exact_card_only(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "5S JK 7S 6S 4S 2D", "2C 3D 4H", "KC", "KD");
    play(g, "draw");
    play(g, "meld 5S JK 7S");
    assert_int_equal(sc_meld_is(g, 0, 0, "5S JK 7S").joker_as, sc_card("6S"));
    refuse(g, "swap 4S on 1", RAMI_E_SWAP, "no joker of 5S JK 7S stands for 4S");
    refuse(g, "swap JK on 1", RAMI_E_SWAP, "a joker is retrieved with the card it stands for");
    assert_int_equal(sc_count_like(g, "swap 6S on 1"), 1);
    play(g, "swap 6S on 1");
    sc_meld_is(g, 0, 0, "5S 6S 7S");
    sc_hand_is(g, 0, "4S 2D KC JK");
    refuse(g, "swap 4S on 1", RAMI_E_SWAP, "5S 6S 7S holds no joker");
    rami_game_free(g);
}

static void test_swap_set_needs_three_naturals(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "9C 9D JK 9H 9S 9C 2D", "2C 3D 4H", "KD", "KC");
    play(g, "draw");
    play(g, "meld 9C 9D JK");
    refuse(g, "swap 9H on 1", RAMI_E_SWAP,
           "the joker of 9C 9D JK can be retrieved only when the set holds 3 natural cards");
    play(g, "lay 9H on 1");
    refuse(g, "swap 9C on 1", RAMI_E_SWAP, "no joker of 9C 9D 9H JK stands for 9C");
    play(g, "swap 9S on 1");
    sc_meld_is(g, 0, 0, "9C 9D 9H 9S");
    rami_game_free(g);
}

/* §6.2 DEC with jokers_per_meld 2: each run joker by the card of its own
 * place; a set with two jokers gives none back. */
static void test_swap_two_jokers_per_meld(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rs.jokers_per_meld = 2;
    rami_game *g = deal_from(&rs, 1, "5S JK JK 8S 9C 9D JK JK 7S 6S 9H 2D", "2C 3D 4H", "KD", "KC");
    play(g, "draw");
    play(g, "meld 5S JK JK 8S");
    play(g, "meld 9C 9D JK JK");
    refuse(g, "swap 9H on 2", RAMI_E_SWAP, "only when the set holds 3 natural cards");
    play(g, "swap 7S on 1");
    sc_meld_is(g, 0, 0, "5S JK 7S 8S");
    play(g, "swap 6S on 1");
    sc_meld_is(g, 0, 0, "5S 6S 7S 8S");
    rami_game_free(g);
}

static void test_swap_option_off(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, RAMI_OPT_JOKER_SWAP);
    rami_game *g = deal_from(&rs, 1, "5S JK 7S 6S 2D", "2C 3D 4H", "KD", "KC");
    play(g, "draw");
    play(g, "meld 5S JK 7S");
    refuse(g, "swap 6S on 1", RAMI_E_SWAP, "joker retrieval is off in this ruleset");
    play(g, "discard 2D");
    rami_game_free(g);
}

/* ======================================================================
 * §6.3 JOKER_REPLAY
 * ====================================================================== */

static void test_joker_replay_discard_refused_while_playable(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "5S JK 7S 6S 2D", "2C 3D 4H", "KD", "KC");
    play(g, "draw");
    play(g, "meld 5S JK 7S");
    play(g, "swap 6S on 1");
    refuse(g, "discard 2D", RAMI_E_JOKER_REPLAY,
           "the retrieved joker can be played and must be played before the discard");
    refuse(g, "discard JK", RAMI_E_JOKER_REPLAY, "must be played before the discard");
    play(g, "lay JK on 1");
    play(g, "discard 2D");
    rami_game_free(g);
}

static void test_joker_replay_discard_allowed_when_unplayable(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "9C 9D 9H JK 9S 2D", "2C 3D 4H", "KD", "KC");
    play(g, "draw");
    play(g, "meld 9C 9D 9H JK");
    play(g, "swap 9S on 1");
    /* The full set takes no joker and two naturals for a new meld are missing. */
    assert_int_equal(sc_count_like(g, "lay JK on 1"), 0);
    assert_true(sc_listed(g, "discard JK"));
    play(g, "discard 2D");
    rami_game_free(g);
}

/* A new meld holding the joker also plays it. */
static void test_joker_replay_settled_by_meld(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "5S JK 7S 6S KH KD 2D", "2C 3D 4H", "9C", "KC");
    play(g, "draw");
    play(g, "meld 5S JK 7S");
    play(g, "swap 6S on 1");
    refuse(g, "discard 2D", RAMI_E_JOKER_REPLAY, "must be played before the discard");
    play(g, "meld KH KD JK");
    play(g, "discard 2D");
    rami_game_free(g);
}

static void test_joker_replay_off(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, RAMI_OPT_JOKER_REPLAY);
    rami_game *g = deal_from(&rs, 1, "5S JK 7S 6S 2D", "2C 3D 4H", "KD", "KC");
    play(g, "draw");
    play(g, "meld 5S JK 7S");
    play(g, "swap 6S on 1");
    assert_true(sc_listed(g, "lay JK on 1"));
    play(g, "discard JK");
    rami_game_free(g);
}

/* §6.3 DEC: jokers are one face; any joker played settles the retrieved one. */
static void test_joker_replay_held_joker_may_go_after(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "5S JK 7S 6S JK 2D", "2C 3D 4H", "KD", "KC");
    play(g, "draw");
    play(g, "meld 5S JK 7S");
    play(g, "swap 6S on 1");
    refuse(g, "discard JK", RAMI_E_JOKER_REPLAY, "must be played before the discard");
    play(g, "lay JK on 1");
    sc_hand_is(g, 0, "2D KD JK");
    play(g, "discard JK");
    rami_game_free(g);
}

/* Issue 11 §1: a retrieved joker that can be replayed (meld JK 5H 6H)
 * may not be dodged by a play that leaves it no play (lay 5H on 4): the
 * rule refuses that play, not only the discard. */
static void test_joker_replay_not_dodged_by_a_play(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "KC KD KH KS QC QD QH QS 9S 5H 6H 8D 8C",
                             "9C 9D 9H JK JK 3H 4H JS QS KS JK 7D 8H", "10D 4C 3S 4S", "3C");
    play(g, "draw");
    play(g, "meld KC KD KH KS");
    play(g, "meld QC QD QH QS");
    play(g, "discard 8D");
    play(g, "draw");
    play(g, "meld 9C 9D 9H JK");
    play(g, "meld JK 3H 4H");
    play(g, "meld JS QS KS JK");
    play(g, "discard 4C");
    play(g, "draw");
    play(g, "swap 9S on 3");
    refuse(g, "discard 3S", RAMI_E_JOKER_REPLAY, "must be played before the discard");
    refuse(g, "lay 5H on 4", RAMI_E_JOKER_REPLAY,
           "the retrieved joker can be played now and must be played this turn: after this it "
           "could not be");
    play(g, "meld JK 5H 6H");
    play(g, "discard 3S");
    rami_game_free(g);
}

/* Two retrieved jokers: each joker played settles one; while one is
 * pending and can be played, the discard waits. A retrieval while another
 * joker is pending is a move that plays no joker: it may not take the
 * pending joker's last play away (here by giving 3D, which JK 2D 3D
 * needs). */
static void test_joker_replay_two_retrieved(void **state)
{
    (void)state;
    rami_ruleset rs = open0(0, 0);
    rami_game *g = deal_from(&rs, 1, "9C 9D 9H JK 3C 3H 3S JK 9S 3D 2D KC", "2C 3D 4H", "5C", "KD");
    play(g, "draw");
    play(g, "meld 9C 9D 9H JK");
    play(g, "meld 3C 3H 3S JK");
    play(g, "swap 9S on 1");
    refuse(g, "swap 3D on 2", RAMI_E_JOKER_REPLAY, "after this it could not be");
    refuse(g, "discard KC", RAMI_E_JOKER_REPLAY, "must be played before the discard");
    play(g, "meld JK 2D 3D");
    play(g, "discard KC");
    rami_game_free(g);

    /* Two pending: after the first is played the second still must be. */
    g = deal_from(&rs, 1, "9C 9D 9H JK 5S JK 7S 9S 6S 2D 3D KC", "2C 3D 4H", "5C", "KD");
    play(g, "draw");
    play(g, "meld 9C 9D 9H JK");
    play(g, "meld 5S JK 7S");
    play(g, "swap 9S on 1");
    play(g, "swap 6S on 2");
    sc_hand_is(g, 0, "2D 3D KC 5C JK JK");
    refuse(g, "discard KC", RAMI_E_JOKER_REPLAY, "must be played before the discard");
    play(g, "lay JK on 2");
    refuse(g, "discard KC", RAMI_E_JOKER_REPLAY, "must be played before the discard");
    play(g, "meld JK 2D 3D");
    play(g, "discard KC");
    rami_game_free(g);
}

/* Issue 11 §2: the four melds are worth 53 only together, and leave 8C,
 * taken from the pile, which may not be discarded but can be laid off on
 * 5C 6C 7C once the opening is complete (lay-offs are allowed in the
 * opening turn): every step is legal. */
static void test_opening_completed_by_a_layoff(void **state)
{
    (void)state;
    rami_game *g = sc_opening_needs_layoff();
    play(g, "meld 2D 3D 4D");
    refuse(g, "discard 8C", RAMI_E_OPENING, "the opening is not complete: 9 of 51 points laid");
    play(g, "meld 2S 3S 4S");
    play(g, "meld 2C 3C 4C");
    play(g, "meld 5H 6H 7H 8H");
    assert_int_equal(opened(g, 0), 1);
    refuse(g, "discard 8C", RAMI_E_PICKED, "just taken");
    play(g, "lay 8C on 1");
    assert_int_equal(sc_result(g).reason, RAMI_END_WENT_OUT);
    rami_game_free(g);

    /* Without a run for 8C the same meld is a dead end, and the reason
     * says why: not the points, which can be laid, but 8C. */
    rami_ruleset rs = ref();
    g = deal_from(&rs, 0, "2D 3D 4D 2S 3S 4S 2C 3C 4C 5H 6H 7H 8H",
                  "5C 6C 7C JS QS KS 9H 9D 9S 8C KD 2H 10C", "QD AD 6D", "10H");
    play(g, "draw");
    play(g, "meld JS QS KS");
    play(g, "meld 9D 9H 9S");
    play(g, "discard 8C");
    play(g, "take");
    refuse(g, "meld 2D 3D 4D", RAMI_E_PICKED,
           "after this 8C was taken from the discard pile and could not be got rid of");
    play(g, "discard 8H");
    rami_game_free(g);
}

/* PICKUP_MUST_MELD before the opening: the card taken may be laid off once
 * the opening is complete in the same turn (OPEN_TURN_LAYOFF). */
static void test_pickup_must_meld_laid_off_after_opening(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules_opts(RAMI_PRESET_40, 2, RAMI_OPT_PICKUP_MUST_MELD, 0);
    rami_game *g =
        deal_from(&rs, 0, "KC KD KS 3S 4S 5S 9C 2D", "JH QH KH 9D 9S 9C 10H 2C", "4C 7D", "5D");
    play(g, "draw");
    play(g, "meld JH QH KH");
    play(g, "meld 9C 9D 9S");
    play(g, "discard 10H");
    play(g, "take");
    refuse(g, "discard 9C", RAMI_E_PICKUP_MELD, "10H, taken from the discard pile, must be melded");
    play(g, "meld KC KD KS");
    play(g, "meld 3S 4S 5S");
    play(g, "lay 10H on 1");
    play(g, "discard 9C");
    rami_game_free(g);

    /* Without OPEN_TURN_LAYOFF the lay-off would come a turn too late. */
    rs.options &= ~RAMI_OPT_OPEN_TURN_LAYOFF;
    g = deal_from(&rs, 0, "KC KD KS 3S 4S 5S 9C 2D", "JH QH KH 9D 9S 9C 10H 2C", "4C 7D", "5D");
    play(g, "draw");
    play(g, "meld JH QH KH");
    play(g, "meld 9C 9D 9S");
    play(g, "discard 10H");
    refuse(g, "take", RAMI_E_PICKUP_MELD, "10H would have to be melded or laid off this turn");
    rami_game_free(g);
}

/* PICKUP_MUST_MELD: a play that makes the card taken playable may come
 * first. 2H has no play after "lay JK on 3" (JK = 4H), but 3H then 2H can
 * be laid on the run. */
static void test_pickup_must_meld_other_play_first(void **state)
{
    (void)state;
    rami_ruleset rs = ref_opts(RAMI_OPT_PICKUP_MUST_MELD, 0);
    rami_game *g = deal_from(&rs, 1, "KC KD KH QC QD QH 5H 6H 7H 3H JK 4D 9C",
                             "2C 3C 8S 9S 10D JD 4S 6C 8D 10S AD 5S 2H", "9D 7S AS", "10H");
    play(g, "draw");
    play(g, "meld KC KD KH");
    play(g, "meld QC QD QH");
    play(g, "meld 5H 6H 7H");
    play(g, "discard 9C");
    play(g, "draw");
    play(g, "discard 2H");
    play(g, "take");
    play(g, "lay JK on 3");
    play(g, "lay 3H on 3");
    play(g, "lay 2H on 3");
    play(g, "discard 4D");
    rami_game_free(g);
}

/* A meld that empties the hand before the opening is complete is refused
 * (going out needs the opening), with or without GO_OUT_BY_MELD. */
static void test_going_out_needs_the_opening(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g =
        deal_from(&rs, 1, "JK 2H", "5C 6C 7C JS QS KS 9H 9D 9S 8C KD 2H 10C", "3H AD 6D", "10H");
    play(g, "draw");
    refuse(g, "meld JK 2H 3H", RAMI_E_OPENING,
           "these are your last cards: going out needs the opening complete (6 of 51 points "
           "laid)");
    play(g, "discard 3H");
    rami_game_free(g);

    /* 40 points, but OPEN_PURE_RUN wants a run without joker. */
    rs = ref_opts(RAMI_OPT_OPEN_PURE_RUN, 0);
    rs.opening_points = 20;
    g = deal_from(&rs, 1, "JK 7H 8H 9H", "5C 6C 7C JS QS KS 9H 9D 9S 8C KD 2H 10C", "10H AD 6D",
                  "10C");
    play(g, "draw");
    refuse(g, "meld JK 7H 8H 9H 10H", RAMI_E_OPENING, "these are your last cards");
    play(g, "meld 7H 8H 9H 10H");
    play(g, "discard JK");
    rami_game_free(g);
}

/* A retrieval is refused when no way to end the turn would remain: strict
 * rami, and the joker taken from the pile (KEEP_PICKUP) may not be
 * discarded: "swap KS on 1" would leave JK JK. */
static void test_swap_into_a_dead_end_refused(void **state)
{
    (void)state;
    rami_ruleset rs =
        ref_opts(0, RAMI_OPT_GO_OUT_BY_MELD | RAMI_OPT_JOKER_REPLAY | RAMI_OPT_OPEN_TURN_LAYOFF);
    rami_game *g = deal_from(&rs, 1, "KC KD KH JK QC QD QH KS",
                             "2C 3C 8S 9S 10D JD 4S 6C 8D 10S AD 5S JK", "2S 7S AS", "10H");
    play(g, "draw");
    play(g, "meld KC KD KH JK");
    play(g, "meld QC QD QH");
    play(g, "discard 2S");
    play(g, "draw");
    play(g, "discard JK");
    play(g, "take");
    refuse(g, "swap KS on 1", RAMI_E_PICKED,
           "after this JK was taken from the discard pile and could not be got rid of");
    play(g, "discard KS");
    rami_game_free(g);
}

/* ======================================================================
 * House rules (issue 11): jokers that may not be discarded, the Finnish
 * take-back of a set's joker
 * ====================================================================== */

/* NO_JOKER_DISCARD: no joker goes to the discard pile while the hand holds
 * another card; a hand of jokers only may discard one (DEC). */
static void test_no_joker_discard(void **state)
{
    (void)state;
    rami_ruleset rs = open0(RAMI_OPT_NO_JOKER_DISCARD, 0);
    rami_game *g = deal_from(&rs, 1, "5S 6S 7S JK 2D", "2C 3D 4H", "KD", "KC");
    play(g, "draw");
    refuse(g, "discard JK", RAMI_E_JOKER_DISCARD,
           "house rule: a joker may not be discarded while you hold another card");
    assert_false(sc_listed(g, "discard JK"));
    play(g, "discard 2D");
    rami_game_free(g);

    g = deal_from(&rs, 1, "JK", "2C 3D 4H", "JK 5C", "KC");
    play(g, "draw");
    play(g, "discard JK"); /* only jokers in hand */
    rami_game_free(g);

    /* Taking KD would leave JK and the face taken (KEEP_PICKUP): no card
     * could be discarded. Without the house rule the joker could go. */
    g = deal_from(&rs, 1, "JK", "2C 3D 4H", "5C", "KD");
    refuse(g, "take", RAMI_E_PICKUP,
           "after taking KD you would have no card you may discard (a joker may not be "
           "discarded here)");
    play(g, "draw");
    rami_game_free(g);
    rs = open0(0, 0);
    g = deal_from(&rs, 1, "JK", "2C 3D 4H", "5C", "KD");
    play(g, "take");
    play(g, "discard JK");
    rami_game_free(g);
}

/* NO_JOKER_OUT: the last card may not be a discarded joker. A lay-off
 * that would leave only a joker without a place on the table is a dead
 * end; going out by a meld with a joker is fine. */
static void test_no_joker_out(void **state)
{
    (void)state;
    rami_ruleset rs = open0(RAMI_OPT_NO_JOKER_OUT, 0);
    rami_game *g = deal_from(&rs, 1, "5C JK 7C JK 8C", "2C 3D 4H", "9C", "KD");
    play(g, "draw");
    play(g, "meld 5C JK 7C");
    play(g, "lay 8C on 1");
    refuse(g, "lay 9C on 1", RAMI_E_JOKER_DISCARD,
           "after this the cards left could not be got rid of: a joker may not be discarded");
    play(g, "discard 9C"); /* the joker stays: not the last card discarded */
    sc_hand_is(g, 0, "JK");
    rami_game_free(g);

    g = deal_from(&rs, 1, "5C JK 7C JK 8C", "2C 3D 4H", "9C", "KD");
    play(g, "draw");
    play(g, "meld 5C JK 7C");
    play(g, "meld JK 8C 9C"); /* out by a meld */
    assert_int_equal(sc_result(g).reason, RAMI_END_WENT_OUT);
    rami_game_free(g);

    rs = open0(0, 0);
    g = deal_from(&rs, 1, "5C JK 7C JK 8C", "2C 3D 4H", "9C", "KD");
    play(g, "draw");
    play(g, "meld 5C JK 7C");
    play(g, "lay 8C on 1");
    play(g, "lay 9C on 1");
    play(g, "discard JK");
    assert_int_equal(sc_result(g).reason, RAMI_END_WENT_OUT);
    rami_game_free(g);
}

/* A dead end made by NO_JOKER_OUT before any joker is in hand: after
 * "lay 10D on 1" the card taken, 10C, must be played and may not be
 * discarded; its only play is to retrieve the joker, which then could not
 * go as the last card. The status names the house rule (rules.md §2,
 * "which status" 1.3: without it the turn could be finished), as it does
 * with the joker in hand. Found by the oracle's differential test. */
static void test_no_joker_out_after_retrieval(void **state)
{
    (void)state;
    uint32_t on = RAMI_OPT_KEEP_PICKUP | RAMI_OPT_PICKUP_MUST_MELD | RAMI_OPT_JOKER_SWAP;
    uint32_t off = RAMI_OPT_GO_OUT_BY_MELD | RAMI_OPT_JOKER_REPLAY | RAMI_OPT_NO_JOKER_DISCARD |
                   RAMI_OPT_SET_SWAP_ANY;
    for (int house = 1; house >= 0; house--) {
        rami_ruleset rs = open0(on | (house ? RAMI_OPT_NO_JOKER_OUT : 0u),
                                off | (house ? 0u : RAMI_OPT_NO_JOKER_OUT));
        rami_game *g = deal_from(&rs, 1, "10S 10H JK 10D", "2C 3D 4H 10C", "KD 9S 5S", "QD");
        play(g, "draw");
        play(g, "meld 10S 10H JK");
        play(g, "discard KD");
        play(g, "draw");
        play(g, "discard 10C");
        play(g, "take");
        if (house) {
            refuse(g, "lay 10D on 1", RAMI_E_JOKER_DISCARD,
                   "after this the cards left could not be got rid of: a joker may not be "
                   "discarded");
            play(g, "lay 10C on 1"); /* the joker stands for 10D: 10D is left to discard */
            play(g, "discard 10D");
        } else {
            play(g, "lay 10D on 1");
            play(g, "swap 10C on 1");
            play(g, "discard JK");
        }
        assert_int_equal(sc_result(g).reason, RAMI_END_WENT_OUT);
        rami_game_free(g);
    }
}

/* SET_SWAP_ANY (the Finnish preset): the holder of a natural of the set's
 * rank whose suit it lacks takes the joker back, leaving a set of three
 * naturals; the app's rule (bit off) needs three naturals first. The
 * joker must then be replayed (JOKER_REPLAY stays in the preset). */
static void test_set_swap_any(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_FINNISH, 2);
    assert_true(rs.options & RAMI_OPT_SET_SWAP_ANY);
    rs.opening_points = 0;
    rami_game *g =
        deal_from(&rs, 1, "4S 5S 6S 7H 2D 9C", "7C 7D JK 3H 8D", "KD KC QD QC 10D", "2H");
    play(g, "draw");
    play(g, "meld 4S 5S 6S");
    play(g, "discard KD");
    play(g, "draw");
    play(g, "meld 7C 7D JK");
    play(g, "discard KC");
    play(g, "draw");
    refuse(g, "swap 9C on 2", RAMI_E_SWAP, "no joker of 7C 7D JK stands for 9C");
    play(g, "swap 7H on 2");
    sc_meld_is(g, 1, 1, "7C 7D 7H");
    refuse(g, "discard 2D", RAMI_E_JOKER_REPLAY, "must be played before the discard");
    play(g, "lay JK on 1");
    play(g, "discard 2D");
    rami_game_free(g);

    /* The app's rule: a set of two naturals and a joker keeps it. */
    rs.options &= ~RAMI_OPT_SET_SWAP_ANY;
    g = deal_from(&rs, 1, "4S 5S 6S 7H 2D 9C", "7C 7D JK 3H 8D", "KD KC QD QC 10D", "2H");
    play(g, "draw");
    play(g, "meld 4S 5S 6S");
    play(g, "discard KD");
    play(g, "draw");
    play(g, "meld 7C 7D JK");
    play(g, "discard KC");
    play(g, "draw");
    refuse(g, "swap 7H on 2", RAMI_E_SWAP,
           "can be retrieved only when the set holds 3 natural cards");
    rami_game_free(g);
}

/* ======================================================================
 * §6 PICKUP_MUST_MELD
 * ====================================================================== */

static void test_pickup_must_meld_take_refused(void **state)
{
    (void)state;
    rami_ruleset rs = ref_opts(RAMI_OPT_PICKUP_MUST_MELD, 0);
    rami_game *g = deal_from(&rs, 1, "10S JS QS KS AS 2H 9C", "2C 3D 4H", "KD", "7D");
    refuse(g, "take", RAMI_E_PICKUP_MELD,
           "7D would have to be melded or laid off this turn (with the opening), and your hand "
           "cannot do that");
    play(g, "draw");
    rami_game_free(g);

    /* Before opening the card must be in an opening: 7C 7D 7H is only 21. */
    g = deal_from(&rs, 1, "7C 7D 2H 3S", "2C 3D 4H", "KD", "7H");
    refuse(g, "take", RAMI_E_PICKUP_MELD,
           "7H would have to be melded or laid off this turn (with the opening)");
    rami_game_free(g);
}

static void test_pickup_must_meld_off(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "10S JS QS KS AS 2H 9C", "2C 3D 4H", "KD", "7D");
    play(g, "take");
    play(g, "discard 2H");
    rami_game_free(g);
}

static void test_pickup_must_meld_discard_until_played(void **state)
{
    (void)state;
    rami_ruleset rs = ref_opts(RAMI_OPT_PICKUP_MUST_MELD, 0);
    rami_game *g = deal_from(&rs, 1, "10S JS QS KS 7C 7D 2H", "2C 3D 4H", "KD", "7H");
    play(g, "take");
    refuse(g, "discard 2H", RAMI_E_PICKUP_MELD,
           "7H, taken from the discard pile, must be melded or laid off before you discard");
    play(g, "meld 10S JS QS KS");
    play(g, "meld 7C 7D 7H");
    assert_int_equal(opened(g, 0), 1);
    play(g, "discard 2H");
    rami_game_free(g);
}

/* No dead end: a meld after which the picked card could not be played. */
static void test_pickup_must_meld_dead_end(void **state)
{
    (void)state;
    rami_ruleset rs = ref_opts(RAMI_OPT_PICKUP_MUST_MELD, 0);
    rami_game *g = deal_from(&rs, 1, "10S JS QS KS AS 8H 9H 9C 9D", "2C 3D 4H", "KD", "7H");
    play(g, "take");
    play(g, "meld 10S JS QS KS AS");
    refuse(g, "meld 9C 9D 9H", RAMI_E_PICKUP_MELD,
           "after this 7H, taken from the discard pile, could not be melded or laid off");
    play(g, "meld 7H 8H 9H");
    play(g, "discard 9C");
    rami_game_free(g);
}

/* After opening, a lay-off of the picked card plays it. */
static void test_pickup_must_meld_layoff_plays_it(void **state)
{
    (void)state;
    rami_ruleset rs = open0(RAMI_OPT_PICKUP_MUST_MELD, 0);
    rami_game *g = deal_from(&rs, 1, "5S 6S 7S 2D", "3C 4C 8S", "9C KD", "QH");
    play(g, "draw");
    play(g, "meld 5S 6S 7S");
    play(g, "discard 2D");
    play(g, "draw");
    play(g, "discard 8S");
    play(g, "take");
    refuse(g, "discard 9C", RAMI_E_PICKUP_MELD, "8S, taken from the discard pile, must be melded");
    play(g, "lay 8S on 1");
    play(g, "discard 9C");
    rami_game_free(g);
}

/* Giving the picked card in a retrieval plays it. */
static void test_pickup_must_meld_swap_plays_it(void **state)
{
    (void)state;
    rami_ruleset rs = open0(RAMI_OPT_PICKUP_MUST_MELD, RAMI_OPT_JOKER_REPLAY);
    rami_game *g = deal_from(&rs, 1, "5S JK 7S 2D", "6S 3C 4C", "9C KD", "QH");
    play(g, "draw");
    play(g, "meld 5S JK 7S");
    play(g, "discard 2D");
    play(g, "draw");
    play(g, "discard 6S");
    play(g, "take");
    refuse(g, "discard 9C", RAMI_E_PICKUP_MELD, "6S, taken from the discard pile, must be melded");
    play(g, "swap 6S on 1");
    play(g, "discard 9C");
    rami_game_free(g);
}

/* ======================================================================
 * §7.2 Stock out and restocks
 * ====================================================================== */

static void test_restock_from_discard_pile(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "2C 3C", "4D 5D", "9H", "KS QS JS 10S");
    draw_discard(g, "discard 9H");
    size_t old_discard = 5;
    /* Seat 1's turn began with an empty stock: all but the top became the stock. */
    assert_int_equal(rami_game_current_player(g), 1);
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_DRAW);
    assert_int_equal(rami_game_stock_count(g), old_discard - 1);
    assert_int_equal(rami_game_discard_count(g), 1);
    assert_int_equal(rami_game_discard_top(g), sc_card("9H"));
    assert_int_equal(g->pos.restocks, 1);
    rami_card want[4], got[4];
    sc_cards("KS QS JS 10S", want, 4);
    memcpy(got, stock_cards(&g->pos), 4);
    sc_sort(want, 4);
    sc_sort(got, 4);
    assert_memory_equal(want, got, 4);
    /* The top stays: the player may still take it instead of drawing. */
    assert_true(sc_listed(g, "draw"));
    assert_true(sc_listed(g, "take"));
    play(g, "draw");
    rami_game_free(g);
}

/* Reference max_restocks 2: the third empty stock ends the round. */
static void test_stock_out_after_max_restocks(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    assert_int_equal(rs.max_restocks, 2);
    rami_game *g = deal_from(&rs, 1, "2C 3C 4C 5C 6C", "4D 5D 6D 7D 8D", "9H", "KS QS");
    draw_discard(g, "discard 2C"); /* stock empty: restock 1 */
    assert_int_equal(g->pos.restocks, 1);
    draw_discard(g, "discard 4D");
    draw_discard(g, "discard 3C"); /* restock 2 */
    assert_int_equal(g->pos.restocks, 2);
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_DRAW);
    draw_discard(g, "discard 5D");
    draw_discard(g, "discard 4C"); /* empty again, no restock left */
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    assert_lowest_hands_win(g, RAMI_END_STOCK_OUT);
    rami_game_free(g);
}

/* Finnish: unlimited restocks. */
static void test_restock_unlimited_finnish(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_FINNISH, 2);
    assert_int_equal(rs.max_restocks, RAMI_UNLIMITED_RESTOCKS);
    rami_game *g = deal_from(&rs, 1, "2C 3C 4C 5C 6C", "4D 5D 6D 7D 8D", "9H", "KS QS");
    draw_discard(g, "discard 2C");
    draw_discard(g, "discard 4D");
    draw_discard(g, "discard 3C");
    draw_discard(g, "discard 5D");
    draw_discard(g, "discard 4C");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_DRAW);
    assert_int_equal(g->pos.restocks, 3);
    assert_int_equal(rami_game_stock_count(g), 2);
    rami_game_free(g);
}

/* No card under the discard top: the round ends even with restocks left. */
static void test_stock_out_nothing_under_top(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "2C 3C", "4D 5D", "9H", "");
    draw_discard(g, "discard 2C");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    assert_int_equal(g->pos.restocks, 0);
    rami_round_result r = sc_result(g);
    assert_int_equal(r.reason, RAMI_END_STOCK_OUT);
    /* 3C + 9H = 12 against 4D + 5D = 9. */
    assert_int_equal(r.winners, 2);
    assert_int_equal(r.points[0], 12);
    assert_int_equal(r.points[1], 9);
    assert_lowest_hands_win(g, RAMI_END_STOCK_OUT);
    rami_game_free(g);
}

/* §7.4: the lowest hands share the win. */
static void test_stock_out_tie_shares_win(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 3);
    rs.max_restocks = 0;
    rami_game *g = deal_from(&rs, 2, "2C 3D 9S", "5H 9D", "KC 5S", "9H", "KD 4C");
    draw_discard(g, "discard 9S");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    rami_round_result r = sc_result(g);
    assert_int_equal(r.reason, RAMI_END_STOCK_OUT);
    assert_int_equal(r.winners, 3); /* 14 and 14 against 15 */
    assert_int_equal(r.points[0], 14);
    assert_int_equal(r.points[1], 14);
    assert_int_equal(r.points[2], 15);
    assert_lowest_hands_win(g, RAMI_END_STOCK_OUT);
    rami_game_free(g);
}

/* ======================================================================
 * §7.3 Turn limit
 * ====================================================================== */

static void test_turn_limit(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rs.max_turns = 3;
    rami_game *g = deal_from(&rs, 1, "2C 3C 4C", "5D 6D 7D", "9H 8H 7H 6H", "KD");
    draw_discard(g, "discard 2C");
    draw_discard(g, "discard 5D");
    play(g, "draw");
    assert_int_equal(rami_game_turn(g), 3);
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_PLAY);
    /* The round ends once the last turn is finished. */
    play(g, "discard 3C");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    rami_round_result r = sc_result(g);
    assert_int_equal(r.reason, RAMI_END_TURN_LIMIT);
    assert_int_equal(r.points[0], 4 + 9 + 7);
    assert_int_equal(r.points[1], 6 + 7 + 8);
    assert_int_equal(r.winners, 1);
    assert_lowest_hands_win(g, RAMI_END_TURN_LIMIT);
    rami_game_free(g);
}

/* The reference cap of 300 turns, and 0 for no cap. */
static void test_turn_limit_300_and_uncapped(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    assert_int_equal(rs.max_turns, 300);
    rs.max_restocks = RAMI_UNLIMITED_RESTOCKS;
    rami_game *g = deal_from(&rs, 1, "2C 3C", "4D 5D", "9H 8H 7H 6H 5H", "KS");
    for (int t = 1; t < 300; t++)
        draw_discard_any(g);
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_DRAW);
    draw_discard_any(g);
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    assert_lowest_hands_win(g, RAMI_END_TURN_LIMIT);
    rami_game_free(g);

    rs.max_turns = 0;
    g = deal_from(&rs, 1, "2C 3C", "4D 5D", "9H 8H 7H 6H 5H", "KS");
    for (int t = 1; t <= 301; t++)
        draw_discard_any(g);
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_DRAW);
    assert_int_equal(rami_game_turn(g), 302);
    rami_game_free(g);
}

/* ======================================================================
 * §7 / §8.3 Rounds and the match
 * ====================================================================== */

static void test_next_round_refused_outside_round_over(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rami_game *g = deal_from(&rs, 1, "5C 9D KH", "2C 3D 4H", "7S 8S", "QD");
    assert_int_equal(rami_game_next_round(g), RAMI_E_PHASE);
    assert_int_equal(rami_game_match_winners(g), RAMI_E_PHASE);
    rami_round_result r;
    assert_int_equal(rami_game_round_result(g, &r), RAMI_E_PHASE);
    play(g, "draw");
    assert_int_equal(rami_game_next_round(g), RAMI_E_PHASE);
    assert_int_equal(rami_game_round(g), 1);
    rami_game_free(g);
}

static void test_match_rounds_end_match(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rs.match_rounds = 1;
    rami_game *g = deal_from(&rs, 1, "10S JS QS KS", "JK AD KC 5H", "AS 2C", "9C");
    play(g, "draw");
    play(g, "meld 10S JS QS KS AS");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_MATCH_OVER);
    assert_int_equal(rami_game_match_winners(g), 1);
    assert_int_equal(sc_result(g).points[1], 51);
    assert_int_equal(rami_game_next_round(g), RAMI_E_PHASE);
    refuse(g, "draw", RAMI_E_PHASE, "the match is over");
    rami_game_free(g);
}

static void test_match_target_ends_match(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rs.match_target = 51;
    rami_game *g = deal_from(&rs, 1, "10S JS QS KS", "JK AD KC 5H", "AS 2C", "9C");
    play(g, "draw");
    play(g, "meld 10S JS QS KS AS");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_MATCH_OVER);
    assert_int_equal(rami_game_match_winners(g), 1);
    rami_game_free(g);

    /* 51 points do not reach a target of 52: the match goes on. */
    rs.match_target = 52;
    g = deal_from(&rs, 1, "10S JS QS KS", "JK AD KC 5H", "AS 2C", "9C");
    play(g, "draw");
    play(g, "meld 10S JS QS KS AS");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    assert_int_equal(rami_game_match_winners(g), RAMI_E_PHASE);
    assert_int_equal(rami_game_next_round(g), RAMI_OK);
    assert_int_equal(rami_game_round(g), 2);
    rami_game_free(g);
}

static void test_match_winners_tie(void **state)
{
    (void)state;
    rami_ruleset rs = ref();
    rs.match_rounds = 1;
    rs.max_turns = 2;
    rami_game *g = deal_from(&rs, 1, "2C 3C", "2D 3D", "9H 9S", "KD");
    draw_discard(g, "discard 9H");
    draw_discard(g, "discard 9S");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_MATCH_OVER);
    assert_int_equal(sc_result(g).reason, RAMI_END_TURN_LIMIT);
    int32_t totals[2];
    assert_int_equal(rami_game_scores(g, totals, 2), RAMI_OK);
    assert_int_equal(totals[0], 5);
    assert_int_equal(totals[1], 5);
    assert_int_equal(rami_game_match_winners(g), 3);
    rami_game_free(g);
}

/* §1.4: the dealer moves one seat per round and the next seat starts. */
static void test_dealer_rotation(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 3);
    rs.max_turns = 1;
    rami_game *g = deal_from(&rs, 2, "5C 9D KH", "2C 3D 4H", "6C 7D 8H", "7S 8S", "QD");
    assert_int_equal(rami_game_dealer(g), 2);
    assert_int_equal(rami_game_current_player(g), 0);
    draw_discard(g, "discard 5C");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    for (int round = 2; round <= 4; round++) {
        assert_int_equal(rami_game_next_round(g), RAMI_OK);
        assert_int_equal(rami_game_round(g), round);
        int dealer = (2 + round - 1) % 3;
        assert_int_equal(rami_game_dealer(g), dealer);
        assert_int_equal(rami_game_current_player(g), (dealer + 1) % 3);
        assert_int_equal(rami_game_turn(g), 1);
        draw_discard_any(g);
        assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    }
    rami_game_free(g);

    /* rami_game_new: the last seat deals round 1, so seat 0 starts. */
    assert_int_equal(rami_game_new(&rs, 7, &g), RAMI_OK);
    assert_int_equal(rami_game_dealer(g), 2);
    assert_int_equal(rami_game_current_player(g), 0);
    rami_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        /* §2.1 */
        cmocka_unit_test(test_draw_takes_stock_top),
        cmocka_unit_test(test_take_takes_discard_top),
        cmocka_unit_test(test_take_refused_empty_pile),
        cmocka_unit_test(test_phase_draw_first_then_once),
        cmocka_unit_test(test_turn_belongs_to_current_seat),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_seats_play_clockwise),
        cmocka_unit_test(test_cards_must_be_in_hand),
        /* §2.2, §5 */
        cmocka_unit_test(test_opening_several_melds_exact_51),
        cmocka_unit_test(test_opening_meld_refused_when_unreachable),
        cmocka_unit_test(test_opening_counts_joker_as_its_card),
        cmocka_unit_test(test_opening_points_zero_first_meld_opens),
        cmocka_unit_test(test_opening_thresholds_by_preset),
        cmocka_unit_test(test_opening_must_leave_discard_in_strict_rami),
        cmocka_unit_test(test_layoff_and_swap_before_opening_refused),
        cmocka_unit_test(test_open_turn_layoff_on),
        cmocka_unit_test(test_open_turn_layoff_off_finnish),
        cmocka_unit_test(test_open_turn_layoff_bit_on_finnish),
        cmocka_unit_test(test_open_pure_run_on),
        cmocka_unit_test(test_open_pure_run_joker_run_does_not_count),
        cmocka_unit_test(test_open_pure_run_off_sets_open),
        /* §2.3 */
        cmocka_unit_test(test_keep_pickup_taken_card_refused),
        cmocka_unit_test(test_keep_pickup_other_copy_refused),
        cmocka_unit_test(test_keep_pickup_off_allows_discarding_it),
        cmocka_unit_test(test_keep_pickup_take_refused_without_other_card),
        /* §2.4 */
        cmocka_unit_test(test_go_out_by_meld_scores),
        cmocka_unit_test(test_go_out_by_layoff),
        cmocka_unit_test(test_go_out_by_discard),
        cmocka_unit_test(test_strict_meld_emptying_hand_refused),
        cmocka_unit_test(test_strict_layoff_refused_discard_goes_out),
        /* §2.5 */
        cmocka_unit_test(test_undo_meld_restores_exactly),
        cmocka_unit_test(test_undo_layoff_restores_exactly),
        cmocka_unit_test(test_undo_swap_restores_exactly),
        cmocka_unit_test(test_undo_chain_back_to_draw),
        cmocka_unit_test(test_undo_refused_after_discard_or_with_nothing),
        cmocka_unit_test(test_undo_restores_opening_progress),
        cmocka_unit_test(test_undo_restores_pickup_obligation),
        cmocka_unit_test(test_undo_restores_joker_replay_obligation),
        /* §2 DEC no dead ends */
        cmocka_unit_test(test_dead_end_only_picked_face_left),
        cmocka_unit_test(test_dead_end_avoided_when_picked_card_playable),
        cmocka_unit_test(test_dead_end_joker_replay),
        /* §3 */
        cmocka_unit_test(test_meld_sets_of_three_and_four),
        cmocka_unit_test(test_meld_sets_refused),
        cmocka_unit_test(test_meld_runs_and_the_ace),
        cmocka_unit_test(test_meld_runs_refused),
        cmocka_unit_test(test_meld_thirteen_card_run),
        cmocka_unit_test(test_meld_thirteen_natural_run_ace_low),
        cmocka_unit_test(test_meld_joker_limit),
        cmocka_unit_test(test_meld_joker_lower_place),
        cmocka_unit_test(test_meld_joker_choice),
        cmocka_unit_test(test_set_joker_suit),
        /* §6.1 */
        cmocka_unit_test(test_layoff_run_both_ends),
        cmocka_unit_test(test_layoff_set_fourth_card),
        cmocka_unit_test(test_layoff_nothing_past_high_ace),
        cmocka_unit_test(test_layoff_nothing_below_low_ace),
        cmocka_unit_test(test_layoff_ace_on_two_to_king),
        cmocka_unit_test(test_layoff_joker_lower_free_place),
        cmocka_unit_test(test_layoff_joker_high_when_low_ace_blocks),
        cmocka_unit_test(test_layoff_joker_refused_on_meld_with_joker),
        cmocka_unit_test(test_layoff_joker_choice_off),
        cmocka_unit_test(test_layoff_joker_choice_on),
        cmocka_unit_test(test_layoff_joker_on_set),
        cmocka_unit_test(test_layoff_others_on),
        cmocka_unit_test(test_closed_rami),
        /* §6.2 */
        cmocka_unit_test(test_swap_run_exact_card_only),
        cmocka_unit_test(test_swap_set_needs_three_naturals),
        cmocka_unit_test(test_swap_two_jokers_per_meld),
        cmocka_unit_test(test_swap_option_off),
        /* §6.3 */
        cmocka_unit_test(test_joker_replay_discard_refused_while_playable),
        cmocka_unit_test(test_joker_replay_discard_allowed_when_unplayable),
        cmocka_unit_test(test_joker_replay_settled_by_meld),
        cmocka_unit_test(test_joker_replay_off),
        cmocka_unit_test(test_joker_replay_held_joker_may_go_after),
        cmocka_unit_test(test_joker_replay_not_dodged_by_a_play),
        cmocka_unit_test(test_joker_replay_two_retrieved),
        cmocka_unit_test(test_opening_completed_by_a_layoff),
        cmocka_unit_test(test_pickup_must_meld_laid_off_after_opening),
        cmocka_unit_test(test_pickup_must_meld_other_play_first),
        cmocka_unit_test(test_going_out_needs_the_opening),
        cmocka_unit_test(test_swap_into_a_dead_end_refused),
        cmocka_unit_test(test_no_joker_discard),
        cmocka_unit_test(test_no_joker_out),
        cmocka_unit_test(test_no_joker_out_after_retrieval),
        cmocka_unit_test(test_set_swap_any),
        /* §6 PICKUP_MUST_MELD */
        cmocka_unit_test(test_pickup_must_meld_take_refused),
        cmocka_unit_test(test_pickup_must_meld_off),
        cmocka_unit_test(test_pickup_must_meld_discard_until_played),
        cmocka_unit_test(test_pickup_must_meld_dead_end),
        cmocka_unit_test(test_pickup_must_meld_layoff_plays_it),
        cmocka_unit_test(test_pickup_must_meld_swap_plays_it),
        /* §7.2-7.4 */
        cmocka_unit_test(test_restock_from_discard_pile),
        cmocka_unit_test(test_stock_out_after_max_restocks),
        cmocka_unit_test(test_restock_unlimited_finnish),
        cmocka_unit_test(test_stock_out_nothing_under_top),
        cmocka_unit_test(test_stock_out_tie_shares_win),
        cmocka_unit_test(test_turn_limit),
        cmocka_unit_test(test_turn_limit_300_and_uncapped),
        cmocka_unit_test(test_next_round_refused_outside_round_over),
        cmocka_unit_test(test_match_rounds_end_match),
        cmocka_unit_test(test_match_target_ends_match),
        cmocka_unit_test(test_match_winners_tie),
        cmocka_unit_test(test_dealer_rotation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
