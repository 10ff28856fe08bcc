"""Minimal action and observation spaces with the attribute names and
semantics of gymnasium.spaces (Discrete, Box, Dict), so that code written
for Gymnasium or PettingZoo reads them without either being installed.
NumPy is required."""

from __future__ import annotations

from typing import Any, Dict as TDict, Optional, Sequence, Tuple

import numpy as np


class Space:
    def __init__(self, shape: Optional[Tuple[int, ...]], dtype: Any,
                 seed: Optional[int] = None) -> None:
        self.shape = shape
        self.dtype = None if dtype is None else np.dtype(dtype)
        self.np_random = np.random.default_rng(seed)

    def seed(self, seed: Optional[int] = None) -> None:
        self.np_random = np.random.default_rng(seed)

    def sample(self, mask: Any = None) -> Any:
        raise NotImplementedError

    def contains(self, x: Any) -> bool:
        raise NotImplementedError

    def __contains__(self, x: Any) -> bool:
        return self.contains(x)


class Discrete(Space):
    """Integers 0..n-1 (action ids). ``sample(mask)`` draws uniformly among
    the ids whose mask entry is 1, as gymnasium's Discrete does."""

    def __init__(self, n: int, seed: Optional[int] = None) -> None:
        super().__init__((), np.int64, seed)
        self.n = int(n)
        self.start = 0

    def sample(self, mask: Any = None) -> int:
        if mask is None:
            return int(self.np_random.integers(self.n))
        legal = np.flatnonzero(np.asarray(mask))
        if legal.size == 0:
            raise ValueError('the mask allows no action')
        return int(legal[self.np_random.integers(legal.size)])

    def contains(self, x: Any) -> bool:
        try:
            return 0 <= int(x) < self.n and int(x) == x
        except (TypeError, ValueError):
            return False

    def __repr__(self) -> str:
        return f'Discrete({self.n})'

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discrete) and other.n == self.n


class Box(Space):
    """Arrays of a fixed shape and dtype with bounds low..high."""

    def __init__(self, low: float, high: float, shape: Sequence[int], dtype: Any = np.float32,
                 seed: Optional[int] = None) -> None:
        super().__init__(tuple(int(s) for s in shape), dtype, seed)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)

    def sample(self, mask: Any = None) -> np.ndarray:
        if np.issubdtype(self.dtype, np.integer):
            return self.np_random.integers(self.low, self.high, endpoint=True).astype(self.dtype)
        return self.np_random.uniform(self.low, self.high).astype(self.dtype)

    def contains(self, x: Any) -> bool:
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all(x >= self.low) and np.all(x <= self.high))

    def __repr__(self) -> str:
        return f'Box({self.low.flat[0]}, {self.high.flat[0]}, {self.shape}, {self.dtype})'

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Box) and other.shape == self.shape and
                other.dtype == self.dtype and np.array_equal(other.low, self.low) and
                np.array_equal(other.high, self.high))


class Dict(Space):
    """A dict of named spaces (PettingZoo's {'observation', 'action_mask'})."""

    def __init__(self, spaces: TDict[str, Space], seed: Optional[int] = None) -> None:
        super().__init__(None, None, seed)
        self.spaces = dict(spaces)

    def __getitem__(self, key: str) -> Space:
        return self.spaces[key]

    def sample(self, mask: Any = None) -> TDict[str, Any]:
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x: Any) -> bool:
        return (isinstance(x, dict) and x.keys() == self.spaces.keys() and
                all(s.contains(x[k]) for k, s in self.spaces.items()))

    def __repr__(self) -> str:
        return 'Dict(' + ', '.join(f'{k}: {s!r}' for k, s in self.spaces.items()) + ')'
