"""The position's schema: the pydantic models a position's JSON is checked against (in a module
of its own, which stays interpreted in a compiled build)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

NonNegative = Annotated[int, Field(ge=0)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HoldingModel(_Model):
    card: str
    level: Annotated[int, Field(ge=0, le=5)] = 1
    hourglasses: NonNegative = 0


class ResourcesModel(_Model):
    knowledge: NonNegative = 0
    creativity: NonNegative = 0
    influence: NonNegative = 0
    money: NonNegative = 0


class HourglassesModel(_Model):
    hand: NonNegative = 0
    total: NonNegative = 0
    overtime: NonNegative = 0
    spent: NonNegative = 0
    health_bonus: NonNegative = 0


class PlayerModel(_Model):
    name: str
    alive: bool = True
    died: int | None = None
    rounds_lived: NonNegative = 0
    resources: ResourcesModel = ResourcesModel()
    stress: int = 0
    sth: int = 0
    lth: NonNegative = 0
    hourglasses: HourglassesModel = HourglassesModel()
    trait: str | None = None
    offer: list[str] = []
    projects: list[HoldingModel] = []
    items: list[HoldingModel] = []
    job: str | None = None
    retired: str | None = None
    partners: list[HoldingModel] = []
    completed: list[str] = []
    gathered: NonNegative = 0
    due: list[str] = []
    popularity: NonNegative = 0  # Community expansion: the space of the Popularity track
    bought: NonNegative = 0
    outcomes: NonNegative = 0


class MarkerModel(_Model):
    seat: NonNegative
    hourglass: bool = False


class CommunityModel(_Model):
    """The Community expansion's board: 5 slots (a card id or null), the markers on each."""

    slots: Annotated[list[str | None], Field(min_length=5, max_length=5)]
    markers: Annotated[list[list[MarkerModel]], Field(min_length=5, max_length=5)]
    pile: list[str] = []
    discard: list[str] = []


class RowsModel(_Model):
    projects: list[str] = []
    items: list[str] = []
    jobs: list[str] = []
    partners: list[str] = []


class BoxModel(_Model):
    life_goals: list[str] = []
    traits: list[str] = []


class PositionModel(_Model):
    game: str = "pursuit"
    deck: str = ""
    cards: str | None = None
    expansion: Literal["community"] | None = None
    community: CommunityModel | None = None
    shopping: bool = False
    round: Annotated[int, Field(ge=0)]
    phase: str
    first: NonNegative
    current: NonNegative
    solo: bool = False
    closed: list[str] = []
    rows: RowsModel
    piles: RowsModel
    discards: RowsModel
    spaces: dict[str, list[NonNegative]]
    groups: dict[str, list[int | None]] = {}
    life_goals: list[str]
    box: BoxModel
    rng: NonNegative
    ply: NonNegative = 0
    results: list[dict[str, int]] | None = None
    players: Annotated[list[PlayerModel], Field(min_length=1, max_length=5)]
