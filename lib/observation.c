/* Observation and information-state tensors (doc/observations.md): what one
 * seat may know, as a flat float array of a fixed size per ruleset, for
 * learning agents. Only public information and the viewer's own hand go
 * in, so two games that differ only in cards the viewer cannot see give
 * the same bytes. No allocation. */
#include <string.h>

#include "bot-private.h"
#include "textbuf.h"

#define FACES      53 /* 52 natural faces (suit * 13 + rank - 1), then the joker */
#define PHASES     4
#define COUNTERS   6 /* round, turn, turns left, stock, restocks, discard pile size */
#define TURN_STATE 3 /* points laid this turn, picked card to meld, jokers to replay */
#define SLOT_FIXED                                                                                 \
    48               /* per table slot without the owner: kind 2, suits 4, rank 13, 14 + 14 + 1    \
                      */
#define HISTORY 4    /* per seat: took, passed, discarded, known in hand */
#define UNKNOWN 0xFF /* the card turned up at the deal, before it is known */

/* Where each block starts (doc/observations.md, "Layout"). */
typedef struct obs_layout {
    unsigned players, slots, per_slot;
    uint32_t current, hand, sizes, opened, totals, counters, pile, top, picked, turn, table;
    uint32_t size;    /* observation tensor */
    uint32_t history; /* = size: where the information state adds its blocks */
    uint32_t info_size;
} obs_layout;

static void obs_layout_init(obs_layout *L, const rami_ruleset *rs)
{
    unsigned p = rs->players;
    L->players = p;
    L->slots = rami__table_slots(rs);
    L->per_slot = SLOT_FIXED + p;
    L->current = PHASES;
    L->hand = L->current + p;
    L->sizes = L->hand + FACES;
    L->opened = L->sizes + p;
    L->totals = L->opened + p;
    L->counters = L->totals + p;
    L->pile = L->counters + COUNTERS;
    L->top = L->pile + FACES;
    L->picked = L->top + FACES;
    L->turn = L->picked + FACES;
    L->table = L->turn + TURN_STATE;
    L->size = L->table + L->slots * L->per_slot;
    L->history = L->size;
    L->info_size = L->history + p * HISTORY * FACES;
}

static unsigned face_of(rami_card c)
{
    return c == RAMI_JOKER ? 52u : RAMI_CARD_SUIT(c) * 13u + RAMI_CARD_RANK(c) - 1u;
}

/* Seat s as seen from viewer: 0 = the viewer, 1 = the next seat, ... */
static unsigned rel(const obs_layout *L, unsigned viewer, unsigned s)
{
    return (s + L->players - viewer) % L->players;
}

/* ---- the observation ---- */

static void put_table(const obs_layout *L, const rami_game *g, unsigned viewer, float *out)
{
    for (unsigned i = 0; i < g->pos.meld_count; i++) {
        const tmeld *m = &g->pos.melds[i];
        float *slot = out + L->table + i * L->per_slot;
        float *owner = slot + 2, *suits = owner + L->players, *rank = suits + 4;
        float *naturals = rank + 13, *jokers = naturals + 14;
        slot[m->kind == RAMI_MELD_SET ? 0 : 1] = 1.0f;
        owner[rel(L, viewer, m->owner)] = 1.0f;
        jokers[14] = m->jokers;
        if (m->kind == RAMI_MELD_SET) {
            rank[m->rank - 1u] = 1.0f;
            for (unsigned k = 0; k < m->count; k++)
                if (m->cards[k] != RAMI_JOKER)
                    suits[RAMI_CARD_SUIT(m->cards[k])] = 1.0f;
            continue;
        }
        suits[m->suit] = 1.0f;
        for (unsigned k = 0; k < m->count; k++)
            (m->cards[k] == RAMI_JOKER ? jokers : naturals)[m->lo + k - 1u] = 1.0f;
    }
}

static void put_counts(float *out, const hand *h)
{
    for (unsigned s = 0; s < 4; s++)
        for (unsigned r = 1; r <= 13; r++)
            out[s * 13u + r - 1u] = (float)hand_face(h, s, r);
    out[52] = h->jokers;
}

static void observation(const obs_layout *L, const rami_game *g, unsigned viewer, float *out)
{
    const rami_ruleset *rs = &g->rs;
    memset(out, 0, L->size * sizeof *out);
    out[g->pos.phase] = 1.0f;
    out[L->current + rel(L, viewer, g->pos.current)] = 1.0f;
    put_counts(out + L->hand, &g->pos.hands[viewer]);
    for (unsigned s = 0; s < L->players; s++) {
        unsigned r = rel(L, viewer, s);
        out[L->sizes + r] = g->pos.hands[s].size;
        out[L->opened + r] = seat_opened(&g->pos, s);
        out[L->totals + r] = (float)g->pos.totals[s];
    }
    float *c = out + L->counters;
    c[0] = g->pos.round;
    c[1] = (float)g->pos.turn;
    c[2] =
        rs->max_turns && g->pos.turn < rs->max_turns ? (float)(rs->max_turns - g->pos.turn) : 0.0f;
    c[3] = g->pos.stock_count;
    c[4] = g->pos.restocks;
    c[5] = g->pos.discard_count;
    for (unsigned i = 0; i < g->pos.discard_count; i++)
        out[L->pile + face_of(discard_at(&g->pos, i))] += 1.0f;
    if (g->pos.discard_count > 0)
        out[L->top + face_of(discard_top(&g->pos))] = 1.0f;
    if (g->pos.phase == RAMI_PHASE_PLAY && g->pos.picked != RAMI_NO_CARD)
        out[L->picked + face_of(g->pos.picked)] = 1.0f;
    out[L->turn] = g->pos.ts.points;
    out[L->turn + 1] = g->pos.ts.pickup_pending;
    out[L->turn + 2] = g->pos.ts.replay_pending;
    put_table(L, g, viewer, out);
}

/* ---- the history of the round (information state) ---- */

/* The discard pile replayed from the round's start, to know which card
 * lay on top when a seat drew from the stock instead (a pass). */
typedef struct pile_sim {
    rami_card cards[RAMI_MAX_PACK];
    unsigned n, stock;
    unsigned unknown_passes[RAMI_MAX_PLAYERS]; /* passes on the card turned up at the deal */
    rami_card turned_up;                       /* that card once known, else UNKNOWN */
} pile_sim;

static void pile_start(pile_sim *p, const rami_game *g)
{
    memset(p, 0, sizeof *p);
    p->turned_up = UNKNOWN;
    if (g->from_deal && g->pos.round == 1 && g->deal != NULL) {
        p->n = g->deal->discard_count;
        memcpy(p->cards, g->deal->discard, p->n);
        p->stock = g->deal->stock_count;
        return;
    }
    /* A dealt round: the hands, one card turned up, the rest as stock. */
    p->n = 1;
    p->cards[0] = UNKNOWN;
    p->stock = rami__pack_size(&g->rs) - (unsigned)g->rs.players * g->rs.hand_size - 1u;
}

/* What a turn's first step does before the draw (game.c, begin_turn):
 * an empty stock is refilled from the pile under its top card. */
static void pile_turn_begins(pile_sim *p)
{
    if (p->stock == 0 && p->n >= 2) {
        p->stock = p->n - 1u;
        p->cards[0] = p->cards[p->n - 1u];
        p->n = 1;
    }
}

static void count_face(float *block, rami_card c)
{
    if (c != UNKNOWN)
        block[face_of(c)] += 1.0f;
}

/* One move of the log: what it shows of its seat (block: took, passed,
 * discarded, known) and what it does to the pile. */
static void history_entry(pile_sim *p, const log_entry *e, float *block)
{
    float *took = block, *passed = block + FACES, *discarded = block + 2 * FACES;
    rami_card top = p->n > 0 ? p->cards[p->n - 1u] : RAMI_NO_CARD;
    switch (e->kind) {
    case RAMI_MOVE_DRAW_STOCK:
        p->stock--;
        if (top == UNKNOWN)
            p->unknown_passes[e->seat]++;
        else if (top != RAMI_NO_CARD)
            count_face(passed, top);
        break;
    case RAMI_MOVE_DRAW_DISCARD:
        if (p->n > 0 && p->cards[--p->n] == UNKNOWN)
            p->turned_up = e->cards[0];
        count_face(took, e->cards[0]);
        break;
    case RAMI_MOVE_SWAP:
        count_face(took, RAMI_JOKER); /* the joker came off the table */
        break;
    case RAMI_MOVE_DISCARD:
        if (p->n < RAMI_MAX_PACK)
            p->cards[p->n++] = e->cards[0];
        count_face(discarded, e->cards[0]);
        break;
    default:
        break;
    }
}

/* The card turned up at the deal: known once taken, or while it is still in
 * the pile (at the place the replay puts it); then the passes on it count. */
static void history_turned_up(const obs_layout *L, const rami_game *g, unsigned viewer, pile_sim *p,
                              float *out)
{
    for (unsigned i = 0; i < p->n && p->turned_up == UNKNOWN; i++)
        if (p->cards[i] == UNKNOWN && i < g->pos.discard_count)
            p->turned_up = discard_at(&g->pos, i);
    if (p->turned_up == UNKNOWN)
        return;
    for (unsigned s = 0; s < L->players; s++)
        out[L->history + (rel(L, viewer, s) * HISTORY + 1u) * FACES + face_of(p->turned_up)] +=
            (float)p->unknown_passes[s];
}

/* Cards each seat is known to hold: taken in the open, not played since. */
static void history_known(const obs_layout *L, const rami_game *g, unsigned viewer, float *out)
{
    rami_known k;
    rami__known_cards(g, &k);
    for (unsigned s = 0; s < L->players; s++) {
        float *known = out + L->history + (rel(L, viewer, s) * HISTORY + 3u) * FACES;
        for (unsigned f = 0; f < FACES; f++)
            known[f] = k.cnt[s][f == 52 ? RAMI_JOKER : RAMI_CARD(f % 13u + 1u, f / 13u)];
    }
}

static void history(const obs_layout *L, const rami_game *g, unsigned viewer, float *out)
{
    pile_sim p;
    pile_start(&p, g);
    log_iter it;
    log_entry e;
    bool turn_start = true;
    rami__log_begin(g, &it);
    while (rami__log_next(&it, &e)) {
        if (turn_start)
            pile_turn_begins(&p);
        turn_start = e.kind == RAMI_MOVE_DISCARD;
        history_entry(&p, &e, out + L->history + rel(L, viewer, e.seat) * HISTORY * FACES);
    }
    history_turned_up(L, g, viewer, &p, out);
    history_known(L, g, viewer, out);
}

/* ---- public ---- */

/* The layout of rs's tensors; false (L untouched) for an invalid ruleset. */
static bool layout_of(const rami_ruleset *rs, obs_layout *L)
{
    rami_ruleset own;
    if (rami__ruleset_load(rs, &own, NULL, 0) != RAMI_OK)
        return false;
    obs_layout_init(L, &own);
    return true;
}

uint32_t rami_observation_tensor_size(const rami_ruleset *rs)
{
    obs_layout L;
    return layout_of(rs, &L) ? L.size : 0;
}

uint32_t rami_information_state_tensor_size(const rami_ruleset *rs)
{
    obs_layout L;
    return layout_of(rs, &L) ? L.info_size : 0;
}

static int tensor(const rami_game *g, int viewer, float *buf, size_t cap, bool info)
{
    if (g == NULL || (buf == NULL && cap > 0) || viewer < 0 || viewer >= g->rs.players)
        return RAMI_E_ARG;
    obs_layout L;
    obs_layout_init(&L, &g->rs);
    if (cap < (info ? L.info_size : L.size))
        return RAMI_E_BUFFER;
    observation(&L, g, (unsigned)viewer, buf);
    if (info) {
        memset(buf + L.history, 0, (L.info_size - L.history) * sizeof *buf);
        history(&L, g, (unsigned)viewer, buf);
    }
    return RAMI_OK;
}

int rami_game_observation_tensor(const rami_game *g, int viewer, float *buf, size_t cap)
{
    return tensor(g, viewer, buf, cap, false);
}

int rami_game_information_state_tensor(const rami_game *g, int viewer, float *buf, size_t cap)
{
    return tensor(g, viewer, buf, cap, true);
}
