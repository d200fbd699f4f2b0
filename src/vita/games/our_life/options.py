"""Our Life's options (a pydantic model: what a table or a simulation may choose)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator


class OurLifeOptions(BaseModel):
    """``players`` 1-8; ``couples``: how many of them play as couples (seats 0-1, 2-3, ...; the
    rest are singles); ``names``: one per seat; ``cards``: a directory of sheets and cards
    (default: the built-in ones); ``story``: the Story variant (invitations in the log)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: Annotated[int, Field(ge=1, le=8)] = 2
    couples: Annotated[int, Field(ge=0, le=4)] = 0
    names: list[Annotated[str, Field(min_length=1, max_length=40)]] | None = None
    cards: str | None = None
    story: bool = False

    @model_validator(mode="after")
    def _check(self) -> OurLifeOptions:
        if 2 * self.couples > self.players:
            raise ValueError(f"{self.couples} couples need at least {2 * self.couples} players")
        if self.names is not None and len(self.names) != self.players:
            raise ValueError(f"give {self.players} names, one per player")
        return self

    def seat_names(self) -> list[str]:
        return list(self.names) if self.names else [f"Player {i + 1}" for i in range(self.players)]
