/*
 * limit.c - what one client may ask of the server: requests per second on
 * one connection (a token bucket), and tables waiting for players created
 * from one address (doc/protocol.md, "Limits").
 *
 * Without them one client could keep the network thread and the database
 * busy (every create, join or leave is a write) or hold --max-tables
 * waiting tables for --wait-seconds, and so lock every other player out.
 */
#include <string.h>

#include "server.h"

#define MILLI 1000 /* one request, in the thousandths that credit counts */

void limit_conn_open(const struct server *srv, struct conn *c, int64_t now)
{
    c->credit = (int64_t)srv->cfg.rate_burst * MILLI;
    c->credit_ms = now;
}

/* The bucket holds rate_burst requests and refills at rate_per_second:
 * each millisecond adds rate_per_second thousandths of a request. */
int limit_request(const struct server *srv, struct conn *c, int64_t now, struct err *e)
{
    int64_t rate = srv->cfg.rate_per_second, full = (int64_t)srv->cfg.rate_burst * MILLI;
    if (rate == 0)
        return 0;
    int64_t elapsed = now - c->credit_ms;
    if (elapsed > 0) {
        /* Beyond the time that fills the bucket, waiting adds nothing (and
         * the product stays far from overflow). */
        if (elapsed > full / rate + 1)
            elapsed = full / rate + 1;
        c->credit += elapsed * rate;
        if (c->credit > full)
            c->credit = full;
        c->credit_ms = now;
    }
    if (c->credit >= MILLI) {
        c->credit -= MILLI;
        return 0;
    }
    int wait_ms = (int)((MILLI - c->credit + rate - 1) / rate); /* at most 1000 */
    err_set(e, "rate_limited",
            "more than %d requests a second from this connection: the request was not "
            "carried out; ask again in %d ms",
            srv->cfg.rate_per_second, wait_ms);
    e->retry_ms = wait_ms;
    return -1;
}

/* Counts the waiting tables created from c's address: a scan of the
 * tables, as table_active_count does (a create is rare beside a move). */
int limit_create(const struct server *srv, const struct conn *c, struct err *e)
{
    int most = srv->cfg.addr_waiting;
    if (most == 0 || c == NULL || c->addr[0] == '\0')
        return 0;
    int n = 0;
    for (size_t i = 0; i < srv->nbuckets; i++)
        for (const struct table *t = srv->buckets[i]; t; t = t->hash_next)
            n += t->status == TABLE_WAITING && strcmp(t->creator, c->addr) == 0;
    if (n < most)
        return 0;
    return err_set(e, "too_many_waiting",
                   "%d tables created from this address are waiting for players, its limit: "
                   "start one, or wait until one expires",
                   most);
}
