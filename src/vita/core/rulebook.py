"""Where each action comes from in the rulebook.

A game package may hold a ``rulebook.yaml``: for each kind of action (the first word of its
notation) the rulebook section it comes from and a short quote, word for word, from that
section; and how the game is won (``win``: a summary, the solo target, the rules quoted); and
the section for each thing drawn on the table (``things``: a track, a sheet's row, a pile).
Front ends show it beside an offered choice and with a refusal, so a player can
check a rule without leaving the table (the terminal's ``rules`` command lists them all).

.. code-block:: yaml

    source: pursuit-of-happiness-card-game-rules.txt
    actions:
      discard: {section: Discards, quote: "Every player must end his turn by discarding a card from his hand."}
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from vita.core.datafile import load_yaml, problems
from vita.core.errors import DataError

FILE = "rulebook.yaml"
Word = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9-]{0,39}$")]


class RuleReference(BaseModel):
    """One rule: the rulebook section's name and a short quote from it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    section: Annotated[str, Field(min_length=1, max_length=80)]
    quote: Annotated[str, Field(min_length=1, max_length=400)]
    source: Annotated[str, Field(min_length=1, max_length=120)] | None = None  # another rulebook (an expansion)

    def text(self) -> str:
        return f"{self.section}: \u201c{self.quote}\u201d"


class Winning(BaseModel):
    """How the game is won, always one look away at the table: a ``summary`` in the game's
    words that follows "To win: ", the ``solo`` (or co-op) target where the game has one, and
    the rules they come from (quoted word for word, as the actions' are)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    summary: Annotated[str, Field(min_length=1, max_length=200)]
    solo: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    rules: list[RuleReference] = []


class Rulebook(BaseModel):
    """A game's rule references, by kind of action."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    source: Annotated[str, Field(min_length=1, max_length=120)]
    actions: dict[Word, RuleReference]
    win: Winning | None = None
    # The things on the table a player may point at (a track, a sheet's row, a pile): the
    # section that explains each, for its tooltip.
    things: dict[Word, RuleReference] = {}

    def for_notation(self, notation: str) -> RuleReference | None:
        """The rule an action in notation comes from (by its first word), if it is known."""
        words = notation.split(maxsplit=1)
        return self.actions.get(words[0].lower()) if words else None


EMPTY = Rulebook(source="-", actions={})


@cache
def load_rulebook(package_dir: Path) -> Rulebook:
    """The ``rulebook.yaml`` of a game package (an empty one if it has none)."""
    path = package_dir / FILE
    if not path.exists():
        return EMPTY
    try:
        return Rulebook.model_validate(load_yaml(path))
    except ValidationError as error:
        raise DataError(f"{path.name}: " + "; ".join(problems(error, "", limit=20))) from None
