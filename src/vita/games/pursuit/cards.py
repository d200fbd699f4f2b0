"""Card and board data of The Pursuit of Happiness: schema, loading, and the tables rules use.

A deck is a directory of YAML files (``projects.yaml``, ``items.yaml``,
``jobs.yaml``, ``partners.yaml``, ``life_goals.yaml``, ``child_traits.yaml``
and ``board.yaml``); the package's own is in ``data/``. The Community expansion adds
``community/community.yaml`` (:mod:`.community_cards`) and, optionally, files of the same
names in ``community/`` whose cards are shuffled into the main piles. Files are validated
with pydantic so that every problem is reported with its file, card and
field. Loaded data is compiled once into immutable tables (:class:`Deck`)
shared by every game state.

Amounts (costs, rewards, requirements) are mappings of these keys:
``knowledge``, ``creativity``, ``influence``, ``money`` (the four resources),
``hourglass`` (costs only), ``sth``, ``lth``, ``relax`` and ``good_health``
(rewards only).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from vita.core.datafile import DECKS, check_printed, load_yaml
from vita.core.datafile import problems as validation_problems
from vita.core.errors import DataError
from vita.core.wording import count
from vita.games.pursuit.community_cards import Community, load_community
from vita.games.pursuit.community_cards import validate as validate_community

DATA_DIR = Path(__file__).parent / "data"
COMMUNITY = "community"  # the Community expansion's subdirectory of a deck directory
EXPANSIONS = (COMMUNITY,)

RESOURCES = ("knowledge", "creativity", "influence", "money")
M = 3  # the index of money among the resources

Source = Literal["rulebook", "designed", "mixed"]
Count = Annotated[int, Field(ge=0, le=99)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Cost(_Strict):
    knowledge: Count = 0
    creativity: Count = 0
    influence: Count = 0
    money: Count = 0
    hourglass: Count = 0


class Reward(_Strict):
    knowledge: Count = 0
    creativity: Count = 0
    influence: Count = 0
    money: Count = 0
    sth: Annotated[int, Field(ge=-9, le=9)] = 0
    lth: Count = 0
    relax: Count = 0
    good_health: Count = 0


class Holdings(_Strict):
    """A requirement: resources a player must have (not pay)."""

    knowledge: Count = 0
    creativity: Count = 0
    influence: Count = 0
    money: Count = 0


class Upkeep(_Strict):
    cost: Cost
    reward: Reward = Reward()


class _Card(_Strict):
    id: Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
    source: Source = "designed"
    printed: tuple[str, ...] = ()  # a mixed card's printed values, as paths (vita.core.datafile)
    note: str = ""

    @model_validator(mode="after")
    def _printed(self) -> _Card:
        check_printed(self, self.source, self.printed)
        return self


class Level(_Strict):
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


class CostReward(_Strict):
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


class PartnerLevel(_Strict):
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


class GoalRule(_Strict):
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


class BonusAbility(_Strict):
    kind: Literal["bonus"]
    trigger: Trigger
    reward: Reward


class ExchangeOption(_Strict):
    id: Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
    cost: Cost
    reward: Reward


class ExchangeAbility(_Strict):
    kind: Literal["exchange"]
    options: Annotated[list[ExchangeOption], Field(min_length=1)]


class RestAbility(_Strict):
    kind: Literal["rest"]
    extra_spaces: Annotated[int, Field(ge=1, le=3)]


class SpendDiscountAbility(_Strict):
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


class StressSection(_Strict):
    name: str
    spaces: Annotated[int, Field(ge=1)]
    hourglasses: int
    start: bool = False


class RoundSpec(_Strict):
    name: str
    stage: Literal["teen", "adult", "old-age"]
    stress: Annotated[int, Field(ge=0)] = 0


class Board(_Strict):
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


FILES: dict[str, tuple[str, type[_Strict]]] = {
    "projects": ("projects.yaml", ProjectCard),
    "items": ("items.yaml", ItemCard),
    "jobs": ("jobs.yaml", JobCard),
    "partners": ("partners.yaml", PartnerCard),
    "life_goals": ("life_goals.yaml", LifeGoalCard),
    "child_traits": ("child_traits.yaml", ChildTraitCard),
}


# -- compiled tables ---------------------------------------------------------------

Vec = tuple[int, int, int, int]
"""Knowledge, creativity, influence, money."""


@dataclass(frozen=True, slots=True)
class Amount:
    """A cost or reward compiled for the rules: resources as a 4-tuple plus the rest."""

    res: Vec = (0, 0, 0, 0)
    hourglass: int = 0
    sth: int = 0
    lth: int = 0
    relax: int = 0
    good_health: int = 0

    @staticmethod
    def of(model: BaseModel) -> Amount:
        """From a validated cost, reward or requirement."""
        return Amount.of_dict(model.model_dump())

    @staticmethod
    def of_dict(values: dict[str, int]) -> Amount:
        """From a mapping such as ``{"knowledge": 2, "lth": 1}``."""
        return Amount(
            res=(values.get("knowledge", 0), values.get("creativity", 0),
                 values.get("influence", 0), values.get("money", 0)),
            hourglass=values.get("hourglass", 0), sth=values.get("sth", 0), lth=values.get("lth", 0),
            relax=values.get("relax", 0), good_health=values.get("good_health", 0),
        )

    def words(self) -> str:
        """Plain wording: ``1 Knowledge, 2 Creativity and 1 LTH``."""
        return _words(self)

    def _words(self) -> str:
        parts = [f"{n} {RESOURCES[i].capitalize()}" for i, n in enumerate(self.res[:3]) if n]
        if self.res[M]:
            parts.append(count(self.res[M], "coin"))
        if self.hourglass:
            parts.append(count(self.hourglass, "Hourglass", "Hourglasses"))
        if self.sth:
            parts.append(f"{self.sth} STH")
        if self.lth:
            parts.append(f"{self.lth} LTH")
        if self.relax:
            parts.append(f"{self.relax} Relax")
        if self.good_health:
            parts.append(f"{self.good_health} Good Health")
        if not parts:
            return "nothing"
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]

    def to_json(self) -> dict[str, int]:
        data = dict(zip(RESOURCES, self.res, strict=True))
        data.update(hourglass=self.hourglass, sth=self.sth, lth=self.lth,
                    relax=self.relax, good_health=self.good_health)
        return {key: value for key, value in data.items() if value}


NOTHING = Amount()


@cache
def _words(amount: Amount) -> str:
    return amount._words()


@dataclass(frozen=True, slots=True)
class Step:
    """A level of a project, item, activity or partner, or a role of a group project."""

    name: str
    cost: Amount
    reward: Amount
    upkeep_cost: Amount | None = None
    upkeep_reward: Amount = NOTHING
    requires: Vec = (0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class Card:
    """Any card, compiled. ``kind`` says which fields apply."""

    index: int
    id: str
    name: str
    kind: str  # basic | single-round | group | item | activity | job | partner
    row: int  # 0 projects, 1 items and activities, 2 jobs, 3 partners
    steps: tuple[Step, ...] = ()
    additional: tuple[Amount, ...] = ()
    names: tuple[str, ...] = ()
    job_type: str = ""
    job_level: int = 0
    hire: Step | None = None
    promotion: Step | None = None
    retirement: Step | None = None
    upkeep_cost: Amount | None = None
    upkeep_reward: Amount = NOTHING
    upkeep_from_level: int = 0
    source: str = "designed"


@dataclass(frozen=True, slots=True)
class StressTrack:
    """Stress positions are numbered from the start space (0); left is negative."""

    first: int
    last: int
    sections: tuple[tuple[str, int, int, int], ...]  # name, first position, last position, hourglasses
    # Per position from ``first``: its section's index and hourglasses (read every upkeep).
    _section: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _hourglasses: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        section = [index for index, (_, low, high, _) in enumerate(self.sections) for _ in range(low, high + 1)]
        object.__setattr__(self, "_section", tuple(section))
        object.__setattr__(self, "_hourglasses", tuple(self.sections[index][3] for index in section))

    def section_of(self, position: int) -> int:
        if not self.first <= position <= self.last:
            raise ValueError(f"stress position {position} is off the track")
        return self._section[position - self.first]

    def hourglasses_at(self, position: int) -> int:
        if not self.first <= position <= self.last:
            raise ValueError(f"stress position {position} is off the track")
        return self._hourglasses[position - self.first]

    def describe(self, position: int) -> str:
        name, low, _, _ = self.sections[self.section_of(position)]
        return f"{name} {position - low + 1}"


@dataclass(frozen=True, eq=False)
class Deck:
    """Every table a game needs, loaded once and shared by all states."""

    board: Board
    projects: tuple[Card, ...]
    items: tuple[Card, ...]
    jobs: tuple[Card, ...]
    partners: tuple[Card, ...]
    life_goals: tuple[LifeGoalCard, ...]
    traits: tuple[ChildTraitCard, ...]
    stress: StressTrack
    cards: tuple[Card, ...]  # projects, items, jobs, partners, by global index
    by_id: dict[str, int]  # every id and alias (second job or partner name) → card index
    goal_ids: dict[str, int]
    trait_ids: dict[str, int]
    fingerprint: str
    origin: str
    community: Community | None = None  # the Community expansion's track and deck, when in play

    def card(self, ident: str) -> Card:
        return self.cards[self.by_id[ident]]


def slug(name: str) -> str:
    """``'Act in Play'`` → ``'act-in-play'``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


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


def _parse_file(root: Path, shown: str, model: type[_Strict], problems: list[str]) -> list[Any]:
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


def _compile_card(index: int, model: Any) -> Card:
    if isinstance(model, ProjectCard):
        steps = model.roles if model.kind == "group" else model.levels
        return Card(
            index=index, id=model.id, name=model.name, kind=model.kind, row=0, source=model.source,
            steps=tuple(Step(s.name, Amount.of(s.cost), Amount.of(s.reward)) for s in steps),
            additional=tuple(Amount.of(r) for r in model.additional),
        )
    if isinstance(model, ItemCard):
        return Card(
            index=index, id=model.id, name=model.name, kind=model.kind, row=1, source=model.source,
            steps=tuple(
                Step(
                    s.name, Amount.of(s.cost), Amount.of(s.reward),
                    upkeep_cost=Amount.of(s.upkeep.cost) if s.upkeep else None,
                    upkeep_reward=Amount.of(s.upkeep.reward) if s.upkeep else NOTHING,
                )
                for s in model.levels
            ),
        )
    if isinstance(model, JobCard):
        def step(name: str, part: CostReward | None) -> Step | None:
            return None if part is None else Step(name, Amount.of(part.cost), Amount.of(part.reward))

        return Card(
            index=index, id=model.id, name=model.names[0], kind="job", row=2, source=model.source,
            names=tuple(model.names), job_type=model.type, job_level=model.level,
            hire=step("hire", model.hire), promotion=step("promotion", model.promotion),
            retirement=step("retirement", model.retirement),
            upkeep_cost=Amount.of(model.upkeep.cost), upkeep_reward=Amount.of(model.upkeep.reward),
        )
    assert isinstance(model, PartnerCard)
    return Card(
        index=index, id=model.id, name=model.names[0], kind="partner", row=3,
        source=model.source,
        names=tuple(model.names),
        steps=tuple(
            Step(s.name, Amount(), Amount.of(s.reward), requires=Amount.of(s.requires).res)
            for s in model.levels
        ),
        upkeep_cost=Amount.of(model.upkeep.cost), upkeep_reward=Amount.of(model.upkeep.reward),
        upkeep_from_level=model.upkeep_from_level,
    )


def _stress_track(board: Board) -> StressTrack:
    start_index = next(i for i, s in enumerate(board.stress_track) if s.start)
    position = -sum(s.spaces for s in board.stress_track[:start_index])
    sections = []
    for section in board.stress_track:
        sections.append((section.name, position, position + section.spaces - 1, section.hourglasses))
        position += section.spaces
    return StressTrack(first=sections[0][1], last=sections[-1][2], sections=tuple(sections))


def _fingerprint(root: Path, expansion: str | None) -> str:
    digest = hashlib.sha256()
    names = sorted([*(f for f, _ in FILES.values()), "board.yaml"])
    if expansion:
        names += [f"{COMMUNITY}/{name}" for name in sorted([*(f for f, _ in FILES.values()), "community.yaml"])
                  if (root / COMMUNITY / name).exists()]
    for filename in names:
        digest.update(filename.encode())
        digest.update((root / filename).read_bytes())
    return "sha256:" + digest.hexdigest()


def load_deck(directory: str | Path | None = None, expansion: str | None = None) -> Deck:
    """Load and compile a deck directory (the package's own by default), with an expansion."""
    if expansion is not None and expansion not in EXPANSIONS:
        raise DataError(f"there is no expansion {expansion!r} (expansions: {', '.join(EXPANSIONS)})")
    return _load(str(Path(directory).resolve()) if directory else str(DATA_DIR), expansion)


@lru_cache(maxsize=DECKS)
def _load(directory: str, expansion: str | None = None) -> Deck:
    root = Path(directory)
    parsed, board, problems = validate_directory(root, expansion)
    community = None
    if expansion:
        try:
            community = load_community(root / COMMUNITY)
        except DataError as error:
            problems.append(str(error))
    if problems or board is None:
        raise DataError(f"{root}: {len(problems)} problem(s):\n  " + "\n  ".join(problems))
    cards: list[Card] = []
    groups: dict[str, tuple[Card, ...]] = {}
    for key in ("projects", "items", "jobs", "partners"):
        start = len(cards)
        cards.extend(_compile_card(start + i, model) for i, model in enumerate(parsed[key]))
        groups[key] = tuple(cards[start:])
    by_id: dict[str, int] = {}
    for card in cards:
        by_id[card.id] = card.index
        for alias in card.names[1:]:
            by_id[slug(alias)] = card.index
    return Deck(
        board=board,
        projects=groups["projects"],
        items=groups["items"],
        jobs=groups["jobs"],
        partners=groups["partners"],
        life_goals=tuple(parsed["life_goals"]),
        traits=tuple(parsed["child_traits"]),
        stress=_stress_track(board),
        cards=tuple(cards),
        by_id=by_id,
        goal_ids={goal.id: i for i, goal in enumerate(parsed["life_goals"])},
        trait_ids={trait.id: i for i, trait in enumerate(parsed["child_traits"])},
        fingerprint=_fingerprint(root, expansion),
        origin=str(root),
        community=community,
    )


def check_directory(directory: str | Path) -> list[str]:
    """Every problem in a deck directory (empty when it is valid), its expansion included."""
    if not (Path(directory) / COMMUNITY).is_dir():
        return validate_directory(directory)[2]
    problems = validate_directory(directory, COMMUNITY)[2]
    return problems + [f"{COMMUNITY}/{problem}" for problem in validate_community(Path(directory) / COMMUNITY)[1]]
