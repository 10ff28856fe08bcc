/* Scoring: hand values, the end of a round and the match (RULES.md §7-§8). */
#include <string.h>

#include "rami-private.h"

unsigned rami__hand_value(const hand *h, const rami_ruleset *rs)
{
    unsigned sum = (unsigned)h->jokers * rs->joker_penalty;
    for (unsigned suit = 0; suit < 4; suit++)
        for (unsigned r = 1; r <= 13; r++)
            sum += h->cnt[suit][r] * card_penalty(RAMI_CARD(r, suit), rs);
    return sum;
}

static bool match_over(const rami_game *g)
{
    if (g->rs.match_rounds != 0 && g->pos.round >= g->rs.match_rounds)
        return true;
    if (g->rs.match_target != 0)
        for (unsigned p = 0; p < g->rs.players; p++)
            if (g->pos.totals[p] >= (int32_t)g->rs.match_target)
                return true;
    return false;
}

void rami__round_end(rami_game *g, int reason)
{
    rami_round_result *r = &g->pos.result;
    memset(r, 0, sizeof *r);
    r->reason = (uint8_t)reason;
    unsigned best = UINT16_MAX;
    for (unsigned p = 0; p < g->rs.players; p++) {
        unsigned v = rami__hand_value(&g->pos.hands[p], &g->rs);
        r->hand_value[p] = (uint16_t)v;
        r->points[p] = (int16_t)v;
        if (v < best)
            best = v;
    }
    if (reason == RAMI_END_WENT_OUT) {
        /* The player whose hand is empty scores 0 and wins alone. */
        r->winners = (uint8_t)(1u << g->pos.current);
        r->points[g->pos.current] = 0;
    } else {
        for (unsigned p = 0; p < g->rs.players; p++)
            if (r->hand_value[p] == best)
                r->winners |= (uint8_t)(1u << p);
    }
    for (unsigned p = 0; p < g->rs.players; p++)
        g->pos.totals[p] += r->points[p];
    g->undo_count = 0;
    g->pos.phase = match_over(g) ? RAMI_PHASE_MATCH_OVER : RAMI_PHASE_ROUND_OVER;
}

int rami_game_match_winners(const rami_game *g)
{
    if (g == NULL)
        return RAMI_E_ARG;
    if (g->pos.phase != RAMI_PHASE_MATCH_OVER)
        return RAMI_E_PHASE;
    int32_t best = INT32_MAX;
    for (unsigned p = 0; p < g->rs.players; p++)
        if (g->pos.totals[p] < best)
            best = g->pos.totals[p];
    int mask = 0;
    for (unsigned p = 0; p < g->rs.players; p++)
        if (g->pos.totals[p] == best)
            mask |= 1 << p;
    return mask;
}
