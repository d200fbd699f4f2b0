"""The Pursuit of Happiness card game against the gin rummy implementations researchers use.

    pip install -e '.[bench]'        # open_spiel and rlcard
    python benchmarks/compare.py --seconds 10 [--json]

Measures in one run, on one core, with a random policy in every seat:

* vita ``pursuit-cards`` (2 players), ``pursuit`` (4 players) and ``cv`` (4 players): decisions
  per second, full games per second, and the time to clone a mid-game position;
* OpenSpiel's C++ ``gin_rummy`` through pyspiel: decisions per second (chance outcomes are
  sampled and applied too, but not counted as decisions), games per second, clone time;
* RLCard's ``gin-rummy``: steps per second (``env.step`` calls) and games per second;
* search: ISMCTS iterations per second from mid-game positions of 2-player games, 200 a
  search — vita ``pursuit-cards`` with random playouts to the end and with playouts stopped at
  once and scored by the game's judgement (``ismcts:depth=0``, what the ladder's ``hard`` and
  ``expert`` use), against OpenSpiel's C++ ``ISMCTSBot`` with random rollouts on ``gin_rummy``;
* through the learning interfaces, reading the observation and the legal actions at every
  decision as an agent does: vita ``pursuit-cards`` (2 players) through ``pettingzoo_env``
  (observation and action mask), OpenSpiel's ``gin_rummy`` reading ``observation_tensor`` and
  ``legal_actions`` (RLCard's steps above already encode its observation every step).

A library that is not installed is reported as missing; the others are still measured.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from vita.core import Rng
from vita.registry import get_game


def timed_loop(seconds: float, play_one: Any) -> tuple[int, int, float]:
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += play_one()
        games += 1
    return games, steps, time.perf_counter() - start


def clone_time(states: list[Any], clone: Any, seconds: float = 1.0) -> float:
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state in states:
            clone(state)
        count += len(states)
    return 1e6 * (time.perf_counter() - start) / count


def vita_game(seconds: float, game_id: str = "pursuit-cards", players: int = 2) -> dict[str, Any]:
    game = get_game(game_id)
    options = game.make_options({"players": players})
    rng = Rng(1)
    middles: list[Any] = []

    def play_one() -> int:
        state = game.new_state(options, rng.next_u64(), log=False)
        steps = 0
        while True:
            movers = state.to_move()
            if not movers:
                return steps
            actions = state.legal_actions(movers[0])
            state.apply_trusted(movers[0], actions[rng.below(len(actions))])
            steps += 1
            if steps == 50 and len(middles) < 500:
                middles.append(state.clone())

    play_one()
    games, steps, elapsed = timed_loop(seconds, play_one)
    return {"decisions_per_second": steps / elapsed, "games_per_second": games / elapsed,
            "mean_decisions_per_game": steps / games,
            "clone_microseconds": clone_time(middles, lambda s: s.clone())}


def openspiel_gin(seconds: float, observe: bool = False) -> dict[str, Any]:
    """OpenSpiel's C++ gin rummy through pyspiel; ``observe``: reading the observation tensor
    at every decision, as an agent does (then no clone time)."""
    try:
        import pyspiel
    except ImportError:
        return {"missing": "open_spiel is not installed (pip install -e '.[bench]')"}
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(1)
    middles: list[Any] = []

    def play_one() -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if observe:
                state.observation_tensor(state.current_player())
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            decisions += 1
            if decisions == 50 and len(middles) < 500 and not observe:
                middles.append(state.clone())
        return decisions

    play_one()
    games, steps, elapsed = timed_loop(seconds, play_one)
    result = {"decisions_per_second": steps / elapsed, "games_per_second": games / elapsed,
              "mean_decisions_per_game": steps / games}
    if not observe:
        result["clone_microseconds"] = clone_time(middles, lambda s: s.clone())
    return result


SEARCH_ITERATIONS = 200


def _timed_searches(seconds: float, positions: list[Any], search: Any) -> float:
    """Iterations per second of ``search(position)`` (``SEARCH_ITERATIONS`` each) over ``positions``."""
    search(positions[0])
    start, done = time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        search(positions[done % len(positions)])
        done += 1
    return done * SEARCH_ITERATIONS / (time.perf_counter() - start)


def vita_ismcts(seconds: float, depth: int | None) -> dict[str, Any]:
    """vita's ISMCTS on mid-game positions of the card game (40 plies of heuristic play)."""
    from vita.core.search import ISMCTSBot
    from vita.registry import make_bot

    game = get_game("pursuit-cards")
    positions: list[Any] = []
    seed = 0
    while len(positions) < 10:
        state = game.new(seed=seed, players=2, log=False)
        bots = [make_bot("pursuit-cards", "heuristic", seed * 2 + i) for i in range(2)]
        while not state.is_over() and state.ply < 40:
            seat = state.to_move()[0]
            state.apply_trusted(seat, bots[seat].choose(state, seat))
        if not state.is_over() and len(state.legal_actions(state.to_move()[0])) > 1:
            positions.append(state)
        seed += 1
    bot = ISMCTSBot(game, seed=1, iters=SEARCH_ITERATIONS, depth=depth)
    return {"iterations_per_second": _timed_searches(seconds, positions, lambda s: bot.search(s, s.to_move()[0]))}


def openspiel_ismcts(seconds: float) -> dict[str, Any]:
    """OpenSpiel's C++ ISMCTS (random rollouts, one per iteration) on gin rummy positions after
    30 random decisions."""
    try:
        import pyspiel
    except ImportError:
        return {"missing": "open_spiel is not installed (pip install -e '.[bench]')"}
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(1)
    positions: list[Any] = []
    while len(positions) < 10:
        state, decisions = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            elif decisions == 30:
                positions.append(state)
                break
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                decisions += 1
    bot = pyspiel.ISMCTSBot(1, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, SEARCH_ITERATIONS, -1,
                            pyspiel.ISMCTSFinalPolicyType.NORMALIZED_VISIT_COUNT, False, False)
    return {"iterations_per_second": _timed_searches(seconds, positions, bot.step)}


def vita_pettingzoo(seconds: float, game_id: str = "pursuit-cards", players: int = 2) -> dict[str, Any]:
    """Random play through the PettingZoo AEC environment, reading observation and mask."""
    import numpy as np

    from vita.ai import pettingzoo_env

    env = pettingzoo_env(game_id, players=players)
    rng = np.random.default_rng(1)
    seeds = iter(range(10**9))

    def play_one() -> int:
        env.reset(seed=next(seeds))
        decisions = 0
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"].view(np.bool_))  # the mask's ones
            env.step(int(legal[rng.integers(len(legal))]))
            decisions += 1
        return decisions

    play_one()
    games, steps, elapsed = timed_loop(seconds, play_one)
    return {"decisions_per_second": steps / elapsed, "games_per_second": games / elapsed}


def rlcard_gin(seconds: float) -> dict[str, Any]:
    try:
        import rlcard  # type: ignore[import-not-found]
    except ImportError:
        return {"missing": "rlcard is not installed (pip install -e '.[bench]')"}
    env = rlcard.make("gin-rummy", config={"seed": 1})
    rng = random.Random(1)

    def play_one() -> int:
        state, _ = env.reset()
        steps = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    play_one()
    games, steps, elapsed = timed_loop(seconds, play_one)
    return {"decisions_per_second": steps / elapsed, "games_per_second": games / elapsed,
            "mean_decisions_per_game": steps / games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {
        "vita pursuit-cards": vita_game(args.seconds),
        "vita pursuit (4 players)": vita_game(args.seconds, "pursuit", 4),
        "vita cv (4 players)": vita_game(args.seconds, "cv", 4),
        "open_spiel gin_rummy": openspiel_gin(args.seconds),
        "rlcard gin-rummy": rlcard_gin(args.seconds),
        "vita pursuit-cards through pettingzoo_env": vita_pettingzoo(args.seconds),
        "open_spiel gin_rummy reading observation_tensor": openspiel_gin(args.seconds, observe=True),
        "vita pursuit-cards ismcts, random playouts": vita_ismcts(args.seconds, None),
        "vita pursuit-cards ismcts:depth=0": vita_ismcts(args.seconds, 0),
        "open_spiel gin_rummy ISMCTSBot, random rollouts": openspiel_ismcts(args.seconds),
        "python": sys.version.split()[0],
    }
    agents = results["vita pursuit-cards through pettingzoo_env"]["decisions_per_second"]
    for name in ("open_spiel gin_rummy reading observation_tensor", "rlcard gin-rummy"):
        other = results[name]
        if "decisions_per_second" in other:
            other["vita_pettingzoo_ratio"] = agents / other["decisions_per_second"]
    anchor = results["open_spiel gin_rummy ISMCTSBot, random rollouts"]
    if "iterations_per_second" in anchor:
        for name in ("vita pursuit-cards ismcts, random playouts", "vita pursuit-cards ismcts:depth=0"):
            row = results[name]
            row["ratio_to_open_spiel_ismcts"] = row["iterations_per_second"] / anchor["iterations_per_second"]
    ours = results["vita pursuit-cards"]["decisions_per_second"]
    board = results["vita pursuit (4 players)"]["games_per_second"]
    cv = results["vita cv (4 players)"]["games_per_second"]
    for name in ("open_spiel gin_rummy", "rlcard gin-rummy"):
        other = results[name]
        if "decisions_per_second" in other:
            other["vita_speed_ratio"] = ours / other["decisions_per_second"]
            other["vita_pursuit_4p_games_ratio"] = board / other["games_per_second"]
            other["vita_cv_4p_games_ratio"] = cv / other["games_per_second"]
    if args.json:
        print(json.dumps(results))
        return
    for name, row in results.items():
        if isinstance(row, str):
            continue
        print(name)
        for key, value in row.items():
            print(f"  {key:>26}: {value:,.2f}" if isinstance(value, float) else f"  {key:>26}: {value}")


if __name__ == "__main__":
    main()
