"""The games both builds must play alike, written out as digests (tests/builds/same-games.json).

    python tools/same_games.py      # on the pure build: rewrite the file

For each game (and the board game with Community), a few games of heuristic bots from fixed
seeds: the digest of each game's record, of its final position, and of the Parquet rows a
``vita simulate --out`` run writes for them. ``tests/test_builds.py`` plays them again on
whichever build runs and compares; CI runs it on the pure and on the compiled build.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

FILE = Path(__file__).resolve().parents[1] / "tests" / "builds" / "same-games.json"
TABLES: dict[str, tuple[str, dict[str, Any]]] = {
    "pursuit-3": ("pursuit", {"players": 3}),
    "pursuit-community-5": ("pursuit", {"players": 5, "expansion": "community"}),
    "pursuit-cards-3": ("pursuit-cards", {"players": 3}),
    "cv-4": ("cv", {"players": 4}),
    "our-life-3": ("our-life", {"players": 3, "couples": 1}),
}
SEEDS = (1, 2, 3)


def digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:20]


def games() -> dict[str, Any]:
    """Each table's digests: per seed, the record's and the final position's; and the rows'."""
    import pyarrow.parquet as pq

    from vita.sim import play_one, simulate

    out: dict[str, Any] = {}
    for name, (game_id, options) in TABLES.items():
        bots = ["heuristic"] * int(options["players"])
        played = {}
        for seed in SEEDS:
            state, record = play_one(game_id, options, bots, seed, keep_record=True)
            assert record is not None
            played[str(seed)] = {"record": digest(record.to_json()), "position": digest(state.to_json())}
        with tempfile.TemporaryDirectory() as folder:
            simulate(game_id, options, bots, len(SEEDS), seed=7, out_dir=folder)
            parts = sorted(Path(folder).glob("part-*.parquet"))
            rows = [row for part in parts for row in pq.read_table(part).to_pylist()]
        rows.sort(key=lambda row: (row["game"], row["seat"]))
        out[name] = {"games": played, "rows": digest(rows)}
    return out


if __name__ == "__main__":
    FILE.parent.mkdir(parents=True, exist_ok=True)
    FILE.write_text(json.dumps(games(), indent=1, sort_keys=True) + "\n")
    print(FILE)
