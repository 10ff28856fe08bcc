/*
 * play.c - the game at a table: moves from players and bots (every one
 * checked and played by the library), take-backs, the legal-move list,
 * rounds and the end of the match, turn timers and bot scheduling.
 */
#include "server.h"

#include "bots.h"
#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const by_names[] = {"player", "bot", "timer", "server"};

/* 1 if seat is played by the server right now: a bot seat, or a player
 * whose turn the timer has handed to the greedy bot. */
static int server_plays(const struct table *t, int seat)
{
    return t->seats[seat].kind == SEAT_BOT || t->timer_seat == seat;
}

static int check_playing(const struct table *t, int seat, int by, struct err *e)
{
    if (t->status == TABLE_WAITING)
        return err_set(e, "not_started", "the game has not started: seats are still open");
    if (t->status != TABLE_PLAYING)
        return err_set(e, "table_over", "the game at this table is over");
    if (by == BY_PLAYER && t->timer_seat == seat)
        return err_set(e, "timed_out", "the turn timer ran out: the server plays this turn");
    return 0;
}

/* The library refused: its status and reason, -1. */
static int refusal(struct err *e, int status, const char *why)
{
    err_set(e, "illegal_move", "%s", rami_strerror(status));
    e->status = status;
    snprintf(e->reason, sizeof e->reason, "%s", why);
    return -1;
}

/* The same, counted in the server's figures. */
static int refuse(struct server *srv, struct err *e, int status, const char *why)
{
    srv->refused++;
    return refusal(e, status, why);
}

/* The reason given for RAMI_E_TURN: whose turn it is. */
static void turn_reason(const struct table *t, char *why, size_t cap)
{
    snprintf(why, cap, "it is seat %d's turn", rami_game_current_player(t->game));
}

/* A player's request that only the seat to move may make (a hint, the
 * legal moves): 0, or the refusal. */
static int check_to_move(struct server *srv, const struct table *t, int seat, struct err *e)
{
    if (check_playing(t, seat, BY_PLAYER, e) != 0)
        return -1;
    if (rami_game_current_player(t->game) == seat)
        return 0;
    char why[64];
    turn_reason(t, why, sizeof why);
    return refuse(srv, e, RAMI_E_TURN, why);
}

/* The reply to a move or take-back that was played. */
static void reply_played(struct server *srv, const struct table *t, int seat, const struct reply *r)
{
    char extra[96];
    snprintf(extra, sizeof extra, "\"table\":\"%s\",\"seat\":%d,\"seq\":%lld,", t->id_hex, seat,
             (long long)t->version);
    proto_reply_ok(srv, r, extra, NULL);
}

/* ------------------------------------------------------------------------ */
/* Rounds                                                                    */
/* ------------------------------------------------------------------------ */

/* After a move: a round that is over gives way to the next one (its result
 * went out with the move's event); a match that is over ends the table. */
static void after_move(struct server *srv, struct table *t)
{
    if (rami_game_phase(t->game) != RAMI_PHASE_ROUND_OVER)
        return;
    if (rami_game_next_round(t->game) != RAMI_OK)
        return;
    char text[16];
    snprintf(text, sizeof text, "%d", rami_game_round(t->game));
    table_change(srv, t, -1, "round", text, BY_SERVER);
    msg_push_all(srv, t, "state", "\"reason\":\"round\",");
}

void table_after_load(struct server *srv, struct table *t)
{
    if (t->status == TABLE_PLAYING && rami_game_phase(t->game) == RAMI_PHASE_MATCH_OVER) {
        t->status = TABLE_OVER;
        t->finished_ms = now_ms();
        table_change(srv, t, -1, "over", "", BY_SERVER);
    }
    if (t->status == TABLE_PLAYING)
        after_move(srv, t);
}

/* ------------------------------------------------------------------------ */
/* Moves                                                                     */
/* ------------------------------------------------------------------------ */

static void move_event(struct server *srv, struct table *t, int seat, const char *text,
                       rami_card taken, int by)
{
    struct sbuf x;
    sb_init(&x, 0);
    sb_printf(&x, "\"actor\":%d,\"move\":", seat);
    sb_json_str(&x, text);
    if (taken != RAMI_NO_CARD) {
        char card[8];
        rami_card_format(taken, card, sizeof card);
        sb_printf(&x, ",\"card\":\"%s\"", card);
    }
    sb_printf(&x, ",\"by\":\"%s\",", by_names[by]);
    msg_push_all(srv, t, "event", x.oom ? "" : x.p);
    sb_free(&x);
}

int table_move(struct server *srv, struct table *t, int seat, const rami_move *m, int by,
               const struct reply *r, struct err *e)
{
    char why[REASON_CAP], text[128];
    if (check_playing(t, seat, by, e) != 0)
        return -1;
    int rc = rami_game_check(t->game, seat, m, why, sizeof why);
    if (rc != RAMI_OK)
        return refuse(srv, e, rc, why);
    if (rami_move_format(m, text, sizeof text) != RAMI_OK)
        return refuse(srv, e, RAMI_E_ARG, "the move cannot be written in notation");
    rami_card taken = m->kind == RAMI_MOVE_DRAW_DISCARD ? rami_game_discard_top(t->game) : 0;
    rc = rami_game_play(t->game, seat, m);
    if (rc != RAMI_OK)
        return refuse(srv, e, rc, rami_strerror(rc));
    srv->moves++;
    if (rami_game_phase(t->game) == RAMI_PHASE_MATCH_OVER) {
        t->status = TABLE_OVER;
        t->finished_ms = now_ms();
    }
    table_change(srv, t, seat, "move", text, by);
    reply_played(srv, t, seat, r);
    move_event(srv, t, seat, text, taken, by);
    after_move(srv, t);
    return 0;
}

int table_undo(struct server *srv, struct table *t, int seat, const struct reply *r, struct err *e)
{
    if (check_playing(t, seat, BY_PLAYER, e) != 0)
        return -1;
    int rc = rami_game_undo(t->game, seat);
    if (rc != RAMI_OK) {
        char why[REASON_CAP];
        if (rc == RAMI_E_TURN)
            turn_reason(t, why, sizeof why);
        else
            snprintf(why, sizeof why, "%s", rami_strerror(rc));
        return refuse(srv, e, rc, why);
    }
    table_change(srv, t, seat, "undo", "undo", BY_PLAYER);
    reply_played(srv, t, seat, r);
    move_event(srv, t, seat, "undo", RAMI_NO_CARD, BY_PLAYER);
    return 0;
}

int table_check(struct table *t, int seat, const rami_move *m, struct err *e)
{
    char why[REASON_CAP];
    if (check_playing(t, seat, BY_PLAYER, e) != 0)
        return -1;
    int rc = rami_game_check(t->game, seat, m, why, sizeof why);
    return rc == RAMI_OK ? 0 : refusal(e, rc, why);
}

int table_hint(struct server *srv, struct table *t, int seat, const struct reply *r, struct err *e)
{
    if (check_to_move(srv, t, seat, e) != 0)
        return -1;
    if (r->c->hint_pending)
        return err_set(e, "busy", "a hint for this connection is still being worked out");
    if (bots_hint(srv, t, seat, r->c, r->re, r->id) != 0)
        return err_set(e, "server_error", "out of memory");
    r->c->hint_pending = 1;
    return 0;
}

int table_legal_moves(struct server *srv, struct table *t, int seat, struct sbuf *out,
                      struct err *e)
{
    if (check_to_move(srv, t, seat, e) != 0)
        return -1;
    rami_move *moves = srv->movebuf;
    size_t n = 0;
    int rc = rami_game_legal_moves(t->game, moves, RAMI_MAX_MOVES, &n);
    if (rc != RAMI_OK)
        return err_set(e, "server_error", "listing moves failed: %s", rami_strerror(rc));
    sb_puts(out, "\"moves\":[");
    for (size_t i = 0; i < n; i++) {
        char text[128];
        if (rami_move_format(&moves[i], text, sizeof text) == RAMI_OK)
            sb_printf(out, "%s\"%s\"", i ? "," : "", text);
    }
    sb_puts(out, "],");
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Bots and timers                                                           */
/* ------------------------------------------------------------------------ */

void table_bot_result(struct server *srv, uint64_t table_id, uint64_t gen, int seat, int by,
                      int status, const rami_move *m)
{
    struct table *t = table_find_id(srv, table_id);
    if (!t)
        return;
    t->bot_pending = 0;
    if (gen != t->gen || !server_plays(t, seat) || t->status != TABLE_PLAYING)
        return; /* the table changed meanwhile: table_schedule asks again */
    if (status != RAMI_OK) {
        logf_(srv, LOG_ERR, "table %s: the bot found no move: %s", t->id_hex,
              rami_strerror(status));
        t->bot_due_ms = now_ms() + 1000;
        return;
    }
    struct err e = {0};
    if (table_move(srv, t, seat, m, by, NULL, &e) != 0) {
        logf_(srv, LOG_ERR, "table %s: the bot's move was refused: %s (%s)", t->id_hex, e.message,
              e.reason);
        t->bot_due_ms = now_ms() + 1000;
    }
}

void table_turn_clock(struct table *t, int64_t now)
{
    if (t->status != TABLE_PLAYING) {
        t->deadline_ms = 0;
        t->timer_seat = -1;
        return;
    }
    if (rami_game_round(t->game) == t->turn_round && rami_game_turn(t->game) == t->turn_number)
        return;
    t->turn_round = rami_game_round(t->game);
    t->turn_number = rami_game_turn(t->game);
    t->timer_seat = -1;
    int cur = rami_game_current_player(t->game);
    t->deadline_ms = t->seats[cur].kind == SEAT_HUMAN && t->turn_seconds > 0
                         ? now + 1000LL * t->turn_seconds
                         : 0;
}

void table_schedule(struct server *srv, struct table *t, int64_t now)
{
    if (t->status != TABLE_PLAYING || t->bot_pending || t->in_batch)
        return;
    int phase = rami_game_phase(t->game);
    if (phase != RAMI_PHASE_DRAW && phase != RAMI_PHASE_PLAY)
        return;
    table_turn_clock(t, now);
    int cur = rami_game_current_player(t->game), by = BY_BOT, level = t->bot_level;
    if (!server_plays(t, cur)) {
        if (!t->deadline_ms || now < t->deadline_ms)
            return;
        t->timer_seat = cur; /* the greedy bot plays the rest of this turn */
        msg_push_all(srv, t, "table", "\"reason\":\"timeout\",");
    }
    if (t->timer_seat == cur) {
        by = BY_TIMER;
        level = RAMI_BOT_GREEDY;
    }
    if (!t->bot_due_ms)
        t->bot_due_ms = now + srv->cfg.bot_delay_ms;
    if (now < t->bot_due_ms)
        return;
    if (bots_submit(srv, t, cur, level, by) == 0)
        t->bot_pending = 1;
}

void table_tick(struct server *srv, struct table *t, int64_t now)
{
    if ((t->status == TABLE_OVER || t->status == TABLE_ABANDONED) && !t->in_batch &&
        now - t->finished_ms > 1000LL * srv->cfg.linger_seconds && !t->bot_pending) {
        table_unlink(srv, t);
        table_free(srv, t);
        return;
    }
    if (t->status == TABLE_WAITING && srv->cfg.wait_seconds > 0 && !t->in_batch &&
        wall_seconds() - t->created >= srv->cfg.wait_seconds) {
        table_expire(srv, t);
        return;
    }
    table_schedule(srv, t, now);
}
