/*
 * oracle-driver: plays random games through the public API only (<rami.h>,
 * the shared library) and writes, for tests/oracle/differential.py, what the
 * reference implementation needs to judge every position: the saved record
 * of the round's start, then per position the state, librami's legal moves
 * and its verdicts on random candidate moves, the move played, and the round
 * results. The line protocol is described in tests/oracle/README.md.
 *
 *   oracle-driver --games N --seed S      random games (self-play and deals)
 *   oracle-driver --position FILE         one saved position: FILE holds a
 *                                         record and "check <move>" lines
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rami.h>

static uint64_t rng_state = 1;

static uint64_t rnd(void)
{
    uint64_t x = rng_state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return rng_state = x;
}

static unsigned below(unsigned n)
{
    return (unsigned)(rnd() % n);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n);
    if (p == NULL) {
        fprintf(stderr, "oracle-driver: out of memory\n");
        exit(2);
    }
    return p;
}

static void must(int status, const char *what)
{
    if (status != RAMI_OK) {
        fprintf(stderr, "oracle-driver: %s: %s\n", what, rami_strerror(status));
        exit(2);
    }
}

/* ---- output ---- */

static void put_card(rami_card c)
{
    char t[8];
    must(rami_card_format(c, t, sizeof t), "card");
    printf(" %s", t);
}

/* Prints " <move text>"; false (nothing printed) when it has no notation. */
static bool put_move(const rami_move *m)
{
    char t[128];
    if (rami_move_format(m, t, sizeof t) != RAMI_OK)
        return false;
    printf(" %s", t);
    return true;
}

static void put_record(const rami_game *g)
{
    size_t len = 0;
    rami_game_save(g, NULL, 0, &len);
    char *text = xmalloc(len + 1);
    must(rami_game_save(g, text, len + 1, &len), "save");
    fputs(text, stdout);
    free(text);
}

/* The legal moves, in a buffer grown to fit. */
static rami_move *legal(const rami_game *g, size_t *n)
{
    static rami_move *buf;
    static size_t cap;
    for (;;) {
        int st = rami_game_legal_moves(g, buf, cap, n);
        if (st == RAMI_OK)
            return buf;
        if (st != RAMI_E_BUFFER)
            must(st, "legal moves");
        free(buf);
        cap = *n + 16;
        buf = xmalloc(cap * sizeof *buf);
    }
}

static void put_state(const rami_game *g)
{
    rami_ruleset rs;
    must(rami_game_ruleset(g, &rs), "ruleset");
    unsigned opened = 0, in_match = 0;
    for (int p = 0; p < rs.players; p++) {
        if (rami_game_has_opened(g, p) == 1)
            opened |= 1u << p;
        if (rami_game_in_match(g, p) == 1)
            in_match |= 1u << p;
    }
    printf("S %d %d %d %d %d %zu %zu %u", rami_game_phase(g), rami_game_current_player(g),
           rami_game_turn(g), rami_game_round(g), rami_game_dealer(g), rami_game_stock_count(g),
           rami_game_discard_count(g), opened);
    rami_card top = rami_game_discard_top(g), picked = rami_game_picked(g);
    if (top != RAMI_NO_CARD)
        put_card(top);
    else
        printf(" -");
    if (picked != RAMI_NO_CARD)
        put_card(picked);
    else
        printf(" -");
    printf(" %u\n", in_match);
    for (int p = 0; p < rs.players; p++) {
        rami_card h[RAMI_MAX_HAND];
        size_t n = 0;
        must(rami_game_hand(g, p, h, RAMI_MAX_HAND, &n), "hand");
        printf("H %d", p);
        for (size_t i = 0; i < n; i++)
            put_card(h[i]);
        printf("\n");
    }
    for (size_t i = 0; i < rami_game_meld_count(g); i++) {
        int owner;
        rami_meld_info info;
        must(rami_game_meld(g, i, &owner, &info), "meld");
        printf("T %zu %d %u", i, owner, info.points);
        for (unsigned k = 0; k < info.count; k++)
            put_card(info.cards[k]);
        printf("\n");
    }
}

static void put_verdict(const rami_game *g, int seat, const rami_move *m)
{
    char why[256];
    int st = rami_game_check(g, seat, m, why, sizeof why);
    printf("V %d %d", seat, st);
    if (!put_move(m))
        printf(" ?");
    printf(" | %s\n", st == RAMI_OK ? "" : why);
}

/* ---- candidate moves ---- */

static rami_card some_card(const rami_game *g)
{
    rami_card h[RAMI_MAX_HAND];
    size_t n = 0;
    rami_game_hand(g, rami_game_current_player(g), h, RAMI_MAX_HAND, &n);
    if (n > 0 && below(6) != 0)
        return h[below((unsigned)n)];
    if (below(8) == 0)
        return RAMI_JOKER;
    return RAMI_CARD(1 + below(13), below(4));
}

/* A meld of cards sharing a suit or a rank with a first hand card, so that
 * many are valid or nearly. */
static void some_meld(const rami_game *g, rami_move *m)
{
    rami_card h[RAMI_MAX_HAND];
    size_t n = 0;
    rami_game_hand(g, rami_game_current_player(g), h, RAMI_MAX_HAND, &n);
    m->kind = RAMI_MOVE_MELD;
    m->count = (uint8_t)(3 + below(3));
    rami_card first = some_card(g);
    m->cards[0] = first;
    bool by_suit = below(2) == 0;
    for (unsigned i = 1; i < m->count; i++) {
        rami_card pick = some_card(g);
        for (unsigned tries = 0; tries < 12 && n > 0; tries++) {
            rami_card c = h[below((unsigned)n)];
            if (c == RAMI_JOKER || first == RAMI_JOKER ||
                (by_suit ? RAMI_CARD_SUIT(c) == RAMI_CARD_SUIT(first)
                         : RAMI_CARD_RANK(c) == RAMI_CARD_RANK(first))) {
                pick = c;
                break;
            }
        }
        m->cards[i] = pick;
    }
    m->side = (uint8_t)(below(3) == 0 ? below(3) : 0);
}

static void candidate(const rami_game *g, const rami_move *list, size_t n, rami_move *m, int *seat)
{
    memset(m, 0, sizeof *m);
    *seat = rami_game_current_player(g);
    unsigned melds = (unsigned)rami_game_meld_count(g);
    switch (below(9)) {
    case 0: /* a listed move in another form: cards shuffled, a side named */
    case 1:
        if (n == 0)
            return;
        *m = list[below((unsigned)n)];
        for (unsigned i = m->count; m->kind == RAMI_MOVE_MELD && i > 1; i--) {
            unsigned j = below(i);
            rami_card c = m->cards[i - 1];
            m->cards[i - 1] = m->cards[j];
            m->cards[j] = c;
        }
        if (below(2) == 0 && (m->kind == RAMI_MOVE_MELD || m->kind == RAMI_MOVE_LAYOFF))
            m->side = (uint8_t)below(3); /* swaps and discards have no side */
        return;
    case 2:
    case 3:
        some_meld(g, m);
        return;
    case 4:
    case 5:
        m->kind = below(3) == 0 ? RAMI_MOVE_SWAP : RAMI_MOVE_LAYOFF;
        m->count = 1;
        m->cards[0] = some_card(g);
        m->target = (uint8_t)below(melds + 1);
        if (m->kind == RAMI_MOVE_LAYOFF && below(2) == 0)
            m->side = (uint8_t)below(3);
        return;
    case 6: /* a discard, now and then of a joker (the joker house rules) */
        m->kind = RAMI_MOVE_DISCARD;
        m->count = 1;
        m->cards[0] = below(4) == 0 ? RAMI_JOKER : some_card(g);
        return;
    case 7:
        m->kind = (uint8_t)(RAMI_MOVE_DRAW_STOCK + below(2));
        return;
    default: /* a listed move by another seat */
        if (n == 0)
            return;
        *m = list[below((unsigned)n)];
        rami_ruleset rs;
        rami_game_ruleset(g, &rs);
        *seat = (int)below(rs.players);
        return;
    }
}

/* ---- one position ---- */

static void put_position(const rami_game *g, const rami_move *list, size_t n, unsigned cands)
{
    put_state(g);
    for (size_t i = 0; i < n; i++) {
        printf("L");
        put_move(&list[i]);
        printf("\n");
    }
    for (unsigned k = 0; k < cands; k++) {
        rami_move m;
        int seat;
        candidate(g, list, n, &m, &seat);
        if (m.kind != 0)
            put_verdict(g, seat, &m);
    }
    printf("E\n");
}

static void put_result(const rami_game *g)
{
    rami_round_result r;
    rami_ruleset rs;
    must(rami_game_round_result(g, &r), "result");
    must(rami_game_ruleset(g, &rs), "ruleset");
    printf("R %u %u", r.reason, r.winners);
    for (int p = 0; p < rs.players; p++)
        printf(" %u", r.hand_value[p]);
    for (int p = 0; p < rs.players; p++)
        printf(" %d", r.points[p]);
    int32_t totals[RAMI_MAX_PLAYERS];
    must(rami_game_scores(g, totals, RAMI_MAX_PLAYERS), "scores");
    for (int p = 0; p < rs.players; p++)
        printf(" %d", (int)totals[p]);
    printf("\n");
}

/* Picks the move to play: when eager, joker retrievals first, then other
 * table plays, so that rounds reach openings, retrieved jokers and the end. */
static const rami_move *choose(const rami_game *g, const rami_move *list, size_t n, bool eager)
{
    size_t pick = below((unsigned)n);
    if (eager && rami_game_phase(g) == RAMI_PHASE_PLAY) {
        if (below(2) == 0)
            for (size_t i = 0; i < n; i++)
                if (list[(pick + i) % n].kind == RAMI_MOVE_SWAP)
                    return &list[(pick + i) % n];
        if (below(4) != 0)
            for (size_t i = 0; i < n; i++)
                if (list[(pick + i) % n].kind != RAMI_MOVE_DISCARD)
                    return &list[(pick + i) % n];
    }
    if (rami_game_phase(g) == RAMI_PHASE_DRAW && n > 1 && below(3) == 0)
        return &list[1]; /* take the discard more often than uniform */
    return &list[pick];
}

/* Plays a round to its end; false if librami left a player with no legal
 * move while the round is on (a dead end, written as "D"). */
static bool play_round(rami_game *g, bool eager)
{
    for (unsigned guard = 0; guard < 20000; guard++) {
        size_t n;
        const rami_move *list = legal(g, &n);
        put_position(g, list, n, 8);
        if (n == 0 && rami_game_phase(g) <= RAMI_PHASE_PLAY) {
            printf("D\n");
            return false;
        }
        if (n == 0)
            break;
        int seat = rami_game_current_player(g);
        rami_move m = *choose(g, list, n, eager);
        printf("P %d", seat);
        put_move(&m);
        printf("\n");
        must(rami_game_play(g, seat, &m), "play");
        bool table =
            m.kind == RAMI_MOVE_MELD || m.kind == RAMI_MOVE_LAYOFF || m.kind == RAMI_MOVE_SWAP;
        if ((table && below(6) == 0) || below(20) == 0) {
            rami_ruleset rs;
            rami_game_ruleset(g, &rs);
            int who = below(4) == 0 ? (int)below(rs.players) : rami_game_current_player(g);
            printf("U %d %d\n", who, rami_game_undo(g, who));
        }
    }
    put_result(g);
    return true;
}

static void play_match(rami_game *g, const char *label, unsigned rounds)
{
    printf("G %s\n", label);
    put_record(g);
    bool eager = below(6) != 0;
    for (unsigned r = 0;; r++) {
        if (!play_round(g, eager))
            break;
        if (rami_game_phase(g) != RAMI_PHASE_ROUND_OVER || r + 1 >= rounds)
            break;
        must(rami_game_next_round(g), "next round");
        printf("N\n");
    }
    if (rami_game_phase(g) == RAMI_PHASE_MATCH_OVER)
        printf("W %d\n", rami_game_match_winners(g));
    printf("X\n");
}

/* ---- rulesets and deals ---- */

static const char *const preset_names[] = {"51", "40", "51_HOUSE", "40_HOUSE", "FINNISH"};

static void random_ruleset(rami_ruleset *rs, int preset, unsigned players, char *label, size_t cap)
{
    must(rami_ruleset_init(rs, preset, players), "preset");
    rami_ruleset base = *rs;
    const char *what = "preset";
    if (below(2) == 0) {
        rs->options = (uint32_t)(rnd() & RAMI_OPT_ALL);
        what = "options";
    }
    if (below(4) == 0)
        rs->jokers_per_meld = (uint8_t)(2 + below(3));
    if (below(6) == 0)
        rs->opening_points = (uint16_t)below(61);
    if (below(6) == 0)
        rs->max_turns = (uint16_t)(6 + below(50));
    if (below(6) == 0)
        rs->max_restocks = below(4) == 0 ? RAMI_UNLIMITED_RESTOCKS : (uint8_t)below(4);
    if (below(8) == 0) {
        rs->joker_penalty = (uint8_t)below(51);
        rs->ace_penalty = (uint8_t)(1 + below(15));
    }
    if (below(5) == 0)
        rs->match_rounds = (uint16_t)(1 + below(3));
    if (below(5) == 0)
        rs->match_target = (uint16_t)(30 + below(200));
    if (below(10) == 0 && rs->hand_size > 3)
        rs->hand_size = (uint8_t)(3 + below(rs->hand_size - 2u));
    /* The house rules of issue 11 beyond the option bits: the flat penalty
     * for the unopened, and a target for ELIMINATION (it needs one). */
    if (below(4) == 0)
        rs->unopened_penalty = below(2) == 0 ? 100 : (uint16_t)(1 + below(9999));
    if ((rs->options & RAMI_OPT_ELIMINATION) && rs->match_target == 0)
        rs->match_target = (uint16_t)(30 + below(150));
    if (rami_ruleset_check(rs, NULL, 0) != RAMI_OK) {
        *rs = base;
        what = "preset";
    }
    if (memcmp(rs, &base, sizeof base) != 0 && strcmp(what, "preset") == 0)
        what = "fields";
    snprintf(label, cap, "%s/%s/%up", preset_names[preset], what, players);
}

/* Takes a card from pool[0..*n) that matches the focus (a suit, a rank
 * or, once in joker_odds, a joker) when one is found in a few tries, else
 * any; joker_odds 0: any card. */
static rami_card take_card(rami_card *pool, unsigned *n, int suit, int rank, unsigned joker_odds)
{
    unsigned pick = below(*n);
    for (unsigned tries = 0; joker_odds > 0 && tries < 40; tries++) {
        unsigned i = below(*n);
        rami_card c = pool[i];
        bool joker = c == RAMI_JOKER;
        if ((joker && below(joker_odds) == 0) ||
            (!joker && ((int)RAMI_CARD_SUIT(c) == suit ||
                        (rank > 0 && abs((int)RAMI_CARD_RANK(c) - rank) <= 1)))) {
            pick = i;
            break;
        }
    }
    rami_card c = pool[pick];
    pool[pick] = pool[--*n];
    return c;
}

/* Moves card c from pool[0..*n) to *out; false if the pool has none. */
static bool take_exact(rami_card *pool, unsigned *n, rami_card c, rami_card *out)
{
    for (unsigned i = 0; i < *n; i++)
        if (pool[i] == c) {
            *out = c;
            pool[i] = pool[--*n];
            return true;
        }
    return false;
}

/* Fills hand[0..size) mostly with whole melds (runs of 3-5, sets of 3-4,
 * a joker in place of a card now and then), the rest at random: such hands
 * open at once, retrieve jokers and lay off. */
static void meldy_hand(rami_card *pool, unsigned *n, rami_card *hand, unsigned size,
                       rami_card *replaced, unsigned *nreplaced)
{
    unsigned k = 0;
    /* First the cards jokers of earlier hands stand for: retrievals. */
    for (unsigned i = 0; i < *nreplaced && k < size / 3; i++)
        if (below(2) == 0 && take_exact(pool, n, replaced[i], &hand[k]))
            k++;
    for (unsigned tries = 0; tries < 30 && k + 3 <= size; tries++) {
        rami_card want[5];
        unsigned len;
        if (below(2) == 0) {
            len = 3 + below(3);
            unsigned suit = below(4), start = 1 + below(14 - len);
            for (unsigned i = 0; i < len; i++)
                want[i] = RAMI_CARD(start + i == 14 ? 1 : start + i, suit);
        } else {
            len = 3 + below(2);
            unsigned rank = 1 + below(13), first = below(4);
            for (unsigned i = 0; i < len; i++)
                want[i] = RAMI_CARD(rank, (first + i) % 4);
        }
        if (below(3) == 0) {
            unsigned j = below(len);
            if (*nreplaced < 16)
                replaced[(*nreplaced)++] = want[j];
            want[j] = RAMI_JOKER;
        }
        if (k + len > size)
            len = size - k;
        for (unsigned i = 0; i < len; i++)
            if (take_exact(pool, n, want[i], &hand[k]))
                k++;
    }
    while (k < size)
        hand[k++] = take_card(pool, n, -1, 0, 0);
}

/* A deal that stresses jokers, duplicates, openings, picked cards and
 * stock-outs: hands built of melds or around a suit or a rank, extra
 * jokers, short stocks, a discard top that fits the first player's hand. */
static void stress_deal(const rami_ruleset *rs, rami_deal *d)
{
    rami_card pool[RAMI_MAX_PACK];
    unsigned n = 0;
    for (unsigned k = 0; k < rs->decks; k++)
        for (unsigned s = 0; s < 4; s++)
            for (unsigned r = 1; r <= 13; r++)
                pool[n++] = RAMI_CARD(r, s);
    for (unsigned j = 0; j < rs->jokers; j++)
        pool[n++] = RAMI_JOKER;
    memset(d, 0, sizeof *d);
    d->struct_size = sizeof *d;
    d->dealer = (uint8_t)below(rs->players);
    unsigned joker_odds = 1 + below(3);
    bool meldy = below(3) != 0;
    rami_card replaced[16];
    unsigned nreplaced = 0;
    for (unsigned p = 0; p < rs->players; p++) {
        unsigned size = below(3) == 0 ? 1 + below(rs->hand_size + 1u) : rs->hand_size;
        int suit = below(3) == 0 ? -1 : (int)below(4);
        int rank = below(2) == 0 ? (int)(1 + below(13)) : 0;
        if (size + 2 > n)
            size = 1;
        if (meldy)
            meldy_hand(pool, &n, d->hands[p], size, replaced, &nreplaced);
        else
            for (unsigned i = 0; i < size; i++)
                d->hands[p][i] = take_card(pool, &n, suit, rank, joker_odds);
        d->hand_count[p] = (uint8_t)size;
    }
    /* The discard pile: 0-5 cards, the top often near the first hand. */
    unsigned first = (d->dealer + 1u) % rs->players;
    unsigned discards = below(6);
    for (unsigned i = 0; i < discards && n > 1; i++) {
        rami_card top = d->hands[first][below(d->hand_count[first])];
        bool last = i + 1 == discards;
        d->discard[i] = last && below(2) == 0 ? take_card(pool, &n, (int)RAMI_CARD_SUIT(top),
                                                          (int)RAMI_CARD_RANK(top), 2)
                                              : take_card(pool, &n, -1, 0, 8);
        d->discard_count = (uint16_t)(i + 1);
    }
    /* The stock: all the rest, or a short one for stock-outs. */
    unsigned stock = below(3) == 0 ? 1 + below(6) : n;
    if (stock > n)
        stock = n;
    for (unsigned i = 0; i < stock; i++)
        d->stock[i] = take_card(pool, &n, -1, 0, 0);
    d->stock_count = (uint16_t)stock;
}

static void random_game(void)
{
    int preset = (int)below(5);
    unsigned players = 2 + below(5);
    rami_ruleset rs;
    char label[64];
    random_ruleset(&rs, preset, players, label, sizeof label);
    rami_game *g;
    uint64_t seed = rnd();
    /* Elimination matches need rounds for seats to go out. */
    unsigned rounds = (rs.options & RAMI_OPT_ELIMINATION) ? 2 + below(6) : 1 + below(3);
    if (below(3) != 0) {
        rami_deal d;
        stress_deal(&rs, &d);
        must(rami_game_new_deal(&rs, &d, seed, &g), "new deal");
        char with[80];
        snprintf(with, sizeof with, "%s/deal", label);
        printf("C %d %u\n", preset, players);
        play_match(g, with, rounds);
    } else {
        must(rami_game_new(&rs, seed, &g), "new");
        printf("C %d %u\n", preset, players);
        play_match(g, label, rounds);
    }
    rami_game_free(g);
}

/* ---- a saved position ---- */

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        exit(2);
    }
    size_t cap = 4096, n = 0;
    char *text = xmalloc(cap);
    size_t got;
    while ((got = fread(text + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n - 1 == 0) {
            char *bigger = realloc(text, cap *= 2);
            if (bigger == NULL)
                exit(2);
            text = bigger;
        }
    }
    fclose(f);
    text[n] = '\0';
    *len = n;
    return text;
}

/* FILE: comment lines (#), "check <move>" lines and one record. Prints the
 * record, the position with librami's legal moves and its verdict on each
 * checked move (by the current seat). */
static int position(const char *path)
{
    size_t len;
    char *text = slurp(path, &len);
    char *rec = strstr(text, "rami-record ");
    char *end = rec ? strstr(rec, "\nend\n") : NULL;
    if (rec == NULL || end == NULL) {
        fprintf(stderr, "%s: no record\n", path);
        return 2;
    }
    rami_game *g;
    must(rami_game_load(rec, (size_t)(end + 5 - rec), &g), "load");
    printf("G %s\n", path);
    fwrite(rec, 1, (size_t)(end + 5 - rec), stdout);
    size_t n;
    const rami_move *list = legal(g, &n);
    put_state(g);
    for (size_t i = 0; i < n; i++) {
        printf("L");
        put_move(&list[i]);
        printf("\n");
    }
    for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        if (strncmp(line, "check ", 6) != 0)
            continue;
        rami_move m;
        must(rami_move_parse(line + 6, &m), "check move");
        put_verdict(g, rami_game_current_player(g), &m);
    }
    printf("E\nX\n");
    rami_game_free(g);
    free(text);
    return 0;
}

int main(int argc, char **argv)
{
    unsigned long games = 10;
    if (argc == 3 && strcmp(argv[1], "--position") == 0)
        return position(argv[2]);
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--games") == 0)
            games = strtoul(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--seed") == 0)
            rng_state = strtoull(argv[i + 1], NULL, 10) * 2654435761u + 1;
        else {
            fprintf(stderr, "usage: %s [--games N] [--seed S] | --position FILE\n", argv[0]);
            return 2;
        }
    }
    if (rng_state == 0)
        rng_state = 1;
    for (unsigned long i = 0; i < games; i++)
        random_game();
    return 0;
}
