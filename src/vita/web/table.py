"""A live table: one game in memory (its stored row and actions, the state they replay to),
what each seat is shown of it, and the pages following it.

The table changes only through :class:`vita.web.tables.Tables`, under its lock: an action is
:meth:`Table.prepare`\\ d (checked and applied to a copy), stored (:mod:`vita.web.sync`), and
only then does the copy become the live game. Whatever changed, :meth:`Table.push` sends each
following page its seat's payload, computed once per change and seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from vita.core.bots import Bot
from vita.core.errors import IllegalAction
from vita.core.game import Game
from vita.core.record import GameRecord, replay_steps
from vita.core.state import JSON, State
from vita.core.undo import Taken, learns, take_back
from vita.web.errors import Refused
from vita.web.security import matches
from vita.web.store import ActionRow, TableRow

LOG_LINES = 300
MAX_FOLLOWERS = 64  # open pages per table
QUEUED = 32  # messages a page may fall behind before it is dropped


@dataclass(eq=False)
class Follower:
    """A WebSocket (or any listener) following a table as a seat or as a spectator.

    Messages wait in a bounded queue that the socket's own writer empties: a client that
    does not read never holds up the table (once its queue is full it is dropped).
    """

    seat: int | None
    queue: asyncio.Queue[JSON] = field(default_factory=lambda: asyncio.Queue(QUEUED))
    dropped: asyncio.Event = field(default_factory=asyncio.Event)

    def offer(self, message: JSON) -> bool:
        """Queue ``message``; False (and the follower is dropped) if its queue is full."""
        if self.dropped.is_set():
            return False
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.dropped.set()
            return False
        return True

    async def pump(self, send: Callable[[JSON], Awaitable[Any]]) -> None:
        """Send queued messages, for as long as the socket takes them (run by its handler)."""
        while True:
            await send(await self.queue.get())


@dataclass(frozen=True)
class Prepared:
    """An action checked and applied to a copy of the game at move ``seq``, not yet stored."""

    seq: int
    after: State
    row: ActionRow
    result: JSON | None
    final_log: list[str] | None


@dataclass(eq=False)
class Table:
    """A table in a server's memory, rebuilt from its stored record."""

    row: TableRow
    game: Game[Any, Any]
    state: State
    actions: list[ActionRow]
    followers: list[Follower] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    away_since: dict[int, float] = field(default_factory=dict)  # seat → when its last page closed
    bot_task: asyncio.Task[None] | None = None
    loaded_at: float = field(default_factory=time.monotonic)
    used_at: float = field(default_factory=time.monotonic)
    pending: int = 0  # requests under way that will change the table
    bots: dict[int, Bot] = field(default_factory=dict)  # one per bot seat, kept between its moves
    views: dict[int | None, JSON] = field(default_factory=dict)  # payloads, computed once per change
    replay: list[JSON] | None = None  # a finished game's public views, step by step
    studies: dict[int, JSON] = field(default_factory=dict)  # a finished game's decisions, analysed
    hints: dict[tuple[int, int], JSON] = field(default_factory=dict)  # (move number, seat) → hint
    frozen: str = ""  # why a finished table is shown from its stored result (another rules version)
    stale: bool = False  # another process changed the table: read it again before the next push
    syncing: asyncio.Task[None] | None = None

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def seq(self) -> int:
        return len(self.actions)

    @property
    def over(self) -> bool:
        return bool(self.frozen) or self.state.is_over()

    def touch(self) -> None:
        self.used_at = time.monotonic()

    def changed(self) -> None:
        """Forget the payloads computed for the old position."""
        self.views.clear()

    # -- who is who -------------------------------------------------------------------------

    def seat_of(self, token: str | None) -> int | None:
        """The seat a secret token opens (None: a spectator)."""
        if not token:
            return None
        found = None
        for seat in self.row.seats:
            if matches(token, seat.token_hash):  # compare with every seat: same time for all
                found = seat.seat
        if found is None:
            raise Refused(403, "this link's token opens no seat at this table (it may have been replaced)")
        return found

    def check_owner(self, key: str | None, doing: str) -> None:
        if not matches(key, self.row.owner_hash):
            raise Refused(403, f"only the table's owner can {doing} (this is not the owner's key)")

    def people(self) -> set[int]:
        """The seats a person plays."""
        return {s.seat for s in self.row.seats if s.kind == "human"}

    def bot_to_move(self) -> bool:
        return any(self.row.seats[s].kind == "bot" for s in self.state.to_move())

    def bot_still_to_play(self, seat: int, seq: int) -> bool:
        """Whether the bot of ``seat`` is still to play move ``seq`` (no undo, no other move,
        the seat not handed back to a person meanwhile)."""
        return self.seq == seq and self.row.seats[seat].kind == "bot" and seat in self.state.to_move()

    def connected(self, seat: int) -> bool:
        return any(f.seat == seat for f in self.followers)

    def away_for(self, seat: int) -> float:
        """Seconds since the seat's last page closed (0 while one is open)."""
        if self.connected(seat):
            return 0.0
        return time.monotonic() - self.away_since.setdefault(seat, self.loaded_at)

    def busy(self) -> bool:
        return bool(self.pending or self.followers or self.lock.locked()
                    or (self.bot_task is not None and not self.bot_task.done()))

    # -- changing it ------------------------------------------------------------------------

    def refuse_if_stale(self, seq: int) -> None:
        if seq != self.seq:
            raise Refused(409, f"stale action: it was chosen at move {seq}, the game is at move {self.seq}; "
                               "nothing was applied")

    def prepare(self, seat: int, seq: int, text: str, timed_out: bool = False) -> Prepared:
        """Check ``text`` for ``seat`` at move ``seq`` and apply it to a copy of the game
        (:class:`Refused` if it is stale or illegal); nothing changes yet. ``timed_out``: the
        table's bot plays it because the seat ran out of time."""
        self.refuse_if_stale(seq)
        state = self.state
        try:
            action = state.check(seat, text)  # checked once; the copy applies it as checked
        except IllegalAction as error:
            raise Refused(400, str(error)) from None
        after = state.clone()
        after.apply_trusted(seat, action)
        before = state.clone()
        before.log = None
        undoable = not learns(before, seat, action, after, self.people())
        row = ActionRow(self.seq, seat, str(action), undoable, timed_out)
        result = {"scores": list(after.scores()), "ranking": list(after.ranking())} if after.is_over() else None
        final_log = merged_log(after, [*self.actions, row], self.row.seats, None) if result is not None else None
        return Prepared(seq, after, row, result, final_log)

    def take(self, prepared: Prepared) -> None:
        """Make a prepared action, now stored, the live game."""
        self.state = prepared.after
        self.actions.append(prepared.row)
        if prepared.result is not None:
            self.row.result, self.row.final_log = prepared.result, prepared.final_log
        self.changed()

    def can_undo(self, seat: int | None) -> bool:
        """Your own last action (with the bots' after it), while it and they told you nothing
        hidden and no other person acted since (:func:`vita.core.undo.take_back`)."""
        return self.undo_keeps(seat) is not None

    def undo_keeps(self, seat: int | None) -> int | None:
        """How many actions stay if ``seat`` takes back its last action (``None``: no undo)."""
        if seat is None or not self.actions or self.over:
            return None
        people = self.people()
        return take_back([Taken(a.seat, a.seat in people, a.undoable) for a in self.actions], seat)

    # -- what each seat is shown ------------------------------------------------------------

    def payload(self, seat: int | None, note: str = "") -> JSON:
        """What a seat (or a spectator) is shown: its view, its legal actions, its log."""
        cached = self.views.get(seat)
        if cached is None:
            cached = self.views[seat] = self._frozen_payload(seat) if self.frozen else self._payload(seat)
        return {**cached, "note": note}

    def _frozen_payload(self, seat: int | None) -> JSON:
        """A finished table of another rules version: its stored result and public log."""
        result = self.row.result or {}
        log = self.row.final_log or ["(the log of this game was not kept)"]
        return {
            "table": self.row.id, "game": self.row.game, "title": self.game.info.title, "seq": self.seq,
            "seat": seat, "to_move": [], "your_turn": False, "over": True, "view": None, "legal": [],
            "log": log[-LOG_LINES:], "log_size": len(log), "undo": False, "frozen": self.frozen,
            "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot, "resigned": s.resigned,
                       "replaced": s.human and s.kind == "bot", "connected": False} for s in self.row.seats],
            "scores": result.get("scores", []), "ranking": result.get("ranking", []),
            "breakdown": [{"total": score} for score in result.get("scores", [])],
        }

    def _payload(self, seat: int | None) -> JSON:
        state = self.state
        movers = state.to_move()
        legal: list[JSON] = []
        mine = seat is not None and self.row.seats[seat].kind == "human"
        if mine and seat in movers:
            legal = [prompt.to_json() for prompt in self.game.prompts(state, seat)]
        events = self.log_for(seat)
        data: JSON = {
            "table": self.row.id,
            "game": self.row.game,
            "title": self.game.info.title,
            "seq": self.seq,
            "seat": seat,
            "to_move": list(movers),
            "your_turn": mine and seat in movers,
            "over": state.is_over(),
            "view": state.view(seat),
            "legal": legal,
            "log": events[-LOG_LINES:],
            "log_size": len(events),
            "undo": self.can_undo(seat),
            "seats": [
                {"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot, "resigned": s.resigned,
                 "replaced": s.human and s.kind == "bot",
                 "connected": s.kind == "bot" or self.connected(s.seat),
                 "deadline": s.deadline.isoformat() if s.deadline is not None else None}
                for s in self.row.seats
            ],
            "move_limit": self.row.move_limit,
        }
        if state.is_over():
            data["scores"] = list(state.scores())
            data["ranking"] = list(state.ranking())
            data["breakdown"] = state.score_breakdown()
        return data

    def log_for(self, seat: int | None) -> list[str]:
        """The game's log worded for ``seat``, with the timeouts' lines (:func:`merged_log`)."""
        return merged_log(self.state, self.actions, self.row.seats, seat)

    def record(self) -> GameRecord:
        """The game record: public only once the game is over (its seed and draws would tell
        every hidden card before)."""
        if not self.over:
            raise Refused(409, "the game record (seed and actions) is published when the game is over")
        return GameRecord(
            game=self.row.game, options=self.row.options, seed=self.row.seed,
            actions=pairs(self.actions),
            players=[f"{s.kind}:{s.bot or s.name}" for s in self.row.seats],
            engine=self.row.engine, result=self.row.result,
            deck=self.game.deck_fingerprint(self.game.make_options(self.row.options)),
            seed_chosen=self.row.seed_chosen, rules=self.row.rules,
        )

    def replay_step(self, step: int) -> JSON:
        """The public view after ``step`` actions of a finished game (all steps computed once)."""
        if self.frozen:
            raise Refused(409, self.frozen + "; its step-by-step replay is not available")
        if not self.over:
            raise Refused(409, "a game can be replayed once it is over")
        if not 0 <= step <= self.seq:
            raise Refused(404, f"the game has {self.seq} actions: steps 0 to {self.seq}")
        if self.replay is None:
            state = new_state(self.game, self.row)
            steps: list[JSON] = []
            label = None  # the action that led to a step, in the game's words
            for index, _, action in replay_steps(state, pairs(self.actions)):
                steps.append(self._step(state, index, label))
                label = state.label(action)  # worded from the position it was taken in
            self.replay = [*steps, self._step(state, self.seq, label)]
        return self.replay[step]

    def _step(self, state: State, step: int, label: str | None) -> JSON:
        return {"step": step, "total": self.seq, "game": self.row.game, "title": self.game.info.title,
                "view": state.view(None), "log": state.events_for(None)[-40:],
                "action": self.actions[step - 1].notation if step else None, "label": label,
                "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot} for s in self.row.seats]}

    # -- the pages following it -------------------------------------------------------------

    def follow(self, follower: Follower) -> None:
        if len(self.followers) >= MAX_FOLLOWERS:
            raise Refused(429, f"this table already has {MAX_FOLLOWERS} open pages")
        self.followers.append(follower)
        self.changed()

    def unfollow(self, follower: Follower) -> None:
        if follower in self.followers:
            self.followers.remove(follower)
        if follower.seat is not None and not self.connected(follower.seat):
            self.away_since[follower.seat] = time.monotonic()
        self.changed()
        self.touch()

    def push(self, note: str = "") -> None:
        """Send every following page its seat's payload."""
        for follower in list(self.followers):
            self.send(follower, {"type": "view", **self.payload(follower.seat, note)})

    def revoke(self, seat: int, message: str) -> None:
        """Every page of ``seat`` stops receiving the seat's view: it becomes a spectator's."""
        for follower in list(self.followers):
            if follower.seat == seat:
                follower.seat = None
                self.send(follower, {"type": "revoked", "message": message})
        self.changed()

    def send(self, follower: Follower, message: JSON) -> None:
        if not follower.offer(message):  # it stopped reading: forget it
            with contextlib.suppress(ValueError):
                self.followers.remove(follower)


def new_state(game: Game[Any, Any], row: TableRow, *, log: bool = True) -> State:
    """The table's game as it starts."""
    state: State = game.new_state(game.make_options(row.options), row.seed, log=log)
    return state


def pairs(actions: list[ActionRow]) -> list[tuple[int, str]]:
    return [(a.seat, a.notation) for a in actions]


def replayed(game: Game[Any, Any], row: TableRow, actions: list[ActionRow]) -> State:
    """The table's game after ``actions`` (each checked: :class:`ReplayError` if one fails)."""
    state = new_state(game, row)
    for _ in replay_steps(state, pairs(actions)):
        pass
    return state


def merged_log(state: State, actions: list[ActionRow], seats: list[Any], seat: int | None) -> list[str]:
    """``state``'s log worded for ``seat``, with a line before each move the table's bot played
    because its seat ran out of time (an action's lines carry its number as their ``ply``)."""
    timed_out = {a.seq: seats[a.seat].name for a in actions if a.timed_out}
    if not timed_out or state.log is None:
        return state.events_for(seat)
    lines: list[str] = []
    pending = sorted(timed_out)
    for event in state.log:
        while pending and pending[0] <= event.ply:
            lines.append(f"{timed_out[pending.pop(0)]} ran out of time: the table's bot plays this move.")
        lines.append(event.for_seat(seat))
    lines += [f"{timed_out[seq]} ran out of time: the table's bot plays this move." for seq in pending]
    return lines
