/* The game handle (lib/game.c, RULES.md §1 and §7): creation, deals,
 * determinism, copies, queries, restocks and the flow of rounds. */
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

/* A pointer value that no call may write over *out on failure. */
#define SENTINEL ((rami_game *)(uintptr_t)0x5E10)

/* ---- helpers: positions from text ---- */

static size_t parse_cards(const char *text, rami_card *out, size_t cap)
{
    size_t n = 0;
    assert_int_equal(rami_cards_parse(text, out, cap, &n), RAMI_OK);
    return n;
}

static void deal_start(rami_deal *d, unsigned dealer)
{
    memset(d, 0, sizeof *d);
    d->struct_size = sizeof *d;
    d->dealer = (uint8_t)dealer;
}

static void deal_hand(rami_deal *d, unsigned seat, const char *text)
{
    d->hand_count[seat] = (uint8_t)parse_cards(text, d->hands[seat], RAMI_MAX_HAND);
}

/* Array order: the LAST card listed is the stock top, drawn first. */
static void deal_stock(rami_deal *d, const char *text)
{
    d->stock_count = (uint16_t)parse_cards(text, d->stock, RAMI_MAX_PACK);
}

/* Array order: the LAST card listed is the discard top. */
static void deal_discard(rami_deal *d, const char *text)
{
    d->discard_count = (uint16_t)parse_cards(text, d->discard, RAMI_MAX_PACK);
}

static rami_ruleset preset(int p, unsigned players)
{
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, p, players), RAMI_OK);
    return rs;
}

static rami_game *start_deal(const rami_ruleset *rs, const rami_deal *d, uint64_t seed)
{
    rami_game *g = NULL;
    assert_int_equal(rami_game_new_deal(rs, d, seed, &g), RAMI_OK);
    assert_non_null(g);
    return g;
}

static rami_game *start_new(int p, unsigned players, uint64_t seed)
{
    rami_ruleset rs = preset(p, players);
    rami_game *g = NULL;
    assert_int_equal(rami_game_new(&rs, seed, &g), RAMI_OK);
    assert_non_null(g);
    return g;
}

/* A seat's hand as text ("7S 8S JK"), as rami_game_hand gives it. */
static const char *hand_text(const rami_game *g, int seat, char *buf, size_t cap)
{
    rami_card cards[RAMI_MAX_HAND];
    size_t n = 0;
    assert_int_equal(rami_game_hand(g, seat, cards, RAMI_MAX_HAND, &n), RAMI_OK);
    rami__cards_text(cards, n, buf, cap);
    return buf;
}

static int play(rami_game *g, const char *text)
{
    rami_move m;
    assert_int_equal(rami_move_parse(text, &m), RAMI_OK);
    return rami_game_play(g, rami_game_current_player(g), &m);
}

static void play_ok(rami_game *g, const char *text)
{
    int st = play(g, text);
    if (st != RAMI_OK)
        fail_msg("'%s' refused: %s", text, rami_strerror(st));
}

/* ---- rami_game_new ---- */

static void new_rejects_null_args(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rami_game *sentinel = SENTINEL, *g = sentinel;
    assert_int_equal(rami_game_new(NULL, 1, &g), RAMI_E_ARG);
    assert_ptr_equal(g, sentinel);
    assert_int_equal(rami_game_new(&rs, 1, NULL), RAMI_E_ARG);
}

static void new_rejects_invalid_rulesets(void **state)
{
    (void)state;
    struct {
        const char *what;
        int status;
    } cases[] = {
        /* API.md: a wrong struct_size is a bad argument. */
        {"struct_size", RAMI_E_ARG},           {"players 1", RAMI_E_RULESET},
        {"players 7", RAMI_E_RULESET},         {"decks 0", RAMI_E_RULESET},
        {"hand_size 0", RAMI_E_RULESET},       {"pack too small", RAMI_E_RULESET},
        {"jokers_per_meld 0", RAMI_E_RULESET}, {"options", RAMI_E_RULESET},
        {"opening", RAMI_E_RULESET},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rami_ruleset rs = preset(RAMI_PRESET_51, 4);
        switch (i) {
        case 0:
            rs.struct_size = 23; /* below the first published size */
            break;
        case 1:
            rs.players = 1;
            break;
        case 2:
            rs.players = 7;
            break;
        case 3:
            rs.decks = 0;
            break;
        case 4:
            rs.hand_size = 0;
            break;
        case 5:
            rs.hand_size = 27;
            break; /* 4 x 27 + 2 > 108 */
        case 6:
            rs.jokers_per_meld = 0;
            break;
        case 7:
            rs.options |= 1u << 20;
            break;
        default:
            rs.opening_points = 11 * 14 + 1;
            break;
        }
        rami_game *sentinel = SENTINEL, *g = sentinel;
        int st = rami_game_new(&rs, 5, &g);
        if (st != cases[i].status)
            fail_msg("%s: got %d, want %d", cases[i].what, st, cases[i].status);
        assert_ptr_equal(g, sentinel);
        /* rami_game_new_deal judges the ruleset the same way. */
        rami_deal d;
        deal_start(&d, 0);
        deal_hand(&d, 0, "7S");
        deal_hand(&d, 1, "8S");
        deal_stock(&d, "9S");
        assert_int_equal(rami_game_new_deal(&rs, &d, 5, &g), cases[i].status);
        assert_ptr_equal(g, sentinel);
    }
}

static void check_fresh_round(const rami_game *g, const rami_ruleset *rs, unsigned dealer)
{
    unsigned pack = 52u * rs->decks + rs->jokers;
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_DRAW);
    assert_int_equal(rami_game_dealer(g), dealer);
    assert_int_equal(rami_game_current_player(g), (dealer + 1) % rs->players);
    assert_int_equal(rami_game_turn(g), 1);
    assert_int_equal(rami_game_meld_count(g), 0);
    assert_int_equal(rami_game_discard_count(g), 1);
    assert_int_not_equal(rami_game_discard_top(g), RAMI_NO_CARD);
    assert_int_equal(rami_game_stock_count(g), pack - rs->players * rs->hand_size - 1u);
    assert_int_equal(rami_game_picked(g), RAMI_NO_CARD);
    for (int p = 0; p < rs->players; p++) {
        size_t n = 99;
        assert_int_equal(rami_game_hand(g, p, NULL, 0, &n),
                         rs->hand_size ? RAMI_E_BUFFER : RAMI_OK);
        assert_int_equal(n, rs->hand_size);
        assert_int_equal(rami_game_has_opened(g, p), 0);
    }
    /* The whole pack, no card lost or duplicated. */
    unsigned counts[256];
    assert_true(tu_census(g, counts));
    for (unsigned c = 0; c < 256; c++) {
        unsigned want = c == RAMI_JOKER                 ? rs->jokers
                        : card_is_natural((rami_card)c) ? rs->decks
                                                        : 0;
        if (counts[c] != want)
            fail_msg("card 0x%02x: %u copies, want %u", c, counts[c], want);
    }
}

static void new_deals_every_preset(void **state)
{
    (void)state;
    for (int p = RAMI_PRESET_51; p <= RAMI_PRESET_FINNISH; p++) {
        for (unsigned players = 2; players <= RAMI_MAX_PLAYERS; players++) {
            rami_ruleset rs = preset(p, players);
            rami_game *g = NULL;
            assert_int_equal(rami_game_new(&rs, 1000u + players, &g), RAMI_OK);
            assert_int_equal(rami_game_round(g), 1);
            /* DEC: round 1's dealer is the last seat, so seat 0 starts. */
            check_fresh_round(g, &rs, players - 1);
            assert_int_equal(rami_game_current_player(g), 0);
            int32_t totals[RAMI_MAX_PLAYERS];
            assert_int_equal(rami_game_scores(g, totals, RAMI_MAX_PLAYERS), RAMI_OK);
            for (unsigned i = 0; i < RAMI_MAX_PLAYERS; i++)
                assert_int_equal(totals[i], 0);
            rami_game_free(g);
        }
    }
}

/* ---- determinism ---- */

static bool same_deal(const rami_game *a, const rami_game *b)
{
    for (int p = 0; p < a->rs.players; p++) {
        char ha[200], hb[200];
        if (strcmp(hand_text(a, p, ha, sizeof ha), hand_text(b, p, hb, sizeof hb)) != 0)
            return false;
    }
    return rami_game_discard_top(a) == rami_game_discard_top(b) &&
           a->pos.stock_count == b->pos.stock_count &&
           memcmp(stock_cards(&a->pos), stock_cards(&b->pos), a->pos.stock_count) == 0;
}

static void same_seed_same_deal(void **state)
{
    (void)state;
    for (int p = RAMI_PRESET_51; p <= RAMI_PRESET_FINNISH; p++) {
        const uint64_t seeds[] = {0, 1, 42, UINT64_MAX};
        for (size_t i = 0; i < 4; i++) {
            rami_game *a = start_new(p, 3, seeds[i]);
            rami_game *b = start_new(p, 3, seeds[i]);
            assert_true(same_deal(a, b));
            assert_true(rami__game_equal(a, b));
            assert_int_equal(rami_game_seed(a), seeds[i]);
            rami_game_free(a);
            rami_game_free(b);
        }
    }
}

static void different_seeds_differ(void **state)
{
    (void)state;
    rami_game *g[8];
    for (unsigned i = 0; i < 8; i++)
        g[i] = start_new(RAMI_PRESET_51, 2, i == 7 ? UINT64_MAX : i);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned j = i + 1; j < 8; j++)
            if (same_deal(g[i], g[j]))
                fail_msg("seeds %u and %u deal the same cards", i, j);
    for (unsigned i = 0; i < 8; i++)
        rami_game_free(g[i]);
}

/* The exact deal of a fixed seed, pinned so that any change of the
 * generator, the shuffle or the dealing order fails here: the same seed
 * must deal the same cards on every platform, compiler and binding
 * (RULES.md §1, dealing order). The strings were taken once from the
 * implementation and agree with an independent re-implementation of the
 * algorithm doc/rules.md describes (splitmix64 -> xoshiro256**, Lemire's
 * bounded draw, Fisher-Yates from the top, dealing from the end of the
 * array). Only a deliberate change of the dealing rules may change them:
 * the failure message shows the new value; paste it and say so in the
 * change. */
static void pinned_deal_51_two_players_seed_42(void **state)
{
    (void)state;
    rami_game *g = start_new(RAMI_PRESET_51, 2, 42);
    char buf[600];
    assert_string_equal(hand_text(g, 0, buf, sizeof buf), "AC 7C JC QC 2D 3D 8D AH 4H 7H QH 5S JK");
    assert_string_equal(hand_text(g, 1, buf, sizeof buf),
                        "AC 3C 3C 4C 5C 10D 8H 10H 2S 3S 9S 10S JK");
    rami_card top = rami_game_discard_top(g);
    assert_int_equal(rami_card_format(top, buf, sizeof buf), RAMI_OK);
    assert_string_equal(buf, "6S");
    /* Stock in array order: the last card is drawn first. */
    rami__cards_text(stock_cards(&g->pos), g->pos.stock_count, buf, sizeof buf);
    assert_string_equal(
        buf, "6D 5S 6C 4H JD 7S KD QH JH 5C 9H AS JS 5D 10S QS 9D 9H 2H 7C KD QD QS 6S 10C "
             "JC 9C 7D 9S AH 6H KH 5H 4S 7H JD 6C 5D 4D 8S AD JK 2C 2C KH AS 2D 3H "
             "7D 4C 8S 7S 9C 5H 4S JK 10D 3S 4D KC 9D 2S 8D KS 8C QD 2H JH KS 8H 8C "
             "3D JS AD 6H QC 10C 10H KC 6D 3H");
    rami_game_free(g);
}

/* FNV-1a over every hand, the discard top and the stock of many deals. */
static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001B3ull;
    return h;
}

static uint64_t deal_hash(const rami_game *g, uint64_t h)
{
    for (int p = 0; p < g->rs.players; p++) {
        rami_card cards[RAMI_MAX_HAND];
        size_t n;
        assert_int_equal(rami_game_hand(g, p, cards, RAMI_MAX_HAND, &n), RAMI_OK);
        h = fnv(h, cards, n);
    }
    rami_card top = rami_game_discard_top(g);
    h = fnv(h, &top, 1);
    return fnv(h, stock_cards(&g->pos), g->pos.stock_count);
}

/* Every preset, 2..6 players, seeds 0..9, rounds 1 and 2: one pinned hash
 * (regenerate as for the pinned deal above: the failure prints the value). */
static void pinned_deal_hash_all_presets(void **state)
{
    (void)state;
    uint64_t h = 0xCBF29CE484222325ull;
    for (int p = RAMI_PRESET_51; p <= RAMI_PRESET_FINNISH; p++) {
        for (unsigned players = 2; players <= RAMI_MAX_PLAYERS; players++) {
            for (uint64_t seed = 0; seed < 10; seed++) {
                rami_ruleset rs = preset(p, players);
                rs.max_turns = 1;
                rami_game *g = NULL;
                assert_int_equal(rami_game_new(&rs, seed, &g), RAMI_OK);
                h = deal_hash(g, h);
                play_ok(g, "draw");
                size_t n;
                rami_move all[RAMI_MAX_MOVES];
                assert_int_equal(rami_game_legal_moves(g, all, RAMI_MAX_MOVES, &n), RAMI_OK);
                assert_int_equal(rami_game_play(g, rami_game_current_player(g), &all[n - 1]),
                                 RAMI_OK);
                assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
                assert_int_equal(rami_game_next_round(g), RAMI_OK);
                h = deal_hash(g, h);
                rami_game_free(g);
            }
        }
    }
    if (h != 0x3ee780326284d733ull)
        fail_msg("deal hash 0x%016llxull", (unsigned long long)h);
}

/* Round r's deal depends only on the seed and r, not on how round r-1 was
 * played (RULES.md §1, dealing order). */
static void round_deal_depends_on_seed_and_round_only(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 3);
    rs.max_turns = 1;
    rami_game *a = NULL, *b = NULL;
    assert_int_equal(rami_game_new(&rs, 77, &a), RAMI_OK);
    assert_int_equal(rami_game_new(&rs, 77, &b), RAMI_OK);
    rami_card cards[RAMI_MAX_HAND];
    size_t n;
    play_ok(a, "draw");
    assert_int_equal(rami_game_hand(a, 0, cards, RAMI_MAX_HAND, &n), RAMI_OK);
    rami_move m = {.kind = RAMI_MOVE_DISCARD, .count = 1, .cards = {cards[0]}};
    assert_int_equal(rami_game_play(a, 0, &m), RAMI_OK);
    play_ok(b, "take");
    assert_int_equal(rami_game_hand(b, 0, cards, RAMI_MAX_HAND, &n), RAMI_OK);
    m.cards[0] = cards[n - 1] == rami_game_picked(b) ? cards[0] : cards[n - 1];
    assert_int_equal(rami_game_play(b, 0, &m), RAMI_OK);
    assert_false(rami__game_equal(a, b));
    assert_int_equal(rami_game_next_round(a), RAMI_OK);
    assert_int_equal(rami_game_next_round(b), RAMI_OK);
    assert_true(same_deal(a, b));
    rami_game_free(a);
    rami_game_free(b);
}

/* ---- rami_game_new_deal ---- */

/* A valid 2-player deal under Rami 51 (2 decks, 4 jokers, 13 cards). */
static void small_deal(rami_deal *d)
{
    deal_start(d, 1);
    deal_hand(d, 0, "KS 2C JK 7H 7H AD 10D");
    deal_hand(d, 1, "3C 4C 5C QH");
    deal_stock(d, "9S 8S 2D");
    deal_discard(d, "4S 6H");
}

static void new_deal_reproduced_exactly(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rami_deal d;
    small_deal(&d);
    rami_game *g = start_deal(&rs, &d, 9);
    char buf[200];
    assert_string_equal(hand_text(g, 0, buf, sizeof buf), "2C AD 10D 7H 7H KS JK");
    assert_string_equal(hand_text(g, 1, buf, sizeof buf), "3C 4C 5C QH");
    assert_int_equal(rami_game_stock_count(g), 3);
    assert_int_equal(rami_game_discard_count(g), 2);
    assert_int_equal(rami_game_discard_top(g), RAMI_CARD(6, RAMI_HEARTS));
    assert_int_equal(rami_game_dealer(g), 1);
    assert_int_equal(rami_game_current_player(g), 0);
    assert_int_equal(rami_game_round(g), 1);
    assert_int_equal(rami_game_turn(g), 1);
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_DRAW);
    assert_int_equal(rami_game_seed(g), 9);
    /* stock[stock_count-1] is drawn first, then the next one. */
    play_ok(g, "draw");
    assert_string_equal(hand_text(g, 0, buf, sizeof buf), "2C AD 2D 10D 7H 7H KS JK");
    play_ok(g, "discard KS");
    assert_int_equal(rami_game_discard_top(g), RAMI_CARD(RAMI_KING, RAMI_SPADES));
    play_ok(g, "draw");
    assert_string_equal(hand_text(g, 1, buf, sizeof buf), "3C 4C 5C QH 8S");
    play_ok(g, "discard QH");
    play_ok(g, "take");
    assert_string_equal(hand_text(g, 0, buf, sizeof buf), "2C AD 2D 10D 7H 7H QH JK");
    rami_game_free(g);

    /* Dealer 0: seat 1 starts; a hand may hold hand_size + 1 cards. */
    d.dealer = 0;
    deal_hand(&d, 1, "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC");
    g = start_deal(&rs, &d, 9);
    assert_int_equal(rami_game_current_player(g), 1);
    assert_string_equal(hand_text(g, 1, buf, sizeof buf),
                        "AC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC");
    rami_game_free(g);
}

static void new_deal_rejects_bad_deals(void **state)
{
    (void)state;
    for (int i = 0; i < 20; i++) {
        rami_ruleset rs = preset(RAMI_PRESET_51, 2);
        rami_deal d;
        small_deal(&d);
        const char *what;
        /* clang-format off */
        switch (i) {
        case 0: what = "3 x 7H in 2 decks"; deal_stock(&d, "9S 7H 8S 2D"); break;
        case 1: what = "5 jokers"; deal_hand(&d, 1, "3C JK JK JK JK"); break;
        case 2: what = "2 x 7H in 1 deck";
            rs = preset(RAMI_PRESET_FINNISH, 2); break;
        case 3: what = "card code 0"; d.stock[1] = RAMI_NO_CARD; break;
        case 4: what = "rank 14"; d.hands[0][0] = 0x0E; break;
        case 5: what = "suit any"; d.discard[0] = RAMI_CARD(4, RAMI_SUIT_ANY); break;
        case 6: what = "code 0x51"; d.hands[1][2] = 0x51; break;
        case 7: what = "empty hand"; d.hand_count[1] = 0; break;
        case 8: what = "hand_size + 2";
            deal_hand(&d, 0, "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AS 2S 3S"); break;
        case 9: what = "dealer = players"; d.dealer = 2; break;
        case 10: what = "struct_size"; d.struct_size--; break;
        case 11: what = "empty stock"; d.stock_count = 0; break;
        case 12: what = "seat 2 in a 2-player game"; deal_hand(&d, 2, "9H"); break;
        case 13: what = "seat 5 in a 2-player game"; deal_hand(&d, 5, "9H"); break;
        case 14: what = "stock_count > RAMI_MAX_PACK"; d.stock_count = RAMI_MAX_PACK + 1; break;
        case 15: what = "discard_count > RAMI_MAX_PACK";
            d.discard_count = RAMI_MAX_PACK + 1; break;
        case 16: what = "hand_count > RAMI_MAX_HAND"; d.hand_count[0] = 255; break;
        case 17: what = "a joker too many in a house pack";
            rs = preset(RAMI_PRESET_51_HOUSE, 2); deal_hand(&d, 1, "3C JK JK"); break;
        case 18: what = "finnish hand_size + 2";
            rs = preset(RAMI_PRESET_FINNISH, 4); deal_hand(&d, 0, "2C 3C 4C 5C 6C 7C 8C 9C 10C");
            deal_hand(&d, 1, "3D"); deal_hand(&d, 2, "3H"); deal_hand(&d, 3, "3S"); break;
        default: what = "NULL deal"; break;
        }
        /* clang-format on */
        rami_game *sentinel = SENTINEL, *g = sentinel;
        int st = rami_game_new_deal(&rs, i == 19 ? NULL : &d, 1, &g);
        if (st != RAMI_E_ARG)
            fail_msg("%s: got %d, want RAMI_E_ARG", what, st);
        assert_ptr_equal(g, sentinel);
    }
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rami_deal d;
    small_deal(&d);
    assert_int_equal(rami_game_new_deal(NULL, &d, 1, &(rami_game *){NULL}), RAMI_E_ARG);
    assert_int_equal(rami_game_new_deal(&rs, &d, 1, NULL), RAMI_E_ARG);
}

static void new_deal_accepts_the_limits(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rami_deal d;
    /* Exactly as many copies as the pack holds, spread over every place;
     * an empty discard pile; hand_size + 1 cards. */
    deal_start(&d, 0);
    deal_hand(&d, 0, "7H JK 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC");
    deal_hand(&d, 1, "7H JK");
    deal_stock(&d, "JK JK");
    rami_game *g = start_deal(&rs, &d, 1);
    assert_int_equal(rami_game_discard_count(g), 0);
    assert_int_equal(rami_game_discard_top(g), RAMI_NO_CARD);
    assert_int_equal(rami_game_current_player(g), 1);
    size_t n;
    assert_int_equal(rami_game_hand(g, 0, NULL, 0, &n), RAMI_E_BUFFER);
    assert_int_equal(n, 14);
    rami_game_free(g);
    /* Finnish 4 players: 1 deck, 2 jokers, hands of 7 (8 allowed). */
    rs = preset(RAMI_PRESET_FINNISH, 4);
    deal_start(&d, 3);
    deal_hand(&d, 0, "AS 2S 3S 4S 5S 6S 7S JK");
    deal_hand(&d, 1, "AH");
    deal_hand(&d, 2, "AD JK");
    deal_hand(&d, 3, "AC");
    deal_stock(&d, "KC");
    deal_discard(&d, "KD");
    g = start_deal(&rs, &d, 1);
    assert_int_equal(rami_game_current_player(g), 0);
    rami_game_free(g);
}

/* Regression: deal_check() once counted copies in 8 bits, so 257 x 7S (168
 * in the stock, 89 in the discard pile) wrapped to 1 and passed, and 256
 * cards of code 0 slipped into the stock. */
/* The largest hands: a ruleset deals at most RAMI_MAX_HAND_SIZE (15)
 * cards; a given deal may hold hand_size + 1 (16) and no more, and the draw
 * of its turn then makes 17, which every query and writer reads. */
static void new_deal_hands_fit_after_the_draw(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rs.decks = 3;
    rs.jokers = 12;
    rs.hand_size = RAMI_MAX_HAND_SIZE + 1;
    char why[160];
    assert_int_equal(rami_ruleset_check(&rs, why, sizeof why), RAMI_E_RULESET);
    assert_non_null(strstr(why, "hand_size"));
    rs.hand_size = RAMI_MAX_HAND_SIZE;
    rs.opening_points = 0;
    assert_int_equal(rami_ruleset_check(&rs, NULL, 0), RAMI_OK);
    rami_deal d;
    deal_start(&d, 1); /* seat 0 plays first */
    for (unsigned i = 0; i < RAMI_MAX_HAND_SIZE + 2u; i++)
        d.hands[0][i] = RAMI_CARD(i % 13 + 1, i / 13);
    d.hand_count[0] = RAMI_MAX_HAND_SIZE + 2;
    deal_hand(&d, 1, "2H");
    deal_stock(&d, "KH QH");
    rami_game *g = SENTINEL;
    assert_int_equal(rami_game_new_deal(&rs, &d, 1, &g), RAMI_E_ARG);
    assert_ptr_equal(g, SENTINEL);
    d.hand_count[0] = RAMI_MAX_HAND_SIZE + 1;
    g = start_deal(&rs, &d, 1);
    rami_move draw = {RAMI_MOVE_DRAW_STOCK, 0, 0, 0, {0}};
    assert_int_equal(rami_game_play(g, 0, &draw), RAMI_OK);
    rami_card cards[RAMI_MAX_HAND];
    size_t n = 0;
    assert_int_equal(rami_game_hand(g, 0, cards, RAMI_MAX_HAND, &n), RAMI_OK);
    assert_int_equal(n, RAMI_MAX_HAND_SIZE + 2);
    char *text = malloc(1 << 16);
    size_t len;
    assert_non_null(text);
    assert_int_equal(rami_game_view_json(g, 0, text, 1 << 16, &len), RAMI_OK);
    assert_non_null(strstr(text, "\"hand\":[\"AC\",\"2C\""));
    rami_solution sol;
    assert_int_equal(rami_solve_hand(&rs, cards, n, RAMI_SOLVE_MIN_PENALTY, &sol), RAMI_OK);
    free(text);
    rami_game_free(g);
}

static void new_deal_copy_counts_do_not_wrap(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rami_deal d;
    deal_start(&d, 1);
    deal_hand(&d, 0, "8S");
    deal_hand(&d, 1, "9S");
    d.stock_count = RAMI_MAX_PACK;
    memset(d.stock, RAMI_CARD(7, RAMI_SPADES), RAMI_MAX_PACK);
    d.discard_count = 89;
    memset(d.discard, RAMI_CARD(7, RAMI_SPADES), 89);
    rami_game *sentinel = SENTINEL, *g = sentinel;
    assert_int_equal(rami_game_new_deal(&rs, &d, 1, &g), RAMI_E_ARG);
    assert_ptr_equal(g, sentinel);
    memset(d.stock, RAMI_NO_CARD, RAMI_MAX_PACK - 1);
    memset(d.discard, RAMI_NO_CARD, 89);
    assert_int_equal(rami_game_new_deal(&rs, &d, 1, &g), RAMI_E_ARG);
    assert_ptr_equal(g, sentinel);
}

/* ---- clones ---- */

static void clone_is_equal_and_independent(void **state)
{
    (void)state;
    for (int from_deal = 0; from_deal < 2; from_deal++) {
        rami_ruleset rs = preset(RAMI_PRESET_51, 2);
        rami_deal d;
        small_deal(&d);
        rami_game *g = NULL;
        if (from_deal)
            g = start_deal(&rs, &d, 3);
        else
            assert_int_equal(rami_game_new(&rs, 3, &g), RAMI_OK);
        play_ok(g, "draw");
        rami_game *c = NULL, *pristine = NULL;
        assert_int_equal(rami_game_clone(g, &c), RAMI_OK);
        assert_int_equal(rami_game_clone(g, &pristine), RAMI_OK);
        assert_ptr_not_equal(c, g);
        assert_true(rami__game_equal(g, c));
        /* Play on the clone: the original does not move. */
        rami_move list[RAMI_MAX_MOVES];
        size_t n;
        assert_int_equal(rami_game_legal_moves(c, list, RAMI_MAX_MOVES, &n), RAMI_OK);
        assert_int_equal(rami_game_play(c, 0, &list[n - 1]), RAMI_OK);
        assert_false(rami__game_equal(g, c));
        assert_true(rami__game_equal(g, pristine));
        assert_int_equal(rami_game_current_player(g), 0);
        assert_int_equal(rami_game_current_player(c), 1);
        /* The same moves on both give equal games again (log included). */
        assert_int_equal(rami_game_play(g, 0, &list[n - 1]), RAMI_OK);
        assert_true(rami__game_equal(g, c));
        /* Freeing the original leaves the clone whole. */
        rami_game_free(g);
        play_ok(c, "draw");
        assert_int_equal(rami_game_phase(c), RAMI_PHASE_PLAY);
        rami_game_free(c);
        rami_game_free(pristine);
    }
}

static void game_equal_sees_differences(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rami_deal d;
    small_deal(&d);
    rami_game *a = start_deal(&rs, &d, 3);
    rami_game *b = start_deal(&rs, &d, 3);
    rami_game *c = start_deal(&rs, &d, 4); /* other seed: other future shuffles */
    rami_game *e = start_new(RAMI_PRESET_51, 2, 3);
    assert_true(rami__game_equal(a, b));
    assert_false(rami__game_equal(a, c));
    assert_false(rami__game_equal(a, e));
    d.stock[0] = RAMI_CARD(10, RAMI_SPADES);
    rami_game *f = start_deal(&rs, &d, 3);
    assert_false(rami__game_equal(a, f));
    rami_game_free(a);
    rami_game_free(b);
    rami_game_free(c);
    rami_game_free(e);
    rami_game_free(f);
}

static void clone_and_free_args(void **state)
{
    (void)state;
    rami_game *g = start_new(RAMI_PRESET_40, 3, 1);
    rami_game *sentinel = g, *out = sentinel;
    assert_int_equal(rami_game_clone(NULL, &out), RAMI_E_ARG);
    assert_ptr_equal(out, sentinel);
    assert_int_equal(rami_game_clone(g, NULL), RAMI_E_ARG);
    rami_game_free(NULL);
    rami_game_free(g);
}

/* ---- queries ---- */

static void queries_reject_null_and_bad_seats(void **state)
{
    (void)state;
    assert_int_equal(rami_game_phase(NULL), RAMI_E_ARG);
    assert_int_equal(rami_game_current_player(NULL), RAMI_E_ARG);
    assert_int_equal(rami_game_dealer(NULL), RAMI_E_ARG);
    assert_int_equal(rami_game_round(NULL), RAMI_E_ARG);
    assert_int_equal(rami_game_turn(NULL), RAMI_E_ARG);
    assert_int_equal(rami_game_stock_count(NULL), 0);
    assert_int_equal(rami_game_discard_count(NULL), 0);
    assert_int_equal(rami_game_discard_top(NULL), RAMI_NO_CARD);
    assert_int_equal(rami_game_meld_count(NULL), 0);
    assert_int_equal(rami_game_seed(NULL), 0);
    assert_int_equal(rami_game_picked(NULL), RAMI_NO_CARD);
    assert_int_equal(rami_game_has_opened(NULL, 0), RAMI_E_ARG);
    assert_int_equal(rami_game_match_winners(NULL), RAMI_E_ARG);
    assert_int_equal(rami_game_next_round(NULL), RAMI_E_ARG);
    rami_card buf[RAMI_MAX_HAND];
    size_t n = 77;
    assert_int_equal(rami_game_hand(NULL, 0, buf, RAMI_MAX_HAND, &n), RAMI_E_ARG);
    assert_int_equal(n, 77);
    rami_meld_info info;
    int owner;
    assert_int_equal(rami_game_meld(NULL, 0, &owner, &info), RAMI_E_ARG);
    rami_round_result res;
    assert_int_equal(rami_game_round_result(NULL, &res), RAMI_E_ARG);
    int32_t totals[2];
    assert_int_equal(rami_game_scores(NULL, totals, 2), RAMI_E_ARG);
    rami_ruleset rs;
    assert_int_equal(rami_game_ruleset(NULL, &rs), RAMI_E_ARG);

    rami_game *g = start_new(RAMI_PRESET_51, 3, 8);
    rami_game *copy;
    assert_int_equal(rami_game_clone(g, &copy), RAMI_OK);
    const int bad_seats[] = {-1, 3, 6, 100, -100};
    for (size_t i = 0; i < 5; i++) {
        n = 77;
        assert_int_equal(rami_game_hand(g, bad_seats[i], buf, RAMI_MAX_HAND, &n), RAMI_E_ARG);
        assert_int_equal(n, 77);
        assert_int_equal(rami_game_has_opened(g, bad_seats[i]), RAMI_E_ARG);
    }
    assert_int_equal(rami_game_hand(g, 0, buf, RAMI_MAX_HAND, NULL), RAMI_E_ARG);
    assert_int_equal(rami_game_hand(g, 0, NULL, 5, &n), RAMI_E_ARG);
    assert_int_equal(rami_game_meld(g, 0, &owner, &info), RAMI_E_ARG);
    assert_int_equal(rami_game_round_result(g, NULL), RAMI_E_ARG);
    assert_int_equal(rami_game_round_result(g, &res), RAMI_E_PHASE);
    assert_int_equal(rami_game_scores(g, NULL, 3), RAMI_E_ARG);
    assert_int_equal(rami_game_scores(g, NULL, 0), RAMI_OK);
    assert_int_equal(rami_game_ruleset(g, NULL), RAMI_E_ARG);
    assert_int_equal(rami_game_next_round(g), RAMI_E_PHASE);
    assert_int_equal(rami_game_match_winners(g), RAMI_E_PHASE);
    /* None of the refused calls changed anything. */
    assert_true(rami__game_equal(g, copy));
    rami_game_free(g);
    rami_game_free(copy);
}

static void hand_is_sorted_suit_rank_jokers_last(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rami_deal d;
    deal_start(&d, 1);
    deal_hand(&d, 0, "JK KS AS 10H 2C JK QD AD AD 9C 10C 3S 2H");
    deal_hand(&d, 1, "5H");
    deal_stock(&d, "6H");
    rami_game *g = start_deal(&rs, &d, 1);
    rami_card want[13];
    assert_int_equal(parse_cards("2C 9C 10C AD AD QD 2H 10H AS 3S KS JK JK", want, 13), 13);
    rami_card got[13];
    size_t n = 0;
    assert_int_equal(rami_game_hand(g, 0, got, 13, &n), RAMI_OK);
    assert_int_equal(n, 13);
    assert_memory_equal(got, want, 13);
    rami_game_free(g);
}

static void hand_count_then_fill(void **state)
{
    (void)state;
    rami_game *g = start_new(RAMI_PRESET_51, 2, 5);
    enum { GUARD = 0xEE };
    rami_card full[RAMI_MAX_HAND];
    size_t n = 0;
    /* Size query. */
    assert_int_equal(rami_game_hand(g, 1, NULL, 0, &n), RAMI_E_BUFFER);
    assert_int_equal(n, 13);
    assert_int_equal(rami_game_hand(g, 1, full, RAMI_MAX_HAND, &n), RAMI_OK);
    for (size_t cap = 0; cap <= 13; cap++) {
        rami_card buf[16];
        memset(buf, GUARD, sizeof buf);
        n = 0;
        int st = rami_game_hand(g, 1, buf, cap, &n);
        assert_int_equal(n, 13);
        assert_int_equal(st, cap < 13 ? RAMI_E_BUFFER : RAMI_OK);
        /* Nothing written beyond cap. */
        for (size_t i = cap; i < sizeof buf; i++)
            assert_int_equal(buf[i], GUARD);
        if (st == RAMI_OK)
            assert_memory_equal(buf, full, 13);
    }
    rami_game_free(g);
}

/* Seat 0 lays a run with a joker (opening 61 points), seat 1 a set with a
 * joker under the same ruleset. */
static rami_game *two_melds(void)
{
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rami_deal d;
    deal_start(&d, 1);
    deal_hand(&d, 0, "JK 7S 8S 10H JH QH KH 2D");
    deal_hand(&d, 1, "5C 5D JK KC KD KH QC QD QH 2C");
    deal_stock(&d, "4D 3D 3C");
    rami_game *g = start_deal(&rs, &d, 1);
    play_ok(g, "draw");
    play_ok(g, "meld 10H JH QH KH");
    play_ok(g, "meld 8S JK 7S");
    play_ok(g, "discard 3C");
    play_ok(g, "draw");
    play_ok(g, "meld KC KD KH");
    play_ok(g, "meld QH QD QC");
    play_ok(g, "meld 5D JK 5C");
    return g;
}

static void meld_query_owner_info_joker_as(void **state)
{
    (void)state;
    rami_game *g = two_melds();
    assert_int_equal(rami_game_meld_count(g), 5);
    struct {
        int owner, kind, points;
        const char *cards, *joker_as;
    } want[] = {
        {0, RAMI_MELD_RUN, 40, "10H JH QH KH", ""}, {0, RAMI_MELD_RUN, 21, "JK 7S 8S", "6S"},
        {1, RAMI_MELD_SET, 30, "KC KD KH", ""},     {1, RAMI_MELD_SET, 30, "QC QD QH", ""},
        {1, RAMI_MELD_SET, 15, "5C 5D JK", "5?"},
    };
    for (size_t i = 0; i < 5; i++) {
        int owner = -1;
        rami_meld_info info;
        memset(&info, 0xAA, sizeof info);
        assert_int_equal(rami_game_meld(g, i, &owner, &info), RAMI_OK);
        assert_int_equal(owner, want[i].owner);
        assert_int_equal(info.kind, want[i].kind);
        assert_int_equal(info.points, want[i].points);
        char text[64];
        rami__cards_text(info.cards, info.count, text, sizeof text);
        assert_string_equal(text, want[i].cards);
        if (want[i].joker_as[0] == '\0') {
            assert_int_equal(info.joker_as, RAMI_NO_CARD);
        } else {
            assert_int_equal(rami_card_format(info.joker_as, text, sizeof text), RAMI_OK);
            assert_string_equal(text, want[i].joker_as);
        }
        /* owner and info may be NULL. */
        assert_int_equal(rami_game_meld(g, i, NULL, NULL), RAMI_OK);
    }
    int owner = 42;
    assert_int_equal(rami_game_meld(g, 5, &owner, NULL), RAMI_E_ARG);
    assert_int_equal(owner, 42);
    assert_int_equal(rami_game_meld(g, SIZE_MAX, NULL, NULL), RAMI_E_ARG);
    assert_int_equal(rami_game_has_opened(g, 0), 1);
    assert_int_equal(rami_game_has_opened(g, 1), 1);
    rami_game_free(g);
}

static void ruleset_seed_picked(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_FINNISH, 3);
    rs.max_turns = 77;
    rs.joker_penalty = 50;
    rs.match_target = 500;
    rami_game *g = NULL;
    const uint64_t seed = 0xFEDCBA9876543210ull;
    assert_int_equal(rami_game_new(&rs, seed, &g), RAMI_OK);
    rami_ruleset got;
    memset(&got, 0x55, sizeof got);
    assert_int_equal(rami_game_ruleset(g, &got), RAMI_OK);
    assert_memory_equal(&got, &rs, sizeof rs);
    assert_int_equal(rami_game_seed(g), seed);

    rami_card top = rami_game_discard_top(g);
    assert_int_equal(rami_game_picked(g), RAMI_NO_CARD);
    play_ok(g, "take");
    assert_int_equal(rami_game_picked(g), top);
    assert_int_equal(rami_game_discard_count(g), 0);
    assert_int_equal(rami_game_discard_top(g), RAMI_NO_CARD);
    rami_card cards[RAMI_MAX_HAND];
    size_t n;
    assert_int_equal(rami_game_hand(g, 0, cards, RAMI_MAX_HAND, &n), RAMI_OK);
    rami_move m = {.kind = RAMI_MOVE_DISCARD, .count = 1};
    for (size_t i = 0; i < n && m.cards[0] == RAMI_NO_CARD; i++)
        if (cards[i] != top)
            m.cards[0] = cards[i];
    assert_int_equal(rami_game_play(g, 0, &m), RAMI_OK);
    /* The next player has picked nothing, and a draw from the stock is no pick. */
    assert_int_equal(rami_game_picked(g), RAMI_NO_CARD);
    play_ok(g, "draw");
    assert_int_equal(rami_game_picked(g), RAMI_NO_CARD);
    rami_game_free(g);
}

/* ---- rounds ---- */

/* Finishes the current turn with a draw and the first legal discard. */
static void draw_and_discard(rami_game *g)
{
    play_ok(g, "draw");
    rami_move list[RAMI_MAX_MOVES];
    size_t n;
    assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n), RAMI_OK);
    for (size_t i = 0; i < n; i++) {
        if (list[i].kind == RAMI_MOVE_DISCARD) {
            assert_int_equal(rami_game_play(g, rami_game_current_player(g), &list[i]), RAMI_OK);
            return;
        }
    }
    fail_msg("no discard listed");
}

static void next_round_rotates_dealer_and_carries_totals(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 3);
    rs.max_turns = 2; /* each round ends after two turns */
    rami_game *g = NULL;
    assert_int_equal(rami_game_new(&rs, 99, &g), RAMI_OK);
    int32_t sum[3] = {0, 0, 0};
    uint64_t prev = 0;
    for (int round = 1; round <= 7; round++) {
        unsigned dealer = (unsigned)(round + 1) % 3; /* 2, 0, 1, 2, ... */
        assert_int_equal(rami_game_round(g), round);
        check_fresh_round(g, &rs, dealer);
        uint64_t h = deal_hash(g, 0xCBF29CE484222325ull);
        assert_true(h != prev); /* a new deal */
        prev = h;
        assert_int_equal(rami_game_next_round(g), RAMI_E_PHASE);
        draw_and_discard(g);
        assert_int_equal(rami_game_phase(g), RAMI_PHASE_DRAW);
        assert_int_equal(rami_game_turn(g), 2);
        draw_and_discard(g);
        assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
        /* Nothing changes between the end of a round and the next deal. */
        assert_int_equal(rami_game_round(g), round);
        assert_int_equal(rami_game_dealer(g), dealer);
        rami_round_result res;
        assert_int_equal(rami_game_round_result(g, &res), RAMI_OK);
        assert_int_equal(res.reason, RAMI_END_TURN_LIMIT);
        int32_t totals[3];
        assert_int_equal(rami_game_scores(g, totals, 3), RAMI_OK);
        for (int p = 0; p < 3; p++) {
            sum[p] += res.points[p];
            assert_int_equal(totals[p], sum[p]);
        }
        assert_int_equal(rami_game_next_round(g), RAMI_OK);
        assert_int_equal(rami_game_next_round(g), RAMI_E_PHASE);
        assert_int_equal(rami_game_scores(g, totals, 3), RAMI_OK);
        for (int p = 0; p < 3; p++)
            assert_int_equal(totals[p], sum[p]);
    }
    rami_game_free(g);
}

/* Round 2 of a new_deal game is shuffled from the seed, dealt by the next
 * dealer. */
static void next_round_after_a_given_deal(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rs.max_turns = 1;
    rami_deal d;
    small_deal(&d); /* dealer 1 */
    rami_game *g = start_deal(&rs, &d, 5);
    draw_and_discard(g);
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    assert_int_equal(rami_game_next_round(g), RAMI_OK);
    assert_int_equal(rami_game_round(g), 2);
    check_fresh_round(g, &rs, 0);
    rami_game_free(g);
}

static void scores_cap_smaller_and_larger(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rs.max_turns = 1;
    rami_deal d;
    small_deal(&d);
    rami_game *g = start_deal(&rs, &d, 5);
    play_ok(g, "draw");
    play_ok(g, "discard JK");
    /* Seat 0: 2C 2D AD 10D 7H 7H KS = 2+2+11+10+7+7+10; seat 1: 3+4+5+10. */
    const int32_t want0 = 49, want1 = 22;
    int32_t t[RAMI_MAX_PLAYERS + 2];
    memset(t, 0x7F, sizeof t);
    assert_int_equal(rami_game_scores(g, t, 1), RAMI_OK);
    assert_int_equal(t[0], want0);
    assert_int_equal(t[1], 0x7F7F7F7F); /* untouched beyond cap */
    memset(t, 0x7F, sizeof t);
    assert_int_equal(rami_game_scores(g, t, 2), RAMI_OK);
    assert_int_equal(t[0], want0);
    assert_int_equal(t[1], want1);
    assert_int_equal(t[2], 0x7F7F7F7F);
    memset(t, 0x7F, sizeof t);
    assert_int_equal(rami_game_scores(g, t, RAMI_MAX_PLAYERS + 1), RAMI_OK);
    assert_int_equal(t[0], want0);
    assert_int_equal(t[1], want1);
    for (unsigned i = 2; i <= RAMI_MAX_PLAYERS; i++)
        assert_int_equal(t[i], 0); /* seats beyond the players read 0 */
    assert_int_equal(t[RAMI_MAX_PLAYERS + 1], 0x7F7F7F7F);
    rami_game_free(g);
}

/* ---- restocks (RULES.md §7.2, lazy restock) ---- */

static void restock_turns_the_discard_pile_over(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rs.max_restocks = 1;
    rami_deal d;
    deal_start(&d, 1);
    deal_hand(&d, 0, "2C 3C 9D");
    deal_hand(&d, 1, "2H 3H 9S");
    deal_stock(&d, "KS");
    deal_discard(&d, "4D 5D 6D");
    rami_game *g = start_deal(&rs, &d, 11);
    play_ok(g, "draw");
    assert_int_equal(rami_game_stock_count(g), 0);
    play_ok(g, "discard KS");
    /* Seat 1 begins its turn on an empty stock: everything under the top
     * (KS) becomes the stock, shuffled. */
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_DRAW);
    assert_int_equal(rami_game_current_player(g), 1);
    assert_int_equal(rami_game_stock_count(g), 3);
    assert_int_equal(rami_game_discard_count(g), 1);
    assert_int_equal(rami_game_discard_top(g), RAMI_CARD(RAMI_KING, RAMI_SPADES));
    rami_card s[3];
    memcpy(s, stock_cards(&g->pos), 3);
    rami__cards_sort(s, 3);
    char text[32];
    rami__cards_text(s, 3, text, sizeof text);
    assert_string_equal(text, "4D 5D 6D");
    /* The reshuffle is part of the game's future: a clone draws the same. */
    rami_game *c;
    assert_int_equal(rami_game_clone(g, &c), RAMI_OK);
    play_ok(g, "draw");
    play_ok(c, "draw");
    assert_true(rami__game_equal(g, c));
    rami_game_free(c);
    play_ok(g, "discard 9S");
    play_ok(g, "draw");
    play_ok(g, "discard 9D");
    play_ok(g, "draw");
    assert_int_equal(rami_game_stock_count(g), 0);
    play_ok(g, "discard 2H");
    /* max_restocks 1 is used up: the next turn cannot begin. */
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    rami_round_result res;
    assert_int_equal(rami_game_round_result(g, &res), RAMI_OK);
    assert_int_equal(res.reason, RAMI_END_STOCK_OUT);
    rami_game_free(g);
}

/* The largest pack (3 decks, 12 jokers: RAMI_MAX_PACK cards) with 161
 * cards in the discard pile: the stock and the discard pile share one array
 * of RAMI_MAX_PACK cards (position.h), and the restock moves the pile's
 * cards over the slots it held. */
static void restock_of_the_largest_pack(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rs.decks = 3;
    rs.jokers = RAMI_MAX_PACK - 3 * 52;
    rs.max_restocks = RAMI_UNLIMITED_RESTOCKS;
    assert_int_equal(rami_ruleset_check(&rs, NULL, 0), RAMI_OK);
    rami_card pack[RAMI_MAX_PACK];
    assert_int_equal(tu_pack(&rs, pack), RAMI_MAX_PACK);
    rami_deal d;
    deal_start(&d, 1);
    deal_hand(&d, 0, "2C 3C 9D");
    deal_hand(&d, 1, "2H 3H 9S");
    deal_stock(&d, "KS");
    /* The rest of the pack, in pack order (one copy of each dealt card less). */
    unsigned left[256] = {0};
    for (unsigned i = 0; i < RAMI_MAX_PACK; i++)
        left[pack[i]]++;
    const rami_card dealt[] = {RAMI_CARD(2, RAMI_CLUBS),         RAMI_CARD(3, RAMI_CLUBS),
                               RAMI_CARD(9, RAMI_DIAMONDS),      RAMI_CARD(2, RAMI_HEARTS),
                               RAMI_CARD(3, RAMI_HEARTS),        RAMI_CARD(9, RAMI_SPADES),
                               RAMI_CARD(RAMI_KING, RAMI_SPADES)};
    for (unsigned i = 0; i < 7; i++)
        left[dealt[i]]--;
    for (unsigned c = 0; c < 256; c++)
        for (unsigned k = 0; k < left[c]; k++)
            d.discard[d.discard_count++] = (rami_card)c;
    assert_int_equal(d.discard_count, RAMI_MAX_PACK - 7);
    rami_game *g = start_deal(&rs, &d, 5);
    assert_true(tu_piles_canonical(g));
    rami_card pile[RAMI_MAX_PACK];
    size_t n = 0;
    assert_int_equal(rami_game_discard_pile(g, pile, RAMI_MAX_PACK, &n), RAMI_OK);
    assert_int_equal(n, d.discard_count);
    assert_memory_equal(pile, d.discard, n);
    play_ok(g, "draw");
    play_ok(g, "discard KS");
    /* Seat 1's turn turns the pile over: 161 cards under KS. */
    assert_true(tu_piles_canonical(g));
    assert_int_equal(rami_game_stock_count(g), RAMI_MAX_PACK - 7);
    assert_int_equal(rami_game_discard_count(g), 1);
    assert_int_equal(rami_game_discard_top(g), RAMI_CARD(RAMI_KING, RAMI_SPADES));
    unsigned in_stock[256] = {0};
    for (unsigned i = 0; i < g->pos.stock_count; i++)
        in_stock[stock_at(&g->pos, i)]++;
    assert_memory_equal(in_stock, left, sizeof left);
    unsigned counts[256];
    assert_true(tu_census(g, counts));
    for (unsigned i = 0; i < RAMI_MAX_PACK; i++)
        counts[pack[i]]--;
    for (unsigned c = 0; c < 256; c++)
        assert_int_equal(counts[c], 0);
    /* Drawing and discarding on: the discard pile reads back bottom first. */
    rami_card top = stock_at(&g->pos, g->pos.stock_count - 1u);
    play_ok(g, "draw");
    play_ok(g, "discard 9S");
    assert_true(tu_piles_canonical(g));
    assert_int_equal(rami_game_discard_pile(g, pile, RAMI_MAX_PACK, &n), RAMI_OK);
    assert_int_equal(n, 2);
    assert_int_equal(pile[0], RAMI_CARD(RAMI_KING, RAMI_SPADES));
    assert_int_equal(pile[1], RAMI_CARD(9, RAMI_SPADES));
    assert_int_equal(rami_game_stock_count(g), RAMI_MAX_PACK - 8);
    rami_card h[RAMI_MAX_HAND];
    assert_int_equal(rami_game_hand(g, 1, h, RAMI_MAX_HAND, &n), RAMI_OK);
    assert_int_equal(n, 3);
    assert_true(h[0] == top || h[1] == top || h[2] == top);
    rami_game_free(g);
}

static void stock_out_without_a_pile_to_turn(void **state)
{
    (void)state;
    /* Unlimited restocks, but only the discard top is left. */
    rami_ruleset rs = preset(RAMI_PRESET_FINNISH, 2);
    rami_deal d;
    deal_start(&d, 1);
    deal_hand(&d, 0, "2C 3C");
    deal_hand(&d, 1, "2H 3H");
    deal_stock(&d, "KS");
    rami_game *g = start_deal(&rs, &d, 11);
    play_ok(g, "draw");
    play_ok(g, "discard KS");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    assert_int_equal(rami_game_turn(g), 1);
    rami_round_result res;
    assert_int_equal(rami_game_round_result(g, &res), RAMI_OK);
    assert_int_equal(res.reason, RAMI_END_STOCK_OUT);
    rami_game_free(g);
}

/* One turn of the current seat: a draw from the stock, then the discard
 * of its hand's card t mod the hand's size. Returns the stock's size
 * between the two (a restock at the next turn's start grows it). */
static size_t draw_then_discard_card(rami_game *g, long t)
{
    const rami_move draw = {.kind = RAMI_MOVE_DRAW_STOCK};
    int p = rami_game_current_player(g);
    assert_int_equal(rami_game_play(g, p, &draw), RAMI_OK);
    rami_card cards[RAMI_MAX_HAND];
    size_t n;
    assert_int_equal(rami_game_hand(g, p, cards, RAMI_MAX_HAND, &n), RAMI_OK);
    rami_move m = {.kind = RAMI_MOVE_DISCARD, .count = 1, .cards = {cards[t % (long)n]}};
    size_t stock = rami_game_stock_count(g);
    assert_int_equal(rami_game_play(g, p, &m), RAMI_OK);
    return stock;
}

/* Regression: the turn count was once 16 bits; with max_turns 0 ("no cap")
 * and unlimited restocks a round can pass 65535 turns and
 * rami_game_turn() must keep counting. */
static void turn_count_does_not_wrap_without_a_cap(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_FINNISH, 2);
    rs.max_turns = 0;
    rami_game *g = NULL;
    assert_int_equal(rami_game_new(&rs, 1, &g), RAMI_OK);
    for (long t = 1; t <= 70000; t++) {
        assert_int_equal(rami_game_turn(g), t);
        draw_then_discard_card(g, t);
    }
    rami_game_free(g);
}

/* Regression: the restock count is 8 bits; it wrapped from 255 to 0 (a
 * round with no turn cap and unlimited restocks), and the history then
 * missed every 256th restock. It now stops at 255, and the history finds
 * each restock by the stock growing. */
static void restock_count_stops_at_255(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rs.max_turns = 0;
    rs.max_restocks = RAMI_UNLIMITED_RESTOCKS;
    rami_game *g = NULL;
    assert_int_equal(rami_game_new(&rs, 3, &g), RAMI_OK);
    unsigned real = 0;
    size_t moves = 0;
    for (long t = 1; real < 300; t++) {
        size_t stock = draw_then_discard_card(g, t);
        moves += 2;
        if (rami_game_stock_count(g) > stock) {
            real++;
            assert_int_equal(g->pos.restocks, real < 255 ? real : 255);
        }
    }
    size_t cap = 3 * moves + 16, count = 0, seen = 0;
    rami_event *ev = malloc(cap * sizeof *ev);
    assert_non_null(ev);
    assert_int_equal(rami_game_history(g, RAMI_VIEWER_ALL, ev, cap, &count), RAMI_OK);
    for (size_t i = 0; i < count; i++)
        seen += ev[i].kind == RAMI_EVENT_RESTOCK;
    assert_int_equal(seen, real);
    free(ev);
    rami_game_free(g);
}

/* The loader's entry: a new game resumed at round r with the totals the
 * earlier rounds left is the game that played them (everything but the
 * log of the rounds before, which a record does not keep); a game that
 * has moved on refuses to resume. */
static void resume_is_next_round(void **state)
{
    (void)state;
    static rami_move list[RAMI_MAX_MOVES];
    for (int kind = RAMI_PRESET_51; kind <= RAMI_PRESET_FINNISH; kind++) {
        rami_ruleset rs = preset(kind, 3);
        rs.match_rounds = 0;
        rs.match_target = 0;
        rami_game *g = NULL;
        assert_int_equal(rami_game_new(&rs, 31 + (uint64_t)kind, &g), RAMI_OK);
        uint64_t r = 99;
        for (unsigned round = 2; round <= 4; round++) {
            while (rami_game_phase(g) != RAMI_PHASE_ROUND_OVER) {
                size_t n;
                assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n), RAMI_OK);
                r = r * 6364136223846793005ull + 1442695040888963407ull;
                assert_int_equal(
                    rami_game_play(g, rami_game_current_player(g), &list[(r >> 33) % n]), RAMI_OK);
            }
            assert_int_equal(rami_game_next_round(g), RAMI_OK);
            rami_game *resumed = NULL;
            assert_int_equal(rami_game_new(&rs, 31 + (uint64_t)kind, &resumed), RAMI_OK);
            int32_t totals[RAMI_MAX_PLAYERS] = {0};
            assert_int_equal(rami_game_scores(g, totals, RAMI_MAX_PLAYERS), RAMI_OK);
            assert_int_equal(rami__game_resume(resumed, (uint16_t)round, totals, -1), RAMI_OK);
            assert_true(rami__game_equal(g, resumed));
            assert_int_equal(rami__game_resume(resumed, (uint16_t)round + 1, totals, -1),
                             RAMI_E_ARG);
            rami_game_free(resumed);
        }
        rami_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(new_rejects_null_args),
        cmocka_unit_test(new_rejects_invalid_rulesets),
        cmocka_unit_test(new_deals_every_preset),
        cmocka_unit_test(same_seed_same_deal),
        cmocka_unit_test(different_seeds_differ),
        cmocka_unit_test(pinned_deal_51_two_players_seed_42),
        cmocka_unit_test(pinned_deal_hash_all_presets),
        cmocka_unit_test(round_deal_depends_on_seed_and_round_only),
        cmocka_unit_test(new_deal_reproduced_exactly),
        cmocka_unit_test(new_deal_rejects_bad_deals),
        cmocka_unit_test(new_deal_accepts_the_limits),
        cmocka_unit_test(new_deal_hands_fit_after_the_draw),
        cmocka_unit_test(new_deal_copy_counts_do_not_wrap),
        cmocka_unit_test(clone_is_equal_and_independent),
        cmocka_unit_test(game_equal_sees_differences),
        cmocka_unit_test(clone_and_free_args),
        cmocka_unit_test(queries_reject_null_and_bad_seats),
        cmocka_unit_test(hand_is_sorted_suit_rank_jokers_last),
        cmocka_unit_test(hand_count_then_fill),
        cmocka_unit_test(meld_query_owner_info_joker_as),
        cmocka_unit_test(ruleset_seed_picked),
        cmocka_unit_test(next_round_rotates_dealer_and_carries_totals),
        cmocka_unit_test(next_round_after_a_given_deal),
        cmocka_unit_test(scores_cap_smaller_and_larger),
        cmocka_unit_test(restock_turns_the_discard_pile_over),
        cmocka_unit_test(restock_of_the_largest_pack),
        cmocka_unit_test(restock_count_stops_at_255),
        cmocka_unit_test(stock_out_without_a_pile_to_turn),
        cmocka_unit_test(turn_count_does_not_wrap_without_a_cap),
        cmocka_unit_test(resume_is_next_round),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
