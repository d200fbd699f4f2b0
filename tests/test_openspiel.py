"""Every game registered with OpenSpiel passes OpenSpiel's own random simulation test (with
serialisation), its Python MCTS and ISMCTS bots play games to the end, and no observation or
information state shows a seat what the rules hide from it."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest

if os.environ.get("VITA_REQUIRE_OPENSPIEL"):
    import pyspiel
else:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install -e '.[ai]')")

from tests.player_counts import EXTREMES as PLAYER_COUNTS  # after the check above

from vita.ai import openspiel

openspiel.register()

# Each game at its smallest and largest player count, by its OpenSpiel name.
EXTREMES = [("vita_" + game_id.replace("-", "_"), options) for game_id, options in PLAYER_COUNTS]


def test_every_game_is_registered_with_its_nature() -> None:
    from vita.registry import GAMES

    assert openspiel.register() == [f"vita_{g.replace('-', '_')}" for g in GAMES]
    kind = pyspiel.load_game("vita_pursuit_cards", {"players": 3}).get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    # No perfect-recall tensor: the observation tensor, and the information-state string (perfect recall).
    assert not kind.provides_information_state_tensor and kind.provides_observation_tensor
    assert kind.provides_information_state_string
    assert pyspiel.load_game("vita_pursuit_cards", {"players": 3}).num_players() == 3


@pytest.mark.parametrize(("name", "params"), EXTREMES)
def test_openspiels_random_simulation_test_with_serialisation(name: str, params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name, params), num_sims=2, serialize=True, verbose=False)


def _deal(state: Any, rng: np.random.RandomState) -> None:
    while state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=chances)))


@pytest.mark.parametrize(("name", "params"), [("vita_pursuit_cards", {"players": 2}), ("vita_pursuit", {"players": 2}),
                                              ("vita_cv", {"players": 2}), ("vita_our_life", {"players": 2})])
def test_openspiels_mcts_and_ismcts_bots_play_a_game_to_the_end(name: str, params: dict[str, Any]) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(name, params)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = [mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng),
            ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng)]
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        _deal(state, rng)
        state.apply_action(bots[state.current_player()].step(state))
        moves += 1
    assert moves > 10 and max(state.returns()) == 1.0


@pytest.mark.parametrize(("name", "params"), [("vita_pursuit_cards", {"players": 3}), ("vita_cv", {"players": 3}),
                                              ("vita_our_life", {"players": 3, "couples": 1}),
                                              ("vita_pursuit", {"players": 3, "expansion": "community"})])
def test_a_resampled_state_looks_the_same_to_the_seat(name: str, params: dict[str, Any]) -> None:
    """States that differ only in what a seat cannot see (the core's determinisation, through
    OpenSpiel's resample_from_infostate) give that seat the same observation and information
    state, tensors and strings; the hidden cards did change somewhere."""
    game = pyspiel.load_game(name, params)
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    _deal(state, rng)
    changed = 0
    for _ in range(120):
        if state.is_terminal():
            break
        seat = state.current_player()
        other = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.observation_string(seat) == state.observation_string(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert sorted(other.legal_actions()) == sorted(state.legal_actions())
        changed += other.position.to_json() != state.position.to_json()
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert changed, "the resampled states never differed: nothing was hidden?"


def _returns_of_a_game(name: str, params: dict[str, Any], seed: int) -> list[float]:
    """A random game of a pickled game object, in whichever process it lands."""
    import pickle

    game = pickle.loads(pickle.dumps(pyspiel.load_game(name, params)))
    state = game.new_initial_state()
    openspiel.deal(state, seed)
    rng = np.random.RandomState(seed % 2**32)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    return list(state.returns())


def test_a_game_object_pickles_and_plays_in_worker_processes() -> None:
    """``pickle.dumps(game)`` works for every vita game, as for OpenSpiel's own Python games,
    and a pickled game plays the same games in other processes."""
    import multiprocessing
    import pickle

    for name, params in EXTREMES:
        game = pyspiel.load_game(name, params)
        again = pickle.loads(pickle.dumps(game))
        assert again.get_type().short_name == name and again.get_parameters() == game.get_parameters()
        assert again.num_distinct_actions() == game.num_distinct_actions()
    jobs = [("vita_cv", {"players": 3}, 5), ("vita_pursuit_cards", {"players": 2}, 6)]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        there = pool.starmap(_returns_of_a_game, jobs)
    assert there == [_returns_of_a_game(*job) for job in jobs]


def test_a_simulation_rows_game_is_dealt_in_openspiel(tmp_path: Any) -> None:
    """Every ``vita simulate`` row replays through OpenSpiel: its seed (64 bits) is dealt by the
    chance nodes, and the bots' moves of ``play_one`` then give the same game and scores."""
    import pyarrow.parquet as pq

    from vita.ai.common import interface
    from vita.registry import get_game
    from vita.sim import play_one, simulate

    simulate("cv", {"players": 3}, ["heuristic"] * 3, 2, seed=9, out_dir=str(tmp_path))
    rows = [row for part in sorted(tmp_path.glob("part-*.parquet")) for row in pq.read_table(part).to_pylist()]
    assert rows and any(row["seed"] >= 2**30 for row in rows)
    codec = interface("cv", {"players": 3}).codec
    for row in rows:
        vita_state, record = play_one("cv", {"players": 3}, ["heuristic"] * 3, row["seed"], keep_record=True)
        assert record is not None
        state = pyspiel.load_game("vita_cv", {"players": 3}).new_initial_state()
        openspiel.deal(state, row["seed"])
        replay = get_game("cv").new_state(get_game("cv").make_options({"players": 3}), row["seed"], log=False)
        assert state.position.to_json() == replay.to_json()
        for seat, notation in record.actions:
            action = state.position.parse(notation, seat)
            state.apply_action(codec.encode(state.position, seat, action))
        assert state.is_terminal() and list(state.position.scores()) == list(vita_state.scores())
        assert list(vita_state.scores())[row["seat"]] == row["score"]
    with pytest.raises(ValueError, match="2\\*\\*64"):
        openspiel.deal(pyspiel.load_game("vita_cv", {"players": 3}).new_initial_state(), 2**64)


def test_openspiels_learning_environment_reads_the_observation_tensor() -> None:
    """No information-state tensor is declared (none of bounded size would have perfect
    recall), so OpenSpiel's rl_environment, which A2C, DQN and NFSP use, reads the
    observation tensor; the information-state string keeps perfect recall."""
    from open_spiel.python import rl_environment

    environment = rl_environment.Environment(pyspiel.load_game("vita_cv", {"players": 3}))
    step = environment.reset()
    while step.observations["current_player"] < 0:  # the deal's chance nodes
        step = environment.step([0])
    player = step.observations["current_player"]
    assert len(step.observations["info_state"][player]) == environment.observation_spec()["info_state"][0] > 0
    state = environment.get_state
    assert state.information_state_string(player).count("\n") >= 1  # what the seat was told so far, then its view


@pytest.mark.parametrize("name", ["vita_pursuit_cards", "vita_pursuit"])
def test_the_compact_encoding_is_a_parameter_and_passes_openspiels_tests(name: str) -> None:
    """``actions=compact``: 256 actions (places among the legal ones), the random simulation
    test with serialisation passes (a history replays place by place), the game pickles with
    its parameter, and OpenSpiel's ISMCTS plays a game to the end on it, the observation tensor
    at each decision the observer's entries."""
    import pickle

    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(name, {"players": 2, "actions": "compact"})
    assert game.num_distinct_actions() == 256 and game.get_parameters()["actions"] == "compact"
    assert pyspiel.load_game(name, {"players": 2}).get_parameters()["actions"] == "full"
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    assert pickle.loads(pickle.dumps(game)).get_parameters() == game.get_parameters()
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 4, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        _deal(state, rng)
        legal = state.legal_actions()
        assert legal == list(range(len(legal)))
        # The tensor (written in place) holds the observer's entries, the places' descriptions too.
        player = state.current_player()
        listed = game.interface.observer.observe(state.position, player)
        assert state.observation_tensor(player) == np.array(listed, dtype=np.float32).tolist()
        state.apply_action(bot.step(state))
    assert max(state.returns()) == 1.0
