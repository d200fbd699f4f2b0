"""Balance of The Pursuit of Happiness: win rates by child trait and by seat order.

    python benchmarks/balance.py --games 1000 --players 4 --workers 2
    python benchmarks/balance.py --games 500 --players 5 --expansion community

Plays heuristic-bot games (each seat the same bot) and reports, with a 95% interval,
the share of wins (shared first places split) of each child trait kept and of each seat
counted from the first player, against the fair share 1/players. Also reports the mean
final LTH and the round in which players die.

So that a trait's win rate measures the trait and not the bot's taste for it, every
player keeps the first of his two dealt traits (the deal is random): the `balanced`
bot is the heuristic bot with that one change.

With ``--expansion community`` it also reports the Popularity reached (the highest score a
player had at any of his own decisions) and the Community card Outcomes chosen per life.
"""

from __future__ import annotations

import argparse
import json
import math
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from vita.core.state import JSON, Action, State
from vita.games.pursuit.actions import ChooseTrait
from vita.games.pursuit.bots import HeuristicBot
from vita.sim import simulate

PEAKS: dict[int, int] = {}  # seat → highest Popularity score seen in the game being played


class KeepFirstTrait(HeuristicBot):
    """The heuristic bot, keeping the first dealt child trait (and noting its Popularity)."""

    name = "balanced"

    def choose(self, state: State, seat: int) -> Action:
        from vita.games.pursuit.state import PursuitState

        assert isinstance(state, PursuitState)
        if state.deck.community is not None:
            score = state.deck.community.popularity[state.players[seat].popularity]
            PEAKS[seat] = max(PEAKS.get(seat, 0), score)
        actions = state.legal_actions(seat)
        if isinstance(actions[0], ChooseTrait):
            return actions[0]
        return super().choose(state, seat)


def probe(state: State) -> JSON:
    """What a finished game says (games run one after another in a worker: PEAKS is this game's)."""
    from vita.games.pursuit.state import PursuitState

    assert isinstance(state, PursuitState)
    peaks = [PEAKS.get(seat, 0) for seat in range(state.num_players)]
    PEAKS.clear()
    return {
        "traits": [state.deck.traits[p.trait].id for p in state.players],
        "died": [p.died for p in state.players],
        "popularity": peaks,
        "outcomes": [p.outcomes for p in state.players],
    }


def interval(wins: float, games: int) -> float:
    """Half-width of a 95% normal interval for a proportion."""
    if games == 0:
        return 0.0
    rate = wins / games
    return 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / games)


def report(games: int, players: int, seed: int, workers: int, expansion: str | None = None) -> dict[str, Any]:
    options: dict[str, Any] = {"players": players, **({"expansion": expansion} if expansion else {})}
    summary = simulate("pursuit", options, ["balanced"] * players, games, seed,
                       workers=workers, probe=probe, progress=True, extra_bots={"balanced": KeepFirstTrait})
    by_trait: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    by_seat = [[0.0, 0] for _ in range(players)]
    deaths: Counter[int] = Counter()
    peaks: Counter[int] = Counter()
    outcomes = 0
    for result in summary["results"]:
        peaks.update(result["probe"]["popularity"])
        outcomes += sum(result["probe"]["outcomes"])
        winners = [s for s in range(players) if result["ranking"][s] == 1]
        for seat in range(players):
            share = 1 / len(winners) if seat in winners else 0.0
            trait = result["probe"]["traits"][seat]
            by_trait[trait][0] += share
            by_trait[trait][1] += 1
            # Seats are counted from the first player (seat 0 holds the token in round 1).
            by_seat[seat][0] += share
            by_seat[seat][1] += 1
            deaths[result["probe"]["died"][seat]] += 1
    return {
        "games": games,
        "players": players,
        "seed": seed,
        "fair_share": 1 / players,
        "mean_lth": sum(s["mean_score"] for s in summary["seats"]) / players,
        "by_trait": {t: {"win_rate": w / n, "plus_minus": interval(w, n), "games": n}
                     for t, (w, n) in sorted(by_trait.items())},
        "by_seat": [{"seat": i, "win_rate": w / n, "plus_minus": interval(w, n)}
                    for i, (w, n) in enumerate(by_seat)],
        "died_in_round": dict(sorted(deaths.items())),
        **({"expansion": expansion, "popularity_reached": dict(sorted(peaks.items())),
            "outcomes_per_life": outcomes / (games * players)} if expansion else {}),
    }


def markdown(data: dict[str, Any]) -> str:
    lines = [f"{data['games']} games, {data['players']} heuristic bots, seed {data['seed']}; "
             f"fair share {data['fair_share']:.3f}; mean final LTH {data['mean_lth']:.1f}", "",
             "| child trait | games | win rate |", "|---|---|---|"]
    for trait, row in data["by_trait"].items():
        lines.append(f"| {trait} | {row['games']} | {row['win_rate']:.3f} ± {row['plus_minus']:.3f} |")
    lines += ["", "| seat (0 = first player) | win rate |", "|---|---|"]
    for row in data["by_seat"]:
        lines.append(f"| {row['seat']} | {row['win_rate']:.3f} ± {row['plus_minus']:.3f} |")
    died = ", ".join(f"round {r}: {n}" for r, n in data["died_in_round"].items())
    lines += ["", f"Deaths by round (0 = Teen … 7 = Old Age 3): {died}"]
    if "expansion" in data:
        reached = ", ".join(f"{score}: {n}" for score, n in data["popularity_reached"].items())
        lines += ["", f"Highest Popularity score reached, lives per score: {reached}",
                  f"Community Outcomes chosen per life: {data['outcomes_per_life']:.2f}"]
    return "\n".join(lines)


def cli(doc: str, report: Callable[..., dict[str, Any]],
        markdown: Callable[[dict[str, Any]], str], players: int, expansions: tuple[str, ...] = ()) -> None:
    """The command line of a balance benchmark: games, players, seed, workers (and the
    game's expansion, if it has any); JSON or a table."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=players)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    if expansions:
        parser.add_argument("--expansion", choices=expansions)
    args = parser.parse_args()
    extra = {"expansion": args.expansion} if expansions else {}
    data = report(args.games, args.players, args.seed, args.workers, **extra)
    print(json.dumps(data) if args.json else markdown(data))


def main() -> None:
    cli(__doc__, report, markdown, players=4, expansions=("community",))


if __name__ == "__main__":
    main()
