/* Move notation: "draw", "take", "meld 7S 8S 9S [low|high]",
 * "lay 9S on 2 [low|high]", "swap 6S on 2", "discard KH". */
#include <string.h>

#include "textbuf.h"

/* What each move kind looks like in text. */
typedef struct move_form {
    const char *word;
    uint8_t kind;
    uint8_t min_cards, max_cards;
    bool target; /* "on N" follows the cards */
    bool side;   /* an optional "low" / "high" ends the move */
} move_form;

static const move_form forms[] = {
    {"draw", RAMI_MOVE_DRAW_STOCK, 0, 0, false, false},
    {"take", RAMI_MOVE_DRAW_DISCARD, 0, 0, false, false},
    {"meld", RAMI_MOVE_MELD, 3, RAMI_MAX_MELD, false, true},
    {"lay", RAMI_MOVE_LAYOFF, 1, 1, true, true},
    {"swap", RAMI_MOVE_SWAP, 1, 1, true, false},
    {"discard", RAMI_MOVE_DISCARD, 1, 1, false, false},
};

#define FORM_COUNT (sizeof forms / sizeof forms[0])

/* Index = rami_side. */
static const char *const side_words[] = {NULL, "low", "high"};

/* Highest 1-based table number the text can carry (target 0..254). */
#define MAX_TABLE_NUMBER 255

static const move_form *form_of_kind(unsigned kind)
{
    for (size_t i = 0; i < FORM_COUNT; i++)
        if (forms[i].kind == kind)
            return &forms[i];
    return NULL;
}

/* ---- parsing ---- */

static bool is_separator(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == ',';
}

typedef struct token {
    const char *s;
    size_t len; /* 0 at the end of the text */
} token;

/* The next token at *p, skipping separators. */
static token next_token(const char **p)
{
    const char *s = *p;
    while (is_separator(*s))
        s++;
    const char *e = s;
    while (*e != '\0' && !is_separator(*e))
        e++;
    *p = e;
    return (token){s, (size_t)(e - s)};
}

static bool token_is(token t, const char *word)
{
    size_t n = strlen(word);
    if (t.len != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        char ch = t.s[i];
        if (ch >= 'A' && ch <= 'Z')
            ch = (char)(ch - 'A' + 'a');
        if (ch != word[i])
            return false;
    }
    return true;
}

static bool token_card(token t, rami_card *out)
{
    char one[8]; /* the longest card, "10" plus a 3-byte suit symbol, fits */
    if (t.len == 0 || t.len >= sizeof one)
        return false;
    memcpy(one, t.s, t.len);
    one[t.len] = '\0';
    return rami_card_parse(one, out) == RAMI_OK;
}

/* A table number 1..255 written with digits only and no leading zero. */
static bool token_table(token t, uint8_t *target)
{
    if (t.len == 0 || t.len > 3 || t.s[0] == '0')
        return false;
    unsigned n = 0;
    for (size_t i = 0; i < t.len; i++) {
        if (t.s[i] < '0' || t.s[i] > '9')
            return false;
        n = n * 10 + (unsigned)(t.s[i] - '0');
    }
    if (n > MAX_TABLE_NUMBER)
        return false;
    *target = (uint8_t)(n - 1);
    return true;
}

int rami_move_parse(const char *text, rami_move *out)
{
    if (text == NULL || out == NULL)
        return RAMI_E_ARG;
    const char *p = text;
    token t = next_token(&p);
    const move_form *f = NULL;
    for (size_t i = 0; i < FORM_COUNT && f == NULL; i++)
        if (token_is(t, forms[i].word))
            f = &forms[i];
    if (f == NULL)
        return RAMI_E_PARSE;

    rami_move m;
    memset(&m, 0, sizeof m);
    m.kind = f->kind;
    rami_card c;
    for (t = next_token(&p); token_card(t, &c); t = next_token(&p)) {
        if (m.count == f->max_cards)
            return RAMI_E_PARSE;
        m.cards[m.count++] = c;
    }
    if (m.count < f->min_cards)
        return RAMI_E_PARSE;
    if (f->target) {
        if (!token_is(t, "on") || !token_table(next_token(&p), &m.target))
            return RAMI_E_PARSE;
        t = next_token(&p);
    }
    if (f->side) {
        for (uint8_t s = RAMI_SIDE_LOW; s <= RAMI_SIDE_HIGH; s++) {
            if (token_is(t, side_words[s])) {
                m.side = s;
                t = next_token(&p);
                break;
            }
        }
    }
    if (t.len != 0)
        return RAMI_E_PARSE;
    *out = m;
    return RAMI_OK;
}

/* ---- formatting ---- */

/* The form of a move that rami_move_parse could have produced, or NULL. */
static const move_form *check_move(const rami_move *m)
{
    const move_form *f = form_of_kind(m->kind);
    if (f == NULL || m->count < f->min_cards || m->count > f->max_cards)
        return NULL;
    for (size_t i = 0; i < m->count; i++)
        if (!card_is_valid(m->cards[i]))
            return NULL;
    if (m->side > RAMI_SIDE_HIGH || (m->side != RAMI_SIDE_AUTO && !f->side))
        return NULL;
    if (f->target ? m->target >= MAX_TABLE_NUMBER : m->target != 0)
        return NULL;
    return f;
}

/* The longest text: "meld" and 13 cards of at most 3 characters plus a
 * side word; a move with a target has one card ("lay 10S on 255 high"). */
#define MOVE_TEXT_MAX 64
#define TEXT_LEN(s)   (sizeof(s) - 1)
_Static_assert(MOVE_TEXT_MAX >
                   TEXT_LEN("meld") + RAMI_MAX_MELD * TEXT_LEN(" 10S") + TEXT_LEN(" high"),
               "room for the longest move text and its NUL");

bool rami__tb_move(textbuf *t, const rami_move *m)
{
    const move_form *f = check_move(m);
    if (f == NULL)
        return false;
    tb_str(t, f->word);
    for (size_t i = 0; i < m->count; i++) {
        tb_put(t, " ", 1);
        tb_card(t, m->cards[i]);
    }
    if (f->target) {
        tb_str(t, " on ");
        tb_uint(t, m->target + 1u);
    }
    if (m->side != RAMI_SIDE_AUTO) {
        tb_put(t, " ", 1);
        tb_str(t, side_words[m->side]);
    }
    return true;
}

int rami_move_format(const rami_move *m, char *buf, size_t cap)
{
    if (m == NULL || buf == NULL)
        return RAMI_E_ARG;
    char tmp[MOVE_TEXT_MAX];
    textbuf t = {tmp, 0, RAMI_OK};
    if (!rami__tb_move(&t, m))
        return RAMI_E_ARG;
    if (t.len + 1 > cap) {
        if (cap > 0)
            buf[0] = '\0';
        return RAMI_E_BUFFER;
    }
    memcpy(buf, tmp, t.len);
    buf[t.len] = '\0';
    return RAMI_OK;
}
