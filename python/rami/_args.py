"""Integers on their way to the library.

ctypes turns a Python int into a C integer by dropping the bits that do not
fit: without a check, seat ``2**32`` would be seat 0, action id ``2**32 + 5``
action 5 and seed ``-1`` seed ``2**64 - 1``, and a float or a string would
fail with ctypes' own ``ArgumentError``, which is neither a ``TypeError``
nor a :class:`~rami.RamiError`. Every integer the package hands to the
library goes through :func:`integer` first: anything that is not an integer
raises ``TypeError``, an integer the C type cannot hold raises
:class:`~rami.ArgumentError`. What the value means (a seat of this game, an
id of this ruleset) is still the library's to judge.
"""

from __future__ import annotations

import ctypes
import operator
from typing import Any, Tuple

from .errors import ArgumentError

#: The range of each C integer type the package passes.
INT = (-2**31, 2**31 - 1)
U8 = (0, 2**8 - 1)
U32 = (0, 2**32 - 1)
U64 = (0, 2**64 - 1)


def integer(value: Any, what: str, bounds: Tuple[int, int] = INT) -> int:
    """value as an int within bounds (lo, hi), both included."""
    try:
        v = operator.index(value)
    except TypeError:
        raise TypeError(f'{what} must be an integer, not {type(value).__name__}') from None
    lo, hi = bounds
    if not lo <= v <= hi:
        raise ArgumentError(-1, f'{what} must be in {lo}..{hi}, got {v}')
    return v


def field_bounds(ctype: Any) -> Tuple[int, int]:
    """The range of a ctypes integer type (a struct field's type)."""
    bits = 8 * ctypes.sizeof(ctype)
    signed = ctype(-1).value < 0
    return (-2**(bits - 1), 2**(bits - 1) - 1) if signed else (0, 2**bits - 1)
