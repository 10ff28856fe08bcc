/* Hints (rami_game_hint): the strong bot's move with a fixed seed and a
 * short budget, and a one-line English reason for it, from what the
 * greedy bot saw in the move (greedy.c) or what the simulations found
 * (strong.c). */
#include <stdio.h>
#include <stdlib.h>

#include "bot-private.h"

#define HINT_SEED     0x48494E54u /* "HINT" */
#define HINT_PLAYOUTS 600u
#define HINT_TIME_MS  0u

static void hint_play(const rami_game *g, const rami_move *m, char *buf, size_t cap)
{
    char text[80];
    if (rami_move_format(m, text, sizeof text) != RAMI_OK)
        snprintf(text, sizeof text, "this move");
    const hand *h = &g->pos.hands[g->pos.current];
    if (m->kind == RAMI_MOVE_MELD) {
        tmeld t;
        rami__meld_eval(g->rs.jokers_per_meld, m->cards, m->count, m->side, &t, NULL, 0);
        unsigned pts = rami__meld_points(&t);
        if (!seat_opened(&g->pos, g->pos.current)) {
            unsigned total = g->pos.ts.points + pts;
            snprintf(buf, cap, "%s: %s your opening (%u of %u)", text,
                     total >= g->rs.opening_points ? "completes" : "builds", total,
                     g->rs.opening_points);
        } else {
            snprintf(buf, cap, "%s: takes %u cards out of your hand", text, m->count);
        }
    } else if (m->kind == RAMI_MOVE_LAYOFF) {
        snprintf(buf, cap, "%s: gets rid of %u penalty points%s", text,
                 card_penalty(m->cards[0], &g->rs), h->size == 1 ? " and goes out" : "");
    } else {
        snprintf(buf, cap, "%s: takes the joker back for a loose card", text);
    }
}

/* Why greedy likes this discard. */
static const char *discard_why(const rami_game *g, rami_card c)
{
    discard_facts f;
    bot_work w = {0};
    rami__discard_facts(g, c, &f, &w);
    if (f.in_meld)
        return "every card left is in a meld, this one breaks the cheapest";
    if (f.near)
        return f.gift ? "the card least useful to you and to the next player"
                      : "the loosest card, and it does not help the next player";
    if (f.dearer_loose)
        return f.gift ? "a card that fits nothing of yours"
                      : "a card that fits nothing, and does not help the next player";
    return "highest card that fits nothing";
}

/* The strong bot overruled greedy: say so, with the simulated gain. */
static void hint_simulated(const search_state *s, unsigned chosen, const rami_move *m, char *buf,
                           size_t cap)
{
    char text[80], base[80];
    if (rami_move_format(m, text, sizeof text) != RAMI_OK ||
        rami_move_format(&s->cand[s->base].move, base, sizeof base) != RAMI_OK) {
        snprintf(buf, cap, "simulations favour this move");
        return;
    }
    snprintf(buf, cap, "%s: simulations favour it over \"%s\" (%+.1f points a round over %u deals)",
             text, base, s->diff[chosen] / s->n[chosen], s->n[chosen]);
}

static void hint_reason(const rami_game *g, const search_state *s, const rami_move *m, char *buf,
                        size_t cap)
{
    char card[8] = "";
    unsigned chosen = s->base;
    for (unsigned i = 0; i < s->ncand; i++)
        if (same_move(&s->cand[i].move, m))
            chosen = i;
    if (chosen != s->base && s->n[chosen] > 0) {
        hint_simulated(s, chosen, m, buf, cap);
        return;
    }
    rami_card top = rami_game_discard_top(g);
    rami_card_format(m->kind == RAMI_MOVE_DISCARD ? m->cards[0] : top, card, sizeof card);
    switch (m->kind) {
    case RAMI_MOVE_DRAW_STOCK:
        if (top == RAMI_NO_CARD)
            snprintf(buf, cap, "draw: the discard pile is empty");
        else
            snprintf(buf, cap, "draw: %s on the discard pile does not help your melds", card);
        break;
    case RAMI_MOVE_DRAW_DISCARD:
        snprintf(buf, cap, "take %s: %s", card,
                 seat_opened(&g->pos, g->pos.current) ? "it joins your melds or the table"
                                                      : "it brings your opening within reach");
        break;
    case RAMI_MOVE_DISCARD:
        snprintf(buf, cap, "discard %s: %s", card, discard_why(g, m->cards[0]));
        break;
    default:
        hint_play(g, m, buf, cap);
        break;
    }
}

int rami_game_hint_with(const rami_game *g, const rami_bot_options *caller_opt, rami_move *out,
                        char *why, size_t why_cap)
{
    /* why as everywhere (rami.h): NULL allowed, empty unless explained. */
    if (why != NULL && why_cap > 0)
        why[0] = '\0';
    if (g == NULL || out == NULL)
        return rami__why(why, why_cap, RAMI_E_ARG, "no %s (NULL)", g == NULL ? "game" : "move");
    rami_bot_options own;
    const rami_bot_options *opt = &own;
    if (caller_opt == NULL || rami__bot_options_load(caller_opt, &own) != RAMI_OK ||
        opt->level == RAMI_BOT_RANDOM)
        return rami__why(why, why_cap, RAMI_E_ARG,
                         "the options must be valid bot options of level GREEDY or STRONG");
    search_state *s = malloc(sizeof *s);
    if (s == NULL)
        return RAMI_E_NOMEM;
    verdict v;
    int st = rami__bot_choose(g, opt, &v, s);
    if (st == RAMI_OK) {
        *out = v.move;
        if (why != NULL && why_cap > 0)
            hint_reason(g, s, &v.move, why, why_cap);
    }
    free(s);
    return st;
}

int rami_game_hint(const rami_game *g, rami_move *out, char *why, size_t why_cap)
{
    rami_bot_options opt;
    rami_bot_options_init(&opt, RAMI_BOT_STRONG);
    opt.seed = HINT_SEED;
    opt.playouts = HINT_PLAYOUTS; /* a quick answer for interactive use */
    opt.time_ms = HINT_TIME_MS;
    return rami_game_hint_with(g, &opt, out, why, why_cap);
}
