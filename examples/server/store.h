/*
 * store.h - the SQLite database of rami-server: one row per table (its
 * saved-game record and metadata), one per seat (the hash of its token,
 * never the token), one per change (the event log) and, with --audit, the
 * full view of every version.
 */
#ifndef RAMI_SERVER_STORE_H
#define RAMI_SERVER_STORE_H

#include "server.h"

/* Opens (creating if needed) the database at path in WAL mode with
 * synchronous=FULL: a commit is on disk before store_commit returns.
 * NULL on failure, with the reason in why. */
struct store *store_open(const char *path, int audit, char *why, size_t why_cap);
void store_close(struct store *st);

int store_begin(struct store *st);
int store_commit(struct store *st);
void store_rollback(struct store *st);

/* Writes the table's row (record, version, status). */
int store_put_table(struct store *st, const struct table *t);
/* Writes every seat row of the table. */
int store_put_seats(struct store *st, const struct table *t);
/* Appends event `seq` of the table. */
int store_add_event(struct store *st, const struct table *t, int seat, const char *kind,
                    const char *text, int by);
/* Appends the full view of the table's current version (--audit). */
int store_add_audit(struct store *st, const struct table *t);

/* Calls fn for every table waiting or playing (id == NULL), or for the
 * table with that id whatever its status. Each table is a new allocation
 * handed to fn, with its game loaded and validated by rami_game_load.
 * Tables whose record the library refuses are reported and skipped.
 * Returns the number of tables handed over, or -1 on a database error. */
int store_load(struct store *st, struct server *srv, const char *id,
               void (*fn)(struct server *srv, struct table *t, void *arg), void *arg);

const char *store_errmsg(struct store *st);

#endif
