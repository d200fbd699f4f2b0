"""Golden playthroughs: a whole game per game and player count, written out in full.

    python tools/playthroughs.py          # rewrite tests/playthroughs/*.txt

Each file holds a game played by heuristic bots from a fixed seed: every action with the
seat that took it, the public log, and the result. ``tests/test_playthroughs.py`` plays the
same games again and compares, so any change of behaviour shows up as a readable diff; when
the change is intended, run this script and commit the new files.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from vita.sim import play_one

FOLDER = Path(__file__).resolve().parents[1] / "tests" / "playthroughs"
GAMES = [("pursuit", 1), ("pursuit", 3), ("pursuit", 5), ("pursuit-cards", 2), ("pursuit-cards", 4), ("cv", 2),
         ("cv", 4), ("our-life", 1), ("our-life", 3)]
OPTIONS = {("our-life", 3): {"couples": 1},  # more than the player count: a couple and a single
           ("pursuit", 5): {"expansion": "community"}}  # 5 players only with the Community expansion
SEED = 20261123


def transcript(game_id: str, players: int) -> str:
    options = {"players": players, **OPTIONS.get((game_id, players), {})}
    state, record = play_one(game_id, options, ["heuristic"] * players, SEED, keep_record=True)
    assert record is not None
    extra = "".join(f", {key} {value}" for key, value in OPTIONS.get((game_id, players), {}).items())
    lines = [f"# {game_id}, {players} player(s){extra}, heuristic bots, seed {SEED}", "", "## actions"]
    lines += [f"{seat}: {text}" for seat, text in record.actions]
    lines += ["", "## log", *state.events_for(None)]
    lines += ["", "## result", f"scores: {list(state.scores())}", f"ranking: {list(state.ranking())}"]
    return "\n".join(lines) + "\n"


def path(game_id: str, players: int) -> Path:
    return FOLDER / f"{game_id}-{players}p.txt"


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for game_id, players in GAMES:
        path(game_id, players).write_text(transcript(game_id, players), encoding="utf-8")
        print(path(game_id, players))


if __name__ == "__main__":
    main()
