"""The heuristic bot keeps playing in 3- and 4-player games: it lays melds card by card
(the first card of a meld is not a loss to it), so its hand does not grow turn after turn
while it scores nothing."""

from __future__ import annotations

import pytest

from vita.sim import play_one


@pytest.mark.parametrize("players", [3, 4])
def test_no_heuristic_seat_hoards_without_scoring(players: int) -> None:
    bots = ["random"] + ["heuristic"] * (players - 1)
    stuck = []
    totals = {"random": 0.0, "heuristic": 0.0}
    games = 150 if players == 3 else 60
    for seed in range(games):
        state, _ = play_one("pursuit-cards", {"players": players}, bots, seed)
        for seat, bot in enumerate(bots):
            totals[bot] += state.happiness[seat] / bots.count(bot)
            if bot == "heuristic" and state.happiness[seat] == 0 and sum(state.hands[seat]) >= 20:
                stuck.append((seed, seat, sum(state.hands[seat])))
    assert stuck == [], f"heuristic seats that ended with no Happiness and 20+ cards: {stuck}"
    assert totals["heuristic"] > 2 * totals["random"]
