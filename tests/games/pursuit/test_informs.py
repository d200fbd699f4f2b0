"""Undo in the board game: which of a player's own actions tell that player something hidden
(the observer's exact ``informs``), against the generic answer that re-samples everything the
player cannot see (vita.core.undo), action by action, with and without Community."""

from __future__ import annotations

import pytest

from vita.core.rng import Rng
from vita.core.undo import sampled_informs
from vita.games.pursuit.actions import ChooseTrait
from vita.registry import get_game
from vita.testing.suite import random_moves


@pytest.mark.parametrize("expansion", [None, "community"])
def test_the_exact_answer_never_misses_what_sampling_finds(expansion: str | None) -> None:
    """The exact answer never allows a take-back that sampling finds told something; the
    moves on the table tell nothing, the last child-trait choice ("Setup") and the draws do."""
    met: dict[str, set[bool]] = {"first traits": set(), "last trait": set(), "draws": set(), "table": set()}
    for players, seed in [(players, seed) for players in (1, 2, 3) for seed in range(3)]:
        options = {"players": players} | ({"expansion": expansion} if expansion else {})
        game = get_game("pursuit").new(seed=seed, log=False, **options)
        for before, seat, action, state in random_moves(game, Rng(seed + 11)):
            exact = before.informs(seat, action)
            assert exact is not None
            if not exact:
                assert not sampled_informs(before, seat, action, state), f"{action} (seat {seat})"
            if isinstance(action, ChooseTrait):
                last = sum(p.trait < 0 for p in before.players) == 1
                met["last trait" if last else "first traits"].add(exact)
            elif before.rng.state != state.rng.state:
                met["draws"].add(exact)
            else:
                met["table"].add(exact)
    assert met["first traits"] == {False}, "keeping one's own trait while others have yet to choose tells nothing"
    assert met["draws"] == {True} and True in met["last trait"], met
    assert False in met["table"], met
