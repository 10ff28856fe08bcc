/* Fuzz target: action. Integer action ids and moves (doc/actions.md).
 *
 * First byte even: conversion only, under any ruleset the input spells
 * byte by byte (valid or not), with any ids and any move bytes:
 *  - an invalid ruleset has N = 0 and every conversion is RAMI_E_ARG;
 *  - rami_action_to_move of an id: RAMI_OK only below N, and then the move
 *    has zero unused bytes and converts back to the same id; RAMI_E_ARG
 *    writes nothing;
 *  - rami_move_to_action of any 17 bytes: RAMI_OK gives an id below N whose
 *    move converts back to that id (the canonical form of the same move);
 *    RAMI_E_ARG writes nothing.
 *
 * First byte odd: a game under a valid ruleset, played by the input's
 * choices among the legal moves; in every position the legal ids are the
 * ids of the legal moves, ascending and distinct (and the same count); the
 * mask has a 1 exactly at them; each legal id's move is the listed move; an
 * id the input picks is legal exactly when rami_game_check accepts its move
 * (but for the two lay-off spellings doc/rules.md accepts and does not list,
 * whose listed id is checked instead), and rami_game_play_action of it does what rami_game_play
 * does (a twin game plays the moves; the two save the same record at the end). Short buffers give
 * RAMI_E_BUFFER and write nothing; a size-only call (NULL, 0), in every phase, gives the count. */
#include "fuzz_game.h"

#define MAX_STEPS 48
#define GUARD     0xA5

/* Every move field, and cards[] up to count, the same; unused bytes 0. */
static bool canonical_equal(const rami_move *a, const rami_move *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static void check_id(const rami_ruleset *rs, uint32_t n, rami_action a)
{
    rami_move m;
    memset(&m, GUARD, sizeof m);
    int st = rami_action_to_move(rs, a, &m);
    if (st != RAMI_OK) {
        FUZZ_ASSERT(st == RAMI_E_ARG);
        FUZZ_ASSERT(fz_all(&m, 0, sizeof m, GUARD));
        return;
    }
    FUZZ_ASSERT(a < n);
    FUZZ_ASSERT(m.count <= RAMI_MAX_MELD);
    FUZZ_ASSERT(fz_all(m.cards, m.count, RAMI_MAX_MELD, 0));
    rami_action back = 0xFFFFFFFFu;
    FUZZ_ASSERT(rami_move_to_action(rs, &m, &back) == RAMI_OK);
    FUZZ_ASSERT(back == a);
    char text[64];
    FUZZ_ASSERT(rami_move_format(&m, text, sizeof text) == RAMI_OK);
}

static void check_move(const rami_ruleset *rs, uint32_t n, const rami_move *m)
{
    rami_action a = 0xA5A5A5A5u;
    int st = rami_move_to_action(rs, m, &a);
    if (st != RAMI_OK) {
        FUZZ_ASSERT(st == RAMI_E_ARG);
        FUZZ_ASSERT(a == 0xA5A5A5A5u);
        return;
    }
    FUZZ_ASSERT(a < n);
    rami_move canon;
    FUZZ_ASSERT(rami_action_to_move(rs, a, &canon) == RAMI_OK);
    FUZZ_ASSERT(canon.kind == m->kind);
    rami_action again;
    FUZZ_ASSERT(rami_move_to_action(rs, &canon, &again) == RAMI_OK && again == a);
}

static void conversions(fz_input *in)
{
    rami_ruleset rs;
    memset(&rs, 0, sizeof rs);
    if (fz_byte(in) & 1) { /* a preset with fields overwritten */
        FUZZ_ASSERT(rami_ruleset_init(&rs, fz_byte(in) % 5, 2 + fz_byte(in) % 5) == RAMI_OK);
        for (uint8_t k = fz_byte(in) % 4; k > 0; k--) {
            size_t at = 4 + fz_byte(in) % (sizeof rs - 4);
            ((uint8_t *)&rs)[at] = fz_byte(in);
        }
    } else { /* every byte after struct_size from the input */
        rs.struct_size = sizeof rs;
        for (size_t i = 4; i < sizeof rs; i++)
            ((uint8_t *)&rs)[i] = fz_byte(in);
    }
    uint32_t n = rami_num_distinct_actions(&rs);
    bool valid = rami_ruleset_check(&rs, NULL, 0) == RAMI_OK;
    FUZZ_ASSERT(valid == (n > 0));
    if (!valid) {
        rami_move m;
        memset(&m, 0, sizeof m);
        m.kind = RAMI_MOVE_DRAW_STOCK;
        rami_action a = 7;
        FUZZ_ASSERT(rami_move_to_action(&rs, &m, &a) == RAMI_E_ARG && a == 7);
        FUZZ_ASSERT(rami_action_to_move(&rs, 0, &m) == RAMI_E_ARG);
        FUZZ_ASSERT(rami_max_game_length(&rs) == 0);
        FUZZ_ASSERT(rami_observation_tensor_size(&rs) == 0);
        return;
    }
    FUZZ_ASSERT(rami_action_to_move(&rs, n, &(rami_move){0}) == RAMI_E_ARG);
    while (fz_more(in)) {
        uint8_t what = fz_byte(in);
        if (what < 0x60) { /* an id in range, or a wild one */
            uint32_t a = (uint32_t)what << 16 | (uint32_t)fz_byte(in) << 8 | fz_byte(in);
            check_id(&rs, n, what < 0x40 ? a % n : fz_u32(in));
        } else { /* raw move bytes, the kind mostly valid */
            rami_move m;
            for (size_t i = 0; i < sizeof m; i++)
                ((uint8_t *)&m)[i] = fz_byte(in);
            if (what < 0xE0)
                m.kind = (uint8_t)(1 + m.kind % 6);
            check_move(&rs, n, &m);
        }
    }
}

static int cmp_action(const void *a, const void *b)
{
    rami_action x = *(const rami_action *)a, y = *(const rami_action *)b;
    return (x > y) - (x < y);
}

/* The legal ids against the legal moves, and an id the input picks. */
static void check_position(const rami_game *g, const rami_ruleset *rs, uint32_t n, fz_input *in)
{
    static rami_action ids[1 << 16], want[1 << 16];
    static uint8_t mask[1 << 16];
    size_t count, moves;
    const rami_move *list = fz_legal(g, &moves);
    int st = rami_game_legal_actions(g, ids, sizeof ids / sizeof ids[0], &count);
    if (st == RAMI_E_NOMEM) {
        FUZZ_ASSERT(moves > 512);
        return;
    }
    FUZZ_ASSERT(st == RAMI_OK && count == moves && count <= n);
    for (size_t i = 0; i < moves; i++) {
        FUZZ_ASSERT(rami_move_to_action(rs, &list[i], &want[i]) == RAMI_OK);
        rami_move back;
        FUZZ_ASSERT(rami_action_to_move(rs, want[i], &back) == RAMI_OK);
        FUZZ_ASSERT(canonical_equal(&back, &list[i]));
    }
    qsort(want, moves, sizeof want[0], cmp_action);
    FUZZ_ASSERT(memcmp(ids, want, moves * sizeof ids[0]) == 0);
    for (size_t i = 1; i < count; i++)
        FUZZ_ASSERT(ids[i - 1] < ids[i]);

    /* The mask, against one built from the ids (memcmp, not a loop: the
     * fuzzer traces every comparison of this file). */
    static uint8_t expect[1 << 16];
    size_t mcount = 0;
    FUZZ_ASSERT(n <= sizeof mask);
    FUZZ_ASSERT(rami_game_legal_actions_mask(g, mask, sizeof mask, &mcount) == RAMI_OK);
    FUZZ_ASSERT(mcount == n);
    memset(expect, 0, n);
    for (size_t i = 0; i < count; i++)
        expect[ids[i]] = 1;
    FUZZ_ASSERT(memcmp(mask, expect, n) == 0);

    /* Short buffers (one position in eight): nothing written. */
    if ((fz_byte(in) & 7) == 0) {
        size_t cap = count > 0 ? fz_byte(in) % count : 0, got = 0;
        memset(ids, GUARD, (cap + 1) * sizeof ids[0]);
        memset(want + moves, GUARD, (cap + 1) * sizeof ids[0]);
        int expect_st = count > 0 ? RAMI_E_BUFFER : RAMI_OK;
        FUZZ_ASSERT(rami_game_legal_actions(g, ids, cap, &got) == expect_st && got == count);
        FUZZ_ASSERT(memcmp(ids, want + moves, (cap + 1) * sizeof ids[0]) == 0);
        cap = fz_byte(in) % n;
        memset(mask, GUARD, n);
        memset(expect, GUARD, n);
        FUZZ_ASSERT(rami_game_legal_actions_mask(g, mask, cap, &got) == RAMI_E_BUFFER);
        FUZZ_ASSERT(got == n && memcmp(mask, expect, n) == 0);
    }

    /* An id of the whole range: legal exactly when listed. */
    rami_action a = (fz_u32(in) >> 8) % n;
    rami_move m;
    if (rami_action_to_move(rs, a, &m) == RAMI_OK) {
        bool ok = rami_game_check(g, rami_game_current_player(g), &m, NULL, 0) == RAMI_OK;
        bool listed = bsearch(&a, want, moves, sizeof want[0], cmp_action) != NULL;
        if (ok && !listed) {
            /* The two lay-off spellings the game accepts but does not list
             * (doc/rules.md, canonical form): the side of the only end the
             * card fits (the listed id is its AUTO form), and AUTO where the
             * card fits both ends and the player may choose (an ace on 2..K,
             * a joker under JOKER_CHOICE): the lower end, listed as LOW. */
            rami_move canon = m;
            canon.side = m.side == RAMI_SIDE_AUTO ? RAMI_SIDE_LOW : RAMI_SIDE_AUTO;
            rami_action c;
            FUZZ_ASSERT(m.kind == RAMI_MOVE_LAYOFF);
            FUZZ_ASSERT(rami_move_to_action(rs, &canon, &c) == RAMI_OK);
            FUZZ_ASSERT(bsearch(&c, want, moves, sizeof want[0], cmp_action) != NULL);
        } else {
            FUZZ_ASSERT(ok == listed);
        }
    } else {
        FUZZ_ASSERT(bsearch(&a, want, moves, sizeof want[0], cmp_action) == NULL);
    }
}

/* In any phase, asking only for the size (NULL, 0) says the count and
 * RAMI_OK exactly when there is nothing to list (as once the round is over). */
static void check_size_query(const rami_game *g)
{
    size_t moves = 99, ids = 99;
    int st = rami_game_legal_moves(g, NULL, 0, &moves);
    FUZZ_ASSERT(st == (moves > 0 ? RAMI_E_BUFFER : RAMI_OK));
    st = rami_game_legal_actions(g, NULL, 0, &ids);
    FUZZ_ASSERT(st == RAMI_E_NOMEM || (st == (ids > 0 ? RAMI_E_BUFFER : RAMI_OK) && ids == moves));
    if (rami_game_phase(g) > RAMI_PHASE_PLAY)
        FUZZ_ASSERT(moves == 0);
}

/* Plays the chosen legal id in g, and its move in the twin; a refused id
 * changes neither. */
static bool step(rami_game *g, rami_game *twin, const rami_ruleset *rs, fz_input *in)
{
    int phase = rami_game_phase(g);
    if (phase == RAMI_PHASE_MATCH_OVER)
        return false;
    if (phase == RAMI_PHASE_ROUND_OVER) {
        FUZZ_ASSERT(rami_game_next_round(g) == RAMI_OK && rami_game_next_round(twin) == RAMI_OK);
        return true;
    }
    size_t moves;
    const rami_move *list = fz_legal(g, &moves);
    uint8_t b = fz_byte(in);
    size_t pick = moves > 256 ? ((size_t)b << 8 | fz_byte(in)) % moves : b % moves;
    rami_action a;
    FUZZ_ASSERT(rami_move_to_action(rs, &list[pick], &a) == RAMI_OK);
    int seat = rami_game_current_player(g);
    FUZZ_ASSERT(rami_game_play(twin, seat, &list[pick]) == RAMI_OK);
    if (b >= 0xF0) /* a wrong seat first: refused */
        FUZZ_ASSERT(rami_game_play_action(g, (seat + 1) % rs->players, a) == RAMI_E_TURN);
    FUZZ_ASSERT(rami_game_play_action(g, seat, a) == RAMI_OK);
    return true;
}

static void same_record(const rami_game *a, const rami_game *b)
{
    static char ta[1 << 17], tb[1 << 17];
    size_t la, lb;
    FUZZ_ASSERT(rami_game_save(a, ta, sizeof ta, &la) == RAMI_OK);
    FUZZ_ASSERT(rami_game_save(b, tb, sizeof tb, &lb) == RAMI_OK);
    FUZZ_ASSERT(la == lb && memcmp(ta, tb, la) == 0);
}

static void positions(fz_input *in)
{
    rami_ruleset rs;
    rami_game *g = fz_game(in, &rs), *twin;
    if (g == NULL)
        return;
    uint32_t n = rami_num_distinct_actions(&rs);
    FUZZ_ASSERT(n > 0);
    FUZZ_ASSERT(rami_game_clone(g, &twin) == RAMI_OK);
    for (unsigned steps = 0; fz_more(in) && steps < MAX_STEPS; steps++) {
        check_size_query(g);
        if (rami_game_phase(g) <= RAMI_PHASE_PLAY)
            check_position(g, &rs, n, in);
        if (!step(g, twin, &rs, in))
            break;
    }
    check_size_query(g);
    same_record(g, twin);
    rami_game_free(twin);
    rami_game_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_input in = {data, data + size};
    if (fz_byte(&in) & 1)
        positions(&in);
    else
        conversions(&in);
    return 0;
}
