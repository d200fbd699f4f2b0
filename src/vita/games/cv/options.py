"""CV's options (a pydantic model: what a table or a simulation may choose)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator


class CvOptions(BaseModel):
    """``players`` 2-4; ``names``: one per seat; ``cards``: a deck directory (default: the
    built-in deck)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: Annotated[int, Field(ge=2, le=4)] = 2
    names: list[str] | None = None
    cards: str | None = None

    @model_validator(mode="after")
    def _check(self) -> CvOptions:
        if self.names is not None and len(self.names) != self.players:
            raise ValueError(f"give {self.players} names, one per player")
        return self

    def seat_names(self) -> list[str]:
        return list(self.names) if self.names else [f"Player {i + 1}" for i in range(self.players)]
