/* Fuzz target: rami_game_load on any bytes. A refused record gives
 * RAMI_E_PARSE or RAMI_E_CORRUPT and no handle; a loaded one saves, and the
 * saved text loads to an identical game and saves to the same text. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "rami-private.h"
#include "../testutil.h"

static char *save(const rami_game *g, size_t *len)
{
    FUZZ_ASSERT(rami_game_save(g, NULL, 0, len) == RAMI_E_BUFFER);
    char *text = malloc(*len + 1);
    FUZZ_ASSERT(text != NULL);
    size_t again = 0;
    FUZZ_ASSERT(rami_game_save(g, text, *len + 1, &again) == RAMI_OK);
    FUZZ_ASSERT(again == *len && strlen(text) == *len);
    return text;
}

/* No face more often than the pack holds: hands, stock, discard pile, table. */
static void check_cards(const rami_game *g)
{
    unsigned counts[256];
    FUZZ_ASSERT(tu_census(g, counts));
    for (unsigned c = 0; c < 256; c++)
        FUZZ_ASSERT(counts[c] <= rami__pack_copies(&g->rs, (rami_card)c));
}

static void check_views(const rami_game *g)
{
    for (int v = RAMI_VIEWER_PUBLIC; v < g->rs.players; v++) {
        size_t len = 0;
        FUZZ_ASSERT(rami_game_view_json(g, v, NULL, 0, &len) == RAMI_E_BUFFER);
        char *text = malloc(len + 1);
        FUZZ_ASSERT(text != NULL);
        FUZZ_ASSERT(rami_game_view_json(g, v, text, len + 1, &len) == RAMI_OK);
        FUZZ_ASSERT(strlen(text) == len);
        free(text);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rami_game *const sentinel = (rami_game *)(uintptr_t)8;
    rami_game *g = sentinel;
    int st = rami_game_load((const char *)data, size, &g);
    if (st != RAMI_OK) {
        FUZZ_ASSERT(st == RAMI_E_PARSE || st == RAMI_E_CORRUPT);
        FUZZ_ASSERT(g == sentinel);
        return 0;
    }
    size_t len, len2;
    char *text = save(g, &len);
    rami_game *h = sentinel;
    FUZZ_ASSERT(rami_game_load(text, len, &h) == RAMI_OK);
    FUZZ_ASSERT(rami__game_equal(g, h));
    char *text2 = save(h, &len2);
    FUZZ_ASSERT(len2 == len && memcmp(text, text2, len) == 0);
    check_cards(g);
    check_views(g);
    free(text);
    free(text2);
    rami_game_free(h);
    rami_game_free(g);
    return 0;
}
