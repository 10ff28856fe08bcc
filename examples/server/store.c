/*
 * store.c - SQLite persistence (store.h). All statements are prepared once;
 * every write runs inside the batch's transaction (batch.c).
 */
#include "store.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCHEMA_VERSION 1

enum stmt_id {
    ST_BEGIN,
    ST_COMMIT,
    ST_ROLLBACK,
    ST_PUT_TABLE,
    ST_PUT_SEAT,
    ST_ADD_EVENT,
    ST_ADD_AUDIT,
    ST_COUNT
};

static const char *const stmt_sql[ST_COUNT] = {
    "BEGIN IMMEDIATE",
    "COMMIT",
    "ROLLBACK",
    "INSERT INTO tables(id, version, status, seats, bot_level, bot_seed, turn_seconds,"
    " created, updated, record) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"
    " ON CONFLICT(id) DO UPDATE SET version = ?2, status = ?3, updated = ?9, record = ?10",
    "INSERT OR REPLACE INTO seats(table_id, seat, kind, left_, name, token_hash)"
    " VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
    "INSERT INTO events(table_id, seq, round, seat, kind, text, by, at)"
    " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    "INSERT INTO audit(table_id, seq, view) VALUES(?1, ?2, ?3)",
};

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS tables("
    " id TEXT PRIMARY KEY, version INTEGER NOT NULL, status INTEGER NOT NULL,"
    " seats INTEGER NOT NULL, bot_level INTEGER NOT NULL, bot_seed INTEGER NOT NULL,"
    " turn_seconds INTEGER NOT NULL, created INTEGER NOT NULL, updated INTEGER NOT NULL,"
    " record TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS seats("
    " table_id TEXT NOT NULL, seat INTEGER NOT NULL, kind INTEGER NOT NULL,"
    " left_ INTEGER NOT NULL, name TEXT NOT NULL, token_hash BLOB,"
    " PRIMARY KEY(table_id, seat)) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS events("
    " table_id TEXT NOT NULL, seq INTEGER NOT NULL, round INTEGER NOT NULL,"
    " seat INTEGER NOT NULL, kind TEXT NOT NULL, text TEXT NOT NULL, by TEXT NOT NULL,"
    " at INTEGER NOT NULL, PRIMARY KEY(table_id, seq)) WITHOUT ROWID;"
    "CREATE TABLE IF NOT EXISTS audit("
    " table_id TEXT NOT NULL, seq INTEGER NOT NULL, view TEXT NOT NULL,"
    " PRIMARY KEY(table_id, seq)) WITHOUT ROWID;"
    "CREATE INDEX IF NOT EXISTS tables_status ON tables(status);";

struct store {
    sqlite3 *db;
    sqlite3_stmt *st[ST_COUNT];
    int audit;
    struct sbuf text; /* records and views */
};

static const char *const by_names[] = {"player", "bot", "timer", "server"};

const char *store_errmsg(struct store *st)
{
    return sqlite3_errmsg(st->db);
}

static int exec_pragmas(struct store *st, char *why, size_t why_cap)
{
    static const char *const pragmas[] = {
        "PRAGMA journal_mode=WAL",
        "PRAGMA synchronous=FULL",
        "PRAGMA busy_timeout=5000",
    };
    for (size_t i = 0; i < sizeof pragmas / sizeof pragmas[0]; i++) {
        if (sqlite3_exec(st->db, pragmas[i], NULL, NULL, NULL) != SQLITE_OK) {
            snprintf(why, why_cap, "%s: %s", pragmas[i], sqlite3_errmsg(st->db));
            return -1;
        }
    }
    sqlite3_stmt *q = NULL;
    int wal = sqlite3_prepare_v2(st->db, "PRAGMA journal_mode", -1, &q, NULL) == SQLITE_OK &&
              sqlite3_step(q) == SQLITE_ROW &&
              strcmp((const char *)sqlite3_column_text(q, 0), "wal") == 0;
    sqlite3_finalize(q);
    if (!wal) {
        snprintf(why, why_cap, "the database could not be put in WAL mode");
        return -1;
    }
    return 0;
}

static int check_schema(struct store *st, char *why, size_t why_cap)
{
    sqlite3_stmt *q = NULL;
    int version = -1;
    if (sqlite3_prepare_v2(st->db, "PRAGMA user_version", -1, &q, NULL) == SQLITE_OK &&
        sqlite3_step(q) == SQLITE_ROW)
        version = sqlite3_column_int(q, 0);
    sqlite3_finalize(q);
    if (version > SCHEMA_VERSION || version < 0) {
        snprintf(why, why_cap, "database schema version %d is not %d", version, SCHEMA_VERSION);
        return -1;
    }
    if (sqlite3_exec(st->db, schema, NULL, NULL, NULL) != SQLITE_OK ||
        sqlite3_exec(st->db, "PRAGMA user_version=1", NULL, NULL, NULL) != SQLITE_OK) {
        snprintf(why, why_cap, "creating the schema: %s", sqlite3_errmsg(st->db));
        return -1;
    }
    return 0;
}

static int prepare_all(struct store *st, char *why, size_t why_cap)
{
    for (int i = 0; i < ST_COUNT; i++) {
        if (sqlite3_prepare_v3(st->db, stmt_sql[i], -1, SQLITE_PREPARE_PERSISTENT, &st->st[i],
                               NULL) != SQLITE_OK) {
            snprintf(why, why_cap, "preparing a statement: %s", sqlite3_errmsg(st->db));
            return -1;
        }
    }
    return 0;
}

struct store *store_open(const char *path, int audit, char *why, size_t why_cap)
{
    struct store *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(why, why_cap, "out of memory");
        return NULL;
    }
    st->audit = audit;
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
    if (sqlite3_open_v2(path, &st->db, flags, NULL) != SQLITE_OK) {
        snprintf(why, why_cap, "%s: %s", path, st->db ? sqlite3_errmsg(st->db) : "out of memory");
        store_close(st);
        return NULL;
    }
    if (exec_pragmas(st, why, why_cap) != 0 || check_schema(st, why, why_cap) != 0 ||
        prepare_all(st, why, why_cap) != 0) {
        store_close(st);
        return NULL;
    }
    return st;
}

void store_close(struct store *st)
{
    if (!st)
        return;
    for (int i = 0; i < ST_COUNT; i++)
        sqlite3_finalize(st->st[i]);
    sqlite3_close(st->db);
    sb_free(&st->text);
    free(st);
}

/* Runs a statement whose parameters are bound; resets it. */
static int run(sqlite3_stmt *q)
{
    int rc = sqlite3_step(q);
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return rc == SQLITE_DONE ? 0 : -1;
}

int store_begin(struct store *st)
{
    return run(st->st[ST_BEGIN]);
}

int store_commit(struct store *st)
{
    return run(st->st[ST_COMMIT]);
}

void store_rollback(struct store *st)
{
    if (!sqlite3_get_autocommit(st->db))
        run(st->st[ST_ROLLBACK]);
}

/* Text from fn (rami_game_save or a view) in st->text, formatted once
 * unless it outgrew the buffer; -1 if it cannot be written. */
static int fill(struct store *st, const rami_game *g, int viewer, int save)
{
    size_t len = 0;
    st->text.len = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (!sb_reserve(&st->text, len + 1))
            return -1;
        int rc = save ? rami_game_save(g, st->text.p, st->text.cap, &len)
                      : rami_game_view_json(g, viewer, st->text.p, st->text.cap, &len);
        if (rc == RAMI_OK) {
            st->text.len = len;
            return 0;
        }
        if (rc != RAMI_E_BUFFER)
            return -1;
    }
    return -1;
}

int store_put_table(struct store *st, const struct table *t)
{
    if (fill(st, t->game, 0, 1) != 0)
        return -1;
    sqlite3_stmt *q = st->st[ST_PUT_TABLE];
    sqlite3_bind_text(q, 1, t->id_hex, -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 2, t->version);
    sqlite3_bind_int(q, 3, t->status);
    sqlite3_bind_int(q, 4, t->nseats);
    sqlite3_bind_int(q, 5, t->bot_level);
    sqlite3_bind_int64(q, 6, (sqlite3_int64)t->bot_seed);
    sqlite3_bind_int(q, 7, t->turn_seconds);
    sqlite3_bind_int64(q, 8, t->created);
    sqlite3_bind_int64(q, 9, wall_seconds());
    sqlite3_bind_text(q, 10, st->text.p, (int)st->text.len, SQLITE_STATIC);
    return run(q);
}

int store_put_seats(struct store *st, const struct table *t)
{
    sqlite3_stmt *q = st->st[ST_PUT_SEAT];
    for (int s = 0; s < t->nseats; s++) {
        const struct seat *seat = &t->seats[s];
        sqlite3_bind_text(q, 1, t->id_hex, -1, SQLITE_STATIC);
        sqlite3_bind_int(q, 2, s);
        sqlite3_bind_int(q, 3, seat->kind);
        sqlite3_bind_int(q, 4, seat->left);
        sqlite3_bind_text(q, 5, seat->name, -1, SQLITE_STATIC);
        if (seat->kind == SEAT_HUMAN)
            sqlite3_bind_blob(q, 6, seat->token_hash, HASH_BYTES, SQLITE_STATIC);
        else
            sqlite3_bind_null(q, 6);
        if (run(q) != 0)
            return -1;
    }
    return 0;
}

int store_add_event(struct store *st, const struct table *t, int seat, const char *kind,
                    const char *text, int by)
{
    sqlite3_stmt *q = st->st[ST_ADD_EVENT];
    sqlite3_bind_text(q, 1, t->id_hex, -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 2, t->version);
    sqlite3_bind_int(q, 3, rami_game_round(t->game));
    sqlite3_bind_int(q, 4, seat);
    sqlite3_bind_text(q, 5, kind, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 6, text, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 7, by_names[by], -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 8, wall_seconds());
    return run(q);
}

int store_add_audit(struct store *st, const struct table *t)
{
    if (!st->audit)
        return 0;
    if (fill(st, t->game, -1, 0) != 0)
        return -1;
    sqlite3_stmt *q = st->st[ST_ADD_AUDIT];
    sqlite3_bind_text(q, 1, t->id_hex, -1, SQLITE_STATIC);
    sqlite3_bind_int64(q, 2, t->version);
    sqlite3_bind_text(q, 3, st->text.p, (int)st->text.len, SQLITE_STATIC);
    return run(q);
}

/* ------------------------------------------------------------------------ */
/* Loading                                                                   */
/* ------------------------------------------------------------------------ */

static int load_seats(struct store *st, struct table *t)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(st->db,
                           "SELECT seat, kind, left_, name, token_hash FROM seats"
                           " WHERE table_id = ?1",
                           -1, &q, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(q, 1, t->id_hex, -1, SQLITE_STATIC);
    int rc = 0, rows = 0;
    while (sqlite3_step(q) == SQLITE_ROW) {
        int s = sqlite3_column_int(q, 0);
        const void *hash = sqlite3_column_blob(q, 4);
        int hash_len = sqlite3_column_bytes(q, 4);
        if (s < 0 || s >= t->nseats) {
            rc = -1;
            break;
        }
        struct seat *seat = &t->seats[s];
        seat->kind = (uint8_t)sqlite3_column_int(q, 1);
        seat->left = (uint8_t)sqlite3_column_int(q, 2);
        snprintf(seat->name, sizeof seat->name, "%s", (const char *)sqlite3_column_text(q, 3));
        if (seat->kind == SEAT_HUMAN && (!hash || hash_len != HASH_BYTES)) {
            rc = -1;
            break;
        }
        if (seat->kind == SEAT_HUMAN)
            memcpy(seat->token_hash, hash, HASH_BYTES);
        rows++;
    }
    sqlite3_finalize(q);
    return rc == 0 && rows == t->nseats ? 0 : -1;
}

/* Builds a table from the current row of q; NULL (reported) if refused. */
static struct table *load_row(struct store *st, sqlite3_stmt *q, char *why, size_t why_cap)
{
    struct table *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(why, why_cap, "out of memory");
        return NULL;
    }
    snprintf(t->id_hex, sizeof t->id_hex, "%s", (const char *)sqlite3_column_text(q, 0));
    t->id = strtoull(t->id_hex, NULL, 16);
    t->version = sqlite3_column_int64(q, 1);
    t->status = sqlite3_column_int(q, 2);
    t->nseats = sqlite3_column_int(q, 3);
    t->bot_level = sqlite3_column_int(q, 4);
    t->bot_seed = (uint64_t)sqlite3_column_int64(q, 5);
    t->turn_seconds = sqlite3_column_int(q, 6);
    t->created = sqlite3_column_int64(q, 7);
    t->timer_seat = -1;
    const char *rec = (const char *)sqlite3_column_text(q, 8);
    int rc = rami_game_load(rec ? rec : "", (size_t)sqlite3_column_bytes(q, 8), &t->game);
    rami_ruleset rs;
    if (rc != RAMI_OK) {
        snprintf(why, why_cap, "its record is refused by the library: %s", rami_strerror(rc));
    } else if (rami_game_ruleset(t->game, &rs) != RAMI_OK || rs.players != t->nseats) {
        snprintf(why, why_cap, "its record has %d seats, not %d", rs.players, t->nseats);
    } else if (load_seats(st, t) != 0) {
        snprintf(why, why_cap, "its seat rows are missing or damaged");
    } else {
        return t;
    }
    rami_game_free(t->game);
    free(t);
    return NULL;
}

int store_load(struct store *st, struct server *srv, const char *id,
               void (*fn)(struct server *srv, struct table *t, void *arg), void *arg)
{
    sqlite3_stmt *q = NULL;
    const char *sql = "SELECT id, version, status, seats, bot_level, bot_seed, turn_seconds,"
                      " created, record FROM tables WHERE ";
    char text[512];
    snprintf(text, sizeof text, "%s%s", sql, id ? "id = ?1" : "status IN (0, 1) ORDER BY created");
    if (sqlite3_prepare_v2(st->db, text, -1, &q, NULL) != SQLITE_OK)
        return -1;
    if (id)
        sqlite3_bind_text(q, 1, id, -1, SQLITE_STATIC);
    int n = 0, rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        char why[REASON_CAP];
        struct table *t = load_row(st, q, why, sizeof why);
        if (!t) {
            logf_(srv, LOG_ERR, "table %s not loaded: %s", (const char *)sqlite3_column_text(q, 0),
                  why);
            continue;
        }
        fn(srv, t, arg);
        n++;
    }
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? n : -1;
}
