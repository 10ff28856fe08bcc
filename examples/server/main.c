/*
 * rami-server - an authoritative Rami game server on librami.
 *
 * Usage: rami-server [--port N] [--db PATH] [--web-root DIR] ... (--help)
 *
 * Players connect over WebSocket (doc/protocol.md); the server alone holds
 * the cards, asks the library to validate and play every move, stores every
 * accepted move in SQLite before announcing it, and plays bot seats and
 * timed-out turns. doc/server.md describes how it is built and measured.
 */
#define _GNU_SOURCE

#include "bots.h"
#include "net.h"
#include "server.h"
#include "store.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stddef.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define EXIT_USAGE 2

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
    stop_signal = sig;
}

static const char usage[] =
    "Usage: rami-server [options]\n"
    "  --bind ADDR            address to listen on (127.0.0.1)\n"
    "  --port N               port; 0 picks a free one and prints it (8080)\n"
    "  --db PATH              SQLite database (~/.local/share/rami-server/rami.db)\n"
    "  --web-root DIR         serve the static files of DIR at /\n"
    "  --turn-seconds N       default turn timer, 0 = none (60)\n"
    "  --bot-threads N        worker threads for bot decisions (1)\n"
    "  --bot-delay-ms N       pause before each bot move (250)\n"
    "  --bot-max-ms N         time cap of one strong-bot decision (1000)\n"
    "  --max-connections N    WebSocket connections (1000)\n"
    "  --max-tables N         tables waiting or playing (1000)\n"
    "  --max-message BYTES    largest client message (16384)\n"
    "  --max-queue BYTES      unsent bytes before a client is dropped (4194304)\n"
    "  --linger-seconds N     finished tables stay loaded this long (300)\n"
    "  --wait-seconds N       close a table still waiting for players after this\n"
    "                         long since it was created (3600; 0: never)\n"
    "  --rate-per-second N    requests one connection may make a second (50; 0: any)\n"
    "  --rate-burst N         ... and at once after a quiet spell (100)\n"
    "  --max-waiting-per-address N\n"
    "                         waiting tables created from one address (20; 0: any)\n"
    "  --audit                store the full view of every version (for tests)\n"
    "  --fail-commit-every N  testing: every Nth commit fails (0)\n"
    "  -v, --verbose          more log lines (twice: libwebsockets too)\n"
    "  --help, --version\n";

enum {
    OPT_BIND = 256,
    OPT_PORT,
    OPT_DB,
    OPT_WEB,
    OPT_TURN,
    OPT_THREADS,
    OPT_DELAY,
    OPT_BOTMAX,
    OPT_MAXCONN,
    OPT_MAXTABLES,
    OPT_MAXMSG,
    OPT_MAXQUEUE,
    OPT_LINGER,
    OPT_WAIT,
    OPT_RATE,
    OPT_BURST,
    OPT_WAITADDR,
    OPT_AUDIT,
    OPT_FAIL,
    OPT_HELP,
    OPT_VERSION
};

static const struct option long_options[] = {
    {"bind", required_argument, NULL, OPT_BIND},
    {"port", required_argument, NULL, OPT_PORT},
    {"db", required_argument, NULL, OPT_DB},
    {"web-root", required_argument, NULL, OPT_WEB},
    {"turn-seconds", required_argument, NULL, OPT_TURN},
    {"bot-threads", required_argument, NULL, OPT_THREADS},
    {"bot-delay-ms", required_argument, NULL, OPT_DELAY},
    {"bot-max-ms", required_argument, NULL, OPT_BOTMAX},
    {"max-connections", required_argument, NULL, OPT_MAXCONN},
    {"max-tables", required_argument, NULL, OPT_MAXTABLES},
    {"max-message", required_argument, NULL, OPT_MAXMSG},
    {"max-queue", required_argument, NULL, OPT_MAXQUEUE},
    {"linger-seconds", required_argument, NULL, OPT_LINGER},
    {"wait-seconds", required_argument, NULL, OPT_WAIT},
    {"rate-per-second", required_argument, NULL, OPT_RATE},
    {"rate-burst", required_argument, NULL, OPT_BURST},
    {"max-waiting-per-address", required_argument, NULL, OPT_WAITADDR},
    {"audit", no_argument, NULL, OPT_AUDIT},
    {"fail-commit-every", required_argument, NULL, OPT_FAIL},
    {"verbose", no_argument, NULL, 'v'},
    {"help", no_argument, NULL, OPT_HELP},
    {"version", no_argument, NULL, OPT_VERSION},
    {NULL, 0, NULL, 0},
};

/* A whole decimal number in [lo, hi], or exit with a usage error. */
static long long number(const char *opt, const char *text, long long lo, long long hi)
{
    char *end = NULL;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno || end == text || *end || v < lo || v > hi) {
        fprintf(stderr, "rami-server: --%s wants a number from %lld to %lld, not '%s'\n", opt, lo,
                hi, text);
        exit(EXIT_USAGE);
    }
    return v;
}

static void defaults(struct config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->bind = "127.0.0.1";
    cfg->port = 8080;
    cfg->turn_seconds = 60;
    cfg->bot_threads = 1;
    cfg->bot_delay_ms = 250;
    cfg->bot_max_ms = 1000;
    cfg->max_connections = 1000;
    cfg->max_tables = 1000;
    cfg->max_message = 16384;
    cfg->max_queue = 4u << 20;
    cfg->linger_seconds = 300;
    cfg->wait_seconds = 3600;
    cfg->rate_per_second = 50;
    cfg->rate_burst = 100;
    cfg->addr_waiting = 20;
}

#define CFG_FIELD(f) offsetof(struct config, f), sizeof(((struct config *)0)->f)

/* The numeric options: field of struct config and range. */
static const struct {
    int opt;
    size_t offset, size;
    long long lo, hi;
} numeric[] = {
    {OPT_PORT, CFG_FIELD(port), 0, 65535},
    {OPT_TURN, CFG_FIELD(turn_seconds), 0, MAX_TURN_SECONDS},
    {OPT_THREADS, CFG_FIELD(bot_threads), 1, 64},
    {OPT_DELAY, CFG_FIELD(bot_delay_ms), 0, 60000},
    {OPT_BOTMAX, CFG_FIELD(bot_max_ms), 1, 60000},
    {OPT_MAXCONN, CFG_FIELD(max_connections), 1, 100000},
    {OPT_MAXTABLES, CFG_FIELD(max_tables), 1, 1000000},
    {OPT_MAXMSG, CFG_FIELD(max_message), 256, 1 << 20},
    {OPT_MAXQUEUE, CFG_FIELD(max_queue), 65536, 1LL << 32},
    {OPT_LINGER, CFG_FIELD(linger_seconds), 0, 86400 * 7},
    {OPT_WAIT, CFG_FIELD(wait_seconds), 0, 86400 * 7},
    {OPT_RATE, CFG_FIELD(rate_per_second), 0, 100000},
    {OPT_BURST, CFG_FIELD(rate_burst), 1, 100000},
    {OPT_WAITADDR, CFG_FIELD(addr_waiting), 0, 1000000},
    {OPT_FAIL, CFG_FIELD(fail_commit_every), 0, 1000000},
};

static void set_option(struct config *cfg, int opt, const char *arg)
{
    if (opt == OPT_BIND)
        cfg->bind = arg;
    else if (opt == OPT_DB)
        cfg->db_path = arg;
    else if (opt == OPT_WEB)
        cfg->web_root = arg;
    else if (opt == OPT_AUDIT)
        cfg->audit = 1;
    for (size_t i = 0; i < sizeof numeric / sizeof numeric[0]; i++) {
        if (numeric[i].opt != opt)
            continue;
        long long v = number(long_options[opt - OPT_BIND].name, arg, numeric[i].lo, numeric[i].hi);
        char *field = (char *)cfg + numeric[i].offset;
        if (numeric[i].size == sizeof(int))
            *(int *)(void *)field = (int)v;
        else
            *(size_t *)(void *)field = (size_t)v;
    }
}

static void parse_args(int argc, char **argv, struct config *cfg)
{
    int opt;
    defaults(cfg);
    while ((opt = getopt_long(argc, argv, "v", long_options, NULL)) != -1) {
        if (opt == 'v') {
            cfg->verbose++;
        } else if (opt == OPT_HELP) {
            fputs(usage, stdout);
            exit(0);
        } else if (opt == OPT_VERSION) {
            printf("rami-server (librami %s, protocol %d)\n", rami_version(), SERVER_PROTOCOL);
            exit(0);
        } else if (opt >= OPT_BIND && opt < OPT_HELP) {
            set_option(cfg, opt, optarg);
        } else {
            fputs(usage, stderr);
            exit(EXIT_USAGE);
        }
    }
    if (optind < argc) {
        fprintf(stderr, "rami-server: unexpected argument '%s'\n%s", argv[optind], usage);
        exit(EXIT_USAGE);
    }
}

/* ------------------------------------------------------------------------ */
/* The database file                                                         */
/* ------------------------------------------------------------------------ */

static int make_dirs(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        int rc = mkdir(path, 0700);
        *p = '/';
        if (rc != 0 && errno != EEXIST)
            return -1;
    }
    return 0;
}

/* The default database: $XDG_DATA_HOME or ~/.local/share, rami-server/rami.db. */
static char *default_db(void)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    char *path = NULL;
    if (xdg && *xdg) {
        if (asprintf(&path, "%s/rami-server/rami.db", xdg) < 0)
            path = NULL;
    } else if (asprintf(&path, "%s/.local/share/rami-server/rami.db", home ? home : ".") < 0) {
        path = NULL;
    }
    if (path && make_dirs(path) != 0) {
        fprintf(stderr, "rami-server: cannot create the directory of %s: %s\n", path,
                strerror(errno));
        free(path);
        path = NULL;
    }
    return path;
}

/* One server per database: a lock on PATH.lock, released by the kernel when
 * the process ends however it ends. */
static int lock_db(const char *db)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s.lock", db);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0 || flock(fd, LOCK_EX | LOCK_NB) != 0) {
        fprintf(stderr, "rami-server: %s: %s\n", path,
                fd < 0 ? strerror(errno) : "another rami-server uses this database");
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

/* ------------------------------------------------------------------------ */
/* Start, run, stop                                                          */
/* ------------------------------------------------------------------------ */

static void adopt(struct server *srv, struct table *t, void *arg)
{
    (void)arg;
    t->timer_seat = -1;
    t->gen = ++srv->gen;
    table_link(srv, t);
}

static int load_tables(struct server *srv)
{
    int n = store_load(srv->store, srv, NULL, adopt, NULL);
    if (n < 0) {
        fprintf(stderr, "rami-server: reading tables: %s\n", store_errmsg(srv->store));
        return -1;
    }
    for (size_t i = 0; i < srv->nbuckets; i++)
        for (struct table *t = srv->buckets[i]; t; t = t->hash_next)
            table_after_load(srv, t);
    batch_commit(srv);
    logf_(srv, LOG_INFO, "%d tables resumed", n);
    return 0;
}

static int start(struct server *srv)
{
    char why[512];
    size_t want = 64;
    while (want < (size_t)srv->cfg.max_tables * 2 && want < (1u << 20))
        want *= 2;
    srv->nbuckets = want;
    srv->buckets = calloc(want, sizeof *srv->buckets);
    srv->movebuf = malloc(RAMI_MAX_MOVES * sizeof *srv->movebuf);
    if (!srv->buckets || !srv->movebuf)
        return -1;
    srv->started_ms = now_ms();
    srv->store = store_open(srv->cfg.db_path, srv->cfg.audit, why, sizeof why);
    if (!srv->store) {
        fprintf(stderr, "rami-server: database: %s\n", why);
        return -1;
    }
    if (net_start(srv, why, sizeof why) != 0) {
        fprintf(stderr, "rami-server: %s\n", why);
        return -1;
    }
    if (!(srv->bots = bots_start(srv, srv->cfg.bot_threads))) {
        fprintf(stderr, "rami-server: cannot start the bot threads\n");
        return -1;
    }
    return load_tables(srv);
}

static void stop(struct server *srv)
{
    srv->stop = 1;
    if (srv->txn_open)
        batch_commit(srv);
    bots_stop(srv->bots); /* workers wake the network side: stop them first */
    srv->bots = NULL;
    net_stop(srv);
    for (size_t i = 0; srv->buckets && i < srv->nbuckets; i++) {
        while (srv->buckets[i]) {
            struct table *t = srv->buckets[i];
            table_unlink(srv, t);
            table_free(srv, t);
        }
    }
    free(srv->buckets);
    free(srv->movebuf);
    store_close(srv->store);
}

static void run(struct server *srv)
{
    printf("rami-server: listening on http://%s:%d/ (WebSocket ws://%s:%d/ws), database %s\n",
           srv->cfg.bind, net_port(srv), srv->cfg.bind, net_port(srv), srv->cfg.db_path);
    fflush(stdout);
    while (!stop_signal) {
        if (net_service(srv) < 0)
            break;
        batch_commit(srv);
    }
    logf_(srv, LOG_INFO, "stopping (signal %d)", (int)stop_signal);
}

int main(int argc, char **argv)
{
    struct server srv;
    memset(&srv, 0, sizeof srv);
    parse_args(argc, argv, &srv.cfg);
    char *db = NULL;
    if (!srv.cfg.db_path && !(srv.cfg.db_path = db = default_db()))
        return 1;
    int lock = lock_db(srv.cfg.db_path);
    if (lock < 0) {
        free(db);
        return 1;
    }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    int rc = start(&srv);
    if (rc == 0)
        run(&srv);
    stop(&srv);
    close(lock);
    free(db);
    return rc == 0 ? 0 : 1;
}
