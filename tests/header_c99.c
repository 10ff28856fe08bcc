/* rami.h compiles as C99 with -pedantic -Werror, and its public structs
 * have the layout that FFI bindings rely on. */
#include "rami.h"

#define LAYOUT(name, cond) typedef char layout_##name[(cond) ? 1 : -1]

LAYOUT(ruleset_size, sizeof(rami_ruleset) == 24);
LAYOUT(ruleset_options, offsetof(rami_ruleset, options) == 16);
LAYOUT(ruleset_match_target, offsetof(rami_ruleset, match_target) == 22);
LAYOUT(meld_info_size, sizeof(rami_meld_info) == 18);
LAYOUT(meld_info_joker_as, offsetof(rami_meld_info, joker_as) == 17);
LAYOUT(move_size, sizeof(rami_move) == 17);
LAYOUT(round_result_size, sizeof(rami_round_result) == 26);
LAYOUT(card_size, sizeof(rami_card) == 1);
LAYOUT(card_macro, RAMI_CARD(RAMI_KING, RAMI_SPADES) == 0x3D);

int main(void)
{
    rami_ruleset rs;
    rami_card c = RAMI_NO_CARD;
    rami_meld_info info;
    if (rami_ruleset_init(&rs, RAMI_PRESET_40, 3) != RAMI_OK)
        return 1;
    if (rami_card_parse("QD", &c) != RAMI_OK || RAMI_CARD_RANK(c) != RAMI_QUEEN ||
        RAMI_CARD_SUIT(c) != RAMI_DIAMONDS)
        return 1;
    {
        rami_card set[3];
        set[0] = c;
        set[1] = RAMI_CARD(RAMI_QUEEN, RAMI_CLUBS);
        set[2] = RAMI_JOKER;
        if (rami_meld_check(&rs, set, 3, &info) != RAMI_OK || info.kind != RAMI_MELD_SET ||
            info.joker_as != RAMI_CARD(RAMI_QUEEN, RAMI_SUIT_ANY))
            return 1;
    }
    return 0;
}
