/* Determinization: a copy of a game in which everything one seat cannot see
 * is dealt anew at random. Bots search on such copies, so they cannot use
 * cards they could not know, and two positions that look the same to the
 * seat give the same copies. */
#include <string.h>

#include "bot-private.h"

/* Seeds of the independent streams drawn from the caller's seed. */
#define STREAM_HIDDEN    0x1u
#define STREAM_RESHUFFLE 0x2u
#define STREAM_ROUNDS    0x3u
#define STREAM_DEAL      0x4u

static uint64_t stream_seed(uint64_t seed, unsigned stream)
{
    return seed ^ (0x9E3779B97F4A7C15ull * (uint64_t)(stream + 1u)) ^ ((uint64_t)stream << 59);
}

static void hand_set_from(hand *h, const uint8_t counts[256])
{
    memset(h, 0, sizeof *h);
    for (unsigned c = 0; c < 256; c++)
        for (unsigned k = 0; k < counts[c]; k++)
            hand_add(h, (rami_card)c);
}

static void hand_counts(const hand *h, uint8_t counts[256])
{
    memset(counts, 0, 256);
    for (unsigned s = 0; s < 4; s++)
        for (unsigned r = 1; r <= 13; r++)
            counts[RAMI_CARD(r, s)] = (uint8_t)hand_face(h, s, r);
    counts[RAMI_JOKER] = h->jokers;
}

static void known_take(uint8_t *row, rami_card c)
{
    if (row[c] > 0)
        row[c]--;
}

/* What a move tells about the cards its seat holds; taken: the card a
 * DRAW_DISCARD took. */
static void known_apply(uint8_t *row, unsigned kind, const rami_card *cards, unsigned count,
                        rami_card taken)
{
    switch (kind) {
    case RAMI_MOVE_DRAW_DISCARD:
        row[taken]++;
        break;
    case RAMI_MOVE_MELD:
    case RAMI_MOVE_LAYOFF:
        for (unsigned i = 0; i < count; i++)
            known_take(row, cards[i]);
        break;
    case RAMI_MOVE_SWAP:
        /* Everyone saw the joker come off the table into this hand. */
        known_take(row, cards[0]);
        row[RAMI_JOKER]++;
        break;
    case RAMI_MOVE_DISCARD:
        known_take(row, cards[0]);
        break;
    default:
        break;
    }
}

/* What an entry of the log tells about the cards its seat holds. */
static void known_entry(uint8_t *row, const log_entry *e)
{
    known_apply(row, e->kind, e->cards, e->count,
                e->kind == RAMI_MOVE_DRAW_DISCARD ? e->cards[0] : RAMI_NO_CARD);
}

void rami__known_update(uint8_t row[256], const rami_move *m, rami_card taken)
{
    known_apply(row, m->kind, m->cards, m->count, taken);
}

/* Walks the round log; only seats with a row (zeroed) are tracked. */
static void known_scan(const rami_game *g, uint8_t *rows[RAMI_MAX_PLAYERS])
{
    log_iter it;
    log_entry e;
    rami__log_begin(g, &it);
    while (rami__log_next(&it, &e))
        if (rows[e.seat] != NULL)
            known_entry(rows[e.seat], &e);
    /* Never claim more than the hand holds (copies are indistinguishable). */
    for (unsigned p = 0; p < g->rs.players; p++) {
        for (unsigned c = 1; rows[p] != NULL && c <= RAMI_JOKER; c++) {
            if (!rows[p][c])
                continue;
            unsigned have =
                card_is_valid((rami_card)c) ? hand_count(&g->pos.hands[p], (rami_card)c) : 0;
            if (rows[p][c] > have)
                rows[p][c] = (uint8_t)have;
        }
    }
}

void rami__known_cards(const rami_game *g, rami_known *k)
{
    memset(k, 0, sizeof *k);
    uint8_t *rows[RAMI_MAX_PLAYERS];
    for (unsigned p = 0; p < RAMI_MAX_PLAYERS; p++)
        rows[p] = p < g->rs.players ? k->cnt[p] : NULL;
    known_scan(g, rows);
}

void rami__known_cards_of(const rami_game *g, unsigned seat, uint8_t cnt[256])
{
    memset(cnt, 0, 256);
    uint8_t *rows[RAMI_MAX_PLAYERS] = {NULL};
    rows[seat] = cnt;
    known_scan(g, rows);
}

/* Takes every hidden card into pool (in card order, so the pool does not
 * depend on where the cards were), leaving the known ones in the hands. */
static unsigned collect_pool(const rami_game *g, int viewer, bool hands_hidden, const rami_known *k,
                             uint8_t pool_counts[256])
{
    memset(pool_counts, 0, 256);
    unsigned n = g->pos.stock_count;
    for (unsigned i = 0; i < g->pos.stock_count; i++)
        pool_counts[stock_at(&g->pos, i)]++;
    for (unsigned p = 0; hands_hidden && p < g->rs.players; p++) {
        if ((int)p == viewer)
            continue;
        uint8_t have[256];
        hand_counts(&g->pos.hands[p], have);
        for (unsigned c = 0; c < 256; c++) {
            unsigned hidden = have[c] - k->cnt[p][c];
            pool_counts[c] = (uint8_t)(pool_counts[c] + hidden);
            n += hidden;
        }
    }
    return n;
}

static unsigned pool_list(const uint8_t counts[256], rami_card *pool)
{
    unsigned n = 0;
    for (unsigned c = 0; c < 256; c++)
        for (unsigned i = 0; i < counts[c]; i++)
            pool[n++] = (rami_card)c;
    return n;
}

void rami__hidden_pool(const rami_game *g, int viewer, const rami_known *k, rami_pool *pool)
{
    bool over = g->pos.phase == RAMI_PHASE_ROUND_OVER || g->pos.phase == RAMI_PHASE_MATCH_OVER;
    uint8_t counts[256];
    /* At the round's end the hands have been shown for scoring. */
    pool->hands_hidden = !over;
    collect_pool(g, viewer, pool->hands_hidden, k, counts);
    pool->n = pool_list(counts, pool->cards);
    for (unsigned p = 0; p < RAMI_MAX_PLAYERS; p++) {
        unsigned kept = 0;
        for (unsigned c = 0; p < g->rs.players && c < 256; c++)
            kept += k->cnt[p][c];
        pool->kept[p] = kept;
    }
}

/* Deals the pool (left as it is: a pool serves many deals) from seed. */
static void redeal(rami_game *out, const rami_game *g, int viewer, const rami_known *k,
                   const rami_pool *cached, uint64_t seed)
{
    rami_card pool[RAMI_MAX_PACK * 2];
    unsigned n = cached->n;
    memcpy(pool, cached->cards, n);
    rami_rng rng;
    rami__rng_seed(&rng, stream_seed(seed, STREAM_HIDDEN));
    rami__shuffle(&rng, pool, n);
    for (unsigned p = 0; cached->hands_hidden && p < g->rs.players; p++) {
        if ((int)p == viewer)
            continue;
        uint8_t mine[256];
        memcpy(mine, k->cnt[p], 256);
        unsigned size = g->pos.hands[p].size;
        for (unsigned i = cached->kept[p]; i < size; i++)
            mine[pool[--n]]++;
        hand_set_from(&out->pos.hands[p], mine);
    }
    stock_set(&out->pos, pool, n);
}

/* The stored round-1 deal of a rami_game_new_deal game holds the hidden
 * cards of round 1 as they really were: deal its hidden part anew too. */
static void redeal_stored(rami_deal *d, int viewer, uint64_t seed)
{
    uint8_t counts[256] = {0};
    rami_card pool[RAMI_MAX_PACK + RAMI_MAX_PLAYERS * RAMI_MAX_HAND];
    for (unsigned i = 0; i < d->stock_count; i++)
        counts[d->stock[i]]++;
    for (unsigned p = 0; p < RAMI_MAX_PLAYERS; p++)
        for (unsigned i = 0; (int)p != viewer && i < d->hand_count[p]; i++)
            counts[d->hands[p][i]]++;
    unsigned n = pool_list(counts, pool);
    rami_rng rng;
    rami__rng_seed(&rng, stream_seed(seed, STREAM_DEAL));
    rami__shuffle(&rng, pool, n);
    for (unsigned p = 0; p < RAMI_MAX_PLAYERS; p++) {
        if ((int)p == viewer)
            continue;
        memset(d->hands[p], 0, sizeof d->hands[p]);
        for (unsigned i = 0; i < d->hand_count[p]; i++)
            d->hands[p][i] = pool[--n];
    }
    memset(d->stock, 0, sizeof d->stock);
    memcpy(d->stock, pool, n);
}

int rami__determinize_pooled(rami_game *out, const rami_game *g, int viewer, uint64_t seed,
                             const rami_known *known, const rami_pool *pool)
{
    redeal(out, g, viewer, known, pool, seed);
    rami__rng_seed(&out->pos.rng, stream_seed(seed, STREAM_RESHUFFLE));
    out->seed = stream_seed(seed, STREAM_ROUNDS);
    out->determinized = 1;
    if (out->deal != NULL)
        redeal_stored(out->deal, viewer, seed);
    return RAMI_OK;
}

int rami__determinize_into(rami_game *out, const rami_game *g, int viewer, uint64_t seed,
                           const rami_known *known)
{
    rami_known own;
    if (known == NULL) {
        rami__known_cards(g, &own);
        known = &own;
    }
    rami_pool pool;
    rami__hidden_pool(g, viewer, known, &pool);
    return rami__determinize_pooled(out, g, viewer, seed, known, &pool);
}

int rami_game_determinize(const rami_game *g, int viewer, uint64_t seed, rami_game **out)
{
    if (g == NULL || out == NULL || viewer < 0 || viewer >= g->rs.players)
        return RAMI_E_ARG;
    rami_game *copy;
    int st = rami_game_clone(g, &copy);
    if (st != RAMI_OK)
        return st;
    rami__determinize_into(copy, g, viewer, seed, NULL);
    *out = copy;
    return RAMI_OK;
}
