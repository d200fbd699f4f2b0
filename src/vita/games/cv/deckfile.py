"""CV's deck files, ``cards.yaml`` and ``goals.yaml``: their schema (pydantic models), each
card checked on its own (its shape as the rulebook allows it), every problem named with its
file, card and field. :mod:`.cards` checks the deck as a whole against the rulebook's
constraints and compiles it into the tables the rules use; the models live here, apart,
because a compiled build leaves pydantic models interpreted.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, ValidationError, model_validator

from vita.core.datafile import FileModel, Source, check_printed
from vita.core.datafile import problems as validation_problems

Count = Annotated[int, Field(ge=0, le=9)]
Ability = Literal["starting-player", "magician", "friend-from-work", "trip-around-the-world", "psychotherapy"]


class CostModel(FileModel):
    health: Count = 0
    relationship: Count = 0
    knowledge: Count = 0
    money: Count = 0
    bad_luck: Count = 0


class EffectModel(CostModel):
    """A cost's symbols, and the icons only an effect shows."""

    good_luck: Count = 0
    any: Count = 0
    die: Count = 0
    reroll: Count = 0


class RequiresModel(FileModel):
    min_work: Count = 0
    max_work: Count | None = None


class CardModel(FileModel):
    number: Annotated[int, Field(ge=1, le=75)]
    title: Annotated[str, Field(min_length=1, max_length=60)]
    deck: Literal["childhood", "early", "middle", "old"]
    types: Annotated[list[Literal["health", "relationship", "knowledge", "work", "possession", "event"]],
                     Field(min_length=1, max_length=2)]
    cost: CostModel = CostModel()
    requires: RequiresModel = RequiresModel()
    effect: EffectModel = EffectModel()
    paid: CostModel | None = None
    points: Count = 0
    ability: Ability | None = None
    when: Literal["roll", "select", "misfortune"] | None = None
    old_age_only: bool = False
    no_more_work: bool = False
    doubles: bool = False
    source: Source = "designed"
    printed: tuple[str, ...] = ()  # a mixed card's printed values, as paths (vita.core.datafile)
    note: str = ""

    @model_validator(mode="after")
    def _shape(self) -> CardModel:
        check_printed(self, self.source, self.printed)
        event = "event" in self.types
        if event and len(self.types) > 1:
            raise ValueError("an event card has one colour")
        if len(set(self.types)) != len(self.types):
            raise ValueError("a two-coloured card has two different types")
        if event != (self.when is not None):
            raise ValueError("an event says when it is played (roll, select or misfortune), and only an event")
        if self.when == "roll" and (self.effect.die == 0 or _total(self.effect) != self.effect.die):
            raise ValueError("an event played during the rolls gives extra dice only")
        if self.when == "select" and (self.effect.good_luck or self.effect.bad_luck or self.effect.any
                                      or self.effect.die or self.effect.reroll or not _total(self.effect)):
            raise ValueError("an event played to buy gives health, relationship, knowledge or money")
        if self.when == "misfortune" and _total(self.effect):
            raise ValueError("an event played against misfortune gives no symbols")
        if self.old_age_only and not event:
            raise ValueError("only an event can be limited to old age")
        if event and (self.paid or self.points or self.ability or self.doubles or self.no_more_work):
            raise ValueError("an event has no paid cost, points, ability or doubling")
        if self.doubles and any(t not in ("health", "relationship", "knowledge") for t in self.types):
            raise ValueError("only health, relationship and knowledge cards are scored by the table")
        if self.points and "possession" not in self.types:
            raise ValueError("only a possession has victory points")
        if self.deck == "childhood" and (_total(self.cost) or self.requires != RequiresModel()):
            raise ValueError("childhood cards are drafted, never bought: no cost or requirement")
        return self


class GoalModel(FileModel):
    number: Annotated[int, Field(ge=76, le=83)]
    title: Annotated[str, Field(min_length=1, max_length=60)]
    per_set: dict[Literal["health", "relationship", "knowledge", "possession", "work"],
                  Annotated[int, Field(ge=1, le=9)]] = {}
    per_token: bool = False
    points: Annotated[int, Field(ge=1, le=20)]
    source: Source = "designed"
    printed: tuple[str, ...] = ()
    note: str = ""

    @model_validator(mode="after")
    def _shape(self) -> GoalModel:
        check_printed(self, self.source, self.printed)
        if bool(self.per_set) == self.per_token:
            raise ValueError("a goal scores either per set of cards (per_set) or per token (per_token: true)")
        return self


def _total(model: BaseModel) -> int:
    return sum(value for value in model.model_dump().values() if isinstance(value, int))


def parse_cards(file: str, items: Any, model: type[BaseModel]) -> tuple[list[Any], list[str]]:
    if not isinstance(items, list):
        return [], [f"{file}: expected a list of cards"]
    good, problems = [], []
    for index, item in enumerate(items):
        label = f"{file}: card {index + 1}"
        if isinstance(item, dict) and "number" in item:
            label += f" (number {str(item['number'])[:10]})"
        try:
            good.append(model.model_validate(item))
        except ValidationError as error:
            problems += validation_problems(error, f"{label}: ", "(card)")
    return good, problems
