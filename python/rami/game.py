"""The game: one librami handle (a match of rounds) as a Python object.

Every decision comes from the library: which moves are legal, what a move
does, the reasons for refusals, scores, bots. The C handle may be used by
one thread at a time; a Game holds a lock for each call, so threads that
share one take turns instead of corrupting it (for parallel work, one Game
per thread, or ``clone()``).
"""

from __future__ import annotations

import ctypes
import dataclasses
import enum
import functools
import json
import threading
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, TypeVar, Union, cast

from . import _lib
from ._args import U8, U32, U64, integer
from .cards import Card, CardLike, card_array
from .errors import STATUS_NAMES, ArgumentError, RamiError, Refusal, check, error
from .moves import Move, MoveKind, MoveLike, Side, as_move
from .rules import Ruleset, RulesetLike, as_ruleset

WHY_CAP = 256


class Phase(enum.IntEnum):
    DRAW = 0
    PLAY = 1
    ROUND_OVER = 2
    MATCH_OVER = 3


class BotLevel(enum.IntEnum):
    RANDOM = 0
    GREEDY = 1
    STRONG = 2


#: Return kinds of :meth:`Game.returns` (doc/actions.md, "Returns").
RETURN_KINDS = {'penalty': 0, 'relative': 1, 'win': 2}
_RETURN_MATCH = 0x10
END_REASONS = ('none', 'went_out', 'stock_out', 'turn_limit')
MELD_KINDS = ('none', 'set', 'run')


@dataclasses.dataclass(frozen=True)
class Meld:
    """A meld: its kind ('set' or 'run'), cards in table order, points,
    what its (first) joker stands for, and on the table its owner."""
    kind: str
    cards: Tuple[Card, ...]
    points: int
    joker_as: Optional[Card]
    owner: Optional[int] = None

    @classmethod
    def from_c(cls, info: _lib.CMeldInfo, owner: Optional[int] = None) -> 'Meld':
        return cls(MELD_KINDS[info.kind], tuple(Card(c) for c in info.cards[:info.count]),
                   info.points, Card(info.joker_as) if info.joker_as else None, owner)

    def __str__(self) -> str:
        return ' '.join(str(c) for c in self.cards)


class EventKind(enum.IntEnum):
    """What a history event is: a move (as :class:`MoveKind`) or one of
    what happens between moves (rami_event_kind)."""
    DRAW = 1
    TAKE = 2
    MELD = 3
    LAYOFF = 4
    SWAP = 5
    DISCARD = 6
    RESTOCK = 16  # the discard pile but its top became the stock, shuffled
    OPENED = 17  # seat completed its opening with the meld before
    ROUND_END = 18  # the round ended (end_reason says why)


@dataclasses.dataclass(frozen=True)
class Event:
    """One event of the round's history (rami_event), as a seat may know it.

    ``cards``: MELD the meld in table order; TAKE the card taken; DRAW the
    card drawn, only if the viewer may see it (else empty); LAYOFF, SWAP
    (the card given for the joker), DISCARD the card. ``move``: the move as
    a :class:`Move` for the six move kinds (a draw is ``Move.draw()`` even
    when the viewer saw its card), None for the others.
    ``target``: the table meld (MELD: the new one's index); ``points``: MELD
    its value, OPENED the value laid in the turn, RESTOCK the cards of the
    new stock; ``end_reason``: ROUND_END's reason (as in :data:`END_REASONS`)."""
    kind: EventKind
    seat: int
    turn: int
    cards: Tuple[Card, ...]
    move: Optional[Move]
    target: Optional[int]
    points: int
    end_reason: Optional[str] = None

    @classmethod
    def from_c(cls, e: _lib.CEvent) -> 'Event':
        kind = EventKind(e.kind)
        cards = tuple(Card(c) for c in e.cards[:e.count])
        move: Optional[Move] = None
        if kind <= EventKind.DISCARD:
            with_cards = kind not in (EventKind.DRAW, EventKind.TAKE)
            move = Move(MoveKind(kind), cards if with_cards else (),
                        e.target if kind in (EventKind.LAYOFF, EventKind.SWAP) else 0,
                        Side(e.side) if kind in (EventKind.MELD, EventKind.LAYOFF) else Side.AUTO)
        target = e.target if kind in (EventKind.MELD, EventKind.LAYOFF, EventKind.SWAP) else None
        end = END_REASONS[e.target] if kind == EventKind.ROUND_END else None
        return cls(kind, e.seat, e.turn, cards, move, target, e.points, end)


@dataclasses.dataclass(frozen=True)
class TurnInfo:
    """The state of the current turn (rami_turn_info): who moves, the
    opening so far and what the player still owes. Outside the play phase
    the turn fields are 0 / None."""
    player: int
    phase: Phase
    opened: bool  # the seat has opened this round (also in this turn)
    opened_this_turn: bool
    points_laid: int  # value of the melds laid this turn (counts toward the opening)
    opening_points: int  # the ruleset's opening requirement
    melds_laid: int
    undo_count: int  # plays of this turn undo() can take back
    picked: Optional[Card]  # taken from the discard pile this turn
    must_play: Optional[Card]  # PICKUP_MUST_MELD: the picked card, still to be played
    jokers_to_replay: int  # JOKER_REPLAY: retrieved jokers still to be played
    pure_run_needed: bool  # OPEN_PURE_RUN: the opening still lacks a run without joker
    may_not_discard: Optional[Card]  # KEEP_PICKUP: the face that may not be discarded


_LEGAL = RamiError(0, 'legal')


def _seat(seat: Any) -> int:
    return integer(seat, 'seat')


def _fits(items: Sequence[Any], most: int, what: str) -> None:
    if len(items) > most:
        raise ArgumentError(-1, f'{what}: at most {most}, got {len(items)}')


def _limit(value: Any, what: str) -> int:
    """A playouts or time_ms budget: None or 0 for the default."""
    return 0 if value is None else integer(value, what, U32)


def _budget(opt: _lib.CBotOptions, playouts: Any, time_ms: Any) -> None:
    """The strong bot's budget in opt (playouts 0: the level's default)."""
    playouts, time_ms = _limit(playouts, 'playouts'), _limit(time_ms, 'time_ms')
    opt.playouts, opt.time_ms = playouts or opt.playouts, time_ms


def _card_or_none(code: int) -> Optional[Card]:
    return Card(code) if code else None


@dataclasses.dataclass(frozen=True)
class RoundResult:
    reason: str  # 'went_out', 'stock_out' or 'turn_limit'
    winners: List[int]
    hand_value: List[int]
    points: List[int]


@dataclasses.dataclass(frozen=True)
class Solution:
    melds: List[Meld]
    left: List[Card]
    points: int
    penalty: int


_F = TypeVar('_F', bound=Callable[..., Any])
_C = TypeVar('_C', bound=type)


def _held(fn: _F) -> _F:
    """fn with the game's lock held for the whole call."""
    @functools.wraps(fn)
    def held(self: 'Game', *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return fn(self, *args, **kwargs)
    return cast(_F, held)


def _serialized(cls: _C) -> _C:
    """Every public method of cls holds the game's lock (a reentrant one:
    they call each other). The C handle, and the buffers a Game keeps for
    its calls, are for one thread at a time: two threads playing the same
    Game at once corrupted the process' memory. The properties (phase,
    current_player, ...) each read a number and write nothing; they go
    without the lock, which made each of them about 60 % slower (0.78 to
    1.19 microseconds for current_player)."""
    for name, attr in list(vars(cls).items()):
        if not name.startswith('_') and callable(attr) and \
                not isinstance(attr, (classmethod, staticmethod)):
            setattr(cls, name, _held(attr))
    return cls


@_serialized
class Game:
    """A match of Rami. ``Game('51', players=2, seed=7)`` deals round 1;
    ``Game(Ruleset(...), seed=7)`` takes any ruleset. Use it as a context
    manager or call ``close()`` to release the handle at once (it is also
    released when the object is collected)."""

    def __init__(self, ruleset: RulesetLike = '51', players: int = 2, seed: int = 0,
                 **fields: Any) -> None:
        self._lock = threading.RLock()
        self._h: Optional[int] = None
        rs = as_ruleset(ruleset, players, **fields)
        h = ctypes.c_void_p()
        check(_lib.lib().rami_game_new(ctypes.byref(rs._c), integer(seed, 'seed', U64),
                                       ctypes.byref(h)))
        self._adopt(h.value)

    def _adopt(self, handle: Optional[int]) -> None:
        self._h = handle
        self._lib = _lib.lib()
        c = _lib.CRuleset()
        check(self._lib.rami_game_ruleset_sized(handle, ctypes.byref(c), ctypes.sizeof(c)))
        self._ruleset = Ruleset.from_c(c)
        # Constant for the game's ruleset: asked once.
        self._sizes = (self._ruleset.num_distinct_actions,
                       self._ruleset.observation_tensor_size,
                       self._ruleset.information_state_tensor_size)
        self._moves: Optional[ctypes.Array] = None
        self._ids: Optional[ctypes.Array] = None
        self._why = ctypes.create_string_buffer(WHY_CAP)

    @classmethod
    def _wrap(cls, handle: Optional[int]) -> 'Game':
        g = object.__new__(cls)
        g._lock = threading.RLock()
        g._adopt(handle)
        return g

    @classmethod
    def from_deal(cls, hands: Sequence[Sequence[CardLike]], stock: Sequence[CardLike],
                  discard: Sequence[CardLike], dealer: Optional[int] = None,
                  ruleset: Optional[RulesetLike] = None, seed: int = 0) -> 'Game':
        """Round 1 from an exact position: one card list per seat, stock[-1]
        is drawn first, discard[-1] is the top; the seat after the dealer
        starts (default dealer: the last seat)."""
        rs = as_ruleset(ruleset if ruleset is not None else '51', len(hands))
        _fits(hands, _lib.MAX_PLAYERS, 'hands')
        for hand in hands:
            _fits(hand, _lib.MAX_HAND, 'a hand')
        _fits(stock, _lib.MAX_PACK, 'stock')
        _fits(discard, _lib.MAX_PACK, 'discard')
        d = _lib.CDeal()
        d.struct_size = ctypes.sizeof(_lib.CDeal)
        d.dealer = len(hands) - 1 if dealer is None else integer(dealer, 'dealer', U8)
        for seat, hand in enumerate(hands):
            d.hand_count[seat] = len(hand)
            for i, c in enumerate(hand):
                d.hands[seat][i] = Card(c).code
        d.stock_count, d.discard_count = len(stock), len(discard)
        for i, c in enumerate(stock):
            d.stock[i] = Card(c).code
        for i, c in enumerate(discard):
            d.discard[i] = Card(c).code
        h = ctypes.c_void_p()
        check(_lib.lib().rami_game_new_deal(ctypes.byref(rs._c), ctypes.byref(d),
                                            integer(seed, 'seed', U64), ctypes.byref(h)))
        return cls._wrap(h.value)

    @classmethod
    def load(cls, record: Union[str, bytes]) -> 'Game':
        """The game a record of :meth:`save` describes, replayed and checked."""
        if not isinstance(record, (str, bytes)):
            raise TypeError(f'a record is text (str or bytes), not {type(record).__name__}')
        data = record.encode() if isinstance(record, str) else record
        h = ctypes.c_void_p()
        check(_lib.lib().rami_game_load(data, len(data), ctypes.byref(h)))
        return cls._wrap(h.value)

    # ---- lifetime ----

    @property
    def handle(self) -> int:
        """The rami_game pointer (for ctypes calls of your own)."""
        if not self._h:
            raise ArgumentError(-1, 'the game is closed')
        return self._h

    def close(self) -> None:
        h, self._h = getattr(self, '_h', None), None
        if h:
            self._lib.rami_game_free(h)

    def __del__(self) -> None:
        if getattr(self, '_h', None):  # not when __init__ failed before the handle
            self.close()

    def __enter__(self) -> 'Game':
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def clone(self) -> 'Game':
        """An independent copy (same future shuffles)."""
        h = ctypes.c_void_p()
        check(self._lib.rami_game_clone(self.handle, ctypes.byref(h)))
        return Game._wrap(h.value)

    # copy.copy or copy.deepcopy of the object itself would make two Games of
    # one handle, which both free: each gives a clone instead.
    def __copy__(self) -> 'Game':
        return self.clone()

    def __deepcopy__(self, memo: Dict[int, Any]) -> 'Game':
        return self.clone()

    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        """Pickled as its record (save()), unpickled by load(): a game can
        go to another process (multiprocessing)."""
        return (Game.load, (self.save(),))

    def __eq__(self, other: object) -> bool:
        """Same record and same full view: the same game state."""
        return isinstance(other, Game) and self.save() == other.save() and \
            self.view() == other.view()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        if not self._h:
            return '<rami.Game closed>'
        return (f'<rami.Game round {self.round} turn {self.turn} {self.phase.name.lower()} '
                f'seat {self.current_player}>')

    # ---- queries ----

    @property
    def ruleset(self) -> Ruleset:
        return self._ruleset

    @property
    def players(self) -> int:
        return self._ruleset.players

    @property
    def phase(self) -> Phase:
        return Phase(check(self._lib.rami_game_phase(self.handle)))

    @property
    def over(self) -> bool:
        """True once the round (or the match) is over."""
        return check(self._lib.rami_game_phase(self.handle)) >= Phase.ROUND_OVER

    @property
    def current_player(self) -> int:
        return check(self._lib.rami_game_current_player(self.handle))

    @property
    def dealer(self) -> int:
        return check(self._lib.rami_game_dealer(self.handle))

    @property
    def round(self) -> int:
        return check(self._lib.rami_game_round(self.handle))

    @property
    def turn(self) -> int:
        return check(self._lib.rami_game_turn(self.handle))

    @property
    def seed(self) -> int:
        return int(self._lib.rami_game_seed(self.handle))

    def hand(self, player: Optional[int] = None) -> List[Card]:
        """A hand sorted by suit, then rank, jokers last (default: the
        current player's)."""
        player = self._player(player)
        buf = (_lib.Card * _lib.MAX_HAND)()
        n = ctypes.c_size_t()
        check(self._lib.rami_game_hand(self.handle, player, buf, _lib.MAX_HAND, ctypes.byref(n)))
        return [Card(c) for c in buf[:n.value]]

    def has_opened(self, player: int) -> bool:
        return bool(check(self._lib.rami_game_has_opened(self.handle, _seat(player))))

    def hand_count(self, player: int) -> int:
        """The number of cards in a seat's hand (what every seat may know)."""
        return check(self._lib.rami_game_hand_count(self.handle, _seat(player)))

    def discard_pile(self) -> List[Card]:
        """The whole discard pile, bottom first (the last is the top)."""
        buf = (_lib.Card * _lib.MAX_PACK)()
        n = ctypes.c_size_t()
        check(self._lib.rami_game_discard_pile(self.handle, buf, _lib.MAX_PACK, ctypes.byref(n)))
        return [Card(c) for c in buf[:n.value]]

    def undo_count(self) -> int:
        """How many plays of the current turn :meth:`undo` can take back now."""
        return check(self._lib.rami_game_undo_count(self.handle))

    def turn_info(self) -> TurnInfo:
        """The state of the current turn (rami_game_turn_info)."""
        t = _lib.CTurnInfo()
        check(self._lib.rami_game_turn_info(self.handle, ctypes.byref(t), ctypes.sizeof(t)))
        return TurnInfo(t.player, Phase(t.phase), bool(t.opened), bool(t.opened_this_turn),
                        t.points_laid, t.opening_points, t.melds_laid, t.undo_count,
                        _card_or_none(t.picked), _card_or_none(t.must_play),
                        t.jokers_to_replay, bool(t.pure_run_needed),
                        _card_or_none(t.may_not_discard))

    def history(self, viewer: int = -1) -> List[Event]:
        """The events of the current round in order, as seat ``viewer`` may
        know them (-1: everything; -2: what every seat knows, for a
        spectator): each move, restocks, openings and the round's end. Plays taken back with undo() are not history."""
        viewer = integer(viewer, 'viewer')
        cap = max(64, 3 * self.turn + 8)
        while True:
            buf = (_lib.CEvent * cap)()
            n = ctypes.c_size_t()
            st = self._lib.rami_game_history(self.handle, viewer, buf, cap, ctypes.byref(n))
            if st != -3 or n.value <= cap:
                break
            cap = n.value
        check(st)
        return [Event.from_c(e) for e in buf[:n.value]]

    def in_match(self, player: int) -> bool:
        """False once ELIMINATION has put the seat out of the match."""
        return bool(check(self._lib.rami_game_in_match(self.handle, _seat(player))))

    @property
    def stock_count(self) -> int:
        return int(self._lib.rami_game_stock_count(self.handle))

    @property
    def discard_count(self) -> int:
        return int(self._lib.rami_game_discard_count(self.handle))

    @property
    def discard_top(self) -> Optional[Card]:
        c = self._lib.rami_game_discard_top(self.handle)
        return Card(c) if c else None

    @property
    def picked(self) -> Optional[Card]:
        """The card the current player took from the discard pile this turn."""
        c = self._lib.rami_game_picked(self.handle)
        return Card(c) if c else None

    def melds(self) -> List[Meld]:
        """The table melds in the order they were laid (index = target)."""
        out = []
        for i in range(self._lib.rami_game_meld_count(self.handle)):
            owner, info = ctypes.c_int(), _lib.CMeldInfo()
            check(self._lib.rami_game_meld(self.handle, i, ctypes.byref(owner),
                                           ctypes.byref(info)))
            out.append(Meld.from_c(info, owner.value))
        return out

    def scores(self) -> List[int]:
        """Match totals of every seat."""
        totals = (_lib.i32 * _lib.MAX_PLAYERS)()
        check(self._lib.rami_game_scores(self.handle, totals, _lib.MAX_PLAYERS))
        return list(totals[:self.players])

    def round_result(self) -> RoundResult:
        r = _lib.CRoundResult()
        check(self._lib.rami_game_round_result(self.handle, ctypes.byref(r)))
        n = self.players
        return RoundResult(END_REASONS[r.reason], [s for s in range(n) if r.winners >> s & 1],
                           list(r.hand_value[:n]), list(r.points[:n]))

    def match_winners(self) -> List[int]:
        mask = check(self._lib.rami_game_match_winners(self.handle))
        return [s for s in range(self.players) if mask >> s & 1]

    def next_round(self) -> None:
        check(self._lib.rami_game_next_round(self.handle))

    # ---- moves ----

    def legal_moves(self) -> List[Move]:
        """Every legal move of the current player, canonical, in the
        library's order (draws, melds, lay-offs, swaps, discards)."""
        if self._moves is None:
            self._moves = (_lib.CMove * _lib.MAX_MOVES)()
        n = ctypes.c_size_t()
        st = self._lib.rami_game_legal_moves(self.handle, self._moves, len(self._moves),
                                             ctypes.byref(n))
        if st == -3:  # more than MAX_MOVES: jokers_per_meld > 1 with a big hand
            self._moves = (_lib.CMove * n.value)()
            st = self._lib.rami_game_legal_moves(self.handle, self._moves, n.value,
                                                 ctypes.byref(n))
        check(st)
        return [Move.from_c(m) for m in self._moves[:n.value]]

    def _player(self, player: Optional[int]) -> int:
        return self.current_player if player is None else _seat(player)

    def _refused(self, seat: int, m: _lib.CMove, status: Optional[int] = None) -> RamiError:
        """The exception of a refused move (status: what the failed call
        returned; None: what the check says, RamiError(0) if legal): the
        status, the engine's reason and the structured refusal
        (rami_game_check_ex reads only)."""
        r = _lib.CRefusal()
        self._why.value = b''
        st = self._lib.rami_game_check_ex(self.handle, seat, ctypes.byref(m), ctypes.byref(r),
                                          ctypes.sizeof(r), self._why, WHY_CAP)
        status = st if status is None else status
        if status == 0:
            return _LEGAL
        if st != status:  # e.g. RAMI_E_NOMEM from play: the check has nothing to add
            return error(status)
        refusal = None
        if r.struct_size:
            refusal = Refusal(r.status, STATUS_NAMES.get(r.status, f'RAMI_E_{-r.status}'), r.seat,
                              None if r.target == _lib.NO_TARGET else r.target,
                              r.points_needed, r.points_laid, Phase(r.phase),
                              tuple(Card(c) for c in r.cards[:r.count]))
        return error(status, self._why.value.decode() or None, refusal)

    def check(self, move: MoveLike, player: Optional[int] = None) -> None:
        """Returns if the move is legal now; raises the IllegalMoveError (or
        other RamiError) with the engine's reason and ``refusal`` if not."""
        err = self._refused(self._player(player), as_move(move).to_c())
        if err.status < 0:
            raise err

    def is_legal(self, move: MoveLike, player: Optional[int] = None) -> bool:
        try:
            self.check(move, player)
            return True
        except RamiError:
            return False

    def play(self, move: MoveLike, player: Optional[int] = None) -> None:
        """Plays a move (a Move or notation). A refused move raises the
        IllegalMoveError subclass of its status with the engine's reason,
        and changes nothing."""
        m = as_move(move).to_c()
        seat = self._player(player)
        st = self._lib.rami_game_play(self.handle, seat, ctypes.byref(m))
        if st < 0:
            raise self._refused(seat, m, st)

    def undo(self, player: Optional[int] = None) -> None:
        """Takes back the last meld, lay-off or swap of this turn."""
        check(self._lib.rami_game_undo(self.handle, self._player(player)))

    # ---- integer actions (doc/actions.md) ----

    @property
    def num_distinct_actions(self) -> int:
        return self._sizes[0]

    def legal_actions(self) -> List[int]:
        """The ids of the legal moves, ascending."""
        if self._ids is None:
            self._ids = (_lib.Action * _lib.MAX_MOVES)()
        n = ctypes.c_size_t()
        st = self._lib.rami_game_legal_actions(self.handle, self._ids, len(self._ids),
                                               ctypes.byref(n))
        if st == -3:  # more than MAX_MOVES: jokers_per_meld > 1 with a big hand
            self._ids = (_lib.Action * n.value)()
            st = self._lib.rami_game_legal_actions(self.handle, self._ids, n.value,
                                                   ctypes.byref(n))
        check(st)
        return list(self._ids[:n.value])

    def legal_actions_mask(self, out: Any = None) -> Any:
        """A numpy int8 array of num_distinct_actions: 1 for each legal id.
        Pass ``out`` (a C-contiguous int8/uint8 array of that size) to fill
        it without allocating."""
        import numpy as np
        n = self._sizes[0]
        if out is None:
            out = np.empty(n, dtype=np.int8)
        elif not isinstance(out, np.ndarray):
            raise TypeError(f'out must be a numpy array, not {type(out).__name__}')
        elif out.size < n or out.itemsize != 1 or not out.flags.c_contiguous:
            raise ArgumentError(-1, f'out must be a C-contiguous 1-byte array of {n}')
        count = ctypes.c_size_t()
        check(self._lib.rami_game_legal_actions_mask(self.handle, out.ctypes.data, out.size,
                                                     ctypes.byref(count)))
        return out

    def play_action(self, action: int, player: Optional[int] = None) -> None:
        """Plays the move with that id; an illegal id raises as :meth:`play`
        (an id that names no move raises ArgumentError)."""
        seat, action = self._player(player), integer(action, 'action', U32)
        st = self._lib.rami_game_play_action(self.handle, seat, action)
        if st < 0:
            m = self._ruleset.action_to_move(action).to_c()  # ArgumentError: no such id
            raise self._refused(seat, m, st)

    def action_to_move(self, action: int) -> Move:
        return self._ruleset.action_to_move(action)

    def move_to_action(self, move: MoveLike) -> int:
        return self._ruleset.move_to_action(move)

    def _tensor(self, fn: Any, size: int, seat: int, out: Any) -> Any:
        import numpy as np
        seat = _seat(seat)
        if out is None:
            out = np.empty(size, dtype=np.float32)
        elif not isinstance(out, np.ndarray):
            raise TypeError(f'out must be a numpy array, not {type(out).__name__}')
        elif out.dtype != np.float32 or out.size < size or not out.flags.c_contiguous:
            raise ArgumentError(-1, f'out must be a C-contiguous float32 array of {size}')
        check(fn(self.handle, seat, out.ctypes.data, out.size))
        return out

    def observation_tensor(self, seat: int, out: Any = None) -> Any:
        """What seat may see now, as a numpy float32 array of
        ruleset.observation_tensor_size (doc/observations.md)."""
        return self._tensor(self._lib.rami_game_observation_tensor, self._sizes[1], seat, out)

    def information_state_tensor(self, seat: int, out: Any = None) -> Any:
        """The observation plus what seat saw happen this round, as a numpy
        float32 array of ruleset.information_state_tensor_size."""
        return self._tensor(self._lib.rami_game_information_state_tensor, self._sizes[2], seat,
                            out)

    def returns(self, kind: str = 'relative', match: bool = False) -> List[float]:
        """Per-seat returns once the round (or, with match=True, the match)
        is over: 'relative' (mean of the others' points minus own points,
        zero-sum), 'penalty' (minus own points) or 'win' (winners share +1,
        the others -1). PhaseError before."""
        if kind not in RETURN_KINDS:
            raise ArgumentError(-1, f'kind is one of {", ".join(RETURN_KINDS)}')
        out = (ctypes.c_double * self.players)()
        code = RETURN_KINDS[kind] | (_RETURN_MATCH if match else 0)
        check(self._lib.rami_game_returns(self.handle, code, out, self.players))
        return list(out)

    # ---- text forms ----

    def _text(self, fn: Any, *args: Any) -> str:
        n = ctypes.c_size_t()
        st = fn(self.handle, *args, None, 0, ctypes.byref(n))
        if st not in (0, -3):
            check(st)
        buf = ctypes.create_string_buffer(n.value + 1)
        check(fn(self.handle, *args, buf, len(buf), ctypes.byref(n)))
        return buf.raw[:n.value].decode()

    def save(self) -> str:
        """A text record of the match that :meth:`load` replays exactly."""
        return self._text(self._lib.rami_game_save)

    def view(self, viewer: int = -1) -> Dict[str, Any]:
        """What seat ``viewer`` may know, from the library's JSON view
        (-1: everything; -2: what every seat knows, no hand: a spectator's)."""
        return json.loads(self._text(self._lib.rami_game_view_json, integer(viewer, 'viewer')))

    # ---- bots ----

    def bot_move(self, level: Union[BotLevel, int, str] = BotLevel.GREEDY, seed: int = 0,
                 playouts: int = 0, time_ms: int = 0) -> Move:
        """The move a bot of that level ('random', 'greedy', 'strong') makes
        for the current player, using only what that player may know."""
        if isinstance(level, str):
            try:
                level = BotLevel[level.upper()]
            except KeyError:
                names = ', '.join(known.name.lower() for known in BotLevel)
                raise ArgumentError(-1, f'level is one of {names}, not {level!r}') from None
        opt = _lib.CBotOptions()
        check(self._lib.rami_bot_options_init_sized(ctypes.byref(opt), ctypes.sizeof(opt),
                                                    integer(level, 'level')))
        _budget(opt, playouts, time_ms)
        opt.seed = integer(seed, 'seed', U64)
        m = _lib.CMove()
        check(self._lib.rami_bot_choose(self.handle, ctypes.byref(opt), ctypes.byref(m)))
        return Move.from_c(m)

    def hint(self, time_ms: int = 0, playouts: int = 0) -> Tuple[Move, str]:
        """A suggested move for the current player and a one-line reason;
        with time_ms or playouts, the strong bot's hint within that budget
        (rami_game_hint_with) instead of the default one."""
        m = _lib.CMove()
        time_ms, playouts = _limit(time_ms, 'time_ms'), _limit(playouts, 'playouts')
        if not time_ms and not playouts:
            check(self._lib.rami_game_hint(self.handle, ctypes.byref(m), self._why, WHY_CAP))
            return Move.from_c(m), self._why.value.decode()
        opt = _lib.CBotOptions()
        check(self._lib.rami_bot_options_init_sized(ctypes.byref(opt), ctypes.sizeof(opt),
                                                    int(BotLevel.STRONG)))
        _budget(opt, playouts, time_ms)
        check(self._lib.rami_game_hint_with(self.handle, ctypes.byref(opt), ctypes.byref(m),
                                            self._why, WHY_CAP))
        return Move.from_c(m), self._why.value.decode()

    def determinize(self, viewer: int, seed: int) -> 'Game':
        """A copy in which everything seat ``viewer`` cannot see is dealt
        anew from seed."""
        h = ctypes.c_void_p()
        check(self._lib.rami_game_determinize(self.handle, integer(viewer, 'viewer'),
                                              integer(seed, 'seed', U64), ctypes.byref(h)))
        return Game._wrap(h.value)


def meld_check(cards: Sequence[CardLike], ruleset: Optional[RulesetLike] = None) -> Meld:
    """The meld the cards form; InvalidMeldError with the reason if none."""
    arr, n = card_array(cards)
    info = _lib.CMeldInfo()
    rs = ctypes.byref(as_ruleset(ruleset)._c) if ruleset is not None else None
    check(_lib.lib().rami_meld_check(rs, arr, n, ctypes.byref(info)))
    return Meld.from_c(info)


def solve_hand(cards: Sequence[CardLike], ruleset: Optional[RulesetLike] = None,
               goal: str = 'min_penalty') -> Solution:
    """Best disjoint melds of a hand: goal 'min_penalty' (going out) or
    'max_points' (what an opening can reach)."""
    goals = {'max_points': 0, 'min_penalty': 1}
    if goal not in goals:
        raise ArgumentError(-1, 'goal is max_points or min_penalty')
    arr, n = card_array(cards)
    rs = as_ruleset(ruleset if ruleset is not None else '51')
    sol = _lib.CSolution()
    check(_lib.lib().rami_solve_hand(ctypes.byref(rs._c), arr, n, goals[goal],
                                     ctypes.byref(sol)))
    return Solution([Meld.from_c(m) for m in sol.melds[:sol.meld_count]],
                    [Card(c) for c in sol.left[:sol.left_count]], sol.points, sol.penalty)
