"""Any vita game as a PettingZoo Parallel environment: every seat asked at once acts at once.

    from vita.ai.parallel import parallel_env
    game = parallel_env("our-life", players=4, couples=1)
    observations, infos = game.reset(seed=1)
    while game.agents:
        actions = {agent: sample(observations[agent]["action_mask"]) for agent in game.agents}
        observations, rewards, terminations, truncations, infos = game.step(actions)

Made for the games with simultaneous secret choices (Our Life's choice of Action cards, the
CV childhood draft, the Pursuit child trait), it plays any game: at each step the seats in
``state.to_move()`` are the ones asked, and each gets a mask of its legal actions; the other
agents' actions are ignored (their mask is all zeros). The asked seats' actions are applied
in seat order, each checked against the rules as it comes. An action that is not legal then
ends the episode: the agent who sent it gets a reward of -1, the others 0 (so that unmasked
sampling, as some checkers do, is well defined); ``infos[agent]["illegal"]`` says why.
Otherwise rewards come at the end, from ``Game.outcome`` (+1 first ... -1 last).
"""

from __future__ import annotations

import functools
from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from vita.ai.common import Seeds, interface, log_tail
from vita.core.errors import IllegalAction
from vita.core.state import State

ILLEGAL_PENALTY = -1.0


class VitaParallelEnv(ParallelEnv):  # type: ignore[misc]  # PettingZoo ships no types
    """A game of the registry as a Parallel environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": True}  # noqa: RUF012

    def __init__(self, game_id: str, render_mode: str | None = None, actions: str = "full",
                 **options: Any) -> None:
        self.interface = interface(game_id, options, actions)
        self.game, self.codec = self.interface.game, self.interface.codec
        players = self.interface.players
        self.metadata = {**self.metadata, "name": f"vita_{game_id.replace('-', '_')}_parallel"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents: list[str] = []
        self.state_: State | None = None
        self.seeds = Seeds()

    @functools.cache  # noqa: B019 (one space object per agent, as PettingZoo asks)
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.interface.observation_space()

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.interface.action_space()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        self.state_ = self.game.new_state(self.interface.options, self.seeds.next(seed),
                                          log=self.render_mode is not None)
        self.agents = self.possible_agents[:]
        return self._observations(), {agent: {} for agent in self.agents}

    def _observations(self) -> dict[str, dict[str, Any]]:
        assert self.state_ is not None
        movers = self.state_.to_move()
        return {agent: self.interface.observe(self.state_, seat, seat in movers)
                for seat, agent in enumerate(self.possible_agents)}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float], dict[str, bool],
                                                     dict[str, bool], dict[str, dict[str, Any]]]:
        state = self.state_
        assert state is not None and self.agents, "reset the environment first"
        rewards = {agent: 0.0 for agent in self.agents}
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        ended = False
        for seat in state.to_move():
            agent = self.possible_agents[seat]
            try:
                if agent not in actions or actions[agent] is None:
                    raise IllegalAction(f"{agent} is asked to act and sent no action")
                state.apply(self.codec.decode(state, seat, int(actions[agent])), seat)
            except IllegalAction as refusal:
                rewards[agent] = ILLEGAL_PENALTY
                infos[agent]["illegal"] = str(refusal)
                ended = True
                break
        if not ended and state.is_over():
            outcome = self.game.outcome(state)
            rewards = {agent: outcome[self.possible_agents.index(agent)] for agent in self.agents}
            ended = True
        observations = self._observations()
        terminations = {agent: ended for agent in self.agents}
        truncations = {agent: False for agent in self.agents}
        if ended:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return log_tail(self.state_, self.render_mode)

    def close(self) -> None:
        self.state_ = None


def parallel_env(game_id: str, render_mode: str | None = None, **options: Any) -> VitaParallelEnv:
    """``game_id`` as a PettingZoo Parallel environment (see the module's notes)."""
    return VitaParallelEnv(game_id, render_mode, **options)
