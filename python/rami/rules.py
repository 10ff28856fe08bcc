"""Rulesets: a preset with any fields changed, checked by the library.

>>> rs = Ruleset('finnish', players=3, opening_points=15)   # quick rami
>>> rs.num_distinct_actions
4504
"""

from __future__ import annotations

import ctypes
import enum
from typing import Any, Dict, Union

from . import _lib
from ._args import U32, field_bounds, integer
from .errors import RulesetError, check
from .moves import Move, MoveLike, as_move


class Preset(enum.IntEnum):
    RAMI_51 = 0
    RAMI_40 = 1
    RAMI_51_HOUSE = 2
    RAMI_40_HOUSE = 3
    FINNISH = 4


#: Names accepted wherever a preset is expected.
PRESET_NAMES: Dict[str, Preset] = {
    '51': Preset.RAMI_51, '40': Preset.RAMI_40, '51-house': Preset.RAMI_51_HOUSE,
    '40-house': Preset.RAMI_40_HOUSE, 'finnish': Preset.FINNISH,
}


class Option(enum.IntFlag):
    LAYOFF_OTHERS = 1 << 0
    GO_OUT_BY_MELD = 1 << 1
    KEEP_PICKUP = 1 << 2
    PICKUP_MUST_MELD = 1 << 3
    JOKER_SWAP = 1 << 4
    JOKER_REPLAY = 1 << 5
    OPEN_PURE_RUN = 1 << 6
    JOKER_CHOICE = 1 << 7
    OPEN_TURN_LAYOFF = 1 << 8
    # House rules (doc/rules.md): off in every preset but SET_SWAP_ANY in FINNISH.
    NO_JOKER_DISCARD = 1 << 9
    NO_JOKER_OUT = 1 << 10
    ONE_GO_DOUBLE = 1 << 11
    ELIMINATION = 1 << 12
    LOW_HAND_ZERO = 1 << 13
    SET_SWAP_ANY = 1 << 14


FIELDS = ('players', 'decks', 'jokers', 'hand_size', 'opening_points', 'jokers_per_meld',
          'max_restocks', 'max_turns', 'joker_penalty', 'ace_penalty', 'options',
          'match_rounds', 'match_target', 'unopened_penalty')

#: What each field's C type can hold.
_BOUNDS = {name: field_bounds(ctype) for name, ctype in _lib.CRuleset._fields_ if name in FIELDS}

UNLIMITED_RESTOCKS = 255


def _preset(preset: Union[str, int]) -> Preset:
    if isinstance(preset, str):
        try:
            return PRESET_NAMES[preset.lower().replace('_', '-')]
        except KeyError:
            raise RulesetError(-5, f'unknown preset {preset!r}; one of '
                               f'{", ".join(PRESET_NAMES)}') from None
    return Preset(preset)


class Ruleset:
    """An immutable, checked ruleset: ``Ruleset('51', players=4)``,
    ``Ruleset('finnish', 2, options=Option.JOKER_SWAP)``. Fields read as
    attributes (``rs.hand_size``); ``rs.replace(field=value)`` makes a
    changed copy. A ruleset the library refuses raises RulesetError with
    its reason."""

    __slots__ = ('_c',)

    def __init__(self, preset: Union[str, int] = '51', players: int = 2, **fields: Any) -> None:
        c = _lib.CRuleset()
        players = integer(players, 'players', U32)
        check(_lib.lib().rami_ruleset_init_sized(ctypes.byref(c), ctypes.sizeof(c),
                                                 _preset(preset), players))
        self._set(c, fields)

    def _set(self, c: _lib.CRuleset, fields: Dict[str, Any]) -> None:
        for name, value in fields.items():
            if name not in FIELDS:
                raise TypeError(f'Ruleset has no field {name!r}')
            setattr(c, name, integer(value, name, _BOUNDS[name]))
        why = ctypes.create_string_buffer(256)
        check(_lib.lib().rami_ruleset_check(ctypes.byref(c), why, len(why)), why.value.decode())
        object.__setattr__(self, '_c', c)

    @classmethod
    def from_c(cls, c: _lib.CRuleset) -> 'Ruleset':
        rs = object.__new__(cls)
        copy = _lib.CRuleset()
        ctypes.pointer(copy)[0] = c
        rs._set(copy, {})
        return rs

    def to_c(self) -> _lib.CRuleset:
        """A copy of the C struct."""
        copy = _lib.CRuleset()
        ctypes.pointer(copy)[0] = self._c
        return copy

    def replace(self, **fields: Any) -> 'Ruleset':
        rs = object.__new__(Ruleset)
        rs._set(self.to_c(), fields)
        return rs

    def __getattr__(self, name: str) -> Any:
        if name in FIELDS:
            value = getattr(self._c, name)
            return Option(value) if name == 'options' else value
        raise AttributeError(name)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError('rulesets are immutable: use replace()')

    # Immutable: a copy is the ruleset itself; a pickle holds its fields.
    def __copy__(self) -> 'Ruleset':
        return self

    def __deepcopy__(self, memo: Dict[int, Any]) -> 'Ruleset':
        return self

    def __reduce__(self) -> Any:
        return (_from_fields, (self.as_dict(),))

    def has(self, option: Option) -> bool:
        return bool(self._c.options & option)

    def as_dict(self) -> Dict[str, int]:
        return {name: int(getattr(self._c, name)) for name in FIELDS}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ruleset) and other.as_dict() == self.as_dict()

    def __hash__(self) -> int:
        return hash(tuple(self.as_dict().values()))

    def __repr__(self) -> str:
        fields = ', '.join(f'{k}={v}' for k, v in self.as_dict().items())
        return f'Ruleset({fields})'

    # ---- integer actions (doc/actions.md) ----

    @property
    def num_distinct_actions(self) -> int:
        """N: action ids are 0..N-1."""
        return int(_lib.lib().rami_num_distinct_actions(ctypes.byref(self._c)))

    @property
    def max_game_length(self) -> int:
        """The most actions one round can take (0: no turn cap, no bound)."""
        return int(_lib.lib().rami_max_game_length(ctypes.byref(self._c)))

    @property
    def observation_tensor_size(self) -> int:
        """Floats in an observation tensor (doc/observations.md)."""
        return int(_lib.lib().rami_observation_tensor_size(ctypes.byref(self._c)))

    @property
    def information_state_tensor_size(self) -> int:
        """Floats in an information-state tensor (doc/observations.md)."""
        return int(_lib.lib().rami_information_state_tensor_size(ctypes.byref(self._c)))

    def move_to_action(self, move: MoveLike) -> int:
        a = _lib.Action()
        m = as_move(move).to_c()
        check(_lib.lib().rami_move_to_action(ctypes.byref(self._c), ctypes.byref(m),
                                             ctypes.byref(a)))
        return a.value

    def action_to_move(self, action: int) -> Move:
        m = _lib.CMove()
        check(_lib.lib().rami_action_to_move(ctypes.byref(self._c), integer(action, 'action', U32),
                                             ctypes.byref(m)))
        return Move.from_c(m)


RulesetLike = Union[Ruleset, str, int]


def _from_fields(fields: Dict[str, int]) -> Ruleset:
    """The ruleset of as_dict()'s fields (unpickling)."""
    rest = {k: v for k, v in fields.items() if k != 'players'}
    return Ruleset('51', fields['players'], **rest)


def as_ruleset(ruleset: RulesetLike, players: int = 2, **fields: Any) -> Ruleset:
    if isinstance(ruleset, Ruleset):
        return ruleset.replace(**fields) if fields else ruleset
    return Ruleset(ruleset, players, **fields)
