"""Fuzz a game's notation at scale: every malformed or illegal text gets the one error and
changes nothing.

    python benchmarks/fuzz.py --game pursuit --tries 100000 [--seed 1] [--json]

Exit status 1 if any input got another error, a long message, or changed a state.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from vita.registry import GAMES
from vita.testing.fuzzing import fuzz


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), required=True)
    parser.add_argument("--tries", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    started = time.perf_counter()
    report = fuzz(args.game, args.tries, args.seed)
    data = {**report.to_json(), "seconds": round(time.perf_counter() - started, 1), "seed": args.seed}
    if args.json:
        print(json.dumps(data))
    else:
        print(f"{data['game']}: {data['tries']} tries at {data['positions']} positions in {data['seconds']} s: "
              f"{data['refused']} refused, {data['legal']} legal, {data['failed']} failures")
        for failure in report.failures[:20]:
            print("  " + failure)
    sys.exit(1 if report.failures else 0)


if __name__ == "__main__":
    main()
