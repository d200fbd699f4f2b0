"""Live tables: a game in memory, rebuilt from its stored record, driven by people and bots.

Every change goes through a room, under the room's lock: it checks the action's sequence
number (a stale or repeated submission is refused, never applied twice), applies it to a
copy of the game, stores it, and only once it is stored makes the copy the live game. A
failed write therefore changes nothing, in memory or on disk. Then it pushes the new views
to everyone following the table and lets the bots whose turn it is play (:mod:`bots`).

Tables stay in memory while they are used and are evicted once idle; they reload from
their record.

Several processes may serve one PostgreSQL database (see :mod:`store`). A process hears the
others' changes and brings its copy of the table up to date (the actions stored since, the
seats as stored) before pushing the new views to the pages connected to it. If its copy was
behind when an action came, the database refuses the action's number (:class:`Conflict`):
the room catches up and the action is refused as stale, changing nothing. One process at a
time drives a table's bots (:meth:`Store.drive`); the others wait for its moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import pickle
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from vita import __version__
from vita.core.bots import Bot
from vita.core.errors import IllegalAction
from vita.core.game import Game
from vita.core.record import GameRecord, replay_steps
from vita.core.rng import derive_seed
from vita.core.state import JSON, State
from vita.core.undo import Taken, learns, take_back
from vita.registry import bot_names, get_game, make_bot
from vita.web import metrics
from vita.web.bots import BotPool, OutOfTime
from vita.web.errors import Refused
from vita.web.security import digest, matches, new_seed, new_table_id, new_token
from vita.web.store import ActionRow, Conflict, SeatRow, StorageError, Store, TableRow, now

LOG_LINES = 300
PATH_OPTIONS = ("cards",)  # game options that name a server path: the terminal's, never the web's
MAX_FOLLOWERS = 64  # open pages per table
THINK_WINDOWS = 256  # bots (game, bot, table size) whose recent decision times are kept
QUEUED = 32  # messages a page may fall behind before it is dropped
log = logging.getLogger("vita.web")


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


class ThinkTimes:
    """A bot's recent decision times (one rung, one game, one table size) in this process: a
    running window, so that its 95th percentile follows the host's speed."""

    WINDOW = 200

    def __init__(self) -> None:
        self.times: deque[float] = deque(maxlen=self.WINDOW)
        self._p95: float | None = 0.0

    def add(self, seconds: float) -> None:
        self.times.append(seconds)
        self._p95 = None

    def p95(self) -> float:
        """The 95th percentile of the window (0 while it is empty)."""
        if self._p95 is None:
            ordered = sorted(self.times)
            self._p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        return self._p95


@dataclass(frozen=True)
class Prepared:
    """An action checked and applied to a copy of the game at move ``seq``, not yet stored."""

    seq: int
    after: State
    row: ActionRow
    result: JSON | None
    final_log: list[str] | None


@dataclass(frozen=True)
class Release:
    """When a bot's move was let go: when its floor started (``time.monotonic()``), the floor
    and how long the bot thought (seconds)."""

    table: str
    seq: int
    started: float
    floor: float
    thinking: float


@dataclass(frozen=True)
class NewTable:
    """What creating a table gives back once: the secrets, which are stored only as digests."""

    row: TableRow
    tokens: dict[int, str]  # seat → token, for the people's seats
    owner_key: str


@dataclass(eq=False)
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

    def people(self) -> set[int]:
        """The seats a person plays."""
        return {s.seat for s in self.row.seats if s.kind == "human"}

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
        events = state.events_for(seat)
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
                 "connected": s.kind == "bot" or self.connected(s.seat)}
                for s in self.row.seats
            ],
        }
        if state.is_over():
            data["scores"] = list(state.scores())
            data["ranking"] = list(state.ranking())
            data["breakdown"] = state.score_breakdown()
        return data

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
            steps = [self._step(state, index) for index, _, _ in replay_steps(state, pairs(self.actions))]
            self.replay = [*steps, self._step(state, self.seq)]
        return self.replay[step]

    def _step(self, state: State, step: int) -> JSON:
        return {"step": step, "total": self.seq, "game": self.row.game, "title": self.game.info.title,
                "view": state.view(None), "log": state.events_for(None)[-40:],
                "action": self.actions[step - 1].notation if step else None,
                "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot} for s in self.row.seats]}

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


class Rooms:
    """Every live table of a server: loaded from the store on first use, evicted when idle."""

    def __init__(self, store: Store, bots: BotPool, *, bot_delay: float = 0.4, away_timeout: float = 60.0,
                 idle_timeout: float = 600.0, max_rooms: int = 2000) -> None:
        self.store = store
        self.pool = bots
        self.rooms: dict[str, Room] = {}
        self.loading: dict[str, asyncio.Future[Room]] = {}
        self.bot_delay = bot_delay
        self.away_timeout = away_timeout
        self.idle_timeout = idle_timeout
        self.max_rooms = max_rooms
        self.listener: asyncio.Task[None] | None = None
        self.lock_retry = 0.25  # seconds between tries for a table's bot lock held by another process
        self.stopping = False  # the server is stopping: no new request, no bot move
        self.think_times: dict[tuple[str, str, int], ThinkTimes] = {}  # (game, bot, players) → recent times
        self.released: deque[Release] = deque(maxlen=1000)  # the latest bot moves' floors, for tests and diagnosis

    def _think_times(self, game: str, bot: str, players: int) -> ThinkTimes:
        """The recent decision times of ``bot`` for ``game`` at ``players``. A creator may name
        any search budget (``ismcts:iters=N``), so the windows kept are bounded: past
        :data:`THINK_WINDOWS`, the one used least recently goes."""
        key = (game, bot, players)
        usual = self.think_times.pop(key, None) or ThinkTimes()
        self.think_times[key] = usual  # the most recently used last
        if len(self.think_times) > THINK_WINDOWS:
            del self.think_times[next(iter(self.think_times))]
        return usual

    def drain(self) -> None:
        """The server is stopping: refuse what comes (the app answers 503) and play no more
        bot moves; a bot that is thinking is abandoned when the pool closes."""
        self.stopping = True

    def open_sockets(self) -> int:
        return sum(len(room.followers) for room in self.rooms.values())

    def start(self) -> None:
        """Hear the changes other processes make to the tables in this one's memory."""
        self.listener = asyncio.create_task(self.store.listen(self.heard))

    def heard(self, table_id: str | None) -> None:
        """Another process changed ``table_id`` (None: perhaps any table): catch up."""
        rooms = list(self.rooms.values()) if table_id is None else [self.rooms[table_id]] \
            if table_id in self.rooms else []
        for room in rooms:
            room.stale = True
            if room.syncing is None or room.syncing.done():
                room.syncing = asyncio.create_task(self.refresh(room))

    async def refresh(self, room: Room) -> None:
        """Bring the room up to date with the database, then tell its pages and bots."""
        while room.stale:
            room.pending += 1
            try:
                async with room.lock:
                    changed = await self._sync(room)
            except StorageError as error:
                log.warning("table %s: cannot read what another process changed: %s", room.row.id, error)
                await asyncio.sleep(1.0)
                continue
            finally:
                room.pending -= 1
            if changed:
                await self.changed(room)

    async def _sync(self, room: Room) -> bool:
        """Under the room's lock: read the table and its actions as stored and make the room
        match them (new actions applied to a copy; an undone one: replayed from the start).
        Pages of a seat whose link or player changed become spectators'. True if anything did."""
        room.stale = False
        if room.frozen:
            return False
        row = await self.store.table(room.row.id)
        stored = await self.store.actions(room.row.id)
        if row is None:
            return False
        mine = [(a.seat, a.notation) for a in room.actions]
        theirs = [(a.seat, a.notation) for a in stored]
        seats_before = [(s.kind, s.token_hash, s.bot) for s in room.row.seats]
        if theirs == mine and seats_before == [(s.kind, s.token_hash, s.bot) for s in row.seats]:
            return False
        try:
            if theirs[:len(mine)] == mine:
                state = room.state.clone()
                for action in stored[len(mine):]:
                    state.act(action.seat, action.notation)
            else:
                state = replayed(room.game, row, stored)
        except (IllegalAction, ValueError) as error:
            log.error("table %s: the stored actions do not replay: %s", room.row.id, error)
            return False
        room.state, room.actions = state, stored
        for before, seat in zip(seats_before, row.seats, strict=True):
            if before[:2] != (seat.kind, seat.token_hash):
                self.revoke(room, seat.seat, f"seat {seat.seat + 1} changed hands (a new link, a resignation or "
                                             "a bot): this page now watches the table")
        room.row = row
        room.replay = None
        room.changed()
        return True

    # -- loading and creating ------------------------------------------------------------

    async def get(self, table_id: str) -> Room:
        room = self.rooms.get(table_id)
        if room is not None:
            room.touch()
            return room
        if len(table_id) > 32:
            raise Refused(404, "there is no such table")
        if table_id in self.loading:  # another request is loading it: share its result
            return await asyncio.shield(self.loading[table_id])
        future: asyncio.Future[Room] = asyncio.get_running_loop().create_future()
        self.loading[table_id] = future
        try:
            room = await self._load(table_id)
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: no "never retrieved" warning when nobody else waits
            raise
        finally:
            del self.loading[table_id]
        future.set_result(room)
        self.evict_idle()
        self.rooms[table_id] = room
        self.wake(room)  # a bot to move moves on its own, whoever is (or is not) watching
        return room

    async def _load(self, table_id: str) -> Room:
        row = await self.store.table(table_id)
        if row is None:
            raise Refused(404, f"there is no table {table_id!r}")
        stored = await self.store.actions(table_id)
        try:
            game = get_game(row.game)
        except KeyError:
            raise Refused(409, f"table {table_id} is a game of {row.game!r}, which this server does not have") \
                from None
        if row.rules != game.info.rules_version:
            why = (f"this table was played under {game.info.title} rules version {row.rules}; this server plays "
                   f"version {game.info.rules_version}")
            if row.result is None:
                raise Refused(409, why + ", under which a game in progress may not go on the same: "
                                         "it can no longer be played")
            return Room(row=row, game=game, state=new_state(game, row, log=False), actions=stored, frozen=why)
        try:
            state = replayed(game, row, stored)
        except ValueError as error:
            log.error("table %s does not replay: %s", table_id, error)
            raise Refused(409, f"table {table_id} no longer replays with this version of vita: {error}") from None
        return Room(row=row, game=game, state=state, actions=stored)

    async def create(self, game_id: str, options: JSON, seat_specs: list[JSON], seed: int, *,
                     seed_chosen: bool = False, replacement_bot: str = "heuristic",
                     rematch_of: str | None = None, hints: bool = False) -> NewTable:
        try:
            game = get_game(game_id)
        except KeyError as error:
            raise Refused(404, str(error.args[0])) from None
        for name in PATH_OPTIONS:
            if name in options:
                raise Refused(422, f"options.{name}: the web app plays the decks that ship with vita; "
                                   "it never reads a deck from a path")
        options = {**options, "players": len(seat_specs)}
        if "names" in game.options_model.model_fields:
            options["names"] = [spec["name"] for spec in seat_specs]
        try:
            parsed = game.make_options(options)
            game.new_state(parsed, seed, log=False)
        except ValueError as error:
            raise Refused(422, str(error)[:500]) from None
        for bot in [replacement_bot, *(spec.get("bot") or "random" for spec in seat_specs if spec["kind"] == "bot")]:
            self._check_bot(game_id, bot)
        tokens: dict[int, str] = {}
        seat_rows = []
        for index, spec in enumerate(seat_specs):
            if spec["kind"] == "bot":
                seat_rows.append(SeatRow(index, "bot", spec["name"], spec.get("bot") or "random"))
            else:
                tokens[index] = new_token()
                seat_rows.append(SeatRow(index, "human", spec["name"], None, digest(tokens[index]), human=True))
        owner_key = new_token()
        row = TableRow(id=new_table_id(), game=game_id, options=parsed.model_dump(exclude_defaults=True),
                       seed=seed, seed_chosen=seed_chosen, engine=__version__, owner_hash=digest(owner_key),
                       replacement_bot=replacement_bot, created_at=now(), seats=seat_rows, rematch_of=rematch_of,
                       rules=game.info.rules_version, hints=hints)
        try:
            await self.store.create_table(row)
        except StorageError as error:
            raise Refused(503, f"the table could not be stored ({error}); try again") from None
        await self.get(row.id)  # live from now on: a seat's time away counts from here, bots start
        return NewTable(row, tokens, owner_key)

    @staticmethod
    def _check_bot(game_id: str, name: str) -> None:
        """Only the bots offered at tables (``bot_names``): a search bot's budget per move is
        not yet bounded for a shared server."""
        if name not in bot_names(game_id):
            raise Refused(422, f"unknown bot {name[:40]!r} for {game_id} (known bots: {', '.join(bot_names(game_id))})")

    # -- changing a table -----------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def changing(self, table_id: str) -> AsyncIterator[Room]:
        """The room, locked, for a change (it cannot be evicted meanwhile)."""
        room = await self.get(table_id)
        room.pending += 1
        try:
            async with room.lock:
                yield room
        finally:
            room.pending -= 1
            room.touch()

    async def act(self, table_id: str, token: str | None, seq: int, text: str) -> tuple[Room, int]:
        async with self.changing(table_id) as room:
            seat = room.seat_of(token)
            if seat is None:
                raise Refused(403, "a spectator cannot act: use your seat's link")
            await self._apply(room, seat, seq, text)
        await self.changed(room)
        return room, seat

    async def _apply(self, room: Room, seat: int, seq: int, text: str) -> None:
        """Check, apply to a copy, store; only then make the copy the live game."""
        await self._store(room, self._prepare(room, seat, seq, text))

    def _prepare(self, room: Room, seat: int, seq: int, text: str) -> Prepared:
        """Check ``text`` for ``seat`` at move ``seq`` and apply it to a copy of the game
        (:class:`Refused` if it is stale or illegal); nothing changes yet."""
        _refuse_if_stale(room, seq)
        state = room.state
        try:
            action = state.check(seat, text)  # checked once; the copy applies it as checked
        except IllegalAction as error:
            raise Refused(400, str(error)) from None
        after = state.clone()
        after.apply_trusted(seat, action)
        before = state.clone()
        before.log = None
        undoable = not learns(before, seat, action, after, room.people())
        row = ActionRow(room.seq, seat, str(action), undoable)
        result = {"scores": list(after.scores()), "ranking": list(after.ranking())} if after.is_over() else None
        final_log = after.events_for(None) if result is not None else None
        return Prepared(seq, after, row, result, final_log)

    def _prepare_bot_move(self, room: Room, seat: int, seq: int, notation: str | None) -> Prepared:
        """The bot's move prepared; where it failed or chose what is not legal now, a random
        legal action (so no table stalls)."""
        if notation is not None:
            with contextlib.suppress(Refused):
                return self._prepare(room, seat, seq, notation)
        fallback = make_bot(room.row.game, "random", derive_seed(room.row.seed, "fallback", seq))
        return self._prepare(room, seat, seq, str(fallback.choose(room.state, seat)))

    async def _store(self, room: Room, prepared: Prepared) -> None:
        """Store a prepared action; once it is committed, its copy becomes the live game."""
        _refuse_if_stale(room, prepared.seq)
        row, result, final_log, after = prepared.row, prepared.result, prepared.final_log, prepared.after
        try:
            await self.store.add_action(room.row.id, row, result, final_log)
        except Conflict:
            await self._sync(room)  # another process stored move `row.seq` first: catch up
            self.push(room)
            self.wake(room)
            raise Refused(409, f"stale action: move {row.seq + 1} was taken meanwhile (on another server); "
                               "nothing was applied") from None
        except StorageError as error:
            log.warning("table %s: action %d not stored: %s", room.row.id, row.seq, error)
            raise Refused(503, f"the action could not be stored ({error}); nothing changed: try again",
                          headers={"retry-after": "1"}) from None
        metrics.ACTIONS_STORED.labels(room.row.game).inc()
        room.state = after
        room.actions.append(row)
        if result is not None:
            room.row.result, room.row.final_log = result, final_log
        room.changed()

    async def undo(self, table_id: str, token: str | None, seq: int | None) -> tuple[Room, int | None]:
        async with self.changing(table_id) as room:
            seat = room.seat_of(token)
            if seq is not None and seq != room.seq:
                raise Refused(409, f"stale undo: the game is at move {room.seq}, not {seq}")
            keep = room.undo_keeps(seat)
            if keep is None:
                raise Refused(409, "nothing to undo: only your own last action (and the bots' after it), "
                                   "before it told you anything hidden and before another person acted")
            state = replayed(room.game, room.row, room.actions[:keep])
            try:
                await self.store.remove_last_actions(room.row.id, room.actions[keep].seq, room.actions[-1].seq)
            except Conflict:
                await self._sync(room)
                self.push(room)
                raise Refused(409, "nothing to undo: another move was made meanwhile") from None
            except StorageError as error:
                raise Refused(503, f"the undo could not be stored ({error}); nothing changed") from None
            del room.actions[keep:]
            room.state = state
            room.changed()
        await self.changed(room, "undo")
        return room, seat

    async def _set_seat(self, room: Room, seat: SeatRow, **changes: Any) -> None:
        """Store a seat's new settings, then take them (a failed write changes nothing)."""
        updated = SeatRow(**{**seat.__dict__, **changes})
        try:
            await self.store.update_seat(room.row.id, updated)
        except StorageError as error:
            raise Refused(503, f"the seat could not be stored ({error}); nothing changed") from None
        seat.__dict__.update(changes)
        room.changed()

    async def resign(self, table_id: str, token: str | None) -> tuple[Room, str]:
        """The player leaves; the table's replacement bot takes the seat at once."""
        async with self.changing(table_id) as room:
            seat = room.seat_of(token)
            if seat is None:
                raise Refused(403, "a spectator has no seat to resign")
            if room.over:
                raise Refused(409, "the game is over")
            row = room.row.seats[seat]
            bot = room.row.replacement_bot
            await self._set_seat(room, row, kind="bot", bot=bot, resigned=True, token_hash=None)
        note = f"{row.name} resigned: a {bot} bot plays the seat"
        self.revoke(room, seat, note + "; this page now watches the table")
        await self.changed(room, note)
        return room, note

    async def hand_to_bot(self, table_id: str, owner_key: str, seat: int, bot: str) -> Room:
        async with self.changing(table_id) as room:
            room.check_owner(owner_key, "hand a seat to a bot")
            if not 0 <= seat < len(room.row.seats):
                raise Refused(404, f"there is no seat {seat}")
            self._check_bot(room.row.game, bot)
            row = room.row.seats[seat]
            if not row.human:
                raise Refused(409, f"seat {seat + 1} is a bot's seat from the start")
            if row.kind == "human":
                away = room.away_for(seat)
                if away < self.away_timeout:
                    where = "is here" if away == 0 else f"has been away for {away:.0f} s"
                    raise Refused(409, f"{row.name} {where}: a seat goes to a bot once its player resigned "
                                       f"or has been away for {self.away_timeout:.0f} s")
            await self._set_seat(room, row, kind="bot", bot=bot, token_hash=None)
        self.revoke(room, seat, f"the table's owner gave seat {seat + 1} to a {bot} bot; "
                                      "this page now watches the table")
        await self.changed(room, f"a {bot} bot plays seat {seat + 1} ({row.name})")
        return room

    async def reissue(self, table_id: str, owner_key: str, seat: int) -> tuple[Room, str]:
        """A new link for a person's seat; the old one stops working at once."""
        async with self.changing(table_id) as room:
            room.check_owner(owner_key, "issue a seat's link")
            if not 0 <= seat < len(room.row.seats):
                raise Refused(404, f"there is no seat {seat}")
            row = room.row.seats[seat]
            if row.kind != "human":
                raise Refused(409, f"seat {seat + 1} is played by a bot: it has no link")
            token = new_token()
            await self._set_seat(room, row, token_hash=digest(token))
        self.revoke(room, seat, "the table's owner issued a new link for this seat: this one no longer "
                                      "plays; this page now watches the table")
        self.push(room)
        return room, token

    async def analysis(self, table_id: str, step: int) -> JSON:
        """A finished game's decision ``step`` (the action taken after ``step`` actions) as the
        search sees it from what that seat could see then (:func:`vita.analysis.study`), in a
        bot worker; computed once."""
        room = await self.get(table_id)
        if room.frozen:
            raise Refused(409, room.frozen + "; its analysis is not available")
        if not room.over:
            raise Refused(409, "a game is analysed once it is over (before, it would tell hidden cards)")
        if not 0 <= step < room.seq:
            raise Refused(404, f"the game has {room.seq} actions: decisions 0 to {room.seq - 1}")
        found = room.studies.get(step)
        if found is None:
            state = replayed(room.game, room.row, room.actions[:step])
            taken = room.actions[step]
            study = await self._study(room, state, taken.seat, taken.notation)
            found = room.studies[step] = {"step": step, "total": room.seq, "seat": taken.seat,
                                          "played": taken.notation, "study": study}
        return found

    async def hint(self, table_id: str, token: str | None, seq: int) -> JSON:
        """What the search would play for the seat whose link this is, searched from what that
        seat can see: only at a table whose owner allows hints, on the seat's own turn, at the
        move the page shows."""
        room = await self.get(table_id)
        seat = room.seat_of(token)
        if seat is None:
            raise Refused(403, "a spectator cannot ask for a hint: use your seat's link")
        if not room.row.hints:
            raise Refused(403, "the table's owner did not allow hints at this table")
        if room.over:
            raise Refused(409, "the game is over: replay it to see the analysis of every move")
        if seq != room.seq:
            raise Refused(409, f"the table has moved on (move {room.seq}, not {seq}): ask again")
        if seat not in room.state.to_move():
            raise Refused(409, "a hint is for your own turn: it is not your turn")
        found = room.hints.get((seq, seat))
        if found is None:
            study = await self._study(room, room.state, seat, None)
            if study is not None:  # the seat's own outlook only: a hint is for its player
                outlook = study["before"][seat]
                study = {key: value for key, value in study.items() if key not in ("before", "after", "played")}
                study["outlook"] = outlook
            found = room.hints[(seq, seat)] = {"seq": seq, "seat": seat, "hint": study}
        return found

    async def _study(self, room: Room, state: State, seat: int, played: str | None) -> JSON | None:
        try:
            return await self.pool.study(room.row.game, state.to_json(), seat, played)
        except OutOfTime:
            raise Refused(503, "the search did not finish in time on this server: try again later") from None

    async def rematch(self, table_id: str, owner_key: str) -> tuple[Room, NewTable]:
        room = await self.get(table_id)
        room.check_owner(owner_key, "start a rematch")
        if not room.over:
            raise Refused(409, "a rematch starts once the game is over")
        specs: list[JSON] = [{"kind": "human" if s.human else "bot", "name": s.name, "bot": s.bot}
                             for s in room.row.seats]
        options = {k: v for k, v in room.row.options.items() if k not in ("players", "names")}
        new = await self.create(room.row.game, options, specs, new_seed(),
                                replacement_bot=room.row.replacement_bot, rematch_of=table_id,
                                hints=room.row.hints)
        return room, new

    def revoke(self, room: Room, seat: int, message: str) -> None:
        """Every page of ``seat`` stops receiving the seat's view: it becomes a spectator's."""
        for follower in list(room.followers):
            if follower.seat == seat:
                follower.seat = None
                self._send(room, follower, {"type": "revoked", "message": message})
        room.changed()

    # -- pushing changes and running bots ------------------------------------------------------

    def follow(self, room: Room, follower: Follower) -> None:
        if len(room.followers) >= MAX_FOLLOWERS:
            raise Refused(429, f"this table already has {MAX_FOLLOWERS} open pages")
        room.followers.append(follower)
        room.changed()

    def unfollow(self, room: Room, follower: Follower) -> None:
        if follower in room.followers:
            room.followers.remove(follower)
        if follower.seat is not None and not room.connected(follower.seat):
            room.away_since[follower.seat] = time.monotonic()
        room.changed()
        room.touch()

    async def changed(self, room: Room, note: str = "") -> None:
        self.push(room, note)
        self.wake(room)

    def wake(self, room: Room) -> None:
        """Start the room's bots if one of them is to move (and they are not already at it)."""
        idle = room.bot_task is None or room.bot_task.done()
        if idle and self._bot_to_move(room):
            room.bot_task = asyncio.create_task(self.play_bots(room))

    def push(self, room: Room, note: str = "") -> None:
        for follower in list(room.followers):
            self._send(room, follower, {"type": "view", **room.payload(follower.seat, note)})

    def _send(self, room: Room, follower: Follower, message: JSON) -> None:
        if not follower.offer(message):  # it stopped reading: forget it
            with contextlib.suppress(ValueError):
                room.followers.remove(follower)

    async def play_bots(self, room: Room) -> None:
        """While a bot must act, and this process holds the table's bot lock, let the bot
        choose in a worker process, then apply its choice. While another process holds the
        lock, wait: its moves arrive as changes; should a bot still be to move once it lets
        go, this process takes over."""
        table = room.row.id
        while not await self.store.drive(table):
            await asyncio.sleep(self.lock_retry)
            if room.over or self.rooms.get(table) is not room or not self._bot_to_move(room):
                return
        try:
            await self._play_bots(room)
        finally:
            await self.store.release(table)

    @staticmethod
    def _bot_to_move(room: Room) -> bool:
        return any(room.row.seats[s].kind == "bot" for s in room.state.to_move())

    async def _play_bots(self, room: Room) -> None:
        failures = 0
        while not room.over:
            seat = next((s for s in room.state.to_move() if room.row.seats[s].kind == "bot"), None)
            if seat is None:
                return
            spec = room.row.seats[seat]
            name = spec.bot or "random"
            # The move is released no earlier than a floor after the move it answers, so that
            # when it arrives tells nothing of how long the bot thought (docs/web.md, "No
            # side channel from bots").
            asked = time.monotonic()
            usual = self._think_times(room.row.game, name, room.state.num_players)
            floor = max(self.bot_delay, usual.p95())
            bot = room.bots.get(seat)
            if bot is None or bot.name != name:
                bot = room.bots[seat] = make_bot(room.row.game, name, derive_seed(room.row.seed, "bot", seat, room.seq))
            seq = room.seq
            metrics.BOT_QUEUE.inc()
            try:
                thought = await self.pool.choose(room.row.game, room.state.to_json(), bot, seat)
            finally:
                metrics.BOT_QUEUE.dec()
            thinking = time.monotonic() - asked
            notation = thought.notation
            if notation is None:
                log.warning("table %s seat %d move %d: %s bot failed (%s): a random legal action%s", room.row.id,
                            seat, seq + 1, name, thought.problem, f"\n{thought.trace}" if thought.trace else "")
            else:
                # The bot's own time, measured in its worker: a pool's start-up or a queue of
                # other tables' bots says nothing of this position and must not raise the floor.
                usual.add(thought.seconds)
                metrics.BOT_THINK_SECONDS.labels(room.row.game, _rung(room.row.game, name)).observe(thought.seconds)
                room.bots[seat] = pickle.loads(thought.bot)
            if self.stopping:
                return  # the server stops: the table's next driver plays this move
            if not _bot_still_to_play(room, seat, seq):
                continue  # the table moved on meanwhile (an undo, a simultaneous choice): think again
            # Checked and applied to a copy now, so that little is left to do at the floor.
            prepared = self._prepare_bot_move(room, seat, seq, notation)
            await asyncio.sleep(max(0.0, asked + floor - time.monotonic()))
            self.released.append(Release(room.row.id, seq, asked, floor, thinking))
            room.pending += 1
            try:
                async with room.lock:
                    if not _bot_still_to_play(room, seat, seq):
                        continue
                    try:
                        await self._store(room, prepared)
                        failures = 0
                    except Refused as refused:
                        if refused.status == 409:  # another process moved first: the room caught up
                            continue
                        failures += 1
                        self.push(room, f"{spec.name} could not play yet: {refused.message}")
            finally:
                room.pending -= 1
            if failures:  # the database is busy: try again shortly, without holding the table
                await asyncio.sleep(min(30.0, 0.5 * 2**failures))
                continue
            # No thinking time in the note: how long a bot thinks can tell what it holds.
            self.push(room, f"{spec.name} has played")

    async def resume(self) -> int:
        """After a restart: load the unfinished tables and let their bots play on. Returns how
        many tables had a bot to move."""
        woken = 0
        for table_id in await self.store.unfinished_tables():
            with contextlib.suppress(Refused):
                room = await self.get(table_id)
                woken += room.bot_task is not None and not room.bot_task.done()
        return woken

    def evict_idle(self) -> int:
        """Forget the rooms nobody used for ``idle_timeout`` seconds (and, past ``max_rooms``,
        the least recently used idle ones). Returns how many were evicted."""
        moment = time.monotonic()
        idle = sorted((r for r in self.rooms.values() if not r.busy()), key=lambda r: r.used_at)
        excess = len(self.rooms) - self.max_rooms
        evicted = 0
        for room in idle:
            if moment - room.used_at >= self.idle_timeout or evicted < excess:
                del self.rooms[room.row.id]
                evicted += 1
        return evicted

    def wake_all(self) -> None:
        """Wake every room in memory whose bot is to move (a process that drove its bots may
        have gone)."""
        for room in list(self.rooms.values()):
            if not room.over:
                self.wake(room)

    async def close(self) -> None:
        if self.listener is not None:
            self.listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.listener
        for room in list(self.rooms.values()):
            if room.bot_task is not None:
                room.bot_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await room.bot_task


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


def _bot_still_to_play(room: Room, seat: int, seq: int) -> bool:
    """Whether the bot of ``seat`` is still to play move ``seq`` (no undo, no other move, the
    seat not handed back to a person meanwhile)."""
    return room.seq == seq and room.row.seats[seat].kind == "bot" and seat in room.state.to_move()


def _refuse_if_stale(room: Room, seq: int) -> None:
    if seq != room.seq:
        raise Refused(409, f"stale action: it was chosen at move {seq}, the game is at move {room.seq}; "
                           "nothing was applied")


def _rung(game_id: str, name: str) -> str:
    """``name`` as a metrics label: a bot offered by name, else its kind (``ismcts``), so that
    the budgets creators may write do not each make a series."""
    return name if name in bot_names(game_id) else name.partition(":")[0]
