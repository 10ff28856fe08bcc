// play.cpp - a round of 2-player Rami 51 between the strong bot and
// greedy, each move printed in notation, then the score.
//     build/examples/cpp/rami-cpp-play [SEED]
#include <cstdlib>
#include <iostream>

#include "rami.hpp"

int main(int argc, char **argv)
{
    std::uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
    try {
        rami::game g(rami::ruleset::preset(RAMI_PRESET_51, 2), seed);
        const rami_bot_level levels[] = {RAMI_BOT_STRONG, RAMI_BOT_GREEDY};
        std::cout << "Rami 51, seed " << seed << ": seat 0 strong, seat 1 greedy\n";
        for (std::uint64_t step = 0; g.in_play(); step++) {
            int seat = g.current_player();
            rami::move m = g.bot_move(levels[seat], seed ^ step);
            g.play(seat, m);
            std::cout << "seat " << seat << ": " << m.str() << '\n';
        }
        rami::round_result r = g.result();
        std::cout << "points:";
        for (int p : r.points)
            std::cout << ' ' << p;
        std::cout << '\n';
    } catch (const rami::error &e) {
        std::cerr << e.what() << '\n';
        return 1;
    }
    return 0;
}
