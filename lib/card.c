/* Cards as text: parsing and formatting. */
#include <string.h>

#include "card.h"

static const char rank_chars[] = "?A23456789TJQK";
static const char suit_chars[] = "CDHS?";

static bool is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

static char upper(char ch)
{
    return (ch >= 'a' && ch <= 'z') ? (char)(ch - 'a' + 'A') : ch;
}

/* Reads a rank at *p; returns 0 if none. */
static unsigned parse_rank(const char **p)
{
    const char *s = *p;
    if (s[0] == '1' && s[1] == '0') {
        *p = s + 2;
        return 10;
    }
    char ch = upper(s[0]);
    for (unsigned r = 1; r <= 13; r++) {
        if (ch != '\0' && rank_chars[r] == ch) {
            *p = s + 1;
            return r;
        }
    }
    return 0;
}

/* UTF-8 of U+2663 (clubs), U+2666 (diamonds), U+2665 (hearts), U+2660 (spades). */
static const unsigned char suit_symbol_last[4] = {0xA3, 0xA6, 0xA5, 0xA0};

/* Reads a suit at *p; returns 4 if none. */
static unsigned parse_suit(const char **p)
{
    const unsigned char *s = (const unsigned char *)*p;
    char ch = upper((char)s[0]);
    for (unsigned suit = 0; suit < 4; suit++) {
        if (ch == suit_chars[suit]) {
            *p += 1;
            return suit;
        }
    }
    if (s[0] == 0xE2 && s[1] == 0x99) {
        for (unsigned suit = 0; suit < 4; suit++) {
            if (s[2] == suit_symbol_last[suit]) {
                *p += 3;
                return suit;
            }
        }
    }
    return 4;
}

/* Parses one card token starting at *p (no leading space) and advances. */
static int parse_token(const char **p, rami_card *out)
{
    const char *s = *p;
    if (s[0] == '*') {
        *p = s + 1;
        *out = RAMI_JOKER;
        return RAMI_OK;
    }
    if (upper(s[0]) == 'J' && upper(s[1]) == 'K') {
        *p = s + 2;
        *out = RAMI_JOKER;
        return RAMI_OK;
    }
    unsigned rank = parse_rank(&s);
    if (rank == 0)
        return RAMI_E_PARSE;
    unsigned suit = parse_suit(&s);
    if (suit == 4)
        return RAMI_E_PARSE;
    *p = s;
    *out = RAMI_CARD(rank, suit);
    return RAMI_OK;
}

rami_card rami_card_make(int rank, int suit)
{
    if (rank < 1 || rank > 13 || suit < RAMI_CLUBS || suit > RAMI_SUIT_ANY)
        return RAMI_NO_CARD;
    return RAMI_CARD(rank, suit);
}

/* A natural card or a joker's suit-open place. */
static bool card_has_rank(rami_card c)
{
    return RAMI_CARD_SUIT(c) <= RAMI_SUIT_ANY && RAMI_CARD_RANK(c) >= 1 && RAMI_CARD_RANK(c) <= 13;
}

int rami_card_rank(rami_card c)
{
    return card_has_rank(c) ? (int)RAMI_CARD_RANK(c) : 0;
}

int rami_card_suit(rami_card c)
{
    return card_has_rank(c) ? (int)RAMI_CARD_SUIT(c) : -1;
}

int rami_card_parse(const char *text, rami_card *out)
{
    if (text == NULL || out == NULL)
        return RAMI_E_ARG;
    const char *p = text;
    while (is_space(*p))
        p++;
    rami_card c;
    if (parse_token(&p, &c) != RAMI_OK)
        return RAMI_E_PARSE;
    while (is_space(*p))
        p++;
    if (*p != '\0')
        return RAMI_E_PARSE;
    *out = c;
    return RAMI_OK;
}

size_t rami__card_chars(rami_card c, char out[3])
{
    if (!card_is_valid(c) && !card_has_rank(c))
        return 0;
    if (c == RAMI_JOKER) {
        out[0] = 'J';
        out[1] = 'K';
        return 2;
    }
    size_t n = 0;
    unsigned r = RAMI_CARD_RANK(c);
    if (r == 10) {
        out[n++] = '1';
        out[n++] = '0';
    } else {
        out[n++] = rank_chars[r];
    }
    out[n++] = suit_chars[RAMI_CARD_SUIT(c)];
    return n;
}

int rami_card_format(rami_card c, char *buf, size_t cap)
{
    if (buf == NULL)
        return RAMI_E_ARG;
    char text[3];
    size_t n = rami__card_chars(c, text);
    if (n == 0)
        return RAMI_E_ARG;
    if (cap < n + 1) {
        if (cap > 0)
            buf[0] = '\0';
        return RAMI_E_BUFFER;
    }
    memcpy(buf, text, n);
    buf[n] = '\0';
    return RAMI_OK;
}

int rami_cards_parse(const char *text, rami_card *out, size_t cap, size_t *count)
{
    if (text == NULL || count == NULL || (out == NULL && cap > 0))
        return RAMI_E_ARG;
    /* First pass validates and counts, so nothing is written on a parse error. */
    size_t n = 0;
    const char *p = text;
    for (;;) {
        while (is_space(*p) || *p == ',')
            p++;
        if (*p == '\0')
            break;
        rami_card c;
        if (parse_token(&p, &c) != RAMI_OK)
            return RAMI_E_PARSE;
        if (*p != '\0' && !is_space(*p) && *p != ',')
            return RAMI_E_PARSE;
        n++;
    }
    *count = n;
    if (n > cap)
        return RAMI_E_BUFFER;
    p = text;
    for (size_t i = 0; i < n; i++) {
        while (is_space(*p) || *p == ',')
            p++;
        parse_token(&p, &out[i]);
    }
    return RAMI_OK;
}

void rami__cards_sort(rami_card *cards, size_t n)
{
    /* Insertion sort: lists are at most a few dozen cards. Card codes order
     * by suit then rank, and the joker (0x50) comes last. */
    for (size_t i = 1; i < n; i++) {
        rami_card c = cards[i];
        size_t j = i;
        while (j > 0 && cards[j - 1] > c) {
            cards[j] = cards[j - 1];
            j--;
        }
        cards[j] = c;
    }
}

void rami__cards_text(const rami_card *cards, size_t n, char *buf, size_t cap)
{
    if (cap == 0)
        return;
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char one[5];
        if (rami_card_format(cards[i], one, sizeof one) != RAMI_OK)
            strcpy(one, "??");
        size_t need = strlen(one) + (i > 0);
        if (len + need + 1 > cap)
            return;
        if (i > 0)
            buf[len++] = ' ';
        memcpy(buf + len, one, strlen(one) + 1);
        len += strlen(one);
    }
}

const char *rami__card_name(rami_card c, char buf[8])
{
    if (rami_card_format(c, buf, 8) != RAMI_OK)
        strcpy(buf, "??");
    return buf;
}
