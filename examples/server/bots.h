/*
 * bots.h - bot decisions on worker threads. The network thread hands over
 * a clone of the game; a worker asks rami_bot_choose for a move and wakes
 * the network thread, which checks that the table has not changed since
 * (its change counter) and plays the move through the library like any
 * other. A strong bot can think for 100+ ms: never on the network thread.
 */
#ifndef RAMI_SERVER_BOTS_H
#define RAMI_SERVER_BOTS_H

#include "server.h"

struct bots *bots_start(struct server *srv, int threads);
/* Stops and joins the workers and frees every job. */
void bots_stop(struct bots *b);
/* Asks for a move of `seat` at level for table t as it is now; -1 if the
 * job cannot be made (no memory), 0 once queued. */
int bots_submit(struct server *srv, struct table *t, int seat, int level, int by);
/* Asks for rami_game_hint for seat (the current player) of table t as it is
 * now, for connection c, to answer request (re, id) with
 * proto_hint_result; -1 if the job cannot be made. */
int bots_hint(struct server *srv, struct table *t, int seat, struct conn *c, const char *re,
              const char *id);
/* On the network thread: plays the moves that have been decided and
 * answers the hints. */
void bots_drain(struct server *srv);

#endif
