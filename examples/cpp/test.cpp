// test.cpp - rami.hpp against the library: whole matches of every preset,
// refusals that change nothing, records, notation, copies and moves of
// games, threads, bots. Run by meson's cpp suite (also under the
// sanitizers); exits 1 if a check fails.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <thread>

#include "rami.hpp"

namespace
{

int failures;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond))                                                                               \
            throw std::logic_error(std::string(__FILE__) + ":" + std::to_string(__LINE__) +        \
                                   ": " #cond);                                                    \
    } while (0)

// The name of the rami::error f throws, "" if it throws none.
std::string refusal(const std::function<void()> &f)
{
    try {
        f();
    } catch (const rami::error &e) {
        return e.name();
    }
    return "";
}

struct rng {
    std::uint64_t s;
    std::size_t below(std::size_t n)
    {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return static_cast<std::size_t>(s % n);
    }
};

int play_round(rami::game &g, rng &r)
{
    int played = 0;
    while (g.in_play()) {
        auto moves = g.legal_moves();
        CHECK(!moves.empty());
        const rami::move &m = moves[r.below(moves.size())];
        int seat = g.current_player();
        g.check(seat, m);
        g.play(seat, m);
        played++;
    }
    return played;
}

const rami_preset presets[] = {RAMI_PRESET_51, RAMI_PRESET_40, RAMI_PRESET_51_HOUSE,
                               RAMI_PRESET_40_HOUSE, RAMI_PRESET_FINNISH};

void presets_are_rulesets()
{
    auto r51 = rami::ruleset::preset(RAMI_PRESET_51, 4);
    CHECK(r51.players == 4 && r51.opening_points == 51 && r51.hand_size == 13);
    CHECK(rami::ruleset::preset(RAMI_PRESET_FINNISH, 3).has(RAMI_OPT_SET_SWAP_ANY));
    CHECK(!r51.has(RAMI_OPT_SET_SWAP_ANY));
    rami::game g(r51, 1);
    CHECK(g.players() == 4 && g.rules().opening_points == 51);
    for (int s = 0; s < 4; s++)
        CHECK(g.hand(s).size() == 13);
    CHECK(refusal([] { rami::ruleset::preset(RAMI_PRESET_51, 7); }) == "RAMI_E_ARG");
}

void random_matches_of_every_preset()
{
    rng r{0x9E3779B97F4A7C15u};
    for (rami_preset p : presets) {
        for (unsigned players = 2; players <= 4; players++) {
            auto rules = rami::ruleset::preset(p, players);
            rules.match_rounds = 2;
            rules.match_target = 0;
            rami::game g(rules, 100u + 10u * p + players);
            for (int round = 1; round <= 2; round++) {
                CHECK(g.round() == round);
                CHECK(play_round(g, r) > 0);
                auto res = g.result();
                CHECK(res.points.size() == players);
                if (res.reason == RAMI_END_WENT_OUT)
                    CHECK(res.winners.size() == 1 && g.hand(res.winners[0]).empty());
                CHECK(g.legal_moves().empty());
                if (round == 1)
                    g.next_round();
            }
            CHECK(g.phase() == RAMI_PHASE_MATCH_OVER);
            auto scores = g.scores();
            for (int w : g.match_winners())
                CHECK(scores[static_cast<std::size_t>(w)] ==
                      *std::min_element(scores.begin(), scores.end()));
            CHECK(refusal([&] { g.next_round(); }) == "RAMI_E_PHASE");
        }
    }
}

void refused_moves_change_nothing()
{
    rami::game g(rami::ruleset::preset(RAMI_PRESET_51, 2), 7);
    int seat = g.current_player(), other = 1 - seat;
    std::string before = g.save();
    rami::card c = g.hand(seat)[0];
    CHECK(refusal([&] { g.play(seat, rami::move::discard(c)); }) == "RAMI_E_PHASE");
    CHECK(refusal([&] { g.play(other, rami::move::draw()); }) == "RAMI_E_TURN");
    CHECK(refusal([&] { g.play(9, rami::move::draw()); }) == "RAMI_E_ARG");
    CHECK(refusal([&] { g.play(-1, rami::move::draw()); }) == "RAMI_E_ARG");
    CHECK(g.save() == before);
    g.play(seat, rami::move::draw());
    before = g.save();
    auto hand = g.hand(seat);
    rami::card absent;
    for (int rank = 1; rank <= 13 && absent.code() == RAMI_NO_CARD; rank++)
        for (int suit = 0; suit < 4; suit++)
            if (std::find(hand.begin(), hand.end(), rami::card(rami_card_make(rank, suit))) ==
                hand.end())
                absent = rami::card(rami_card_make(rank, suit));
    try {
        g.play(seat, rami::move::discard(absent));
        CHECK(false);
    } catch (const rami::error &e) {
        CHECK(e.code() == RAMI_E_NOT_IN_HAND);
        CHECK(e.reason().find(absent.str()) != std::string::npos);
        CHECK(std::string(e.what()).rfind("RAMI_E_NOT_IN_HAND: ", 0) == 0);
    }
    CHECK(g.save() == before);
    CHECK(refusal([&] { g.undo(seat); }) == "RAMI_E_UNDO");
}

void records_load_and_damaged_ones_are_refused()
{
    rami::game g(rami::ruleset::preset(RAMI_PRESET_FINNISH, 3), 11);
    rng r{5};
    for (int i = 0; i < 40 && g.in_play(); i++) {
        auto moves = g.legal_moves();
        g.play(g.current_player(), moves[r.below(moves.size())]);
    }
    std::string record = g.save();
    rami::game loaded = rami::game::load(record);
    CHECK(loaded.save() == record);
    CHECK(loaded.legal_moves() == g.legal_moves());
    CHECK(loaded.view_json(-1) == g.view_json(-1));
    for (std::string bad : {record.substr(0, record.size() / 2), std::string(), std::string("rami"),
                            std::string("\0\1garbage", 9)}) {
        std::string name = refusal([&] { rami::game::load(bad); });
        CHECK(name == "RAMI_E_PARSE" || name == "RAMI_E_CORRUPT");
    }
}

void cards_and_moves_in_notation()
{
    auto seven = rami::card::parse("7S");
    CHECK(seven.rank() == 7 && seven.suit() == 3 && !seven.is_joker() && seven.str() == "7S");
    CHECK(rami::card::parse(" 10h ").str() == "10H");
    CHECK(rami::card::parse("*") == rami::card::joker());
    for (const char *bad : {"", "11S", "7X", "7S 8S"})
        CHECK(refusal([&] { rami::card::parse(bad); }) == "RAMI_E_PARSE");
    CHECK(refusal([] { rami::card::parse(std::string_view("7S\0", 3)); }) == "RAMI_E_PARSE");
    auto m = rami::move::parse("MELD jk 7s 8s high");
    CHECK(m.kind() == RAMI_MOVE_MELD && m.str() == "meld JK 7S 8S high");
    CHECK(m.cards() == (std::vector<rami::card>{rami::card::joker(), rami::card::parse("7S"),
                                                rami::card::parse("8S")}));
    auto lay = rami::move::parse("lay 9S on 2");
    CHECK(lay.kind() == RAMI_MOVE_LAYOFF && lay.target() == 1);
    CHECK(rami::move::draw().str() == "draw" && rami::move::discard(seven).str() == "discard 7S");
    CHECK(rami::move::parse("discard 7s") == rami::move::discard(seven));
    for (const char *bad : {"", "fly", "meld", "lay 9S", "discard 7S 8S"})
        CHECK(refusal([&] { rami::move::parse(bad); }) == "RAMI_E_PARSE");
}

void bad_rulesets_are_refused_with_a_reason()
{
    auto rules = rami::ruleset::preset(RAMI_PRESET_51, 2);
    rules.hand_size = 0;
    try {
        rami::game g(rules, 1);
        CHECK(false);
    } catch (const rami::error &e) {
        CHECK(e.code() == RAMI_E_RULESET && !e.reason().empty());
    }
    rules = rami::ruleset::preset(RAMI_PRESET_51, 2);
    rules.options = 0xFFFFFFFFu;
    CHECK(!refusal([&] { rami::game g(rules, 1); }).empty());
}

void copies_are_games_of_their_own()
{
    rami::game g(rami::ruleset::preset(RAMI_PRESET_40, 3), 3);
    rami::game copy = g;
    int seat = copy.current_player();
    copy.play(seat, rami::move::draw());
    CHECK(g.phase() == RAMI_PHASE_DRAW && copy.phase() == RAMI_PHASE_PLAY);
    CHECK(copy.hand(seat).size() == g.hand(seat).size() + 1);
    copy = g;
    CHECK(copy.phase() == RAMI_PHASE_DRAW);
    rami::game moved = std::move(copy);
    CHECK(moved.phase() == RAMI_PHASE_DRAW);
    // A moved-from game holds no handle: the library refuses it, no crash.
    CHECK(refusal([&] { copy.legal_moves(); }) == "RAMI_E_ARG");
}

void threads_read_one_game_and_own_others()
{
    const rami::game shared(rami::ruleset::preset(RAMI_PRESET_51, 4), 21);
    const auto expected = shared.legal_moves();
    bool ok[4] = {false, false, false, false};
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < 4; t++)
        threads.emplace_back([&, t] {
            bool same = true;
            for (int i = 0; i < 50; i++) {
                same = same && shared.legal_moves() == expected;
                shared.view_json(0);
            }
            rami::game own(rami::ruleset::preset(RAMI_PRESET_FINNISH, 2), t);
            rng r{t + 1u};
            ok[t] = same && play_round(own, r) > 0;
        });
    for (auto &th : threads)
        th.join();
    CHECK(ok[0] && ok[1] && ok[2] && ok[3]);
}

void bots_and_hints_choose_legal_moves()
{
    rami::game g(rami::ruleset::preset(RAMI_PRESET_51, 2), 5);
    for (std::uint64_t step = 0; step < 30 && g.in_play(); step++) {
        int seat = g.current_player();
        rami_bot_level level = seat == 0 ? RAMI_BOT_GREEDY : RAMI_BOT_RANDOM;
        rami::move m = g.bot_move(level, step);
        CHECK(g.bot_move(level, step) == m);
        auto hint = g.hint();
        g.check(seat, hint.first);
        CHECK(hint.second.rfind(hint.first.str(), 0) == 0);
        g.play(seat, m);
    }
}

void views_and_seats()
{
    rami::game g(rami::ruleset::preset(RAMI_PRESET_51, 2), 9);
    std::string all = g.view_json(-1), seat0 = g.view_json(0);
    CHECK(seat0.front() == '{' && seat0.size() < all.size());
    std::string pub = g.view_json(RAMI_VIEWER_PUBLIC);
    CHECK(pub.find("\"viewer\":-2") != std::string::npos &&
          pub.find("\"hand\"") == std::string::npos && pub.size() < seat0.size());
    CHECK(refusal([&] { g.view_json(2); }) == "RAMI_E_ARG");
    CHECK(refusal([&] { g.hand(2); }) == "RAMI_E_ARG");
    CHECK(refusal([&] { g.has_opened(-5); }) == "RAMI_E_ARG");
}

} // namespace

int main()
{
    const std::pair<const char *, void (*)()> tests[] = {
        {"presets_are_rulesets", presets_are_rulesets},
        {"random_matches_of_every_preset", random_matches_of_every_preset},
        {"refused_moves_change_nothing", refused_moves_change_nothing},
        {"records_load_and_damaged_ones_are_refused", records_load_and_damaged_ones_are_refused},
        {"cards_and_moves_in_notation", cards_and_moves_in_notation},
        {"bad_rulesets_are_refused_with_a_reason", bad_rulesets_are_refused_with_a_reason},
        {"copies_are_games_of_their_own", copies_are_games_of_their_own},
        {"threads_read_one_game_and_own_others", threads_read_one_game_and_own_others},
        {"bots_and_hints_choose_legal_moves", bots_and_hints_choose_legal_moves},
        {"views_and_seats", views_and_seats},
    };
    for (const auto &t : tests) {
        try {
            t.second();
            std::printf("ok   %s\n", t.first);
        } catch (const std::exception &e) {
            failures++;
            std::printf("FAIL %s: %s\n", t.first, e.what());
        }
    }
    std::printf("%d of %zu C++ tests failed\n", failures, sizeof tests / sizeof tests[0]);
    return failures ? 1 : 0;
}
