"""Durable storage of tables, seats and actions (SQLite by default, PostgreSQL on request).

The schema is versioned with Alembic (``migrations/``); :meth:`Store.open` upgrades a
database made by an older version in place.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection, Engine

MIGRATIONS = Path(__file__).parent / "migrations"

metadata = sa.MetaData()

tables = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("engine", sa.String(32), nullable=False),
    sa.Column("owner_token", sa.String(64), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("rematch_of", sa.String(32), nullable=True),
)

seats = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),  # human | bot
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("token", sa.String(64), nullable=True),
    sa.Column("resigned", sa.Boolean, nullable=False, default=False),
)

actions = sa.Table(
    "actions", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("notation", sa.Text, nullable=False),
    sa.Column("undoable", sa.Boolean, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)


@dataclass
class SeatRow:
    seat: int
    kind: str
    name: str
    bot: str | None = None
    token: str | None = None
    resigned: bool = False


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    engine: str
    owner_token: str
    created_at: datetime
    seats: list[SeatRow] = field(default_factory=list)
    finished_at: datetime | None = None
    result: dict[str, Any] | None = None
    rematch_of: str | None = None


@dataclass
class ActionRow:
    seq: int
    seat: int
    notation: str
    undoable: bool


def database_url(url: str) -> str:
    """Accept ``postgresql://…`` (using the psycopg 3 driver) and SQLite paths."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{url}"
    return url


def new_token() -> str:
    return secrets.token_urlsafe(18)


def now() -> datetime:
    return datetime.now(UTC)


class Store:
    """Tables, seats and actions in a SQL database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @classmethod
    def open(cls, url: str, schema: str | None = None) -> Store:
        """Connect and upgrade the schema to the newest version (``schema``: PostgreSQL only)."""
        full = database_url(url)
        kwargs: dict[str, Any] = {}
        if full.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        elif schema:
            kwargs["connect_args"] = {"options": f"-csearch_path={schema}"}
        engine = sa.create_engine(full, future=True, **kwargs)
        if full.startswith("sqlite"):
            sa.event.listen(engine, "connect", _sqlite_pragmas)
        store = cls(engine)
        store.upgrade()
        return store

    def upgrade(self, revision: str = "head") -> None:
        with self.engine.begin() as connection:
            command.upgrade(alembic_config(connection), revision)

    def close(self) -> None:
        self.engine.dispose()

    # -- writing ---------------------------------------------------------------------------

    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as c:
            c.execute(tables.insert().values(
                id=row.id, game=row.game, options=json.dumps(row.options), seed=row.seed,
                engine=row.engine, owner_token=row.owner_token, created_at=row.created_at,
                rematch_of=row.rematch_of,
            ))
            for s in row.seats:
                c.execute(seats.insert().values(table_id=row.id, seat=s.seat, kind=s.kind, name=s.name,
                                                bot=s.bot, token=s.token, resigned=s.resigned))

    def add_action(self, table_id: str, action: ActionRow) -> None:
        """Store an action; the primary key refuses a second action with the same number."""
        with self.engine.begin() as c:
            c.execute(actions.insert().values(table_id=table_id, seq=action.seq, seat=action.seat,
                                              notation=action.notation, undoable=action.undoable,
                                              created_at=now()))

    def remove_last_action(self, table_id: str, seq: int) -> None:
        with self.engine.begin() as c:
            c.execute(actions.delete().where(actions.c.table_id == table_id, actions.c.seq == seq))

    def update_seat(self, table_id: str, seat: SeatRow) -> None:
        with self.engine.begin() as c:
            c.execute(seats.update().where(seats.c.table_id == table_id, seats.c.seat == seat.seat)
                      .values(kind=seat.kind, name=seat.name, bot=seat.bot, resigned=seat.resigned))

    def finish(self, table_id: str, result: dict[str, Any]) -> None:
        with self.engine.begin() as c:
            c.execute(tables.update().where(tables.c.id == table_id)
                      .values(finished_at=now(), result=json.dumps(result)))

    # -- reading ---------------------------------------------------------------------------

    def table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as c:
            found = c.execute(tables.select().where(tables.c.id == table_id)).first()
            if found is None:
                return None
            seat_rows = c.execute(seats.select().where(seats.c.table_id == table_id).order_by(seats.c.seat))
            return TableRow(
                id=found.id, game=found.game, options=json.loads(found.options), seed=found.seed,
                engine=found.engine, owner_token=found.owner_token, created_at=found.created_at,
                finished_at=found.finished_at, rematch_of=found.rematch_of,
                result=json.loads(found.result) if found.result else None,
                seats=[SeatRow(r.seat, r.kind, r.name, r.bot, r.token, bool(r.resigned)) for r in seat_rows],
            )

    def actions(self, table_id: str) -> list[ActionRow]:
        with self.engine.connect() as c:
            rows = c.execute(actions.select().where(actions.c.table_id == table_id).order_by(actions.c.seq))
            return [ActionRow(r.seq, r.seat, r.notation, bool(r.undoable)) for r in rows]

    def recent_tables(self, limit: int = 30) -> list[TableRow]:
        with self.engine.connect() as c:
            ids = [r.id for r in c.execute(sa.select(tables.c.id).order_by(tables.c.created_at.desc()).limit(limit))]
        return [t for t in (self.table(i) for i in ids) if t is not None]


def alembic_config(connection: Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def _sqlite_pragmas(dbapi_connection: Any, _: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()
