/* The round's history (rami_game_history) and the turn queries that a
 * game or GUI asks (rami_game_turn_info, _hand_count, _discard_pile,
 * _undo_count): exact scenarios, per-viewer privacy, undo, and a random
 * self-play property that the history always tells the moves that were
 * played. */
#include "scenario.h"
#include "testutil.h"

static size_t history(const rami_game *g, int viewer, rami_event *buf, size_t cap)
{
    size_t n = 0;
    int st = rami_game_history(g, viewer, buf, cap, &n);
    if (st != RAMI_OK)
        fail_msg("rami_game_history(viewer %d) = %d (%zu events, cap %zu)", viewer, st, n, cap);
    return n;
}

static void event_is(const rami_event *e, unsigned kind, unsigned seat, uint32_t turn,
                     const char *cards)
{
    if (e->kind != kind || e->seat != seat || e->turn != turn)
        fail_msg("event kind %u seat %u turn %u, want kind %u seat %u turn %u", e->kind, e->seat,
                 (unsigned)e->turn, kind, seat, (unsigned)turn);
    rami_card want[RAMI_MAX_MELD];
    size_t n = sc_cards(cards, want, RAMI_MAX_MELD);
    assert_int_equal(e->count, n);
    assert_memory_equal(e->cards, want, n);
    assert_int_equal(e->reserved, 0);
    for (size_t i = 0; i < sizeof e->reserved2; i++)
        assert_int_equal(e->reserved2[i], 0);
}

/* One whole round, event by event: draws (hidden from the other seat),
 * an opening in two melds, a swap and the replayed joker, lay-offs, a take,
 * a restock and the end of the round at the turn cap. */
static rami_game *scripted_round(void)
{
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rs.max_turns = 5;
    rami_game *g = deal_from(&rs, 1, "7S 8S 9S QH KH JK JH 2D 3C 4H", "5C 5D 5H 9D 4S 3S",
                             "10S JS 8C", "4D 10C 6H");
    play(g, "draw");              /* turn 1, seat 0: 10S */
    play(g, "meld 7S 8S 9S 10S"); /* 34 */
    play(g, "meld QH KH JK");     /* J Q K, 30: opened with 64 */
    play(g, "swap JH on 2");
    play(g, "lay JK on 1"); /* the retrieved joker, at 6S */
    play(g, "discard 4H");
    play(g, "take"); /* turn 2, seat 1 */
    play(g, "discard 9D");
    play(g, "draw"); /* turn 3, seat 0: JS */
    play(g, "lay JS on 1");
    play(g, "discard 3C");
    play(g, "draw"); /* turn 4, seat 1: 8C, the last stock card */
    play(g, "discard 4S");
    play(g, "draw"); /* turn 5, seat 0, after the restock */
    play(g, "discard 2D");
    return g;
}

static void round_events(void **state)
{
    (void)state;
    rami_game *g = scripted_round();
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    rami_event ev[32];
    size_t n = history(g, -1, ev, 32);
    assert_int_equal(n, 18);
    event_is(&ev[0], RAMI_MOVE_DRAW_STOCK, 0, 1, "10S");
    event_is(&ev[1], RAMI_MOVE_MELD, 0, 1, "7S 8S 9S 10S");
    assert_int_equal(ev[1].target, 0);
    assert_int_equal(ev[1].points, 34);
    event_is(&ev[2], RAMI_MOVE_MELD, 0, 1, "JK QH KH");
    assert_int_equal(ev[2].target, 1);
    assert_int_equal(ev[2].points, 30);
    event_is(&ev[3], RAMI_EVENT_OPENED, 0, 1, "");
    assert_int_equal(ev[3].points, 64);
    event_is(&ev[4], RAMI_MOVE_SWAP, 0, 1, "JH");
    assert_int_equal(ev[4].target, 1);
    event_is(&ev[5], RAMI_MOVE_LAYOFF, 0, 1, "JK");
    assert_int_equal(ev[5].target, 0);
    event_is(&ev[6], RAMI_MOVE_DISCARD, 0, 1, "4H");
    event_is(&ev[7], RAMI_MOVE_DRAW_DISCARD, 1, 2, "4H");
    event_is(&ev[8], RAMI_MOVE_DISCARD, 1, 2, "9D");
    event_is(&ev[9], RAMI_MOVE_DRAW_STOCK, 0, 3, "JS");
    event_is(&ev[10], RAMI_MOVE_LAYOFF, 0, 3, "JS");
    event_is(&ev[11], RAMI_MOVE_DISCARD, 0, 3, "3C");
    event_is(&ev[12], RAMI_MOVE_DRAW_STOCK, 1, 4, "8C");
    event_is(&ev[13], RAMI_MOVE_DISCARD, 1, 4, "4S");
    event_is(&ev[14], RAMI_EVENT_RESTOCK, 0, 5, "");
    assert_int_equal(ev[14].points, 5); /* 6H 10C 4D 9D 3C under the 4S */
    assert_int_equal(ev[15].kind, RAMI_MOVE_DRAW_STOCK);
    assert_int_equal(ev[15].count, 1);
    event_is(&ev[16], RAMI_MOVE_DISCARD, 0, 5, "2D");
    event_is(&ev[17], RAMI_EVENT_ROUND_END, 0, 5, "");
    assert_int_equal(ev[17].target, RAMI_END_TURN_LIMIT);

    /* Each seat sees its own draws and not the other's, the public viewer
     * no draw; everything else is the same. */
    for (int viewer = RAMI_VIEWER_PUBLIC; viewer < 2; viewer++) {
        if (viewer == RAMI_VIEWER_ALL)
            continue;
        rami_event mine[32];
        assert_int_equal(history(g, viewer, mine, 32), n);
        for (size_t i = 0; i < n; i++) {
            if (ev[i].kind == RAMI_MOVE_DRAW_STOCK && ev[i].seat != viewer) {
                rami_event hidden = ev[i];
                hidden.count = 0;
                memset(hidden.cards, 0, sizeof hidden.cards);
                assert_memory_equal(&mine[i], &hidden, sizeof hidden);
            } else {
                assert_memory_equal(&mine[i], &ev[i], sizeof ev[i]);
            }
        }
    }

    /* Count, then fill; a short buffer gets the first events. */
    size_t count = 0;
    assert_int_equal(rami_game_history(g, 0, NULL, 0, &count), RAMI_E_BUFFER);
    assert_int_equal(count, n);
    rami_event few[3];
    assert_int_equal(rami_game_history(g, -1, few, 3, &count), RAMI_E_BUFFER);
    assert_int_equal(count, n);
    assert_memory_equal(few, ev, sizeof few);
    assert_int_equal(rami_game_history(NULL, 0, ev, 32, &count), RAMI_E_ARG);
    assert_int_equal(rami_game_history(g, 2, ev, 32, &count), RAMI_E_ARG);
    assert_int_equal(rami_game_history(g, -3, ev, 32, &count), RAMI_E_ARG);
    assert_int_equal(rami_game_history(g, 0, NULL, 1, &count), RAMI_E_ARG);
    assert_int_equal(rami_game_history(g, 0, ev, 32, NULL), RAMI_E_ARG);

    /* A new round starts a new history. */
    assert_int_equal(rami_game_next_round(g), RAMI_OK);
    assert_int_equal(history(g, -1, ev, 32), 0);
    rami_game_free(g);
}

/* The turn queries along the first turn of the scripted round, and undo:
 * a play taken back is no longer history. */
static void turn_queries(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rami_game *g = deal_from(&rs, 1, "7S 8S 9S QH KH JK JH 2D 3C 4H", "5C 5D 5H 9D 4S 3S",
                             "10S JS 8C", "4D 10C 6H");
    rami_turn_info t;
    assert_int_equal(rami_game_turn_info(g, &t, sizeof t), RAMI_OK);
    assert_int_equal(t.struct_size, sizeof t);
    assert_int_equal(t.player, 0);
    assert_int_equal(t.phase, RAMI_PHASE_DRAW);
    assert_int_equal(t.opening_points, 51);
    assert_int_equal(t.points_laid, 0);
    assert_int_equal(t.picked, RAMI_NO_CARD);
    assert_int_equal(rami_game_hand_count(g, 0), 10);
    assert_int_equal(rami_game_hand_count(g, 1), 6);
    assert_int_equal(rami_game_hand_count(g, 2), RAMI_E_ARG);
    assert_int_equal(rami_game_hand_count(NULL, 0), RAMI_E_ARG);
    rami_card pile[RAMI_MAX_PACK];
    size_t n = 0;
    assert_int_equal(rami_game_discard_pile(g, pile, RAMI_MAX_PACK, &n), RAMI_OK);
    assert_int_equal(n, 3);
    assert_int_equal(pile[0], sc_card("6H")); /* bottom first */
    assert_int_equal(pile[2], rami_game_discard_top(g));
    assert_int_equal(rami_game_discard_pile(g, pile, 2, &n), RAMI_E_BUFFER);
    assert_int_equal(n, 3);
    assert_int_equal(rami_game_discard_pile(g, NULL, 0, &n), RAMI_E_BUFFER);
    assert_int_equal(rami_game_discard_pile(NULL, pile, 3, &n), RAMI_E_ARG);
    assert_int_equal(rami_game_undo_count(g), 0);

    play(g, "draw");
    play(g, "meld 7S 8S 9S 10S");
    assert_int_equal(rami_game_turn_info(g, &t, sizeof t), RAMI_OK);
    assert_int_equal(t.phase, RAMI_PHASE_PLAY);
    assert_int_equal(t.points_laid, 34);
    assert_int_equal(t.melds_laid, 1);
    assert_int_equal(t.opened, 0);
    assert_int_equal(t.undo_count, 1);
    assert_int_equal(rami_game_undo_count(g), 1);
    play(g, "meld QH KH JK");
    assert_int_equal(rami_game_turn_info(g, &t, sizeof t), RAMI_OK);
    assert_int_equal(t.points_laid, 64);
    assert_int_equal(t.opened, 1);
    assert_int_equal(t.opened_this_turn, 1);
    assert_int_equal(t.undo_count, 2);
    play(g, "swap JH on 2");
    assert_int_equal(rami_game_turn_info(g, &t, sizeof t), RAMI_OK);
    assert_int_equal(t.jokers_to_replay, 1);
    rami_event ev[16];
    assert_int_equal(history(g, -1, ev, 16), 5);
    assert_int_equal(ev[4].kind, RAMI_MOVE_SWAP);
    /* Undo the swap and the meld that opened: their events go, OPENED too. */
    sc_undo(g, RAMI_OK);
    sc_undo(g, RAMI_OK);
    assert_int_equal(history(g, -1, ev, 16), 2);
    assert_int_equal(ev[1].kind, RAMI_MOVE_MELD);
    assert_int_equal(rami_game_turn_info(g, &t, sizeof t), RAMI_OK);
    assert_int_equal(t.points_laid, 34);
    assert_int_equal(t.opened, 0);
    assert_int_equal(t.jokers_to_replay, 0);
    assert_int_equal(rami_game_undo_count(g), 1);
    play(g, "meld QH KH JK");
    play(g, "swap JH on 2");
    play(g, "lay JK on 1");
    play(g, "discard 4H");
    /* Seat 1 takes 4H: KEEP_PICKUP forbids discarding it. */
    play(g, "take");
    assert_int_equal(rami_game_turn_info(g, &t, sizeof t), RAMI_OK);
    assert_int_equal(t.player, 1);
    assert_int_equal(t.picked, sc_card("4H"));
    assert_int_equal(t.may_not_discard, sc_card("4H"));
    assert_int_equal(t.must_play, RAMI_NO_CARD);
    assert_int_equal(t.undo_count, 0);
    assert_int_equal(rami_game_discard_pile(g, pile, RAMI_MAX_PACK, &n), RAMI_OK);
    assert_int_equal(n, 3);
    assert_int_equal(rami_game_hand_count(g, 1), 7);
    /* Sizes: older than the first published (20) or absurd: refused. */
    assert_int_equal(rami_game_turn_info(g, &t, 19), RAMI_E_ARG);
    assert_int_equal(rami_game_turn_info(g, NULL, sizeof t), RAMI_E_ARG);
    assert_int_equal(rami_game_turn_info(NULL, &t, sizeof t), RAMI_E_ARG);
    assert_int_equal(rami_game_undo_count(NULL), RAMI_E_ARG);
    rami_game_free(g);
}

/* PICKUP_MUST_MELD and OPEN_PURE_RUN show in the turn's obligations. */
static void turn_obligations(void **state)
{
    (void)state;
    rami_ruleset rs =
        sc_rules_opts(RAMI_PRESET_51, 2, RAMI_OPT_PICKUP_MUST_MELD | RAMI_OPT_OPEN_PURE_RUN, 0);
    rami_game *g =
        deal_from(&rs, 1, "7S 8S 9S 9H 9D QC KC AC 2D", "5C 5D 5H 9C 4S 3S", "10S", "9C");
    play(g, "take"); /* 9C: to be melded */
    rami_turn_info t;
    assert_int_equal(rami_game_turn_info(g, &t, sizeof t), RAMI_OK);
    assert_int_equal(t.must_play, sc_card("9C"));
    assert_int_equal(t.pure_run_needed, 1);
    play(g, "meld 9C 9H 9D");
    assert_int_equal(rami_game_turn_info(g, &t, sizeof t), RAMI_OK);
    assert_int_equal(t.must_play, RAMI_NO_CARD);
    assert_int_equal(t.pure_run_needed, 1);
    play(g, "meld 7S 8S 9S");
    assert_int_equal(rami_game_turn_info(g, &t, sizeof t), RAMI_OK);
    assert_int_equal(t.pure_run_needed, 0);
    rami_game_free(g);
}

/* Random self-play: after every move the history ends with that move (its
 * kind, seat and card), has one move event per move of the round, and each
 * seat's view differs from the full one only in the other seats' stock
 * draws. */
static void history_tells_every_move(void **state)
{
    (void)state;
    uint64_t rng = 0x4849535430ull;
    unsigned rounds = tu_small_scale() ? 6 : 40;
    size_t cap = 4096;
    rami_event *all = malloc(cap * sizeof *all), *mine = malloc(cap * sizeof *mine);
    assert_non_null(all);
    assert_non_null(mine);
    unsigned long moves_seen = 0;
    for (unsigned r = 0; r < rounds; r++) {
        rami_ruleset rs = sc_rules((int)tu_below(&rng, 5), 2 + tu_below(&rng, 5));
        rami_game *g = NULL;
        assert_int_equal(rami_game_new(&rs, tu_xorshift(&rng), &g), RAMI_OK);
        size_t played = 0;
        while (rami_game_phase(g) <= RAMI_PHASE_PLAY) {
            size_t n;
            rami_move *list = sc_legal(g, &n);
            rami_move m = list[tu_below(&rng, (unsigned)n)];
            free(list);
            int seat = rami_game_current_player(g);
            assert_int_equal(rami_game_play(g, seat, &m), RAMI_OK);
            played++;
            size_t count = history(g, -1, all, cap);
            size_t moves = 0, last = 0;
            for (size_t i = 0; i < count; i++) {
                if (all[i].kind <= RAMI_MOVE_DISCARD) {
                    moves++;
                    last = i;
                }
            }
            assert_int_equal(moves, played);
            assert_int_equal(all[last].kind, m.kind);
            assert_int_equal(all[last].seat, seat);
            if (m.kind == RAMI_MOVE_DISCARD || m.kind == RAMI_MOVE_LAYOFF ||
                m.kind == RAMI_MOVE_SWAP)
                assert_int_equal(all[last].cards[0], m.cards[0]);
            if (m.kind == RAMI_MOVE_DRAW_DISCARD)
                assert_int_equal(all[last].cards[0], rami_game_picked(g));
            int viewer = (int)tu_below(&rng, rs.players);
            assert_int_equal(history(g, viewer, mine, cap), count);
            for (size_t i = 0; i < count; i++) {
                bool hidden = all[i].kind == RAMI_MOVE_DRAW_STOCK && all[i].seat != viewer;
                assert_int_equal(mine[i].count, hidden ? 0 : all[i].count);
                if (!hidden)
                    assert_memory_equal(&mine[i], &all[i], sizeof all[i]);
            }
            /* Undo, when there is one, takes the play back out of history. */
            if (rami_game_undo_count(g) > 0 && tu_below(&rng, 4) == 0) {
                assert_int_equal(rami_game_undo(g, seat), RAMI_OK);
                played--;
                size_t again = history(g, -1, mine, cap);
                assert_true(again < count);
            }
        }
        moves_seen += played;
        rami_game_free(g);
    }
    print_message("history: %u rounds, %lu moves, every prefix checked\n", rounds, moves_seen);
    free(all);
    free(mine);
}

/* A copy made by rami_game_determinize has its hidden cards dealt anew,
 * so its round does not replay from its deal: it has no history until its
 * next round (asked of the copy, the replay named wrong cards for takes and
 * failed with RAMI_E_INTERNAL after discards). The game it came from keeps
 * its own. */
static void determinized_copy_has_no_history(void **state)
{
    (void)state;
    rami_game *g = scripted_round();
    rami_event buf[64];
    size_t before = history(g, 0, buf, 64);
    for (int viewer = 0; viewer < 2; viewer++) {
        rami_game *d, *c;
        assert_int_equal(rami_game_determinize(g, viewer, 5, &d), RAMI_OK);
        assert_int_equal(rami_game_clone(d, &c), RAMI_OK);
        for (int who = -1; who < 2; who++) {
            size_t n = 77;
            memset(buf, 0xAB, sizeof buf);
            assert_int_equal(rami_game_history(d, who, buf, 64, &n), RAMI_E_ARG);
            assert_int_equal(rami_game_history(c, who, buf, 64, &n), RAMI_E_ARG);
            assert_int_equal(n, 77);
            assert_int_equal(((unsigned char *)buf)[0], 0xAB);
        }
        /* The next round replays from the copy's own deal. */
        assert_int_equal(rami_game_phase(d), RAMI_PHASE_ROUND_OVER);
        assert_int_equal(rami_game_next_round(d), RAMI_OK);
        assert_int_equal(history(d, -1, buf, 64), 0);
        play(d, "draw");
        assert_int_equal(history(d, -1, buf, 64), 1);
        rami_game_free(c);
        rami_game_free(d);
    }
    assert_int_equal(history(g, 0, buf, 64), before);
    rami_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_events),
        cmocka_unit_test(turn_queries),
        cmocka_unit_test(turn_obligations),
        cmocka_unit_test(history_tells_every_move),
        cmocka_unit_test(determinized_copy_has_no_history),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
