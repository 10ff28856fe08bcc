/* A text builder for the count-then-fill outputs of record.c and view.c.
 * A writer runs twice: once without a buffer to measure the text, then, if
 * it fits, into the caller's buffer. The game is const, so both runs write
 * the same bytes and the second never needs a bound check. notation.c
 * writes a move's text with it too, into a buffer sized for the longest
 * (MOVE_TEXT_MAX, checked when compiling). Not installed. */
#ifndef RAMI_TEXTBUF_H
#define RAMI_TEXTBUF_H

#include <string.h>

#include "game.h"

typedef struct textbuf {
    char *buf;  /* NULL while measuring */
    size_t len; /* bytes written (or that would be) so far */
    int err;    /* RAMI_OK, or the first failure of a writer (tb_fail) */
} textbuf;

/* A writer that cannot write what it must (a hand or move the library
 * cannot read back: never, unless the library has a bug) fails the whole
 * output loudly instead of writing a wrong text. */
static inline void tb_fail(textbuf *t, int status)
{
    if (t->err == RAMI_OK)
        t->err = status;
}

static inline void tb_put(textbuf *t, const char *s, size_t n)
{
    if (t->buf != NULL)
        memcpy(t->buf + t->len, s, n);
    t->len += n;
}

static inline void tb_str(textbuf *t, const char *s)
{
    tb_put(t, s, strlen(s));
}

/* A string literal, its length known when compiling. */
#define tb_lit(t, s) tb_put(t, "" s, sizeof(s) - 1)

/* A number in decimal or hexadecimal, as printf's %u, %d and %x write it
 * (digits only, lower case): the writers format numbers without printf,
 * which cost two thirds of a view's instructions. */
static inline void tb_digits(textbuf *t, uint64_t v, unsigned base)
{
    char digits[20];
    size_t n = sizeof digits;
    do {
        digits[--n] = "0123456789abcdef"[v % base];
        v /= base;
    } while (v != 0);
    tb_put(t, digits + n, sizeof digits - n);
}

static inline void tb_uint(textbuf *t, uint64_t v)
{
    tb_digits(t, v, 10);
}

static inline void tb_hex(textbuf *t, uint64_t v)
{
    tb_digits(t, v, 16);
}

static inline void tb_int(textbuf *t, int64_t v)
{
    if (v < 0) {
        tb_put(t, "-", 1);
        tb_uint(t, 0u - (uint64_t)v);
    } else {
        tb_uint(t, (uint64_t)v);
    }
}

/* The ASCII form of a card ("10S", "JK", "7?"), "??" for a code that has none. */
static inline void tb_card(textbuf *t, rami_card c)
{
    char text[3];
    size_t n = rami__card_chars(c, text);
    if (n == 0)
        tb_put(t, "??", 2);
    else
        tb_put(t, text, n);
}

typedef void (*tb_writer)(textbuf *t, const rami_game *g, int arg);

/* Runs a writer with the conventions of rami_game_save: *len receives the
 * length without the NUL; RAMI_E_BUFFER (buf[0] = NUL when cap > 0, nothing
 * else written) if cap < *len + 1; a writer's failure (tb_fail) is
 * returned the same way, with *len 0. */
static inline int tb_output(tb_writer write, const rami_game *g, int arg, char *buf, size_t cap,
                            size_t *len)
{
    textbuf t = {NULL, 0, RAMI_OK};
    write(&t, g, arg);
    *len = t.err == RAMI_OK ? t.len : 0;
    if (t.err != RAMI_OK || t.len >= cap) {
        if (cap > 0)
            buf[0] = '\0';
        return t.err != RAMI_OK ? t.err : RAMI_E_BUFFER;
    }
    t.buf = buf;
    t.len = 0;
    write(&t, g, arg);
    buf[t.len] = '\0';
    return RAMI_OK;
}

/* ---- notation.c ---- */

/* Writes a move's text, the one rami_move_format gives; false (nothing
 * written) for a move that has none. */
RAMI_INTERNAL bool rami__tb_move(textbuf *t, const rami_move *m);

/* ---- action.c ---- */

/* Table melds that can lie at once under rs (doc/actions.md, T): every
 * meld holds 3 cards of which 2 naturals. The action numbering and the
 * observation tensors (observation.c) share it. */
RAMI_INTERNAL unsigned rami__table_slots(const rami_ruleset *rs);

#endif
