/*
 * server.h - the shared types of rami-server, an authoritative game server
 * for Rami on librami (doc/server.md, doc/protocol.md).
 *
 * One thread (the network thread) owns every table, game and connection:
 * it reads requests, asks the library to validate and play moves, writes
 * them to SQLite and announces them. Bot decisions run on worker threads
 * (bots.c) on clones of the games. Every change of a table made during one
 * pass of the event loop is written inside one SQLite transaction; the
 * messages that announce it are held back until that transaction has
 * committed (batch.c), so no client hears of a move that a crash could lose.
 */
#ifndef RAMI_SERVER_H
#define RAMI_SERVER_H

#include <rami.h>

#include <stddef.h>
#include <stdint.h>

#define SERVER_PROTOCOL     1
#define TABLE_ID_LEN        16 /* hex digits of a table id */
#define TOKEN_BYTES         16 /* 128-bit seat tokens */
#define TOKEN_HEX_LEN       32
#define HASH_BYTES          32 /* SHA-256 of a token */
#define NAME_CAP            33 /* 32 bytes of name and a NUL */
#define MAX_ATTACH          8  /* seats one connection may hold */
#define ADDR_CAP            64 /* a peer's address as text, with its NUL */
#define MAX_WATCHERS        64 /* connections watching one table */
#define REASON_CAP          256
#define MAX_MATCH_ROUNDS    100
#define MAX_TURN_SECONDS    3600
#define SERVER_MAX_TURNS    1000 /* rounds need a turn cap on a server */
#define DEFAULT_MATCH_ROUND 1    /* when the ruleset sets no match end */

struct server;
struct conn;
struct table;
struct store;
struct bots;

/* ------------------------------------------------------------------------ */
/* Configuration (main.c)                                                    */
/* ------------------------------------------------------------------------ */

struct config {
    const char *bind;      /* address to listen on */
    int port;              /* 0: let the kernel pick */
    const char *db_path;   /* SQLite file */
    const char *web_root;  /* static files, or NULL */
    int turn_seconds;      /* default turn timer; 0 = none */
    int bot_threads;       /* worker threads for bot decisions */
    int bot_delay_ms;      /* pause before a bot moves */
    int bot_max_ms;        /* time cap of one strong-bot decision */
    int max_connections;   /* WebSocket connections */
    int max_tables;        /* tables waiting or playing */
    size_t max_message;    /* bytes of one client message */
    size_t max_queue;      /* bytes queued for one client before it is dropped */
    int linger_seconds;    /* finished tables stay in memory this long */
    int wait_seconds;      /* a table still waiting this long is closed; 0 = never */
    int rate_per_second;   /* requests one connection may make a second; 0 = no limit */
    int rate_burst;        /* ... and at once, after a quiet spell */
    int addr_waiting;      /* waiting tables created from one address; 0 = no limit */
    int audit;             /* store the full view of every version (tests) */
    int fail_commit_every; /* testing: every Nth commit fails; 0 = never */
    int verbose;
};

/* ------------------------------------------------------------------------ */
/* Errors sent to clients (proto.c documents the codes)                      */
/* ------------------------------------------------------------------------ */

struct err {
    const char *code;         /* e.g. "bad_token"; NULL = no error */
    char message[REASON_CAP]; /* English sentence */
    int status;               /* a RAMI_E_* status for illegal_move, else 0 */
    char reason[REASON_CAP];  /* the library's reason, or "" */
    int retry_ms;             /* rate_limited: ask again after this long, else 0 */
};

/* Sets code and a printf-style message; returns -1 for `return err_set(...)`. */
int err_set(struct err *e, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ------------------------------------------------------------------------ */
/* Growing text buffers (sbuf.c)                                             */
/* ------------------------------------------------------------------------ */

struct sbuf {
    char *p;
    size_t len, cap;
    int oom; /* an allocation failed: the text is incomplete */
};

void sb_init(struct sbuf *b, size_t reserve_front);
void sb_free(struct sbuf *b);
void sb_put(struct sbuf *b, const char *s, size_t n);
void sb_puts(struct sbuf *b, const char *s);
void sb_printf(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_json_str(struct sbuf *b, const char *s); /* a JSON string literal */
/* Makes room for n more bytes; returns the write position or NULL. */
char *sb_reserve(struct sbuf *b, size_t n);

/* ------------------------------------------------------------------------ */
/* Tokens and randomness (token.c)                                           */
/* ------------------------------------------------------------------------ */

/* Fills buf with n bytes from the kernel's generator; -1 if it fails. */
int random_bytes(void *buf, size_t n);
uint64_t random_u64(void);
void hex_encode(const uint8_t *in, size_t n, char *out); /* writes 2n chars and a NUL */
/* Decodes exactly 2n lowercase hex digits; -1 on anything else. */
int hex_decode(const char *in, uint8_t *out, size_t n);
/* A new token: its hex text for the client and its hash for the table. */
int token_new(char hex[TOKEN_HEX_LEN + 1], uint8_t hash[HASH_BYTES]);
/* Hash of a token given as text; -1 if it is not 32 lowercase hex digits. */
int token_hash(const char *hex, uint8_t hash[HASH_BYTES]);
/* 1 if equal, in time independent of the contents. */
int hash_equal(const uint8_t a[HASH_BYTES], const uint8_t b[HASH_BYTES]);

/* ------------------------------------------------------------------------ */
/* Tables (table.c, play.c)                                                  */
/* ------------------------------------------------------------------------ */

enum seat_kind { SEAT_OPEN = 0, SEAT_HUMAN = 1, SEAT_BOT = 2 };
enum table_status { TABLE_WAITING = 0, TABLE_PLAYING = 1, TABLE_OVER = 2, TABLE_ABANDONED = 3 };
enum actor { BY_PLAYER = 0, BY_BOT = 1, BY_TIMER = 2, BY_SERVER = 3 };

struct seat {
    uint8_t kind; /* seat_kind */
    uint8_t left; /* a player who left; a bot plays on */
    uint8_t token_hash[HASH_BYTES];
    char name[NAME_CAP];
    struct conn *conn; /* attached connection, or NULL */
};

struct table {
    uint64_t id;
    char id_hex[TABLE_ID_LEN + 1];
    int status; /* table_status */
    int nseats;
    int bot_level;
    int turn_seconds;
    uint64_t bot_seed;
    int64_t version; /* committed changes; the seq of the last event */
    int64_t created; /* unix seconds */
    rami_game *game;
    struct seat seats[RAMI_MAX_PLAYERS];

    /* Run time only (not stored). */
    uint64_t gen;   /* server-wide change counter at the last change */
    int turn_round; /* round and turn the deadline belongs to */
    int turn_number;
    int64_t deadline_ms;    /* when the current human turn times out; 0 none */
    int timer_seat;         /* seat played by the timer bot this turn, or -1 */
    int bot_pending;        /* a bot decision is being computed */
    int64_t bot_due_ms;     /* when the next bot move may be asked for; 0 unset */
    int64_t finished_ms;    /* when the match ended or was abandoned */
    int in_batch;           /* changed in the open transaction */
    int seats_dirty;        /* seats changed in the open transaction */
    int is_new;             /* created in the open transaction */
    char creator[ADDR_CAP]; /* the address it was created from ("" after a restart) */
    int watchers;           /* connections watching it (table_watch) */
    struct table *batch_next;
    struct table *hash_next;
};

/* Parameters of a new table (validated by proto.c, checked by the library). */
struct table_params {
    rami_ruleset rs;
    int bots; /* seats played by bots: the last `bots` seats */
    int bot_level;
    int turn_seconds;
};

/* Where a reply goes: the connection, the request type and its id (JSON
 * text or ""). A NULL reply (bot and timer moves) sends none. */
struct reply {
    struct conn *c;
    const char *re;
    const char *id;
};

/* table.c: the registry, seats and tokens, changes. */
struct table *table_find(struct server *srv, const char *id_hex); /* NULL if unknown */
struct table *table_find_id(struct server *srv, uint64_t id);
void table_link(struct server *srv, struct table *t);
void table_unlink(struct server *srv, struct table *t);
void table_free(struct server *srv, struct table *t);
int table_active_count(const struct server *srv);

/* limit.c: what one client may ask (doc/protocol.md, "Limits").
 * limit_request spends one request of c's credit, or refuses with
 * rate_limited; limit_create refuses with too_many_waiting a create from an
 * address that has --max-waiting-per-address tables waiting. Both return 0
 * or -1 (err_set). */
void limit_conn_open(const struct server *srv, struct conn *c, int64_t now);
int limit_request(const struct server *srv, struct conn *c, int64_t now, struct err *e);
int limit_create(const struct server *srv, const struct conn *c, struct err *e);
/* Records a change: version + 1, the table's rows and an event row written
 * in the open transaction (begun if needed). */
void table_change(struct server *srv, struct table *t, int seat, const char *kind, const char *text,
                  int by);
/* The operations of the protocol. Each checks everything first and returns
 * -1 with *e set, changing nothing; or changes the table, replies ok to r
 * and pushes the news to the seats, and returns 0. */
int table_create(struct server *srv, const struct table_params *p, const struct reply *r,
                 struct err *e);
int table_auth(struct table *t, int seat, const char *token, struct err *e);
int table_join(struct server *srv, struct table *t, int seat, const char *name,
               const struct reply *r, struct err *e);
int table_leave(struct server *srv, struct table *t, int seat, const struct reply *r,
                struct err *e);
int table_start(struct server *srv, struct table *t, const struct reply *r, struct err *e);
/* Closes a table that waited --wait-seconds for its players (table_tick):
 * abandoned, recorded, and the seats told ("table", reason "expired"). */
void table_expire(struct server *srv, struct table *t);
/* Attaches c to a seat (a previous connection gets "detached"); -1 if c
 * holds MAX_ATTACH seats already (and watched tables: table_watch). */
int table_attach(struct server *srv, struct table *t, int seat, struct conn *c);
/* The refusal when c has no entry left: too_many_seats; returns -1. */
int table_too_many_seats(struct err *e);
void table_detach_conn(struct server *srv, struct table *t, struct conn *c);
/* A connection that holds no seat follows a table as a spectator: it gets
 * every push with the public view (RAMI_VIEWER_PUBLIC), "state" at once.
 * Refused: too_many_watchers (MAX_WATCHERS), too_many_seats (MAX_ATTACH
 * seats and watched tables on c). table_unwatch ends it (not_watching if
 * c does not watch t). Both reply to r and return 0, or -1 (err_set). */
int table_watch(struct server *srv, struct table *t, const struct reply *r, struct err *e);
int table_unwatch(struct server *srv, struct table *t, const struct reply *r, struct err *e);

/* play.c: moves, bots, timers, rounds. */
int table_move(struct server *srv, struct table *t, int seat, const rami_move *m, int by,
               const struct reply *r, struct err *e);
int table_undo(struct server *srv, struct table *t, int seat, const struct reply *r, struct err *e);
/* Whether seat may make move m now (rami_game_check); changes nothing. */
int table_check(struct table *t, int seat, const rami_move *m, struct err *e);
/* Queues a hint (rami_game_hint on a worker) for the current player; the
 * reply comes later (proto_hint_result). One at a time per connection. */
int table_hint(struct server *srv, struct table *t, int seat, const struct reply *r, struct err *e);
/* Appends "moves":[...], to out: seat's legal moves in notation. */
int table_legal_moves(struct server *srv, struct table *t, int seat, struct sbuf *out,
                      struct err *e);
/* A table read from the database: finishes what a crash interrupted. */
void table_after_load(struct server *srv, struct table *t);
/* A new turn starts the turn timer again (of a player; bots have none). */
void table_turn_clock(struct table *t, int64_t now);
/* Timers and bots: asks a worker for a move when the server plays the
 * current seat (bot seat, or a player out of time). */
void table_schedule(struct server *srv, struct table *t, int64_t now);
/* Every tick: table_schedule, and unloading of finished tables. */
void table_tick(struct server *srv, struct table *t, int64_t now);
void table_bot_result(struct server *srv, uint64_t table_id, uint64_t gen, int seat, int by,
                      int status, const rami_move *m);

/* ------------------------------------------------------------------------ */
/* Messages to clients (msg.c)                                               */
/* ------------------------------------------------------------------------ */

/* The public part of a table: seats, names, status, timer. */
void msg_info(struct sbuf *b, const struct table *t, int64_t now);
/* Sends seat `seat` (if attached) a push of the given type ("state",
 * "event", "table") with the table's info and, but for "table", the seat's
 * own view. extra_json: members each followed by a comma, or "". */
void msg_push(struct server *srv, struct table *t, int seat, const char *type,
              const char *extra_json);
/* The same push to a connection watching t: "seat" null, the public view. */
void msg_push_watcher(struct server *srv, struct table *t, struct conn *c, const char *type,
                      const char *extra_json);
/* msg_push to every attached seat, and msg_push_watcher to every watcher. */
void msg_push_all(struct server *srv, struct table *t, const char *type, const char *extra_json);

/* ------------------------------------------------------------------------ */
/* Connections (net.c)                                                       */
/* ------------------------------------------------------------------------ */

struct outmsg {
    struct outmsg *next;
    size_t len;     /* payload bytes (after the LWS_PRE headroom) */
    uint8_t held;   /* waits for the open transaction to commit */
    uint8_t is_ack; /* an "ok" answer to a request that changed a table */
    uint8_t close_after;
    char *ack_re; /* is_ack: request type and id, to turn it into an error */
    char *ack_id;
    char *buf; /* LWS_PRE bytes of headroom, then the payload */
};

struct attach {
    struct table *table;
    int seat;
};

struct conn {
    uint64_t id; /* never reused: hints find their connection by it */
    struct lws *wsi;
    int is_ws;
    /* Receiving. */
    char *rx;
    size_t rx_len, rx_cap;
    int rx_overflow;
    int rx_binary;
    /* Sending. */
    struct outmsg *head, *tail;
    size_t queued;
    int closing;
    int refused;            /* over the connection limit: reads nothing */
    int hint_pending;       /* a hint is being computed for this connection */
    char addr[ADDR_CAP];    /* the peer's address, "" if unknown */
    int64_t credit;         /* requests it may still make, in thousandths (limit.c) */
    int64_t credit_ms;      /* when credit was last brought up to date */
    int has_held;           /* in srv->held list */
    struct conn *held_next; /* next connection with held messages */
    struct conn *prev, *next;
    /* Seats this connection acts for. */
    int nattach;
    struct attach attach[MAX_ATTACH];
    /* HTTP. */
    int http_kind;
};

/* Headroom in front of every outgoing message (libwebsockets' LWS_PRE;
 * net.c checks that it is enough). */
#define MSG_PRE 16

/* Queues a message: sb's text after MSG_PRE bytes of headroom (sb_init(b,
 * MSG_PRE)); takes the buffer. Held until commit when a transaction is open. */
void conn_send(struct server *srv, struct conn *c, struct sbuf *sb);
/* As conn_send for a reply to a request: if the transaction of the pass
 * fails, the reply is replaced by a server_error to the same request. */
void conn_send_reply(struct server *srv, struct conn *c, struct sbuf *sb, const char *re,
                     const char *id_json);
void conn_close_later(struct server *srv, struct conn *c);
struct conn *conn_find(struct server *srv, uint64_t id); /* NULL once closed */
/* A connection's seats and watched tables: conn_attach adds (t, seat) (-1
 * if c has MAX_ATTACH already), conn_detach removes it, or with ATTACH_ANY
 * every entry of t. A watcher's entry has the seat ATTACH_WATCHER. */
#define ATTACH_ANY     (-1)
#define ATTACH_WATCHER RAMI_VIEWER_PUBLIC
void conn_detach(struct conn *c, struct table *t, int seat);
int conn_attach(struct conn *c, struct table *t, int seat);
int conn_watching(const struct conn *c, const struct table *t);

/* ------------------------------------------------------------------------ */
/* The server                                                                */
/* ------------------------------------------------------------------------ */

struct server {
    struct config cfg;
    struct lws_context *ctx;
    void *net; /* net.c's state */
    struct store *store;
    struct bots *bots;
    /* Tables by id. */
    struct table **buckets;
    size_t nbuckets;
    size_t ntables;
    /* Connections. */
    struct conn *conns;
    int nconns;
    struct conn *held; /* connections with held messages */
    uint64_t last_conn_id;
    /* The open batch (batch.c). */
    int txn_open;
    int txn_failed;
    struct table *batch;
    uint64_t gen;
    long commits;
    long failed_commits;
    /* Scratch space of the network thread. */
    rami_move *movebuf; /* RAMI_MAX_MOVES moves */
    /* Figures for /health. */
    int64_t started_ms;
    uint64_t moves;
    uint64_t refused;
    int stop;
};

int64_t now_ms(void); /* monotonic milliseconds */
int64_t wall_seconds(void);
void logf_(struct server *srv, int level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#define LOG_ERR  0
#define LOG_INFO 1

/* batch.c: the transaction of one pass of the event loop. */
int batch_touch(struct server *srv, struct table *t); /* begins the transaction if needed */
void batch_fail(struct server *srv);
void batch_commit(struct server *srv);

/* proto.c: one client message. */
void proto_handle(struct server *srv, struct conn *c, const char *text, size_t len);
void proto_error(struct server *srv, struct conn *c, const char *re, const char *id_json,
                 const struct err *e);
/* The answer to a hint request (bots_hint), once a worker has it. */
void proto_hint_result(struct server *srv, uint64_t conn_id, const char *re, const char *id,
                       uint64_t table_id, int64_t version, int seat, int status, const rami_move *m,
                       const char *why);
/* {"type":"ok", extra..., "info":..., "re":..., "id":...}; extra is a list
 * of JSON members each followed by a comma; info may be NULL. */
void proto_reply_ok(struct server *srv, const struct reply *r, const char *extra,
                    const struct table *info);

/* Names of the library's statuses ("RAMI_E_MELD"). */
const char *status_name(int status);
const char *level_name(int level);
int level_parse(const char *name);

#endif
