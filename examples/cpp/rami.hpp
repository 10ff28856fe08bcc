// rami.hpp - librami for C++17: the C API of rami.h with C++ types, in one
// header (doc/cpp.md). Every rule is the C library's: this header owns the
// game handle (RAII), turns statuses into rami::error and converts values.
// Link with librami as for C (pkg-config rami).
#ifndef RAMI_HPP
#define RAMI_HPP

#include <rami.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rami
{

// A status other than RAMI_OK: code() (-9), name() ("RAMI_E_MELD") and,
// where the call gives one, the precise reason() naming the cards and the
// rule; what() is the name and the reason (or the status's sentence).
class error : public std::runtime_error
{
  public:
    explicit error(int code, std::string reason = {})
        : std::runtime_error(std::string(rami_status_name(code)) + ": " +
                             (reason.empty() ? rami_strerror(code) : reason)),
          code_(code), reason_(std::move(reason))
    {
    }
    int code() const noexcept
    {
        return code_;
    }
    const char *name() const noexcept
    {
        return rami_status_name(code_);
    }
    const std::string &reason() const noexcept
    {
        return reason_;
    }

  private:
    int code_;
    std::string reason_;
};

namespace detail
{

inline int check(int rc)
{
    if (rc < 0)
        throw error(rc);
    return rc;
}

// A NUL-terminated copy: the parsers read C strings. A NUL inside the
// text cannot be what the caller meant: RAMI_E_PARSE, as for any bad text.
inline std::string c_text(std::string_view text)
{
    if (text.find('\0') != std::string_view::npos)
        throw error(RAMI_E_PARSE);
    return std::string(text);
}

constexpr std::size_t why_cap = 256;

} // namespace detail

// One card: a natural (rank 1..13, suit 0..3: clubs, diamonds, hearts,
// spades) or the joker. Written "7S", "10H", "AC", "JK".
class card
{
  public:
    constexpr card() = default;
    constexpr explicit card(rami_card code) : code_(code)
    {
    }
    static card joker()
    {
        return card(RAMI_JOKER);
    }
    // "7S", "10h", "AC", "JK" or "*"; rami::error RAMI_E_PARSE otherwise.
    static card parse(std::string_view text)
    {
        rami_card c;
        detail::check(rami_card_parse(detail::c_text(text).c_str(), &c));
        return card(c);
    }
    rami_card code() const noexcept
    {
        return code_;
    }
    int rank() const noexcept
    {
        return rami_card_rank(code_);
    } // 0 for the joker
    int suit() const noexcept
    {
        return rami_card_suit(code_);
    } // -1 for the joker
    bool is_joker() const noexcept
    {
        return code_ == RAMI_JOKER;
    }
    std::string str() const
    {
        char buf[8];
        detail::check(rami_card_format(code_, buf, sizeof buf));
        return buf;
    }
    friend bool operator==(card a, card b) noexcept
    {
        return a.code_ == b.code_;
    }
    friend bool operator!=(card a, card b) noexcept
    {
        return a.code_ != b.code_;
    }

  private:
    rami_card code_ = RAMI_NO_CARD;
};

// One move, as the library lists, checks and plays it.
class move
{
  public:
    move() : m_{}
    {
    }
    explicit move(const rami_move &m) : m_(m)
    {
    }
    // "draw", "take", "meld 7S 8S 9S", "lay 9S on 2", "swap 6S on 2",
    // "discard KH" (meld numbers from 1); RAMI_E_PARSE for anything else.
    static move parse(std::string_view text)
    {
        rami_move m;
        detail::check(rami_move_parse(detail::c_text(text).c_str(), &m));
        return move(m);
    }
    static move draw()
    {
        return parse("draw");
    }
    static move discard(card c)
    {
        rami_move m{};
        m.kind = RAMI_MOVE_DISCARD;
        m.count = 1;
        m.cards[0] = c.code();
        return move(m);
    }
    rami_move_kind kind() const noexcept
    {
        return static_cast<rami_move_kind>(m_.kind);
    }
    std::vector<card> cards() const
    {
        std::vector<card> out;
        for (unsigned i = 0; i < m_.count && i < RAMI_MAX_MELD; i++)
            out.emplace_back(m_.cards[i]);
        return out;
    }
    // The table meld (0-based) of a lay-off or swap, else -1.
    int target() const noexcept
    {
        return m_.kind == RAMI_MOVE_LAYOFF || m_.kind == RAMI_MOVE_SWAP ? m_.target : -1;
    }
    std::string str() const
    {
        char buf[96];
        detail::check(rami_move_format(&m_, buf, sizeof buf));
        return buf;
    }
    const rami_move &raw() const noexcept
    {
        return m_;
    }
    friend bool operator==(const move &a, const move &b) noexcept
    {
        return a.m_.kind == b.m_.kind && a.m_.count == b.m_.count && a.m_.target == b.m_.target &&
               a.m_.side == b.m_.side &&
               std::equal(a.m_.cards, a.m_.cards + RAMI_MAX_MELD, b.m_.cards);
    }
    friend bool operator!=(const move &a, const move &b) noexcept
    {
        return !(a == b);
    }

  private:
    rami_move m_;
};

// The rules of a match: rami_ruleset itself (its fields are the C ones),
// made from a preset and judged by check() or by the game.
struct ruleset : rami_ruleset {
    static ruleset preset(rami_preset p, unsigned players)
    {
        ruleset rs{};
        detail::check(rami_ruleset_init_sized(&rs, sizeof(rami_ruleset), p, players));
        return rs;
    }
    // Throws RAMI_E_RULESET with the reason if the rules make no playable game.
    void check() const
    {
        char why[detail::why_cap];
        int rc = rami_ruleset_check(this, why, sizeof why);
        if (rc != RAMI_OK)
            throw error(rc, why);
    }
    bool has(std::uint32_t option) const noexcept
    {
        return (options & option) == option;
    }
};

struct round_result {
    rami_end_reason reason;
    std::vector<int> winners;
    std::vector<int> hand_value;
    std::vector<int> points;
};

// A match: the library's handle, freed with the object. Copying clones
// the game. Threads: a game may be used from any thread, one at a time;
// the const members may run on one game from several threads at once.
class game
{
  public:
    game(const ruleset &rules, std::uint64_t seed)
    {
        rami_game *g = nullptr;
        int rc = rami_game_new(&rules, seed, &g);
        if (rc == RAMI_E_RULESET)
            rules.check(); // throws the refusal with its reason
        detail::check(rc);
        g_.reset(g);
    }
    // The game a record of save() describes, every move replayed and
    // checked (RAMI_E_PARSE or RAMI_E_CORRUPT for damaged text).
    static game load(std::string_view record)
    {
        rami_game *g = nullptr;
        detail::check(rami_game_load(record.data(), record.size(), &g));
        return game(g);
    }
    game(const game &other) : g_(clone_of(other.g_.get()))
    {
    }
    game &operator=(const game &other)
    {
        if (this != &other)
            g_.reset(clone_of(other.g_.get()));
        return *this;
    }
    game(game &&) noexcept = default;
    game &operator=(game &&) noexcept = default;

    rami_game *raw() noexcept
    {
        return g_.get();
    }
    const rami_game *raw() const noexcept
    {
        return g_.get();
    }

    ruleset rules() const
    {
        ruleset rs{};
        detail::check(rami_game_ruleset_sized(g(), &rs, sizeof(rami_ruleset)));
        return rs;
    }
    int players() const
    {
        return rules().players;
    }
    rami_phase phase() const
    {
        return static_cast<rami_phase>(detail::check(rami_game_phase(g())));
    }
    bool in_play() const
    {
        return phase() <= RAMI_PHASE_PLAY; // DRAW or PLAY
    }
    int current_player() const
    {
        return detail::check(rami_game_current_player(g()));
    }
    int round() const
    {
        return detail::check(rami_game_round(g()));
    }
    int turn() const
    {
        return detail::check(rami_game_turn(g()));
    }
    std::size_t stock_count() const
    {
        return rami_game_stock_count(g());
    }

    // A seat's hand, sorted by suit and rank, jokers last.
    std::vector<card> hand(int seat) const
    {
        rami_card buf[RAMI_MAX_HAND];
        std::size_t n = 0;
        detail::check(rami_game_hand(g(), seat, buf, RAMI_MAX_HAND, &n));
        return std::vector<card>(buf, buf + n);
    }
    bool has_opened(int seat) const
    {
        return detail::check(rami_game_has_opened(g(), seat)) == 1;
    }

    // Every legal move of the seat to move, in the library's order.
    std::vector<move> legal_moves() const
    {
        std::vector<rami_move> buf(256);
        std::size_t n = 0;
        int rc;
        while ((rc = rami_game_legal_moves(g(), buf.data(), buf.size(), &n)) == RAMI_E_BUFFER &&
               n > buf.size())
            buf.resize(n);
        detail::check(rc);
        return std::vector<move>(buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n));
    }
    // Returns if seat may make m now; else throws with the library's reason.
    void check(int seat, const move &m) const
    {
        char why[detail::why_cap];
        int rc = rami_game_check(g(), seat, &m.raw(), why, sizeof why);
        if (rc != RAMI_OK)
            throw error(rc, why);
    }
    // Plays m for seat. A refused move changes nothing and throws with the
    // reason check() gives.
    void play(int seat, const move &m)
    {
        int rc = rami_game_play(g_.get(), seat, &m.raw());
        if (rc == RAMI_OK)
            return;
        check(seat, m); // nothing changed: throws with the reason
        throw error(rc);
    }
    void undo(int seat)
    {
        detail::check(rami_game_undo(g_.get(), seat));
    }

    round_result result() const
    {
        rami_round_result r;
        detail::check(rami_game_round_result(g(), &r));
        round_result out{static_cast<rami_end_reason>(r.reason), seats_of(r.winners), {}, {}};
        for (int s = 0; s < players(); s++) {
            out.hand_value.push_back(r.hand_value[s]);
            out.points.push_back(r.points[s]);
        }
        return out;
    }
    std::vector<int> scores() const
    {
        std::int32_t totals[RAMI_MAX_PLAYERS];
        detail::check(rami_game_scores(g(), totals, RAMI_MAX_PLAYERS));
        return std::vector<int>(totals, totals + players());
    }
    void next_round()
    {
        detail::check(rami_game_next_round(g_.get()));
    }
    std::vector<int> match_winners() const
    {
        return seats_of(detail::check(rami_game_match_winners(g())));
    }

    // The record of the match (doc/record-format.md), for load().
    std::string save() const
    {
        return sized([this](char *b, std::size_t c, std::size_t *n) {
            return rami_game_save(g(), b, c, n);
        });
    }
    // The state as JSON as viewer may know it; -1 shows everything.
    std::string view_json(int viewer) const
    {
        return sized([this, viewer](char *b, std::size_t c, std::size_t *n) {
            return rami_game_view_json(g(), viewer, b, c, n);
        });
    }

    // The move a bot of level chooses for the seat to move, using only what
    // that seat may know; the same seed gives the same move.
    move bot_move(rami_bot_level level, std::uint64_t seed) const
    {
        rami_bot_options opt;
        detail::check(rami_bot_options_init_sized(&opt, sizeof opt, level));
        opt.seed = seed;
        rami_move m;
        detail::check(rami_bot_choose(g(), &opt, &m));
        return move(m);
    }
    // A suggested move for the seat to move, and a sentence saying why.
    std::pair<move, std::string> hint() const
    {
        rami_move m;
        char why[detail::why_cap];
        int rc = rami_game_hint(g(), &m, why, sizeof why);
        if (rc != RAMI_OK)
            throw error(rc, why);
        return {move(m), why};
    }

  private:
    struct deleter {
        void operator()(rami_game *g) const noexcept
        {
            rami_game_free(g);
        }
    };
    std::unique_ptr<rami_game, deleter> g_;

    explicit game(rami_game *g) : g_(g)
    {
    }
    const rami_game *g() const noexcept
    {
        return g_.get();
    }

    static rami_game *clone_of(const rami_game *g)
    {
        rami_game *copy = nullptr;
        detail::check(rami_game_clone(g, &copy));
        return copy;
    }
    static std::vector<int> seats_of(int mask)
    {
        std::vector<int> seats;
        for (int s = 0; s < RAMI_MAX_PLAYERS; s++)
            if (mask & (1 << s))
                seats.push_back(s);
        return seats;
    }
    // Asks for the length, then writes into a string of that length.
    template <class Write> static std::string sized(Write write)
    {
        std::size_t len = 0;
        int rc = write(nullptr, 0, &len);
        if (rc != RAMI_OK && rc != RAMI_E_BUFFER)
            throw error(rc);
        std::string text(len + 1, '\0');
        detail::check(write(text.data(), text.size(), &len));
        text.resize(len);
        return text;
    }
};

} // namespace rami

#endif // RAMI_HPP
