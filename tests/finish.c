/* The turn-completion search ("can the turn still be finished?"): deep
 * forced chains are found, hopeless ones refused, and the measure that
 * bounds the search (2 x naturals + jokers in hand) drops with every
 * legal play. */
#include "scenario.h"
#include "testutil.h"

/* Three decks and twelve jokers, 21 cards a hand, no opening minimum, up
 * to four jokers a meld; the card taken may not be discarded. */
static rami_ruleset joker_rules(uint32_t extra)
{
    rami_ruleset rs = sc_rules_opts(RAMI_PRESET_51, 2, 0, 0xFFFFFFFFu);
    rs.decks = 3;
    rs.jokers = 12;
    rs.hand_size = 21;
    rs.opening_points = 0;
    rs.jokers_per_meld = 4;
    rs.options = RAMI_OPT_KEEP_PICKUP | RAMI_OPT_LAYOFF_OTHERS | extra;
    assert_int_equal(rami_ruleset_check(&rs, NULL, 0), RAMI_OK);
    return rs;
}

#define JOKERS11 "JK JK JK JK JK JK JK JK JK JK JK"

/* Seat 0 lays its naturals and keeps eleven jokers; seat 1 discards a
 * joker. */
static rami_game *joker_hand(const rami_ruleset *rs, const char *naturals, int melds)
{
    char text[160];
    snprintf(text, sizeof text, "%s " JOKERS11, naturals);
    rami_game *g = deal_from(rs, 1, text, "JK 2C 7C 9C KD", "KC QC QD", "8H");
    play(g, "draw");
    static const char *const runs[] = {"meld 3S 4S 5S", "meld 3H 4H 5H", "meld 3D 4D 5D"};
    for (int i = 0; i < melds; i++)
        play(g, runs[i]);
    play(g, "discard KC");
    play(g, "draw");
    play(g, "discard JK");
    sc_hand_is(g, 0, JOKERS11);
    return g;
}

/* Taking the joker leaves twelve jokers, none of which may be discarded:
 * the turn ends only by laying all twelve off, one per level of the
 * search (the three runs take four each). */
static void twelve_forced_lay_offs(void **state)
{
    (void)state;
    rami_ruleset rs = joker_rules(RAMI_OPT_GO_OUT_BY_MELD);
    rami_game *g = joker_hand(&rs, "3S 4S 5S 3H 4H 5H 3D 4D 5D", 3);
    play(g, "take");
    for (int i = 0; i < 12; i++) {
        char move[32];
        snprintf(move, sizeof move, "lay JK on %d", 1 + i % 3);
        play(g, move);
    }
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    rami_game_free(g);
}

/* One run has room for four of the twelve: the take is refused. */
static void too_little_room_is_refused(void **state)
{
    (void)state;
    rami_ruleset rs = joker_rules(RAMI_OPT_GO_OUT_BY_MELD);
    rami_game *g = joker_hand(&rs, "3S 4S 5S", 1);
    refuse(g, "take", RAMI_E_PICKUP, "no card you may discard");
    rami_game_free(g);
}

static unsigned measure(const hand *h)
{
    return 2u * (h->size - h->jokers) + h->jokers;
}

/* Every play lowers 2 x naturals + jokers of the hand: the search that
 * asks "and after this play?" cannot go on for ever. */
static void every_play_lowers_the_measure(void **state)
{
    (void)state;
    uint64_t r = 0xF1415ull;
    static rami_move list[RAMI_MAX_MOVES];
    unsigned plays = 0;
    for (int preset = RAMI_PRESET_51; preset <= RAMI_PRESET_FINNISH; preset++) {
        for (unsigned game = 0; game < 6; game++) {
            rami_ruleset rs = sc_rules(preset, 2 + game % 3);
            rs.options |= game % 2 ? RAMI_OPT_JOKER_SWAP | RAMI_OPT_JOKER_REPLAY : 0;
            rami_game *g = NULL;
            assert_int_equal(rami_game_new(&rs, tu_xorshift(&r), &g), RAMI_OK);
            while (rami_game_phase(g) <= RAMI_PHASE_PLAY) {
                size_t n;
                assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n), RAMI_OK);
                size_t pick = tu_below(&r, (unsigned)n);
                for (size_t i = 0; i < n; i++) {
                    if (list[i].kind < RAMI_MOVE_MELD || list[i].kind > RAMI_MOVE_SWAP)
                        continue;
                    verdict v;
                    assert_int_equal(
                        rami__validate(&g->rs, &g->pos, g->pos.current, &list[i], &v, NULL, 0),
                        RAMI_OK);
                    position after = g->pos;
                    rami__apply(&g->rs, &after, &v);
                    assert_true(measure(&after.hands[g->pos.current]) <
                                measure(&g->pos.hands[g->pos.current]));
                    plays++;
                    if (tu_below(&r, 2))
                        pick = i;
                }
                assert_int_equal(rami_game_play(g, g->pos.current, &list[pick]), RAMI_OK);
            }
            rami_game_free(g);
        }
    }
    assert_true(plays > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(twelve_forced_lay_offs),
        cmocka_unit_test(too_little_room_is_refused),
        cmocka_unit_test(every_play_lowers_the_measure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
