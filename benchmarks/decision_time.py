"""How long a bot takes to decide, in games against the heuristic bot, on one core.

    python benchmarks/decision_time.py --game pursuit --bot hard --games 3
    python benchmarks/decision_time.py --game pursuit --bot hard --players 4 --games 1 --json

The bot (a rung of the strength ladder or any bot name, ``ismcts:iters=300``) takes seat
``game number % players`` (seats rotate); the other seats are heuristic bots. The games are
``vita.sim.play_one``'s, so each is reproducible from its seed. Only the bot's decisions with
more than one legal action are timed (``choose``, the whole search). Prints the count, median,
90th percentile and longest decision: the search issue asks that a rung meant for people
decide in under a second. Run it on idle cores (another process on the same core doubles the
figures), and read it beside ``compare.py``'s ratios for the machine.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from vita.core.bots import Bot
from vita.core.state import Action, State
from vita.registry import get_game, make_bot
from vita.sim import play_one


class Timed:
    """A bot that notes how long each of its decisions with a choice takes."""

    def __init__(self, inner: Bot, times: list[float]) -> None:
        self.inner, self.times, self.name = inner, times, inner.name

    def choose(self, state: State, seat: int) -> Action:
        if len(state.legal_actions(seat)) == 1:
            return self.inner.choose(state, seat)
        start = time.perf_counter()
        action = self.inner.choose(state, seat)
        self.times.append(time.perf_counter() - start)
        return action


def measure(game_id: str, bot_name: str, players: int, games: int, seed: int) -> dict[str, object]:
    options = get_game(game_id).options_for_players(players)
    times: list[float] = []
    timed = {"timed": lambda bot_seed: Timed(make_bot(game_id, bot_name, bot_seed), times)}
    for number in range(games):
        seats = ["heuristic"] * players
        seats[number % players] = "timed"
        play_one(game_id, options, seats, seed + number, extra_bots=timed)
    if not times:
        raise SystemExit(f"{bot_name} had no decision with a choice in {games} games: nothing to time")
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
