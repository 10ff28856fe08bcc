"""rami.py - a small ctypes binding of librami (include/rami.h).

Cards are strings ('7S', '10H', 'JK'), moves are strings in move notation
('meld 7S 8S 9S', 'lay 9S on 2', 'discard KH'). Errors raise RamiError,
which carries the status code, its name and, for refused moves, the
engine's English reason.

The shared library is found through the RAMI_LIB environment variable (a
path to librami.so), else in a meson build directory next to this file
(../../build*/lib), else through the system's library search path.

    import rami
    g = rami.Game(preset='51', players=2, seed=42)
    while not g.over:
        g.play(g.bot_move(rami.GREEDY))
    print(g.round_result())
"""

import ctypes
import ctypes.util
import glob
import json
import os

# --------------------------------------------------------------------------
# Constants of rami.h
# --------------------------------------------------------------------------

STATUS_NAMES = {
    0: 'RAMI_OK', -1: 'RAMI_E_ARG', -2: 'RAMI_E_NOMEM', -3: 'RAMI_E_BUFFER',
    -4: 'RAMI_E_PARSE', -5: 'RAMI_E_RULESET', -6: 'RAMI_E_TURN', -7: 'RAMI_E_PHASE',
    -8: 'RAMI_E_NOT_IN_HAND', -9: 'RAMI_E_MELD', -10: 'RAMI_E_OPENING',
    -11: 'RAMI_E_NOT_OPENED', -12: 'RAMI_E_LAYOFF', -13: 'RAMI_E_CLOSED',
    -14: 'RAMI_E_SWAP', -15: 'RAMI_E_PICKED', -16: 'RAMI_E_JOKER_REPLAY',
    -17: 'RAMI_E_MUST_DISCARD', -18: 'RAMI_E_PICKUP', -19: 'RAMI_E_UNDO',
    -20: 'RAMI_E_CORRUPT',
}
globals().update({name: code for code, name in STATUS_NAMES.items()})

MAX_PLAYERS = 6
MAX_HAND = 32
MAX_PACK = 168
MAX_MELD = 13
MAX_MOVES = 4096
MAX_SOLUTION_MELDS = 10
JOKER = 0x50
NO_CARD = 0

PRESETS = {'51': 0, '40': 1, '51-house': 2, '40-house': 3, 'finnish': 4}
PHASE_DRAW, PHASE_PLAY, PHASE_ROUND_OVER, PHASE_MATCH_OVER = 0, 1, 2, 3
PHASE_NAMES = ('draw', 'play', 'round_over', 'match_over')
END_REASONS = ('none', 'went_out', 'stock_out', 'turn_limit')
MELD_KINDS = ('none', 'set', 'run')
RANDOM, GREEDY, STRONG = 0, 1, 2
SOLVE_MAX_POINTS, SOLVE_MIN_PENALTY = 0, 1

OPT_LAYOFF_OTHERS = 1 << 0
OPT_GO_OUT_BY_MELD = 1 << 1
OPT_KEEP_PICKUP = 1 << 2
OPT_PICKUP_MUST_MELD = 1 << 3
OPT_JOKER_SWAP = 1 << 4
OPT_JOKER_REPLAY = 1 << 5
OPT_OPEN_PURE_RUN = 1 << 6
OPT_JOKER_CHOICE = 1 << 7
OPT_OPEN_TURN_LAYOFF = 1 << 8

# --------------------------------------------------------------------------
# Structs, field for field as in rami.h
# --------------------------------------------------------------------------

u8, u16, u32, u64, i16, i32 = (ctypes.c_uint8, ctypes.c_uint16, ctypes.c_uint32,
                               ctypes.c_uint64, ctypes.c_int16, ctypes.c_int32)
Card = u8


class Ruleset(ctypes.Structure):
    _fields_ = [('struct_size', u32), ('players', u8), ('decks', u8), ('jokers', u8),
                ('hand_size', u8), ('opening_points', u16), ('jokers_per_meld', u8),
                ('max_restocks', u8), ('max_turns', u16), ('joker_penalty', u8),
                ('ace_penalty', u8), ('options', u32), ('match_rounds', u16),
                ('match_target', u16)]


class MeldInfo(ctypes.Structure):
    _fields_ = [('kind', u8), ('count', u8), ('points', u16), ('cards', Card * MAX_MELD),
                ('joker_as', Card)]


class Deal(ctypes.Structure):
    _fields_ = [('struct_size', u32), ('dealer', u8), ('hand_count', u8 * MAX_PLAYERS),
                ('hands', (Card * MAX_HAND) * MAX_PLAYERS), ('stock_count', u16),
                ('stock', Card * MAX_PACK), ('discard_count', u16),
                ('discard', Card * MAX_PACK)]


class RoundResult(ctypes.Structure):
    _fields_ = [('reason', u8), ('winners', u8), ('hand_value', u16 * MAX_PLAYERS),
                ('points', i16 * MAX_PLAYERS)]


class Move(ctypes.Structure):
    _fields_ = [('kind', u8), ('count', u8), ('target', u8), ('side', u8),
                ('cards', Card * MAX_MELD)]


class Solution(ctypes.Structure):
    _fields_ = [('meld_count', u8), ('left_count', u8), ('points', u16), ('penalty', u16),
                ('reserved', u16), ('melds', MeldInfo * MAX_SOLUTION_MELDS),
                ('left', Card * MAX_HAND)]


class BotOptions(ctypes.Structure):
    _fields_ = [('struct_size', u32), ('level', u8), ('reserved', u8 * 3), ('seed', u64),
                ('playouts', u32), ('time_ms', u32)]


STRUCTS = {'rami_ruleset': Ruleset, 'rami_meld_info': MeldInfo, 'rami_deal': Deal,
           'rami_round_result': RoundResult, 'rami_move': Move, 'rami_solution': Solution,
           'rami_bot_options': BotOptions}

# --------------------------------------------------------------------------
# The library
# --------------------------------------------------------------------------


def _find_library():
    path = os.environ.get('RAMI_LIB')
    if path:
        return path
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    for pattern in ('build/lib/librami.so', 'build*/lib/librami.so', 'build*/lib/librami.dylib'):
        found = sorted(glob.glob(os.path.join(root, pattern)))
        if found:
            return found[0]
    return ctypes.util.find_library('rami') or 'librami.so'


_P = ctypes.POINTER
_game_p = ctypes.c_void_p
_size_p = _P(ctypes.c_size_t)
_char_p = ctypes.c_char_p
_buf = ctypes.c_char_p  # output text buffers are passed as create_string_buffer

# name: (restype, argtypes)
_SIGNATURES = {
    'rami_strerror': (_char_p, [ctypes.c_int]),
    'rami_version': (_char_p, []),
    'rami_card_parse': (ctypes.c_int, [_char_p, _P(Card)]),
    'rami_card_format': (ctypes.c_int, [Card, _buf, ctypes.c_size_t]),
    'rami_cards_parse': (ctypes.c_int, [_char_p, _P(Card), ctypes.c_size_t, _size_p]),
    'rami_ruleset_init': (ctypes.c_int, [_P(Ruleset), ctypes.c_int, ctypes.c_uint]),
    'rami_ruleset_check': (ctypes.c_int, [_P(Ruleset), _buf, ctypes.c_size_t]),
    'rami_meld_check': (ctypes.c_int, [_P(Ruleset), _P(Card), ctypes.c_size_t, _P(MeldInfo)]),
    'rami_game_new': (ctypes.c_int, [_P(Ruleset), u64, _P(_game_p)]),
    'rami_game_new_deal': (ctypes.c_int, [_P(Ruleset), _P(Deal), u64, _P(_game_p)]),
    'rami_game_clone': (ctypes.c_int, [_game_p, _P(_game_p)]),
    'rami_game_free': (None, [_game_p]),
    'rami_game_phase': (ctypes.c_int, [_game_p]),
    'rami_game_current_player': (ctypes.c_int, [_game_p]),
    'rami_game_dealer': (ctypes.c_int, [_game_p]),
    'rami_game_round': (ctypes.c_int, [_game_p]),
    'rami_game_turn': (ctypes.c_int, [_game_p]),
    'rami_game_hand': (ctypes.c_int, [_game_p, ctypes.c_int, _P(Card), ctypes.c_size_t,
                                      _size_p]),
    'rami_game_stock_count': (ctypes.c_size_t, [_game_p]),
    'rami_game_discard_count': (ctypes.c_size_t, [_game_p]),
    'rami_game_discard_top': (Card, [_game_p]),
    'rami_game_has_opened': (ctypes.c_int, [_game_p, ctypes.c_int]),
    'rami_game_meld_count': (ctypes.c_size_t, [_game_p]),
    'rami_game_meld': (ctypes.c_int, [_game_p, ctypes.c_size_t, _P(ctypes.c_int),
                                      _P(MeldInfo)]),
    'rami_game_round_result': (ctypes.c_int, [_game_p, _P(RoundResult)]),
    'rami_game_scores': (ctypes.c_int, [_game_p, _P(i32), ctypes.c_size_t]),
    'rami_game_next_round': (ctypes.c_int, [_game_p]),
    'rami_game_match_winners': (ctypes.c_int, [_game_p]),
    'rami_game_ruleset': (ctypes.c_int, [_game_p, _P(Ruleset)]),
    'rami_game_seed': (u64, [_game_p]),
    'rami_game_picked': (Card, [_game_p]),
    'rami_game_legal_moves': (ctypes.c_int, [_game_p, _P(Move), ctypes.c_size_t, _size_p]),
    'rami_game_check': (ctypes.c_int, [_game_p, ctypes.c_int, _P(Move), _buf,
                                       ctypes.c_size_t]),
    'rami_game_play': (ctypes.c_int, [_game_p, ctypes.c_int, _P(Move)]),
    'rami_game_undo': (ctypes.c_int, [_game_p, ctypes.c_int]),
    'rami_move_parse': (ctypes.c_int, [_char_p, _P(Move)]),
    'rami_move_format': (ctypes.c_int, [_P(Move), _buf, ctypes.c_size_t]),
    'rami_game_save': (ctypes.c_int, [_game_p, _buf, ctypes.c_size_t, _size_p]),
    'rami_game_load': (ctypes.c_int, [_char_p, ctypes.c_size_t, _P(_game_p)]),
    'rami_game_view_json': (ctypes.c_int, [_game_p, ctypes.c_int, _buf, ctypes.c_size_t,
                                           _size_p]),
    'rami_solve_hand': (ctypes.c_int, [_P(Ruleset), _P(Card), ctypes.c_size_t, ctypes.c_int,
                                       _P(Solution)]),
    'rami_game_determinize': (ctypes.c_int, [_game_p, ctypes.c_int, u64, _P(_game_p)]),
    'rami_bot_options_init': (ctypes.c_int, [_P(BotOptions), ctypes.c_int]),
    'rami_bot_choose': (ctypes.c_int, [_game_p, _P(BotOptions), _P(Move)]),
    'rami_game_hint': (ctypes.c_int, [_game_p, _P(Move), _buf, ctypes.c_size_t]),
}


def _load():
    lib = ctypes.CDLL(_find_library())
    for name, (restype, argtypes) in _SIGNATURES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return lib


lib = _load()
WHY_CAP = 256

# --------------------------------------------------------------------------
# Errors, cards, moves
# --------------------------------------------------------------------------


class RamiError(Exception):
    """A librami call failed: status (negative int), name ('RAMI_E_MELD')
    and reason (the engine's sentence for a refused move, else the status'
    message)."""

    def __init__(self, status, reason=None):
        self.status = status
        self.name = STATUS_NAMES.get(status, 'RAMI_E_%d' % -status)
        self.reason = reason or strerror(status)
        super().__init__('%s: %s' % (self.name, self.reason))


def strerror(status):
    return lib.rami_strerror(status).decode()


def version():
    return lib.rami_version().decode()


def _check(status, reason=None):
    if status < 0:
        raise RamiError(status, reason)
    return status


def card_parse(text):
    c = Card()
    _check(lib.rami_card_parse(text.encode(), ctypes.byref(c)))
    return c.value


def card_format(code):
    buf = ctypes.create_string_buffer(8)
    _check(lib.rami_card_format(code, buf, len(buf)))
    return buf.value.decode()


def _cards_array(cards):
    """A C array of card codes from strings or codes."""
    codes = [c if isinstance(c, int) else card_parse(c) for c in cards]
    return (Card * max(len(codes), 1))(*codes), len(codes)


def move_parse(text):
    m = Move()
    _check(lib.rami_move_parse(text.encode(), ctypes.byref(m)))
    return m


def move_format(m):
    buf = ctypes.create_string_buffer(80)
    _check(lib.rami_move_format(ctypes.byref(m), buf, len(buf)))
    return buf.value.decode()


def _as_move(move):
    return move_parse(move) if isinstance(move, str) else move


def ruleset(preset='51', players=2, **fields):
    """A preset (a key of PRESETS) with any fields changed, checked."""
    rs = Ruleset()
    _check(lib.rami_ruleset_init(ctypes.byref(rs), PRESETS[preset], players))
    for name, value in fields.items():
        setattr(rs, name, value)
    why = ctypes.create_string_buffer(WHY_CAP)
    _check(lib.rami_ruleset_check(ctypes.byref(rs), why, len(why)), why.value.decode())
    return rs


def _meld_dict(mi, owner=None):
    d = {'kind': MELD_KINDS[mi.kind], 'cards': [card_format(c) for c in mi.cards[:mi.count]],
         'points': mi.points,
         'joker_as': card_format(mi.joker_as) if mi.joker_as else None}
    if owner is not None:
        d['owner'] = owner
    return d


def meld_check(cards, rs=None):
    """The meld the cards form as a dict; RamiError(RAMI_E_MELD) if none."""
    arr, n = _cards_array(cards)
    info = MeldInfo()
    _check(lib.rami_meld_check(ctypes.byref(rs) if rs else None, arr, n, ctypes.byref(info)))
    return _meld_dict(info)


def solve_hand(cards, rs=None, goal=SOLVE_MIN_PENALTY):
    arr, n = _cards_array(cards)
    rs = rs or ruleset()
    sol = Solution()
    _check(lib.rami_solve_hand(ctypes.byref(rs), arr, n, goal, ctypes.byref(sol)))
    return {'melds': [_meld_dict(m) for m in sol.melds[:sol.meld_count]],
            'left': [card_format(c) for c in sol.left[:sol.left_count]],
            'points': sol.points, 'penalty': sol.penalty}


def _text_out(fn, *args):
    """Calls a (buf, cap, &len) text function twice: size, then text."""
    n = ctypes.c_size_t()
    st = fn(*args, None, 0, ctypes.byref(n))
    if st not in (RAMI_OK, RAMI_E_BUFFER):
        _check(st)
    buf = ctypes.create_string_buffer(n.value + 1)
    _check(fn(*args, buf, len(buf), ctypes.byref(n)))
    return buf.raw[:n.value].decode()


# --------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------


class Game:
    """One librami game handle (a match of rounds). Not thread-safe: use one
    Game per thread, or clone()."""

    def __init__(self, preset='51', players=2, seed=0, rules=None, _handle=None):
        if _handle is None:
            rs = rules if rules is not None else ruleset(preset, players)
            h = _game_p()
            _check(lib.rami_game_new(ctypes.byref(rs), seed, ctypes.byref(h)))
            _handle = h.value
        self._h = _handle

    @classmethod
    def new(cls, preset='51', players=2, seed=0, **fields):
        return cls(seed=seed, rules=ruleset(preset, players, **fields))

    @classmethod
    def from_deal(cls, hands, stock, discard, dealer=None, rules=None, seed=0):
        """Round 1 from an exact position: hands is a list of card lists (one
        per seat), stock[-1] is drawn first, discard[-1] is the top."""
        rules = rules if rules is not None else ruleset('51', len(hands))
        d = Deal()
        d.struct_size = ctypes.sizeof(Deal)
        d.dealer = len(hands) - 1 if dealer is None else dealer
        for seat, cards in enumerate(hands):
            d.hand_count[seat] = len(cards)
            for i, c in enumerate(cards):
                d.hands[seat][i] = card_parse(c)
        d.stock_count, d.discard_count = len(stock), len(discard)
        for i, c in enumerate(stock):
            d.stock[i] = card_parse(c)
        for i, c in enumerate(discard):
            d.discard[i] = card_parse(c)
        h = _game_p()
        _check(lib.rami_game_new_deal(ctypes.byref(rules), ctypes.byref(d), seed, ctypes.byref(h)))
        return cls(_handle=h.value)

    @classmethod
    def load(cls, text):
        data = text.encode() if isinstance(text, str) else text
        h = _game_p()
        _check(lib.rami_game_load(data, len(data), ctypes.byref(h)))
        return cls(_handle=h.value)

    def __del__(self):
        self.close()

    def close(self):
        if getattr(self, '_h', None):
            lib.rami_game_free(self._h)
            self._h = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def clone(self):
        h = _game_p()
        _check(lib.rami_game_clone(self._h, ctypes.byref(h)))
        return Game(_handle=h.value)

    # ---- queries ----

    @property
    def phase(self):
        return PHASE_NAMES[_check(lib.rami_game_phase(self._h))]

    @property
    def over(self):
        """True once the round (or the match) is over."""
        return _check(lib.rami_game_phase(self._h)) >= PHASE_ROUND_OVER

    @property
    def current_player(self):
        return _check(lib.rami_game_current_player(self._h))

    @property
    def dealer(self):
        return _check(lib.rami_game_dealer(self._h))

    @property
    def round(self):
        return _check(lib.rami_game_round(self._h))

    @property
    def turn(self):
        return _check(lib.rami_game_turn(self._h))

    @property
    def seed(self):
        return lib.rami_game_seed(self._h)

    @property
    def rules(self):
        rs = Ruleset()
        _check(lib.rami_game_ruleset(self._h, ctypes.byref(rs)))
        return rs

    @property
    def players(self):
        return self.rules.players

    def hand(self, player=None):
        player = self.current_player if player is None else player
        buf = (Card * MAX_HAND)()
        n = ctypes.c_size_t()
        _check(lib.rami_game_hand(self._h, player, buf, MAX_HAND, ctypes.byref(n)))
        return [card_format(c) for c in buf[:n.value]]

    def has_opened(self, player):
        return bool(_check(lib.rami_game_has_opened(self._h, player)))

    @property
    def stock_count(self):
        return lib.rami_game_stock_count(self._h)

    @property
    def discard_count(self):
        return lib.rami_game_discard_count(self._h)

    @property
    def discard_top(self):
        c = lib.rami_game_discard_top(self._h)
        return card_format(c) if c else None

    def melds(self):
        """Table melds as dicts: owner, kind, cards, points, joker_as."""
        out = []
        for i in range(lib.rami_game_meld_count(self._h)):
            owner = ctypes.c_int()
            info = MeldInfo()
            _check(lib.rami_game_meld(self._h, i, ctypes.byref(owner), ctypes.byref(info)))
            out.append(_meld_dict(info, owner.value))
        return out

    def scores(self):
        totals = (i32 * MAX_PLAYERS)()
        _check(lib.rami_game_scores(self._h, totals, MAX_PLAYERS))
        return list(totals[:self.players])

    def round_result(self):
        r = RoundResult()
        _check(lib.rami_game_round_result(self._h, ctypes.byref(r)))
        n = self.players
        return {'reason': END_REASONS[r.reason],
                'winners': [s for s in range(n) if r.winners >> s & 1],
                'hand_value': list(r.hand_value[:n]), 'points': list(r.points[:n])}

    def match_winners(self):
        mask = _check(lib.rami_game_match_winners(self._h))
        return [s for s in range(self.players) if mask >> s & 1]

    def next_round(self):
        _check(lib.rami_game_next_round(self._h))

    # ---- moves ----

    def legal_moves(self):
        buf = (Move * MAX_MOVES)()
        n = ctypes.c_size_t()
        _check(lib.rami_game_legal_moves(self._h, buf, MAX_MOVES, ctypes.byref(n)))
        return [move_format(m) for m in buf[:n.value]]

    def check(self, move, player=None):
        """None if the move is legal; raises RamiError with the reason if not."""
        player = self.current_player if player is None else player
        m = _as_move(move)
        why = ctypes.create_string_buffer(WHY_CAP)
        _check(lib.rami_game_check(self._h, player, ctypes.byref(m), why, len(why)),
               why.value.decode())

    def is_legal(self, move, player=None):
        try:
            self.check(move, player)
            return True
        except RamiError:
            return False

    def play(self, move, player=None):
        """Plays a move (notation or Move); RamiError with the engine's reason
        if it is refused, and nothing changes then."""
        player = self.current_player if player is None else player
        m = _as_move(move)
        st = lib.rami_game_play(self._h, player, ctypes.byref(m))
        if st < 0:
            self.check(m, player)  # raises with the reason
            _check(st)

    def undo(self, player=None):
        player = self.current_player if player is None else player
        _check(lib.rami_game_undo(self._h, player))

    # ---- text forms ----

    def save(self):
        return _text_out(lib.rami_game_save, self._h)

    def view(self, viewer=-1):
        """The state seat viewer may know, parsed from the JSON view."""
        return json.loads(_text_out(lib.rami_game_view_json, self._h, viewer))

    def __eq__(self, other):
        return isinstance(other, Game) and self.save() == other.save() and \
            self.view() == other.view()

    __hash__ = None

    # ---- bots ----

    def bot_move(self, level=GREEDY, seed=0, playouts=0):
        """The move a bot of that level makes for the current player."""
        opt = BotOptions()
        _check(lib.rami_bot_options_init(ctypes.byref(opt), level))
        opt.seed = seed
        if playouts:
            opt.playouts = playouts
        m = Move()
        _check(lib.rami_bot_choose(self._h, ctypes.byref(opt), ctypes.byref(m)))
        return move_format(m)

    def hint(self):
        """(move, reason) suggested for the current player."""
        m = Move()
        why = ctypes.create_string_buffer(WHY_CAP)
        _check(lib.rami_game_hint(self._h, ctypes.byref(m), why, len(why)))
        return move_format(m), why.value.decode()

    def determinize(self, viewer, seed):
        h = _game_p()
        _check(lib.rami_game_determinize(self._h, viewer, seed, ctypes.byref(h)))
        return Game(_handle=h.value)
