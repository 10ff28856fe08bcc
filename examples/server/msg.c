/*
 * msg.c - the messages the server pushes to seats and watchers. Each
 * carries the table's public information and the seat's own view from the
 * library (rami_game_view_json with that seat as viewer; a watcher's is
 * RAMI_VIEWER_PUBLIC): what a seat or a watcher may know is decided by the
 * library, never here. Nothing else about the cards is sent.
 */
#include "server.h"

#include <string.h>

#define VIEW_ROOM 8192 /* bytes reserved for a view: most fit */

static const char *const status_names[] = {"waiting", "playing", "over", "abandoned"};
static const char *const kind_names[] = {"open", "human", "bot"};

static void seat_info(struct sbuf *b, const struct table *t, int s)
{
    const struct seat *st = &t->seats[s];
    sb_printf(b, "%s{\"seat\":%d,\"kind\":\"%s\",\"name\":", s ? "," : "", s, kind_names[st->kind]);
    sb_json_str(b, st->name);
    sb_printf(b, ",\"connected\":%s,\"left\":%s}", st->conn ? "true" : "false",
              st->left ? "true" : "false");
}

void msg_info(struct sbuf *b, const struct table *t, int64_t now)
{
    sb_printf(b, "{\"table\":\"%s\",\"status\":\"%s\",\"version\":%lld,\"seats\":[", t->id_hex,
              status_names[t->status], (long long)t->version);
    for (int s = 0; s < t->nseats; s++)
        seat_info(b, t, s);
    sb_printf(b, "],\"bot_level\":\"%s\",\"turn_seconds\":%d,", level_name(t->bot_level),
              t->turn_seconds);
    if (t->timer_seat >= 0)
        sb_printf(b, "\"timer_seat\":%d,", t->timer_seat);
    else
        sb_puts(b, "\"timer_seat\":null,");
    if (t->status == TABLE_PLAYING && t->deadline_ms > 0 && t->timer_seat < 0)
        sb_printf(b, "\"deadline_ms\":%lld}",
                  (long long)(t->deadline_ms > now ? t->deadline_ms - now : 0));
    else
        sb_puts(b, "\"deadline_ms\":null}");
}

/* Appends seat's view (no trailing newline), or null before the start. */
static void seat_view(struct sbuf *b, const struct table *t, int seat)
{
    size_t len = 0;
    if (t->status == TABLE_WAITING) {
        sb_puts(b, "null");
        return;
    }
    /* Written straight into the message; a second call only when it grew
     * beyond the room reserved (a size query would format it twice). */
    char *w = sb_reserve(b, VIEW_ROOM);
    int rc = w ? rami_game_view_json(t->game, seat, w, b->cap - b->len, &len) : RAMI_E_NOMEM;
    if (rc == RAMI_E_BUFFER && (w = sb_reserve(b, len + 1)) != NULL)
        rc = rami_game_view_json(t->game, seat, w, len + 1, &len);
    if (rc != RAMI_OK) {
        b->oom = 1;
        return;
    }
    while (len > 0 && (w[len - 1] == '\n'))
        len--;
    b->len += len;
    b->p[b->len] = '\0';
}

/* A push to c, with the view of `viewer`: a seat, or ATTACH_WATCHER (the
 * public view; "seat" is then null). */
static void push_to(struct server *srv, struct table *t, struct conn *c, int viewer,
                    const char *type, const char *extra_json)
{
    struct sbuf b;
    sb_init(&b, MSG_PRE);
    sb_printf(&b, "{\"type\":\"%s\",\"table\":\"%s\",", type, t->id_hex);
    if (viewer >= 0)
        sb_printf(&b, "\"seat\":%d,", viewer);
    else
        sb_puts(&b, "\"seat\":null,");
    sb_printf(&b, "\"seq\":%lld,%s\"info\":", (long long)t->version, extra_json);
    msg_info(&b, t, now_ms());
    if (strcmp(type, "table") != 0) {
        sb_puts(&b, ",\"view\":");
        seat_view(&b, t, viewer);
    }
    sb_puts(&b, "}");
    conn_send(srv, c, &b);
}

void msg_push(struct server *srv, struct table *t, int seat, const char *type,
              const char *extra_json)
{
    if (t->seats[seat].conn)
        push_to(srv, t, t->seats[seat].conn, seat, type, extra_json);
}

void msg_push_watcher(struct server *srv, struct table *t, struct conn *c, const char *type,
                      const char *extra_json)
{
    push_to(srv, t, c, ATTACH_WATCHER, type, extra_json);
}

void msg_push_all(struct server *srv, struct table *t, const char *type, const char *extra_json)
{
    for (int s = 0; s < t->nseats; s++)
        msg_push(srv, t, s, type, extra_json);
    for (struct conn *c = srv->conns; c && t->watchers > 0; c = c->next)
        if (conn_watching(c, t))
            msg_push_watcher(srv, t, c, type, extra_json);
}
