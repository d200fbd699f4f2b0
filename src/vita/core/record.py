"""Game records: a game is its options, its seed and its action list.

A record replays to the identical final state. It is JSON::

    {"format": "vita-record/1", "game": "pursuit", "engine": "0.1.0",
     "options": {"players": 2}, "seed": 7, "players": ["Ana", "bot:random"],
     "actions": [[0, "study"], [1, "take-project act-in-play"]],
     "deck": "sha256:…", "result": {"scores": [31, 27], "ranking": [1, 2]}}

Each action is ``[seat, notation]``: the seat matters when several seats may
act, or when one acts out of turn.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vita import __version__
from vita.core.errors import IllegalAction
from vita.core.state import JSON, Game, State

FORMAT = "vita-record/1"


@dataclass
class GameRecord:
    game: str
    options: JSON
    seed: int
    actions: list[tuple[int, str]] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    engine: str = __version__
    deck: str | None = None
    result: JSON | None = None
    seed_chosen: bool = False  # chosen by a person rather than drawn (the web server says so)

    def to_json(self) -> JSON:
        data: JSON = {
            "format": FORMAT,
            "game": self.game,
            "engine": self.engine,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "actions": [[seat, text] for seat, text in self.actions],
        }
        if self.deck is not None:
            data["deck"] = self.deck
        if self.result is not None:
            data["result"] = self.result
        if self.seed_chosen:
            data["seed_chosen"] = True
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a game record: expected \"format\": \"{FORMAT}\"")
        try:
            actions = [(int(seat), str(text)) for seat, text in data["actions"]]
            return cls(
                game=str(data["game"]),
                options=dict(data.get("options") or {}),
                seed=int(data["seed"]),
                actions=actions,
                players=[str(p) for p in data.get("players", [])],
                engine=str(data.get("engine", "")),
                deck=data.get("deck"),
                result=data.get("result"),
                seed_chosen=bool(data.get("seed_chosen", False)),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"malformed game record: {error}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as error:
            raise ValueError(f"{path}: not JSON ({error})") from None
        return cls.from_json(data)

    def record(self, state: State, seat: int, text: str) -> None:
        """Note an action just applied to ``state``, and the result if it ended the game."""
        self.actions.append((seat, text))
        if state.is_over():
            self.result = {"scores": list(state.scores()), "ranking": list(state.ranking())}


class ReplayError(ValueError):
    """A record whose actions do not replay."""


def start(game: Game[Any, Any], record: GameRecord, *, log: bool = True) -> State:
    """The position a record starts from (checking its card data matches)."""
    options = game.make_options(record.options)
    fingerprint = game.deck_fingerprint(options)
    if record.deck is not None and fingerprint is not None and record.deck != fingerprint:
        raise ReplayError(
            "this record was played with other card data than the data now loaded "
            f"(record {record.deck[:19]}…, loaded {fingerprint[:19]}…)"
        )
    state: State = game.new_state(options, record.seed, log=log)
    return state


def replay(game: Game[Any, Any], record: GameRecord, *, log: bool = True) -> State:
    """Apply every action of ``record``; raise :class:`ReplayError` at the first that fails."""
    state = start(game, record, log=log)
    for index, (seat, text) in enumerate(record.actions):
        try:
            state.apply(state.parse(text, seat), seat)
        except IllegalAction as error:
            raise ReplayError(f"action {index + 1} ({seat}: {text!r}) does not apply: {error}") from None
    return state
