"""Turn-based play's time limits: a table's limit per move, each seat's stored deadline, the
replacement bot's move when a deadline passes (once, whichever process serves the table), and
the seat handed to the bot after three timeouts in a row."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import HTTP, POSTGRES, make_app, postgres_or_skip, view, wait_for
from tests.web.test_drills import postgres_database  # noqa: F401 (a fixture)

from vita.web.bots import BotPool
from vita.web.store import SeatRow, Store, TableRow, now

DAY = 86400


@pytest.fixture(params=["sqlite", "postgres"])
def two_stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Store, Store]]:
    """Two stores on one database, as two server processes have."""
    if request.param == "sqlite":
        yield Store.open(str(tmp_path / "v.sqlite")), Store.open(str(tmp_path / "v.sqlite"))
        return
    import psycopg

    postgres_or_skip()
    schema = "vita_test_" + secrets.token_hex(6)
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    try:
        yield Store.open(POSTGRES, schema=schema), Store.open(POSTGRES, schema=schema)
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.mark.anyio
async def test_a_passed_deadline_is_claimed_exactly_once(two_stores: tuple[Store, Store]) -> None:
    one, two = two_stores
    try:
        row = TableRow(id="t1", game="cv", options={"players": 2}, seed=1, engine="test", owner_hash="x",
                       created_at=now(),
                       seats=[SeatRow(0, "human", "Ana", human=True), SeatRow(1, "bot", "Ben", "random")])
        await one.create_table(row)
        passed = now() - timedelta(seconds=5)
        later = now() + timedelta(days=1)
        await one.set_deadlines("t1", {0: passed, 1: later})
        stored = await two.table("t1")
        assert stored is not None and stored.seats[0].deadline is not None
        assert abs((stored.seats[0].deadline - passed).total_seconds()) < 0.001  # stored with its zone
        claims = await asyncio.gather(*(store.claim_due(now()) for store in (one, two, one, two)))
        assert sorted(c for claimed in claims for c in claimed) == [("t1", 0, stored.seats[0].deadline)]
        assert await one.claim_due(now()) == [] and await two.claim_due(now() + timedelta(days=2)) != []
    finally:
        await one.close()
        await two.close()


def _tables(client: TestClient) -> Any:
    return client.app.state.tables  # type: ignore[attr-defined]


def test_a_table_with_a_limit_shows_deadlines_and_the_bot_plays_a_move_past_it(tmp_path: Path,
                                                                                bot_pool: BotPool) -> None:
    app = make_app(str(tmp_path / "t.sqlite"), bot_pool, deadline_tick=0.05)
    with TestClient(app) as client:
        reply = client.post("/api/tables", json={"game": "pursuit-cards", "seats": [{"name": "Ana"}, {"name": "Ben"}],
                                                 "move_limit": 30})
        assert reply.status_code == 422 and "move_limit" in reply.text  # a minute at least
        created = client.post("/api/tables", json={"game": "pursuit-cards", "seed": 5, "move_limit": DAY,
                                                   "seats": [{"name": "Ana"}, {"name": "Ben", "kind": "bot",
                                                                                "bot": "random"}]}).json()
        table, ana = created["table"], created["seats"][0]["token"]
        info = client.get(f"/api/tables/{table}").json()
        assert info["move_limit"] == DAY
        # The card game: the player left of the dealer (the last seat) starts: Ana.
        payload = view(client, table, ana)
        assert payload["to_move"] == [0] and payload["move_limit"] == DAY
        deadline = datetime.fromisoformat(payload["seats"][0]["deadline"])
        assert abs((deadline - now() - timedelta(days=1)).total_seconds()) < 60
        assert payload["seats"][1]["deadline"] is None  # a bot's seat has none
        assert view(client, table)["seats"][0]["deadline"] == payload["seats"][0]["deadline"]  # public
        # A day later (the clock moved on) the replacement bot plays Ana's move, once.
        seq = payload["seq"]
        _tables(client).clock_offset = DAY + 1
        wait_for(lambda: view(client, table, ana)["seq"] > seq and 0 in view(client, table, ana)["to_move"], 20)
        after = view(client, table, ana)
        assert after["seats"][0]["kind"] == "human", "one timeout: the seat stays Ana's"
        assert "Ana ran out of time: the table's bot plays this move." in after["log"]
        assert datetime.fromisoformat(after["seats"][0]["deadline"]) > now() + timedelta(days=1), \
            "her next move's deadline runs from the moment it came (on the moved clock)"


def test_three_timeouts_in_a_row_hand_the_seat_to_the_bot_and_a_move_resets_the_count(tmp_path: Path,
                                                                                      bot_pool: BotPool) -> None:
    app = make_app(str(tmp_path / "t.sqlite"), bot_pool, deadline_tick=0.05)
    with TestClient(app) as client:
        created = client.post("/api/tables", json={"game": "pursuit-cards", "seed": 5, "move_limit": 60,
                                                   "seats": [{"name": "Ana"}, {"name": "Ben", "kind": "bot",
                                                                                "bot": "random"}]}).json()
        table, ana = created["table"], created["seats"][0]["token"]
        tables = _tables(client)
        live = tables.live[table]
        # One timeout, then Ana moves herself: the count of timeouts in a row starts again.
        wait_for(lambda: live.row.seats[0].deadline is not None, 20)
        tables.clock_offset += 61
        wait_for(lambda: live.row.seats[0].timeouts == 1, 20)
        wait_for(lambda: 0 in view(client, table, ana)["to_move"], 20)
        payload = view(client, table, ana)
        reply = client.post(f"/api/tables/{table}/actions", json={"token": ana, "seq": payload["seq"],
                                                                   "action": payload["legal"][0]["notation"]})
        assert reply.status_code == 200, reply.text
        assert live.row.seats[0].timeouts == 0
        for count in (1, 2, 3):
            wait_for(lambda: live.row.seats[0].deadline is not None or live.over, 20)
            if live.over:
                pytest.skip("the game ended before three timeouts")
            tables.clock_offset += 61
            wait_for(lambda c=count: live.row.seats[0].timeouts >= c, 20)
        assert live.row.seats[0].kind == "bot" and live.row.seats[0].token_hash is None
        reply = client.get(f"/api/tables/{table}/view", params={"token": ana})
        assert reply.status_code == 403 and "opens no seat" in reply.text  # as when the owner hands it over
        assert live.row.seats[0].bot == "heuristic"  # the table's replacement bot


@pytest.mark.slow
def test_a_deadline_fires_once_with_two_processes_and_after_a_restart(tmp_path: Path, postgres_database: str) \
        -> None:  # noqa: F811
    """Two ``vita serve`` processes on one PostgreSQL database look for due deadlines every
    0.1 s: a passed deadline plays the replacement bot's move exactly once, on a table neither
    has in memory. Then both stop; started again with the clock a day on, the next deadline
    (stored before the restart) fires too."""
    import sqlalchemy as sa
    from tests.web.test_drills import ServeProcess

    servers = []
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        servers.append(ServeProcess(postgres_database, tmp_path / name, extra=("--deadline-tick", "0.1")))
    try:
        servers[0].start()
        created = HTTP.post(servers[0].base + "/api/tables", json={
            "game": "pursuit-cards", "seed": 5, "move_limit": DAY,
            "seats": [{"name": "Ana"}, {"name": "Ben", "kind": "bot", "bot": "random"}]}, timeout=10).json()
        table = created["table"]
        servers[0].kill()  # the table is in no process's memory now
        engine = sa.create_engine(postgres_database.replace("postgresql://", "postgresql+psycopg://"))

        def ana_moves() -> int:
            with engine.connect() as c:
                return int(c.execute(sa.text("SELECT count(*) FROM actions WHERE table_id = :t AND seat = 0"),
                                     {"t": table}).scalar() or 0)

        with engine.begin() as c:  # Ana's day has passed
            c.execute(sa.text("UPDATE seats SET deadline = :d WHERE table_id = :t AND seat = 0"),
                      {"d": now() - timedelta(seconds=1), "t": table})
        for server in servers:
            server.start()
        wait_for(lambda: ana_moves() >= 1, 30)
        time.sleep(1.0)  # both processes have looked several times since
        assert ana_moves() == 1, "the timeout's move was played exactly once"
        for server in servers:
            server.kill()
        # Restarted with the clock a day and a minute on: the deadline stored for Ana's next move fires.
        with engine.connect() as c:
            due = c.execute(sa.text("SELECT deadline FROM seats WHERE table_id = :t AND seat = 0"),
                            {"t": table}).scalar()
        assert due is not None, "Ana's next move has its deadline, stored"
        later = ServeProcess(postgres_database, tmp_path / "one",
                             extra=("--deadline-tick", "0.1", "--clock-offset", str(DAY + 60)))
        servers = [later]
        later.start()
        wait_for(lambda: ana_moves() >= 2, 30)
        info = HTTP.get(later.base + f"/api/tables/{table}", timeout=10).json()
        assert info["seats"][0]["kind"] == "human"  # two timeouts: still Ana's seat
        engine.dispose()
    finally:
        for server in servers:
            if server.process is not None and server.process.poll() is None:
                server.kill()


@pytest.mark.slow
def test_a_three_player_turn_based_game_plays_to_its_end_across_restarts(tmp_path: Path, bot_pool: BotPool) -> None:
    """Three people at a one-day table who never come back: each day (the server restarted with
    its clock a day further on) the seat to move times out and the bot plays for it; after three
    timeouts each seat is the bot's, and the game plays to its end."""
    from tests.web.conftest import Server

    db = str(tmp_path / "turns.sqlite")
    offset = 0.0
    server = Server(db, bot_pool, deadline_tick=0.05, clock_offset=offset)
    server.start()
    created = server.api("POST", "/api/tables", json={
        "game": "pursuit-cards", "seed": 9, "move_limit": DAY, "replacement_bot": "random",
        "seats": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}]})
    table = created["table"]
    days = 0
    try:
        while not server.api("GET", f"/api/tables/{table}")["over"]:
            before = server.api("GET", f"/api/tables/{table}")["seq"]
            assert days < 40, "the game should have ended"
            server.stop()
            days += 1
            offset += DAY + 1
            server = Server(db, bot_pool, deadline_tick=0.05, clock_offset=offset)
            server.start()
            wait_for(lambda b=before, s=server: s.api("GET", f"/api/tables/{table}")["seq"] > b
                     or s.api("GET", f"/api/tables/{table}")["over"], 60)
        info = server.api("GET", f"/api/tables/{table}")
        assert all(seat["kind"] == "bot" and seat["bot"] == "random" for seat in info["seats"])
        assert days >= 9  # three timeouts for each of three seats before the bots kept them
        assert info["result"] is not None
        log = server.api("GET", f"/api/tables/{table}/view")["log"]  # the marks outlive the restarts
        assert sum("ran out of time" in line for line in log) >= 9
        import json
        import sqlite3

        with contextlib.closing(sqlite3.connect(db)) as connection:  # the public log kept with the result
            kept = json.loads(connection.execute("SELECT final_log FROM tables WHERE id = ?", (table,)).fetchone()[0])
        assert sum("ran out of time" in line for line in kept) >= 9
    finally:
        server.stop()
