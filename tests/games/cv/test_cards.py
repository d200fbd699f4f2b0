"""CV's deck: the rulebook's counts, every card printed or designed, and deck files people edit."""

from __future__ import annotations

from pathlib import Path

import yaml
from click.testing import CliRunner

from vita.cli import main
from vita.games.cv.cards import DATA_DIR, check_directory, load_deck

SPECIAL = {5, 11, 12, 28, 29, 30, 35, 36, 41, 43, 45, 46, 53, 57, 60, *range(73, 84)}


def test_the_deck_has_the_rulebooks_counts() -> None:
    deck = load_deck()
    ages = [deck.by_age(age) for age in range(4)]
    assert [len(cards) for cards in ages] == [12, 26, 20, 17]
    assert sorted(deck.goals) == list(range(76, 84))
    assert deck.bicycle() == 12


def test_every_card_the_appendix_describes_says_it_is_printed() -> None:
    deck = load_deck()
    for number in SPECIAL:
        source = deck.goals[number].source if number in deck.goals else deck.card(number).source
        assert source in ("rulebook", "mixed"), number
    designed = [c for c in deck.cards if c is not None and c.source == "designed"]
    assert all(c.number not in SPECIAL for c in designed)


def _write(tmp_path: Path, change: object) -> Path:
    target = tmp_path / "deck"
    target.mkdir()
    cards = yaml.safe_load((DATA_DIR / "cards.yaml").read_text())
    goals = yaml.safe_load((DATA_DIR / "goals.yaml").read_text())
    change(cards, goals)  # type: ignore[operator]
    (target / "cards.yaml").write_text(yaml.safe_dump(cards))
    (target / "goals.yaml").write_text(yaml.safe_dump(goals))
    return target


def test_a_broken_deck_names_each_problem(tmp_path: Path) -> None:
    def spoil(cards: list[dict[str, object]], goals: list[dict[str, object]]) -> None:
        cards[20]["cost"] = {"money": -1}
        cards[21]["deck"] = "middle"
        goals.pop()

    problems = check_directory(_write(tmp_path, spoil))
    assert any("number 21" in p and "cost.money" in p for p in problems), problems


def test_deck_sizes_are_checked(tmp_path: Path) -> None:
    def move(cards: list[dict[str, object]], goals: list[dict[str, object]]) -> None:
        cards[20]["deck"] = "middle"

    problems = check_directory(_write(tmp_path, move))
    assert "the early deck has 26 cards, not 25" in problems
    assert "the middle deck has 20 cards, not 21" in problems


def test_an_edited_deck_plays(tmp_path: Path) -> None:
    def cheaper(cards: list[dict[str, object]], goals: list[dict[str, object]]) -> None:
        cards[13]["cost"] = {"money": 1}  # a cheaper Used car

    target = _write(tmp_path, cheaper)
    result = CliRunner().invoke(main, ["cards", "check", str(target), "--game", "cv"])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(main, ["play", "cv", "--players", "2", "--bots", "random,heuristic",
                                       "--seed", "3", "--cards", str(target)], input="q\n")
    assert result.exit_code == 0, result.output
    assert load_deck(target).card(14).cost[3] == 1
