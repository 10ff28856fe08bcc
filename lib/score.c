/* Scoring: hand values, the end of a round and the match (RULES.md §7-§8). */
#include <string.h>

#include "position.h"

unsigned rami__hand_value(const hand *h, const rami_ruleset *rs)
{
    unsigned sum = (unsigned)h->jokers * rs->joker_penalty;
    for (unsigned suit = 0; suit < 4; suit++)
        for (unsigned r = 1; r <= 13; r++)
            sum += hand_face(h, suit, r) * card_penalty(RAMI_CARD(r, suit), rs);
    return sum;
}

static bool match_over(const rami_ruleset *rs, const position *p)
{
    if (rs->match_rounds != 0 && p->round >= rs->match_rounds)
        return true;
    if (rs->match_target != 0)
        for (unsigned s = 0; s < rs->players; s++)
            if (p->totals[s] >= (int32_t)rs->match_target)
                return true;
    return false;
}

void rami__round_end(const rami_ruleset *rs, position *p, int reason)
{
    rami_round_result *r = &p->result;
    memset(r, 0, sizeof *r);
    r->reason = (uint8_t)reason;
    unsigned best = UINT16_MAX;
    for (unsigned s = 0; s < rs->players; s++) {
        unsigned v = rami__hand_value(&p->hands[s], rs);
        r->hand_value[s] = (uint16_t)v;
        r->points[s] = (int16_t)v;
        if (v < best)
            best = v;
    }
    if (reason == RAMI_END_WENT_OUT) {
        /* The player whose hand is empty scores 0 and wins alone. */
        r->winners = (uint8_t)(1u << p->current);
        r->points[p->current] = 0;
    } else {
        for (unsigned s = 0; s < rs->players; s++)
            if (r->hand_value[s] == best)
                r->winners |= (uint8_t)(1u << s);
    }
    for (unsigned s = 0; s < rs->players; s++)
        p->totals[s] += r->points[s];
    p->phase = match_over(rs, p) ? RAMI_PHASE_MATCH_OVER : RAMI_PHASE_ROUND_OVER;
}
