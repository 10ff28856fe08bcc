/* Layer 10, bots (determinize.c, greedy.c, strong.c, bot.c, hint.c):
 * hidden-card sampling, the greedy and Monte Carlo bots, the public bot
 * calls and hints. */
#ifndef RAMI_BOT_PRIVATE_H
#define RAMI_BOT_PRIVATE_H

#include "game.h"

/* Cards each seat is known to hold: taken from the discard pile (or a
 * retrieved joker) this round and not played since. cnt[seat][card code]. */
typedef struct rami_known {
    uint8_t cnt[RAMI_MAX_PLAYERS][256];
} rami_known;

/* Reads the round log of g. */
RAMI_INTERNAL void rami__known_cards(const rami_game *g, rami_known *k);
/* The same for one seat, into cnt[card code]. */
RAMI_INTERNAL void rami__known_cards_of(const rami_game *g, unsigned seat, uint8_t cnt[256]);
/* Updates a seat's row after it played m (taken: the card a DRAW_DISCARD
 * took): the log scan, one move at a time. */
RAMI_INTERNAL void rami__known_update(uint8_t row[256], const rami_move *m, rami_card taken);

/* out must hold a copy of g (same state, same allocation layout): deals the
 * cards viewer cannot see anew from seed (see rami_game_determinize).
 * known: rami__known_cards of g if the caller has it, else NULL. */
RAMI_INTERNAL int rami__determinize_into(rami_game *out, const rami_game *g, int viewer,
                                         uint64_t seed, const rami_known *known);

/* The cards viewer cannot see, sorted by card code, and the known cards
 * of each seat: what every determinization of one position deals anew.
 * known as for rami__determinize_into (not NULL). */
typedef struct rami_pool {
    rami_card cards[RAMI_MAX_PACK * 2];
    unsigned n;
    unsigned kept[RAMI_MAX_PLAYERS]; /* known cards of each seat */
    bool hands_hidden;               /* false at the round's end: hands were shown */
} rami_pool;

RAMI_INTERNAL void rami__hidden_pool(const rami_game *g, int viewer, const rami_known *known,
                                     rami_pool *pool);
/* rami__determinize_into from a pool made by rami__hidden_pool of the same
 * g, viewer and known (the pool is not changed: one serves many seeds).
 * Same result. */
RAMI_INTERNAL int rami__determinize_pooled(rami_game *out, const rami_game *g, int viewer,
                                           uint64_t seed, const rami_known *known,
                                           const rami_pool *pool);

/* ---- shared by the bots ---- */

/* The greedy bot's heuristic weights (greedy.c's W; doc/bots.md). A
 * discard's score is its penalty minus what keeping the card is worth to
 * this hand and what it would give the next seat; the highest score goes. */
typedef struct greedy_weights {
    int set_partner;            /* per card of the same rank in another suit: set material */
    int run_next;               /* a card one rank away in the suit (the ace is next to 2 and K) */
    int run_gap;                /* a card two ranks away in the suit: a run with one gap */
    int in_meld;                /* every copy of the card sits in one of the hand's best melds */
    int joker;                  /* a joker: thrown only when nothing else may be */
    int gift_layoff;            /* the next seat has opened and could lay the card off */
    int gift_known;             /* per card the next seat is known to hold that goes with it */
    unsigned keep_jokers_above; /* no joker is laid off while the hand holds more cards */
    int win_bonus;              /* playout result: added for winning the round (tied: shared) */
    int take_gain;              /* unopened: take a discard adding this many opening points */
} greedy_weights;

/* The work of one bot call, counted: the deterministic bound of doc/bots.md
 * and rami.h is stated in these units, and tests/bot.c reads them. */
typedef struct bot_work {
    uint64_t steps;           /* greedy decisions: the root's and every playout's */
    uint64_t nodes;           /* hand-solver nodes */
    uint64_t judged;          /* moves judged by rami__validate */
    uint64_t playouts;        /* playouts started */
    uint64_t deals, rejected; /* determinizations made; rejected by the opponent model */
    uint32_t max_nodes;       /* the most nodes of one solve */
    uint32_t step_judged;     /* moves judged in the current greedy step */
    uint32_t max_step_judged; /* the most moves judged in one greedy step */
    bool cut;                 /* a limit (steps, nodes or time) stopped the search */
    /* Not work but a cache: the known cards, kept move by move during a
     * playout (NULL: greedy reads them from the log). */
    const rami_known *known;
    /* Weights for seat `me` (NULL: greedy's own for every seat). */
    const greedy_weights *mine;
    unsigned me;
} bot_work;

/* Most hand-solver nodes one solve of a bot may visit. A normal hand needs
 * far fewer (the limit never bites in the reference presets: see
 * tests/bot.c); a 33-card hand with 12 jokers would need millions. */
#define BOT_SOLVE_NODES 20000u

/* Validates m for the current player; on success v holds its canonical form. */
static inline bool bot_legal(const rami_game *g, const rami_move *m, verdict *v)
{
    return rami__validate(&g->rs, &g->pos, g->pos.current, m, v, NULL, 0) == RAMI_OK;
}

/* Most moves one greedy step judges: beyond this, a move is taken as not
 * legal (never reached in the presets; bounds the largest tables). */
#define BOT_STEP_JUDGED 256u

/* bot_legal, counted in w. */
static inline bool bot_judge(const rami_game *g, const rami_move *m, verdict *v, bot_work *w)
{
    if (w->step_judged >= BOT_STEP_JUDGED)
        return false;
    w->judged++;
    w->step_judged++;
    if (w->step_judged > w->max_step_judged)
        w->max_step_judged = w->step_judged;
    return bot_legal(g, m, v);
}

/* A draw (c = RAMI_NO_CARD) or a one-card move. */
static inline rami_move simple_move(uint8_t kind, rami_card c)
{
    rami_move m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.count = c != RAMI_NO_CARD;
    m.cards[0] = c;
    return m;
}

static inline bool same_move(const rami_move *a, const rami_move *b)
{
    return a->kind == b->kind && a->count == b->count && a->target == b->target &&
           a->side == b->side && memcmp(a->cards, b->cards, a->count) == 0;
}

static inline uint64_t bot_mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x7FB5D329728EA185ull;
    x ^= x >> 27;
    x *= 0x81DADEF4BC2DD44Dull;
    return x ^ (x >> 33);
}

/* A seed from the options and the public position only. */
static inline uint64_t decision_seed(const rami_game *g, uint64_t seed)
{
    return bot_mix(seed ^ bot_mix(((uint64_t)g->pos.round << 48) ^ ((uint64_t)g->pos.turn << 24) ^
                                  g->log_len));
}

/* ---- greedy.c ---- */

/* The greedy bot's move for the current player of g, reading only what that
 * player may know; its work is added to w (one step). RAMI_E_PHASE when
 * the round is over. */
RAMI_INTERNAL int rami__greedy_verdict(const rami_game *g, verdict *v, bot_work *w);
RAMI_INTERNAL int rami__greedy_move(const rami_game *g, rami_move *out);
/* The legal discards, best first: at most cap of them are validated and
 * written. Returns how many were written. */
RAMI_INTERNAL unsigned rami__ranked_discards(const rami_game *g, verdict *out, unsigned cap,
                                             bot_work *w);

/* Limits of a search: steps (greedy decisions), solver nodes (both counted
 * in bot_work) and a wall-clock deadline (0: none), all checked before
 * every step. */
typedef struct bot_limits {
    uint64_t max_steps;
    uint64_t max_nodes; /* hand-solver nodes, counted in bot_work */
    double deadline_ms; /* bot_now_ms() value */
} bot_limits;

RAMI_INTERNAL double rami__bot_now_ms(void);
/* Has w reached a limit of lim? */
RAMI_INTERNAL bool rami__bot_over_limit(const bot_work *w, const bot_limits *lim);

/* Most greedy decisions of one playout; a playout that needs more (it
 * cannot: a round ends within the turn cap) scores 0. */
#define PLAYOUT_MAX_STEPS 2000u

/* Plays greedy for every seat to the end of the round; *score receives
 * the result for me. False when a limit stopped it first (w->cut).
 * known: rami__known_cards of g if the caller has it, else NULL. */
RAMI_INTERNAL bool rami__greedy_playout(rami_game *g, unsigned me, bot_work *w,
                                        const bot_limits *lim, const rami_known *known, int *score);

/* Would greedy, as seat holding its hand plus c, discard c? (g's position
 * is restored.) */
RAMI_INTERNAL bool rami__greedy_would_discard(rami_game *g, unsigned seat, rami_card c,
                                              bot_work *w);

/* Would greedy, as seat holding its hand plus c at the start of its play,
 * discard c at once (no meld, lay-off or swap first)? (g's position is
 * restored.) */
RAMI_INTERNAL bool rami__greedy_would_only_discard(rami_game *g, unsigned seat, rami_card c,
                                                   bot_work *w);

/* Would greedy, as seat holding its hand now, take c from the discard
 * pile? (g's position is restored.) */
RAMI_INTERNAL bool rami__greedy_would_take(rami_game *g, unsigned seat, rami_card c, bot_work *w);

/* What greedy's discard score saw in a card (for hints). */
typedef struct discard_facts {
    bool in_meld;      /* every copy is in one of the hand's best melds */
    bool near;         /* a card of the hand goes with it (set or run material) */
    bool gift;         /* the next seat could use it */
    bool dearer_loose; /* another card that fits nothing is worth more penalty */
} discard_facts;

RAMI_INTERNAL void rami__discard_facts(const rami_game *g, rami_card c, discard_facts *f,
                                       bot_work *w);

/* ---- strong.c ---- */

#define STRONG_DEFAULT_PLAYOUTS 1000u
/* The work of a decision's playouts: at most playouts x this many steps
 * and solver nodes. Playouts of the presets take 30-100 steps and 100-550
 * nodes on average (tests/bot.c prints them), so neither limit bites there;
 * they bound the largest rulesets, where one step may take 60,000 nodes. */
#define STRONG_STEPS_PER_PLAYOUT 256u
#define STRONG_NODES_PER_PLAYOUT 4096u

typedef struct search_state {
    verdict cand[RAMI_MAX_HAND + 2];
    double diff[RAMI_MAX_HAND + 2];           /* sum of result differences to the baseline */
    double diff2[RAMI_MAX_HAND + 2];          /* sum of their squares */
    double mean[RAMI_MAX_HAND + 2];           /* mean result */
    unsigned n[RAMI_MAX_HAND + 2];            /* samples of each candidate */
    bool active[RAMI_MAX_HAND + 2];           /* still sampled */
    unsigned ncand, base, samples;            /* base: greedy's own choice */
    rami_card last_discard[RAMI_MAX_PLAYERS]; /* each seat's last discard this round */
    rami_card last_pass[RAMI_MAX_PLAYERS];    /* the discard it left at its last draw */
    bool table_moved[RAMI_MAX_PLAYERS];       /* another seat laid cards since that discard */
    rami_known known;                         /* the known cards of the position */
    rami_pool pool;                           /* its hidden cards (rami__hidden_pool) */
    rami_known work_known;                    /* ... after a candidate, for its playout */
    bot_work work;                            /* what the decision cost */
} search_state;

/* d is a determinized copy: the strong bot's move, its search in *s. */
RAMI_INTERNAL int rami__strong_verdict(const rami_game *d, const rami_bot_options *opt, verdict *v,
                                       search_state *s);

/* ---- bot.c ---- */

/* The caller's options as the library's own struct (fields the caller's
 * struct lacks at their defaults), checked: RAMI_E_ARG if invalid. */
RAMI_INTERNAL int rami__bot_options_load(const rami_bot_options *opt, rami_bot_options *own);
/* rami_bot_choose with the verdict; s (required for the strong level, may
 * be NULL for the others) receives the search and its work. */
RAMI_INTERNAL int rami__bot_choose(const rami_game *g, const rami_bot_options *opt, verdict *v,
                                   search_state *s);

#endif
