"""The crash drill: ``vita serve`` is killed (SIGKILL, with its bot workers) at random moments
while scripted players and bots play several tables, on SQLite and on PostgreSQL. After
each restart every acknowledged action is there, and every table replays to each view the
API reported when it acknowledged an action."""

from __future__ import annotations

import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from tests.web.conftest import HTTP, POSTGRES, postgres_or_skip

from vita.registry import get_game

# The crash drill kills and restarts vita serve: part of the full run, not of the edit loop.
pytestmark = pytest.mark.slow

KILLS = 3
GAMES = [("pursuit-cards", ["human", "human"]), ("pursuit", ["human", "human"]),
         ("pursuit-cards", ["human", "bot"]), ("pursuit", ["bot", "bot"])]


class ServeProcess:
    """``vita serve`` in a process group of its own, killed and restarted at will."""

    def __init__(self, db: str, workdir: Path, bot_delay: float = 0.0, extra: tuple[str, ...] = ()) -> None:
        self.bot_delay = bot_delay
        self.extra = extra  # more options of ``vita serve``
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.db = db
        self.workdir = workdir
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-c", "from vita.cli import main; main()", "serve", "--db", self.db,
                   "--port", str(self.port), "--bot-delay", str(self.bot_delay), "--bot-workers", "1",
                   "--allow-chosen-seed",
                   "--no-access-log", *self.extra]
        log = (self.workdir / "serve.log").open("ab")
        self.process = subprocess.Popen(command, cwd=self.workdir, stdout=log, stderr=log, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                HTTP.get(self.base + "/api/games", timeout=1)
                return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise AssertionError("vita serve did not start: " + (self.workdir / "serve.log").read_text()[-2000:])

    def kill(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)  # the server and its bot workers, at once
        self.process.wait(10)


@dataclass
class Ack:
    table: str
    seat: int
    notation: str
    payload: dict[str, Any]


def player(server: ServeProcess, table: str, seat: int, token: str, acks: list[Ack], stop: threading.Event,
           seed: int) -> None:
    """A person who plays a random legal action whenever it is their turn, through any crash."""
    rng = random.Random(seed)
    with httpx.Client(base_url=server.base, timeout=5) as http:
        while not stop.is_set():
            try:
                state = http.get(f"/api/tables/{table}/view", params={"token": token}).json()
                if state.get("over"):
                    return
                if not state.get("legal"):
                    time.sleep(0.01)
                    continue
                notation = rng.choice(state["legal"])["notation"]
                reply = http.post(f"/api/tables/{table}/actions",
                                  json={"token": token, "seq": state["seq"], "action": notation})
            except (httpx.HTTPError, ValueError):
                time.sleep(0.05)  # the server is down: try again
                continue
            if reply.status_code == 200:
                acks.append(Ack(table, seat, notation, reply.json()))


def drill(db: str, tmp_path: Path, sync_url: str) -> None:
    server = ServeProcess(db, tmp_path)
    server.start()
    tables: list[tuple[str, str]] = []
    players = []
    acks: list[Ack] = []
    stop = threading.Event()
    try:
        for index, (game, kinds) in enumerate(GAMES):
            seats = [{"name": f"P{i}", "kind": kind, "bot": "heuristic" if kind == "bot" else None}
                     for i, kind in enumerate(kinds)]
            data = HTTP.post(server.base + "/api/tables", timeout=10,
                             json={"game": game, "seed": 100 + index, "seats": seats}).json()
            tables.append((data["table"], game))
            for seat in data["seats"]:
                if seat.get("token"):
                    players.append(threading.Thread(target=player, daemon=True, args=(
                        server, data["table"], seat["seat"], seat["token"], acks, stop, index * 10 + seat["seat"])))
        for thread in players:
            thread.start()
        rng = random.Random(7)
        for _ in range(KILLS):
            time.sleep(rng.uniform(0.7, 1.6))
            server.kill()
            time.sleep(rng.uniform(0.0, 0.3))
            server.start()
        # After the last restart the bots' table goes on by itself (their workers start anew).
        deadline = time.monotonic() + 60
        while HTTP.get(f"{server.base}/api/tables/{tables[3][0]}", timeout=10).json()["seq"] < 6:
            assert time.monotonic() < deadline, "the bots did not play on after the restarts"
            time.sleep(0.1)
    finally:
        stop.set()
        for thread in players:
            thread.join(10)
    try:
        reported = {t: HTTP.get(f"{server.base}/api/tables/{t}", timeout=10).json()["seq"] for t, _ in tables}
    finally:
        server.kill()
    assert len(acks) > 20, "the players did play"
    engine = sa.create_engine(sync_url)
    with engine.connect() as connection:
        stored = {t: [(r.seat, r.notation) for r in connection.execute(sa.text(
            "SELECT seat, notation FROM actions WHERE table_id = :t ORDER BY seq"), {"t": t})] for t, _ in tables}
    engine.dispose()
    for (table, _), (_, kinds) in zip(tables, GAMES, strict=True):
        if "bot" in kinds:  # bots may have moved again between the report and the kill
            assert reported[table] <= len(stored[table])
        else:
            assert reported[table] == len(stored[table]), "the restarted server reports what is stored"
    bots_moved = stored[tables[3][0]]
    assert len(bots_moved) > 5, "the bots played through the crashes"
    for ack in acks:
        seq = ack.payload["seq"]
        actions = stored[ack.table]
        assert len(actions) >= seq, f"acknowledged action {seq} of {ack.table} was lost"
        assert actions[seq - 1] == (ack.seat, ack.notation)
    for table, game_id in tables:
        _replays_to_every_reported_view(table, game_id, stored[table], [a for a in acks if a.table == table], db)


def _replays_to_every_reported_view(table: str, game_id: str, actions: list[tuple[int, str]], acks: list[Ack],
                                    db: str) -> None:
    """Replay the stored actions and compare, at each acknowledged move, the seat's view."""
    import asyncio

    from vita.web.store import Store

    async def row() -> Any:
        store = Store.open(db)
        try:
            return await store.table(table)
        finally:
            await store.close()

    stored = asyncio.run(row())
    game = get_game(game_id)
    state = game.new_state(game.make_options(stored.options), stored.seed)
    by_seq = {a.payload["seq"]: a for a in acks}
    for seq, (seat, notation) in enumerate(actions, 1):
        state.apply(state.parse(notation, seat), seat)
        if seq in by_seq:
            assert state.view(by_seq[seq].seat) == by_seq[seq].payload["view"], f"{table} at move {seq}"


def test_crash_drill_on_sqlite(tmp_path: Path) -> None:
    db = str(tmp_path / "drill.sqlite")
    drill(db, tmp_path, f"sqlite:///{db}")


@pytest.fixture
def postgres_database() -> Iterator[str]:
    """A database of its own on the PostgreSQL server, dropped afterwards."""
    import psycopg

    postgres_or_skip()
    name = "vita_drill_" + secrets.token_hex(4)
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    url = POSTGRES.rsplit("/", 1)[0] + "/" + name
    try:
        yield url
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            connection.execute(f"DROP DATABASE {name} WITH (FORCE)")


def test_crash_drill_on_postgres(tmp_path: Path, postgres_database: str) -> None:
    drill(postgres_database, tmp_path, "postgresql+psycopg://" + postgres_database.split("://", 1)[1])
