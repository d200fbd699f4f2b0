"""Rulebook section "Melds" (and the power of activation cards, "Activating a Meld").

A meld is 3 to 5 cards of one suit whose adjacent cards differ by the same pattern
number, counting around the corner (Ace = 1 … Ten = 10, then Ace again): 6-9-2 has
pattern 3, 5-4-3 pattern 9 (-1), 6-A-6 pattern 5. A card may repeat only with
pattern 5, which follows from counting modulo 10 (any other pattern repeats a value
only after 5 or 10 cards), so every pattern 1-9 is allowed and 0 is not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from vita.games.pursuit_cards.cards import meld_words, suit_of, value_of

MIN_LENGTH: Final = 3
MAX_LENGTH: Final = 5


def step(value: int, pattern: int) -> int:
    """The value ``pattern`` after ``value``, around the corner (10 is followed by 1)."""
    return (value - 1 + pattern) % 10 + 1


def pattern_of(values: list[int]) -> int | None:
    """The pattern number of a sequence of values, or None if it has none.

    >>> pattern_of([6, 9, 2]), pattern_of([5, 4, 3]), pattern_of([6, 1, 6]), pattern_of([3, 5, 8])
    (3, 9, 5, None)
    """
    if len(values) < 2:
        return None
    pattern = (values[1] - values[0]) % 10
    if pattern == 0:
        return None
    for i in range(2, len(values)):
        if (values[i] - values[i - 1]) % 10 != pattern:
            return None
    return pattern


def is_meld(entries: Sequence[int]) -> bool:
    """3 to 5 cards (declared Jokers count as their card) of one suit with a pattern."""
    if not MIN_LENGTH <= len(entries) <= MAX_LENGTH:
        return False
    if len({suit_of(e) for e in entries}) != 1:
        return False
    return pattern_of([value_of(e) for e in entries]) is not None


class Meld:
    """A meld on the table: its cards in the order laid out (position 1 is the first), a tuple
    replaced and never changed in place, so that a clone's meld shares it."""

    __slots__ = ("cards", "id", "owner", "pattern", "suit")

    def __init__(self, ident: int, owner: int, suit: int, pattern: int, cards: tuple[int, ...]) -> None:
        self.id = ident
        self.owner = owner
        self.suit = suit
        self.pattern = pattern
        self.cards = cards  # entries: cards, or DECLARED + card for Jokers

    def __reduce__(self) -> tuple[type[Meld], tuple[int, int, int, int, tuple[int, ...]]]:
        return Meld, (self.id, self.owner, self.suit, self.pattern, self.cards)

    def words(self) -> str:
        """The meld as the rulebook names one: ``3-5-7 of Hearts``."""
        return meld_words(self.cards, self.suit)

    def copy(self) -> Meld:
        return Meld(self.id, self.owner, self.suit, self.pattern, self.cards)

    def next_value(self, end: str) -> int:
        """The value a card must have to extend the meld at ``end`` (front or back)."""
        if end == "back":
            return step(value_of(self.cards[-1]), self.pattern)
        return step(value_of(self.cards[0]), -self.pattern)

    def __repr__(self) -> str:
        from vita.games.pursuit_cards.cards import names

        return f"Meld(m{self.id}, seat {self.owner}, {names(self.cards)})"
