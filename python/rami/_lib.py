"""Finding and loading librami, and the ctypes mirror of include/rami.h.

The shared library is looked for, in this order:

1. the path in the environment variable ``RAMI_LIB`` (an explicit choice);
2. ``librami.so`` inside this package (the wheel that ``pip install`` built
   ships its own copy);
3. the path recorded when ``meson install`` installed this package with the
   library (``_config.LIBRARY``);
4. a meson build directory of the source tree this package sits in
   (``build*/lib``), for work inside the repository.

An installed package (2 or 3) only accepts the library version it was built
with. Whatever fails ends in :class:`RamiLibraryError`, whose message says
what was tried and what to do.
"""

from __future__ import annotations

import ctypes
import glob
import os
import threading
from typing import List, Optional, Tuple

try:
    from . import _config  # written by meson (python/meson.build)
except ImportError:  # the source tree, not built or installed
    _config = None  # type: ignore[assignment]


class RamiLibraryError(OSError):
    """librami could not be found or loaded, or is not the version this
    package was built for. The message says what was tried and what to do."""


HELP = (
    "Install the package with pip from the librami source tree "
    "(`/usr/bin/python3 -m pip install --no-build-isolation .`, see doc/python.md), "
    "install librami with `meson install` (it installs this package too unless "
    "-Dpython=disabled), or set RAMI_LIB to a built librami.so (e.g. build/lib/librami.so)."
)

# --------------------------------------------------------------------------
# Constants and structs, field for field as in rami.h
# --------------------------------------------------------------------------

MAX_PLAYERS = 6
MAX_HAND = 32
MAX_PACK = 168
MAX_MELD = 13
MAX_MOVES = 4096
MAX_SOLUTION_MELDS = 10
JOKER = 0x50
NO_CARD = 0
NO_TARGET = 255

u8, u16, u32, u64 = ctypes.c_uint8, ctypes.c_uint16, ctypes.c_uint32, ctypes.c_uint64
i16, i32 = ctypes.c_int16, ctypes.c_int32
Card = u8
Action = u32


class CRuleset(ctypes.Structure):
    _fields_ = [('struct_size', u32), ('players', u8), ('decks', u8), ('jokers', u8),
                ('hand_size', u8), ('opening_points', u16), ('jokers_per_meld', u8),
                ('max_restocks', u8), ('max_turns', u16), ('joker_penalty', u8),
                ('ace_penalty', u8), ('options', u32), ('match_rounds', u16),
                ('match_target', u16), ('unopened_penalty', u16), ('reserved', u8 * 2)]


class CMeldInfo(ctypes.Structure):
    _fields_ = [('kind', u8), ('count', u8), ('points', u16), ('cards', Card * MAX_MELD),
                ('joker_as', Card)]


class CDeal(ctypes.Structure):
    _fields_ = [('struct_size', u32), ('dealer', u8), ('hand_count', u8 * MAX_PLAYERS),
                ('hands', (Card * MAX_HAND) * MAX_PLAYERS), ('reserved', u8),
                ('stock_count', u16),
                ('stock', Card * MAX_PACK), ('discard_count', u16),
                ('discard', Card * MAX_PACK)]


class CRoundResult(ctypes.Structure):
    _fields_ = [('reason', u8), ('winners', u8), ('hand_value', u16 * MAX_PLAYERS),
                ('points', i16 * MAX_PLAYERS)]


class CMove(ctypes.Structure):
    _fields_ = [('kind', u8), ('count', u8), ('target', u8), ('side', u8),
                ('cards', Card * MAX_MELD)]


class CSolution(ctypes.Structure):
    _fields_ = [('meld_count', u8), ('left_count', u8), ('points', u16), ('penalty', u16),
                ('reserved', u16), ('melds', CMeldInfo * MAX_SOLUTION_MELDS),
                ('left', Card * MAX_HAND)]


class CBotOptions(ctypes.Structure):
    _fields_ = [('struct_size', u32), ('level', u8), ('reserved', u8 * 3), ('seed', u64),
                ('playouts', u32), ('time_ms', u32)]


class CTurnInfo(ctypes.Structure):
    _fields_ = [('struct_size', u32), ('player', u8), ('phase', u8), ('opened', u8),
                ('opened_this_turn', u8), ('points_laid', u16), ('opening_points', u16),
                ('melds_laid', u8), ('undo_count', u8), ('picked', Card), ('must_play', Card),
                ('jokers_to_replay', u8), ('pure_run_needed', u8), ('may_not_discard', Card),
                ('reserved', u8)]


class CEvent(ctypes.Structure):
    _fields_ = [('kind', u8), ('seat', u8), ('target', u8), ('side', u8), ('count', u8),
                ('reserved', u8), ('points', u16), ('turn', u32), ('cards', Card * MAX_MELD),
                ('reserved2', u8 * 7)]


class CRefusal(ctypes.Structure):
    _fields_ = [('struct_size', u32), ('status', i16), ('seat', u8), ('target', u8),
                ('points_needed', u16), ('points_laid', u16), ('phase', u8), ('count', u8),
                ('cards', Card * MAX_MELD), ('reserved', u8 * 5)]


#: The C struct name of every mirror (tests compare them with the compiler).
STRUCTS = {'rami_ruleset': CRuleset, 'rami_meld_info': CMeldInfo, 'rami_deal': CDeal,
           'rami_round_result': CRoundResult, 'rami_move': CMove, 'rami_solution': CSolution,
           'rami_bot_options': CBotOptions, 'rami_turn_info': CTurnInfo, 'rami_event': CEvent,
           'rami_refusal': CRefusal}

_P = ctypes.POINTER
_game = ctypes.c_void_p
_size_p = _P(ctypes.c_size_t)
_text = ctypes.c_char_p
_int, _size, _double = ctypes.c_int, ctypes.c_size_t, ctypes.c_double

# name: (restype, argtypes)
SIGNATURES = {
    'rami_strerror': (_text, [_int]),
    'rami_status_name': (_text, [_int]),
    'rami_version': (_text, []),
    'rami_version_number': (_int, []),
    'rami_card_make': (Card, [_int, _int]),
    'rami_card_rank': (_int, [Card]),
    'rami_card_suit': (_int, [Card]),
    'rami_card_parse': (_int, [_text, _P(Card)]),
    'rami_card_format': (_int, [Card, _text, _size]),
    'rami_cards_parse': (_int, [_text, _P(Card), _size, _size_p]),
    'rami_ruleset_init_sized': (_int, [_P(CRuleset), ctypes.c_size_t, _int, ctypes.c_uint]),
    # The plain forms fill the 1.0 layout; the package calls the _sized ones.
    'rami_ruleset_init': (_int, [_P(CRuleset), _int, ctypes.c_uint]),
    'rami_ruleset_check': (_int, [_P(CRuleset), _text, _size]),
    'rami_meld_check': (_int, [_P(CRuleset), _P(Card), _size, _P(CMeldInfo)]),
    'rami_game_new': (_int, [_P(CRuleset), u64, _P(_game)]),
    'rami_game_new_deal': (_int, [_P(CRuleset), _P(CDeal), u64, _P(_game)]),
    'rami_game_clone': (_int, [_game, _P(_game)]),
    'rami_game_free': (None, [_game]),
    'rami_game_phase': (_int, [_game]),
    'rami_game_current_player': (_int, [_game]),
    'rami_game_dealer': (_int, [_game]),
    'rami_game_round': (_int, [_game]),
    'rami_game_turn': (_int, [_game]),
    'rami_game_hand': (_int, [_game, _int, _P(Card), _size, _size_p]),
    'rami_game_stock_count': (_size, [_game]),
    'rami_game_discard_count': (_size, [_game]),
    'rami_game_discard_top': (Card, [_game]),
    'rami_game_has_opened': (_int, [_game, _int]),
    'rami_game_in_match': (_int, [_game, _int]),
    'rami_game_meld_count': (_size, [_game]),
    'rami_game_meld': (_int, [_game, _size, _P(_int), _P(CMeldInfo)]),
    'rami_game_round_result': (_int, [_game, _P(CRoundResult)]),
    'rami_game_scores': (_int, [_game, _P(i32), _size]),
    'rami_game_next_round': (_int, [_game]),
    'rami_game_match_winners': (_int, [_game]),
    'rami_game_ruleset_sized': (_int, [_game, _P(CRuleset), ctypes.c_size_t]),
    'rami_game_ruleset': (_int, [_game, _P(CRuleset)]),
    'rami_game_seed': (u64, [_game]),
    'rami_game_picked': (Card, [_game]),
    'rami_game_hand_count': (_int, [_game, _int]),
    'rami_game_discard_pile': (_int, [_game, _P(Card), _size, _size_p]),
    'rami_game_undo_count': (_int, [_game]),
    'rami_game_turn_info': (_int, [_game, _P(CTurnInfo), _size]),
    'rami_game_history': (_int, [_game, _int, _P(CEvent), _size, _size_p]),
    'rami_game_legal_moves': (_int, [_game, _P(CMove), _size, _size_p]),
    'rami_game_check': (_int, [_game, _int, _P(CMove), _text, _size]),
    'rami_game_check_ex': (_int, [_game, _int, _P(CMove), _P(CRefusal), _size, _text, _size]),
    'rami_game_play': (_int, [_game, _int, _P(CMove)]),
    'rami_game_undo': (_int, [_game, _int]),
    'rami_move_parse': (_int, [_text, _P(CMove)]),
    'rami_move_format': (_int, [_P(CMove), _text, _size]),
    'rami_game_save': (_int, [_game, _text, _size, _size_p]),
    'rami_game_load': (_int, [_text, _size, _P(_game)]),
    'rami_game_view_json': (_int, [_game, _int, _text, _size, _size_p]),
    'rami_solve_hand': (_int, [_P(CRuleset), _P(Card), _size, _int, _P(CSolution)]),
    'rami_game_determinize': (_int, [_game, _int, u64, _P(_game)]),
    'rami_bot_options_init_sized': (_int, [_P(CBotOptions), ctypes.c_size_t, _int]),
    'rami_bot_options_init': (_int, [_P(CBotOptions), _int]),
    'rami_bot_choose': (_int, [_game, _P(CBotOptions), _P(CMove)]),
    'rami_game_hint': (_int, [_game, _P(CMove), _text, _size]),
    'rami_game_hint_with': (_int, [_game, _P(CBotOptions), _P(CMove), _text, _size]),
    # Integer actions (doc/actions.md).
    'rami_num_distinct_actions': (u32, [_P(CRuleset)]),
    'rami_move_to_action': (_int, [_P(CRuleset), _P(CMove), _P(Action)]),
    'rami_action_to_move': (_int, [_P(CRuleset), Action, _P(CMove)]),
    'rami_game_legal_actions': (_int, [_game, ctypes.c_void_p, _size, _size_p]),
    'rami_game_legal_actions_mask': (_int, [_game, ctypes.c_void_p, _size, _size_p]),
    'rami_game_play_action': (_int, [_game, _int, Action]),
    'rami_max_game_length': (u32, [_P(CRuleset)]),
    'rami_game_returns': (_int, [_game, _int, _P(_double), _size]),
    # Observation tensors (doc/observations.md).
    'rami_observation_tensor_size': (u32, [_P(CRuleset)]),
    'rami_information_state_tensor_size': (u32, [_P(CRuleset)]),
    'rami_game_observation_tensor': (_int, [_game, _int, ctypes.c_void_p, _size]),
    'rami_game_information_state_tensor': (_int, [_game, _int, ctypes.c_void_p, _size]),
}

# --------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------

_SUFFIXES = ('.so', '.dylib', '.dll')


def _candidates() -> List[Tuple[str, str, bool]]:
    """(path, where it came from, whether the version must match)."""
    found: List[Tuple[str, str, bool]] = []
    env = os.environ.get('RAMI_LIB')
    if env:
        found.append((env, 'RAMI_LIB', False))
    here = os.path.dirname(os.path.abspath(__file__))
    for suffix in _SUFFIXES:
        bundled = os.path.join(here, 'librami' + suffix)
        if os.path.exists(bundled):
            found.append((bundled, 'the copy inside the package', True))
    recorded = getattr(_config, 'LIBRARY', '') if _config is not None else ''
    if recorded:
        found.append((recorded, 'the path recorded by meson install', True))
    root = os.path.dirname(os.path.dirname(here))
    if os.path.exists(os.path.join(root, 'include', 'rami.h')):
        for path in sorted(glob.glob(os.path.join(root, 'build*', 'lib', 'librami.so'))):
            found.append((path, 'a build directory of the source tree', False))
    return found


def _bind(lib: ctypes.CDLL) -> None:
    for name, (restype, argtypes) in SIGNATURES.items():
        fn = getattr(lib, name)  # AttributeError: an older library
        fn.restype = restype
        fn.argtypes = argtypes


def _open(path: str, strict: bool) -> ctypes.CDLL:
    lib = ctypes.CDLL(path)
    try:
        _bind(lib)
    except AttributeError as e:
        raise RamiLibraryError(f'{path} is too old for this package ({e})') from None
    built_for = getattr(_config, 'VERSION', None) if _config is not None else None
    version = lib.rami_version().decode()
    if strict and built_for and version != built_for:
        raise RamiLibraryError(
            f'{path} is librami {version}, but this package was built for {built_for}')
    return lib


_lock = threading.Lock()
_loaded: Optional[ctypes.CDLL] = None
_loaded_from: Optional[str] = None


def lib() -> ctypes.CDLL:
    """The loaded library (loaded on first use, then cached)."""
    global _loaded, _loaded_from
    if _loaded is not None:
        return _loaded
    with _lock:
        if _loaded is None:
            problems = []
            for path, where, strict in _candidates():
                try:
                    _loaded = _open(path, strict)
                    _loaded_from = path
                    break
                except (OSError, RamiLibraryError) as e:
                    problems.append(f'{where} ({path}): {e}')
            if _loaded is None:
                tried = '; '.join(problems) if problems else 'no candidate found'
                raise RamiLibraryError(f'librami could not be loaded: {tried}. {HELP}')
    return _loaded


def library_path() -> str:
    """The path of the loaded library."""
    lib()
    assert _loaded_from is not None
    return _loaded_from

