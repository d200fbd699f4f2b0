"""Our Life's sheets and decks: loading a data directory, and the tables the rules use.

A data directory holds ``sheets.yaml`` (the Character and Family sheets, the stress track,
the Digital Persona and Opportunities tracks, the stress die, the solo table) and
``cards.yaml`` (the eight decks); the package's own is in ``data/``. Each entry is checked
against its schema (:mod:`.deckfile`), then the whole against the rulebook's constraints
(enough goal cards for eight players, every row an action marks, ...), so a mistake names
its file, entry and field. Loaded data is compiled once into immutable tables (:class:`Book`) shared by every state.

Action symbols are numbered as :data:`SYMBOLS`; ``luck`` (Good Luck) is wild.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from vita.core.datafile import DECKS, load_yaml, names_of
from vita.core.errors import DataError
from vita.games.our_life.deckfile import BonusModel, CardsModel, RowModel, SheetsModel, parse_file

DATA_DIR: Final = Path(__file__).parent / "data"
BUILT_IN: Final = names_of(DATA_DIR)
FILES: Final = ("sheets.yaml", "cards.yaml")

SYMBOLS: Final = ("health", "knowledge", "money", "relationship", "time", "like", "luck")
HEALTH: Final = 0
KNOWLEDGE: Final = 1
MONEY: Final = 2
RELATIONSHIP: Final = 3
TIME: Final = 4
LIKE: Final = 5
LUCK: Final = 6
ROW_ACTIONS: Final = (*SYMBOLS[:6], "vacation", "child")  # what marks a row
VACATION: Final = 6
CHILD: Final = 7
CATEGORIES: Final = ("health", "knowledge", "social", "leisure")  # the Character sheet's, then Opportunities




# -- compiled tables ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bonus:
    couple: bool
    happiness: int = 0
    joy: int = 0
    balance: int | None = None
    like: int = 0
    relax: int = 0
    opportunity: int = 0
    stress: int = 0
    post: bool = False
    actions: tuple[int, ...] = ()

    def describe(self) -> str:
        parts = [f"{value} {name}" for name, value in (
            ("Happiness", self.happiness), ("Joy", self.joy), ("Like", self.like),
            ("Relaxation", self.relax), ("Opportunity", self.opportunity), ("Stress", self.stress)) if value]
        if self.balance is not None:
            parts.append(f"Balance {self.balance}")
        if self.post:
            parts.append("Post a Story")
        parts += [f"a {SYMBOLS[a]} action" for a in self.actions]
        text = ", ".join(parts) or "nothing"
        return f"{text} (couple)" if self.couple else text


def _bonus(model: BonusModel | None) -> Bonus | None:
    if model is None:
        return None
    return Bonus(model.kind == "couple", model.happiness, model.joy, model.balance, model.like, model.relax,
                 model.opportunity, model.stress, model.post, tuple(SYMBOLS.index(a) for a in model.actions))


@dataclass(frozen=True, slots=True)
class Row:
    index: int
    family: bool  # on the Family sheet (shared by a couple) or the Character sheet
    id: str
    name: str
    category: int  # CATEGORIES index; -1 on the Family sheet
    action: int  # ROW_ACTIONS index
    size: int
    section_ends: tuple[int, ...]  # marks at which each section is finished
    score_at: tuple[int, ...]  # points with k marks: the rightmost icon reached
    bonuses: tuple[Bonus | None, ...]  # per section
    romance_bonuses: tuple[Bonus | None, ...]  # per section (the Romance row)
    opportunities: tuple[int, ...]  # per square (index = marks - 1): the symbol paying it, or -1
    source: str
    note: str


def _row(index: int, family: bool, model: RowModel) -> Row:
    size = sum(model.sections)
    ends, total = [], 0
    for length in model.sections:
        total += length
        ends.append(total)
    score, best = [], 0
    for marks in range(size + 1):
        best = model.points.get(marks, best)
        score.append(best)
    opportunities = tuple(SYMBOLS.index(model.opportunities[k]) if k in model.opportunities else -1
                          for k in range(1, size + 1))
    return Row(index, family, model.id, model.name, CATEGORIES.index(model.category) if model.category else -1,
               ROW_ACTIONS.index(model.action), size, tuple(ends), tuple(score),
               tuple(_bonus(b) for b in model.bonuses) or (None,) * len(ends),
               tuple(_bonus(b) for b in model.romance_bonuses), opportunities, model.source, model.note)


@dataclass(frozen=True, slots=True)
class ActionCard:
    id: int
    title: str
    actions: tuple[int, ...]
    relax: int
    stress: int
    opportunity: int


@dataclass(frozen=True, slots=True)
class Background:
    id: int
    title: str
    row: int  # a Character row
    action: int


@dataclass(frozen=True, slots=True)
class PersonalGoal:
    id: int
    title: str
    counts: tuple[str, ...]
    thresholds: tuple[tuple[int, int], ...]
    source: str
    note: str

    def joy(self, marks: int) -> int:
        """The Joy for ``marks``: the highest threshold reached.

        >>> PersonalGoal(201, "Doctor", ("education",), ((3, 2), (8, 5)), "", "").joy(5)
        2
        """
        best = 0
        for needed, joy in self.thresholds:
            if marks >= needed:
                best = joy
        return best


@dataclass(frozen=True, slots=True)
class SharedGoal:
    id: int
    title: str
    targets: tuple[tuple[Row, int], ...]  # (row, sections to finish)
    penalty: int
    source: str
    note: str


@dataclass(frozen=True, slots=True)
class ChildCard:
    id: int
    title: str
    action: int
    squares: int
    bonus: Bonus
    penalty: int
    couple: bool  # from the Couples Children deck


@dataclass(frozen=True, slots=True)
class Story:
    id: int
    title: str
    bonus: Bonus


@dataclass(frozen=True, slots=True)
class VacationCard:
    id: int
    title: str
    bonuses: tuple[Bonus, Bonus]


@dataclass(frozen=True, slots=True)
class Book:
    """Everything printed on the sheets and cards, compiled (shared by every state)."""

    character: tuple[Row, ...]
    family: tuple[Row, ...]
    rows: dict[str, Row]  # both sheets by id
    columns: tuple[tuple[tuple[int, ...], dict[int, Bonus]], ...]  # (Character rows, bonus per column)
    persona_length: int  # squares in both rows
    persona_bonuses: dict[int, Bonus]
    opportunity_points: tuple[int, ...]
    stress_green: int
    stress_white: int
    stress_size: int
    stress_start: int
    section_change: int
    relaxed_joy: int
    stressed_joy: int
    happiness_floor: int
    rounds: int
    goal_rounds: tuple[int, ...]
    stress_die: tuple[int, ...]
    display: int
    solo: tuple[tuple[int | None, str], ...]
    actions: dict[int, ActionCard]
    background: dict[int, Background]
    personal_goals: dict[int, PersonalGoal]
    shared_goals: dict[int, SharedGoal]
    children: dict[int, ChildCard]
    children_single: tuple[int, ...]
    children_couple: tuple[int, ...]
    stories: dict[int, Story]
    vacations: dict[int, VacationCard]
    invitations: dict[str, str]
    fingerprint: str
    directory: str

    def row(self, row_id: str) -> Row:
        return self.rows[row_id]

    def rows_for(self, action: int) -> tuple[Row, ...]:
        """The rows an action marks (Character rows first)."""
        return tuple(r for r in (*self.character, *self.family) if r.action == action)

    def title(self, card: int) -> str:
        for table in (self.actions, self.background, self.personal_goals, self.shared_goals, self.children,
                      self.stories, self.vacations):
            if card in table:
                return table[card].title
        return f"card {card}"

    def solo_result(self, score: float) -> str:
        for minimum, result in self.solo:
            if minimum is None or score >= minimum:
                return result
        return self.solo[-1][1]

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as where it was loaded from (the package's own deck as such, wherever the
        package is installed): loaded there again, where it must be the same deck (its
        fingerprint), so that a state travels to another process without its tables."""
        own = self.directory in BUILT_IN
        return _reloaded, (None if own else self.directory, self.fingerprint)


def _reloaded(directory: str | None, fingerprint: str) -> Book:
    """Pickled sheets and decks, loaded again (:meth:`Book.__reduce__`)."""
    book = load_book(directory)
    if book.fingerprint != fingerprint:
        raise DataError(f"{book.directory}: not the data this game was played with (its files changed)")
    return book


# -- loading ------------------------------------------------------------------------------------


def validate_directory(directory: str | Path) -> tuple[SheetsModel | None, CardsModel | None, list[str]]:
    """The sheets and cards of a data directory, and every problem found (empty: good data)."""
    root = Path(directory)
    loaded: dict[str, Any] = {}
    problems: list[str] = []
    for file in FILES:
        try:
            loaded[file] = load_yaml(root / file)
        except DataError as error:
            problems.append(str(error))
            loaded[file] = None
    sheets, sheet_problems = parse_file("sheets.yaml", loaded["sheets.yaml"], SheetsModel)
    cards, card_problems = parse_file("cards.yaml", loaded["cards.yaml"], CardsModel)
    problems += sheet_problems + card_problems
    if sheets is not None and cards is not None:
        problems += _cross_checks(sheets, cards)
    return sheets, cards, problems


def _cross_checks(sheets: SheetsModel, cards: CardsModel) -> list[str]:
    """The rulebook's constraints across the files."""
    problems = []
    character = {r.id: r for r in sheets.character}
    family = {r.id: r for r in sheets.family}
    if set(character) & set(family) or len(character) != len(sheets.character) or len(family) != len(sheets.family):
        problems.append("sheets.yaml: every row has its own id")
    if any(r.action in ("vacation", "child") or r.category is None for r in sheets.character):
        problems.append("sheets.yaml: a Character row has a category and is marked by an action")
    if any(r.category is not None or r.opportunities or r.romance_bonuses for r in sheets.family):
        problems.append("sheets.yaml: a Family row has no category, opportunities or Romance bonuses")
    for needed in ("romance", "vacation", "children"):
        if needed not in character and needed not in family:
            problems.append(f"sheets.yaml: the {needed} row is missing")
    for group in sheets.columns:
        if any(r not in character for r in group.rows):
            problems.append("sheets.yaml: columns name Character rows only")
    everything = {*character, *family, "likes", "opportunities"}
    ids: list[int] = []
    for deck in ("actions", "background", "personal_goals", "shared_goals", "children_single", "children_couple",
                 "stories", "vacations"):
        ids += [c.id for c in getattr(cards, deck)]
    if len(ids) != len(set(ids)):
        problems.append("cards.yaml: every card has its own id")
    for card in cards.background:
        if card.row not in character:
            problems.append(f"cards.yaml: background {card.id}: {card.row!r} is no Character row")
    for goal in cards.personal_goals:
        problems += [f"cards.yaml: personal goal {goal.id}: no row {c!r}" for c in goal.counts if c not in everything]
    for shared in cards.shared_goals:
        for target in shared.targets:
            row = character.get(target.row) or family.get(target.row)
            if row is None or target.sections > len(row.sections):
                problems.append(f"cards.yaml: shared goal {shared.id}: no row {target.row!r} with "
                                f"{target.sections} sections")
    stress = sheets.stress
    if stress.start > stress.green:
        problems.append("sheets.yaml: the stress marks at the start lie in the green section")
    return problems


def _fingerprint(root: Path) -> str:
    digest = hashlib.sha256()
    for file in FILES:
        digest.update(file.encode() + b"\0" + (root / file).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def load_book(directory: str | Path | None = None) -> Book:
    """The sheets and decks in ``directory`` (default: the built-in ones); :class:`DataError`
    listing the problems otherwise."""
    return _load(str(Path(directory).resolve()) if directory else str(DATA_DIR))  # built-in: no file-system call


@lru_cache(maxsize=DECKS)
def _load(directory: str) -> Book:
    sheets, cards, problems = validate_directory(directory)
    if problems or sheets is None or cards is None:
        raise DataError(f"{len(problems)} problem(s) in the Our Life data {directory}:\n  " + "\n  ".join(problems))
    character = tuple(_row(i, False, m) for i, m in enumerate(sheets.character))
    family = tuple(_row(i, True, m) for i, m in enumerate(sheets.family))
    rows = {r.id: r for r in (*character, *family)}
    index = {r.id: r.index for r in character}
    columns = tuple((tuple(index[r] for r in g.rows), {k: _bonus(b) for k, b in g.bonuses.items()})
                    for g in sheets.columns)
    stress = sheets.stress
    children = {c.id: ChildCard(c.id, c.title, SYMBOLS.index(c.action), c.squares, _bonus(c.bonus),  # type: ignore[arg-type]
                                c.penalty, couple) for couple, deck in ((False, cards.children_single),
                                                             (True, cards.children_couple)) for c in deck}
    return Book(
        character=character,
        family=family,
        rows=rows,
        columns=columns,  # type: ignore[arg-type]
        persona_length=2 * sheets.persona.row_length,
        persona_bonuses={k: _bonus(b) for k, b in sheets.persona.bonuses.items()},  # type: ignore[misc]
        opportunity_points=tuple(sheets.opportunities.points),
        stress_green=stress.green,
        stress_white=stress.white,
        stress_size=stress.green + stress.white + stress.red,
        stress_start=stress.start,
        section_change=stress.section_change,
        relaxed_joy=stress.relaxed_joy,
        stressed_joy=stress.stressed_joy,
        happiness_floor=sheets.happiness.floor,
        rounds=sheets.happiness.rounds,
        goal_rounds=tuple(sheets.happiness.goal_rounds),
        stress_die=tuple(sheets.stress_die),
        display=sheets.display,
        solo=tuple((s.min, s.result) for s in sheets.solo),
        actions={c.id: ActionCard(c.id, c.title, tuple(SYMBOLS.index(a) for a in c.actions), c.relax, c.stress,
                                  c.opportunity) for c in cards.actions},
        background={c.id: Background(c.id, c.title, index[c.row], SYMBOLS.index(c.action))
                    for c in cards.background},
        personal_goals={g.id: PersonalGoal(g.id, g.title, tuple(g.counts), tuple(g.thresholds), g.source, g.note)
                        for g in cards.personal_goals},
        shared_goals={g.id: SharedGoal(g.id, g.title, tuple((rows[t.row], t.sections) for t in g.targets),
                                       g.penalty, g.source, g.note) for g in cards.shared_goals},
        children=children,
        children_single=tuple(c.id for c in cards.children_single),
        children_couple=tuple(c.id for c in cards.children_couple),
        stories={s.id: Story(s.id, s.title, _bonus(s.bonus)) for s in cards.stories},  # type: ignore[arg-type]
        vacations={v.id: VacationCard(v.id, v.title, (_bonus(v.bonuses[0]), _bonus(v.bonuses[1])))  # type: ignore[arg-type]
                   for v in cards.vacations},
        invitations=dict(cards.invitations),
        fingerprint=_fingerprint(Path(directory)),
        directory=directory,
    )


def check_directory(directory: str | Path) -> list[str]:
    """Every problem in a data directory (empty: it loads)."""
    return validate_directory(directory)[2]
