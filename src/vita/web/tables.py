"""Every live table of a server: loaded from the store on first use, changed by the seats'
requests, evicted when idle (it reloads from its record).

Every change goes through :meth:`Tables.changing`, under the table's lock: it checks the
action's sequence number (a stale or repeated submission is refused, never applied twice),
applies it to a copy of the game (:meth:`Table.prepare`), stores it, and only once it is
stored makes the copy the live game (:class:`vita.web.sync.Sync`). Then it pushes the new
views to everyone following the table and lets the bots whose turn it is play
(:class:`vita.web.driver.Driver`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from vita import __version__
from vita.core.rng import derive_seed
from vita.core.state import JSON, State
from vita.registry import get_game, make_bot
from vita.web.bots import BotPool, OutOfTime
from vita.web.driver import Driver, check_bot
from vita.web.errors import Refused
from vita.web.mail import TURN_SPACING, Mailer, check_address, reminder_ahead, reminder_mail, turn_mail
from vita.web.security import digest, new_seed, new_table_id, new_token
from vita.web.store import SeatRow, StorageError, Store, TableRow, now
from vita.web.sync import Sync
from vita.web.table import Table, new_state, replayed

PATH_OPTIONS = ("cards",)  # game options that name a server path: the terminal's, never the web's
TIMEOUTS_TO_BOT = 3  # timeouts in a row after which the replacement bot keeps the seat
MOVE_LIMITS = (60, 30 * 86400)  # the shortest and longest time a table may give a move, in seconds
log = logging.getLogger("vita.web")


@dataclass(frozen=True)
class NewTable:
    """What creating a table gives back once: the secrets, which are stored only as digests."""

    row: TableRow
    tokens: dict[int, str]  # seat → token, for the people's seats
    owner_key: str


class Tables:
    """The live tables, with the store that keeps them, the sync that keeps them in step with
    other processes and the driver that plays their bots."""

    def __init__(self, store: Store, bots: BotPool, *, bot_delay: float = 0.4, away_timeout: float = 60.0,
                 idle_timeout: float = 600.0, max_tables: int = 2000, clock_offset: float = 0.0,
                 deadline_tick: float = 5.0, mailer: Mailer | None = None) -> None:
        self.store = store
        self.mailer = mailer  # None: this server sends no mail (no SMTP settings)
        self.clock_offset = clock_offset  # tests only (vita serve --clock-offset): the clock moved on
        self.deadline_tick = deadline_tick
        self.deadlines: asyncio.Task[None] | None = None
        self.pool = bots
        self.live: dict[str, Table] = {}
        self.loading: dict[str, asyncio.Future[Table]] = {}
        self.away_timeout = away_timeout
        self.idle_timeout = idle_timeout
        self.max_tables = max_tables
        self.sync = Sync(store, self.live, self.changed)
        self.driver = Driver(store, bots, self.sync.commit, lambda table: self.live.get(table.id) is table,
                             bot_delay=bot_delay, moved=self._bot_moved)

    @property
    def stopping(self) -> bool:
        """The server is stopping: no new request, no bot move."""
        return self.driver.stopping

    def drain(self) -> None:
        """The server is stopping: refuse what comes (the app answers 503) and play no more
        bot moves; a bot that is thinking is abandoned when the pool closes."""
        self.driver.stopping = True

    def open_sockets(self) -> int:
        return sum(len(table.followers) for table in self.live.values())

    def start(self) -> None:
        """Hear the changes other processes make to the tables in this one's memory; look for
        due deadlines."""
        self.sync.start()
        self.deadlines = asyncio.create_task(self._watch_deadlines())
        if self.mailer is not None:
            self.mailer.start()

    def now(self) -> datetime:
        """The server's clock (moved by ``clock_offset`` in tests)."""
        return now() + timedelta(seconds=self.clock_offset)

    async def changed(self, table: Table, note: str = "") -> None:
        """The table changed: set its seats' deadlines, push its new views, wake its bots, mail
        the people whose turn began."""
        await self.schedule(table)
        table.push(note)
        self.driver.wake(table)
        if self.mailer is not None:
            await self.mail_turns(table)

    async def _bot_moved(self, table: Table) -> None:
        """A bot's move is stored and pushed: the seats' deadlines, and the turn mail it starts."""
        if table.row.move_limit is not None and await self._schedule_changed(table):
            table.push()
        if self.mailer is not None:
            await self.mail_turns(table)

    async def _schedule_changed(self, table: Table) -> bool:
        before = [s.deadline for s in table.row.seats]
        await self.schedule(table)
        return before != [s.deadline for s in table.row.seats]

    # -- turn mail ----------------------------------------------------------------------------

    async def mail_turns(self, table: Table) -> None:
        """Mail each person whose turn began (once a move, at most once an hour a seat); at the
        end of the game, forget every address of the table."""
        assert self.mailer is not None
        try:
            if table.over:
                await self.store.drop_mail(table.id)
                return
            for seat in table.state.to_move():
                row = table.row.seats[seat]
                if row.kind != "human":
                    continue
                claimed = await self.store.claim_turn_mail(table.id, seat, table.seq, self.now(), TURN_SPACING)
                if claimed is not None:
                    address, base, stop = claimed
                    deadline = row.deadline.strftime("%Y-%m-%d %H:%M") if row.deadline else None
                    self.mailer.send(turn_mail(address, base, table.id, table.game.info.title, row.name,
                                               f"{base}/mail/stop/{stop}", deadline))
        except StorageError as error:  # mail waits for the next change; a move never does
            log.warning("table %s: turn mail not looked at: %s", table.id, error)

    async def set_mail(self, table_id: str, token: str | None, address: str | None, base: str) -> None:
        """A seat's holder sets (or, ``None``, removes) their own address."""
        if self.mailer is None:
            raise Refused(404, "this server sends no mail (it has no SMTP settings)")
        table = await self.get(table_id)
        seat = table.seat_of(token)
        if seat is None:
            raise Refused(403, "only a seat's holder, with the seat's link, may give an address for it")
        if address is None:
            await self.store.drop_mail(table_id, seat)
            return
        if table.over:
            raise Refused(409, "the game is over: no more turns to be told of")
        try:
            await self.store.set_mail(table_id, seat, check_address(address), new_token(), base)
        except StorageError as error:
            raise Refused(503, f"the address could not be stored ({error}); nothing changed") from None
        await self.mail_turns(table)  # already the seat's turn: it is told now

    async def _remind(self) -> None:
        """Mail the people whose deadline is near (once a deadline)."""
        assert self.mailer is not None
        for table_id, seat, address, base, stop, deadline in await self.store.claim_reminders(
                self.now(), reminder_ahead):
            with contextlib.suppress(Refused):
                table = await self.get(table_id)
                self.mailer.send(reminder_mail(address, base, table_id, table.game.info.title,
                                               table.row.seats[seat].name, f"{base}/mail/stop/{stop}",
                                               deadline.strftime("%Y-%m-%d %H:%M")))

    # -- time limits ------------------------------------------------------------------------

    async def schedule(self, table: Table) -> None:
        """A table with a time limit: each person to move has a deadline (from when the seat
        came to move; a simultaneous choice gives every seat its own from the same start),
        every other seat none. Stored first, then taken (a failed write changes nothing)."""
        limit = table.row.move_limit
        if limit is None:
            return
        movers = set() if table.over else set(table.state.to_move())
        start = self.now() + timedelta(seconds=limit)
        wanted: dict[int, datetime | None] = {}
        for seat in table.row.seats:
            due = seat.kind == "human" and seat.seat in movers
            if due and seat.deadline is None:
                wanted[seat.seat] = start
            elif not due and seat.deadline is not None:
                wanted[seat.seat] = None
        if not wanted:
            return
        try:
            await self.store.set_deadlines(table.id, wanted)
        except StorageError as error:
            log.warning("table %s: deadlines not stored: %s", table.id, error)
            return
        for seat_number, deadline in wanted.items():
            table.row.seats[seat_number].deadline = deadline
        table.changed()

    async def _watch_deadlines(self) -> None:
        """Every ``deadline_tick`` seconds: claim the due deadlines (each exactly once among
        the processes on the database) and play their moves."""
        while True:
            await asyncio.sleep(self.deadline_tick)
            if self.stopping:
                return
            try:
                claimed = await self.store.claim_due(self.now())
                if self.mailer is not None:
                    await self._remind()
            except (StorageError, OSError, Exception) as error:  # the database away: try at the next tick
                log.warning("deadlines not read: %s", error)
                continue
            for table_id, seat, deadline in claimed:
                try:
                    await self.time_out(table_id, seat, deadline)
                except Refused as refused:
                    log.info("table %s seat %d: the timeout's move was not played: %s", table_id, seat,
                             refused.message)
                except Exception:
                    log.exception("table %s seat %d: the timeout's move failed", table_id, seat)

    async def time_out(self, table_id: str, seat: int, deadline: datetime | None = None) -> None:
        """Seat ``seat`` ran out of time: the table's replacement bot plays that one move (it
        loads the table if it was evicted); after :data:`TIMEOUTS_TO_BOT` in a row the bot
        keeps the seat."""
        table = await self.get(table_id)
        row = table.row.seats[seat]
        if deadline is None or row.deadline == deadline:
            row.deadline = None  # the claim cleared it in the database (not a newer one set since)
        if table.over or row.kind != "human" or seat not in table.state.to_move():
            await self.changed(table)
            return
        bot_name = table.row.replacement_bot
        seq = table.seq
        bot = make_bot(table.row.game, bot_name, derive_seed(table.row.seed, "timeout", seat, seq))
        thought = await self.pool.choose(table.row.game, table.state.to_json(), bot, seat)  # one move: no memory kept
        async with self.changing(table_id) as table:
            moved = table.seq != seq or seat not in table.state.to_move()
            if not moved:
                await self.sync.commit(table, self.driver._prepare(table, seat, seq, thought.notation, timed_out=True))
                timeouts = row.timeouts + 1
                keeps = timeouts >= TIMEOUTS_TO_BOT
                await self._set_seat(table, row, timeouts=timeouts,
                                     **({"kind": "bot", "bot": bot_name, "token_hash": None} if keeps else {}))
        if moved:  # the person moved meanwhile: a seat still to move gets its deadline again
            await self.schedule(table)
            return
        note = f"{row.name} ran out of time: a {bot_name} bot played this move for them"
        if keeps:
            note = (f"{row.name} ran out of time {TIMEOUTS_TO_BOT} times in a row: a {bot_name} bot plays "
                    "the seat from now on")
            table.revoke(seat, note + "; this page now watches the table")
        await self.changed(table, note)

    # -- loading and creating ---------------------------------------------------------------

    async def get(self, table_id: str) -> Table:
        table = self.live.get(table_id)
        if table is not None:
            table.touch()
            return table
        if len(table_id) > 32:
            raise Refused(404, "there is no such table")
        if table_id in self.loading:  # another request is loading it: share its result
            return await asyncio.shield(self.loading[table_id])
        future: asyncio.Future[Table] = asyncio.get_running_loop().create_future()
        self.loading[table_id] = future
        try:
            table = await self._load(table_id)
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: no "never retrieved" warning when nobody else waits
            raise
        finally:
            del self.loading[table_id]
        future.set_result(table)
        self.evict_idle()
        self.live[table_id] = table
        self.driver.wake(table)  # a bot to move moves on its own, whoever is (or is not) watching
        return table

    async def _load(self, table_id: str) -> Table:
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
            return Table(row=row, game=game, state=new_state(game, row, log=False), actions=stored, frozen=why)
        try:
            state = replayed(game, row, stored)
        except ValueError as error:
            log.error("table %s does not replay: %s", table_id, error)
            raise Refused(409, f"table {table_id} no longer replays with this version of vita: {error}") from None
        return Table(row=row, game=game, state=state, actions=stored)

    async def create(self, game_id: str, options: JSON, seat_specs: list[JSON], seed: int, *,
                     seed_chosen: bool = False, replacement_bot: str = "heuristic",
                     rematch_of: str | None = None, hints: bool = False, move_limit: int | None = None) -> NewTable:
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
            check_bot(game_id, bot)
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
                       rules=game.info.rules_version, hints=hints, move_limit=move_limit)
        if move_limit is not None and not MOVE_LIMITS[0] <= move_limit <= MOVE_LIMITS[1]:
            raise Refused(422, f"move_limit: between {MOVE_LIMITS[0]} seconds and {MOVE_LIMITS[1] // 86400} days "
                               f"(or null for none), not {move_limit}")
        try:
            await self.store.create_table(row)
        except StorageError as error:
            raise Refused(503, f"the table could not be stored ({error}); try again") from None
        table = await self.get(row.id)  # live from now on: a seat's time away counts from here, bots start
        await self.schedule(table)
        return NewTable(row, tokens, owner_key)

    async def rematch(self, table_id: str, owner_key: str) -> tuple[Table, NewTable]:
        table = await self.get(table_id)
        table.check_owner(owner_key, "start a rematch")
        if not table.over:
            raise Refused(409, "a rematch starts once the game is over")
        specs: list[JSON] = [{"kind": "human" if s.human else "bot", "name": s.name, "bot": s.bot}
                             for s in table.row.seats]
        options = {k: v for k, v in table.row.options.items() if k not in ("players", "names")}
        new = await self.create(table.row.game, options, specs, new_seed(),
                                replacement_bot=table.row.replacement_bot, rematch_of=table_id,
                                hints=table.row.hints, move_limit=table.row.move_limit)
        return table, new

    # -- playing --------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def changing(self, table_id: str) -> AsyncIterator[Table]:
        """The table, locked, for a change (it cannot be evicted meanwhile)."""
        table = await self.get(table_id)
        table.pending += 1
        try:
            async with table.lock:
                yield table
        finally:
            table.pending -= 1
            table.touch()

    async def act(self, table_id: str, token: str | None, seq: int, text: str) -> tuple[Table, int]:
        """A seat's action, in notation, chosen at move ``seq``: checked, stored, then live."""
        async with self.changing(table_id) as table:
            seat = table.seat_of(token)
            if seat is None:
                raise Refused(403, "a spectator cannot act: use your seat's link")
            await self.sync.commit(table, table.prepare(seat, seq, text))
            row = table.row.seats[seat]
            if row.timeouts:  # the person is back: the count of timeouts in a row starts again
                with contextlib.suppress(Refused):
                    await self._set_seat(table, row, timeouts=0)
        await self.changed(table)
        return table, seat

    async def undo(self, table_id: str, token: str | None, seq: int | None) -> tuple[Table, int | None]:
        async with self.changing(table_id) as table:
            seat = table.seat_of(token)
            if seq is not None and seq != table.seq:
                raise Refused(409, f"stale undo: the game is at move {table.seq}, not {seq}")
            keep = table.undo_keeps(seat)
            if keep is None:
                raise Refused(409, "nothing to undo: only your own last action (and the bots' after it), "
                                   "before it told you anything hidden and before another person acted")
            await self.sync.take_back(table, keep)
        await self.changed(table, "undo")
        return table, seat

    # -- seats ----------------------------------------------------------------------------

    async def _set_seat(self, table: Table, seat: SeatRow, **changes: Any) -> None:
        """Store a seat's new settings, then take them (a failed write changes nothing)."""
        updated = SeatRow(**{**seat.__dict__, **changes})
        try:
            await self.store.update_seat(table.id, updated)
        except StorageError as error:
            raise Refused(503, f"the seat could not be stored ({error}); nothing changed") from None
        seat.__dict__.update(changes)
        table.changed()

    async def resign(self, table_id: str, token: str | None) -> tuple[Table, str]:
        """The player leaves; the table's replacement bot takes the seat at once."""
        async with self.changing(table_id) as table:
            seat = table.seat_of(token)
            if seat is None:
                raise Refused(403, "a spectator has no seat to resign")
            if table.over:
                raise Refused(409, "the game is over")
            row = table.row.seats[seat]
            bot = table.row.replacement_bot
            await self._set_seat(table, row, kind="bot", bot=bot, resigned=True, token_hash=None)
        note = f"{row.name} resigned: a {bot} bot plays the seat"
        table.revoke(seat, note + "; this page now watches the table")
        await self.changed(table, note)
        return table, note

    async def hand_to_bot(self, table_id: str, owner_key: str, seat: int, bot: str) -> Table:
        async with self.changing(table_id) as table:
            table.check_owner(owner_key, "hand a seat to a bot")
            if not 0 <= seat < len(table.row.seats):
                raise Refused(404, f"there is no seat {seat}")
            check_bot(table.row.game, bot)
            row = table.row.seats[seat]
            if not row.human:
                raise Refused(409, f"seat {seat + 1} is a bot's seat from the start")
            if row.kind == "human":
                away = table.away_for(seat)
                if away < self.away_timeout:
                    where = "is here" if away == 0 else f"has been away for {away:.0f} s"
                    raise Refused(409, f"{row.name} {where}: a seat goes to a bot once its player resigned "
                                       f"or has been away for {self.away_timeout:.0f} s")
            await self._set_seat(table, row, kind="bot", bot=bot, token_hash=None)
        table.revoke(seat, f"the table's owner gave seat {seat + 1} to a {bot} bot; "
                           "this page now watches the table")
        await self.changed(table, f"a {bot} bot plays seat {seat + 1} ({row.name})")
        return table

    async def reissue(self, table_id: str, owner_key: str, seat: int) -> tuple[Table, str]:
        """A new link for a person's seat; the old one stops working at once."""
        async with self.changing(table_id) as table:
            table.check_owner(owner_key, "issue a seat's link")
            if not 0 <= seat < len(table.row.seats):
                raise Refused(404, f"there is no seat {seat}")
            row = table.row.seats[seat]
            if row.kind != "human":
                raise Refused(409, f"seat {seat + 1} is played by a bot: it has no link")
            token = new_token()
            await self._set_seat(table, row, token_hash=digest(token))
        table.revoke(seat, "the table's owner issued a new link for this seat: this one no longer "
                           "plays; this page now watches the table")
        table.push()
        return table, token

    # -- the search's view: analysis and hints --------------------------------------------

    async def analysis(self, table_id: str, step: int) -> JSON:
        """A finished game's decision ``step`` (the action taken after ``step`` actions) as the
        search sees it from what that seat could see then (:func:`vita.analysis.study`), in a
        bot worker; computed once."""
        table = await self.get(table_id)
        if table.frozen:
            raise Refused(409, table.frozen + "; its analysis is not available")
        if not table.over:
            raise Refused(409, "a game is analysed once it is over (before, it would tell hidden cards)")
        if not 0 <= step < table.seq:
            raise Refused(404, f"the game has {table.seq} actions: decisions 0 to {table.seq - 1}")
        found = table.studies.get(step)
        if found is None:
            state = replayed(table.game, table.row, table.actions[:step])
            taken = table.actions[step]
            study = await self._study(table, state, taken.seat, taken.notation)
            found = table.studies[step] = {"step": step, "total": table.seq, "seat": taken.seat,
                                           "played": taken.notation, "study": study,
                                           "labels": labels(state, taken.seat, taken.notation, study)}
        return found

    async def hint(self, table_id: str, token: str | None, seq: int) -> JSON:
        """What the search would play for the seat whose link this is, searched from what that
        seat can see: only at a table whose owner allows hints, on the seat's own turn, at the
        move the page shows."""
        table = await self.get(table_id)
        seat = table.seat_of(token)
        if seat is None:
            raise Refused(403, "a spectator cannot ask for a hint: use your seat's link")
        if not table.row.hints:
            raise Refused(403, "the table's owner did not allow hints at this table")
        if table.over:
            raise Refused(409, "the game is over: replay it to see the analysis of every move")
        if seq != table.seq:
            raise Refused(409, f"the table has moved on (move {table.seq}, not {seq}): ask again")
        if seat not in table.state.to_move():
            raise Refused(409, "a hint is for your own turn: it is not your turn")
        found = table.hints.get((seq, seat))
        if found is None:
            study = await self._study(table, table.state, seat, None)
            if study is not None:  # the seat's own outlook only: a hint is for its player
                outlook = study["before"][seat]
                study = {key: value for key, value in study.items() if key not in ("before", "after", "played")}
                study["outlook"] = outlook
            found = table.hints[(seq, seat)] = {"seq": seq, "seat": seat, "hint": study,
                                                 "labels": labels(table.state, seat, None, study)}
        return found

    async def _study(self, table: Table, state: State, seat: int, played: str | None) -> JSON | None:
        try:
            return await self.pool.study(table.row.game, state.to_json(), seat, played)
        except OutOfTime:
            raise Refused(503, "the search did not finish in time on this server: try again later") from None

    # -- the server's life ----------------------------------------------------------------

    async def resume(self) -> int:
        """After a restart: load the unfinished tables and let their bots play on. Returns how
        many tables had a bot to move."""
        woken = 0
        for table_id in await self.store.unfinished_tables():
            with contextlib.suppress(Refused):
                table = await self.get(table_id)
                await self.schedule(table)  # an action stored before its deadlines were (a crash between)
                woken += table.bot_task is not None and not table.bot_task.done()
        return woken

    def evict_idle(self) -> int:
        """Forget the tables nobody used for ``idle_timeout`` seconds (and, past ``max_tables``,
        the least recently used idle ones). Returns how many were evicted."""
        moment = time.monotonic()
        idle = sorted((t for t in self.live.values() if not t.busy()), key=lambda t: t.used_at)
        excess = len(self.live) - self.max_tables
        evicted = 0
        for table in idle:
            if moment - table.used_at >= self.idle_timeout or evicted < excess:
                del self.live[table.id]
                evicted += 1
        return evicted

    def wake_all(self) -> None:
        """Wake every table in memory whose bot is to move (a process that drove its bots may
        have gone)."""
        for table in list(self.live.values()):
            if not table.over:
                self.driver.wake(table)

    async def close(self) -> None:
        if self.mailer is not None:
            await self.mailer.close()
        if self.deadlines is not None:
            self.deadlines.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.deadlines
        await self.sync.close()
        for table in list(self.live.values()):
            if table.bot_task is not None:
                table.bot_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.bot_task


def labels(state: State, seat: int, played: str | None, study: JSON | None) -> dict[str, str]:
    """The actions an analysis or a hint names (the one played, the search's choice, the options
    it searched), each in the game's words at the position they were chosen in."""
    named = {played} if played else set()
    if study is not None:
        named |= {study["best"], *(option["action"] for option in study["options"])}
    return {notation: state.label(state.check(seat, notation)) for notation in sorted(named)}
