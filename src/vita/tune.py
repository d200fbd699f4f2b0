"""Tuning a deck's designed values towards a balance target (``vita tune``).

The values a rulebook prints are never touched: a card's ``source`` says whether it is
printed (``rulebook``), designed, or ``mixed``, and a mixed card lists its printed values as
paths (:func:`vita.core.datafile.is_printed`). Every other whole number under a card's
``cost``, ``reward``, ``requires``, ``additional``, ``effect`` or ``points`` is a knob that
may move by up to ``spread`` either way. A game whose data has a mixed card that does not
say which of its values are printed is refused: it cannot be tuned without risk of changing
a printed value.

The search is Optuna's (a seeded TPE sampler). Each trial writes its deck to a directory,
checks it with the game's own deck check (a deck the game refuses is pruned), and plays
``games`` bot games on the same seeds every trial (common random numbers: trials differ by
their values, not by their luck). The target ``seat win rates within P points`` asks every
seat's win rate to lie within P percentage points of the even share; a trial's score is the
largest distance. The best deck is then played again on seeds no trial used, so the report
shows whether the gain holds beyond the seeds it was found on.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from vita.core.datafile import is_printed, load_yaml
from vita.registry import get_game
from vita.sim import simulate
from vita.tournament import wilson

VALUE_KEYS = frozenset({"cost", "reward", "requires", "additional", "effect", "points"})
TARGET = re.compile(r"^\s*seat win rates within (\d+(?:\.\d+)?) points?\s*$")


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


def parse_target(text: str) -> float:
    """The points of a target ``seat win rates within P points``.

    >>> parse_target("seat win rates within 2 points")
    2.0
    """
    found = TARGET.match(text)
    if not found:
        raise ValueError(f"unknown target {text[:80]!r}: the target tune knows is 'seat win rates within P points'")
    return float(found.group(1))


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


def seat_rates(game_id: str, options: dict[str, Any], bots: list[str], games: int, seed: int,
               workers: int) -> list[float]:
    summary = simulate(game_id, options, bots, games, seed, workers=workers)
    return [seat["win_rate"] for seat in summary["seats"]]


def spread(rates: list[float]) -> float:
    """The largest distance of a seat's win rate from the even share, in percentage points."""
    return 100 * max(abs(rate - 1 / len(rates)) for rate in rates)


def tune(game_id: str, options: dict[str, Any], bots: list[str], *, target: float, budget: float,
         out: Path, games: int = 400, trials: int | None = None, spread_by: int = 1,
         cards: set[str] | None = None, seed: int = 1, workers: int | None = None,
         progress: bool = False) -> dict[str, Any]:
    """Search the designed values (see the module's notes) and write the best deck and its
    report to ``out``; returns the report's data."""
    try:
        import optuna
    except ImportError:
        raise ValueError("vita tune needs Optuna: pip install 'vita[tune]'") from None

    game = get_game(game_id)
    source = game.card_data_directory()
    if source is None or "cards" not in game.options_model.model_fields:
        raise ValueError(f"{game_id} has no deck files to tune")
    deck = Path(options.get("cards") or source)
    found = knobs(deck, cards)
    if not found:
        among = f" among the cards {', '.join(sorted(cards))}" if cards else ""
        raise ValueError(f"no designed value to tune{among}")
    workers = workers or os.cpu_count() or 1
    out.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="vita-tune-"))
    evaluated: list[dict[str, Any]] = []
    started = time.monotonic()

    def evaluate(values: dict[Knob, int], where: Path, seeds: int) -> list[float] | str:
        write_deck(deck, where, values)
        problems = game.check_card_data(str(where))
        if problems:
            return "; ".join(problems[:3])
        return seat_rates(game_id, {**options, "cards": str(where)}, bots, games, seeds, workers)

    def objective(trial: optuna.Trial) -> float:
        values = {k: trial.suggest_int(k.name, max(0, k.value - spread_by), k.value + spread_by) for k in found}
        result = evaluate(values, scratch / f"trial-{trial.number}", seed)
        shutil.rmtree(scratch / f"trial-{trial.number}", ignore_errors=True)
        if isinstance(result, str):
            evaluated.append({"trial": trial.number, "refused": result})
            raise optuna.TrialPruned(result)
        evaluated.append({"trial": trial.number, "rates": result, "spread": spread(result)})
        if progress:
            print(f"trial {trial.number}: seat win rates {', '.join(f'{r:.3f}' for r in result)} "
                  f"(spread {spread(result):.1f} points)", flush=True)
        return spread(result)

    def reached(study: optuna.Study, _: optuna.trial.FrozenTrial) -> None:
        if study.best_value <= target:
            study.stop()

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed))
    study.enqueue_trial({k.name: k.value for k in found})  # the deck as it is: the baseline
    try:
        study.optimize(objective, n_trials=trials, timeout=budget, callbacks=[reached])
        complete = [t for t in study.trials if t.state == optuna.trial.TrialState.COMPLETE]
        if not complete:
            raise ValueError("no trial finished within the budget: give it more time or fewer games")
        best = study.best_trial
        values = {k: int(best.params[k.name]) for k in found}
        baseline = next((e for e in evaluated if e["trial"] == 0 and "rates" in e), None)
        # The best deck and the deck as it was, on seeds no trial played.
        fresh_seed = seed + 1_000_003
        check_best = evaluate(values, out / "deck", fresh_seed)
        check_base = seat_rates(game_id, options, bots, games, fresh_seed, workers)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    assert not isinstance(check_best, str)
    changes = [{"file": k.file, "card": k.card, "path": k.path, "from": k.value, "to": values[k]}
               for k in found if values[k] != k.value]
    report = {
        "game": game_id, "options": options, "bots": bots, "target": f"seat win rates within {target:g} points",
        "games_per_trial": games, "seed": seed, "knobs": len(found), "spread_by": spread_by,
        "trials": len(study.trials), "completed": len(complete), "seconds": round(time.monotonic() - started, 1),
        "baseline": baseline, "best": {"trial": best.number, "spread": float(best.value or 0.0),
                                       "rates": next(e["rates"] for e in evaluated if e["trial"] == best.number)},
        "fresh_seeds": {"seed": fresh_seed, "baseline": check_base, "baseline_spread": spread(check_base),
                        "best": check_best, "best_spread": spread(check_best)},
        "reached": float(best.value or 0.0) <= target, "changes": changes,
    }
    (out / "tune.json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    (out / "tune.md").write_text(markdown(report), encoding="utf-8")
    return report


def markdown(report: dict[str, Any]) -> str:
    """The report as Markdown: the target, the trials, win rates before and after (with 95%
    intervals, on the trials' seeds and on fresh ones), and every value changed."""
    games = report["games_per_trial"]

    def rates(values: list[float]) -> str:
        return ", ".join(f"{r:.3f} ({wilson(r * games, games)[0]:.3f}-{wilson(r * games, games)[1]:.3f})"
                         for r in values)

    fresh = report["fresh_seeds"]
    lines = [f"# vita tune: {report['game']} {json.dumps(report['options'])}", "",
             f"Target: {report['target']} (bots: {', '.join(report['bots'])}; {games} games a trial on the same "
             f"seeds, seed {report['seed']}). {report['knobs']} designed values, each moved by at most "
             f"{report['spread_by']}; printed values are never changed.", "",
             f"{report['trials']} trials ({report['completed']} complete) in {report['seconds']} s; "
             f"{'target reached' if report['reached'] else 'target not reached'} on the trials' seeds.", "",
             "| deck | seeds | seat win rates (95% interval) | largest distance from the even share |",
             "|---|---|---|---|"]
    if report["baseline"]:
        lines.append(f"| as it was | trials' | {rates(report['baseline']['rates'])} | "
                     f"{report['baseline']['spread']:.1f} points |")
    lines.append(f"| proposed (trial {report['best']['trial']}) | trials' | {rates(report['best']['rates'])} | "
                 f"{report['best']['spread']:.1f} points |")
    lines.append(f"| as it was | fresh ({fresh['seed']}) | {rates(fresh['baseline'])} | "
                 f"{fresh['baseline_spread']:.1f} points |")
    lines.append(f"| proposed | fresh ({fresh['seed']}) | {rates(fresh['best'])} | {fresh['best_spread']:.1f} points |")
    lines += ["", "A gain on the trials' seeds that does not hold on fresh seeds is luck: run longer, with more "
                  "games a trial.", "", f"## Values changed ({len(report['changes'])})", ""]
    if report["changes"]:
        lines += ["| file | card | value | from | to |", "|---|---|---|---|---|"]
        lines += [f"| {c['file']} | {c['card']} | {c['path']} | {c['from']} | {c['to']} |" for c in report["changes"]]
    else:
        lines.append("None: the deck as it was scored best.")
    lines += ["", "The proposed deck is in `deck/`: play it with `--cards deck/`, check it with "
                  "`vita cards check deck/`.", ""]
    return "\n".join(lines)
