/*
 * rami-cli - play Rami in a terminal against librami's bots.
 *
 * Seat 0 is the human (every seat with --bots none, no seat with --watch);
 * the other seats are bots. Commands are read line by line from stdin, so a
 * game can be scripted: `printf 'draw\ndiscard 1\n' | rami-cli --seed 7`.
 * Everything the rules decide (legality, reasons, scoring) comes from the
 * library; this file only reads commands, words its messages and prints
 * the position.
 */
#define _POSIX_C_SOURCE 200809L

#include <rami.h>

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#ifdef _WIN32
#include <io.h>
#define isatty _isatty
#define fileno _fileno
#else
#include <unistd.h>
#endif

#include "common/ruleset-args.h"

#define EXIT_USAGE 2
#define LINE_CAP   1024
#define WHY_CAP    256
#define CARD_CAP   32 /* one card as shown, with colour codes */
#define BOTS_NONE  (-1)
#define MAX_RECORD (4u << 20) /* larger files are not records */

typedef struct options {
    ruleset_args rules;
    int bot_level; /* rami_bot_level or BOTS_NONE (hot seat) */
    uint64_t seed;
    int watch;
    int ascii;
    const char *load; /* --load FILE, or NULL */
} options;

typedef struct style {
    int symbols; /* suit symbols (UTF-8) */
    int color;   /* ANSI red for hearts and diamonds */
} style;

typedef struct cli {
    rami_game *g;
    options opt;
    style st;
    int interactive; /* stdin is a terminal: prompt, do not echo */
    int screen;      /* stdout is a terminal: hot seat clears it */
    int show;        /* print the position before the next prompt */
    int seated;      /* hot seat: the seat that has the terminal, -1 none */
} cli;

enum { CMD_CONTINUE = 0, CMD_QUIT = 1, CMD_FAIL = 2 };

/* ------------------------------------------------------------------------ */
/* Small helpers                                                             */
/* ------------------------------------------------------------------------ */

#define STATUS_NAME_(name, value, msg)                                                             \
    case name:                                                                                     \
        return #name;
static const char *status_name(int status)
{
    switch (status) {
        RAMI_STATUS_LIST(STATUS_NAME_)
    }
    return "RAMI_E_?";
}
#undef STATUS_NAME_

/* "s" unless n is 1: "1 card", "2 cards". */
static const char *plural(unsigned long n)
{
    return n == 1 ? "" : "s";
}

static int is_human(const cli *c, int seat)
{
    if (c->opt.watch)
        return 0;
    return c->opt.bot_level == BOTS_NONE || seat == 0;
}

static rami_ruleset game_rules(const cli *c)
{
    rami_ruleset rs;
    if (rami_game_ruleset(c->g, &rs) != RAMI_OK)
        memset(&rs, 0, sizeof rs);
    return rs;
}

static int player_count(const cli *c)
{
    return game_rules(c).players;
}

static int rule_on(const cli *c, uint32_t bit)
{
    return (game_rules(c).options & bit) != 0;
}

static const char *seat_role(const cli *c, int seat)
{
    if (!is_human(c, seat))
        return " (bot)";
    return c->opt.bot_level == BOTS_NONE ? "" : " (you)";
}

/* Copies the next word of *p (separated by spaces or commas) into word. */
static int next_word(const char **p, char *word, size_t cap)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t' || *s == ',')
        s++;
    size_t n = 0;
    while (*s != '\0' && *s != ' ' && *s != '\t' && *s != ',') {
        if (n + 1 < cap)
            word[n++] = *s;
        s++;
    }
    word[n] = '\0';
    *p = s;
    return n > 0;
}

static int all_digits(const char *s)
{
    if (*s == '\0')
        return 0;
    for (; *s != '\0'; s++)
        if (!isdigit((unsigned char)*s))
            return 0;
    return 1;
}

/* Equal words, ignoring case. */
static int same_word(const char *a, const char *b)
{
    for (; *a != '\0' && tolower((unsigned char)*a) == tolower((unsigned char)*b); a++, b++)
        ;
    return tolower((unsigned char)*a) - tolower((unsigned char)*b);
}

static void lower(char *s)
{
    for (; *s != '\0'; s++)
        *s = (char)tolower((unsigned char)*s);
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    size_t k = 0;
    while (isspace((unsigned char)s[k]))
        k++;
    memmove(s, s + k, n - k + 1);
}

/* Reads one line of stdin into line (the rest of an overlong line is
 * dropped); 0 at the end of input. A line holding a NUL byte is read to
 * its end like any other and reported in *nul. */
static int read_line(char *line, size_t cap, int *nul)
{
    size_t n = 0;
    int ch, any = 0;
    *nul = 0;
    while ((ch = getchar()) != EOF) {
        any = 1;
        if (ch == '\n')
            break;
        if (ch == '\0')
            *nul = 1;
        else if (n + 1 < cap)
            line[n++] = (char)ch;
    }
    line[n] = '\0';
    return any;
}

/* Prints prompt and reads the answer; without a terminal the answer is
 * echoed, so that the output reads as a transcript. 0 at the end of input. */
static int ask(const cli *c, const char *prompt, char *line, size_t cap)
{
    int nul;
    printf("%s", prompt);
    fflush(stdout);
    if (!read_line(line, cap, &nul)) {
        printf("\n(end of input)\n");
        return 0;
    }
    trim(line);
    if (!c->interactive)
        printf("%s\n", line);
    if (nul) {
        printf("that line holds a NUL byte: ignored\n");
        line[0] = '\0';
    }
    return 1;
}

/* ------------------------------------------------------------------------ */
/* Cards and melds as shown                                                  */
/* ------------------------------------------------------------------------ */

static int locale_is_utf8(void)
{
    const char *vars[] = {"LC_ALL", "LC_CTYPE", "LANG"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v == NULL || *v == '\0')
            continue;
        /* The first variable that is set decides, as in setlocale(). */
        char low[64];
        size_t n = 0;
        for (; v[n] != '\0' && n + 1 < sizeof low; n++)
            low[n] = (char)tolower((unsigned char)v[n]);
        low[n] = '\0';
        return strstr(low, "utf-8") != NULL || strstr(low, "utf8") != NULL;
    }
    return 0;
}

static style pick_style(int ascii)
{
    style st = {0, 0};
    if (!ascii && isatty(fileno(stdout)) && locale_is_utf8()) {
        st.symbols = 1;
        st.color = getenv("NO_COLOR") == NULL;
    }
    return st;
}

/* One card as shown: "7S" or "7♠" (red for hearts and diamonds). */
static void card_text(const style *st, rami_card c, char *buf, size_t cap)
{
    static const char *const symbols[] = {"\u2663", "\u2666", "\u2665", "\u2660", "?"};
    char ascii[8];
    if (rami_card_format(c, ascii, sizeof ascii) != RAMI_OK) {
        snprintf(buf, cap, "??");
        return;
    }
    unsigned suit = RAMI_CARD_SUIT(c);
    if (!st->symbols || c == RAMI_JOKER || suit > RAMI_SUIT_ANY) {
        snprintf(buf, cap, "%s", ascii);
        return;
    }
    ascii[strlen(ascii) - 1] = '\0'; /* the rank alone */
    int red = suit == RAMI_DIAMONDS || suit == RAMI_HEARTS;
    if (st->color && red)
        snprintf(buf, cap, "\033[31m%s%s\033[0m", ascii, symbols[suit]);
    else
        snprintf(buf, cap, "%s%s", ascii, symbols[suit]);
}

/* What the joker at index i of a table run stands for, read from the first
 * natural card: runs are stored low to high with each card in its place. */
static rami_card run_place(const rami_meld_info *mi, size_t i)
{
    for (size_t j = 0; j < mi->count; j++) {
        rami_card c = mi->cards[j];
        if (c == RAMI_JOKER)
            continue;
        unsigned rank = RAMI_CARD_RANK(c);
        unsigned pos = rank == RAMI_ACE && j > 0 ? 14u : rank; /* an ace past index 0 is high */
        unsigned place = pos + (unsigned)i - (unsigned)j;
        return RAMI_CARD(place == 14 ? RAMI_ACE : place, RAMI_CARD_SUIT(c));
    }
    return mi->joker_as;
}

/* A table meld: "5♥ 6♥ 7♥", jokers with their place: "JK=6♠ 7♠ 8♠". */
static void meld_text(const style *st, const rami_meld_info *mi, char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < mi->count && used < cap; i++) {
        char card[CARD_CAP], place[CARD_CAP];
        card_text(st, mi->cards[i], card, sizeof card);
        if (mi->cards[i] == RAMI_JOKER) {
            rami_card as = mi->kind == RAMI_MELD_RUN ? run_place(mi, i) : mi->joker_as;
            card_text(st, as, place, sizeof place);
            used += (size_t)snprintf(buf + used, cap - used, "%sJK=%s", i ? " " : "", place);
        } else {
            used += (size_t)snprintf(buf + used, cap - used, "%s%s", i ? " " : "", card);
        }
    }
}

static void print_cards(const style *st, const rami_card *cards, size_t n, int numbered)
{
    for (size_t i = 0; i < n; i++) {
        char card[CARD_CAP];
        card_text(st, cards[i], card, sizeof card);
        if (numbered)
            printf(" %zu:%s", i + 1, card);
        else
            printf(" %s", card);
    }
    printf("\n");
}

/* ------------------------------------------------------------------------ */
/* The position                                                              */
/* ------------------------------------------------------------------------ */

static size_t get_hand(const rami_game *g, int seat, rami_card *buf)
{
    size_t n = 0;
    if (rami_game_hand(g, seat, buf, RAMI_MAX_HAND, &n) != RAMI_OK)
        return 0;
    return n;
}

/* Points seat has laid towards its opening this turn. A player who has not
 * opened never ends a turn with melds on the table (an opening is completed
 * in the turn it begins, doc/rules.md §5), so every meld such a player owns
 * was laid this turn: their values add up to the progress. The one place
 * to switch to a library query for the points laid this turn once the API
 * has one. */
static void print_table(const cli *c)
{
    size_t n = rami_game_meld_count(c->g);
    if (n == 0) {
        printf("Table: no melds yet\n");
        return;
    }
    printf("Table:\n");
    for (size_t i = 0; i < n; i++) {
        rami_meld_info mi;
        int owner = 0;
        char text[RAMI_MAX_MELD * (CARD_CAP + 4)];
        if (rami_game_meld(c->g, i, &owner, &mi) != RAMI_OK)
            continue;
        meld_text(&c->st, &mi, text, sizeof text);
        printf(" %2zu. seat %d%-6s %s\n", i + 1, owner, seat_role(c, owner), text);
    }
}

static void print_piles(const cli *c)
{
    char top[CARD_CAP] = "-";
    rami_card t = rami_game_discard_top(c->g);
    size_t pile = rami_game_discard_count(c->g), stock = rami_game_stock_count(c->g);
    if (t != RAMI_NO_CARD)
        card_text(&c->st, t, top, sizeof top);
    printf("Discard: %s (%zu card%s in the pile)   Stock: %zu card%s\n", top, pile, plural(pile),
           stock, plural(stock));
}

/* What the library says of the turn of the player to move: the opening so
 * far ("opening: 30 of 51 laid this turn", while it matters) and what the
 * turn still owes (a card taken to be played, a retrieved joker to replay,
 * a card taken that may not be discarded). */
static void print_turn(const cli *c, int seat)
{
    rami_ruleset rs = game_rules(c);
    rami_turn_info ti;
    if (rami_game_turn_info(c->g, &ti, sizeof ti) != RAMI_OK)
        return;
    if (rami_game_has_opened(c->g, seat) == 0 && rs.opening_points > 0)
        printf("  opening: %u of %u laid this turn%s", ti.points_laid, rs.opening_points,
               rs.options & RAMI_OPT_OPEN_PURE_RUN ? ", with a run without joker" : "");
    char card[CARD_CAP];
    if (ti.must_play != RAMI_NO_CARD) {
        card_text(&c->st, ti.must_play, card, sizeof card);
        printf("  %s to meld or lay off", card);
    } else if (ti.may_not_discard != RAMI_NO_CARD) {
        card_text(&c->st, ti.may_not_discard, card, sizeof card);
        printf("  %s may not be discarded", card);
    }
    if (ti.jokers_to_replay > 0)
        printf("  %u retrieved joker%s to play", ti.jokers_to_replay, plural(ti.jokers_to_replay));
}

static void print_seats(const cli *c)
{
    int32_t totals[RAMI_MAX_PLAYERS];
    int current = rami_game_current_player(c->g);
    rami_game_scores(c->g, totals, RAMI_MAX_PLAYERS);
    for (int s = 0; s < player_count(c); s++) {
        rami_card hand[RAMI_MAX_HAND];
        size_t n = get_hand(c->g, s, hand);
        const char *state = rami_game_in_match(c->g, s) == 0     ? "out"
                            : rami_game_has_opened(c->g, s) == 1 ? "opened"
                                                                 : "not opened";
        printf("  seat %d%-6s %2zu card%-2s %-10s total %" PRId32, s, seat_role(c, s), n, plural(n),
               state, totals[s]);
        if (s == current) {
            printf("  <- to play");
            print_turn(c, s);
        }
        printf("\n");
    }
}

static void print_hand(const cli *c, int seat)
{
    rami_card hand[RAMI_MAX_HAND];
    size_t n = get_hand(c->g, seat, hand);
    printf("Hand of seat %d:", seat);
    print_cards(&c->st, hand, n, 1);
}

static void print_position(const cli *c)
{
    int seat = rami_game_current_player(c->g);
    int drawing = rami_game_phase(c->g) == RAMI_PHASE_DRAW;
    printf("\n-- round %d, turn %d: seat %d to %s --\n", rami_game_round(c->g),
           rami_game_turn(c->g), seat,
           drawing                           ? "draw (draw | take)"
           : rule_on(c, RAMI_OPT_JOKER_SWAP) ? "play (meld | lay | swap | discard)"
                                             : "play (meld | lay | discard)");
    print_table(c);
    print_piles(c);
    print_seats(c);
    print_hand(c, seat);
}

/* ------------------------------------------------------------------------ */
/* Summaries                                                                 */
/* ------------------------------------------------------------------------ */

static void print_winners(const char *what, unsigned mask, int players)
{
    unsigned n = 0;
    for (int s = 0; s < players; s++)
        n += (mask >> s) & 1u;
    printf("%s%s:", what, n == 1 ? "" : "s");
    for (int s = 0; s < players; s++)
        if (mask & (1u << s))
            printf(" seat %d", s);
    printf("\n");
}

static const char *end_reason(const rami_round_result *rr)
{
    switch (rr->reason) {
    case RAMI_END_WENT_OUT:
        return "a player went out";
    case RAMI_END_STOCK_OUT:
        return "the stock ran out";
    case RAMI_END_TURN_LIMIT:
        return "the turn limit was reached";
    default:
        return "?";
    }
}

static void print_round_summary(const cli *c)
{
    rami_round_result rr;
    int32_t totals[RAMI_MAX_PLAYERS];
    if (rami_game_round_result(c->g, &rr) != RAMI_OK)
        return;
    rami_game_scores(c->g, totals, RAMI_MAX_PLAYERS);
    printf("\n== round %d over: %s ==\n", rami_game_round(c->g), end_reason(&rr));
    print_table(c);
    for (int s = 0; s < player_count(c); s++) {
        rami_card hand[RAMI_MAX_HAND];
        size_t n = get_hand(c->g, s, hand);
        printf("  seat %d%-6s hand value %3u  points %4d  total %5" PRId32 "  left:", s,
               seat_role(c, s), rr.hand_value[s], rr.points[s], totals[s]);
        if (n == 0)
            printf(" nothing (went out)\n");
        else
            print_cards(&c->st, hand, n, 0);
    }
    print_winners("Round winner", rr.winners, player_count(c));
}

/* "Totals after round 2 of 3: seat 0 (you) 12, seat 1 (bot) 40" */
static void print_totals(const cli *c, const char *when)
{
    rami_ruleset rs = game_rules(c);
    int32_t totals[RAMI_MAX_PLAYERS];
    rami_game_scores(c->g, totals, RAMI_MAX_PLAYERS);
    printf("Totals %s round %d", when, rami_game_round(c->g));
    if (rs.match_rounds)
        printf(" of %u", rs.match_rounds);
    if (rs.match_target && (rs.options & RAMI_OPT_ELIMINATION))
        printf(" (a player leaves the match at %u points)", rs.match_target);
    else if (rs.match_target)
        printf(" (the match ends at %u points)", rs.match_target);
    printf(":");
    for (int s = 0; s < rs.players; s++)
        printf("%s seat %d%s %" PRId32 "%s", s ? "," : "", s, seat_role(c, s), totals[s],
               rami_game_in_match(c->g, s) == 0 ? " (out)" : "");
    printf("\n");
}

/* The match winners: the library's when the match is over, else (a match
 * with no end condition stopped by the player) the lowest totals. */
static unsigned match_winners(const cli *c)
{
    int w = rami_game_match_winners(c->g);
    if (w >= 0)
        return (unsigned)w;
    int32_t totals[RAMI_MAX_PLAYERS];
    rami_game_scores(c->g, totals, RAMI_MAX_PLAYERS);
    unsigned mask = 0;
    int32_t best = INT32_MAX;
    for (int s = 0; s < player_count(c); s++) {
        if (totals[s] < best) {
            best = totals[s];
            mask = 0;
        }
        if (totals[s] == best)
            mask |= 1u << s;
    }
    return mask;
}

static void print_match_summary(const cli *c)
{
    int32_t totals[RAMI_MAX_PLAYERS];
    int rounds = rami_game_round(c->g);
    rami_game_scores(c->g, totals, RAMI_MAX_PLAYERS);
    printf("\n== match over after %d round%s ==\n", rounds, plural((unsigned long)rounds));
    for (int s = 0; s < player_count(c); s++)
        printf("  seat %d%-6s total %5" PRId32 "\n", s, seat_role(c, s), totals[s]);
    print_winners("Match winner", match_winners(c), player_count(c));
}

static void print_round_header(const cli *c)
{
    int turn = rami_game_turn(c->g), seat = rami_game_current_player(c->g);
    printf("\n== round %d: %d players, dealer seat %d, ", rami_game_round(c->g), player_count(c),
           rami_game_dealer(c->g));
    if (turn <= 1 && rami_game_phase(c->g) == RAMI_PHASE_DRAW) /* else: a loaded game */
        printf("seat %d starts ==\n", seat);
    else
        printf("turn %d, seat %d to play ==\n", turn, seat);
}

/* ------------------------------------------------------------------------ */
/* Damaged records                                                           */
/* ------------------------------------------------------------------------ */

/* The line of text at *p (up to end), advancing *p past its newline. */
static size_t take_line(const char **p, const char *end, const char **line)
{
    const char *nl = memchr(*p, '\n', (size_t)(end - *p));
    size_t n = nl ? (size_t)(nl - *p) : (size_t)(end - *p);
    *line = *p;
    *p = nl ? nl + 1 : end;
    return n;
}

/* Replays the move lines after the header on g; prints the first that
 * fails, in the library's words. */
static void explain_moves(FILE *out, rami_game *g, const char *p, const char *end, size_t n)
{
    while (p < end) {
        const char *at;
        char line[LINE_CAP], canon[96], why[WHY_CAP];
        size_t len = take_line(&p, end, &at);
        rami_move m;
        n++;
        snprintf(line, sizeof line, "%.*s", (int)(len < LINE_CAP ? len : LINE_CAP - 1), at);
        if (strcmp(line, "end") == 0) {
            if (p < end)
                fprintf(out, "  line %zu: text after \"end\"\n", n + 1);
            else
                fprintf(out,
                        "  every move replays; the damage is in the record's form (line %zu)\n", n);
            return;
        }
        if (rami_move_parse(line, &m) != RAMI_OK) {
            fprintf(out, "  line %zu: \"%s\" is not a move\n", n, line);
            return;
        }
        int seat = rami_game_current_player(g);
        int st = rami_game_check(g, seat, &m, why, sizeof why);
        if (st != RAMI_OK) {
            fprintf(out, "  line %zu: \"%s\" (seat %d) is illegal: %s [%s]\n", n, line, seat, why,
                    status_name(st));
            return;
        }
        if (rami_move_format(&m, canon, sizeof canon) == RAMI_OK && strcmp(canon, line) != 0) {
            fprintf(out, "  line %zu: \"%s\" is not written as a record writes it (\"%s\")\n", n,
                    line, canon);
            return;
        }
        rami_game_play(g, seat, &m);
    }
    fprintf(out, "  the record ends after line %zu without its \"end\" line\n", n);
}

/* Says where a record that rami_game_load refused is damaged: the header
 * is loaded alone, then the moves are replayed one by one through the
 * public API, so every reason is the library's. */
static void explain_record(FILE *out, const char *text, size_t len)
{
    const char *p = text, *end = text + len, *line;
    size_t n = 0;
    if (memchr(text, '\0', len) != NULL) {
        fprintf(out, "  the file holds a NUL byte: not a record\n");
        return;
    }
    for (;;) {
        if (p == end) {
            fprintf(out, "  no \"round\" line: not a whole record\n");
            return;
        }
        size_t l = take_line(&p, end, &line);
        n++;
        if (l > 6 && memcmp(line, "round ", 6) == 0)
            break;
    }
    /* Version 2 records name the dealer after the round. */
    const char *next = p;
    if (p < end && take_line(&next, end, &line) > 7 && memcmp(line, "dealer ", 7) == 0) {
        p = next;
        n++;
    }
    size_t head = (size_t)(p - text);
    char *buf = malloc(head + 5);
    rami_game *g = NULL;
    if (buf == NULL)
        return;
    memcpy(buf, text, head);
    memcpy(buf + head, "end\n", 5);
    int st = rami_game_load(buf, head + 4, &g);
    free(buf);
    if (st != RAMI_OK) {
        fprintf(out, "  the header (lines 1 to %zu) is damaged: %s\n", n, rami_strerror(st));
        return;
    }
    explain_moves(out, g, p, end, n);
    rami_game_free(g);
}

/* ------------------------------------------------------------------------ */
/* Playing moves                                                             */
/* ------------------------------------------------------------------------ */

/* The card a draw brought: the one the hand holds more often afterwards. */
static rami_card added_card(const rami_card *before, size_t nb, const rami_card *after, size_t na)
{
    int diff[256] = {0};
    for (size_t i = 0; i < na; i++)
        diff[after[i]]++;
    for (size_t i = 0; i < nb; i++)
        diff[before[i]]--;
    for (int k = 0; k < 256; k++)
        if (diff[k] > 0)
            return (rami_card)k;
    return RAMI_NO_CARD;
}

/* Plays a legal move of seat and prints it as "seat 1: meld 5H 6H 7H". A
 * draw from the stock shows the card only to a human who drew it. */
static int play_and_print(cli *c, int seat, const rami_move *m)
{
    char text[80];
    rami_card before[RAMI_MAX_HAND], after[RAMI_MAX_HAND];
    rami_card top = rami_game_discard_top(c->g);
    size_t nb = get_hand(c->g, seat, before);
    int st = rami_game_play(c->g, seat, m);
    if (st != RAMI_OK)
        return st;
    if (rami_move_format(m, text, sizeof text) != RAMI_OK)
        snprintf(text, sizeof text, "?");
    printf("seat %d: %s", seat, text);
    char card[CARD_CAP];
    if (m->kind == RAMI_MOVE_DRAW_DISCARD) {
        card_text(&c->st, top, card, sizeof card);
        printf(" (%s)", card);
    } else if (m->kind == RAMI_MOVE_DRAW_STOCK && is_human(c, seat)) {
        size_t na = get_hand(c->g, seat, after);
        card_text(&c->st, added_card(before, nb, after, na), card, sizeof card);
        printf(" (you drew %s)", card);
    }
    printf("\n");
    return RAMI_OK;
}

static int bot_turn(cli *c)
{
    int seat = rami_game_current_player(c->g);
    rami_bot_options bo;
    rami_move m;
    rami_bot_options_init(&bo, c->opt.bot_level == BOTS_NONE ? RAMI_BOT_GREEDY : c->opt.bot_level);
    /* The library varies the bots' randomness with the position; seeding
     * from the game makes a loaded game go on as the saved one would. */
    bo.seed = rami_game_seed(c->g);
    int st = rami_bot_choose(c->g, &bo, &m);
    if (st == RAMI_OK)
        st = play_and_print(c, seat, &m);
    if (st != RAMI_OK)
        fprintf(stderr, "rami-cli: bot of seat %d failed: %s\n", seat, rami_strerror(st));
    return st;
}

/* Replaces hand positions ("meld 1 2 3", "discard 5") by card names. The
 * number after "on" is a table meld and stays as it is. */
static int substitute_positions(const cli *c, int seat, const char *line, char *out, size_t cap)
{
    rami_card hand[RAMI_MAX_HAND];
    size_t n = get_hand(c->g, seat, hand);
    int used[RAMI_MAX_HAND + 1] = {0};
    char word[64], prev[64] = "";
    size_t len = 0;
    out[0] = '\0';
    while (next_word(&line, word, sizeof word)) {
        if (all_digits(word) && strcmp(prev, "on") != 0 && len > 0) {
            unsigned long pos = strtoul(word, NULL, 10);
            if (pos < 1 || pos > n) {
                printf("no card at position %s: the hand holds %zu cards\n", word, n);
                return -1;
            }
            if (used[pos]++) {
                printf("position %lu is named twice\n", pos);
                return -1;
            }
            rami_card_format(hand[pos - 1], word, sizeof word);
        }
        len += (size_t)snprintf(out + len, cap > len ? cap - len : 0, "%s%s", len ? " " : "", word);
        snprintf(prev, sizeof prev, "%s", word);
        for (char *p = prev; *p; p++)
            *p = (char)tolower((unsigned char)*p);
    }
    return len < cap ? 0 : -1;
}

/* The CLI's words for a command line it cannot read as a move (after hand
 * positions became card names): 1 and a message, or 0 if the line has the
 * shape of a move. Only the shape: whether the move is legal is always
 * rami_game_check's to say. */
static int explain_syntax(const char *text, char *msg, size_t cap)
{
    char words[RAMI_MAX_MELD + 8][16], verb[16];
    size_t n = 0;
    const char *p = text;
    next_word(&p, verb, sizeof verb);
    lower(verb);
    while (n < sizeof words / sizeof words[0] && next_word(&p, words[n], sizeof words[n]))
        n++;
    size_t cards = n;
    if (strcmp(verb, "draw") == 0 || strcmp(verb, "take") == 0) {
        if (n > 0)
            snprintf(msg, cap, "%s takes no card: it %s", verb,
                     verb[0] == 'd' ? "draws the top card of the stock"
                                    : "takes the top card of the discard pile");
        return n > 0;
    }
    if (strcmp(verb, "lay") == 0 || strcmp(verb, "swap") == 0) {
        int side_ok = verb[0] == 'l' && n == 4 &&
                      (same_word(words[3], "low") == 0 || same_word(words[3], "high") == 0);
        if ((n != 3 && !side_ok) || same_word(words[1], "on") != 0 || !all_digits(words[2])) {
            snprintf(msg, cap, "%s needs: %s CARD on N (N: a table meld as numbered)", verb, verb);
            return 1;
        }
        if (strtoul(words[2], NULL, 10) == 0) {
            snprintf(msg, cap, "table melds are numbered from 1");
            return 1;
        }
        cards = 1;
    }
    if (strcmp(verb, "meld") == 0 && n > 0 &&
        (same_word(words[n - 1], "low") == 0 || same_word(words[n - 1], "high") == 0))
        cards = n - 1;
    for (size_t i = 0; i < cards; i++) {
        rami_card card;
        if (rami_card_parse(words[i], &card) != RAMI_OK) {
            snprintf(msg, cap,
                     "\"%.15s\" is not a card (ranks A 2-10 J Q K, suits C D H S, JK for a joker, "
                     "or a position in your hand)",
                     words[i]);
            return 1;
        }
    }
    if (strcmp(verb, "discard") == 0 && n != 1) {
        snprintf(msg, cap,
                 n == 0 ? "discard needs a card: discard KH, or its position: discard 5"
                        : "discard takes one card");
        return 1;
    }
    if (strcmp(verb, "meld") == 0 && (cards < 3 || cards > RAMI_MAX_MELD)) {
        snprintf(msg, cap,
                 cards < 3 ? "a meld needs at least 3 cards" : "a meld holds at most %d cards",
                 RAMI_MAX_MELD);
        return 1;
    }
    return 0;
}

static int cmd_move(cli *c, int seat, const char *args, const char *line)
{
    (void)args;
    char text[LINE_CAP], why[WHY_CAP];
    rami_move m;
    if (substitute_positions(c, seat, line, text, sizeof text) != 0)
        return CMD_CONTINUE;
    if (explain_syntax(text, why, sizeof why)) {
        printf("%s\n", why);
        return CMD_CONTINUE;
    }
    if (rami_move_parse(text, &m) != RAMI_OK) {
        printf("cannot read \"%s\" as a move (type help)\n", text);
        return CMD_CONTINUE;
    }
    int st = rami_game_check(c->g, seat, &m, why, sizeof why);
    if (st != RAMI_OK) {
        printf("illegal: %s [%s]\n", why, status_name(st));
        return CMD_CONTINUE;
    }
    if (play_and_print(c, seat, &m) != RAMI_OK)
        return CMD_FAIL;
    c->show = 1;
    return CMD_CONTINUE;
}

/* ------------------------------------------------------------------------ */
/* Other commands                                                            */
/* ------------------------------------------------------------------------ */

static int cmd_undo(cli *c, int seat, const char *args, const char *line)
{
    (void)args, (void)line;
    int st = rami_game_undo(c->g, seat);
    if (st != RAMI_OK) {
        printf("cannot undo: %s [%s]\n", rami_strerror(st), status_name(st));
        return CMD_CONTINUE;
    }
    printf("seat %d: took the last play back\n", seat);
    c->show = 1;
    return CMD_CONTINUE;
}

static int cmd_hint(cli *c, int seat, const char *args, const char *line)
{
    (void)seat, (void)args, (void)line;
    rami_move m;
    char text[80], why[WHY_CAP];
    int st = rami_game_hint(c->g, &m, why, sizeof why);
    if (st != RAMI_OK || rami_move_format(&m, text, sizeof text) != RAMI_OK) {
        printf("no hint: %s\n", rami_strerror(st));
        return CMD_CONTINUE;
    }
    printf("hint: %s\n  because %s\n", text, why);
    return CMD_CONTINUE;
}

static int cmd_moves(cli *c, int seat, const char *args, const char *line)
{
    (void)seat, (void)args, (void)line;
    size_t n = 0;
    rami_move *list = malloc(RAMI_MAX_MOVES * sizeof *list);
    if (list == NULL || rami_game_legal_moves(c->g, list, RAMI_MAX_MOVES, &n) != RAMI_OK) {
        free(list);
        printf("cannot list the moves\n");
        return CMD_CONTINUE;
    }
    printf("%zu legal move%s:\n", n, plural(n));
    for (size_t i = 0; i < n; i++) {
        char text[80];
        if (rami_move_format(&list[i], text, sizeof text) == RAMI_OK)
            printf("  %s\n", text);
    }
    free(list);
    return CMD_CONTINUE;
}

/* One event of rami_game_history as a line: a move in notation (with the
 * card drawn or taken when the viewer may see it), or what happened
 * between moves. */
static void print_event(const cli *c, const rami_event *e)
{
    char text[RAMI_MAX_MELD * (CARD_CAP + 4) + 32], card[CARD_CAP];
    if (e->kind == RAMI_EVENT_RESTOCK) {
        printf("  turn %" PRIu32 ": the discard pile becomes the stock (%u cards)\n", e->turn,
               e->points);
        return;
    }
    if (e->kind == RAMI_EVENT_OPENED) {
        printf("  turn %" PRIu32 ": seat %u has opened (%u points)\n", e->turn, e->seat, e->points);
        return;
    }
    if (e->kind == RAMI_EVENT_ROUND_END) {
        printf("  turn %" PRIu32 ": the round is over\n", e->turn);
        return;
    }
    rami_move m;
    memset(&m, 0, sizeof m);
    m.kind = e->kind;
    /* A meld's event names the new table meld; the move itself has none. */
    m.target = e->kind == RAMI_MOVE_LAYOFF || e->kind == RAMI_MOVE_SWAP ? e->target : 0;
    m.side = e->side;
    bool drawn = e->kind == RAMI_MOVE_DRAW_STOCK || e->kind == RAMI_MOVE_DRAW_DISCARD;
    m.count = drawn ? 0 : e->count;
    memcpy(m.cards, e->cards, m.count);
    if (rami_move_format(&m, text, sizeof text) != RAMI_OK)
        snprintf(text, sizeof text, "(move %u)", e->kind);
    printf("  turn %" PRIu32 ", seat %u: %s", e->turn, e->seat, text);
    if (drawn && e->count > 0) {
        card_text(&c->st, e->cards[0], card, sizeof card);
        printf(" (%s)", card);
    }
    printf("\n");
}

/* The round so far as this seat may know it (rami_game_history: another
 * seat's draw from the stock shows no card). */
static int cmd_history(cli *c, int seat, const char *args, const char *line)
{
    (void)args, (void)line;
    size_t n = 0;
    int st = rami_game_history(c->g, seat, NULL, 0, &n);
    rami_event *events =
        st == RAMI_OK || st == RAMI_E_BUFFER ? malloc((n + 1) * sizeof *events) : NULL;
    if (events == NULL || rami_game_history(c->g, seat, events, n, &n) != RAMI_OK) {
        printf("cannot read the history of the round\n");
        free(events);
        return CMD_CONTINUE;
    }
    printf("The round so far, as seat %d knows it (%zu event%s):\n", seat, n, plural(n));
    for (size_t i = 0; i < n; i++)
        print_event(c, &events[i]);
    free(events);
    return CMD_CONTINUE;
}

static int cmd_show(cli *c, int seat, const char *args, const char *line)
{
    (void)seat, (void)args, (void)line;
    c->show = 1;
    return CMD_CONTINUE;
}

static int write_file(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        return -1;
    int ok = fwrite(data, 1, len, f) == len;
    return fclose(f) == 0 && ok ? 0 : -1;
}

/* Saves the game to path; 0, or -1 with the reason printed. */
static int save_game(const cli *c, const char *path)
{
    size_t len = 0;
    if (*path == '\0') {
        printf("usage: save FILE\n");
        return -1;
    }
    rami_game_save(c->g, NULL, 0, &len); /* the size */
    char *buf = malloc(len + 1);
    if (buf == NULL || rami_game_save(c->g, buf, len + 1, &len) != RAMI_OK) {
        free(buf);
        printf("cannot save the game\n");
        return -1;
    }
    int r = write_file(path, buf, len);
    if (r != 0)
        printf("cannot write %s: %s\n", path, strerror(errno));
    else
        printf("saved to %s\n", path);
    free(buf);
    return r;
}

static int cmd_save(cli *c, int seat, const char *args, const char *line)
{
    (void)seat, (void)line;
    save_game(c, args);
    return CMD_CONTINUE;
}

/* Reads a whole file; NULL on error with errno set (EISDIR for a
 * directory, EFBIG for a file too large to be a record). */
static char *read_file(const char *path, size_t *len)
{
    struct stat sb;
    if (stat(path, &sb) != 0)
        return NULL;
    if (S_ISDIR(sb.st_mode)) {
        errno = EISDIR;
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char *buf = malloc(MAX_RECORD);
    size_t n = buf ? fread(buf, 1, MAX_RECORD, f) : 0;
    int err = buf == NULL ? ENOMEM : ferror(f) ? EIO : n == MAX_RECORD ? EFBIG : 0;
    fclose(f);
    if (err) {
        free(buf);
        errno = err;
        return NULL;
    }
    *len = n;
    return buf;
}

/* Loads a saved game; NULL with the reason printed on out (prefix: "" or
 * the program's name). */
static rami_game *load_game(const char *path, FILE *out, const char *prefix)
{
    size_t len = 0;
    rami_game *g = NULL;
    char *text = read_file(path, &len);
    if (text == NULL) {
        fprintf(out, "%scannot read %s: %s\n", prefix, path, strerror(errno));
        return NULL;
    }
    int st = rami_game_load(text, len, &g);
    if (st != RAMI_OK) {
        fprintf(out, "%scannot load %s: %s [%s]\n", prefix, path, rami_strerror(st),
                status_name(st));
        explain_record(out, text, len);
    }
    free(text);
    return g;
}

static int cmd_load(cli *c, int seat, const char *args, const char *line)
{
    (void)seat, (void)line;
    if (*args == '\0') {
        printf("usage: load FILE\n");
        return CMD_CONTINUE;
    }
    rami_game *g = load_game(args, stdout, "");
    if (g == NULL)
        return CMD_CONTINUE;
    rami_game_free(c->g);
    c->g = g;
    c->seated = -1;
    printf("loaded %s: round %d, %d players\n", args, rami_game_round(g), player_count(c));
    c->show = 1;
    return CMD_CONTINUE;
}

/* While a round is in progress, quitting asks first and offers to save. */
static int cmd_quit(cli *c, int seat, const char *args, const char *line)
{
    (void)seat, (void)args, (void)line;
    char reply[LINE_CAP], word[16];
    if (rami_game_phase(c->g) >= RAMI_PHASE_ROUND_OVER)
        return CMD_QUIT;
    printf("Round %d is in progress and will be lost.\n", rami_game_round(c->g));
    if (!ask(c, "Quit? (yes | no | save FILE, then quit) ", reply, sizeof reply))
        return CMD_QUIT;
    const char *rest = reply;
    next_word(&rest, word, sizeof word);
    lower(word);
    if (strcmp(word, "yes") == 0 || strcmp(word, "y") == 0)
        return CMD_QUIT;
    if (strcmp(word, "save") == 0) {
        while (*rest == ' ' || *rest == '\t')
            rest++;
        return save_game(c, rest) == 0 ? CMD_QUIT : CMD_CONTINUE;
    }
    printf("not quitting: the game goes on\n");
    return CMD_CONTINUE;
}

static int cmd_help(cli *c, int seat, const char *args, const char *line);

typedef int (*command_fn)(cli *c, int seat, const char *args, const char *line);

/* A command is listed only when the ruleset has every bit of needs on;
 * usage_choice replaces usage when JOKER_CHOICE is on. */
static const struct command {
    const char *name;
    command_fn fn;
    uint32_t needs;
    const char *usage, *usage_choice;
    const char *help;
} commands[] = {
    {"draw", cmd_move, 0, "draw", NULL, "draw the top card of the stock"},
    {"take", cmd_move, 0, "take", NULL, "take the top card of the discard pile"},
    {"meld", cmd_move, 0, "meld 7S 8S 9S", "meld JK 8S 9S [low|high]",
     "lay a new meld (low/high: the place of a joker that fits both ends)"},
    {"lay", cmd_move, 0, "lay 9S on 2", "lay JK on 2 [low|high]", "add a card to table meld 2"},
    {"swap", cmd_move, RAMI_OPT_JOKER_SWAP, "swap 6S on 2", NULL,
     "give the card a joker of meld 2 stands for, take the joker"},
    {"discard", cmd_move, 0, "discard KH", NULL, "discard a card and end the turn"},
    {"undo", cmd_undo, 0, "undo", NULL, "take back the last meld, lay-off or swap of this turn"},
    {"hint", cmd_hint, 0, "hint", NULL, "suggest a move and say why"},
    {"moves", cmd_moves, 0, "moves", NULL, "list every legal move"},
    {"show", cmd_show, 0, "show", NULL, "show the position again"},
    {"history", cmd_history, 0, "history", NULL, "the moves of this round as you may know them"},
    {"save", cmd_save, 0, "save FILE", NULL, "save the game to FILE"},
    {"load", cmd_load, 0, "load FILE", NULL, "continue a game saved in FILE"},
    {"help", cmd_help, 0, "help", NULL, "this list"},
    {"quit", cmd_quit, 0, "quit", NULL, "leave (asks first while a round is in progress)"},
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

/* What the ruleset adds to a command's help. */
static const char *rule_note(const cli *c, const char *name)
{
    rami_ruleset rs = game_rules(c);
    if (strcmp(name, "take") == 0)
        return rs.options & RAMI_OPT_PICKUP_MUST_MELD ? " (it must be played this turn)"
               : rs.options & RAMI_OPT_KEEP_PICKUP    ? " (it may not be discarded this turn)"
                                                      : "";
    if (strcmp(name, "lay") == 0)
        return rs.options & RAMI_OPT_LAYOFF_OTHERS ? "" : " (your own melds: closed rami)";
    if (strcmp(name, "swap") == 0)
        return rs.options & RAMI_OPT_JOKER_REPLAY ? "; play it this turn" : "";
    return "";
}

static int cmd_help(cli *c, int seat, const char *args, const char *line)
{
    (void)seat, (void)args, (void)line;
    rami_ruleset rs = game_rules(c);
    int choice = (rs.options & RAMI_OPT_JOKER_CHOICE) != 0;
    printf("Commands:\n");
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        const struct command *k = &commands[i];
        if ((rs.options & k->needs) != k->needs)
            continue;
        const char *use = choice && k->usage_choice ? k->usage_choice : k->usage;
        const char *help = k->help;
        char shorter[96];
        if (strcmp(k->name, "meld") == 0 && !choice) { /* no low/high to explain */
            snprintf(shorter, sizeof shorter, "lay a new meld");
            help = shorter;
        }
        printf("  %-26s %s%s\n", use, help, rule_note(c, k->name));
    }
    printf("Cards: 7S 10H AH JK (suits C D H S), or positions in your hand: \"meld 1 2 3\",\n"
           "\"discard 5\". Table melds are numbered as shown (\"on 2\").\n");
    return CMD_CONTINUE;
}

static const struct command *find_command(const cli *c, const char *name)
{
    char low[16];
    snprintf(low, sizeof low, "%s", name);
    lower(low);
    const char *key = strcmp(low, "exit") == 0 ? "quit" : strcmp(low, "?") == 0 ? "help" : low;
    (void)c; /* a command the rules refuse is dispatched: the library says why */
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(commands[i].name, key) == 0)
            return &commands[i];
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* The human's turn                                                          */
/* ------------------------------------------------------------------------ */

/* Hot seat: before a hand is shown to another seat, the screen is cleared
 * and the next player takes the terminal. 0 at the end of input. */
static int hand_over(cli *c, int seat)
{
    char line[LINE_CAP], prompt[96];
    if (c->opt.bot_level != BOTS_NONE || c->opt.watch || c->seated == seat)
        return 1;
    if (c->screen)
        printf("\033[H\033[2J");
    printf("\n== seat %d's turn: pass the terminal to seat %d ==\n", seat, seat);
    snprintf(prompt, sizeof prompt, "seat %d, press Enter to see your hand: ", seat);
    if (!ask(c, prompt, line, sizeof line))
        return 0;
    c->seated = seat;
    c->show = 1;
    return 1;
}

static int human_step(cli *c)
{
    int seat = rami_game_current_player(c->g);
    char line[LINE_CAP], verb[16], prompt[32];
    if (!hand_over(c, seat))
        return CMD_QUIT;
    if (c->show) {
        print_position(c);
        c->show = 0;
    }
    snprintf(prompt, sizeof prompt, "seat %d> ", seat);
    if (!ask(c, prompt, line, sizeof line))
        return CMD_QUIT;
    const char *rest = line;
    if (!next_word(&rest, verb, sizeof verb))
        return CMD_CONTINUE;
    const struct command *cmd = find_command(c, verb);
    if (cmd == NULL) {
        printf("unknown command \"%s\" (type help)\n", verb);
        return CMD_CONTINUE;
    }
    while (*rest == ' ' || *rest == '\t')
        rest++;
    return cmd->fn(c, seat, rest, line);
}

/* ------------------------------------------------------------------------ */
/* The match                                                                 */
/* ------------------------------------------------------------------------ */

/* No end condition (no preset has one): rounds go on until the player
 * stops, asked between rounds. */
static int match_is_open(const cli *c)
{
    rami_ruleset rs = game_rules(c);
    return rs.match_rounds == 0 && rs.match_target == 0;
}

static int end_of_round(cli *c)
{
    char line[LINE_CAP], prompt[80];
    print_round_summary(c);
    if (rami_game_phase(c->g) == RAMI_PHASE_MATCH_OVER) {
        print_match_summary(c);
        return CMD_QUIT;
    }
    print_totals(c, "after");
    if (match_is_open(c)) {
        snprintf(prompt, sizeof prompt, "Enter: deal round %d, quit: end the match> ",
                 rami_game_round(c->g) + 1);
        char word[16];
        const char *rest = line;
        if (!ask(c, prompt, line, sizeof line) ||
            (next_word(&rest, word, sizeof word) && (lower(word), strcmp(word, "quit") == 0))) {
            print_match_summary(c);
            return CMD_QUIT;
        }
    }
    if (rami_game_next_round(c->g) != RAMI_OK)
        return CMD_FAIL;
    print_round_header(c);
    c->show = 1;
    return CMD_CONTINUE;
}

static int run(cli *c)
{
    print_round_header(c);
    c->show = 1;
    for (;;) {
        int r, in_round = rami_game_phase(c->g) < RAMI_PHASE_ROUND_OVER;
        if (!in_round)
            r = end_of_round(c);
        else if (is_human(c, rami_game_current_player(c->g)))
            r = human_step(c);
        else
            r = bot_turn(c) == RAMI_OK ? CMD_CONTINUE : CMD_FAIL;
        if (r == CMD_QUIT && in_round)
            print_totals(c, "when you left, in");
        if (r != CMD_CONTINUE)
            return r == CMD_QUIT ? EXIT_SUCCESS : EXIT_FAILURE;
    }
}

/* ------------------------------------------------------------------------ */
/* Command line                                                              */
/* ------------------------------------------------------------------------ */

static void usage(FILE *f)
{
    fprintf(f, "usage: rami-cli [options]\n"
               "Play Rami in the terminal: you are seat 0, the other seats are bots.\n"
               "\n"
               "  --bots LEVEL      0 random, 1 greedy, 2 strong (default), or none: hot seat,\n"
               "                    every seat is a person at this terminal (the screen is\n"
               "                    cleared between turns)\n"
               "  --seed N          seed of the deal (default: from the clock)\n"
               "  --rounds N        the match ends after N rounds (N >= 1)\n"
               "  --target N        the match ends when a total reaches N points\n"
               "                    (--match-rounds and --match-target are the same)\n"
               "                    Without either (no preset has a limit) the match goes\n"
               "                    on round after round until you quit; the totals are\n"
               "                    shown between rounds\n"
               "  --load FILE       continue a game saved with the save command\n"
               "  --watch           bots play every seat\n"
               "  --ascii           plain ASCII cards, no colours\n"
               "  --version         program and library versions\n"
               "  --help            this text\n"
               "\n");
    ruleset_args_usage(f, 1);
    fprintf(f, "\n"
               "Type help during the game for the commands. Exit status: 0 after the match\n"
               "or quit, 1 if a file given with --load cannot be loaded (the damaged line is\n"
               "named), 2 for bad options or rules the library refuses.\n");
}

static int parse_bots(const char *s, int *level)
{
    static const char *const names[] = {"random", "greedy", "strong"};
    unsigned long long v;
    if (strcmp(s, "none") == 0) {
        *level = BOTS_NONE;
        return 0;
    }
    for (int i = 0; i < 3; i++) {
        if (strcmp(s, names[i]) == 0) {
            *level = i;
            return 0;
        }
    }
    if (args_uint(s, RAMI_BOT_STRONG, &v) != 0)
        return -1;
    *level = (int)v;
    return 0;
}

/* --rounds and --target: the short names of --match-rounds/--match-target. */
static int take_alias(options *o, int argc, char **argv, int *i, char *err, size_t cap)
{
    static const char *const names[] = {"rounds", "target"};
    for (size_t k = 0; k < 2; k++) {
        size_t n = strlen(names[k]);
        const char *a = argv[*i];
        if (strncmp(a, "--", 2) != 0 || strncmp(a + 2, names[k], n) != 0 ||
            (a[2 + n] != '\0' && a[2 + n] != '='))
            continue;
        char full[64];
        snprintf(full, sizeof full, "--match-%.40s", a + 2);
        char *args[2] = {full, *i + 1 < argc ? argv[*i + 1] : NULL};
        int j = 0, r = ruleset_args_take(&o->rules, args[1] ? 2 : 1, args, &j, err, cap);
        const char *v = strchr(err, '\'');
        if (r < 0 && v != NULL) { /* the message names the option as typed */
            char msg[RULESET_WHY_CAP];
            snprintf(msg, sizeof msg, "bad value for --%s: %s", names[k], v);
            snprintf(err, cap, "%s", msg);
        }
        *i += j;
        return r;
    }
    return 0;
}

/* One option of rami-cli's own: 1 taken, 0 not one, -1 bad value. */
static int take_own(options *o, int argc, char **argv, int *i)
{
    const char *v;
    unsigned long long n;
    int r;
    if ((r = args_value(argc, argv, i, "bots", &v)) != 0)
        return r > 0 && parse_bots(v, &o->bot_level) == 0 ? 1 : -1;
    if ((r = args_value(argc, argv, i, "seed", &v)) != 0)
        return r > 0 && args_uint(v, UINT64_MAX, &n) == 0 ? (o->seed = n, 1) : -1;
    if ((r = args_value(argc, argv, i, "load", &v)) != 0)
        return r > 0 && *v != '\0' ? (o->load = v, 1) : -1;
    if (strcmp(argv[*i], "--watch") == 0)
        return o->watch = 1;
    if (strcmp(argv[*i], "--ascii") == 0)
        return o->ascii = 1;
    return 0;
}

enum { ARGS_PLAY, ARGS_HELP, ARGS_VERSION, ARGS_RULES, ARGS_BAD };

static int parse_args(int argc, char **argv, options *o)
{
    int show_rules = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        char err[RULESET_WHY_CAP] = "";
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0)
            return ARGS_HELP;
        if (strcmp(a, "--version") == 0)
            return ARGS_VERSION;
        if (strcmp(a, "--show-rules") == 0) {
            show_rules = 1;
            continue;
        }
        int r = take_own(o, argc, argv, &i);
        if (r == 0)
            r = take_alias(o, argc, argv, &i, err, sizeof err);
        if (r == 0)
            r = ruleset_args_take(&o->rules, argc, argv, &i, err, sizeof err);
        if (r > 0)
            continue;
        if (r < 0 && err[0] != '\0')
            fprintf(stderr, "rami-cli: %s (try --help)\n", err);
        else if (r < 0)
            fprintf(stderr, "rami-cli: bad value for %s (try --help)\n", a);
        else
            fprintf(stderr, "rami-cli: unknown argument '%s' (try --help)\n", a);
        return ARGS_BAD;
    }
    return show_rules ? ARGS_RULES : ARGS_PLAY;
}

static int make_game(const options *o, rami_game **out)
{
    rami_ruleset rs;
    char why[RULESET_WHY_CAP], changed[512];
    if (ruleset_args_build(&o->rules, &rs, why, sizeof why) != RAMI_OK) {
        fprintf(stderr, "rami-cli: the library refuses these rules: %s\n", why);
        return EXIT_USAGE;
    }
    int st = rami_game_new(&rs, o->seed, out);
    if (st != RAMI_OK) {
        fprintf(stderr, "rami-cli: %s\n", rami_strerror(st));
        return EXIT_FAILURE;
    }
    printf("%s, %u players (librami %s), seed %" PRIu64 ". Type help for the commands.\n",
           ruleset_preset_title(o->rules.preset), rs.players, rami_version(), o->seed);
    ruleset_args_diff(&rs, o->rules.preset, changed, sizeof changed);
    if (changed[0] != '\0')
        printf("Rules changed: %s\n", changed);
    if (rs.match_rounds == 0 && rs.match_target == 0)
        printf("The match goes on until you quit (--rounds N or --target N set an end).\n");
    return EXIT_SUCCESS;
}

static int start(cli *c)
{
    if (c->opt.load == NULL)
        return make_game(&c->opt, &c->g);
    c->g = load_game(c->opt.load, stderr, "rami-cli: ");
    if (c->g == NULL)
        return EXIT_FAILURE;
    printf("Loaded %s: round %d, %d players (librami %s). Type help for the commands.\n",
           c->opt.load, rami_game_round(c->g), player_count(c), rami_version());
    return EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
    cli c;
    rami_ruleset rs;
    char why[RULESET_WHY_CAP];
    memset(&c, 0, sizeof c);
    c.seated = -1;
    c.opt.bot_level = RAMI_BOT_STRONG;
    c.opt.seed = (uint64_t)time(NULL);
    ruleset_args_init(&c.opt.rules, RAMI_PRESET_51, 3, 1);
    switch (parse_args(argc, argv, &c.opt)) {
    case ARGS_HELP:
        usage(stdout);
        return EXIT_SUCCESS;
    case ARGS_VERSION:
        printf("rami-cli %s (librami %s)\n", RAMI_VERSION_STRING, rami_version());
        return EXIT_SUCCESS;
    case ARGS_RULES:
        if (ruleset_args_build(&c.opt.rules, &rs, why, sizeof why) != RAMI_OK) {
            fprintf(stderr, "rami-cli: the library refuses these rules: %s\n", why);
            return EXIT_USAGE;
        }
        ruleset_args_print(stdout, &rs, 1);
        return EXIT_SUCCESS;
    case ARGS_BAD:
        return EXIT_USAGE;
    default:
        break;
    }
    c.st = pick_style(c.opt.ascii);
    c.interactive = isatty(fileno(stdin));
    c.screen = isatty(fileno(stdout));
    int r = start(&c);
    if (r != EXIT_SUCCESS)
        return r;
    r = run(&c);
    rami_game_free(c.g);
    return r;
}
