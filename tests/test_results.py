"""Simulation results: each game's facts about its seats, their Parquet columns and the
report's tables by category and by card."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from vita import report
from vita.sim import play_one, simulate

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("pursuit", {"players": 3}),
    ("pursuit", {"players": 2, "expansion": "community"}),
    ("pursuit-cards", {"players": 2}),
    ("cv", {"players": 3}),
    ("our-life", {"players": 3}),
]


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=[f"{g}-{o}" for g, o in GAMES])
def test_facts_are_names_numbers_or_lists_of_names_per_seat(game_id: str, options: dict[str, Any]) -> None:
    state, _ = play_one(game_id, options, ["heuristic"] * options["players"], 3)
    facts = state.facts()
    assert len(facts) == options["players"]
    assert all(facts) and all(f.keys() == facts[0].keys() for f in facts)
    for seat_facts in facts:
        for value in seat_facts.values():
            names = isinstance(value, list) and all(isinstance(v, str) for v in value)
            assert isinstance(value, str | float) or names


def test_the_facts_say_what_the_finished_game_shows() -> None:
    """The facts are the game's own end position: the child trait and cards of each Pursuit
    player, the private life goal of each CV player."""
    state, _ = play_one("pursuit", {"players": 2}, ["heuristic", "heuristic"], 4)
    view = state.view(None)
    for seat, facts in enumerate(state.facts()):
        player = view["players"][seat]
        assert facts["trait"] == next(t.name for t in state.deck.traits if t.id == player["trait"])
        ids = {card.name: card.id for card in state.deck.cards}
        assert facts["cards"] and all(ids[card] in str(player) for card in facts["cards"])
    state, _ = play_one("cv", {"players": 2}, ["heuristic", "heuristic"], 4)
    for seat, facts in enumerate(state.facts()):
        assert facts["goal"] == state.deck.title(state.goals[seat])
        assert len(facts["cards"]) <= state.cv_size(seat) + len(state.hands[seat])


def test_facts_go_to_parquet_and_the_report_reads_them(tmp_path: Path) -> None:
    out = tmp_path / "run"
    simulate("pursuit", {"players": 2}, ["heuristic", "random"], 8, seed=3, out_dir=str(out))
    table = pq.read_table(out)  # the directory reads as one dataset (nothing else in it is Parquet)
    assert str(table.schema.field("fact_trait").type) == "string"
    assert str(table.schema.field("fact_cards").type).startswith("list<")
    rows = table.to_pylist()
    assert all(row["fact_cards"] for row in rows) and all(row["fact_trait"] for row in rows)
    page = report.write(out, out / "_report.html").read_text(encoding="utf-8")
    assert "<h2>By trait</h2>" in page and "<h2>By cards</h2>" in page and "pick rate" in page
    # Seats, scores, lengths; by trait, by round of death, by cause of death; the life goals, the cards.
    assert page.count('src="data:image/png;base64,') == 8
    assert "<h2>By cause of death</h2>" in page and "<h2>By life goals</h2>" in page
    # Round 1's First Player is seat 0 unless the options say otherwise ("Setup").
    assert {row["first_player"] for row in rows} == {0} and "<h2>First player</h2>" in page
    assert all(row["rounds"] <= 8 for row in rows)  # the Round track: Teen, 4 Adult, 3 Old Age
    assert len(pq.read_table(out)) == len(rows)  # the report beside the parts does not break reading


def test_a_card_taken_by_every_winner_is_flagged() -> None:
    rows = [{"won": float(game % 2 == seat), "score": 0.0, "fact_cards": ["Boat"] if game % 2 == seat else ["Car"]}
            for game in range(60) for seat in (0, 1)]
    table = {r["value"]: r for r in report.fact_table(rows, "fact_cards")}
    assert table["Boat"]["win_rate"] == 1.0 and table["Boat"]["flagged"]
    assert table["Boat"]["pick_rate"] == 0.5 and table["Boat"]["others_win_rate"] == 0.0
    assert table["Car"]["win_rate"] == 0.0 and table["Car"]["flagged"]


def test_the_same_seeds_give_the_same_rows_on_one_worker_two_workers_and_ray(tmp_path: Path) -> None:
    """The rows of a run do not depend on what ran it: one process, two, or a local Ray instance
    (started for this run and stopped after it)."""
    pytest.importorskip("ray", reason="Ray is not installed (pip install -e '.[ray]')")
    runs = {}
    for name, how in (("one", {"workers": 1}), ("two", {"workers": 2}), ("ray", {"ray": "local"})):
        out = tmp_path / name
        summary = simulate("cv", {"players": 2}, ["heuristic", "random"], 12, seed=5, out_dir=str(out), **how)
        runs[name] = (summary["seats"], sorted(pq.read_table(out).to_pylist(), key=lambda r: (r["game"], r["seat"])))
    assert runs["one"] == runs["two"] == runs["ray"]
    assert len(runs["one"][1]) == 24



def test_any_row_replays_from_its_seed(tmp_path: Path) -> None:
    """A row's seed, options and bots play its game again, to the same score and length."""
    import json

    out = tmp_path / "run"
    simulate("our-life", {"players": 3, "couples": 1}, ["heuristic", "random", "heuristic"], 4, seed=9,
             out_dir=str(out))
    rows = pq.read_table(out).to_pylist()
    bots = [row["bot"] for row in sorted(rows, key=lambda r: r["seat"]) if row["game"] == 2]
    for row in rows:
        state, _ = play_one("our-life", json.loads(row["options"]), bots, row["seed"])
        assert state.scores()[row["seat"]] == row["score"] and state.ply == row["length"]


def test_the_cause_of_death_says_what_ended_each_life() -> None:
    """"Entering the Old Age": stress beyond the track's end ends a life; a player still alive
    at the end of the last round dies then."""
    causes = set()
    for seed in range(12):
        state, _ = play_one("pursuit", {"players": 3}, ["heuristic", "random", "heuristic"], seed)
        rounds = state.deck.board.rounds
        for p, facts in zip(state.players, state.facts(), strict=True):
            causes.add(facts["cause of death"])
            if p.stress > state.deck.stress.last:
                expected = "stress in the Old Age" if rounds[p.died].stage == "old-age" else "stress before the Old Age"
            else:
                assert p.died == len(rounds) - 1
                expected = "end of the last round"
            assert facts["cause of death"] == expected
    assert len(causes) >= 2, causes  # the table has more than one row


def test_each_game_says_who_moved_first(tmp_path: Path) -> None:
    """The first player as each game's doc defines it, in the ``first_player`` column."""
    # The card game: the player left of the dealer starts ("Setup").
    state, _ = play_one("pursuit-cards", {"players": 3, "dealer": 0}, ["random"] * 3, 2)
    assert state.first_player() == 1
    # CV: the Bicycle's holder starts; the log says who rode a bike as a child.
    out = tmp_path / "cv"
    simulate("cv", {"players": 3}, ["random"] * 3, 6, seed=5, out_dir=str(out))
    rows = pq.read_table(out).to_pylist()
    for game in {row["game"] for row in rows}:
        mine = [row for row in rows if row["game"] == game]
        state, _ = play_one("cv", {"players": 3}, ["random"] * 3, mine[0]["seed"], keep_record=True)
        rider = next(event for event in state.log or () if "rode a bike" in event.text)
        assert rider.text.startswith(state.name(mine[0]["first_player"]))
        assert {row["first_player"] for row in mine} == {mine[0]["first_player"]}
    # Our Life's choices are simultaneous: no first player, no column.
    out = tmp_path / "our-life"
    simulate("our-life", {"players": 2}, ["random"] * 2, 2, seed=5, out_dir=str(out))
    assert "first_player" not in pq.read_table(out).schema.names


def test_the_console_numbers_seats_from_1_and_gives_the_first_player() -> None:
    from click.testing import CliRunner

    from vita.cli import main

    result = CliRunner().invoke(main, ["simulate", "cv", "--players", "2", "--bots", "random,random", "--games", "12",
                                       "--workers", "1"])
    assert result.exit_code == 0, result.output
    rows = [line.split("│")[1].strip() for line in result.output.splitlines() if line.count("│") >= 5]
    assert rows[-2:] == ["1", "2"], result.output  # seats 1 and 2, after the header
    assert "First player (docs/balance.md): win rate" in result.output
    summary = json.loads(CliRunner().invoke(main, ["simulate", "cv", "--players", "2", "--bots", "random,random",
                                                   "--games", "12", "--workers", "1", "--json"]).output)
    assert [seat["seat"] for seat in summary["seats"]] == [0, 1]  # JSON stays 0-based, as the Parquet columns
    assert 0 <= summary["first_player"]["win_rate"] <= 1 and summary["first_player"]["games"] == 12
