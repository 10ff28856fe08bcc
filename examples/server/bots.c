/*
 * bots.c - worker threads for bot decisions (bots.h).
 */
#include "bots.h"

#include "net.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct job {
    struct job *next;
    uint64_t table_id;
    uint64_t gen;
    int seat, by, status;
    rami_bot_options opt;
    rami_game *game; /* the worker's clone */
    rami_move move;
    /* A hint (rami_game_hint) for a connection instead of a bot move. */
    uint64_t conn_id;
    char *re, *id;
    char why[REASON_CAP];
};

struct bots {
    struct server *srv;
    pthread_t *threads;
    int nthreads;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    struct job *todo, **todo_tail;
    struct job *done, **done_tail;
    int stop;
};

static void job_free(struct job *j)
{
    rami_game_free(j->game);
    free(j->re);
    free(j->id);
    free(j);
}

static struct job *take_todo(struct bots *b)
{
    pthread_mutex_lock(&b->mu);
    while (!b->todo && !b->stop)
        pthread_cond_wait(&b->cv, &b->mu);
    struct job *j = b->todo;
    if (j && !b->stop) {
        b->todo = j->next;
        if (!b->todo)
            b->todo_tail = &b->todo;
    } else {
        j = NULL;
    }
    pthread_mutex_unlock(&b->mu);
    return j;
}

static void *worker(void *arg)
{
    struct bots *b = arg;
    struct job *j;
    while ((j = take_todo(b)) != NULL) {
        j->next = NULL;
        if (j->conn_id)
            j->status = rami_game_hint(j->game, &j->move, j->why, sizeof j->why);
        else
            j->status = rami_bot_choose(j->game, &j->opt, &j->move);
        pthread_mutex_lock(&b->mu);
        *b->done_tail = j;
        b->done_tail = &j->next;
        pthread_mutex_unlock(&b->mu);
        net_wake(b->srv);
    }
    return NULL;
}

struct bots *bots_start(struct server *srv, int threads)
{
    struct bots *b = calloc(1, sizeof *b);
    if (!b || !(b->threads = calloc((size_t)threads, sizeof *b->threads))) {
        free(b);
        return NULL;
    }
    b->srv = srv;
    b->todo_tail = &b->todo;
    b->done_tail = &b->done;
    pthread_mutex_init(&b->mu, NULL);
    pthread_cond_init(&b->cv, NULL);
    for (; b->nthreads < threads; b->nthreads++) {
        if (pthread_create(&b->threads[b->nthreads], NULL, worker, b) != 0) {
            bots_stop(b);
            return NULL;
        }
    }
    return b;
}

static void free_list(struct job *j)
{
    while (j) {
        struct job *next = j->next;
        job_free(j);
        j = next;
    }
}

void bots_stop(struct bots *b)
{
    if (!b)
        return;
    pthread_mutex_lock(&b->mu);
    b->stop = 1;
    pthread_cond_broadcast(&b->cv);
    pthread_mutex_unlock(&b->mu);
    for (int i = 0; i < b->nthreads; i++)
        pthread_join(b->threads[i], NULL);
    free_list(b->todo);
    free_list(b->done);
    pthread_mutex_destroy(&b->mu);
    pthread_cond_destroy(&b->cv);
    free(b->threads);
    free(b);
}

/* The bot's seed: the table's own, mixed with the version, so that two
 * tables or two positions do not share choices. */
static uint64_t job_seed(const struct table *t)
{
    uint64_t x = t->bot_seed ^ ((uint64_t)t->version * 0x9E3779B97F4A7C15u);
    x ^= x >> 31;
    return x * 0xBF58476D1CE4E5B9u;
}

static void enqueue(struct bots *b, struct job *j)
{
    pthread_mutex_lock(&b->mu);
    *b->todo_tail = j;
    b->todo_tail = &j->next;
    pthread_cond_signal(&b->cv);
    pthread_mutex_unlock(&b->mu);
}

int bots_hint(struct server *srv, struct table *t, int seat, struct conn *c, const char *re,
              const char *id)
{
    struct job *j = calloc(1, sizeof *j);
    if (!j || rami_game_clone(t->game, &j->game) != RAMI_OK || !(j->re = strdup(re)) ||
        !(j->id = strdup(id))) {
        if (j)
            job_free(j);
        return -1;
    }
    j->table_id = t->id;
    j->gen = t->version; /* the position the hint is for */
    j->seat = seat;
    j->conn_id = c->id;
    enqueue(srv->bots, j);
    return 0;
}

int bots_submit(struct server *srv, struct table *t, int seat, int level, int by)
{
    struct job *j = calloc(1, sizeof *j);
    if (!j || rami_game_clone(t->game, &j->game) != RAMI_OK ||
        rami_bot_options_init(&j->opt, level) != RAMI_OK) {
        if (j)
            job_free(j);
        return -1;
    }
    j->table_id = t->id;
    j->gen = t->gen;
    j->seat = seat;
    j->by = by;
    j->opt.seed = job_seed(t);
    if (level == RAMI_BOT_STRONG)
        j->opt.time_ms = (uint32_t)srv->cfg.bot_max_ms;
    enqueue(srv->bots, j);
    return 0;
}

void bots_drain(struct server *srv)
{
    struct bots *b = srv->bots;
    if (!b)
        return;
    pthread_mutex_lock(&b->mu);
    struct job *j = b->done;
    b->done = NULL;
    b->done_tail = &b->done;
    pthread_mutex_unlock(&b->mu);
    while (j) {
        struct job *next = j->next;
        if (j->conn_id)
            proto_hint_result(srv, j->conn_id, j->re, j->id, j->table_id, j->gen, j->seat,
                              j->status, &j->move, j->why);
        else
            table_bot_result(srv, j->table_id, j->gen, j->seat, j->by, j->status, &j->move);
        job_free(j);
        j = next;
    }
}
