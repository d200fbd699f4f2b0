"""Words for the log and the screens, shared by every game."""

from __future__ import annotations

import re


def count(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and the noun, singular for exactly one (and minus one).

    >>> count(1, "hourglass", "hourglasses"), count(3, "role"), count(0, "card")
    ('1 hourglass', '3 roles', '0 cards')
    """
    return f"{number} {noun if abs(number) == 1 else plural or noun + 's'}"


def slug(name: str) -> str:
    """``'Act in Play'`` → ``'act-in-play'``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
