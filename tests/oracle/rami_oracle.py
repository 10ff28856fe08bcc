"""A reference implementation of the Rami rules, written from doc/rules.md
(and the design's RULES.md) alone, for differential testing of librami.

It shares no code and no table with the C library: cards, melds, moves,
the turn, the end of the round, scoring and the portable shuffle are all
written again from the rules text. It is meant to be slow and obviously
correct:

- a group of cards is judged as a meld by trying every reading (a set; a
  run at every start place with every place for each ace);
- the melds a hand can lay are found by trying every sub-multiset of the
  hand's naturals of one rank (sets) or of one suit (runs), with 0..all of
  its jokers (any meld's naturals share a rank or a suit, rules §3);
- "can this turn still be finished" is a plain exhaustive search over every
  sequence of legal plays (memoised on the position, no pruning).

House rules are kept as separate small functions (one rule, one function):
`joker_discard_banned` (NO_JOKER_DISCARD, NO_JOKER_OUT), `swap_targets`
(SET_SWAP_ANY), `unopened_penalty`, `one_go_double`, `low_hand_zero`,
`still_in` / `match_over` / `match_winners` (ELIMINATION), so that a new
option is one change in one place.

Card codes are those of the public header (suit << 4 | rank, joker 0x50),
because the moves are exchanged in the public notation.
"""

import itertools
from collections import Counter

JOKER = 0x50
SUIT_ANY = 4
SUITS = "CDHS"
M64 = (1 << 64) - 1

# Option bits of the public header (rami.h), by the record's / view's names.
OPT = {
    "LAYOFF_OTHERS": 1 << 0,
    "GO_OUT_BY_MELD": 1 << 1,
    "KEEP_PICKUP": 1 << 2,
    "PICKUP_MUST_MELD": 1 << 3,
    "JOKER_SWAP": 1 << 4,
    "JOKER_REPLAY": 1 << 5,
    "OPEN_PURE_RUN": 1 << 6,
    "JOKER_CHOICE": 1 << 7,
    "OPEN_TURN_LAYOFF": 1 << 8,
    # House rules of issue 11 (doc/rules.md §2.3, §6.2, §8.4, "House rules
    # of scoring"): joker_discard_banned, swap_targets, still_in /
    # match_over / match_winners, unopened_penalty, one_go_double,
    # low_hand_zero.
    "NO_JOKER_DISCARD": 1 << 9,
    "NO_JOKER_OUT": 1 << 10,
    "ONE_GO_DOUBLE": 1 << 11,
    "ELIMINATION": 1 << 12,
    "LOW_HAND_ZERO": 1 << 13,
    "SET_SWAP_ANY": 1 << 14,
}
OPT_ALL = 0x7FFF

AUTO, LOW, HIGH = 0, 1, 2
SIDE_TEXT = {AUTO: "", LOW: " low", HIGH: " high"}

# Refusal reasons, named like the public status codes. A refused move
# carries the set of every reason that applies; the engine must name one.
DEAD_END = frozenset({"OPENING", "PICKUP", "PICKUP_MELD", "JOKER_REPLAY", "PICKED",
                      "MUST_DISCARD"})
# Rules §2 ("no dead ends"): when several obligations break at once, the
# first of this order that alone makes the dead end is named: the card to
# play, the card taken, the joker house rules, strict rami.
DEAD_END_ORDER = ["PICKUP_MELD", "PICKED", "JOKER_DISCARD", "MUST_DISCARD"]


class OracleError(Exception):
    """The input (record, move text) is not something the oracle reads."""


class SearchTooBig(Exception):
    """The exhaustive search went past its node budget: no verdict."""


# ---------------------------------------------------------------- cards --


def card(rank, suit):
    return suit << 4 | rank


def rank_of(c):
    return c & 15


def suit_of(c):
    return c >> 4


def card_text(c):
    if c == JOKER:
        return "JK"
    r, s = rank_of(c), suit_of(c)
    rt = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(r, str(r))
    return rt + ("?" if s == SUIT_ANY else SUITS[s])


def parse_card(t):
    if t == "JK":
        return JOKER
    rt, st = t[:-1], t[-1:]
    ranks = {"A": 1, "J": 11, "Q": 12, "K": 13}
    ranks.update({str(i): i for i in range(2, 11)})
    if rt not in ranks or st not in SUITS or st == "":
        raise OracleError("not a card: %r" % t)
    return card(ranks[rt], SUITS.index(st))


def hand_value(cards, rs):
    """Rules §8.1: the penalty value of cards left in hand."""
    total = 0
    for c in cards:
        if c == JOKER:
            total += rs.joker_penalty
        elif rank_of(c) == 1:
            total += rs.ace_penalty
        else:
            total += min(rank_of(c), 10)
    return total


# -------------------------------------------------------------- ruleset --

FIELDS = ["players", "decks", "jokers", "hand_size", "opening_points", "jokers_per_meld",
          "max_restocks", "max_turns", "joker_penalty", "ace_penalty", "options",
          "match_rounds", "match_target", "unopened_penalty"]
FIELDS_V1 = FIELDS[:13]  # record version 1 has no unopened_penalty


class Ruleset:
    def __init__(self, **kw):
        for f in FIELDS:
            setattr(self, f, kw[f])

    def has(self, name):
        return bool(self.options & OPT[name])

    def line(self):
        parts = []
        for f in FIELDS:
            v = getattr(self, f)
            parts.append("%s=%s" % (f, ("0x%x" % v) if f == "options" else v))
        return "ruleset " + " ".join(parts)

    def fields(self):
        return tuple(getattr(self, f) for f in FIELDS)


REFERENCE_OPTIONS = (OPT["LAYOFF_OTHERS"] | OPT["GO_OUT_BY_MELD"] | OPT["KEEP_PICKUP"]
                     | OPT["JOKER_SWAP"] | OPT["JOKER_REPLAY"] | OPT["OPEN_TURN_LAYOFF"])


def preset(which, players):
    """Rules §9: the preset table. which: 0 = 51, 1 = 40, 2 = 51_HOUSE,
    3 = 40_HOUSE, 4 = FINNISH."""
    big = players >= 5
    if which in (0, 1):
        decks, jokers = (3, 4) if big else (2, 4)
    elif which in (2, 3):
        decks, jokers = (3, 3) if big else (2, 2)
    else:
        decks, jokers = (2, 4) if big else (1, 2)
    if which == 4:
        hand = 10 if players <= 3 else 7 if players <= 5 else 6
        opening, restocks = 30, 255
        options = (REFERENCE_OPTIONS & ~OPT["OPEN_TURN_LAYOFF"]) | OPT["SET_SWAP_ANY"]
    else:
        hand, restocks, options = 13, 2, REFERENCE_OPTIONS
        opening = 51 if which in (0, 2) else 40
    return Ruleset(players=players, decks=decks, jokers=jokers, hand_size=hand,
                   opening_points=opening, jokers_per_meld=1, max_restocks=restocks,
                   max_turns=300, joker_penalty=25, ace_penalty=11, options=options,
                   match_rounds=0, match_target=0, unopened_penalty=0)


# ------------------------------------------------------------ generator --


def _rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & M64


class Rng:
    """xoshiro256** seeded through splitmix64 (rules §1, dealing order)."""

    def __init__(self, seed):
        self.s = []
        x = seed & M64
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & M64
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
            self.s.append(z ^ (z >> 31))

    def next(self):
        s = self.s
        result = (_rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n):
        """Lemire's multiply-and-reject on the high 32 bits of an output."""
        m = (self.next() >> 32) * n
        low = m & 0xFFFFFFFF
        if low < n:
            threshold = ((1 << 32) - n) % n
            while low < threshold:
                m = (self.next() >> 32) * n
                low = m & 0xFFFFFFFF
        return m >> 32

    def shuffle(self, a):
        for i in range(len(a), 1, -1):
            j = self.below(i)
            a[i - 1], a[j] = a[j], a[i - 1]

    def copy(self):
        r = Rng.__new__(Rng)
        r.s = list(self.s)
        return r


def round_rng(seed, rnd):
    return Rng(seed ^ ((0xD1B54A32D192ED03 * rnd) & M64))


def pack_of(rs):
    return [card(r, s) for _ in range(rs.decks) for s in range(4) for r in range(1, 14)] + \
        [JOKER] * rs.jokers


# ---------------------------------------------------------------- melds --
# A table meld is a tuple:
#   ("S", rank, slots)        a set: naturals by suit, then its jokers
#   ("R", suit, start, slots) a run: slots[i] is at place start + i
# Run places are 1..14: place p holds rank p, and place 14 is the high ace.


def place_rank(p):
    return 1 if p == 14 else p


def place_value(p):
    """Rules §4: ace 1 when low, 11 when high; J, Q, K 10."""
    if p == 1:
        return 1
    if p == 14:
        return 11
    return min(p, 10)


def set_value(r):
    return 11 if r == 1 else min(r, 10)


def meld_points(m):
    if m[0] == "S":
        return set_value(m[1]) * len(m[2])
    return sum(place_value(m[2] + i) for i in range(len(m[3])))


def meld_cards(m):
    """Table order (rules §3): runs low to high, sets naturals by suit then jokers."""
    return m[2] if m[0] == "S" else m[3]


def meld_jokers(m):
    return sum(1 for c in meld_cards(m) if c == JOKER)


def joker_stands_for(m, i):
    """What the joker in slot i stands for (rules §3.5, §4)."""
    if m[0] == "R":
        return card(place_rank(m[2] + i), m[1])
    naturals = [c for c in m[2] if c != JOKER]
    if len(naturals) == 3 and len(m[2]) == 4:
        missing = ({0, 1, 2, 3} - {suit_of(c) for c in naturals}).pop()
        return card(m[1], missing)
    return card(m[1], SUIT_ANY)


def make_set(r, cards):
    nat = sorted(c for c in cards if c != JOKER)
    return ("S", r, tuple(nat) + (JOKER,) * (len(cards) - len(nat)))


def read_meld(cards, jpm):
    """Every reading of cards (in any order) as a meld, runs lowest start
    first. Brute force over the rules of §3."""
    n = len(cards)
    nat = [c for c in cards if c != JOKER]
    jokers = n - len(nat)
    if n < 3 or jokers > jpm or len(nat) < 2:  # §3.3: at most jpm jokers, 2 naturals
        return []
    out = []
    r0 = rank_of(nat[0])
    if n <= 4 and all(rank_of(c) == r0 for c in nat) and \
            len({suit_of(c) for c in nat}) == len(nat):  # §3.1
        out.append(make_set(r0, cards))
    s0 = suit_of(nat[0])
    if n <= 13 and all(suit_of(c) == s0 for c in nat):  # §3.2
        for start in range(1, 16 - n):
            places = range(start, start + n)
            options = [[p for p in ((1, 14) if rank_of(c) == 1 else (rank_of(c),))
                        if p in places] for c in nat]
            for choice in itertools.product(*options):
                if len(set(choice)) != len(choice):
                    continue
                slots = [JOKER] * n
                for c, p in zip(nat, choice):
                    slots[p - start] = c
                reading = ("R", s0, start, tuple(slots))
                if reading not in out:
                    out.append(reading)
    return out


def layoff_places(m, c, jpm):
    """Where card c can be added to table meld m (rules §6.1): a list of
    (side, new meld), side LOW / HIGH for a run's ends, AUTO for a set."""
    if m[0] == "S":
        if len(m[2]) >= 4:
            return []
        if c == JOKER:
            return [(AUTO, make_set(m[1], m[2] + (JOKER,)))] if meld_jokers(m) < jpm else []
        if rank_of(c) != m[1] or suit_of(c) in {suit_of(x) for x in m[2] if x != JOKER}:
            return []
        return [(AUTO, make_set(m[1], m[2] + (c,)))]
    _, s, start, slots = m
    if len(slots) >= 13:
        return []
    out = []
    lo, hi = start - 1, start + len(slots)
    if c == JOKER:
        if meld_jokers(m) >= jpm:
            return []
        if lo >= 1:
            out.append((LOW, ("R", s, lo, (JOKER,) + slots)))
        if hi <= 14:
            out.append((HIGH, ("R", s, start, slots + (JOKER,))))
        return out
    if suit_of(c) != s:
        return []
    if lo >= 1 and place_rank(lo) == rank_of(c):
        out.append((LOW, ("R", s, lo, (c,) + slots)))
    if hi <= 14 and place_rank(hi) == rank_of(c):
        out.append((HIGH, ("R", s, start, slots + (c,))))
    return out


def swap_targets(m, c, rs):
    """The meld after giving natural c for a joker of m (rules §6.2), or None.
    A run's joker is given back for the card of its own place; a set's only
    when the set holds 3 naturals and one joker, or with SET_SWAP_ANY (the
    Finnish take-back) for any natural of its rank whose suit it lacks."""
    if c == JOKER:
        return None
    slots = meld_cards(m)
    if m[0] == "S" and rs.has("SET_SWAP_ANY"):
        suits = {suit_of(y) for y in slots if y != JOKER}
        if JOKER not in slots or rank_of(c) != m[1] or suit_of(c) in suits:
            return None
        i = slots.index(JOKER)  # the jokers of a set are alike
        return make_set(m[1], slots[:i] + (c,) + slots[i + 1:])
    for i, x in enumerate(slots):
        if x != JOKER:
            continue
        if m[0] == "S":
            naturals = [y for y in slots if y != JOKER]
            if not (len(naturals) == 3 and len(slots) == 4):
                return None
        if joker_stands_for(m, i) == c:
            new = slots[:i] + (c,) + slots[i + 1:]
            return make_set(m[1], new) if m[0] == "S" else ("R", m[1], m[2], new)
    return None


# ---------------------------------------------------------------- moves --
# A move: ("draw",), ("take",), ("meld", cards, side), ("lay", c, target, side),
# ("swap", c, target, side), ("discard", c). target is 0-based.


def move_text(mv):
    k = mv[0]
    if k in ("draw", "take"):
        return k
    if k == "meld":
        return "meld " + " ".join(card_text(c) for c in mv[1]) + SIDE_TEXT[mv[2]]
    if k in ("lay", "swap"):
        return "%s %s on %d%s" % (k, card_text(mv[1]), mv[2] + 1, SIDE_TEXT[mv[3]])
    return "discard " + card_text(mv[1])


def parse_move(text):
    w = text.split(" ")
    side = AUTO
    if w[-1] in ("low", "high") and w[0] in ("meld", "lay", "swap"):
        side = LOW if w[-1] == "low" else HIGH
        w = w[:-1]
    if w == ["draw"] or w == ["take"]:
        return (w[0],)
    if w[0] == "meld" and len(w) >= 2:
        return ("meld", tuple(parse_card(t) for t in w[1:]), side)
    if w[0] in ("lay", "swap") and len(w) == 4 and w[2] == "on":
        return (w[0], parse_card(w[1]), int(w[3]) - 1, side)
    if w[0] == "discard" and len(w) == 2:
        return ("discard", parse_card(w[1]))
    raise OracleError("not a move: %r" % text)


# ----------------------------------------------------------------- turn --


class Turn:
    """What the current player's turn depends on, after the draw. Immutable;
    `key` forgets the table order (indices do not change what can be done)."""

    __slots__ = ("hand", "table", "opened", "opened_before", "pts", "pure", "melded",
                 "picked", "picked_done", "pending", "key")

    def __init__(self, hand, table, opened, opened_before, pts, pure, melded, picked,
                 picked_done, pending):
        self.hand = tuple(sorted(hand))
        self.table = tuple(table)
        self.opened = opened
        self.opened_before = opened_before
        self.pts = pts
        self.pure = pure
        self.melded = melded
        self.picked = picked
        self.picked_done = picked_done
        self.pending = pending
        self.key = (self.hand, tuple(sorted(self.table)), opened, opened_before, pts, pure,
                    melded, picked, picked_done, pending)

    def but(self, **kw):
        d = {k: getattr(self, k) for k in self.__slots__ if k != "key"}
        d.update(kw)
        return Turn(**d)


def remove_cards(hand, cards):
    left = list(hand)
    for c in cards:
        if c not in left:
            return None
        left.remove(c)
    return left


def joker_discard_banned(rs, hand):
    """The joker house rules of rules §2.3: may a joker not be discarded
    from this hand (which holds it)? NO_JOKER_DISCARD: not while the hand
    holds a card that is not a joker (a hand of jokers only may discard
    one); NO_JOKER_OUT: not as the last card."""
    if rs.has("NO_JOKER_DISCARD") and any(c != JOKER for c in hand):
        return True
    return rs.has("NO_JOKER_OUT") and len(hand) == 1


def first_in_order(force):
    """The first obligation of DEAD_END_ORDER in force, as a set (empty or
    one). Rules §2 can also be read as naming it ("the first of this
    order"): the card to play could not be played, say, because strict rami
    forbids playing it as the last card; the oracle accepts both readings
    (tests/oracle/README.md, "Statuses")."""
    return set([x for x in DEAD_END_ORDER if x in force][:1])


def dead_end_status(name, t):
    """The status of a dead end (at t) named after the obligation `name`:
    strict rami before the opening is complete is RAMI_E_OPENING, "the
    opening would need every card" (rules §2, "which status", 1.3)."""
    return "OPENING" if name == "MUST_DISCARD" and not t.opened else name


class Rules:
    """The turn rules of one ruleset for one player (rules §2, §5, §6)."""

    def __init__(self, rs, player, budget=200000, lifted=frozenset()):
        self.rs = rs
        self.player = player
        # Obligations of DEAD_END_ORDER taken out, to find which one makes a
        # dead end (rules §2: "the first of this order that alone makes the
        # dead end is named"); empty when judging moves.
        self.lifted = lifted
        self.memo_fin = {}
        self.memo_jp = {}
        self.memo_melds = {}
        self.budget = budget
        self.nodes = 0
        self.trust = False  # True: judge the rules of a move alone, no search

    # -- the plays a position allows, by the rules alone ------------------

    def can_touch_table(self, t):
        """Lay-offs and retrievals: after opening; in the opening turn only
        with OPEN_TURN_LAYOFF (rules §5.3)."""
        return t.opened and (t.opened_before or self.rs.has("OPEN_TURN_LAYOFF"))

    def after_play(self, t, hand, table, played):
        """The position after a meld, lay-off or swap that put `played` on the
        table from the hand."""
        jokers = sum(1 for c in played if c == JOKER)
        done = t.picked_done or (t.picked is not None and t.picked in played)
        return t.but(hand=hand, table=table, picked_done=done,
                     pending=max(0, t.pending - jokers))

    def after_meld(self, t, m, hand):
        table = t.table + ((self.player, m),)
        n = self.after_play(t, hand, table, meld_cards(m))
        if not t.opened:  # rules §5.1, §5.4
            pts = t.pts + meld_points(m)
            pure = t.pure or (m[0] == "R" and JOKER not in m[3])
            opened = pts >= self.rs.opening_points and \
                (pure or not self.rs.has("OPEN_PURE_RUN"))
            n = n.but(pts=pts, pure=pure, melded=True, opened=opened)
        return n

    def meld_readings(self, hand):
        """Every (cards multiset, readings) a hand can lay as a new meld."""
        if hand in self.memo_melds:
            return self.memo_melds[hand]
        jokers = hand.count(JOKER)
        naturals = [c for c in hand if c != JOKER]
        groups = {}
        for c in naturals:
            groups.setdefault(("rank", rank_of(c)), []).append(c)
            groups.setdefault(("suit", suit_of(c)), []).append(c)
        found = {}
        for cards in groups.values():
            faces = Counter(cards)
            keys = sorted(faces)
            for counts in itertools.product(*(range(faces[k] + 1) for k in keys)):
                chosen = [k for k, n in zip(keys, counts) for _ in range(n)]
                if len(chosen) < 2:
                    continue
                for j in range(jokers + 1):
                    sub = tuple(sorted(chosen + [JOKER] * j))
                    if sub in found:
                        continue
                    readings = read_meld(sub, self.rs.jokers_per_meld)
                    if readings:
                        found[sub] = readings
        self.memo_melds[hand] = found
        return found

    def meld_choice(self, readings, side):
        """The reading a meld move with `side` lays (rules §3.4, and the
        accepted forms of "Moves and their canonical form"), or None."""
        if readings[0][0] == "S":
            return readings[0] if side == AUTO else None
        if len(readings) == 1 or side in (AUTO, LOW):
            return readings[0]
        has_joker = JOKER in readings[0][3]
        if side == HIGH and self.rs.has("JOKER_CHOICE") and has_joker:
            return readings[-1]
        return None

    def meld_moves(self, readings):
        """The canonical meld moves of one group of cards: (side, reading)."""
        if readings[0][0] == "R" and len(readings) > 1 and \
                self.rs.has("JOKER_CHOICE") and JOKER in readings[0][3]:
            return [(LOW, readings[0]), (HIGH, readings[-1])]
        return [(AUTO, readings[0])]

    def lay_choice(self, places, c, side, is_set):
        """The meld after a lay-off move naming `side`, or None. AUTO takes the
        automatic place (the card's only place; the low end for a joker, or
        an ace that fits both ends); a named side must be a place the card
        fits, and the high end of a joker that could go low needs
        JOKER_CHOICE (rules §6.1)."""
        if not places:
            return None
        if is_set:
            return places[0][1] if side == AUTO else None
        if side == AUTO:
            return places[0][1]
        fits = [new for where, new in places if where == side]
        if not fits:
            return None
        if side == HIGH and c == JOKER and len(places) == 2 and \
                not self.rs.has("JOKER_CHOICE"):
            return None
        return fits[0]

    def lay_moves(self, places, c, is_set):
        if not is_set and len(places) == 2 and (c != JOKER or self.rs.has("JOKER_CHOICE")):
            return [(LOW, places[0][1]), (HIGH, places[1][1])]
        return [(AUTO, places[0][1])] if places else []

    def plays(self, t):
        """Every canonical meld, lay-off and swap the rules allow in t, before
        the end-of-turn conditions: (move, position after, jokers played)."""
        out = []
        for sub, readings in self.meld_readings(t.hand).items():
            hand = tuple(remove_cards(t.hand, sub))
            for side, m in self.meld_moves(readings):
                if self.empties_wrongly(hand):
                    continue
                out.append((("meld", meld_cards(m), side), self.after_meld(t, m, hand),
                            sub.count(JOKER)))
        if not self.can_touch_table(t):
            return out
        faces = sorted(set(t.hand))
        for i, (owner, m) in enumerate(t.table):
            if owner != self.player and not self.rs.has("LAYOFF_OTHERS"):
                continue
            for c in faces:
                hand = tuple(remove_cards(t.hand, [c]))
                if self.empties_wrongly(hand):
                    continue
                places = layoff_places(m, c, self.rs.jokers_per_meld)
                for side, new in self.lay_moves(places, c, m[0] == "S"):
                    table = t.table[:i] + ((owner, new),) + t.table[i + 1:]
                    out.append((("lay", c, i, side), self.after_play(t, hand, table, (c,)),
                                int(c == JOKER)))
            if not self.rs.has("JOKER_SWAP"):
                continue
            for c in faces:
                new = swap_targets(m, c, self.rs)
                if new is None:
                    continue
                hand = tuple(remove_cards(t.hand, [c]) + [JOKER])
                table = t.table[:i] + ((owner, new),) + t.table[i + 1:]
                n = self.after_play(t, hand, table, (c,))
                if self.rs.has("JOKER_REPLAY"):
                    n = n.but(pending=n.pending + 1)
                out.append((("swap", c, i, AUTO), n, 0))
        return out

    def empties_wrongly(self, hand):
        """Strict rami: no meld or lay-off may empty the hand (rules §2.4)."""
        return not hand and not self.rs.has("GO_OUT_BY_MELD") and \
            "MUST_DISCARD" not in self.lifted

    # -- the end of the turn ---------------------------------------------

    def discard_reasons(self, t, c, every=False):
        """Why discarding c ends the turn illegally (rules §2.3, §5.2, §6):
        the set of reasons, empty when the discard is allowed. The costly
        replay test is skipped once another reason refuses, unless every."""
        why = set()
        if c not in t.hand:
            why.add("NOT_IN_HAND")
        if t.melded and not t.opened:
            why.add("OPENING")  # a partial opening cannot end the turn
        if self.rs.has("KEEP_PICKUP") and t.picked is not None and c == t.picked:
            why.add("PICKED")
        if self.rs.has("PICKUP_MUST_MELD") and t.picked is not None and not t.picked_done:
            why.add("PICKUP_MELD")
        if c == JOKER and joker_discard_banned(self.rs, t.hand):
            why.add("JOKER_DISCARD")
        why -= self.lifted
        if (every or not why) and t.pending > 0 and not self.trust and self.joker_playable(t):
            why.add("JOKER_REPLAY")
        return why

    def obligations(self, t):
        """What a dead end at t may be named after (rules §2, "no dead ends"):
        the obligations in force at t. (Which of them the engine names when
        several are is only partly stated; see tests/oracle/README.md.)"""
        rs, why = self.rs, set()
        if not t.opened:
            why.add("OPENING")
        if rs.has("PICKUP_MUST_MELD") and t.picked is not None and not t.picked_done:
            why.add("PICKUP_MELD")
        if rs.has("KEEP_PICKUP") and t.picked is not None and t.picked in t.hand:
            why.add("PICKED")
        # The joker house rules bind a joker held now and one a retrieval
        # may still bring into the hand this turn (rules §2, "which status":
        # a lay-off may leave only a card whose retrieval gives a joker that
        # may not then be discarded).
        if (rs.has("NO_JOKER_DISCARD") or rs.has("NO_JOKER_OUT")) and \
                (JOKER in t.hand or rs.has("JOKER_SWAP")):
            why.add("JOKER_DISCARD")
        if not rs.has("GO_OUT_BY_MELD"):
            why.add("MUST_DISCARD")
        return why

    def named_obligation(self, t, names):
        """Rules §2 ("no dead ends"): of the obligations `names` in force at
        the dead end t, the first in DEAD_END_ORDER that alone makes the dead
        end, read as: without it (the others kept) the turn could be
        finished. None when no single one does (see tests/oracle/README.md,
        "Statuses")."""
        for x in DEAD_END_ORDER:
            if x in names and Rules(self.rs, self.player, self.budget,
                                    frozenset({x})).finishable(t):
                return x
        return None

    def went_out_ok(self, t):
        """A play that empties the hand ends the round: only with a complete
        opening (rules §5)."""
        return t.opened

    def replay_ok(self, t, after, jokers_played):
        """JOKER_REPLAY (rules §6.3, issue 11): while a retrieved joker is
        unplayed, a move that does not play a joker and leaves no legal joker
        play, when there was one, is refused."""
        if t.pending == 0 or jokers_played > 0:
            return True
        if not self.joker_playable(t):
            return True
        return after is not None and self.joker_playable(after)

    def play_legal(self, t, after, jokers_played):
        """A meld, lay-off or swap the rules allow is legal when it keeps the
        replay obligation and the turn can still be finished (no dead ends)."""
        if self.trust:
            return True
        if not after.hand:
            return self.went_out_ok(after)
        if not self.replay_ok(t, after, jokers_played):
            return False
        return self.finishable(after)

    def legal_plays(self, t):
        return [(mv, a, j) for mv, a, j in self.plays(t) if self.play_legal(t, a, j)]

    def finishable(self, t):
        """Is there a legal way to end this turn from t? Exhaustive."""
        if t.key in self.memo_fin:
            return self.memo_fin[t.key]
        self.nodes += 1
        if self.nodes > self.budget:
            raise SearchTooBig()
        self.memo_fin[t.key] = False  # no cycles: every play shrinks the hand or its naturals
        ok = any(not self.discard_reasons(t, c) for c in set(t.hand))
        if not ok:
            ok = any(self.play_legal(t, a, j) for _, a, j in self.plays(t))
        self.memo_fin[t.key] = ok
        return ok

    def joker_playable(self, t):
        """Is there a legal play (meld or lay-off) of a joker in t?"""
        if JOKER not in t.hand:
            return False
        if t.key in self.memo_jp:
            return self.memo_jp[t.key]
        self.memo_jp[t.key] = False
        ok = any(j > 0 and self.play_legal(t, a, j) for _, a, j in self.plays(t))
        self.memo_jp[t.key] = ok
        return ok


# ----------------------------------------------------------------- game --

WENT_OUT, STOCK_OUT, TURN_LIMIT = 1, 2, 3
DRAW, PLAY, ROUND_OVER, MATCH_OVER = 0, 1, 2, 3


def round_values(rs, hands, playing):
    """Rules §8.2, §8.4: `hand_value` of the round result, 0 for a seat out
    of the match."""
    return [hand_value(h, rs) if playing[p] else 0 for p, h in enumerate(hands)]


def round_winners(reason, winner, values, playing):
    """Rules §7.4: who went out, or every lowest hand among the seats that
    played the round (§8.4: a seat out of the match never wins)."""
    if reason == WENT_OUT:
        return 1 << winner
    low = min(v for p, v in enumerate(values) if playing[p])
    return sum(1 << p for p, v in enumerate(values) if playing[p] and v == low)


def round_points(rs, end):
    """Rules §8.2: the player who went out scores 0, everyone else the value
    of their hand (a seat out of the match 0, §8.4); then the house rules of
    scoring, in the order of the rules: the flat penalty, one-go doubling,
    lowest hand 0."""
    pts = [0 if (end.reason == WENT_OUT and p == end.winner) else v
           for p, v in enumerate(end.values)]
    pts = unopened_penalty(rs, end, pts)
    pts = one_go_double(rs, end, pts)
    return low_hand_zero(rs, end, pts)


def unopened_penalty(rs, end, pts):
    """`unopened_penalty`: when a player goes out, every other seat (in the
    match) that has not opened this round scores the flat number."""
    if not rs.unopened_penalty or end.reason != WENT_OUT:
        return pts
    return [rs.unopened_penalty if (p != end.winner and end.playing[p] and not end.opened[p])
            else x for p, x in enumerate(pts)]


def one_go_double(rs, end, pts):
    """ONE_GO_DOUBLE: the player who went out had not opened before this
    turn: every other seat's points are doubled."""
    if not rs.has("ONE_GO_DOUBLE") or end.reason != WENT_OUT or not end.one_go:
        return pts
    return [x if p == end.winner else 2 * x for p, x in enumerate(pts)]


def low_hand_zero(rs, end, pts):
    """LOW_HAND_ZERO: at stock-out or the turn cap the round winners (the
    lowest hands) score 0."""
    if not rs.has("LOW_HAND_ZERO") or end.reason == WENT_OUT:
        return pts
    return [0 if end.winners >> p & 1 else x for p, x in enumerate(pts)]


class RoundEnd:
    """What the scoring rules look at when a round ends."""

    def __init__(self, rs, reason, winner, hands, playing, opened, one_go):
        self.reason, self.winner = reason, winner
        self.playing, self.opened, self.one_go = playing, opened, one_go
        self.values = round_values(rs, hands, playing)
        self.winners = round_winners(reason, winner, self.values, playing)


def still_in(rs, totals):
    """ELIMINATION (rules §8.4): a seat is out once its total is at or above
    match_target. Without it every seat plays every round."""
    if not rs.has("ELIMINATION"):
        return [True] * len(totals)
    return [t < rs.match_target for t in totals]


def match_over(rs, rounds_played, totals):
    """Rules §8.3; with ELIMINATION (§8.4) a total at the target puts its
    seat out instead, and the match ends when at most one seat is in."""
    if rs.match_rounds and rounds_played >= rs.match_rounds:
        return True
    if rs.has("ELIMINATION"):
        return sum(still_in(rs, totals)) <= 1
    return bool(rs.match_target) and max(totals) >= rs.match_target


def match_winners(totals, playing):
    """Rules §8.3/§8.4: the lowest total among the seats that played the
    last round (every seat without ELIMINATION); ties share."""
    low = min(t for p, t in enumerate(totals) if playing[p])
    return sum(1 << p for p, t in enumerate(totals) if playing[p] and t == low)


class Game:
    """A whole match, owned by the oracle: built from a saved record and
    moved on by the moves it is given."""

    def __init__(self, record_text, budget=200000):
        self.budget = budget
        lines = record_text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        it = iter(lines)
        version = next(it)
        if version not in ("rami-record 1", "rami-record 2"):
            raise OracleError("not a version-1 or version-2 record")
        words = next(it).split(" ")
        if words[0] != "ruleset":
            raise OracleError("no ruleset line")
        kv = dict(w.split("=") for w in words[1:])
        if sorted(kv) != sorted(FIELDS_V1 if version == "rami-record 1" else FIELDS):
            raise OracleError("the ruleset line does not have the keys of its version")
        self.rs = Ruleset(**{f: int(kv.get(f, "0"), 0) for f in FIELDS})
        self.seed = int(next(it).split(" ")[1])
        line = next(it)
        deal = None
        if line.startswith("deal "):
            dealer = int(line.split("=")[1])
            hands = []
            for p in range(self.rs.players):
                w = next(it).split(" ")
                if w[:2] != ["hand", str(p)]:
                    raise OracleError("bad hand line")
                hands.append([parse_card(x) for x in w[2:]])
            stock = [parse_card(x) for x in next(it).split(" ")[1:]]
            disc = [parse_card(x) for x in next(it).split(" ")[1:]]
            deal = (dealer, hands, stock, disc)
            line = next(it)
        self.totals = [int(x) for x in line.split(" ")[1:]]
        self.playing = still_in(self.rs, self.totals)  # rules §8.4: the record's totals tell
        self.round = int(next(it).split(" ")[1])
        first_dealer = deal[0] if deal else self.rs.players - 1
        self.dealer = (first_dealer + self.round - 1) % self.rs.players
        if version == "rami-record 2":  # the dealer is written (rules §1.4)
            words = next(it).split(" ")
            if words[0] != "dealer":
                raise OracleError("no dealer line")
            self.dealer = int(words[1])
        self.result = None
        self.match_winners = None
        if deal and self.round == 1:
            self.start_round(deal[1], deal[2], deal[3], round_rng(self.seed, 1))
        else:
            self.deal_from_seed()
        for line in it:
            if line == "end":
                break
            self.play(self.current, parse_move(line))

    # -- dealing and the flow of the round -------------------------------

    def next_seat(self, p):
        """The next seat clockwise that plays this round (rules §1.4)."""
        n = self.rs.players
        for k in range(1, n + 1):
            if self.playing[(p + k) % n]:
                return (p + k) % n
        raise OracleError("no seat plays")

    def deal_from_seed(self):
        """Rules §1 (dealing order), round the seats still in the match."""
        rng = round_rng(self.seed, self.round)
        pack = pack_of(self.rs)
        rng.shuffle(pack)
        n = self.rs.players
        hands = [[] for _ in range(n)]
        seats = [(self.dealer + 1 + k) % n for k in range(n)]
        seats = [p for p in seats if self.playing[p]]
        for _ in range(self.rs.hand_size):
            for p in seats:
                hands[p].append(pack.pop())
        disc = [pack.pop()]
        self.start_round(hands, pack, disc, rng)

    def start_round(self, hands, stock, disc, rng):
        self.hands = [sorted(h) for h in hands]
        self.stock = list(stock)
        self.discard = list(disc)
        self.rng = rng
        self.table = []
        self.opened = [False] * self.rs.players
        self.restocks = 0
        self.turn = 0
        self.result = None
        self.begin_turn(self.next_seat(self.dealer))

    def begin_turn(self, player):
        """Rules §7.2 (lazy restock) at the start of every turn."""
        self.current = player
        self.phase = DRAW
        self.t = None
        self.undo_stack = []
        self.rules = Rules(self.rs, player, self.budget)
        if not self.stock:
            unlimited = self.rs.max_restocks == 255
            if (unlimited or self.restocks < self.rs.max_restocks) and len(self.discard) >= 2:
                self.stock = self.discard[:-1]
                self.discard = self.discard[-1:]
                self.rng.shuffle(self.stock)
                self.restocks += 1
            else:
                self.end_round(STOCK_OUT, None)
                return  # a turn that cannot begin is not counted
        self.turn += 1

    def end_round(self, reason, winner):
        rs = self.rs
        one_go = reason == WENT_OUT and not self.t.opened_before
        end = RoundEnd(rs, reason, winner, self.hands, self.playing, self.opened, one_go)
        pts = round_points(rs, end)
        self.last_end = end
        self.result = (reason, end.winners, end.values, pts)
        self.totals = [a + b for a, b in zip(self.totals, pts)]
        if match_over(rs, self.round, self.totals):
            self.phase = MATCH_OVER
            self.match_winners = match_winners(self.totals, self.playing)
        else:
            self.phase = ROUND_OVER
        self.t = None

    def next_round(self):
        if self.phase != ROUND_OVER:
            return "PHASE"
        self.round += 1
        self.playing = still_in(self.rs, self.totals)
        self.dealer = self.next_seat(self.dealer)
        self.deal_from_seed()
        return None

    def turn_state(self, extra=None, picked=None):
        p = self.current
        hand = self.hands[p] + ([extra] if extra is not None else [])
        return Turn(hand, self.table, self.opened[p], self.opened[p], 0, False, False, picked,
                    False, 0)

    # -- judging moves ---------------------------------------------------

    def judge(self, player, mv):
        """(reasons, position after): reasons is empty for a legal move."""
        self.last_dead_end = None
        if self.phase in (ROUND_OVER, MATCH_OVER):
            return {"PHASE"}, None
        if player != self.current:
            return {"TURN"}, None
        k = mv[0]
        if self.phase == DRAW:
            if k not in ("draw", "take"):
                return {"PHASE"}, None
            if k == "draw":
                t = self.turn_state(self.stock[-1])
            elif not self.discard:
                return {"PICKUP", "PHASE"}, None
            else:
                t = self.turn_state(self.discard[-1], picked=self.discard[-1])
            if not self.rules.trust and not self.rules.finishable(t):
                return self.take_refusal(t), None
            return set(), t
        if k in ("draw", "take"):
            return {"PHASE"}, None
        r, t = self.rules, self.t
        if k == "discard":
            return r.discard_reasons(t, mv[1], every=True), None
        if k == "meld":
            return self.judge_meld(r, t, mv)
        return self.judge_table(r, t, mv)

    def judge_meld(self, r, t, mv):
        why = set()
        left = remove_cards(t.hand, mv[1])
        if left is None:
            why.add("NOT_IN_HAND")
        readings = read_meld(mv[1], self.rs.jokers_per_meld)
        m = r.meld_choice(readings, mv[2]) if readings else None
        if m is None:
            why.add("MELD")
        if left is not None and r.empties_wrongly(left):
            why.add("MUST_DISCARD")
        if why:
            return why, None
        after = r.after_meld(t, m, tuple(left))
        if not r.play_legal(t, after, mv[1].count(JOKER)):
            return self.refusal(r, t, after, mv[1].count(JOKER)), None
        return set(), after

    def take_refusal(self, t):
        """Rules §2, §6 (PICKUP_MUST_MELD): a take is refused with PICKUP_MELD
        when the card could not be played this turn (that obligation alone
        makes the dead end), otherwise with PICKUP ("a take after which no
        card could be discarded"; PICKED, the card taken, is accepted too:
        the rules name both)."""
        force = self.rules.obligations(t)
        named = self.rules.named_obligation(t, force)
        self.last_dead_end = (force, named)
        if named == "PICKUP_MELD":
            return {"PICKUP_MELD"}
        why = {"PICKUP", "PICKED"} if named == "PICKED" else {"PICKUP"}
        return why | (first_in_order(force) & {"PICKUP_MELD"})

    def refusal(self, r, t, after, jokers):
        """The reasons of a play refused for where it leads: the retrieved
        joker's own check (rules §6.3), and a dead end named after an
        obligation in force (rules §2)."""
        if not after.hand:
            return {"OPENING"}  # going out without a complete opening
        why = set()
        if not r.replay_ok(t, after, jokers):
            why.add("JOKER_REPLAY")
        if not r.finishable(after):
            force = r.obligations(after)
            named = r.named_obligation(after, force)
            self.last_dead_end = (force, named)
            if named is not None:
                why.add(dead_end_status(named, after))
            elif not after.opened:
                why.add("OPENING")  # the opening can no longer be completed
            else:
                why |= force or set(DEAD_END)  # the rules do not say which
            why |= {dead_end_status(x, after) for x in first_in_order(force)}
        return why

    def judge_table(self, r, t, mv):
        k, c, target, side = mv
        why = set()
        if k == "swap" and not self.rs.has("JOKER_SWAP"):
            why.add("SWAP")
        if not 0 <= target < len(t.table):
            why.add("ARG")  # no such table meld: a bad argument, not a rule
            owner, m = None, None
        else:
            owner, m = t.table[target]
        left = remove_cards(t.hand, [c])
        if left is None:
            why.add("NOT_IN_HAND")
        if not r.can_touch_table(t):
            # rules §5.3: before the opening, or in its turn without OPEN_TURN_LAYOFF
            why.add("OPENING_TURN" if t.opened else "NOT_OPENED")
        if owner is not None and owner != self.current and not self.rs.has("LAYOFF_OTHERS"):
            why.add("CLOSED")
        new = None
        if m is not None and k == "lay":
            places = layoff_places(m, c, self.rs.jokers_per_meld)
            new = r.lay_choice(places, c, side, m[0] == "S")
            if new is None:
                why.add("LAYOFF")
            if left is not None and r.empties_wrongly(left):
                why.add("MUST_DISCARD")
        elif m is not None:
            new = swap_targets(m, c, self.rs)
            if new is None or side != AUTO:
                why.add("SWAP")
        if why:
            return why, None
        table = t.table[:target] + ((owner, new),) + t.table[target + 1:]
        if k == "lay":
            after, jokers = r.after_play(t, tuple(left), table, (c,)), int(c == JOKER)
        else:
            after, jokers = r.after_play(t, tuple(left) + (JOKER,), table, (c,)), 0
            if self.rs.has("JOKER_REPLAY"):
                after = after.but(pending=after.pending + 1)
        if not r.play_legal(t, after, jokers):
            return self.refusal(r, t, after, jokers), None
        return set(), after

    def legal_moves(self):
        """Every legal move in canonical form (doc/rules.md, "Moves")."""
        if self.phase in (ROUND_OVER, MATCH_OVER):
            return []
        if self.phase == DRAW:
            return [mv for mv in (("draw",), ("take",)) if not self.judge(self.current, mv)[0]]
        r, t = self.rules, self.t
        out = [mv for mv, a, j in r.plays(t) if r.play_legal(t, a, j)]
        out += [("discard", c) for c in sorted(set(t.hand)) if not r.discard_reasons(t, c)]
        return out

    # -- making moves ----------------------------------------------------

    def play(self, player, mv):
        why, after = self.judge(player, mv)
        if why:
            raise OracleError("illegal move %s: %s" % (move_text(mv), " ".join(sorted(why))))
        k = mv[0]
        if k == "draw":
            self.stock.pop()
        elif k == "take":
            self.discard.pop()
        if k in ("draw", "take"):
            self.t = after
            self.phase = PLAY
            return
        if k == "discard":
            self.finish_turn(remove_cards(self.t.hand, [mv[1]]), self.t.table, mv[1])
            return
        self.undo_stack.append(self.t)
        self.t = after
        self.opened[player] = after.opened
        if not after.hand:
            self.finish_turn([], after.table, None)

    def play_unchecked(self, player, mv):
        """Plays a move whose dead-end search went past the budget."""
        self.rules.trust = True
        try:
            self.play(player, mv)
        finally:
            self.rules.trust = False

    def finish_turn(self, hand, table, discarded):
        p = self.current
        self.hands[p] = sorted(hand)
        self.table = list(table)
        self.opened[p] = self.t.opened
        if discarded is not None:
            self.discard.append(discarded)
        if not hand:
            self.end_round(WENT_OUT, p)
        elif self.rs.max_turns and self.turn >= self.rs.max_turns:
            self.end_round(TURN_LIMIT, None)
        else:
            self.begin_turn(self.next_seat(p))

    def undo(self, player):
        """Rules §2.5: the status name, or None when a play was taken back."""
        if self.phase in (ROUND_OVER, MATCH_OVER):
            return "PHASE"
        if player != self.current:
            return "TURN"
        if self.phase != PLAY or not self.undo_stack:
            return "UNDO"
        self.t = self.undo_stack.pop()
        self.opened[player] = self.t.opened
        return None

    # -- what the engine shows -------------------------------------------

    def hand_of(self, p):
        if self.t is not None and p == self.current:
            return list(self.t.hand)
        return list(self.hands[p])

    def table_now(self):
        return list(self.t.table) if self.t is not None else list(self.table)

    def picked(self):
        return self.t.picked if self.t is not None else None


def witness(rules, t):
    """A legal way to finish the turn from t (a list of moves), or None."""
    if not rules.finishable(t):
        return None
    for c in sorted(set(t.hand)):
        if not rules.discard_reasons(t, c):
            return [("discard", c)]
    for mv, a, j in rules.plays(t):
        if rules.play_legal(t, a, j):
            return [mv] + (witness(rules, a) if a.hand else [])
    return None


def explain(game, mv):
    """Why the oracle accepts mv in game: the move and a way to finish the turn."""
    why, after = game.judge(game.current, mv)
    if why:
        return "refused: " + " ".join(sorted(why))
    if after is None or mv[0] == "discard":
        return "legal"
    if not after.hand:
        return "legal, goes out"
    path = witness(game.rules, after)
    return "legal; then " + ", ".join(move_text(m) for m in path)
