"""Helpers for the Pursuit tests."""

from __future__ import annotations

from typing import Any

from vita.games.pursuit import GAME, PursuitState


def new_game(seed: int = 1, **options: Any) -> PursuitState:
    options.setdefault("players", 2)
    return GAME.new(seed=seed, **options)


def after_setup(seed: int = 1, **options: Any) -> PursuitState:
    """A game whose players have all kept their first dealt trait (Teen round, Action phase)."""
    state = new_game(seed, **options)
    for seat, player in enumerate(state.players):
        state.apply(state.parse(f"trait {state.deck.traits[player.offer[0]].id}"), seat)
    return state
