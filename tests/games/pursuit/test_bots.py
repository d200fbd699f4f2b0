"""The heuristic bot against the random bot (the documented figure uses 200 seeds)."""

from __future__ import annotations

from vita.sim import simulate

SEEDS = 60


def test_heuristic_beats_random_in_at_least_90_percent_of_two_player_games() -> None:
    as_first = simulate("pursuit", {"players": 2}, ["heuristic", "random"], SEEDS // 2, seed=1)
    as_second = simulate("pursuit", {"players": 2}, ["random", "heuristic"], SEEDS // 2, seed=2)
    wins = as_first["seats"][0]["wins"] + as_second["seats"][1]["wins"]
    assert wins / SEEDS >= 0.9, wins


def test_heuristic_bot_plays_the_solo_game() -> None:
    summary = simulate("pursuit", {"players": 1}, ["heuristic"], 4, seed=3)
    assert all(result["scores"][0] > 20 for result in summary["results"])
