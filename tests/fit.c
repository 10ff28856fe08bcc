/* Meld fit (lib/fit.c): what a table meld has room for, what its jokers
 * stand for, laying a card on it and taking it back; and that the rules'
 * lay-off verdicts agree with it on random positions. */
#include "scenario.h"
#include "testutil.h"

static tmeld meld_of(const char *text, unsigned jpm, int side)
{
    rami_card cards[RAMI_MAX_MELD];
    size_t n = sc_cards(text, cards, RAMI_MAX_MELD);
    tmeld t;
    assert_int_equal(rami__meld_eval(jpm, cards, n, side, &t, NULL, 0), RAMI_OK);
    return t;
}

static int fit(const char *meld, const char *card, unsigned jpm)
{
    tmeld t = meld_of(meld, jpm, RAMI_SIDE_AUTO);
    bool low, high;
    return rami__fit_card(&t, sc_card(card), jpm, &low, &high);
}

/* The greedy bot once let a joker join a set of four naturals: the rules
 * never did, and now both ask fit.c. */
static void joker_never_fits_a_full_set(void **state)
{
    (void)state;
    assert_int_equal(fit("7C 7D 7H 7S", "JK", 1), FIT_SET_FULL);
    assert_int_equal(fit("7C 7D 7H 7S", "JK", 2), FIT_SET_FULL);
    assert_int_equal(fit("7C 7D 7H JK", "JK", 2), FIT_SET_FULL);
    assert_int_equal(fit("7C 7D 7H", "JK", 1), FIT_OK);
    assert_int_equal(fit("7C 7D JK", "JK", 1), FIT_JOKERS);
    assert_int_equal(fit("7C 7D JK", "JK", 2), FIT_OK);
    tmeld full = meld_of("7C 7D 7H 7S", 1, RAMI_SIDE_AUTO);
    meld_room r;
    meld_room_of(&full, 4, &r);
    assert_false(r.joker);
    assert_int_equal(r.suits, 0);
}

static void set_fits(void **state)
{
    (void)state;
    assert_int_equal(fit("7C 7D 7H", "7S", 1), FIT_OK);
    assert_int_equal(fit("7C 7D 7H", "7D", 1), FIT_SUIT_TAKEN);
    assert_int_equal(fit("7C 7D 7H", "8S", 1), FIT_RANK);
    assert_int_equal(fit("7C 7D JK", "7H", 1), FIT_OK);
    assert_int_equal(fit("7C 7D 7H 7S", "7S", 1), FIT_SET_FULL);
    tmeld t = meld_of("7C JK 7H", 1, RAMI_SIDE_AUTO);
    meld_room r;
    meld_room_of(&t, 1, &r);
    assert_int_equal(r.suits, (1u << RAMI_DIAMONDS) | (1u << RAMI_SPADES));
    assert_int_equal(r.low, RAMI_NO_CARD);
    assert_int_equal(r.high, RAMI_NO_CARD);
}

/* Runs end at the ace: A-K and 2-A cannot grow past it, an ace fits both
 * ends of 2..K. */
static void run_ends(void **state)
{
    (void)state;
    struct {
        const char *meld, *card;
        int fit;
        bool low, high;
    } cases[] = {
        {"5S 6S 7S", "4S", FIT_OK, true, false},
        {"5S 6S 7S", "8S", FIT_OK, false, true},
        {"5S 6S 7S", "9S", FIT_NO_END, false, false},
        {"5S 6S 7S", "8H", FIT_SUIT, false, false},
        {"5S 6S 7S", "JK", FIT_OK, true, true},
        {"AS 2S 3S", "4S", FIT_OK, false, true},
        {"AS 2S 3S", "KS", FIT_NO_END, false, false},
        {"QS KS AS", "JS", FIT_OK, true, false},
        {"QS KS AS", "2S", FIT_NO_END, false, false},
        {"QS KS AS", "JK", FIT_OK, true, false},
        {"2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "AS", FIT_OK, true, true},
        {"AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "JK", FIT_RUN_COMPLETE, false, false},
        {"2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "AS", FIT_RUN_COMPLETE, false, false},
        {"5S JK 7S", "JK", FIT_JOKERS, false, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tmeld t = meld_of(cases[i].meld, 1, RAMI_SIDE_AUTO);
        bool low, high;
        int got = rami__fit_card(&t, sc_card(cases[i].card), 1, &low, &high);
        if (got != cases[i].fit || low != cases[i].low || high != cases[i].high)
            fail_msg("%s on %s: fit %d low %d high %d", cases[i].card, cases[i].meld, got, low,
                     high);
    }
}

static void jokers_stand_for(void **state)
{
    (void)state;
    tmeld run = meld_of("5S JK 7S", 1, RAMI_SIDE_AUTO);
    assert_int_equal(rami__meld_joker_as(&run, 1), sc_card("6S"));
    assert_int_equal(rami__meld_joker_as(&run, 0), RAMI_NO_CARD);
    assert_int_equal(rami__joker_for(&run, sc_card("6S"), false), 1);
    assert_int_equal(rami__joker_for(&run, sc_card("5S"), false), -1);
    tmeld high = meld_of("JK 8S 9S", 1, RAMI_SIDE_HIGH);
    assert_int_equal(rami__joker_for(&high, sc_card("10S"), false), 2);
    tmeld set4 = meld_of("9C 9D 9S JK", 1, RAMI_SIDE_AUTO);
    assert_int_equal(rami__joker_for(&set4, sc_card("9H"), false), 3);
    tmeld set3 = meld_of("9C 9D JK", 1, RAMI_SIDE_AUTO);
    assert_int_equal(rami__meld_joker_as(&set3, 2), RAMI_CARD(9, RAMI_SUIT_ANY));
    assert_int_equal(rami__joker_for(&set3, sc_card("9H"), false), -1);
    /* SET_SWAP_ANY: any suit the set lacks takes the joker; a suit it
     * holds, another rank or a run's wrong card do not. */
    assert_int_equal(rami__joker_for(&set3, sc_card("9H"), true), set3.count - 1);
    assert_int_equal(rami__joker_for(&set3, sc_card("9S"), true), set3.count - 1);
    assert_int_equal(rami__joker_for(&set4, sc_card("9H"), true), 3);
    assert_int_equal(rami__joker_for(&run, sc_card("5S"), true), -1);
    assert_int_equal(rami__joker_for(&set3, sc_card("9C"), true), -1);
    assert_int_equal(rami__joker_for(&set3, sc_card("8H"), true), -1);
}

/* Every card that fits goes on and comes off again unchanged; the meld it
 * makes is a valid meld of the same kind; a swap is undone the same way. */
static void lay_and_swap_round_trip(void **state)
{
    (void)state;
    uint64_t rs = 0x5EEDF17ull;
    unsigned tried = 0;
    for (unsigned k = 0; k < 4000; k++) {
        unsigned jpm = 1 + tu_below(&rs, 2);
        rami_card cards[RAMI_MAX_MELD];
        unsigned n = 3 + tu_below(&rs, 4);
        unsigned suit = tu_below(&rs, 4), rank = 1 + tu_below(&rs, 13);
        bool set = tu_below(&rs, 2);
        for (unsigned i = 0; i < n; i++) {
            unsigned r = set ? rank : 1 + (rank + i - 1) % 13;
            cards[i] = set ? RAMI_CARD(r, (suit + i) % 4) : RAMI_CARD(r, suit);
            if (tu_below(&rs, 5) == 0)
                cards[i] = RAMI_JOKER;
        }
        tmeld t;
        if (rami__meld_eval(jpm, cards, n, (int)tu_below(&rs, 3), &t, NULL, 0) != RAMI_OK)
            continue;
        tried++;
        for (unsigned c = 1; c <= RAMI_JOKER; c++) {
            if (!card_is_valid((rami_card)c))
                continue;
            bool low, high;
            if (rami__fit_card(&t, (rami_card)c, jpm, &low, &high) != FIT_OK)
                continue;
            unsigned where = t.kind == RAMI_MELD_SET ? WHERE_SET : low ? WHERE_LOW : WHERE_HIGH;
            tmeld laid = t;
            rami__meld_lay(&laid, (rami_card)c, where);
            tmeld again;
            assert_int_equal(
                rami__meld_eval(jpm, laid.cards, laid.count, RAMI_SIDE_AUTO, &again, NULL, 0),
                RAMI_OK);
            assert_int_equal(again.kind, t.kind);
            rami__meld_unlay(&laid, (rami_card)c, where);
            assert_memory_equal(&laid, &t, sizeof t);
        }
        for (unsigned i = 0; i < t.count; i++) {
            rami_card as = rami__meld_joker_as(&t, i);
            if (as == RAMI_NO_CARD || !card_is_natural(as))
                continue;
            assert_int_equal(rami__joker_for(&t, as, false), (int)i);
            tmeld swapped = t;
            rami__meld_swap(&swapped, i, as);
            assert_int_equal(swapped.jokers + 1u, t.jokers);
            rami__meld_unswap(&swapped, i, as);
            assert_memory_equal(&swapped, &t, sizeof t);
        }
    }
    assert_true(tried > 1000);
}

/* Rebuilds table meld i of g through the public API. */
static tmeld table_meld(const rami_game *g, unsigned jpm, size_t i)
{
    rami_meld_info info;
    int owner;
    assert_int_equal(rami_game_meld(g, i, &owner, &info), RAMI_OK);
    tmeld t;
    for (int side = RAMI_SIDE_LOW; side <= RAMI_SIDE_HIGH; side++) {
        assert_int_equal(rami__meld_eval(jpm, info.cards, info.count, side, &t, NULL, 0), RAMI_OK);
        if (memcmp(t.cards, info.cards, info.count) == 0)
            break;
    }
    assert_memory_equal(t.cards, info.cards, info.count);
    t.owner = (uint8_t)owner;
    return t;
}

/* In random games, a lay-off the seat may attempt is refused with
 * RAMI_E_LAYOFF exactly when fit.c says the card does not fit. */
static void rules_agree_with_fit(void **state)
{
    (void)state;
    uint64_t rs = 0xF17F17ull;
    static rami_move list[RAMI_MAX_MOVES];
    unsigned compared = 0;
    for (int preset = RAMI_PRESET_51; preset <= RAMI_PRESET_FINNISH; preset++) {
        rami_ruleset rules;
        rami_ruleset_init(&rules, preset, 2 + tu_below(&rs, 3));
        rules.jokers_per_meld = (uint8_t)(1 + tu_below(&rs, 2));
        rami_game *g;
        assert_int_equal(rami_game_new(&rules, tu_xorshift(&rs), &g), RAMI_OK);
        for (unsigned step = 0; step < 3000 && rami_game_phase(g) <= RAMI_PHASE_PLAY; step++) {
            int seat = rami_game_current_player(g);
            rami_card held[RAMI_MAX_HAND + 2];
            size_t nh = 0;
            rami_game_hand(g, seat, held, RAMI_MAX_HAND + 2, &nh);
            for (size_t i = 0; rami_game_phase(g) == RAMI_PHASE_PLAY && i < rami_game_meld_count(g);
                 i++) {
                tmeld t = table_meld(g, rules.jokers_per_meld, i);
                for (size_t k = 0; k < nh; k++) {
                    rami_move m = {RAMI_MOVE_LAYOFF, 1, (uint8_t)i, RAMI_SIDE_AUTO, {held[k]}};
                    int st = rami_game_check(g, seat, &m, NULL, 0);
                    if (st == RAMI_E_NOT_OPENED || st == RAMI_E_OPENING_TURN || st == RAMI_E_CLOSED)
                        continue;
                    bool low, high;
                    int f = rami__fit_card(&t, held[k], rules.jokers_per_meld, &low, &high);
                    assert_int_equal(st == RAMI_E_LAYOFF, f != FIT_OK);
                    compared++;
                }
            }
            size_t n;
            assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n), RAMI_OK);
            assert_true(n > 0);
            /* Lean towards table plays so that the table fills up. */
            size_t pick = tu_below(&rs, (unsigned)n);
            for (size_t i = 0; i < n; i++)
                if (list[i].kind >= RAMI_MOVE_MELD && list[i].kind <= RAMI_MOVE_SWAP &&
                    tu_below(&rs, 2))
                    pick = i;
            assert_int_equal(rami_game_play(g, seat, &list[pick]), RAMI_OK);
            if (rami_game_phase(g) == RAMI_PHASE_ROUND_OVER)
                rami_game_next_round(g);
        }
        rami_game_free(g);
    }
    printf("rules_agree_with_fit: %u lay-offs compared\n", compared);
    assert_true(compared > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(joker_never_fits_a_full_set),
        cmocka_unit_test(set_fits),
        cmocka_unit_test(run_ends),
        cmocka_unit_test(jokers_stand_for),
        cmocka_unit_test(lay_and_swap_round_trip),
        cmocka_unit_test(rules_agree_with_fit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
