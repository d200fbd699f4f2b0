"""Our Life's solo and co-op scores against the rulebook's table, for the random and heuristic bots.

    python benchmarks/our_life_solo.py --games 200

The rulebook judges a solo game (one single) or a co-op game (one couple) by its score:
400+ "Perfect life!", 350-399, 300-349, 250-299, 200-249, <200 "Life could be better". The
designed sheet and card values are tuned so that a good game (the heuristic bot's) lands in
the 250-399 bands and a random one below 200. Prints, per mode and bot, the mean, the
quartiles and how many games fall in each band of the table.
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any

from vita.games.our_life.cards import load_book
from vita.sim import play_one

MODES = {"solo": {"players": 1}, "co-op": {"players": 2, "couples": 1}}


def measure(games: int, seed: int = 1) -> list[dict[str, Any]]:
    book = load_book()
    rows = []
    for mode, options in MODES.items():
        for bot in ("random", "heuristic"):
            scores = [play_one("our-life", options, [bot] * options["players"], seed + g)[0].scores()[0]
                      for g in range(games)]
            bands = {result: 0 for _, result in book.solo}
            for score in scores:
                bands[book.solo_result(score)] += 1
            quartiles = statistics.quantiles(scores, n=4)
            rows.append({"mode": mode, "bot": bot, "games": games, "mean": round(statistics.fmean(scores), 1),
                         "q1": quartiles[0], "median": quartiles[1], "q3": quartiles[2],
                         "min": min(scores), "max": max(scores), "bands": bands})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = measure(args.games, args.seed)
    if args.json:
        print(json.dumps(rows))
        return
    for row in rows:
        bands = ", ".join(f"{name}: {count}" for name, count in row["bands"].items())
        print(f"{row['mode']:>5} {row['bot']:>9}: mean {row['mean']}, quartiles {row['q1']:g}/{row['median']:g}/"
              f"{row['q3']:g}, range {row['min']:g}-{row['max']:g} — {bands}")


if __name__ == "__main__":
    main()
