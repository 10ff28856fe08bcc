/*
 * ruleset-args - the shared ruleset options of rami-cli and rami-sim (see
 * ruleset-args.h). The table below is the only list of them.
 */
#include "ruleset-args.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum row_kind { ROW_FIELD, ROW_BIT, ROW_SHORTCUT };

typedef struct row {
    const char *name;
    int kind;         /* row_kind */
    size_t offset;    /* ROW_FIELD: the member of rami_ruleset ... */
    size_t size;      /* ... and its size in bytes (1, 2 or 4) */
    uint32_t bit;     /* ROW_BIT: the RAMI_OPT_* bit */
    const char *word; /* ROW_FIELD: a word accepted for word_value ... */
    uint32_t word_value;
    const char *target; /* ROW_SHORTCUT: the row it sets ... */
    uint32_t fixed;     /* ... to this value */
    int match;          /* a match field: only where match_rows is set */
    uint32_t min;       /* ROW_FIELD: the least value the option takes */
    const char *help;
} row;

#define MEMBER_SIZE(m) sizeof(((rami_ruleset *)0)->m)
#define FIELD(m, n, h)                                                                             \
    {                                                                                              \
        .name = n, .kind = ROW_FIELD, .offset = offsetof(rami_ruleset, m), .size = MEMBER_SIZE(m), \
        .help = h                                                                                  \
    }
#define FIELD_WORD(m, n, w, v, h)                                                                  \
    {                                                                                              \
        .name = n, .kind = ROW_FIELD, .offset = offsetof(rami_ruleset, m), .size = MEMBER_SIZE(m), \
        .word = w, .word_value = v, .help = h                                                      \
    }
#define MATCH_FIELD(m, n, h)                                                                       \
    {                                                                                              \
        .name = n, .kind = ROW_FIELD, .offset = offsetof(rami_ruleset, m), .size = MEMBER_SIZE(m), \
        .match = 1, .min = 1, .help = h                                                            \
    }
#define BIT(b, n, h)                                                                               \
    {                                                                                              \
        .name = n, .kind = ROW_BIT, .bit = b, .help = h                                            \
    }
#define MATCH_BIT(b, n, h)                                                                         \
    {                                                                                              \
        .name = n, .kind = ROW_BIT, .bit = b, .match = 1, .help = h                                \
    }
#define SHORTCUT(n, t, v, h)                                                                       \
    {                                                                                              \
        .name = n, .kind = ROW_SHORTCUT, .target = t, .fixed = v, .help = h                        \
    }

/* One row per choice. Issue 11's new fields and option bits go here. */
static const row rows[] = {
    SHORTCUT("closed", "layoff-others", 0, "closed rami: same as --no-layoff-others"),
    SHORTCUT("strict", "go-out-by-meld", 0, "strict rami: same as --no-go-out-by-meld"),
    SHORTCUT("quick", "opening-points", 15, "quick rami: same as --opening-points 15"),
    FIELD(decks, "decks", "standard 52-card decks in the pack"),
    FIELD(jokers, "jokers", "jokers in the pack"),
    FIELD(hand_size, "hand-size", "cards dealt to each player"),
    FIELD(opening_points, "opening-points",
          "least value of a player's first lay-down (0: the first meld opens)"),
    FIELD(jokers_per_meld, "jokers-per-meld", "most jokers in one meld"),
    FIELD_WORD(max_restocks, "max-restocks", "unlimited", RAMI_UNLIMITED_RESTOCKS,
               "times a round's discard pile may become the stock (unlimited = 255)"),
    FIELD(max_turns, "max-turns", "the round ends after this many turns (0: no limit)"),
    FIELD(joker_penalty, "joker-penalty", "points for a joker left in hand"),
    FIELD(ace_penalty, "ace-penalty", "points for an ace left in hand"),
    MATCH_FIELD(match_rounds, "match-rounds", "the match ends after this many rounds"),
    MATCH_FIELD(match_target, "match-target", "the match ends when a total reaches this"),
    FIELD(unopened_penalty, "unopened-penalty",
          "points of a player who has not opened when another goes out (0: the hand's value)"),
    BIT(RAMI_OPT_LAYOFF_OTHERS, "layoff-others",
        "lay off on other players' melds and take their jokers (off: closed rami)"),
    BIT(RAMI_OPT_GO_OUT_BY_MELD, "go-out-by-meld",
        "go out by melding the last cards (off: strict rami, end with a discard)"),
    BIT(RAMI_OPT_KEEP_PICKUP, "keep-pickup",
        "the card taken from the discard pile may not be discarded that turn"),
    BIT(RAMI_OPT_PICKUP_MUST_MELD, "pickup-must-meld",
        "the card taken from the discard pile must be played that turn"),
    BIT(RAMI_OPT_JOKER_SWAP, "joker-swap",
        "an opened player may take a table joker by giving the card it stands for"),
    BIT(RAMI_OPT_JOKER_REPLAY, "joker-replay", "a joker taken back must be played the same turn"),
    BIT(RAMI_OPT_OPEN_PURE_RUN, "open-pure-run", "the opening must hold a run without a joker"),
    BIT(RAMI_OPT_JOKER_CHOICE, "joker-choice",
        "the player chooses the place (low/high) of a joker that fits both ends of a run"),
    BIT(RAMI_OPT_OPEN_TURN_LAYOFF, "open-turn-layoff",
        "lay-offs and joker swaps are allowed in the turn of the opening"),
    BIT(RAMI_OPT_NO_JOKER_DISCARD, "no-joker-discard",
        "a joker may not be discarded while another card is held"),
    BIT(RAMI_OPT_NO_JOKER_OUT, "no-joker-out", "the last card may not be a discarded joker"),
    BIT(RAMI_OPT_ONE_GO_DOUBLE, "one-go-double",
        "going out in the turn of one's opening doubles the others' points"),
    MATCH_BIT(RAMI_OPT_ELIMINATION, "elimination",
              "a player whose total reaches --match-target leaves the match; the last one wins"),
    BIT(RAMI_OPT_LOW_HAND_ZERO, "low-hand-zero",
        "at stock-out or the turn limit the lowest hands score 0"),
    BIT(RAMI_OPT_SET_SWAP_ANY, "set-swap-any",
        "a set's joker is taken back with any missing suit (Finnish; off: 3 naturals first)"),
};

#define ROW_COUNT (sizeof rows / sizeof rows[0])

static const struct preset_row {
    const char *name, *title, *help;
    int preset;
} presets[] = {
    {"51", "Rami 51", "reference rules, opening 51, 2 decks + 4 jokers", RAMI_PRESET_51},
    {"40", "Rami 40", "reference rules, opening 40", RAMI_PRESET_40},
    {"51-house", "Rami 51 (house pack)", "Rami 51 with 2 decks + 2 jokers", RAMI_PRESET_51_HOUSE},
    {"40-house", "Rami 40 (house pack)", "Rami 40 with 2 decks + 2 jokers", RAMI_PRESET_40_HOUSE},
    {"finnish", "Finnish rami", "1 deck + 2 jokers, 10/7/6 cards, opening 30", RAMI_PRESET_FINNISH},
};

#define PRESET_COUNT (sizeof presets / sizeof presets[0])

/* ---- values in a ruleset ---- */

static uint32_t field_get(const rami_ruleset *rs, const row *r)
{
    const unsigned char *p = (const unsigned char *)rs + r->offset;
    uint8_t v8;
    uint16_t v16;
    uint32_t v32;
    switch (r->size) {
    case 1:
        memcpy(&v8, p, 1);
        return v8;
    case 2:
        memcpy(&v16, p, 2);
        return v16;
    default:
        memcpy(&v32, p, 4);
        return v32;
    }
}

static void field_set(rami_ruleset *rs, const row *r, uint32_t v)
{
    unsigned char *p = (unsigned char *)rs + r->offset;
    uint8_t v8 = (uint8_t)v;
    uint16_t v16 = (uint16_t)v;
    if (r->size == 1)
        memcpy(p, &v8, 1);
    else if (r->size == 2)
        memcpy(p, &v16, 2);
    else
        memcpy(p, &v, 4);
}

static uint32_t field_max(const row *r)
{
    return r->size == 1 ? UINT8_MAX : r->size == 2 ? UINT16_MAX : UINT32_MAX;
}

static uint32_t row_get(const rami_ruleset *rs, const row *r)
{
    return r->kind == ROW_BIT ? (rs->options & r->bit) != 0 : field_get(rs, r);
}

static void row_set(rami_ruleset *rs, const row *r, uint32_t v)
{
    if (r->kind == ROW_BIT)
        rs->options = v ? rs->options | r->bit : rs->options & ~r->bit;
    else
        field_set(rs, r, v);
}

static int find_row(const char *name, size_t len)
{
    for (size_t i = 0; i < ROW_COUNT; i++)
        if (strlen(rows[i].name) == len && strncmp(rows[i].name, name, len) == 0)
            return (int)i;
    return -1;
}

/* ---- presets and numbers ---- */

const char *ruleset_preset_name(int preset)
{
    for (size_t i = 0; i < PRESET_COUNT; i++)
        if (presets[i].preset == preset)
            return presets[i].name;
    return NULL;
}

const char *ruleset_preset_title(int preset)
{
    for (size_t i = 0; i < PRESET_COUNT; i++)
        if (presets[i].preset == preset)
            return presets[i].title;
    return NULL;
}

int ruleset_preset_parse(const char *name, int *preset)
{
    for (size_t i = 0; i < PRESET_COUNT; i++) {
        if (strcmp(name, presets[i].name) == 0) {
            *preset = presets[i].preset;
            return 0;
        }
    }
    return -1;
}

int args_uint(const char *s, unsigned long long max, unsigned long long *out)
{
    if (s == NULL || *s < '0' || *s > '9')
        return -1;
    for (const char *p = s; *p != '\0'; p++)
        if (*p < '0' || *p > '9')
            return -1;
    errno = 0;
    unsigned long long v = strtoull(s, NULL, 10);
    if (errno != 0 || v > max)
        return -1;
    *out = v;
    return 0;
}

int args_value(int argc, char **argv, int *i, const char *name, const char **value)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, "--", 2) != 0 || strncmp(a + 2, name, n) != 0)
        return 0;
    if (a[2 + n] == '=') {
        *value = a + 3 + n;
        return 1;
    }
    if (a[2 + n] != '\0')
        return 0;
    if (*i + 1 >= argc)
        return -1;
    *value = argv[++*i];
    return 1;
}

/* ---- parsing ---- */

void ruleset_args_init(ruleset_args *a, int preset, unsigned players, int match_rows)
{
    memset(a, 0, sizeof *a);
    a->preset = preset;
    a->players = players;
    a->match_rows = match_rows;
}

static int remember(ruleset_args *a, int r, uint32_t v, char *err, size_t cap)
{
    if (rows[r].kind == ROW_SHORTCUT) {
        int t = find_row(rows[r].target, strlen(rows[r].target));
        return remember(a, t, rows[r].fixed, err, cap);
    }
    if (a->count == RULESET_ARGS_MAX) {
        snprintf(err, cap, "too many ruleset options (at most %d)", RULESET_ARGS_MAX);
        return -1;
    }
    a->settings[a->count++] = (ruleset_setting){(short)r, v};
    return 1;
}

static int take_field(ruleset_args *a, int r, const char *value, char *err, size_t cap)
{
    const row *w = &rows[r];
    unsigned long long v;
    if (value == NULL) {
        snprintf(err, cap, "--%s needs a value", w->name);
        return -1;
    }
    if (w->word != NULL && strcmp(value, w->word) == 0)
        return remember(a, r, w->word_value, err, cap);
    if (args_uint(value, field_max(w), &v) != 0 || v < w->min) {
        snprintf(err, cap, "bad value for --%s: '%s' (a number %lu..%lu%s%s)", w->name, value,
                 (unsigned long)w->min, (unsigned long)field_max(w), w->word ? " or " : "",
                 w->word ? w->word : "");
        return -1;
    }
    return remember(a, r, (uint32_t)v, err, cap);
}

static int take_players(ruleset_args *a, const char *value, char *err, size_t cap)
{
    unsigned long long v;
    if (value == NULL || args_uint(value, RAMI_MAX_PLAYERS, &v) != 0 || v < 2) {
        snprintf(err, cap, "bad value for --players: '%s' (2..%d)", value ? value : "",
                 RAMI_MAX_PLAYERS);
        return -1;
    }
    a->players = (unsigned)v;
    return 1;
}

static int take_preset(ruleset_args *a, const char *value, char *err, size_t cap)
{
    if (value == NULL || ruleset_preset_parse(value, &a->preset) != 0) {
        snprintf(err, cap, "bad value for --preset: '%s' (51, 40, 51-house, 40-house, finnish)",
                 value ? value : "");
        return -1;
    }
    return 1;
}

int ruleset_args_take(ruleset_args *a, int argc, char **argv, int *i, char *err, size_t err_cap)
{
    const char *arg = argv[*i], *value = NULL;
    int r;
    if ((r = args_value(argc, argv, i, "preset", &value)) != 0)
        return take_preset(a, r > 0 ? value : NULL, err, err_cap);
    if ((r = args_value(argc, argv, i, "players", &value)) != 0)
        return take_players(a, r > 0 ? value : NULL, err, err_cap);
    if (strncmp(arg, "--", 2) != 0)
        return 0;
    const char *name = arg + 2, *eq = strchr(name, '=');
    size_t len = eq ? (size_t)(eq - name) : strlen(name);
    /* A row's own name first: some bits are named no-... themselves. */
    int k = find_row(name, len), negated = 0;
    if (k < 0 && strncmp(name, "no-", 3) == 0) {
        negated = 1;
        k = find_row(name + 3, len - 3);
    }
    if (k < 0 || (rows[k].match && !a->match_rows) || (negated && rows[k].kind != ROW_BIT))
        return 0;
    if (rows[k].kind != ROW_FIELD) {
        if (eq != NULL) {
            snprintf(err, err_cap, "--%.*s takes no value", (int)len, name);
            return -1;
        }
        return remember(a, k, rows[k].kind == ROW_BIT ? !negated : 0, err, err_cap);
    }
    if (eq != NULL)
        value = eq + 1;
    else if (*i + 1 < argc)
        value = argv[++*i];
    return take_field(a, k, value, err, err_cap);
}

int ruleset_args_build(const ruleset_args *a, rami_ruleset *rs, char *why, size_t why_cap)
{
    int st = rami_ruleset_init(rs, a->preset, a->players);
    if (st != RAMI_OK) {
        snprintf(why, why_cap, "%s", rami_strerror(st));
        return st;
    }
    for (size_t i = 0; i < a->count; i++)
        row_set(rs, &rows[a->settings[i].row], a->settings[i].value);
    return rami_ruleset_check(rs, why, why_cap);
}

/* ---- help and descriptions ---- */

/* "  LEFT  help..." with the help wrapped at 79 columns under column 26. */
static void usage_line(FILE *f, const char *left, const char *help)
{
    enum { COL = 26, WIDTH = 79 };
    int col = fprintf(f, "  %-*s", COL - 3, left);
    if (col > COL - 1) {
        fprintf(f, "\n%*s", COL - 1, "");
        col = COL - 1;
    }
    while (*help != '\0') {
        size_t n = strcspn(help, " ");
        if (col + 1 + (int)n > WIDTH) {
            fprintf(f, "\n%*s", COL - 1, "");
            col = COL - 1;
        }
        col += fprintf(f, " %.*s", (int)n, help);
        help += n;
        while (*help == ' ')
            help++;
    }
    fputc('\n', f);
}

void ruleset_args_usage(FILE *f, int match_rows)
{
    fprintf(f, "Rules (a preset, then changes to it in order; the library judges the result):\n");
    usage_line(f, "--preset P", "the rules to start from (default 51):");
    for (size_t i = 0; i < PRESET_COUNT; i++)
        fprintf(f, "      %-9s %-21s %s\n", presets[i].name, presets[i].title, presets[i].help);
    usage_line(f, "--players N", "2..6 players");
    for (size_t i = 0; i < ROW_COUNT; i++) {
        const row *r = &rows[i];
        char left[40];
        if (r->match && !match_rows)
            continue;
        if (r->kind == ROW_FIELD)
            snprintf(left, sizeof left, "--%s N", r->name);
        else if (r->kind == ROW_BIT)
            snprintf(left, sizeof left, "--[no-]%s", r->name);
        else
            snprintf(left, sizeof left, "--%s", r->name);
        usage_line(f, left, r->help);
    }
    usage_line(f, "--show-rules", "print the resulting rules and exit");
}

void ruleset_args_print(FILE *f, const rami_ruleset *rs, int match_rows)
{
    fprintf(f, "  players = %u\n", rs->players);
    for (size_t i = 0; i < ROW_COUNT; i++) {
        const row *r = &rows[i];
        if (r->match && !match_rows)
            continue;
        if (r->kind == ROW_FIELD)
            fprintf(f, "  %s = %lu\n", r->name, (unsigned long)row_get(rs, r));
        else if (r->kind == ROW_BIT)
            fprintf(f, "  %s = %s\n", r->name, row_get(rs, r) ? "on" : "off");
    }
}

void ruleset_args_diff(const rami_ruleset *rs, int preset, char *buf, size_t cap)
{
    rami_ruleset base;
    size_t used = 0;
    buf[0] = '\0';
    if (rami_ruleset_init(&base, preset, rs->players) != RAMI_OK)
        return;
    for (size_t i = 0; i < ROW_COUNT && used < cap; i++) {
        const row *r = &rows[i];
        uint32_t v = r->kind == ROW_SHORTCUT ? 0 : row_get(rs, r);
        if (r->kind == ROW_SHORTCUT || v == row_get(&base, r))
            continue;
        const char *sep = used ? " " : "";
        if (r->kind == ROW_BIT)
            used +=
                (size_t)snprintf(buf + used, cap - used, "%s%s%s", sep, v ? "" : "no-", r->name);
        else
            used += (size_t)snprintf(buf + used, cap - used, "%s%s=%lu", sep, r->name,
                                     (unsigned long)v);
    }
}
