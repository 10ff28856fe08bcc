/*
 * rami.h - the public API of librami, a rules engine for the rummy game Rami
 * (Rami 51, Rami 40 and Finnish rami with its variants).
 *
 * Conventions (see doc/api.md for the long form):
 *  - Every function that can fail returns int: RAMI_OK (0) or a negative
 *    RAMI_E_* status. A call that fails changes nothing.
 *  - Output arrays are caller-owned: (buf, cap, &count). count always receives
 *    the number needed; if it exceeds cap the call returns RAMI_E_BUFFER and
 *    writes nothing beyond cap.
 *  - Only rami_game handles are allocated by the library; each is released
 *    with rami_game_free(), which accepts NULL.
 *  - No global mutable state: every function is reentrant. Different handles
 *    may be used from different threads at once; one handle is not
 *    synchronised, so a handle must not be used by two threads at once
 *    (const functions on one handle may run concurrently with each other).
 *  - Public structs hold fixed-width integers only, for FFI, and no
 *    implicit padding (reserved bytes are spelled out and must be 0).
 *  - Structs that grow (rami_ruleset, rami_deal, rami_bot_options and the
 *    output structs with a size argument) are versioned: the caller states
 *    the size it was compiled with (struct_size, set by the _init
 *    functions, or the size argument, which the convenience macros fill
 *    with sizeof). The library accepts every size from the struct's first
 *    published one up to RAMI_STRUCT_SIZE_MAX, uses only the fields both
 *    sides know, gives the fields an older caller's struct lacks their
 *    defaults, refuses (RAMI_E_ARG) a newer caller's fields it does not
 *    know unless they are zero, and on output zeroes them. See doc/api.md,
 *    "Structs that grow".
 *  - why / why_cap (every function that explains a refusal): why may be
 *    NULL; when why_cap > 0 it is always NUL-terminated, truncated to
 *    why_cap, also on error, and empty on success.
 *  - Unless a function says otherwise: it allocates nothing, a function
 *    taking a const rami_game * only reads it (readers may run at once),
 *    one taking a rami_game * needs exclusive use of it, and its cost is
 *    constant or linear in what it reads and writes.
 *  - Cost (bounded work): the move search (rami_game_legal_moves,
 *    _legal_actions, _legal_actions_mask, _check, _play, _play_action and
 *    rami_game_load's replay) is exponential in a hand's cards in general.
 *    It is bounded because rami_ruleset_check refuses a hand_size above
 *    RAMI_MAX_HAND_SIZE (15; a hand then never holds more than 17 cards):
 *    at most 4,000,000 work units per call, a unit being one node of the
 *    hand solver or one candidate play judged (about 40 ns each on the
 *    2-core CI machine, so about 160 ms at the bound; the worst position
 *    found costs 1,410,000, about 60 ms). tests/worst.c counts the units
 *    of every public function on the worst positions found. rami_solve_hand, which takes
 *    any hand of up to 32 cards, stops after RAMI_SOLVE_NODE_LIMIT nodes
 *    with RAMI_E_LIMIT. The bots (rami_bot_choose, rami_game_hint,
 *    rami_game_determinize) state their own bounds.
 *  - Stack: no call uses more than 256 KB of the caller's stack. The move
 *    search keeps a 64 KB memo there (so that playing never allocates) and
 *    one position per level of its look-ahead (at most 34 levels, as a
 *    hand holds at most 17 cards). Measured high-water marks (tests/stack.c,
 *    which asserts the bound): 85 KB over random self-play of variant
 *    rulesets, 14 KB for rami_solve_hand, 89 KB for the bots and hints.
 *    Threads that call librami need at least that much stack (glibc's
 *    default is 8 MB; musl's 128 KB is too little).
 */
#ifndef RAMI_H
#define RAMI_H

#include <stddef.h>
#include <stdint.h>

#include "rami-version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest struct_size (or size argument) of a versioned struct. */
#define RAMI_STRUCT_SIZE_MAX 4096

/* How the public functions leave and enter the library. On Windows the
 * library's own build defines RAMI_BUILDING_DLL (lib/meson.build); a
 * program that links the static library defines RAMI_STATIC; every other
 * program imports the functions from the DLL. Elsewhere, with GCC or
 * Clang, only these functions are visible outside the shared library. */
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(RAMI_BUILDING_DLL)
#define RAMI_API __declspec(dllexport)
#elif defined(RAMI_STATIC)
#define RAMI_API
#else
#define RAMI_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define RAMI_API __attribute__((visibility("default")))
#else
#define RAMI_API
#endif

/* ------------------------------------------------------------------------ */
/* Status codes                                                              */
/* ------------------------------------------------------------------------ */

/* X(name, value, message): one list generates the enum and the messages,
 * one status a line. */
/* clang-format off */
#define RAMI_STATUS_LIST(X)                                                                                 \
    X(RAMI_OK, 0, "success")                                                                                \
    X(RAMI_E_ARG, -1, "invalid argument")                                                                   \
    X(RAMI_E_NOMEM, -2, "allocation failed")                                                                \
    X(RAMI_E_BUFFER, -3, "output buffer too small")                                                         \
    X(RAMI_E_PARSE, -4, "text could not be parsed")                                                         \
    X(RAMI_E_RULESET, -5, "ruleset is inconsistent")                                                        \
    X(RAMI_E_TURN, -6, "not this player's turn")                                                            \
    X(RAMI_E_PHASE, -7, "move kind not allowed now")                                                        \
    X(RAMI_E_NOT_IN_HAND, -8, "a card of the move is not in the player's hand")                             \
    X(RAMI_E_MELD, -9, "the cards do not form a valid meld")                                                \
    X(RAMI_E_OPENING, -10, "opening requirement not met or no longer reachable")                            \
    X(RAMI_E_NOT_OPENED, -11, "lay-off or joker swap before the player has opened")                         \
    X(RAMI_E_LAYOFF, -12, "the card does not fit that table meld")                                          \
    X(RAMI_E_CLOSED, -13, "the ruleset forbids touching another player's meld")                             \
    X(RAMI_E_SWAP, -14, "no retrievable joker there, or not the card it stands for")                        \
    X(RAMI_E_PICKED, -15, "may not discard the card just taken from the discard pile")                      \
    X(RAMI_E_JOKER_REPLAY, -16, "a retrieved joker that can be played must be played this turn")            \
    X(RAMI_E_MUST_DISCARD, -17, "the ruleset needs a final discard: this would empty the hand")             \
    X(RAMI_E_PICKUP, -18, "taking the discard is not allowed now")                                          \
    X(RAMI_E_UNDO, -19, "nothing to take back")                                                             \
    X(RAMI_E_CORRUPT, -20, "saved game or state text is inconsistent")                                      \
    X(RAMI_E_INTERNAL, -21, "internal error in librami (a bug: please report it)")                          \
    X(RAMI_E_LIMIT, -22, "the request needs more work than the documented bound allows")                    \
    X(RAMI_E_OPENING_TURN, -23, "lay-offs and joker swaps start the turn after the opening")                \
    X(RAMI_E_PICKUP_MELD, -24, "the card taken from the discard pile must be melded or laid off this turn") \
    X(RAMI_E_JOKER_DISCARD, -25, "the ruleset forbids discarding a joker here")
/* clang-format on */

#define RAMI_STATUS_ENUM_(name, value, msg) name = value,
enum rami_status { RAMI_STATUS_LIST(RAMI_STATUS_ENUM_) };
#undef RAMI_STATUS_ENUM_

/* A static English sentence for every status code; unknown codes get a
 * generic sentence. Never NULL, never fails. Thread-safe. */
RAMI_API const char *rami_strerror(int status);

/* The name of a status code as it is spelled in this header ("RAMI_OK",
 * "RAMI_E_ARG", ...), from the same list as the enum; NULL for a code that
 * is not in the list. A static string. Thread-safe. */
RAMI_API const char *rami_status_name(int status);

/* The library's version as "MAJOR.MINOR.PATCH" (static string). Compare it
 * with RAMI_VERSION_STRING to detect a header/library mismatch. Thread-safe. */
RAMI_API const char *rami_version(void);

/* The same as a number, MAJOR * 10000 + MINOR * 100 + PATCH (10000 for
 * 1.0.0), to compare with RAMI_VERSION_NUMBER. Thread-safe. */
RAMI_API int rami_version_number(void);

/* ------------------------------------------------------------------------ */
/* Cards                                                                     */
/* ------------------------------------------------------------------------ */

typedef uint8_t rami_card;

enum rami_suit {
    RAMI_CLUBS = 0,
    RAMI_DIAMONDS = 1,
    RAMI_HEARTS = 2,
    RAMI_SPADES = 3,
    RAMI_SUIT_ANY = 4 /* only as what a joker stands for in a 3-card set */
};

#define RAMI_CARD(rank, suit) ((rami_card)(((unsigned)(suit) << 4) | (unsigned)(rank)))
/* clang-format off */
#define RAMI_CARD_RANK(c) ((unsigned)(c) & 0x0Fu)
/* clang-format on */
#define RAMI_CARD_SUIT(c) ((unsigned)(c) >> 4)
/* Plain integer constants (no cast), so that binding generators read them
 * as values. */
#define RAMI_JOKER   0x50
#define RAMI_NO_CARD 0

#define RAMI_ACE   1
#define RAMI_JACK  11
#define RAMI_QUEEN 12
#define RAMI_KING  13

/* The card macros as functions, for bindings that cannot expand macros.
 * rami_card_make: the card of rank 1..13 and suit 0..3 (or RAMI_SUIT_ANY,
 * a joker's suit-open place); RAMI_NO_CARD for any other rank or suit.
 * rami_card_rank: 1..13 for a natural card or a suit-open place, 0 for the
 * joker, RAMI_NO_CARD and every code that is no card.
 * rami_card_suit: 0..3 for a natural card, RAMI_SUIT_ANY for a suit-open
 * place, -1 for the joker, RAMI_NO_CARD and every code that is no card.
 * Constant time, thread-safe. */
RAMI_API rami_card rami_card_make(int rank, int suit);
RAMI_API int rami_card_rank(rami_card c);
RAMI_API int rami_card_suit(rami_card c);

/* Parses one card: rank A 2..9 10 T J Q K, suit C D H S (either case) or
 * the symbols U+2663 U+2666 U+2665 U+2660 in UTF-8; joker "JK" or "*".
 * Leading and trailing spaces are allowed, nothing else.
 * Errors: RAMI_E_ARG (NULL), RAMI_E_PARSE (anything else). *out is written
 * only on success. Thread-safe; linear in the text. */
RAMI_API int rami_card_parse(const char *text, rami_card *out);

/* Writes the ASCII form ("10S", "AH", "JK"; a suit-open card as "7?") with
 * its NUL. Errors: RAMI_E_ARG (invalid card or NULL buf), RAMI_E_BUFFER (cap
 * too small; buf[0] is then set to NUL if cap > 0). At most 4 bytes.
 * Thread-safe; constant time. */
RAMI_API int rami_card_format(rami_card c, char *buf, size_t cap);

/* Parses a list of cards separated by spaces and/or commas. *count receives
 * the number of cards in the text (also on RAMI_E_BUFFER). Errors:
 * RAMI_E_ARG (NULL text or count, NULL out with cap > 0), RAMI_E_PARSE
 * (nothing meaningful written), RAMI_E_BUFFER. Thread-safe; linear in the
 * text. */
RAMI_API int rami_cards_parse(const char *text, rami_card *out, size_t cap, size_t *count);

/* ------------------------------------------------------------------------ */
/* Rulesets                                                                  */
/* ------------------------------------------------------------------------ */

#define RAMI_MAX_PLAYERS   6
#define RAMI_MAX_HAND      32 /* cards rami_solve_hand takes; a game's hands hold at most 17 */
#define RAMI_MAX_HAND_SIZE 15 /* the largest hand_size rami_ruleset_check accepts */
#define RAMI_MAX_PACK      168
#define RAMI_MAX_MELD      13

/* Versioned: first published size 24 bytes (struct_size .. match_target,
 * the original contract); fields added later take their defaults (0 = the
 * rule of the original contract) for a caller whose struct ends before
 * them. */
typedef struct rami_ruleset {
    uint32_t struct_size;    /* the caller's sizeof(rami_ruleset), set by rami_ruleset_init */
    uint8_t players;         /* 2..6 */
    uint8_t decks;           /* standard 52-card decks in the pack */
    uint8_t jokers;          /* jokers in the pack */
    uint8_t hand_size;       /* cards dealt to each player: 1..RAMI_MAX_HAND_SIZE */
    uint16_t opening_points; /* minimum value of the first lay-down; 0 = none */
    uint8_t jokers_per_meld; /* 1 in every preset */
    uint8_t max_restocks;    /* times the discard pile may become the stock; 255 = unlimited */
    uint16_t max_turns;      /* round ends after this many turns; 0 = no cap */
    uint8_t joker_penalty;   /* points for a joker left in hand */
    uint8_t ace_penalty;     /* points for an ace left in hand */
    uint32_t options;        /* RAMI_OPT_* bits */
    uint16_t match_rounds;   /* match ends after this many rounds; 0 = off */
    uint16_t match_target;   /* match ends when a total reaches this; 0 = off */
    /* House rules (doc/rules.md; in the 1.0 layout, 28 bytes: a caller
     * with the first layout gets 0, the original rule). */
    uint16_t unopened_penalty; /* points of a seat that has not opened when another goes out
                                  (0..9999); 0 = its hand value as usual */
    uint8_t reserved[2];       /* must be 0 */
} rami_ruleset;

#define RAMI_OPT_LAYOFF_OTHERS    (1u << 0) /* off = closed rami */
#define RAMI_OPT_GO_OUT_BY_MELD   (1u << 1) /* off = strict rami */
#define RAMI_OPT_KEEP_PICKUP      (1u << 2) /* picked card may not be discarded */
#define RAMI_OPT_PICKUP_MUST_MELD (1u << 3) /* picked card must be played this turn */
#define RAMI_OPT_JOKER_SWAP       (1u << 4) /* opened players may retrieve jokers */
#define RAMI_OPT_JOKER_REPLAY     (1u << 5) /* a retrieved joker must be replayed */
#define RAMI_OPT_OPEN_PURE_RUN    (1u << 6) /* opening needs a run without joker */
#define RAMI_OPT_JOKER_CHOICE     (1u << 7) /* player picks an ambiguous joker's place */
#define RAMI_OPT_OPEN_TURN_LAYOFF (1u << 8) /* lay-offs allowed in the opening turn */
/* House rules (doc/rules.md), off in every preset but SET_SWAP_ANY in FINNISH: */
#define RAMI_OPT_NO_JOKER_DISCARD (1u << 9)  /* no joker discarded while another card is held */
#define RAMI_OPT_NO_JOKER_OUT     (1u << 10) /* the last card may not be a discarded joker */
#define RAMI_OPT_ONE_GO_DOUBLE    (1u << 11) /* out in one turn from a closed hand: others x2 */
#define RAMI_OPT_ELIMINATION      (1u << 12) /* a seat whose total reaches match_target leaves */
#define RAMI_OPT_LOW_HAND_ZERO    (1u << 13) /* stock-out / turn cap: the lowest hands score 0 */
#define RAMI_OPT_SET_SWAP_ANY     (1u << 14) /* a set's joker: any natural of a missing suit */
#define RAMI_OPT_ALL              0x7FFFu    /* every option bit this version knows */

enum rami_preset {
    RAMI_PRESET_51 = 0,
    RAMI_PRESET_40 = 1,
    RAMI_PRESET_51_HOUSE = 2,
    RAMI_PRESET_40_HOUSE = 3,
    RAMI_PRESET_FINNISH = 4
};

#define RAMI_UNLIMITED_RESTOCKS 255

/* Fills the caller's struct of `size` bytes (its sizeof(rami_ruleset))
 * with a preset for 2..6 players (values of doc/rules.md §9): struct_size
 * = size, the fields this library knows, zero in any later field. Errors:
 * RAMI_E_ARG (NULL, unknown preset, players out of range, size below 24 or
 * above RAMI_STRUCT_SIZE_MAX); *rs is untouched then. Thread-safe. */
RAMI_API int rami_ruleset_init_sized(rami_ruleset *rs, size_t size, int preset, unsigned players);

/* rami_ruleset_init_sized for a struct of the 1.0 layout: the entry point
 * of bindings that cannot expand the macro below. C and C++ programs call
 * the macro, which passes the sizeof of the header they were built with. */
RAMI_API int rami_ruleset_init(rami_ruleset *rs, int preset, unsigned players);
#define rami_ruleset_init(rs, preset, players)                                                     \
    rami_ruleset_init_sized((rs), sizeof(rami_ruleset), (preset), (players))

/* RAMI_OK if *rs describes a playable game, else RAMI_E_RULESET, or
 * RAMI_E_ARG for NULL rs, a struct_size outside 24..RAMI_STRUCT_SIZE_MAX or
 * non-zero fields this library does not know; and, if why != NULL, an
 * English reason in why (truncated to why_cap, always NUL-terminated when
 * why_cap > 0, empty on success). Constant time. Thread-safe. */
RAMI_API int rami_ruleset_check(const rami_ruleset *rs, char *why, size_t why_cap);

/* ------------------------------------------------------------------------ */
/* Stateless meld evaluation                                                 */
/* ------------------------------------------------------------------------ */

enum rami_meld_kind { RAMI_MELD_NONE = 0, RAMI_MELD_SET = 1, RAMI_MELD_RUN = 2 };

typedef struct rami_meld_info {
    uint8_t kind;                   /* rami_meld_kind */
    uint8_t count;                  /* cards in the meld */
    uint16_t points;                /* value when laid down */
    rami_card cards[RAMI_MAX_MELD]; /* table order: runs low to high, joker in its place */
    rami_card joker_as;             /* what the (first) joker stands for, RAMI_NO_CARD if none */
} rami_meld_info;

/* Judges cards[0..n) (any order) as a meld under rs (jokers_per_meld is the
 * field that matters; rs may be NULL for the reference value 1). A joker at
 * a run's end stands at the lower place. RAMI_OK for a valid meld, else
 * RAMI_E_MELD with info zeroed (kind NONE); RAMI_E_ARG for NULL cards with
 * n > 0, an invalid card code or an invalid ruleset. info may be NULL.
 * Thread-safe; linear in n. */
RAMI_API int rami_meld_check(const rami_ruleset *rs, const rami_card *cards, size_t n,
                             rami_meld_info *info);

/* ------------------------------------------------------------------------ */
/* Game handle                                                               */
/* ------------------------------------------------------------------------ */

typedef struct rami_game rami_game;

/* Versioned: first published size 544 bytes (this layout). */
typedef struct rami_deal {
    uint32_t struct_size; /* the caller's sizeof(rami_deal) */
    uint8_t dealer;       /* seat after the dealer starts */
    uint8_t hand_count[RAMI_MAX_PLAYERS];
    rami_card hands[RAMI_MAX_PLAYERS][RAMI_MAX_HAND];
    uint8_t reserved; /* 0 (was hidden padding) */
    uint16_t stock_count;
    rami_card stock[RAMI_MAX_PACK]; /* stock[stock_count-1] is drawn first */
    uint16_t discard_count;
    rami_card discard[RAMI_MAX_PACK]; /* discard[discard_count-1] is the top */
} rami_deal;

enum rami_phase {
    RAMI_PHASE_DRAW = 0,
    RAMI_PHASE_PLAY = 1,
    RAMI_PHASE_ROUND_OVER = 2,
    RAMI_PHASE_MATCH_OVER = 3
};

enum rami_end_reason {
    RAMI_END_NONE = 0,
    RAMI_END_WENT_OUT = 1,
    RAMI_END_STOCK_OUT = 2,
    RAMI_END_TURN_LIMIT = 3
};

typedef struct rami_round_result {
    uint8_t reason;                        /* rami_end_reason */
    uint8_t winners;                       /* bit mask of seats */
    uint16_t hand_value[RAMI_MAX_PLAYERS]; /* penalty value of each hand */
    int16_t points[RAMI_MAX_PLAYERS];      /* points scored this round */
} rami_round_result;

/* Starts a match under a copy of *rs and deals round 1 from seed with the
 * library's own portable generator: the same seed deals the same cards on
 * every platform and build. *out receives a new handle owned by the caller
 * (release with rami_game_free). Errors: RAMI_E_ARG (NULL rs or out, a
 * bad struct_size), RAMI_E_RULESET (rami_ruleset_check refuses *rs),
 * RAMI_E_NOMEM; *out is untouched on error. Allocates the handle (about
 * 20 kB); linear in the pack. Thread-safe. */
RAMI_API int rami_game_new(const rami_ruleset *rs, uint64_t seed, rami_game **out);

/* Starts a match whose round 1 is the exact position in *deal (the seat
 * after deal->dealer plays first). No face may appear more often than the
 * pack holds and every hand must hold 1..hand_size+1 cards, at most
 * RAMI_MAX_HAND - 1 so that the draw of its turn fits (RAMI_E_ARG);
 * the deal may hold fewer cards than the pack, and needs at least one stock
 * card; reserved must be 0. seed drives later reshuffles and rounds.
 * Errors as rami_game_new, and RAMI_E_ARG for a deal that breaks these
 * rules or has a bad struct_size. Thread-safe. */
RAMI_API int rami_game_new_deal(const rami_ruleset *rs, const rami_deal *deal, uint64_t seed,
                                rami_game **out);

/* An independent copy of *g (same future shuffles, same undo stack and
 * log); *out is a new handle, the caller's. Errors: RAMI_E_ARG (NULL),
 * RAMI_E_NOMEM. Reads g only. */
RAMI_API int rami_game_clone(const rami_game *g, rami_game **out);

/* Releases a handle and everything it owns; NULL is a no-op. Exclusive
 * use of g. Never fails. */
RAMI_API void rami_game_free(rami_game *g);

/* Queries. Functions returning int give RAMI_E_ARG for a NULL game or a bad
 * seat; size_t / rami_card / uint64_t queries give 0 / RAMI_NO_CARD for
 * NULL. All read g only; constant time (rami_game_hand: its cards). */
RAMI_API int rami_game_phase(const rami_game *g);
RAMI_API int rami_game_current_player(const rami_game *g);
RAMI_API int rami_game_dealer(const rami_game *g);
RAMI_API int rami_game_round(const rami_game *g); /* 1-based */
RAMI_API int rami_game_turn(const rami_game *g);  /* turns begun this round */

/* A player's hand sorted by suit then rank, jokers last; (buf, cap, count)
 * as usual (RAMI_MAX_HAND always suffices). Errors: RAMI_E_ARG (NULL game
 * or count, bad seat, NULL buf with cap > 0), RAMI_E_BUFFER. */
RAMI_API int rami_game_hand(const rami_game *g, int player, rami_card *buf, size_t cap,
                            size_t *count);

/* The sizes of the stock and the discard pile (0 for NULL), and the top of
 * the discard pile (RAMI_NO_CARD when it is empty, and for NULL). */
RAMI_API size_t rami_game_stock_count(const rami_game *g);
RAMI_API size_t rami_game_discard_count(const rami_game *g);
RAMI_API rami_card rami_game_discard_top(const rami_game *g);
/* 1 if the player has opened this round, 0 if not, RAMI_E_ARG. */
RAMI_API int rami_game_has_opened(const rami_game *g, int player);
/* 1 if the seat still plays in the match, 0 if it has been eliminated
 * (RAMI_OPT_ELIMINATION: its total reached match_target; it holds no cards,
 * never moves and scores 0 from then on), RAMI_E_ARG. Always 1 without
 * ELIMINATION. Thread-safe for const handles. */
RAMI_API int rami_game_in_match(const rami_game *g, int player);

/* How many melds lie on the table (0 for NULL). */
RAMI_API size_t rami_game_meld_count(const rami_game *g);

/* Table meld `index`: the seat that laid it and its cards. Melds keep the
 * order they were laid in; indices never change within a round. owner and
 * info may be NULL. Errors: RAMI_E_ARG (NULL game, index too big). */
RAMI_API int rami_game_meld(const rami_game *g, size_t index, int *owner, rami_meld_info *info);

/* How the round ended. Errors: RAMI_E_ARG (NULL), RAMI_E_PHASE (not in
 * ROUND_OVER or MATCH_OVER). */
RAMI_API int rami_game_round_result(const rami_game *g, rami_round_result *out);

/* Match totals of seats 0..cap-1 (cap may exceed the player count; extra
 * entries are set to 0). Errors: RAMI_E_ARG (NULL game, NULL totals with
 * cap > 0). */
RAMI_API int rami_game_scores(const rami_game *g, int32_t *totals, size_t cap);

/* From ROUND_OVER: the dealer moves one seat clockwise and a new round is
 * dealt. Errors: RAMI_E_ARG (NULL), RAMI_E_PHASE (round not over, or the
 * match is over). Exclusive use of g; linear in the pack. */
RAMI_API int rami_game_next_round(rami_game *g);

/* The match winners, a bit mask of the seats with the lowest total, once
 * the match is over. Errors: RAMI_E_ARG (NULL), RAMI_E_PHASE (match not
 * over). */
RAMI_API int rami_game_match_winners(const rami_game *g);

/* A copy of the game's ruleset in the caller's struct of `size` bytes (its
 * sizeof(rami_ruleset)): the fields both know, zero in later ones,
 * struct_size = size; the game's fields beyond a smaller struct are not
 * reported. Errors: RAMI_E_ARG (NULL, size below 24 or above
 * RAMI_STRUCT_SIZE_MAX). */
RAMI_API int rami_game_ruleset_sized(const rami_game *g, rami_ruleset *out, size_t size);
/* The same for the 1.0 layout, for bindings; C and C++ call the macro. */
RAMI_API int rami_game_ruleset(const rami_game *g, rami_ruleset *out);
#define rami_game_ruleset(g, out) rami_game_ruleset_sized((g), (out), sizeof(rami_ruleset))

/* The seed the game was created with (0 for NULL). */
RAMI_API uint64_t rami_game_seed(const rami_game *g);

/* The card the current player took from the discard pile this turn, or
 * RAMI_NO_CARD (also for NULL and outside the play phase). */
RAMI_API rami_card rami_game_picked(const rami_game *g);

/* ------------------------------------------------------------------------ */
/* What a game or GUI asks (added in 1.0)                                    */
/* ------------------------------------------------------------------------ */

/* The number of cards in a seat's hand, without the cards (what every seat
 * may know). Errors: RAMI_E_ARG (NULL, seat out of range). Constant time. */
RAMI_API int rami_game_hand_count(const rami_game *g, int player);

/* The whole discard pile, bottom first: buf[count-1] is the top card
 * (rami_game_discard_top). (buf, cap, count) as usual; a buffer of
 * RAMI_MAX_PACK cards always suffices. Errors: RAMI_E_ARG, RAMI_E_BUFFER
 * (nothing written). Cost: the cards copied. */
RAMI_API int rami_game_discard_pile(const rami_game *g, rami_card *buf, size_t cap, size_t *count);

/* How many plays (melds, lay-offs, swaps) of the current turn
 * rami_game_undo can take back now; 0 outside the play phase. Errors:
 * RAMI_E_ARG (NULL). Constant time. */
RAMI_API int rami_game_undo_count(const rami_game *g);

/* The state of the current turn: who moves, the opening so far and what
 * the player still owes. Versioned output struct (first published size
 * 20): filled by rami_game_turn_info with the caller's sizeof. */
typedef struct rami_turn_info {
    uint32_t struct_size;     /* set by the library: the caller's size */
    uint8_t player;           /* seat to move (after the round: who moved last) */
    uint8_t phase;            /* rami_phase */
    uint8_t opened;           /* 1 once the seat has opened this round (also in this turn) */
    uint8_t opened_this_turn; /* 1 if it opened in this turn */
    uint16_t points_laid; /* value of the melds laid this turn (what counts toward the opening) */
    uint16_t opening_points;  /* the ruleset's opening requirement */
    uint8_t melds_laid;       /* melds laid this turn */
    uint8_t undo_count;       /* as rami_game_undo_count */
    rami_card picked;         /* taken from the discard pile this turn, or RAMI_NO_CARD */
    rami_card must_play;      /* PICKUP_MUST_MELD: the picked card, still to be melded or laid
                                 off this turn; else RAMI_NO_CARD */
    uint8_t jokers_to_replay; /* JOKER_REPLAY: retrieved jokers still to be played this turn */
    uint8_t
        pure_run_needed; /* OPEN_PURE_RUN: 1 while the opening still lacks a run without joker */
    rami_card
        may_not_discard; /* KEEP_PICKUP: the face that may not be discarded, or RAMI_NO_CARD */
    uint8_t reserved;    /* 0 */
} rami_turn_info;

/* Fills the caller's rami_turn_info of `size` bytes (its sizeof; see
 * "versioned" at the top): outside the play phase the turn fields are 0 /
 * RAMI_NO_CARD. Errors: RAMI_E_ARG (NULL, size below 20 or above
 * RAMI_STRUCT_SIZE_MAX; nothing written). Constant time. */
RAMI_API int rami_game_turn_info(const rami_game *g, rami_turn_info *out, size_t size);

/* History: what happened in the current round, for a program that shows
 * (animates) every turn. kind is a rami_move_kind for a move, or one of
 * these for what happened between moves. */
enum rami_event_kind {
    RAMI_EVENT_RESTOCK = 16,  /* the discard pile but its top became the stock, shuffled */
    RAMI_EVENT_OPENED = 17,   /* seat completed its opening with the meld before */
    RAMI_EVENT_ROUND_END = 18 /* the round ended (target: rami_end_reason) */
};

/* One event. A plain value of 32 bytes (not versioned: it is an array
 * element); reserved bytes are 0. */
typedef struct rami_event {
    uint8_t kind;     /* rami_move_kind or rami_event_kind */
    uint8_t seat;     /* who moved; RESTOCK: whose turn it begins; ROUND_END: who moved last */
    uint8_t target;   /* MELD: index of the new table meld; LAYOFF, SWAP: the table meld;
                         ROUND_END: rami_end_reason */
    uint8_t side;     /* MELD, LAYOFF: the side of the move in canonical form */
    uint8_t count;    /* cards in cards[] */
    uint8_t reserved; /* 0 */
    uint16_t points;  /* MELD: its value; OPENED: the value laid in the turn; RESTOCK: the
                         cards of the new stock */
    uint32_t turn;    /* turn of the round, from 1 */
    rami_card cards[RAMI_MAX_MELD]; /* MELD: in table order; DRAW_DISCARD: the card taken;
                                       DRAW_STOCK: the card drawn, only when the viewer may
                                       see it (count 0 otherwise); LAYOFF, SWAP (the card
                                       given for the joker), DISCARD: the card */
    uint8_t reserved2[7];           /* 0 */
} rami_event;

/* Viewers of rami_game_view_json and rami_game_history besides the seats
 * 0..players-1: everything (every hand and the stock), or only what every
 * seat knows (no hand: for a spectator, a table display, a log shown to
 * all). Plain integer constants, for binding generators. */
#define RAMI_VIEWER_ALL    -1
#define RAMI_VIEWER_PUBLIC -2

/* The events of the current round in order, as seat `viewer` may know them
 * (RAMI_VIEWER_ALL: everything; RAMI_VIEWER_PUBLIC: what every seat knows,
 * so no card drawn from the stock): each move with its seat (a draw from the stock shows
 * its card only to that seat), a restock where it happened, an OPENED
 * event after the meld that completed an opening, and ROUND_END once the
 * round is over. Plays taken back with rami_game_undo are not history.
 * (buf, cap, count) as usual (events up to cap are written). At most 3
 * events per move. Errors: RAMI_E_ARG (NULL, viewer outside
 * -2..players-1, or g is a copy made by rami_game_determinize or a clone of
 * one, until its next round: its hidden cards were dealt anew, so the round
 * does not replay from its deal; ask the game it was made from),
 * RAMI_E_BUFFER, RAMI_E_INTERNAL. Cost: replays the round (each move judged
 * again without look-ahead): linear in its moves, about a microsecond per
 * move. Reads g only. */
RAMI_API int rami_game_history(const rami_game *g, int viewer, rami_event *buf, size_t cap,
                               size_t *count);

/* ------------------------------------------------------------------------ */
/* Moves                                                                     */
/* ------------------------------------------------------------------------ */

enum rami_move_kind {
    RAMI_MOVE_DRAW_STOCK = 1,
    RAMI_MOVE_DRAW_DISCARD,
    RAMI_MOVE_MELD,
    RAMI_MOVE_LAYOFF,
    RAMI_MOVE_SWAP,
    RAMI_MOVE_DISCARD
};

enum rami_side { RAMI_SIDE_AUTO = 0, RAMI_SIDE_LOW = 1, RAMI_SIDE_HIGH = 2 };

typedef struct rami_move {
    uint8_t kind;                   /* rami_move_kind */
    uint8_t count;                  /* cards used in cards[] */
    uint8_t target;                 /* LAYOFF, SWAP: index of the table meld */
    uint8_t side;                   /* LAYOFF on a run / MELD with an ambiguous joker */
    rami_card cards[RAMI_MAX_MELD]; /* MELD: the cards; LAYOFF, SWAP, DISCARD: cards[0] */
} rami_move;

/* A buffer of this many moves always holds rami_game_legal_moves when
 * jokers_per_meld is 1 (every preset). With more jokers per meld a large
 * hand can have more melds: size the buffer from the count the function
 * returns. */
#define RAMI_MAX_MOVES 4096

/* Every distinct legal move of the current player, in a deterministic order
 * (draws; melds; lay-offs; swaps; discards), each in canonical form (meld
 * cards in table order, side AUTO unless the side matters). Moves that
 * differ only in which copy of an identical card is used are one move.
 * Every listed move is accepted by rami_game_play; every other move is
 * refused, unless it is a listed move spelled another way (doc/rules.md,
 * "Moves and their canonical form": cards in another order, a side named
 * where there is one place, AUTO where LOW and HIGH are both listed, which
 * means LOW). In ROUND_OVER / MATCH_OVER the list is empty. (buf, cap, count)
 * as usual: the first cap moves are written. Errors: RAMI_E_ARG (NULL game
 * or count, NULL buf with cap > 0), RAMI_E_BUFFER. Reads g only. Cost: the
 * move search, at most 4,000,000 work units (see "Cost" at the top). */
RAMI_API int rami_game_legal_moves(const rami_game *g, rami_move *buf, size_t cap, size_t *count);

/* RAMI_OK if seat player may make move *m now, else the status and, if why
 * is not NULL, a precise English reason naming the cards and the rule
 * (why as at the top). Errors: RAMI_E_ARG (NULL game or move, a malformed
 * move, no such seat or table meld) and every rule status: RAMI_E_TURN to
 * RAMI_E_PICKUP, RAMI_E_OPENING_TURN and RAMI_E_PICKUP_MELD (doc/api.md).
 * Reads g only.
 * Cost: the move search, at most 4,000,000 work units. */
RAMI_API int rami_game_check(const rami_game *g, int player, const rami_move *m, char *why,
                             size_t why_cap);

/* A refusal for a program to word itself (in its own language): the
 * status of rami_game_check and what it is about. Versioned output struct
 * (first published size 32), filled by rami_game_check_ex. */
#define RAMI_NO_TARGET 255
typedef struct rami_refusal {
    uint32_t struct_size;   /* set by the library: the caller's size */
    int16_t status;         /* what rami_game_check returns (RAMI_OK: the move is legal) */
    uint8_t seat;           /* TURN: the seat to move; CLOSED: the meld's owner; else the player */
    uint8_t target;         /* LAYOFF, SWAP: the table meld; RAMI_NO_TARGET if none */
    uint16_t points_needed; /* the opening requirement (OPENING, NOT_OPENED, OPENING_TURN) */
    uint16_t points_laid;   /* value laid this turn before this move (OPENING) */
    uint8_t phase;          /* rami_phase (PHASE: what the move did not fit) */
    uint8_t count;          /* cards in cards[] */
    rami_card cards[RAMI_MAX_MELD]; /* the card(s) the refusal is about: NOT_IN_HAND: those
                                       missing; PICKED, PICKUP, PICKUP_MELD: the card taken
                                       (or to be taken); JOKER_REPLAY: a joker; TURN, PHASE,
                                       ARG: none; every other: the move's cards */
    uint8_t reserved[5];            /* 0 */
} rami_refusal;

/* rami_game_check, and the refusal in *out (out_size bytes, the caller's
 * sizeof; out may be NULL): the same status and why. Errors: those of
 * rami_game_check, and RAMI_E_ARG for an out_size below 32 or above
 * RAMI_STRUCT_SIZE_MAX (nothing judged, nothing written). Reads g only;
 * cost as rami_game_check. */
RAMI_API int rami_game_check_ex(const rami_game *g, int player, const rami_move *m,
                                rami_refusal *out, size_t out_size, char *why, size_t why_cap);

/* Applies a legal move; on any error nothing changes. Errors: those of
 * rami_game_check, and RAMI_E_NOMEM when the round log of a round without
 * a turn cap cannot grow. Exclusive use of g. Cost: the move search, at
 * most 4,000,000 work units. */
RAMI_API int rami_game_play(rami_game *g, int player, const rami_move *m);

/* Takes back the last MELD, LAYOFF or SWAP of the current turn (see
 * rami_game_undo_count). Errors: RAMI_E_ARG (NULL, bad seat), RAMI_E_PHASE
 * (the round or match is over), RAMI_E_TURN (not that seat's turn),
 * RAMI_E_UNDO (nothing to take back). Exclusive use of g; constant time. */
RAMI_API int rami_game_undo(rami_game *g, int player);

/* ------------------------------------------------------------------------ */
/* Text forms                                                                */
/* ------------------------------------------------------------------------ */

/* Parses move notation: "draw", "take", "meld 7S 8S 9S", "meld JK 7S 8S high",
 * "lay 9S on 2", "lay JK on 2 low", "swap 6S on 2", "discard KH". Case,
 * commas and extra spaces are forgiven; anything else is RAMI_E_PARSE.
 * Table meld numbers in the text are 1-based ("on 2" is target index 1).
 * *out is written only on success. Errors: RAMI_E_ARG (NULL),
 * RAMI_E_PARSE. Thread-safe; linear in the text. */
RAMI_API int rami_move_parse(const char *text, rami_move *out);

/* Formats a move in the notation above, the exact inverse of
 * rami_move_parse (80 bytes always suffice). Errors: RAMI_E_ARG (NULL,
 * malformed move), RAMI_E_BUFFER (buf[0] = NUL when cap > 0).
 * Thread-safe; constant time. */
RAMI_API int rami_move_format(const rami_move *m, char *buf, size_t cap);

/* Writes a versioned, human-readable record of the match (format in
 * doc/record-format.md): ruleset, seed, completed rounds' points, the
 * current round's deal (seed or exact cards) and every move of it. *len
 * receives the length without the NUL; RAMI_E_BUFFER if cap < *len + 1.
 * Errors: RAMI_E_ARG (NULL game or len, NULL buf with cap > 0),
 * RAMI_E_BUFFER, RAMI_E_INTERNAL (the game cannot be written: never,
 * unless the library has a bug; nothing written). Reads g only; linear in
 * the round's moves. */
RAMI_API int rami_game_save(const rami_game *g, char *buf, size_t cap, size_t *len);

/* Rebuilds a game from a record, replaying and validating every move: the
 * result is identical to the saved game (state, legal moves, future
 * shuffles). text need not be NUL-terminated. *out receives a new handle.
 * Errors: RAMI_E_ARG, RAMI_E_PARSE (not a record), RAMI_E_CORRUPT
 * (inconsistent: illegal move, bad numbers, edited cards), RAMI_E_NOMEM;
 * nothing is allocated on error. Safe on any input. Thread-safe. Cost:
 * each move of the record is played again, so at most its moves times the
 * bound of rami_game_play. */
RAMI_API int rami_game_load(const char *text, size_t len, rami_game **out);

/* The state as seat `viewer` may know it, as JSON (other hands as counts,
 * the stock as a count); RAMI_VIEWER_ALL (-1) shows everything,
 * RAMI_VIEWER_PUBLIC (-2) what every seat knows: no hand at all, only
 * counts. *len as for save.
 * Errors: RAMI_E_ARG (also a viewer outside -2..players-1), RAMI_E_BUFFER,
 * RAMI_E_INTERNAL (as for save). Reads g only; linear in the round's
 * moves and the table. */
RAMI_API int rami_game_view_json(const rami_game *g, int viewer, char *buf, size_t cap,
                                 size_t *len);

/* ------------------------------------------------------------------------ */
/* Hand solver                                                               */
/* ------------------------------------------------------------------------ */

enum rami_solve_goal {
    RAMI_SOLVE_MAX_POINTS = 0, /* largest total of disjoint melds (what an opening can reach) */
    RAMI_SOLVE_MIN_PENALTY = 1 /* smallest hand value left after melding (going out) */
};

#define RAMI_MAX_SOLUTION_MELDS 10

/* The most search nodes one rami_solve_hand call spends (about 70 ms on
 * the 2-core CI machine) before it gives up with RAMI_E_LIMIT. */
#define RAMI_SOLVE_NODE_LIMIT 2000000

typedef struct rami_solution {
    uint8_t meld_count; /* melds chosen */
    uint8_t left_count; /* cards left over */
    uint16_t points;    /* total value of the melds */
    uint16_t penalty;   /* hand value of the cards left */
    uint16_t reserved;
    rami_meld_info melds[RAMI_MAX_SOLUTION_MELDS]; /* in table order */
    rami_card left[RAMI_MAX_HAND];                 /* sorted by suit, rank, jokers last */
} rami_solution;

/* Best disjoint melds from hand[0..n) (n <= RAMI_MAX_HAND) under rs:
 * jokers, duplicate cards, jokers_per_meld, JOKER_CHOICE and, for
 * RAMI_SOLVE_MAX_POINTS, OPEN_PURE_RUN (no melds at all if no selection has
 * a run without joker). Exact. Errors: RAMI_E_ARG (NULL, bad card, n too
 * big, unknown goal, invalid ruleset), RAMI_E_LIMIT (the search needed
 * more than RAMI_SOLVE_NODE_LIMIT nodes; *out untouched). Thread-safe; no
 * allocation. Cost: at most RAMI_SOLVE_NODE_LIMIT nodes. A hand a game of
 * a valid ruleset can hold (up to 17 cards) never comes near it: the worst
 * found costs 95,000 nodes (tests/worst.c); hands of 22 cards and more
 * with many jokers can reach it. */
RAMI_API int rami_solve_hand(const rami_ruleset *rs, const rami_card *hand, size_t n, int goal,
                             rami_solution *out);

/* ======================================================================== */
/* EVOLVING API: hidden information, bots and hints                          */
/* ======================================================================== */
/* Everything from here to "END OF THE EVOLVING API" is the part of librami
 * that keeps improving after 1.0, while the rules API above stays frozen.
 * Between minor versions these may change: the moves a bot or a hint
 * chooses (so its strength and the games it plays), its speed and default
 * budgets, the wording of hint reasons, and the deal that
 * rami_game_determinize draws for a given seed. These stay: the function
 * signatures, the meaning of every documented field and status, and the
 * guarantees written here (a bot only plays legal moves, never reads a card
 * its player could not know, and its work is bounded as stated). New bot
 * levels and new trailing fields of rami_bot_options may be added. To
 * reproduce a game exactly, save its moves (rami_game_save), not the bot
 * options that chose them. doc/bots.md has the algorithms and figures. */

/* A copy of *g in which every card seat `viewer` cannot see (other hands,
 * the stock, the order of future reshuffles) is dealt anew at random from
 * seed, keeping everything public: hand sizes, the table, the discard pile
 * and the cards a player is known to hold because they took them from the
 * discard pile this round. Depends only on what viewer may know and seed.
 * The caller owns *out (rami_game_free). Errors: RAMI_E_ARG, RAMI_E_NOMEM.
 * Cost: linear in the pack and the round's log; one handle allocated, as
 * large as g's. Thread-safe for distinct or const handles. */
RAMI_API int rami_game_determinize(const rami_game *g, int viewer, uint64_t seed, rami_game **out);

enum rami_bot_level { RAMI_BOT_RANDOM = 0, RAMI_BOT_GREEDY = 1, RAMI_BOT_STRONG = 2 };

/* Versioned: first published size 24 bytes (struct_size .. time_ms). */
typedef struct rami_bot_options {
    uint32_t struct_size; /* the caller's sizeof(rami_bot_options) */
    uint8_t level;        /* rami_bot_level */
    uint8_t reserved[3];
    uint64_t seed;     /* randomness of the bot's choices and samples */
    uint32_t playouts; /* STRONG: most simulated games per decision; 0 = default */
    uint32_t time_ms;  /* STRONG: wall-clock limit per decision; 0 = none */
} rami_bot_options;

/* Default options for a level (seed 0, the level's default playouts, no
 * time limit) in the caller's struct of `size` bytes (its
 * sizeof(rami_bot_options)), as rami_ruleset_init_sized does. Errors:
 * RAMI_E_ARG (NULL, unknown level, size below 24 or above
 * RAMI_STRUCT_SIZE_MAX). O(1), no allocation. Thread-safe. */
RAMI_API int rami_bot_options_init_sized(rami_bot_options *opt, size_t size, int level);
/* The same for the 1.0 layout, for bindings; C and C++ call the macro. */
RAMI_API int rami_bot_options_init(rami_bot_options *opt, int level);
#define rami_bot_options_init(opt, level)                                                          \
    rami_bot_options_init_sized((opt), sizeof(rami_bot_options), (level))

/* Chooses a legal move for the current player using only what that player
 * may know (the same move for two games that differ only in hidden cards,
 * given the same options): it searches a determinized copy, and the move
 * is judged again on g before it is returned. Deterministic for given
 * options when time_ms is 0. Errors: RAMI_E_ARG (NULL, wrong struct_size,
 * unknown level, non-zero reserved), RAMI_E_PHASE (round or match over),
 * RAMI_E_NOMEM, RAMI_E_INTERNAL (the library contradicted itself: a bug).
 * Thread-safe for distinct or const handles; no global state.
 * Worst case, counted in greedy steps. One greedy step is at most 3 hand
 * solves of at most 20,000 solver nodes each (about 1-2 ms on the largest
 * rulesets, a few microseconds in the presets), at most 256 moves judged
 * as rami_game_check judges them, and, when none of its plays is legal,
 * one rami_game_legal_moves call:
 *  - RANDOM: one rami_game_legal_moves call; allocates the determinized
 *    copy and a list of RAMI_MAX_MOVES moves.
 *  - GREEDY: one greedy step; allocates the determinized copy.
 *  - STRONG: one greedy step, one more solve and at most one judged
 *    discard per face in hand to list its candidates; then, per sample, up to 16 determinizations
 *    (opponent model) and one playout per candidate still raced; in all at
 *    most `playouts` playouts (default 1000; most decisions stop far
 *    sooner, plus at most the 5 more one sample may need), at most 2,000
 *    steps per playout, and at most playouts x 256 steps and playouts x
 *    4,096 solver nodes, checked before every step and every deal of the
 *    opponent model (which checks each opponent's last discard and pass
 *    with at most 3 more solves). With time_ms > 0 it also stops there once
 *    time_ms has passed: it returns within time_ms plus one greedy step or
 *    deal check plus the final check of the move (doc/bots.md has the
 *    measured slack). Allocates the determinized copy,
 *    two more handles like it and a search state of a few kilobytes. */
RAMI_API int rami_bot_choose(const rami_game *g, const rami_bot_options *opt, rami_move *out);

/* A suggested move for the current player and a one-line English reason
 * that starts with the move in notation: the choice of the bot opt
 * describes (level GREEDY or STRONG), made as rami_bot_choose makes it and
 * within the same bounds (opt->playouts, opt->time_ms). why as at the
 * top: NULL allowed, always NUL-terminated when why_cap > 0, the reason of
 * an argument error, else empty on error. Errors: RAMI_E_ARG (as
 * rami_bot_choose, level RANDOM), RAMI_E_PHASE, RAMI_E_NOMEM,
 * RAMI_E_INTERNAL. Thread-safe for distinct or const handles. */
RAMI_API int rami_game_hint_with(const rami_game *g, const rami_bot_options *opt, rami_move *out,
                                 char *why, size_t why_cap);

/* rami_game_hint_with with the default hint budget: the strong bot with a
 * fixed seed and at most 600 playouts, no clock (so a position always gets
 * the same hint; its bounds are those of rami_bot_choose with playouts =
 * 600). */
RAMI_API int rami_game_hint(const rami_game *g, rami_move *out, char *why, size_t why_cap);

/* ======================================================================== */
/* END OF THE EVOLVING API                                                   */
/* ======================================================================== */

/* ------------------------------------------------------------------------ */
/* Integer actions, returns and game length (for learning agents)            */
/* ------------------------------------------------------------------------ */

/* doc/actions.md has the numbering with its arithmetic and worked examples.
 * Every move a ruleset can make has one fixed id in 0..N-1 (N =
 * rami_num_distinct_actions): the same id names the same move struct in
 * every position of that ruleset, and in every later library version. Each
 * legal move (as rami_game_legal_moves lists it, in canonical form) has
 * exactly one id. A few ids of the range name no move (a run placement the
 * rules never produce under this ruleset): they are never legal and
 * rami_action_to_move refuses them. Undo is not an action. */
typedef uint32_t rami_action;

/* N, the size of the action space of *rs (6650 for RAMI_PRESET_51 with 2
 * players); 0 if rs is NULL or fails rami_ruleset_check. Thread-safe;
 * constant time. */
RAMI_API uint32_t rami_num_distinct_actions(const rami_ruleset *rs);

/* The id of move *m under *rs. Accepts the canonical form and the forms
 * that are equivalent in every position (meld cards in any order; side LOW
 * where it is a meld's automatic place). Legality is not checked: that is
 * the game's business. Errors: RAMI_E_ARG (NULL, invalid ruleset, a move
 * with no id: malformed, not a meld, more jokers than the ruleset allows, a
 * side the canonical form never names, table index beyond the table slots
 * of the ruleset); *out is written only on success. Thread-safe. */
RAMI_API int rami_move_to_action(const rami_ruleset *rs, const rami_move *m, rami_action *out);

/* The move with id a under *rs, in canonical form (unused bytes zero), so
 * that rami_move_to_action gives a back. Errors: RAMI_E_ARG (NULL, invalid
 * ruleset, a >= N, an id that names no move); *out is written only on
 * success. Thread-safe. */
RAMI_API int rami_action_to_move(const rami_ruleset *rs, rami_action a, rami_move *out);

/* The ids of the current player's legal moves, ascending: the moves of
 * rami_game_legal_moves (count is the same), converted. (buf, cap, count)
 * as usual; on RAMI_E_BUFFER nothing is written. Errors: RAMI_E_ARG,
 * RAMI_E_BUFFER, RAMI_E_NOMEM (only when the position has more than 512
 * legal moves, which needs jokers_per_meld > 1; freed before it returns).
 * Reads g only. Cost: that of rami_game_legal_moves plus a sort of the ids. */
RAMI_API int rami_game_legal_actions(const rami_game *g, rami_action *buf, size_t cap,
                                     size_t *count);

/* The same as a mask: mask[a] = 1 for each legal id, 0 for every other id
 * below N. cap must be at least N (*count receives N); on RAMI_E_BUFFER
 * nothing is written. Errors and cost as rami_game_legal_actions. */
RAMI_API int rami_game_legal_actions_mask(const rami_game *g, uint8_t *mask, size_t cap,
                                          size_t *count);

/* rami_game_play of the move with id a. Errors: RAMI_E_ARG (bad id, or as
 * rami_game_play), and every refusal of rami_game_play; nothing changes on
 * error. Exclusive use of g; cost as rami_game_play. */
RAMI_API int rami_game_play_action(rami_game *g, int player, rami_action a);

/* The most actions one round of *rs can take from its deal to its end
 * (draws, melds, lay-offs, swaps and discards; undo is not counted):
 * 3 * max_turns + 2 * players * (hand_size + 1), proven in doc/actions.md.
 * A match of match_rounds rounds takes at most match_rounds times this.
 * 0 when max_turns is 0 (no turn cap: a round can go on for ever) and for
 * a NULL or invalid ruleset. Thread-safe. */
RAMI_API uint32_t rami_max_game_length(const rami_ruleset *rs);

/* What rami_game_returns computes (doc/actions.md, "Returns"). */
enum rami_return_kind {
    RAMI_RETURN_PENALTY = 0,  /* minus the points scored: 0 is best */
    RAMI_RETURN_RELATIVE = 1, /* mean points of the other seats minus own points (zero-sum) */
    RAMI_RETURN_WIN = 2       /* winners share +1, the other seats share -1 (zero-sum) */
};
/* Or'ed into kind: score the match (totals and match winners) instead of
 * the round just finished; only in RAMI_PHASE_MATCH_OVER. */
#define RAMI_RETURN_MATCH 0x10

/* Per-seat returns of the round just finished (ROUND_OVER or MATCH_OVER)
 * or, with RAMI_RETURN_MATCH, of the match (MATCH_OVER): out[0..cap) for
 * seats 0..cap-1, 0 beyond the player count. Errors: RAMI_E_ARG (NULL g,
 * out NULL with cap > 0, unknown kind), RAMI_E_PHASE (the round or match is
 * not over); out is untouched on error. Thread-safe for const handles. */
RAMI_API int rami_game_returns(const rami_game *g, int kind, double *out, size_t cap);

/* ------------------------------------------------------------------------ */
/* Observation tensors (for learning agents)                                 */
/* ------------------------------------------------------------------------ */

/* What seat `viewer` may know, as a flat float array of a fixed size per
 * ruleset (layouts and sizes in doc/observations.md). The observation
 * tensor holds the present: the viewer's own hand (counts per face), hand
 * sizes, opened flags and totals of every seat (seats counted from the
 * viewer), the discard pile, the table melds, phase, turn, stock and the
 * turn's pending obligations. The information-state tensor adds what the
 * viewer saw happen this round: per seat the cards taken from the discard
 * pile (and jokers retrieved), the discard tops passed over by drawing
 * from the stock, the cards discarded, and the cards known to be in that
 * hand. Only public information and the viewer's own hand go in: two games
 * that differ only in cards the viewer cannot see give the same bytes.
 *
 * Sizes: 0 for a NULL or invalid ruleset. Tensors: buf[0..size) is
 * written, nothing beyond. Errors: RAMI_E_ARG (NULL g, buf NULL with
 * cap > 0, viewer not a seat), RAMI_E_BUFFER (cap < size; nothing
 * written). No allocation; reads g only; cost linear in the round's moves
 * (information state) or the table (observation). */

/* The two sizes for *rs; 0 for a NULL or invalid ruleset. Constant time. */
RAMI_API uint32_t rami_observation_tensor_size(const rami_ruleset *rs);
RAMI_API uint32_t rami_information_state_tensor_size(const rami_ruleset *rs);

/* The tensors: see above. */
RAMI_API int rami_game_observation_tensor(const rami_game *g, int viewer, float *buf, size_t cap);
RAMI_API int rami_game_information_state_tensor(const rami_game *g, int viewer, float *buf,
                                                size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* RAMI_H */
