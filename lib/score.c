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

/* Did the seat play the round that just ended: it was still in the match
 * when it began (RULES.md §8.4)? A seat eliminated by that round did. */
bool rami__played_round(const rami_ruleset *rs, const position *p, unsigned seat)
{
    if (seat_active(p, seat))
        return true;
    return p->totals[seat] - p->result.points[seat] < (int32_t)rs->match_target;
}

uint8_t rami__out_before_round(const rami_ruleset *rs, const position *p)
{
    if (p->phase != RAMI_PHASE_ROUND_OVER && p->phase != RAMI_PHASE_MATCH_OVER)
        return p->eliminated;
    uint8_t out = 0;
    for (unsigned s = 0; s < rs->players; s++)
        if (!rami__played_round(rs, p, s))
            out |= (uint8_t)(1u << s);
    return out;
}

static unsigned active_count(const rami_ruleset *rs, const position *p)
{
    unsigned n = 0;
    for (unsigned s = 0; s < rs->players; s++)
        n += seat_active(p, s);
    return n;
}

/* RULES.md §8.3-8.4: after match_rounds rounds; when a total reaches
 * match_target, or with ELIMINATION when at most one seat is left. */
static bool match_over(const rami_ruleset *rs, const position *p)
{
    if (rs->match_rounds != 0 && p->round >= rs->match_rounds)
        return true;
    if (rs->match_target == 0)
        return false;
    if (has_opt(rs, RAMI_OPT_ELIMINATION))
        return active_count(rs, p) <= 1;
    for (unsigned s = 0; s < rs->players; s++)
        if (p->totals[s] >= (int32_t)rs->match_target)
            return true;
    return false;
}

/* ELIMINATION: a seat whose total reached match_target leaves the match. */
static void eliminate(const rami_ruleset *rs, position *p)
{
    if (!has_opt(rs, RAMI_OPT_ELIMINATION))
        return;
    for (unsigned s = 0; s < rs->players; s++)
        if (p->totals[s] >= (int32_t)rs->match_target)
            p->eliminated |= (uint8_t)(1u << s);
}

/* The points of a seat still in the match with hand `value` (RULES.md
 * §8.2 and the house rules): the one who went out 0; a seat that has not
 * opened the flat unopened_penalty if there is one; all others' points
 * doubled when the one who went out opened in that very turn
 * (ONE_GO_DOUBLE); at stock-out or the turn cap the lowest hands 0 with
 * LOW_HAND_ZERO. */
static unsigned seat_points(const rami_ruleset *rs, const position *p, unsigned seat, int reason,
                            unsigned value, unsigned best)
{
    if (reason != RAMI_END_WENT_OUT)
        return has_opt(rs, RAMI_OPT_LOW_HAND_ZERO) && value == best ? 0u : value;
    if (seat == p->current)
        return 0;
    unsigned points = value;
    if (rs->unopened_penalty != 0 && !seat_opened(p, seat))
        points = rs->unopened_penalty;
    if (has_opt(rs, RAMI_OPT_ONE_GO_DOUBLE) && p->ts.opened_now)
        points *= 2;
    return points;
}

void rami__round_end(const rami_ruleset *rs, position *p, int reason)
{
    rami_round_result *r = &p->result;
    memset(r, 0, sizeof *r);
    r->reason = (uint8_t)reason;
    unsigned best = UINT16_MAX;
    for (unsigned s = 0; s < rs->players; s++) {
        unsigned v = seat_active(p, s) ? rami__hand_value(&p->hands[s], rs) : 0u;
        r->hand_value[s] = (uint16_t)v;
        if (seat_active(p, s) && v < best)
            best = v;
    }
    for (unsigned s = 0; s < rs->players; s++) {
        if (!seat_active(p, s))
            continue; /* sits out: 0 points, no win */
        unsigned v = r->hand_value[s];
        r->points[s] = (int16_t)seat_points(rs, p, s, reason, v, best);
        bool wins = reason == RAMI_END_WENT_OUT ? s == p->current : v == best;
        r->winners |= (uint8_t)((wins ? 1u : 0u) << s);
    }
    for (unsigned s = 0; s < rs->players; s++)
        p->totals[s] += r->points[s];
    eliminate(rs, p);
    p->phase = match_over(rs, p) ? RAMI_PHASE_MATCH_OVER : RAMI_PHASE_ROUND_OVER;
}

int32_t rami__round_points_max(const rami_ruleset *rs)
{
    unsigned dear = card_penalty(RAMI_JOKER, rs);
    for (unsigned r = 1; r <= 13; r++) {
        unsigned v = card_penalty(RAMI_CARD(r, RAMI_CLUBS), rs);
        dear = v > dear ? v : dear;
    }
    unsigned most = (rs->hand_size + 1u) * dear;
    most = rs->unopened_penalty > most ? rs->unopened_penalty : most;
    return (int32_t)(has_opt(rs, RAMI_OPT_ONE_GO_DOUBLE) ? 2u * most : most);
}
