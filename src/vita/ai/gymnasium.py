"""Any vita game as a single-agent Gymnasium environment: one seat learns, bots play the others.

    from vita.ai import gymnasium_env
    env = gymnasium_env("cv", players=3, opponents="heuristic")
    observation, info = env.reset(seed=1)
    while True:
        action = policy(observation, env.action_masks())
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

The learner sits in ``seat`` (0 unless given); the other seats are played by ``opponents``:
a bot's name from the registry (``random``, ``heuristic``), one name per other seat, or a
callable ``(state, seat) -> Action``. The action space is ``Discrete(codec.size)``, the game's
fixed numbering (or, with ``actions="compact"``, places among the legal actions:
:mod:`vita.ai.compact`); the observation is the seat's float32 vector (only what that seat may see).
``action_masks()`` gives the legal numbers as booleans, as MaskablePPO (sb3-contrib) expects,
and ``info["action_mask"]`` holds the same after every reset and step.

Rewards come at the end, from ``Game.outcome`` (+1 first ... -1 last, shared places share).
An action number that is not legal now ends the episode with ``ILLEGAL_PENALTY`` (-1, as a
last place) and ``info["illegal"]`` saying why, so unmasked sampling, as Gymnasium's
``check_env`` does, is well defined. The game's seed is the seed given to ``reset`` (or one
drawn from the environment's generator), and the bots are seeded from it: an episode
replays exactly from its seed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from vita.ai.common import interface, log_tail
from vita.core.errors import IllegalAction
from vita.core.state import Action, State
from vita.registry import make_bot

ILLEGAL_PENALTY = -1.0
Opponent = Callable[[State, int], Action]


class VitaGymEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a game of the registry, the others played by bots."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's API)

    def __init__(self, game_id: str, opponents: str | Sequence[str] | Opponent = "random", seat: int = 0,
                 render_mode: str | None = None, actions: str = "full", **options: Any) -> None:
        self.interface = interface(game_id, options, actions)
        self.game_id = game_id
        players = self.interface.players
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of a {players}-player game (0-{players - 1})")
        self.seat = seat
        others = [s for s in range(players) if s != seat]
        if isinstance(opponents, str):
            opponents = [opponents] * len(others)
        if not callable(opponents):
            if len(opponents) != len(others):
                raise ValueError(f"{len(others)} opponents are needed, {len(opponents)} were given")
            for name in opponents:
                try:
                    make_bot(game_id, name, 0)
                except KeyError as unknown:
                    raise ValueError(unknown.args[0]) from None
        self.opponents = opponents
        self.others = others
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.observation_space = self.interface.box()
        self.action_space = spaces.Discrete(self.interface.codec.size)
        self.state_: State | None = None
        self.bots: dict[int, Opponent] = {}

    # -- Gymnasium's API --------------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**31))
        self.state_ = self.interface.game.new_state(self.interface.options, game_seed, log=self.render_mode is not None)
        if callable(self.opponents):
            self.bots = {other: self.opponents for other in self.others}
        else:
            self.bots = {other: make_bot(self.game_id, name, game_seed * 31 + other).choose
                         for other, name in zip(self.others, self.opponents, strict=True)}
        self._play_others()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.state_
        if state is None or state.is_over():
            raise RuntimeError("reset the environment before stepping it (the episode is over)")
        try:
            move = self.interface.codec.decode(state, self.seat, int(action))
            state.apply(move, self.seat)
        except IllegalAction as refusal:
            info = self._info()
            info["illegal"] = str(refusal)
            return self._observation(), ILLEGAL_PENALTY, True, False, info
        self._play_others()
        reward = self.interface.game.outcome(state)[self.seat] if state.is_over() else 0.0
        return self._observation(), reward, state.is_over(), False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal action numbers now, as booleans (all False once the episode is over)."""
        return self._mask().astype(bool)

    def render(self) -> str | None:
        return log_tail(self.state_, self.render_mode)

    def close(self) -> None:
        self.state_ = None

    # -- inside -----------------------------------------------------------------------------------

    def _play_others(self) -> None:
        """The bots act until the learner's seat is the one asked (or the game ends)."""
        state = self.state_
        assert state is not None
        while not state.is_over():
            mover = state.to_move()[0]
            if mover == self.seat:
                return
            state.apply(self.bots[mover](state, mover), mover)

    def _mask(self) -> np.ndarray:
        state = self.state_
        assert state is not None
        if state.is_over():
            return np.zeros(self.interface.codec.size, dtype=np.int8)
        return self.interface.observe(state, self.seat, True)["action_mask"]

    def _observation(self) -> np.ndarray:
        assert self.state_ is not None
        return self.interface.observe(self.state_, self.seat, False)["observation"]

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask()}


def gymnasium_env(game_id: str, opponents: str | Sequence[str] | Opponent = "random", seat: int = 0,
                  render_mode: str | None = None, actions: str = "full", **options: Any) -> VitaGymEnv:
    """``game_id`` as a single-agent Gymnasium environment (see the module's notes)."""
    return VitaGymEnv(game_id, opponents, seat, render_mode, actions, **options)


def register_envs() -> list[str]:
    """Register every game with Gymnasium as ``vita/<game id>-v0`` (options as keyword
    arguments of ``gymnasium.make``); return the ids."""
    from vita.registry import GAMES

    ids = []
    for game_id in GAMES:
        env_id = f"vita/{game_id}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="vita.ai.gymnasium:VitaGymEnv", kwargs={"game_id": game_id},
                               disable_env_checker=True)
        ids.append(env_id)
    return ids
