"""The position's schema: the pydantic models a position's JSON is checked against (in a module
of its own, which stays interpreted in a compiled build)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from vita.games.cv.cards import (
    CARD_COUNT,
)
from vita.games.cv.steps import (
    MAX_BUYS,
    MAX_DICE,
    TRACK_SIZE,
)

NonNegative = Annotated[int, Field(ge=0)]


Small = NonNegative  # the rules set no upper bound on a count


CardNo = Annotated[int, Field(ge=1, le=CARD_COUNT)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Symbols(_Model):
    health: Small = 0
    relationship: Small = 0
    knowledge: Small = 0
    money: Small = 0
    good_luck: Small = 0
    bad_luck: Small = 0
    any: Small = 0


class Icons(Symbols):
    die: Small = 0
    reroll: Small = 0


class Stacks(_Model):
    health: list[CardNo] = []
    relationship: list[CardNo] = []
    knowledge: list[CardNo] = []
    work: list[CardNo] = []
    possession: list[CardNo] = []


class PlayerModel(_Model):
    name: Annotated[str, Field(max_length=100)]
    cv: Stacks = Stacks()
    hand: list[CardNo] = []
    goal: CardNo
    tokens: Icons = Icons()
    retired: bool = False
    draft: list[CardNo] = []
    kept: list[CardNo] = []
    chosen: bool = False


class Decks(_Model):
    early: list[CardNo] = []
    middle: list[CardNo] = []
    old: list[CardNo] = []


class Bought(_Model):
    card: CardNo
    type: str


class Placing(_Model):
    seat: NonNegative
    card: CardNo
    type: str | None = None


class PositionModel(_Model):
    game: str = "cv"
    cards: Annotated[str, Field(max_length=1000)] | None = None
    deck: Annotated[str, Field(max_length=64)] | None = None  # the card data's fingerprint
    step: str
    round: NonNegative = 1
    turn: NonNegative = 0
    starter: NonNegative = 0
    track: Annotated[list[CardNo], Field(max_length=TRACK_SIZE)]
    decks: Decks
    goal_deck: list[CardNo] = []
    public_goals: list[CardNo]
    set_aside: list[CardNo] = []
    box: list[CardNo] = []
    dice: Annotated[list[str], Field(max_length=MAX_DICE)] = []
    rerolls: Small = 0
    used: list[str] = []
    pool: Symbols = Symbols()
    event_pool: Symbols = Symbols()
    bad_spent: Small = 0
    bought: Annotated[list[Bought], Field(max_length=MAX_BUYS)] = []
    misfortunes: Small = 0
    placing: list[Placing] = []
    assist: list[NonNegative] = []
    refilling: bool = False
    rng: NonNegative = 0
    ply: NonNegative = 0
    players: Annotated[list[PlayerModel], Field(min_length=2, max_length=4)]
