"""The board game's options (a pydantic model: what a table or a simulation may choose)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class PursuitOptions(BaseModel):
    """``players``: 1 (solo) to 4, or 5 with an expansion; ``expansion``: ``community`` (the
    Community expansion) or none; ``names``: one per seat; ``first_player``: the oldest
    player's seat; ``cards``: a deck directory (default: the built-in deck)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: Annotated[int, Field(ge=1, le=5)] = 2
    expansion: Literal["community"] | None = None
    names: list[str] | None = None
    first_player: Annotated[int, Field(ge=0)] = 0
    cards: str | None = None

    @model_validator(mode="after")
    def _check(self) -> PursuitOptions:
        if self.players == 5 and self.expansion is None:
            raise ValueError("5 players need the Community expansion (expansion: community), "
                             "which has the 5th player's components")
        if self.names is not None and len(self.names) != self.players:
            raise ValueError(f"give {self.players} names, one per player")
        if self.first_player >= self.players:
            raise ValueError("first_player must be a seat number below the number of players")
        return self

    def seat_names(self) -> list[str]:
        return list(self.names) if self.names else [f"Player {i + 1}" for i in range(self.players)]
