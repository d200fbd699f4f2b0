"""Tournaments between bots: every lineup, seats rotated, on all local cores.

    vita tournament pursuit-cards --players 2 --bots heuristic,ismcts:iters=300,random --games 100

With as many bots as seats or more, every set of ``players`` different bots meets (each set
a lineup); with fewer, the bots fill the seats in turn. Each lineup plays ``games`` games and
its seating turns one seat every game, so every bot sits in every seat equally often. Game
``k`` of lineup ``i`` has a seed derived from the run's seed, ``i`` and ``k``: a tournament is
reproducible (with iteration budgets) and can be split across processes.

Reported per bot: games, wins (first places; a shared first place is split), the win rate
with its 95% Wilson interval, mean score, and an OpenSkill rating (Plackett-Luce, fed each
game's ranking in a fixed order; shown as mu, sigma and the ordinal mu - 3 sigma).
"""

from __future__ import annotations

import csv
import itertools
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from vita.core.rng import derive_seed
from vita.core.state import JSON
from vita.registry import make_bot
from vita.sim import play_one, run_tasks, win_shares

Z95 = 1.959963984540054


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The lineups: every set of ``players`` different bots, or the bots in turn in every seat.

    >>> lineups(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> lineups(["a", "b"], 4)
    [('a', 'b', 'a', 'b')]
    """
    if len(bots) >= players:
        return list(itertools.combinations(bots, players))
    return [tuple(bots[i % len(bots)] for i in range(players))]


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate.

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    """
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + Z95**2 / (2 * games)) / (1 + Z95**2 / games)
    half = Z95 * math.sqrt(rate * (1 - rate) / games + Z95**2 / (4 * games**2)) / (1 + Z95**2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def _game(task: tuple[str, JSON, tuple[str, ...], int, int, int]) -> JSON:
    game_id, options, seating, seed, lineup, number = task
    state, _ = play_one(game_id, options, list(seating), seed)
    return {"lineup": lineup, "game": number, "seed": seed, "seating": list(seating),
            "ranking": list(state.ranking()), "scores": [float(s) for s in state.scores()]}


def run(game_id: str, options: JSON, bots: Sequence[str], games: int, seed: int = 1, *,
        workers: int | None = None, progress: bool = False) -> dict[str, Any]:
    """Play the tournament; return every game and the standings (see the module's notes)."""
    players = int(options["players"])
    if len(set(bots)) < 2:
        raise ValueError("a tournament needs at least two different bots")
    for name in set(bots):
        try:
            make_bot(game_id, name, 0)
        except KeyError as error:
            raise ValueError(error.args[0]) from None
    tasks = []
    for index, lineup in enumerate(lineups(list(bots), players)):
        for number in range(games):
            shift = number % players
            seating = lineup[shift:] + lineup[:shift]
            tasks.append((game_id, options, seating, derive_seed(seed, "tournament", index, number), index, number))
    results = run_tasks(_game, tasks, workers or os.cpu_count() or 1, f"{game_id} tournament", progress=progress)
    return {"game": game_id, "options": options, "seed": seed, "games_per_lineup": games,
            "lineups": [list(lineup) for lineup in lineups(list(bots), players)],
            "standings": standings(results, list(dict.fromkeys(bots))), "games": results}


def standings(results: list[JSON], bots: list[str]) -> list[JSON]:
    """Per bot: games, wins, win rate and interval, mean score and rating, best rating first."""
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in bots}
    played = dict.fromkeys(bots, 0)
    wins = dict.fromkeys(bots, 0.0)
    scores = dict.fromkeys(bots, 0.0)
    for result in results:
        seating, ranking = result["seating"], result["ranking"]
        for seat, (name, share) in enumerate(zip(seating, win_shares(ranking), strict=True)):
            played[name] += 1
            scores[name] += result["scores"][seat]
            wins[name] += share
        teams = [[ratings[name]] for name in seating]
        rated = model.rate(teams, ranks=ranking)
        # A bot in several seats (fewer bots than seats) takes the mean of its new ratings.
        for name in set(seating):
            seats = [seat for seat, other in enumerate(seating) if other == name]
            mu = sum(rated[s][0].mu for s in seats) / len(seats)
            sigma = sum(rated[s][0].sigma for s in seats) / len(seats)
            ratings[name] = model.rating(mu=mu, sigma=sigma, name=name)
    rows: list[dict[str, Any]] = []
    for name in bots:
        low, high = wilson(wins[name], played[name])
        rating = ratings[name]
        rows.append({"bot": name, "games": played[name], "wins": wins[name],
                     "win_rate": wins[name] / played[name] if played[name] else 0.0,
                     "win_rate_low": low, "win_rate_high": high,
                     "mean_score": scores[name] / played[name] if played[name] else 0.0,
                     "mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal()})
    rows.sort(key=lambda row: -row["ordinal"])
    return rows


def write_csv(summary: dict[str, Any], path: Path) -> None:
    """One row per game and seat: lineup, game, seed, seat, bot, rank, score."""
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["lineup", "game", "seed", "seat", "bot", "rank", "score"])
        for result in summary["games"]:
            for seat, name in enumerate(result["seating"]):
                writer.writerow([result["lineup"], result["game"], result["seed"], seat, name,
                                 result["ranking"][seat], result["scores"][seat]])


def write_plot(summary: dict[str, Any], path: Path) -> None:
    """A bar chart of the win rates with their 95% intervals (PNG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = summary["standings"]
    names = [row["bot"] for row in rows]
    rates = [row["win_rate"] for row in rows]
    errors = [[max(0.0, r - row["win_rate_low"]) for r, row in zip(rates, rows, strict=True)],
              [max(0.0, row["win_rate_high"] - r) for r, row in zip(rates, rows, strict=True)]]
    figure, axes = plt.subplots(figsize=(max(4.0, 1.4 * len(names)), 3.5))
    axes.bar(names, rates, yerr=errors, capsize=6, color="#4c78a8")
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (95% interval)")
    players = summary["options"]["players"]
    axes.set_title(f"{summary['game']}, {players} players, {summary['games_per_lineup']} games a lineup")
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)
