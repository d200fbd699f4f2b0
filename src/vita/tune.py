"""Tuning a deck's designed values towards balance targets (``vita tune``; docs/balance.md).

The values a rulebook prints are never touched: a card's ``source`` says whether it is
printed (``rulebook``), designed, or ``mixed``, and a mixed card lists its printed values as
paths (:func:`vita.core.datafile.is_printed`). Every other whole number under a card's
``cost``, ``reward``, ``requires``, ``additional``, ``effect`` or ``points`` is a knob that
may move by up to ``spread`` either way. A game whose data has a mixed card that does not
say which of its values are printed is refused: it cannot be tuned without risk of changing
a printed value.

The targets and their intervals are :mod:`vita.targets`'. The search:

1. **The deck as it is** is measured first, on the trials' seeds.
2. **A screen** (only where a game has more than :data:`SCREEN_ABOVE` knobs and ``cards`` is
   not given: the board game): each card's designed values are all moved by ``spread`` at
   once, one card at a time in a seeded order, for up to a third of the search time; the
   :data:`SCREEN_KEEP` cards that moved the targets most are the knobs of the search.
3. **Trials** (Optuna's seeded TPE sampler) each change a few values: how many (1 to
   ``max_changes``), which, and by how much; the score a trial reports is the targets'
   weighted total plus :data:`PENALTY` per value changed and per step moved, so of two decks
   equally good the one with fewer and smaller changes wins.
4. **Games per trial grow sequentially**: a trial plays ``start_games`` games, then doubles
   them up to ``max_games``, stopping as soon as its reading is decided: every target met
   with its whole bootstrap interval inside (a candidate), or some target missed with its
   whole interval outside while the lower end of the total's interval lies above the best
   trial's score (it can neither meet the targets nor become the best: no use playing on).
   Near the target, or near the best, where intervals straddle them, trials play the most
   games.
   Every trial plays the same seeds (common random numbers: trials differ by their values,
   not by their luck).
5. **Fresh seeds**: a candidate that met the targets on the trials' seeds is played, with the
   deck as it is, on seeds no trial used; the search stops when one meets every target there
   with its whole interval inside. Otherwise the budget ends the search and the best trial is
   played on fresh seeds the same way.
6. **Few changes**: each change of the result is dropped in turn, on the same fresh seeds;
   a change whose removal does not hurt (the paired interval of the total without it minus
   with it does not lie wholly above 0), and after which the targets met stay met, is dropped
   for good; the rest are ranked by their effect (that difference, with its interval).
7. **The verdict**: "target met on fresh seeds" (every target met with its whole interval
   inside), "no better than the current deck" (the paired bootstrap of the total, result
   minus deck as it is on the same fresh seeds, does not lie wholly below 0), or "not met".

The budget holds everything, the final checks included: the search stops early enough for
them (from the games per second measured so far), and a batch that would overrun its share
is cut short.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import yaml

from vita.core.datafile import is_printed, load_yaml
from vita.core.rng import derive_seed
from vita.registry import get_game
from vita.sim import GameTask, ShippedDeck, play_task, ray_cluster, run_tasks
from vita.targets import Games, Reading, Target, describe, paired_difference, parse_target, read

VALUE_KEYS = frozenset({"cost", "reward", "requires", "additional", "effect", "points"})
SCREEN_ABOVE = 200
"""More knobs than this and no ``cards``: a sensitivity screen picks the knobs (step 2)."""
SCREEN_KEEP = 12
"""Cards kept by the screen."""
PENALTY = 0.02
"""Added to a trial's score per value changed and per step a value moves (a target's score is
1 at the edge of what it accepts: fifty changes cost as much as missing a target)."""
VERDICTS = ("target met on fresh seeds", "not met", "no better than the current deck")

__all__ = ["Knob", "knobs", "parse_budget", "parse_target", "tune", "write_deck"]


@dataclass(frozen=True)
class Knob:
    """One designed value: its file (relative to the deck), card, path in the card, value."""

    file: str
    card: str
    path: str
    value: int

    @property
    def name(self) -> str:
        return f"{self.file}:{self.card}:{self.path}"


def parse_budget(text: str) -> float:
    """Seconds from ``90s``, ``30m`` or ``2h``.

    >>> parse_budget("30m"), parse_budget("45s"), parse_budget("1.5h")
    (1800.0, 45.0, 5400.0)
    """
    found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smh])\s*", text)
    if not found:
        raise ValueError(f"a budget is a time such as 90s, 30m or 2h, not {text[:40]!r}")
    return float(found.group(1)) * {"s": 1, "m": 60, "h": 3600}[found.group(2)]


def _entries(node: Any) -> Iterator[dict[str, Any]]:
    """The cards of a data file: mappings with an ``id`` or a ``number`` inside lists."""
    if isinstance(node, list):
        for item in node:
            if isinstance(item, dict) and ("id" in item or "number" in item):
                yield item
            else:
                yield from _entries(item)
    elif isinstance(node, dict):
        for value in node.values():
            yield from _entries(value)


def _leaves(node: Any, path: str = "") -> Iterator[tuple[str, int]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, f"{path}.{key}" if path else str(key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _leaves(value, f"{path}.{index}" if path else str(index))
    elif isinstance(node, int) and not isinstance(node, bool):
        yield path, node


def knobs(directory: Path, cards: set[str] | None = None) -> list[Knob]:
    """Every designed value of the deck in ``directory`` (of the cards in ``cards`` only, by
    id, number or title, if given); :class:`ValueError` if a mixed card lists no printed values."""
    found: list[Knob] = []
    for file in sorted(directory.rglob("*.yaml")):
        relative = file.relative_to(directory).as_posix()
        for entry in _entries(load_yaml(file)):
            card = str(entry.get("id", entry.get("number")))
            source = str(entry.get("source", "designed"))
            printed = tuple(entry.get("printed", ()))
            if source == "mixed" and not printed:
                raise ValueError(f"{relative}: card {card}: source is mixed but no value is marked printed "
                                 "(printed: [paths]); tune changes only values known to be designed")
            if source == "rulebook":
                continue
            if cards is not None and not {card, str(entry.get("title", "")), str(entry.get("name", ""))} & cards:
                continue
            for path, value in _leaves(entry):
                if VALUE_KEYS & set(path.split(".")) and not is_printed(path, source, printed):
                    found.append(Knob(relative, card, path, value))
    return found


def write_deck(source: Path, target: Path, values: dict[Knob, int]) -> None:
    """Copy the deck at ``source`` to ``target`` with ``values`` in place of the knobs' values
    (files with no change are copied byte for byte, comments included)."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)
    by_file: dict[str, list[tuple[Knob, int]]] = {}
    for knob, value in values.items():
        if value != knob.value:
            by_file.setdefault(knob.file, []).append((knob, value))
    for file, changes in by_file.items():
        data = load_yaml(target / file)
        cards = {str(e.get("id", e.get("number"))): e for e in _entries(data)}
        for knob, value in changes:
            node: Any = cards[knob.card]
            *parents, last = knob.path.split(".")
            for part in parents:
                node = node[int(part)] if isinstance(node, list) else node[part]
            node[int(last) if isinstance(node, list) else last] = value
        (target / file).write_text(f"# Proposed by vita tune: {len(changes)} value(s) changed (see the report).\n"
                                   + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120),
                                   encoding="utf-8")



def no_designed_values(game_id: str) -> str:
    """Why a game has nothing to tune (the card game: every value is the rulebook's)."""
    if game_id == "pursuit-cards":
        return ("pursuit-cards has no designed value to tune: every value it plays with is printed in its rulebook "
                "(the 124 cards: three standard decks without picture cards and four Jokers; 12 cards dealt, 3 "
                "drawn a turn; a meld's power by position; 1 Happiness point per Heart card melded at a turn's start; "
                "a Heart activation's length times power). Balance it by changing its rules, not its values.")
    return f"{game_id} has no deck files to tune"


@dataclass
class Trial:
    """One deck tried: its changes, the games played on the trials' seeds and their reading."""

    number: int
    changes: dict[Knob, int]  # knob: new value
    reading: Reading | None = None
    games: Games | None = None
    refused: str = ""
    cut: bool = False

    def penalty(self, spread_by: int) -> float:
        return PENALTY * sum(1 + abs(value - knob.value) / spread_by for knob, value in self.changes.items())

    def score(self, spread_by: int) -> float:
        assert self.reading is not None
        return self.reading.total[0] + self.penalty(spread_by)


@dataclass
class Progress:
    """What the progress line says; a thread prints it every ``every`` seconds."""

    started: float
    deadline: float
    stream: TextIO | None
    phase: str = "measuring the deck as it is"
    trials: int = 0
    games: int = 0
    best: str = "-"
    every: float = 10.0
    _stop: threading.Event = field(default_factory=threading.Event)

    def line(self) -> str:
        left = max(0.0, self.deadline - time.monotonic())
        return (f"tune {time.monotonic() - self.started:5.0f} s: {self.phase}; {self.trials} trials, "
                f"{self.games:,} games; best: {self.best}; {left:.0f} s left")

    def show(self) -> None:
        if self.stream is not None:
            print(self.line(), file=self.stream, flush=True)

    def __enter__(self) -> Progress:
        if self.stream is not None:
            self.show()
            threading.Thread(target=self._run, daemon=True).start()
        return self

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.show()

    def __exit__(self, *exc: object) -> None:
        self._stop.set()


class Tuner:
    """One ``vita tune`` run (see the module's notes for the steps)."""

    def __init__(self, game_id: str, options: dict[str, Any], bots: list[str], targets: list[Target], *,
                 budget: float, deck: Path, found: list[Knob], start_games: int, max_games: int, spread_by: int,
                 max_changes: int, seed: int, workers: int, ray: str | None, progress: TextIO | None,
                 scratch: Path, screen: bool) -> None:
        self.game_id, self.options, self.bots, self.targets = game_id, options, bots, targets
        self.game = get_game(game_id)
        self.deck, self.found, self.screen = deck, found, screen
        self.start_games, self.max_games = start_games, max(start_games, max_games)
        self.spread_by, self.max_changes, self.seed = spread_by, max_changes, seed
        self.workers, self.ray, self.scratch = workers, ray, scratch
        self.started = time.monotonic()
        self.deadline = self.started + budget
        self.progress = Progress(self.started, self.deadline, progress)
        self.trials: list[Trial] = []
        self.fresh_seed = derive_seed(seed, "fresh")
        self.rate = 0.0  # games per second measured so far
        self.played_games = 0
        self.played_seconds = 0.0
        self.screen_report: list[dict[str, Any]] = []
        self.screen_cards = 0
        self.shipped: set[Path] = set()  # this machine's copies of the trial decks sent to Ray

    # -- playing -----------------------------------------------------------------

    def left(self) -> float:
        return self.deadline - time.monotonic()

    def fresh_games(self) -> int:
        """Games for a fresh-seed reading: ``max_games``, or fewer where the rate says the final
        checks (the deck as it is, the result, each change dropped) would not fit in a quarter
        of the budget."""
        if not self.rate:
            return self.max_games
        budget = (self.deadline - self.started) / 4
        fit = int(budget * self.rate / (2 + self.max_changes))
        return max(min(self.start_games, self.max_games), min(self.max_games, fit))

    def reserve(self) -> float:
        """Seconds kept for the final checks."""
        if not self.rate:
            return (self.deadline - self.started) / 4
        return (2 + self.max_changes) * self.fresh_games() / self.rate

    def play(self, changes: dict[Knob, int], seed: int, first: int, count: int, until: float) -> Games | str | None:
        """Games ``first`` to ``first + count`` of the deck with ``changes`` (their seeds from
        ``seed``); a string if the game refuses the deck; ``None`` if not even part fits before
        ``until`` (a batch that would overrun is cut to what fits)."""
        if self.rate:
            fits = int((until - time.monotonic()) * self.rate)
            if fits < min(count, max(10, self.workers * 4)):
                return None
            count = min(count, fits)
        options = dict(self.options)
        where: Path | None = None
        if changes:
            where = self.scratch / f"deck-{len(self.trials)}-{first}"
            write_deck(self.deck, where, {knob: changes.get(knob, knob.value) for knob in changes})
            problems = self.game.check_card_data(str(where))
            if problems:
                shutil.rmtree(where, ignore_errors=True)
                return "; ".join(problems[:3])
            options["cards"] = str(where)
        # On Ray the games may run on machines that cannot read this one's disk: the deck goes
        # with them, and the copy written here is not needed any more.
        shipped = ShippedDeck.of(options["cards"]) if self.ray is not None and options.get("cards") else None
        if shipped is not None and where is not None:
            shutil.rmtree(where)
            self.shipped.add(shipped.here())
        tasks = [GameTask(self.game_id, options, self.bots, derive_seed(seed, "game", number), number, deck=shipped)
                 for number in range(first, first + count)]
        began = time.monotonic()
        results = run_tasks(play_task, tasks, self.workers, "tune", chunksize=4, ray=self.ray)
        self.played_seconds += time.monotonic() - began
        self.played_games += count
        self.rate = self.played_games / max(self.played_seconds, 1e-9)
        self.progress.games += count
        if where is not None:
            shutil.rmtree(where, ignore_errors=True)
        return Games.from_results(results, len(self.bots))

    def measure(self, trial: Trial, until: float) -> None:
        """The sequential rule (step 4): ``start_games``, doubled until decided or ``max_games``."""
        games: Games | None = None
        count = self.start_games
        best = self.best()
        while True:
            have = games.count if games else 0
            more = self.play(trial.changes, self.seed, have, count - have, until)
            if isinstance(more, str):
                trial.refused = more
                return
            if more is None:
                trial.cut = True
                break
            games = more if games is None else join(games, more)
            if games.count < count:
                trial.cut = True
                break
            try:
                reading = read(self.targets, games, self.seed)
            except ValueError:
                # Too few games to read a category's values (each seen MIN_GROUP times): play more.
                if count >= self.max_games:
                    raise
                count = min(self.max_games, count * 2)
                continue
            if trial.number == 0 and count > self.start_games and trial.reading is None:
                self.start_games = count  # every trial starts where the targets can first be read
            trial.reading, trial.games = reading, games
            if reading.met:
                break
            if reading.hopeless and (best is None or reading.total[1] > best.score(self.spread_by)):
                break
            if count >= self.max_games:
                break
            count = min(self.max_games, count * 2)
        if games is not None and trial.reading is None:
            try:
                trial.reading, trial.games = read(self.targets, games, self.seed), games
            except ValueError:
                trial.cut = True  # cut short before its targets could be read

    def best(self) -> Trial | None:
        done = [t for t in self.trials if t.reading is not None]
        return min(done, key=lambda t: (t.score(self.spread_by), t.number)) if done else None

    def fresh(self, changes: dict[Knob, int], games: int) -> Games | str | None:
        return self.play(changes, self.fresh_seed, 0, games, self.deadline)

    # -- the steps ---------------------------------------------------------------

    def screened(self, baseline: Trial, until: float) -> list[Knob]:
        """Step 2: the knobs of the :data:`SCREEN_KEEP` cards whose shift moved the total most."""
        by_card: dict[tuple[str, str], list[Knob]] = {}
        for knob in self.found:
            by_card.setdefault((knob.file, knob.card), []).append(knob)
        order = sorted(by_card)
        random.Random(self.seed).shuffle(order)
        assert baseline.games is not None
        games = min(baseline.games.count, self.start_games)
        base = read(self.targets, head(baseline.games, games), self.seed).total[0]
        effects: list[tuple[float, tuple[str, str]]] = []
        self.progress.phase = f"screening {len(order)} cards"
        for card in order:
            changes = {k: k.value + self.spread_by for k in by_card[card]}
            played = self.play(changes, self.seed, 0, games, until)
            if played is None:
                break
            if isinstance(played, str) or played.count < games:
                continue
            effects.append((abs(read(self.targets, played, self.seed).total[0] - base), card))
        effects.sort(key=lambda e: (-e[0], e[1]))
        kept = {card for _, card in effects[:SCREEN_KEEP]}
        self.screen_report = [{"file": f, "card": c, "effect": round(e, 3)} for e, (f, c) in effects[:SCREEN_KEEP]]
        self.screen_cards = len(effects)
        return [k for k in self.found if (k.file, k.card) in kept]

    def search(self) -> dict[str, Any]:
        import optuna

        baseline = Trial(0, {})
        self.trials.append(baseline)
        search_until = self.deadline - (self.deadline - self.started) / 4
        self.measure(baseline, search_until)
        if baseline.reading is None:
            raise ValueError("the deck as it is could not be measured within the budget: give it more time "
                             "(or fewer games with --games)")
        self.progress.best = self.summary(baseline.reading)
        knobs_in_play = self.found
        if self.screen and not baseline.reading.met:
            screen_until = time.monotonic() + (search_until - time.monotonic()) / 3
            knobs_in_play = self.screened(baseline, screen_until) or self.found
        names = [k.name for k in knobs_in_play]
        by_name = {k.name: k for k in knobs_in_play}
        steps = [d for d in range(-self.spread_by, self.spread_by + 1) if d]
        winner: tuple[Trial, Games, Reading] | None = None
        tried_fresh: set[frozenset[tuple[str, int]]] = set()
        optuna.logging.set_verbosity(optuna.logging.ERROR)
        study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=self.seed))
        self.progress.phase = "searching"
        if baseline.reading.met:
            winner = self.check_fresh(baseline, tried_fresh)
        while winner is None and self.left() - self.reserve() > 0:
            ask = study.ask()
            changes: dict[Knob, int] = {}
            for i in range(ask.suggest_int("changes", 1, min(self.max_changes, len(names)))):
                knob = by_name[ask.suggest_categorical(f"knob{i}", names)]
                value = knob.value + int(ask.suggest_categorical(f"step{i}", steps))
                if value >= 0:
                    changes[knob] = value
            trial = Trial(len(self.trials), changes)
            self.trials.append(trial)
            self.progress.trials = len(self.trials) - 1
            self.measure(trial, self.deadline - self.reserve())
            if trial.refused or trial.reading is None:
                study.tell(ask, state=optuna.trial.TrialState.PRUNED)
                continue
            study.tell(ask, trial.score(self.spread_by))
            best = self.best()
            if best is not None and best.reading is not None:
                self.progress.best = self.summary(best.reading) + f" ({len(best.changes)} changes)"
            if trial.reading.met or (trial.reading.met_as_played and trial.reading.games >= self.max_games):
                winner = self.check_fresh(trial, tried_fresh)
        return self.finish(winner)

    def check_fresh(self, trial: Trial, tried: set[frozenset[tuple[str, int]]]) -> tuple[Trial, Games, Reading] | None:
        """Step 5: ``trial`` on fresh seeds; itself and its games there if it meets every target."""
        key = frozenset((k.name, v) for k, v in trial.changes.items())
        if key in tried:
            return None
        tried.add(key)
        self.progress.phase = "checking a candidate on fresh seeds"
        games = self.fresh(trial.changes, self.fresh_games())
        self.progress.phase = "searching"
        if not isinstance(games, Games):
            return None
        reading = read(self.targets, games, self.fresh_seed)
        return (trial, games, reading) if reading.met else None

    def finish(self, winner: tuple[Trial, Games, Reading] | None) -> dict[str, Any]:
        """Steps 5 to 7 for the result: fresh seeds, the drop pass, the verdict."""
        self.progress.phase = "final checks on fresh seeds"
        if winner is not None:
            trial, games, reading = winner
        else:
            best = self.best()
            assert best is not None
            trial = best
            played = self.fresh(trial.changes, self.fresh_games())
            if not isinstance(played, Games):
                played = self.fresh({}, min(self.fresh_games(), 50)) if not trial.changes else played
            if not isinstance(played, Games):
                raise ValueError("no time was left for the check on fresh seeds: give it a larger budget")
            games, reading = played, read(self.targets, played, self.fresh_seed)
        baseline = self.fresh({}, games.count) if trial.changes else games
        if not isinstance(baseline, Games) or baseline.count < games.count:
            baseline_games = head(games, 0) if not isinstance(baseline, Games) else baseline
            games = head(games, baseline_games.count)
            baseline = baseline_games
            reading = read(self.targets, games, self.fresh_seed)
        if baseline.count == 0:
            raise ValueError("no time was left to play the deck as it is on fresh seeds: give it a larger budget")
        base_reading = read(self.targets, baseline, self.fresh_seed)
        changes = dict(trial.changes)
        effects: list[dict[str, Any]] = []
        # Step 6: drop what does not help, on the same fresh seeds.
        for knob in sorted(changes, key=lambda k: abs(changes[k] - k.value)):
            without = {k: v for k, v in changes.items() if k is not knob}
            played = self.fresh(without, games.count) if without else baseline
            if not isinstance(played, Games) or played.count < games.count:
                break  # out of time: the change stays, its effect unmeasured
            effect = paired_difference(self.targets, played, games, self.fresh_seed)  # without minus with
            if effect[1] <= 0 and (not reading.met or read(self.targets, played, self.fresh_seed).met):
                changes, games = without, played
                reading = read(self.targets, games, self.fresh_seed)
                effects = [e for e in effects if e["knob"] is not knob]
                continue
            effects.append({"knob": knob, "effect": effect})
        gain = paired_difference(self.targets, games, baseline, self.fresh_seed)
        if reading.met:
            verdict = VERDICTS[0]
        elif gain[2] >= 0:
            verdict = VERDICTS[2]
        else:
            verdict = VERDICTS[1]
        measured = {e["knob"]: e["effect"] for e in effects}
        ranked = sorted(changes, key=lambda k: -(measured.get(k, (0.0, 0.0, 0.0))[0]))
        return {
            "verdict": verdict, "trial": trial.number, "changes": [
                {"file": k.file, "card": k.card, "path": k.path, "from": k.value, "to": changes[k],
                 "effect": _triple(measured[k]) if k in measured else None} for k in ranked],
            "fresh": {"seed": self.fresh_seed, "games": games.count,
                      "baseline": self.reading_json(base_reading), "result": self.reading_json(reading),
                      "difference": _triple(gain)},
        }

    def summary(self, reading: Reading) -> str:
        return "; ".join(describe(t, s, r, len(self.bots))
                         for t, s, r in zip(self.targets, reading.scores, reading.raws, strict=True))

    def reading_json(self, reading: Reading) -> dict[str, Any]:
        return {"games": reading.games, "met": reading.met, "total": _triple(reading.total),
                "targets": [{"target": t.text, "value": round(r, 4), "score": _triple(s),
                             "reads": describe(t, s, r, len(self.bots))}
                            for t, s, r in zip(self.targets, reading.scores, reading.raws, strict=True)]}


def _triple(values: Sequence[float]) -> dict[str, float]:
    return {"value": round(values[0], 4), "low": round(values[1], 4), "high": round(values[2], 4)}


def join(a: Games, b: Games) -> Games:
    """Two batches of games as one (``b``'s games after ``a``'s)."""
    import numpy as np

    keys = set(a.groups) | set(b.groups)
    zero_a, zero_b = np.zeros(a.count), np.zeros(b.count)
    groups = {}
    for key in keys:
        count_a, wins_a = a.groups.get(key, (zero_a, zero_a))
        count_b, wins_b = b.groups.get(key, (zero_b, zero_b))
        groups[key] = (np.concatenate([count_a, count_b]), np.concatenate([wins_a, wins_b]))
    return Games(a.players, np.concatenate([a.won, b.won]), np.concatenate([a.first, b.first]),
                 np.concatenate([a.rounds, b.rounds]), np.concatenate([a.actions, b.actions]), groups)


def head(games: Games, count: int) -> Games:
    """The first ``count`` games."""
    return Games(games.players, games.won[:count], games.first[:count], games.rounds[:count],
                 games.actions[:count], {k: (c[:count], w[:count]) for k, (c, w) in games.groups.items()})


def tune(game_id: str, options: dict[str, Any], bots: list[str], *, targets: Sequence[Target] | None = None,
         target: float | None = None, budget: float, out: Path, games: int = 100, max_games: int = 1600,
         trials: int | None = None, spread_by: int = 1, max_changes: int = 4, cards: set[str] | None = None,
         seed: int = 1, workers: int | None = None, ray: str | None = None, progress: bool | TextIO = False,
         ) -> dict[str, Any]:
    """Search the designed values for ``targets`` (see the module's notes) within ``budget``
    seconds; write the proposed deck (``out/deck``), ``out/tune.md`` and ``out/tune.json``;
    return the report's data. ``target``: the points of 'seat win rates within P points'
    (the targets' older spelling). ``trials`` caps the trials (tests)."""
    try:
        import optuna  # noqa: F401
    except ImportError:
        raise ValueError("vita tune needs Optuna: pip install 'vita[tune]'") from None
    if targets is None:
        targets = [parse_target(f"seat win rates within {target if target is not None else 2} points")]
    game = get_game(game_id)
    source = game.card_data_directory()
    if source is None or "cards" not in game.options_model.model_fields:
        raise ValueError(no_designed_values(game_id))
    deck = Path(options.get("cards") or source)
    # A subdirectory holds an expansion's cards (the board game's community/): tuned only when
    # the expansion is played.
    found = [k for k in knobs(deck, cards) if "/" not in k.file or k.file.split("/")[0] == options.get("expansion")]
    if not found:
        among = f" among the cards {', '.join(sorted(cards))}" if cards else ""
        raise ValueError(f"no designed value to tune{among}")
    workers = workers or os.cpu_count() or 1
    out.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="vita-tune-"))
    stream = (sys.stderr if progress is True else progress) if progress else None
    tuner = Tuner(game_id, options, bots, list(targets), budget=budget, deck=deck, found=found, start_games=games,
                  max_games=max_games, spread_by=spread_by, max_changes=max_changes, seed=seed, workers=workers,
                  ray=ray, progress=stream, scratch=scratch, screen=cards is None and len(found) > SCREEN_ABOVE)
    if trials is not None:
        _cap_trials(tuner, trials)
    try:
        with warnings.catch_warnings(), tuner.progress, ray_cluster(ray):  # one Ray start for every batch
            warnings.simplefilter("ignore")  # Optuna's experimental-feature notices are not the user's concern
            _check_measurable(tuner)
            result = tuner.search()
        values = {knob: knob.value for knob in found}
        for change in result["changes"]:
            where = (change["file"], change["card"], change["path"])
            values[next(k for k in found if (k.file, k.card, k.path) == where)] = change["to"]
        write_deck(deck, out / "deck", values)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
        for copy in tuner.shipped:  # a cluster's other machines keep theirs
            shutil.rmtree(copy, ignore_errors=True)
    report = {
        "game": game_id, "options": options, "bots": bots, "targets": [t.text for t in targets],
        "verdict": result["verdict"], "budget_seconds": budget,
        "seconds": round(time.monotonic() - tuner.started, 1), "seed": seed, "knobs": len(found),
        "spread_by": spread_by, "games_per_trial": {"start": tuner.start_games, "max": tuner.max_games},
        "trials": len(tuner.trials) - 1, "games_played": tuner.played_games,
        "screen": {"cards": tuner.screen_cards, "kept": tuner.screen_report} if tuner.screen_cards else None,
        "baseline_on_trial_seeds": tuner.reading_json(tuner.trials[0].reading) if tuner.trials[0].reading else None,
        "fresh_seeds": result["fresh"], "changes": result["changes"],
    }
    (out / "tune.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    (out / "tune.md").write_text(markdown(report), encoding="utf-8")
    return report


def _check_measurable(tuner: Tuner) -> None:
    """Refuse a target the game cannot measure (a first player in Our Life, an unknown
    category) before any search: from a few games of the deck as it is."""
    from vita.targets import measure

    sample = tuner.play({}, derive_seed(tuner.seed, "probe"), 0, max(2, min(tuner.workers * 2, 8)), tuner.deadline)
    if isinstance(sample, Games):
        for target in tuner.targets:
            if target.kind == "category":
                if target.category not in sample.categories():
                    raise ValueError(f"{tuner.game_id} reports no category {target.category!r}: its categories "
                                     f"are {', '.join(sample.categories()) or 'none'}")
                continue
            if target.kind != "holders":
                measure(target, sample)


def _cap_trials(tuner: Tuner, trials: int) -> None:
    """Stop the search after ``trials`` trials (the budget still holds)."""
    original = tuner.left

    def left() -> float:
        return original() if len(tuner.trials) <= trials else -1e9

    tuner.left = left  # type: ignore[method-assign]


def markdown(report: dict[str, Any]) -> str:
    """The report as Markdown: the verdict, each target before and after on fresh seeds with
    intervals, and the changes ranked by their effect."""
    fresh = report["fresh_seeds"]
    lines = [f"# vita tune: {report['game']} {json.dumps(report['options'])}", "",
             f"**Verdict: {report['verdict']}.**", "",
             f"Targets: {'; '.join(report['targets'])} (bots: {', '.join(report['bots'])}). "
             f"{report['knobs']} designed values, each moved by at most {report['spread_by']}; printed values are "
             "never changed.", "",
             f"{report['trials']} trials and {report['games_played']:,} games in {report['seconds']} s of a "
             f"{report['budget_seconds']:.0f} s budget; games per trial from {report['games_per_trial']['start']} "
             f"to {report['games_per_trial']['max']} (the sequential rule of docs/balance.md).", ""]
    if report.get("screen"):
        kept = ", ".join(c["card"] for c in report["screen"]["kept"])
        lines += [f"A screen of {report['screen']['cards']} cards (each card's values moved at once) kept: {kept}.", ""]
    lines += [f"## On fresh seeds ({fresh['games']} games each, seed {fresh['seed']})", "",
              "| target | deck as it is | proposed |", "|---|---|---|"]
    for before, after in zip(fresh["baseline"]["targets"], fresh["result"]["targets"], strict=True):
        lines.append(f"| {before['target']} | {before['reads']} | {after['reads']} |")
    d = fresh["difference"]
    lines += ["", f"Weighted total (0 is ideal, 1 per target at its edge): {fresh['baseline']['total']['value']:.2f} "
                  f"→ {fresh['result']['total']['value']:.2f}; paired difference {d['value']:+.2f} "
                  f"({d['low']:+.2f} to {d['high']:+.2f}, 95% paired bootstrap over the same games).", "",
              f"## Values changed ({len(report['changes'])}), by effect", ""]
    if report["changes"]:
        lines += ["| file | card | value | from | to | effect: total without it minus with it (95%) |",
                  "|---|---|---|---|---|---|"]
        for c in report["changes"]:
            effect = (f"{c['effect']['value']:+.2f} ({c['effect']['low']:+.2f} to {c['effect']['high']:+.2f})"
                      if c["effect"] else "not measured (budget)")
            lines.append(f"| {c['file']} | {c['card']} | {c['path']} | {c['from']} | {c['to']} | {effect} |")
    else:
        lines.append("None: the deck as it is is the result.")
    lines += ["", "The proposed deck is in `deck/`: play it with `--cards deck/`, check it with "
                  "`vita cards check deck/`.", ""]
    return "\n".join(lines)
