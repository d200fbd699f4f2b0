"""Conformance cases: a rulebook's worked examples as data files, checked by the engine.

A case file is YAML (or JSON) holding one case, or several as YAML documents
separated by ``---``::

    name: Act in Play at L1
    source: "Board actions, Basic Projects example"
    game: pursuit
    options: {players: 2}
    seed: 1
    position:                 # optional: merged into the fresh game's position JSON
      players: {0: {resources: {influence: 1}}}
    actions: ["take-project act-in-play"]
    expect: {"players.0.resources.creativity": 2}
    # or: expect_error: "not enough influence"

How the fields are read:

``position``
    Deep-merged into ``state.to_json()`` of a fresh game: mappings merge key by
    key, a mapping with integer keys patches list items in place, anything
    else replaces. The game then reconciles card locations (a card placed
    somewhere leaves its draw pile) and validates the result.
``actions``
    Applied in order. An item is a notation string (acted by the one seat that
    must act) or ``{seat: N, action: "..."}``.
``expect``
    Dotted paths into the final position JSON (list items by number), and
    ``len(path)`` for a length; the special keys ``$scores``, ``$ranking``,
    ``$over`` and ``$to_move`` check the game's results, ``$breakdown`` each seat's
    points by category; ``$scores.1`` or ``$breakdown.0.possessions`` look inside them.
``expect_error``
    The *last* action must be refused with a message containing this text
    (case-insensitive), and the position must be unchanged.
``expect_legal`` / ``expect_not_legal``
    Notations that must (not) be among the legal actions of the seat to move
    at the end.
``expect_log``
    Texts that must appear, in this order, in the log of the case's actions.

A case can say more:

``expect_error`` as a mapping
    ``{code: not-enough-resources}`` (the refusal's stable reason code, listed in each
    game's doc), ``{message: "…"}``, or both: a case that checks the code survives a
    rewording of the message.
``expect_legal`` / ``expect_not_legal`` as a mapping
    ``{1: ["pass"], 2: [...]}``: the legal actions of any named seat, not only the mover's.
``steps``
    Expectations after any action, not only at the end: a list of items, each an action
    (``action``, optional ``seat``) with any of ``expect``, ``expect_error`` (the action must
    be refused, and the next step goes on from the unchanged position), ``expect_legal``,
    ``expect_not_legal``. ``steps`` run after ``actions``.
``expect_invalid_position``
    The ``position`` must fail to load, with a message containing this text (``true``: any
    message); then the case has no actions.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from vita.core.errors import IllegalAction, PositionError
from vita.core.state import JSON, State

_MISSING = object()
Legality = list[str] | dict[int, list[str]]  # for the mover, or for named seats


@dataclass
class Step:
    """One action of a case's ``steps``, with what must hold right after it."""

    seat: int | None
    action: str
    expect: JSON = field(default_factory=dict)
    expect_error: str | JSON | None = None
    expect_legal: Legality = field(default_factory=list)
    expect_not_legal: Legality = field(default_factory=list)

    @classmethod
    def from_json(cls, data: Any, where: str) -> Step:
        if isinstance(data, str):
            return cls(None, data)
        if not isinstance(data, dict) or "action" not in data:
            raise ValueError(f"{where}: a step is an action, or a mapping with an 'action'")
        unknown = set(data) - {"seat", "action", "expect", "expect_error", "expect_legal", "expect_not_legal"}
        if unknown:
            raise ValueError(f"{where}: unknown step fields: {', '.join(sorted(unknown))}")
        return cls(int(data["seat"]) if "seat" in data else None, str(data["action"]),
                   dict(data.get("expect") or {}), data.get("expect_error"),
                   data.get("expect_legal") or [], data.get("expect_not_legal") or [])


@dataclass
class Case:
    name: str
    game: str
    file: str = ""
    source: str = ""
    options: JSON = field(default_factory=dict)
    seed: int = 0
    position: JSON | None = None
    actions: list[tuple[int | None, str]] = field(default_factory=list)
    expect: JSON = field(default_factory=dict)
    expect_error: str | JSON | None = None
    expect_legal: Legality = field(default_factory=list)
    expect_not_legal: Legality = field(default_factory=list)
    expect_log: list[str] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    expect_invalid_position: str | bool | None = None

    @classmethod
    def from_json(cls, data: Any, file: str = "") -> Case:
        if not isinstance(data, dict):
            raise ValueError(f"{file}: a case must be a mapping, not {type(data).__name__}")
        known = set(cls.__dataclass_fields__) - {"file"}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"{file}: unknown case fields: {', '.join(sorted(unknown))}")
        for required in ("name", "game"):
            if required not in data:
                raise ValueError(f"{file}: a case needs a {required!r}")
        actions: list[tuple[int | None, str]] = []
        for item in data.get("actions") or []:
            if isinstance(item, str):
                actions.append((None, item))
            elif isinstance(item, dict) and "action" in item:
                actions.append((int(item["seat"]) if "seat" in item else None, str(item["action"])))
            else:
                raise ValueError(f"{file}: bad action {item!r} in case {data['name']!r}")
        steps = [Step.from_json(item, f"{file}: case {data['name']!r}, step {n}")
                 for n, item in enumerate(data.get("steps") or [], start=1)]
        return cls(
            steps=steps,
            expect_invalid_position=data.get("expect_invalid_position"),
            name=str(data["name"]),
            game=str(data["game"]),
            file=file,
            source=str(data.get("source", "")),
            options=dict(data.get("options") or {}),
            seed=int(data.get("seed", 0)),
            position=data.get("position"),
            actions=actions,
            expect=dict(data.get("expect") or {}),
            expect_error=data.get("expect_error"),
            expect_legal=data.get("expect_legal") or [],
            expect_not_legal=data.get("expect_not_legal") or [],
            expect_log=list(data.get("expect_log") or []),
        )


@dataclass
class Outcome:
    case: Case
    failures: list[str]

    @property
    def ok(self) -> bool:
        return not self.failures


def load_cases(paths: Iterable[str | Path]) -> list[Case]:
    """Every case in the given files and directories (recursively, sorted)."""
    cases: list[Case] = []
    for path in _case_files(paths):
        text = path.read_text(encoding="utf-8")
        documents: Iterable[Any]
        try:
            if path.suffix == ".json":
                loaded = json.loads(text)
                documents = loaded if isinstance(loaded, list) else [loaded]
            else:
                documents = [doc for doc in yaml.safe_load_all(text) if doc is not None]
        except (json.JSONDecodeError, yaml.YAMLError) as error:
            raise ValueError(f"{path}: cannot be read: {error}") from None
        cases.extend(Case.from_json(doc, str(path)) for doc in documents)
    return cases


def _case_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(
                p for p in path.rglob("*") if p.suffix in {".yaml", ".yml", ".json"}
            )
        elif path.exists():
            yield path
        else:
            raise FileNotFoundError(f"no such case file or directory: {path}")


def deep_merge(base: Any, patch: Any) -> Any:
    """Merge ``patch`` into ``base`` (see the module docstring for the rules).

    >>> deep_merge({"a": [1, {"b": 2}]}, {"a": {1: {"c": 3}}})
    {'a': [1, {'b': 2, 'c': 3}]}
    """
    if isinstance(base, dict) and isinstance(patch, dict):
        merged = dict(base)
        for key, value in patch.items():
            merged[key] = deep_merge(base[key], value) if key in base else value
        return merged
    if isinstance(base, list) and isinstance(patch, dict) and all(_is_index(k) for k in patch):
        items = list(base)
        for key, value in patch.items():
            index = int(key)
            if not -len(items) <= index < len(items):
                raise PositionError(f"list index {index} is out of range (length {len(items)})")
            items[index] = deep_merge(items[index], value)
        return items
    return patch


def _is_index(key: Any) -> bool:
    return isinstance(key, int) or (isinstance(key, str) and key.lstrip("-").isdigit())


def lookup(data: Any, path: str) -> Any:
    """The value at a dotted ``path`` (``len(path)`` for a length), or raise :class:`KeyError`.

    >>> lookup({"p": [{"r": 3}]}, "p.0.r"), lookup({"p": [1, 2]}, "len(p)")
    (3, 2)
    """
    if path.startswith("len(") and path.endswith(")"):
        return len(lookup(data, path[4:-1]))
    value = data
    for part in path.split("."):
        if isinstance(value, list) and _is_index(part):
            index = int(part)
            if not -len(value) <= index < len(value):
                raise KeyError(f"{path}: index {index} out of range")
            value = value[index]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            raise KeyError(f"{path}: no {part!r} here")
    return value


def build_state(case: Case) -> State:
    """The position a case starts from."""
    from vita.registry import get_game

    game = get_game(case.game)
    state: State = game.new_state(game.make_options(case.options), case.seed)
    if case.position:
        merged = deep_merge(state.to_json(), case.position)
        state = game.state_from_json(game.reconcile_position(merged, case.position))
    return state


def run_case(case: Case) -> Outcome:
    """Run one case; the outcome lists every expectation that failed."""
    failures: list[str] = []
    try:
        state = build_state(case)
    except (PositionError, ValueError, KeyError) as error:
        if case.expect_invalid_position is not None:
            wanted = case.expect_invalid_position
            if isinstance(wanted, str) and wanted.lower() not in str(error).lower():
                return Outcome(case, [f"the position is refused, but with {str(error)!r}, not {wanted!r}"])
            return Outcome(case, [])
        return Outcome(case, [f"the position does not load: {error}"])
    if case.expect_invalid_position is not None:
        return Outcome(case, ["the position loads, but it was expected to be refused"])
    log_start = len(state.log or [])
    for number, (seat, text) in enumerate(case.actions, start=1):
        last = number == len(case.actions)
        if last and case.expect_error is not None:
            failures += _expect_refusal(state, seat, text, case.expect_error)
            break
        try:
            state.act(seat, text)
        except IllegalAction as error:
            return Outcome(case, [f"action {number} {text!r} was refused: {error}"])
    else:
        if case.expect_error is not None and not case.actions:
            failures.append("expect_error is given but there is no action to refuse")
    for number, step in enumerate(case.steps, start=1):
        where = f"step {number} ({step.action!r})"
        if step.expect_error is not None:
            failures += [f"{where}: {f}" for f in _expect_refusal(state, step.seat, step.action, step.expect_error)]
        else:
            try:
                state.act(step.seat, step.action)
            except IllegalAction as error:
                return Outcome(case, [*failures, f"{where} was refused: {error}"])
        failures += [f"{where}: {f}" for f in _check_position(state, step.expect)]
        failures += [f"{where}: {f}" for f in _check_legality(state, step.expect_legal, step.expect_not_legal)]
    failures += _check_expectations(case, state, log_start)
    return Outcome(case, failures)


def _expect_refusal(state: State, seat: int | None, text: str, expected: str | JSON) -> list[str]:
    wanted = expected if isinstance(expected, dict) else {"message": expected}
    before = state.to_json()
    try:
        state.act(seat, text)
    except IllegalAction as error:
        failures = []
        message = str(wanted.get("message", ""))
        if message.lower() not in str(error).lower():
            failures.append(f"error: expected a message containing {message!r}, got {str(error)!r}")
        if "code" in wanted and wanted["code"] != error.code:
            failures.append(f"error: expected the code {wanted['code']!r}, got {error.code!r} ({error})")
        if state.to_json() != before:
            failures.append("the refused action changed the position")
        return failures
    return [f"action {text!r} was accepted, expected a refusal ({wanted})"]


def _check_expectations(case: Case, state: State, log_start: int) -> list[str]:
    failures = _check_position(state, case.expect)
    failures += _check_legality(state, case.expect_legal, case.expect_not_legal)
    if case.expect_log:
        seats: list[int | None] = [None, *range(state.num_players)]
        logs = [state.events_for(seat, log_start) for seat in seats]
        if not any(_log_has(lines, case.expect_log) for lines in logs):
            shown = "\n    ".join(logs[0])
            failures.append(f"log: {case.expect_log!r} not found in this order in:\n    {shown}")
    return failures


def _check_legality(state: State, legal: Legality, not_legal: Legality) -> list[str]:
    """Notations that must (not) be legal: for the mover (a list) or named seats (a mapping)."""
    failures: list[str] = []
    for wanted, must in ((legal, True), (not_legal, False)):
        if isinstance(wanted, list):
            movers = state.to_move()
            wanted = {movers[0]: wanted} if movers else {-1: wanted}
        for seat, texts in wanted.items():
            seat = int(seat)
            actions = {str(a) for a in state.legal_actions(seat)} if 0 <= seat < state.num_players else set()
            who = f"seat {seat}"
            for text in texts:
                if (text in actions) != must:
                    failures.append(f"{'not legal' if must else 'legal'} for {who} but expected "
                                    f"{'' if must else 'not '}to be: {text!r}")
    return failures


def _check_position(state: State, expect: JSON) -> list[str]:
    failures: list[str] = []
    position = state.to_json()
    specials: dict[str, Callable[[], Any]] = {
        "$scores": lambda: list(state.scores()),
        "$ranking": lambda: list(state.ranking()),
        "$over": state.is_over,
        "$to_move": lambda: list(state.to_move()),
    }
    specials["$breakdown"] = state.score_breakdown
    for path, expected in expect.items():
        try:
            head, _, rest = path.partition(".")
            if head in specials:
                actual = specials[head]()
                actual = lookup({"v": actual}, f"v.{rest}") if rest else actual
            else:
                actual = lookup(position, path)
        except KeyError as error:
            failures.append(f"{path}: missing ({error.args[0]})")
            continue
        if not _same(actual, expected):
            failures.append(f"{path}: expected {expected!r}, got {actual!r}")
    return failures


def _log_has(lines: list[str], wanted: list[str]) -> bool:
    text = "\n".join(lines)
    position = 0
    for item in wanted:
        found = text.find(item, position)
        if found < 0:
            return False
        position = found + len(item)
    return True


def _same(actual: Any, expected: Any) -> bool:
    if isinstance(expected, float) or isinstance(actual, float):
        return isinstance(actual, int | float) and abs(float(actual) - float(expected)) < 1e-9
    return bool(actual == expected)


def format_outcome(outcome: Outcome) -> str:
    case = outcome.case
    head = f"{'PASS' if outcome.ok else 'FAIL'} {case.name}  [{case.file}]"
    if outcome.ok:
        return head
    details = "\n".join(f"    {failure}" for failure in outcome.failures)
    source = f"\n    source: {case.source}" if case.source else ""
    return f"{head}{source}\n{details}"
