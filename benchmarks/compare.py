"""The Pursuit of Happiness card game against the gin rummy implementations researchers use.

    pip install -e '.[bench]'        # open_spiel and rlcard
    python benchmarks/compare.py --seconds 10 [--json]

Measures in one run, on one core, with a random policy in every seat:

* vita ``pursuit-cards`` (2 players), ``pursuit`` (4 players), ``cv`` (4 players) and
  ``our-life`` (4 singles): decisions
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

Every measure runs in turns: ``--rounds`` rounds (5 by default), each giving every measure a
slice of ``--seconds / --rounds`` in the same order, so a machine that slows down for a minute
slows every measure alike. A ratio is the median of the rounds' ratios (each round's rates
divided), with the lowest and highest beside it (``*_range``); the rates are over all rounds.

A library that is not installed is reported as missing; the others are still measured.

``--cpu N`` pins the run to one core (Linux): on a virtual machine the cores can differ in
speed (seen here: one ran the same code up to 1.7 times slower than the other), and a process
that moves between them widens every range. The build (``compiled`` or ``pure``) and the cores
the run was allowed are written beside the results.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import vita
from vita.core import Rng
from vita.registry import get_game


@dataclass
class Measure:
    """One thing measured in turns: ``play_one`` plays a game (or runs a search) and returns
    its decisions (or iterations); ``extras`` adds figures once the rounds are over."""

    play_one: Callable[[], int]
    unit: str = "decisions"
    extras: Callable[[], dict[str, Any]] = dict
    games: int = 0
    steps: int = 0
    elapsed: float = 0.0
    rates: list[float] = field(default_factory=list)  # per round

    def run(self, seconds: float) -> None:
        games = steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            steps += self.play_one()
            games += 1
        elapsed = time.perf_counter() - start
        self.games, self.steps, self.elapsed = self.games + games, self.steps + steps, self.elapsed + elapsed
        self.rates.append(steps / elapsed)

    def result(self) -> dict[str, Any]:
        if self.unit == "iterations":
            return {"iterations_per_second": self.steps / self.elapsed, **self.extras()}
        return {"decisions_per_second": self.steps / self.elapsed, "games_per_second": self.games / self.elapsed,
                "mean_decisions_per_game": self.steps / self.games, **self.extras()}


def clone_time(states: list[Any], clone: Any, seconds: float = 1.0) -> float:
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state in states:
            clone(state)
        count += len(states)
    return 1e6 * (time.perf_counter() - start) / count


def ratio(ours: Measure, other: Measure, per_game: bool = False) -> tuple[float, list[float]]:
    """The median over the rounds of ``ours``'s rate over ``other``'s, and its range."""
    def rate(m: Measure, i: int) -> float:
        return m.rates[i] / (m.steps / m.games) if per_game else m.rates[i]

    ratios = sorted(rate(ours, i) / rate(other, i) for i in range(len(ours.rates)))
    return statistics.median(ratios), [ratios[0], ratios[-1]]


def vita_game(game_id: str = "pursuit-cards", players: int = 2) -> Measure:
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
    return Measure(play_one, extras=lambda: {"clone_microseconds": clone_time(middles, lambda s: s.clone())})


def openspiel_gin(observe: bool = False) -> Measure | str:
    """OpenSpiel's C++ gin rummy through pyspiel; ``observe``: reading the observation tensor
    at every decision, as an agent does (then no clone time)."""
    try:
        import pyspiel
    except ImportError:
        return "open_spiel is not installed (pip install -e '.[bench]')"
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
    if observe:
        return Measure(play_one)
    return Measure(play_one, extras=lambda: {"clone_microseconds": clone_time(middles, lambda s: s.clone())})


SEARCH_ITERATIONS = 200


def _searches(positions: list[Any], search: Any) -> Measure:
    """``search(position)`` (``SEARCH_ITERATIONS`` each) over ``positions`` in turn."""
    search(positions[0])
    done = [0]

    def play_one() -> int:
        search(positions[done[0] % len(positions)])
        done[0] += 1
        return SEARCH_ITERATIONS

    return Measure(play_one, unit="iterations")


def vita_ismcts(depth: int | None) -> Measure:
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
    return _searches(positions, lambda s: bot.search(s, s.to_move()[0]))


def openspiel_ismcts() -> Measure | str:
    """OpenSpiel's C++ ISMCTS (random rollouts, one per iteration) on gin rummy positions after
    30 random decisions."""
    try:
        import pyspiel
    except ImportError:
        return "open_spiel is not installed (pip install -e '.[bench]')"
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
    return _searches(positions, bot.step)


def vita_pettingzoo(game_id: str = "pursuit-cards", players: int = 2) -> Measure:
    """Random play through the PettingZoo AEC environment, reading observation and mask; the
    choice among the mask's ones is made with Python's generator, as the other loops do."""
    import numpy as np

    from vita.ai import pettingzoo_env

    env = pettingzoo_env(game_id, players=players)
    rng = random.Random(1)
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
            env.step(int(legal[rng.randrange(len(legal))]))
            decisions += 1
        return decisions

    play_one()
    return Measure(play_one)


def rlcard_gin() -> Measure | str:
    try:
        import rlcard  # type: ignore[import-not-found]
    except ImportError:
        return "rlcard is not installed (pip install -e '.[bench]')"
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
    return Measure(play_one)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="each measure's time, over all rounds")
    parser.add_argument("--rounds", type=int, default=5, help="turns taken by the measures (at least 1)")
    parser.add_argument("--cpu", type=int, help="run on this core only (Linux)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.rounds < 1 or args.seconds <= 0:
        parser.error("--rounds must be at least 1 and --seconds more than 0")
    if args.cpu is not None:
        if not hasattr(os, "sched_setaffinity"):
            parser.error("--cpu needs Linux (os.sched_setaffinity)")
        allowed = sorted(os.sched_getaffinity(0))
        if args.cpu not in allowed:
            parser.error(f"--cpu {args.cpu}: this process may run on cores {', '.join(map(str, allowed))}")
        os.sched_setaffinity(0, {args.cpu})
    made: dict[str, Measure | str] = {
        "vita pursuit-cards": vita_game(),
        "vita pursuit (4 players)": vita_game("pursuit", 4),
        "vita cv (4 players)": vita_game("cv", 4),
        "vita our-life (4 players)": vita_game("our-life", 4),
        "open_spiel gin_rummy": openspiel_gin(),
        "rlcard gin-rummy": rlcard_gin(),
        "vita pursuit-cards through pettingzoo_env": vita_pettingzoo(),
        "open_spiel gin_rummy reading observation_tensor": openspiel_gin(observe=True),
        "vita pursuit-cards ismcts, random playouts": vita_ismcts(None),
        "vita pursuit-cards ismcts:depth=0": vita_ismcts(0),
        "open_spiel gin_rummy ISMCTSBot, random rollouts": openspiel_ismcts(),
    }
    measures = {name: m for name, m in made.items() if isinstance(m, Measure)}
    for _ in range(args.rounds):
        for measure in measures.values():
            measure.run(args.seconds / args.rounds)
    results: dict[str, Any] = {name: m.result() if isinstance(m, Measure) else {"missing": m}
                               for name, m in made.items()}
    results["python"] = sys.version.split()[0]
    results["build"] = "compiled" if vita.compiled else "pure"
    if hasattr(os, "sched_getaffinity"):
        results["cpus"] = sorted(os.sched_getaffinity(0))
    results["rounds"] = args.rounds

    def compare(ours: str, other: str, key: str, per_game: bool = False, on_ours: bool = False) -> None:
        """The median ratio of ``ours`` to ``other`` and its range, written under ``key`` in
        ``other``'s row (``on_ours``: in ``ours``'s)."""
        if ours in measures and other in measures:
            middle, spread = ratio(measures[ours], measures[other], per_game)
            row = results[ours if on_ours else other]
            row[key], row[key + "_range"] = middle, spread

    compare("vita pursuit-cards through pettingzoo_env", "open_spiel gin_rummy reading observation_tensor",
            "vita_pettingzoo_ratio")
    compare("vita pursuit-cards through pettingzoo_env", "rlcard gin-rummy", "vita_pettingzoo_ratio")
    for name in ("vita pursuit-cards ismcts, random playouts", "vita pursuit-cards ismcts:depth=0"):
        compare(name, "open_spiel gin_rummy ISMCTSBot, random rollouts", "ratio_to_open_spiel_ismcts", on_ours=True)
    for other in ("open_spiel gin_rummy", "rlcard gin-rummy"):
        compare("vita pursuit-cards", other, "vita_speed_ratio")
        compare("vita pursuit-cards", other, "vita_cards_games_ratio", per_game=True)
        compare("vita pursuit (4 players)", other, "vita_pursuit_4p_games_ratio", per_game=True)
        compare("vita cv (4 players)", other, "vita_cv_4p_games_ratio", per_game=True)
        compare("vita our-life (4 players)", other, "vita_our_life_4p_games_ratio", per_game=True)
    if args.json:
        print(json.dumps(results))
        return
    cores = ", ".join(map(str, results.get("cpus", []))) or "unknown"
    print(f"Python {results['python']}, {results['build']} build, cores {cores}, {args.rounds} rounds")
    for name, row in results.items():
        if not isinstance(row, dict):
            continue
        print(name)
        for key, value in row.items():
            if isinstance(value, float):
                print(f"  {key:>34}: {value:,.2f}")
            elif isinstance(value, list):
                print(f"  {key:>34}: {value[0]:,.2f} to {value[1]:,.2f}")
            else:
                print(f"  {key:>34}: {value}")


if __name__ == "__main__":
    main()
