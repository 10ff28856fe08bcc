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
/* On the network thread: plays the moves that have been decided. */
void bots_drain(struct server *srv);

#endif
