"""Balance targets: what ``vita tune`` aims at, measured on simulated games, with intervals.

Each target has a text form (``--target``), documented in docs/balance.md:

- ``first player win rate within P points``: the first player's win rate (each game's doc
  defines its first player; Our Life has none) within P percentage points of the even share 1/n;
- ``seat win rates within P points``: every seat's win rate within P points of 1/n;
- ``CATEGORY win rates within P points``: the win rate of every value of a category the games
  report (a child trait, a life goal, a CV goal, an Our Life background…) within P points of
  the win rate of all seats; values seen in fewer than :data:`MIN_GROUP` seat-games are left out;
- ``holders of CARD[; CARD…] win rate within P points``: the win rate of the seat-games that
  ended holding the card (or any card of the group) within P points of all seats' win rate;
- ``game length between A and B rounds`` (or ``actions``): the mean length inside [A, B].

A target may end with ``, weight W`` (default 1). Each target's *score* is 0 at its ideal and 1
at the edge of what it accepts, so a target is met when its score is at most 1, and several
targets add up as a weighted sum. Every measure is a ratio of sums over games, so its interval
comes from a bootstrap over the games (:func:`bootstrap`), and two decks played on the same
seeds compare by a paired bootstrap (the same resampled games for both).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from vita.sim import win_shares

MIN_GROUP = 30
"""A category's value seen in fewer seat-games than this is left out of its target (its win
rate would be mostly noise, and the largest distance would follow the rarest value)."""

RESAMPLES = 1000
"""Bootstrap resamples for an interval."""

Array = npt.NDArray[np.float64]

_WITHIN = r"within (?P<points>\d+(?:\.\d+)?) points?"
_WEIGHT = r"(?:\s*,\s*weight (?P<weight>\d+(?:\.\d+)?))?"
FORMS = {
    "first": re.compile(rf"^first player win rate {_WITHIN}{_WEIGHT}$"),
    "seats": re.compile(rf"^seat win rates {_WITHIN}{_WEIGHT}$"),
    "holders": re.compile(rf"^holders of (?P<cards>.+?) win rate {_WITHIN}{_WEIGHT}$"),
    "category": re.compile(rf"^(?P<category>[a-z][a-z ]*?) win rates {_WITHIN}{_WEIGHT}$"),
    "length": re.compile(r"^game length between (?P<low>\d+(?:\.\d+)?) and (?P<high>\d+(?:\.\d+)?) "
                         rf"(?P<unit>rounds|actions){_WEIGHT}$"),
}
ALIASES = {"child trait": "trait", "child traits": "trait", "life goal": "life goals", "cv goal": "goal",
           "cv goals": "goal", "goals": "goal", "backgrounds": "background", "shared goals": "shared goal",
           "traits": "trait"}
HELP = ("'first player win rate within P points', 'seat win rates within P points', "
        "'CATEGORY win rates within P points' (child trait, life goal, goal, background…), "
        "'holders of CARD win rate within P points', 'game length between A and B rounds' (or actions); "
        "each may end with ', weight W'")


@dataclass(frozen=True)
class Target:
    """One parsed target (see the module's notes)."""

    text: str
    kind: str  # first, seats, category, holders, length
    points: float = 0.0
    category: str = ""
    cards: tuple[str, ...] = ()
    low: float = 0.0
    high: float = 0.0
    unit: str = "rounds"
    weight: float = 1.0


def parse_target(text: str) -> Target:
    """A target from its text form; :class:`ValueError` naming the forms if it has none.

    >>> parse_target("first player win rate within 5 points").points
    5.0
    >>> parse_target("Child trait win rates within 4 points, weight 2")
    Target(text='child trait win rates within 4 points, weight 2', kind='category', points=4.0, category='trait', \
cards=(), low=0.0, high=0.0, unit='rounds', weight=2.0)
    """
    clean = " ".join(text.strip().split()).lower()
    for kind, form in FORMS.items():
        found = form.match(clean)
        if not found:
            continue
        parts = found.groupdict()
        weight = float(parts.get("weight") or 1.0)
        if weight <= 0:
            break
        if kind == "length":
            low, high = float(parts["low"]), float(parts["high"])
            if high <= low:
                raise ValueError(f"in {text[:80]!r} the length's lower bound must be below its upper bound")
            return Target(clean, kind, low=low, high=high, unit=parts["unit"], weight=weight)
        points = float(parts["points"])
        if points <= 0:
            raise ValueError(f"in {text[:80]!r} the points must be more than 0")
        if kind == "holders":
            cards = tuple(c.strip() for c in re.split(r";", parts["cards"]) if c.strip().strip('"'))
            return Target(clean, kind, points=points, cards=tuple(c.strip('"') for c in cards), weight=weight)
        if kind == "category":
            name = parts["category"].strip()
            return Target(clean, kind, points=points, category=ALIASES.get(name, name), weight=weight)
        return Target(clean, kind, points=points, weight=weight)
    raise ValueError(f"unknown target {text[:80]!r}: the targets tune knows are {HELP}")


@dataclass
class Games:
    """What the targets read of a batch of finished games, one row per game (numpy arrays):
    each seat's share of the win, the first player, the length, and per category value and per
    card the seat-games with it and their wins."""

    players: int
    won: Array  # games x seats
    first: npt.NDArray[np.int64]  # games; -1 where unknown
    rounds: Array
    actions: Array
    groups: dict[tuple[str, str], tuple[Array, Array]] = field(default_factory=dict)  # (fact, value): count, wins

    @property
    def count(self) -> int:
        return int(self.won.shape[0])

    @classmethod
    def from_results(cls, results: Sequence[dict[str, Any]], players: int) -> Games:
        n = len(results)
        won = np.zeros((n, players))
        first = np.full(n, -1, dtype=np.int64)
        rounds, actions = np.zeros(n), np.zeros(n)
        groups: dict[tuple[str, str], tuple[Array, Array]] = {}
        for g, result in enumerate(results):
            won[g] = win_shares(result["ranking"])
            if result.get("first_player") is not None:
                first[g] = int(result["first_player"])
            rounds[g] = float(result.get("rounds") or 0)
            actions[g] = float(result["length"])
            for s, facts in enumerate(result.get("facts") or []):
                for name, value in facts.items():
                    values = value if isinstance(value, list) else [value] if isinstance(value, str) else []
                    for item in values:
                        count, wins = groups.setdefault((name, item), (np.zeros(n), np.zeros(n)))
                        count[g] += 1
                        wins[g] += won[g, s]
        return cls(players, won, first, rounds, actions, groups)

    def categories(self) -> list[str]:
        """The categories these games report (facts with one name per seat)."""
        return sorted({name for name, _ in self.groups} - {"cards"})

    def cards(self) -> set[str]:
        return {value for name, value in self.groups if name == "cards"}


Measure = Callable[[Array], float]
"""A target's score from per-game weights (1 each for the games as played; a bootstrap
resample's counts otherwise)."""


def raw(target: Target, games: Games) -> float:
    """What a target reads, in its own units, for the games as played: the first player's win
    rate, the holders' win rate minus all seats' (points), a mean length; the largest distance
    in points for seat and category targets."""
    w = np.ones(games.count)
    if target.kind == "first":
        return float(games.won[np.arange(games.count), games.first] @ w / games.count)
    if target.kind == "length":
        return float((games.rounds if target.unit == "rounds" else games.actions).mean())
    if target.kind == "holders":
        count, wins = _held(target, games)
        overall = games.won.sum() / (games.players * games.count)
        return float(100 * (wins.sum() / count.sum() - overall)) if count.sum() else 0.0
    return measure(target, games)(w) * target.points


def _held(target: Target, games: Games) -> tuple[Array, Array]:
    wanted = set(target.cards)
    count, wins = np.zeros(games.count), np.zeros(games.count)
    for (name, value), (c, v) in games.groups.items():
        if name == "cards" and value.lower() in wanted:
            count, wins = count + c, wins + v  # a seat holding two cards of the group counts twice
    return count, wins


def measure(target: Target, games: Games) -> Measure:
    """The function giving ``target``'s score (0 ideal, 1 at the edge) for weights over games;
    :class:`ValueError` if these games cannot measure it (no first player, an unknown category)."""
    n, even = games.players, 1 / games.players
    if target.kind == "first":
        if (games.first < 0).any():
            raise ValueError("this game has no first player (its choices are simultaneous): "
                             "'first player win rate' cannot be a target here")
        first_won = games.won[np.arange(games.count), games.first]

        def first_score(w: Array) -> float:
            return float(100 * abs(w @ first_won / w.sum() - even) / target.points)
        return first_score
    if target.kind == "seats":
        def seats_score(w: Array) -> float:
            return float(100 * np.abs(w @ games.won / w.sum() - even).max() / target.points)
        return seats_score
    if target.kind == "length":
        lengths = games.rounds if target.unit == "rounds" else games.actions
        if target.unit == "rounds" and not lengths.any():
            raise ValueError("this game has no rounds (its turns simply follow): measure its length in actions")
        centre, half = (target.low + target.high) / 2, (target.high - target.low) / 2

        def length_score(w: Array) -> float:
            return float(abs(w @ lengths / w.sum() - centre) / half)
        return length_score
    totals = games.won.sum(axis=1)  # a game's wins over its seats (1, or 0 in a lost solo game)
    if target.kind == "holders":
        known = games.cards()
        missing = [card for card in target.cards if card not in {k.lower() for k in known}]
        if missing:
            raise ValueError(f"no seat held {', '.join(missing)} in these games: name cards as the results do "
                             f"(e.g. {', '.join(sorted(known)[:3])})")
        count, wins = _held(target, games)

        def holders_score(w: Array) -> float:
            held = w @ count
            overall = w @ totals / (n * w.sum())
            return float(100 * abs((w @ wins) / held - overall) / target.points) if held else 0.0
        return holders_score
    category = target.category
    values = [(c, v) for (name, _), (c, v) in games.groups.items() if name == category and c.sum() >= MIN_GROUP]
    if not values:
        if category in games.categories():
            raise ValueError(f"no value of {category!r} was seen {MIN_GROUP} times in {games.count} games: "
                             "give more games (--max-games)")
        raise ValueError(f"these games report no category {category!r}: "
                         f"the categories are {', '.join(games.categories()) or 'none'}")
    counts = np.stack([c for c, _ in values])
    wins = np.stack([v for _, v in values])

    def category_score(w: Array) -> float:
        overall = w @ totals / (n * w.sum())
        return float(100 * np.abs((wins @ w) / np.maximum(counts @ w, 1e-9) - overall).max() / target.points)
    return category_score


def resample_weights(games: int, seed: int, resamples: int = RESAMPLES) -> Array:
    """Bootstrap weights: how many times each game is drawn, per resample (fixed seed: the same
    resamples for two decks on the same seeds make the bootstrap paired)."""
    generator = np.random.default_rng(seed)
    return generator.multinomial(games, np.full(games, 1 / games), size=resamples).astype(np.float64)


def bootstrap(score: Measure, weights: Array) -> tuple[float, float, float]:
    """The score as played and its 95% percentile interval."""
    values = np.array([score(w) for w in weights])
    return score(np.ones(weights.shape[1])), float(np.quantile(values, 0.025)), float(np.quantile(values, 0.975))


@dataclass(frozen=True)
class Reading:
    """Targets read on one batch of games: each target's score and interval, their weighted sum."""

    games: int
    scores: tuple[tuple[float, float, float], ...]  # per target: score, low, high
    total: tuple[float, float, float]
    raws: tuple[float, ...] = ()  # per target: what it reads in its own units (:func:`raw`)

    @property
    def met(self) -> bool:
        """Every target met with its whole interval inside."""
        return all(high <= 1 for _, _, high in self.scores)

    @property
    def met_as_played(self) -> bool:
        return all(score <= 1 for score, _, _ in self.scores)

    @property
    def hopeless(self) -> bool:
        """Some target missed with its whole interval outside."""
        return any(low > 1 for _, low, _ in self.scores)


def read(targets: Sequence[Target], games: Games, seed: int = 0) -> Reading:
    """Every target's score with its bootstrap interval, and the weighted total's."""
    weights = resample_weights(games.count, seed)
    measures = [measure(t, games) for t in targets]
    scores = tuple(bootstrap(m, weights) for m in measures)

    def total(w: Array) -> float:
        return sum(t.weight * m(w) for t, m in zip(targets, measures, strict=True))
    return Reading(games.count, scores, bootstrap(total, weights), tuple(raw(t, games) for t in targets))


def paired_difference(targets: Sequence[Target], new: Games, old: Games, seed: int = 0) -> tuple[float, float, float]:
    """The weighted total of ``new`` minus that of ``old``, both played on the same seeds, with
    a paired bootstrap interval (each resample draws the same games from both): below 0 with
    the whole interval is a real gain."""
    if new.count != old.count:
        raise ValueError("a paired comparison needs the same games on both sides")
    weights = resample_weights(new.count, seed)
    a = [measure(t, new) for t in targets]
    b = [measure(t, old) for t in targets]

    def difference(w: Array) -> float:
        return sum(t.weight * (x(w) - y(w)) for t, x, y in zip(targets, a, b, strict=True))
    return bootstrap(difference, weights)


def describe(target: Target, score: tuple[float, float, float], value: float, players: int) -> str:
    """A target's reading in its own units with its interval, e.g. ``first player wins 0.366,
    13.4 points from 1/2 (11.1-15.7; met within 5)``."""
    _, low, high = score
    if target.kind == "length":
        half = (target.high - target.low) / 2
        return (f"mean length {value:.1f} {target.unit}, {score[0] * half:.1f} from the middle of "
                f"{target.low:g}-{target.high:g} (95%: {low * half:.1f}-{high * half:.1f}; target: within {half:g})")
    points = f"(95%: {low * target.points:.1f}-{high * target.points:.1f}; target: within {target.points:g})"
    if target.kind == "first":
        return f"first player wins {value:.3f}, {score[0] * target.points:.1f} points from 1/{players} {points}"
    if target.kind == "holders":
        return f"holders of {'; '.join(target.cards)} win {value:+.1f} points against all seats {points}"
    what = "seat" if target.kind == "seats" else target.category
    return f"largest {what} distance {score[0] * target.points:.1f} points {points}"
