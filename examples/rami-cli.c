/*
 * rami-cli - play Rami in a terminal against librami's bots.
 *
 * Seat 0 is the human (every seat with --bots none, no seat with --watch);
 * the other seats are bots. Commands are read line by line from stdin, so a
 * game can be scripted: `printf 'draw\ndiscard 1\n' | rami-cli --seed 7`.
 * Everything the rules decide (legality, reasons, scoring) comes from the
 * library; this file only reads commands and prints the position.
 */
#define _POSIX_C_SOURCE 200809L

#include <rami.h>

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef _WIN32
#include <io.h>
#define isatty _isatty
#define fileno _fileno
#else
#include <unistd.h>
#endif

#define EXIT_USAGE 2
#define LINE_CAP   1024
#define WHY_CAP    256
#define CARD_CAP   32 /* one card as shown, with colour codes */
#define BOTS_NONE  (-1)
#define MAX_RECORD (4u << 20) /* larger files are not records */

typedef struct options {
    int preset;
    unsigned players;
    int bot_level; /* rami_bot_level or BOTS_NONE (hot seat) */
    uint64_t seed;
    long rounds; /* -1: not given */
    long target; /* -1: not given */
    int watch;
    int ascii;
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
    int show;        /* print the position before the next prompt */
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

static int is_human(const cli *c, int seat)
{
    if (c->opt.watch)
        return 0;
    return c->opt.bot_level == BOTS_NONE || seat == 0;
}

static int player_count(const cli *c)
{
    rami_ruleset rs;
    return rami_game_ruleset(c->g, &rs) == RAMI_OK ? rs.players : 0;
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
    if (t != RAMI_NO_CARD)
        card_text(&c->st, t, top, sizeof top);
    printf("Discard: %s (%zu in the pile)   Stock: %zu\n", top, rami_game_discard_count(c->g),
           rami_game_stock_count(c->g));
}

static void print_seats(const cli *c)
{
    int32_t totals[RAMI_MAX_PLAYERS];
    rami_game_scores(c->g, totals, RAMI_MAX_PLAYERS);
    for (int s = 0; s < player_count(c); s++) {
        rami_card hand[RAMI_MAX_HAND];
        size_t n = get_hand(c->g, s, hand);
        printf("  seat %d%-6s %2zu cards  %-10s total %" PRId32 "%s\n", s, seat_role(c, s), n,
               rami_game_has_opened(c->g, s) == 1 ? "opened" : "not opened", totals[s],
               s == rami_game_current_player(c->g) ? "  <- to play" : "");
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
           drawing ? "draw (draw | take)" : "play (meld | lay | swap | discard)");
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
    printf("%s:", what);
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
    print_winners("Round winner(s)", rr.winners, player_count(c));
}

/* The match winners: the library's when the match is over, else (a match
 * with no end condition stopped by the program) the lowest totals. */
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
    rami_game_scores(c->g, totals, RAMI_MAX_PLAYERS);
    printf("\n== match over after %d round(s) ==\n", rami_game_round(c->g));
    for (int s = 0; s < player_count(c); s++)
        printf("  seat %d%-6s total %5" PRId32 "\n", s, seat_role(c, s), totals[s]);
    print_winners("Match winner(s)", match_winners(c), player_count(c));
}

static void print_round_header(const cli *c)
{
    printf("\n== round %d: %d players, dealer seat %d, seat %d starts ==\n", rami_game_round(c->g),
           player_count(c), rami_game_dealer(c->g), rami_game_current_player(c->g));
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

static int cmd_move(cli *c, int seat, const char *args, const char *line)
{
    (void)args;
    char text[LINE_CAP], why[WHY_CAP];
    rami_move m;
    if (substitute_positions(c, seat, line, text, sizeof text) != 0)
        return CMD_CONTINUE;
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
    printf("%zu legal moves:\n", n);
    for (size_t i = 0; i < n; i++) {
        char text[80];
        if (rami_move_format(&list[i], text, sizeof text) == RAMI_OK)
            printf("  %s\n", text);
    }
    free(list);
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

static int cmd_save(cli *c, int seat, const char *args, const char *line)
{
    (void)seat, (void)line;
    size_t len = 0;
    if (*args == '\0') {
        printf("usage: save FILE\n");
        return CMD_CONTINUE;
    }
    rami_game_save(c->g, NULL, 0, &len); /* the size */
    char *buf = malloc(len + 1);
    if (buf == NULL || rami_game_save(c->g, buf, len + 1, &len) != RAMI_OK) {
        free(buf);
        printf("cannot save the game\n");
        return CMD_CONTINUE;
    }
    if (write_file(args, buf, len) != 0)
        printf("cannot write %s: %s\n", args, strerror(errno));
    else
        printf("saved to %s\n", args);
    free(buf);
    return CMD_CONTINUE;
}

/* Reads a whole file; NULL on error (errno set) or when it is too large. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char *buf = malloc(MAX_RECORD);
    size_t n = buf ? fread(buf, 1, MAX_RECORD, f) : 0;
    int bad = buf == NULL || ferror(f) || n == MAX_RECORD;
    fclose(f);
    if (bad) {
        free(buf);
        errno = EFBIG;
        return NULL;
    }
    *len = n;
    return buf;
}

static int cmd_load(cli *c, int seat, const char *args, const char *line)
{
    (void)seat, (void)line;
    size_t len = 0;
    rami_game *g = NULL;
    if (*args == '\0') {
        printf("usage: load FILE\n");
        return CMD_CONTINUE;
    }
    char *text = read_file(args, &len);
    if (text == NULL) {
        printf("cannot read %s: %s\n", args, strerror(errno));
        return CMD_CONTINUE;
    }
    int st = rami_game_load(text, len, &g);
    free(text);
    if (st != RAMI_OK) {
        printf("cannot load %s: %s [%s]\n", args, rami_strerror(st), status_name(st));
        return CMD_CONTINUE;
    }
    rami_game_free(c->g);
    c->g = g;
    printf("loaded %s: round %d, %d players\n", args, rami_game_round(g), player_count(c));
    c->show = 1;
    return CMD_CONTINUE;
}

static int cmd_quit(cli *c, int seat, const char *args, const char *line)
{
    (void)c, (void)seat, (void)args, (void)line;
    return CMD_QUIT;
}

static int cmd_help(cli *c, int seat, const char *args, const char *line);

typedef int (*command_fn)(cli *c, int seat, const char *args, const char *line);

static const struct command {
    const char *name;
    command_fn fn;
    const char *usage;
    const char *help;
} commands[] = {
    {"draw", cmd_move, "draw", "draw the top card of the stock"},
    {"take", cmd_move, "take", "take the top card of the discard pile"},
    {"meld", cmd_move, "meld 7S 8S 9S [low|high]", "lay a new meld (low/high: the joker's place)"},
    {"lay", cmd_move, "lay 9S on 2 [low|high]", "add a card to table meld 2"},
    {"swap", cmd_move, "swap 6S on 2",
     "give the card a joker of meld 2 stands for, take the joker"},
    {"discard", cmd_move, "discard KH", "discard a card and end the turn"},
    {"undo", cmd_undo, "undo", "take back the last meld, lay-off or swap of this turn"},
    {"hint", cmd_hint, "hint", "suggest a move and say why"},
    {"moves", cmd_moves, "moves", "list every legal move"},
    {"show", cmd_show, "show", "show the position again"},
    {"save", cmd_save, "save FILE", "save the game to FILE"},
    {"load", cmd_load, "load FILE", "continue a game saved in FILE"},
    {"help", cmd_help, "help", "this list"},
    {"quit", cmd_quit, "quit", "leave the game"},
};

#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static int cmd_help(cli *c, int seat, const char *args, const char *line)
{
    (void)c, (void)seat, (void)args, (void)line;
    printf("Commands:\n");
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        printf("  %-26s %s\n", commands[i].usage, commands[i].help);
    printf("Cards: 7S 10H AH JK (suits C D H S), or positions in your hand: \"meld 1 2 3\",\n"
           "\"discard 5\". Table melds are numbered as shown (\"on 2\").\n");
    return CMD_CONTINUE;
}

static const struct command *find_command(const char *name)
{
    char low[16];
    size_t n = 0;
    for (; name[n] != '\0' && n + 1 < sizeof low; n++)
        low[n] = (char)tolower((unsigned char)name[n]);
    low[n] = '\0';
    const char *key = strcmp(low, "exit") == 0 ? "quit" : strcmp(low, "?") == 0 ? "help" : low;
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(commands[i].name, key) == 0)
            return &commands[i];
    return NULL;
}

/* ------------------------------------------------------------------------ */
/* The human's turn                                                          */
/* ------------------------------------------------------------------------ */

/* Reads one command line; 0 at the end of input. Without a terminal the
 * line is echoed after the prompt, so that the output reads as a transcript. */
static int read_command(const cli *c, int seat, char *line, size_t cap)
{
    printf("seat %d> ", seat);
    fflush(stdout);
    if (fgets(line, (int)cap, stdin) == NULL) {
        printf("\n(end of input)\n");
        return 0;
    }
    if (strchr(line, '\n') == NULL) {
        int ch;
        while ((ch = getchar()) != EOF && ch != '\n')
            ; /* drop the rest of an overlong line */
    }
    trim(line);
    if (!c->interactive)
        printf("%s\n", line);
    return 1;
}

static int human_step(cli *c)
{
    int seat = rami_game_current_player(c->g);
    char line[LINE_CAP], verb[16];
    if (c->show) {
        print_position(c);
        c->show = 0;
    }
    if (!read_command(c, seat, line, sizeof line))
        return CMD_QUIT;
    const char *rest = line;
    if (!next_word(&rest, verb, sizeof verb))
        return CMD_CONTINUE;
    const struct command *cmd = find_command(verb);
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

/* A loaded record may have no end condition: the program stops after the
 * round rather than dealing forever. */
static int match_continues(const cli *c)
{
    rami_ruleset rs;
    if (rami_game_ruleset(c->g, &rs) != RAMI_OK)
        return 0;
    return rs.match_rounds != 0 || rs.match_target != 0;
}

static int end_of_round(cli *c)
{
    print_round_summary(c);
    if (rami_game_phase(c->g) == RAMI_PHASE_MATCH_OVER || !match_continues(c)) {
        print_match_summary(c);
        return CMD_QUIT;
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
        int r;
        if (rami_game_phase(c->g) >= RAMI_PHASE_ROUND_OVER)
            r = end_of_round(c);
        else if (is_human(c, rami_game_current_player(c->g)))
            r = human_step(c);
        else
            r = bot_turn(c) == RAMI_OK ? CMD_CONTINUE : CMD_FAIL;
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
               "  --preset P     51 (default), 40, 51-house, 40-house or finnish\n"
               "  --players N    2..6 players (default 3)\n"
               "  --bots LEVEL   0 random, 1 greedy, 2 strong (default), none: hot seat\n"
               "  --seed N       seed of the deal (default: from the clock)\n"
               "  --rounds N     the match ends after N rounds\n"
               "  --target N     the match ends when a total reaches N\n"
               "                 (neither given: one round)\n"
               "  --watch        bots play every seat\n"
               "  --ascii        plain ASCII cards, no colours\n"
               "  --help         this text\n"
               "\n"
               "Type help during the game for the commands.\n");
}

static int parse_uint(const char *s, unsigned long long max, unsigned long long *out)
{
    if (!all_digits(s))
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, NULL, 10);
    if (errno != 0 || v > max)
        return -1;
    *out = v;
    return 0;
}

static const struct preset_name {
    const char *name;
    int preset;
} preset_names[] = {{"51", RAMI_PRESET_51},
                    {"40", RAMI_PRESET_40},
                    {"51-house", RAMI_PRESET_51_HOUSE},
                    {"40-house", RAMI_PRESET_40_HOUSE},
                    {"finnish", RAMI_PRESET_FINNISH}};

#define PRESET_COUNT (sizeof preset_names / sizeof preset_names[0])

static int parse_preset(const char *s, int *preset)
{
    for (size_t i = 0; i < PRESET_COUNT; i++) {
        if (strcmp(s, preset_names[i].name) == 0) {
            *preset = preset_names[i].preset;
            return 0;
        }
    }
    return -1;
}

static const char *preset_name(int preset)
{
    for (size_t i = 0; i < PRESET_COUNT; i++)
        if (preset_names[i].preset == preset)
            return preset_names[i].name;
    return "?";
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
    if (parse_uint(s, RAMI_BOT_STRONG, &v) != 0)
        return -1;
    *level = (int)v;
    return 0;
}

/* Applies one option that takes a value; -1 if the value is bad. */
static int set_option(options *o, const char *name, const char *value)
{
    unsigned long long v = 0;
    if (strcmp(name, "preset") == 0)
        return parse_preset(value, &o->preset);
    if (strcmp(name, "bots") == 0)
        return parse_bots(value, &o->bot_level);
    if (strcmp(name, "seed") == 0) {
        int r = parse_uint(value, UINT64_MAX, &v);
        o->seed = v;
        return r;
    }
    if (parse_uint(value, UINT16_MAX, &v) != 0)
        return -1;
    if (strcmp(name, "players") == 0 && v >= 2 && v <= RAMI_MAX_PLAYERS)
        o->players = (unsigned)v;
    else if (strcmp(name, "rounds") == 0)
        o->rounds = (long)v;
    else if (strcmp(name, "target") == 0)
        o->target = (long)v;
    else
        return -1;
    return 0;
}

static int takes_value(const char *name)
{
    static const char *const with_value[] = {"preset", "players", "bots",
                                             "seed",   "rounds",  "target"};
    for (size_t i = 0; i < sizeof with_value / sizeof with_value[0]; i++)
        if (strcmp(name, with_value[i]) == 0)
            return 1;
    return 0;
}

/* 0: play; 1: --help was given; -1: bad usage (message printed). */
static int parse_args(int argc, char **argv, options *o)
{
    for (int i = 1; i < argc; i++) {
        char name[32];
        const char *arg = argv[i], *value = NULL, *eq = strchr(arg, '=');
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0)
            return 1;
        size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
        if (strncmp(arg, "--", 2) != 0 || n - 2 >= sizeof name) {
            fprintf(stderr, "rami-cli: unknown argument '%s' (try --help)\n", arg);
            return -1;
        }
        memcpy(name, arg + 2, n - 2);
        name[n - 2] = '\0';
        if (strcmp(name, "watch") == 0 && !eq) {
            o->watch = 1;
        } else if (strcmp(name, "ascii") == 0 && !eq) {
            o->ascii = 1;
        } else if (!takes_value(name)) {
            fprintf(stderr, "rami-cli: unknown option '%s' (try --help)\n", arg);
            return -1;
        } else {
            value = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
            if (value == NULL || set_option(o, name, value) != 0) {
                fprintf(stderr, "rami-cli: bad value for --%s: '%s' (try --help)\n", name,
                        value ? value : "");
                return -1;
            }
        }
    }
    return 0;
}

static int make_game(const options *o, rami_game **out)
{
    rami_ruleset rs;
    char why[WHY_CAP];
    if (rami_ruleset_init(&rs, o->preset, o->players) != RAMI_OK)
        return EXIT_USAGE;
    rs.match_rounds = o->rounds > 0 ? (uint16_t)o->rounds : 0;
    rs.match_target = o->target > 0 ? (uint16_t)o->target : 0;
    if (o->rounds < 0 && o->target < 0)
        rs.match_rounds = 1;
    if (rami_ruleset_check(&rs, why, sizeof why) != RAMI_OK) {
        fprintf(stderr, "rami-cli: %s\n", why);
        return EXIT_USAGE;
    }
    int st = rami_game_new(&rs, o->seed, out);
    if (st != RAMI_OK) {
        fprintf(stderr, "rami-cli: %s\n", rami_strerror(st));
        return EXIT_FAILURE;
    }
    return EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
    cli c;
    memset(&c, 0, sizeof c);
    c.opt = (options){RAMI_PRESET_51, 3, RAMI_BOT_STRONG, (uint64_t)time(NULL), -1, -1, 0, 0};
    int r = parse_args(argc, argv, &c.opt);
    if (r != 0) {
        if (r > 0)
            usage(stdout);
        return r > 0 ? EXIT_SUCCESS : EXIT_USAGE;
    }
    r = make_game(&c.opt, &c.g);
    if (r != EXIT_SUCCESS)
        return r;
    c.st = pick_style(c.opt.ascii);
    c.interactive = isatty(fileno(stdin));
    printf("Rami %s (librami %s), seed %" PRIu64 ". Type help for the commands.\n",
           preset_name(c.opt.preset), rami_version(), c.opt.seed);
    r = run(&c);
    rami_game_free(c.g);
    return r;
}
