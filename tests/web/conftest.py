"""Fixtures for the web app: both storage backends for real, and a test client."""

from __future__ import annotations

import os
import secrets
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient

from vita.web.app import create_app
from vita.web.bots import BotPool
from vita.web.store import Store

POSTGRES = os.environ.get("VITA_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")

# One HTTP client for every request the tests make to a running server. Each new client loads
# the certificate bundle (about 60 ms on one machine), which ``httpx.get`` paid again on every
# call: a whole game polled through it spent most of its time there. No connection is kept
# alive, so a server stopped, killed or started again on the same port is reached afresh.
HTTP = httpx.Client(timeout=10, limits=httpx.Limits(max_keepalive_connections=0))


def postgres_or_skip() -> None:
    """Skip (visibly) without a PostgreSQL server, unless VITA_REQUIRE_POSTGRES=1 makes it required."""
    import psycopg

    try:
        psycopg.connect(POSTGRES, connect_timeout=3).close()
    except psycopg.OperationalError as error:
        if os.environ.get("VITA_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PostgreSQL is required (VITA_REQUIRE_POSTGRES=1) but unreachable: {error}")
        pytest.skip(f"no PostgreSQL server at {POSTGRES}: {error}")


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="session")
def bot_pool() -> Iterator[BotPool]:
    """One pool of bot worker processes for the whole run (starting workers takes a moment)."""
    pool = BotPool(2, budget=5.0)
    yield pool
    pool.close()


def open_postgres() -> Iterator[Store]:
    """A store in a schema of its own, dropped afterwards."""
    import psycopg

    postgres_or_skip()
    schema = "vita_test_" + secrets.token_hex(6)
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    store = Store.open(POSTGRES, schema=schema)
    try:
        yield store
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        yield Store.open(str(tmp_path / "vita.sqlite"))
    else:
        yield from open_postgres()


def make_app(db: str | Store, bot_pool: BotPool, **settings: Any) -> Any:
    """The app as the tests run it: bots without delay, chosen seeds allowed (so that cases
    are reproducible), the shared bot pool."""
    store = db if isinstance(db, Store) else Store.open(db)
    return create_app(store=store, bot_pool=bot_pool, **{"bot_delay": 0, "allow_chosen_seed": True, **settings})


@pytest.fixture
def client(tmp_path: Path, bot_pool: BotPool) -> Iterator[TestClient]:
    with TestClient(make_app(str(tmp_path / "api.sqlite"), bot_pool)) as test_client:
        yield test_client


def new_table(client: TestClient, game: str = "pursuit-cards", seats: list[dict[str, Any]] | None = None,
              seed: int | None = 5, replacement_bot: str = "heuristic", hints: bool = False,
              **options: Any) -> dict[str, Any]:
    seats = seats or [{"name": "Ana"}, {"name": "Ben"}]
    body = {"game": game, "seats": seats, "options": options, "replacement_bot": replacement_bot, "hints": hints}
    if seed is not None:
        body["seed"] = seed
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 201, reply.text
    data: dict[str, Any] = reply.json()
    return data


def view(client: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    reply = client.get(f"/api/tables/{table}/view", params={"token": token} if token else {})
    assert reply.status_code == 200, reply.text
    data: dict[str, Any] = reply.json()
    return data


def wait_for(predicate: Any, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError("timed out waiting")


class Server:
    """The app under uvicorn in a thread, on a free port; it can be stopped and started again."""

    def __init__(self, db: str, bot_pool: BotPool | None = None, log_level: str = "warning",
                 **settings: Any) -> None:
        self.db = db
        self.bot_pool = bot_pool
        self.log_level = log_level
        self.settings = {"bot_delay": 0, "allow_chosen_seed": True, **settings}
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.thread: threading.Thread | None = None
        self.server: uvicorn.Server | None = None

    def start(self) -> None:
        app = create_app(self.db, bot_pool=self.bot_pool, **self.settings)
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level=self.log_level)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)

    def stop(self) -> None:
        assert self.server is not None and self.thread is not None
        self.server.should_exit = True
        self.thread.join(10)

    def api(self, method: str, path: str, **kwargs: Any) -> Any:
        reply = HTTP.request(method, self.base + path, **kwargs)
        assert reply.status_code < 400, reply.text
        return reply.json()
