/* rami-instr: a fixed, deterministic workload for instruction counting
 * under callgrind (see callgrind.sh). Instruction counts do not depend on
 * how busy the machine is, so they compare one build with another.
 *
 *   rami-instr selfplay N   play N actions of random 4-player Rami 51
 *   rami-instr legal N      call rami_game_legal_moves N times over a
 *                           fixed set of positions
 *   rami-instr meld N       call rami_meld_check N times on random 3-7
 *                           card inputs (half of them melds)
 *   rami-instr solve N      call rami_solve_hand N times (max points) on
 *                           random 14-card hands with 2 jokers
 *   rami-instr kinds N      play the N actions of `selfplay` and print the
 *                           kind of each rami_game_legal_moves call, one
 *                           line per call (callgrind.sh: the tail by kind)
 *   rami-instr view N       write rami_game_view_json N times (the seat to
 *                           move's view) over the positions of `legal`
 *   rami-instr save N       write rami_game_save N times over the same
 *                           positions
 *
 * callgrind.sh also runs `selfplay` with a profile dump after every
 * rami_game_legal_moves call, which gives the instructions of each call:
 * their percentiles over the self-play positions.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rami.h"

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static rami_move buf[RAMI_MAX_MOVES];

/* The kind of a legal_moves call of self-play, from the position and the
 * list it gave: drawing; playing before the opening with no meld listed
 * (nearly always because no opening can be reached) or with melds
 * listed; playing after it. */
static const char *call_kind(const rami_game *g, size_t count)
{
    if (rami_game_phase(g) != RAMI_PHASE_PLAY)
        return "draw";
    if (rami_game_has_opened(g, rami_game_current_player(g)) == 1)
        return "opened";
    for (size_t i = 0; i < count; i++)
        if (buf[i].kind == RAMI_MOVE_MELD)
            return "opening";
    return "no-opening";
}

/* Plays n random legal actions over as many rounds as needed; with kinds,
 * prints the kind of each legal_moves call (call_kind). */
static void selfplay(unsigned long n, rami_game **keep, unsigned nkeep, FILE *kinds)
{
    rami_ruleset rs;
    rami_ruleset_init(&rs, RAMI_PRESET_51, 4);
    rami_game *g = NULL;
    uint64_t seed = 1;
    unsigned kept = 0;
    for (unsigned long i = 0; i < n; i++) {
        if (g == NULL)
            rami_game_new(&rs, seed++, &g);
        size_t count;
        rami_game_legal_moves(g, buf, RAMI_MAX_MOVES, &count);
        if (kinds != NULL)
            fprintf(kinds, "%s\n", call_kind(g, count));
        if (count == 0) {
            rami_game_free(g);
            g = NULL;
            continue;
        }
        if (keep != NULL && kept < nkeep && i % 7 == 0)
            rami_game_clone(g, &keep[kept++]);
        rami_game_play(g, rami_game_current_player(g), &buf[rnd() % count]);
    }
    rami_game_free(g);
}

/* Random 3-7 card inputs: half runs and sets (with a joker half the
 * time), half cards drawn at random, in any order. */
enum { MELDS = 4096 };
static rami_card meld_cards[MELDS][7];
static uint8_t meld_n[MELDS];

static void build_melds(void)
{
    for (unsigned i = 0; i < MELDS; i++) {
        unsigned kind = (unsigned)(rnd() % 4), suit = (unsigned)(rnd() % 4);
        unsigned n = 3 + (unsigned)(rnd() % 5);
        rami_card *c = meld_cards[i];
        if (kind == 0) {
            unsigned lo = 1 + (unsigned)(rnd() % (14 - n + 1));
            for (unsigned k = 0; k < n; k++)
                c[k] = RAMI_CARD(lo + k == 14 ? 1 : lo + k, suit);
        } else if (kind == 1) {
            n = 3 + (unsigned)(rnd() % 2);
            unsigned r = 1 + (unsigned)(rnd() % 13);
            for (unsigned k = 0; k < n; k++)
                c[k] = RAMI_CARD(r, (suit + k) % 4);
        } else {
            for (unsigned k = 0; k < n; k++)
                c[k] = rnd() % 20 == 0 ? RAMI_JOKER : RAMI_CARD(1 + rnd() % 13, rnd() % 4);
        }
        if (kind < 2 && rnd() % 2)
            c[rnd() % n] = RAMI_JOKER;
        for (unsigned k = n; k > 1; k--) {
            unsigned j = (unsigned)(rnd() % k);
            rami_card t = c[k - 1];
            c[k - 1] = c[j];
            c[j] = t;
        }
        meld_n[i] = (uint8_t)n;
    }
}

static void melds(unsigned long n)
{
    rami_ruleset rs;
    rami_ruleset_init(&rs, RAMI_PRESET_51, 4);
    build_melds();
    unsigned ok = 0;
    for (unsigned long i = 0; i < n; i++) {
        rami_meld_info info;
        ok += rami_meld_check(&rs, meld_cards[i % MELDS], meld_n[i % MELDS], &info) == RAMI_OK;
    }
    printf("%u of %lu are melds\n", ok, n);
}

/* 14 cards, 2 of them jokers, the naturals from two decks. */
static void solves(unsigned long n)
{
    rami_ruleset rs;
    rami_ruleset_init(&rs, RAMI_PRESET_51, 4);
    enum { HANDS = 1024 };
    static rami_card hands[HANDS][14];
    for (unsigned i = 0; i < HANDS; i++) {
        uint8_t used[64] = {0};
        for (unsigned k = 0; k < 12;) {
            unsigned s = (unsigned)(rnd() % 4), r = 1 + (unsigned)(rnd() % 13);
            if (used[s * 16 + r] < 2) {
                used[s * 16 + r]++;
                hands[i][k++] = RAMI_CARD(r, s);
            }
        }
        hands[i][12] = hands[i][13] = RAMI_JOKER;
    }
    unsigned long points = 0;
    for (unsigned long i = 0; i < n; i++) {
        rami_solution sol;
        rami_solve_hand(&rs, hands[i % HANDS], 14, RAMI_SOLVE_MAX_POINTS, &sol);
        points += sol.points;
    }
    printf("%lu points\n", points);
}

/* The positions of `legal`: every 7th of 3,500 self-play actions. */
enum { POSITIONS = 500 };
static rami_game *pos[POSITIONS];

static void keep_positions(void)
{
    selfplay(POSITIONS * 7, pos, POSITIONS, NULL);
}

static void free_positions(void)
{
    for (unsigned i = 0; i < POSITIONS; i++)
        rami_game_free(pos[i]);
}

/* Writes the view (view) or the saved game of the kept positions n times. */
static void texts(unsigned long n, bool view)
{
    static char text[1 << 16];
    size_t len, total = 0;
    keep_positions();
    for (unsigned long i = 0; i < n; i++) {
        const rami_game *g = pos[i % POSITIONS];
        if (view)
            rami_game_view_json(g, rami_game_current_player(g), text, sizeof text, &len);
        else
            rami_game_save(g, text, sizeof text, &len);
        total += len;
    }
    printf("%zu bytes\n", total);
    free_positions();
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: rami-instr selfplay|legal|meld|solve|kinds|view|save N\n");
        return 2;
    }
    unsigned long n = strtoul(argv[2], NULL, 10);
    if (strcmp(argv[1], "selfplay") == 0) {
        selfplay(n, NULL, 0, NULL);
    } else if (strcmp(argv[1], "legal") == 0) {
        keep_positions();
        for (unsigned long i = 0; i < n; i++) {
            size_t count;
            rami_game_legal_moves(pos[i % POSITIONS], buf, RAMI_MAX_MOVES, &count);
        }
        free_positions();
    } else if (strcmp(argv[1], "kinds") == 0) {
        selfplay(n, NULL, 0, stdout);
    } else if (strcmp(argv[1], "meld") == 0) {
        melds(n);
    } else if (strcmp(argv[1], "solve") == 0) {
        solves(n);
    } else if (strcmp(argv[1], "view") == 0 || strcmp(argv[1], "save") == 0) {
        texts(n, argv[1][0] == 'v');
    } else {
        fprintf(stderr, "usage: rami-instr selfplay|legal|meld|solve|kinds|view|save N\n");
        return 2;
    }
    return 0;
}
