"""Cards: immutable objects that print in the notation (``7S``, ``10H``,
``JK``). Parsing and formatting are the library's (rami_card_parse,
rami_card_format); a card is one byte, ``suit << 4 | rank``, as in rami.h."""

from __future__ import annotations

import ctypes
import enum
from typing import Dict, Iterable, List, Union

from . import _lib
from .errors import ArgumentError, check


class Suit(enum.IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    ANY = 4  # only what a joker stands for in a 3-card set


ACE, JACK, QUEEN, KING = 1, 11, 12, 13

CardLike = Union['Card', str, int]


class Card:
    """One card face (copies from different decks are the same Card).

    ``Card('7S')``, ``Card('10♥')``, ``Card('JK')`` parse the notation;
    ``Card(0x17)`` takes a rami_card code; ``Card.make(7, Suit.SPADES)``.
    Cards are interned: equal cards are the same object."""

    __slots__ = ('code',)
    code: int
    _interned: Dict[int, 'Card'] = {}
    _names: Dict[int, str] = {}

    def __new__(cls, value: CardLike) -> 'Card':
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            code = _parse(value)
        elif isinstance(value, int):
            code = value
        else:
            raise TypeError(f'a card is a Card, a name or a code, not {type(value).__name__}')
        card = cls._interned.get(code)
        if card is None:
            if not _is_card(code):
                raise ArgumentError(-1, f'{code!r} is not a card code')
            card = object.__new__(cls)
            object.__setattr__(card, 'code', code)
            cls._interned[code] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError('cards are immutable')

    @classmethod
    def make(cls, rank: int, suit: int) -> 'Card':
        return cls((int(suit) << 4) | int(rank))

    @property
    def rank(self) -> int:
        """1 (ace) .. 13 (king); 0 for the joker."""
        return 0 if self.is_joker else self.code & 0x0F

    @property
    def suit(self) -> Suit:
        return Suit.ANY if self.is_joker else Suit(self.code >> 4)

    @property
    def is_joker(self) -> bool:
        return self.code == _lib.JOKER

    def __int__(self) -> int:
        return self.code

    def __index__(self) -> int:
        return self.code

    def __str__(self) -> str:
        return _name(self.code)

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.code == self.code

    def __hash__(self) -> int:
        return hash(self.code)

    def __lt__(self, other: 'Card') -> bool:
        """The library's order: by suit, then rank, jokers last."""
        return self.code < other.code

    def __reduce__(self):  # pickling keeps interning
        return (Card, (self.code,))


def _is_card(code: object) -> bool:
    """rami.h's encoding: RAMI_JOKER, or RAMI_CARD(rank 1..13, suit 0..3 or
    RAMI_SUIT_ANY)."""
    return isinstance(code, int) and (code == _lib.JOKER or (1 <= (code & 0x0F) <= 13 and
                                                            0 <= code >> 4 <= Suit.ANY))


def _parse(text: str) -> int:
    c = _lib.Card()
    check(_lib.lib().rami_card_parse(text.encode(), ctypes.byref(c)))
    return c.value


def _name(code: int) -> str:
    name = Card._names.get(code)
    if name is None:
        buf = ctypes.create_string_buffer(8)
        check(_lib.lib().rami_card_format(code, buf, len(buf)))
        name = Card._names[code] = buf.value.decode()
    return name


def cards(text: Union[str, Iterable[CardLike]]) -> List[Card]:
    """A list of cards from text (``'7S 8S, 9S'``) or from cards, codes or
    names."""
    if not isinstance(text, str):
        return [Card(c) for c in text]
    n = ctypes.c_size_t()
    st = _lib.lib().rami_cards_parse(text.encode(), None, 0, ctypes.byref(n))
    if st not in (0, -3):
        check(st)
    buf = (_lib.Card * max(n.value, 1))()
    check(_lib.lib().rami_cards_parse(text.encode(), buf, n.value, ctypes.byref(n)))
    return [Card(code) for code in buf[:n.value]]


def card_array(items: Iterable[CardLike]):
    """A ctypes array of card codes and its length."""
    codes = [Card(c).code for c in items]
    return (_lib.Card * max(len(codes), 1))(*codes), len(codes)
