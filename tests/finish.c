/* The turn-completion search ("can the turn still be finished?"): deep
 * forced chains are found, hopeless ones refused, and the measure that
 * bounds the search (2 x naturals + jokers in hand) drops with every
 * legal play. */
#include "scenario.h"
#include "testutil.h"

/* Three decks and twelve jokers, 15 cards a hand (the most a ruleset may
 * deal), no opening minimum, up to four jokers a meld; the card taken may
 * not be discarded. */
static rami_ruleset joker_rules(uint32_t extra)
{
    rami_ruleset rs = sc_rules_opts(RAMI_PRESET_51, 2, 0, 0xFFFFFFFFu);
    rs.decks = 3;
    rs.jokers = 12;
    rs.hand_size = RAMI_MAX_HAND_SIZE;
    rs.opening_points = 0;
    rs.jokers_per_meld = 4;
    rs.options = RAMI_OPT_KEEP_PICKUP | RAMI_OPT_LAYOFF_OTHERS | extra;
    assert_int_equal(rami_ruleset_check(&rs, NULL, 0), RAMI_OK);
    return rs;
}

#define JOKERS11 "JK JK JK JK JK JK JK JK JK JK JK"

/* Seat 0 lays a run of spades and keeps eleven jokers; seat 1 lays
 * `melds` more runs (hearts, diamonds) and discards a joker. */
static rami_game *joker_hand(const rami_ruleset *rs, int melds)
{
    rami_game *g =
        deal_from(rs, 1, "3S 4S 5S " JOKERS11, "3H 4H 5H 3D 4D 5D JK 2C 7C", "KC 9C QD", "8H");
    play(g, "draw");
    play(g, "meld 3S 4S 5S");
    play(g, "discard KC");
    play(g, "draw");
    static const char *const runs[] = {"meld 3H 4H 5H", "meld 3D 4D 5D"};
    for (int i = 0; i < melds; i++)
        play(g, runs[i]);
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
    rami_game *g = joker_hand(&rs, 2);
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
    rami_game *g = joker_hand(&rs, 0);
    refuse(g, "take", RAMI_E_PICKUP, "no card you may discard");
    rami_game_free(g);
}

/* Positions the full search visits to judge `text` in g's position. */
static unsigned searched_for(const rami_game *g, const char *text, bool *legal)
{
    rami_move m = sc_move(text);
    verdict v;
    assert_int_equal(rami__judge(&g->rs, &g->pos, g->pos.current, &m, &v, NULL, 0), RAMI_OK);
    finish_memo memo;
    finish_ctx c;
    rami__finish_begin(&c, &g->rs, &g->pos, &memo);
    *legal = rami__finish_ok(&c, &v);
    rami__finish_end(&c);
    return c.searched;
}

/* The work of hard positions, pinned: the forced chain of twelve joker
 * lay-offs and its refutation (every way of laying up to four jokers on
 * one run is visited once), and issue 11's opening completed by a lay-off. */
static void hard_positions_search_little(void **state)
{
    (void)state;
    bool legal;
    rami_ruleset rs = joker_rules(RAMI_OPT_GO_OUT_BY_MELD);
    rami_game *g = joker_hand(&rs, 2);
    unsigned chain = searched_for(g, "take", &legal);
    assert_true(legal);
    rami_game_free(g);
    g = joker_hand(&rs, 0);
    unsigned refuted = searched_for(g, "take", &legal);
    assert_false(legal);
    rami_game_free(g);

    g = sc_opening_needs_layoff();
    unsigned opening = searched_for(g, "meld 2D 3D 4D", &legal);
    assert_true(legal);
    rami_game_free(g);
    printf("positions searched: twelve jokers laid off %u, refuted %u; opening by lay-off %u\n",
           chain, refuted, opening);
    assert_int_equal(chain, 12);
    assert_int_equal(refuted, 5);
    assert_int_equal(opening, 4);
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

/* ---- the search against the plain definition ---- */

/* The definition of doc/rules.md §2 ("no dead ends") and §6.3, written
 * plainly on top of the rules that need no look-ahead (rami__judge): no
 * tiers, no solver, no memo, no pruning. `budget` bounds the work; when it
 * runs out the position is skipped. */
typedef struct naive {
    const rami_ruleset *rs;
    unsigned long budget;
    bool out_of_budget;
} naive;

static bool naive_finish(naive *n, const position *p);

static bool naive_discard_now(naive *n, const position *p)
{
    const hand *h = &p->hands[p->current];
    rami_move m = {RAMI_MOVE_DISCARD, 1, 0, 0, {0}};
    verdict v;
    for (unsigned c = 0; c < 0x51; c++) {
        if (!card_is_valid((rami_card)c) || hand_count(h, (rami_card)c) == 0)
            continue;
        m.cards[0] = (rami_card)c;
        if (rami__judge_candidate(n->rs, p, &m, &v) == RAMI_OK)
            return true;
    }
    return false;
}

/* After a play judged legal by the rules alone: gone out with the opening
 * complete, or the turn can be finished. */
static bool naive_after(naive *n, const position *p, const verdict *v)
{
    position after = *p;
    rami__apply(n->rs, &after, v);
    if (after.hands[after.current].size == 0)
        return seat_opened(&after, after.current);
    return naive_finish(n, &after);
}

struct naive_sink {
    naive *n;
    const position *p;
    bool found;
};

static bool naive_try(void *ctx, const rami_move *m)
{
    struct naive_sink *s = ctx;
    verdict v;
    if (rami__judge_candidate(s->n->rs, s->p, m, &v) == RAMI_OK && naive_after(s->n, s->p, &v))
        s->found = true;
    return !s->found && !s->n->out_of_budget;
}

static bool naive_some_play(naive *n, const position *p, rami_card face)
{
    struct naive_sink s = {n, p, false};
    rami__gen_plays(n->rs, p, face, naive_try, &s);
    return s.found;
}

static bool naive_finish(naive *n, const position *p)
{
    if (n->budget-- == 0) {
        n->out_of_budget = true;
        return false;
    }
    return naive_discard_now(n, p) || naive_some_play(n, p, RAMI_NO_CARD);
}

static unsigned jokers_in(const verdict *v)
{
    unsigned k = 0;
    for (unsigned i = 0; i < v->move.count && v->move.kind != RAMI_MOVE_SWAP; i++)
        k += v->move.cards[i] == RAMI_JOKER;
    return k;
}

/* Is move m legal by the plain definition? */
static bool naive_legal(naive *n, const position *p, const rami_move *m)
{
    verdict v;
    if (rami__judge_candidate(n->rs, p, m, &v) != RAMI_OK)
        return false;
    bool pending = p->ts.replay_pending > 0;
    switch (v.move.kind) {
    case RAMI_MOVE_DRAW_STOCK:
        return true;
    case RAMI_MOVE_DRAW_DISCARD:
        return naive_after(n, p, &v);
    case RAMI_MOVE_DISCARD:
        return !(pending && naive_some_play(n, p, RAMI_JOKER));
    default:
        break;
    }
    if (!naive_after(n, p, &v))
        return false;
    if (!pending || jokers_in(&v) > 0 || !naive_some_play(n, p, RAMI_JOKER))
        return true;
    position after = *p;
    rami__apply(n->rs, &after, &v);
    return naive_some_play(n, &after, RAMI_JOKER);
}

struct candidates {
    rami_move m[RAMI_MAX_MOVES];
    size_t n;
};

static bool add_candidate(void *ctx, const rami_move *m)
{
    struct candidates *c = ctx;
    if (c->n < RAMI_MAX_MOVES)
        c->m[c->n++] = *m;
    return true;
}

/* Every candidate move of the position: plays, discards, draws. */
static void all_candidates(const rami_game *g, struct candidates *c)
{
    c->n = 0;
    rami_move m = {RAMI_MOVE_DRAW_STOCK, 0, 0, 0, {0}};
    if (g->pos.phase == RAMI_PHASE_DRAW) {
        add_candidate(c, &m);
        m.kind = RAMI_MOVE_DRAW_DISCARD;
        add_candidate(c, &m);
        return;
    }
    rami__gen_plays(&g->rs, &g->pos, RAMI_NO_CARD, add_candidate, c);
    m.kind = RAMI_MOVE_DISCARD;
    m.count = 1;
    for (unsigned k = 0; k < 0x51; k++) {
        if (card_is_valid((rami_card)k) &&
            hand_count(&g->pos.hands[g->pos.current], (rami_card)k)) {
            m.cards[0] = (rami_card)k;
            add_candidate(c, &m);
        }
    }
}

/* Small hands and the options that make turns hard to finish (the card
 * taken kept or due, strict rami, joker retrieval): every candidate move
 * of every position reached by random play is judged both by the engine
 * and by the plain definition, and the two must agree. */
static void search_agrees_with_the_definition(void **state)
{
    (void)state;
    uint64_t r = 0x5EA2C4ull;
    static struct candidates cand;
    unsigned long compared = 0, skipped = 0, refused = 0, dead = 0;
    unsigned long searched_sum = 0, searches = 0, searched_most = 0;
    for (unsigned game = 0; game < 600; game++) {
        rami_ruleset rs = sc_rules(game % 2 ? RAMI_PRESET_51 : RAMI_PRESET_FINNISH, 2 + game % 2);
        tu_random_options(&rs, tu_xorshift(&r));
        rs.options |= tu_below(&r, 2) ? RAMI_OPT_KEEP_PICKUP : RAMI_OPT_PICKUP_MUST_MELD;
        rs.hand_size = (uint8_t)(5 + tu_below(&r, 7));
        rs.opening_points = (uint16_t)(tu_below(&r, 3) * 12);
        rs.jokers_per_meld = (uint8_t)(1 + tu_below(&r, 2));
        rs.jokers = (uint8_t)(2 + tu_below(&r, 5));
        rami_game *g = NULL;
        assert_int_equal(rami_game_new(&rs, tu_xorshift(&r), &g), RAMI_OK);
        for (unsigned step = 0; step < 300 && rami_game_phase(g) <= RAMI_PHASE_PLAY; step++) {
            all_candidates(g, &cand);
            for (size_t i = 0; i < cand.n; i++) {
                naive n = {&g->rs, 20000, false};
                bool want = naive_legal(&n, &g->pos, &cand.m[i]);
                if (n.out_of_budget) {
                    skipped++;
                    continue;
                }
                verdict v;
                int st = rami__validate(&g->rs, &g->pos, g->pos.current, &cand.m[i], &v, NULL, 0);
                if (rami__judge_candidate(&g->rs, &g->pos, &cand.m[i], &v) == RAMI_OK) {
                    /* The same move through a context, to count the search. */
                    finish_memo memo;
                    finish_ctx c;
                    rami__finish_begin(&c, &g->rs, &g->pos, &memo);
                    assert_int_equal(rami__finish_ok(&c, &v), st == RAMI_OK);
                    searched_most = c.searched > searched_most ? c.searched : searched_most;
                    searched_sum += c.searched;
                    searches += c.searched > 0;
                    rami__finish_end(&c);
                }
                if ((st == RAMI_OK) != want) {
                    char text[96];
                    rami_move_format(&cand.m[i], text, sizeof text);
                    fail_msg("game %u step %u: \"%s\" engine %d, definition %s", game, step, text,
                             st, want ? "legal" : "illegal");
                }
                compared++;
                refused += !want;
                dead += !want && rami__judge_candidate(&g->rs, &g->pos, &cand.m[i], &v) == RAMI_OK;
            }
            static rami_move list[RAMI_MAX_MOVES];
            size_t n;
            assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n), RAMI_OK);
            assert_true(n > 0);
            size_t pick = tu_below(&r, (unsigned)n);
            for (size_t i = 0; i < n && tu_below(&r, 3); i++)
                if (list[(pick + i) % n].kind != RAMI_MOVE_DISCARD) {
                    pick = (pick + i) % n;
                    break;
                }
            assert_int_equal(rami_game_play(g, g->pos.current, &list[pick]), RAMI_OK);
        }
        rami_game_free(g);
    }
    printf("search vs definition: %lu moves compared (%lu illegal, %lu of them by look-ahead), "
           "%lu skipped (budget); full search for %lu moves, %lu positions in all, at most %lu "
           "for one move\n",
           compared, refused, dead, skipped, searches, searched_sum, searched_most);
    assert_true(compared > 50000 && dead > 1000);
}

/* Before the opening, the move list judges candidate melds against one
 * analysis of the hand (finish.c, opening_shortcut: the melds of the
 * relaxed opening search as a witness, the relaxed search after the meld)
 * instead of a turn-completion search each. Over random play of full-size
 * rulesets that favours melds (so that openings are built over several
 * melds), every candidate play of a seat that has not opened is judged
 * both ways, through one context as the list does and by rami__validate
 * (whose reasons need the search: no shortcut), and the list itself must
 * hold exactly the legal candidates. */
static void opening_shortcut_agrees_with_the_search(void **state)
{
    (void)state;
    uint64_t r = 0x0BE115ull;
    static struct candidates cand;
    static rami_move list[RAMI_MAX_MOVES];
    unsigned long positions = 0, judged = 0, legal = 0, by_shortcut[2] = {0, 0}, by_naturals = 0;
    unsigned games = tu_small_scale() ? 400 : 2000; /* fewer under memcheck */
    for (unsigned game = 0; game < games; game++) {
        rami_ruleset rs;
        assert_true(tu_sweep_rules(game, &r, &rs));
        static const uint16_t opening[] = {0, 12, 24, 30, 40, 51, 70};
        if (game % 5 == 0)
            rs.opening_points = opening[tu_below(&r, 7)];
        if (game % 4 == 1) { /* openings that leave few cards, if any */
            rs.hand_size = (uint8_t)(5 + tu_below(&r, 8));
            rs.opening_points = opening[tu_below(&r, 4)];
        }
        rs.jokers_per_meld = (uint8_t)(1 + tu_below(&r, 2));
        if (rami_ruleset_check(&rs, NULL, 0) != RAMI_OK)
            continue;
        rami_game *g = NULL;
        assert_int_equal(rami_game_new(&rs, tu_xorshift(&r), &g), RAMI_OK);
        for (unsigned step = 0; step < 200 && rami_game_phase(g) <= RAMI_PHASE_PLAY; step++) {
            size_t n;
            assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n), RAMI_OK);
            assert_true(n > 0);
            if (g->pos.phase == RAMI_PHASE_PLAY && !is_opened(&g->pos)) {
                all_candidates(g, &cand);
                finish_memo memo;
                finish_ctx c;
                rami__finish_begin(&c, &g->rs, &g->pos, &memo);
                assert_int_equal(rami__finish_opening(&c), rami__opening_possible(&g->rs, &g->pos));
                size_t want = 0;
                for (size_t i = 0; i < cand.n; i++) {
                    verdict v, w;
                    bool plain = rami__validate(&g->rs, &g->pos, g->pos.current, &cand.m[i], &v,
                                                NULL, 0) == RAMI_OK;
                    bool shared = rami__candidate_legal(&c, &cand.m[i], &w);
                    if (plain != shared) {
                        char text[96];
                        rami_move_format(&cand.m[i], text, sizeof text);
                        fail_msg("game %u step %u: \"%s\" search %d, shared analysis %d", game,
                                 step, text, plain, shared);
                    }
                    want += plain;
                    judged++;
                }
                assert_int_equal(n, want);
                by_shortcut[0] += c.shortcut[0];
                by_shortcut[1] += c.shortcut[1];
                by_naturals += c.witness.state == 1 ? c.witness.by_naturals : 0;
                rami__finish_end(&c);
                positions++;
                legal += want;
            }
            size_t pick = tu_pick_leaning_to_melds(&r, list, n, 4);
            assert_int_equal(rami_game_play(g, g->pos.current, &list[pick]), RAMI_OK);
        }
        rami_game_free(g);
    }
    printf("opening shortcut vs search: %lu positions before the opening, %lu moves judged "
           "(%lu legal); the shortcut refused %lu melds (%lu by the naturals' bound) and "
           "accepted %lu\n",
           positions, judged, legal, by_shortcut[0], by_naturals, by_shortcut[1]);
    assert_true(by_shortcut[0] > games * 20 && by_shortcut[1] > games * 2);
    assert_true(by_naturals > games * 5);
}

struct held_melds {
    verdict v[FINISH_BATCH_MAX + 1];
    unsigned n;
    const rami_game *g;
};

static bool hold_meld(void *ctx, const rami_move *m)
{
    struct held_melds *h = ctx;
    if (h->n > FINISH_BATCH_MAX)
        return true;
    /* The list judges them without counting the cards again: the same. */
    verdict w;
    memset(&w, 0xA5, sizeof w);
    int st = rami__judge_candidate(&h->g->rs, &h->g->pos, m, &h->v[h->n]);
    assert_int_equal(m->kind, RAMI_MOVE_MELD);
    assert_int_equal(rami__judge_generated_meld(&h->g->rs, &h->g->pos, m, &w), st);
    if (st == RAMI_OK) {
        assert_memory_equal(&w, &h->v[h->n], sizeof w);
        h->n++;
    }
    return true;
}

/* Before the opening the move list decides its candidate melds in one
 * batch (finish.c, rami__opening_batch: every packing of the candidates'
 * cards). Each answer it gives (1 legal, 0 not) must be rami__validate's
 * over random play of the presets with random options, openings, hand
 * sizes, 1-4 jokers a meld and packs with 0-8 jokers, so that hands hold
 * 0-4 jokers; and it must give one for most candidates. */
static void opening_batch_agrees_with_the_search(void **state)
{
    (void)state;
    uint64_t r = 0xBA7C4ull;
    static struct held_melds held;
    static rami_move list[RAMI_MAX_MOVES];
    unsigned long positions = 0, answers[3] = {0, 0, 0}, joker_hands[5] = {0, 0, 0, 0, 0};
    unsigned long undecided = 0;
    unsigned games = tu_small_scale() ? 400 : 2000; /* fewer under memcheck */
    for (unsigned game = 0; game < games; game++) {
        rami_ruleset rs;
        assert_true(tu_sweep_rules(game, &r, &rs));
        static const uint16_t opening[] = {0, 12, 24, 30, 40, 51, 70};
        if (game % 5 == 0)
            rs.opening_points = opening[tu_below(&r, 7)];
        if (game % 4 == 1) { /* openings that leave few cards, if any */
            rs.hand_size = (uint8_t)(5 + tu_below(&r, 8));
            rs.opening_points = opening[tu_below(&r, 4)];
        }
        rs.jokers_per_meld = (uint8_t)(1 + tu_below(&r, game % 7 == 0 ? 4 : 2));
        if (game % 3 == 2)
            rs.jokers = (uint8_t)(2 * tu_below(&r, 5));
        if (rami_ruleset_check(&rs, NULL, 0) != RAMI_OK)
            continue;
        rami_game *g = NULL;
        assert_int_equal(rami_game_new(&rs, tu_xorshift(&r), &g), RAMI_OK);
        for (unsigned step = 0; step < 200 && rami_game_phase(g) <= RAMI_PHASE_PLAY; step++) {
            size_t n;
            assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n), RAMI_OK);
            assert_true(n > 0);
            if (g->pos.phase == RAMI_PHASE_PLAY && !is_opened(&g->pos) &&
                rami__opening_possible(&g->rs, &g->pos)) {
                held.n = 0;
                held.g = g;
                rami__gen_plays(&g->rs, &g->pos, RAMI_NO_CARD, hold_meld, &held);
                int8_t known[FINISH_BATCH_MAX + 1];
                finish_memo memo;
                finish_ctx c;
                rami__finish_begin(&c, &g->rs, &g->pos, &memo);
                rami__opening_batch(&c, held.v, held.n, known);
                rami__finish_end(&c);
                for (unsigned i = 0; i < held.n; i++) {
                    verdict v;
                    bool legal = rami__validate(&g->rs, &g->pos, g->pos.current, &held.v[i].move,
                                                &v, NULL, 0) == RAMI_OK;
                    if (known[i] >= 0 && known[i] != legal) {
                        char text[96];
                        rami_move_format(&held.v[i].move, text, sizeof text);
                        fail_msg("game %u step %u: \"%s\" search %d, batch %d", game, step, text,
                                 legal, known[i]);
                    }
                    const tmeld *t = &held.v[i].meld;
                    bool pure = t->kind == RAMI_MELD_RUN && t->jokers == 0;
                    bool alone = meld_opens(&g->rs, &g->pos, rami__meld_points(t), pure) ||
                                 t->count >= g->pos.hands[g->pos.current].size;
                    answers[known[i] + 1]++;
                    undecided += known[i] < 0 && !alone;
                }
                unsigned j = g->pos.hands[g->pos.current].jokers;
                joker_hands[j < 4 ? j : 4]++;
                positions++;
            }
            size_t pick = tu_pick_leaning_to_melds(&r, list, n, 4);
            assert_int_equal(rami_game_play(g, g->pos.current, &list[pick]), RAMI_OK);
        }
        rami_game_free(g);
    }
    printf("opening batch vs search: %lu positions before the opening where some opening is "
           "reachable (hands with 0-4+ jokers: %lu %lu %lu %lu %lu); the batch accepted %lu "
           "melds, refused %lu, left %lu to the search (%lu of them melds that do not open "
           "alone)\n",
           positions, joker_hands[0], joker_hands[1], joker_hands[2], joker_hands[3],
           joker_hands[4], answers[2], answers[1], answers[0], undecided);
    assert_true(answers[1] > games * 10 && answers[2] > games * 5);
    assert_true(undecided * 20 < answers[1] + answers[2]);
    assert_true(joker_hands[2] > games / 4 && joker_hands[3] > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(twelve_forced_lay_offs),
        cmocka_unit_test(too_little_room_is_refused),
        cmocka_unit_test(hard_positions_search_little),
        cmocka_unit_test(every_play_lowers_the_measure),
        cmocka_unit_test(search_agrees_with_the_definition),
        cmocka_unit_test(opening_shortcut_agrees_with_the_search),
        cmocka_unit_test(opening_batch_agrees_with_the_search),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
