"""The AI interfaces: fixed action numbers that round-trip, observations that hide what a seat
cannot see, and every game as a PettingZoo environment passing PettingZoo's own API test."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from tests.player_counts import EXTREMES

from vita.ai.games import own_interface
from vita.core import IllegalAction, Rng
from vita.core.codec import legal_mask
from vita.registry import GAMES, get_game, make_bot

CONFIGS = [("pursuit", {"players": n}) for n in (1, 2, 4)] + [
    ("pursuit", {"players": n, "expansion": "community"}) for n in (1, 3, 5)] + [
    ("pursuit-cards", {"players": 2}), ("pursuit-cards", {"players": 5}), ("cv", {"players": 2}),
    ("cv", {"players": 4}), ("our-life", {"players": 1}), ("our-life", {"players": 3})]


def test_every_game_has_an_ai_interface() -> None:
    """Each of vita's games has its own numbering and observer: every legal action of its
    first position has a number below the size that decodes to it, and the observation has
    the observer's size."""
    for game_id in GAMES:
        game = get_game(game_id)
        options = game.make_options({"players": max(2, game.info.min_players)})
        made = own_interface(game, options)
        assert made is not None, f"{game_id} has no AI interface of its own"
        codec, observer = made
        state = game.new_state(options, 1, log=False)
        seat = state.to_move()[0]
        for action in state.legal_actions(seat):
            number = codec.encode(state, seat, action)
            assert 0 <= number < codec.size and codec.decode(state, seat, number) == action
        assert len(observer.observe(state, seat)) == observer.size > 0


@pytest.mark.parametrize(("game_id", "config"), CONFIGS)
def test_action_numbers_round_trip_and_observations_keep_secrets(game_id: str, config: dict[str, Any]) -> None:
    game = get_game(game_id)
    options = game.make_options(config)
    interface = own_interface(game, options)
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


def test_card_game_actions_naming_no_meld_on_the_table_have_no_number() -> None:
    """A meld is numbered by its place on the table: an action naming a meld that is not
    there (its own, or the target of an attack) is refused with the meld's name."""
    from vita.games.pursuit_cards.actions import Activate, Extend
    from vita.games.pursuit_cards.cards import DECLARED

    game = get_game("pursuit-cards")
    options = game.make_options({"players": 2})
    interface = own_interface(game, options)
    assert interface is not None
    codec = interface[0]
    state, rng = game.new_state(options, 4, log=False), Rng(4)
    while not any(m.owner == state.to_move()[0] for m in state.melds):  # play on until the mover has a meld
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    seat = state.to_move()[0]
    mine = next(m for m in state.melds if m.owner == seat)
    for action, named in [(Activate(mine.cards[0] % DECLARED, 99, 1, -1), "m99"),
                          (Activate(mine.cards[0] % DECLARED, mine.id, 1, 98), "m98"),
                          (Extend(97, "back", 0), "m97")]:
        with pytest.raises(IllegalAction, match=f"no meld {named}"):
            codec.encode(state, seat, action)


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
    base = own_interface(game, game.make_options({"players": 2}))
    expanded = own_interface(game, game.make_options({"players": 2, "expansion": "community"}))
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




@pytest.mark.parametrize(("game_id", "options"), EXTREMES)
def test_gymnasium_check_env_and_a_masked_episode_against_bots(game_id: str, options: dict[str, Any]) -> None:
    """Gymnasium's own checker passes (it samples actions unmasked: an illegal one ends the
    episode with the penalty); masked random play against heuristic bots reaches the end with
    the outcome as reward, and the same seed replays the same episode."""
    from gymnasium.utils.env_checker import check_env

    from vita.ai import gymnasium_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # unbounded observation boxes: the vectors are counts and flags
        check_env(gymnasium_env(game_id, opponents="heuristic", **options))

    def episode(seed: int) -> tuple[list[np.ndarray], float]:
        environment = gymnasium_env(game_id, opponents="heuristic", **options)
        observation, info = environment.reset(seed=seed)
        rng = np.random.default_rng(seed)
        seen, reward = [observation], 0.0
        for _ in range(5_000):
            mask = environment.action_masks()
            assert mask.any() and (mask == info["action_mask"].astype(bool)).all()
            observation, reward, terminated, truncated, info = environment.step(int(rng.choice(np.flatnonzero(mask))))
            seen.append(observation)
            assert "illegal" not in info and not truncated
            if terminated:
                break
        assert terminated and not environment.action_masks().any()
        return seen, float(reward)

    first, reward = episode(5)
    again, same = episode(5)
    assert reward == same and len(first) == len(again)
    assert all((a == b).all() for a, b in zip(first, again, strict=True))
    assert -1.0 <= reward <= 1.0


def test_gymnasium_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    from vita.ai.gymnasium import ILLEGAL_PENALTY, gymnasium_env

    environment = gymnasium_env("pursuit-cards", players=2)
    environment.reset(seed=2)
    wrong = int(np.flatnonzero(~environment.action_masks())[0])
    _, reward, terminated, truncated, info = environment.step(wrong)
    assert reward == ILLEGAL_PENALTY and terminated and not truncated and info["illegal"]
    with pytest.raises(ValueError, match="unknown bot"):
        gymnasium_env("cv", opponents="nobody", players=2)
    with pytest.raises(ValueError, match="opponents are needed"):
        gymnasium_env("cv", opponents=["random"], players=3)


def test_gymnasium_make_knows_every_game() -> None:
    import gymnasium

    from vita.ai.gymnasium import register_envs
    from vita.registry import GAMES

    assert register_envs() == [f"vita/{game_id}-v0" for game_id in GAMES]
    environment = gymnasium.make("vita/cv-v0", players=3, opponents="heuristic")
    observation, _ = environment.reset(seed=1)
    assert observation.shape == environment.observation_space.shape


@pytest.mark.parametrize(("game_id", "options"), EXTREMES)
def test_pettingzoo_api_and_seed_tests_at_the_extremes(game_id: str, options: dict[str, Any]) -> None:
    from pettingzoo.test import api_test, seed_test

    from vita.ai import pettingzoo_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pettingzoo_env(game_id, **options), num_cycles=60, verbose_progress=False)
        seed_test(lambda: pettingzoo_env(game_id, **options), num_cycles=60)


@pytest.mark.parametrize(("game_id", "options"), [
    ("our-life", {"players": 1}), ("our-life", {"players": 2, "couples": 1}),
    ("our-life", {"players": 8, "couples": 2}), ("pursuit", {"players": 4}),
    ("pursuit", {"players": 5, "expansion": "community"})])
def test_pettingzoo_parallel_api_and_seed_tests(game_id: str, options: dict[str, Any]) -> None:
    """The games with simultaneous secret choices (Our Life's Action cards, the Pursuit child
    trait) through PettingZoo's Parallel API and its own checks."""
    from pettingzoo.test import parallel_api_test, parallel_seed_test

    from vita.ai import parallel_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env(game_id, **options), num_cycles=100)
        parallel_seed_test(lambda: parallel_env(game_id, **options), num_cycles=100)


# Each encoding's fingerprint (vita.ai.encoding.fingerprint) by game, options, encoding version
# and rules version: a random game's action numbers and observations. A change of the encoding
# changes it and must bump the game's ENCODING_VERSION; a change of the rules (a new rules
# version) changes the random game and is pinned anew under that rules version.
FINGERPRINTS = {
    ("pursuit", "{'players': 3}", 2, 2): "1dda495ce57e0bbf",
    ("pursuit", "{'players': 3, 'expansion': 'community'}", 2, 2): "94545b5bda60adc8",
    ("pursuit-cards", "{'players': 3}", 2, 1): "d10404edc0f60dc9",
    ("cv", "{'players': 3}", 2, 1): "b21eab28b79f2e08",
    ("our-life", "{'players': 3, 'couples': 1}", 2, 1): "98d9632c58988991",
}


@pytest.mark.parametrize("key", list(FINGERPRINTS))
def test_each_encoding_is_the_one_pinned_for_its_version(key: tuple[str, str, int, int]) -> None:
    import ast

    from vita.ai.encoding import fingerprint

    game_id, options, _, _ = key
    game = get_game(game_id)
    interface = own_interface(game, game.make_options(ast.literal_eval(options)))
    assert interface is not None
    now = (game_id, options, interface[0].version, game.info.rules_version)
    assert now in FINGERPRINTS, f"{now}: a new encoding or rules version: pin its fingerprint here"
    assert fingerprint(game_id, ast.literal_eval(options)) == FINGERPRINTS[now], (
        f"{game_id}'s encoding changed: bump ENCODING_VERSION in its ai.py and pin the new fingerprint")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_games_doc_shows_its_current_encoding(game_id: str) -> None:
    """The doc in this repository (read beside the tests: an installed build, compiled or not,
    has no docs beside its package) shows the encoding the installed code gives."""
    from pathlib import Path

    from vita.ai.encoding import BEGIN, END, section

    doc = Path(__file__).resolve().parents[1] / "docs" / "games" / f"{game_id}.md"
    text = doc.read_text(encoding="utf-8")
    shown = text.split(BEGIN, 1)[1].split(END, 1)[0]
    assert shown == "\n" + section(game_id), f"docs/games/{game_id}.md: run python tools/encodings.py"


def test_the_masked_ppo_example_trains_and_plays_a_few_hundred_steps() -> None:
    """examples/train_masked_ppo.py, for a few hundred steps (the full run is in the doc):
    it trains, then plays its evaluation games against the random bot to the end."""
    import importlib.util
    from pathlib import Path

    pytest.importorskip("sb3_contrib", reason="the train extra is not installed (pip install -e '.[train]')")
    path = Path(__file__).resolve().parents[1] / "examples" / "train_masked_ppo.py"
    spec = importlib.util.spec_from_file_location("train_masked_ppo", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.main(["--timesteps", "256", "--eval-games", "4"])
    assert result["timesteps"] == 256 and 0.0 <= result["win_rate_against_random"] <= 1.0


@pytest.mark.parametrize("kind", ["aec", "parallel"])
def test_an_episode_without_a_seed_is_a_fresh_deal_and_one_with_a_seed_replays(kind: str) -> None:
    """A training loop that resets with no seed meets a new deal each episode (not seed 0 every
    time); ``reset(seed=n)`` deals game n again, and the unseeded episodes after it follow from
    n, as Gymnasium's do."""
    from vita.ai import parallel_env, pettingzoo_env

    def deal(environment: Any, seed: int | None) -> str:
        environment.reset(seed=seed)
        return str(environment.state_.to_json())

    make = pettingzoo_env if kind == "aec" else parallel_env
    environment = make("cv", players=3)
    unseeded = {deal(environment, None) for _ in range(6)}
    assert len(unseeded) == 6, "every unseeded episode is another deal"
    assert len({deal(make("cv", players=3), None) for _ in range(3)}) == 3, "new environments deal anew"
    assert deal(environment, 7) == deal(make("cv", players=3), 7) == deal(environment, 7)
    first = [deal(environment, 7)] + [deal(environment, None) for _ in range(3)]
    again = [deal(environment, 7)] + [deal(environment, None) for _ in range(3)]
    assert first == again and len(set(first)) == 4


# The table sizes and options at which each game's counts run highest (the most seats, the
# longest decks) and its smallest.
BOUNDED = [("pursuit", {"players": 4}), ("pursuit", {"players": 5, "expansion": "community"}),
           ("pursuit", {"players": 1}), ("pursuit-cards", {"players": 2}), ("pursuit-cards", {"players": 5}),
           ("cv", {"players": 2}), ("cv", {"players": 4}), ("our-life", {"players": 1}),
           ("our-life", {"players": 8})]


@pytest.mark.parametrize(("game_id", "options"), BOUNDED)
def test_every_observation_lies_within_the_bounds_its_space_declares(game_id: str, options: dict[str, Any]) -> None:
    """The spaces declare [0, 1] for every entry of vita's own games (docs/games/*.md, the
    encoding's "range" column), and every seat's observation stays in them through whole
    games, random and heuristic, at the table sizes where counts run highest."""
    from vita.ai.common import interface

    made = interface(game_id, options)
    box = made.observation_space()["observation"]
    assert box.is_bounded("both") and float(box.low.min()) == 0.0 and float(box.high.max()) == 1.0
    # Heuristic players run the counts higher; at the largest tables their games take too long.
    rungs = ["random", "random", "heuristic"] if options["players"] <= 4 else ["random", "random"]
    for number, bot in enumerate(rungs):
        state = made.game.new_state(made.options, number, log=False)
        bots = [make_bot(game_id, bot, number * 10 + seat) for seat in range(state.num_players)]
        while not state.is_over():
            for seat in range(state.num_players):
                vector = made.vector(state, seat)
                outside = np.flatnonzero((vector < box.low) | (vector > box.high))
                assert outside.size == 0, f"entries {outside[:5].tolist()} = {vector[outside[:5]].tolist()}"
            mover = state.to_move()[0]
            state.apply(bots[mover].choose(state, mover), mover)



@pytest.mark.parametrize(("game_id", "options"), [
    ("pursuit-cards", {"players": 3}), ("cv", {"players": 4}), ("pursuit", {"players": 3}),
    ("pursuit", {"players": 4, "expansion": "community"})])
def test_an_observation_written_in_place_replaces_what_the_array_held(game_id: str, options: dict[str, Any]) -> None:
    """Observers that write in place (``observe_into``: the card game's, CV's, the board game's)
    get arrays that still hold the last observation, or anything: what they write is the whole
    observation, the same entries as a fresh array gets, at every decision of a random game."""
    from vita.ai.common import interface
    from vita.core.codec import observe_into

    made = interface(game_id, options)
    observer = made.observer
    assert hasattr(observer, "observe_into")
    state = made.game.new_state(made.options, 3, log=False)
    rng = Rng(3)
    reused = np.full(observer.size, 7.0, dtype=np.float32)
    while not state.is_over():
        for seat in range(state.num_players):
            fresh = np.zeros(observer.size, dtype=np.float32)
            observe_into(observer, state, seat, fresh)
            observe_into(observer, state, seat, reused)
            assert np.array_equal(fresh, reused)
            assert np.array_equal(fresh, np.array(observer.observe(state, seat), dtype=np.float32))
        mover = state.to_move()[0]
        actions = state.legal_actions(mover)
        state.apply_trusted(mover, actions[rng.below(len(actions))])
