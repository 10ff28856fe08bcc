/* The round log (lib/log.c): the iterator gives back every move of the
 * round in order, in canonical form, with the seat that made it and, for
 * a take, the card taken; a log that outgrows the handle moves to the heap
 * and reads the same. */
#include "scenario.h"
#include "testutil.h"

#define MAX_REC 20000

typedef struct played {
    rami_move move; /* canonical form */
    int seat;
    rami_card taken; /* DRAW_DISCARD: the discard top before the take */
} played;

static played rec[MAX_REC];

static void check_log(const rami_game *g, size_t n)
{
    log_iter it;
    log_entry e;
    rami__log_begin(g, &it);
    size_t i = 0;
    while (rami__log_next(&it, &e)) {
        assert_true(i < n);
        rami_move m = rami__log_move(&e);
        assert_true(sc_move_equal(&m, &rec[i].move));
        assert_int_equal(e.seat, rec[i].seat);
        if (e.kind == RAMI_MOVE_DRAW_DISCARD) {
            assert_int_equal(e.count, 1);
            assert_int_equal(e.cards[0], rec[i].taken);
        }
        i++;
    }
    assert_int_equal(i, n);
}

static void replays_every_round(int preset, unsigned players, uint16_t max_turns, uint64_t seed)
{
    static rami_move list[RAMI_MAX_MOVES];
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, preset, players), RAMI_OK);
    rs.max_turns = max_turns;
    rami_game *g;
    assert_int_equal(rami_game_new(&rs, seed, &g), RAMI_OK);
    uint64_t r = seed | 1;
    size_t n = 0;
    for (unsigned round = 0; round < 3;) {
        if (rami_game_phase(g) == RAMI_PHASE_ROUND_OVER || n == MAX_REC) {
            check_log(g, n);
            if (rami_game_next_round(g) != RAMI_OK)
                break;
            n = 0;
            round++;
            continue;
        }
        if (rami_game_phase(g) == RAMI_PHASE_MATCH_OVER)
            break;
        size_t count;
        assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &count), RAMI_OK);
        const rami_move *m = &list[tu_below(&r, (unsigned)count)];
        rec[n].move = *m;
        rec[n].seat = rami_game_current_player(g);
        rec[n].taken = rami_game_discard_top(g);
        assert_int_equal(rami_game_play(g, rec[n].seat, m), RAMI_OK);
        n++;
        if (n % 97 == 0)
            check_log(g, n);
    }
    check_log(g, n);
    rami_game_free(g);
}

static void iterator_gives_moves_and_seats(void **state)
{
    (void)state;
    for (int preset = RAMI_PRESET_51; preset <= RAMI_PRESET_FINNISH; preset++)
        for (unsigned players = 2; players <= 6; players += 2)
            replays_every_round(preset, players, 0, 77 + (uint64_t)preset * 10 + players);
}

/* A round without turn cap may outgrow the inline log (sized for 1000
 * turns; a draw and a discard take 3 to 4 bytes): it must keep every
 * entry. */
static void grown_log_reads_the_same(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    rs.max_restocks = RAMI_UNLIMITED_RESTOCKS;
    rs.max_turns = 0;
    rami_game *g;
    assert_int_equal(rami_game_new(&rs, 5, &g), RAMI_OK);
    size_t n = 0;
    /* Draw and discard the card drawn, never melding: the round goes on. */
    while (n + 2 <= MAX_REC && rami_game_phase(g) == RAMI_PHASE_DRAW) {
        int seat = rami_game_current_player(g);
        rami_move draw = {RAMI_MOVE_DRAW_STOCK, 0, 0, 0, {0}};
        rec[n] = (played){draw, seat, RAMI_NO_CARD};
        assert_int_equal(rami_game_play(g, seat, &draw), RAMI_OK);
        n++;
        rami_card held[RAMI_MAX_HAND + 1];
        size_t nh;
        assert_int_equal(rami_game_hand(g, seat, held, RAMI_MAX_HAND + 1, &nh), RAMI_OK);
        rami_move discard = {RAMI_MOVE_DISCARD, 1, 0, 0, {held[n % nh]}};
        rec[n] = (played){discard, seat, RAMI_NO_CARD};
        assert_int_equal(rami_game_play(g, seat, &discard), RAMI_OK);
        n++;
    }
    assert_true(g->log_heap);
    assert_true(g->log_len > rami__log_capacity(&rs));
    check_log(g, n);
    rami_game *c;
    assert_int_equal(rami_game_clone(g, &c), RAMI_OK);
    check_log(c, n);
    rami_game_free(c);
    rami_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(iterator_gives_moves_and_seats),
        cmocka_unit_test(grown_log_reads_the_same),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
