"""The new tuple a rule builds in place of a change.

A state's seldom-changed parts are tuples, so that a clone shares them instead of copying
(docs/engine.md "A state"); a rule that would change one in place builds the next one with
these instead: ``hand = without(hand, card)`` for ``hand.remove(card)``, ``stacks =
replaced(stacks, kind, stack)`` for ``stacks[kind] = stack``.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``items`` without the first ``item`` (``ValueError`` if it holds none, as ``list.remove``).

    >>> without((3, 1, 3), 3)
    (1, 3)
    """
    at = items.index(item)
    return items[:at] + items[at + 1:]


def replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with ``value`` at ``index``.

    >>> replaced((0, 1, 2), 1, 9)
    (0, 9, 2)
    """
    return (*items[:index], value, *items[index + 1:])
