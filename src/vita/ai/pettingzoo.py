"""Any vita game as a PettingZoo AEC environment (the multi-agent standard of Farama).

    from vita.ai.pettingzoo import env
    game = env("pursuit-cards", players=3)
    game.reset(seed=1)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        action = None if termination or truncation else sample(observation["action_mask"])
        game.step(action)

Agents are ``player_0`` … ``player_{n-1}``. The action space is ``Discrete(codec.size)``
(the game's fixed numbering, or with ``actions="compact"`` places among the legal actions:
:mod:`vita.ai.compact`) and each observation is ``{"observation": float32 vector,
"action_mask": int8 vector}``, holding only what that seat may see. The agent asked to act
is the first seat in ``state.to_move()`` (a defender acting out of turn included); rewards
come at the end, from ``Game.outcome`` (+1 first … -1 last). An illegal action number
raises :class:`vita.core.IllegalAction` with the reason.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from vita.ai.common import Seeds, interface, log_tail
from vita.core.errors import IllegalAction
from vita.core.state import Action, State


class VitaAECEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no types
    """A game of the registry as an AEC environment."""

    # PettingZoo's API: a class attribute, completed per environment with its name.
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, game_id: str, render_mode: str | None = None, actions: str = "full",
                 **options: Any) -> None:
        super().__init__()
        self.interface = interface(game_id, options, actions)
        self.game, self.game_options = self.interface.game, self.interface.options
        self.codec, self.observer = self.interface.codec, self.interface.observer
        players = self.interface.players
        self.metadata = {**self.metadata, "name": f"vita_{game_id.replace('-', '_')}"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents = self.possible_agents[:]
        self._spaces = {agent: self.interface.observation_space() for agent in self.possible_agents}
        self._actions = {agent: self.interface.action_space() for agent in self.possible_agents}
        self.state_: State | None = None
        self.seeds = Seeds()
        # The legal actions of the seat asked, by number, for the position they were read in
        # (the env's own count of actions applied): a step then needs no second legality check.
        self.asked: tuple[int, int, dict[int, Action]] | None = None
        self.moves = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._actions[agent]

    def seat(self, agent: str) -> int:
        return self._seats[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        logging = self.render_mode is not None
        self.state_ = self.game.new_state(self.game_options, self.seeds.next(seed), log=logging)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state_.to_move()[0]]
        self.asked, self.moves = None, 0

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.state_
        assert state is not None
        seat = self.seat(agent)
        if state.is_over() or state.to_move()[0] != seat:
            return self.interface.observe(state, seat, False)
        mask = self.interface.mask(state, seat, self._legal(seat))
        return {"observation": self.interface.vector(state, seat), "action_mask": mask}

    def _legal(self, seat: int) -> dict[int, Action]:
        assert self.state_ is not None
        if self.asked is None or self.asked[:2] != (self.moves, seat):
            self.asked = (self.moves, seat, self.interface.legal(self.state_, seat))
        return self.asked[2]

    def step(self, action: int | None) -> None:
        assert self.state_ is not None
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must choose an action")
        seat = self.seat(agent)
        move = self._legal(seat).get(int(action))
        if move is None:  # not a legal number now: the refusal says why
            decoded = self.codec.decode(self.state_, seat, int(action))
            raise IllegalAction(self.state_.why_illegal(seat, decoded) or f"{decoded} is not legal now")
        self.state_.apply_trusted(seat, move)
        self.moves += 1
        self._cumulative_rewards[agent] = 0.0
        if self.state_.is_over():
            outcome = self.game.outcome(self.state_)
            for other in self.agents:
                self.rewards[other] = outcome[self.seat(other)]
                self.terminations[other] = True
            self._accumulate_rewards()  # rewards come only at the end: before it they are all 0
        else:
            self.agent_selection = self.possible_agents[self.state_.to_move()[0]]

    def render(self) -> str | None:
        return log_tail(self.state_, self.render_mode)

    def close(self) -> None:
        self.state_ = None


class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order checks, with ``last`` (read at every decision) answered by the
    environment itself rather than attribute by attribute through the wrapper: the same
    values and the same check (nothing before ``reset``), a fraction of the time."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        result: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return result

    def step(self, action: Any) -> None:
        """The wrapper's checks, then the environment's own step (one call, not three)."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    # What the agent loop reads at every decision (``agent_iter``, ``step``), checked as the
    # wrapper checks them.
    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        agents: list[str] = self.env.agents
        return agents

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        selected: str = self.env.agent_selection
        return selected


def raw_env(game_id: str, render_mode: str | None = None, **options: Any) -> VitaAECEnv:
    return VitaAECEnv(game_id, render_mode, **options)


def env(game_id: str, render_mode: str | None = None, **options: Any) -> AECEnv:
    """The environment with PettingZoo's usual checks around it."""
    wrapped: AECEnv = OrderEnforcing(raw_env(game_id, render_mode, **options))
    return wrapped
