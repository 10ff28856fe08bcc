/* The state as one seat may know it, as JSON (doc/record-format.md, "Views").
 * A seat sees its own hand, every count, the table, the discard pile and
 * the moves of the round (all of them were made in the open: a draw from
 * the stock shows no card). It never sees another hand or the stock order;
 * RAMI_VIEWER_ALL (-1) sees everything, RAMI_VIEWER_PUBLIC (-2) no hand.
 * Every string written is plain ASCII from the tables below or a card, so
 * nothing needs escaping. */
#include <string.h>

#include "textbuf.h"

#define VIEW_VERSION 1

static const char *const phase_names[] = {"draw", "play", "round_over", "match_over"};
static const char *const reason_names[] = {"none", "went_out", "stock_out", "turn_limit"};
static const char *const kind_names[] = {"none", "set", "run"};

/* Index = bit number of RAMI_OPT_*. */
static const char *const option_names[] = {
    "layoff_others", "go_out_by_meld", "keep_pickup",  "pickup_must_meld", "joker_swap",
    "joker_replay",  "open_pure_run",  "joker_choice", "open_turn_layoff", "no_joker_discard",
    "no_joker_out",  "one_go_double",  "elimination",  "low_hand_zero",    "set_swap_any",
};

#define OPTION_COUNT (sizeof option_names / sizeof option_names[0])
_Static_assert(RAMI_OPT_ALL == (1u << OPTION_COUNT) - 1u, "a name for every option bit");

static const char *name_of(const char *const *names, size_t n, unsigned i)
{
    return i < n ? names[i] : "unknown";
}

/* ---- pieces ---- */

/* ,"k": — every key but an object's first (k a string literal). */
#define KEY(t, k) tb_lit(t, ",\"" k "\":")

/* ,"k":v */
#define FIELD(t, k, v) (KEY(t, k), tb_uint(t, v))

/* "s" (a name from the tables above: nothing to escape) */
static void json_name(textbuf *t, const char *s)
{
    tb_put(t, "\"", 1);
    tb_str(t, s);
    tb_put(t, "\"", 1);
}

static void json_card(textbuf *t, rami_card c)
{
    tb_put(t, "\"", 1);
    tb_card(t, c);
    tb_put(t, "\"", 1);
}

static void json_card_or_null(textbuf *t, rami_card c)
{
    if (c == RAMI_NO_CARD)
        tb_str(t, "null");
    else
        json_card(t, c);
}

static void json_cards(textbuf *t, const rami_card *cards, size_t n)
{
    tb_put(t, "[", 1);
    for (size_t i = 0; i < n; i++) {
        if (i > 0)
            tb_put(t, ",", 1);
        json_card(t, cards[i]);
    }
    tb_put(t, "]", 1);
}

static void json_bool(textbuf *t, bool b)
{
    tb_str(t, b ? "true" : "false");
}

/* Seats of a bit mask as a list. */
static void json_seats(textbuf *t, unsigned mask, unsigned players)
{
    tb_put(t, "[", 1);
    bool first = true;
    for (unsigned p = 0; p < players; p++) {
        if (!(mask >> p & 1u))
            continue;
        if (!first)
            tb_put(t, ",", 1);
        tb_uint(t, p);
        first = false;
    }
    tb_put(t, "]", 1);
}

static void json_hand(textbuf *t, const rami_game *g, unsigned p)
{
    rami_card cards[RAMI_MAX_HAND];
    size_t n = 0;
    if (rami_game_hand(g, (int)p, cards, RAMI_MAX_HAND, &n) != RAMI_OK) {
        tb_fail(t, RAMI_E_INTERNAL); /* never: a hand holds at most RAMI_MAX_HAND cards */
        return;
    }
    json_cards(t, cards, n);
}

/* ---- sections ---- */

static void write_ruleset(textbuf *t, const rami_ruleset *rs)
{
    tb_str(t, "{\"players\":");
    tb_uint(t, rs->players);
    FIELD(t, "decks", rs->decks);
    FIELD(t, "jokers", rs->jokers);
    FIELD(t, "hand_size", rs->hand_size);
    FIELD(t, "opening_points", rs->opening_points);
    FIELD(t, "jokers_per_meld", rs->jokers_per_meld);
    FIELD(t, "max_restocks", rs->max_restocks);
    FIELD(t, "max_turns", rs->max_turns);
    FIELD(t, "joker_penalty", rs->joker_penalty);
    FIELD(t, "ace_penalty", rs->ace_penalty);
    KEY(t, "options");
    tb_put(t, "[", 1);
    bool first = true;
    for (unsigned b = 0; b < OPTION_COUNT; b++) {
        if (!(rs->options >> b & 1u))
            continue;
        if (!first)
            tb_put(t, ",", 1);
        json_name(t, option_names[b]);
        first = false;
    }
    tb_put(t, "]", 1);
    FIELD(t, "options_bits", rs->options);
    FIELD(t, "match_rounds", rs->match_rounds);
    FIELD(t, "match_target", rs->match_target);
    FIELD(t, "unopened_penalty", rs->unopened_penalty);
    tb_put(t, "}", 1);
}

static void write_seats(textbuf *t, const rami_game *g)
{
    KEY(t, "seats");
    tb_put(t, "[", 1);
    for (unsigned p = 0; p < g->rs.players; p++) {
        tb_str(t, p ? ",{\"seat\":" : "{\"seat\":");
        tb_uint(t, p);
        KEY(t, "opened");
        json_bool(t, g->pos.ts.opened >> p & 1u);
        FIELD(t, "hand_count", g->pos.hands[p].size);
        KEY(t, "total");
        tb_int(t, g->pos.totals[p]);
        KEY(t, "eliminated");
        json_bool(t, !seat_active(&g->pos, p));
        tb_put(t, "}", 1);
    }
    tb_put(t, "]", 1);
}

static void write_hands(textbuf *t, const rami_game *g, int viewer)
{
    if (viewer == RAMI_VIEWER_PUBLIC)
        return; /* the seats' hand counts say all that is public */
    if (viewer >= 0) {
        KEY(t, "hand");
        json_hand(t, g, (unsigned)viewer);
        return;
    }
    KEY(t, "hands");
    tb_put(t, "[", 1);
    for (unsigned p = 0; p < g->rs.players; p++) {
        if (p > 0)
            tb_put(t, ",", 1);
        json_hand(t, g, p);
    }
    tb_put(t, "]", 1);
}

static void write_melds(textbuf *t, const rami_game *g)
{
    KEY(t, "melds");
    tb_put(t, "[", 1);
    for (unsigned i = 0; i < g->pos.meld_count; i++) {
        const tmeld *m = &g->pos.melds[i];
        rami_meld_info info;
        rami__meld_info(m, &info);
        tb_str(t, i ? ",{\"index\":" : "{\"index\":");
        tb_uint(t, i);
        FIELD(t, "owner", m->owner);
        KEY(t, "kind");
        json_name(t, name_of(kind_names, 3, info.kind));
        KEY(t, "cards");
        json_cards(t, info.cards, info.count);
        FIELD(t, "points", info.points);
        KEY(t, "joker_as");
        json_card_or_null(t, info.joker_as);
        tb_put(t, "}", 1);
    }
    tb_put(t, "]", 1);
}

static void write_piles(textbuf *t, const rami_game *g, int viewer)
{
    rami_card discard[RAMI_MAX_PACK];
    discard_copy(&g->pos, discard);
    KEY(t, "discard");
    json_cards(t, discard, g->pos.discard_count);
    FIELD(t, "stock_count", g->pos.stock_count);
    if (viewer == RAMI_VIEWER_ALL) {
        KEY(t, "stock");
        json_cards(t, stock_cards(&g->pos), g->pos.stock_count);
    }
    KEY(t, "picked");
    json_card_or_null(t, rami_game_picked(g));
}

/* The round's moves with the seat that made each; a take names its card. */
static void write_moves(textbuf *t, const rami_game *g)
{
    KEY(t, "moves");
    tb_put(t, "[", 1);
    log_iter it;
    log_entry e;
    rami__log_begin(g, &it);
    for (bool first = true; rami__log_next(&it, &e); first = false) {
        rami_move m = rami__log_move(&e);
        tb_str(t, first ? "{\"seat\":" : ",{\"seat\":");
        tb_uint(t, e.seat);
        KEY(t, "move");
        tb_put(t, "\"", 1);
        if (!rami__tb_move(t, &m)) {
            tb_fail(t, RAMI_E_INTERNAL); /* never: the log holds validated moves */
            return;
        }
        tb_put(t, "\"", 1);
        if (e.kind == RAMI_MOVE_DRAW_DISCARD) {
            tb_str(t, ",\"card\":");
            json_card(t, e.cards[0]);
        }
        tb_put(t, "}", 1);
    }
    tb_put(t, "]", 1);
}

/* The result's number for each seat: its hand's value or its points. */
static void json_per_seat(textbuf *t, const rami_round_result *r, bool points, unsigned players)
{
    tb_put(t, "[", 1);
    for (unsigned p = 0; p < players; p++) {
        if (p > 0)
            tb_put(t, ",", 1);
        tb_int(t, points ? r->points[p] : r->hand_value[p]);
    }
    tb_put(t, "]", 1);
}

static void write_result(textbuf *t, const rami_game *g)
{
    rami_round_result r;
    KEY(t, "result");
    if (rami_game_round_result(g, &r) != RAMI_OK) {
        tb_str(t, "null");
    } else {
        tb_str(t, "{\"reason\":");
        json_name(t, name_of(reason_names, 4, r.reason));
        KEY(t, "winners");
        json_seats(t, r.winners, g->rs.players);
        KEY(t, "hand_value");
        json_per_seat(t, &r, false, g->rs.players);
        KEY(t, "points");
        json_per_seat(t, &r, true, g->rs.players);
        tb_put(t, "}", 1);
    }
    KEY(t, "match_winners");
    int w = rami_game_match_winners(g);
    if (w < 0)
        tb_str(t, "null");
    else
        json_seats(t, (unsigned)w, g->rs.players);
}

static void write_view(textbuf *t, const rami_game *g, int viewer)
{
    tb_str(t, "{\"version\":");
    tb_uint(t, VIEW_VERSION);
    KEY(t, "viewer");
    tb_int(t, viewer);
    KEY(t, "ruleset");
    write_ruleset(t, &g->rs);
    FIELD(t, "round", g->pos.round);
    FIELD(t, "turn", g->pos.turn);
    FIELD(t, "dealer", g->pos.dealer);
    FIELD(t, "current", g->pos.current);
    KEY(t, "phase");
    json_name(t, name_of(phase_names, 4, g->pos.phase));
    FIELD(t, "restocks", g->pos.restocks);
    write_seats(t, g);
    write_hands(t, g, viewer);
    write_melds(t, g);
    write_piles(t, g, viewer);
    write_moves(t, g);
    write_result(t, g);
    tb_str(t, "}\n");
}

int rami_game_view_json(const rami_game *g, int viewer, char *buf, size_t cap, size_t *len)
{
    if (g == NULL || len == NULL || (buf == NULL && cap > 0) || viewer < RAMI_VIEWER_PUBLIC ||
        viewer >= g->rs.players)
        return RAMI_E_ARG;
    return tb_output(write_view, g, viewer, buf, cap, len);
}
