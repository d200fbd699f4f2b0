"""Undo: which actions reveal something hidden. The game's exact answer agrees with the
generic one that re-samples everything hidden (vita.core.undo), action by action."""

from __future__ import annotations

import pytest

from vita.core.rng import Rng
from vita.core.undo import SAMPLES
from vita.registry import get_game


def sampled(before, seat, action, after) -> bool:  # type: ignore[no-untyped-def]
    """The generic answer (the game's own ``reveals`` is bypassed)."""
    rng = Rng(before.rng.state ^ 0x5DEECE66D)
    for observer in [seat, *(s for s in range(before.num_players) if s != seat)]:
        expected = after.view(observer)
        for _ in range(SAMPLES):
            world = before.determinize(observer, rng)
            world.log = None
            if world.why_illegal(seat, action) is not None:
                return True
            world.apply_trusted(seat, action)
            if world.view(observer) != expected:
                return True
    return False


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_exact_answer_agrees_with_sampling(players: int) -> None:
    counts = {True: 0, False: 0}
    for seed in range(3):
        state = get_game("pursuit").new(seed=seed, players=players, log=False)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            action = rng.choice(state.legal_actions(seat))
            before = state.clone()
            state.apply(action, seat)
            exact = before.reveals(seat, action)
            assert exact == sampled(before, seat, action, state), f"{action} (seat {seat}, ply {before.ply})"
            counts[bool(exact)] += 1
    assert counts[True] and counts[False], "both kinds of action were met"
