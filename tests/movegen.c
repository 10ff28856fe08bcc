/* Legal-move generation (lib/movegen.c, doc/rules.md "Moves and their
 * canonical form"): exact lists on hand-built positions, the list's
 * contract (order, count-then-fill), and fixed-seed "perft" lines that pin
 * the generator against regressions. */
#include "scenario.h"
#include "testutil.h"

/* ---- helpers ---- */

/* The legal moves as one line, " | " between moves; also checks that each
 * listed move is accepted by rami_game_check. */
static const char *moves_text(const rami_game *g, char *buf, size_t cap)
{
    size_t n = 0, used = 0;
    rami_move *list = sc_legal(g, &n);
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char one[96], why[SC_WHY];
        assert_int_equal(rami_move_format(&list[i], one, sizeof one), RAMI_OK);
        int st = rami_game_check(g, rami_game_current_player(g), &list[i], why, sizeof why);
        if (st != RAMI_OK)
            fail_msg("listed move \"%s\" refused: %s", one, why);
        int w = snprintf(buf + used, cap - used, "%s%s", i ? " | " : "", one);
        assert_true(w > 0 && (size_t)w < cap - used);
        used += (size_t)w;
    }
    free(list);
    return buf;
}

#define ASSERT_MOVES(g, want)                                                                      \
    do {                                                                                           \
        char got_[8192];                                                                           \
        assert_string_equal(moves_text((g), got_, sizeof got_), (want));                           \
    } while (0)

/* A preset whose first meld opens (opening_points 0), so that the lists
 * below show every meld the hand can make. */
static rami_ruleset open_rules(uint32_t on, uint32_t off)
{
    rami_ruleset rs = sc_rules_opts(RAMI_PRESET_51, 2, on, off);
    rs.opening_points = 0;
    return rs;
}

/* ---- the draw phase ---- */

static void draw_phase_lists_draw_and_take(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rami_game *g = deal_from(&rs, 1, "7S 8S KD", "2H", "2C", "9H");
    ASSERT_MOVES(g, "draw | take");
    rami_game_free(g);

    /* An empty discard pile: only the draw. */
    g = deal_from(&rs, 1, "7S 8S KD", "2H", "2C", "");
    ASSERT_MOVES(g, "draw");
    rami_game_free(g);

    /* KEEP_PICKUP: taking 7S to a lone 7S would leave nothing to discard. */
    g = deal_from(&rs, 1, "7S", "2H", "2C", "7S");
    ASSERT_MOVES(g, "draw");
    refuse(g, "take", RAMI_E_PICKUP, "no card you may discard");
    rami_game_free(g);

    /* Without KEEP_PICKUP the same take is fine. */
    rs = sc_rules_opts(RAMI_PRESET_51, 2, 0, RAMI_OPT_KEEP_PICKUP);
    g = deal_from(&rs, 1, "7S", "2H", "2C", "7S");
    ASSERT_MOVES(g, "draw | take");
    rami_game_free(g);
}

static void draw_phase_pickup_must_meld(void **state)
{
    (void)state;
    /* 9S must be melded this turn: before opening that means opening with
     * it, which 7S 8S 9S (24 of 51) cannot. */
    rami_ruleset rs = sc_rules_opts(RAMI_PRESET_51, 2, RAMI_OPT_PICKUP_MUST_MELD, 0);
    rami_game *g = deal_from(&rs, 1, "7S 8S KD", "2H", "2C", "9S");
    ASSERT_MOVES(g, "draw");
    rami_game_free(g);
    /* With opening_points 0 the run opens: the take is listed. */
    rs = open_rules(RAMI_OPT_PICKUP_MUST_MELD, 0);
    g = deal_from(&rs, 1, "7S 8S KD", "2H", "2C", "9S");
    ASSERT_MOVES(g, "draw | take");
    play(g, "take");
    /* The picked card must be played first: no discard is listed. */
    ASSERT_MOVES(g, "meld 7S 8S 9S");
    rami_game_free(g);
}

/* ---- melds ---- */

/* Sets by rank (every subset of 3-4 suits), then runs by suit; the two 7S
 * and two 9S of the double pack give one move each. */
static void melds_each_distinct_once(void **state)
{
    (void)state;
    rami_ruleset rs = open_rules(0, 0);
    rami_game *g = deal_from(&rs, 1, "7C 7D 7H 7S 7S 8S 9S 9S", "2H", "2D", "");
    play(g, "draw");
    ASSERT_MOVES(g, "meld 7C 7D 7H | meld 7C 7D 7S | meld 7C 7H 7S | meld 7D 7H 7S"
                    " | meld 7C 7D 7H 7S | meld 7S 8S 9S"
                    " | discard 7C | discard 2D | discard 7D | discard 7H"
                    " | discard 7S | discard 8S | discard 9S");
    rami_game_free(g);
}

/* Before opening only melds after which the opening stays reachable are
 * listed: 7C 7D 7H (21) and 7H 8H 9H (24) cannot make 51 together. */
static void melds_need_a_reachable_opening(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rami_game *g = deal_from(&rs, 1, "7C 7D 7H 7H 8H 9H 9H KS", "2H", "2S", "");
    play(g, "draw");
    ASSERT_MOVES(g, "discard 7C | discard 7D | discard 7H | discard 8H | discard 9H"
                    " | discard 2S | discard KS");
    rami_game_free(g);
    /* KH QH JH make the difference: 30 + 24 = 54, or 21 + 30 = 51. */
    g = deal_from(&rs, 1, "7C 7D 7H 8H 9H JH QH KH", "2H", "2S", "");
    play(g, "draw");
    ASSERT_MOVES(g, "meld 7C 7D 7H | meld 7H 8H 9H | meld JH QH KH"
                    " | discard 7C | discard 7D | discard 7H | discard 8H | discard 9H"
                    " | discard JH | discard QH | discard KH | discard 2S");
    rami_game_free(g);
}

static void melds_with_a_joker(void **state)
{
    (void)state;
    rami_ruleset rs = open_rules(0, 0);
    rami_game *g = deal_from(&rs, 1, "5C 5D 5H 8S 9S JK", "2H", "KH", "");
    play(g, "draw");
    /* Pairs + joker make sets, the three naturals a set with and without
     * it, 8S 9S a run with the joker at the lower place (7S). */
    ASSERT_MOVES(g, "meld 5C 5D JK | meld 5C 5H JK | meld 5D 5H JK | meld 5C 5D 5H"
                    " | meld 5C 5D 5H JK | meld JK 8S 9S"
                    " | discard 5C | discard 5D | discard 5H | discard KH"
                    " | discard 8S | discard 9S | discard JK");
    rami_game_free(g);

    /* A joker in a gap, and a run needing both the gap and an end. */
    g = deal_from(&rs, 1, "5H 7H 10D QD JK", "2H", "2C", "");
    play(g, "draw");
    ASSERT_MOVES(g, "meld 10D JK QD | meld 5H JK 7H"
                    " | discard 2C | discard 10D | discard QD | discard 5H | discard 7H"
                    " | discard JK");
    rami_game_free(g);
}

/* JOKER_CHOICE: a joker at a run's end that could stand at either end
 * gives two moves, LOW and HIGH. */
static void melds_joker_choice_gives_both_places(void **state)
{
    (void)state;
    rami_ruleset rs = open_rules(RAMI_OPT_JOKER_CHOICE, 0);
    rami_game *g = deal_from(&rs, 1, "8S 9S 2C 2D JK", "2H", "KH", "");
    play(g, "draw");
    ASSERT_MOVES(g, "meld 2C 2D JK | meld JK 8S 9S low | meld 8S 9S JK high"
                    " | discard 2C | discard 2D | discard KH | discard 8S | discard 9S"
                    " | discard JK");
    rami_game_free(g);
    /* An ace-low run has only one place for the joker: no side. */
    g = deal_from(&rs, 1, "AS 2S 9C JK", "2H", "KH", "");
    play(g, "draw");
    ASSERT_MOVES(g, "meld AS 2S JK | discard 9C | discard KH | discard AS | discard 2S"
                    " | discard JK");
    rami_game_free(g);
}

/* ---- lay-offs and swaps ---- */

/* Seat 1 lays JK 5C 6C (joker = 4C) and QD QH QS; seat 0 opens with
 * 9H 10H JH and then may add to every meld. */
static rami_game *table_position(const rami_ruleset *rs)
{
    rami_game *g =
        deal_from(rs, 0, "9H 10H JH 3C 4C 7C QC 8H JK KS", "JK 5C 6C QD QH QS 2D 3D", "9D 2S", "");
    play(g, "draw");
    play(g, "meld JK 5C 6C");
    play(g, "meld QD QH QS");
    play(g, "discard 9D");
    play(g, "draw");
    play(g, "meld 9H 10H JH");
    return g;
}

static void layoffs_and_swaps_per_table_meld(void **state)
{
    (void)state;
    rami_ruleset rs = open_rules(0, 0);
    rami_game *g = table_position(&rs);
    ASSERT_MOVES(g, "meld JK 3C 4C"
                    " | lay 3C on 1 | lay 7C on 1 | lay QC on 2 | lay JK on 2"
                    " | lay 8H on 3 | lay JK on 3 | swap 4C on 1"
                    " | discard 3C | discard 4C | discard 7C | discard QC | discard 8H"
                    " | discard 2S | discard KS | discard JK");
    rami_game_free(g);
}

static void layoffs_closed_rami_only_own_melds(void **state)
{
    (void)state;
    rami_ruleset rs = open_rules(0, RAMI_OPT_LAYOFF_OTHERS);
    rami_game *g = table_position(&rs);
    ASSERT_MOVES(g, "meld JK 3C 4C | lay 8H on 3 | lay JK on 3"
                    " | discard 3C | discard 4C | discard 7C | discard QC | discard 8H"
                    " | discard 2S | discard KS | discard JK");
    rami_game_free(g);
}

static void layoffs_wait_for_the_next_turn_without_open_turn_layoff(void **state)
{
    (void)state;
    rami_ruleset rs = open_rules(0, RAMI_OPT_OPEN_TURN_LAYOFF);
    rami_game *g = table_position(&rs);
    ASSERT_MOVES(g, "meld JK 3C 4C"
                    " | discard 3C | discard 4C | discard 7C | discard QC | discard 8H"
                    " | discard 2S | discard KS | discard JK");
    rami_game_free(g);
}

/* An ace fits both ends of 2S..KS: two moves; a joker goes to the lower
 * free place unless JOKER_CHOICE lets the player name the end. */
static rami_game *ace_position(const rami_ruleset *rs)
{
    rami_game *g = deal_from(rs, 0, "AS 7H 8H 9H JK 4C", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 5D",
                             "9D KD", "");
    play(g, "draw");
    play(g, "meld 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS");
    play(g, "discard 9D");
    play(g, "draw");
    play(g, "meld 7H 8H 9H");
    return g;
}

static void layoffs_ace_on_2_to_k_run_both_ends(void **state)
{
    (void)state;
    rami_ruleset rs = open_rules(0, 0);
    rami_game *g = ace_position(&rs);
    ASSERT_MOVES(g, "lay AS on 1 low | lay AS on 1 high | lay JK on 1 | lay JK on 2"
                    " | discard 4C | discard KD | discard AS | discard JK");
    /* Once the ace is laid the run is complete (13 cards, no wrap). */
    play(g, "lay AS on 1 high");
    ASSERT_MOVES(g, "lay JK on 2 | discard 4C | discard KD | discard JK");
    rami_game_free(g);

    rs = open_rules(RAMI_OPT_JOKER_CHOICE, 0);
    g = ace_position(&rs);
    ASSERT_MOVES(g, "lay AS on 1 low | lay AS on 1 high | lay JK on 1 low | lay JK on 1 high"
                    " | lay JK on 2 low | lay JK on 2 high"
                    " | discard 4C | discard KD | discard AS | discard JK");
    rami_game_free(g);
}

/* ---- discards ---- */

static void discards_one_per_face_minus_the_picked_face(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rami_game *g = deal_from(&rs, 1, "9H 4C 5D 4C", "2H", "2C", "9H");
    play(g, "take");
    /* DEC: neither copy of 9H may go back; 4C once although held twice. */
    ASSERT_MOVES(g, "discard 4C | discard 5D");
    rami_game_free(g);
}

/* ---- one-card moves: the list against the judge ---- */

/* Every move of at most one card the seat to move could name: the draws,
 * and a discard, lay-off (each side) or swap of every face onto every
 * table meld. */
static size_t one_card_moves(const rami_game *g, rami_move *out)
{
    size_t n = 0;
    rami_move m;
    memset(&m, 0, sizeof m);
    m.kind = RAMI_MOVE_DRAW_STOCK;
    out[n++] = m;
    m.kind = RAMI_MOVE_DRAW_DISCARD;
    out[n++] = m;
    m.count = 1;
    for (unsigned c = 0; c <= 52; c++) {
        m.cards[0] = c == 52 ? RAMI_JOKER : RAMI_CARD(c % 13 + 1, c / 13);
        m.kind = RAMI_MOVE_DISCARD;
        m.target = 0;
        m.side = RAMI_SIDE_AUTO;
        out[n++] = m;
        for (unsigned t = 0; t < g->pos.meld_count; t++) {
            m.target = (uint8_t)t;
            m.kind = RAMI_MOVE_SWAP;
            m.side = RAMI_SIDE_AUTO;
            out[n++] = m;
            m.kind = RAMI_MOVE_LAYOFF;
            for (unsigned side = RAMI_SIDE_AUTO; side <= RAMI_SIDE_HIGH; side++) {
                m.side = (uint8_t)side;
                out[n++] = m;
            }
        }
    }
    return n;
}

struct judged_stats {
    unsigned long positions, discards, layoffs, swaps;
    unsigned long no_discard, barred_card; /* play phase: no discard listed; a held card barred */
    unsigned long replay, pickup_due;      /* positions with that obligation open */
};

/* The list's moves of at most one card are exactly the canonical forms of
 * the moves of one_card_moves that rami__validate (the judge, card by card)
 * accepts: none missing, none extra. */
static void list_matches_judge(const rami_game *g, struct judged_stats *st)
{
    static rami_move cand[2 + 53 * (1 + 4 * MAX_TABLE_MELDS)];
    size_t n = 0;
    rami_move *list = sc_legal(g, &n);
    size_t nc = one_card_moves(g, cand), accepted = 0;
    uint64_t seen[RAMI_MAX_MOVES / 64] = {0}; /* list entries accepted */
    for (size_t i = 0; i < nc; i++) {
        verdict v;
        if (rami__validate(&g->rs, &g->pos, g->pos.current, &cand[i], &v, NULL, 0) != RAMI_OK)
            continue;
        size_t k = 0;
        while (k < n && !sc_move_equal(&list[k], &v.move))
            k++;
        if (k == n) {
            char text[96];
            rami_move_format(&v.move, text, sizeof text);
            fail_msg("accepted but not listed: %s (options 0x%x)", text, g->rs.options);
        }
        /* Distinct forms: a lay-off named AUTO and by its side may be one. */
        if (!(seen[k / 64] >> (k % 64) & 1u))
            accepted++;
        seen[k / 64] |= (uint64_t)1 << (k % 64);
    }
    /* And no more: each listed one-card move is accepted in the form
     * listed, and there are as many as distinct forms accepted. */
    size_t listed_one = 0;
    for (size_t k = 0; k < n; k++) {
        if (list[k].kind == RAMI_MOVE_MELD)
            continue;
        listed_one++;
        verdict v;
        assert_int_equal(rami__validate(&g->rs, &g->pos, g->pos.current, &list[k], &v, NULL, 0),
                         RAMI_OK);
        assert_true(sc_move_equal(&v.move, &list[k]));
        for (size_t j = 0; j < k; j++)
            assert_false(sc_move_equal(&list[j], &list[k]));
        st->discards += list[k].kind == RAMI_MOVE_DISCARD;
        st->layoffs += list[k].kind == RAMI_MOVE_LAYOFF;
        st->swaps += list[k].kind == RAMI_MOVE_SWAP;
    }
    assert_int_equal(listed_one, accepted);
    st->positions++;
    if (g->pos.phase == RAMI_PHASE_PLAY) {
        const hand *h = &g->pos.hands[g->pos.current];
        unsigned faces = h->jokers > 0;
        for (unsigned s = 0; s < 4; s++)
            faces += bit_count(h->mask[s]);
        unsigned listed_discards = 0;
        for (size_t k = 0; k < n; k++)
            listed_discards += list[k].kind == RAMI_MOVE_DISCARD;
        st->no_discard += listed_discards == 0;
        st->barred_card += listed_discards > 0 && listed_discards < faces;
        st->replay += g->pos.ts.replay_pending > 0;
        st->pickup_due += g->pos.ts.pickup_pending != 0;
    }
    free(list);
}

/* Random rounds under random option bits (and every bit forced on in
 * turn), low openings so that tables fill, plays preferred to discards. */
static void one_card_moves_listed_exactly_as_judged(void **state)
{
    (void)state;
    uint64_t rng = 0x5DEECE66Dull;
    unsigned rounds = tu_small_scale() ? 60 : 600;
    struct judged_stats st;
    memset(&st, 0, sizeof st);
    for (unsigned i = 0; i < rounds; i++) {
        rami_ruleset rs;
        assert_int_equal(rami_ruleset_init(&rs, (int)(i % 5), 2 + i % 3), RAMI_OK);
        tu_random_options(&rs, tu_xorshift(&rng));
        rs.options |= 1u << (i % 15);
        if (rs.options & RAMI_OPT_ELIMINATION)
            rs.match_target = rs.match_target ? rs.match_target : 100;
        static const uint16_t openings[] = {0, 12, 25};
        if (i % 4 != 3)
            rs.opening_points = openings[i % 3];
        if (i % 5 == 4)
            rs.jokers_per_meld = 2;
        rami_game *g;
        assert_int_equal(rami_game_new(&rs, tu_xorshift(&rng), &g), RAMI_OK);
        for (unsigned step = 0; step < 400 && g->pos.phase <= RAMI_PHASE_PLAY; step++) {
            list_matches_judge(g, &st);
            size_t n = 0;
            rami_move *list = sc_legal(g, &n);
            assert_true(n > 0);
            size_t pick = tu_below(&rng, (unsigned)n);
            if (g->pos.phase == RAMI_PHASE_PLAY && tu_below(&rng, 4) != 0)
                for (size_t k = 0; k < n; k++)
                    if (list[(pick + k) % n].kind != RAMI_MOVE_DISCARD) {
                        pick = (pick + k) % n;
                        break;
                    }
            assert_int_equal(rami_game_play(g, g->pos.current, &list[pick]), RAMI_OK);
            free(list);
        }
        rami_game_free(g);
    }
    printf("one-card moves: %lu positions, listed %lu discards, %lu lay-offs, %lu swaps; play "
           "phase with no discard %lu, with a held card barred %lu; replay due %lu, pickup due "
           "%lu\n",
           st.positions, st.discards, st.layoffs, st.swaps, st.no_discard, st.barred_card,
           st.replay, st.pickup_due);
    /* Every way a discard is barred was met. */
    assert_true(st.no_discard > 0 && st.barred_card > 0 && st.replay > 0 && st.pickup_due > 0);
    assert_true(st.layoffs > 0 && st.swaps > 0);
}

/* ---- the list's contract ---- */

/* rami__gen_judged (the move list's generator) makes each meld's verdict
 * as it makes the meld, without judging it: the verdicts must be those
 * of rami__judge_generated_meld (and rami__judge_candidate) on the melds
 * of rami__gen, byte for byte, the refused ones dropped, in the same
 * order, and the other plays the same candidates. */
enum { GEN_LOG_MAX = 4 * RAMI_MAX_MOVES };
struct gen_log {
    const rami_game *g;
    verdict v[GEN_LOG_MAX];
    unsigned n, melds, refused;
};

static void gen_log_put(struct gen_log *l, const verdict *v)
{
    assert_true(l->n < GEN_LOG_MAX);
    l->v[l->n++] = *v;
}

static bool log_candidate(void *ctx, const rami_move *m)
{
    struct gen_log *l = ctx;
    verdict v;
    memset(&v, 0, sizeof v);
    if (m->kind != RAMI_MOVE_MELD) {
        v.move = *m;
        gen_log_put(l, &v);
        return true;
    }
    verdict w;
    int st = rami__judge_generated_meld(&l->g->rs, &l->g->pos, m, &v);
    assert_int_equal(rami__judge_candidate(&l->g->rs, &l->g->pos, m, &w), st);
    if (st != RAMI_OK) {
        l->refused++;
        return true;
    }
    assert_memory_equal(&v, &w, sizeof v);
    l->melds++;
    gen_log_put(l, &v);
    return true;
}

static bool log_move(void *ctx, const rami_move *m)
{
    verdict v;
    memset(&v, 0, sizeof v);
    v.move = *m;
    gen_log_put(ctx, &v);
    return true;
}

static bool log_verdict(void *ctx, const verdict *v)
{
    gen_log_put(ctx, v);
    return true;
}

static void generated_melds_judged_as_the_rules_do(void **state)
{
    (void)state;
    uint64_t r = 0x6E1D6EDull;
    static struct gen_log a, b;
    static rami_move list[RAMI_MAX_MOVES];
    unsigned long positions = 0, melds = 0, refused = 0, runs_placed_high = 0;
    unsigned games = tu_small_scale() ? 300 : 1500; /* fewer under memcheck */
    for (unsigned game = 0; game < games; game++) {
        rami_ruleset rs;
        assert_true(tu_sweep_rules(game, &r, &rs));
        if (game % 2)
            rs.opening_points = (uint16_t)(6 * tu_below(&r, 6));
        if (game % 4 == 1)
            rs.hand_size = (uint8_t)(3 + tu_below(&r, 10));
        rs.jokers_per_meld = (uint8_t)(1 + tu_below(&r, game % 5 == 0 ? 4 : 2));
        if (game % 3 == 2)
            rs.jokers = (uint8_t)(2 * tu_below(&r, 5));
        if (rami_ruleset_check(&rs, NULL, 0) != RAMI_OK)
            continue;
        rami_game *g = NULL;
        assert_int_equal(rami_game_new(&rs, tu_xorshift(&r), &g), RAMI_OK);
        for (unsigned step = 0; step < 200 && rami_game_phase(g) <= RAMI_PHASE_PLAY; step++) {
            if (g->pos.phase == RAMI_PHASE_PLAY) {
                a.g = b.g = g;
                a.n = b.n = a.melds = a.refused = 0;
                unsigned what = 1 + tu_below(&r, 3);
                rami__gen(&g->rs, &g->pos, RAMI_NO_CARD, what, log_candidate, &a);
                rami__gen_judged(&g->rs, &g->pos, what, log_move, log_verdict, &b);
                assert_int_equal(a.n, b.n);
                for (unsigned i = 0; i < a.n; i++) {
                    if (memcmp(&a.v[i], &b.v[i], sizeof a.v[i]) != 0) {
                        char text[96];
                        rami_move_format(&a.v[i].move, text, sizeof text);
                        fail_msg("game %u step %u, play %u \"%s\": another verdict", game, step, i,
                                 text);
                    }
                    runs_placed_high +=
                        a.v[i].move.kind == RAMI_MOVE_MELD && a.v[i].move.side == RAMI_SIDE_HIGH;
                }
                positions++;
                melds += a.melds;
                refused += a.refused;
            }
            size_t n;
            assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n), RAMI_OK);
            assert_true(n > 0);
            size_t pick = tu_pick_leaning_to_melds(&r, list, n, 3);
            assert_int_equal(rami_game_play(g, g->pos.current, &list[pick]), RAMI_OK);
        }
        rami_game_free(g);
    }
    printf("generated melds judged as made: %lu play-phase positions, %lu melds accepted (%lu "
           "runs with the jokers placed high), %lu refused\n",
           positions, melds, runs_placed_high, refused);
    /* About 89 melds a game at either scale (133,906 in 1,500 games; 26,198
     * in the 300 under memcheck, which CI's valgrind step runs). */
    assert_true(melds > 60ul * games && refused > 0 && runs_placed_high > 0);
}

static bool same_moves(const rami_move *a, const rami_move *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!sc_move_equal(&a[i], &b[i]))
            return false;
    return true;
}

static void order_is_deterministic(void **state)
{
    (void)state;
    rami_ruleset rs = open_rules(0, 0);
    rami_game *g = table_position(&rs);
    size_t n1 = 0, n2 = 0;
    rami_move *a = sc_legal(g, &n1);
    rami_move *b = sc_legal(g, &n2);
    assert_int_equal(n1, n2);
    assert_true(same_moves(a, b, n1));
    /* A clone lists the same moves. */
    rami_game *c = sc_clone(g);
    rami_move *d = sc_legal(c, &n2);
    assert_int_equal(n1, n2);
    assert_true(same_moves(a, d, n1));
    free(a);
    free(b);
    free(d);
    rami_game_free(c);
    rami_game_free(g);
}

static void count_then_fill(void **state)
{
    (void)state;
    rami_ruleset rs = open_rules(0, 0);
    rami_game *g = table_position(&rs);
    rami_game *before = sc_clone(g);
    size_t n = 0;
    rami_move *all = sc_legal(g, &n);
    assert_int_equal(n, 16);

    size_t count = 0;
    assert_int_equal(rami_game_legal_moves(g, NULL, 0, &count), RAMI_E_BUFFER);
    assert_int_equal(count, n);

    rami_move buf[20], guard;
    memset(&guard, 0xA5, sizeof guard);
    for (size_t cap = 0; cap <= n; cap++) {
        for (size_t i = 0; i < 20; i++)
            buf[i] = guard;
        count = 0;
        int st = rami_game_legal_moves(g, buf, cap, &count);
        assert_int_equal(count, n);
        assert_int_equal(st, cap < n ? RAMI_E_BUFFER : RAMI_OK);
        /* The first cap moves are the list's first moves; beyond cap
         * nothing is written. */
        assert_true(same_moves(buf, all, cap));
        for (size_t i = cap; i < 20; i++)
            assert_memory_equal(&buf[i], &guard, sizeof guard);
    }
    assert_int_equal(rami_game_legal_moves(NULL, buf, 20, &count), RAMI_E_ARG);
    assert_int_equal(rami_game_legal_moves(g, buf, 20, NULL), RAMI_E_ARG);
    assert_int_equal(rami_game_legal_moves(g, NULL, 1, &count), RAMI_E_ARG);
    assert_true(rami__game_equal(g, before));
    free(all);
    rami_game_free(before);
    rami_game_free(g);
}

static void empty_when_the_round_is_over(void **state)
{
    (void)state;
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rami_game *g = deal_from(&rs, 1, "10H JH QH KH", "9C", "AH", "");
    play(g, "draw");
    play(g, "meld 10H JH QH KH AH");
    assert_int_equal(rami_game_phase(g), RAMI_PHASE_ROUND_OVER);
    size_t count = 99;
    rami_move m;
    memset(&m, 0x5A, sizeof m);
    rami_move copy = m;
    assert_int_equal(rami_game_legal_moves(g, &m, 1, &count), RAMI_OK);
    assert_int_equal(count, 0);
    assert_memory_equal(&m, &copy, sizeof m);
    assert_int_equal(rami_game_legal_moves(g, NULL, 0, &count), RAMI_OK);
    assert_int_equal(count, 0);
    rami_game_free(g);
}

/* ---- fixed-seed perft ---- */

/* From rami_game_new(preset, players, seed) with the options given, play
 * the move at index (step * 7919) % count of the legal list, for 200 moves
 * or until the round ends, and record the list sizes: their number, their
 * sum and an FNV-1a hash of the sequence. Any change in what the generator
 * lists, or in its order, or in the deal, moves these figures.
 *
 * The constants were computed once from the implementation. If a rule is
 * changed deliberately (doc/rules.md and the change say so), regenerate
 * them: the failing test prints a ready-to-paste row for every line. */
struct perft_line {
    int preset;
    unsigned players;
    uint64_t seed;
    uint32_t on, off; /* option bits switched on / off */
    int opening;      /* opening_points, -1 for the preset's */
    /* pinned: */
    unsigned steps;
    unsigned long sum;
    uint64_t hash;
};

/* clang-format off */
static const struct perft_line lines[] = {
    {RAMI_PRESET_51, 2, 1, 0, 0, -1, 200, 1240, 0xb49541f80e9d1c8dull},
    {RAMI_PRESET_40, 4, 2, 0, 0, -1, 151, 954, 0x7497334c67efc959ull},
    {RAMI_PRESET_51_HOUSE, 6, 3, 0, 0, -1, 200, 1331, 0xc688600bf237ad90ull},
    {RAMI_PRESET_FINNISH, 3, 4, 0, 0, -1, 135, 814, 0x2b93292de00b45fbull},
    {RAMI_PRESET_FINNISH, 2, 5, RAMI_OPT_JOKER_CHOICE, RAMI_OPT_GO_OUT_BY_MELD, -1,
     200, 1231, 0x531dcd6c253aeb2eull},
    {RAMI_PRESET_40_HOUSE, 3, 6, RAMI_OPT_PICKUP_MUST_MELD | RAMI_OPT_OPEN_PURE_RUN, 0, -1,
     200, 1202, 0x3ce8b83a2aacfcfbull},
    /* quick rami, and an opening-free game: many melds, lay-offs and swaps */
    {RAMI_PRESET_FINNISH, 2, 7, 0, 0, 15, 90, 540, 0x17c22777ac9a4d8bull},
    {RAMI_PRESET_51, 3, 8, RAMI_OPT_JOKER_CHOICE, 0, 0, 200, 1284, 0xe668dd4f318d5b4full},
    {RAMI_PRESET_51, 2, 9, 0, RAMI_OPT_LAYOFF_OTHERS | RAMI_OPT_KEEP_PICKUP, 0,
     200, 1016, 0xf0f58b88ea4a0635ull},
};
/* clang-format on */

static void run_line(const struct perft_line *l, unsigned *steps, unsigned long *sum,
                     uint64_t *hash, unsigned kinds[7])
{
    rami_ruleset rs = sc_rules_opts(l->preset, l->players, l->on, l->off);
    if (l->opening >= 0)
        rs.opening_points = (uint16_t)l->opening;
    rami_game *g = NULL;
    assert_int_equal(rami_game_new(&rs, l->seed, &g), RAMI_OK);
    rami_move *list = calloc(RAMI_MAX_MOVES, sizeof *list);
    assert_non_null(list);
    *steps = 0;
    *sum = 0;
    *hash = 0xCBF29CE484222325ull;
    for (unsigned step = 0; step < 200; step++) {
        size_t n = 0;
        assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n), RAMI_OK);
        if (n == 0)
            break;
        *sum += n;
        for (unsigned k = 0; k < 4; k++)
            *hash = (*hash ^ ((n >> (8 * k)) & 0xFF)) * 0x100000001B3ull;
        const rami_move *m = &list[(step * 7919u) % n];
        kinds[m->kind]++;
        assert_int_equal(rami_game_play(g, rami_game_current_player(g), m), RAMI_OK);
        ++*steps;
    }
    free(list);
    rami_game_free(g);
}

static void perft_fixed_lines(void **state)
{
    (void)state;
    bool ok = true;
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        const struct perft_line *l = &lines[i];
        unsigned steps, kinds[7] = {0};
        unsigned long sum;
        uint64_t hash;
        run_line(l, &steps, &sum, &hash, kinds);
        /* The same line twice gives the same figures. */
        unsigned steps2, kinds2[7] = {0};
        unsigned long sum2;
        uint64_t hash2;
        run_line(l, &steps2, &sum2, &hash2, kinds2);
        assert_int_equal(steps, steps2);
        assert_int_equal(sum, sum2);
        assert_true(hash == hash2);
        printf("perft %zu: %u steps (draw %u take %u meld %u lay %u swap %u discard %u)\n", i,
               steps, kinds[1], kinds[2], kinds[3], kinds[4], kinds[5], kinds[6]);
        if (steps != l->steps || sum != l->sum || hash != l->hash) {
            ok = false;
            printf("  row %zu is now: %u, %lu, 0x%016llx\n", i, steps, sum,
                   (unsigned long long)hash);
        }
    }
    assert_true(ok);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(draw_phase_lists_draw_and_take),
        cmocka_unit_test(draw_phase_pickup_must_meld),
        cmocka_unit_test(melds_each_distinct_once),
        cmocka_unit_test(melds_need_a_reachable_opening),
        cmocka_unit_test(melds_with_a_joker),
        cmocka_unit_test(melds_joker_choice_gives_both_places),
        cmocka_unit_test(layoffs_and_swaps_per_table_meld),
        cmocka_unit_test(layoffs_closed_rami_only_own_melds),
        cmocka_unit_test(layoffs_wait_for_the_next_turn_without_open_turn_layoff),
        cmocka_unit_test(layoffs_ace_on_2_to_k_run_both_ends),
        cmocka_unit_test(discards_one_per_face_minus_the_picked_face),
        cmocka_unit_test(one_card_moves_listed_exactly_as_judged),
        cmocka_unit_test(generated_melds_judged_as_the_rules_do),
        cmocka_unit_test(order_is_deterministic),
        cmocka_unit_test(count_then_fill),
        cmocka_unit_test(empty_when_the_round_is_over),
        cmocka_unit_test(perft_fixed_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
