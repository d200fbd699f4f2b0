"""Balance of CV: win rates by seat (counted from the Bicycle's holder) and by private life goal.

    python benchmarks/cv_balance.py --games 1000 --players 3 --workers 2

Plays heuristic-bot games (every seat the same bot) and reports, with a 95% interval, the
share of wins (shared first places split) of each seat counted from the starting player and of
each private life goal, against the fair share 1/players, and the mean final score.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from balance import cli, interval
from vita.core.state import JSON, State
from vita.sim import simulate


def probe(state: State) -> JSON:
    from vita.games.cv.state import CvState

    assert isinstance(state, CvState)
    return {"starter": state.starter, "goals": [state.deck.title(g) for g in state.goals]}


def report(games: int, players: int, seed: int, workers: int) -> dict[str, Any]:
    summary = simulate("cv", {"players": players}, ["heuristic"] * players, games, seed,
                       workers=workers, probe=probe, progress=True)
    by_goal: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    by_seat = [[0.0, 0] for _ in range(players)]
    for result in summary["results"]:
        winners = [s for s in range(players) if result["ranking"][s] == 1]
        starter = result["probe"]["starter"]
        for seat in range(players):
            share = 1 / len(winners) if seat in winners else 0.0
            goal = result["probe"]["goals"][seat]
            by_goal[goal][0] += share
            by_goal[goal][1] += 1
            order = (seat - starter) % players
            by_seat[order][0] += share
            by_seat[order][1] += 1
    return {
        "games": games, "players": players, "seed": seed, "fair_share": 1 / players,
        "mean_score": sum(s["mean_score"] for s in summary["seats"]) / players,
        "by_seat": [{"seat": i, "win_rate": w / n, "plus_minus": interval(w, int(n))}
                    for i, (w, n) in enumerate(by_seat)],
        "by_goal": {g: {"win_rate": w / n, "plus_minus": interval(w, int(n)), "games": n}
                    for g, (w, n) in sorted(by_goal.items())},
    }


def markdown(data: dict[str, Any]) -> str:
    lines = [f"{data['games']} games, {data['players']} heuristic bots, seed {data['seed']}; "
             f"fair share {data['fair_share']:.3f}; mean final score {data['mean_score']:.1f}", "",
             "| seat (0 = starting player) | win rate |", "|---|---|"]
    for row in data["by_seat"]:
        lines.append(f"| {row['seat']} | {row['win_rate']:.3f} ± {row['plus_minus']:.3f} |")
    lines += ["", "| private life goal | games | win rate |", "|---|---|---|"]
    for goal, row in data["by_goal"].items():
        lines.append(f"| {goal} | {row['games']} | {row['win_rate']:.3f} ± {row['plus_minus']:.3f} |")
    return "\n".join(lines)


def main() -> None:
    cli(__doc__, report, markdown, players=3)


if __name__ == "__main__":
    main()
