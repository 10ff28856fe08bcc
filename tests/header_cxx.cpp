// rami.h compiles as C++11 with -pedantic -Werror -Wall -Wextra -Wpadded and
// links from C++ (extern "C").
#include <cstring>

#include "rami.h"

static_assert(sizeof(rami_ruleset) == 28, "rami_ruleset layout");
static_assert(offsetof(rami_ruleset, options) == 16, "rami_ruleset layout");
static_assert(sizeof(rami_meld_info) == 18, "rami_meld_info layout");
static_assert(sizeof(rami_move) == 17, "rami_move layout");
static_assert(sizeof(rami_round_result) == 26, "rami_round_result layout");
static_assert(RAMI_CARD(10, RAMI_HEARTS) == 0x2A, "RAMI_CARD is a constant expression");
static_assert(RAMI_E_CORRUPT == -20, "status values never change");
static_assert(sizeof(rami_deal) == 544 && offsetof(rami_deal, reserved) == 203, "rami_deal layout");

int main()
{
    rami_ruleset rs;
    if (rami_ruleset_init(&rs, RAMI_PRESET_FINNISH, 2) != RAMI_OK || rs.hand_size != 10)
        return 1;
    rami_card cards[3];
    size_t n = 0;
    if (rami_cards_parse("QH KH AH", cards, 3, &n) != RAMI_OK || n != 3)
        return 1;
    rami_meld_info info;
    if (rami_meld_check(&rs, cards, n, &info) != RAMI_OK || info.points != 31)
        return 1;
    char buf[4];
    if (rami_card_format(info.cards[2], buf, sizeof buf) != RAMI_OK || std::strcmp(buf, "AH") != 0)
        return 1;
    if (std::strcmp(rami_version(), RAMI_VERSION_STRING) != 0)
        return 1;
    rami_card joker = RAMI_JOKER;
    if (rami_card_rank(joker) != 0 || rami_card_suit(rami_card_make(1, RAMI_SPADES)) != RAMI_SPADES)
        return 1;
    return 0;
}
