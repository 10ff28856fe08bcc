/* Fuzz target: refusal. rami_game_check_ex (structured refusals) on
 * candidate moves in positions reached by the input's choices: listed
 * moves, listed moves with a byte changed or by another seat, moves built
 * from hand cards, raw bytes.
 *
 * For every candidate: the same status and the same English reason as
 * rami_game_check; the refusal's status is that status; it is written in
 * the caller's size only (any size from 32 to past RAMI_STRUCT_SIZE_MAX:
 * refused sizes write nothing and judge nothing; accepted ones set
 * struct_size, zero the reserved bytes, the unused cards and every byte
 * after today's struct, and leave the guard bytes after the size); and it
 * names what exists: the seat to move (TURN), the owner of the table meld
 * (CLOSED) or the player; a table meld that is on the table (or
 * RAMI_NO_TARGET); the phase of the game; the opening requirement and the
 * points laid this turn; the cards missing from the hand (NOT_IN_HAND,
 * each a card of the move), the card taken or to be taken (PICKED, PICKUP,
 * PICKUP_MELD), a joker the hand holds (JOKER_REPLAY), no card (TURN,
 * PHASE, ARG), else the move's own cards. */
#include <limits.h>

#include "fuzz_game.h"

#define MAX_STEPS 48
#define GUARD     0xA5
#define ROOM      (RAMI_STRUCT_SIZE_MAX + 64)

static _Alignas(8) uint8_t out[ROOM];

static size_t hand_of(const rami_game *g, int seat, rami_card *h)
{
    size_t n = 0;
    FUZZ_ASSERT(rami_game_hand(g, seat, h, RAMI_MAX_HAND, &n) == RAMI_OK);
    return n;
}

/* A candidate move from the input. */
static int candidate(const rami_game *g, fz_input *in, rami_move *m)
{
    size_t n;
    const rami_move *list = fz_legal(g, &n);
    int seat = rami_game_current_player(g);
    uint8_t b = fz_byte(in);
    memset(m, 0, sizeof *m);
    if (b < 0x40 && n > 0) { /* listed, maybe with a byte changed */
        *m = list[fz_byte(in) % n];
        if (b & 1)
            ((uint8_t *)m)[fz_byte(in) % sizeof *m] = fz_byte(in);
    } else if (b < 0x50 && n > 0) { /* listed, by another seat */
        *m = list[fz_byte(in) % n];
        seat = (seat + 1 + fz_byte(in) % 5) % 6;
    } else if (b < 0xE0) { /* built from the hand */
        rami_card h[RAMI_MAX_HAND];
        size_t k = hand_of(g, seat, h);
        m->kind = (uint8_t)(1 + b % 6);
        m->count = m->kind == RAMI_MOVE_MELD ? (uint8_t)(3 + fz_byte(in) % 4)
                                             : (uint8_t)(m->kind >= RAMI_MOVE_LAYOFF);
        bool by_suit = b & 0x80;
        for (unsigned i = 0; i < m->count; i++) {
            uint8_t c = fz_byte(in);
            m->cards[i] = k > 0 && c < 0xF0 ? h[c % k] : (c & 1 ? RAMI_JOKER : (rami_card)c);
            if (i == 0 || c >= 0xF0 || m->cards[0] == RAMI_JOKER)
                continue;
            /* mostly a card of the first one's suit or rank: near-melds */
            rami_card fits[RAMI_MAX_HAND];
            size_t nf = 0;
            for (size_t j = 0; j < k; j++)
                if (h[j] == RAMI_JOKER ||
                    (by_suit ? RAMI_CARD_SUIT(h[j]) == RAMI_CARD_SUIT(m->cards[0])
                             : RAMI_CARD_RANK(h[j]) == RAMI_CARD_RANK(m->cards[0])))
                    fits[nf++] = h[j];
            if (nf > 0 && c % 8 != 0)
                m->cards[i] = fits[c % nf];
        }
        size_t melds = rami_game_meld_count(g);
        uint8_t t = fz_byte(in);
        if (m->kind == RAMI_MOVE_LAYOFF || m->kind == RAMI_MOVE_SWAP || t >= 0xFC)
            m->target = (uint8_t)(melds > 0 && t < 0xF0 ? t % melds : t % (melds + 2));
        if (m->kind == RAMI_MOVE_LAYOFF || m->kind == RAMI_MOVE_MELD || t >= 0xFC)
            m->side = (uint8_t)(fz_byte(in) % 4 == 0 ? fz_byte(in) % 3 : 0);
    } else { /* raw bytes */
        for (size_t i = 0; i < sizeof *m; i++)
            ((uint8_t *)m)[i] = fz_byte(in);
        seat = b >= 0xF8 ? (int)(b % 8) - 1 : seat;
    }
    return seat;
}

static bool in_move(const rami_move *m, rami_card c)
{
    for (unsigned i = 0; i < m->count && i < RAMI_MAX_MELD; i++)
        if (m->cards[i] == c)
            return true;
    return false;
}

/* What the refusal r says of move m by seat, against the game. */
static void check_fields(const rami_game *g, int seat, const rami_move *m, const rami_refusal *r)
{
    rami_ruleset rs;
    FUZZ_ASSERT(rami_game_ruleset(g, &rs) == RAMI_OK);
    int st = r->status, to_move = rami_game_current_player(g);
    size_t melds = rami_game_meld_count(g);
    FUZZ_ASSERT(r->count <= RAMI_MAX_MELD && fz_all(r->cards, r->count, RAMI_MAX_MELD, 0));
    FUZZ_ASSERT(fz_all(r->reserved, 0, sizeof r->reserved, 0));
    FUZZ_ASSERT(r->phase == rami_game_phase(g));
    FUZZ_ASSERT(r->target == RAMI_NO_TARGET || r->target < melds);
    if (st == RAMI_OK)
        return;
    if (st == RAMI_E_TURN) {
        FUZZ_ASSERT(r->seat == to_move);
    } else if (st == RAMI_E_CLOSED) {
        int owner = -1;
        FUZZ_ASSERT(r->target < melds && rami_game_meld(g, r->target, &owner, NULL) == RAMI_OK);
        FUZZ_ASSERT(r->seat == owner && owner != seat);
    } else if (seat >= 0 && seat < rs.players) {
        FUZZ_ASSERT(r->seat == seat);
    } else {
        FUZZ_ASSERT(st == RAMI_E_ARG); /* no such seat */
    }
    if (st == RAMI_E_LAYOFF || st == RAMI_E_SWAP || st == RAMI_E_CLOSED)
        FUZZ_ASSERT(r->target == (m->target < melds ? m->target : RAMI_NO_TARGET));
    if (st == RAMI_E_OPENING || st == RAMI_E_NOT_OPENED || st == RAMI_E_OPENING_TURN)
        FUZZ_ASSERT(r->points_needed == rs.opening_points);
    if (st == RAMI_E_OPENING) {
        rami_turn_info t;
        FUZZ_ASSERT(rami_game_turn_info(g, &t, sizeof t) == RAMI_OK);
        FUZZ_ASSERT(r->points_laid == t.points_laid);
    }
    rami_card h[RAMI_MAX_HAND];
    size_t nh = seat >= 0 && seat < rs.players ? hand_of(g, seat, h) : 0;
    switch (st) {
    case RAMI_E_TURN:
    case RAMI_E_PHASE:
    case RAMI_E_ARG:
        FUZZ_ASSERT(r->count == 0);
        break;
    case RAMI_E_NOT_IN_HAND: {
        /* each named card is a card of the move the hand lacks (counting
         * copies: the move uses more of that face than the hand holds) */
        FUZZ_ASSERT(r->count > 0);
        for (unsigned i = 0; i < r->count; i++) {
            unsigned used = 0, held = 0;
            FUZZ_ASSERT(in_move(m, r->cards[i]));
            for (unsigned k = 0; k < m->count; k++)
                used += m->cards[k] == r->cards[i];
            for (size_t k = 0; k < nh; k++)
                held += h[k] == r->cards[i];
            FUZZ_ASSERT(used > held);
        }
        break;
    }
    case RAMI_E_PICKED:
        FUZZ_ASSERT(r->count == 1 && r->cards[0] == rami_game_picked(g));
        break;
    case RAMI_E_PICKUP:
    case RAMI_E_PICKUP_MELD: { /* the card taken, or the top a take would take (if any) */
        rami_card c =
            rami_game_phase(g) == RAMI_PHASE_DRAW ? rami_game_discard_top(g) : rami_game_picked(g);
        FUZZ_ASSERT(r->count == (c != RAMI_NO_CARD) && r->cards[0] == c);
        break;
    }
    case RAMI_E_JOKER_REPLAY: {
        FUZZ_ASSERT(r->count == 1 && r->cards[0] == RAMI_JOKER);
        bool joker = false;
        for (size_t k = 0; k < nh; k++)
            joker |= h[k] == RAMI_JOKER;
        FUZZ_ASSERT(joker);
        break;
    }
    default: /* the move's own cards */
        FUZZ_ASSERT(r->count == m->count && memcmp(r->cards, m->cards, m->count) == 0);
    }
}

static void check_candidate(const rami_game *g, int seat, const rami_move *m, fz_input *in)
{
    char why[160], why_ex[160];
    int st = rami_game_check(g, seat, m, why, sizeof why);
    uint8_t b = fz_byte(in);
    size_t size = sizeof(rami_refusal); /* mostly today's, else any */
    if (b >= 0xF0)
        size = RAMI_STRUCT_SIZE_MAX - 2 + b % 4u;
    else if (b >= 0xE0)
        size = fz_byte(in) % 32u;
    else if (b >= 0xC0)
        size = 32 + (size_t)fz_byte(in);
    memset(out, GUARD, ROOM);
    memset(why_ex, GUARD, sizeof why_ex);
    int ex = rami_game_check_ex(g, seat, m, (rami_refusal *)out, size, why_ex, sizeof why_ex);
    if (size < 32 || size > RAMI_STRUCT_SIZE_MAX) {
        FUZZ_ASSERT(ex == RAMI_E_ARG && fz_all(out, 0, ROOM, GUARD));
        FUZZ_ASSERT(memchr(why_ex, 0, sizeof why_ex) != NULL);
        return;
    }
    FUZZ_ASSERT(ex == st && strcmp(why, why_ex) == 0);
    FUZZ_ASSERT(rami_game_check_ex(g, seat, m, NULL, sizeof(rami_refusal), NULL, 0) == st);
    rami_refusal r;
    uint32_t s;
    memcpy(&s, out, sizeof s);
    FUZZ_ASSERT(s == size && fz_all(out, size, ROOM, GUARD));
    size_t both = size < sizeof r ? size : sizeof r;
    FUZZ_ASSERT(fz_all(out, both, size, 0));
    memset(&r, 0, sizeof r);
    memcpy(&r, out, both);
    FUZZ_ASSERT(r.status == st);
    check_fields(g, seat, m, &r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = {data, data + size};
    rami_ruleset rs;
    rami_game *g = fz_game(&in, &rs);
    if (g == NULL)
        return 0;
    for (unsigned steps = 0; fz_more(&in) && steps < MAX_STEPS; steps++) {
        for (uint8_t k = fz_byte(&in) % 4; k > 0; k--) {
            rami_move m;
            int seat = candidate(g, &in, &m);
            check_candidate(g, seat, &m, &in);
        }
        if (!fz_step(g, &in))
            break;
    }
    rami_game_free(g);
    return 0;
}
