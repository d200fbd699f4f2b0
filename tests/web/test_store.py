"""Storage against both backends for real (SQLite, and the PostgreSQL server), migrations, and
a server restart that loses nothing."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from tests.web.conftest import make_app, new_table, open_postgres, view

from vita.web.bots import BotPool
from vita.web.security import digest, new_token
from vita.web.store import ActionRow, SeatRow, StorageError, Store, TableRow, now


def table_row(table_id: str = "t1") -> TableRow:
    return TableRow(id=table_id, game="pursuit", options={"players": 2}, seed=7, engine="test",
                    owner_hash=digest(new_token()), created_at=now(),
                    seats=[SeatRow(0, "human", "Ana", token_hash=digest(new_token()), human=True),
                           SeatRow(1, "bot", "Bo", bot="random")])


@pytest.mark.anyio
async def test_tables_seats_and_actions(store: Store) -> None:
    try:
        await store.create_table(table_row())
        await store.add_action("t1", ActionRow(0, 0, "trait curious", False))
        await store.add_action("t1", ActionRow(1, 1, "trait outgoing", False))
        loaded = await store.table("t1")
        assert loaded is not None and loaded.options == {"players": 2} and loaded.seats[1].bot == "random"
        assert loaded.seats[0].human and not loaded.seats[1].human and not loaded.seed_chosen
        assert [a.notation for a in await store.actions("t1")] == ["trait curious", "trait outgoing"]
        with pytest.raises(StorageError):
            await store.add_action("t1", ActionRow(1, 0, "study", True))  # the same move twice
        assert len(await store.actions("t1")) == 2, "a refused write leaves nothing behind"
        await store.remove_last_actions("t1", 1, 1)
        assert len(await store.actions("t1")) == 1
        seat = loaded.seats[0]
        seat.resigned, seat.kind, seat.token_hash = True, "bot", None
        await store.update_seat("t1", seat)
        again = await store.table("t1")
        assert again is not None and again.seats[0].resigned and again.seats[0].token_hash is None
        assert await store.unfinished_tables() == ["t1"]
        await store.add_action("t1", ActionRow(1, 1, "trait outgoing", False), {"scores": [1.0, 2.0]})
        finished = await store.table("t1")
        assert finished is not None and finished.result == {"scores": [1.0, 2.0]} and finished.finished_at
        assert await store.unfinished_tables() == []
        assert await store.table("missing") is None
    finally:
        await store.close()


def _old_database(store: Store, revision: str) -> None:
    """Back to an older schema version, with a table in it (as an older vita left it)."""
    engine = store.sync_engine()
    with engine.begin() as connection:
        for table in ("seat_mail", "actions", "seats", "tables", "alembic_version"):
            connection.execute(sa.text(f"DROP TABLE {table}"))
    engine.dispose()
    store.upgrade(revision)
    engine = store.sync_engine()
    with engine.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO tables (id, game, options, seed, engine, owner_token, created_at) "
            "VALUES ('old', 'pursuit', '{\"players\": 2}', 3, '0.0.1', 'the-owner-key', CURRENT_TIMESTAMP)"))
        connection.execute(sa.text(
            "INSERT INTO seats (table_id, seat, kind, name, token, resigned) VALUES "
            "('old', 0, 'human', 'Ana', 'anas-token', false), ('old', 1, 'bot', 'Bo', NULL, false)"))
        connection.execute(sa.text(
            "INSERT INTO actions (table_id, seq, seat, notation, undoable, created_at) "
            "VALUES ('old', 0, 0, 'trait curious', false, CURRENT_TIMESTAMP)"))
    engine.dispose()


@pytest.mark.anyio
@pytest.mark.parametrize("revision", ["0001", "0002"])
async def test_an_older_database_upgrades_in_place(store: Store, revision: str) -> None:
    try:
        _old_database(store, revision)
        store.upgrade()
        engine = store.sync_engine()
        with engine.connect() as connection:
            assert connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "0008"
            columns = {c["name"] for c in sa.inspect(connection).get_columns("seats")}
        engine.dispose()
        assert "token" not in columns, "plain tokens are gone from the database"
        old = await store.table("old")
        assert old is not None and old.rematch_of is None and old.seed == 3 and not old.seed_chosen
        assert old.rules == 1 and old.final_log is None, "tables before rules versions were played under 1"
        assert old.hints is False, "tables from before hints allow none"
        assert old.move_limit is None and old.seats[0].deadline is None and old.seats[0].timeouts == 0, \
            "tables from before time limits have none"
        # Links handed out before the upgrade still open their seats: their digests were stored.
        assert old.owner_hash == hashlib.sha256(b"the-owner-key").hexdigest()
        assert old.seats[0].token_hash == hashlib.sha256(b"anas-token").hexdigest() and old.seats[0].human
        assert old.seats[1].token_hash is None and not old.seats[1].human
        assert [a.notation for a in await store.actions("old")] == ["trait curious"], "no action is lost"
    finally:
        await store.close()


def test_a_server_restart_loses_nothing(tmp_path: Path, bot_pool: BotPool) -> None:
    db = str(tmp_path / "restart.sqlite")
    with TestClient(make_app(db, bot_pool)) as client:
        data = new_table(client)
        table, ana, ben = data["table"], data["seats"][0]["token"], data["seats"][1]["token"]
        for _ in range(6):
            token = ana if view(client, table, ana)["your_turn"] else ben
            state = view(client, table, token)
            client.post(f"/api/tables/{table}/actions",
                        json={"token": token, "seq": state["seq"], "action": state["legal"][-1]["notation"]})
        before = {token: view(client, table, token) for token in (ana, ben, None)}
    with TestClient(make_app(db, bot_pool)) as client:
        after = {token: view(client, table, token) for token in (ana, ben, None)}
    assert after == before
    assert before[None]["seq"] == 6


def test_postgres_store_serves_the_app(bot_pool: BotPool) -> None:
    for store in open_postgres():
        with TestClient(make_app(store, bot_pool)) as client:
            data = new_table(client)
            table, ana = data["table"], data["seats"][0]["token"]
            state = view(client, table, ana)
            reply = client.post(f"/api/tables/{table}/actions",
                                json={"token": ana, "seq": 0, "action": state["legal"][-1]["notation"]})
            assert reply.status_code == 200
        engine = store.sync_engine()
        with engine.connect() as connection:
            stored = connection.execute(sa.text("SELECT notation FROM actions WHERE table_id = :t"),
                                        {"t": table}).all()
            secrets = connection.execute(sa.text("SELECT token_hash FROM seats WHERE table_id = :t"),
                                         {"t": table}).all()
        engine.dispose()
        assert len(stored) == 1
        assert ana not in json.dumps([s[0] for s in secrets]), "only digests of tokens are stored"
