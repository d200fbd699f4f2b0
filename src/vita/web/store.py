"""Durable storage of tables, seats and actions (SQLite by default, PostgreSQL on request).

Every call is a coroutine: reads on SQLAlchemy's asyncio extension (aiosqlite, psycopg's
async driver), writes on one writer thread that commits them in groups. A write that waits
for a lock never holds up the server's event loop.

The schema is versioned with Alembic (``migrations/``); :meth:`Store.open` upgrades a
database made by an older version in place. Secret tokens are never stored: only their
SHA-256 digests (:mod:`vita.web.security`).

Several server processes may share one PostgreSQL database. Each change to a table is
announced, in the transaction that stores it, on the channel ``vita_tables`` (``NOTIFY``:
delivered when it commits, never for a change rolled back); :meth:`Store.listen` hears the
other processes' announcements. The primary key (table, action number) lets only one of two
processes store an action with the same number (the other gets :class:`Conflict`), and a
session advisory lock per table (:meth:`Store.drive`) lets one process at a time drive a
table's bots; a process that dies drops its locks with its connection. SQLite is for one
process: nothing to announce, every lock is granted.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from vita.web import metrics

MIGRATIONS = Path(__file__).parent / "migrations"
GROUP_COMMIT = 64  # the most writes committed together
CHANNEL = "vita_tables"  # PostgreSQL's NOTIFY channel for changes to tables
log = logging.getLogger("vita.web")


@functools.cache
def _head_revision() -> str:
    """The schema version this vita writes (the newest migration)."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if head is None:
        raise RuntimeError(f"no migration in {MIGRATIONS}")
    return head


metadata = sa.MetaData()

tables = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("seed_chosen", sa.Boolean, nullable=False, default=False),
    sa.Column("engine", sa.String(32), nullable=False),
    sa.Column("owner_hash", sa.String(64), nullable=False),
    sa.Column("replacement_bot", sa.String(32), nullable=False, default="heuristic"),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("rematch_of", sa.String(32), nullable=True),
    sa.Column("rules", sa.Integer, nullable=False, default=1),
    sa.Column("final_log", sa.Text, nullable=True),
    sa.Column("hints", sa.Boolean, nullable=False, default=False),
    sa.Column("move_limit", sa.Integer, nullable=True),  # seconds a seat has for a move (None: no limit)
)

seats = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),  # human | bot: who plays the seat now
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("resigned", sa.Boolean, nullable=False, default=False),
    sa.Column("human", sa.Boolean, nullable=False, default=False),  # a person's seat at creation
    sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),  # when its move is due (a person to move)
    sa.Column("timeouts", sa.Integer, nullable=False, default=0),  # moves in a row the bot played for it
    sa.Index("seats_deadline", "deadline"),
)

seat_mail = sa.Table(
    # A seat holder's own address for turn mail. Apart from ``seats`` on purpose: no view, record
    # or API answer reads this table; only the mailer does (vita.web.mail).
    "seat_mail", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("address", sa.String(320), nullable=False),
    # The stop link's token, kept as it is (every mail carries it; it can only stop this mail).
    sa.Column("stop_token", sa.String(64), nullable=False, unique=True),
    sa.Column("base", sa.String(300), nullable=False),  # the server's address the holder used (for links)
    sa.Column("turn_seq", sa.Integer, nullable=True),  # the move whose "your turn" mail was sent
    sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),  # the last "your turn" mail
    sa.Column("reminded_for", sa.DateTime(timezone=True), nullable=True),  # the deadline last reminded of
)

actions = sa.Table(
    "actions", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("notation", sa.Text, nullable=False),
    sa.Column("undoable", sa.Boolean, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("timed_out", sa.Boolean, nullable=False, default=False),  # the table's bot played it: time ran out
)


class StorageError(Exception):
    """The database refused or could not take a write (busy, gone, constraint)."""


class Conflict(StorageError):
    """Another writer got there first: an action with the same number is stored already, or
    the action to undo is no longer the last (another server process took the move)."""


@dataclass
class SeatRow:
    seat: int
    kind: str
    name: str
    bot: str | None = None
    token_hash: str | None = None
    resigned: bool = False
    human: bool = False
    deadline: datetime | None = None
    timeouts: int = 0


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    engine: str
    owner_hash: str
    created_at: datetime
    seats: list[SeatRow] = field(default_factory=list)
    finished_at: datetime | None = None
    result: dict[str, Any] | None = None
    rematch_of: str | None = None
    seed_chosen: bool = False
    replacement_bot: str = "heuristic"
    rules: int = 1  # the game's rules version the table is played under
    final_log: list[str] | None = None  # the public log, kept once the game is over
    hints: bool = False  # the owner allows each seat to ask the search for a hint
    move_limit: int | None = None  # seconds a seat has for each move (None: no limit)


@dataclass
class ActionRow:
    seq: int
    seat: int
    notation: str
    undoable: bool
    timed_out: bool = False  # played by the table's bot: the seat's time ran out


def database_urls(url: str) -> tuple[str, str]:
    """The synchronous (for migrations) and asynchronous SQLAlchemy URLs for ``url``:
    ``postgresql://…`` (psycopg 3) or a SQLite path."""
    if url.startswith(("postgresql://", "postgres://")):
        full = "postgresql+psycopg://" + url.split("://", 1)[1]
        return full, full
    if url.startswith("sqlite:///"):
        url = url.removeprefix("sqlite:///")
    elif "://" in url:
        raise ValueError(f"unsupported database URL {url.split('://')[0]}://… (use postgresql:// or a SQLite path)")
    return f"sqlite:///{url}", f"sqlite+aiosqlite:///{url}"


def now() -> datetime:
    return datetime.now(UTC)


class Store:
    """Tables, seats and actions in a SQL database, every call asynchronous."""

    def __init__(self, engine: AsyncEngine, sync_url: str, connect_args: dict[str, Any]) -> None:
        self.engine = engine
        self.sync_url = sync_url
        self.connect_args = connect_args
        self._queue: tuple[asyncio.AbstractEventLoop, list[Any], asyncio.Task[None] | None] | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._sync: sa.Engine | None = None
        self.shared = sync_url.startswith("postgresql")  # several processes may use the database
        self.origin = uuid.uuid4().hex[:12]  # this process's name in announcements
        self._locks: Any = None  # the connection holding this process's advisory locks
        self._locks_guard: asyncio.Lock | None = None
        self._held: set[str] = set()
        self._readiness: tuple[float, str | None] | None = None  # (when asked, the answer)

    @classmethod
    def open(cls, url: str, schema: str | None = None, *, busy_timeout: float = 5.0) -> Store:
        """Connect and upgrade the schema to the newest version (``schema``: PostgreSQL only).

        ``busy_timeout``: how long a SQLite write waits for another writer's lock before
        it fails (and the action it stores is refused, changing nothing).
        """
        sync_url, async_url = database_urls(url)
        connect_args: dict[str, Any] = {}
        if sync_url.startswith("sqlite"):
            connect_args = {"timeout": busy_timeout}
        elif schema:
            connect_args = {"options": f"-csearch_path={schema}"}
        pool = {} if sync_url.startswith("sqlite") else {"pool_size": 20, "max_overflow": 20}
        engine = create_async_engine(async_url, connect_args=connect_args, **pool)
        if sync_url.startswith("sqlite"):
            sa.event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        store = cls(engine, sync_url, connect_args)
        store.upgrade()
        return store

    def sync_engine(self, *, foreign_keys: bool = True) -> sa.Engine:
        """A synchronous engine on the same database (migrations, tests, tools)."""
        args = {**self.connect_args, "check_same_thread": False} if self.sync_url.startswith("sqlite") \
            else self.connect_args
        engine = sa.create_engine(self.sync_url, connect_args=args)
        if self.sync_url.startswith("sqlite"):
            sa.event.listen(engine, "connect", _sqlite_pragmas if foreign_keys else _sqlite_journal)
        return engine

    def upgrade(self, revision: str = "head") -> None:
        # SQLite alters a table by copying it and dropping the old one: with foreign keys on,
        # that drop would cascade to every seat and action of every table.
        engine = self.sync_engine(foreign_keys=False)
        try:
            with engine.begin() as connection:
                if connection.dialect.name == "postgresql":
                    # Processes started together on a new database would each create the
                    # schema (and one fail on a duplicate type): the first to take this lock
                    # migrates, the others wait for its commit and then find nothing to do.
                    # The lock is the schema's, so databases and schemas migrate independently.
                    connection.execute(sa.text("SELECT pg_advisory_xact_lock(hashtext('vita.migrations.' "
                                               "|| current_schema()))"))
                command.upgrade(alembic_config(connection), revision)
        finally:
            engine.dispose()

    async def ready(self) -> str | None:
        """None if the database answers and its schema is the newest this vita knows, else
        what is wrong, in words fit for anyone (for a readiness probe: one cheap query, asked at
        most once a second however often the probe comes; the database's own error, which may
        name hosts and users, goes to the log only)."""
        moment = time.monotonic()
        if self._readiness is not None and moment - self._readiness[0] < 1.0:
            return self._readiness[1]
        head = _head_revision()
        try:
            async with self.engine.connect() as c:
                current = (await c.execute(sa.text("SELECT version_num FROM alembic_version"))).scalar()
            problem = None if current == head else \
                f"the database schema is at {current}, not {head}: migrations are not current"
        except Exception as error:
            log.warning("readiness: the database does not answer: %s", _reason(error))
            problem = "the database does not answer"
        self._readiness = (moment, problem)
        return problem

    async def close(self) -> None:
        """Close every pooled connection (the store can still be used: it reconnects)."""
        await self.engine.dispose()
        if self._locks is not None:
            with contextlib.suppress(Exception):
                await self._locks.close()
            self._locks = None
            self._held.clear()
        if self._thread is not None:
            thread, self._thread = self._thread, None
            await asyncio.get_running_loop().run_in_executor(None, thread.shutdown)
        if self._sync is not None:
            self._sync.dispose()
            self._sync = None

    # -- writing ---------------------------------------------------------------------------
    #
    # Every write goes through one writer: a thread of its own with a synchronous connection,
    # fed by the event loop. Writes that arrive while one is under way are committed together
    # (a group commit): one transaction and one thread hop for the lot, and never two
    # writers racing for SQLite's lock. A write resolves only once its transaction is
    # committed; if a batch fails, its writes are tried one by one so only the bad one fails.

    async def create_table(self, row: TableRow) -> None:
        def write(c: Connection) -> None:
            c.execute(tables.insert().values(
                id=row.id, game=row.game, options=json.dumps(row.options), seed=row.seed,
                seed_chosen=row.seed_chosen, engine=row.engine, owner_hash=row.owner_hash,
                replacement_bot=row.replacement_bot, created_at=row.created_at, rematch_of=row.rematch_of,
                rules=row.rules, hints=row.hints, move_limit=row.move_limit,
            ))
            for s in row.seats:
                c.execute(seats.insert().values(
                    table_id=row.id, seat=s.seat, kind=s.kind, name=s.name, bot=s.bot,
                    token_hash=s.token_hash, resigned=s.resigned, human=s.human))

        await self._write(write)

    async def add_action(self, table_id: str, action: ActionRow, result: dict[str, Any] | None = None,
                         final_log: list[str] | None = None) -> None:
        """Store an action (and the result and public log, if it ended the game) in one transaction.

        The primary key refuses a second action with the same number.
        """
        stamp = now()

        def write(c: Connection) -> None:
            c.execute(actions.insert().values(
                table_id=table_id, seq=action.seq, seat=action.seat, notation=action.notation,
                undoable=action.undoable, created_at=stamp, timed_out=action.timed_out))
            if result is not None:
                c.execute(tables.update().where(tables.c.id == table_id)
                          .values(finished_at=stamp, result=json.dumps(result),
                                  final_log=json.dumps(final_log) if final_log is not None else None))
            self._announce(c, table_id)

        await self._write(write)

    async def remove_last_actions(self, table_id: str, first: int, last: int) -> None:
        """Remove actions ``first`` to ``last`` if ``last`` is still the table's last action (else
        :class:`Conflict`, and nothing is removed): a take-back, with the bots' moves after it."""
        def write(c: Connection) -> None:
            mine = actions.c.table_id == table_id
            later = sa.select(actions.c.seq).where(mine, actions.c.seq > last).exists()
            removed = c.execute(actions.delete().where(mine, actions.c.seq >= first, actions.c.seq <= last, ~later))
            if removed.rowcount != last - first + 1:
                raise Conflict(f"action {last} is no longer the last of table {table_id}")
            self._announce(c, table_id)

        await self._write(write)

    async def update_seat(self, table_id: str, seat: SeatRow) -> None:
        def write(c: Connection) -> None:
            c.execute(seats.update().where(seats.c.table_id == table_id, seats.c.seat == seat.seat)
                      .values(kind=seat.kind, name=seat.name, bot=seat.bot, token_hash=seat.token_hash,
                              resigned=seat.resigned, timeouts=seat.timeouts))
            self._announce(c, table_id)

        await self._write(write)

    async def set_deadlines(self, table_id: str, deadlines: dict[int, datetime | None]) -> None:
        """Set (or clear, ``None``) the deadlines of some of a table's seats."""
        def write(c: Connection) -> None:
            for seat, deadline in deadlines.items():
                c.execute(seats.update().where(seats.c.table_id == table_id, seats.c.seat == seat)
                          .values(deadline=deadline))

        await self._write(write)

    # -- turn mail (vita.web.mail) ---------------------------------------------------------

    async def set_mail(self, table_id: str, seat: int, address: str, stop_token: str, base: str) -> None:
        """A seat's address (replacing any earlier one; ``stop_token`` is used for a first one)."""
        def write(c: Connection) -> None:
            # A new address keeps what was sent to the seat (``turn_seq``, ``sent_at``: changing
            # it again and again must not mail again and again) and its stop link (the mails
            # already sent keep working).
            mine = (seat_mail.c.table_id == table_id, seat_mail.c.seat == seat)
            changed = c.execute(seat_mail.update().where(*mine).values(address=address, base=base))
            if changed.rowcount == 0:
                c.execute(seat_mail.insert().values(table_id=table_id, seat=seat, address=address,
                                                    stop_token=stop_token, base=base))

        await self._write(write)

    async def drop_mail(self, table_id: str, seat: int | None = None) -> None:
        """Forget a seat's address (``None``: every seat's of the table)."""
        def write(c: Connection) -> None:
            query = seat_mail.delete().where(seat_mail.c.table_id == table_id)
            c.execute(query if seat is None else query.where(seat_mail.c.seat == seat))

        await self._write(write)

    async def stop_mail(self, stop_token: str) -> bool:
        """Forget the address whose stop link this is; whether there was one."""
        gone = [False]

        def write(c: Connection) -> None:  # (run again if its batch failed: it sets, never adds)
            gone[0] = c.execute(seat_mail.delete().where(seat_mail.c.stop_token == stop_token)).rowcount == 1

        await self._write(write)
        return gone[0]

    async def has_mail(self, table_id: str, seat: int) -> bool:
        async with self.engine.connect() as c:
            return (await c.execute(sa.select(seat_mail.c.seat).where(
                seat_mail.c.table_id == table_id, seat_mail.c.seat == seat))).first() is not None

    async def claim_turn_mail(self, table_id: str, seat: int, seq: int, moment: datetime,
                              spacing: timedelta) -> tuple[str, str, str] | None:
        """The address, server base and stop token to send seat ``seat`` its "your turn" mail for move ``seq``,
        if it has an address, was not yet sent one for this move, and was sent none within
        ``spacing``: claimed (``turn_seq`` set on that condition) so one process sends it."""
        async with self.engine.connect() as c:
            row = (await c.execute(seat_mail.select().where(seat_mail.c.table_id == table_id,
                                                            seat_mail.c.seat == seat))).first()
        if row is None or row.turn_seq == seq:
            return None
        sent = _aware(row.sent_at)
        if sent is not None and moment - sent < spacing:
            return None
        taken = [False]

        def write(c: Connection) -> None:
            same = seat_mail.c.turn_seq.is_(None) if row.turn_seq is None else seat_mail.c.turn_seq == row.turn_seq
            taken[0] = c.execute(seat_mail.update().where(seat_mail.c.table_id == table_id, seat_mail.c.seat == seat,
                                                          same).values(turn_seq=seq, sent_at=moment)).rowcount == 1

        await self._write(write)
        return (row.address, row.base, row.stop_token) if taken[0] else None

    async def claim_reminders(self, moment: datetime, ahead: Callable[[int], timedelta]) \
            -> list[tuple[str, int, str, str, str, datetime]]:
        """The seats whose deadline comes within ``ahead(move_limit)`` of ``moment`` and whose
        holder has an address not yet reminded of that deadline, each claimed once
        (``reminded_for`` set on that condition): table, seat, address, base, stop token, deadline."""
        async with self.engine.connect() as c:
            rows = (await c.execute(
                sa.select(seat_mail.c.table_id, seat_mail.c.seat, seat_mail.c.address, seat_mail.c.base,
                          seat_mail.c.stop_token, seat_mail.c.reminded_for, seats.c.deadline, tables.c.move_limit)
                .join(seats, sa.and_(seats.c.table_id == seat_mail.c.table_id, seats.c.seat == seat_mail.c.seat))
                .join(tables, tables.c.id == seat_mail.c.table_id)
                .where(seats.c.deadline.is_not(None), tables.c.move_limit.is_not(None)))).all()
        due = [r for r in rows if _aware(r.deadline) - ahead(r.move_limit) <= moment  # type: ignore[operator]
               and _aware(r.reminded_for) != _aware(r.deadline)]
        claimed: list[tuple[str, int, str, str, str, datetime]] = []

        def write(c: Connection) -> None:
            claimed.clear()  # a batch that failed runs its writes again, one by one
            for r in due:
                same = (seat_mail.c.reminded_for.is_(None) if r.reminded_for is None
                        else seat_mail.c.reminded_for == r.reminded_for)
                if c.execute(seat_mail.update().where(seat_mail.c.table_id == r.table_id, seat_mail.c.seat == r.seat,
                                                      same).values(reminded_for=r.deadline)).rowcount == 1:
                    claimed.append((r.table_id, r.seat, r.address, r.base, r.stop_token,
                                    _aware(r.deadline)))  # type: ignore[arg-type]

        if due:
            await self._write(write)
        return claimed

    async def claim_due(self, moment: datetime, limit: int = 100) -> list[tuple[str, int, datetime]]:
        """The seats whose deadline has passed at ``moment``, each claimed by clearing its
        deadline on the condition that it is still the one read (``UPDATE ... WHERE deadline =
        :read``): of several processes serving one database, exactly one claims each deadline."""
        async with self.engine.connect() as c:
            due = [(r.table_id, r.seat, _aware(r.deadline)) for r in await c.execute(
                sa.select(seats.c.table_id, seats.c.seat, seats.c.deadline)
                .where(seats.c.deadline.is_not(None), seats.c.deadline <= moment)
                .order_by(seats.c.deadline).limit(limit))]
        claimed: list[tuple[str, int, datetime]] = []

        def write(c: Connection) -> None:
            claimed.clear()  # a batch that failed runs its writes again, one by one
            for table_id, seat, deadline in due:
                taken = c.execute(seats.update().where(seats.c.table_id == table_id, seats.c.seat == seat,
                                                       seats.c.deadline == deadline).values(deadline=None))
                if taken.rowcount == 1:
                    assert deadline is not None
                    claimed.append((table_id, seat, deadline))

        if due:
            await self._write(write)
        return claimed

    def _announce(self, c: Connection, table_id: str) -> None:
        """Tell the other processes on the database, when this transaction commits, that the
        table changed."""
        if self.shared:
            c.execute(sa.text("SELECT pg_notify(:channel, :payload)"),
                      {"channel": CHANNEL, "payload": f"{self.origin} {table_id}"})

    # -- several processes -------------------------------------------------------------------

    async def listen(self, changed: Callable[[str | None], None]) -> None:
        """Call ``changed(table_id)`` for each change another process stores, until cancelled
        (PostgreSQL; with SQLite it returns at once). After the connection was lost and is
        made again, ``changed(None)``: anything may have changed meanwhile."""
        if not self.shared:
            return
        import psycopg

        lost = False
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self._conninfo(), autocommit=True,
                                                                  **self.connect_args) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    if lost:
                        changed(None)
                    async for note in connection.notifies():
                        origin, _, table_id = note.payload.partition(" ")
                        if origin != self.origin:
                            changed(table_id)
            except psycopg.Error as error:
                log.warning("listening for other processes' changes: %s; trying again", _reason(error))
                lost = True
                await asyncio.sleep(1.0)

    async def drive(self, table_id: str) -> bool:
        """Take the lock that lets one process at a time drive ``table_id``'s bots: True if
        this process holds it now (it may already have)."""
        if not self.shared or table_id in self._held:
            return True
        got = await self._lock_query("SELECT pg_try_advisory_lock(%s)", table_id)
        if got:
            self._held.add(table_id)
        return bool(got)

    async def release(self, table_id: str) -> None:
        if self.shared and table_id in self._held:
            self._held.discard(table_id)
            await self._lock_query("SELECT pg_advisory_unlock(%s)", table_id)

    async def _lock_query(self, query: str, table_id: str) -> Any:
        import psycopg

        if self._locks_guard is None:
            self._locks_guard = asyncio.Lock()
        key = int.from_bytes(hashlib.blake2b(f"vita-bots:{table_id}".encode(), digest_size=8).digest(), "big",
                             signed=True)
        async with self._locks_guard:
            try:
                if self._locks is None or self._locks.closed:
                    self._held.clear()  # a new session holds none of the old one's locks
                    self._locks = await psycopg.AsyncConnection.connect(self._conninfo(), autocommit=True,
                                                                        **self.connect_args)
                row = await (await self._locks.execute(query, (key,))).fetchone()
                return row[0] if row else None
            except psycopg.Error as error:
                log.warning("advisory lock of table %s: %s", table_id, _reason(error))
                with contextlib.suppress(psycopg.Error):
                    if self._locks is not None:
                        await self._locks.close()
                self._locks = None
                self._held.clear()
                return False

    def _conninfo(self) -> str:
        return "postgresql://" + self.sync_url.split("://", 1)[1]

    async def _write(self, job: Callable[[Connection], Any]) -> None:
        """Run ``job`` in a committed transaction on the writer; :class:`StorageError` if not."""
        loop = asyncio.get_running_loop()
        if self._queue is None or self._queue[0] is not loop:  # one queue per event loop (tests run several)
            self._queue = (loop, [], None)
        _, pending, drain = self._queue
        done: asyncio.Future[None] = loop.create_future()
        pending.append((job, done))
        if drain is None or drain.done():
            self._queue = (loop, pending, loop.create_task(self._drain(pending)))
        await done

    async def _drain(self, pending: list[tuple[Callable[[Connection], Any], asyncio.Future[None]]]) -> None:
        loop = asyncio.get_running_loop()
        while pending:
            batch = pending[:GROUP_COMMIT]
            del pending[:GROUP_COMMIT]
            try:
                started = time.perf_counter()
                failures = await loop.run_in_executor(self._writer(), self._commit, [job for job, _ in batch])
                metrics.COMMIT_SECONDS.observe(time.perf_counter() - started)
            except Exception as error:  # the writer itself failed: every write of the batch did
                failures = [StorageError(str(error)[:200])] * len(batch)
            for (_, done), failure in zip(batch, failures, strict=True):
                if done.done():
                    continue
                if failure is None:
                    done.set_result(None)
                else:
                    done.set_exception(failure)

    def _writer(self) -> ThreadPoolExecutor:
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="vita-store-writer")
        return self._thread

    def _commit(self, jobs: list[Callable[[Connection], Any]]) -> list[StorageError | None]:
        """In the writer thread: all ``jobs`` in one transaction, else each in its own."""
        if self._sync is None:
            self._sync = self.sync_engine()
        try:
            with self._sync.begin() as connection:
                for job in jobs:
                    job(connection)
            return [None] * len(jobs)
        except (SQLAlchemyError, Conflict) as error:
            if len(jobs) == 1:
                if isinstance(error, Conflict):
                    return [error]
                return [Conflict(_reason(error)) if isinstance(error, IntegrityError) else StorageError(_reason(error))]
        return [self._commit([job])[0] for job in jobs]

    # -- reading ---------------------------------------------------------------------------

    async def table(self, table_id: str) -> TableRow | None:
        async with self.engine.connect() as c:
            found = (await c.execute(tables.select().where(tables.c.id == table_id))).first()
            if found is None:
                return None
            seat_rows = await c.execute(seats.select().where(seats.c.table_id == table_id).order_by(seats.c.seat))
            return TableRow(
                id=found.id, game=found.game, options=json.loads(found.options), seed=found.seed,
                seed_chosen=bool(found.seed_chosen), engine=found.engine, owner_hash=found.owner_hash,
                replacement_bot=found.replacement_bot, created_at=found.created_at,
                finished_at=found.finished_at, rematch_of=found.rematch_of,
                result=json.loads(found.result) if found.result else None,
                rules=found.rules, final_log=json.loads(found.final_log) if found.final_log else None,
                hints=bool(found.hints), move_limit=found.move_limit,
                seats=[SeatRow(r.seat, r.kind, r.name, r.bot, r.token_hash, bool(r.resigned), bool(r.human),
                               _aware(r.deadline), int(r.timeouts or 0))
                       for r in seat_rows],
            )

    async def actions(self, table_id: str) -> list[ActionRow]:
        async with self.engine.connect() as c:
            rows = await c.execute(actions.select().where(actions.c.table_id == table_id).order_by(actions.c.seq))
            return [ActionRow(r.seq, r.seat, r.notation, bool(r.undoable), bool(r.timed_out)) for r in rows]

    async def unfinished_tables(self, limit: int = 1000) -> list[str]:
        """The ids of tables whose game is not over, newest first (a restarted server resumes
        their bots)."""
        async with self.engine.connect() as c:
            query = (sa.select(tables.c.id).where(tables.c.result.is_(None))
                     .order_by(tables.c.created_at.desc()).limit(limit))
            return [r.id for r in await c.execute(query)]


def _aware(moment: datetime | None) -> datetime | None:
    """A stored time with its zone (SQLite gives it back without: it was stored in UTC)."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


def _reason(error: Exception) -> str:
    original = getattr(error, "orig", None)
    return str(original or error).splitlines()[0][:200]


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def _sqlite_journal(dbapi_connection: Any, _: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # In WAL mode, NORMAL loses nothing when the server process dies (a kill -9: the crash
    # drill checks it); only a power cut may lose the last commits. PostgreSQL for more.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _sqlite_pragmas(dbapi_connection: Any, record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
    _sqlite_journal(dbapi_connection, record)
