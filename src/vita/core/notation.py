"""What every game's action parser shares: splitting a text into words, within bounds.

No action of any game is longer than a line, nor any of its words longer than a card id,
so a longer text is refused before a game looks at it: a refusal then never quotes a huge
input, and no rule's message can.
"""

from __future__ import annotations

from typing import Final

from vita.core.errors import IllegalAction, quoted

MAX_TEXT: Final = 400
MAX_WORD: Final = 64


def split_words(text: str) -> list[str]:
    """The words of an action's text; :class:`IllegalAction` if it is empty or too long.

    >>> split_words("  take-project  act-in-play ")
    ['take-project', 'act-in-play']
    """
    if len(text) > MAX_TEXT:
        raise IllegalAction(f"an action is at most {MAX_TEXT} characters; {quoted(text)} is longer", "malformed")
    words = text.split()
    if not words:
        raise IllegalAction("empty action", "malformed")
    for word in words:
        if len(word) > MAX_WORD:
            raise IllegalAction(f"no word of an action is longer than {MAX_WORD} characters: {quoted(word)}",
                                "malformed")
    return words
