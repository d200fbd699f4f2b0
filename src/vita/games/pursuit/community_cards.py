"""The Community expansion's data: the Popularity track and the Community deck (schema, loading).

The data is ``community/community.yaml`` beside the base game's deck files; the package's own
is in ``data/community/``. Each card is checked with pydantic (three Outcomes, amounts within
bounds, a special rule only where the rulebook has one), then against the rulebook's
constraints (the first 3 spaces after the start score 1, scores up to 5, enough cards to fill
5 slots), so that a mistake names its file, card and field.

Amounts are mappings of ``knowledge``, ``creativity``, ``influence``, ``money``, ``sth``,
``lth``, ``relax``, ``popularity`` and ``stress``; costs of the four resources only (STH never
changes a Community cost: "STH affects only the costs on Projects").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from vita.core.datafile import DECKS, check_printed, load_yaml
from vita.core.datafile import problems as validation_problems
from vita.core.errors import DataError

COMMUNITY_DIR = Path(__file__).parent / "data" / "community"
FILE = "community.yaml"
SLOTS = 5  # "the Community board": five slots, filled from the pile
MAX_POPULARITY = 5

Count = Annotated[int, Field(ge=0, le=20)]
Requirement = Literal["job", "partner", "no-partner"]
Measure = Literal["knowledge", "creativity", "influence", "money", "popularity"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CommunityCost(_Strict):
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


class EngageModel(_Strict):
    name: Annotated[str, Field(min_length=1, max_length=40)]
    cost: CommunityCost = CommunityCost()
    requires: Requirement | None = None
    reward: CommunityReward = CommunityReward()


class OutcomeModel(_Strict):
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


class CommunityCardModel(_Strict):
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


class PopularityModel(_Strict):
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


class CommunityFile(_Strict):
    solo_lth_to_win: Annotated[int, Field(ge=0, le=500)]
    popularity: PopularityModel
    cards: Annotated[list[CommunityCardModel], Field(min_length=2 * SLOTS)]


# -- compiled --------------------------------------------------------------------------------

Res = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Gain:
    res: Res = (0, 0, 0, 0)
    sth: int = 0
    lth: int = 0
    relax: int = 0
    popularity: int = 0
    stress: int = 0


def _res(model: CommunityCost) -> Res:
    return (model.knowledge, model.creativity, model.influence, model.money)


def _gain(model: CommunityReward) -> Gain:
    return Gain(_res(model), model.sth, model.lth, model.relax, model.popularity, model.stress)


@dataclass(frozen=True, slots=True)
class Outcome:
    name: str
    cost: Res
    reward: Gain
    most: str
    per_item: bool
    special: str


@dataclass(frozen=True, slots=True)
class CommunityCard:
    index: int
    id: str
    name: str
    multiple: bool
    special: str
    engage_name: str
    engage_cost: Res
    requires: str
    engage_reward: Gain
    outcomes: tuple[Outcome, Outcome, Outcome]
    needs_most: bool  # an outcome asks for "the most" (discarded and replaced in the solo game)
    source: str


@dataclass(frozen=True, slots=True)
class Community:
    popularity: tuple[int, ...]  # the score of each space of the track, the start first
    cards: tuple[CommunityCard, ...]
    by_id: dict[str, int]
    solo_lth_to_win: int


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


def load_community(directory: str | Path | None = None) -> Community:
    """The Popularity track and Community deck (default: the built-in ones)."""
    return _load(str(Path(directory or COMMUNITY_DIR).resolve()))


@lru_cache(maxsize=DECKS)
def _load(directory: str) -> Community:
    model, problems = validate(directory)
    if problems or model is None:
        raise DataError(f"{directory}: {len(problems)} problem(s):\n  " + "\n  ".join(problems))
    cards = []
    for index, card in enumerate(model.cards):
        outcomes = tuple(Outcome(o.name, _res(o.cost), _gain(o.reward), o.most or "", o.per_item, o.special or "")
                         for o in card.outcomes)
        cards.append(CommunityCard(
            index, card.id, card.name, card.multiple, card.special or "", card.engage.name,
            _res(card.engage.cost), card.engage.requires or "", _gain(card.engage.reward),
            outcomes, any(o.most for o in outcomes), card.source,  # type: ignore[arg-type]
        ))
    return Community(tuple(model.popularity.scores), tuple(cards), {c.id: c.index for c in cards},
                     model.solo_lth_to_win)
