"""``vita tune``: only designed values move; printed ones are marked per value in the data."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from vita.cli import main
from vita.core.datafile import _MISSING, is_printed, value_at
from vita.games.pursuit.cards import DATA_DIR, check_directory, load_deck
from vita.tune import knobs


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_the_values_printed_in_the_rulebook_are_never_knobs() -> None:
    """The rulebook's Item example prints the Car's second level (Family Car: 4 coins, 1
    Influence, 1 STH, 2 LTH, upkeep 3 coins for 1 LTH); its first and third levels are designed."""
    found = {(k.file, k.card, k.path) for k in knobs(DATA_DIR)}
    assert ("items.yaml", "car", "levels.0.cost.money") in found
    assert not any(card == "car" and path.startswith("levels.1.") for _, card, path in found)
    # The Get Job example prints every value of the Event Coordinator job.
    assert not any(card == "event-coordinator" for _, card, _ in found)
    # No knob of any card lies under a path the card marks printed.
    for file in DATA_DIR.rglob("*.yaml"):
        for entry in _cards(yaml.safe_load(file.read_text(encoding="utf-8"))):
            printed = tuple(entry.get("printed", ()))
            for _, card, path in found:
                if card == entry["id"]:
                    assert not is_printed(path, entry.get("source", "designed"), printed), (card, path)


def _cards(data: object) -> list[dict[str, object]]:
    if isinstance(data, list):
        return [e for e in data if isinstance(e, dict) and "id" in e]
    if isinstance(data, dict):
        return [e for value in data.values() for e in _cards(value)]
    return []


def test_a_mixed_card_must_say_which_values_are_printed(tmp_path: Path) -> None:
    deck = tmp_path / "deck"
    shutil.copytree(DATA_DIR, deck)
    items = deck / "items.yaml"
    items.write_text(items.read_text(encoding="utf-8").replace("  printed: [levels.1]\n", "", 1), encoding="utf-8")
    problems = check_directory(str(deck))
    assert problems and any("items.yaml" in p and "car" in p and "printed" in p for p in problems), problems
    items.write_text(items.read_text(encoding="utf-8").replace("  source: mixed\n", "  source: mixed\n"
                                                               "  printed: [levels.7]\n", 1), encoding="utf-8")
    problems = check_directory(str(deck))
    assert any("'levels.7' names no value" in p for p in problems), problems


def test_tune_refuses_a_deck_whose_mixed_card_does_not_mark_its_printed_values(tmp_path: Path) -> None:
    deck = tmp_path / "deck"
    shutil.copytree(DATA_DIR, deck)
    items = deck / "items.yaml"
    items.write_text(items.read_text(encoding="utf-8").replace("  printed: [levels.1]\n", "", 1), encoding="utf-8")
    refusal = "items.yaml: card car: source is mixed but no value is marked printed"
    with pytest.raises(ValueError, match=re.escape(refusal)):
        knobs(deck)


@pytest.mark.parametrize("game_id", ["pursuit", "cv", "our-life"])
def test_every_shipped_deck_marks_the_printed_values_of_its_mixed_cards(game_id: str) -> None:
    from vita.registry import get_game

    directory = get_game(game_id).card_data_directory()
    assert directory is not None
    assert knobs(directory), "designed values to tune"


def test_value_paths_name_fields_and_positions() -> None:
    assert value_at({"levels": [{"cost": {"money": 4}}]}, "levels.0.cost.money") == 4
    assert value_at({"levels": []}, "levels.0") is _MISSING
    assert value_at({"levels": [{"cost": 1}]}, "levels.x") is _MISSING


def test_tune_writes_a_valid_deck_that_changes_only_designed_values(tmp_path: Path) -> None:
    out = tmp_path / "tuned"
    code, output = run("tune", "pursuit", "--players", "2", "--bots", "random", "--cards", "car,concert",
                       "--trials", "3", "--games", "12", "--budget", "5m", "--workers", "1", "--out", str(out))
    assert code == 0, output
    report = json.loads((out / "tune.json").read_text(encoding="utf-8"))
    assert report["trials"] >= 1 and (out / "tune.md").is_file()
    assert check_directory(str(out / "deck")) == []
    before = {c.id: c for c in load_deck().cards}
    after = {c.id: c for c in load_deck(out / "deck").cards}
    # The printed levels are as printed: Family Car (the Item example), Local Band (the Activity example).
    assert after["car"].steps[1] == before["car"].steps[1]
    assert after["concert"].steps[0] == before["concert"].steps[0]
    assert {c["card"] for c in report["changes"]} <= {"car", "concert"}
    assert all(not c["path"].startswith("levels.1.") for c in report["changes"] if c["card"] == "car")
    assert all(c.steps == before[c.id].steps for i, c in after.items() if i not in ("car", "concert"))


@pytest.mark.parametrize(("args", "message"), [
    (("pursuit", "--target", "everyone happy"), "unknown target"),
    (("pursuit", "--budget", "soon"), "a budget is a time"),
    (("pursuit", "--cards", "no-such-card"), "no designed value to tune"),
])
def test_tune_refuses_what_it_cannot_do_in_one_line(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    code, output = run("tune", *args, "--out", str(tmp_path / "x"))
    assert code == 2 and message in output, output
