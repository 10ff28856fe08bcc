/* The game handle: creation, copies, queries and the flow of rounds and
 * turns (RULES.md §1, §2 and §7). Move rules are in rules.c. */
#include <stdlib.h>
#include <string.h>

#include "game.h"

static size_t deal_bytes(bool with_deal)
{
    return with_deal ? (sizeof(rami_deal) + 7u) & ~(size_t)7u : 0;
}

/* One allocation holds the handle, the round-1 deal if any, and the log.
 * A clone overwrites the handle at once, so only new games are zeroed. */
static rami_game *game_alloc(bool with_deal, size_t log_cap, bool zero)
{
    size_t size = sizeof(rami_game) + deal_bytes(with_deal) + log_cap;
    rami_game *g = zero ? calloc(1, size) : malloc(size);
    if (g == NULL)
        return NULL;
    g->alloc_size = size;
    g->deal = with_deal ? (rami_deal *)(void *)g->tail : NULL;
    g->log = g->tail + deal_bytes(with_deal);
    g->log_cap = (uint32_t)log_cap;
    g->log_heap = 0;
    return g;
}

static void round_start(rami_game *g);

static uint64_t round_seed(uint64_t seed, unsigned round)
{
    return seed ^ (0xD1B54A32D192ED03ull * (uint64_t)round);
}

/* rs and deal are the library's own structs (rami__ruleset_load,
 * deal_load), both checked. */
static int new_game(const rami_ruleset *rs, const rami_deal *deal, uint64_t seed, rami_game **out)
{
    if (rami__log_capacity(rs) > UINT32_MAX / 2)
        return RAMI_E_RULESET;
    rami_game *g = game_alloc(deal != NULL, rami__log_capacity(rs), true);
    if (g == NULL)
        return RAMI_E_NOMEM;
    g->rs = *rs;
    g->seed = seed;
    g->pos.round = 1;
    if (deal != NULL) {
        /* Only the used slots: a deal with garbage beyond its counts is the
         * same deal. */
        rami_deal *d = g->deal;
        d->struct_size = deal->struct_size;
        d->dealer = deal->dealer;
        for (unsigned p = 0; p < rs->players; p++) {
            d->hand_count[p] = deal->hand_count[p];
            memcpy(d->hands[p], deal->hands[p], deal->hand_count[p]);
        }
        d->stock_count = deal->stock_count;
        memcpy(d->stock, deal->stock, deal->stock_count);
        d->discard_count = deal->discard_count;
        memcpy(d->discard, deal->discard, deal->discard_count);
        g->from_deal = 1;
        g->pos.dealer = deal->dealer;
    } else {
        g->pos.dealer = (uint8_t)(rs->players - 1); /* so that seat 0 starts round 1 */
    }
    round_start(g);
    *out = g;
    return RAMI_OK;
}

int rami_game_new(const rami_ruleset *rs, uint64_t seed, rami_game **out)
{
    rami_ruleset own;
    if (out == NULL)
        return RAMI_E_ARG;
    int st = rami__ruleset_load(rs, &own, NULL, 0);
    if (st != RAMI_OK)
        return st;
    return new_game(&own, NULL, seed, out);
}

/* Cards a dealt hand may hold: hand_size + 1 (a puzzle may start a seat
 * with the card it would have drawn), but never so many that the draw of
 * its turn outgrows RAMI_MAX_HAND. */
static unsigned deal_hand_max(const rami_ruleset *rs)
{
    unsigned most = rs->hand_size + 1u;
    return most < RAMI_MAX_HAND ? most : RAMI_MAX_HAND - 1u;
}

/* The first published size of rami_deal: the 1.0 layout, which is the
 * original contract's with its padding byte named. */
#define DEAL_SIZE_FIRST sizeof(rami_deal)

/* A deal must fit the ruleset's pack and leave a playable position. */
static int deal_check(const rami_ruleset *rs, const rami_deal *d)
{
    if (d->reserved != 0 || d->dealer >= rs->players || d->stock_count > RAMI_MAX_PACK ||
        d->discard_count > RAMI_MAX_PACK || d->stock_count < 1)
        return RAMI_E_ARG;
    unsigned seen[256] = {0}; /* wide: a hostile deal may repeat a card hundreds of times */
    for (unsigned p = 0; p < RAMI_MAX_PLAYERS; p++) {
        unsigned n = d->hand_count[p];
        if (p >= rs->players) {
            if (n != 0)
                return RAMI_E_ARG;
            continue;
        }
        if (n < 1 || n > deal_hand_max(rs))
            return RAMI_E_ARG;
        for (unsigned i = 0; i < n; i++)
            seen[d->hands[p][i]]++;
    }
    for (unsigned i = 0; i < d->stock_count; i++)
        seen[d->stock[i]]++;
    for (unsigned i = 0; i < d->discard_count; i++)
        seen[d->discard[i]]++;
    for (unsigned c = 0; c < 256; c++) {
        if (seen[c] == 0)
            continue;
        if (!card_is_valid((rami_card)c) || seen[c] > rami__pack_copies(rs, (rami_card)c))
            return RAMI_E_ARG;
    }
    return RAMI_OK;
}

int rami_game_new_deal(const rami_ruleset *rs, const rami_deal *deal, uint64_t seed,
                       rami_game **out)
{
    rami_ruleset own;
    rami_deal d;
    if (deal == NULL || out == NULL)
        return RAMI_E_ARG;
    int st = rami__ruleset_load(rs, &own, NULL, 0);
    if (st != RAMI_OK)
        return st;
    if (rami__sized_in(&d, sizeof d, DEAL_SIZE_FIRST, deal) != RAMI_OK)
        return RAMI_E_ARG;
    st = deal_check(&own, &d);
    if (st != RAMI_OK)
        return st;
    return new_game(&own, &d, seed, out);
}

int rami_game_clone(const rami_game *g, rami_game **out)
{
    if (g == NULL || out == NULL)
        return RAMI_E_ARG;
    rami_game *c = game_alloc(g->deal != NULL, g->log_cap, false);
    if (c == NULL)
        return RAMI_E_NOMEM;
    rami__game_copy(c, g);
    *out = c;
    return RAMI_OK;
}

int rami__game_copy(rami_game *dst, const rami_game *src)
{
    if (src->log_len > dst->log_cap || (src->deal == NULL) != (dst->deal == NULL))
        return RAMI_E_NOMEM;
    dst->rs = src->rs;
    dst->seed = src->seed;
    dst->from_deal = src->from_deal;
    dst->determinized = src->determinized;
    dst->pos = src->pos;
    dst->undo_count = src->undo_count;
    memcpy(dst->undo, src->undo, src->undo_count * sizeof src->undo[0]);
    dst->log_len = src->log_len;
    memcpy(dst->log, src->log, src->log_len);
    if (dst->deal != NULL)
        *dst->deal = *src->deal;
    return RAMI_OK;
}

void rami_game_free(rami_game *g)
{
    if (g == NULL)
        return;
    rami__log_free(g);
    free(g);
}

/* ---- rounds and turns ---- */

static void install_deal(const rami_game *g, const rami_deal *d, position *p)
{
    for (unsigned s = 0; s < g->rs.players; s++)
        for (unsigned i = 0; i < d->hand_count[s]; i++)
            hand_add(&p->hands[s], d->hands[s][i]);
    stock_set(p, d->stock, d->stock_count);
    discard_set(p, d->discard, d->discard_count);
}

static void shuffle_and_deal(const rami_game *g, position *p)
{
    const rami_ruleset *rs = &g->rs;
    rami_card pack[RAMI_MAX_PACK];
    unsigned n = 0;
    for (unsigned d = 0; d < rs->decks; d++)
        for (unsigned suit = 0; suit < 4; suit++)
            for (unsigned r = 1; r <= 13; r++)
                pack[n++] = RAMI_CARD(r, suit);
    for (unsigned j = 0; j < rs->jokers; j++)
        pack[n++] = RAMI_JOKER;
    rami__shuffle(&p->rng, pack, n);
    /* One card at a time, starting with the seat after the dealer, from the
     * end of the shuffled pack; eliminated seats get none. */
    for (unsigned k = 0; k < rs->hand_size; k++) {
        for (unsigned i = 1; i <= rs->players; i++) {
            unsigned seat = (p->dealer + i) % rs->players;
            if (seat_active(p, seat))
                hand_add(&p->hands[seat], pack[--n]);
        }
    }
    discard_push(p, pack[--n]);
    stock_set(p, pack, n);
}

void rami__round_deal(const rami_game *g, position *p)
{
    rami__rng_seed(&p->rng, round_seed(g->seed, p->round));
    memset(p->hands, 0, sizeof p->hands);
    memset(p->piles, 0, sizeof p->piles);
    p->stock_count = 0;
    p->discard_count = 0;
    memset(p->melds, 0, sizeof p->melds);
    memset(&p->result, 0, sizeof p->result);
    memset(&p->ts, 0, sizeof p->ts);
    p->meld_count = 0;
    p->turn = 0;
    p->restocks = 0;
    p->picked = RAMI_NO_CARD;
    if (g->from_deal && p->round == 1)
        install_deal(g, g->deal, p);
    else
        shuffle_and_deal(g, p);
    p->current = (uint8_t)next_active(&g->rs, p, p->dealer);
    rami__turn_begin(&g->rs, p);
}

static void round_start(rami_game *g)
{
    memset(g->undo, 0, sizeof g->undo);
    g->undo_count = 0;
    g->log_len = 0;
    g->determinized = 0; /* a new round replays from its own deal */
    rami__round_deal(g, &g->pos);
}

/* ELIMINATION: the seats a match with these totals has put out (a total
 * at match_target or above, RULES.md §8.4). */
static uint8_t eliminated_by(const rami_ruleset *rs, const int32_t totals[RAMI_MAX_PLAYERS])
{
    uint8_t out = 0;
    if (!(rs->options & RAMI_OPT_ELIMINATION))
        return 0;
    for (unsigned s = 0; s < rs->players; s++)
        if (totals[s] >= (int32_t)rs->match_target)
            out |= (uint8_t)(1u << s);
    return out;
}

int rami__game_resume(rami_game *g, uint16_t round, const int32_t totals[RAMI_MAX_PLAYERS],
                      int dealer)
{
    if (round < 2 || g->pos.round != 1 || g->pos.turn != 1 || g->pos.phase != RAMI_PHASE_DRAW)
        return RAMI_E_ARG;
    uint8_t out = eliminated_by(&g->rs, totals);
    /* Without eliminations the dealer moves one seat a round. */
    unsigned rotated = (g->pos.dealer + round - 1u) % g->rs.players;
    if (dealer < 0)
        dealer = (int)rotated;
    if (dealer >= g->rs.players || (out == 0 && dealer != (int)rotated) || (out >> dealer & 1u))
        return RAMI_E_ARG;
    g->pos.dealer = (uint8_t)dealer;
    g->pos.round = round;
    g->pos.eliminated = out;
    memcpy(g->pos.totals, totals, sizeof g->pos.totals);
    round_start(g);
    return RAMI_OK;
}

int rami_game_next_round(rami_game *g)
{
    if (g == NULL)
        return RAMI_E_ARG;
    if (g->pos.phase != RAMI_PHASE_ROUND_OVER || g->pos.round == UINT16_MAX)
        return RAMI_E_PHASE;
    g->pos.round++;
    /* The next seat clockwise that is still in the match deals. */
    g->pos.dealer = (uint8_t)next_active(&g->rs, &g->pos, g->pos.dealer);
    round_start(g);
    return RAMI_OK;
}

/* ---- queries ---- */

int rami_game_phase(const rami_game *g)
{
    return g ? g->pos.phase : RAMI_E_ARG;
}

int rami_game_current_player(const rami_game *g)
{
    return g ? g->pos.current : RAMI_E_ARG;
}

int rami_game_dealer(const rami_game *g)
{
    return g ? g->pos.dealer : RAMI_E_ARG;
}

int rami_game_round(const rami_game *g)
{
    return g ? g->pos.round : RAMI_E_ARG;
}

int rami_game_turn(const rami_game *g)
{
    return g ? (int)(g->pos.turn > INT32_MAX ? INT32_MAX : g->pos.turn) : RAMI_E_ARG;
}

int rami_game_hand(const rami_game *g, int player, rami_card *buf, size_t cap, size_t *count)
{
    if (g == NULL || count == NULL || player < 0 || player >= g->rs.players ||
        (buf == NULL && cap > 0))
        return RAMI_E_ARG;
    const hand *h = &g->pos.hands[player];
    *count = h->size;
    if (h->size > cap)
        return RAMI_E_BUFFER;
    size_t n = 0;
    for (unsigned suit = 0; suit < 4; suit++)
        for (unsigned r = 1; r <= 13; r++)
            for (unsigned k = 0; k < hand_face(h, suit, r); k++)
                buf[n++] = RAMI_CARD(r, suit);
    for (unsigned k = 0; k < h->jokers; k++)
        buf[n++] = RAMI_JOKER;
    return RAMI_OK;
}

int rami_game_hand_count(const rami_game *g, int player)
{
    if (g == NULL || player < 0 || player >= g->rs.players)
        return RAMI_E_ARG;
    return g->pos.hands[player].size;
}

int rami_game_discard_pile(const rami_game *g, rami_card *buf, size_t cap, size_t *count)
{
    if (g == NULL || count == NULL || (buf == NULL && cap > 0))
        return RAMI_E_ARG;
    *count = g->pos.discard_count;
    if (g->pos.discard_count > cap)
        return RAMI_E_BUFFER;
    discard_copy(&g->pos, buf);
    return RAMI_OK;
}

size_t rami_game_stock_count(const rami_game *g)
{
    return g ? g->pos.stock_count : 0;
}

size_t rami_game_discard_count(const rami_game *g)
{
    return g ? g->pos.discard_count : 0;
}

rami_card rami_game_discard_top(const rami_game *g)
{
    return g ? discard_top(&g->pos) : RAMI_NO_CARD;
}

int rami_game_has_opened(const rami_game *g, int player)
{
    if (g == NULL || player < 0 || player >= g->rs.players)
        return RAMI_E_ARG;
    return (g->pos.ts.opened >> player) & 1u;
}

int rami_game_in_match(const rami_game *g, int player)
{
    if (g == NULL || player < 0 || player >= g->rs.players)
        return RAMI_E_ARG;
    return seat_active(&g->pos, (unsigned)player);
}

size_t rami_game_meld_count(const rami_game *g)
{
    return g ? g->pos.meld_count : 0;
}

int rami_game_meld(const rami_game *g, size_t index, int *owner, rami_meld_info *info)
{
    if (g == NULL || index >= g->pos.meld_count)
        return RAMI_E_ARG;
    const tmeld *m = &g->pos.melds[index];
    if (owner != NULL)
        *owner = m->owner;
    if (info != NULL)
        rami__meld_info(m, info);
    return RAMI_OK;
}

int rami_game_round_result(const rami_game *g, rami_round_result *out)
{
    if (g == NULL || out == NULL)
        return RAMI_E_ARG;
    if (g->pos.phase != RAMI_PHASE_ROUND_OVER && g->pos.phase != RAMI_PHASE_MATCH_OVER)
        return RAMI_E_PHASE;
    *out = g->pos.result;
    return RAMI_OK;
}

int rami_game_scores(const rami_game *g, int32_t *totals, size_t cap)
{
    if (g == NULL || (totals == NULL && cap > 0))
        return RAMI_E_ARG;
    for (size_t i = 0; i < cap; i++)
        totals[i] = i < g->rs.players ? g->pos.totals[i] : 0;
    return RAMI_OK;
}

int rami_game_match_winners(const rami_game *g)
{
    if (g == NULL)
        return RAMI_E_ARG;
    if (g->pos.phase != RAMI_PHASE_MATCH_OVER)
        return RAMI_E_PHASE;
    /* The lowest total among the seats that played the last round (all of
     * them, but for seats eliminated before it: RULES.md §8.3-8.4). */
    int32_t best = INT32_MAX;
    int mask = 0;
    for (unsigned p = 0; p < g->rs.players; p++) {
        if (!rami__played_round(&g->rs, &g->pos, p) || g->pos.totals[p] > best)
            continue;
        if (g->pos.totals[p] < best)
            mask = 0;
        best = g->pos.totals[p];
        mask |= 1 << p;
    }
    return mask;
}

int rami_game_ruleset_sized(const rami_game *g, rami_ruleset *out, size_t size)
{
    if (g == NULL)
        return RAMI_E_ARG;
    return rami__sized_out(out, size, RULESET_SIZE_FIRST, &g->rs, sizeof g->rs);
}

/* The plain function behind the macro of rami.h: the 1.0 layout. */
int(rami_game_ruleset)(const rami_game *g, rami_ruleset *out)
{
    return rami_game_ruleset_sized(g, out, RULESET_SIZE_1_0);
}

/* The first published size of rami_turn_info (its 1.0 layout). */
#define TURN_INFO_SIZE_FIRST 20u

static void turn_fill(const rami_game *g, rami_turn_info *t)
{
    const position *p = &g->pos;
    t->player = p->current;
    t->phase = p->phase;
    t->opened = seat_opened(p, p->current);
    t->opening_points = g->rs.opening_points;
    if (p->phase != RAMI_PHASE_PLAY)
        return;
    t->opened_this_turn = p->ts.opened_now;
    t->points_laid = p->ts.points;
    t->melds_laid = p->ts.melds;
    t->undo_count = g->undo_count;
    t->picked = p->picked;
    t->must_play = p->ts.pickup_pending ? p->picked : RAMI_NO_CARD;
    t->jokers_to_replay = p->ts.replay_pending;
    t->pure_run_needed =
        has_opt(&g->rs, RAMI_OPT_OPEN_PURE_RUN) && !is_opened(p) && !p->ts.pure_run;
    t->may_not_discard = avoid_face(&g->rs, p);
}

int rami_game_turn_info(const rami_game *g, rami_turn_info *out, size_t size)
{
    if (g == NULL)
        return RAMI_E_ARG;
    rami_turn_info t;
    memset(&t, 0, sizeof t);
    t.struct_size = sizeof t;
    turn_fill(g, &t);
    return rami__sized_out(out, size, TURN_INFO_SIZE_FIRST, &t, sizeof t);
}

uint64_t rami_game_seed(const rami_game *g)
{
    return g ? g->seed : 0;
}

rami_card rami_game_picked(const rami_game *g)
{
    return g && g->pos.phase == RAMI_PHASE_PLAY ? g->pos.picked : RAMI_NO_CARD;
}

bool rami__game_equal(const rami_game *a, const rami_game *b)
{
    /* Positions, rulesets and undo records hold no padding: memcmp is exact. */
    if (memcmp(&a->rs, &b->rs, sizeof a->rs) != 0 || a->seed != b->seed ||
        a->from_deal != b->from_deal || memcmp(&a->pos, &b->pos, sizeof a->pos) != 0)
        return false;
    if (a->undo_count != b->undo_count ||
        memcmp(a->undo, b->undo, a->undo_count * sizeof a->undo[0]) != 0)
        return false;
    if ((a->deal == NULL) != (b->deal == NULL) ||
        (a->deal != NULL && memcmp(a->deal, b->deal, sizeof *a->deal) != 0))
        return false;
    return a->log_len == b->log_len && memcmp(a->log, b->log, a->log_len) == 0;
}
