"""Our Life's sheets and decks: every value marked printed or designed, the examples' values
where the rulebook fixes them, and data directories people edit."""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from vita.games.our_life.cards import DATA_DIR, check_directory, load_book

DECKS = ("actions", "background", "personal_goals", "shared_goals", "children_single", "children_couple",
         "stories", "vacations")


def test_the_eight_decks_and_enough_goals_for_eight_players() -> None:
    cards = yaml.safe_load((DATA_DIR / "cards.yaml").read_text())
    assert all(cards[deck] for deck in DECKS)
    assert len(cards["personal_goals"]) >= 16 and len(cards["shared_goals"]) >= 16  # "draws two different"


def test_the_values_the_examples_fix() -> None:
    book = load_book()
    education = book.row("education")
    assert education.score_at[-1] == 9 and sum(set(education.score_at)) == 13   # "9 ... not 13"
    assert book.row("creativity").score_at[-1] == 3                            # "another 3"
    assert book.row("home").score_at[-1] == 9                                   # "9 for the Home"
    assert book.row("car").score_at[-1] == book.row("camper").score_at[-1] == 2  # "2 for each Vehicle"
    assert book.row("romance").score_at[book.row("romance").section_ends[1]] == 6  # "6 Life Achievement points"
    assert book.stress_start == 3 and book.relaxed_joy == 8 and book.section_change == 3
    assert book.happiness_floor == -3 and book.goal_rounds == (4, 7, 10) and book.display == 4
    assert [minimum for minimum, _ in book.solo] == [400, 350, 300, 250, 200, None]
    doctor = book.personal_goals[201]
    assert [doctor.joy(k) for k in (2, 3, 5, 7)] == [0, 2, 2, 2] and doctor.joy(8) > 2


def test_every_row_says_whether_it_is_printed_or_designed() -> None:
    book = load_book()
    for row in (*book.character, *book.family):
        assert row.source in ("rulebook", "mixed", "designed")
        assert (row.source == "designed") == (row.note == ""), row.id


def test_a_broken_data_directory_names_each_problem(tmp_path: Path) -> None:
    target = tmp_path / "mine"
    shutil.copytree(DATA_DIR, target)
    sheets = yaml.safe_load((target / "sheets.yaml").read_text())
    sheets["character"][0]["sections"] = []                     # a row with no squares
    (target / "sheets.yaml").write_text(yaml.safe_dump(sheets))
    cards = yaml.safe_load((target / "cards.yaml").read_text())
    cards["background"][0]["row"] = "astronaut"                  # no such row
    cards["personal_goals"] = cards["personal_goals"][:3]       # too few for eight players
    (target / "cards.yaml").write_text(yaml.safe_dump(cards))
    problems = check_directory(target)
    assert any("sheets.yaml: character.0.sections" in p for p in problems)
    assert any("personal_goals" in p for p in problems)
    (target / "sheets.yaml").write_text((DATA_DIR / "sheets.yaml").read_text())
    cards["personal_goals"] = yaml.safe_load((DATA_DIR / "cards.yaml").read_text())["personal_goals"]
    (target / "cards.yaml").write_text(yaml.safe_dump(cards))
    assert check_directory(target) == ["cards.yaml: background 101: 'astronaut' is no Character row"]


def test_the_docs_tables_are_the_data() -> None:
    """docs/games/our-life.md lists every sheet and card value (python tools/our_life_tables.py)."""
    from vita.games.our_life.describe import markdown_tables

    doc = (Path(__file__).parents[3] / "docs" / "games" / "our-life.md").read_text()
    assert f"<!-- tables -->\n{markdown_tables(load_book())}\n<!-- /tables -->" in doc
