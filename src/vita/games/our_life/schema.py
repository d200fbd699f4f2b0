"""The position's schema: the pydantic models a position's JSON is checked against (in a module
of its own, which stays interpreted in a compiled build)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

# Counts, card numbers and the move number have no upper bound in the rules (a deck file may
# hold any number of cards; a long game passes move 999), and scores may go below zero: only
# the limits the rules set are checked (players, couples, choices; the round against the
# sheets' number of rounds, which is data, in check_invariants).
Small = Annotated[int, Field(ge=0)]


Signed = int


Cards = list[Small]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ChartModel(_Model):
    happiness: Annotated[list[Signed], Field(max_length=20)] = []
    joy: Annotated[list[Signed], Field(max_length=20)] = []


class PlayerModel(_Model):
    name: Annotated[str, Field(max_length=40)]
    rows: dict[str, Small] = {}
    opportunities: dict[str, list[Small]] = {}
    opportunity_track: Small = 0
    persona: Small = 0
    likes: Small = 0
    personal_goal: Small = 0
    goal_options: Cards = []
    background: Small
    background_row: Annotated[str, Field(max_length=20)] = ""
    choice: Annotated[int, Field(ge=1, le=8)] | None = None
    actions: dict[str, Small] = {}
    extra: Annotated[list[str], Field(max_length=7)] = []
    done: bool = True


class FamilyModel(_Model):
    rows: dict[str, Small] = {}
    stress: Small = 0
    happiness: Signed = 0
    balance: Small = 0
    chart: ChartModel = ChartModel()
    children: list[tuple[Small, Small]] = []
    shared_goal: Small = 0
    shared_options: Cards = []
    half_child: Small | None = None


class PromptModel(_Model):
    kind: str
    seat: Small
    row: str = ""
    square: Small = 0
    cards: Cards = []
    card: Small = 0
    askers: Annotated[list[Small], Field(max_length=8)] = []
    likers: Small = 0


class PositionModel(_Model):
    game: str
    cards: str | None = None
    fingerprint: str | None = None
    couples: Annotated[int, Field(ge=0, le=4)] = 0
    story: bool = False
    step: str
    round: Annotated[int, Field(ge=1)]  # at most the sheets' rounds (10 printed): check_invariants
    display: Cards
    decks: dict[str, Cards]
    players: Annotated[list[PlayerModel], Field(min_length=1, max_length=8)]
    families: Annotated[list[FamilyModel], Field(min_length=1, max_length=8)]
    prompts: list[PromptModel] = []
    offers: Annotated[list[Small], Field(max_length=8)] = []
    rolls: Annotated[list[Annotated[list[Small], Field(min_length=1, max_length=9)]], Field(max_length=8)] = []
    rng: Annotated[int, Field(ge=0, lt=2**64)]
    ply: Small = 0
