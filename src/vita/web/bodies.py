"""What the JSON API's requests carry (pydantic models: a body with an unknown field, a
wrong type or an out-of-range value is one 422 with the reason) and how a seat's payload
goes out."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from vita.web.security import SEED_LIMIT

Token = Annotated[str, Field(min_length=1, max_length=100)]
Name = Annotated[str, Field(min_length=1, max_length=40)]
BotName = Annotated[str, Field(min_length=1, max_length=40)]


class Payload(JSONResponse):
    """A seat's payload, sent as it is: it is built by the server, so FastAPI need not
    validate it again on the way out (on the hot paths, that walk cost more than the rest)."""


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(_Body):
    kind: Annotated[str, Field(pattern="^(human|bot)$")] = "human"
    name: Name
    bot: BotName | None = None


class NewTableBody(_Body):
    game: Annotated[str, Field(max_length=64)]
    seats: Annotated[list[SeatSpec], Field(min_length=1, max_length=8)]
    options: dict[str, Any] = {}
    seed: Annotated[int, Field(ge=0, lt=SEED_LIMIT)] | None = None
    replacement_bot: BotName | None = None  # default: the game's heuristic, or random where it has none
    hints: bool = False
    # Seconds each seat has for a move (60 s to 30 days); null: no limit. Past it the
    # replacement bot plays that move (docs/web.md, "Time limits").
    move_limit: Annotated[int, Field(ge=60, le=30 * 86400)] | None = None


class Move(_Body):
    token: Token
    seq: Annotated[int, Field(ge=0)]
    action: Annotated[str, Field(min_length=1, max_length=400)]


class EmailBody(_Body):
    email: Annotated[str, Field(min_length=3, max_length=320)]


class HintBody(_Body):
    token: Token
    seq: Annotated[int, Field(ge=0)]


class TokenOnly(_Body):
    token: Token
    seq: Annotated[int, Field(ge=0)] | None = None


class HandToBot(_Body):
    owner_token: Token
    bot: BotName = "heuristic"


class OwnerOnly(_Body):
    owner_token: Token
