"""Game records that are not what they claim: every one is refused with one line naming the
field, exit status 2, and never a traceback (`vita replay` and `vita play --load`)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from vita.cli import main
from vita.core import GameRecord
from vita.registry import get_game, make_bot


def a_record(game_id: str = "pursuit-cards", finished: bool = True) -> dict[str, Any]:
    game = get_game(game_id)
    state = game.new(seed=4, players=2)
    record = GameRecord(game=game_id, options={"players": 2}, seed=4, players=["human:Ana", "bot:random"],
                        deck=game.deck_fingerprint(game.make_options({"players": 2})), rules=game.info.rules_version)
    bot = make_bot(game_id, "random", 1)
    while not state.is_over() and (finished or len(record.actions) < 20):
        seat = state.to_move()[0]
        action = bot.choose(state, seat)
        state.apply(action, seat)
        record.record(state, seat, str(action))
    return record.to_json()


def run(path: Path, *command: str) -> tuple[int, str, BaseException | None]:
    result = CliRunner().invoke(main, [*command, str(path)], input="q\n")
    error = result.exception if not isinstance(result.exception, SystemExit) else None
    return result.exit_code, result.output, error


def mutate(record: dict[str, Any], change: Any) -> dict[str, Any]:
    data = copy.deepcopy(record)
    change(data)
    return data


CORRUPTIONS = {
    "unknown game": (lambda d: d.update(game="chess"), "game"),
    "list-valued game": (lambda d: d.update(game=["pursuit"]), "game"),
    "invalid options": (lambda d: d.update(options={"players": 9}), "options"),
    "options not an object": (lambda d: d.update(options=[1]), "options"),
    "unknown bot": (lambda d: d.update(players=["human:Ana", "bot:genius"]), "players.1"),
    "too short players": (lambda d: d.update(players=["human:Ana"]), "players"),
    "odd player label": (lambda d: d.update(players=["Ana", "bot:random"]), "players.0"),
    "edited seat": (lambda d: d["actions"][3].__setitem__(0, 1 - d["actions"][3][0]), "actions.3"),
    "seat out of range": (lambda d: d["actions"][2].__setitem__(0, 7), "actions"),
    "null notation": (lambda d: d["actions"][5].__setitem__(1, None), "actions.5.1"),
    "bad notation": (lambda d: d["actions"][5].__setitem__(1, "take ²"), "actions.5"),
    "deck a number": (lambda d: d.update(deck=3), "deck"),
    "other deck": (lambda d: d.update(deck="sha256:" + "0" * 64), "deck"),
    "list-valued result": (lambda d: d.update(result=[1, 2]), "result"),
    "forged result": (lambda d: d["result"].update(scores=[999, 0]), "result"),
    "missing format": (lambda d: d.pop("format"), "format"),
    "wrong format": (lambda d: d.update(format="vita-record/9"), "format"),
    "other rules version": (lambda d: d.update(rules=99), "rules"),
    "seed a string": (lambda d: d.update(seed="7"), "seed"),
    "negative seed": (lambda d: d.update(seed=-1), "seed"),
    "unknown field": (lambda d: d.update(cheat=True), "cheat"),
    "actions not a list": (lambda d: d.update(actions="all"), "actions"),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
@pytest.mark.parametrize("command", [("replay",), ("play", "--load")])
def test_a_corrupted_record_is_refused_naming_the_field(tmp_path: Path, name: str, command: tuple[str, ...]) -> None:
    change, field = CORRUPTIONS[name]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(mutate(a_record(), change)))
    code, output, error = run(path, *command)
    assert error is None, f"a traceback: {error!r}"
    assert code == 2, output
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error:"), output
    assert field in lines[0], output


@pytest.mark.parametrize("content", [b"", b"\xff\xfe not utf-8", b"[" * 100_000 + b"]" * 100_000, b"{",
                                     b"null", b"[]", b'"text"'])
def test_a_file_that_is_no_record(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(content)
    for command in (("replay",), ("play", "--load")):
        code, output, error = run(path, *command)
        assert error is None and code == 2 and len(output.strip().splitlines()) == 1, output


def test_records_of_before_rules_versions_still_replay(tmp_path: Path) -> None:
    data = a_record()
    data["format"] = "vita-record/1"
    data.pop("rules")
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    code, output, _ = run(path, "replay")
    assert code == 0 and "Final scores" in output


def test_random_mutations_never_crash(tmp_path: Path) -> None:
    """Replace any part of a record by another value: it replays (exit 0) or is refused (2)."""
    record = a_record(finished=False)
    rng = random.Random(5)
    values: list[Any] = [None, 0, -1, 2**70, "", "x", "take ²", [], {}, [0, "pass"], {"a": 1}, 1.5, True]
    path = tmp_path / "game.json"

    def places(node: Any, trail: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        found = [trail]
        if isinstance(node, dict):
            for key, value in node.items():
                found += places(value, (*trail, key))
        elif isinstance(node, list):
            for index, value in enumerate(node[:6]):
                found += places(value, (*trail, index))
        return found

    spots = [p for p in places(record) if p]
    for _ in range(120):
        data = copy.deepcopy(record)
        trail = rng.choice(spots)
        parent = data
        for key in trail[:-1]:
            parent = parent[key]
        parent[trail[-1]] = rng.choice(values)
        path.write_text(json.dumps(data))
        for command in (("replay",), ("play", "--load")):
            code, output, error = run(path, *command)
            assert error is None, f"{trail} → {parent[trail[-1]]!r}: {error!r}"
            assert code in (0, 2), output
