"""Fixtures for the web app: both storage backends for real, and a test client."""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from vita.web.app import create_app
from vita.web.store import Store

POSTGRES = os.environ.get("VITA_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


def postgres_or_skip() -> None:
    """Skip (visibly) without a PostgreSQL server, unless VITA_REQUIRE_POSTGRES=1 makes it required."""
    import psycopg

    try:
        psycopg.connect(POSTGRES, connect_timeout=3).close()
    except psycopg.OperationalError as error:
        if os.environ.get("VITA_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"PostgreSQL is required (VITA_REQUIRE_POSTGRES=1) but unreachable: {error}")
        pytest.skip(f"no PostgreSQL server at {POSTGRES}: {error}")


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
        store.close()
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        sqlite = Store.open(str(tmp_path / "vita.sqlite"))
        yield sqlite
        sqlite.close()
    else:
        yield from open_postgres()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(store=Store.open(str(tmp_path / "api.sqlite")), bot_delay=0)
    with TestClient(app) as test_client:
        yield test_client


def new_table(client: TestClient, game: str = "pursuit-cards", seats: list[dict[str, Any]] | None = None,
              seed: int = 5, **options: Any) -> dict[str, Any]:
    seats = seats or [{"name": "Ana"}, {"name": "Ben"}]
    reply = client.post("/api/tables", json={"game": game, "seats": seats, "seed": seed, "options": options})
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
