"""Several ``vita serve`` processes on one PostgreSQL database: an action taken through one
is pushed to the pages connected to the other, a move is stored once whichever process is
asked, and one process at a time drives a table's bots."""

from __future__ import annotations

import contextlib
import json
import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from tests.web.conftest import HTTP
from tests.web.test_drills import ServeProcess as Process
from tests.web.test_drills import postgres_database  # noqa: F401 (a fixture)
from websockets.sync.client import connect

# Several vita serve processes on one database: part of the full run, not of the edit loop.
pytestmark = pytest.mark.slow


class ServeProcess(Process):
    def api(self, method: str, path: str, **kwargs: Any) -> Any:
        reply = HTTP.request(method, self.base + path, timeout=10, **kwargs)
        assert reply.status_code < 400, reply.text
        return reply.json()


@pytest.fixture
def two_servers(request: pytest.FixtureRequest, tmp_path: Path, postgres_database: str) \
        -> Iterator[tuple[ServeProcess, ServeProcess, str]]:  # noqa: F811
    servers = []
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        server = ServeProcess(postgres_database, tmp_path / name, bot_delay=getattr(request, "param", 0.0))
        server.start()
        servers.append(server)
    try:
        yield servers[0], servers[1], postgres_database
    finally:
        for server in servers:
            if server.process is not None and server.process.poll() is None:
                server.kill()


class Page:
    """A seat's page: a WebSocket to one server, keeping the latest view it was pushed."""

    def __init__(self, server: ServeProcess, table: str, token: str) -> None:
        self.stack = contextlib.ExitStack()
        self.socket = self.stack.enter_context(connect(f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws"
                                                       f"?token={token}"))
        self.latest: dict[str, Any] = {}
        self.seen: list[int] = []
        self.changed = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        for text in self.socket:
            message = json.loads(text)
            if message.get("type") == "view":
                with self.changed:
                    self.latest = message
                    self.seen.append(message["seq"])
                    self.changed.notify_all()

    def wait_for(self, seq: int, timeout: float = 10.0) -> dict[str, Any]:
        with self.changed:
            assert self.changed.wait_for(lambda: self.latest.get("seq", -1) >= seq, timeout), \
                f"no view of move {seq} pushed (last: {self.latest.get('seq')})"
            return self.latest

    def close(self) -> None:
        self.stack.close()


def two_people(server: ServeProcess, seed: int) -> tuple[str, dict[int, str]]:
    """A card-game table of two people created on ``server``: its id and each seat's token."""
    created = server.api("POST", "/api/tables", json={"game": "pursuit-cards", "seed": seed,
                                                      "seats": [{"name": "Ana"}, {"name": "Ben"}]})
    return created["table"], {seat["seat"]: seat["token"] for seat in created["seats"]}


def post_action(server: ServeProcess, table: str, token: str, seq: int, notation: str) -> httpx.Response:
    return HTTP.post(f"{server.base}/api/tables/{table}/actions", timeout=10,
                     json={"token": token, "seq": seq, "action": notation})


def stored_actions(db: str, table: str) -> list[tuple[int, int, str]]:
    engine = sa.create_engine("postgresql+psycopg://" + db.split("://", 1)[1])
    with engine.connect() as connection:
        rows = [tuple(r) for r in connection.execute(
            sa.text("SELECT seq, seat, notation FROM actions WHERE table_id = :t ORDER BY seq"), {"t": table})]
    engine.dispose()
    return rows  # type: ignore[return-value]


def test_a_game_played_with_one_page_on_each_of_two_servers(two_servers: tuple[ServeProcess, ServeProcess, str]) \
        -> None:
    one, two, db = two_servers
    table, tokens = two_people(one, 11)
    servers = {0: one, 1: two}
    pages = {0: Page(one, table, tokens[0]), 1: Page(two, table, tokens[1])}
    rng = random.Random(3)
    try:
        seq = 0
        while True:
            views = {seat: page.wait_for(seq) for seat, page in pages.items()}
            assert all(v["seq"] == seq for v in views.values()), "both pages show the same move"
            if views[0]["over"]:
                break
            seat = next(s for s, v in views.items() if v["your_turn"])
            notation = rng.choice(views[seat]["legal"])["notation"]
            reply = HTTP.post(f"{servers[seat].base}/api/tables/{table}/actions", timeout=10,
                              json={"token": tokens[seat], "seq": seq, "action": notation})
            assert reply.status_code == 200, reply.text
            seq += 1
        assert seq > 20, "a whole game was played"
        # Every move was pushed to the page on the other server too, in order.
        for page in pages.values():
            assert set(range(1, seq + 1)) <= set(page.seen)
        assert [row[0] for row in stored_actions(db, table)] == list(range(seq))
        assert one.api("GET", f"/api/tables/{table}")["result"] == two.api("GET", f"/api/tables/{table}")["result"]
    finally:
        for page in pages.values():
            page.close()


def test_the_same_move_sent_to_both_servers_is_stored_once(two_servers: tuple[ServeProcess, ServeProcess, str]) \
        -> None:
    one, two, db = two_servers
    table, tokens = two_people(one, 12)
    two.api("GET", f"/api/tables/{table}")  # the table is live in both processes
    for seq in range(6):
        view = one.api("GET", f"/api/tables/{table}/view", params={"token": tokens[0]})
        seat = 0 if view["your_turn"] else 1
        legal = one.api("GET", f"/api/tables/{table}/view", params={"token": tokens[seat]})["legal"]
        choices = [legal[0]["notation"], legal[-1]["notation"]]
        with ThreadPoolExecutor(2) as senders:  # both at once
            replies = list(senders.map(post_action, (one, two), [table] * 2, [tokens[seat]] * 2, [seq] * 2, choices))
        codes = sorted(r.status_code for r in replies)
        assert codes == [200, 409], [r.text for r in replies]
        refused = next(r for r in replies if r.status_code == 409)
        assert "stale" in refused.json()["error"]
        taken = next(r for r in replies if r.status_code == 200).json()
        stored = stored_actions(db, table)
        assert len(stored) == seq + 1 and taken["seq"] == seq + 1
        # Both servers now show the move that was stored, whichever took it.
        for server in (one, two):
            assert server.api("GET", f"/api/tables/{table}")["seq"] == seq + 1


def test_bots_move_once_whichever_server_the_people_use(two_servers: tuple[ServeProcess, ServeProcess, str]) \
        -> None:
    """A person against two bots, the table created on one server and played on the other (and
    watched on both): every bot move is stored once, the game reaches its end, and neither
    server logs a failed bot move."""
    one, two, db = two_servers
    created = one.api("POST", "/api/tables", json={
        "game": "pursuit-cards", "seed": 13,
        "seats": [{"name": "Ana"}, {"name": "Bot1", "kind": "bot", "bot": "heuristic"},
                  {"name": "Bot2", "kind": "bot", "bot": "random"}]})
    table = created["table"]
    token = next(seat["token"] for seat in created["seats"] if seat.get("token"))
    watch_one = Page(one, table, "")
    page = Page(two, table, token)
    rng = random.Random(4)
    try:
        while True:
            view = page.wait_for(page.latest.get("seq", 0))
            if view["over"]:
                break
            if not view["your_turn"]:
                page.wait_for(view["seq"] + 1, timeout=20)
                continue
            notation = rng.choice(view["legal"])["notation"]
            reply = HTTP.post(f"{two.base}/api/tables/{table}/actions", timeout=10,
                              json={"token": token, "seq": view["seq"], "action": notation})
            assert reply.status_code in (200, 409), reply.text
        final = page.latest["seq"]
        watch_one.wait_for(final)
        stored = stored_actions(db, table)
        assert [row[0] for row in stored] == list(range(final))
        assert {row[1] for row in stored} == {0, 1, 2}
        for server in (one, two):
            log = (server.workdir / "serve.log").read_text(encoding="utf-8", errors="replace")
            assert "bot failed" not in log and "could not" not in log and "Traceback" not in log, log[-3000:]
    finally:
        page.close()
        watch_one.close()


@pytest.mark.parametrize("two_servers", [0.05], indirect=True)
def test_when_the_server_driving_the_bots_dies_the_other_takes_over(
        two_servers: tuple[ServeProcess, ServeProcess, str]) -> None:
    """Two bots play a table created on the first server, watched from the second; the first
    is killed mid-game (its advisory lock goes with its connection) and the second plays the
    bots on to the end, every move stored once."""
    one, two, db = two_servers
    created = one.api("POST", "/api/tables", json={
        "game": "pursuit-cards", "seed": 14,
        "seats": [{"name": "Bot1", "kind": "bot", "bot": "random"}, {"name": "Bot2", "kind": "bot", "bot": "random"}]})
    table = created["table"]
    page = Page(two, table, "")
    try:
        page.wait_for(10)
        one.kill()
        killed_at = page.latest["seq"]
        deadline = time.monotonic() + 60
        while not page.latest.get("over"):
            assert time.monotonic() < deadline, f"the bots stopped at move {page.latest.get('seq')}"
            page.wait_for(page.latest["seq"] + 1, timeout=60)
        final = page.latest["seq"]
        assert final > killed_at + 5, "the second server played on"
        assert [row[0] for row in stored_actions(db, table)] == list(range(final))
    finally:
        page.close()
