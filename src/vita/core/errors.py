"""The engine's error types.

Every refusal of a player's action, whether the text is malformed or the move
breaks a rule, is an :class:`IllegalAction` whose message says why. Applying an
illegal action never changes the state.
"""


class IllegalAction(ValueError):
    """An action that is malformed or not allowed by the rules right now."""


class DataError(ValueError):
    """A card or board data file that does not satisfy its schema."""


class PositionError(ValueError):
    """A saved position (state JSON) that is malformed or inconsistent."""
