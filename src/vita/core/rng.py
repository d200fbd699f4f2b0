"""Seeded, serialisable randomness that lives inside a game state.

The generator is SplitMix64: its whole state is one 64-bit integer, so cloning
a game state copies one int, a saved position stores one number, and the same
seed gives the same stream on every Python version and platform (unlike
:mod:`random`, whose shuffle is not promised to be stable across versions).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB

# The same constants as signed 64-bit numbers (their value minus 2**64), for the compiled build.
_GOLDEN_S: Final[i64] = _GOLDEN - (1 << 64)
_MIX1_S: Final[i64] = _MIX1 - (1 << 64)
_MIX2_S: Final[i64] = _MIX2 - (1 << 64)
_LOW32: Final[i64] = 0xFFFFFFFF


def _native() -> bool:
    """Whether this module runs compiled (mypyc): its ``i64`` numbers are then 64-bit machine
    integers that wrap around, where the pure build's are Python's unbounded ints."""
    probe: i64 = 1 << 62
    return probe + probe < 0


NATIVE: Final = _native()


class Rng:
    """A SplitMix64 generator.

    Its state is one 64-bit number: unsigned in the pure build (Python ints, masked to 64 bits),
    the same bits as a signed machine integer in the compiled build (``i64``, whose arithmetic
    wraps as the algorithm needs). :attr:`state` is the unsigned number in both; every method
    gives the same stream in both builds (tests/test_core.py pins it).

    >>> a, b = Rng(7), Rng(7)
    >>> [a.below(10) for _ in range(5)] == [b.below(10) for _ in range(5)]
    True
    """

    __slots__ = ("_s",)

    def __init__(self, seed: int) -> None:
        unsigned = seed & _MASK
        self._s: i64 = unsigned if not NATIVE else unsigned - (1 << 64) if unsigned >> 63 else unsigned

    @property
    def state(self) -> int:
        """The generator's state, 0 to 2**64 - 1 (what a saved position stores)."""
        return int(self._s) & _MASK

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        """Pickled as its state (the compiled build's classes are made by their constructor)."""
        return Rng, (self.state,)

    def copy(self) -> Rng:
        """The same generator (a state's clone copies it)."""
        other = Rng(0)
        other._s = self._s
        return other

    def next_u64(self) -> int:
        """The next 64-bit output."""
        if NATIVE:
            return int(self._next_native()) & _MASK
        s: int = (self._s + _GOLDEN) & _MASK
        self._s = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def _next_native(self) -> i64:
        """The next output's bits as a signed machine integer (compiled build): the unsigned
        shifts of SplitMix64 are arithmetic shifts with the sign's copies masked off."""
        s = self._s + _GOLDEN_S
        self._s = s
        z = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MIX1_S
        z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2_S
        return z ^ ((z >> 31) & 0x1FFFFFFFF)

    def below(self, n: int) -> int:
        """A number in ``range(n)`` (multiply-shift: the high 64 bits of output times n;
        bias below n / 2**64)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if NATIVE:
            if n >= 1 << 31:
                return (self.next_u64() * n) >> 64
            # The high word of a 64 x 31-bit product, from the output's two 32-bit halves.
            z = self._next_native()
            bound: i64 = n
            return int(((z >> 32) & _LOW32) * bound + (((z & _LOW32) * bound) >> 32) >> 32)
        # next_u64, inlined: this is the hottest call of random play (pure build).
        s: int = (self._s + _GOLDEN) & _MASK
        self._s = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((s ^ (s >> 31)) * n) >> 64

    def shuffled(self, items: Iterable[T]) -> tuple[T, ...]:
        """``items`` as a tuple, in the order :meth:`shuffle` leaves a list of them (for the
        piles a state keeps as tuples, shared by its clones)."""
        pile = list(items)
        self.shuffle(pile)
        return tuple(pile)

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates): ``j = self.below(i + 1)`` for each ``i`` from the
        last index down, with ``below`` inlined in the pure build (every search deal shuffles
        the piles)."""
        if NATIVE:
            for i in range(len(items) - 1, 0, -1):
                j = self.below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        s: int = self._s
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self._s = s

    def fork(self) -> Rng:
        """A new independent generator seeded from this one."""
        return Rng(self.next_u64())

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"


def derive_seed(seed: int, *labels: object) -> int:
    """A seed for a named sub-stream (a bot's, a seat's) of a game seed.

    >>> derive_seed(1, "bot", 0) == derive_seed(1, "bot", 0)
    True
    """
    text = repr((seed, *(str(label) for label in labels))).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")
