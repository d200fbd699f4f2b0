"""The card game's options (a pydantic model: what a table or a simulation may choose)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from vita.games.pursuit_cards.cards import PASSES


class CardsOptions(BaseModel):
    """``players`` 2-5; ``names``; ``dealer`` (default: the last seat, so seat 0 starts);
    ``passes``: times through the stock, 1 or 2 with 3 players (the rulebook's choice),
    otherwise fixed (2 players: 1, 4: 2, 5: 3)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: Annotated[int, Field(ge=2, le=5)] = 2
    names: list[str] | None = None
    dealer: Annotated[int, Field(ge=0)] | None = None
    passes: Annotated[int, Field(ge=1, le=3)] | None = None

    @model_validator(mode="after")
    def _check(self) -> CardsOptions:
        if self.names is not None and len(self.names) != self.players:
            raise ValueError(f"give {self.players} names, one per player")
        if self.dealer is not None and self.dealer >= self.players:
            raise ValueError("dealer must be a seat number below the number of players")
        three_twice = self.players == 3 and self.passes == 2
        if self.passes is not None and self.passes != PASSES[self.players] and not three_twice:
            raise ValueError(f"with {self.players} players the stock is gone through "
                                 f"{PASSES[self.players]} time(s) (3 players may choose 2)")
        return self

    def seat_names(self) -> list[str]:
        return list(self.names) if self.names else [f"Player {i + 1}" for i in range(self.players)]
