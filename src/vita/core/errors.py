"""The engine's error types.

Every refusal of a player's action, whether the text is malformed or the move
breaks a rule, is an :class:`IllegalAction` whose message says why. Applying an
illegal action never changes the state.
"""


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


class IllegalAction(ValueError):
    """An action that is malformed or not allowed by the rules right now."""


class DataError(ValueError):
    """A card or board data file that does not satisfy its schema."""


class PositionError(ValueError):
    """A saved position (state JSON) that is malformed or inconsistent."""
