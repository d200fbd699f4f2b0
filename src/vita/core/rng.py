"""Seeded, serialisable randomness that lives inside a game state.

The generator is SplitMix64: its whole state is one 64-bit integer, so cloning
a game state copies one int, a saved position stores one number, and the same
seed gives the same stream on every Python version and platform (unlike
:mod:`random`, whose shuffle is not promised to be stable across versions).
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A SplitMix64 generator.

    >>> a, b = Rng(7), Rng(7)
    >>> [a.below(10) for _ in range(5)] == [b.below(10) for _ in range(5)]
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        """Pickled as its state (the compiled build's classes are made by their constructor)."""
        return Rng, (self.state,)

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A number in ``range(n)`` (multiply-shift; bias below n / 2**64)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # next_u64, inlined: this is the hottest call of random play.
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((s ^ (s >> 31)) * n) >> 64

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates): ``j = self.below(i + 1)`` for each ``i`` from the
        last index down, with ``below`` inlined (every search deal shuffles the piles)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s

    def fork(self) -> Rng:
        """A new independent generator seeded from this one."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        return Rng(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"


def derive_seed(seed: int, *labels: object) -> int:
    """A seed for a named sub-stream (a bot's, a seat's) of a game seed.

    >>> derive_seed(1, "bot", 0) == derive_seed(1, "bot", 0)
    True
    """
    text = repr((seed, *(str(label) for label in labels))).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")
