/* rami-js.c - compiled into rami.wasm beside librami (examples/js).
 *
 * rami_js_layout() describes, as JSON, what the C compiler decided about
 * the public header: the size of every public struct and the offset and
 * size of each of its fields, the values of the header's constants and the
 * status codes (from RAMI_STATUS_LIST). structs.js declares the same
 * structs field by field and refuses to load when the two disagree, so a
 * header change that the JavaScript side has not followed fails loudly.
 * rami_js_heap_used() gives the bytes malloc has handed out and not taken
 * back (the leak tests compare it with a baseline). */
#include <malloc.h>
#include <rami.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#define RAMI_JS_EXPORT __attribute__((used, visibility("default")))

const char *rami_js_layout(void);
size_t rami_js_heap_used(void);

static char json[12288];
static size_t len;
static int overflow;
static int first; /* no comma before the next member */

__attribute__((format(printf, 1, 2))) static void put(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(json + len, sizeof json - len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof json - len)
        overflow = 1;
    else
        len += (size_t)n;
}

static const char *comma(void)
{
    const char *s = first ? "" : ",";
    first = 0;
    return s;
}

#define FIELD(type, field)                                                                         \
    put("%s\"%s\":[%zu,%zu]", comma(), #field, offsetof(type, field), sizeof(((type *)0)->field));

#define STRUCT(type, fields)                                                                       \
    do {                                                                                           \
        first = 1;                                                                                 \
        put("\"%s\":{\"size\":%zu,\"fields\":{", #type, sizeof(type));                             \
        fields(FIELD) put("}},");                                                                  \
    } while (0)

#include "struct-fields.h"

/* Constants of the 1.0 queries (history events, refusals, returns). */
#define CONSTANTS_1_0(X)                                                                           \
    X(RAMI_NO_TARGET)                                                                              \
    X(RAMI_EVENT_RESTOCK)                                                                          \
    X(RAMI_EVENT_OPENED)                                                                           \
    X(RAMI_EVENT_ROUND_END)                                                                        \
    X(RAMI_RETURN_PENALTY)                                                                         \
    X(RAMI_RETURN_RELATIVE)                                                                        \
    X(RAMI_RETURN_WIN)                                                                             \
    X(RAMI_RETURN_MATCH)

/* What the host must write for the timespec_get import (bot time limits). */
typedef struct timespec timespec;
#define TIMESPEC_FIELDS(X)                                                                         \
    X(timespec, tv_sec)                                                                            \
    X(timespec, tv_nsec)

/* One constant a line (clang-format would pack them). */
/* clang-format off */
#define CONSTANTS(X)                                                                               \
    X(RAMI_MAX_PLAYERS)                                                                            \
    X(RAMI_MAX_HAND)                                                                               \
    X(RAMI_MAX_PACK)                                                                               \
    X(RAMI_MAX_MELD)                                                                               \
    X(RAMI_MAX_MOVES)                                                                              \
    X(RAMI_MAX_SOLUTION_MELDS)                                                                     \
    X(RAMI_UNLIMITED_RESTOCKS)                                                                     \
    X(RAMI_JOKER)                                                                                  \
    X(RAMI_NO_CARD)                                                                                \
    X(RAMI_CLUBS)                                                                                  \
    X(RAMI_DIAMONDS)                                                                               \
    X(RAMI_HEARTS)                                                                                 \
    X(RAMI_SPADES)                                                                                 \
    X(RAMI_SUIT_ANY)                                                                               \
    X(RAMI_ACE)                                                                                    \
    X(RAMI_JACK)                                                                                   \
    X(RAMI_QUEEN)                                                                                  \
    X(RAMI_KING)                                                                                   \
    X(RAMI_OPT_LAYOFF_OTHERS)                                                                      \
    X(RAMI_OPT_GO_OUT_BY_MELD)                                                                     \
    X(RAMI_OPT_KEEP_PICKUP)                                                                        \
    X(RAMI_OPT_PICKUP_MUST_MELD)                                                                   \
    X(RAMI_OPT_JOKER_SWAP)                                                                         \
    X(RAMI_OPT_JOKER_REPLAY)                                                                       \
    X(RAMI_OPT_OPEN_PURE_RUN)                                                                      \
    X(RAMI_OPT_JOKER_CHOICE)                                                                       \
    X(RAMI_OPT_OPEN_TURN_LAYOFF)                                                                   \
    X(RAMI_OPT_NO_JOKER_DISCARD)                                                                   \
    X(RAMI_OPT_NO_JOKER_OUT)                                                                       \
    X(RAMI_OPT_ONE_GO_DOUBLE)                                                                      \
    X(RAMI_OPT_ELIMINATION)                                                                        \
    X(RAMI_OPT_LOW_HAND_ZERO)                                                                      \
    X(RAMI_OPT_SET_SWAP_ANY)                                                                       \
    X(RAMI_OPT_ALL)                                                                                \
    X(RAMI_PRESET_51)                                                                              \
    X(RAMI_PRESET_40)                                                                              \
    X(RAMI_PRESET_51_HOUSE)                                                                        \
    X(RAMI_PRESET_40_HOUSE)                                                                        \
    X(RAMI_PRESET_FINNISH)                                                                         \
    X(RAMI_MELD_NONE)                                                                              \
    X(RAMI_MELD_SET)                                                                               \
    X(RAMI_MELD_RUN)                                                                               \
    X(RAMI_PHASE_DRAW)                                                                             \
    X(RAMI_PHASE_PLAY)                                                                             \
    X(RAMI_PHASE_ROUND_OVER)                                                                       \
    X(RAMI_PHASE_MATCH_OVER)                                                                       \
    X(RAMI_END_NONE)                                                                               \
    X(RAMI_END_WENT_OUT)                                                                           \
    X(RAMI_END_STOCK_OUT)                                                                          \
    X(RAMI_END_TURN_LIMIT)                                                                         \
    X(RAMI_MOVE_DRAW_STOCK)                                                                        \
    X(RAMI_MOVE_DRAW_DISCARD)                                                                      \
    X(RAMI_MOVE_MELD)                                                                              \
    X(RAMI_MOVE_LAYOFF)                                                                            \
    X(RAMI_MOVE_SWAP)                                                                              \
    X(RAMI_MOVE_DISCARD)                                                                           \
    X(RAMI_SIDE_AUTO)                                                                              \
    X(RAMI_SIDE_LOW)                                                                               \
    X(RAMI_SIDE_HIGH)                                                                              \
    X(RAMI_SOLVE_MAX_POINTS)                                                                       \
    X(RAMI_SOLVE_MIN_PENALTY)                                                                      \
    X(RAMI_BOT_RANDOM)                                                                             \
    X(RAMI_BOT_GREEDY)                                                                             \
    X(RAMI_BOT_STRONG)                                                                             \
    X(TIME_UTC)
/* clang-format on */

#define CONSTANT(name)           put("%s\"%s\":%ld", comma(), #name, (long)(name));
#define STATUS(name, value, msg) put("%s\"%s\":%d", comma(), #name, (int)(name));

static void build(void)
{
    put("{\"header_version\":\"%s\",\"structs\":{", RAMI_VERSION_STRING);
    STRUCT(rami_ruleset, RULESET_FIELDS);
    STRUCT(rami_meld_info, MELD_INFO_FIELDS);
    STRUCT(rami_deal, DEAL_FIELDS);
    STRUCT(rami_round_result, ROUND_RESULT_FIELDS);
    STRUCT(rami_move, MOVE_FIELDS);
    STRUCT(rami_solution, SOLUTION_FIELDS);
    STRUCT(rami_bot_options, BOT_OPTIONS_FIELDS);
    STRUCT(rami_turn_info, TURN_INFO_FIELDS);
    STRUCT(rami_event, EVENT_FIELDS);
    STRUCT(rami_refusal, REFUSAL_FIELDS);
    STRUCT(timespec, TIMESPEC_FIELDS);
    put("\"size_t\":{\"size\":%zu,\"fields\":{}},\"pointer\":{\"size\":%zu,\"fields\":{}}},",
        sizeof(size_t), sizeof(void *));
    first = 1;
    put("\"constants\":{");
    CONSTANTS(CONSTANT)
    CONSTANTS_1_0(CONSTANT)
    put("},\"status\":{");
    first = 1;
    RAMI_STATUS_LIST(STATUS)
    put("}}");
}

RAMI_JS_EXPORT const char *rami_js_layout(void)
{
    if (len == 0)
        build();
    return overflow ? "" : json;
}

RAMI_JS_EXPORT size_t rami_js_heap_used(void)
{
    struct mallinfo info = mallinfo();
    return (size_t)info.uordblks;
}
