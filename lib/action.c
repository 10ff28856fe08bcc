/* Integer actions (doc/actions.md): a fixed numbering of every move a
 * ruleset can make, for learning agents, with per-seat returns and the
 * most actions a round can take. Legality and canonical forms come from
 * the rest of the library (rami_game_legal_moves, the meld evaluator);
 * this file only numbers moves. */
#include <stdlib.h>
#include <string.h>

#include "textbuf.h"

#define FACES          52 /* natural faces: face = suit * 13 + rank - 1 */
#define FACE_JOKER     52
#define DRAWS          2
#define SET_SHAPES     16 /* suit masks of a set */
#define RUN_MIN        3
#define RUN_POSITIONS  14 /* run positions 1..14 (ace low .. ace high) */
#define LAYOFF_ACE_LOW 52 /* lay-off ids in a slot: faces, aces LOW, aces HIGH, joker */
#define LAYOFF_ACE_HI  56
#define LAYOFF_JOKER   60
#define LIST_ON_STACK  512

/* The blocks of the numbering for one ruleset (doc/actions.md, "Layout"). */
typedef struct layout {
    unsigned jokers;   /* jokers one meld may hold: min(jokers_per_meld, jokers in the pack) */
    unsigned longest;  /* longest meld one hand can lay: min(13, hand_size + 2) */
    unsigned slots;    /* table melds that can lie at once */
    unsigned per_slot; /* lay-off ids per table slot */
    bool joker;        /* the pack holds jokers */
    bool choice;       /* RAMI_OPT_JOKER_CHOICE */
    bool swaps;        /* RAMI_OPT_JOKER_SWAP with jokers in the pack */
    uint32_t set_per_rank, run_per_suit;
    const uint16_t *masks;      /* [n]: joker masks of an n-card window */
    const uint16_t *run_before; /* [n]: ids of one suit's runs shorter than n */
    uint32_t sets, runs, layoffs, swap_at, discards, total; /* first id of each block */
} layout;

/* C(n, k) for the n <= 13 positions of a run and k <= 4 jokers. */
static const uint16_t binom_table[RAMI_MAX_MELD + 1][5] = {
    {1, 0, 0, 0, 0},       {1, 1, 0, 0, 0},       {1, 2, 1, 0, 0},       {1, 3, 3, 1, 0},
    {1, 4, 6, 4, 1},       {1, 5, 10, 10, 5},     {1, 6, 15, 20, 15},    {1, 7, 21, 35, 35},
    {1, 8, 28, 56, 70},    {1, 9, 36, 84, 126},   {1, 10, 45, 120, 210}, {1, 11, 55, 165, 330},
    {1, 12, 66, 220, 495}, {1, 13, 78, 286, 715},
};

static uint32_t binom(unsigned n, unsigned k)
{
    return k <= 4 && n <= RAMI_MAX_MELD ? binom_table[n][k] : 0;
}

static unsigned face_of(rami_card c)
{
    return c == RAMI_JOKER ? FACE_JOKER : RAMI_CARD_SUIT(c) * 13u + RAMI_CARD_RANK(c) - 1u;
}

static rami_card card_of(unsigned face)
{
    return face == FACE_JOKER ? RAMI_JOKER : RAMI_CARD(face % 13u + 1u, face / 13u);
}

/* ---- sets: rank x (suit mask, jokers) ---- */

/* Naturals in a suit mask. */
static const uint8_t suits_in[SET_SHAPES] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* Shapes of one suit mask: 2 naturals take 1..2 jokers, 3 naturals 0..1,
 * 4 naturals none; never more than the layout's jokers. */
static unsigned set_shapes_of(const layout *L, unsigned suits)
{
    unsigned j = L->jokers;
    switch (suits_in[suits]) {
    case 2:
        return j < 2 ? j : 2;
    case 3:
        return j < 1 ? 1 : 2;
    case 4:
        return 1;
    default:
        return 0;
    }
}

/* Shapes of one rank in id order: suit mask ascending, then jokers. */
static unsigned set_shape_index(const layout *L, unsigned suits, unsigned jokers)
{
    unsigned index = 0;
    for (unsigned s = 0; s < suits; s++)
        index += set_shapes_of(L, s);
    return index + (suits_in[suits] == 2 ? jokers - 1u : jokers);
}

static void set_shape_at(const layout *L, unsigned index, unsigned *suits, unsigned *jokers)
{
    unsigned s = 0;
    while (index >= set_shapes_of(L, s))
        index -= set_shapes_of(L, s++);
    *suits = s;
    *jokers = suits_in[s] == 2 ? index + 1u : index;
}

/* ---- runs: suit x length n x lowest position lo x joker mask ---- */

/* Joker masks of an n-card window with at most j jokers and at least two
 * naturals: window_masks[j][n] = sum of C(n, k) for k = 0..min(j, n - 2). */
static const uint16_t window_masks[5][RAMI_MAX_MELD + 1] = {
    {0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
    {0, 0, 0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14},
    {0, 0, 0, 4, 11, 16, 22, 29, 37, 46, 56, 67, 79, 92},
    {0, 0, 0, 4, 11, 26, 42, 64, 93, 130, 176, 232, 299, 378},
    {0, 0, 0, 4, 11, 26, 57, 99, 163, 256, 386, 562, 794, 1093},
};

/* Ids of one suit's runs shorter than n: runs_before[j][n] = sum over
 * lengths m = 3..n-1 of (15 - m) windows x window_masks[j][m]. */
static const uint16_t runs_before[5][RAMI_MAX_MELD + 2] = {
    {0, 0, 0, 0, 12, 23, 33, 42, 50, 57, 63, 68, 72, 75, 77},
    {0, 0, 0, 0, 48, 103, 163, 226, 290, 353, 413, 468, 516, 555, 583},
    {0, 0, 0, 0, 48, 169, 329, 527, 759, 1018, 1294, 1574, 1842, 2079, 2263},
    {0, 0, 0, 0, 48, 169, 429, 807, 1319, 1970, 2750, 3630, 4558, 5455, 6211},
    {0, 0, 0, 0, 48, 169, 429, 942, 1734, 2875, 4411, 6341, 8589, 10971, 13157},
};

/* Rank of a joker mask among the masks of its window: by joker count, then
 * in colex order (the combinatorial number system). */
static uint32_t mask_rank(unsigned n, unsigned mask)
{
    unsigned k = bit_count(mask);
    uint32_t r = 0;
    for (unsigned j = 0; j < k; j++)
        r += binom(n, j);
    for (unsigned i = 1; mask; i++) {
        r += binom(lowest_bit(mask), i);
        mask &= mask - 1;
    }
    return r;
}

static unsigned mask_unrank(unsigned n, uint32_t r)
{
    unsigned k = 0;
    while (r >= binom(n, k)) {
        r -= binom(n, k);
        k++;
    }
    unsigned mask = 0;
    for (unsigned i = k; i >= 1; i--) {
        unsigned c = i - 1;
        while (binom(c + 1, i) <= r)
            c++;
        r -= binom(c, i);
        mask |= 1u << c;
    }
    return mask;
}

/* ---- the layout ---- */

unsigned rami__table_slots(const rami_ruleset *rs)
{
    unsigned pack = rami__pack_size(rs), naturals = 52u * rs->decks;
    return pack / 3u < naturals / 2u ? pack / 3u : naturals / 2u;
}

static void layout_init(layout *L, const rami_ruleset *rs)
{
    L->joker = rs->jokers > 0;
    L->jokers = rs->jokers < rs->jokers_per_meld ? rs->jokers : rs->jokers_per_meld;
    L->longest = rs->hand_size + 2u < RAMI_MAX_MELD ? rs->hand_size + 2u : RAMI_MAX_MELD;
    L->slots = rami__table_slots(rs);
    L->choice = (rs->options & RAMI_OPT_JOKER_CHOICE) != 0;
    L->swaps = L->joker && (rs->options & RAMI_OPT_JOKER_SWAP);
    L->per_slot = LAYOFF_JOKER + (L->joker ? 1u + 2u * L->choice : 0u);
    /* 6 pairs of suits, 4 triples, 1 quadruple (set_shapes_of). */
    L->set_per_rank = 6u * set_shapes_of(L, 3) + 4u * set_shapes_of(L, 7) + 1u;
    L->masks = window_masks[L->jokers];
    L->run_before = runs_before[L->jokers];
    L->run_per_suit = L->run_before[L->longest + 1u];
    L->sets = DRAWS;
    L->runs = L->sets + 13u * L->set_per_rank;
    L->layoffs = L->runs + 4u * L->run_per_suit;
    L->swap_at = L->layoffs + L->slots * L->per_slot;
    L->discards = L->swap_at + (L->swaps ? L->slots * FACES : 0u);
    L->total = L->discards + FACES + L->joker;
}

/* The layout of the caller's ruleset, loaded into *own (the library's own
 * struct, which the numbering then reads). */
static bool layout_for(layout *L, const rami_ruleset *rs, rami_ruleset *own)
{
    if (rami__ruleset_load(rs, own, NULL, 0) != RAMI_OK)
        return false;
    layout_init(L, own);
    return true;
}

/* ---- move -> id ---- */

static int meld_id(const layout *L, const rami_ruleset *rs, const rami_move *m, rami_action *out)
{
    if (m->target != 0 || m->count < RUN_MIN || m->count > L->longest)
        return RAMI_E_ARG;
    tmeld t, low;
    unsigned jpm = rs->jokers_per_meld;
    if (rami__meld_eval(jpm, m->cards, m->count, m->side, &t, NULL, 0) != RAMI_OK ||
        t.jokers > L->jokers)
        return RAMI_E_ARG;
    if (t.kind == RAMI_MELD_SET) {
        if (m->side != RAMI_SIDE_AUTO)
            return RAMI_E_ARG;
        unsigned suits = 0;
        for (unsigned i = 0; i < t.count; i++)
            if (t.cards[i] != RAMI_JOKER)
                suits |= 1u << RAMI_CARD_SUIT(t.cards[i]);
        *out = L->sets + (t.rank - 1u) * L->set_per_rank + set_shape_index(L, suits, t.jokers);
        return RAMI_OK;
    }
    /* A placement other than the lowest exists only as the HIGH choice. */
    rami__meld_eval(jpm, m->cards, m->count, RAMI_SIDE_LOW, &low, NULL, 0);
    if (t.lo != low.lo && !(L->choice && t.jokers > 0))
        return RAMI_E_ARG;
    unsigned mask = 0;
    for (unsigned i = 0; i < t.count; i++)
        if (t.cards[i] == RAMI_JOKER)
            mask |= 1u << i;
    *out = L->runs + t.suit * L->run_per_suit + L->run_before[t.count] +
           (t.lo - 1u) * L->masks[t.count] + mask_rank(t.count, mask);
    return RAMI_OK;
}

static int layoff_id(const layout *L, const rami_move *m, rami_action *out)
{
    rami_card c = m->cards[0];
    unsigned sub;
    if (c == RAMI_JOKER) {
        if (!L->joker || (m->side != RAMI_SIDE_AUTO && !L->choice))
            return RAMI_E_ARG;
        sub = LAYOFF_JOKER + m->side;
    } else if (RAMI_CARD_RANK(c) == RAMI_ACE && m->side != RAMI_SIDE_AUTO) {
        sub = (m->side == RAMI_SIDE_LOW ? LAYOFF_ACE_LOW : LAYOFF_ACE_HI) + RAMI_CARD_SUIT(c);
    } else {
        if (m->side != RAMI_SIDE_AUTO)
            return RAMI_E_ARG;
        sub = face_of(c);
    }
    *out = L->layoffs + m->target * L->per_slot + sub;
    return RAMI_OK;
}

static int swap_id(const layout *L, const rami_move *m, rami_action *out)
{
    rami_card c = m->cards[0];
    if (!L->swaps || m->count != 1 || m->side != RAMI_SIDE_AUTO || m->target >= L->slots ||
        c == RAMI_JOKER)
        return RAMI_E_ARG;
    *out = L->swap_at + m->target * FACES + face_of(c);
    return RAMI_OK;
}

/* Draws and discards carry no side and no target. */
static int plain_id(const layout *L, const rami_move *m, rami_action *out)
{
    if (m->side != RAMI_SIDE_AUTO || m->target != 0)
        return RAMI_E_ARG;
    if (m->kind != RAMI_MOVE_DISCARD) {
        if (m->count != 0)
            return RAMI_E_ARG;
        *out = m->kind == RAMI_MOVE_DRAW_STOCK ? 0 : 1;
        return RAMI_OK;
    }
    if (m->count != 1 || (m->cards[0] == RAMI_JOKER && !L->joker))
        return RAMI_E_ARG;
    *out = L->discards + face_of(m->cards[0]);
    return RAMI_OK;
}

static int encode(const layout *L, const rami_ruleset *rs, const rami_move *m, rami_action *out)
{
    if (m->side > RAMI_SIDE_HIGH || m->count > RAMI_MAX_MELD)
        return RAMI_E_ARG;
    for (unsigned i = 0; i < m->count; i++)
        if (!card_is_valid(m->cards[i]))
            return RAMI_E_ARG;
    switch (m->kind) {
    case RAMI_MOVE_DRAW_STOCK:
    case RAMI_MOVE_DRAW_DISCARD:
    case RAMI_MOVE_DISCARD:
        return plain_id(L, m, out);
    case RAMI_MOVE_MELD:
        return meld_id(L, rs, m, out);
    case RAMI_MOVE_LAYOFF:
        if (m->count != 1 || m->target >= L->slots)
            return RAMI_E_ARG;
        return layoff_id(L, m, out);
    case RAMI_MOVE_SWAP:
        return swap_id(L, m, out);
    default:
        return RAMI_E_ARG;
    }
}

/* ---- id -> move ---- */

static void set_move(unsigned rank, unsigned suits, unsigned jokers, rami_move *m)
{
    m->kind = RAMI_MOVE_MELD;
    for (unsigned s = 0; s < 4; s++)
        if (suits & (1u << s))
            m->cards[m->count++] = RAMI_CARD(rank, s);
    for (unsigned j = 0; j < jokers; j++)
        m->cards[m->count++] = RAMI_JOKER;
}

/* The run of placement (suit, n, lo, mask) in canonical form, or false if
 * the rules never produce that placement under this ruleset. */
static bool run_move(const layout *L, const rami_ruleset *rs, unsigned suit, unsigned n,
                     unsigned lo, unsigned mask, rami_move *m)
{
    m->kind = RAMI_MOVE_MELD;
    m->count = (uint8_t)n;
    for (unsigned i = 0; i < n; i++)
        m->cards[i] = (mask >> i) & 1u ? RAMI_JOKER : RAMI_CARD(pos_rank(lo + i), suit);
    tmeld low, high;
    unsigned jpm = rs->jokers_per_meld;
    if (rami__meld_eval(jpm, m->cards, n, RAMI_SIDE_LOW, &low, NULL, 0) != RAMI_OK)
        return false;
    bool may_choose = L->choice && mask != 0;
    if (may_choose)
        rami__meld_eval(jpm, m->cards, n, RAMI_SIDE_HIGH, &high, NULL, 0);
    if (low.lo == lo) {
        m->side = may_choose && high.lo != low.lo ? RAMI_SIDE_LOW : RAMI_SIDE_AUTO;
        return true;
    }
    m->side = RAMI_SIDE_HIGH;
    return may_choose && high.lo == lo;
}

static bool run_at(const layout *L, const rami_ruleset *rs, uint32_t x, rami_move *m)
{
    unsigned suit = x / L->run_per_suit;
    x %= L->run_per_suit;
    unsigned n = L->longest;
    while (L->run_before[n] > x)
        n--;
    x -= L->run_before[n];
    uint32_t per = L->masks[n];
    unsigned lo = 1u + x / per;
    return run_move(L, rs, suit, n, lo, mask_unrank(n, x % per), m);
}

static void layoff_at(const layout *L, uint32_t x, rami_move *m)
{
    unsigned sub = x % L->per_slot;
    m->kind = RAMI_MOVE_LAYOFF;
    m->count = 1;
    m->target = (uint8_t)(x / L->per_slot);
    if (sub < FACES) {
        m->cards[0] = card_of(sub);
    } else if (sub < LAYOFF_JOKER) {
        m->cards[0] = RAMI_CARD(RAMI_ACE, (sub - LAYOFF_ACE_LOW) % 4u);
        m->side = sub < LAYOFF_ACE_HI ? RAMI_SIDE_LOW : RAMI_SIDE_HIGH;
    } else {
        m->cards[0] = RAMI_JOKER;
        m->side = (uint8_t)(sub - LAYOFF_JOKER);
    }
}

static int decode(const layout *L, const rami_ruleset *rs, rami_action a, rami_move *m)
{
    memset(m, 0, sizeof *m);
    if (a >= L->total)
        return RAMI_E_ARG;
    if (a < L->sets) {
        m->kind = a == 0 ? RAMI_MOVE_DRAW_STOCK : RAMI_MOVE_DRAW_DISCARD;
    } else if (a < L->runs) {
        unsigned suits = 0, jokers = 0;
        uint32_t x = a - L->sets;
        set_shape_at(L, x % L->set_per_rank, &suits, &jokers);
        set_move(1u + x / L->set_per_rank, suits, jokers, m);
    } else if (a < L->layoffs) {
        if (!run_at(L, rs, a - L->runs, m))
            return RAMI_E_ARG;
    } else if (a < L->swap_at) {
        layoff_at(L, a - L->layoffs, m);
    } else if (a < L->discards) {
        m->kind = RAMI_MOVE_SWAP;
        m->count = 1;
        m->target = (uint8_t)((a - L->swap_at) / FACES);
        m->cards[0] = card_of((a - L->swap_at) % FACES);
    } else {
        m->kind = RAMI_MOVE_DISCARD;
        m->count = 1;
        m->cards[0] = card_of(a - L->discards);
    }
    return RAMI_OK;
}

/* ---- public: conversions ---- */

uint32_t rami_num_distinct_actions(const rami_ruleset *rs)
{
    layout L;
    rami_ruleset own;
    return layout_for(&L, rs, &own) ? L.total : 0;
}

int rami_move_to_action(const rami_ruleset *rs, const rami_move *m, rami_action *out)
{
    layout L;
    rami_ruleset own;
    if (m == NULL || out == NULL || !layout_for(&L, rs, &own))
        return RAMI_E_ARG;
    rami_action a;
    int st = encode(&L, &own, m, &a);
    if (st == RAMI_OK)
        *out = a;
    return st;
}

int rami_action_to_move(const rami_ruleset *rs, rami_action a, rami_move *out)
{
    layout L;
    rami_ruleset own;
    if (out == NULL || !layout_for(&L, rs, &own))
        return RAMI_E_ARG;
    rami_move m;
    int st = decode(&L, &own, a, &m);
    if (st == RAMI_OK)
        *out = m;
    return st;
}

/* ---- public: legal actions ---- */

static void sort_ids(rami_action *ids, size_t n)
{
    /* The list comes nearly sorted (legal_moves orders by kind and table
     * slot): insertion sort costs about n. */
    for (size_t i = 1; i < n; i++) {
        rami_action x = ids[i];
        size_t j = i;
        for (; j > 0 && ids[j - 1] > x; j--)
            ids[j] = ids[j - 1];
        ids[j] = x;
    }
}

/* The legal ids of g, sorted, into ids[0..*n) (ids holds LIST_ON_STACK, or
 * *heap receives a larger array the caller frees). */
static int legal_ids(const rami_game *g, const layout *L, const rami_ruleset *rs, rami_action *ids,
                     rami_action **heap, size_t *n)
{
    rami_move stack[LIST_ON_STACK], *moves = stack;
    size_t count = 0;
    *heap = NULL;
    int st = rami_game_legal_moves(g, moves, LIST_ON_STACK, &count);
    if (st == RAMI_E_BUFFER) {
        moves = malloc(count * sizeof *moves);
        *heap = malloc(count * sizeof **heap);
        if (moves == NULL || *heap == NULL) {
            free(moves);
            free(*heap);
            *heap = NULL;
            return RAMI_E_NOMEM;
        }
        size_t again;
        st = rami_game_legal_moves(g, moves, count, &again);
        ids = *heap;
    }
    for (size_t i = 0; st == RAMI_OK && i < count; i++)
        st = encode(L, rs, &moves[i], &ids[i]);
    if (moves != stack)
        free(moves);
    if (st != RAMI_OK) {
        free(*heap);
        *heap = NULL;
        return st;
    }
    sort_ids(ids, count);
    *n = count;
    return RAMI_OK;
}

static int game_layout(const rami_game *g, layout *L, rami_ruleset *rs)
{
    if (g == NULL || rami_game_ruleset(g, rs) != RAMI_OK)
        return RAMI_E_ARG;
    layout_init(L, rs);
    return RAMI_OK;
}

int rami_game_legal_actions(const rami_game *g, rami_action *buf, size_t cap, size_t *count)
{
    layout L;
    rami_ruleset rs;
    if (count == NULL || (buf == NULL && cap > 0) || game_layout(g, &L, &rs) != RAMI_OK)
        return RAMI_E_ARG;
    rami_action stack[LIST_ON_STACK], *heap;
    size_t n = 0;
    int st = legal_ids(g, &L, &rs, stack, &heap, &n);
    if (st != RAMI_OK)
        return st;
    *count = n;
    if (n > 0 && n <= cap) /* buf may be NULL when n is 0 */
        memcpy(buf, heap ? heap : stack, n * sizeof *buf);
    free(heap);
    return n <= cap ? RAMI_OK : RAMI_E_BUFFER;
}

int rami_game_legal_actions_mask(const rami_game *g, uint8_t *mask, size_t cap, size_t *count)
{
    layout L;
    rami_ruleset rs;
    if (count == NULL || (mask == NULL && cap > 0) || game_layout(g, &L, &rs) != RAMI_OK)
        return RAMI_E_ARG;
    *count = L.total;
    if (cap < L.total)
        return RAMI_E_BUFFER;
    rami_action stack[LIST_ON_STACK], *heap;
    size_t n = 0;
    int st = legal_ids(g, &L, &rs, stack, &heap, &n);
    if (st != RAMI_OK)
        return st;
    const rami_action *ids = heap ? heap : stack;
    memset(mask, 0, L.total);
    for (size_t i = 0; i < n; i++)
        mask[ids[i]] = 1;
    free(heap);
    return RAMI_OK;
}

int rami_game_play_action(rami_game *g, int player, rami_action a)
{
    layout L;
    rami_ruleset rs;
    rami_move m;
    if (game_layout(g, &L, &rs) != RAMI_OK || decode(&L, &rs, a, &m) != RAMI_OK)
        return RAMI_E_ARG;
    return rami_game_play(g, player, &m);
}

/* ---- public: game length and returns ---- */

uint32_t rami_max_game_length(const rami_ruleset *rs)
{
    rami_ruleset own;
    if (rami__ruleset_load(rs, &own, NULL, 0) != RAMI_OK || own.max_turns == 0)
        return 0;
    return 3u * own.max_turns + 2u * own.players * (own.hand_size + 1u);
}

/* Among the seats of `in` (the others get 0): winners share +1 and the
 * other seats -1; 0 for all when all win. */
static void win_returns(unsigned players, unsigned in, unsigned winners, double *r)
{
    unsigned n = bit_count(in), w = bit_count(winners & in);
    for (unsigned p = 0; p < players; p++) {
        if (!(in & (1u << p)) || w == n)
            r[p] = 0.0;
        else if (winners & (1u << p))
            r[p] = 1.0 / w;
        else
            r[p] = -1.0 / (n - w);
    }
}

/* Among the seats of `in` (the others get 0): minus the points, or the
 * mean of the other seats' points minus one's own. */
static void point_returns(unsigned players, unsigned in, const double *points, bool relative,
                          double *r)
{
    unsigned n = bit_count(in);
    double sum = 0.0;
    for (unsigned p = 0; p < players; p++)
        sum += in & (1u << p) ? points[p] : 0.0;
    for (unsigned p = 0; p < players; p++) {
        if (!(in & (1u << p)))
            r[p] = 0.0;
        else
            r[p] = relative && n > 1 ? (sum - points[p]) / (n - 1u) - points[p] : -points[p];
    }
}

int rami_game_returns(const rami_game *g, int kind, double *out, size_t cap)
{
    rami_ruleset rs;
    int base = kind & ~RAMI_RETURN_MATCH;
    bool match = (kind & RAMI_RETURN_MATCH) != 0;
    if (g == NULL || (out == NULL && cap > 0) || kind < 0 || base > RAMI_RETURN_WIN ||
        rami_game_ruleset(g, &rs) != RAMI_OK)
        return RAMI_E_ARG;
    int phase = rami_game_phase(g);
    if (phase != RAMI_PHASE_MATCH_OVER && (match || phase != RAMI_PHASE_ROUND_OVER))
        return RAMI_E_PHASE;
    double points[RAMI_MAX_PLAYERS], r[RAMI_MAX_PLAYERS];
    unsigned winners, in = (1u << rs.players) - 1u;
    if (match) {
        int32_t totals[RAMI_MAX_PLAYERS];
        rami_game_scores(g, totals, RAMI_MAX_PLAYERS);
        for (unsigned p = 0; p < rs.players; p++)
            points[p] = totals[p];
        winners = (unsigned)rami_game_match_winners(g);
    } else {
        rami_round_result res;
        rami_game_round_result(g, &res);
        for (unsigned p = 0; p < rs.players; p++) {
            points[p] = res.points[p];
            /* A seat eliminated before the round sat it out: return 0. */
            if (!rami__played_round(&g->rs, &g->pos, p))
                in &= ~(1u << p);
        }
        winners = res.winners;
    }
    if (base == RAMI_RETURN_WIN)
        win_returns(rs.players, in, winners, r);
    else
        point_returns(rs.players, in, points, base == RAMI_RETURN_RELATIVE, r);
    for (size_t i = 0; i < cap; i++)
        out[i] = i < rs.players ? r[i] : 0.0;
    return RAMI_OK;
}
