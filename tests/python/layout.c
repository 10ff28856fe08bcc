/* Prints the size and every field offset of the public structs as JSON, so
 * that test_binding.py can compare them with the ctypes mirrors of rami.py. */
#include <rami.h>
#include <stddef.h>
#include <stdio.h>

#include "struct-fields.h"

#define FIELD(type, field) printf(", \"%s\": %zu", #field, offsetof(type, field));
#define STRUCT(type, fields, sep)                                                                  \
    printf("\"%s\": {\"sizeof\": %zu", #type, sizeof(type));                                       \
    fields(FIELD) printf("}%s\n", sep);

int main(void)
{
    printf("{\n");
    STRUCT(rami_ruleset, RULESET_FIELDS, ",")
    STRUCT(rami_meld_info, MELD_INFO_FIELDS, ",")
    STRUCT(rami_deal, DEAL_FIELDS, ",")
    STRUCT(rami_round_result, ROUND_RESULT_FIELDS, ",")
    STRUCT(rami_move, MOVE_FIELDS, ",")
    STRUCT(rami_solution, SOLUTION_FIELDS, ",")
    STRUCT(rami_bot_options, BOT_OPTIONS_FIELDS, ",")
    STRUCT(rami_turn_info, TURN_INFO_FIELDS, ",")
    STRUCT(rami_event, EVENT_FIELDS, ",")
    STRUCT(rami_refusal, REFUSAL_FIELDS, "")
    printf("}\n");
    return 0;
}
