"""CV's cards: the data schema, loading a deck directory, and the tables the rules use.

A deck is a directory holding ``cards.yaml`` (the 75 childhood and age cards) and
``goals.yaml`` (the 8 life goals); the package's own is in ``data/``. Each card is checked
with pydantic, then against the rulebook's constraints (83 numbered cards, deck sizes 12,
26, 20, 17 and 8, the Bicycle in childhood), so a mistake names its file, card and field.
Loaded data is compiled once into immutable tables (:class:`Deck`) shared by every state.

Symbols are numbered: :data:`SYMBOLS` (the faces of a die, then ``any``), then the icons
that are no symbols to pay with: an extra die and an extra throw. Card types are numbered
as :data:`TYPES`; the first five are the CV's stacks.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from vita.core.datafile import DECKS, check_printed, load_yaml
from vita.core.datafile import problems as validation_problems
from vita.core.errors import DataError

DATA_DIR = Path(__file__).parent / "data"

# Symbols: the six die faces ("What a die shows" in docs/games/cv.md), then a wild token.
HEALTH, RELATIONSHIP, KNOWLEDGE, MONEY, GOOD_LUCK, BAD_LUCK, ANY = range(7)
SYMBOLS = ("health", "relationship", "knowledge", "money", "good_luck", "bad_luck", "any")
PLAIN = (HEALTH, RELATIONSHIP, KNOWLEDGE, MONEY)  # what "any", Magician and Trip may give
FACES = 6
DIE, REROLL = 7, 8  # effect icons that are no symbols
EFFECTS = (*SYMBOLS, "die", "reroll")
COSTS = 6  # a cost is a count of each of the six face symbols

# Card types: the five stacks of a CV, then events (held in hand).
TYPES = ("health", "relationship", "knowledge", "work", "possession", "event")
T_HEALTH, T_RELATIONSHIP, T_KNOWLEDGE, WORK, POSSESSION, EVENT = range(6)
STACKS = 5
FREE_PLACING = (T_HEALTH, T_RELATIONSHIP, T_KNOWLEDGE)  # "on top or under any card of the stack"

AGES = ("childhood", "early", "middle", "old")
CHILDHOOD, EARLY, MIDDLE, OLD = range(4)
DECK_SIZES = {"childhood": 12, "early": 26, "middle": 20, "old": 17, "goals": 8}
CARD_COUNT = 83
BICYCLE_ABILITY = "starting-player"

Count = Annotated[int, Field(ge=0, le=9)]
Source = Literal["rulebook", "designed", "mixed"]
Ability = Literal["starting-player", "magician", "friend-from-work", "trip-around-the-world", "psychotherapy"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CostModel(_Strict):
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


class RequiresModel(_Strict):
    min_work: Count = 0
    max_work: Count | None = None


class CardModel(_Strict):
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


class GoalModel(_Strict):
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


@dataclass(frozen=True, slots=True)
class Card:
    """One childhood or age card, compiled: symbol counts as tuples indexed as the module says."""

    number: int
    title: str
    age: int
    types: tuple[int, ...]
    cost: tuple[int, ...]  # COSTS counts: health, relationship, knowledge, money, good luck, bad luck
    min_work: int
    max_work: int  # -1: no limit
    effect: tuple[int, ...]  # len(EFFECTS) counts
    paid: tuple[int, ...] | None
    points: int
    ability: str
    when: str
    old_age_only: bool
    no_more_work: bool
    doubles: bool
    source: str
    note: str
    effect_items: tuple[tuple[int, int], ...] = ()  # the effect's non-zero (index, count) pairs
    cost_items: tuple[tuple[int, int], ...] = ()  # the cost's non-zero plain (symbol, count) pairs
    paid_items: tuple[tuple[int, int], ...] = ()  # the same for the red-slash cost
    plain_take: bool = False  # one colour, no requirement: only Early retirement can refuse it

    @property
    def is_event(self) -> bool:
        return self.types[0] == EVENT


@dataclass(frozen=True, slots=True)
class Goal:
    number: int
    title: str
    per_set: tuple[int, ...]  # required count per stack type (health … possession), 0: not part
    per_token: bool
    points: int
    source: str
    note: str

    def score(self, counts: list[int], tokens: int) -> int:
        """The points this goal gives a CV with ``counts`` cards per stack and ``tokens`` tokens."""
        if self.per_token:
            return self.points * tokens
        sets = min(counts[t] // need for t, need in enumerate(self.per_set) if need)
        return self.points * sets


@dataclass(frozen=True, slots=True)
class Deck:
    """Every card of a deck directory, by number (``cards[n]``; ``cards[0]`` is unused)."""

    cards: tuple[Card | None, ...]
    goals: dict[int, Goal]
    fingerprint: str
    directory: str

    def card(self, number: int) -> Card:
        if number > 0:
            try:
                card = self.cards[number]
            except IndexError:
                raise KeyError(number) from None
            if card is not None:
                return card
        raise KeyError(number)

    def by_age(self, age: int) -> list[int]:
        return [c.number for c in self.cards if c is not None and c.age == age]

    def bicycle(self) -> int:
        return next(c.number for c in self.cards if c is not None and c.ability == BICYCLE_ABILITY)

    def title(self, number: int) -> str:
        if number in self.goals:
            return self.goals[number].title
        return self.card(number).title


# -- loading ------------------------------------------------------------------------------------


def _problems(file: str, items: Any, model: type[BaseModel]) -> tuple[list[Any], list[str]]:
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


def validate_directory(directory: str | Path) -> tuple[list[CardModel], list[GoalModel], list[str]]:
    """The cards and goals of a deck directory, and every problem found (empty: a good deck)."""
    root = Path(directory)
    problems: list[str] = []
    loaded: dict[str, Any] = {}
    for file in ("cards.yaml", "goals.yaml"):
        try:
            loaded[file] = load_yaml(root / file)
        except DataError as error:
            problems.append(str(error))
            loaded[file] = []
    cards, card_problems = _problems("cards.yaml", loaded["cards.yaml"], CardModel)
    goals, goal_problems = _problems("goals.yaml", loaded["goals.yaml"], GoalModel)
    problems += card_problems + goal_problems
    if not problems:
        problems += _cross_checks(cards, goals)
    return cards, goals, problems


def _cross_checks(cards: list[CardModel], goals: list[GoalModel]) -> list[str]:
    """The rulebook's constraints on the whole deck."""
    problems = []
    numbers = sorted([c.number for c in cards] + [g.number for g in goals])
    if numbers != list(range(1, CARD_COUNT + 1)):
        twice = sorted({n for n in numbers if numbers.count(n) > 1})
        missing = sorted(set(range(1, CARD_COUNT + 1)) - set(numbers))
        problems.append(f"the cards are numbered 1-{CARD_COUNT}, each once"
                        + (f"; given twice: {twice}" if twice else "")
                        + (f"; missing: {missing[:10]}" if missing else ""))
    for age in AGES:
        count = sum(1 for c in cards if c.deck == age)
        if count != DECK_SIZES[age]:
            problems.append(f"the {age} deck has {DECK_SIZES[age]} cards, not {count}")
    if len(goals) != DECK_SIZES["goals"]:
        problems.append(f"the life-goal deck has {DECK_SIZES['goals']} cards, not {len(goals)}")
    bicycles = [c for c in cards if c.ability == BICYCLE_ABILITY]
    if len(bicycles) != 1 or bicycles[0].deck != "childhood" or bicycles[0].types != ["possession"]:
        problems.append("exactly one card, a childhood possession, is the Bicycle (ability: starting-player)")
    return problems


def _compile_card(model: CardModel) -> Card:
    cost = model.cost
    effect = model.effect
    paid = model.paid
    return Card(
        number=model.number,
        title=model.title,
        age=AGES.index(model.deck),
        types=tuple(TYPES.index(t) for t in model.types),
        cost=(cost.health, cost.relationship, cost.knowledge, cost.money, 0, cost.bad_luck),
        min_work=model.requires.min_work,
        max_work=-1 if model.requires.max_work is None else model.requires.max_work,
        effect=tuple(getattr(effect, name) for name in EFFECTS),
        paid=None if paid is None else (paid.health, paid.relationship, paid.knowledge, paid.money, 0,
                                        paid.bad_luck),
        points=model.points,
        ability=model.ability or "",
        when=model.when or "",
        old_age_only=model.old_age_only,
        no_more_work=model.no_more_work,
        doubles=model.doubles,
        source=model.source,
        note=model.note,
        effect_items=tuple((i, getattr(effect, name)) for i, name in enumerate(EFFECTS) if getattr(effect, name)),
        cost_items=_plain_items(cost),
        paid_items=() if paid is None else _plain_items(paid),
        plain_take=len(model.types) == 1 and not model.requires.min_work and model.requires.max_work is None,
    )


def _plain_items(cost: CostModel) -> tuple[tuple[int, int], ...]:
    counts = (cost.health, cost.relationship, cost.knowledge, cost.money)
    return tuple((symbol, counts[symbol]) for symbol in PLAIN if counts[symbol])


def _compile_goal(model: GoalModel) -> Goal:
    stacks = TYPES[:STACKS]
    per_set = tuple(model.per_set.get(t, 0) for t in stacks)  # type: ignore[call-overload]
    return Goal(model.number, model.title, per_set, model.per_token, model.points, model.source, model.note)


def _fingerprint(root: Path) -> str:
    digest = hashlib.sha256()
    for file in ("cards.yaml", "goals.yaml"):
        digest.update(file.encode() + b"\0" + (root / file).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def load_deck(directory: str | Path | None = None) -> Deck:
    """The deck in ``directory`` (default: the built-in one); :class:`DataError` listing problems."""
    return _load(str(Path(directory or DATA_DIR).resolve()))


@lru_cache(maxsize=DECKS)
def _load(directory: str) -> Deck:
    cards, goals, problems = validate_directory(directory)
    if problems:
        raise DataError(f"{len(problems)} problem(s) in the CV deck {directory}:\n  " + "\n  ".join(problems))
    table: list[Card | None] = [None] * (CARD_COUNT - DECK_SIZES["goals"] + 1)
    for model in cards:
        table[model.number] = _compile_card(model)
    return Deck(tuple(table), {g.number: _compile_goal(g) for g in goals}, _fingerprint(Path(directory)), directory)


def check_directory(directory: str | Path) -> list[str]:
    """Every problem in a deck directory (empty: it loads)."""
    return validate_directory(directory)[2]
