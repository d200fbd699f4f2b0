"""The position's schema: the pydantic models a position's JSON is checked against (in a module
of its own, which stays interpreted in a compiled build)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

NonNegative = Annotated[int, Field(ge=0)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MeldModel(_Model):
    id: Annotated[int, Field(ge=1)]
    owner: NonNegative
    cards: list[str]
    pattern: Annotated[int, Field(ge=1, le=9)] | None = None  # needed only while a meld is being captured


class PlayerModel(_Model):
    name: str
    hand: list[str]
    happiness: NonNegative = 0


class AttackModel(_Model):
    meld: int
    target: int
    defender: NonNegative
    power: NonNegative
    defence: NonNegative = 0
    used_clubs: list[int] = []
    capture_left: NonNegative = 0
    remnant: list[str] = []


class PositionModel(_Model):
    game: str = "pursuit-cards"
    dealer: NonNegative
    turn: NonNegative
    step: str
    stock: list[str]
    discard: list[str]
    temp: list[str] = []
    available: NonNegative = 0
    passes: Annotated[int, Field(ge=1)]
    pass_no: Annotated[int, Field(ge=1)] = 1
    final: bool = False
    melded: bool = False
    activated: list[int] = []
    pending: list[str] = []
    diamond_owed: NonNegative = 0
    attack: AttackModel | None = None
    melds: list[MeldModel] = []
    next_meld: Annotated[int, Field(ge=1)] = 1
    rng: NonNegative
    ply: NonNegative = 0
    players: Annotated[list[PlayerModel], Field(min_length=2, max_length=5)]
