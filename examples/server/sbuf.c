/*
 * sbuf.c - growing text buffers for outgoing JSON. A failed allocation
 * marks the buffer (oom) instead of failing every call: the caller checks
 * once at the end.
 */
#include "server.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sb_init(struct sbuf *b, size_t reserve_front)
{
    memset(b, 0, sizeof *b);
    if (reserve_front && sb_reserve(b, reserve_front))
        b->len = reserve_front;
}

void sb_free(struct sbuf *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

char *sb_reserve(struct sbuf *b, size_t n)
{
    if (b->oom)
        return NULL;
    if (b->cap - b->len <= n) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap - b->len <= n)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return NULL;
        }
        b->p = p;
        b->cap = cap;
    }
    return b->p + b->len;
}

void sb_put(struct sbuf *b, const char *s, size_t n)
{
    char *w = sb_reserve(b, n);
    if (!w)
        return;
    memcpy(w, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

void sb_puts(struct sbuf *b, const char *s)
{
    sb_put(b, s, strlen(s));
}

void sb_printf(struct sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *w = n < 0 ? NULL : sb_reserve(b, (size_t)n);
    if (!w) {
        b->oom = 1;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(w, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void sb_json_str(struct sbuf *b, const char *s)
{
    sb_put(b, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            char esc[2] = {'\\', (char)*p};
            sb_put(b, esc, 2);
        } else if (*p < 0x20) {
            sb_printf(b, "\\u%04x", *p);
        } else {
            sb_put(b, (const char *)p, 1);
        }
    }
    sb_put(b, "\"", 1);
}
