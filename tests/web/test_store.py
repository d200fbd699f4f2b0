"""Storage against both backends for real (SQLite, and the PostgreSQL server), migrations, and
a server restart that loses nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from tests.web.conftest import new_table, open_postgres, view

from vita.web.app import create_app
from vita.web.store import ActionRow, SeatRow, Store, TableRow, new_token, now


def table_row(table_id: str = "t1") -> TableRow:
    return TableRow(id=table_id, game="pursuit", options={"players": 2}, seed=7, engine="test",
                    owner_token=new_token(), created_at=now(),
                    seats=[SeatRow(0, "human", "Ana", token=new_token()), SeatRow(1, "bot", "Bo", bot="random")])


def test_tables_seats_and_actions(store: Store) -> None:
    store.create_table(table_row())
    store.add_action("t1", ActionRow(0, 0, "trait curious", False))
    store.add_action("t1", ActionRow(1, 1, "trait outgoing", False))
    loaded = store.table("t1")
    assert loaded is not None and loaded.options == {"players": 2} and loaded.seats[1].bot == "random"
    assert [a.notation for a in store.actions("t1")] == ["trait curious", "trait outgoing"]
    with pytest.raises(sa.exc.IntegrityError):
        store.add_action("t1", ActionRow(1, 0, "study", True))  # the same move twice
    store.remove_last_action("t1", 1)
    assert len(store.actions("t1")) == 1
    seat = loaded.seats[0]
    seat.resigned = True
    store.update_seat("t1", seat)
    again = store.table("t1")
    assert again is not None and again.seats[0].resigned
    store.finish("t1", {"scores": [1.0, 2.0]})
    finished = store.table("t1")
    assert finished is not None and finished.result == {"scores": [1.0, 2.0]} and finished.finished_at
    assert [t.id for t in store.recent_tables()] == ["t1"]
    assert store.table("missing") is None


def _old_database(store: Store) -> None:
    """Back to the first schema version, with a table in it (as an older vita left it)."""
    with store.engine.begin() as connection:
        connection.execute(sa.text("DROP TABLE actions"))
        connection.execute(sa.text("DROP TABLE seats"))
        connection.execute(sa.text("DROP TABLE tables"))
        connection.execute(sa.text("DROP TABLE alembic_version"))
    store.upgrade("0001")
    with store.engine.begin() as connection:
        connection.execute(sa.text(
            "INSERT INTO tables (id, game, options, seed, engine, owner_token, created_at) "
            "VALUES ('old', 'pursuit', '{\"players\": 2}', 3, '0.0.1', 'k', CURRENT_TIMESTAMP)"))


def test_an_older_database_upgrades_in_place(store: Store) -> None:
    _old_database(store)
    store.upgrade()
    with store.engine.connect() as connection:
        assert connection.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "0002"
    old = store.table("old")
    assert old is not None and old.rematch_of is None and old.seed == 3


@pytest.fixture
def restartable(tmp_path: Path) -> Iterator[str]:
    yield str(tmp_path / "restart.sqlite")


def test_a_server_restart_loses_nothing(restartable: str) -> None:
    first = create_app(restartable, bot_delay=0)
    with TestClient(first) as client:
        data = new_table(client)
        table, ana, ben = data["table"], data["seats"][0]["token"], data["seats"][1]["token"]
        for _ in range(6):
            token = ana if view(client, table, ana)["your_turn"] else ben
            state = view(client, table, token)
            client.post(f"/api/tables/{table}/actions",
                        json={"token": token, "seq": state["seq"], "action": state["legal"][-1]["notation"]})
        before = {token: view(client, table, token) for token in (ana, ben, None)}
    second = create_app(restartable, bot_delay=0)
    with TestClient(second) as client:
        after = {token: view(client, table, token) for token in (ana, ben, None)}
    assert after == before
    assert before[None]["seq"] == 6


def test_postgres_store_serves_the_app() -> None:
    for store in open_postgres():
        with TestClient(create_app(store=store, bot_delay=0)) as client:
            data = new_table(client)
            table, ana = data["table"], data["seats"][0]["token"]
            state = view(client, table, ana)
            reply = client.post(f"/api/tables/{table}/actions",
                                json={"token": ana, "seq": 0, "action": state["legal"][-1]["notation"]})
            assert reply.status_code == 200
            assert len(store.actions(table)) == 1
