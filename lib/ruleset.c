/* Rulesets: the presets of RULES.md §9 and the consistency check. */
#include <string.h>

#include "card.h"

#define REFERENCE_OPTIONS                                                                          \
    (RAMI_OPT_LAYOFF_OTHERS | RAMI_OPT_GO_OUT_BY_MELD | RAMI_OPT_KEEP_PICKUP |                     \
     RAMI_OPT_JOKER_SWAP | RAMI_OPT_JOKER_REPLAY | RAMI_OPT_OPEN_TURN_LAYOFF)

/* One row per preset; index [0] for 2-4 players, [1] for 5-6. */
static const struct preset {
    uint8_t decks[2], jokers[2];
    uint16_t opening_points;
    uint8_t max_restocks;
    uint32_t options;
} presets[] = {
    [RAMI_PRESET_51] = {{2, 3}, {4, 4}, 51, 2, REFERENCE_OPTIONS},
    [RAMI_PRESET_40] = {{2, 3}, {4, 4}, 40, 2, REFERENCE_OPTIONS},
    [RAMI_PRESET_51_HOUSE] = {{2, 3}, {2, 3}, 51, 2, REFERENCE_OPTIONS},
    [RAMI_PRESET_40_HOUSE] = {{2, 3}, {2, 3}, 40, 2, REFERENCE_OPTIONS},
    /* Finnish (doc/rules.md §9): the source's "on later turns" and its
     * joker take-back; the app's picked-card and replay rules stay (DEC). */
    [RAMI_PRESET_FINNISH] = {{1, 2},
                             {2, 4},
                             30,
                             RAMI_UNLIMITED_RESTOCKS,
                             (REFERENCE_OPTIONS & ~RAMI_OPT_OPEN_TURN_LAYOFF) |
                                 RAMI_OPT_SET_SWAP_ANY},
};

/* Finnish deal: 10 cards for 2-3 players, 7 for 4-5, 6 for 6. */
static const uint8_t finnish_hand[RAMI_MAX_PLAYERS + 1] = {0, 0, 10, 10, 7, 7, 6};

/* Until librami 1.0 is released (issue 12 closed), every field added to
 * rami_ruleset (issue 11's house rules among them) belongs to the 1.0
 * layout: set RULESET_SIZE_1_0 (card.h) to the new size. Once 1.0 is out,
 * the 1.0 layout is frozen: make this ">=" and leave the constant alone. */
_Static_assert(sizeof(rami_ruleset) == RULESET_SIZE_1_0,
               "rami_ruleset grew: before the 1.0 release set RULESET_SIZE_1_0 to its size");

static void preset_fill(rami_ruleset *rs, int preset, unsigned players)
{
    const struct preset *p = &presets[preset];
    unsigned big = players >= 5;
    memset(rs, 0, sizeof *rs);
    rs->struct_size = sizeof *rs;
    rs->players = (uint8_t)players;
    rs->decks = p->decks[big];
    rs->jokers = p->jokers[big];
    rs->hand_size = preset == RAMI_PRESET_FINNISH ? finnish_hand[players] : 13;
    rs->opening_points = p->opening_points;
    rs->jokers_per_meld = 1;
    rs->max_restocks = p->max_restocks;
    rs->max_turns = 300;
    rs->joker_penalty = 25;
    rs->ace_penalty = 11;
    rs->options = p->options;
    rs->match_rounds = 0;
    rs->match_target = 0;
    rs->unopened_penalty = 0;
}

int rami_ruleset_init_sized(rami_ruleset *rs, size_t size, int preset, unsigned players)
{
    if (rs == NULL || preset < RAMI_PRESET_51 || preset > RAMI_PRESET_FINNISH || players < 2 ||
        players > RAMI_MAX_PLAYERS)
        return RAMI_E_ARG;
    rami_ruleset own;
    preset_fill(&own, preset, players);
    return rami__sized_out(rs, size, RULESET_SIZE_FIRST, &own, sizeof own);
}

/* The plain function behind the macro of rami.h: the 1.0 layout. */
int(rami_ruleset_init)(rami_ruleset *rs, int preset, unsigned players)
{
    return rami_ruleset_init_sized(rs, RULESET_SIZE_1_0, preset, players);
}

unsigned rami__pack_size(const rami_ruleset *rs)
{
    return 52u * rs->decks + rs->jokers;
}

unsigned rami__pack_copies(const rami_ruleset *rs, rami_card c)
{
    return c == RAMI_JOKER ? rs->jokers : card_is_natural(c) ? rs->decks : 0;
}

/* Jokers in one meld beyond this make no sense: a meld needs two naturals
 * and a set holds at most four cards. */
#define MAX_JOKERS_PER_MELD 4

/* The most a flat penalty may be: doubled (ONE_GO_DOUBLE) it still fits
 * the 16-bit points of rami_round_result. */
#define MAX_UNOPENED_PENALTY 9999u

/* The fields and bits of the house rules (issue 11). */
static int house_rules_valid(const rami_ruleset *rs, char *why, size_t why_cap)
{
    if (rs->reserved[0] != 0 || rs->reserved[1] != 0)
        return rami__why(why, why_cap, RAMI_E_ARG, "reserved bytes must be 0");
    if (rs->unopened_penalty > MAX_UNOPENED_PENALTY)
        return rami__why(why, why_cap, RAMI_E_RULESET, "unopened_penalty is %u, must be 0..%u",
                         rs->unopened_penalty, MAX_UNOPENED_PENALTY);
    if ((rs->options & RAMI_OPT_ELIMINATION) && rs->match_target == 0)
        return rami__why(why, why_cap, RAMI_E_RULESET,
                         "ELIMINATION needs match_target: the total that puts a seat out");
    return RAMI_OK;
}

/* The values of a ruleset of the library's own size. */
static int ruleset_valid(const rami_ruleset *rs, char *why, size_t why_cap)
{
    if (rs->players < 2 || rs->players > RAMI_MAX_PLAYERS)
        return rami__why(why, why_cap, RAMI_E_RULESET, "players is %u, must be 2..%d", rs->players,
                         RAMI_MAX_PLAYERS);
    if (rs->decks < 1 || rs->decks > 3)
        return rami__why(why, why_cap, RAMI_E_RULESET, "decks is %u, must be 1..3", rs->decks);
    unsigned pack = rami__pack_size(rs);
    if (pack > RAMI_MAX_PACK)
        return rami__why(why, why_cap, RAMI_E_RULESET, "a pack of %u cards exceeds %d", pack,
                         RAMI_MAX_PACK);
    /* Bounded work (rami.h, "Cost"): the searches behind the move list are
     * exponential in the cards of a hand; up to hand_size + 2 = 17 cards
     * (a dealt hand of hand_size + 1 and its draw) they stay within the
     * documented bounds. */
    if (rs->hand_size < 1 || rs->hand_size > RAMI_MAX_HAND_SIZE)
        return rami__why(why, why_cap, RAMI_E_RULESET,
                         "hand_size is %u, must be 1..%d (larger hands would make the move "
                         "search too slow to bound)",
                         rs->hand_size, RAMI_MAX_HAND_SIZE);
    unsigned dealt = (unsigned)rs->players * rs->hand_size;
    if (dealt + 2 > pack)
        return rami__why(why, why_cap, RAMI_E_RULESET,
                         "deck too small for the deal: %u players x %u cards + 1 discard + 1 stock "
                         "card need %u, the pack has %u",
                         rs->players, rs->hand_size, dealt + 2, pack);
    if (rs->jokers_per_meld < 1 || rs->jokers_per_meld > MAX_JOKERS_PER_MELD)
        return rami__why(why, why_cap, RAMI_E_RULESET, "jokers_per_meld is %u, must be 1..%d",
                         rs->jokers_per_meld, MAX_JOKERS_PER_MELD);
    unsigned reachable = 11u * (rs->hand_size + 1u);
    if (rs->opening_points > reachable)
        return rami__why(why, why_cap, RAMI_E_RULESET,
                         "opening_points %u can never be reached: %u cards are worth at most %u",
                         rs->opening_points, rs->hand_size + 1u, reachable);
    if (rs->options & ~RAMI_OPT_ALL)
        return rami__why(why, why_cap, RAMI_E_RULESET, "unknown option bits 0x%x",
                         rs->options & ~RAMI_OPT_ALL);
    return house_rules_valid(rs, why, why_cap);
}

int rami__ruleset_load(const rami_ruleset *rs, rami_ruleset *own, char *why, size_t why_cap)
{
    if (why != NULL && why_cap > 0)
        why[0] = '\0';
    if (rs == NULL)
        return rami__why(why, why_cap, RAMI_E_ARG, "no ruleset (NULL)");
    if (rs->struct_size == sizeof *own) /* the library's own layout: nothing to convert */
        *own = *rs;
    else if (rami__sized_in(own, sizeof *own, RULESET_SIZE_FIRST, rs) != RAMI_OK) {
        if (rs->struct_size < RULESET_SIZE_FIRST || rs->struct_size > RAMI__STRUCT_SIZE_MAX)
            return rami__why(why, why_cap, RAMI_E_ARG,
                             "struct_size is %u, this library accepts %u..%u (set it with "
                             "rami_ruleset_init)",
                             (unsigned)rs->struct_size, RULESET_SIZE_FIRST, RAMI__STRUCT_SIZE_MAX);
        return rami__why(why, why_cap, RAMI_E_ARG,
                         "the ruleset sets fields beyond the %u bytes this library knows "
                         "(a newer header's): they must be zero here",
                         (unsigned)sizeof *own);
    }
    return ruleset_valid(own, why, why_cap);
}

int rami_ruleset_check(const rami_ruleset *rs, char *why, size_t why_cap)
{
    rami_ruleset own;
    return rami__ruleset_load(rs, &own, why, why_cap);
}
