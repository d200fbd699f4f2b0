"""Random-play throughput of a game, on one core.

    python benchmarks/throughput.py --game pursuit --players 4 --json

Measures, with logging off and the random bot's loop (legal actions, pick one,
apply it unchecked as simulation does):

* full random games per second (set-up included),
* steps (actions applied) per second, legal-action generation included,
* clones per second and the mean time of one clone, over positions sampled from
  random games.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from vita.core import Rng, State
from vita.registry import get_game


def random_game(state: State, rng: Rng, snapshots: list[State] | None = None) -> int:
    steps = 0
    while True:
        movers = state.to_move()
        if not movers:
            return steps
        seat = movers[0]
        actions = state.legal_actions(seat)
        state.apply_trusted(seat, actions[rng.below(len(actions))])
        steps += 1
        if snapshots is not None and steps % 25 == 0:
            snapshots.append(state.clone())


def measure(game_id: str, options: dict[str, Any], seconds: float, seed: int = 1) -> dict[str, Any]:
    game = get_game(game_id)
    opts = game.make_options(options)
    rng = Rng(seed)
    random_game(game.new_state(opts, seed, log=False), Rng(seed))  # warm up: load data, fill caches
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(opts, rng.next_u64(), log=False)
        steps += random_game(state, rng)
        games += 1
    elapsed = time.perf_counter() - start

    # Positions to clone: every 25th of further random games (not timed).
    snapshots: list[State] = []
    while len(snapshots) < 2000:
        random_game(game.new_state(opts, rng.next_u64(), log=False), rng, snapshots)

    clones = 0
    clone_start = time.perf_counter()
    while time.perf_counter() - clone_start < min(seconds, 2.0):
        for snapshot in snapshots:
            snapshot.clone()
        clones += len(snapshots)
    clone_elapsed = time.perf_counter() - clone_start
    return {
        "game": game_id,
        "options": options,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1),
        "steps_per_second": round(steps / elapsed, 1),
        "mean_steps_per_game": round(steps / max(games, 1), 1),
        "clones_per_second": round(clones / clone_elapsed, 1),
        "clone_microseconds": round(1e6 * clone_elapsed / max(clones, 1), 2),
        "python": sys.version.split()[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pursuit")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. couples=1 for Our Life (repeatable; values are JSON)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    options: dict[str, Any] = {"players": args.players}
    for pair in args.option:
        key, _, value = pair.partition("=")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    result = measure(args.game, options, args.seconds, args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")


if __name__ == "__main__":
    main()
