/* The public calls that judge and make moves on a handle: check, play
 * (with its log entry and undo record), undo, and the list of legal moves
 * (the candidates of movegen.c that finish.c accepts, then the discards). */
#include <stdlib.h>

#include "game.h"

int rami_game_check(const rami_game *g, int player, const rami_move *m, char *why, size_t why_cap)
{
    if (g == NULL || m == NULL)
        return rami__why(why, why_cap, RAMI_E_ARG, "no %s (NULL)", g == NULL ? "game" : "move");
    verdict v;
    return rami__validate(&g->rs, &g->pos, player, m, &v, why, why_cap);
}

static bool is_play(unsigned kind)
{
    return kind == RAMI_MOVE_MELD || kind == RAMI_MOVE_LAYOFF || kind == RAMI_MOVE_SWAP;
}

/* The undo stack holds the plays of the current turn: a discard or the
 * end of the round empties it. */
static inline int play_verdict(rami_game *g, const verdict *v)
{
    if (is_play(v->move.kind) && g->undo_count >= MAX_UNDO)
        return RAMI_E_INTERNAL; /* cannot happen: see MAX_UNDO */
    int st = rami__log_reserve(g, &v->move);
    if (st != RAMI_OK)
        return st;
    if (is_play(v->move.kind)) {
        undo_rec *u = &g->undo[g->undo_count++];
        u->play.kind = v->move.kind;
        u->play.target = v->move.target;
        u->play.where = v->where;
        u->play.card = v->move.cards[0];
        u->before = g->pos.ts;
    }
    rami__apply(&g->rs, &g->pos, v);
    if (g->undo_count > 0 &&
        (v->move.kind == RAMI_MOVE_DISCARD || g->pos.phase > RAMI_PHASE_PLAY)) {
        memset(g->undo, 0, g->undo_count * sizeof g->undo[0]);
        g->undo_count = 0;
    }
    rami__log_push(g, &v->move);
    return RAMI_OK;
}

int rami__play_verdict(rami_game *g, const verdict *v)
{
    return play_verdict(g, v);
}

int rami_game_play(rami_game *g, int player, const rami_move *m)
{
    if (g == NULL)
        return RAMI_E_ARG;
    verdict v;
    int st = rami__validate(&g->rs, &g->pos, player, m, &v, NULL, 0);
    if (st != RAMI_OK)
        return st;
    return play_verdict(g, &v);
}

int rami_game_undo_count(const rami_game *g)
{
    if (g == NULL)
        return RAMI_E_ARG;
    return g->pos.phase == RAMI_PHASE_PLAY ? g->undo_count : 0;
}

int rami_game_undo(rami_game *g, int player)
{
    if (g == NULL || player < 0 || player >= g->rs.players)
        return RAMI_E_ARG;
    if (g->pos.phase == RAMI_PHASE_ROUND_OVER || g->pos.phase == RAMI_PHASE_MATCH_OVER)
        return RAMI_E_PHASE;
    if (player != g->pos.current)
        return RAMI_E_TURN;
    if (g->pos.phase != RAMI_PHASE_PLAY || g->undo_count == 0)
        return RAMI_E_UNDO;
    undo_rec u = g->undo[--g->undo_count];
    memset(&g->undo[g->undo_count], 0, sizeof u);
    /* A meld taken back is the last one, with the cards it was laid with. */
    unsigned count = u.play.kind == RAMI_MOVE_MELD ? g->pos.melds[g->pos.meld_count - 1].count : 1u;
    rami__log_pop(g, u.play.kind, count);
    rami__unapply(&g->pos, &u.play);
    g->pos.ts = u.before;
    return RAMI_OK;
}

/* ---- the legal moves ---- */

typedef struct collect {
    finish_ctx fin; /* every candidate is judged from the same position */
    rami_move *buf;
    size_t cap, count;
    verdict *held; /* before the opening: the candidate melds, judged in one batch */
    unsigned nheld;
} collect;

static void put(collect *c, const rami_move *m)
{
    if (c->count < c->cap)
        c->buf[c->count] = *m;
    c->count++;
}

static bool collect_legal(void *ctx, const rami_move *m)
{
    collect *c = ctx;
    verdict v;
    if (rami__candidate_legal(&c->fin, m, &v))
        put(c, &v.move);
    return true;
}

/* The held candidates, in the order they came: the batch's answers, and
 * rami__finish_ok's where it has none. */
static void put_held(collect *c)
{
    int8_t known[FINISH_BATCH_MAX];
    rami__opening_batch(&c->fin, c->held, c->nheld, known);
    for (unsigned i = 0; i < c->nheld; i++)
        if (known[i] > 0 || (known[i] < 0 && rami__finish_ok(&c->fin, &c->held[i])))
            put(c, &c->held[i].move);
    c->nheld = 0;
}

/* A meld generated and judged (rami__gen_judged): legal when the turn
 * can still be finished after it. */
static bool collect_meld(void *ctx, const verdict *v)
{
    collect *c = ctx;
    if (rami__finish_ok(&c->fin, v))
        put(c, &v->move);
    return true;
}

/* Before the opening every candidate is a meld (no lay-off or swap yet),
 * held as it comes, then decided in one batch. Past FINISH_BATCH_MAX the
 * batch would not hold them all: those held are decided one by one, then
 * the rest as they come. */
static bool hold_meld(void *ctx, const verdict *v)
{
    collect *c = ctx;
    if (c->held == NULL)
        return collect_meld(ctx, v);
    c->held[c->nheld] = *v;
    if (++c->nheld == FINISH_BATCH_MAX) {
        for (unsigned i = 0; i < c->nheld; i++)
            if (rami__finish_ok(&c->fin, &c->held[i]))
                put(c, &c->held[i].move);
        c->nheld = 0;
        c->held = NULL;
    }
    return true;
}

/* The discards: the rules of a discard asked once for the turn (rules.c's
 * discard_turn_ok, finish.c's rami__discards_allowed), then discard_bar
 * for each card held, in the order of the faces. The cards are in hand by
 * construction, so this is judge_discard and the look-ahead per card. */
static void list_discards(collect *c, const rami_ruleset *rs, const position *p)
{
    if (!discard_turn_ok(p) || !rami__discards_allowed(&c->fin))
        return;
    const hand *h = &p->hands[p->current];
    const rami_move m = {.kind = RAMI_MOVE_DISCARD, .count = 1};
    /* The count in a local: the writes below cannot change it. */
    size_t n = c->count, cap = c->cap;
    for (unsigned s = 0; s < 4; s++) {
        for (unsigned held = h->mask[s]; held != 0; held &= held - 1) {
            rami_card card = RAMI_CARD(lowest_bit(held), s);
            if (discard_bar(rs, p, card) != DISCARD_OK)
                continue;
            if (n < cap) {
                c->buf[n] = m;
                c->buf[n].cards[0] = card;
            }
            n++;
        }
    }
    if (h->jokers && discard_bar(rs, p, RAMI_JOKER) == DISCARD_OK) {
        if (n < cap) {
            c->buf[n] = m;
            c->buf[n].cards[0] = RAMI_JOKER;
        }
        n++;
    }
    c->count = n;
}

/* The draws, judged by the rules of any draw (rules.c's rami__judge_draw,
 * finish.c's take rule) without a verdict each: a draw's canonical form is
 * its kind alone, written in place. */
static void list_draws(collect *c)
{
    size_t n = 0;
    for (unsigned kind = RAMI_MOVE_DRAW_STOCK; kind <= RAMI_MOVE_DRAW_DISCARD; kind++) {
        if (rami__judge_draw(c->fin.root, kind) != RAMI_OK)
            continue;
        if (kind == RAMI_MOVE_DRAW_DISCARD && !rami__take_ok(&c->fin))
            continue;
        if (n < c->cap) {
            memset(&c->buf[n], 0, sizeof c->buf[n]);
            c->buf[n].kind = (uint8_t)kind;
        }
        n++;
    }
    c->count = n;
}

/* The candidate melds of a seat that has not opened, in one batch (out of
 * line: the other calls need no room for the batch on their stack). */
RAMI_NOINLINE static void list_melds_before_opening(collect *c, const rami_game *g)
{
    verdict held[FINISH_BATCH_MAX];
    c->held = held;
    /* Before the opening rami__gen_judged makes melds only (table_allowed). */
    rami__gen_judged(&g->rs, &g->pos, GEN_ALL, collect_legal, hold_meld, c);
    if (c->held != NULL)
        put_held(c);
    c->held = NULL;
}

int rami__legal_moves_alloc(const rami_game *g, rami_move **out, size_t *n)
{
    size_t cap = 64, count = 0;
    *out = NULL;
    *n = 0;
    for (;;) {
        rami_move *list = malloc(cap * sizeof *list);
        if (list == NULL)
            return RAMI_E_NOMEM;
        int st = rami_game_legal_moves(g, list, cap, &count);
        if (st == RAMI_OK && count > 0) {
            *out = list;
            *n = count;
            return RAMI_OK;
        }
        free(list);
        if (st != RAMI_E_BUFFER)
            return st;
        cap = count;
    }
}

int rami_game_legal_moves(const rami_game *g, rami_move *buf, size_t cap, size_t *count)
{
    if (g == NULL || count == NULL || (buf == NULL && cap > 0))
        return RAMI_E_ARG;
    collect c;
    finish_memo memo; /* cleared only if a search needs it */
    rami__finish_begin(&c.fin, &g->rs, &g->pos, &memo);
    c.buf = buf;
    c.cap = cap;
    c.count = 0;
    c.held = NULL;
    c.nheld = 0;
    if (g->pos.phase == RAMI_PHASE_DRAW) {
        list_draws(&c);
    } else if (g->pos.phase == RAMI_PHASE_PLAY) {
        /* No meld is generated where none can be legal. */
        if (!rami__finish_opening(&c.fin)) {
            rami__gen_judged(&g->rs, &g->pos, GEN_TABLE, collect_legal, collect_meld, &c);
        } else if (!is_opened(&g->pos)) {
            list_melds_before_opening(&c, g);
        } else {
            rami__gen_judged(&g->rs, &g->pos, GEN_ALL, collect_legal, collect_meld, &c);
        }
        list_discards(&c, &g->rs, &g->pos);
    }
    rami__finish_end(&c.fin);
    *count = c.count;
    return c.count > cap ? RAMI_E_BUFFER : RAMI_OK;
}
