"""The deck files of The Pursuit of Happiness: their schema (pydantic models) and the checks
of a deck directory against the rulebook's constraints, every problem named with its file,
card and field. :mod:`.cards` compiles what they hold into the tables the rules use; the
models live here, apart, because a compiled build leaves pydantic models interpreted.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError, model_validator

from vita.core.datafile import FileModel, Source, check_printed, load_yaml
from vita.core.datafile import problems as validation_problems
from vita.core.errors import DataError
from vita.core.wording import slug

COMMUNITY = "community"  # the Community expansion's subdirectory of a deck directory

Count = Annotated[int, Field(ge=0, le=99)]


class Cost(FileModel):
    knowledge: Count = 0
    creativity: Count = 0
    influence: Count = 0
    money: Count = 0
    hourglass: Count = 0


class Reward(FileModel):
    knowledge: Count = 0
    creativity: Count = 0
    influence: Count = 0
    money: Count = 0
    sth: Annotated[int, Field(ge=-9, le=9)] = 0
    lth: Count = 0
    relax: Count = 0
    good_health: Count = 0


class Holdings(FileModel):
    """A requirement: resources a player must have (not pay)."""

    knowledge: Count = 0
    creativity: Count = 0
    influence: Count = 0
    money: Count = 0


class Upkeep(FileModel):
    cost: Cost
    reward: Reward = Reward()


class _Card(FileModel):
    id: Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
    source: Source = "designed"
    printed: tuple[str, ...] = ()  # a mixed card's printed values, as paths (vita.core.datafile)
    note: str = ""

    @model_validator(mode="after")
    def _printed(self) -> _Card:
        check_printed(self, self.source, self.printed)
        return self


class Level(FileModel):
    name: str
    cost: Cost = Cost()
    reward: Reward = Reward()


class ProjectCard(_Card):
    name: str
    kind: Literal["basic", "single-round", "group"]
    category: Literal["A", "B", "C", "H", "P", "S", "T"]
    levels: list[Level] = []
    roles: list[Level] = []
    additional: list[Reward] = []

    @model_validator(mode="after")
    def _shape(self) -> ProjectCard:
        if self.kind == "group":
            if len(self.roles) != 4 or len(self.additional) != 4 or self.levels:
                raise ValueError("a group project has 4 roles, 4 additional rewards and no levels")
        elif len(self.levels) != 4 or self.roles or self.additional:
            raise ValueError(f"a {self.kind} project has 4 levels and no roles")
        for step in (*self.levels, *self.roles):
            if step.cost.money:
                raise ValueError(f"{step.name}: project costs are paid in knowledge, creativity, influence")
        return self


class ItemLevel(Level):
    upkeep: Upkeep | None = None


class ItemCard(_Card):
    name: str
    kind: Literal["item", "activity"]
    levels: list[ItemLevel]

    @model_validator(mode="after")
    def _shape(self) -> ItemCard:
        if not 2 <= len(self.levels) <= 4:
            raise ValueError("an item or activity has 2 to 4 levels")
        if self.kind == "activity" and any(level.upkeep for level in self.levels):
            raise ValueError("activities have no upkeep cost")
        return self


class CostReward(FileModel):
    cost: Cost = Cost()
    reward: Reward = Reward()


class JobCard(_Card):
    names: Annotated[list[str], Field(min_length=2, max_length=2)]
    type: Literal["science", "art", "social"]
    level: Annotated[int, Field(ge=1, le=3)]
    hire: CostReward
    upkeep: Upkeep
    promotion: CostReward | None = None
    retirement: CostReward | None = None

    @model_validator(mode="after")
    def _shape(self) -> JobCard:
        if (self.level < 3) != (self.promotion is not None):
            raise ValueError("level 1 and 2 jobs have a promotion, level 3 jobs do not")
        if (self.level == 3) != (self.retirement is not None):
            raise ValueError("level 3 jobs have a retirement, level 1 and 2 jobs do not")
        return self


class PartnerLevel(FileModel):
    name: str
    requires: Holdings = Holdings()
    reward: Reward = Reward()


class PartnerCard(_Card):
    names: Annotated[list[str], Field(min_length=2, max_length=2)]
    levels: Annotated[list[PartnerLevel], Field(min_length=2, max_length=5)]
    upkeep: Upkeep
    upkeep_from_level: Annotated[int, Field(ge=1, le=5)] = 2


Measure = Literal[
    "knowledge",
    "creativity",
    "influence",
    "money",
    "lowest-resource",
    "completed-projects",
    "items-activities",
    "job-level",
    "popularity",  # Community expansion: the Popularity score
    "community-outcomes",  # Community expansion: Outcomes of Community cards chosen
    "partner-level",
    "rounds-lived",
    "lth",
]


class GoalRule(FileModel):
    measure: Measure
    at_least: Annotated[int, Field(ge=0)] = 1
    text: str


class LifeGoalCard(_Card):
    name: str
    bonus: Annotated[int, Field(ge=0)]
    goal: GoalRule
    solo: GoalRule


Trigger = Literal[
    "study",
    "play",
    "interact",
    "temp-job",
    "upkeep",
    "start-relationship",
    "get-job",
    "job-upkeep",
    "complete-project",
]


class BonusAbility(FileModel):
    kind: Literal["bonus"]
    trigger: Trigger
    reward: Reward


class ExchangeOption(FileModel):
    id: Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
    cost: Cost
    reward: Reward


class ExchangeAbility(FileModel):
    kind: Literal["exchange"]
    options: Annotated[list[ExchangeOption], Field(min_length=1)]


class RestAbility(FileModel):
    kind: Literal["rest"]
    extra_spaces: Annotated[int, Field(ge=1, le=3)]


class SpendDiscountAbility(FileModel):
    kind: Literal["spend-discount"]
    money: Annotated[int, Field(ge=1, le=3)]


Ability = Annotated[
    BonusAbility | ExchangeAbility | RestAbility | SpendDiscountAbility,
    Field(discriminator="kind"),
]


class ChildTraitCard(_Card):
    name: str
    start: Reward
    ability: Ability
    text: str


class StressSection(FileModel):
    name: str
    spaces: Annotated[int, Field(ge=1)]
    hourglasses: int
    start: bool = False


class RoundSpec(FileModel):
    name: str
    stage: Literal["teen", "adult", "old-age"]
    stress: Annotated[int, Field(ge=0)] = 0


class Board(FileModel):
    source_note: str = ""
    hourglasses: Annotated[int, Field(ge=1)]
    hourglass_markers: Annotated[int, Field(ge=1)]
    basic_actions: dict[Literal["study", "play", "interact", "temp-job"], Reward]
    rest_spaces: Annotated[int, Field(ge=1)]
    overtime_hourglasses: Annotated[int, Field(ge=1)]
    overtime_stress: Annotated[int, Field(ge=0)]
    slots: Annotated[int, Field(ge=1)]
    sth_min: Annotated[int, Field(le=-1)]
    sth_max: Annotated[int, Field(ge=1)]
    stress_track: list[StressSection]
    rounds: list[RoundSpec]
    row_sizes: dict[int, Annotated[int, Field(ge=1)]]
    inheritance_per: Annotated[int, Field(ge=1)]
    solo_goals: Annotated[int, Field(ge=1)]
    solo_lth_to_win: Annotated[int, Field(ge=0)]

    @model_validator(mode="after")
    def _shape(self) -> Board:
        starts = [s for s in self.stress_track if s.start]
        if len(starts) != 1:
            raise ValueError("exactly one stress section is the start section")
        if starts[0].hourglasses != 0:
            raise ValueError("the central (start) stress section changes no hourglasses")
        if not self.rounds or self.rounds[0].stage != "teen":
            raise ValueError("the first round is the Teen round")
        return self


FILES: dict[str, tuple[str, type[FileModel]]] = {
    "projects": ("projects.yaml", ProjectCard),
    "items": ("items.yaml", ItemCard),
    "jobs": ("jobs.yaml", JobCard),
    "partners": ("partners.yaml", PartnerCard),
    "life_goals": ("life_goals.yaml", LifeGoalCard),
    "child_traits": ("child_traits.yaml", ChildTraitCard),
}


def _read_yaml(path: Path) -> Any:
    return load_yaml(path)


def _problems(shown: str, label: str, error: ValidationError) -> list[str]:
    return validation_problems(error, f"{shown}: {label}: ", "(card)", limit=1000)


def validate_directory(
    directory: str | Path, expansion: str | None = None
) -> tuple[dict[str, list[Any]], Board | None, list[str]]:
    """Parse every file; return the cards, the board and every problem found.

    With ``expansion="community"`` the expansion's added cards (the files of the same names
    in ``community/``, each optional) are appended to the main game's.
    """
    root = Path(directory)
    problems: list[str] = []
    cards: dict[str, list[Any]] = {}
    labels: dict[str, list[str]] = {}  # where each card was given: "file: card N"
    for key, (filename, model) in FILES.items():
        cards[key] = _parse_file(root, filename, model, problems)
        labels[key] = [f"{filename}: card {n}" for n in range(1, len(cards[key]) + 1)]
        if expansion and (root / COMMUNITY / filename).exists():
            added = _parse_file(root, f"{COMMUNITY}/{filename}", model, problems)
            cards[key] += added
            labels[key] += [f"{COMMUNITY}/{filename}: card {n}" for n in range(1, len(added) + 1)]
    board: Board | None = None
    try:
        board = Board.model_validate(_read_yaml(root / "board.yaml"))
    except DataError as error:
        problems.append(str(error))
    except ValidationError as error:
        problems.extend(_problems("board.yaml", "board", error))
    problems += _cross_checks(cards, labels, board)
    return cards, board, problems


def _parse_file(root: Path, shown: str, model: type[FileModel], problems: list[str]) -> list[Any]:
    """The cards of the file ``shown`` (a path relative to ``root``); problems are added."""
    path = root / shown
    try:
        raw = _read_yaml(path)
    except DataError as error:
        problems.append(str(error))
        return []
    if not isinstance(raw, list):
        problems.append(f"{shown}: expected a list of cards, not {type(raw).__name__}")
        return []
    parsed = []
    for position, item in enumerate(raw, start=1):
        label = f"card {position}"
        if isinstance(item, dict) and "id" in item:
            label = f"card {position} ({item['id']})"
        try:
            parsed.append(model.model_validate(item))
        except ValidationError as error:
            problems.extend(_problems(shown, label, error))
    return parsed


def _cross_checks(cards: dict[str, list[Any]], labels: dict[str, list[str]], board: Board | None) -> list[str]:
    problems = []
    seen: dict[str, str] = {}  # id → where it was first given

    def place(key: str, position: int, card: Any) -> str:
        return f"{labels[key][position - 1]} ({card.id})"

    for key in ("projects", "items", "jobs", "partners"):
        for position, card in enumerate(cards[key], start=1):
            aliases = [card.id] + [slug(n) for n in getattr(card, "names", [])[1:]]
            for alias in aliases:
                here = place(key, position, card)
                if alias in seen:
                    problems.append(f"{here}: id: {alias!r} is already the id of {seen[alias]}")
                else:
                    seen[alias] = here
    for key in ("life_goals", "child_traits"):
        first: dict[str, str] = {}
        for position, card in enumerate(cards[key], start=1):
            here = place(key, position, card)
            if card.id in first:
                problems.append(f"{here}: id: {card.id!r} is already the id of {first[card.id]}")
            else:
                first[card.id] = here
    jobs = cards["jobs"]
    for job_type in {job.type for job in jobs}:
        levels = {job.level for job in jobs if job.type == job_type}
        if levels != {1, 2, 3}:
            problems.append(f"jobs.yaml: type: {job_type} needs levels 1, 2 and 3 (has {sorted(levels)})")
    if board is not None:
        if len(cards["life_goals"]) < max(board.solo_goals, 5):
            problems.append("life_goals.yaml: not enough life goals for 5 players or the solo game")
        if len(cards["child_traits"]) < 10:
            problems.append("child_traits.yaml: 2 traits are dealt to each of up to 5 players: at least 10")
        for players in range(1, 6):
            if players not in board.row_sizes:
                problems.append(f"board.yaml: row_sizes has no entry for {players} player(s)")
    return problems
