"""Deck files as people write them: every problem is one error naming file, card and field;
never a traceback, never a blow-up, never a silent mistake."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from vita.cli import main
from vita.core.datafile import load_yaml
from vita.core.errors import DataError


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input="q\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.output


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    target = tmp_path / "my-deck"
    code, output = run("cards", "export", "pursuit", str(target))
    assert code == 0 and "14 files" in output  # the base game's 7 and the Community expansion's 7
    assert (target / "community" / "community.yaml").exists()
    return target


def test_export_gives_a_deck_that_checks_and_plays(deck: Path) -> None:
    code, output = run("cards", "check", str(deck) + "/")
    assert code == 0 and output.strip() == f"{deck}/: the deck is valid", "the path as given"
    code, output = run("cards", "export", "pursuit", str(deck))
    assert code == 2 and "not empty" in output
    code, output = run("cards", "export", "pursuit-cards", str(deck.parent / "other"))
    assert code == 2 and "no card data" in output
    code, output = run("play", "pursuit", "--players", "2", "--bots", "random", "--seed", "1", "--cards", str(deck))
    assert code == 0, output
    code, output = run("play", "pursuit", "--players", "5", "--expansion", "community", "--bots", "random",
                       "--seed", "1", "--cards", str(deck))
    assert code == 0, output


def test_a_community_card_problem_names_its_file_and_card(deck: Path) -> None:
    path = deck / "community" / "community.yaml"
    path.write_text(path.read_text().replace("multiple: false", "multiple: maybe", 1))
    code, lines = problems(deck)
    where = "community/community.yaml: card 1 (organize-a-party): multiple: "
    assert code != 0 and any(line.startswith(where) for line in lines), lines


def problems(deck: Path) -> tuple[int, list[str]]:
    code, output = run("cards", "check", str(deck))
    return code, output.strip().splitlines()


def test_a_file_that_is_not_utf8(deck: Path) -> None:
    (deck / "items.yaml").write_bytes(b"- id: caf\xe9\n")
    code, lines = problems(deck)
    assert code == 1 and any(line.startswith("items.yaml: not UTF-8") for line in lines)


def test_a_directory_in_place_of_a_file(deck: Path) -> None:
    (deck / "jobs.yaml").unlink()
    (deck / "jobs.yaml").mkdir()
    code, lines = problems(deck)
    assert code == 1 and "jobs.yaml: is a directory, not a file" in lines


def test_a_key_given_twice(deck: Path) -> None:
    text = (deck / "projects.yaml").read_text()
    (deck / "projects.yaml").write_text(text.replace("  kind: basic\n", "  kind: basic\n  kind: group\n", 1))
    code, lines = problems(deck)
    assert code == 1 and any("projects.yaml: line" in line and "'kind' is given twice" in line for line in lines)


def test_an_alias_bomb_is_refused_at_once(deck: Path) -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(9))
    (deck / "board.yaml").write_text(bomb)
    started = time.monotonic()
    code, output = run("cards", "check", str(deck))
    assert code == 1 and "aliases (*name) are not allowed" in output
    assert len(output) < 2000 and time.monotonic() - started < 5
    code, output = run("play", "pursuit", "--players", "2", "--bots", "random", "--cards", str(deck))
    assert code == 2 and len(output) < 3000 and "board.yaml" in output


def test_a_duplicate_id_names_both_files_and_cards(deck: Path) -> None:
    text = (deck / "items.yaml").read_text()
    first = text.split("- id: ", 1)[1].split("\n", 1)[0]
    (deck / "items.yaml").write_text(text.replace(f"- id: {first}\n", "- id: act-in-play\n", 1))
    code, lines = problems(deck)
    assert code == 1
    found = [line for line in lines if "already the id of" in line]
    assert found, lines
    assert found[0].startswith("items.yaml: card 1 (act-in-play): id:") and "projects.yaml: card 1" in found[0]


def test_a_bad_field_names_file_card_and_field(deck: Path) -> None:
    text = (deck / "projects.yaml").read_text()
    (deck / "projects.yaml").write_text(text.replace("category: A", "category: 7", 1))
    code, lines = problems(deck)
    assert code == 1 and any(line.startswith("projects.yaml: card 1 (act-in-play): category:") for line in lines)


def test_a_huge_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("- x\n" * 400_000)
    with pytest.raises(DataError, match="at most"):
        load_yaml(path)
