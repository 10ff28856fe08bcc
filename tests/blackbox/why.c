/* why / why_cap behave the same in every function that explains itself
 * (rami.h, conventions): why may be NULL (whatever why_cap); with
 * why_cap > 0 the text is NUL-terminated within why_cap bytes, on success
 * (empty, or rami_game_hint's reason for its move) and on error (the
 * reason, truncated), and nothing beyond why_cap is written; why_cap 0
 * writes nothing. The functions: rami_ruleset_check, rami_game_check,
 * rami_game_check_ex, rami_game_hint and rami_game_hint_with. */
#include <rami.h>
#include <string.h>

#include "check.h"

#define GUARD 0x7E

typedef int (*why_fn)(void *ctx, char *why, size_t cap);

/* Calls fn with why_cap 0, 1, 1 + step, ... up to 100 (and NULL why),
 * checking the conventions; returns the status, which must not depend on
 * why. said: what an OK answer writes (0: nothing, 1: a reason). */
static int check_why_step(const char *what, why_fn fn, void *ctx, int said, size_t step)
{
    int want = fn(ctx, NULL, 0);
    CHECK_INT(fn(ctx, NULL, 64), want);
    char full[256];
    memset(full, GUARD, sizeof full);
    CHECK_INT(fn(ctx, full, 200), want);
    CHECK(memchr(full, '\0', 200) != NULL);
    size_t len = strlen(full);
    if (want == RAMI_OK && !said)
        CHECK_INT(len, 0);
    else if (len == 0) {
        fprintf(stderr, "%s: status %s without a reason\n", what, rami_status_name(want));
        exit(1);
    }
    for (size_t cap = 0; cap <= 100; cap += cap == 0 ? 1 : step) {
        char buf[128];
        memset(buf, GUARD, sizeof buf);
        CHECK_INT(fn(ctx, buf, cap), want);
        for (size_t i = cap; i < sizeof buf; i++)
            CHECK(buf[i] == (char)GUARD); /* nothing beyond cap */
        if (cap == 0)
            continue;
        char *nul = memchr(buf, '\0', cap);
        CHECK(nul != NULL); /* always terminated */
        size_t n = (size_t)(nul - buf);
        CHECK(n == (len < cap - 1 ? len : cap - 1)); /* the reason, truncated */
        CHECK(memcmp(buf, full, n) == 0);
    }
    return want;
}

static int check_why(const char *what, why_fn fn, void *ctx)
{
    return check_why_step(what, fn, ctx, 0, 1);
}

/* ---- rami_ruleset_check ---- */

static int ruleset_check(void *ctx, char *why, size_t cap)
{
    return rami_ruleset_check(ctx, why, cap);
}

/* ---- rami_game_check ---- */

typedef struct move_ctx {
    const rami_game *g;
    int player;
    const rami_move *m;
} move_ctx;

static int game_check(void *ctx, char *why, size_t cap)
{
    const move_ctx *c = ctx;
    return rami_game_check(c->g, c->player, c->m, why, cap);
}

/* rami_game_check_ex must explain itself exactly as rami_game_check. */
static int game_check_ex(void *ctx, char *why, size_t cap)
{
    const move_ctx *c = ctx;
    rami_refusal r;
    int st = rami_game_check_ex(c->g, c->player, c->m, &r, sizeof r, why, cap);
    CHECK_INT(r.status, st);
    return st;
}

/* ---- rami_game_hint ---- */

static int game_hint(void *ctx, char *why, size_t cap)
{
    rami_move m;
    return rami_game_hint(ctx, &m, why, cap);
}

static int game_hint_with(void *ctx, char *why, size_t cap)
{
    rami_bot_options opt;
    rami_move m;
    CHECK_INT(rami_bot_options_init(&opt, RAMI_BOT_GREEDY), RAMI_OK);
    return rami_game_hint_with(ctx, &opt, &m, why, cap);
}

static int game_hint_with_random(void *ctx, char *why, size_t cap)
{
    rami_bot_options opt;
    rami_move m;
    CHECK_INT(rami_bot_options_init(&opt, RAMI_BOT_RANDOM), RAMI_OK);
    return rami_game_hint_with(ctx, &opt, &m, why, cap);
}

static int game_hint_no_move(void *ctx, char *why, size_t cap)
{
    return rami_game_hint(ctx, NULL, why, cap);
}

int main(void)
{
    unsigned calls = 0;
    /* rami_ruleset_check: valid, invalid, a bad struct_size, NULL. */
    rami_ruleset rs;
    CHECK_INT(rami_ruleset_init(&rs, RAMI_PRESET_51, 4), RAMI_OK);
    CHECK_INT(check_why("ruleset ok", ruleset_check, &rs), RAMI_OK);
    rami_ruleset bad = rs;
    bad.hand_size = 0;
    CHECK_INT(check_why("ruleset bad", ruleset_check, &bad), RAMI_E_RULESET);
    bad = rs;
    bad.struct_size = 3;
    CHECK_INT(check_why("ruleset size", ruleset_check, &bad), RAMI_E_ARG);
    CHECK_INT(check_why("ruleset NULL", ruleset_check, NULL), RAMI_E_ARG);
    calls += 4 * 104;

    /* rami_game_check: a legal move, refusals of several kinds, bad
     * arguments, a NULL game. */
    rami_game *g = NULL;
    CHECK_INT(rami_game_new(&rs, 11, &g), RAMI_OK);
    rami_move draw = {RAMI_MOVE_DRAW_STOCK, 0, 0, 0, {0}};
    rami_move discard = {RAMI_MOVE_DISCARD, 1, 0, 0, {0}};
    discard.cards[0] = rami_card_make(RAMI_KING, RAMI_HEARTS);
    rami_move meld = {RAMI_MOVE_MELD, 3, 0, 0, {0}};
    size_t n;
    CHECK_INT(rami_cards_parse("7S 7S 7H", meld.cards, RAMI_MAX_MELD, &n), RAMI_OK);
    rami_move junk = {99, 0, 0, 0, {0}};
    const struct {
        int player;
        const rami_move *m;
        int want;
    } moves[] = {
        {0, &draw, RAMI_OK},    {1, &draw, RAMI_E_TURN}, {0, &discard, RAMI_E_PHASE},
        {0, &junk, RAMI_E_ARG}, {7, &draw, RAMI_E_ARG},  {0, NULL, RAMI_E_ARG},
    };
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        move_ctx c = {g, moves[i].player, moves[i].m};
        CHECK_INT(check_why("game check", game_check, &c), moves[i].want);
        CHECK_INT(check_why("game check ex", game_check_ex, &c), moves[i].want);
        calls += 2 * 104;
    }
    CHECK_INT(rami_game_play(g, 0, &draw), RAMI_OK);
    move_ctx c = {g, 0, &meld};
    int st = check_why("game check meld", game_check, &c);
    CHECK(st == RAMI_E_MELD || st == RAMI_E_NOT_IN_HAND);
    c.m = &discard;
    st = check_why("game check discard", game_check, &c);
    CHECK(st == RAMI_OK || st == RAMI_E_NOT_IN_HAND);
    c.g = NULL;
    CHECK_INT(check_why("game check NULL", game_check, &c), RAMI_E_ARG);
    calls += 3 * 104;

    /* rami_game_hint: a hint, a NULL move, a NULL game, a round over. */
    /* The strong bot's hint is the slow one: fewer capacities under valgrind
     * (RAMI_TEST_SCALE=small, tests/meson.build). */
    size_t step = getenv("RAMI_TEST_SCALE") != NULL ? 33 : 9;
    CHECK_INT(check_why_step("hint", game_hint, g, 1, step), RAMI_OK);
    CHECK_INT(check_why("hint no move", game_hint_no_move, g), RAMI_E_ARG);
    CHECK_INT(check_why("hint NULL game", game_hint, NULL), RAMI_E_ARG);
    CHECK_INT(check_why_step("hint with", game_hint_with, g, 1, 3), RAMI_OK);
    CHECK_INT(check_why("hint with random", game_hint_with_random, g), RAMI_E_ARG);
    calls += 15 + 2 * 104 + 37 + 104;
    rami_game_free(g);
    printf("why: %u calls of rami_ruleset_check, rami_game_check(_ex) and rami_game_hint(_with), "
           "every "
           "why_cap 0..100 and NULL\n",
           calls);
    return 0;
}
