"""Moves: immutable objects that print in move notation (``meld 7S 8S 9S``,
``lay 9S on 2``). Parsing and formatting are the library's
(rami_move_parse, rami_move_format). ``target`` is the 0-based index of a
table meld, as in the C API; the notation counts from 1."""

from __future__ import annotations

import ctypes
import enum
from typing import Any, Dict, Iterable, Tuple, Union

from . import _lib
from ._args import U8, integer
from .cards import Card, CardLike
from .errors import ArgumentError, check


class MoveKind(enum.IntEnum):
    DRAW = 1  # from the stock
    TAKE = 2  # the top of the discard pile
    MELD = 3
    LAYOFF = 4
    SWAP = 5
    DISCARD = 6


class Side(enum.IntEnum):
    AUTO = 0
    LOW = 1
    HIGH = 2


class Move:
    """One move. ``Move('meld 7S 8S 9S')`` parses the notation; the class
    methods build moves from cards. Equal moves compare and hash equal."""

    __slots__ = ('kind', 'cards', 'target', 'side')
    kind: MoveKind
    cards: Tuple[Card, ...]
    target: int
    side: Side

    def __init__(self, kind: Union[MoveKind, int, str], cards: Iterable[CardLike] = (),
                 target: int = 0, side: Union[Side, int] = Side.AUTO) -> None:
        if isinstance(kind, str):
            other = _from_c(_parse(kind))
            kind, cards, target, side = other.kind, other.cards, other.target, other.side
        cards = tuple(Card(c) for c in cards)
        if len(cards) > _lib.MAX_MELD:
            raise ArgumentError(-1, f'a move has at most {_lib.MAX_MELD} cards, got {len(cards)}')
        object.__setattr__(self, 'kind', MoveKind(kind))
        object.__setattr__(self, 'cards', cards)
        object.__setattr__(self, 'target', integer(target, 'target', U8))
        object.__setattr__(self, 'side', Side(side))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError('moves are immutable')

    # Immutable: a copy is the move itself; a pickle holds its fields.
    def __copy__(self) -> 'Move':
        return self

    def __deepcopy__(self, memo: Dict[int, Any]) -> 'Move':
        return self

    def __reduce__(self) -> Any:
        return (Move, (int(self.kind), self.cards, self.target, int(self.side)))

    # ---- builders ----

    @classmethod
    def parse(cls, text: str) -> 'Move':
        return cls(text)

    @classmethod
    def draw(cls) -> 'Move':
        return cls(MoveKind.DRAW)

    @classmethod
    def take(cls) -> 'Move':
        return cls(MoveKind.TAKE)

    @classmethod
    def meld(cls, *cards: CardLike, side: Side = Side.AUTO) -> 'Move':
        return cls(MoveKind.MELD, cards, 0, side)

    @classmethod
    def lay(cls, card: CardLike, target: int, side: Side = Side.AUTO) -> 'Move':
        return cls(MoveKind.LAYOFF, (card,), target, side)

    @classmethod
    def swap(cls, card: CardLike, target: int) -> 'Move':
        return cls(MoveKind.SWAP, (card,), target)

    @classmethod
    def discard(cls, card: CardLike) -> 'Move':
        return cls(MoveKind.DISCARD, (card,))

    # ---- the C struct ----

    def to_c(self) -> _lib.CMove:
        m = _lib.CMove()
        m.kind, m.count, m.target, m.side = self.kind, len(self.cards), self.target, self.side
        for i, c in enumerate(self.cards[:_lib.MAX_MELD]):
            m.cards[i] = c.code
        return m

    @classmethod
    def from_c(cls, m: _lib.CMove) -> 'Move':
        return _from_c(m)

    # ---- text and comparison ----

    def __str__(self) -> str:
        buf = ctypes.create_string_buffer(80)
        check(_lib.lib().rami_move_format(ctypes.byref(self.to_c()), buf, len(buf)))
        return buf.value.decode()

    def __repr__(self) -> str:
        return f"Move('{self}')"

    def _key(self) -> tuple:
        return (self.kind, self.cards, self.target, self.side)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and other._key() == self._key()

    def __hash__(self) -> int:
        return hash(self._key())


def _parse(text: str) -> _lib.CMove:
    m = _lib.CMove()
    check(_lib.lib().rami_move_parse(text.encode(), ctypes.byref(m)))
    return m


def _from_c(m: _lib.CMove) -> Move:
    return Move(m.kind, [Card(c) for c in m.cards[:m.count]], m.target, m.side)


MoveLike = Union[Move, str]


def as_move(move: MoveLike) -> Move:
    return move if isinstance(move, Move) else Move(move)
