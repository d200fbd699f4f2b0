"""Both builds: the pure-Python one (the reference) and the one compiled with mypyc
(``VITA_USE_MYPYC=1 pip install .``). Whichever runs, everything the engine hands to another
process pickles and comes back equal: the web's bot pool sends bots, ``vita simulate``'s
workers and OpenSpiel's game objects travel between processes. CI runs this file on both."""

from __future__ import annotations

import multiprocessing
import pickle
import random
from typing import Any

import pytest

import vita
from vita.core import Rng
from vita.registry import GAMES, bot_names, get_game, make_bot

PLAYERS = {"pursuit": 3, "pursuit-cards": 3, "cv": 3, "our-life": 3}


def test_the_build_says_what_it_is() -> None:
    """``vita.compiled`` is what ``vita --version`` prints; a compiled build's engine modules
    are extension modules."""
    from click.testing import CliRunner

    import vita.core.rng
    from vita.cli import main

    compiled = not vita.core.rng.__file__.endswith(".py")  # type: ignore[union-attr]
    assert vita.compiled is compiled
    output = CliRunner().invoke(main, ["--version"]).output
    assert output == f"vita {vita.__version__} ({'compiled with mypyc' if compiled else 'pure Python'})\n"


def positions(game_id: str, count: int = 6) -> list[Any]:
    """Positions along a random game (from its start to near its end)."""
    state = get_game(game_id).new(seed=11, players=PLAYERS[game_id])
    rng, out, ply = random.Random(11), [], 0
    while not state.is_over():
        if ply % 25 == 0:
            out.append(state.clone())
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        ply += 1
    return [*out[:count], state]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_states_actions_and_games_pickle(game_id: str) -> None:
    game = get_game(game_id)
    assert pickle.loads(pickle.dumps(game)) is not None
    rng = Rng(12345)
    rng.below(10)
    again = pickle.loads(pickle.dumps(rng))
    assert again.state == rng.state and again.below(1000) == rng.below(1000)
    kinds: set[type] = set()
    for state in positions(game_id):
        back = pickle.loads(pickle.dumps(state))
        assert back.to_json() == state.to_json() and back.view(0) == state.view(0)
        for seat in state.to_move():
            for action in state.legal_actions(seat):
                if type(action) in kinds:
                    continue
                kinds.add(type(action))
                copy = pickle.loads(pickle.dumps(action))
                assert copy == action and hash(copy) == hash(action) and str(copy) == str(action)
        if not state.is_over():  # the copy plays on exactly as the original
            seat = state.to_move()[0]
            action = state.legal_actions(seat)[-1]
            state.apply(action, seat)
            back.apply(action, seat)
            assert back.to_json() == state.to_json()
    assert kinds


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_bot_pickles_with_its_memory(game_id: str) -> None:
    """The web's bot pool pickles a bot to a worker and back after each move."""
    state = positions(game_id, 2)[1]
    seat = state.to_move()[0]
    names = [n for n in bot_names(game_id) if n not in ("hard", "expert")]  # the search rungs: as below
    for name in [*names, "ismcts:iters=20", "mcts:iters=20"]:
        bot = make_bot(game_id, name, 3)
        action = bot.choose(state.clone(), seat)
        assert action in state.legal_actions(seat)
        again = pickle.loads(pickle.dumps(bot))
        assert type(again) is type(bot)


def _play(game_id: str) -> list[float]:
    from vita.sim import play_one

    state, _ = play_one(game_id, {"players": PLAYERS[game_id]}, ["heuristic"] * PLAYERS[game_id], 5)
    return list(state.scores())


def test_games_play_in_worker_processes() -> None:
    """``vita simulate`` plays in worker processes: a game played there is the one played here."""
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        there = pool.map(_play, list(GAMES))
    assert there == [_play(game_id) for game_id in GAMES]


def test_both_builds_play_the_same_games() -> None:
    """For fixed seeds, every game's record, final position and Parquet rows are those the pure
    build wrote into tests/builds/same-games.json (``python tools/same_games.py``)."""
    import importlib.util
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("same_games", root / "tools" / "same_games.py")
    assert spec is not None and spec.loader is not None
    same_games = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(same_games)
    expected = json.loads((root / "tests" / "builds" / "same-games.json").read_text())
    assert same_games.games() == expected, f"the {'compiled' if vita.compiled else 'pure'} build plays other games"
