"""The engine's error types.

Every refusal of a player's action, whether the text is malformed or the move
breaks a rule, is an :class:`IllegalAction` whose message says why. Applying an
illegal action never changes the state.
"""

from __future__ import annotations

QUOTE_LIMIT = 40


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` quoted for a message, cut to its first ``limit`` characters.

    A refusal names what it refuses, but never echoes a huge input back.

    >>> quoted("take 3")
    "'take 3'"
    >>> quoted("x" * 100, limit=5)
    "'xxxxx'… (100 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}… ({len(text)} characters)"


class Reason(str):
    """Why an action is refused: the message, with a stable ``code`` that survives rewording
    (conformance cases can expect the code; each game's doc lists its codes).

    >>> reason = Reason("not enough Influence", "not-enough-resources")
    >>> reason, reason.code
    ('not enough Influence', 'not-enough-resources')
    """

    code: str

    def __new__(cls, message: str, code: str = "illegal") -> Reason:
        made = super().__new__(cls, message)
        made.code = code
        return made


def reason_code(message: str) -> str:
    """The code of a refusal's message (``illegal`` for one given no code)."""
    return getattr(message, "code", "illegal")


class IllegalAction(ValueError):
    """An action that is malformed or not allowed by the rules right now.

    ``code`` is the stable reason code (``malformed`` for text that is no action at all).
    """

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code or reason_code(message)


class DataError(ValueError):
    """A card or board data file that does not satisfy its schema."""


class PositionError(ValueError):
    """A saved position (state JSON) that is malformed or inconsistent."""
