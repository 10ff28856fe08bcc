/*
 * proto.c - the client messages of doc/protocol.md: parsing (jansson),
 * field checks, authentication of seat requests, replies and errors.
 * Every check happens before anything changes, so a refused request
 * changes nothing.
 */
#include "server.h"

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define ID_CAP     64 /* bytes of a string id */
#define MOVE_CAP   128
#define TYPE_SHOWN 32 /* bytes of an unknown type quoted back */
#define NEEDS_SEAT 1

struct req {
    struct server *srv;
    struct conn *c;
    json_t *root;
    const char *type;
    char id[ID_CAP * 6 + 8]; /* the id as JSON text, or "" */
    struct table *t;
    int seat;
};

/* ------------------------------------------------------------------------ */
/* Replies                                                                   */
/* ------------------------------------------------------------------------ */

static void put_re_id(struct sbuf *b, const char *re, const char *id_json)
{
    if (re) {
        sb_puts(b, "\"re\":");
        sb_json_str(b, re);
        sb_puts(b, ",");
    } else {
        sb_puts(b, "\"re\":null,");
    }
    sb_printf(b, "\"id\":%s", id_json && id_json[0] ? id_json : "null");
}

void proto_error(struct server *srv, struct conn *c, const char *re, const char *id_json,
                 const struct err *e)
{
    struct sbuf b;
    sb_init(&b, MSG_PRE);
    sb_printf(&b, "{\"type\":\"error\",\"code\":\"%s\",\"message\":", e->code);
    sb_json_str(&b, e->message);
    if (e->status) {
        sb_printf(&b, ",\"status\":%d,\"status_name\":\"%s\",\"reason\":", e->status,
                  status_name(e->status));
        sb_json_str(&b, e->reason);
    }
    if (e->retry_ms > 0)
        sb_printf(&b, ",\"retry_ms\":%d", e->retry_ms);
    sb_puts(&b, ",");
    put_re_id(&b, re, id_json);
    sb_puts(&b, "}");
    conn_send_reply(srv, c, &b, re, id_json);
}

void proto_reply_ok(struct server *srv, const struct reply *r, const char *extra,
                    const struct table *info)
{
    if (!r)
        return;
    struct sbuf b;
    sb_init(&b, MSG_PRE);
    sb_printf(&b, "{\"type\":\"ok\",%s", extra);
    if (info) {
        sb_puts(&b, "\"info\":");
        msg_info(&b, info, now_ms());
        sb_puts(&b, ",");
    }
    put_re_id(&b, r->re, r->id);
    sb_puts(&b, "}");
    conn_send_reply(srv, r->c, &b, r->re, r->id);
}

static void fail(struct req *rq, const struct err *e)
{
    proto_error(rq->srv, rq->c, rq->type, rq->id, e);
}

static struct reply reply_of(const struct req *rq)
{
    struct reply r = {rq->c, rq->type, rq->id};
    return r;
}

/* ------------------------------------------------------------------------ */
/* Fields                                                                    */
/* ------------------------------------------------------------------------ */

/* An integer field in [lo, hi]; *out keeps its default when absent and not
 * required. */
static int get_int(json_t *obj, const char *key, int required, long long lo, long long hi,
                   long long *out, struct err *e)
{
    json_t *v = json_object_get(obj, key);
    if (!v) {
        if (required)
            return err_set(e, "bad_request", "%s: missing", key);
        return 0;
    }
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return err_set(e, "bad_request", "%s: must be an integer from %lld to %lld", key, lo, hi);
    *out = json_integer_value(v);
    return 0;
}

/* A string field of at most cap bytes; NULL when absent. */
static int get_str(json_t *obj, const char *key, int required, size_t cap, const char **out,
                   struct err *e)
{
    json_t *v = json_object_get(obj, key);
    *out = NULL;
    if (!v) {
        if (required)
            return err_set(e, "bad_request", "%s: missing", key);
        return 0;
    }
    if (!json_is_string(v) || json_string_length(v) > cap ||
        strlen(json_string_value(v)) != json_string_length(v))
        return err_set(e, "bad_request", "%s: must be a string of at most %zu bytes", key, cap);
    *out = json_string_value(v);
    return 0;
}

static int get_name(json_t *obj, const char **out, struct err *e)
{
    if (get_str(obj, "name", 0, NAME_CAP - 1, out, e) != 0)
        return -1;
    for (const unsigned char *p = (const unsigned char *)(*out ? *out : ""); *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            return err_set(e, "bad_request", "name: control characters are not allowed");
    return 0;
}

static int get_id(struct req *rq, struct err *e)
{
    json_t *v = json_object_get(rq->root, "id");
    struct sbuf b;
    rq->id[0] = '\0';
    if (!v)
        return 0;
    sb_init(&b, 0);
    if (json_is_integer(v))
        sb_printf(&b, "%lld", (long long)json_integer_value(v));
    else if (json_is_string(v) && json_string_length(v) <= ID_CAP &&
             strlen(json_string_value(v)) == json_string_length(v))
        sb_json_str(&b, json_string_value(v));
    int ok = b.len > 0 && !b.oom && b.len < sizeof rq->id;
    if (ok)
        memcpy(rq->id, b.p, b.len + 1);
    sb_free(&b);
    return ok ? 0
              : err_set(e, "bad_request", "id: must be an integer or a string of at most %d bytes",
                        ID_CAP);
}

/* table, seat and token: the table exists and the token is the seat's. */
static int get_seat(struct req *rq, struct err *e)
{
    const char *id = NULL, *token = NULL;
    long long seat = 0;
    if (get_str(rq->root, "table", 1, TABLE_ID_LEN, &id, e) != 0)
        return -1;
    if (!(rq->t = table_find(rq->srv, id)))
        return err_set(e, "unknown_table", "there is no table %s", id);
    if (get_int(rq->root, "seat", 1, 0, rq->t->nseats - 1, &seat, e) != 0)
        return -1;
    rq->seat = (int)seat;
    json_t *tok = json_object_get(rq->root, "token");
    if (tok && !json_is_string(tok))
        return err_set(e, "bad_token", "token: must be a string");
    if (tok)
        token = json_string_value(tok);
    return table_auth(rq->t, rq->seat, token, e);
}

/* ------------------------------------------------------------------------ */
/* create                                                                    */
/* ------------------------------------------------------------------------ */

static const char *const option_names[] = {
    "layoff_others", "go_out_by_meld", "keep_pickup",  "pickup_must_meld", "joker_swap",
    "joker_replay",  "open_pure_run",  "joker_choice", "open_turn_layoff"};

static const struct {
    const char *name;
    size_t offset, size;
} rs_fields[] = {
#define RS_FIELD(f)                                                                                \
    {                                                                                              \
#f, offsetof(rami_ruleset, f), sizeof(((rami_ruleset *)0)->f)                              \
    }
    RS_FIELD(decks),          RS_FIELD(jokers),          RS_FIELD(hand_size),
    RS_FIELD(opening_points), RS_FIELD(jokers_per_meld), RS_FIELD(max_restocks),
    RS_FIELD(max_turns),      RS_FIELD(joker_penalty),   RS_FIELD(ace_penalty),
    RS_FIELD(match_rounds),   RS_FIELD(match_target),
#undef RS_FIELD
};

static const struct {
    const char *name;
    int preset;
} presets[] = {{"51", RAMI_PRESET_51},
               {"40", RAMI_PRESET_40},
               {"51_house", RAMI_PRESET_51_HOUSE},
               {"40_house", RAMI_PRESET_40_HOUSE},
               {"finnish", RAMI_PRESET_FINNISH}};

static int parse_options(json_t *obj, rami_ruleset *rs, struct err *e)
{
    const char *key;
    json_t *v;
    if (!obj)
        return 0;
    if (!json_is_object(obj))
        return err_set(e, "bad_request", "options: must be an object of option names to booleans");
    json_object_foreach(obj, key, v)
    {
        size_t i = 0;
        while (i < 9 && strcmp(key, option_names[i]) != 0)
            i++;
        if (i == 9 || !json_is_boolean(v))
            return err_set(e, "bad_request", "options: unknown option or not a boolean: %.40s",
                           key);
        if (json_is_true(v))
            rs->options |= 1u << i;
        else
            rs->options &= ~(1u << i);
    }
    return 0;
}

static int parse_fields(json_t *obj, rami_ruleset *rs, struct err *e)
{
    const char *key;
    json_t *v;
    if (!obj)
        return 0;
    if (!json_is_object(obj))
        return err_set(e, "bad_request", "ruleset: must be an object of field names to integers");
    json_object_foreach(obj, key, v)
    {
        size_t i = 0, n = sizeof rs_fields / sizeof rs_fields[0];
        while (i < n && strcmp(key, rs_fields[i].name) != 0)
            i++;
        if (i == n)
            return err_set(e, "bad_request", "ruleset: unknown field %.40s", key);
        long long max = rs_fields[i].size == 1 ? 255 : 65535, val = 0;
        if (get_int(obj, key, 1, 0, max, &val, e) != 0)
            return -1;
        unsigned char *p = (unsigned char *)rs + rs_fields[i].offset;
        if (rs_fields[i].size == 1)
            *p = (uint8_t)val;
        else
            memcpy(p, &(uint16_t){(uint16_t)val}, 2);
    }
    return 0;
}

/* The server's own rules on top of the library's: every round and every
 * match must end. */
static int server_rules(rami_ruleset *rs, struct err *e)
{
    if (rs->max_turns == 0 || rs->max_turns > SERVER_MAX_TURNS)
        return err_set(e, "bad_ruleset", "max_turns must be from 1 to %d on this server",
                       SERVER_MAX_TURNS);
    if (rs->match_rounds > MAX_MATCH_ROUNDS)
        return err_set(e, "bad_ruleset", "match_rounds must be at most %d", MAX_MATCH_ROUNDS);
    if (rs->match_rounds == 0 && rs->match_target == 0)
        rs->match_rounds = DEFAULT_MATCH_ROUND;
    return 0;
}

static int parse_create(struct req *rq, struct table_params *p, struct err *e)
{
    const char *preset = NULL, *level = NULL;
    long long seats = 2, bots = 0, turn = rq->srv->cfg.turn_seconds;
    size_t i = 0, n = sizeof presets / sizeof presets[0];
    if (get_str(rq->root, "preset", 0, 16, &preset, e) != 0 ||
        get_int(rq->root, "seats", 0, 2, RAMI_MAX_PLAYERS, &seats, e) != 0 ||
        get_int(rq->root, "bots", 0, 0, seats - 1, &bots, e) != 0 ||
        get_str(rq->root, "bot_level", 0, 16, &level, e) != 0 ||
        get_int(rq->root, "turn_seconds", 0, 0, MAX_TURN_SECONDS, &turn, e) != 0)
        return -1;
    while (preset && i < n && strcmp(preset, presets[i].name) != 0)
        i++;
    if (i == n)
        return err_set(e, "bad_request", "preset: one of 51, 40, 51_house, 40_house, finnish");
    p->bot_level = level ? level_parse(level) : RAMI_BOT_GREEDY;
    if (p->bot_level < 0)
        return err_set(e, "bad_request", "bot_level: one of random, greedy, strong");
    rami_ruleset_init(&p->rs, preset ? presets[i].preset : RAMI_PRESET_51, (unsigned)seats);
    p->bots = (int)bots;
    p->turn_seconds = (int)turn;
    if (parse_options(json_object_get(rq->root, "options"), &p->rs, e) != 0 ||
        parse_fields(json_object_get(rq->root, "ruleset"), &p->rs, e) != 0)
        return -1;
    return server_rules(&p->rs, e);
}

/* ------------------------------------------------------------------------ */
/* Handlers                                                                  */
/* ------------------------------------------------------------------------ */

static int h_hello(struct req *rq, struct err *e)
{
    struct server *srv = rq->srv;
    const struct config *cfg = &srv->cfg;
    char extra[512];
    (void)e;
    snprintf(extra, sizeof extra,
             "\"server\":\"rami-server\",\"protocol\":%d,\"librami\":\"%s\","
             "\"limits\":{\"max_message\":%zu,\"max_seats_per_connection\":%d,"
             "\"max_tables\":%d,\"max_connections\":%d,\"rate_per_second\":%d,"
             "\"rate_burst\":%d,\"max_waiting_per_address\":%d,\"max_watchers_per_table\":%d},",
             SERVER_PROTOCOL, rami_version(), cfg->max_message, MAX_ATTACH, cfg->max_tables,
             cfg->max_connections, cfg->rate_per_second, cfg->rate_burst, cfg->addr_waiting,
             MAX_WATCHERS);
    struct reply r = reply_of(rq);
    proto_reply_ok(srv, &r, extra, NULL);
    return 0;
}

static int h_create(struct req *rq, struct err *e)
{
    struct table_params p;
    memset(&p, 0, sizeof p);
    if (parse_create(rq, &p, e) != 0)
        return -1;
    struct reply r = reply_of(rq);
    return table_create(rq->srv, &p, &r, e);
}

/* The table named by the "table" member (join, watch, unwatch). */
static int get_table(struct req *rq, struct err *e)
{
    const char *id = NULL;
    if (get_str(rq->root, "table", 1, TABLE_ID_LEN, &id, e) != 0)
        return -1;
    if (!(rq->t = table_find(rq->srv, id)))
        return err_set(e, "unknown_table", "there is no table %s", id);
    return 0;
}

static int h_join(struct req *rq, struct err *e)
{
    const char *name = NULL;
    long long seat = -1;
    if (get_table(rq, e) != 0)
        return -1;
    if (get_int(rq->root, "seat", 0, 0, RAMI_MAX_PLAYERS - 1, &seat, e) != 0 ||
        get_name(rq->root, &name, e) != 0)
        return -1;
    struct reply r = reply_of(rq);
    return table_join(rq->srv, rq->t, (int)seat, name, &r, e);
}

static int h_watch(struct req *rq, struct err *e)
{
    if (get_table(rq, e) != 0)
        return -1;
    struct reply r = reply_of(rq);
    return table_watch(rq->srv, rq->t, &r, e);
}

static int h_unwatch(struct req *rq, struct err *e)
{
    if (get_table(rq, e) != 0)
        return -1;
    struct reply r = reply_of(rq);
    return table_unwatch(rq->srv, rq->t, &r, e);
}

static int h_resume(struct req *rq, struct err *e)
{
    if (table_attach(rq->srv, rq->t, rq->seat, rq->c) != 0)
        return table_too_many_seats(e);
    char extra[80];
    snprintf(extra, sizeof extra, "\"table\":\"%s\",\"seat\":%d,", rq->t->id_hex, rq->seat);
    struct reply r = reply_of(rq);
    proto_reply_ok(rq->srv, &r, extra, NULL);
    msg_push(rq->srv, rq->t, rq->seat, "state", "\"reason\":\"resume\",");
    msg_push_all(rq->srv, rq->t, "table", "");
    return 0;
}

static int parse_move(struct req *rq, rami_move *m, struct err *e)
{
    const char *text = NULL;
    if (get_str(rq->root, "move", 1, MOVE_CAP, &text, e) != 0)
        return -1;
    int rc = rami_move_parse(text, m);
    if (rc == RAMI_OK)
        return 0;
    err_set(e, "bad_move", "%s", rami_strerror(rc));
    e->status = rc;
    snprintf(e->reason, sizeof e->reason, "not move notation: %.100s", text);
    return -1;
}

static int h_move(struct req *rq, struct err *e)
{
    rami_move m;
    if (parse_move(rq, &m, e) != 0) {
        rq->srv->refused++;
        return -1;
    }
    struct reply r = reply_of(rq);
    return table_move(rq->srv, rq->t, rq->seat, &m, BY_PLAYER, &r, e);
}

static int h_check(struct req *rq, struct err *e)
{
    rami_move m;
    if (parse_move(rq, &m, e) != 0 || table_check(rq->t, rq->seat, &m, e) != 0)
        return -1;
    char extra[96];
    snprintf(extra, sizeof extra, "\"table\":\"%s\",\"seat\":%d,\"seq\":%lld,", rq->t->id_hex,
             rq->seat, (long long)rq->t->version);
    struct reply r = reply_of(rq);
    proto_reply_ok(rq->srv, &r, extra, NULL);
    return 0;
}

static int h_hint(struct req *rq, struct err *e)
{
    struct reply r = reply_of(rq);
    return table_hint(rq->srv, rq->t, rq->seat, &r, e);
}

void proto_hint_result(struct server *srv, uint64_t conn_id, const char *re, const char *id,
                       uint64_t table_id, int64_t version, int seat, int status, const rami_move *m,
                       const char *why)
{
    struct conn *c = conn_find(srv, conn_id);
    char text[MOVE_CAP], table[TABLE_ID_LEN + 1];
    if (!c)
        return;
    c->hint_pending = 0;
    struct err e = {0};
    if (status != RAMI_OK || rami_move_format(m, text, sizeof text) != RAMI_OK) {
        err_set(&e, "illegal_move", "%s", rami_strerror(status));
        e.status = status ? status : RAMI_E_ARG;
        snprintf(e.reason, sizeof e.reason, "no hint: %s", rami_strerror(status));
        proto_error(srv, c, re, id, &e);
        return;
    }
    for (int i = 0; i < 8; i++)
        snprintf(table + 2 * i, 3, "%02x", (unsigned)(table_id >> (56 - 8 * i)) & 0xffu);
    struct sbuf x;
    sb_init(&x, 0);
    sb_printf(&x, "\"table\":\"%s\",\"seat\":%d,\"seq\":%lld,\"move\":\"%s\",\"reason\":", table,
              seat, (long long)version, text);
    sb_json_str(&x, why);
    sb_puts(&x, ",");
    struct reply r = {c, re, id};
    if (!x.oom)
        proto_reply_ok(srv, &r, x.p, NULL);
    sb_free(&x);
}

static int h_undo(struct req *rq, struct err *e)
{
    struct reply r = reply_of(rq);
    return table_undo(rq->srv, rq->t, rq->seat, &r, e);
}

static int h_moves(struct req *rq, struct err *e)
{
    struct sbuf x;
    sb_init(&x, 0);
    int rc = table_legal_moves(rq->srv, rq->t, rq->seat, &x, e);
    if (rc == 0) {
        sb_printf(&x, "\"table\":\"%s\",\"seat\":%d,\"seq\":%lld,", rq->t->id_hex, rq->seat,
                  (long long)rq->t->version);
        struct reply r = reply_of(rq);
        if (x.oom)
            rc = err_set(e, "server_error", "out of memory");
        else
            proto_reply_ok(rq->srv, &r, x.p, NULL);
    }
    sb_free(&x);
    return rc;
}

static int h_leave(struct req *rq, struct err *e)
{
    struct reply r = reply_of(rq);
    return table_leave(rq->srv, rq->t, rq->seat, &r, e);
}

static int h_start(struct req *rq, struct err *e)
{
    struct reply r = reply_of(rq);
    return table_start(rq->srv, rq->t, &r, e);
}

static const struct handler {
    const char *type;
    int (*fn)(struct req *rq, struct err *e);
    int flags;
} handlers[] = {
    {"hello", h_hello, 0},          {"create", h_create, 0},      {"join", h_join, 0},
    {"watch", h_watch, 0},          {"unwatch", h_unwatch, 0},    {"resume", h_resume, NEEDS_SEAT},
    {"move", h_move, NEEDS_SEAT},   {"undo", h_undo, NEEDS_SEAT}, {"moves", h_moves, NEEDS_SEAT},
    {"check", h_check, NEEDS_SEAT}, {"hint", h_hint, NEEDS_SEAT}, {"leave", h_leave, NEEDS_SEAT},
    {"start", h_start, NEEDS_SEAT},
};

/* The handler of a message type (its "type" member: NULL if missing or
 * not a string); NULL if it names none. */
static const struct handler *handler_named(const char *name)
{
    for (size_t i = 0; name && i < sizeof handlers / sizeof handlers[0]; i++)
        if (strcmp(name, handlers[i].type) == 0)
            return &handlers[i];
    return NULL;
}

static int dispatch(struct req *rq, struct err *e)
{
    const char *name = json_string_value(json_object_get(rq->root, "type"));
    if (name == NULL)
        return err_set(e, "bad_request", "type: missing or not a string");
    const struct handler *h = handler_named(name);
    if (h) {
        rq->type = h->type;
        if (get_id(rq, e) != 0)
            return -1;
        if ((h->flags & NEEDS_SEAT) && get_seat(rq, e) != 0)
            return -1;
        return h->fn(rq, e);
    }
    get_id(rq, e);
    char shown[TYPE_SHOWN + 1];
    snprintf(shown, sizeof shown, "%s", name);
    return err_set(e, "unknown_type", "unknown message type: %s", shown);
}

void proto_handle(struct server *srv, struct conn *c, const char *text, size_t len)
{
    struct req rq = {.srv = srv, .c = c, .seat = -1};
    struct err e = {0};
    json_error_t je;
    rq.root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (limit_request(srv, c, now_ms(), &e) != 0) {
        /* The refusal names the request it refuses, as far as it can. */
        struct err bad_id = {0}; /* an id that is no id: the refusal has none */
        if (rq.root && json_is_object(rq.root)) {
            const struct handler *h =
                handler_named(json_string_value(json_object_get(rq.root, "type")));
            rq.type = h ? h->type : NULL;
            get_id(&rq, &bad_id);
        }
    } else if (!rq.root)
        err_set(&e, "bad_json", "the message is not JSON: %s (at byte %d)", je.text, je.position);
    else if (!json_is_object(rq.root))
        err_set(&e, "bad_request", "a message is a JSON object");
    else
        dispatch(&rq, &e);
    if (e.code)
        fail(&rq, &e);
    json_decref(rq.root);
}
