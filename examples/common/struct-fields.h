/* The fields of the public structs of rami.h, in order, as X-macros: the
 * bindings' layout checks (examples/js/rami-js.c for the JavaScript module,
 * tests/python/layout.c for the Python package) print each size and offset
 * from the same list, so a field added to rami.h is added here once. */
#ifndef RAMI_STRUCT_FIELDS_H
#define RAMI_STRUCT_FIELDS_H

#define RULESET_FIELDS(X)                                                                          \
    X(rami_ruleset, struct_size)                                                                   \
    X(rami_ruleset, players)                                                                       \
    X(rami_ruleset, decks)                                                                         \
    X(rami_ruleset, jokers)                                                                        \
    X(rami_ruleset, hand_size)                                                                     \
    X(rami_ruleset, opening_points)                                                                \
    X(rami_ruleset, jokers_per_meld)                                                               \
    X(rami_ruleset, max_restocks)                                                                  \
    X(rami_ruleset, max_turns)                                                                     \
    X(rami_ruleset, joker_penalty)                                                                 \
    X(rami_ruleset, ace_penalty)                                                                   \
    X(rami_ruleset, options)                                                                       \
    X(rami_ruleset, match_rounds)                                                                  \
    X(rami_ruleset, match_target)                                                                  \
    X(rami_ruleset, unopened_penalty)                                                              \
    X(rami_ruleset, reserved)

#define MELD_INFO_FIELDS(X)                                                                        \
    X(rami_meld_info, kind)                                                                        \
    X(rami_meld_info, count)                                                                       \
    X(rami_meld_info, points)                                                                      \
    X(rami_meld_info, cards)                                                                       \
    X(rami_meld_info, joker_as)

#define DEAL_FIELDS(X)                                                                             \
    X(rami_deal, struct_size)                                                                      \
    X(rami_deal, dealer)                                                                           \
    X(rami_deal, hand_count)                                                                       \
    X(rami_deal, hands)                                                                            \
    X(rami_deal, reserved)                                                                         \
    X(rami_deal, stock_count)                                                                      \
    X(rami_deal, stock)                                                                            \
    X(rami_deal, discard_count)                                                                    \
    X(rami_deal, discard)

#define ROUND_RESULT_FIELDS(X)                                                                     \
    X(rami_round_result, reason)                                                                   \
    X(rami_round_result, winners)                                                                  \
    X(rami_round_result, hand_value)                                                               \
    X(rami_round_result, points)

#define MOVE_FIELDS(X)                                                                             \
    X(rami_move, kind)                                                                             \
    X(rami_move, count)                                                                            \
    X(rami_move, target)                                                                           \
    X(rami_move, side)                                                                             \
    X(rami_move, cards)

#define SOLUTION_FIELDS(X)                                                                         \
    X(rami_solution, meld_count)                                                                   \
    X(rami_solution, left_count)                                                                   \
    X(rami_solution, points)                                                                       \
    X(rami_solution, penalty)                                                                      \
    X(rami_solution, reserved)                                                                     \
    X(rami_solution, melds)                                                                        \
    X(rami_solution, left)

#define BOT_OPTIONS_FIELDS(X)                                                                      \
    X(rami_bot_options, struct_size)                                                               \
    X(rami_bot_options, level)                                                                     \
    X(rami_bot_options, reserved)                                                                  \
    X(rami_bot_options, seed)                                                                      \
    X(rami_bot_options, playouts)                                                                  \
    X(rami_bot_options, time_ms)

#define TURN_INFO_FIELDS(X)                                                                        \
    X(rami_turn_info, struct_size)                                                                 \
    X(rami_turn_info, player)                                                                      \
    X(rami_turn_info, phase)                                                                       \
    X(rami_turn_info, opened)                                                                      \
    X(rami_turn_info, opened_this_turn)                                                            \
    X(rami_turn_info, points_laid)                                                                 \
    X(rami_turn_info, opening_points)                                                              \
    X(rami_turn_info, melds_laid)                                                                  \
    X(rami_turn_info, undo_count)                                                                  \
    X(rami_turn_info, picked)                                                                      \
    X(rami_turn_info, must_play)                                                                   \
    X(rami_turn_info, jokers_to_replay)                                                            \
    X(rami_turn_info, pure_run_needed)                                                             \
    X(rami_turn_info, may_not_discard)                                                             \
    X(rami_turn_info, reserved)

#define EVENT_FIELDS(X)                                                                            \
    X(rami_event, kind)                                                                            \
    X(rami_event, seat)                                                                            \
    X(rami_event, target)                                                                          \
    X(rami_event, side)                                                                            \
    X(rami_event, count)                                                                           \
    X(rami_event, reserved)                                                                        \
    X(rami_event, points)                                                                          \
    X(rami_event, turn)                                                                            \
    X(rami_event, cards)                                                                           \
    X(rami_event, reserved2)

#define REFUSAL_FIELDS(X)                                                                          \
    X(rami_refusal, struct_size)                                                                   \
    X(rami_refusal, status)                                                                        \
    X(rami_refusal, seat)                                                                          \
    X(rami_refusal, target)                                                                        \
    X(rami_refusal, points_needed)                                                                 \
    X(rami_refusal, points_laid)                                                                   \
    X(rami_refusal, phase)                                                                         \
    X(rami_refusal, count)                                                                         \
    X(rami_refusal, cards)                                                                         \
    X(rami_refusal, reserved)

#endif
