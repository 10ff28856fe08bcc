/* The public surface end to end, as a program outside the project sees it:
 * only <rami.h>, linked with the shared library. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include <rami.h>

static void test_version_matches_header(void **state)
{
    (void)state;
    /* The shared library found at run time is the one this header describes. */
    assert_string_equal(rami_version(), RAMI_VERSION_STRING);
    assert_string_equal(rami_strerror(RAMI_OK), "success");
    assert_string_not_equal(rami_strerror(RAMI_E_MELD), rami_strerror(-12345));
}

/* Parse a hand, format it back, judge melds under a preset. */
static void test_cards_to_meld(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 4), RAMI_OK);
    char why[128];
    assert_int_equal(rami_ruleset_check(&rs, why, sizeof why), RAMI_OK);

    const char *text = "8♠, 7S jk";
    size_t n = 0;
    assert_int_equal(rami_cards_parse(text, NULL, 0, &n), RAMI_E_BUFFER);
    assert_int_equal(n, 3);
    rami_card cards[RAMI_MAX_MELD];
    assert_int_equal(rami_cards_parse(text, cards, RAMI_MAX_MELD, &n), RAMI_OK);
    assert_int_equal(n, 3);

    rami_meld_info info;
    assert_int_equal(rami_meld_check(&rs, cards, n, &info), RAMI_OK);
    assert_int_equal(info.kind, RAMI_MELD_RUN);
    assert_int_equal(info.count, 3);
    assert_int_equal(info.points, 21);
    assert_int_equal(info.joker_as, RAMI_CARD(6, RAMI_SPADES));

    const char *want[3] = {"JK", "7S", "8S"};
    for (size_t i = 0; i < 3; i++) {
        char buf[4];
        assert_int_equal(rami_card_format(info.cards[i], buf, sizeof buf), RAMI_OK);
        assert_string_equal(buf, want[i]);
    }
}

/* An opening of 51 made of two melds, as a front end would total it. */
static void test_opening_total(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    const char *melds[2] = {"QH KH AH", "9C 9D 9H JK"};
    unsigned total = 0;
    for (int i = 0; i < 2; i++) {
        rami_card c[RAMI_MAX_MELD];
        size_t n;
        assert_int_equal(rami_cards_parse(melds[i], c, RAMI_MAX_MELD, &n), RAMI_OK);
        rami_meld_info info;
        assert_int_equal(rami_meld_check(&rs, c, n, &info), RAMI_OK);
        total += info.points;
    }
    assert_int_equal(total, 31 + 36);
    assert_true(total >= rs.opening_points);
}

static void test_errors_through_the_abi(void **state)
{
    (void)state;
    rami_card c = RAMI_NO_CARD;
    assert_int_equal(rami_card_parse("7X", &c), RAMI_E_PARSE);
    assert_int_equal(rami_card_parse(NULL, &c), RAMI_E_ARG);
    assert_int_equal(c, RAMI_NO_CARD);
    char buf[2];
    assert_int_equal(rami_card_format(RAMI_CARD(10, RAMI_CLUBS), buf, sizeof buf), RAMI_E_BUFFER);

    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, 99, 4), RAMI_E_ARG);
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_FINNISH, 6), RAMI_OK);
    assert_int_equal(rs.hand_size, 6);
    rs.hand_size = 40;
    char why[64];
    assert_int_equal(rami_ruleset_check(&rs, why, sizeof why), RAMI_E_RULESET);
    assert_non_null(strstr(why, "hand_size"));

    rami_card bad[3] = {RAMI_CARD(13, RAMI_HEARTS), RAMI_CARD(1, RAMI_HEARTS),
                        RAMI_CARD(2, RAMI_HEARTS)};
    rami_meld_info info;
    assert_int_equal(rami_meld_check(NULL, bad, 3, &info), RAMI_E_MELD);
    assert_int_equal(info.kind, RAMI_MELD_NONE);
    assert_int_equal(rami_meld_check(&rs, bad, 3, &info), RAMI_E_ARG);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_version_matches_header),
        cmocka_unit_test(test_cards_to_meld),
        cmocka_unit_test(test_opening_total),
        cmocka_unit_test(test_errors_through_the_abi),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
