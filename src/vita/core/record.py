"""Game records: a game is its options, its seed and its action list.

A record replays to the identical final state. It is JSON::

    {"format": "vita-record/2", "game": "pursuit", "rules": 1, "engine": "0.1.0",
     "options": {"players": 2}, "seed": 7, "players": ["human:Ana", "bot:random"],
     "actions": [[0, "study"], [1, "take-project act-in-play"]],
     "deck": "sha256:…", "result": {"scores": [31, 27], "ranking": [1, 2]}}

Each action is ``[seat, notation]``: the seat matters when several seats may act, or when
one acts out of turn. ``rules`` is the game's rules version (:attr:`GameInfo.rules_version`):
a record of another version is refused, since it may not replay the same. A record of
format ``vita-record/1`` (before rules versions) was played under rules version 1.

:meth:`GameRecord.from_json` checks everything before anything replays: each problem is a
:class:`RecordError` naming the field, in one line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from vita import __version__
from vita.core.errors import IllegalAction
from vita.core.game import Game
from vita.core.roster import bot_names, knows_bot
from vita.core.state import JSON, Action, State

FORMAT = "vita-record/2"
FORMATS = ("vita-record/1", FORMAT)
MAX_RECORD_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 64


class RecordError(ValueError):
    """A record that is not well formed, or does not belong to this vita: names the field."""


class _Result(BaseModel):
    model_config = ConfigDict(extra="allow")
    scores: list[float]
    ranking: list[StrictInt]


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["vita-record/1", "vita-record/2"]
    game: StrictStr
    rules: Annotated[StrictInt, Field(ge=1)] = 1
    engine: StrictStr = ""
    options: dict[str, Any] = {}
    seed: Annotated[StrictInt, Field(ge=0, lt=2**64)]
    players: list[Annotated[StrictStr, Field(pattern=r"^(human|bot):.{0,64}$")]] = []
    actions: list[tuple[Annotated[StrictInt, Field(ge=0, lt=64)], Annotated[StrictStr, Field(max_length=400)]]]
    deck: StrictStr | None = None
    result: _Result | None = None
    seed_chosen: bool = False


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
    rules: int | None = None  # the game's rules version (GameInfo.rules_version); left out: version 1

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
        if self.rules is not None:
            data["rules"] = self.rules
        if self.deck is not None:
            data["deck"] = self.deck
        if self.result is not None:
            data["result"] = self.result
        if self.seed_chosen:
            data["seed_chosen"] = True
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """A checked record; :class:`RecordError` (one line, naming the field) if it is not one."""
        if not isinstance(data, dict):
            raise RecordError("not a game record: expected a JSON object")
        if "format" not in data:
            raise RecordError(f'format: missing (a game record says "format": "{FORMAT}")')
        if data["format"] not in FORMATS:
            raise RecordError(f"format: {str(data['format'])[:40]!r} is not a record format this vita reads "
                              f"({', '.join(FORMATS)})")
        try:
            model = _Record.model_validate(data)
        except ValidationError as error:
            problem = error.errors()[0]
            where = ".".join(str(p) for p in problem["loc"]) or "(top level)"
            more = f" (and {len(error.errors()) - 1} more)" if len(error.errors()) > 1 else ""
            raise RecordError(f"{where}: {problem['msg']}{more}") from None
        return cls(game=model.game, options=model.options, seed=model.seed, actions=list(model.actions),
                   players=model.players, engine=model.engine, deck=model.deck,
                   result=model.result.model_dump() if model.result else None, seed_chosen=model.seed_chosen,
                   rules=model.rules)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read and check a record file; :class:`RecordError` naming the problem if it is not one."""
        try:
            raw = Path(path).read_bytes()
        except OSError as error:
            raise RecordError(f"{path}: {error.strerror or error}") from None
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError(f"{path}: larger than {MAX_RECORD_BYTES // 2**20} MiB: not a game record")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(f"{path}: not UTF-8 text (byte {error.start})") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"{path}: not JSON ({error})") from None
        except RecursionError:
            raise RecordError(f"{path}: JSON nested too deeply to be a game record") from None
        try:
            return cls.from_json(data)
        except RecordError as error:
            raise RecordError(f"{path}: {error}") from None

    def record(self, state: State, seat: int, text: str) -> None:
        """Note an action just applied to ``state``, and the result if it ended the game."""
        self.actions.append((seat, text))
        if state.is_over():
            self.result = {"scores": list(state.scores()), "ranking": list(state.ranking())}


class ReplayError(ValueError):
    """A record whose actions do not replay."""


def start(game: Game[Any, Any], record: GameRecord, *, log: bool = True) -> State:
    """The position a record starts from, once the record is known to belong here: its
    rules version, options, players and card data (each refusal names the field)."""
    if record.rules is not None and record.rules != game.info.rules_version:
        raise ReplayError(f"rules: this record was played under {game.info.id} rules version {record.rules}; "
                          f"this vita plays version {game.info.rules_version}, under which it may not replay the same")
    try:
        options = game.make_options(record.options)
    except ValueError as error:
        raise ReplayError("options: " + " ".join(str(error).split())) from None
    players = getattr(options, "players", None)
    if record.players and players is not None and len(record.players) != players:
        raise ReplayError(f"players: {len(record.players)} given for a {players}-player game")
    if any(seat >= (players or 64) for seat, _ in record.actions):
        raise ReplayError(f"actions: a seat beyond the {players} players")
    for seat, label in enumerate(record.players):
        kind, _, name = label.partition(":")
        if kind == "bot" and not knows_bot(game, name):
            raise ReplayError(f"players.{seat}: unknown bot {name[:40]!r} for {game.info.id} "
                              f"(known bots: {', '.join(bot_names(game))}, and ismcts with a budget)")
    fingerprint = game.deck_fingerprint(options)
    if record.deck is not None and fingerprint is None:
        raise ReplayError(f"deck: {game.info.id} has no card data, yet the record names a deck")
    if record.deck is not None and fingerprint is not None and record.deck != fingerprint:
        raise ReplayError(
            "deck: this record was played with other card data than the data now loaded "
            f"(record {record.deck[:19]}…, loaded {fingerprint[:19]}…)"
        )
    state: State = game.new_state(options, record.seed, log=log)
    return state


def replay_steps(state: State, actions: Iterable[tuple[int, str]]) -> Iterator[tuple[int, int, Action]]:
    """Replay ``actions`` (``[seat, notation]`` pairs) on ``state``, one at a time.

    Each action is checked first (:class:`ReplayError` naming ``actions.N`` if it does not
    apply), then yielded as ``(index, seat, action)`` while ``state`` is still the position
    before it — where a bot thinks through its past turn, or a replay takes the view after
    the previous action — and applied when the loop asks for the next one.
    """
    for index, (seat, text) in enumerate(actions):
        try:
            action = state.check(seat, text)
        except IllegalAction as error:
            raise ReplayError(f"actions.{index}: ({seat}: {text[:40]!r}) does not apply: {error}") from None
        yield index, seat, action
        state.apply_trusted(seat, action)


def replay(game: Game[Any, Any], record: GameRecord, *, log: bool = True) -> State:
    """Apply every action of ``record``; raise :class:`ReplayError` at the first that fails,
    or if the record's stated result is not the one the replay gives."""
    state = start(game, record, log=log)
    for _ in replay_steps(state, record.actions):
        pass
    check_result(record, state)
    return state


def check_result(record: GameRecord, state: State) -> None:
    """Refuse a record whose stated result is not what its actions give (a forged result)."""
    if record.result is None:
        return
    if not state.is_over():
        raise ReplayError("result: the record states a result, but its actions do not end the game")
    if [float(s) for s in record.result.get("scores", [])] != [float(s) for s in state.scores()] or \
            list(record.result.get("ranking", [])) != list(state.ranking()):
        raise ReplayError(f"result: the record says {record.result.get('scores')}, its actions give "
                          f"{list(state.scores())}")
