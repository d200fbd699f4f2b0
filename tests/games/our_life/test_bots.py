"""The heuristic bot beats the random bot in at least 90% of 2-family games over 200 seeds."""

from __future__ import annotations

from vita.games.our_life import GAME
from vita.registry import make_bot


def test_heuristic_beats_random_in_at_least_90_percent_of_two_family_games() -> None:
    wins = 0
    for seed in range(200):
        state = GAME.new(seed=seed, players=2, log=False)
        mine = seed % 2  # half the games from each seat
        bots = {mine: make_bot("our-life", "heuristic", seed), 1 - mine: make_bot("our-life", "random", seed)}
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(bots[seat].choose(state, seat), seat)
        wins += state.ranking()[mine] == 1 and state.ranking()[1 - mine] == 2
    assert wins >= 180, f"the heuristic bot won {wins} of 200"
