"""Tables of values made once and shared.

A game's legal moves are lists of actions, and an action is immutable, so every list can hold
the same value instead of building its own (building one is the costlier part of a move list,
compiled or not: docs/engine.md "What each step gained"); the same goes for answers computed
from a part of a position. Such a table is looked up by one number (cheap to hash) and emptied
when it holds :data:`KEPT` entries, so its memory stays flat over any number of games.
"""

from __future__ import annotations

from typing import Final, TypeVar

V = TypeVar("V")

KEPT: Final = 1 << 15
"""The most entries a table of shared values holds."""


def keep(table: dict[int, V], key: int, value: V) -> V:
    """``value``, kept in ``table`` under ``key`` (a full table is emptied first).

    >>> table: dict[int, str] = {}
    >>> keep(table, 7, "seven"), table
    ('seven', {7: 'seven'})
    """
    if len(table) >= KEPT:
        table.clear()
    table[key] = value
    return value
