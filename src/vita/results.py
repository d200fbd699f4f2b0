"""A simulation's results on disk: Parquet parts written as games finish, so a run that is
stopped resumes where it stopped (``vita simulate ... --out DIR``).

``DIR/_run.json`` holds the run (game, options, bots, seed); each ``DIR/part-NNNNN.parquet``
holds one row per game and seat: ``game`` (its number in the run), ``seed`` (it replays from
it), ``seat``, ``bot``, ``score``, ``rank``, ``won`` (1, or a share of a shared first place),
``length`` (actions), ``rounds`` (rounds begun, in a game that has rounds), ``first_player``
(the seat that moved first, in a game that has one: the board game's round-1 First Player,
the card game's player left of the dealer, CV's Bicycle holder; Our Life has none),
``options`` (JSON), the score's breakdown as ``score_<part>`` and what
the game says of the seat (:meth:`vita.core.state.State.facts`) as ``fact_<name>``: a child
trait or life goal as text, a count as a number, the cards taken as a list of names. Any row's
game plays again from its seed. Seats are numbered from 0 in these columns (``seat`` and
``first_player``), as in the code; everything a person reads (reports, console tables)
numbers them from 1.

Any row's game plays again from its seed: ``vita.sim.play_one(game, json.loads(options), bots, seed,
keep_record=True)`` returns it with its record (for ``vita replay``). A run
started again with the same parameters plays only the games no part holds yet; with other
parameters it is refused.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from vita.core.state import JSON
from vita.sim import win_shares

RUN_FILE = "_run.json"  # a leading "_": Parquet readers of the directory pass it by


class ResultStore:
    """The results of one run in ``directory`` (see the module's notes)."""

    def __init__(self, directory: str | Path, run: JSON, flush: int = 200) -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.run = run
        self.flush = flush
        marker = self.directory / RUN_FILE
        if marker.exists():
            try:
                stored = json.loads(marker.read_text(encoding="utf-8"))
            except (OSError, ValueError) as error:
                raise ValueError(f"{marker}: not a run description ({error})") from None
            if {k: v for k, v in stored.items() if k != "games"} != {k: v for k, v in run.items() if k != "games"}:
                raise ValueError(f"{self.directory} holds another run ({json.dumps(stored)}): choose another --out")
        marker.write_text(json.dumps(run, indent=1) + "\n", encoding="utf-8")
        self.parts = sorted(self.directory.glob("part-*.parquet"))
        # Which games are on disk, a byte per game number (a set of 100,000 numbers would take
        # some 7 MB and grow as the run goes).
        self.done = bytearray(int(run.get("games", 0)))
        for part in self.parts:
            for number in pq.read_table(part, columns=["game"]).column("game").to_pylist():
                self._mark(number)
        self.rows: list[JSON] = []
        self.pending = 0

    def add(self, number: int, seed: int, bots: list[str], result: JSON) -> None:
        """One finished game's rows; written out every ``flush`` games."""
        ranking, scores = result["ranking"], result["scores"]
        won = win_shares(ranking)
        options = json.dumps(self.run["options"], sort_keys=True)
        for seat, bot in enumerate(bots):
            row: JSON = {"game": number, "seed": seed, "seat": seat, "bot": bot, "score": float(scores[seat]),
                         "rank": int(ranking[seat]), "won": won[seat],
                         "length": int(result["length"]), "options": options}
            if result.get("rounds") is not None:
                row["rounds"] = int(result["rounds"])
            if result.get("first_player") is not None:
                row["first_player"] = int(result["first_player"])
            for key, value in result["breakdown"][seat].items():
                if key != "total":
                    row[column("score", key)] = float(value)
            for key, value in result.get("facts", [{}] * len(bots))[seat].items():
                row[column("fact", key)] = value if isinstance(value, str | list) else float(value)
            self.rows.append(row)
        self._mark(number)
        self.pending += 1
        if self.pending >= self.flush:
            self.write()

    def _mark(self, number: int) -> None:
        if number >= len(self.done):
            self.done.extend(bytes(number + 1 - len(self.done)))
        self.done[number] = 1

    def has(self, number: int) -> bool:
        """Whether game ``number``'s rows are stored."""
        return number < len(self.done) and self.done[number] == 1

    def write(self) -> None:
        """Write the rows not yet on disk as the next part."""
        if not self.rows:
            return
        table = pa.Table.from_pylist(self.rows, schema=_schema(self.rows))
        path = self.directory / f"part-{len(self.parts):05d}.parquet"
        pq.write_table(table, path)
        self.parts.append(path)
        self.rows, self.pending = [], 0

    def results(self) -> list[JSON]:
        """Every game on disk, in order, as the summary reads them (scores and ranking by seat)."""
        self.write()
        games: dict[int, JSON] = {}
        for part in self.parts:
            names = pq.read_schema(part).names
            columns = ["game", "seat", "score", "rank"] + (["first_player"] if "first_player" in names else [])
            for row in pq.read_table(part, columns=columns).to_pylist():
                game = games.setdefault(row["game"], {"scores": {}, "ranking": {}})
                game["scores"][row["seat"]] = row["score"]
                game["ranking"][row["seat"]] = row["rank"]
                game["first_player"] = row.get("first_player")
        return [{"scores": [g["scores"][s] for s in sorted(g["scores"])],
                 "ranking": [g["ranking"][s] for s in sorted(g["ranking"])], "first_player": g["first_player"]}
                for _, g in sorted(games.items())]


def column(prefix: str, name: str) -> str:
    """A column's name for a score part or a fact: ``fact_shared_goal`` for "shared goal".

    >>> column("fact", "Shared Goal")
    'fact_shared_goal'
    """
    return f"{prefix}_{'_'.join(name.lower().split())}"


def _schema(rows: list[JSON]) -> pa.Schema:
    """Fixed types for the fixed columns (seeds are 64-bit unsigned), floats for the breakdown,
    and for a fact the type of its values: text, a list of names, or a number."""
    fixed: dict[str, Any] = {"game": pa.int64(), "seed": pa.uint64(), "seat": pa.int32(), "bot": pa.string(),
                             "score": pa.float64(), "rank": pa.int32(), "won": pa.float64(), "length": pa.int64(),
                             "rounds": pa.int32(), "first_player": pa.int32(), "options": pa.string()}
    names = list(dict.fromkeys(key for row in rows for key in row))

    def kind(name: str) -> Any:
        if name in fixed:
            return fixed[name]
        value = next((row[name] for row in rows if row.get(name) is not None), 0.0)
        if isinstance(value, str):
            return pa.string()
        return pa.list_(pa.string()) if isinstance(value, list) else pa.float64()

    return pa.schema([(name, kind(name)) for name in names])
