/*
 * table.c - tables: the registry by id, seats and their tokens, joining,
 * leaving, starting, connections attached to seats, and the one function
 * that records a change (version, database rows, event log).
 */
#include "server.h"

#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Registry                                                                  */
/* ------------------------------------------------------------------------ */

static size_t bucket_of(const struct server *srv, uint64_t id)
{
    return (size_t)(id ^ (id >> 29)) & (srv->nbuckets - 1);
}

static struct table *find_id(struct server *srv, uint64_t id)
{
    for (struct table *t = srv->buckets[bucket_of(srv, id)]; t; t = t->hash_next)
        if (t->id == id)
            return t;
    return NULL;
}

struct table *table_find(struct server *srv, const char *id_hex)
{
    uint8_t raw[8];
    if (hex_decode(id_hex, raw, sizeof raw) != 0)
        return NULL;
    uint64_t id = 0;
    for (int i = 0; i < 8; i++)
        id = id << 8 | raw[i];
    return find_id(srv, id);
}

struct table *table_find_id(struct server *srv, uint64_t id)
{
    return find_id(srv, id);
}

void table_link(struct server *srv, struct table *t)
{
    size_t b = bucket_of(srv, t->id);
    t->hash_next = srv->buckets[b];
    srv->buckets[b] = t;
    srv->ntables++;
}

void table_unlink(struct server *srv, struct table *t)
{
    struct table **p = &srv->buckets[bucket_of(srv, t->id)];
    while (*p && *p != t)
        p = &(*p)->hash_next;
    if (*p) {
        *p = t->hash_next;
        srv->ntables--;
    }
}

void table_free(struct server *srv, struct table *t)
{
    for (int s = 0; s < t->nseats; s++)
        if (t->seats[s].conn)
            conn_detach(t->seats[s].conn, t, s);
    for (struct conn *c = srv->conns; c && t->watchers > 0; c = c->next)
        if (conn_watching(c, t)) {
            conn_detach(c, t, ATTACH_WATCHER);
            t->watchers--;
        }
    rami_game_free(t->game);
    free(t);
}

int table_active_count(const struct server *srv)
{
    int n = 0;
    for (size_t i = 0; i < srv->nbuckets; i++)
        for (const struct table *t = srv->buckets[i]; t; t = t->hash_next)
            n += t->status == TABLE_WAITING || t->status == TABLE_PLAYING;
    return n;
}

/* ------------------------------------------------------------------------ */
/* Changes                                                                   */
/* ------------------------------------------------------------------------ */

void table_change(struct server *srv, struct table *t, int seat, const char *kind, const char *text,
                  int by)
{
    t->version++;
    t->gen = ++srv->gen;
    t->bot_due_ms = 0;
    table_turn_clock(t, now_ms());
    if (batch_touch(srv, t) != 0)
        return;
    struct store *st = srv->store;
    if (store_put_table(st, t) != 0 || (t->seats_dirty && store_put_seats(st, t) != 0) ||
        store_add_event(st, t, seat, kind, text, by) != 0 || store_add_audit(st, t) != 0) {
        logf_(srv, LOG_ERR, "table %s: storing version %lld failed: %s", t->id_hex,
              (long long)t->version, store_errmsg(st));
        batch_fail(srv);
    }
    t->seats_dirty = 0;
}

/* ------------------------------------------------------------------------ */
/* Creating                                                                  */
/* ------------------------------------------------------------------------ */

static uint64_t new_table_id(struct server *srv)
{
    uint64_t id;
    do
        id = random_u64();
    while (id == 0 || find_id(srv, id));
    return id;
}

static void init_seats(struct table *t, int bots)
{
    for (int s = 0; s < t->nseats; s++) {
        if (s >= t->nseats - bots) {
            t->seats[s].kind = SEAT_BOT;
            snprintf(t->seats[s].name, sizeof t->seats[s].name, "bot");
        }
    }
}

int table_create(struct server *srv, const struct table_params *p, const struct reply *r,
                 struct err *e)
{
    char why[REASON_CAP];
    if (table_active_count(srv) >= srv->cfg.max_tables)
        return err_set(e, "too_many_tables", "the server holds %d open tables, its limit",
                       srv->cfg.max_tables);
    if (limit_create(srv, r->c, e) != 0)
        return -1;
    if (rami_ruleset_check(&p->rs, why, sizeof why) != RAMI_OK)
        return err_set(e, "bad_ruleset", "%s", why);
    struct table *t = calloc(1, sizeof *t);
    int rc = t ? rami_game_new(&p->rs, random_u64(), &t->game) : RAMI_E_NOMEM;
    if (rc != RAMI_OK) {
        free(t);
        return err_set(e, "server_error", "the table could not be made: %s", rami_strerror(rc));
    }
    t->id = new_table_id(srv);
    char raw[8];
    for (int i = 0; i < 8; i++)
        raw[i] = (char)(t->id >> (56 - 8 * i));
    hex_encode((const uint8_t *)raw, 8, t->id_hex);
    t->nseats = p->rs.players;
    t->bot_level = p->bot_level;
    t->turn_seconds = p->turn_seconds;
    t->bot_seed = random_u64();
    t->created = wall_seconds();
    t->timer_seat = -1;
    if (r->c)
        memcpy(t->creator, r->c->addr, sizeof t->creator);
    init_seats(t, p->bots);
    table_link(srv, t);
    t->is_new = 1;
    t->seats_dirty = 1;
    table_change(srv, t, -1, "create", "", BY_PLAYER);
    char extra[64];
    snprintf(extra, sizeof extra, "\"table\":\"%s\",", t->id_hex);
    proto_reply_ok(srv, r, extra, t);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Seats                                                                     */
/* ------------------------------------------------------------------------ */

int table_auth(struct table *t, int seat, const char *token, struct err *e)
{
    uint8_t hash[HASH_BYTES];
    if (!token)
        return err_set(e, "bad_token", "this request needs the seat's token");
    if (token_hash(token, hash) != 0)
        return err_set(e, "bad_token", "a token is 32 lowercase hexadecimal digits");
    int match = -1;
    for (int s = 0; s < t->nseats; s++) /* every seat, whatever matches: no early exit */
        if (t->seats[s].kind == SEAT_HUMAN && hash_equal(hash, t->seats[s].token_hash))
            match = s;
    if (match == seat)
        return 0;
    if (match >= 0)
        return err_set(e, "not_your_seat", "this token belongs to another seat of the table");
    return err_set(e, "bad_token", "this is not the token of seat %d", seat);
}

static void start_game(struct server *srv, struct table *t)
{
    for (int s = 0; s < t->nseats; s++) {
        if (t->seats[s].kind == SEAT_OPEN) {
            t->seats[s].kind = SEAT_BOT;
            snprintf(t->seats[s].name, sizeof t->seats[s].name, "bot");
        }
    }
    t->status = TABLE_PLAYING;
    t->seats_dirty = 1;
    table_change(srv, t, -1, "start", "", BY_SERVER);
}

static int open_seat(const struct table *t)
{
    for (int s = 0; s < t->nseats; s++)
        if (t->seats[s].kind == SEAT_OPEN)
            return s;
    return -1;
}

static int check_joinable(const struct table *t, int seat, struct err *e)
{
    if (t->status == TABLE_PLAYING)
        return err_set(e, "table_full", "the game has started: every seat is taken");
    if (t->status != TABLE_WAITING)
        return err_set(e, "table_over", "the game at this table is over");
    if (seat >= t->nseats)
        return err_set(e, "bad_request", "seat: the table has seats 0 to %d", t->nseats - 1);
    if (seat < 0 && open_seat(t) < 0)
        return err_set(e, "table_full", "every seat is taken");
    if (seat >= 0 && t->seats[seat].kind != SEAT_OPEN)
        return err_set(e, "seat_taken", "seat %d is %s", seat,
                       t->seats[seat].kind == SEAT_BOT ? "played by a bot" : "taken");
    return 0;
}

int table_join(struct server *srv, struct table *t, int seat, const char *name,
               const struct reply *r, struct err *e)
{
    char token[TOKEN_HEX_LEN + 1];
    uint8_t hash[HASH_BYTES];
    if (check_joinable(t, seat, e) != 0)
        return -1;
    if (r->c->nattach == MAX_ATTACH)
        return table_too_many_seats(e);
    if (token_new(token, hash) != 0)
        return err_set(e, "server_error", "no random bytes for a token");
    if (seat < 0)
        seat = open_seat(t);
    struct seat *st = &t->seats[seat];
    st->kind = SEAT_HUMAN;
    memcpy(st->token_hash, hash, HASH_BYTES);
    snprintf(st->name, sizeof st->name, "%s", name ? name : "");
    t->seats_dirty = 1;
    table_change(srv, t, seat, "join", st->name, BY_PLAYER);
    table_attach(srv, t, seat, r->c);
    if (open_seat(t) < 0)
        start_game(srv, t); /* before the reply: its info says "playing" */
    char extra[160];
    snprintf(extra, sizeof extra, "\"table\":\"%s\",\"seat\":%d,\"token\":\"%s\",", t->id_hex, seat,
             token);
    proto_reply_ok(srv, r, extra, t);
    msg_push_all(srv, t, t->status == TABLE_PLAYING ? "state" : "table", "");
    return 0;
}

static int humans_left(const struct table *t)
{
    int n = 0;
    for (int s = 0; s < t->nseats; s++)
        n += t->seats[s].kind == SEAT_HUMAN;
    return n;
}

int table_leave(struct server *srv, struct table *t, int seat, const struct reply *r, struct err *e)
{
    if (t->status != TABLE_WAITING && t->status != TABLE_PLAYING)
        return err_set(e, "table_over", "the game at this table is over");
    struct seat *st = &t->seats[seat];
    if (st->conn)
        conn_detach(st->conn, t, seat);
    st->conn = NULL;
    memset(st->token_hash, 0, sizeof st->token_hash);
    if (t->status == TABLE_WAITING) {
        st->kind = SEAT_OPEN;
        st->name[0] = '\0';
    } else {
        st->kind = SEAT_BOT;
        st->left = 1;
        if (humans_left(t) == 0) {
            t->status = TABLE_ABANDONED;
            t->finished_ms = now_ms();
        }
    }
    t->seats_dirty = 1;
    table_change(srv, t, seat, "leave", "", BY_PLAYER);
    char extra[80];
    snprintf(extra, sizeof extra, "\"table\":\"%s\",\"seat\":%d,", t->id_hex, seat);
    proto_reply_ok(srv, r, extra, NULL);
    msg_push_all(srv, t, "table", "");
    return 0;
}

void table_expire(struct server *srv, struct table *t)
{
    t->status = TABLE_ABANDONED;
    t->finished_ms = now_ms();
    table_change(srv, t, -1, "expire", "", BY_SERVER);
    msg_push_all(srv, t, "table", "\"reason\":\"expired\",");
}

int table_start(struct server *srv, struct table *t, const struct reply *r, struct err *e)
{
    if (t->status == TABLE_PLAYING)
        return err_set(e, "not_waiting", "the game has already started");
    if (t->status != TABLE_WAITING)
        return err_set(e, "table_over", "the game at this table is over");
    start_game(srv, t);
    char extra[64];
    snprintf(extra, sizeof extra, "\"table\":\"%s\",", t->id_hex);
    proto_reply_ok(srv, r, extra, NULL);
    msg_push_all(srv, t, "state", "");
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Connections on seats                                                      */
/* ------------------------------------------------------------------------ */

int table_too_many_seats(struct err *e)
{
    return err_set(e, "too_many_seats",
                   "one connection may hold at most %d seats and watched tables", MAX_ATTACH);
}

int table_attach(struct server *srv, struct table *t, int seat, struct conn *c)
{
    struct seat *st = &t->seats[seat];
    if (st->conn == c)
        return 0;
    if (conn_attach(c, t, seat) != 0)
        return -1;
    if (st->conn) {
        struct sbuf b;
        sb_init(&b, MSG_PRE);
        sb_printf(&b,
                  "{\"type\":\"detached\",\"table\":\"%s\",\"seat\":%d,"
                  "\"message\":\"another connection resumed this seat\"}",
                  t->id_hex, seat);
        conn_send(srv, st->conn, &b);
        conn_detach(st->conn, t, seat);
    }
    st->conn = c;
    return 0;
}

void table_detach_conn(struct server *srv, struct table *t, struct conn *c)
{
    if (conn_watching(c, t))
        t->watchers--;
    conn_detach(c, t, ATTACH_ANY);
    for (int s = 0; s < t->nseats; s++)
        if (t->seats[s].conn == c)
            t->seats[s].conn = NULL;
    if (!srv->stop)
        msg_push_all(srv, t, "table", "");
}

/* ------------------------------------------------------------------------ */
/* Watchers                                                                  */
/* ------------------------------------------------------------------------ */

int table_watch(struct server *srv, struct table *t, const struct reply *r, struct err *e)
{
    if (!conn_watching(r->c, t)) {
        if (t->watchers >= MAX_WATCHERS)
            return err_set(e, "too_many_watchers", "%d connections watch this table, its limit",
                           MAX_WATCHERS);
        if (conn_attach(r->c, t, ATTACH_WATCHER) != 0)
            return table_too_many_seats(e);
        t->watchers++;
    }
    char extra[64];
    snprintf(extra, sizeof extra, "\"table\":\"%s\",", t->id_hex);
    proto_reply_ok(srv, r, extra, t);
    msg_push_watcher(srv, t, r->c, "state", "\"reason\":\"watch\",");
    return 0;
}

int table_unwatch(struct server *srv, struct table *t, const struct reply *r, struct err *e)
{
    if (!conn_watching(r->c, t))
        return err_set(e, "not_watching", "this connection does not watch table %s", t->id_hex);
    conn_detach(r->c, t, ATTACH_WATCHER);
    t->watchers--;
    char extra[64];
    snprintf(extra, sizeof extra, "\"table\":\"%s\",", t->id_hex);
    proto_reply_ok(srv, r, extra, NULL);
    return 0;
}
