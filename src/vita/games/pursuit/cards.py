"""Card and board data of The Pursuit of Happiness: loading, and the tables rules use.

A deck is a directory of YAML files (``projects.yaml``, ``items.yaml``,
``jobs.yaml``, ``partners.yaml``, ``life_goals.yaml``, ``child_traits.yaml``
and ``board.yaml``); the package's own is in ``data/``. The Community expansion adds
``community/community.yaml`` (:mod:`.community_cards`) and, optionally, files of the same
names in ``community/`` whose cards are shuffled into the main piles. Files are validated
against their schema (:mod:`.deckfile`) so that every problem is reported with its file,
card and field. Loaded data is compiled once into immutable tables (:class:`Deck`)
shared by every game state.

Amounts (costs, rewards, requirements) are mappings of these keys:
``knowledge``, ``creativity``, ``influence``, ``money`` (the four resources),
``hourglass`` (costs only), ``sth``, ``lth``, ``relax`` and ``good_health``
(rewards only).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Final

from vita.core.datafile import DECKS, names_of
from vita.core.errors import DataError
from vita.core.wording import count, slug
from vita.games.pursuit.community_cards import Community, load_community
from vita.games.pursuit.community_deckfile import validate as validate_community
from vita.games.pursuit.deckfile import (
    COMMUNITY,
    FILES,
    Board,
    ChildTraitCard,
    Cost,
    CostReward,
    Holdings,
    ItemCard,
    JobCard,
    LifeGoalCard,
    PartnerCard,
    ProjectCard,
    Reward,
    validate_directory,
)

DATA_DIR: Final = Path(__file__).parent / "data"
BUILT_IN: Final = names_of(DATA_DIR)
EXPANSIONS: Final = (COMMUNITY,)

RESOURCES: Final = ("knowledge", "creativity", "influence", "money")
M: Final = 3  # the index of money among the resources


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
    def of(model: Cost | Reward | Holdings) -> Amount:
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


NOTHING: Final = Amount()


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

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as where it was loaded from (the package's own deck as such, wherever the
        package is installed): loaded there again, where it must be the same deck (its
        fingerprint), so that a state travels to another process without its tables."""
        own = self.origin in BUILT_IN
        return _reloaded, (None if own else self.origin, COMMUNITY if self.community is not None else None,
                           self.fingerprint)


def _reloaded(directory: str | None, expansion: str | None, fingerprint: str) -> Deck:
    """A pickled deck, loaded again (:meth:`Deck.__reduce__`)."""
    deck = load_deck(directory, expansion)
    if deck.fingerprint != fingerprint:
        raise DataError(f"{deck.origin}: not the deck this game was played with (its files changed)")
    return deck


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
