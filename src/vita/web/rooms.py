"""Live tables: a game in memory, rebuilt from its stored record, driven by people and bots.

Every change goes through a room: it checks the action's sequence number (a stale or
repeated submission is refused, never applied twice), applies it, stores it, pushes the
new views to everyone following the table, and lets the bots whose turn it is play, in
a worker thread, within a time budget.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from vita import __version__
from vita.core.bots import Bot, RandomBot
from vita.core.errors import IllegalAction
from vita.core.record import GameRecord
from vita.core.rng import derive_seed
from vita.core.state import JSON, Game, State
from vita.core.undo import reveals
from vita.registry import get_game, make_bot
from vita.web.store import ActionRow, SeatRow, Store, TableRow, new_token, now

LOG_LINES = 300


class Refused(Exception):
    """A request that cannot be carried out; ``status`` is the HTTP status to answer."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Follower:
    """A WebSocket (or any listener) following a table as a seat or as a spectator."""

    seat: int | None
    send: Callable[[JSON], Any]


@dataclass
class Room:
    row: TableRow
    game: Game[Any, Any]
    state: State
    actions: list[ActionRow]
    followers: list[Follower] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    away_since: dict[int, float] = field(default_factory=dict)  # seat → when its last page closed
    bot_task: asyncio.Task[None] | None = None
    loaded_at: float = field(default_factory=time.monotonic)
    bots: dict[int, Bot] = field(default_factory=dict)  # one per bot seat, kept between its moves

    @property
    def seq(self) -> int:
        return len(self.actions)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a secret token opens (None: a spectator)."""
        if not token:
            return None
        for seat in self.row.seats:
            if seat.token is not None and seat.token == token:
                return seat.seat
        raise Refused(403, "this token opens no seat at this table")

    def record(self) -> GameRecord:
        return GameRecord(
            game=self.row.game, options=self.row.options, seed=self.row.seed,
            actions=[(a.seat, a.notation) for a in self.actions],
            players=[f"{s.kind}:{s.bot or s.name}" for s in self.row.seats],
            engine=self.row.engine,
            result=self.row.result,
        )

    def can_undo(self, seat: int | None) -> bool:
        """Your own last actions, while nothing hidden was revealed and nobody else acted."""
        if seat is None or not self.actions or self.state.is_over():
            return False
        last = self.actions[-1]
        return last.seat == seat and last.undoable

    def payload(self, seat: int | None, note: str = "") -> JSON:
        """What a seat (or a spectator) is shown: its view, its legal actions, its log."""
        state = self.state
        movers = state.to_move()
        legal: list[JSON] = []
        if seat is not None and seat in movers and not self.row.seats[seat].resigned:
            legal = [{"notation": str(a), "label": state.label(a)} for a in state.legal_actions(seat)]
        log = state.events_for(seat)
        data: JSON = {
            "table": self.row.id,
            "game": self.row.game,
            "title": self.game.info.title,
            "seq": self.seq,
            "seat": seat,
            "to_move": list(movers),
            "your_turn": seat is not None and seat in movers,
            "over": state.is_over(),
            "view": state.view(seat),
            "legal": legal,
            "log": log[-LOG_LINES:],
            "log_size": len(log),
            "undo": self.can_undo(seat),
            "note": note,
            "seats": [
                {"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot, "resigned": s.resigned,
                 "connected": s.kind == "bot" or self.connected(s.seat)}
                for s in self.row.seats
            ],
        }
        if state.is_over():
            data["scores"] = list(state.scores())
            data["ranking"] = list(state.ranking())
            data["breakdown"] = state.score_breakdown()
        return data

    def connected(self, seat: int) -> bool:
        return any(f.seat == seat for f in self.followers)

    def away_for(self, seat: int) -> float:
        """Seconds since the seat's last page closed (0 while one is open)."""
        if self.connected(seat):
            return 0.0
        return time.monotonic() - self.away_since.setdefault(seat, self.loaded_at)


class Rooms:
    """Every live table of a server, loaded from the store on first use."""

    def __init__(self, store: Store, *, bot_delay: float = 0.4, bot_budget: float = 5.0,
                 away_timeout: float = 60.0) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.bot_delay = bot_delay
        self.bot_budget = bot_budget
        self.away_timeout = away_timeout

    # -- loading and creating ------------------------------------------------------------

    def get(self, table_id: str) -> Room:
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        row = self.store.table(table_id)
        if row is None:
            raise Refused(404, f"there is no table {table_id!r}")
        game = get_game(row.game)
        state = game.new_state(game.make_options(row.options), row.seed)
        stored = self.store.actions(table_id)
        for action in stored:
            state.apply(state.parse(action.notation, action.seat), action.seat)
        room = Room(row=row, game=game, state=state, actions=stored)
        self.rooms[table_id] = room
        return room

    def create(
        self, game_id: str, options: JSON, seat_specs: list[JSON], seed: int, rematch_of: str | None = None
    ) -> TableRow:
        try:
            game = get_game(game_id)
        except KeyError as error:
            raise Refused(404, str(error.args[0])) from None
        options = {**options, "players": len(seat_specs)}
        if "names" in game.options_model.model_fields:
            options["names"] = [spec["name"] for spec in seat_specs]
        try:
            parsed = game.make_options(options)
            game.new_state(parsed, seed, log=False)
        except ValueError as error:
            raise Refused(422, str(error)) from None
        seat_rows = []
        for index, spec in enumerate(seat_specs):
            if spec["kind"] == "bot":
                bot = spec.get("bot") or "random"
                try:
                    make_bot(game_id, bot, 0)
                except KeyError as error:
                    raise Refused(422, str(error.args[0])) from None
                seat_rows.append(SeatRow(index, "bot", spec["name"], bot, None))
            else:
                seat_rows.append(SeatRow(index, "human", spec["name"], None, new_token()))
        row = TableRow(id=new_token()[:12], game=game_id, options=parsed.model_dump(exclude_defaults=True),
                       seed=seed, engine=__version__, owner_token=new_token(), created_at=now(),
                       seats=seat_rows, rematch_of=rematch_of)
        self.store.create_table(row)
        self.get(row.id)  # live from now on: a seat's time away counts from here
        return row

    # -- changing a table -----------------------------------------------------------------------

    async def act(self, table_id: str, token: str | None, seq: int, text: str) -> Room:
        room = self.get(table_id)
        seat = room.seat_of(token)
        if seat is None:
            raise Refused(403, "a spectator cannot act: use your seat's link")
        async with room.lock:
            self._apply(room, seat, seq, text)
        await self.changed(room)
        return room

    def _apply(self, room: Room, seat: int, seq: int, text: str) -> None:
        if seq != room.seq:
            raise Refused(409, f"stale action: it was chosen at move {seq}, the game is at move "
                               f"{room.seq}; nothing was applied")
        if room.row.seats[seat].resigned:
            raise Refused(409, "this seat has resigned")
        state = room.state
        try:
            action = state.parse(text, seat)
            reason = state.why_illegal(seat, action)
        except IllegalAction as error:
            reason = str(error)
        if reason is not None:
            raise Refused(400, reason)
        before = state.clone()
        before.log = None
        state.apply(action, seat)
        undoable = not reveals(before, seat, action, state)
        row = ActionRow(room.seq, seat, str(action), undoable)
        self.store.add_action(room.row.id, row)
        room.actions.append(row)
        if state.is_over() and room.row.result is None:
            room.row.result = {"scores": list(state.scores()), "ranking": list(state.ranking())}
            self.store.finish(room.row.id, room.row.result)

    async def undo(self, table_id: str, token: str | None, seq: int) -> Room:
        room = self.get(table_id)
        seat = room.seat_of(token)
        async with room.lock:
            if seq != room.seq:
                raise Refused(409, f"stale undo: the game is at move {room.seq}, not {seq}")
            if not room.can_undo(seat):
                raise Refused(409, "nothing to undo: only your own last action, before anything "
                                   "hidden was revealed and before anyone else acted")
            last = room.actions.pop()
            self.store.remove_last_action(room.row.id, last.seq)
            self.rebuild(room)
        await self.changed(room, "undo")
        return room

    def rebuild(self, room: Room) -> None:
        state = room.game.new_state(room.game.make_options(room.row.options), room.row.seed)
        for action in room.actions:
            state.apply(state.parse(action.notation, action.seat), action.seat)
        room.state = state

    async def resign(self, table_id: str, token: str | None) -> Room:
        room = self.get(table_id)
        seat = room.seat_of(token)
        if seat is None:
            raise Refused(403, "a spectator has no seat to resign")
        async with room.lock:
            row = room.row.seats[seat]
            row.resigned = True
            self.store.update_seat(room.row.id, row)
        await self.changed(room, f"{row.name} resigned")
        return room

    async def hand_to_bot(self, table_id: str, owner_token: str, seat: int, bot: str) -> Room:
        room = self.get(table_id)
        if owner_token != room.row.owner_token:
            raise Refused(403, "only the table's owner can hand a seat to a bot")
        if not 0 <= seat < len(room.row.seats):
            raise Refused(404, f"there is no seat {seat}")
        try:
            make_bot(room.row.game, bot, 0)
        except KeyError as error:
            raise Refused(422, str(error.args[0])) from None
        row = room.row.seats[seat]
        if row.kind == "human" and not row.resigned and room.away_for(seat) < self.away_timeout:
            away = room.away_for(seat)
            state = "is here" if away == 0 else f"has been away for {away:.0f} s"
            raise Refused(409, f"{row.name} {state}: a seat goes to a bot once its player resigned "
                               f"or has been away for {self.away_timeout:.0f} s")
        async with room.lock:
            row.kind, row.bot, row.resigned = "bot", bot, False
            row.token = None
            self.store.update_seat(room.row.id, row)
        await self.changed(room, f"a {bot} bot takes over seat {seat + 1}")
        return room

    # -- pushing changes and running bots ------------------------------------------------------

    async def changed(self, room: Room, note: str = "") -> None:
        await self.push(room, note)
        if room.bot_task is None or room.bot_task.done():
            room.bot_task = asyncio.create_task(self.play_bots(room))

    async def push(self, room: Room, note: str = "") -> None:
        for follower in list(room.followers):
            try:
                await follower.send(room.payload(follower.seat, note))
            except Exception:  # a closed socket: forget it
                with contextlib.suppress(ValueError):
                    room.followers.remove(follower)

    async def play_bots(self, room: Room) -> None:
        """While a bot must act, let it choose in a worker thread, then apply its choice."""
        while not room.state.is_over():
            seat = room.state.to_move()[0]
            spec = room.row.seats[seat]
            if spec.kind != "bot":
                return
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            bot = room.bots.get(seat)
            if bot is None or bot.name != (spec.bot or "random"):
                bot = room.bots[seat] = make_bot(room.row.game, spec.bot or "random",
                                                 derive_seed(room.row.seed, "bot", seat, room.seq))
            thinking = room.state.clone()
            thinking.log = None
            started = time.monotonic()
            try:
                action = await asyncio.wait_for(asyncio.to_thread(bot.choose, thinking, seat), self.bot_budget)
            except TimeoutError:
                action = RandomBot(room.seq).choose(thinking, seat)
            async with room.lock:
                if room.state.to_move()[:1] != (seat,):
                    continue
                try:
                    self._apply(room, seat, room.seq, str(action))
                except Refused:
                    # A bot must never stall a table: any legal action will do.
                    self._apply(room, seat, room.seq, str(RandomBot(room.seq).choose(room.state, seat)))
            spent = time.monotonic() - started
            await self.push(room, f"{spec.name} played in {spent:.1f}s")
