/*
 * batch.c - one SQLite transaction per pass of the event loop. The first
 * change of a pass begins it; every change writes its rows into it; the
 * messages of the pass are held (net.c). After the pass the transaction
 * commits (synchronous=FULL: on disk) and only then are the messages sent.
 * If anything fails, the transaction is rolled back, every table it
 * touched is read back from the database, the held messages are dropped
 * and each reply to a request of the pass becomes a server_error: nothing
 * changed, and nobody heard that it did.
 */
#include "server.h"

#include "net.h"
#include "store.h"

#include <stdlib.h>
#include <string.h>

int batch_touch(struct server *srv, struct table *t)
{
    if (!srv->txn_open) {
        srv->txn_open = 1;
        if (store_begin(srv->store) != 0) {
            logf_(srv, LOG_ERR, "BEGIN failed: %s", store_errmsg(srv->store));
            srv->txn_failed = 1;
        }
    }
    if (!t->in_batch) {
        t->in_batch = 1;
        t->batch_next = srv->batch;
        srv->batch = t;
    }
    return srv->txn_failed ? -1 : 0;
}

void batch_fail(struct server *srv)
{
    srv->txn_failed = 1;
}

/* Puts the stored state of a table (fresh) into the live one (arg). */
static void take_stored(struct server *srv, struct table *fresh, void *arg)
{
    struct table *t = arg;
    rami_game_free(t->game);
    t->game = fresh->game;
    t->status = fresh->status;
    t->version = fresh->version;
    for (int s = 0; s < t->nseats; s++) {
        struct conn *c = t->seats[s].conn;
        t->seats[s] = fresh->seats[s];
        t->seats[s].conn = c;
        if (c && t->seats[s].kind != SEAT_HUMAN) {
            conn_detach(c, t, s);
            t->seats[s].conn = NULL;
        }
    }
    t->turn_round = 0; /* the timer starts again */
    t->gen = ++srv->gen;
    free(fresh);
}

/* Reads a table back after a failed commit; 0 if it is gone (it was new). */
static int restore(struct server *srv, struct table *t)
{
    if (t->is_new || store_load(srv->store, srv, t->id_hex, take_stored, t) != 1) {
        table_unlink(srv, t);
        table_free(srv, t);
        return 0;
    }
    msg_push_all(srv, t, t->status == TABLE_WAITING ? "table" : "state",
                 "\"reason\":\"restored\",");
    return 1;
}

static int try_commit(struct server *srv)
{
    long n = srv->commits + srv->failed_commits + 1;
    if (srv->txn_failed)
        return -1;
    if (srv->cfg.fail_commit_every > 0 && n % srv->cfg.fail_commit_every == 0) {
        logf_(srv, LOG_INFO, "commit %ld fails on purpose (--fail-commit-every)", n);
        return -1;
    }
    if (store_commit(srv->store) != 0) {
        logf_(srv, LOG_ERR, "COMMIT failed: %s", store_errmsg(srv->store));
        return -1;
    }
    return 0;
}

void batch_commit(struct server *srv)
{
    if (!srv->txn_open)
        return;
    int ok = try_commit(srv) == 0;
    if (ok) {
        srv->commits++;
    } else {
        srv->failed_commits++;
        store_rollback(srv->store);
    }
    srv->txn_open = 0;
    srv->txn_failed = 0;
    struct table *list = srv->batch;
    srv->batch = NULL;
    net_release_held(srv, ok);
    int64_t now = now_ms();
    while (list) {
        struct table *t = list;
        list = t->batch_next;
        t->in_batch = 0;
        t->batch_next = NULL;
        if (!ok && !restore(srv, t))
            continue; /* freed */
        t->is_new = 0;
        table_schedule(srv, t, now);
    }
}
