"""rami: Python bindings of librami, the rules engine of the rummy game Rami.

>>> import rami
>>> with rami.Game('51', players=2, seed=7) as g:
...     g.play('draw')
...     print(g.hand(), g.legal_moves()[:3])

Cards (:class:`Card`) and moves (:class:`Move`) are objects that print in
the notation; a refused move raises an :class:`IllegalMoveError` subclass
carrying the status and the engine's reason. Integer actions, returns and
the length bound of doc/actions.md are on :class:`Game` and
:class:`Ruleset`; :mod:`rami.env` has environments for learning agents.
Every rule is decided by the C library; this package only translates.
See doc/python.md.
"""

from ._lib import RamiLibraryError, library_path
from .cards import ACE, JACK, KING, QUEEN, Card, Suit, cards
from .errors import (STATUS_NAMES, ArgumentError, BufferTooSmallError, ClosedRamiError,
                     CorruptRecordError, IllegalMoveError, InternalError, InvalidMeldError,
                     JokerDiscardError, JokerReplayError, LayoffError, LimitError,
                     MustDiscardError,
                     NotInHandError, NotOpenedError,
                     NotYourTurnError, OpeningError, OpeningTurnError, OutOfMemoryError,
                     ParseError, PhaseError, PickedCardError, PickupError, PickupMeldError,
                     RamiError, Refusal, RulesetError, SwapError, UndoError, strerror)
from .game import (END_REASONS, RETURN_KINDS, BotLevel, Event, EventKind, Game, Meld, Phase,
                   RoundResult, Solution, TurnInfo, meld_check, solve_hand)
from .moves import Move, MoveKind, Side
from .rules import PRESET_NAMES, UNLIMITED_RESTOCKS, Option, Preset, Ruleset

try:
    from ._config import VERSION as __version__
except ImportError:  # the source tree
    __version__ = '0+source'


def version() -> str:
    """The version of the loaded librami ("MAJOR.MINOR.PATCH")."""
    from . import _lib
    return _lib.lib().rami_version().decode()


def version_number() -> int:
    """The loaded librami's version as MAJOR * 10000 + MINOR * 100 + PATCH."""
    from . import _lib
    return int(_lib.lib().rami_version_number())


JOKER = Card(0x50)

__all__ = [
    'ACE', 'JACK', 'QUEEN', 'KING', 'JOKER', 'Card', 'Suit', 'cards', 'Move', 'MoveKind', 'Side',
    'Ruleset', 'Preset', 'PRESET_NAMES', 'Option', 'UNLIMITED_RESTOCKS', 'Game', 'Phase',
    'BotLevel', 'Meld', 'RoundResult', 'Solution', 'meld_check', 'solve_hand', 'RETURN_KINDS',
    'END_REASONS', 'version', 'library_path', 'strerror', 'STATUS_NAMES', 'RamiError',
    'RamiLibraryError', 'ArgumentError', 'OutOfMemoryError', 'BufferTooSmallError', 'ParseError',
    'RulesetError', 'IllegalMoveError', 'NotYourTurnError', 'PhaseError', 'NotInHandError',
    'InvalidMeldError', 'OpeningError', 'NotOpenedError', 'LayoffError', 'ClosedRamiError',
    'SwapError', 'PickedCardError', 'JokerReplayError', 'MustDiscardError', 'PickupError',
    'UndoError', 'CorruptRecordError', 'InternalError', 'LimitError', 'OpeningTurnError',
    'PickupMeldError', 'Refusal', 'Event', 'EventKind', 'TurnInfo', 'version_number',
    'JokerDiscardError',
]
