"""Undo: which actions reveal something hidden. The game's exact answer agrees with the
generic one that re-samples everything hidden (vita.core.undo), action by action."""

from __future__ import annotations

import pytest

from vita.core.rng import Rng
from vita.core.undo import sampled_reveals
from vita.registry import get_game
from vita.testing.suite import random_moves


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_exact_answer_agrees_with_sampling(players: int) -> None:
    counts = {True: 0, False: 0}
    for seed in range(3):
        game = get_game("pursuit").new(seed=seed, players=players, log=False)
        for before, seat, action, state in random_moves(game, Rng(seed)):
            exact = before.reveals(seat, action)
            assert exact == sampled_reveals(before, seat, action, state), f"{action} (seat {seat}, ply {before.ply})"
            counts[bool(exact)] += 1
    assert counts[True] and counts[False], "both kinds of action were met"
