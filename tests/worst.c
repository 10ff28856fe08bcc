/* Bounded work (rami.h, "Cost"): the worst positions we could construct,
 * driven through every public function that is not a bot's, with the work
 * of each call counted (this test builds lib/ with RAMI_COUNT_WORK: one
 * unit per hand-solver node and per candidate play generated) and compared
 * with the bound rami.h documents for it. Timing is never asserted; the
 * figures are printed.
 *
 * The positions are at the limits of rami_ruleset_check: 3 decks, 12
 * jokers, hands of RAMI_MAX_HAND_SIZE (15) dealt, 17 held after a given
 * deal's extra card and the draw, up to 4 jokers a meld. The hands were
 * found by hill climbing on the counted work (mutating one or two cards
 * of random hands, keeping the costlier): the solver's worst 17-card hands
 * for each jokers_per_meld, the move list's worst unopened positions (the
 * opening set to what the hand can reach or a little less, so that nearly
 * every candidate meld needs a full search of the rest; with
 * OPEN_TURN_LAYOFF the turn-completion search also tries the lay-offs the
 * opening would allow), and the longest forced chain of the
 * turn-completion search (twelve jokers to lay off). */
#include "scenario.h"

/* The bounds of rami.h. */
#define BOUND_SEARCH 4000000u /* a move list, a check or a play */
#define BOUND_SOLVE  400000u  /* rami_solve_hand on a hand of a valid ruleset */
#define BOUND_NONE   0u       /* no search at all */

/* ---- counting ---- */

typedef struct tally {
    const char *name;
    uint64_t bound, worst, calls;
} tally;

static tally tallies[96];
static size_t ntallies;

static tally *tally_of(const char *name, uint64_t bound)
{
    for (size_t i = 0; i < ntallies; i++)
        if (strcmp(tallies[i].name, name) == 0)
            return &tallies[i];
    assert_true(ntallies < sizeof tallies / sizeof tallies[0]);
    tallies[ntallies] = (tally){name, bound, 0, 0};
    return &tallies[ntallies++];
}

/* Runs expr with the counter at zero and records its work under the name
 * of the public function it calls. */
#define WORK(fn, bound, expr)                                                                      \
    do {                                                                                           \
        tally *t_ = tally_of(#fn, (bound));                                                        \
        rami__work = 0;                                                                            \
        (void)(expr);                                                                              \
        t_->calls++;                                                                               \
        if (rami__work > t_->worst)                                                                \
            t_->worst = rami__work;                                                                \
    } while (0)

/* ---- positions ---- */

static rami_ruleset limits(unsigned jpm, uint16_t opening, uint32_t options)
{
    rami_ruleset rs = sc_rules(RAMI_PRESET_51, 2);
    rs.decks = 3;
    rs.jokers = 12;
    rs.hand_size = RAMI_MAX_HAND_SIZE;
    rs.jokers_per_meld = (uint8_t)jpm;
    rs.opening_points = opening;
    rs.options = options;
    assert_int_equal(rami_ruleset_check(&rs, NULL, 0), RAMI_OK);
    return rs;
}

/* Seat 0 holds `hand` (17 cards) in its play phase: 16 dealt, the last
 * card drawn from the stock. */
static rami_game *holding(const rami_ruleset *rs, const char *text)
{
    rami_card cards[RAMI_MAX_HAND];
    size_t n = sc_cards(text, cards, RAMI_MAX_HAND);
    assert_int_equal(n, RAMI_MAX_HAND_SIZE + 2);
    rami_deal d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.dealer = 1;
    memcpy(d.hands[0], cards, n - 1);
    d.hand_count[0] = (uint8_t)(n - 1);
    d.hands[1][0] = sc_card("KS");
    d.hand_count[1] = 1;
    d.stock[0] = sc_card("KH");
    d.stock[1] = cards[n - 1];
    d.stock_count = 2;
    d.discard[0] = sc_card("QS");
    d.discard_count = 1;
    rami_game *g = NULL;
    int st;
    WORK(rami_game_new_deal, BOUND_NONE, st = rami_game_new_deal(rs, &d, 7, &g));
    assert_int_equal(st, RAMI_OK);
    play(g, "draw");
    return g;
}

/* The most the hand can lay, as the opening requirement. */
static uint16_t reachable(const rami_ruleset *rs, const char *text)
{
    rami_card cards[RAMI_MAX_HAND];
    size_t n = sc_cards(text, cards, RAMI_MAX_HAND);
    rami_solution sol;
    assert_int_equal(rami_solve_hand(rs, cards, n, RAMI_SOLVE_MAX_POINTS, &sol), RAMI_OK);
    return sol.points;
}

/* ---- every function on one position ---- */

static void read_everything(const rami_game *g)
{
    const int players = 2;
    rami_card cards[RAMI_MAX_PACK];
    size_t n;
    char *text = malloc(1 << 17);
    assert_non_null(text);
    WORK(rami_game_phase, BOUND_NONE, rami_game_phase(g));
    WORK(rami_game_current_player, BOUND_NONE, rami_game_current_player(g));
    WORK(rami_game_dealer, BOUND_NONE, rami_game_dealer(g));
    WORK(rami_game_round, BOUND_NONE, rami_game_round(g));
    WORK(rami_game_turn, BOUND_NONE, rami_game_turn(g));
    WORK(rami_game_stock_count, BOUND_NONE, rami_game_stock_count(g));
    WORK(rami_game_discard_count, BOUND_NONE, rami_game_discard_count(g));
    WORK(rami_game_discard_top, BOUND_NONE, rami_game_discard_top(g));
    WORK(rami_game_meld_count, BOUND_NONE, rami_game_meld_count(g));
    WORK(rami_game_seed, BOUND_NONE, rami_game_seed(g));
    WORK(rami_game_picked, BOUND_NONE, rami_game_picked(g));
    WORK(rami_game_undo_count, BOUND_NONE, rami_game_undo_count(g));
    WORK(rami_game_match_winners, BOUND_NONE, rami_game_match_winners(g));
    WORK(rami_game_discard_pile, BOUND_NONE, rami_game_discard_pile(g, cards, RAMI_MAX_PACK, &n));
    for (int p = 0; p < players; p++) {
        WORK(rami_game_hand, BOUND_NONE, rami_game_hand(g, p, cards, RAMI_MAX_PACK, &n));
        WORK(rami_game_hand_count, BOUND_NONE, rami_game_hand_count(g, p));
        WORK(rami_game_has_opened, BOUND_NONE, rami_game_has_opened(g, p));
        WORK(rami_game_in_match, BOUND_NONE, rami_game_in_match(g, p));
    }
    for (size_t i = 0; i < rami_game_meld_count(g); i++) {
        rami_meld_info info;
        WORK(rami_game_meld, BOUND_NONE, rami_game_meld(g, i, NULL, &info));
    }
    rami_round_result rr;
    WORK(rami_game_round_result, BOUND_NONE, rami_game_round_result(g, &rr));
    int32_t totals[RAMI_MAX_PLAYERS];
    WORK(rami_game_scores, BOUND_NONE, rami_game_scores(g, totals, RAMI_MAX_PLAYERS));
    rami_ruleset rs;
    WORK(rami_game_ruleset_sized, BOUND_NONE, rami_game_ruleset_sized(g, &rs, sizeof rs));
    WORK(rami_game_ruleset, BOUND_NONE, (rami_game_ruleset)(g, &rs));
    rami_turn_info ti;
    WORK(rami_game_turn_info, BOUND_NONE, rami_game_turn_info(g, &ti, sizeof ti));
    static rami_event events[4096];
    for (int v = -1; v < players; v++) {
        WORK(rami_game_history, BOUND_NONE, rami_game_history(g, v, events, 4096, &n));
        WORK(rami_game_view_json, BOUND_NONE, rami_game_view_json(g, v, text, 1 << 17, &n));
    }
    double returns[RAMI_MAX_PLAYERS];
    WORK(rami_game_returns, BOUND_NONE, rami_game_returns(g, RAMI_RETURN_PENALTY, returns, 6));
    uint32_t osize = rami_observation_tensor_size(&rs),
             isize = rami_information_state_tensor_size(&rs);
    float *tensor = malloc((osize > isize ? osize : isize) * sizeof *tensor);
    assert_non_null(tensor);
    WORK(rami_observation_tensor_size, BOUND_NONE, rami_observation_tensor_size(&rs));
    WORK(rami_information_state_tensor_size, BOUND_NONE, rami_information_state_tensor_size(&rs));
    for (int v = 0; v < players; v++) {
        WORK(rami_game_observation_tensor, BOUND_NONE,
             rami_game_observation_tensor(g, v, tensor, osize));
        WORK(rami_game_information_state_tensor, BOUND_NONE,
             rami_game_information_state_tensor(g, v, tensor, isize));
    }
    free(tensor);
    /* Save, then load: the load replays (and so re-checks) every move. */
    size_t len = 0;
    WORK(rami_game_save, BOUND_NONE, rami_game_save(g, text, 1 << 17, &len));
    rami_game *loaded = NULL;
    unsigned moves = 0;
    for (const char *c = strstr(text, "\nround "); c != NULL && (c = strchr(c + 1, '\n'));)
        moves++;
    WORK(rami_game_load, (uint64_t)moves * BOUND_SEARCH, rami_game_load(text, len, &loaded));
    assert_non_null(loaded);
    assert_true(rami__game_equal(g, loaded));
    rami_game *copy = NULL;
    WORK(rami_game_clone, BOUND_NONE, rami_game_clone(g, &copy));
    WORK(rami_game_free, BOUND_NONE, (rami_game_free(copy), 0));
    rami_game_free(loaded);
    free(text);
}

/* The move search: the list, a check and a play of every listed move (on a
 * copy), the same through integer actions, and some refused moves. */
static void search_everything(rami_game *g)
{
    static rami_move list[1 << 14];
    static rami_action ids[1 << 14];
    static uint8_t mask[1 << 17];
    size_t n = 0, k;
    WORK(rami_game_legal_moves, BOUND_SEARCH, rami_game_legal_moves(g, list, 1 << 14, &n));
    assert_true(n > 0 && n < (1 << 14));
    WORK(rami_game_legal_actions, BOUND_SEARCH, rami_game_legal_actions(g, ids, 1 << 14, &k));
    WORK(rami_game_legal_actions_mask, BOUND_SEARCH,
         rami_game_legal_actions_mask(g, mask, 1 << 17, &k));
    rami_ruleset rs;
    assert_int_equal(rami_game_ruleset(g, &rs), RAMI_OK);
    int seat = rami_game_current_player(g);
    /* Under valgrind (RAMI_TEST_SCALE=small) a sample of the moves. */
    size_t stride = getenv("RAMI_TEST_SCALE") != NULL ? 7 : 1;
    for (size_t i = 0; i < n; i += stride) {
        char why[SC_WHY];
        int st;
        WORK(rami_game_check, BOUND_SEARCH,
             st = rami_game_check(g, seat, &list[i], why, sizeof why));
        assert_int_equal(st, RAMI_OK);
        rami_refusal refused;
        WORK(rami_game_check_ex, BOUND_SEARCH,
             st = rami_game_check_ex(g, seat, &list[i], &refused, sizeof refused, why, sizeof why));
        assert_int_equal(st, RAMI_OK);
        rami_game *c = sc_clone(g);
        WORK(rami_game_play, BOUND_SEARCH, st = rami_game_play(c, seat, &list[i]));
        assert_int_equal(st, RAMI_OK);
        if (rami_game_undo_count(c) > 0)
            WORK(rami_game_undo, BOUND_NONE, rami_game_undo(c, seat));
        rami_game_free(c);
        rami_action a;
        WORK(rami_move_to_action, BOUND_NONE, rami_move_to_action(&rs, &list[i], &a));
        rami_move back;
        WORK(rami_action_to_move, BOUND_NONE, rami_action_to_move(&rs, a, &back));
        c = sc_clone(g);
        WORK(rami_game_play_action, BOUND_SEARCH, st = rami_game_play_action(c, seat, a));
        assert_int_equal(st, RAMI_OK);
        rami_game_free(c);
    }
    /* Refused: every meld of three cards from the hand that is not listed
     * costs a check too (the search runs before the refusal). */
    rami_card held[RAMI_MAX_HAND];
    size_t h = 0;
    assert_int_equal(rami_game_hand(g, seat, held, RAMI_MAX_HAND, &h), RAMI_OK);
    for (size_t a = 0; a < h; a++)
        for (size_t b = a + 1; b < h; b++)
            for (size_t c = b + 1; c < h; c += 3 * stride) {
                rami_move m = {RAMI_MOVE_MELD, 3, 0, 0, {held[a], held[b], held[c]}};
                char why[SC_WHY];
                WORK(rami_game_check, BOUND_SEARCH, rami_game_check(g, seat, &m, why, sizeof why));
                rami_refusal refused;
                WORK(rami_game_check_ex, BOUND_SEARCH,
                     rami_game_check_ex(g, seat, &m, &refused, sizeof refused, NULL, 0));
            }
    WORK(rami_num_distinct_actions, BOUND_NONE, rami_num_distinct_actions(&rs));
    WORK(rami_max_game_length, BOUND_NONE, rami_max_game_length(&rs));
    WORK(rami_ruleset_check, BOUND_NONE, rami_ruleset_check(&rs, NULL, 0));
}

/* ---- the positions ---- */

/* The move list's worst unopened position found (jokers_per_meld 4): the
 * opening is exactly what the hand can reach. */
#define UNOPENED_4  "AH 4H 5H 6H 7H 8H 9H 10H JH QH KH 9S JK JK JK JK JK"
#define UNOPENED_4B "3C 4C 5C 5C 6C 6C 7C 7C 8C 9C 10C JK JK JK JK JK JK"
#define UNOPENED_4C "2C 4C 5C 6C 7C 8C 9C AH 2H 3H 4H JK JK JK JK JK JK"
/* ... and with OPEN_TURN_LAYOFF, where lay-offs after the opening count. */
#define UNOPENED_4D "AS 4S 5S 6S 7S 8S 9S 10S 10S JS QS KS JK JK JK JK JK"
#define UNOPENED_4E "6C 6C 7C 8C 6D 6H 7H 8H 9H 10H 6S JK JK JK JK JK JK"
/* The same search for 1 and 2 jokers a meld. */
#define UNOPENED_2 "4C 5C QC 4D 5D QD QH AS 2S 3S 4S 5S JK JK JK JK JK"
#define UNOPENED_1 "2H 3H 4H 4H 5H 6H AS 2S 3S 4S 5S 6S JK JK JK 7C 7D"

static void unopened(void **state)
{
    (void)state;
    static const struct {
        unsigned jpm;
        const char *hand;
        int less;         /* opening below the reachable maximum */
        uint32_t options; /* beyond KEEP_PICKUP and JOKER_SWAP */
    } cases[] = {
        {4, UNOPENED_4, 0, 0},
        {4, UNOPENED_4, 10, 0},
        {4, UNOPENED_4B, 0, 0},
        {4, UNOPENED_4C, 0, 0},
        {4, UNOPENED_4B, 0, RAMI_OPT_OPEN_TURN_LAYOFF | RAMI_OPT_LAYOFF_OTHERS},
        {4, UNOPENED_4B, 5, RAMI_OPT_OPEN_TURN_LAYOFF | RAMI_OPT_LAYOFF_OTHERS},
        {4, UNOPENED_4D, 8, RAMI_OPT_OPEN_TURN_LAYOFF | RAMI_OPT_LAYOFF_OTHERS},
        {4, UNOPENED_4E, 6, RAMI_OPT_OPEN_TURN_LAYOFF | RAMI_OPT_LAYOFF_OTHERS},
        {4, UNOPENED_4, 0, RAMI_OPT_JOKER_CHOICE | RAMI_OPT_OPEN_PURE_RUN},
        {2, UNOPENED_2, 0, 0},
        {1, UNOPENED_1, 0, RAMI_OPT_PICKUP_MUST_MELD},
        {4, UNOPENED_2, 30, RAMI_OPT_JOKER_CHOICE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rami_ruleset rs =
            limits(cases[i].jpm, 0, RAMI_OPT_KEEP_PICKUP | RAMI_OPT_JOKER_SWAP | cases[i].options);
        rs.opening_points = (uint16_t)(reachable(&rs, cases[i].hand) - cases[i].less);
        rami_game *g = holding(&rs, cases[i].hand);
        search_everything(g);
        read_everything(g);
        rami_game_free(g);
    }
}

/* Twelve jokers in an opened hand, none of which may be discarded after
 * the take: the turn-completion search must lay all twelve (tests/finish.c). */
#define JOKERS11 "JK JK JK JK JK JK JK JK JK JK JK"

static void forced_chain(void **state)
{
    (void)state;
    for (int runs = 0; runs <= 2; runs++) {
        rami_ruleset rs = limits(4, 0,
                                 RAMI_OPT_KEEP_PICKUP | RAMI_OPT_LAYOFF_OTHERS |
                                     RAMI_OPT_GO_OUT_BY_MELD | RAMI_OPT_JOKER_CHOICE);
        rami_game *g =
            deal_from(&rs, 1, "3S 4S 5S " JOKERS11, "3H 4H 5H 3D 4D 5D JK 2C 7C", "KC 9C QD", "8H");
        play(g, "draw");
        play(g, "meld 3S 4S 5S");
        play(g, "discard KC");
        play(g, "draw");
        static const char *const melds[] = {"meld 3H 4H 5H", "meld 3D 4D 5D"};
        for (int i = 0; i < runs; i++)
            play(g, melds[i]);
        play(g, "discard JK");
        search_everything(g); /* the draw: a take that may be refused after a long search */
        read_everything(g);
        if (runs == 2) {
            play(g, "take");
            search_everything(g); /* twelve jokers to place */
            read_everything(g);
            for (int i = 0; i < 12; i++) {
                char move[32];
                snprintf(move, sizeof move, "lay JK on %d", 1 + i % 3);
                play(g, move);
            }
            read_everything(g); /* the round is over */
            WORK(rami_game_next_round, BOUND_NONE, rami_game_next_round(g));
            read_everything(g);
        }
        rami_game_free(g);
    }
}

/* The solver's worst 17-card hands, and hands beyond a ruleset's that give
 * RAMI_E_LIMIT within the node budget. */
static void solver(void **state)
{
    (void)state;
    static const struct {
        unsigned jpm;
        const char *hand;
    } hands[] = {
        {4, "3S 4S 5S 5S 6S 6S 7S 7S 8S 8S 9S JK JK JK JK JK JK"},
        {4, "3C 4C 5C 6C 7C 8C 9C 10C JC QC JS JS JK JK JK JK JK"},
        {4, "2D 3D 4D 4D 5D 6D 7D AH 2H 3H 4H JK JK JK JK JK JK"},
        {2, "3C 3D 3D 4D 5D 2H 3H 3H 4H 5H 6H 3S JK JK JK JK JK"},
        {1, "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S 3S 4S JK JK"},
    };
    for (size_t i = 0; i < 2 * sizeof hands / sizeof hands[0]; i++) {
        size_t h = i / 2;
        rami_ruleset rs = limits(hands[h].jpm, 0, i % 2 ? RAMI_OPT_JOKER_CHOICE : 0);
        rami_card cards[RAMI_MAX_HAND];
        size_t n = sc_cards(hands[h].hand, cards, RAMI_MAX_HAND);
        assert_int_equal(n, RAMI_MAX_HAND_SIZE + 2);
        for (int goal = 0; goal < 2; goal++) {
            rami_solution sol;
            int st;
            WORK(rami_solve_hand, BOUND_SOLVE, st = rami_solve_hand(&rs, cards, n, goal, &sol));
            assert_int_equal(st, RAMI_OK);
        }
    }
    /* 24 and 32 cards (more than a game's hand): the budget ends the search
     * (the 24 cards take about 4.9 million nodes, 2.4 times the budget). */
    static const char *const big[] = {
        "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S 3S 4S 5S 3C 3D 3H JK JK JK JK JK",
        "2C 3C 4C 5C 6C 2D 3D 4D 5D 6D 2H 3H 4H 5H 6H 2S 3S 4S 5S 6S 7S 7H 7D 7C "
        "JK JK JK JK JK JK JK JK",
    };
    for (size_t i = 0; i < 2; i++) {
        rami_ruleset rs = limits(2, 0, 0);
        rami_card cards[RAMI_MAX_HAND];
        size_t n = sc_cards(big[i], cards, RAMI_MAX_HAND);
        rami_solution sol, before;
        memset(&sol, 0x5A, sizeof sol);
        before = sol;
        int st;
        rami__work = 0;
        st = rami_solve_hand(&rs, cards, n, RAMI_SOLVE_MAX_POINTS, &sol);
        print_message("worst: %zu cards: %s after %llu nodes\n", n, rami_status_name(st),
                      (unsigned long long)rami__work);
        assert_int_equal(st, RAMI_E_LIMIT);
        assert_true(rami__work <= (uint64_t)RAMI_SOLVE_NODE_LIMIT + 1);
        assert_memory_equal(&sol, &before, sizeof sol);
    }
}

/* Everything else: no search (constant, or linear in its input). */
static void without_search(void **state)
{
    (void)state;
    rami_card c;
    char buf[128];
    size_t n;
    rami_ruleset rs;
    WORK(rami_strerror, BOUND_NONE, rami_strerror(RAMI_E_MELD));
    WORK(rami_status_name, BOUND_NONE, rami_status_name(RAMI_E_MELD));
    WORK(rami_version, BOUND_NONE, rami_version());
    WORK(rami_version_number, BOUND_NONE, rami_version_number());
    WORK(rami_card_make, BOUND_NONE, rami_card_make(7, 1));
    WORK(rami_card_rank, BOUND_NONE, rami_card_rank(0x17));
    WORK(rami_card_suit, BOUND_NONE, rami_card_suit(0x17));
    WORK(rami_card_parse, BOUND_NONE, rami_card_parse("10H", &c));
    WORK(rami_card_format, BOUND_NONE, rami_card_format(0x2A, buf, sizeof buf));
    rami_card many[RAMI_MAX_PACK];
    WORK(rami_cards_parse, BOUND_NONE, rami_cards_parse("7S 8S 9S JK", many, RAMI_MAX_PACK, &n));
    WORK(rami_ruleset_init_sized, BOUND_NONE,
         rami_ruleset_init_sized(&rs, sizeof rs, RAMI_PRESET_51, 2));
    WORK(rami_ruleset_init, BOUND_NONE, (rami_ruleset_init)(&rs, RAMI_PRESET_51, 2));
    rami_meld_info info;
    rami_card meld[RAMI_MAX_MELD];
    size_t k = sc_cards("JK JK JK JK 2S 3S 4S 5S 6S 7S 8S 9S 10S", meld, RAMI_MAX_MELD);
    rs = limits(4, 0, RAMI_OPT_JOKER_CHOICE);
    WORK(rami_meld_check, BOUND_NONE, rami_meld_check(&rs, meld, k, &info));
    rami_move m;
    WORK(rami_move_parse, BOUND_NONE, rami_move_parse("meld JK 7S 8S high", &m));
    WORK(rami_move_format, BOUND_NONE, rami_move_format(&m, buf, sizeof buf));
    rami_game *g = NULL;
    WORK(rami_game_new, BOUND_NONE, rami_game_new(&rs, 3, &g));
    rami_game_free(g);
}

static const char *header_path;

/* The bots' functions: their bounds are their own (tests/bot.c). */
static bool is_bots(const char *name)
{
    return strcmp(name, "rami_bot_choose") == 0 ||
           strncmp(name, "rami_bot_options_init", 21) == 0 ||
           strncmp(name, "rami_game_hint", 14) == 0 || strcmp(name, "rami_game_determinize") == 0;
}

/* Every function rami.h declares with RAMI_API, but the bots', was called. */
static void every_function_counted(void)
{
    FILE *f = fopen(header_path, "r");
    assert_non_null(f);
    char line[512];
    unsigned declared = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "RAMI_API ", 9) != 0)
            continue;
        char *paren = strchr(line, '(');
        assert_non_null(paren);
        char *end = paren;
        while (end > line && end[-1] == ' ')
            end--;
        char *start = end;
        while (start > line && (start[-1] == '_' || (start[-1] >= 'a' && start[-1] <= 'z') ||
                                (start[-1] >= '0' && start[-1] <= '9')))
            start--;
        char name[64];
        size_t len = (size_t)(end - start);
        assert_true(len > 0 && len < sizeof name);
        memcpy(name, start, len);
        name[len] = '\0';
        declared++;
        if (is_bots(name))
            continue;
        bool found = false;
        for (size_t i = 0; i < ntallies && !found; i++)
            found = strcmp(tallies[i].name, name) == 0;
        if (!found)
            fail_msg("%s (declared in rami.h) was not driven through the worst positions", name);
    }
    fclose(f);
    assert_true(declared > 60);
}

/* The tallies against the bounds of rami.h, and every public function
 * that is not a bot's was counted. */
static void bounds_hold(void **state)
{
    (void)state;
    every_function_counted();
    print_message("worst work per call (units: solver nodes + candidate plays)\n");
    for (size_t i = 0; i < ntallies; i++) {
        const tally *t = &tallies[i];
        print_message("  %-38s %9llu (bound %llu, %llu calls)\n", t->name,
                      (unsigned long long)t->worst, (unsigned long long)t->bound,
                      (unsigned long long)t->calls);
        if (t->worst > t->bound)
            fail_msg("%s: %llu work units, bound %llu", t->name, (unsigned long long)t->worst,
                     (unsigned long long)t->bound);
    }
    assert_true(tally_of("rami_game_legal_moves", 0)->worst > 10000); /* the positions are hard */
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test-worst include/rami.h\n");
        return 2;
    }
    header_path = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unopened),       cmocka_unit_test(forced_chain), cmocka_unit_test(solver),
        cmocka_unit_test(without_search), cmocka_unit_test(bounds_hold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
