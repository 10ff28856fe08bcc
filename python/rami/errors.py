"""Exceptions: one class per librami status code.

Every failed call raises a :class:`RamiError` subclass that carries the
status code (``status``), its name (``name``, e.g. ``'RAMI_E_MELD'``) and
the reason: the engine's own sentence for a refused move or ruleset, else
the status' message. A move refused by :meth:`Game.play`, :meth:`Game.check`
or :meth:`Game.play_action` also carries ``refusal``, a :class:`Refusal`
(rami_game_check_ex's structured form, for a program to word the refusal
itself or to point at the cards); other errors have ``refusal`` None.
Refused moves are :class:`IllegalMoveError`\\ s, so
``except rami.IllegalMoveError`` catches every rule the engine enforces;
argument and parse errors are also ``ValueError``\\ s.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Dict, Optional, Tuple, Type

from . import _lib

#: Status code -> name, as RAMI_STATUS_LIST in rami.h.
STATUS_NAMES: Dict[int, str] = {
    0: 'RAMI_OK', -1: 'RAMI_E_ARG', -2: 'RAMI_E_NOMEM', -3: 'RAMI_E_BUFFER',
    -4: 'RAMI_E_PARSE', -5: 'RAMI_E_RULESET', -6: 'RAMI_E_TURN', -7: 'RAMI_E_PHASE',
    -8: 'RAMI_E_NOT_IN_HAND', -9: 'RAMI_E_MELD', -10: 'RAMI_E_OPENING',
    -11: 'RAMI_E_NOT_OPENED', -12: 'RAMI_E_LAYOFF', -13: 'RAMI_E_CLOSED',
    -14: 'RAMI_E_SWAP', -15: 'RAMI_E_PICKED', -16: 'RAMI_E_JOKER_REPLAY',
    -17: 'RAMI_E_MUST_DISCARD', -18: 'RAMI_E_PICKUP', -19: 'RAMI_E_UNDO',
    -20: 'RAMI_E_CORRUPT', -21: 'RAMI_E_INTERNAL', -22: 'RAMI_E_LIMIT',
    -23: 'RAMI_E_OPENING_TURN', -24: 'RAMI_E_PICKUP_MELD', -25: 'RAMI_E_JOKER_DISCARD',
}


def strerror(status: int) -> str:
    """The library's English sentence for a status code."""
    return _lib.lib().rami_strerror(status).decode()


@dataclasses.dataclass(frozen=True)
class Refusal:
    """What a refused move is about (rami_refusal, from rami_game_check_ex).

    ``status``/``name`` as the exception's; ``seat``: the seat to move
    (NotYourTurnError), the meld's owner (ClosedRamiError), else the player;
    ``target``: the table meld of a lay-off or swap (None if none);
    ``points_needed``/``points_laid``: the opening requirement and what was
    laid this turn before the move; ``phase``: the phase the move did not fit
    (PhaseError); ``cards``: the card(s) the refusal is about (the missing ones
    for NotInHandError, the card taken for the pick-up rules, the joker for
    JokerReplayError, none for turn/phase/argument errors, else the move's)."""
    status: int
    name: str
    seat: int
    target: Optional[int]
    points_needed: int
    points_laid: int
    phase: int
    cards: Tuple[Any, ...]  # Tuple[Card, ...]


class RamiError(Exception):
    """A librami call failed."""

    status: int = 0

    def __init__(self, status: Optional[int] = None, reason: Optional[str] = None,
                 refusal: Optional[Refusal] = None) -> None:
        self.status = type(self).status if status is None else status
        self.name = STATUS_NAMES.get(self.status, f'RAMI_E_{-self.status}')
        self.reason = reason or strerror(self.status)
        self.refusal = refusal
        super().__init__(f'{self.name}: {self.reason}')


class ArgumentError(RamiError, ValueError):
    """RAMI_E_ARG: an invalid argument (bad seat, id, card code, ...)."""
    status = -1


class OutOfMemoryError(RamiError, MemoryError):
    status = -2


class BufferTooSmallError(RamiError):
    status = -3


class ParseError(RamiError, ValueError):
    """RAMI_E_PARSE: text that is not a card, move or record."""
    status = -4


class RulesetError(RamiError, ValueError):
    """RAMI_E_RULESET: an inconsistent ruleset; reason says which field."""
    status = -5


class IllegalMoveError(RamiError):
    """A move the rules refuse; reason names the cards and the rule."""


class NotYourTurnError(IllegalMoveError):
    status = -6


class PhaseError(IllegalMoveError):
    status = -7


class NotInHandError(IllegalMoveError):
    status = -8


class InvalidMeldError(IllegalMoveError):
    status = -9


class OpeningError(IllegalMoveError):
    status = -10


class NotOpenedError(IllegalMoveError):
    status = -11


class LayoffError(IllegalMoveError):
    status = -12


class ClosedRamiError(IllegalMoveError):
    status = -13


class SwapError(IllegalMoveError):
    status = -14


class PickedCardError(IllegalMoveError):
    status = -15


class JokerReplayError(IllegalMoveError):
    status = -16


class MustDiscardError(IllegalMoveError):
    status = -17


class PickupError(IllegalMoveError):
    status = -18


class UndoError(RamiError):
    """RAMI_E_UNDO: nothing of this turn to take back."""
    status = -19


class CorruptRecordError(RamiError, ValueError):
    """RAMI_E_CORRUPT: a saved game that does not replay."""
    status = -20


class InternalError(RamiError):
    """RAMI_E_INTERNAL: the library contradicted itself (a bug: please report it)."""
    status = -21


class LimitError(RamiError):
    """RAMI_E_LIMIT: the request needs more work than the library's documented bound."""
    status = -22


class OpeningTurnError(IllegalMoveError):
    """RAMI_E_OPENING_TURN: lay-offs and swaps wait for the turn after the opening."""
    status = -23


class PickupMeldError(IllegalMoveError):
    """RAMI_E_PICKUP_MELD: the card taken from the discard pile must be played this turn."""
    status = -24


class JokerDiscardError(IllegalMoveError):
    """RAMI_E_JOKER_DISCARD: a house rule forbids discarding this joker."""
    status = -25


_BY_STATUS: Dict[int, Type[RamiError]] = {
    cls.status: cls for cls in (
        ArgumentError, OutOfMemoryError, BufferTooSmallError, ParseError, RulesetError,
        NotYourTurnError, PhaseError, NotInHandError, InvalidMeldError, OpeningError,
        NotOpenedError, LayoffError, ClosedRamiError, SwapError, PickedCardError,
        JokerReplayError, MustDiscardError, PickupError, UndoError, CorruptRecordError,
        InternalError, LimitError, OpeningTurnError, PickupMeldError, JokerDiscardError)
}


def error(status: int, reason: Optional[str] = None,
          refusal: Optional[Refusal] = None) -> RamiError:
    """The exception for a status code (a RamiError for unknown codes)."""
    return _BY_STATUS.get(status, RamiError)(status, reason, refusal)


def check(status: int, reason: Optional[str] = None) -> int:
    """Raises the exception of a negative status, else returns it."""
    if status < 0:
        raise error(status, reason)
    return status
