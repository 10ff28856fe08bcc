/* Per-seat JSON views: a seat's view depends only on what it may know
 * (two positions that differ only in hidden cards give the same bytes),
 * viewer -1 shows everything, and the buffer conventions of the text API. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rami-private.h"
#include "testutil.h"

static char *view(const rami_game *g, int viewer)
{
    size_t len = 0;
    assert_int_equal(rami_game_view_json(g, viewer, NULL, 0, &len), RAMI_E_BUFFER);
    char *text = malloc(len + 1);
    assert_non_null(text);
    size_t again = 0;
    assert_int_equal(rami_game_view_json(g, viewer, text, len + 1, &again), RAMI_OK);
    assert_int_equal(again, len);
    assert_int_equal(strlen(text), len);
    return text;
}

static void play_text(rami_game *g, int seat, const char *text)
{
    rami_move m;
    assert_int_equal(rami_move_parse(text, &m), RAMI_OK);
    char why[160] = "";
    int st = rami_game_check(g, seat, &m, why, sizeof why);
    if (st != RAMI_OK)
        fail_msg("%s refused: %s", text, why);
    assert_int_equal(rami_game_play(g, seat, &m), RAMI_OK);
}

/* A 2-player 51 deal from a fixed shuffle: seat 0 starts (dealer 1). */
static void base_deal(rami_deal *d)
{
    rami_card pack[108];
    unsigned n = 0;
    for (unsigned k = 0; k < 2; k++)
        for (unsigned s = 0; s < 4; s++)
            for (unsigned r = 1; r <= 13; r++)
                pack[n++] = RAMI_CARD(r, s);
    for (unsigned j = 0; j < 4; j++)
        pack[n++] = RAMI_JOKER;
    uint64_t x = 0x2545F4914F6CDD1Dull;
    for (unsigned i = n - 1; i > 0; i--) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        unsigned j = (unsigned)(x % (i + 1));
        rami_card c = pack[i];
        pack[i] = pack[j];
        pack[j] = c;
    }
    memset(d, 0, sizeof *d);
    d->struct_size = sizeof *d;
    d->dealer = 1;
    for (unsigned p = 0; p < 2; p++) {
        for (unsigned i = 0; i < 13; i++)
            d->hands[p][i] = pack[--n];
        d->hand_count[p] = 13;
    }
    d->discard[0] = pack[--n];
    d->discard_count = 1;
    d->stock_count = (uint16_t)n;
    memcpy(d->stock, pack, n);
}

/* Seat 1's hand and the stock order differ; seat 0 sees the same, and so
 * does the public viewer, which sees no hand. */
static void hidden_cards(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    rami_deal a, b;
    base_deal(&a);
    b = a;
    tu_hide_otherwise(&b);
    rami_game *ga, *gb;
    assert_int_equal(rami_game_new_deal(&rs, &a, 5, &ga), RAMI_OK);
    assert_int_equal(rami_game_new_deal(&rs, &b, 5, &gb), RAMI_OK);
    assert_false(rami__game_equal(ga, gb));

    char t0[8], t1[8], moves[4][32];
    assert_int_equal(rami_card_format(a.hands[0][0], t0, sizeof t0), RAMI_OK);
    assert_int_equal(rami_card_format(a.hands[1][12], t1, sizeof t1), RAMI_OK);
    snprintf(moves[0], sizeof moves[0], "discard %s", t0);
    snprintf(moves[1], sizeof moves[1], "discard %s", t1); /* seat 1 holds it in both */
    strcpy(moves[2], "take");
    const char *script[][2] = {
        {"0", "draw"}, {"0", moves[0]}, {"1", "draw"}, {"1", moves[1]}, {"0", moves[2]},
    };
    unsigned differ_all = 0, differ_1 = 0;
    for (size_t step = 0; step <= sizeof script / sizeof script[0]; step++) {
        char *va = view(ga, 0), *vb = view(gb, 0);
        assert_string_equal(va, vb);
        assert_null(strstr(va, "\"stock\":"));
        assert_null(strstr(va, "\"hands\":"));
        assert_non_null(strstr(va, "\"hand\":["));
        free(va);
        free(vb);
        va = view(ga, -1);
        vb = view(gb, -1);
        differ_all += strcmp(va, vb) != 0;
        assert_non_null(strstr(va, "\"stock\":["));
        free(va);
        free(vb);
        va = view(ga, 1);
        vb = view(gb, 1);
        differ_1 += strcmp(va, vb) != 0;
        free(va);
        free(vb);
        /* The public view: the same whatever the hidden cards, no hand. */
        va = view(ga, RAMI_VIEWER_PUBLIC);
        vb = view(gb, RAMI_VIEWER_PUBLIC);
        assert_string_equal(va, vb);
        assert_null(strstr(va, "\"stock\":"));
        assert_null(strstr(va, "\"hands\":"));
        assert_null(strstr(va, "\"hand\":"));
        assert_non_null(strstr(va, "\"viewer\":-2"));
        free(va);
        free(vb);
        if (step < sizeof script / sizeof script[0]) {
            int seat = script[step][0][0] - '0';
            play_text(ga, seat, script[step][1]);
            play_text(gb, seat, script[step][1]);
        }
    }
    assert_int_equal(differ_all, 6);
    assert_int_equal(differ_1, 6);
    rami_game_free(ga);
    rami_game_free(gb);
}

static void arguments(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_40, 3), RAMI_OK);
    rami_game *g;
    assert_int_equal(rami_game_new(&rs, 11, &g), RAMI_OK);
    char buf[16] = "xxxxxxxxxxxxxxx";
    size_t len = 777;
    assert_int_equal(rami_game_view_json(NULL, 0, buf, sizeof buf, &len), RAMI_E_ARG);
    assert_int_equal(rami_game_view_json(g, 3, buf, sizeof buf, &len), RAMI_E_ARG);
    assert_int_equal(rami_game_view_json(g, -3, buf, sizeof buf, &len), RAMI_E_ARG);
    assert_int_equal(rami_game_view_json(g, 0, buf, sizeof buf, NULL), RAMI_E_ARG);
    assert_int_equal(rami_game_view_json(g, 0, NULL, 4, &len), RAMI_E_ARG);
    assert_int_equal(len, 777);
    assert_int_equal(buf[0], 'x');
    /* Too small: the size needed, an empty string, nothing beyond. */
    assert_int_equal(rami_game_view_json(g, 2, buf, sizeof buf, &len), RAMI_E_BUFFER);
    assert_true(len > sizeof buf);
    assert_int_equal(buf[0], '\0');
    assert_int_equal(buf[1], 'x');
    char *text = malloc(len + 1);
    assert_non_null(text);
    assert_int_equal(rami_game_view_json(g, 2, text, len, &len), RAMI_E_BUFFER);
    assert_int_equal(rami_game_view_json(g, 2, text, len + 1, &len), RAMI_OK);
    assert_int_equal(strlen(text), len);
    free(text);
    rami_game_free(g);
}

/* Fields of a small scripted round, as text. */
static void contents(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    rs.opening_points = 0;
    rami_deal d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.dealer = 1;
    rami_card h0[] = {RAMI_CARD(9, 3), RAMI_JOKER, RAMI_CARD(8, 3), RAMI_CARD(2, 0)};
    rami_card h1[] = {RAMI_CARD(13, 2), RAMI_CARD(13, 1), RAMI_CARD(4, 0), RAMI_CARD(5, 0)};
    memcpy(d.hands[0], h0, 4);
    memcpy(d.hands[1], h1, 4);
    d.hand_count[0] = d.hand_count[1] = 4;
    d.stock[0] = RAMI_CARD(6, 2);
    d.stock[1] = RAMI_CARD(10, 3);
    d.stock_count = 2;
    d.discard[0] = RAMI_CARD(1, 2);
    d.discard_count = 1;
    rami_game *g;
    assert_int_equal(rami_game_new_deal(&rs, &d, 1, &g), RAMI_OK);

    char *v = view(g, 0);
    assert_non_null(strstr(v, "\"version\":1,\"viewer\":0,\"ruleset\":{\"players\":2,"));
    assert_non_null(strstr(v, "\"options\":[\"layoff_others\",\"go_out_by_meld\",\"keep_pickup\","
                              "\"joker_swap\",\"joker_replay\",\"open_turn_layoff\"],"
                              "\"options_bits\":311"));
    assert_non_null(strstr(v, "\"round\":1,\"turn\":1,\"dealer\":1,\"current\":0,"
                              "\"phase\":\"draw\""));
    assert_non_null(strstr(v, "\"hand\":[\"2C\",\"8S\",\"9S\",\"JK\"]"));
    assert_non_null(strstr(v, "\"discard\":[\"AH\"],\"stock_count\":2,\"picked\":null"));
    assert_null(strstr(v, "KH"));
    assert_null(strstr(v, "10S"));
    free(v);

    play_text(g, 0, "take");
    play_text(g, 0, "meld JK 8S 9S");
    v = view(g, 1);
    assert_non_null(strstr(v, "\"phase\":\"play\""));
    assert_non_null(strstr(v, "\"seats\":[{\"seat\":0,\"opened\":true,\"hand_count\":2,"
                              "\"total\":0,\"eliminated\":false},{\"seat\":1,\"opened\":false,"
                              "\"hand_count\":4,"));
    assert_non_null(strstr(v, "\"hand\":[\"4C\",\"5C\",\"KD\",\"KH\"]"));
    assert_non_null(strstr(v, "\"melds\":[{\"index\":0,\"owner\":0,\"kind\":\"run\",\"cards\":"
                              "[\"JK\",\"8S\",\"9S\"],\"points\":24,\"joker_as\":\"7S\"}]"));
    assert_non_null(strstr(v, "\"picked\":\"AH\""));
    assert_non_null(strstr(v, "\"moves\":[{\"seat\":0,\"move\":\"take\",\"card\":\"AH\"},"
                              "{\"seat\":0,\"move\":\"meld JK 8S 9S\"}]"));
    assert_non_null(strstr(v, "\"result\":null,\"match_winners\":null}"));
    free(v);

    play_text(g, 0, "discard 2C");
    /* Two more turns empty the stock. */
    play_text(g, 1, "draw");
    play_text(g, 1, "discard 10S");
    play_text(g, 0, "draw");
    play_text(g, 0, "discard 6H");
    /* The stock is out; the restock turns the pile under 6H into the stock. */
    v = view(g, -1);
    assert_non_null(strstr(v, "\"restocks\":1"));
    assert_non_null(strstr(v, "\"hands\":[[\"AH\"],[\"4C\",\"5C\",\"KD\",\"KH\"]]"));
    free(v);
    rami_game_free(g);
}

/* A finished round shows its result; a finished match its winners. */
static void round_over(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    rs.opening_points = 0;
    rs.match_rounds = 1;
    rami_deal d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.dealer = 1;
    rami_card h0[] = {RAMI_CARD(7, 3), RAMI_CARD(8, 3), RAMI_CARD(9, 3)};
    rami_card h1[] = {RAMI_CARD(13, 2), RAMI_JOKER, RAMI_CARD(1, 0)};
    memcpy(d.hands[0], h0, 3);
    memcpy(d.hands[1], h1, 3);
    d.hand_count[0] = d.hand_count[1] = 3;
    d.stock[0] = RAMI_CARD(2, 2);
    d.stock_count = 1;
    rami_game *g;
    assert_int_equal(rami_game_new_deal(&rs, &d, 1, &g), RAMI_OK);
    play_text(g, 0, "draw");
    play_text(g, 0, "meld 7S 8S 9S");
    play_text(g, 0, "discard 2H");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_MATCH_OVER);
    char *v = view(g, 1);
    assert_non_null(strstr(v, "\"phase\":\"match_over\""));
    assert_non_null(strstr(v, "\"result\":{\"reason\":\"went_out\",\"winners\":[0],"
                              "\"hand_value\":[0,46],\"points\":[0,46]},"
                              "\"match_winners\":[0]}"));
    assert_non_null(strstr(v, "\"total\":46,\"eliminated\":false}"));
    free(v);
    rami_game_free(g);
}

/* A writer that cannot read what it must write fails the whole output
 * with RAMI_E_INTERNAL (an empty buffer, *len 0) instead of writing a
 * wrong text such as an empty hand. The broken states are made by hand:
 * the library never produces them. */
static void writers_fail_loudly(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    rami_game *g = NULL;
    assert_int_equal(rami_game_new(&rs, 3, &g), RAMI_OK);
    char buf[8192];
    size_t len = 99;
    /* A hand of more than RAMI_MAX_HAND cards. */
    rami_game *big = NULL;
    assert_int_equal(rami_game_clone(g, &big), RAMI_OK);
    while (big->pos.hands[1].size <= RAMI_MAX_HAND)
        hand_add(&big->pos.hands[1], RAMI_JOKER);
    buf[0] = 'x';
    assert_int_equal(rami_game_view_json(big, 1, buf, sizeof buf, &len), RAMI_E_INTERNAL);
    assert_int_equal(len, 0);
    assert_int_equal(buf[0], '\0');
    assert_int_equal(rami_game_view_json(big, -1, NULL, 0, &len), RAMI_E_INTERNAL);
    /* Seat 0 does not see seat 1's hand: its view is fine. */
    assert_int_equal(rami_game_view_json(big, 0, buf, sizeof buf, &len), RAMI_OK);
    rami_game_free(big);
    /* A log entry that is no move. */
    rami_move draw = {RAMI_MOVE_DRAW_STOCK, 0, 0, 0, {0}};
    assert_int_equal(rami_game_play(g, 0, &draw), RAMI_OK);
    g->log[0] = 0; /* the draw's kind */
    len = 99;
    assert_int_equal(rami_game_view_json(g, 0, buf, sizeof buf, &len), RAMI_E_INTERNAL);
    assert_int_equal(len, 0);
    assert_int_equal(rami_game_save(g, buf, sizeof buf, &len), RAMI_E_INTERNAL);
    assert_int_equal(rami_game_save(g, NULL, 0, &len), RAMI_E_INTERNAL);
    rami_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(arguments),
        cmocka_unit_test(hidden_cards),
        cmocka_unit_test(contents),
        cmocka_unit_test(round_over),
        cmocka_unit_test(writers_fail_loudly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
