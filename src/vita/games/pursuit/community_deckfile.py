"""The Community expansion's data file, ``community/community.yaml``: its schema (pydantic
models) and checks. Each card is checked (three Outcomes, amounts within bounds, a special
rule only where the rulebook has one), then against the rulebook's constraints (the first 3
spaces after the start score 1, scores up to 5, enough cards to fill 5 slots), so that a
mistake names its file, card and field. :mod:`.community_cards` compiles it into the tables
the rules use.

Amounts are mappings of ``knowledge``, ``creativity``, ``influence``, ``money``, ``sth``,
``lth``, ``relax``, ``popularity`` and ``stress``; costs of the four resources only (STH never
changes a Community cost: "STH affects only the costs on Projects").
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, ValidationError, model_validator

from vita.core.datafile import FileModel, check_printed, load_yaml
from vita.core.datafile import problems as validation_problems
from vita.core.errors import DataError

FILE = "community.yaml"
SLOTS = 5  # "the Community board": five slots, filled from the pile
MAX_POPULARITY = 5
Count = Annotated[int, Field(ge=0, le=20)]
Requirement = Literal["job", "partner", "no-partner"]
Measure = Literal["knowledge", "creativity", "influence", "money", "popularity"]


class CommunityCost(FileModel):
    knowledge: Count = 0
    creativity: Count = 0
    influence: Count = 0
    money: Count = 0


class CommunityReward(CommunityCost):
    sth: Annotated[int, Field(ge=-3, le=3)] = 0
    lth: Count = 0
    relax: Count = 0
    popularity: Count = 0
    stress: Count = 0


class EngageModel(FileModel):
    name: Annotated[str, Field(min_length=1, max_length=40)]
    cost: CommunityCost = CommunityCost()
    requires: Requirement | None = None
    reward: CommunityReward = CommunityReward()


class OutcomeModel(FileModel):
    name: Annotated[str, Field(min_length=1, max_length=40)]
    cost: CommunityCost = CommunityCost()
    reward: CommunityReward = CommunityReward()
    most: Measure | None = None  # the reward needs the most of this among all players (ties too)
    per_item: bool = False  # the reward is given once per Item bought this round
    special: Literal["blind-date"] | None = None  # a Partner at the Relationship level, no rewards

    @model_validator(mode="after")
    def _shape(self) -> OutcomeModel:
        if self.special and (self.reward != CommunityReward() or self.cost != CommunityCost() or self.most):
            raise ValueError("the Blind Date outcome has no cost and no other reward")
        return self


class CommunityCardModel(FileModel):
    id: Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=60)]
    name: Annotated[str, Field(min_length=1, max_length=60)]
    multiple: bool  # the Multiple Players indicator
    special: Literal["black-friday"] | None = None
    engage: EngageModel
    outcomes: Annotated[list[OutcomeModel], Field(min_length=3, max_length=3)]
    source: Literal["rulebook", "designed", "mixed"] = "designed"
    printed: tuple[str, ...] = ()  # a mixed card's printed values, as paths (vita.core.datafile)
    note: str = ""

    @model_validator(mode="after")
    def _shape(self) -> CommunityCardModel:
        check_printed(self, self.source, self.printed)
        if any(o.per_item for o in self.outcomes) and self.special != "black-friday":
            raise ValueError("only a Black Friday card counts the Items bought (per_item)")
        return self


class PopularityModel(FileModel):
    scores: Annotated[list[Annotated[int, Field(ge=0, le=MAX_POPULARITY)]], Field(min_length=5, max_length=40)]
    source: Literal["rulebook", "designed", "mixed"] = "designed"
    printed: tuple[str, ...] = ()  # the printed scores, as paths (scores.0 …)
    note: str = ""

    @model_validator(mode="after")
    def _shape(self) -> PopularityModel:
        check_printed(self, self.source, self.printed)
        scores = self.scores
        if scores[:4] != [0, 1, 1, 1]:
            raise ValueError("the track starts at 0, and the first 3 spaces after the start score 1")
        if any(b - a not in (0, 1) for a, b in pairwise(scores)) or scores[-1] != MAX_POPULARITY:
            raise ValueError(f"scores rise by at most 1 a space, up to {MAX_POPULARITY}")
        return self


class CommunityFile(FileModel):
    solo_lth_to_win: Annotated[int, Field(ge=0, le=500)]
    popularity: PopularityModel
    cards: Annotated[list[CommunityCardModel], Field(min_length=2 * SLOTS)]


def validate(directory: str | Path) -> tuple[CommunityFile | None, list[str]]:
    """The community data of ``directory`` and every problem found (empty: it loads)."""
    try:
        raw = load_yaml(Path(directory) / FILE)
    except DataError as error:
        return None, [str(error)]
    try:
        model = CommunityFile.model_validate(raw)
    except ValidationError as error:
        return None, _by_card(error, raw)
    ids = [card.id for card in model.cards]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    return model, [f"{FILE}: the card id {i!r} is given twice" for i in twice]


def _by_card(error: ValidationError, raw: object) -> list[str]:
    """Each problem, a card's named as the main deck files name theirs: ``card N (id)`` and
    the field within it."""
    cards = raw.get("cards") if isinstance(raw, dict) else None
    lines = []
    for line, problem in zip(validation_problems(error, f"{FILE}: "), error.errors(), strict=False):
        where = problem["loc"]
        if len(where) < 2 or where[0] != "cards" or not isinstance(where[1], int):
            lines.append(line)
            continue
        index = where[1]
        item = cards[index] if isinstance(cards, list) and index < len(cards) else None
        label = f"card {index + 1}" + (f" ({item['id']})" if isinstance(item, dict) and "id" in item else "")
        field = ".".join(str(part) for part in where[2:]) or "(card)"
        lines.append(f"{FILE}: {label}: {field}: {problem['msg']}")
    return lines
