/*
 * net.h - the libwebsockets side of rami-server (net.c).
 */
#ifndef RAMI_SERVER_NET_H
#define RAMI_SERVER_NET_H

#include "server.h"

/* Listens on cfg.bind:cfg.port; -1 with the reason in why. */
int net_start(struct server *srv, char *why, size_t why_cap);
/* The port listened on (the kernel's choice for port 0). */
int net_port(struct server *srv);
/* One pass of the event loop: waits for and handles what is ready. */
int net_service(struct server *srv);
/* Wakes net_service from another thread. */
void net_wake(struct server *srv);
/* After the batch: releases the held messages (committed) or drops them,
 * turning held replies into server_error replies (not committed). */
void net_release_held(struct server *srv, int committed);
/* Closes every connection and frees the network side. */
void net_stop(struct server *srv);

#endif
