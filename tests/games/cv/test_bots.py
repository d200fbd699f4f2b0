"""The heuristic bot beats the random bot in at least 80% of 2-player games over 200 seeds."""

from __future__ import annotations

from vita.games.cv import GAME
from vita.registry import make_bot


def test_heuristic_beats_random_in_most_games() -> None:
    wins = 0
    for seed in range(200):
        state = GAME.new(seed=seed, players=2, log=False)
        mine = seed % 2  # half the games from each seat
        bots = {mine: make_bot("cv", "heuristic", seed), 1 - mine: make_bot("cv", "random", seed)}
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(bots[seat].choose(state, seat), seat)
        wins += state.ranking()[mine] == 1 and state.ranking()[1 - mine] == 2
    assert wins >= 160, f"the heuristic bot won {wins} of 200"
