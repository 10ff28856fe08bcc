/* A text builder for the count-then-fill outputs of record.c and view.c.
 * A writer runs twice: once without a buffer to measure the text, then, if
 * it fits, into the caller's buffer. The game is const, so both runs write
 * the same bytes and the second never needs a bound check. Not installed. */
#ifndef RAMI_TEXTBUF_H
#define RAMI_TEXTBUF_H

#include <stdarg.h>
#include <stdio.h>
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

/* Short formatted pieces only (numbers, keys): 64 bytes at most. */
RAMI_PRINTF(2, 3) static inline void tb_fmt(textbuf *t, const char *fmt, ...)
{
    char tmp[64];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0)
        tb_put(t, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* The ASCII form of a card ("10S", "JK", "7?"), "??" for a code that has none. */
static inline void tb_card(textbuf *t, rami_card c)
{
    char one[8];
    if (rami_card_format(c, one, sizeof one) != RAMI_OK)
        strcpy(one, "??");
    tb_str(t, one);
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

/* ---- action.c ---- */

/* Table melds that can lie at once under rs (doc/actions.md, T): every
 * meld holds 3 cards of which 2 naturals. The action numbering and the
 * observation tensors (observation.c) share it. */
RAMI_INTERNAL unsigned rami__table_slots(const rami_ruleset *rs);

#endif
