/* Internal interface of determinize.c and bot.c. Not installed. */
#ifndef RAMI_BOT_PRIVATE_H
#define RAMI_BOT_PRIVATE_H

#include "game.h"

/* Cards each seat is known to hold: taken from the discard pile (or a
 * retrieved joker) this round and not played since. cnt[seat][card code]. */
typedef struct rami_known {
    uint8_t cnt[RAMI_MAX_PLAYERS][256];
} rami_known;

/* Reads the round log of g. */
RAMI_INTERNAL void rami__known_cards(const rami_game *g, rami_known *k);
/* The same for one seat, into cnt[card code]. */
RAMI_INTERNAL void rami__known_cards_of(const rami_game *g, unsigned seat, uint8_t cnt[256]);

/* out must hold a copy of g (same state, same allocation layout): deals the
 * cards viewer cannot see anew from seed (see rami_game_determinize). */
RAMI_INTERNAL int rami__determinize_into(rami_game *out, const rami_game *g, int viewer,
                                         uint64_t seed);

/* The greedy bot's move for the current player of g, reading only what that
 * player may know. RAMI_E_PHASE when the round is over. */
RAMI_INTERNAL int rami__greedy_move(const rami_game *g, rami_move *out);

#endif
