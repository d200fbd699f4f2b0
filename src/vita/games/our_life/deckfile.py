"""Our Life's data files, ``sheets.yaml`` and ``cards.yaml``: their schema (pydantic models),
each entry checked on its own, every problem named with its file, entry and field.
:mod:`.cards` checks the whole against the rulebook's constraints and compiles it into the
tables the rules use; the models live here, apart, because a compiled build leaves pydantic
models interpreted.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, ValidationError, model_validator

from vita.core.datafile import FileModel, Source, check_printed
from vita.core.datafile import problems as validation_problems

MAX_PLAYERS = 8
CardId = Annotated[int, Field(ge=1, le=999)]
Title = Annotated[str, Field(min_length=1, max_length=40)]
Count = Annotated[int, Field(ge=0, le=20)]
Symbol = Literal["health", "knowledge", "money", "relationship", "time", "like", "luck"]


class _Printed(FileModel):
    """An entry marked printed, designed or mixed: a mixed one lists its printed values."""

    @model_validator(mode="after")
    def _printed(self) -> _Printed:
        check_printed(self, getattr(self, "source", "designed"), getattr(self, "printed", ()))
        return self


class BonusModel(FileModel):
    kind: Literal["one_time", "couple"] = "one_time"
    happiness: Count = 0
    joy: Count = 0
    balance: Count | None = None
    like: Count = 0
    relax: Count = 0
    opportunity: Count = 0
    stress: Count = 0
    post: bool = False
    actions: list[Symbol] = []


class RowModel(_Printed):
    id: Annotated[str, Field(pattern=r"^[a-z]+$", max_length=20)]
    name: Annotated[str, Field(min_length=1, max_length=40)]
    category: Literal["health", "knowledge", "social", "leisure"] | None = None
    action: Literal["health", "knowledge", "money", "relationship", "time", "like", "vacation", "child"]
    sections: Annotated[list[Annotated[int, Field(ge=1, le=12)]], Field(min_length=1, max_length=8)]
    points: dict[Annotated[int, Field(ge=1, le=40)], Annotated[int, Field(ge=0, le=99)]] = {}
    bonuses: list[BonusModel | None] = []
    romance_bonuses: list[BonusModel | None] = []
    opportunities: dict[Annotated[int, Field(ge=1, le=40)], Symbol] = {}
    source: Source = "designed"
    printed: tuple[str, ...] = ()  # a mixed entry's printed values, as paths
    note: str = ""

    @model_validator(mode="after")
    def _shape(self) -> RowModel:
        size = sum(self.sections)
        if any(square > size for square in [*self.points, *self.opportunities]):
            raise ValueError(f"a points or opportunities square lies beyond the row's {size} squares")
        for name in ("bonuses", "romance_bonuses"):
            if len(getattr(self, name)) not in (0, len(self.sections)):
                raise ValueError(f"{name}: one per section ({len(self.sections)}), null for none")
        return self


class ColumnsModel(_Printed):
    rows: Annotated[list[str], Field(min_length=2)]
    bonuses: dict[Annotated[int, Field(ge=1, le=40)], BonusModel]
    source: Source = "designed"
    printed: tuple[str, ...] = ()  # a mixed entry's printed values, as paths
    note: str = ""


class PersonaModel(_Printed):
    row_length: Annotated[int, Field(ge=2, le=20)]
    bonuses: dict[Annotated[int, Field(ge=1, le=40)], BonusModel]
    source: Source = "designed"
    printed: tuple[str, ...] = ()  # a mixed entry's printed values, as paths


class OpportunitiesModel(_Printed):
    points: Annotated[list[Annotated[int, Field(ge=-99, le=99)]], Field(min_length=2, max_length=40)]
    source: Source = "designed"
    printed: tuple[str, ...] = ()  # a mixed entry's printed values, as paths


class StressModel(_Printed):
    green: Annotated[int, Field(ge=1, le=20)]
    white: Annotated[int, Field(ge=1, le=20)]
    red: Annotated[int, Field(ge=1, le=20)]
    start: Count
    section_change: Count
    relaxed_joy: Count
    stressed_joy: Count
    source: Source = "designed"
    printed: tuple[str, ...] = ()  # a mixed entry's printed values, as paths


class HappinessModel(FileModel):
    floor: Annotated[int, Field(ge=-20, le=0)]
    rounds: Annotated[int, Field(ge=1, le=20)]
    goal_rounds: list[Annotated[int, Field(ge=1, le=20)]]


class SoloModel(FileModel):
    min: int | None
    result: Annotated[str, Field(min_length=1, max_length=60)]


class SheetsModel(FileModel):
    character: Annotated[list[RowModel], Field(min_length=1, max_length=20)]
    columns: list[ColumnsModel] = []
    persona: PersonaModel
    opportunities: OpportunitiesModel
    family: Annotated[list[RowModel], Field(min_length=1, max_length=20)]
    stress: StressModel
    happiness: HappinessModel
    stress_die: Annotated[list[Annotated[int, Field(ge=0, le=3)]], Field(min_length=2, max_length=20)]
    display: Annotated[int, Field(ge=2, le=8)]
    solo: Annotated[list[SoloModel], Field(min_length=1)]


class ActionCardModel(FileModel):
    id: CardId
    title: Title
    actions: Annotated[list[Symbol], Field(max_length=6)]
    relax: Count = 0
    stress: Annotated[int, Field(ge=0, le=4)] = 0
    opportunity: Count = 0


class BackgroundModel(FileModel):
    id: CardId
    title: Title
    row: str
    action: Literal["health", "knowledge", "money", "relationship", "time"]


class PersonalGoalModel(_Printed):
    id: CardId
    title: Title
    counts: Annotated[list[str], Field(min_length=1)]
    thresholds: Annotated[list[tuple[Count, Count]], Field(min_length=1)]
    source: Source = "designed"
    printed: tuple[str, ...] = ()  # a mixed entry's printed values, as paths
    note: str = ""


class TargetModel(FileModel):
    row: str
    sections: Annotated[int, Field(ge=1, le=8)]


class SharedGoalModel(_Printed):
    id: CardId
    title: Title
    targets: Annotated[list[TargetModel], Field(min_length=1)]
    penalty: Count
    source: Source = "designed"
    printed: tuple[str, ...] = ()  # a mixed entry's printed values, as paths
    note: str = ""


class ChildModel(FileModel):
    id: CardId
    title: Title
    action: Literal["health", "knowledge", "money", "relationship", "time", "like"]
    squares: Annotated[int, Field(ge=1, le=10)]
    bonus: BonusModel
    penalty: Count


class StoryModel(FileModel):
    id: CardId
    title: Title
    bonus: BonusModel


class VacationModel(FileModel):
    id: CardId
    title: Title
    bonuses: Annotated[list[BonusModel], Field(min_length=2, max_length=2)]


class CardsModel(FileModel):
    actions: Annotated[list[ActionCardModel], Field(min_length=8)]
    background: Annotated[list[BackgroundModel], Field(min_length=MAX_PLAYERS)]
    personal_goals: Annotated[list[PersonalGoalModel], Field(min_length=2 * MAX_PLAYERS)]
    shared_goals: Annotated[list[SharedGoalModel], Field(min_length=2 * MAX_PLAYERS)]
    children_single: Annotated[list[ChildModel], Field(min_length=1)]
    children_couple: Annotated[list[ChildModel], Field(min_length=1)]
    stories: Annotated[list[StoryModel], Field(min_length=2)]
    vacations: Annotated[list[VacationModel], Field(min_length=1)]
    invitations: dict[str, Annotated[str, Field(max_length=200)]] = {}


def parse_file(file: str, data: Any, model: type[BaseModel]) -> tuple[Any, list[str]]:
    try:
        return model.model_validate(data), []
    except ValidationError as error:
        return None, validation_problems(error, f"{file}: ")
