/* Fuzz target: rami_card_parse, rami_cards_parse and rami_card_format. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "rami.h"

#define SENTINEL ((rami_card)0xEE)

static int is_valid(rami_card c)
{
    return c == RAMI_JOKER ||
           (RAMI_CARD_SUIT(c) < 4 && RAMI_CARD_RANK(c) >= 1 && RAMI_CARD_RANK(c) <= 13);
}

static int is_suit_open(rami_card c)
{
    return RAMI_CARD_SUIT(c) == RAMI_SUIT_ANY && RAMI_CARD_RANK(c) >= 1 && RAMI_CARD_RANK(c) <= 13;
}

/* Any code: format fails cleanly or gives text that parses back (a
 * suit-open card formats as "7?", which is deliberately not parseable). */
static void check_format(rami_card c)
{
    char buf[8];
    int rc = rami_card_format(c, buf, sizeof buf);
    if (!is_valid(c) && !is_suit_open(c)) {
        FUZZ_ASSERT(rc == RAMI_E_ARG);
        return;
    }
    FUZZ_ASSERT(rc == RAMI_OK);
    size_t len = strlen(buf);
    FUZZ_ASSERT(len >= 2 && len <= 3);
    for (size_t cap = 0; cap <= len; cap++) {
        char small[8];
        memset(small, 'x', sizeof small);
        FUZZ_ASSERT(rami_card_format(c, small, cap) == RAMI_E_BUFFER);
        FUZZ_ASSERT(small[0] == (cap > 0 ? '\0' : 'x'));
        for (size_t i = 1; i < sizeof small; i++)
            FUZZ_ASSERT(small[i] == 'x');
    }
    rami_card back = SENTINEL;
    rc = rami_card_parse(buf, &back);
    if (is_suit_open(c))
        FUZZ_ASSERT(rc == RAMI_E_PARSE && back == SENTINEL);
    else
        FUZZ_ASSERT(rc == RAMI_OK && back == c);
}

/* A list parsed from text re-parses identically from its canonical text,
 * joined by spaces or by bare commas. */
static void check_list_text(const rami_card *cards, size_t n, const char *sep)
{
    size_t seplen = strlen(sep);
    char *text = malloc(n * (3 + seplen) + 1);
    rami_card *back = malloc((n + 1) * sizeof *back);
    FUZZ_ASSERT(text != NULL && back != NULL);
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        if (i > 0) {
            memcpy(text + len, sep, seplen);
            len += seplen;
        }
        FUZZ_ASSERT(rami_card_format(cards[i], text + len, 4) == RAMI_OK);
        len += strlen(text + len);
    }
    text[len] = '\0';
    size_t count = 0;
    FUZZ_ASSERT(rami_cards_parse(text, back, n + 1, &count) == RAMI_OK);
    FUZZ_ASSERT(count == n);
    FUZZ_ASSERT(n == 0 || memcmp(back, cards, n) == 0);
    free(back);
    free(text);
}

static void check_list(const char *s, rami_card one, int one_ok)
{
    size_t n = SIZE_MAX;
    int rc = rami_cards_parse(s, NULL, 0, &n);
    if (rc == RAMI_E_PARSE) {
        FUZZ_ASSERT(!one_ok);
        return;
    }
    FUZZ_ASSERT(rc == (n == 0 ? RAMI_OK : RAMI_E_BUFFER));
    FUZZ_ASSERT(n <= strlen(s));

    rami_card *cards = malloc(n + 1);
    FUZZ_ASSERT(cards != NULL);
    memset(cards, SENTINEL, n + 1);
    size_t again = 0;
    if (n > 0) {
        /* One card short: the count is still reported, nothing written. */
        FUZZ_ASSERT(rami_cards_parse(s, cards, n - 1, &again) == RAMI_E_BUFFER);
        FUZZ_ASSERT(again == n);
        for (size_t i = 0; i <= n; i++)
            FUZZ_ASSERT(cards[i] == SENTINEL);
    }
    FUZZ_ASSERT(rami_cards_parse(s, cards, n, &again) == RAMI_OK && again == n);
    FUZZ_ASSERT(cards[n] == SENTINEL);
    for (size_t i = 0; i < n; i++)
        FUZZ_ASSERT(is_valid(cards[i]));
    if (one_ok)
        FUZZ_ASSERT(n == 1 && cards[0] == one);
    check_list_text(cards, n, " ");
    check_list_text(cards, n, ",");
    free(cards);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    FUZZ_ASSERT(s != NULL);
    if (size > 0)
        memcpy(s, data, size);
    s[size] = '\0';

    rami_card c = SENTINEL;
    int rc = rami_card_parse(s, &c);
    FUZZ_ASSERT(rc == RAMI_OK || rc == RAMI_E_PARSE);
    if (rc == RAMI_OK) {
        FUZZ_ASSERT(is_valid(c));
        check_format(c);
    } else {
        FUZZ_ASSERT(c == SENTINEL);
    }
    check_list(s, c, rc == RAMI_OK);
    if (size > 0)
        check_format(data[0]);
    free(s);
    return 0;
}
