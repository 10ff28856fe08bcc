/* Saved games: save -> load -> save over random games stopped at random
 * points (mid-turn, after undo, round over, after next_round, every preset,
 * 2-6 players, new_deal games), and damaged records that must be refused. */
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

static uint64_t rnd_state;

static uint64_t rnd(void)
{
    return tu_xorshift(&rnd_state);
}

static unsigned below(unsigned n)
{
    return tu_below(&rnd_state, n);
}

/* ---- random games ---- */

static void random_ruleset(rami_ruleset *rs, unsigned i)
{
    assert_int_equal(rami_ruleset_init(rs, (int)(i % 5), 2 + (i / 5) % 5), RAMI_OK);
    if (below(3) == 0)
        tu_random_options(rs, rnd());
    if (below(4) == 0)
        rs->max_turns = (uint16_t)(8 + below(40));
    if (below(8) == 0)
        rs->jokers_per_meld = 2;
    if (below(6) == 0)
        rs->match_rounds = (uint16_t)(1 + below(3));
    if (below(6) == 0)
        rs->match_target = (uint16_t)(20 + below(200));
}

/* A round-1 position from a shuffled pack: any dealer, hands of 1..hand_size+1
 * cards, a few discards, sometimes fewer cards than the pack. */
static void random_deal(const rami_ruleset *rs, rami_deal *d)
{
    rami_card pack[RAMI_MAX_PACK];
    unsigned n = tu_pack(rs, pack);
    for (unsigned i = n - 1; i > 0; i--) {
        unsigned j = below(i + 1);
        rami_card c = pack[i];
        pack[i] = pack[j];
        pack[j] = c;
    }
    if (below(3) == 0)
        n -= below(10);
    memset(d, 0, sizeof *d);
    d->struct_size = sizeof *d;
    d->dealer = (uint8_t)below(rs->players);
    for (unsigned p = 0; p < rs->players; p++) {
        unsigned h = below(4) == 0 ? 1 + below(rs->hand_size + 1u) : rs->hand_size;
        for (unsigned i = 0; i < h; i++)
            d->hands[p][i] = pack[--n];
        d->hand_count[p] = (uint8_t)h;
    }
    d->discard_count = (uint16_t)below(4);
    for (unsigned i = 0; i < d->discard_count; i++)
        d->discard[i] = pack[--n];
    d->stock_count = (uint16_t)n;
    memcpy(d->stock, pack, n);
}

static rami_game *random_game(unsigned i, bool *with_deal)
{
    rami_ruleset rs;
    random_ruleset(&rs, i);
    rami_game *g = NULL;
    *with_deal = below(3) == 0;
    if (*with_deal) {
        rami_deal d;
        random_deal(&rs, &d);
        assert_int_equal(rami_game_new_deal(&rs, &d, rnd(), &g), RAMI_OK);
    } else {
        assert_int_equal(rami_game_new(&rs, rnd(), &g), RAMI_OK);
    }
    return g;
}

/* A damaged copy of a record can be built from: a discard whose card the
 * player did not hold. */
struct bad_discard {
    unsigned line;  /* move number in the round (0-based), or UINT32_MAX */
    rami_card card; /* a face the player lacked at that move */
};

static rami_card missing_face(const hand *h)
{
    for (unsigned c = RAMI_CARD(1, 0);; c++)
        if (card_is_valid((rami_card)c) && hand_count(h, (rami_card)c) == 0)
            return (rami_card)c;
}

/* One random legal move; table plays are preferred a little so that rounds
 * reach their end. Takes back a table play now and then. */
static void random_step(rami_game *g, rami_move *list, unsigned *moves, struct bad_discard *bd)
{
    size_t n;
    assert_int_equal(rami_game_legal_moves(g, list, RAMI_MAX_MOVES, &n), RAMI_OK);
    assert_true(n > 0);
    size_t pick = below((unsigned)n);
    if (g->pos.phase == RAMI_PHASE_PLAY && below(2) == 0)
        for (size_t k = 0; k < n; k++)
            if (list[(pick + k) % n].kind != RAMI_MOVE_DISCARD) {
                pick = (pick + k) % n;
                break;
            }
    rami_move m = list[pick];
    if (m.kind == RAMI_MOVE_DISCARD && bd->line == UINT32_MAX && below(4) == 0) {
        bd->line = *moves;
        bd->card = missing_face(&g->pos.hands[g->pos.current]);
    }
    assert_int_equal(rami_game_play(g, g->pos.current, &m), RAMI_OK);
    ++*moves;
    bool table = m.kind == RAMI_MOVE_MELD || m.kind == RAMI_MOVE_LAYOFF || m.kind == RAMI_MOVE_SWAP;
    if (table && g->pos.phase == RAMI_PHASE_PLAY && below(5) == 0) {
        assert_int_equal(rami_game_undo(g, g->pos.current), RAMI_OK);
        --*moves;
    }
}

/* Plays to a random stopping point: some rounds finished and dealt anew,
 * then part of a round (possibly all of it). */
static void random_play(rami_game *g, rami_move *list, struct bad_discard *bd)
{
    unsigned rounds = below(4) == 0 ? 1 + below(3) : 0;
    unsigned moves = 0;
    bd->line = UINT32_MAX;
    for (unsigned r = 0; r < rounds && g->pos.phase < RAMI_PHASE_ROUND_OVER; r++) {
        while (g->pos.phase < RAMI_PHASE_ROUND_OVER)
            random_step(g, list, &moves, bd);
        if (g->pos.phase == RAMI_PHASE_ROUND_OVER)
            assert_int_equal(rami_game_next_round(g), RAMI_OK);
    }
    bd->line = UINT32_MAX;
    moves = 0;
    unsigned stop = below(3) == 0 ? UINT32_MAX : below(120);
    while (moves < stop && g->pos.phase < RAMI_PHASE_ROUND_OVER)
        random_step(g, list, &moves, bd);
    if (g->pos.phase == RAMI_PHASE_ROUND_OVER && below(3) == 0) {
        assert_int_equal(rami_game_next_round(g), RAMI_OK);
        bd->line = UINT32_MAX;
    }
}

/* ---- helpers ---- */

static char *save(const rami_game *g, size_t *len_out)
{
    size_t len = 0;
    assert_int_equal(rami_game_save(g, NULL, 0, &len), RAMI_E_BUFFER);
    char *text = malloc(len + 1);
    assert_non_null(text);
    size_t again = 0;
    assert_int_equal(rami_game_save(g, text, len + 1, &again), RAMI_OK);
    assert_int_equal(again, len);
    assert_int_equal(strlen(text), len);
    if (len_out != NULL)
        *len_out = len;
    return text;
}

static bool is_damage(int st)
{
    return st == RAMI_E_PARSE || st == RAMI_E_CORRUPT;
}

/* Loads text[0..len); a success must save back to what loads the same. */
static int try_load(const char *text, size_t len)
{
    rami_game *g = (rami_game *)(uintptr_t)1;
    int st = rami_game_load(text, len, &g);
    if (st != RAMI_OK) {
        assert_true(g == (rami_game *)(uintptr_t)1);
        return st;
    }
    size_t n;
    char *again = save(g, &n);
    rami_game *h;
    assert_int_equal(rami_game_load(again, n, &h), RAMI_OK);
    assert_true(rami__game_equal(g, h));
    rami_game_free(h);
    rami_game_free(g);
    free(again);
    return st;
}

static void assert_same_moves(const rami_game *a, const rami_game *b, rami_move *la, rami_move *lb)
{
    size_t na, nb;
    assert_int_equal(rami_game_legal_moves(a, la, RAMI_MAX_MOVES, &na), RAMI_OK);
    assert_int_equal(rami_game_legal_moves(b, lb, RAMI_MAX_MOVES, &nb), RAMI_OK);
    assert_int_equal(na, nb);
    assert_memory_equal(la, lb, na * sizeof *la);
}

/* ---- round trip ---- */

struct trip_stats {
    unsigned games, deal_games, mid_turn, round_over, match_over, later_round, undone, bytes;
};

static void round_trip_one(rami_game *g, rami_move *la, rami_move *lb, struct trip_stats *ts)
{
    size_t len;
    char *text = save(g, &len);
    /* Count-then-fill: a buffer one byte short is refused and left empty. */
    char small[8] = "xxxxxxx";
    size_t need = 0;
    assert_int_equal(rami_game_save(g, small, sizeof small, &need), RAMI_E_BUFFER);
    assert_int_equal(need, len);
    assert_int_equal(small[0], '\0');
    assert_int_equal(small[1], 'x');

    rami_game *h = NULL;
    int st = rami_game_load(text, len, &h);
    if (st != RAMI_OK)
        fail_msg("load refused its own record (%d):\n%s", st, text);
    assert_true(rami__game_equal(g, h));
    size_t len2;
    char *text2 = save(h, &len2);
    assert_int_equal(len2, len);
    assert_string_equal(text2, text);
    assert_same_moves(g, h, la, lb);

    /* The same future: a few identical moves keep the games identical. */
    for (int k = 0; k < 6 && g->pos.phase < RAMI_PHASE_ROUND_OVER; k++) {
        size_t n;
        assert_int_equal(rami_game_legal_moves(g, la, RAMI_MAX_MOVES, &n), RAMI_OK);
        rami_move m = la[below((unsigned)n)];
        assert_int_equal(rami_game_play(g, g->pos.current, &m), RAMI_OK);
        assert_int_equal(rami_game_play(h, h->pos.current, &m), RAMI_OK);
    }
    if (g->pos.phase == RAMI_PHASE_ROUND_OVER) {
        assert_int_equal(rami_game_next_round(g), RAMI_OK);
        assert_int_equal(rami_game_next_round(h), RAMI_OK);
    }
    assert_true(rami__game_equal(g, h));

    ts->bytes += (unsigned)len;
    rami_game_free(h);
    free(text);
    free(text2);
}

static void round_trip(void **state)
{
    (void)state;
    rami_move *la = malloc(RAMI_MAX_MOVES * sizeof *la);
    rami_move *lb = malloc(RAMI_MAX_MOVES * sizeof *lb);
    assert_non_null(la);
    assert_non_null(lb);
    struct trip_stats ts;
    memset(&ts, 0, sizeof ts);
    const char *env = getenv("RAMI_RECORD_GAMES");
    unsigned games = env ? (unsigned)atoi(env) : 2000;
    rnd_state = 0x243F6A8885A308D3ull;
    for (unsigned i = 0; i < games; i++) {
        bool with_deal;
        rami_game *g = random_game(i, &with_deal);
        struct bad_discard bd;
        random_play(g, la, &bd);
        ts.games++;
        ts.deal_games += with_deal;
        ts.mid_turn += g->pos.phase == RAMI_PHASE_PLAY;
        ts.round_over += g->pos.phase == RAMI_PHASE_ROUND_OVER;
        ts.match_over += g->pos.phase == RAMI_PHASE_MATCH_OVER;
        ts.later_round += g->pos.round > 1;
        ts.undone += g->undo_count > 0;
        round_trip_one(g, la, lb, &ts);
        rami_game_free(g);
    }
    printf("record: %u games (%u from a deal, %u mid-turn, %u round over, %u match over, "
           "%u in round > 1), %u bytes of records\n",
           ts.games, ts.deal_games, ts.mid_turn, ts.round_over, ts.match_over, ts.later_round,
           ts.bytes);
    assert_true(ts.deal_games > 0 && ts.mid_turn > 0 && ts.round_over > 0 && ts.match_over > 0 &&
                ts.later_round > 0);
    free(la);
    free(lb);
}

/* ---- damaged records ---- */

/* text with bytes [at, at+cut) replaced by ins. */
static char *splice(const char *text, size_t at, size_t cut, const char *ins, size_t *len)
{
    size_t n = strlen(text), k = strlen(ins);
    char *out = malloc(n - cut + k + 1);
    assert_non_null(out);
    memcpy(out, text, at);
    memcpy(out + at, ins, k);
    memcpy(out + at + k, text + at + cut, n - at - cut + 1);
    *len = n - cut + k;
    return out;
}

static int load_spliced(const char *text, size_t at, size_t cut, const char *ins)
{
    size_t len;
    char *t = splice(text, at, cut, ins, &len);
    int st = try_load(t, len);
    free(t);
    return st;
}

/* Offset of the line starting with prefix, or SIZE_MAX. */
static size_t find_line(const char *text, const char *prefix)
{
    size_t k = strlen(prefix);
    for (const char *p = text; *p; p = strchr(p, '\n') + 1) {
        if (strncmp(p, prefix, k) == 0)
            return (size_t)(p - text);
        if (strchr(p, '\n') == NULL)
            break;
    }
    return SIZE_MAX;
}

static size_t line_len(const char *text, size_t at)
{
    return (size_t)(strchr(text + at, '\n') - (text + at));
}

/* Edits that must be refused, whatever the game. */
static void must_refuse(const char *text, const rami_game *g, unsigned *checks)
{
    size_t len = strlen(text);
    /* Truncation at every line boundary and just before the end. */
    for (size_t i = 0; i < len; i++) {
        if (i == 0 || text[i - 1] == '\n' || i == len - 1) {
            assert_true(is_damage(try_load(text, i)));
            ++*checks;
        }
    }
    /* Anything after "end". */
    char *more = malloc(len + 8);
    assert_non_null(more);
    static const struct {
        const char *bytes;
        size_t n;
    } tails[] = {{"\n", 1}, {"x", 1}, {"end\n", 4}, {" ", 1}, {"", 1}};
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        memcpy(more, text, len);
        memcpy(more + len, tails[i].bytes, tails[i].n);
        assert_int_equal(try_load(more, len + tails[i].n), RAMI_E_PARSE);
        ++*checks;
    }
    free(more);

    struct {
        const char *prefix, *line;
        int expect;
    } edits[] = {
        {"rami-record", "rami-record 3", RAMI_E_PARSE},
        {"rami-record", "rami-record 1", RAMI_E_PARSE}, /* a version-1 header has 13 keys */
        {"rami-record", "rami-record 0", RAMI_E_PARSE},
        {"rami-record", "rami-recor 1", RAMI_E_PARSE},
        {"rami-record", "rami-record  1", RAMI_E_PARSE},
        {"seed", "seed 18446744073709551616", RAMI_E_CORRUPT},
        {"seed", "seed -1", RAMI_E_PARSE},
        {"seed", "seed 01", RAMI_E_PARSE},
        {"seed", "seed", RAMI_E_PARSE},
        {"round", "round 0", RAMI_E_CORRUPT},
        {"round", "round 65536", RAMI_E_CORRUPT},
        {"round", "round x", RAMI_E_PARSE},
        {"totals", "totals 99999999999", RAMI_E_CORRUPT},
        {"totals", "totals", RAMI_E_CORRUPT},
        {"totals", "totals -3", RAMI_E_PARSE},
        {"dealer", "dealer 7", RAMI_E_CORRUPT},
        {"dealer", "dealer 256", RAMI_E_CORRUPT},
        {"dealer", "dealer x", RAMI_E_PARSE},
        {"dealer", "dealer", RAMI_E_PARSE},
        {"dealer", "deal 1", RAMI_E_PARSE},
    };
    for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
        size_t at = find_line(text, edits[i].prefix);
        assert_true(at != SIZE_MAX);
        int st = load_spliced(text, at, line_len(text, at), edits[i].line);
        if (st != edits[i].expect)
            fail_msg("edit '%s' gave %d", edits[i].line, st);
        ++*checks;
    }
    /* Ruleset values: absurd, negative, too big for the field, unknown key. */
    const char *rs_edits[][2] = {
        {"players=", "200"},
        {"players=", "-2"},
        {"players=", "1"},
        {"decks=", "0"},
        {"hand_size=", "99"},
        {"max_turns=", "65536"},
        {"options=", "0x8000"},
        {"unopened_penalty=", "10000"},
        {"unopened_penalty=", "65536"},
        {"options=", "311"},
        {"options=", "0x1ffffffff"},
        {"jokers=", "256"},
        {"players=", "99999999999999999999999"},
    };
    for (size_t i = 0; i < sizeof rs_edits / sizeof rs_edits[0]; i++) {
        const char *key = strstr(text, rs_edits[i][0]);
        assert_non_null(key);
        size_t at = (size_t)(key - text) + strlen(rs_edits[i][0]);
        size_t cut = strcspn(text + at, " \n");
        assert_true(is_damage(load_spliced(text, at, cut, rs_edits[i][1])));
        ++*checks;
    }
    const char *key = strstr(text, "jokers_per_meld=");
    assert_true(is_damage(load_spliced(text, (size_t)(key - text), 6, "color")));
    /* Totals that a finished match or the rounds played cannot give. */
    size_t at = find_line(text, "totals");
    char line[128];
    int n = snprintf(line, sizeof line, "totals");
    for (unsigned p = 0; p < g->rs.players; p++)
        n += snprintf(line + n, sizeof line - (size_t)n, " %u",
                      g->pos.round == 1 ? 1u : 60000u * g->pos.round);
    assert_int_equal(load_spliced(text, at, line_len(text, at), line), RAMI_E_CORRUPT);
    /* Illegal moves: a discard before drawing, a second draw. */
    size_t dealer_at = find_line(text, "dealer");
    size_t first_move = dealer_at + line_len(text, dealer_at) + 1;
    assert_int_equal(load_spliced(text, first_move, 0, "discard AS\n"), RAMI_E_CORRUPT);
    assert_int_equal(load_spliced(text, first_move, 0, "draw\ndraw\n"), RAMI_E_CORRUPT);
    assert_int_equal(load_spliced(text, first_move, 0, "lay AS on 1\n"), RAMI_E_CORRUPT);
    assert_int_equal(load_spliced(text, first_move, 0, "fold\n"), RAMI_E_PARSE);
    assert_int_equal(load_spliced(text, first_move, 0, "Draw\n"), RAMI_E_PARSE);
    assert_int_equal(load_spliced(text, first_move, 0, "\n"), RAMI_E_PARSE);
    *checks += 11;
}

/* A new_deal record with a card more often than the pack holds. */
static void deal_refuse(const char *text, unsigned *checks)
{
    size_t at = find_line(text, "stock");
    if (at == SIZE_MAX)
        return;
    assert_int_equal(load_spliced(text, at + 5, 0, " JK JK JK JK JK"), RAMI_E_CORRUPT);
    assert_int_equal(load_spliced(text, at + 5, 0, " AS AS AS AS"), RAMI_E_CORRUPT);
    assert_int_equal(load_spliced(text, at + 5, 0, " 1S"), RAMI_E_PARSE);
    assert_int_equal(load_spliced(text, at + 5, 0, " as"), RAMI_E_PARSE);
    size_t h0 = find_line(text, "hand 0");
    assert_int_equal(load_spliced(text, h0 + 5, 1, "1"), RAMI_E_CORRUPT);
    assert_true(is_damage(load_spliced(text, h0, 0, "hand 0 AS\n")));
    assert_int_equal(load_spliced(text, h0, 0, "hand\n"), RAMI_E_PARSE);
    size_t deal = find_line(text, "deal");
    assert_int_equal(load_spliced(text, deal, line_len(text, deal), "deal dealer=6"),
                     RAMI_E_CORRUPT);
    *checks += 8;
}

/* The n-th move line's card replaced by one the player did not hold. */
static void bad_card_refuse(const char *text, const struct bad_discard *bd, unsigned *checks)
{
    if (bd->line == UINT32_MAX)
        return;
    size_t at = find_line(text, "dealer");
    at += line_len(text, at) + 1;
    for (unsigned i = 0; i < bd->line; i++)
        at += line_len(text, at) + 1;
    assert_memory_equal(text + at, "discard ", 8);
    char line[16];
    char card[8];
    assert_int_equal(rami_card_format(bd->card, card, sizeof card), RAMI_OK);
    snprintf(line, sizeof line, "discard %s", card);
    assert_int_equal(load_spliced(text, at, line_len(text, at), line), RAMI_E_CORRUPT);
    ++*checks;
}

/* Random damage: any result but a crash; a record that still loads must
 * round-trip (try_load checks that). */
static void random_damage(const char *text, unsigned *checks)
{
    static const char *const words[] = {
        "0",           "1",          "65535",        "4294967296", "-1",         "x",       "JK",
        "10S",         "AS",         "draw",         "end",        "take",       "meld",    "on",
        "low",         "deal",       "hand",         "=",          " ",          "\n",      "",
        "lay 2S on 1", "discard JK", "swap 7S on 1", "0x1",        "totals 0 0", "round 2",
    };
    size_t len = strlen(text);
    for (int k = 0; k < 40; k++) {
        size_t at = below((unsigned)len);
        size_t cut = below(4) == 0 ? 0 : below(6);
        if (at + cut > len)
            cut = len - at;
        int st = load_spliced(text, at, cut, words[below(sizeof words / sizeof words[0])]);
        assert_true(st == RAMI_OK || is_damage(st));
        ++*checks;
    }
    /* Single bytes flipped. */
    char *copy = malloc(len + 1);
    assert_non_null(copy);
    for (int k = 0; k < 20; k++) {
        memcpy(copy, text, len + 1);
        copy[below((unsigned)len)] ^= (char)(1u << below(8));
        int st = try_load(copy, len);
        assert_true(st == RAMI_OK || is_damage(st));
        ++*checks;
    }
    free(copy);
}

static void damaged(void **state)
{
    (void)state;
    rami_move *list = malloc(RAMI_MAX_MOVES * sizeof *list);
    assert_non_null(list);
    rnd_state = 0x13198A2E03707344ull;
    unsigned checks = 0, records = 0;
    for (unsigned i = 0; i < 120; i++) {
        bool with_deal;
        rami_game *g = random_game(i, &with_deal);
        struct bad_discard bd;
        random_play(g, list, &bd);
        if (g->log_len > 600) { /* keep the quadratic truncation loop short */
            rami_game_free(g);
            continue;
        }
        char *text = save(g, NULL);
        must_refuse(text, g, &checks);
        deal_refuse(text, &checks);
        bad_card_refuse(text, &bd, &checks);
        random_damage(text, &checks);
        records++;
        free(text);
        rami_game_free(g);
    }
    printf("record: %u damaged loads from %u records\n", checks, records);
    assert_true(records > 40);
    free(list);
}

/* ---- fixed cases ---- */

static void arguments(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_51, 2), RAMI_OK);
    rami_game *g;
    assert_int_equal(rami_game_new(&rs, 7, &g), RAMI_OK);
    size_t len = 12345;
    char buf[8];
    assert_int_equal(rami_game_save(NULL, buf, sizeof buf, &len), RAMI_E_ARG);
    assert_int_equal(rami_game_save(g, buf, sizeof buf, NULL), RAMI_E_ARG);
    assert_int_equal(rami_game_save(g, NULL, 5, &len), RAMI_E_ARG);
    assert_int_equal(len, 12345);
    char *text = save(g, &len);
    rami_game *h = (rami_game *)(uintptr_t)1;
    assert_int_equal(rami_game_load(NULL, 3, &h), RAMI_E_ARG);
    assert_int_equal(rami_game_load(text, len, NULL), RAMI_E_ARG);
    assert_int_equal(rami_game_load(text, 0, &h), RAMI_E_PARSE);
    assert_int_equal(rami_game_load("", 0, &h), RAMI_E_PARSE);
    assert_true(h == (rami_game *)(uintptr_t)1);
    /* A record need not be NUL-terminated: only len bytes are read. */
    char *exact = malloc(len);
    assert_non_null(exact);
    memcpy(exact, text, len);
    assert_int_equal(rami_game_load(exact, len, &h), RAMI_OK);
    assert_true(rami__game_equal(g, h));
    rami_game_free(h);
    free(exact);
    free(text);
    rami_game_free(g);
}

/* The exact text of a short game, as doc/record-format.md shows it. */
static void exact_text(void **state)
{
    (void)state;
    rami_ruleset rs;
    assert_int_equal(rami_ruleset_init(&rs, RAMI_PRESET_FINNISH, 2), RAMI_OK);
    rs.hand_size = 3;
    rami_deal d;
    memset(&d, 0, sizeof d);
    d.struct_size = sizeof d;
    d.dealer = 1;
    rami_card h0[] = {RAMI_CARD(7, 3), RAMI_CARD(8, 3), RAMI_CARD(9, 3)};
    rami_card h1[] = {RAMI_CARD(2, 0), RAMI_CARD(13, 2), RAMI_JOKER};
    rami_card stock[] = {RAMI_CARD(5, 1), RAMI_CARD(10, 3)};
    memcpy(d.hands[0], h0, 3);
    memcpy(d.hands[1], h1, 3);
    d.hand_count[0] = d.hand_count[1] = 3;
    memcpy(d.stock, stock, 2);
    d.stock_count = 2;
    d.discard[0] = RAMI_CARD(1, 2);
    d.discard_count = 1;
    rami_game *g;
    assert_int_equal(rami_game_new_deal(&rs, &d, 99, &g), RAMI_OK);
    rami_move m;
    assert_int_equal(rami_move_parse("draw", &m), RAMI_OK);
    assert_int_equal(rami_game_play(g, 0, &m), RAMI_OK);
    assert_int_equal(rami_move_parse("discard 10S", &m), RAMI_OK);
    assert_int_equal(rami_game_play(g, 0, &m), RAMI_OK);
    assert_int_equal(rami_move_parse("take", &m), RAMI_OK);
    assert_int_equal(rami_game_play(g, 1, &m), RAMI_OK);
    char *text = save(g, NULL);
    assert_string_equal(text, "rami-record 2\n"
                              "ruleset players=2 decks=1 jokers=2 hand_size=3 opening_points=30 "
                              "jokers_per_meld=1 max_restocks=255 max_turns=300 joker_penalty=25 "
                              "ace_penalty=11 options=0x4037 match_rounds=0 match_target=0 "
                              "unopened_penalty=0\n"
                              "seed 99\n"
                              "deal dealer=1\n"
                              "hand 0 7S 8S 9S\n"
                              "hand 1 2C KH JK\n"
                              "stock 5D 10S\n"
                              "discard AH\n"
                              "totals 0 0\n"
                              "round 1\n"
                              "dealer 1\n"
                              "draw\n"
                              "discard 10S\n"
                              "take\n"
                              "end\n");
    free(text);
    rami_game_free(g);
}

/* Version-1 records (no unopened_penalty, no dealer line) still load,
 * with the house rules at their defaults, and save as version 2. */
static void version_1_loads(void **state)
{
    (void)state;
    static const char v1[] = "rami-record 1\n"
                             "ruleset players=3 decks=2 jokers=4 hand_size=13 opening_points=51 "
                             "jokers_per_meld=1 max_restocks=2 max_turns=300 joker_penalty=25 "
                             "ace_penalty=11 options=0x137 match_rounds=0 match_target=0\n"
                             "seed 7\n"
                             "totals 12 40 3\n"
                             "round 3\n"
                             "draw\n"
                             "end\n";
    rami_game *g = NULL;
    assert_int_equal(rami_game_load(v1, sizeof v1 - 1, &g), RAMI_OK);
    assert_int_equal(rami_game_round(g), 3);
    assert_int_equal(rami_game_dealer(g), (2 + 3 - 1) % 3); /* rotated from seat 2 */
    char *text = save(g, NULL);
    assert_non_null(strstr(text, "rami-record 2\n"));
    assert_non_null(strstr(text, "unopened_penalty=0\nseed 7\n"));
    assert_non_null(strstr(text, "round 3\ndealer 1\ndraw\n"));
    rami_game *again = NULL;
    assert_int_equal(rami_game_load(text, strlen(text), &again), RAMI_OK);
    assert_true(rami__game_equal(g, again));
    free(text);
    rami_game_free(again);
    rami_game_free(g);
    /* Without eliminations the dealer of a version-2 record must be the
     * one the rotation gives. */
    static const char v2[] = "rami-record 2\n"
                             "ruleset players=3 decks=2 jokers=4 hand_size=13 opening_points=51 "
                             "jokers_per_meld=1 max_restocks=2 max_turns=300 joker_penalty=25 "
                             "ace_penalty=11 options=0x137 match_rounds=0 match_target=0 "
                             "unopened_penalty=0\n"
                             "seed 7\n"
                             "totals 12 40 3\n"
                             "round 3\n"
                             "dealer 0\n"
                             "end\n";
    assert_int_equal(rami_game_load(v2, sizeof v2 - 1, &g), RAMI_E_CORRUPT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(arguments),       cmocka_unit_test(exact_text),
        cmocka_unit_test(version_1_loads), cmocka_unit_test(round_trip),
        cmocka_unit_test(damaged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
