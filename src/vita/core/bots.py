"""Bots: anything that picks an action for a seat.

A bot is built by a factory from a seed, so a game with bots is as
reproducible as one without. The random bot works for every game; games add
their own (a heuristic bot at least) through :meth:`vita.core.game.Game.bots`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from vita.core.rng import Rng
from vita.core.state import Action, State

T = TypeVar("T")


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


GENERIC_BOTS: dict[str, BotFactory] = {"random": RandomBot}
"""Bots that play every game, by name (a game adds its own through ``Game.bots``)."""


def decision_seed(seed: int, ply: int, offset: int = 0) -> int:
    """The seed of a bot's generator for the decision at move ``ply`` (``offset`` tells apart
    the generators of one decision): what the bot decides depends only on its seed and the
    move number, so a resumed game needs no bot to think through past turns again."""
    return seed * 1_000_003 + ply + offset


def restored(make: Callable[..., T], args: tuple[Any, ...], attributes: dict[str, Any]) -> T:
    """An object made again by its constructor, then given back its attributes: how the
    engine's classes with arguments to their constructor pickle (the compiled build makes its
    objects only through their constructor)."""
    made = make(*args)
    for name, value in attributes.items():
        setattr(made, name, value)
    return made


class ErringBot:
    """Another bot that, at each decision with a choice, plays a random legal action instead
    with probability ``mistakes`` (``heuristic:mistakes=0.3``): a weaker opponent for people.
    Whether it errs depends only on its seed and the move number."""

    def __init__(self, inner: Bot, mistakes: float, seed: int = 0) -> None:
        if not 0.0 <= mistakes <= 1.0:
            raise ValueError(f"mistakes is a share of moves from 0 to 1, not {mistakes}")
        self.inner = inner
        self.mistakes = mistakes
        self.seed = seed
        self.name = f"{inner.name}:mistakes={mistakes:g}"

    def __reduce__(self) -> tuple[Any, ...]:
        return restored, (ErringBot, (self.inner, self.mistakes, self.seed), {"name": self.name})

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        rng = Rng(decision_seed(self.seed, state.ply))
        if len(legal) > 1 and rng.below(1_000_000) < self.mistakes * 1_000_000:
            return legal[rng.below(len(legal))]
        return self.inner.choose(state, seat)
