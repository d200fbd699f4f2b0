"""What the PettingZoo adapters share: a game's AI interface, its spaces, a seat's observation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from gymnasium import spaces

from vita.ai import games
from vita.ai.compact import CompactCodec
from vita.core.codec import ActionCodec, Observer, bounds, legal_by_number, observe_into
from vita.core.game import Game
from vita.core.state import Action, State
from vita.registry import get_game


class Seeds:
    """The game seeds of an environment's episodes, as Gymnasium draws them: ``reset(seed=n)``
    plays the game of seed ``n`` and seeds the environment's generator from it, so the episodes
    after it (``reset()``) follow from ``n`` too; a first ``reset()`` with no seed draws from
    fresh entropy (a training loop that never passes a seed meets a new deal every episode)."""

    def __init__(self) -> None:
        self.generator: np.random.Generator | None = None

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self.generator = np.random.default_rng(seed)
            return int(seed)
        if self.generator is None:
            self.generator = np.random.default_rng()
        return int(self.generator.integers(2**63))


@dataclass
class Interface:
    """A game with its options, action numbering and observer, ready for an environment."""

    game: Game[Any, Any]
    options: Any
    codec: ActionCodec
    observer: Observer
    players: int

    def box(self) -> spaces.Box:
        """The observation vector's space, with the bounds the observer declares."""
        low, high = bounds(self.observer)
        return spaces.Box(np.array(low, dtype=np.float32), np.array(high, dtype=np.float32), dtype=np.float32)

    def observation_space(self) -> spaces.Dict:
        return spaces.Dict({
            "observation": self.box(),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
        })

    def action_space(self) -> spaces.Discrete:
        return spaces.Discrete(self.codec.size)

    def observe(self, state: State, seat: int, asked: bool) -> dict[str, np.ndarray]:
        """What ``seat`` sees, with the mask of its legal actions (all zeros when not ``asked``)."""
        return {"observation": self.vector(state, seat),
                "action_mask": self.mask(state, seat) if asked else np.zeros(self.codec.size, dtype=np.int8)}

    def vector(self, state: State, seat: int) -> np.ndarray:
        """The observation as float32, written in place by observers that can (``observe_into``)."""
        out = np.empty(self.observer.size, dtype=np.float32)
        observe_into(self.observer, state, seat, out)
        return out

    def legal(self, state: State, seat: int) -> dict[int, Action]:
        """The legal actions of ``seat`` by their numbers (numbered together where the codec can;
        the compact encoding's past its last place are not offered)."""
        return legal_by_number(self.codec, state, seat)

    def mask(self, state: State, seat: int, legal: dict[int, Action] | None = None) -> np.ndarray:
        mask = bytearray(self.codec.size)  # set where legal, then seen as int8 without a copy
        for number in legal if legal is not None else self.legal(state, seat):
            mask[number] = 1
        return np.frombuffer(mask, dtype=np.int8)


ENCODINGS = ("full", "compact")
"""The action encodings an environment offers: the game's own numbering, or places among the
legal actions (:mod:`vita.ai.compact`)."""


def interface(game_id: str, options: dict[str, Any], actions: str = "full") -> Interface:
    """The AI interface of ``game_id`` with ``options`` and the ``actions`` encoding (one of
    :data:`ENCODINGS`); :class:`ValueError` if it has none."""
    if actions not in ENCODINGS:
        raise ValueError(f"actions must be one of {', '.join(ENCODINGS)}, not {actions!r}")
    game = get_game(game_id)
    parsed = game.make_options(options)
    made = games.interface(game, parsed)
    if made is None:
        raise ValueError(f"{game_id} has no AI interface yet (nor a list of its actions for the generic one)")
    codec, observer = made
    if actions == "compact":
        compact = CompactCodec(codec, observer)
        codec, observer = compact, compact.observer
    return Interface(game, parsed, codec, observer, getattr(parsed, "players", 1))


def log_tail(state: State | None, render_mode: str | None) -> str | None:
    """The ``ansi`` rendering: the last lines of the public log."""
    if render_mode != "ansi" or state is None:
        return None
    return "\n".join(state.events_for(None)[-20:])
