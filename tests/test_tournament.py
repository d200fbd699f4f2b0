"""`vita tournament`: every lineup with seats rotated, win rates with intervals and ratings."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from click.testing import CliRunner

from vita.cli import main
from vita.tournament import run


def test_every_bot_sits_in_every_seat_and_the_stronger_bot_leads() -> None:
    """Heuristic against random in the card game, 6 games with seats turning each game: each
    bot sits 3 times in each seat; the heuristic bot (which beats the random one 190-200 times
    in 200) wins most and is rated first; the same seed plays the same games."""
    summary = run("pursuit-cards", {"players": 2}, ["heuristic", "random"], 6, seed=3, workers=1)
    seats = {(result["seating"][0], result["seating"][1]) for result in summary["games"]}
    assert seats == {("heuristic", "random"), ("random", "heuristic")}
    first = [result["seating"][0] for result in summary["games"]]
    assert first.count("heuristic") == first.count("random") == 3
    top = summary["standings"][0]
    assert top["bot"] == "heuristic" and top["wins"] >= 5 and top["games"] == 6
    assert top["win_rate_low"] <= top["win_rate"] <= top["win_rate_high"]
    assert top["mu"] > summary["standings"][1]["mu"]
    again = run("pursuit-cards", {"players": 2}, ["heuristic", "random"], 6, seed=3, workers=2)
    assert again["games"] == summary["games"]


def test_more_seats_than_bots_fill_the_table_in_turn() -> None:
    summary = run("pursuit", {"players": 4}, ["heuristic", "random"], 2, seed=1, workers=1)
    assert summary["lineups"] == [["heuristic", "random", "heuristic", "random"]]
    assert {row["bot"]: row["games"] for row in summary["standings"]} == {"heuristic": 4, "random": 4}


def test_the_command_writes_json_csv_and_a_plot(tmp_path: Path) -> None:
    csv_path, plot_path = tmp_path / "games.csv", tmp_path / "rates.png"
    result = CliRunner().invoke(main, ["tournament", "cv", "--players", "2", "--bots", "heuristic,random",
                                       "--games", "2", "--workers", "1", "--json", "--csv", str(csv_path),
                                       "--plot", str(plot_path)])
    assert result.exit_code == 0, result.output[-1500:]
    summary = json.loads(result.output)
    assert [row["bot"] for row in summary["standings"]] and len(summary["games"]) == 2
    with csv_path.open(encoding="utf-8") as rows:
        assert len(list(csv.DictReader(rows))) == 2 * 2
    assert plot_path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    for wrong, message in [("heuristic,nobody", "unknown bot"), ("random", "at least two different bots"),
                           ("random,ismcts:iters=x", "not a number")]:
        refused = CliRunner().invoke(main, ["tournament", "cv", "--bots", wrong, "--games", "1", "--workers", "1"])
        assert refused.exit_code == 2 and message in refused.output, refused.output[-500:]
