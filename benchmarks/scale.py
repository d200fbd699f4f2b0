"""What simulation costs and how it scales: the figures of ``docs/scale.md``.

    python benchmarks/scale.py cost [--seconds 3]              # per game and bot, one core
    python benchmarks/scale.py scaling [--game cv --players 4 --bots random --games 2000]
    python benchmarks/scale.py memory [--game pursuit-cards --games 100000]

* ``cost``: for each game at a usual player count and each of its bots but the search bots,
  full games per second on one core (in this process, logging off, as ``vita simulate``
  plays them) and the mean time of one game.
* ``scaling``: the same run of ``vita simulate`` (same seeds) on 1 worker and on 2, games per
  second each and their ratio (the machine's cores are shared with nothing else only if you
  make it so).
* ``memory``: one long ``vita simulate --out`` run; the resident memory of this process and
  its workers, sampled every 2 s, at the start, the end and its highest.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from vita.registry import bot_names
from vita.sim import play_one, simulate

GAMES = [("pursuit", {"players": 4}), ("pursuit", {"players": 4, "expansion": "community"}),
         ("pursuit-cards", {"players": 2}), ("cv", {"players": 4}), ("our-life", {"players": 4})]


def cost(seconds: float) -> list[dict[str, Any]]:
    rows = []
    for game_id, options in GAMES:
        for bot in (b for b in bot_names(game_id) if b in ("random", "heuristic")):
            bots = [bot] * options["players"]
            play_one(game_id, options, bots, 0)  # warm up: data loaded, caches filled
            games, start = 0, time.perf_counter()
            while time.perf_counter() - start < seconds:
                play_one(game_id, options, bots, games + 1)
                games += 1
            elapsed = time.perf_counter() - start
            rows.append({"game": game_id, "options": options, "bot": bot, "games": games,
                         "games_per_second": games / elapsed, "ms_per_game": 1000 * elapsed / games})
    return rows


def scaling(game_id: str, players: int, bot: str, games: int) -> dict[str, Any]:
    rates = {}
    for workers in (1, 2):
        start = time.perf_counter()
        simulate(game_id, {"players": players}, [bot] * players, games, seed=7, workers=workers)
        rates[workers] = games / (time.perf_counter() - start)
    return {"game": game_id, "players": players, "bot": bot, "games": games,
            "one_worker_games_per_second": rates[1], "two_workers_games_per_second": rates[2],
            "ratio": rates[2] / rates[1], "cores": os.cpu_count()}


def _rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _family_rss_mib() -> float:
    """This process and its children (the workers), resident memory in MiB (Linux /proc)."""
    me = os.getpid()
    total = _rss_kib(me)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if parent == me:
                total += _rss_kib(int(entry.name))
    return total / 1024


def memory(game_id: str, players: int, games: int) -> dict[str, Any]:
    samples: list[tuple[float, float]] = []
    done = threading.Event()

    def sample() -> None:
        start = time.perf_counter()
        while not done.wait(2.0):
            samples.append((time.perf_counter() - start, _family_rss_mib()))

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as out:
        simulate(game_id, {"players": players}, ["random"] * players, games, seed=11, out_dir=out,
                 workers=os.cpu_count() or 1, progress=True)
    elapsed = time.perf_counter() - start
    done.set()
    sampler.join()
    # While the workers play (the last samples may fall after they stopped, as the summary is read).
    playing = [(t, mib) for t, mib in samples if t < elapsed - 4] or [(0.0, 0.0)]
    tenth = max(1, len(playing) // 10)
    return {"game": game_id, "players": players, "games": games, "seconds": elapsed, "samples": len(samples),
            "mib_by_tenth_of_the_run": [round(mib, 1) for _, mib in playing[::tenth]],
            "max_mib": max(mib for _, mib in playing), "min_mib": min(mib for _, mib in playing[tenth:] or playing)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("cost", "scaling", "memory"))
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--game", default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--games", type=int, default=None)
    args = parser.parse_args()
    if args.what == "cost":
        result: Any = cost(args.seconds)
    elif args.what == "scaling":
        result = scaling(args.game or "cv", args.players or 4, args.bots, args.games or 2000)
    else:
        result = memory(args.game or "pursuit-cards", args.players or 2, args.games or 100_000)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
