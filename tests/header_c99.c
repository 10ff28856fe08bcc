/* rami.h compiles as C99 and as C11 with -pedantic -Wpadded -Werror (no
 * struct has implicit padding), and its public structs have the layout
 * that FFI bindings rely on. */
#include <string.h>

#include "rami.h"

#define LAYOUT(name, cond) typedef char layout_##name[(cond) ? 1 : -1]

LAYOUT(ruleset_size, sizeof(rami_ruleset) == 28);
LAYOUT(ruleset_options, offsetof(rami_ruleset, options) == 16);
LAYOUT(ruleset_match_target, offsetof(rami_ruleset, match_target) == 22);
LAYOUT(ruleset_unopened_penalty, offsetof(rami_ruleset, unopened_penalty) == 24);
LAYOUT(ruleset_reserved, offsetof(rami_ruleset, reserved) == 26);
LAYOUT(meld_info_size, sizeof(rami_meld_info) == 18);
LAYOUT(meld_info_joker_as, offsetof(rami_meld_info, joker_as) == 17);
LAYOUT(move_size, sizeof(rami_move) == 17);
LAYOUT(round_result_size, sizeof(rami_round_result) == 26);
LAYOUT(card_size, sizeof(rami_card) == 1);
LAYOUT(deal_reserved, offsetof(rami_deal, reserved) == 203);
LAYOUT(deal_stock_count, offsetof(rami_deal, stock_count) == 204);
LAYOUT(deal_size, sizeof(rami_deal) == 544);
LAYOUT(bot_options_size, sizeof(rami_bot_options) == 24);
LAYOUT(joker_is_a_plain_int, sizeof(RAMI_JOKER) == sizeof(int));
LAYOUT(card_macro, RAMI_CARD(RAMI_KING, RAMI_SPADES) == 0x3D);

int main(void)
{
    rami_ruleset rs;
    rami_card c = RAMI_NO_CARD;
    rami_meld_info info;
    if (rami_ruleset_init(&rs, RAMI_PRESET_40, 3) != RAMI_OK || rs.struct_size != sizeof rs)
        return 1;
    /* The plain functions behind the macros, as a binding calls them. */
    if ((rami_ruleset_init)(&rs, RAMI_PRESET_40, 3) != RAMI_OK)
        return 1;
    if (rami_card_make(12, RAMI_DIAMONDS) != RAMI_CARD(12, RAMI_DIAMONDS) ||
        rami_version_number() != RAMI_VERSION_NUMBER ||
        strcmp(rami_status_name(RAMI_E_MELD), "RAMI_E_MELD") != 0)
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
