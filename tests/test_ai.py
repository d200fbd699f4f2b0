"""The AI interfaces: fixed action numbers that round-trip, observations that hide what a seat
cannot see, and every game as a PettingZoo environment passing PettingZoo's own API test."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

from vita.core import IllegalAction, Rng
from vita.core.codec import legal_mask
from vita.registry import GAMES, get_game

CONFIGS = [("pursuit", {"players": n}) for n in (1, 2, 4)] + [
    ("pursuit", {"players": n, "expansion": "community"}) for n in (1, 3, 5)] + [
    ("pursuit-cards", {"players": 2}), ("pursuit-cards", {"players": 5}), ("cv", {"players": 2}),
    ("cv", {"players": 4}), ("our-life", {"players": 1}), ("our-life", {"players": 3})]


def test_every_game_has_an_ai_interface() -> None:
    for game_id in GAMES:
        game = get_game(game_id)
        assert game.ai_interface(game.make_options({"players": max(2, game.info.min_players)})) is not None


@pytest.mark.parametrize(("game_id", "config"), CONFIGS)
def test_action_numbers_round_trip_and_observations_keep_secrets(game_id: str, config: dict[str, Any]) -> None:
    game = get_game(game_id)
    options = game.make_options(config)
    interface = game.ai_interface(options)
    assert interface is not None
    codec, observer = interface
    for seed in range(3):
        state = game.new_state(options, seed, log=False)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            numbers = [codec.encode(state, seat, action) for action in legal]
            assert len(set(numbers)) == len(numbers)
            assert all(codec.decode(state, seat, n) == a for n, a in zip(numbers, legal, strict=True))
            assert sum(legal_mask(codec, state, seat)) == len(legal)
            observation = observer.observe(state, seat)
            assert len(observation) == observer.size
            if rng.below(20) == 0:
                other = state.determinize(seat, rng)
                assert observer.observe(other, seat) == observation, "an observation shows hidden things"
            state.apply(rng.choice(legal), seat)
    for outside in (codec.size + 5, codec.size, -1, -codec.size):
        with pytest.raises(IllegalAction):
            codec.decode(state, 0, outside)


@pytest.mark.parametrize(("game_id", "players", "extra"), [
    ("pursuit", 2, {}), ("pursuit", 5, {"expansion": "community"}), ("pursuit-cards", 3, {}), ("cv", 3, {}),
    ("our-life", 3, {})])
def test_pettingzoo_api_and_a_whole_episode(game_id: str, players: int, extra: dict[str, Any]) -> None:
    from pettingzoo.test import api_test

    from vita.ai.pettingzoo import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo notes that observations are dicts (masks)
        api_test(env(game_id, players=players, **extra), num_cycles=100, verbose_progress=False)
    environment = env(game_id, players=players, **extra)
    environment.reset(seed=4)
    rng = np.random.default_rng(4)
    final: dict[str, Any] = {}
    for agent in environment.agent_iter(max_iter=50_000):
        observation, reward, termination, truncation, _ = environment.last()
        if termination or truncation:
            final[agent] = reward
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(rng.choice(legal)))
    assert len(final) == players and max(final.values()) == 1.0


@pytest.mark.parametrize(("game_id", "options"), [("our-life", {"players": 3, "couples": 1}),
                                                  ("cv", {"players": 3})])
def test_parallel_api_and_a_whole_episode(game_id: str, options: dict[str, Any]) -> None:
    """The simultaneous choices through PettingZoo's Parallel API: its own test passes, and masked
    random play reaches the end with every seat rewarded."""
    from pettingzoo.test import parallel_api_test

    from vita.ai.parallel import parallel_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env(game_id, **options), num_cycles=200)
    environment = parallel_env(game_id, **options)
    observations, _ = environment.reset(seed=4)
    rng = np.random.default_rng(4)
    together = 0
    rewards: dict[str, float] = {}
    for _ in range(20_000):
        if not environment.agents:
            break
        masks = {a: observations[a]["action_mask"] for a in environment.agents}
        together = max(together, sum(1 for mask in masks.values() if mask.any()))
        actions = {a: int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for a, m in masks.items()}
        observations, rewards, _, _, infos = environment.step(actions)
        assert not any("illegal" in info for info in infos.values())
    assert not environment.agents and max(rewards.values()) == 1.0
    assert together >= 2, "several seats were asked at once"


def test_the_base_game_encoding_does_not_change_with_the_expansion() -> None:
    """The expansion adds numbers and features; a base game's numbering and vector stay as they were."""
    game = get_game("pursuit")
    base = game.ai_interface(game.make_options({"players": 2}))
    expanded = game.ai_interface(game.make_options({"players": 2, "expansion": "community"}))
    assert base is not None and expanded is not None
    assert "done" not in base[0].notations and "engage safety-seminar" not in base[0].notations
    assert {"done", "engage safety-seminar", "outcome 3", "outcome 3 martha"} <= set(expanded[0].notations)
    assert expanded[1].size > base[1].size


def test_an_illegal_parallel_action_ends_the_episode_with_a_penalty() -> None:
    from vita.ai.parallel import ILLEGAL_PENALTY, parallel_env

    environment = parallel_env("our-life", players=2)
    observations, _ = environment.reset(seed=1)
    wrong = int(np.flatnonzero(observations["player_0"]["action_mask"] == 0)[0])
    legal = int(np.flatnonzero(observations["player_1"]["action_mask"])[0])
    _, rewards, terminations, _, infos = environment.step({"player_0": wrong, "player_1": legal})
    assert rewards["player_0"] == ILLEGAL_PENALTY and all(terminations.values())
    assert "illegal" in infos["player_0"] and not environment.agents
