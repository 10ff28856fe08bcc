/*
 * net.c - the network side of rami-server on libwebsockets: one listening
 * port for WebSocket play, /health and static files; per-connection
 * receive buffers with a size limit; per-connection send queues whose
 * messages wait for the open transaction to commit (batch.c); the periodic
 * tick that drives timers and bots; the wake-up from bot threads.
 */
#include "net.h"

#include "bots.h"

#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TICK_US       (50 * 1000)
#define RX_CHUNK      4096
#define CLOSE_TEXT    "limit"
#define HTTP_HEALTH   1
#define HTTP_INDEX    2
#define HTTP_NOTFOUND 3

_Static_assert(MSG_PRE >= LWS_PRE, "MSG_PRE must leave room for libwebsockets' header");

struct net {
    struct server *srv;
    lws_sorted_usec_list_t tick;
    struct lws_vhost *vhost;
    struct lws_http_mount mounts[3];
    struct lws_protocol_vhost_options mime[3];
    char web_root[4096];
};

/* ------------------------------------------------------------------------ */
/* Send queues                                                               */
/* ------------------------------------------------------------------------ */

static void outmsg_free(struct outmsg *m)
{
    free(m->ack_re);
    free(m->ack_id);
    free(m->buf);
    free(m);
}

static void mark_held(struct server *srv, struct conn *c)
{
    if (!c->has_held) {
        c->has_held = 1;
        c->held_next = srv->held;
        srv->held = c;
    }
}

static struct outmsg *queue_msg(struct server *srv, struct conn *c, struct sbuf *sb)
{
    struct outmsg *m = NULL;
    if (!c || c->closing || sb->oom || !(m = calloc(1, sizeof *m))) {
        if (c && !c->closing && sb->oom)
            conn_close_later(srv, c); /* it would miss a message: let it reconnect */
        sb_free(sb);
        return NULL;
    }
    m->len = sb->len - MSG_PRE;
    m->buf = sb->p;
    memset(sb, 0, sizeof *sb);
    if (c->queued + m->len > srv->cfg.max_queue) {
        logf_(srv, LOG_INFO, "dropping a connection that does not read (%zu bytes queued)",
              c->queued);
        outmsg_free(m);
        conn_close_later(srv, c);
        return NULL;
    }
    m->held = (uint8_t)srv->txn_open;
    if (c->tail)
        c->tail->next = m;
    else
        c->head = m;
    c->tail = m;
    c->queued += m->len;
    if (m->held)
        mark_held(srv, c);
    else
        lws_callback_on_writable(c->wsi);
    return m;
}

void conn_send(struct server *srv, struct conn *c, struct sbuf *sb)
{
    queue_msg(srv, c, sb);
}

void conn_send_reply(struct server *srv, struct conn *c, struct sbuf *sb, const char *re,
                     const char *id_json)
{
    struct outmsg *m = queue_msg(srv, c, sb);
    if (m && m->held) {
        m->ack_re = strdup(re ? re : "");
        m->ack_id = strdup(id_json ? id_json : "");
        m->is_ack = 1;
    }
}

void conn_close_later(struct server *srv, struct conn *c)
{
    (void)srv;
    if (c->closing)
        return;
    c->closing = 1;
    lws_set_timeout(c->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
}

/* After a commit: every held message may go. */
static void release_conn(struct conn *c)
{
    for (struct outmsg *m = c->head; m; m = m->next)
        m->held = 0;
    if (c->head && !c->closing)
        lws_callback_on_writable(c->wsi);
}

/* After a failed commit: held messages are dropped; held replies to
 * requests become server_error replies. */
static void drop_held(struct server *srv, struct conn *c)
{
    struct outmsg **link = &c->head, *acks = NULL, **acks_tail = &acks;
    c->tail = NULL;
    while (*link) {
        struct outmsg *m = *link;
        if (!m->held) {
            c->tail = m;
            link = &m->next;
            continue;
        }
        *link = m->next;
        c->queued -= m->len;
        m->next = NULL;
        if (m->is_ack) {
            *acks_tail = m;
            acks_tail = &m->next;
        } else {
            outmsg_free(m);
        }
    }
    while (acks) {
        struct outmsg *m = acks;
        acks = m->next;
        struct err e;
        err_set(&e, "server_error", "the server could not store the change; nothing changed");
        proto_error(srv, c, m->ack_re[0] ? m->ack_re : NULL, m->ack_id[0] ? m->ack_id : NULL, &e);
        outmsg_free(m);
    }
}

void net_release_held(struct server *srv, int committed)
{
    while (srv->held) {
        struct conn *c = srv->held;
        srv->held = c->held_next;
        c->has_held = 0;
        c->held_next = NULL;
        if (!committed)
            drop_held(srv, c);
        release_conn(c);
    }
}

static int conn_write_one(struct server *srv, struct conn *c)
{
    struct outmsg *m = c->head;
    if (!m || m->held)
        return 0;
    int n = lws_write(c->wsi, (unsigned char *)m->buf + MSG_PRE, m->len, LWS_WRITE_TEXT);
    if (n < (int)m->len)
        return -1;
    c->head = m->next;
    if (!c->head)
        c->tail = NULL;
    c->queued -= m->len;
    int close_after = m->close_after;
    outmsg_free(m);
    if (close_after) {
        lws_close_reason(c->wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, (unsigned char *)CLOSE_TEXT,
                         strlen(CLOSE_TEXT));
        return -1;
    }
    if (c->head && !c->head->held)
        lws_callback_on_writable(c->wsi);
    (void)srv;
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Connections                                                               */
/* ------------------------------------------------------------------------ */

struct conn *conn_find(struct server *srv, uint64_t id)
{
    for (struct conn *c = srv->conns; c; c = c->next)
        if (c->id == id)
            return c;
    return NULL;
}

int conn_attach(struct conn *c, struct table *t, int seat)
{
    for (int i = 0; i < c->nattach; i++)
        if (c->attach[i].table == t && c->attach[i].seat == seat)
            return 0;
    if (c->nattach == MAX_ATTACH)
        return -1;
    c->attach[c->nattach].table = t;
    c->attach[c->nattach].seat = seat;
    c->nattach++;
    return 0;
}

void conn_detach(struct conn *c, struct table *t, int seat)
{
    for (int i = 0; i < c->nattach; i++) {
        if (c->attach[i].table == t && (seat == ATTACH_ANY || c->attach[i].seat == seat)) {
            c->attach[i] = c->attach[--c->nattach];
            i--;
        }
    }
}

int conn_watching(const struct conn *c, const struct table *t)
{
    for (int i = 0; i < c->nattach; i++)
        if (c->attach[i].table == t && c->attach[i].seat == ATTACH_WATCHER)
            return 1;
    return 0;
}

static void conn_open(struct server *srv, struct conn *c, struct lws *wsi)
{
    memset(c, 0, sizeof *c);
    c->id = ++srv->last_conn_id;
    c->wsi = wsi;
    c->is_ws = 1;
    if (!lws_get_peer_simple(wsi, c->addr, sizeof c->addr))
        c->addr[0] = '\0';
    limit_conn_open(srv, c, now_ms());
    c->next = srv->conns;
    if (srv->conns)
        srv->conns->prev = c;
    srv->conns = c;
    srv->nconns++;
    if (srv->nconns > srv->cfg.max_connections) {
        struct err e;
        err_set(&e, "too_many_connections", "the server holds %d connections, its limit",
                srv->cfg.max_connections);
        proto_error(srv, c, NULL, NULL, &e);
        c->refused = 1;
        if (c->tail)
            c->tail->close_after = 1;
    }
}

static void conn_closed(struct server *srv, struct conn *c)
{
    if (!c->is_ws)
        return;
    c->is_ws = 0;
    while (c->nattach > 0) {
        struct attach a = c->attach[c->nattach - 1];
        table_detach_conn(srv, a.table, c);
    }
    if (c->has_held) {
        struct conn **p = &srv->held;
        while (*p != c)
            p = &(*p)->held_next;
        *p = c->held_next;
    }
    while (c->head) {
        struct outmsg *m = c->head;
        c->head = m->next;
        outmsg_free(m);
    }
    free(c->rx);
    if (c->prev)
        c->prev->next = c->next;
    else
        srv->conns = c->next;
    if (c->next)
        c->next->prev = c->prev;
    srv->nconns--;
}

/* Grows the receive buffer to hold n bytes (most messages are short). */
static int rx_room(struct conn *c, size_t n)
{
    if (n <= c->rx_cap)
        return 0;
    size_t cap = c->rx_cap ? c->rx_cap : 512;
    while (cap < n)
        cap *= 2;
    char *p = realloc(c->rx, cap);
    if (!p)
        return -1;
    c->rx = p;
    c->rx_cap = cap;
    return 0;
}

static void conn_receive(struct server *srv, struct conn *c, const char *in, size_t len)
{
    struct lws *wsi = c->wsi;
    if (lws_is_first_fragment(wsi)) {
        c->rx_len = 0;
        c->rx_overflow = 0;
        c->rx_binary = lws_frame_is_binary(wsi);
    }
    if (!c->rx_overflow && c->rx_len + len > srv->cfg.max_message) {
        c->rx_overflow = 1;
    } else if (!c->rx_overflow) {
        if (rx_room(c, c->rx_len + len) != 0) {
            conn_close_later(srv, c);
            return;
        }
        memcpy(c->rx + c->rx_len, in, len);
        c->rx_len += len;
    }
    if (!lws_is_final_fragment(wsi))
        return;
    struct err e = {0};
    if (c->rx_overflow)
        err_set(&e, "too_large", "a message may hold at most %zu bytes", srv->cfg.max_message);
    else if (c->rx_binary)
        err_set(&e, "bad_request", "binary messages are not accepted: send JSON text");
    if (e.code)
        proto_error(srv, c, NULL, NULL, &e);
    else
        proto_handle(srv, c, c->rx, c->rx_len);
    c->rx_len = 0;
}

/* ------------------------------------------------------------------------ */
/* HTTP                                                                      */
/* ------------------------------------------------------------------------ */

static const char index_page[] =
    "<!doctype html><html><head><meta charset=\"utf-8\"><title>rami-server</title></head>"
    "<body><h1>rami-server</h1><p>A Rami game server on librami. Play over WebSocket at "
    "<code>/ws</code> (doc/protocol.md); <a href=\"/health\">/health</a> tells how it is. "
    "Start the server with <code>--web-root DIR</code> to serve the web page here.</p>"
    "</body></html>\n";

static void health_json(struct server *srv, struct sbuf *b)
{
    int count[4] = {0};
    for (size_t i = 0; i < srv->nbuckets; i++)
        for (struct table *t = srv->buckets[i]; t; t = t->hash_next)
            count[t->status]++;
    sb_printf(b,
              "{\"status\":\"ok\",\"server\":\"rami-server\",\"librami\":\"%s\","
              "\"protocol\":%d,\"tables\":{\"waiting\":%d,\"playing\":%d,\"over\":%d,"
              "\"abandoned\":%d},\"connections\":%d,\"moves\":%llu,\"refused\":%llu,"
              "\"commits\":%ld,\"uptime_ms\":%lld}\n",
              rami_version(), SERVER_PROTOCOL, count[TABLE_WAITING], count[TABLE_PLAYING],
              count[TABLE_OVER], count[TABLE_ABANDONED], srv->nconns,
              (unsigned long long)srv->moves, (unsigned long long)srv->refused, srv->commits,
              (long long)(now_ms() - srv->started_ms));
}

/* With a web root that holds the page (web/index.html), / leads to it. */
static int redirect_to_page(struct server *srv, struct lws *wsi)
{
    struct net *net = srv->net;
    char path[sizeof net->web_root + 32];
    unsigned char head[LWS_PRE + 256], *p = head + LWS_PRE, *end = head + sizeof head - 1;
    snprintf(path, sizeof path, "%s/web/index.html", net->web_root);
    if (!net->web_root[0] || access(path, R_OK) != 0)
        return 0;
    if (lws_http_redirect(wsi, HTTP_STATUS_FOUND, (const unsigned char *)"/web/", 5, &p, end) < 0)
        return -1;
    return lws_http_transaction_completed(wsi) ? -1 : 1;
}

static int http_request(struct server *srv, struct conn *c, struct lws *wsi)
{
    char uri[256];
    if (lws_hdr_copy(wsi, uri, sizeof uri, WSI_TOKEN_GET_URI) < 0)
        uri[0] = '\0';
    c->http_kind = strcmp(uri, "/health") == 0 ? HTTP_HEALTH
                   : strcmp(uri, "/") == 0     ? HTTP_INDEX
                                               : HTTP_NOTFOUND;
    if (c->http_kind == HTTP_INDEX) {
        int rc = redirect_to_page(srv, wsi);
        if (rc != 0)
            return rc < 0 ? -1 : 0;
    }
    if (c->http_kind == HTTP_NOTFOUND) {
        if (lws_return_http_status(wsi, HTTP_STATUS_NOT_FOUND, NULL))
            return -1;
        return lws_http_transaction_completed(wsi) ? -1 : 0;
    }
    (void)srv;
    lws_callback_on_writable(wsi);
    return 0;
}

static int http_write(struct server *srv, struct conn *c, struct lws *wsi)
{
    struct sbuf body;
    sb_init(&body, 0);
    if (c->http_kind == HTTP_HEALTH)
        health_json(srv, &body);
    else
        sb_puts(&body, index_page);
    unsigned char head[LWS_PRE + 512], *start = head + LWS_PRE, *p = start,
                                       *end = head + sizeof head - 1;
    const char *type = c->http_kind == HTTP_HEALTH ? "application/json" : "text/html";
    int rc = -1;
    if (!body.oom && !lws_add_http_common_headers(wsi, HTTP_STATUS_OK, type, body.len, &p, end) &&
        !lws_add_http_header_by_token(wsi, WSI_TOKEN_HTTP_CACHE_CONTROL,
                                      (const unsigned char *)"no-store", 8, &p, end) &&
        !lws_finalize_write_http_header(wsi, start, &p, end)) {
        struct sbuf out;
        sb_init(&out, LWS_PRE);
        sb_put(&out, body.p, body.len);
        if (!out.oom && lws_write(wsi, (unsigned char *)out.p + LWS_PRE, body.len,
                                  LWS_WRITE_HTTP_FINAL) == (int)body.len)
            rc = lws_http_transaction_completed(wsi) ? -1 : 0;
        sb_free(&out);
    }
    sb_free(&body);
    c->http_kind = 0;
    return rc;
}

/* ------------------------------------------------------------------------ */
/* The protocol callback                                                     */
/* ------------------------------------------------------------------------ */

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    struct lws_context *ctx = lws_get_context(wsi);
    struct server *srv = ctx ? lws_context_user(ctx) : NULL;
    struct conn *c = user;
    switch (reason) {
    case LWS_CALLBACK_ESTABLISHED:
        conn_open(srv, c, wsi);
        return 0;
    case LWS_CALLBACK_RECEIVE:
        if (!c->closing && !c->refused)
            conn_receive(srv, c, in, len);
        return 0;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return c->closing ? -1 : conn_write_one(srv, c);
    case LWS_CALLBACK_CLOSED:
        conn_closed(srv, c);
        return 0;
    case LWS_CALLBACK_HTTP:
        return http_request(srv, c, wsi);
    case LWS_CALLBACK_HTTP_WRITEABLE:
        if (c && c->http_kind)
            return http_write(srv, c, wsi);
        break;
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        if (srv)
            bots_drain(srv);
        return 0;
    default:
        break;
    }
    return lws_callback_http_dummy(wsi, reason, user, in, len);
}

static const struct lws_protocols protocols[] = {
    {"rami", callback, sizeof(struct conn), RX_CHUNK, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0},
};

static const lws_retry_bo_t retry = {
    .secs_since_valid_ping = 30,
    .secs_since_valid_hangup = 70,
};

/* ------------------------------------------------------------------------ */
/* Ticks                                                                     */
/* ------------------------------------------------------------------------ */

static void tick(lws_sorted_usec_list_t *sul)
{
    /* lws_container_of, through void * (clang's -Wcast-align on a char *) */
    struct net *net = (struct net *)(void *)((char *)sul - offsetof(struct net, tick));
    struct server *srv = net->srv;
    int64_t now = now_ms();
    for (size_t i = 0; i < srv->nbuckets; i++) {
        struct table *t = srv->buckets[i], *next;
        for (; t; t = next) {
            next = t->hash_next;
            table_tick(srv, t, now);
        }
    }
    lws_sul_schedule(srv->ctx, 0, &net->tick, tick, TICK_US);
}

/* ------------------------------------------------------------------------ */
/* Start and stop                                                            */
/* ------------------------------------------------------------------------ */

static void set_mounts(struct net *net)
{
    struct lws_http_mount *health = &net->mounts[0], *root = &net->mounts[1];
    health->mountpoint = "/health";
    health->mountpoint_len = 7;
    health->origin = "health";
    health->protocol = "rami";
    health->origin_protocol = LWSMPRO_CALLBACK;
    health->mount_next = root;
    root->mountpoint = "/";
    root->mountpoint_len = 1;
    if (net->web_root[0]) {
        static const char *const types[][2] = {{".wasm", "application/wasm"},
                                               {".mjs", "text/javascript"},
                                               {".json", "application/json"}};
        for (int i = 0; i < 3; i++) {
            net->mime[i].name = types[i][0];
            net->mime[i].value = types[i][1];
            net->mime[i].next = i < 2 ? &net->mime[i + 1] : NULL;
        }
        root->origin = net->web_root;
        root->def = "index.html";
        root->origin_protocol = LWSMPRO_FILE;
        root->extra_mimetypes = net->mime;
    } else {
        root->origin = "index";
        root->protocol = "rami";
        root->origin_protocol = LWSMPRO_CALLBACK;
    }
}

int net_start(struct server *srv, char *why, size_t why_cap)
{
    struct net *net = calloc(1, sizeof *net);
    if (!net) {
        snprintf(why, why_cap, "out of memory");
        return -1;
    }
    net->srv = srv;
    srv->net = net;
    if (srv->cfg.web_root && !realpath(srv->cfg.web_root, net->web_root)) {
        snprintf(why, why_cap, "--web-root %s: no such directory", srv->cfg.web_root);
        return -1;
    }
    set_mounts(net);
    lws_set_log_level(srv->cfg.verbose > 1 ? LLL_ERR | LLL_WARN | LLL_NOTICE : LLL_ERR, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = srv->cfg.port;
    info.iface = srv->cfg.bind;
    info.protocols = protocols;
    info.mounts = net->mounts;
    info.user = srv;
    info.server_string = "rami-server";
    info.retry_and_idle_policy = &retry;
    info.max_http_header_data = 4096;
    info.fd_limit_per_thread = (unsigned int)srv->cfg.max_connections + 64;
    srv->ctx = lws_create_context(&info);
    if (!srv->ctx) {
        snprintf(why, why_cap, "cannot listen on %s port %d", srv->cfg.bind, srv->cfg.port);
        return -1;
    }
    net->vhost = lws_get_vhost_by_name(srv->ctx, "default");
    lws_sul_schedule(srv->ctx, 0, &net->tick, tick, TICK_US);
    return 0;
}

int net_port(struct server *srv)
{
    struct net *net = srv->net;
    return net && net->vhost ? lws_get_vhost_listen_port(net->vhost) : -1;
}

int net_service(struct server *srv)
{
    return lws_service(srv->ctx, 0);
}

void net_wake(struct server *srv)
{
    if (srv->ctx)
        lws_cancel_service(srv->ctx);
}

void net_stop(struct server *srv)
{
    struct net *net = srv->net;
    if (srv->ctx) {
        lws_sul_cancel(&net->tick);
        lws_context_destroy(srv->ctx);
        srv->ctx = NULL;
    }
    free(net);
    srv->net = NULL;
}
