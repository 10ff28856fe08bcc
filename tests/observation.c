/* Observation and information-state tensors (lib/observation.c,
 * doc/observations.md): sizes, every block against what the public API
 * says, the history against a record kept while playing, and the
 * hidden-information guarantee: games that differ only in cards the viewer
 * cannot see give byte-identical tensors. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "bot-private.h"
#include "rami-private.h"
#include "testutil.h"

#define FACES 53
#define MAXT  8192 /* floats: larger than any tensor */

static uint64_t rnd_state = 0xC0FFEE1234567ull;

static unsigned below(unsigned n)
{
    return tu_below(&rnd_state, n);
}

static unsigned env_count(const char *name, unsigned dflt)
{
    return tu_env_count(name, dflt, dflt / 20);
}

static unsigned face(rami_card c)
{
    return c == RAMI_JOKER ? 52u : RAMI_CARD_SUIT(c) * 13u + RAMI_CARD_RANK(c) - 1u;
}

/* The documented layout (doc/observations.md), computed here on its own. */
typedef struct doc_layout {
    unsigned p, slots, per_slot;
    unsigned current, hand, sizes, opened, totals, counters, pile, top, picked, turn, table, size;
    unsigned history, info_size;
} doc_layout;

static doc_layout doc(const rami_ruleset *rs)
{
    doc_layout d;
    unsigned pack = 52u * rs->decks + rs->jokers;
    d.p = rs->players;
    d.slots = pack / 3 < 26u * rs->decks ? pack / 3 : 26u * rs->decks;
    d.per_slot = 2 + d.p + 4 + 13 + 14 + 14 + 1;
    d.current = 4;
    d.hand = d.current + d.p;
    d.sizes = d.hand + FACES;
    d.opened = d.sizes + d.p;
    d.totals = d.opened + d.p;
    d.counters = d.totals + d.p;
    d.pile = d.counters + 6;
    d.top = d.pile + FACES;
    d.picked = d.top + FACES;
    d.turn = d.picked + FACES;
    d.table = d.turn + 3;
    d.size = d.table + d.slots * d.per_slot;
    d.history = d.size;
    d.info_size = d.size + d.p * 4 * FACES;
    return d;
}

static rami_ruleset preset(int p, unsigned players)
{
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, p, players), RAMI_OK);
    return rs;
}

static void test_sizes(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    assert_int_equal(rami_observation_tensor_size(&rs), 2033);
    assert_int_equal(rami_information_state_tensor_size(&rs), 2457);
    rs = preset(RAMI_PRESET_51, 4);
    assert_int_equal(rami_observation_tensor_size(&rs), 2113);
    assert_int_equal(rami_information_state_tensor_size(&rs), 2961);
    rs = preset(RAMI_PRESET_FINNISH, 2);
    assert_int_equal(rami_observation_tensor_size(&rs), 1133);
    assert_int_equal(rami_information_state_tensor_size(&rs), 1557);
    for (int p = RAMI_PRESET_51; p <= RAMI_PRESET_FINNISH; p++)
        for (unsigned players = 2; players <= 6; players++) {
            rs = preset(p, players);
            doc_layout d = doc(&rs);
            assert_int_equal(rami_observation_tensor_size(&rs), d.size);
            assert_int_equal(rami_information_state_tensor_size(&rs), d.info_size);
            assert_true(d.info_size <= MAXT);
        }
    rs.players = 9;
    assert_int_equal(rami_observation_tensor_size(&rs), 0);
    assert_int_equal(rami_information_state_tensor_size(NULL), 0);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_FINNISH, 3);
    rami_game *g;
    assert_int_equal(rami_game_new(&rs, 3, &g), RAMI_OK);
    static float buf[MAXT];
    size_t n = rami_information_state_tensor_size(&rs);
    for (size_t i = 0; i < MAXT; i++)
        buf[i] = 7.0f;
    assert_int_equal(rami_game_observation_tensor(g, -1, buf, MAXT), RAMI_E_ARG);
    assert_int_equal(rami_game_observation_tensor(g, 3, buf, MAXT), RAMI_E_ARG);
    assert_int_equal(rami_game_observation_tensor(NULL, 0, buf, MAXT), RAMI_E_ARG);
    assert_int_equal(rami_game_observation_tensor(g, 0, NULL, 5), RAMI_E_ARG);
    assert_int_equal(rami_game_information_state_tensor(g, 0, buf, n - 1), RAMI_E_BUFFER);
    assert_int_equal(rami_game_observation_tensor(g, 0, NULL, 0), RAMI_E_BUFFER);
    assert_true(buf[0] == 7.0f && buf[n - 1] == 7.0f);
    /* Exactly size floats are written. */
    assert_int_equal(rami_game_information_state_tensor(g, 0, buf, n), RAMI_OK);
    assert_true(buf[n] == 7.0f);
    rami_game_free(g);
}

/* ---- every block against the public API and a record of the round ---- */

typedef struct seen {
    float took[RAMI_MAX_PLAYERS][FACES], passed[RAMI_MAX_PLAYERS][FACES];
    float discarded[RAMI_MAX_PLAYERS][FACES];
    bool restocked; /* a restock happened: passes are compared no more */
} seen;

static void check_observation(const rami_game *g, unsigned viewer, const float *t,
                              const doc_layout *d)
{
    unsigned p = d->p;
    int phase = rami_game_phase(g);
    for (int k = 0; k < 4; k++)
        assert_true(t[k] == (k == phase));
    unsigned cur = (unsigned)rami_game_current_player(g);
    for (unsigned s = 0; s < p; s++)
        assert_true(t[d->current + s] == (s == (cur + p - viewer) % p));
    float held[FACES] = {0};
    rami_card cards[RAMI_MAX_HAND];
    size_t n;
    assert_int_equal(rami_game_hand(g, (int)viewer, cards, RAMI_MAX_HAND, &n), RAMI_OK);
    for (size_t i = 0; i < n; i++)
        held[face(cards[i])] += 1.0f;
    assert_memory_equal(t + d->hand, held, sizeof held);
    int32_t totals[RAMI_MAX_PLAYERS];
    rami_game_scores(g, totals, RAMI_MAX_PLAYERS);
    for (unsigned k = 0; k < p; k++) {
        unsigned s = (viewer + k) % p;
        rami_game_hand(g, (int)s, cards, RAMI_MAX_HAND, &n);
        assert_true(t[d->sizes + k] == (float)n);
        assert_true(t[d->opened + k] == (float)rami_game_has_opened(g, (int)s));
        assert_true(t[d->totals + k] == (float)totals[s]);
    }
    assert_true(t[d->counters] == (float)rami_game_round(g));
    assert_true(t[d->counters + 1] == (float)rami_game_turn(g));
    assert_true(t[d->counters + 3] == (float)rami_game_stock_count(g));
    assert_true(t[d->counters + 5] == (float)rami_game_discard_count(g));
    float pile = 0;
    for (unsigned f = 0; f < FACES; f++)
        pile += t[d->pile + f];
    assert_true(pile == (float)rami_game_discard_count(g));
    rami_card top = rami_game_discard_top(g), picked = rami_game_picked(g);
    for (unsigned f = 0; f < FACES; f++) {
        assert_true(t[d->top + f] == (top != RAMI_NO_CARD && f == face(top)));
        assert_true(t[d->picked + f] == (picked != RAMI_NO_CARD && f == face(picked)));
    }
    /* The table: every meld's cards at their places. */
    for (size_t i = 0; i < d->slots; i++) {
        const float *slot = t + d->table + i * d->per_slot;
        rami_meld_info info;
        int owner;
        if (rami_game_meld(g, i, &owner, &info) != RAMI_OK) {
            for (unsigned k = 0; k < d->per_slot; k++)
                assert_true(slot[k] == 0.0f);
            continue;
        }
        assert_true(slot[info.kind == RAMI_MELD_SET ? 0 : 1] == 1.0f);
        assert_true(slot[2 + ((unsigned)owner + p - viewer) % p] == 1.0f);
        const float *suits = slot + 2 + p, *rank = suits + 4, *nat = rank + 13, *jok = nat + 14;
        unsigned cards_seen = 0, jokers = 0;
        for (unsigned k = 0; k < info.count; k++)
            jokers += info.cards[k] == RAMI_JOKER;
        for (unsigned k = 0; k < 14; k++)
            cards_seen += (unsigned)nat[k] + (unsigned)jok[k];
        assert_true(jok[14] == (float)jokers);
        if (info.kind == RAMI_MELD_RUN) {
            assert_int_equal(cards_seen, info.count);
            unsigned k = 0;
            while (info.cards[k] == RAMI_JOKER)
                k++;
            assert_true(suits[RAMI_CARD_SUIT(info.cards[k])] == 1.0f);
        } else {
            assert_int_equal(cards_seen, 0);
            assert_true(rank[RAMI_CARD_RANK(info.cards[0]) - 1] == 1.0f);
        }
    }
}

static void check_history(const rami_game *g, unsigned viewer, const float *t, const doc_layout *d,
                          const seen *w)
{
    for (unsigned k = 0; k < d->p; k++) {
        unsigned s = (viewer + k) % d->p;
        const float *h = t + d->history + k * 4 * FACES;
        assert_memory_equal(h, w->took[s], sizeof w->took[s]);
        if (!w->restocked)
            assert_memory_equal(h + FACES, w->passed[s], sizeof w->passed[s]);
        assert_memory_equal(h + 2 * FACES, w->discarded[s], sizeof w->discarded[s]);
        uint8_t known[256];
        rami__known_cards_of(g, s, known);
        for (unsigned f = 0; f < FACES; f++)
            assert_true(h[3 * FACES + f] ==
                        known[f == 52 ? RAMI_JOKER : RAMI_CARD(f % 13 + 1, f / 13)]);
    }
}

/* Notes what a move shows to everyone, before it is played. */
static void note(const rami_game *g, const rami_move *m, seen *w)
{
    unsigned s = (unsigned)rami_game_current_player(g);
    rami_card top = rami_game_discard_top(g);
    if (m->kind == RAMI_MOVE_DRAW_STOCK && top != RAMI_NO_CARD)
        w->passed[s][face(top)] += 1.0f;
    if (m->kind == RAMI_MOVE_DRAW_DISCARD)
        w->took[s][face(top)] += 1.0f;
    if (m->kind == RAMI_MOVE_SWAP)
        w->took[s][52] += 1.0f;
    if (m->kind == RAMI_MOVE_DISCARD)
        w->discarded[s][face(m->cards[0])] += 1.0f;
}

/* Two tensors of g and of a copy with everything viewer cannot see dealt
 * anew must be the same bytes. */
static void check_hidden(const rami_game *g, unsigned viewer, const float *obs, const float *info,
                         const doc_layout *d)
{
    static float a[MAXT], b[MAXT];
    rami_game *other;
    assert_int_equal(rami_game_determinize(g, (int)viewer, tu_xorshift(&rnd_state), &other),
                     RAMI_OK);
    assert_int_equal(rami_game_observation_tensor(other, (int)viewer, a, MAXT), RAMI_OK);
    assert_int_equal(rami_game_information_state_tensor(other, (int)viewer, b, MAXT), RAMI_OK);
    assert_memory_equal(a, obs, d->size * sizeof *a);
    assert_memory_equal(b, info, d->info_size * sizeof *b);
    rami_game_free(other);
}

static void test_selfplay(void **state)
{
    (void)state;
    static float obs[MAXT], info[MAXT];
    rami_move *list = malloc(RAMI_MAX_MOVES * sizeof *list);
    assert_non_null(list);
    unsigned long positions = 0, budget = env_count("RAMI_OBS_POSITIONS", 20000), hidden = 0;
    unsigned long restocked_rounds = 0, rounds = 0;
    while (positions < budget) {
        rami_ruleset rs = preset((int)below(5), 2 + below(5));
        if (below(3) == 0) {
            tu_random_options(&rs, tu_xorshift(&rnd_state));
            rs.jokers_per_meld = (uint8_t)(1 + below(4));
            rs.opening_points = 0;
        }
        rs.match_rounds = 2;
        if (below(2))
            rs.max_turns = (uint16_t)(10 + below(60)); /* more rounds end, and rounds 2 */
        rami_game *g;
        assert_int_equal(rami_game_new(&rs, tu_xorshift(&rnd_state), &g), RAMI_OK);
        doc_layout d = doc(&rs);
        seen w;
        memset(&w, 0, sizeof w);
        size_t stock_before = rami_game_stock_count(g);
        for (;;) {
            unsigned viewer = below(d.p);
            assert_int_equal(rami_game_observation_tensor(g, (int)viewer, obs, MAXT), RAMI_OK);
            assert_int_equal(rami_game_information_state_tensor(g, (int)viewer, info, MAXT),
                             RAMI_OK);
            /* The observation is the information state's first part. */
            assert_memory_equal(obs, info, d.size * sizeof *obs);
            check_observation(g, viewer, obs, &d);
            check_history(g, viewer, info, &d, &w);
            if (positions % 4 == 0) {
                check_hidden(g, viewer, obs, info, &d);
                hidden++;
            }
            positions++;
            size_t n;
            assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n), RAMI_OK);
            if (n == 0) {
                /* Round 2 of the match starts with a fresh history. */
                if (rami_game_next_round(g) != RAMI_OK)
                    break;
                rounds++;
                restocked_rounds += w.restocked;
                memset(&w, 0, sizeof w);
                stock_before = rami_game_stock_count(g);
                continue;
            }
            /* Prefer table plays, so that tables fill up. */
            size_t k = below((unsigned)n);
            for (size_t i = 0; below(2) && i < n; i++)
                if (list[(k + i) % n].kind != RAMI_MOVE_DISCARD) {
                    k = (k + i) % n;
                    break;
                }
            note(g, &list[k], &w);
            assert_int_equal(rami_game_play(g, rami_game_current_player(g), &list[k]), RAMI_OK);
            if (rami_game_stock_count(g) > stock_before)
                w.restocked = true;
            stock_before = rami_game_stock_count(g);
        }
        rami_game_free(g);
    }
    printf("%lu positions checked block by block (%lu of them against a determinized copy), "
           "%lu rounds finished, %lu with a restock\n",
           positions, hidden, rounds, restocked_rounds);
    free(list);
}

/* ---- the guarantee on fixed deals, as tests/view.c does for JSON ---- */

static void base_deal(rami_deal *d)
{
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rami_card pack[RAMI_MAX_PACK];
    unsigned n = tu_pack(&rs, pack);
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

static void play_text(rami_game *g, int seat, const char *text)
{
    rami_move m;
    assert_int_equal(rami_move_parse(text, &m), RAMI_OK);
    assert_int_equal(rami_game_play(g, seat, &m), RAMI_OK);
}

static void test_hidden_cards(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_51, 2);
    rami_deal a, b;
    base_deal(&a);
    b = a;
    tu_hide_otherwise(&b);
    rami_game *ga, *gb;
    assert_int_equal(rami_game_new_deal(&rs, &a, 5, &ga), RAMI_OK);
    assert_int_equal(rami_game_new_deal(&rs, &b, 5, &gb), RAMI_OK);
    char t0[8], t1[8], moves[3][32];
    rami_card_format(a.hands[0][0], t0, sizeof t0);
    rami_card_format(a.hands[1][12], t1, sizeof t1);
    snprintf(moves[0], sizeof moves[0], "discard %s", t0);
    snprintf(moves[1], sizeof moves[1], "discard %s", t1); /* seat 1 holds it in both */
    strcpy(moves[2], "take");
    const char *script[][2] = {
        {"0", "draw"}, {"0", moves[0]}, {"1", "draw"}, {"1", moves[1]}, {"0", moves[2]},
    };
    static float x[MAXT], y[MAXT];
    size_t size = rami_information_state_tensor_size(&rs);
    unsigned differ_1 = 0;
    for (size_t step = 0; step <= sizeof script / sizeof script[0]; step++) {
        assert_int_equal(rami_game_information_state_tensor(ga, 0, x, MAXT), RAMI_OK);
        assert_int_equal(rami_game_information_state_tensor(gb, 0, y, MAXT), RAMI_OK);
        assert_memory_equal(x, y, size * sizeof *x);
        assert_int_equal(rami_game_observation_tensor(ga, 0, x, MAXT), RAMI_OK);
        assert_int_equal(rami_game_observation_tensor(gb, 0, y, MAXT), RAMI_OK);
        assert_memory_equal(x, y, rami_observation_tensor_size(&rs) * sizeof *x);
        /* Seat 1 holds other cards in the two games: its tensors differ. */
        rami_game_information_state_tensor(ga, 1, x, MAXT);
        rami_game_information_state_tensor(gb, 1, y, MAXT);
        differ_1 += memcmp(x, y, size * sizeof *x) != 0;
        if (step < sizeof script / sizeof script[0]) {
            int seat = script[step][0][0] - '0';
            play_text(ga, seat, script[step][1]);
            play_text(gb, seat, script[step][1]);
        }
    }
    assert_int_equal(differ_1, 6);
    rami_game_free(ga);
    rami_game_free(gb);
}

/* Passes survive restocks once the card turned up at the deal is known,
 * and the pile replay follows a restock: a deal with a one-card stock. */
static void test_passes_across_restocks(void **state)
{
    (void)state;
    rami_ruleset rs = preset(RAMI_PRESET_FINNISH, 2);
    rs.hand_size = 3;
    rs.opening_points = 0;
    rami_deal d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.dealer = 1;
    rami_card h0[] = {RAMI_CARD(2, 0), RAMI_CARD(5, 1), RAMI_CARD(9, 2)};
    rami_card h1[] = {RAMI_CARD(3, 0), RAMI_CARD(6, 1), RAMI_CARD(10, 2)};
    memcpy(d.hands[0], h0, 3);
    memcpy(d.hands[1], h1, 3);
    d.hand_count[0] = d.hand_count[1] = 3;
    d.stock[0] = RAMI_CARD(13, 3);
    d.stock_count = 1;
    d.discard[0] = RAMI_CARD(12, 3); /* QS, turned up */
    d.discard_count = 1;
    rami_game *g;
    assert_int_equal(rami_game_new_deal(&rs, &d, 1, &g), RAMI_OK);
    play_text(g, 0, "draw");       /* passes QS, takes KS: the stock is empty */
    play_text(g, 0, "discard 2C"); /* pile QS 2C */
    play_text(g, 1, "draw");       /* restock: QS into the stock; passes 2C, draws QS */
    play_text(g, 1, "discard 3C"); /* pile 2C 3C, then 2C into the stock */
    static float t[MAXT];
    doc_layout dl = doc(&rs);
    assert_int_equal(rami_game_information_state_tensor(g, 0, t, MAXT), RAMI_OK);
    const float *mine = t + dl.history, *theirs = t + dl.history + 4 * FACES;
    assert_true(mine[FACES + face(RAMI_CARD(12, 3))] == 1.0f);
    assert_true(theirs[FACES + face(RAMI_CARD(2, 0))] == 1.0f);
    assert_true(mine[2 * FACES + face(RAMI_CARD(2, 0))] == 1.0f);
    assert_true(theirs[2 * FACES + face(RAMI_CARD(3, 0))] == 1.0f);
    float passes = 0;
    for (unsigned f = 0; f < FACES; f++)
        passes += mine[FACES + f] + theirs[FACES + f];
    assert_true(passes == 2.0f);
    assert_true(t[dl.counters + 4] == 2.0f); /* restocks before seat 1's and seat 0's turns */
    rami_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sizes),        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_hidden_cards), cmocka_unit_test(test_passes_across_restocks),
        cmocka_unit_test(test_selfplay),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
