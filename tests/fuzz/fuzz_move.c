/* Fuzz target: rami_move_parse and rami_move_format. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "rami.h"

static int is_valid_card(rami_card c)
{
    return c == RAMI_JOKER ||
           (RAMI_CARD_SUIT(c) < 4 && RAMI_CARD_RANK(c) >= 1 && RAMI_CARD_RANK(c) <= 13);
}

/* The shape rami_move_parse promises: known kind, card count of the kind,
 * valid cards, unused fields zero. */
static void check_shape(const rami_move *m)
{
    static const uint8_t min[] = {0, 0, 0, 3, 1, 1, 1};
    static const uint8_t max[] = {0, 0, 0, RAMI_MAX_MELD, 1, 1, 1};
    FUZZ_ASSERT(m->kind >= RAMI_MOVE_DRAW_STOCK && m->kind <= RAMI_MOVE_DISCARD);
    FUZZ_ASSERT(m->count >= min[m->kind] && m->count <= max[m->kind]);
    for (size_t i = 0; i < RAMI_MAX_MELD; i++)
        FUZZ_ASSERT(i < m->count ? is_valid_card(m->cards[i]) : m->cards[i] == 0);
    int has_side = m->kind == RAMI_MOVE_MELD || m->kind == RAMI_MOVE_LAYOFF;
    int has_target = m->kind == RAMI_MOVE_LAYOFF || m->kind == RAMI_MOVE_SWAP;
    FUZZ_ASSERT(m->side <= (has_side ? RAMI_SIDE_HIGH : RAMI_SIDE_AUTO));
    FUZZ_ASSERT(has_target ? m->target < 255 : m->target == 0);
}

/* *m formats, the text re-parses to *m and formats to the same text. */
static void check_format(const rami_move *m)
{
    char text[128], again[128];
    FUZZ_ASSERT(rami_move_format(m, text, sizeof text) == RAMI_OK);
    size_t len = strlen(text);
    for (size_t cap = 0; cap <= len; cap++) {
        char small[128];
        memset(small, 'x', sizeof small);
        FUZZ_ASSERT(rami_move_format(m, small, cap) == RAMI_E_BUFFER);
        FUZZ_ASSERT(small[0] == (cap > 0 ? '\0' : 'x'));
        FUZZ_ASSERT(small[1] == 'x');
    }
    rami_move back;
    FUZZ_ASSERT(rami_move_parse(text, &back) == RAMI_OK);
    FUZZ_ASSERT(memcmp(&back, m, sizeof back) == 0);
    FUZZ_ASSERT(rami_move_format(&back, again, sizeof again) == RAMI_OK);
    FUZZ_ASSERT(strcmp(text, again) == 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    FUZZ_ASSERT(s != NULL);
    if (size > 0)
        memcpy(s, data, size);
    s[size] = '\0';

    rami_move m, sentinel;
    memset(&sentinel, 0xEE, sizeof sentinel);
    m = sentinel;
    int rc = rami_move_parse(s, &m);
    if (rc == RAMI_OK) {
        check_shape(&m);
        check_format(&m);
    } else {
        FUZZ_ASSERT(rc == RAMI_E_PARSE);
        FUZZ_ASSERT(memcmp(&m, &sentinel, sizeof m) == 0);
    }
    free(s);

    /* The same bytes as a move struct: format either rejects it or writes
     * text that parses back to it (cards beyond count are not part of it). */
    if (size >= sizeof(rami_move)) {
        rami_move raw;
        memcpy(&raw, data, sizeof raw);
        char text[128];
        rc = rami_move_format(&raw, text, sizeof text);
        FUZZ_ASSERT(rc == RAMI_OK || rc == RAMI_E_ARG);
        if (rc == RAMI_OK) {
            if (raw.count < RAMI_MAX_MELD)
                memset(raw.cards + raw.count, 0, RAMI_MAX_MELD - raw.count);
            check_shape(&raw);
            check_format(&raw);
        }
    }
    return 0;
}
