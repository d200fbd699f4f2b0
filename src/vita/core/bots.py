"""Bots: anything that picks an action for a seat.

A bot is built by a factory from a seed, so a game with bots is as
reproducible as one without. The random bot works for every game; games add
their own (a heuristic bot at least) through :meth:`vita.core.state.Game.bots`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from vita.core.rng import Rng
from vita.core.state import Action, State


class Bot(Protocol):
    """Chooses an action for ``seat``, which is asked to act in ``state``."""

    name: str

    def choose(self, state: State, seat: int) -> Action: ...


BotFactory = Callable[[int], Bot]
"""Makes a bot from a seed."""


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.choice(state.legal_actions(seat))
