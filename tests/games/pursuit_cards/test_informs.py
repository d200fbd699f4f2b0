"""Undo in the card game: which of a player's own actions tell that player something hidden
(the observer's exact ``informs``), against the generic answer that re-samples everything
the player cannot see (vita.core.undo), action by action."""

from __future__ import annotations

from vita.core.rng import Rng
from vita.core.undo import sampled_informs
from vita.games.pursuit_cards.actions import Activate, Take
from vita.games.pursuit_cards.cards import DIAMONDS, SPADES
from vita.registry import get_game
from vita.testing.suite import random_moves


def test_the_exact_answer_never_misses_what_sampling_finds() -> None:
    """The exact answer may block a take-back that sampling would allow (it does not look at
    which cards are left), never allow one that sampling finds told something."""
    met: dict[str, set[bool]] = {"Effects of Activating Melds": set(), "Attack Procedure": set(), "Melds": set()}
    for players, seed in [(players, seed) for players in (2, 3, 4) for seed in range(4)]:
        game = get_game("pursuit-cards").new(seed=seed, players=players, log=False)
        for before, seat, action, state in random_moves(game, Rng(seed + 9)):
            exact = before.informs(seat, action)
            assert exact is not None
            if not exact:
                assert not sampled_informs(before, seat, action, state), f"{action} (seat {seat}, ply {before.ply})"
            suit = before.meld(action.meld).suit if isinstance(action, Activate) else None
            if isinstance(action, Take) or suit == DIAMONDS:
                met["Effects of Activating Melds"].add(exact)
            elif suit == SPADES:
                met["Attack Procedure"].add(exact)
            else:  # laying, extending, discarding, defending, capturing, Hearts
                met["Melds"].add(exact)
    assert met["Melds"] == {False}, "the other actions tell the player nothing hidden"
    assert True in met["Effects of Activating Melds"] and True in met["Attack Procedure"], met
