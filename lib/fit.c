/* Meld fit (RULES.md §5-§6): what a table meld has room for and what its
 * jokers stand for. The free ends of a run, the suits a set lacks, where a
 * joker may go, the card that retrieves a joker, and laying a card on a
 * meld or taking it back. Rules (lay-offs, swaps, undo), move generation
 * and the bots all ask here, so they cannot disagree. */
#include "meld.h"

rami_card rami__meld_joker_as(const tmeld *m, unsigned index)
{
    if (index >= m->count || m->cards[index] != RAMI_JOKER)
        return RAMI_NO_CARD;
    if (m->kind == RAMI_MELD_RUN)
        return RAMI_CARD(pos_rank(m->lo + index), m->suit);
    unsigned naturals = (unsigned)m->count - m->jokers;
    if (naturals == 3 && m->count == 4) {
        unsigned seen = 0;
        for (unsigned i = 0; i < naturals; i++)
            seen |= 1u << RAMI_CARD_SUIT(m->cards[i]);
        for (unsigned s = 0; s < 4; s++)
            if (!(seen & (1u << s)))
                return RAMI_CARD(m->rank, s);
    }
    return RAMI_CARD(m->rank, RAMI_SUIT_ANY);
}

/* Does set m lack the suit of natural c? */
static bool set_lacks(const tmeld *m, rami_card c)
{
    for (unsigned i = 0; i < m->count; i++)
        if (m->cards[i] != RAMI_JOKER && RAMI_CARD_SUIT(m->cards[i]) == RAMI_CARD_SUIT(c))
            return false;
    return true;
}

int rami__joker_for(const tmeld *m, rami_card c, bool set_any_suit)
{
    int index = -1;
    if (set_any_suit && m->kind == RAMI_MELD_SET) {
        /* The Finnish take-back: a natural of the set's rank whose suit the
         * set lacks takes any joker's place (RULES.md §6.2). */
        if (m->jokers > 0 && card_is_natural(c) && RAMI_CARD_RANK(c) == m->rank && set_lacks(m, c))
            index = m->count - 1; /* a set keeps its jokers last */
        return index;
    }
    for (unsigned i = 0; i < m->count; i++)
        if (m->cards[i] == RAMI_JOKER && rami__meld_joker_as(m, i) == c)
            index = (int)i;
    return index;
}

static int set_fit(const tmeld *t, const meld_room *r, rami_card c)
{
    if (t->count >= 4)
        return FIT_SET_FULL;
    if (c == RAMI_JOKER)
        return FIT_OK;
    if (RAMI_CARD_RANK(c) != t->rank)
        return FIT_RANK;
    return r->suits & (1u << RAMI_CARD_SUIT(c)) ? FIT_OK : FIT_SUIT_TAKEN;
}

int rami__fit_card(const tmeld *t, rami_card c, unsigned jokers_per_meld, bool *low, bool *high)
{
    bool joker = c == RAMI_JOKER;
    *low = *high = false;
    if (joker && t->jokers >= jokers_per_meld)
        return FIT_JOKERS;
    meld_room r;
    meld_room_of(t, jokers_per_meld, &r);
    if (t->kind == RAMI_MELD_SET)
        return set_fit(t, &r, c);
    if (!joker && RAMI_CARD_SUIT(c) != t->suit)
        return FIT_SUIT;
    *low = joker ? r.low != RAMI_NO_CARD : r.low == c;
    *high = joker ? r.high != RAMI_NO_CARD : r.high == c;
    if (*low || *high)
        return FIT_OK;
    return r.low == RAMI_NO_CARD && r.high == RAMI_NO_CARD ? FIT_RUN_COMPLETE : FIT_NO_END;
}

void rami__meld_lay(tmeld *t, rami_card c, unsigned where)
{
    if (where == WHERE_SET) {
        t->cards[t->count] = c;
    } else if (where == WHERE_HIGH) {
        t->cards[t->count] = c;
        t->hi++;
    } else {
        memmove(t->cards + 1, t->cards, t->count);
        t->cards[0] = c;
        t->lo--;
    }
    t->count++;
    t->jokers += c == RAMI_JOKER;
    if (where == WHERE_SET)
        set_normalize(t);
}

/* Removes one card from a set, keeping its canonical order. */
static void set_remove(tmeld *t, rami_card c)
{
    for (unsigned i = 0; i < t->count; i++) {
        if (t->cards[i] == c) {
            memmove(t->cards + i, t->cards + i + 1, t->count - i - 1u);
            t->cards[--t->count] = RAMI_NO_CARD;
            t->jokers -= c == RAMI_JOKER;
            return;
        }
    }
}

void rami__meld_unlay(tmeld *t, rami_card c, unsigned where)
{
    if (where == WHERE_SET) {
        set_remove(t, c);
        return;
    }
    if (where == WHERE_LOW) {
        memmove(t->cards, t->cards + 1, t->count - 1u);
        t->lo++;
    } else {
        t->hi--;
    }
    t->cards[--t->count] = RAMI_NO_CARD;
    t->jokers -= c == RAMI_JOKER;
}

void rami__meld_swap(tmeld *t, unsigned index, rami_card c)
{
    t->cards[index] = c;
    t->jokers--;
    if (t->kind == RAMI_MELD_SET)
        set_normalize(t);
}

void rami__meld_unswap(tmeld *t, unsigned index, rami_card c)
{
    if (t->kind == RAMI_MELD_SET) {
        set_remove(t, c);
        t->cards[t->count++] = RAMI_JOKER;
        set_normalize(t);
    } else {
        t->cards[index] = RAMI_JOKER;
    }
    t->jokers++;
}
