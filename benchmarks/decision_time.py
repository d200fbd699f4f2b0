"""How long a bot takes to decide, in games against the heuristic bot, on one core.

    python benchmarks/decision_time.py --game pursuit --bot hard --games 3
    python benchmarks/decision_time.py --game pursuit --bot hard --players 4 --games 1 --json

The bot (a rung of the strength ladder or any bot name, ``ismcts:iters=300``) takes seat 1 in
the odd games and seat 0 in the even ones; the other seats are heuristic bots. Only its
decisions with more than one legal action are timed (``choose``, the whole search). Prints
the count, median, 90th percentile and longest decision: the search issue asks that a rung
meant for people decide in under a second. Run it on idle cores (another process on the
same core doubles the figures), and read it beside ``compare.py``'s ratios for the machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from vita.registry import get_game, make_bot


def measure(game_id: str, bot_name: str, players: int, games: int, seed: int) -> dict[str, object]:
    game = get_game(game_id)
    times: list[float] = []
    for number in range(games):
        state = game.new(seed=seed + number, log=False, **game.options_for_players(players))
        seat = number % players
        bots = [make_bot(game_id, bot_name if s == seat else "heuristic", seed * 1_000 + number * 10 + s)
                for s in range(players)]
        while not state.is_over():
            mover = state.to_move()[0]
            if mover == seat and len(state.legal_actions(mover)) > 1:
                start = time.perf_counter()
                action = bots[mover].choose(state, mover)
                times.append(time.perf_counter() - start)
            else:
                action = bots[mover].choose(state, mover)
            state.apply(action, mover)
    times.sort()
    return {"game": game_id, "bot": bot_name, "players": players, "games": games, "decisions": len(times),
            "median_s": round(statistics.median(times), 4), "p90_s": round(times[int(0.9 * (len(times) - 1))], 4),
            "max_s": round(times[-1], 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pursuit")
    parser.add_argument("--bot", default="hard", help="a ladder rung or a bot name (ismcts:iters=300)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=777)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    result = measure(args.game, args.bot, args.players, args.games, args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['bot']} ({result['game']}, {result['players']} players): {result['decisions']} decisions "
              f"of {result['games']} games, median {result['median_s']} s, 90th percentile {result['p90_s']} s, "
              f"at most {result['max_s']} s")


if __name__ == "__main__":
    main()
