/* Saved games (doc/record-format.md): a line-based text that names the
 * ruleset, the seed, the round-1 deal of a rami_game_new_deal game, the
 * match totals before the current round, and every move of that round.
 * Loading rebuilds the round from the seed and replays the moves through
 * rami_game_play, so every move of a record is validated again and the
 * loaded game is the saved one, future shuffles included. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "textbuf.h"

#define RECORD_MAGIC "rami-record"
/* Version 2 (issue 11): the ruleset line ends with unopened_penalty, and a
 * "dealer" line follows "round". Version 1 records still load. */
#define RECORD_VERSION 2

/* ---- the ruleset line: one table drives writing and reading ---- */

typedef struct rs_field {
    const char *key;
    size_t offset;
    uint8_t size; /* bytes of the field: 1, 2 or 4 */
    bool hex;
} rs_field;

#define RS_FIELD(name, hex)                                                                        \
    {                                                                                              \
#name, offsetof(rami_ruleset, name), sizeof(((rami_ruleset *)0)->name), hex                \
    }

static const rs_field rs_fields[] = {
    RS_FIELD(players, false),        RS_FIELD(decks, false),
    RS_FIELD(jokers, false),         RS_FIELD(hand_size, false),
    RS_FIELD(opening_points, false), RS_FIELD(jokers_per_meld, false),
    RS_FIELD(max_restocks, false),   RS_FIELD(max_turns, false),
    RS_FIELD(joker_penalty, false),  RS_FIELD(ace_penalty, false),
    RS_FIELD(options, true),         RS_FIELD(match_rounds, false),
    RS_FIELD(match_target, false),   RS_FIELD(unopened_penalty, false),
};

#define RS_FIELD_COUNT (sizeof rs_fields / sizeof rs_fields[0])
/* Version 1 records have the first 13 keys. */
#define RS_FIELD_COUNT_V1 13u

static uint32_t field_get(const rami_ruleset *rs, const rs_field *f)
{
    const unsigned char *p = (const unsigned char *)rs + f->offset;
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    switch (f->size) {
    case 1:
        memcpy(&u8, p, 1);
        return u8;
    case 2:
        memcpy(&u16, p, 2);
        return u16;
    default:
        memcpy(&u32, p, 4);
        return u32;
    }
}

static void field_set(rami_ruleset *rs, const rs_field *f, uint32_t v)
{
    unsigned char *p = (unsigned char *)rs + f->offset;
    uint8_t u8 = (uint8_t)v;
    uint16_t u16 = (uint16_t)v;
    switch (f->size) {
    case 1:
        memcpy(p, &u8, 1);
        break;
    case 2:
        memcpy(p, &u16, 2);
        break;
    default:
        memcpy(p, &v, 4);
        break;
    }
}

static uint64_t field_max(const rs_field *f)
{
    return f->size == 1 ? UINT8_MAX : f->size == 2 ? UINT16_MAX : UINT32_MAX;
}

/* ---- what the record says about the match before the current round ---- */

/* Totals when the current round began: a finished round has added its points. */
static int64_t total_before(const rami_game *g, unsigned p)
{
    int64_t t = g->pos.totals[p];
    if (g->pos.phase == RAMI_PHASE_ROUND_OVER || g->pos.phase == RAMI_PHASE_MATCH_OVER)
        t -= g->pos.result.points[p];
    return t;
}

/* ---- writing ---- */

/* " 7S 8S 9S\n", after the line's word. */
static void write_cards(textbuf *t, const rami_card *cards, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        tb_put(t, " ", 1);
        tb_card(t, cards[i]);
    }
    tb_put(t, "\n", 1);
}

static void write_deal(textbuf *t, const rami_deal *d, unsigned players)
{
    tb_str(t, "deal dealer=");
    tb_uint(t, d->dealer);
    tb_put(t, "\n", 1);
    for (unsigned p = 0; p < players; p++) {
        tb_str(t, "hand ");
        tb_uint(t, p);
        write_cards(t, d->hands[p], d->hand_count[p]);
    }
    tb_str(t, "stock");
    write_cards(t, d->stock, d->stock_count);
    tb_str(t, "discard");
    write_cards(t, d->discard, d->discard_count);
}

static void write_moves(textbuf *t, const rami_game *g)
{
    log_iter it;
    log_entry e;
    rami__log_begin(g, &it);
    while (rami__log_next(&it, &e)) {
        rami_move m = rami__log_move(&e);
        if (!rami__tb_move(t, &m)) {
            tb_fail(t, RAMI_E_INTERNAL); /* never: the log holds validated moves */
            return;
        }
        tb_put(t, "\n", 1);
    }
}

static void write_record(textbuf *t, const rami_game *g, int unused)
{
    (void)unused;
    tb_str(t, RECORD_MAGIC " ");
    tb_uint(t, RECORD_VERSION);
    tb_str(t, "\nruleset");
    for (size_t i = 0; i < RS_FIELD_COUNT; i++) {
        const rs_field *f = &rs_fields[i];
        tb_put(t, " ", 1);
        tb_str(t, f->key);
        if (f->hex) {
            tb_str(t, "=0x");
            tb_hex(t, field_get(&g->rs, f));
        } else {
            tb_put(t, "=", 1);
            tb_uint(t, field_get(&g->rs, f));
        }
    }
    tb_str(t, "\nseed ");
    tb_uint(t, g->seed);
    tb_put(t, "\n", 1);
    if (g->deal != NULL)
        write_deal(t, g->deal, g->rs.players);
    tb_str(t, "totals");
    for (unsigned p = 0; p < g->rs.players; p++) {
        tb_put(t, " ", 1);
        tb_int(t, total_before(g, p));
    }
    tb_str(t, "\nround ");
    tb_uint(t, g->pos.round);
    tb_str(t, "\ndealer ");
    tb_uint(t, g->pos.dealer);
    tb_put(t, "\n", 1);
    write_moves(t, g);
    tb_str(t, "end\n");
}

int rami_game_save(const rami_game *g, char *buf, size_t cap, size_t *len)
{
    if (g == NULL || len == NULL || (buf == NULL && cap > 0))
        return RAMI_E_ARG;
    return tb_output(write_record, g, 0, buf, cap, len);
}

/* ---- reading: lines and tokens ---- */

/* A stock line is the longest: its word and a whole pack. */
#define MAX_TOKENS (RAMI_MAX_PACK + 4)

typedef struct tok {
    const char *s;
    size_t len;
} tok;

typedef struct reader {
    const char *p, *end;
    tok tk[MAX_TOKENS];
    size_t n; /* tokens of the current line */
} reader;

/* Splits the next line into tokens. Lines end with '\n', hold printable
 * ASCII only, and separate tokens with exactly one space. */
static int next_line(reader *r)
{
    const char *s = r->p;
    const char *nl = memchr(s, '\n', (size_t)(r->end - s));
    if (nl == NULL)
        return RAMI_E_PARSE; /* truncated */
    r->p = nl + 1;
    r->n = 0;
    if (nl == s)
        return RAMI_E_PARSE; /* empty line */
    const char *start = s;
    for (const char *c = s;; c++) {
        if (c == nl || *c == ' ') {
            if (c == start || r->n == MAX_TOKENS)
                return RAMI_E_PARSE; /* leading, trailing or double space */
            r->tk[r->n++] = (tok){start, (size_t)(c - start)};
            if (c == nl)
                return RAMI_OK;
            start = c + 1;
        } else if (*c < 0x21 || *c > 0x7E) {
            return RAMI_E_PARSE;
        }
    }
}

static bool tok_is(tok t, const char *word)
{
    return t.len == strlen(word) && memcmp(t.s, word, t.len) == 0;
}

/* A decimal number without sign or leading zero. RAMI_E_CORRUPT when it
 * is well-formed but above max. */
static int tok_number(tok t, uint64_t max, uint64_t *out)
{
    if (t.len == 0 || (t.s[0] == '0' && t.len > 1))
        return RAMI_E_PARSE;
    uint64_t v = 0;
    bool big = false;
    for (size_t i = 0; i < t.len; i++) {
        if (t.s[i] < '0' || t.s[i] > '9')
            return RAMI_E_PARSE;
        unsigned d = (unsigned)(t.s[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            big = true;
        else
            v = v * 10 + d;
    }
    if (big || v > max)
        return RAMI_E_CORRUPT;
    *out = v;
    return RAMI_OK;
}

/* "0x" and lowercase hex digits; RAMI_E_CORRUPT above max. */
static int tok_hex(tok t, uint64_t max, uint64_t *out)
{
    if (t.len < 3 || t.s[0] != '0' || t.s[1] != 'x')
        return RAMI_E_PARSE;
    if (t.len > 2 + 16)
        return RAMI_E_CORRUPT;
    uint64_t v = 0;
    for (size_t i = 2; i < t.len; i++) {
        char ch = t.s[i];
        unsigned d;
        if (ch >= '0' && ch <= '9')
            d = (unsigned)(ch - '0');
        else if (ch >= 'a' && ch <= 'f')
            d = (unsigned)(ch - 'a' + 10);
        else
            return RAMI_E_PARSE;
        v = v << 4 | d;
    }
    if (v > max)
        return RAMI_E_CORRUPT;
    *out = v;
    return RAMI_OK;
}

/* A card in the exact form rami_card_format writes. */
static int tok_card(tok t, rami_card *out)
{
    char text[8], again[8];
    if (t.len == 0 || t.len >= sizeof text)
        return RAMI_E_PARSE;
    memcpy(text, t.s, t.len);
    text[t.len] = '\0';
    rami_card c;
    if (rami_card_parse(text, &c) != RAMI_OK ||
        rami_card_format(c, again, sizeof again) != RAMI_OK || strcmp(text, again) != 0)
        return RAMI_E_PARSE;
    *out = c;
    return RAMI_OK;
}

/* "word c1 c2 ..." from token `first` on. */
static int line_cards(const reader *r, size_t first, rami_card *out, size_t cap, size_t *count)
{
    size_t n = r->n - first;
    for (size_t i = 0; i < n; i++) {
        rami_card c;
        int st = tok_card(r->tk[first + i], &c);
        if (st != RAMI_OK)
            return st;
        if (i < cap)
            out[i] = c;
    }
    *count = n;
    return n > cap ? RAMI_E_CORRUPT : RAMI_OK;
}

/* "key=value" with a key of the expected one. */
static int tok_keyval(tok t, const char *key, tok *value)
{
    size_t k = strlen(key);
    if (t.len <= k + 1 || memcmp(t.s, key, k) != 0 || t.s[k] != '=')
        return RAMI_E_PARSE;
    *value = (tok){t.s + k + 1, t.len - k - 1};
    return RAMI_OK;
}

/* ---- reading: the header ---- */

typedef struct header {
    unsigned version;
    int dealer; /* -1: none written (version 1) */
    rami_ruleset rs;
    uint64_t seed;
    bool has_deal;
    rami_deal deal;
    int32_t totals[RAMI_MAX_PLAYERS];
    uint16_t round;
} header;

static int read_magic(reader *r, unsigned *version)
{
    int st = next_line(r);
    if (st != RAMI_OK)
        return st;
    uint64_t v;
    if (r->n != 2 || !tok_is(r->tk[0], RECORD_MAGIC) || tok_number(r->tk[1], UINT32_MAX, &v))
        return RAMI_E_PARSE;
    /* Another version is a record this library cannot read. */
    *version = (unsigned)v;
    return v == 1 || v == RECORD_VERSION ? RAMI_OK : RAMI_E_PARSE;
}

/* Every key of the version once, in the order written. */
static int read_ruleset(reader *r, unsigned version, rami_ruleset *rs)
{
    int st = next_line(r);
    if (st != RAMI_OK)
        return st;
    size_t keys = version == 1 ? RS_FIELD_COUNT_V1 : RS_FIELD_COUNT;
    if (r->n != keys + 1 || !tok_is(r->tk[0], "ruleset"))
        return RAMI_E_PARSE;
    memset(rs, 0, sizeof *rs);
    rs->struct_size = sizeof *rs;
    int worst = RAMI_OK;
    for (size_t i = 0; i < keys; i++) {
        const rs_field *f = &rs_fields[i];
        tok value;
        uint64_t v = 0;
        st = tok_keyval(r->tk[i + 1], f->key, &value);
        if (st == RAMI_OK)
            st = f->hex ? tok_hex(value, field_max(f), &v) : tok_number(value, field_max(f), &v);
        if (st == RAMI_E_PARSE)
            return st;
        if (st != RAMI_OK)
            worst = st; /* keep reading: a syntax error later outranks it */
        else
            field_set(rs, f, (uint32_t)v);
    }
    if (worst != RAMI_OK)
        return worst;
    return rami_ruleset_check(rs, NULL, 0) == RAMI_OK ? RAMI_OK : RAMI_E_CORRUPT;
}

static int read_seed(reader *r, uint64_t *seed)
{
    int st = next_line(r);
    if (st != RAMI_OK)
        return st;
    if (r->n != 2 || !tok_is(r->tk[0], "seed"))
        return RAMI_E_PARSE;
    return tok_number(r->tk[1], UINT64_MAX, seed);
}

/* "hand P c...", "stock c...", "discard c..." */
static int read_pile(reader *r, const char *word, int seat, rami_card *out, size_t cap,
                     size_t *count)
{
    int st = next_line(r);
    if (st != RAMI_OK)
        return st;
    size_t first = seat >= 0 ? 2 : 1;
    if (r->n < first || !tok_is(r->tk[0], word))
        return RAMI_E_PARSE;
    if (seat >= 0) {
        uint64_t v;
        if (tok_number(r->tk[1], UINT64_MAX, &v) != RAMI_OK)
            return RAMI_E_PARSE;
        if (v != (uint64_t)seat)
            return RAMI_E_CORRUPT;
    }
    return line_cards(r, first, out, cap, count);
}

/* The current line, "deal dealer=N", and the lines of the deal after it. */
static int read_deal(reader *r, unsigned players, rami_deal *d)
{
    memset(d, 0, sizeof *d);
    d->struct_size = sizeof *d;
    tok value;
    uint64_t v;
    if (r->n != 2 || tok_keyval(r->tk[1], "dealer", &value) != RAMI_OK)
        return RAMI_E_PARSE;
    int st = tok_number(value, RAMI_MAX_PLAYERS - 1, &v);
    if (st != RAMI_OK)
        return st;
    d->dealer = (uint8_t)v;
    size_t n;
    for (unsigned p = 0; p < players; p++) {
        st = read_pile(r, "hand", (int)p, d->hands[p], RAMI_MAX_HAND, &n);
        if (st != RAMI_OK)
            return st;
        d->hand_count[p] = (uint8_t)n;
    }
    st = read_pile(r, "stock", -1, d->stock, RAMI_MAX_PACK, &n);
    if (st != RAMI_OK)
        return st;
    d->stock_count = (uint16_t)n;
    st = read_pile(r, "discard", -1, d->discard, RAMI_MAX_PACK, &n);
    d->discard_count = (uint16_t)n;
    return st;
}

/* The current line, "totals t0 t1 ...". */
static int parse_totals(const reader *r, header *h)
{
    if (!tok_is(r->tk[0], "totals"))
        return RAMI_E_PARSE;
    int st, worst = r->n == h->rs.players + 1u ? RAMI_OK : RAMI_E_CORRUPT;
    for (size_t i = 1; i < r->n; i++) {
        uint64_t v;
        st = tok_number(r->tk[i], INT32_MAX, &v);
        if (st == RAMI_E_PARSE)
            return st;
        if (st != RAMI_OK)
            worst = st;
        else if (i <= RAMI_MAX_PLAYERS)
            h->totals[i - 1] = (int32_t)v;
    }
    return worst;
}

/* Version 2: "dealer D" after the round line. */
static int read_dealer(reader *r, unsigned players, int *dealer)
{
    int st = next_line(r);
    if (st != RAMI_OK)
        return st;
    uint64_t v;
    if (r->n != 2 || !tok_is(r->tk[0], "dealer"))
        return RAMI_E_PARSE;
    st = tok_number(r->tk[1], UINT8_MAX, &v);
    if (st != RAMI_OK)
        return st;
    if (v >= players)
        return RAMI_E_CORRUPT;
    *dealer = (int)v;
    return RAMI_OK;
}

static int read_round(reader *r, uint16_t *round)
{
    int st = next_line(r);
    if (st != RAMI_OK)
        return st;
    uint64_t v;
    if (r->n != 2 || !tok_is(r->tk[0], "round"))
        return RAMI_E_PARSE;
    st = tok_number(r->tk[1], UINT16_MAX, &v);
    if (st != RAMI_OK)
        return st;
    if (v == 0)
        return RAMI_E_CORRUPT;
    *round = (uint16_t)v;
    return RAMI_OK;
}

/* Totals that the rounds before the current one could have produced: none
 * before round 1, each round at most rami__round_points_max, and a match
 * that had ended could not have dealt another round (a total at the target
 * ends it, or with ELIMINATION fewer than two seats below it). */
static int check_history(const header *h)
{
    const rami_ruleset *rs = &h->rs;
    int64_t most = (int64_t)(h->round - 1u) * rami__round_points_max(rs);
    if (rs->match_rounds != 0 && h->round > rs->match_rounds)
        return RAMI_E_CORRUPT;
    unsigned below = 0;
    for (unsigned p = 0; p < rs->players; p++) {
        if (h->totals[p] > most)
            return RAMI_E_CORRUPT;
        below += rs->match_target == 0 || h->totals[p] < (int32_t)rs->match_target;
    }
    bool elimination = (rs->options & RAMI_OPT_ELIMINATION) != 0;
    if (elimination ? below < 2 : below < rs->players)
        return RAMI_E_CORRUPT;
    return RAMI_OK;
}

static int read_header(reader *r, header *h)
{
    memset(h, 0, sizeof *h);
    h->dealer = -1;
    int st = read_magic(r, &h->version);
    if (st == RAMI_OK)
        st = read_ruleset(r, h->version, &h->rs);
    if (st == RAMI_OK)
        st = read_seed(r, &h->seed);
    if (st == RAMI_OK)
        st = next_line(r);
    if (st == RAMI_OK && r->n >= 1 && tok_is(r->tk[0], "deal")) {
        h->has_deal = true;
        st = read_deal(r, h->rs.players, &h->deal);
        if (st == RAMI_OK)
            st = next_line(r);
    }
    if (st == RAMI_OK)
        st = parse_totals(r, h);
    if (st == RAMI_OK)
        st = read_round(r, &h->round);
    if (st == RAMI_OK && h->version >= 2)
        st = read_dealer(r, h->rs.players, &h->dealer);
    if (st == RAMI_OK)
        st = check_history(h);
    return st;
}

/* ---- reading: the game ---- */

static int create(const header *h, rami_game **out)
{
    rami_game *g = NULL;
    int st = h->has_deal ? rami_game_new_deal(&h->rs, &h->deal, h->seed, &g)
                         : rami_game_new(&h->rs, h->seed, &g);
    if (st != RAMI_OK)
        return st == RAMI_E_NOMEM ? st : RAMI_E_CORRUPT;
    if (h->round > 1)
        st = rami__game_resume(g, h->round, h->totals, h->dealer);
    else if (h->dealer >= 0 && h->dealer != g->pos.dealer)
        st = RAMI_E_ARG;
    if (st != RAMI_OK) {
        rami_game_free(g);
        return RAMI_E_CORRUPT; /* a dealer the rotation cannot have given */
    }
    *out = g;
    return RAMI_OK;
}

/* A move line in the exact text rami_move_format gives for it. */
static int read_move(const reader *r, rami_move *m)
{
    char text[96], again[96];
    size_t len = (size_t)(r->tk[r->n - 1].s + r->tk[r->n - 1].len - r->tk[0].s);
    if (len >= sizeof text)
        return RAMI_E_PARSE;
    memcpy(text, r->tk[0].s, len);
    text[len] = '\0';
    if (rami_move_parse(text, m) != RAMI_OK ||
        rami_move_format(m, again, sizeof again) != RAMI_OK || strcmp(text, again) != 0)
        return RAMI_E_PARSE;
    return RAMI_OK;
}

/* Replays the move lines up to "end", which must close the text. */
static int replay(reader *r, rami_game *g)
{
    for (;;) {
        int st = next_line(r);
        if (st != RAMI_OK)
            return st;
        if (r->n == 1 && tok_is(r->tk[0], "end"))
            return r->p == r->end ? RAMI_OK : RAMI_E_PARSE;
        rami_move m;
        st = read_move(r, &m);
        if (st != RAMI_OK)
            return st;
        st = rami_game_play(g, g->pos.current, &m);
        if (st != RAMI_OK)
            return st == RAMI_E_NOMEM ? st : RAMI_E_CORRUPT;
    }
}

int rami_game_load(const char *text, size_t len, rami_game **out)
{
    if (text == NULL || out == NULL)
        return RAMI_E_ARG;
    reader *r = malloc(sizeof *r);
    header *h = malloc(sizeof *h);
    int st = r != NULL && h != NULL ? RAMI_OK : RAMI_E_NOMEM;
    rami_game *g = NULL;
    if (st == RAMI_OK) {
        r->p = text;
        r->end = text + len;
        st = read_header(r, h);
    }
    if (st == RAMI_OK)
        st = create(h, &g);
    if (st == RAMI_OK)
        st = replay(r, g);
    free(r);
    free(h);
    if (st != RAMI_OK) {
        rami_game_free(g);
        return st;
    }
    *out = g;
    return RAMI_OK;
}
