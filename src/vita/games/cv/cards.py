"""CV's cards: loading a deck directory, and the tables the rules use.

A deck is a directory holding ``cards.yaml`` (the 75 childhood and age cards) and
``goals.yaml`` (the 8 life goals); the package's own is in ``data/``. Each card is checked
against its schema (:mod:`.deckfile`), then the deck against the rulebook's constraints (83
numbered cards, deck sizes 12, 26, 20, 17 and 8, the Bicycle in childhood), so a mistake
names its file, card and field.
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
from typing import Any, Final

from vita.core.datafile import DECKS, load_yaml, names_of
from vita.core.errors import DataError
from vita.games.cv.deckfile import CardModel, CostModel, GoalModel, parse_cards

DATA_DIR: Final = Path(__file__).parent / "data"
BUILT_IN: Final = names_of(DATA_DIR)

# Symbols: the six die faces ("What a die shows" in docs/games/cv.md), then a wild token.
HEALTH, RELATIONSHIP, KNOWLEDGE, MONEY, GOOD_LUCK, BAD_LUCK, ANY = range(7)
SYMBOLS = ("health", "relationship", "knowledge", "money", "good_luck", "bad_luck", "any")
PLAIN: Final = (HEALTH, RELATIONSHIP, KNOWLEDGE, MONEY)  # what "any", Magician and Trip may give
FACES = 6
DIE, REROLL = 7, 8  # effect icons that are no symbols
EFFECTS: Final = (*SYMBOLS, "die", "reroll")
COSTS = 6  # a cost is a count of each of the six face symbols

# Card types: the five stacks of a CV, then events (held in hand).
TYPES: Final = ("health", "relationship", "knowledge", "work", "possession", "event")
T_HEALTH, T_RELATIONSHIP, T_KNOWLEDGE, WORK, POSSESSION, EVENT = range(6)
STACKS: Final = 5
FREE_PLACING = (T_HEALTH, T_RELATIONSHIP, T_KNOWLEDGE)  # "on top or under any card of the stack"

AGES: Final = ("childhood", "early", "middle", "old")
CHILDHOOD, EARLY, MIDDLE, OLD = range(4)
DECK_SIZES: Final = {"childhood": 12, "early": 26, "middle": 20, "old": 17, "goals": 8}
CARD_COUNT: Final = 83
BICYCLE_ABILITY: Final = "starting-player"


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

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as where it was loaded from (the package's own deck as such, wherever the
        package is installed): loaded there again, where it must be the same deck (its
        fingerprint), so that a state travels to another process without its tables."""
        own = self.directory in BUILT_IN
        return _reloaded, (None if own else self.directory, self.fingerprint)


def _reloaded(directory: str | None, fingerprint: str) -> Deck:
    """A pickled deck, loaded again (:meth:`Deck.__reduce__`)."""
    deck = load_deck(directory)
    if deck.fingerprint != fingerprint:
        raise DataError(f"{deck.directory}: not the deck this game was played with (its files changed)")
    return deck


# -- loading ------------------------------------------------------------------------------------


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
    cards, card_problems = parse_cards("cards.yaml", loaded["cards.yaml"], CardModel)
    goals, goal_problems = parse_cards("goals.yaml", loaded["goals.yaml"], GoalModel)
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
    return _load(str(Path(directory).resolve()) if directory else str(DATA_DIR))  # built-in: no file-system call


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
