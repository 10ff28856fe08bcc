/*
 * scenario.h - exact game positions from text, and moves played by text,
 * for white-box cmocka suites (tests linked with rami-private.h).
 *
 * Building a position:
 *
 *     rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
 *     rami_game *g = deal_from(&rs, 1,            // dealer 1: seat 0 starts
 *                              "7S 8S 9S 2D",     // seat 0's hand
 *                              "KH KD 5C",        // seat 1's hand
 *                              "10S 4C",          // stock, TOP FIRST: 10S is drawn first
 *                              "QD 3H");          // discard pile, TOP FIRST: QD is the top
 *
 * deal_from takes exactly rs->players hand texts, then the stock, then the
 * discard pile, all in rami_cards_parse notation ("" for an empty list).
 * Both piles are written top first, the order in which the cards come off
 * them; the helper reverses them into rami_deal order (last = top).
 *
 * Playing:
 *
 *     play(g, "draw");                 // current seat; asserts RAMI_OK
 *     play(g, "meld 7S 8S 9S");
 *     play(g, "lay 10S on 1");         // table numbers are 1-based: index 0
 *     refuse(g, "discard 10S", RAMI_E_NOT_IN_HAND, "not in your hand");
 *
 * play() asserts that rami_game_check and rami_game_play accept the move and
 * that its canonical form is listed by rami_game_legal_moves. refuse()
 * asserts the status from both rami_game_check and rami_game_play, that the
 * English reason contains the given substring, that the game is unchanged
 * (rami__game_equal with a clone taken before) and that no equivalent move
 * is listed. The *_as variants name the seat explicitly (for RAMI_E_TURN).
 *
 * Every helper fails the running cmocka test with a readable message (the
 * move, the status, the reason, the legal moves) instead of returning an
 * error. Include <cmocka.h>'s prerequisites before this header, or let it
 * include them.
 */
#ifndef RAMI_TESTS_SCENARIO_H
#define RAMI_TESTS_SCENARIO_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rami-private.h"

/* Seed of games built by deal_from (drives restocks and later rounds). */
#define SC_SEED 20240601u

/* Room for any reason text the engine writes. */
#define SC_WHY 256

/* ---- rulesets ---- */

/* A preset for `players` seats with option bits `on` set and `off` cleared. */
static inline rami_ruleset sc_rules_opts(int preset, unsigned players, uint32_t on, uint32_t off)
{
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, preset, players), RAMI_OK);
    rs.options = (rs.options | on) & ~off;
    return rs;
}

static inline rami_ruleset sc_rules(int preset, unsigned players)
{
    return sc_rules_opts(preset, players, 0, 0);
}

/* ---- cards ---- */

/* Parses a card list into out[0..cap), asserting success; returns the count. */
static inline size_t sc_cards(const char *text, rami_card *out, size_t cap)
{
    size_t n = 0;
    int st = rami_cards_parse(text, out, cap, &n);
    if (st != RAMI_OK)
        fail_msg("cannot parse cards \"%s\": status %d", text, st);
    return n;
}

static inline rami_card sc_card(const char *text)
{
    rami_card c = RAMI_NO_CARD;
    if (rami_card_parse(text, &c) != RAMI_OK)
        fail_msg("cannot parse card \"%s\"", text);
    return c;
}

static inline int sc_card_cmp(const void *a, const void *b)
{
    return (int)*(const rami_card *)a - (int)*(const rami_card *)b;
}

/* Sorts cards as rami_game_hand does: by suit, then rank, jokers last (which
 * is the order of the card codes). */
static inline void sc_sort(rami_card *cards, size_t n)
{
    qsort(cards, n, sizeof cards[0], sc_card_cmp);
}

/* ---- deals ---- */

/* Fills *d from text (see the top of this file); the va_list holds
 * rs->players hand texts, then the stock and the discard pile, top first.
 * Returns RAMI_OK or RAMI_E_PARSE (text) / RAMI_E_BUFFER (too many cards);
 * whether the engine accepts the deal is rami_game_new_deal's business. */
static inline int sc_deal_fillv(rami_deal *d, const rami_ruleset *rs, int dealer, va_list ap)
{
    memset(d, 0, sizeof *d);
    d->struct_size = sizeof *d;
    d->dealer = (uint8_t)dealer;
    for (unsigned p = 0; p < rs->players; p++) {
        size_t n = 0;
        int st = rami_cards_parse(va_arg(ap, const char *), d->hands[p], RAMI_MAX_HAND, &n);
        if (st != RAMI_OK)
            return st;
        d->hand_count[p] = (uint8_t)n;
    }
    rami_card tmp[RAMI_MAX_PACK];
    uint16_t *counts[2] = {&d->stock_count, &d->discard_count};
    rami_card *piles[2] = {d->stock, d->discard};
    for (unsigned k = 0; k < 2; k++) {
        size_t n = 0;
        int st = rami_cards_parse(va_arg(ap, const char *), tmp, RAMI_MAX_PACK, &n);
        if (st != RAMI_OK)
            return st;
        /* Text is top first; rami_deal keeps the top at the end. */
        for (size_t i = 0; i < n; i++)
            piles[k][i] = tmp[n - 1 - i];
        *counts[k] = (uint16_t)n;
    }
    return RAMI_OK;
}

static inline int sc_deal_fill(rami_deal *d, const rami_ruleset *rs, int dealer, ...)
{
    va_list ap;
    va_start(ap, dealer);
    int st = sc_deal_fillv(d, rs, dealer, ap);
    va_end(ap);
    return st;
}

/* A new game whose round 1 is the position given (see the top of this
 * file). Asserts that the text parses and the engine accepts the deal. */
static inline rami_game *deal_from(const rami_ruleset *rs, int dealer, ...)
{
    rami_deal d;
    va_list ap;
    va_start(ap, dealer);
    int st = sc_deal_fillv(&d, rs, dealer, ap);
    va_end(ap);
    if (st != RAMI_OK)
        fail_msg("deal text does not parse: status %d", st);
    rami_game *g = NULL;
    st = rami_game_new_deal(rs, &d, SC_SEED, &g);
    if (st != RAMI_OK)
        fail_msg("rami_game_new_deal refused the deal: status %d", st);
    return g;
}

static inline rami_game *sc_clone(const rami_game *g)
{
    rami_game *c = NULL;
    assert_int_equal(rami_game_clone(g, &c), RAMI_OK);
    return c;
}

/* ---- moves ---- */

static inline rami_move sc_move(const char *text)
{
    rami_move m;
    if (rami_move_parse(text, &m) != RAMI_OK)
        fail_msg("cannot parse move \"%s\"", text);
    return m;
}

static inline bool sc_move_equal(const rami_move *a, const rami_move *b)
{
    return a->kind == b->kind && a->count == b->count && a->target == b->target &&
           a->side == b->side && memcmp(a->cards, b->cards, a->count) == 0;
}

/* Same kind, target and multiset of cards; the side must match too when m
 * names one (LOW or HIGH), any side matches when m is AUTO. This is "could
 * the listed move be m written another way". */
static inline bool sc_move_like(const rami_move *listed, const rami_move *m)
{
    if (listed->kind != m->kind || listed->count != m->count)
        return false;
    if ((m->kind == RAMI_MOVE_LAYOFF || m->kind == RAMI_MOVE_SWAP) && listed->target != m->target)
        return false;
    if (m->side != RAMI_SIDE_AUTO && listed->side != m->side)
        return false;
    rami_card a[RAMI_MAX_MELD], b[RAMI_MAX_MELD];
    memcpy(a, listed->cards, listed->count);
    memcpy(b, m->cards, m->count);
    sc_sort(a, listed->count);
    sc_sort(b, m->count);
    return memcmp(a, b, m->count) == 0;
}

/* The legal moves of the current seat; *n receives their number. The
 * caller frees the array. */
static inline rami_move *sc_legal(const rami_game *g, size_t *n)
{
    rami_move *list = calloc(RAMI_MAX_MOVES, sizeof *list);
    assert_non_null(list);
    assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, n), RAMI_OK);
    return list;
}

/* The legal moves as text, one per line, for failure messages. */
static inline void sc_legal_text(const rami_game *g, char *buf, size_t cap)
{
    size_t n = 0, used = 0;
    rami_move *list = sc_legal(g, &n);
    buf[0] = '\0';
    for (size_t i = 0; i < n && used + 1 < cap; i++) {
        char one[96];
        if (rami_move_format(&list[i], one, sizeof one) != RAMI_OK)
            snprintf(one, sizeof one, "(unformattable kind %u)", list[i].kind);
        int w = snprintf(buf + used, cap - used, "  %s\n", one);
        if (w < 0)
            break;
        used += (size_t)w;
    }
    free(list);
}

/* Is the move, exactly as written (so in canonical form), listed? */
static inline bool sc_listed(const rami_game *g, const char *text)
{
    rami_move m = sc_move(text);
    size_t n = 0;
    rami_move *list = sc_legal(g, &n);
    bool found = false;
    for (size_t i = 0; i < n && !found; i++)
        found = sc_move_equal(&list[i], &m);
    free(list);
    return found;
}

/* How many listed moves are the move written some way (sc_move_like). */
static inline size_t sc_count_like(const rami_game *g, const char *text)
{
    rami_move m = sc_move(text);
    size_t n = 0, like = 0;
    rami_move *list = sc_legal(g, &n);
    for (size_t i = 0; i < n; i++)
        like += sc_move_like(&list[i], &m);
    free(list);
    return like;
}

static inline size_t sc_legal_count(const rami_game *g)
{
    size_t n = 0;
    free(sc_legal(g, &n));
    return n;
}

/* Plays a move for `player`, asserting that it is accepted and listed. */
static inline void play_as(rami_game *g, int player, const char *text)
{
    rami_move m = sc_move(text);
    char why[SC_WHY];
    int st = rami_game_check(g, player, &m, why, sizeof why);
    if (st != RAMI_OK)
        fail_msg("\"%s\" by seat %d refused: %d (%s)", text, player, st, why);
    /* The canonical form must be in the legal list. */
    verdict v;
    assert_int_equal(rami__validate(&g->rs, &g->pos, player, &m, &v, NULL, 0), RAMI_OK);
    size_t n = 0;
    rami_move *list = sc_legal(g, &n);
    bool found = false;
    for (size_t i = 0; i < n && !found; i++)
        found = sc_move_equal(&list[i], &v.move);
    free(list);
    if (!found) {
        char all[4096];
        sc_legal_text(g, all, sizeof all);
        fail_msg("\"%s\" is accepted but not listed; legal moves:\n%s", text, all);
    }
    st = rami_game_play(g, player, &m);
    if (st != RAMI_OK)
        fail_msg("\"%s\": check accepted, play refused with %d", text, st);
}

static inline void play(rami_game *g, const char *text)
{
    play_as(g, rami_game_current_player(g), text);
}

/* rami_game_check_ex agrees with rami_game_check (status, reason) and its
 * refusal is consistent: what every refusal asserted through refuse()
 * checks (tests/refusal.c pins the fields of each status). */
static inline void sc_refusal_agrees(const rami_game *g, int player, const rami_move *m, int status,
                                     const char *why)
{
    rami_refusal r;
    char again[SC_WHY];
    memset(&r, 0xA5, sizeof r);
    assert_int_equal(rami_game_check_ex(g, player, m, &r, sizeof r, again, sizeof again), status);
    assert_string_equal(again, why);
    assert_int_equal(r.struct_size, sizeof r);
    assert_int_equal(r.status, status);
    assert_int_equal(r.phase, rami_game_phase(g));
    assert_true(r.count <= RAMI_MAX_MELD);
    for (unsigned i = 0; i < r.count; i++)
        assert_true(r.cards[i] == RAMI_JOKER || (r.cards[i] >= 0x01 && r.cards[i] <= 0x3D));
    for (unsigned i = r.count; i < RAMI_MAX_MELD; i++)
        assert_int_equal(r.cards[i], 0);
    assert_true(r.target == RAMI_NO_TARGET || r.target < rami_game_meld_count(g));
    assert_true(r.seat < RAMI_MAX_PLAYERS);
    for (size_t i = 0; i < sizeof r.reserved; i++)
        assert_int_equal(r.reserved[i], 0);
    if (status == RAMI_E_TURN)
        assert_int_equal(r.seat, rami_game_current_player(g));
    if (status == RAMI_E_NOT_IN_HAND)
        assert_true(r.count > 0);
}

/* Asserts that `player` may not make the move: status, reason substring,
 * nothing changed, nothing equivalent listed (when it is that seat's turn). */
static inline void refuse_as(rami_game *g, int player, const char *text, int status,
                             const char *reason)
{
    rami_move m = sc_move(text);
    rami_game *before = sc_clone(g);
    char why[SC_WHY];
    int st = rami_game_check(g, player, &m, why, sizeof why);
    if (st != status)
        fail_msg("\"%s\" by seat %d: expected status %d, got %d (%s)", text, player, status, st,
                 st == RAMI_OK ? "accepted" : why);
    if (reason != NULL && strstr(why, reason) == NULL)
        fail_msg("\"%s\": reason \"%s\" does not contain \"%s\"", text, why, reason);
    sc_refusal_agrees(g, player, &m, st, why);
    assert_true(rami__game_equal(g, before));
    assert_int_equal(rami_game_play(g, player, &m), status);
    assert_true(rami__game_equal(g, before));
    if (player == rami_game_current_player(g)) {
        size_t n = 0;
        rami_move *list = sc_legal(g, &n);
        for (size_t i = 0; i < n; i++)
            if (sc_move_like(&list[i], &m))
                fail_msg("\"%s\" is refused but listed as legal (entry %zu)", text, i);
        free(list);
    }
    rami_game_free(before);
}

static inline void refuse(rami_game *g, const char *text, int status, const char *reason)
{
    refuse_as(g, rami_game_current_player(g), text, status, reason);
}

/* Issue 11's opening that needs a lay-off (Rami 51, 2 players): seat 1
 * melds three runs and sets and discards 8C, seat 0 takes it. Seat 0's four
 * melds are worth 53 only all together and would leave 8C, which may not be
 * discarded but can be laid off on 5C 6C 7C. */
static inline rami_game *sc_opening_needs_layoff(void)
{
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rami_game *g = deal_from(&rs, 0, "2D 3D 4D 2S 3S 4S 2C 3C 4C 5H 6H 7H 8H",
                             "5C 6C 7C JS QS KS 9H 9D 9S 8C KD 2H 10C", "QD AD 6D", "10H");
    play(g, "draw");
    play(g, "meld 5C 6C 7C");
    play(g, "meld JS QS KS");
    play(g, "meld 9D 9H 9S");
    play(g, "discard 8C");
    play(g, "take");
    return g;
}

/* Undo by the current seat, asserting the status. */
static inline void sc_undo(rami_game *g, int status)
{
    assert_int_equal(rami_game_undo(g, rami_game_current_player(g)), status);
}

/* ---- position checks ---- */

/* Asserts a seat's hand, given in any order. */
static inline void sc_hand_is(const rami_game *g, int player, const char *text)
{
    rami_card want[RAMI_MAX_HAND], got[RAMI_MAX_HAND];
    size_t nw = sc_cards(text, want, RAMI_MAX_HAND), ng = 0;
    sc_sort(want, nw);
    assert_int_equal(rami_game_hand(g, player, got, RAMI_MAX_HAND, &ng), RAMI_OK);
    char a[RAMI_MAX_HAND * 4 + 4], b[RAMI_MAX_HAND * 4 + 4];
    rami__cards_text(want, nw, a, sizeof a);
    rami__cards_text(got, ng, b, sizeof b);
    if (nw != ng || memcmp(want, got, nw) != 0)
        fail_msg("seat %d holds \"%s\", expected \"%s\"", player, b, a);
}

/* Asserts table meld `index` (0-based) in table order and its owner. */
static inline rami_meld_info sc_meld_is(const rami_game *g, size_t index, int owner,
                                        const char *text)
{
    rami_card want[RAMI_MAX_MELD];
    size_t nw = sc_cards(text, want, RAMI_MAX_MELD);
    rami_meld_info info;
    int who = -1;
    assert_int_equal(rami_game_meld(g, index, &who, &info), RAMI_OK);
    char a[RAMI_MAX_MELD * 4 + 4], b[RAMI_MAX_MELD * 4 + 4];
    rami__cards_text(want, nw, a, sizeof a);
    rami__cards_text(info.cards, info.count, b, sizeof b);
    if (nw != info.count || memcmp(want, info.cards, nw) != 0)
        fail_msg("table meld %zu is \"%s\", expected \"%s\"", index + 1, b, a);
    assert_int_equal(who, owner);
    return info;
}

static inline rami_round_result sc_result(const rami_game *g)
{
    rami_round_result r;
    assert_int_equal(rami_game_round_result(g, &r), RAMI_OK);
    return r;
}

#endif
