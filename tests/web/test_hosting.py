"""What a host needs of ``vita serve``: slow clients cannot take it down, its logs are whole
and hold no secret, processes started together migrate once, it stops cleanly (no process
left, pages told to reconnect, nothing lost), and it answers health, readiness and metrics.

Each test runs a real ``vita serve`` process."""

from __future__ import annotations

import contextlib
import io
import json
import logging
import math
import os
import random
import signal
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from prometheus_client import REGISTRY
from tests.web.conftest import HTTP
from tests.web.test_drills import ServeProcess as Process
from tests.web.test_drills import postgres_database  # noqa: F401 (a fixture)
from uvicorn.logging import AccessFormatter
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from vita.web.logs import JsonLines, logging_config
from vita.web.security import RedactSecrets
from vita.web.serving import PeerGuard, TrustedPeers


class ServeProcess(Process):
    def stop(self, timeout: float = 15.0) -> float:
        """SIGTERM, as systemd or Ctrl-C would stop it; the seconds the process took to exit."""
        assert self.process is not None
        started = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout)
        return time.monotonic() - started

    def log(self) -> str:
        return (self.workdir / "serve.log").read_text(errors="replace")

    def session_processes(self) -> list[int]:
        """Every live process of the server's session (it was started in a session of its own)."""
        assert self.process is not None
        session = self.process.pid
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == session and fields[0] != "Z":  # the session id, not a zombie
                found.append(int(entry.name))
        return found


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Any]:
    started: list[ServeProcess] = []

    def start(*extra: str, db: str | None = None, name: str = "serve") -> ServeProcess:
        folder = tmp_path / f"{name}{len(started)}"
        folder.mkdir()
        server = ServeProcess(db or str(folder / "vita.sqlite"), folder, extra=extra)
        started.append(server)
        server.start()
        return server

    yield start
    for server in started:
        if server.process is not None and server.process.poll() is None:
            server.kill()


def _slow_client(port: int, source: str, hold: float, stop: threading.Event) -> str:
    """Open a connection from ``source`` and send one header line every 2 s, never finishing
    the head; what happened: ``dropped`` (the server closed it), ``refused`` (503) or ``held``."""
    with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0)) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        deadline = time.monotonic() + hold
        while time.monotonic() < deadline and not stop.is_set():
            sock.settimeout(max(0.01, min(2.0, deadline - time.monotonic())))
            try:
                data = sock.recv(200)
            except TimeoutError:
                try:
                    sock.sendall(b"X-Slow: 1\r\n")
                except OSError:
                    return "dropped"
                continue
            except OSError:
                return "dropped"
            return "refused" if data.startswith(b"HTTP/1.1 503") else "dropped"
        return "held"


# -- 1. slow clients ------------------------------------------------------------------------------


@pytest.mark.slow
def test_an_unfinished_request_head_is_dropped_after_the_head_timeout(serve: Any) -> None:
    server = serve("--head-timeout", "1")
    started = time.monotonic()
    outcome = _slow_client(server.port, "127.0.0.2", 6.0, threading.Event())
    assert outcome == "dropped"
    assert time.monotonic() - started < 3.0, "dropped about 1 s after it began"
    # A request whose head is whole is served as before.
    assert HTTP.get(server.base + "/api/games", timeout=5).status_code == 200


@pytest.mark.slow
def test_connections_per_address_are_capped_but_not_for_trusted_proxies(serve: Any) -> None:
    server = serve("--max-per-address", "3", "--head-timeout", "20")
    stop = threading.Event()
    with ThreadPoolExecutor(8) as pool:
        held = [pool.submit(_slow_client, server.port, "127.0.0.2", 6.0, stop) for _ in range(3)]
        time.sleep(0.5)
        assert _slow_client(server.port, "127.0.0.2", 3.0, stop) == "refused", "the 4th from one address"
        # Another address has its own count; the trusted proxy (127.0.0.1 by default) has none.
        assert _slow_client(server.port, "127.0.0.3", 1.0, stop) == "held"
        trusted = [pool.submit(_slow_client, server.port, "127.0.0.1", 2.0, stop) for _ in range(4)]
        assert [f.result() for f in trusted] == ["held"] * 4
        stop.set()
        assert [f.result() for f in held] == ["held"] * 3
    # Once they closed, the address may connect again.
    time.sleep(0.3)
    with socket.create_connection(("127.0.0.1", server.port), source_address=("127.0.0.2", 0), timeout=5) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert sock.recv(100).startswith(b"HTTP/1.1 200")


def test_a_websocket_counts_for_its_address_until_it_closes() -> None:
    guard = PeerGuard(per_address=2, trusted="127.0.0.1, 10.0.0.0/8")
    assert guard.admit("127.0.0.2") and guard.admit("127.0.0.2")
    refused = REGISTRY.get_sample_value("vita_connections_refused_total") or 0.0
    assert not guard.admit("127.0.0.2")
    assert REGISTRY.get_sample_value("vita_connections_refused_total") == refused + 1, "counted for the host"
    guard.release("127.0.0.2")
    assert guard.admit("127.0.0.2")
    assert all(guard.admit("10.1.2.3") for _ in range(10)), "a trusted network is exempt"
    assert "::1" not in TrustedPeers("127.0.0.1") and "::1" in TrustedPeers("*")


@pytest.mark.slow
def test_slow_clients_do_not_take_the_server_down(serve: Any) -> None:
    """The drill: 150 slow connections from 127.0.0.2 held for 20 s against --max-connections
    100, while an ordinary client on 127.0.0.1 asks for the games 10 times."""
    server = serve("--max-connections", "100")
    stop = threading.Event()
    answers: list[tuple[int, float]] = []
    with ThreadPoolExecutor(160) as pool:
        attackers = [pool.submit(_slow_client, server.port, "127.0.0.2", 20.0, stop) for _ in range(150)]
        time.sleep(2.0)  # all connected, most still held
        for _ in range(10):
            started = time.monotonic()
            try:
                status = HTTP.get(server.base + "/api/games", timeout=2).status_code
            except httpx.HTTPError:
                status = 0
            answers.append((status, time.monotonic() - started))
            time.sleep(1.5)
        stop.set()
        outcomes = [f.result() for f in attackers]
    ok = [a for a in answers if a[0] == 200 and a[1] <= 2.0]
    assert len(ok) >= 9, answers
    assert "held" not in outcomes, "no slow connection outlives the head timeout"


# -- 2. the access log ----------------------------------------------------------------------------


def test_the_access_line_is_written_with_the_secret_replaced() -> None:
    """uvicorn's real access formatter unpacks the record's five arguments: the redaction
    keeps them, cleaned."""
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5000", "GET", "/api/tables/X/view?token=abc", "1.1", 200), None)
    assert RedactSecrets().filter(record)
    line = AccessFormatter('%(client_addr)s - "%(request_line)s" %(status_code)s', use_colors=False).format(record)
    assert line == '127.0.0.1:5000 - "GET /api/tables/X/view?token=… HTTP/1.1" 200 OK'
    as_json = json.loads(JsonLines().format(record))
    assert as_json["path"] == "/api/tables/X/view?token=…" and as_json["status"] == 200
    assert "abc" not in json.dumps(as_json)


@pytest.mark.slow
def test_the_served_access_log_has_one_clean_line_per_request(serve: Any) -> None:
    server = serve("--access-log")
    HTTP.get(server.base + "/api/tables/nosuch/view", params={"token": "s3cretvalue"}, timeout=5)
    HTTP.get(server.base + "/api/games", params={"key": "an0thersecret"}, timeout=5)
    server.stop()
    log = server.log()
    assert "Logging error" not in log and "Traceback" not in log
    assert "s3cretvalue" not in log and "an0thersecret" not in log
    assert 'GET /api/tables/nosuch/view?token=… HTTP/1.1" 404' in log
    assert 'GET /api/games?key=… HTTP/1.1" 200' in log


@pytest.mark.slow
def test_json_logs_are_one_object_per_line(serve: Any) -> None:
    server = serve("--access-log", "--log-format", "json")
    HTTP.get(server.base + "/healthz", params={"token": "s3cretvalue"}, timeout=5)
    server.stop()
    events = [json.loads(line) for line in server.log().splitlines() if line.strip()]
    assert any(e["message"].startswith("vita is serving on") for e in events)
    access = [e for e in events if e.get("logger") == "uvicorn.access" and e["path"].startswith("/healthz")]
    assert access and access[0]["path"] == "/healthz?token=…" and access[0]["status"] == 200
    assert all({"time", "level", "logger", "message"} <= set(e) for e in events)
    assert "s3cretvalue" not in server.log()


def test_a_traceback_stays_on_its_event_line() -> None:
    stream = io.StringIO()
    config = logging_config("text")
    logger = logging.getLogger("vita.test.fold")
    handler = logging.StreamHandler(stream)
    formatter_spec = config["formatters"]["plain"]
    handler.setFormatter(formatter_spec["()"](formatter_spec["fmt"]))
    handler.addFilter(RedactSecrets())
    logger.addHandler(handler)
    try:
        try:
            raise ValueError("bad move for /t/X?token=abc")
        except ValueError:
            logger.exception("table X seat 0 move 3: failed")
    finally:
        logger.removeHandler(handler)
    text = stream.getvalue()
    assert text.count("\n") == 1 and "ValueError" in text and "token=…" in text and "abc" not in text


# -- 3. processes started together on a new PostgreSQL database ------------------------------------


@pytest.mark.slow
def test_two_processes_started_together_on_a_new_database_both_serve(tmp_path: Path) -> None:
    import psycopg
    from tests.web.conftest import POSTGRES, postgres_or_skip

    postgres_or_skip()
    for attempt in range(5):
        name = f"vita_start_{os.getpid()}_{attempt}"
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            connection.execute(f"DROP DATABASE IF EXISTS {name}")
            connection.execute(f"CREATE DATABASE {name}")
        url = POSTGRES.rsplit("/", 1)[0] + "/" + name
        servers = [ServeProcess(url, _folder(tmp_path, f"{attempt}-{i}")) for i in range(2)]
        try:
            with ThreadPoolExecutor(2) as pool:
                for started in [pool.submit(s.start) for s in servers]:
                    started.result()
            for server in servers:
                assert HTTP.get(server.base + "/readyz", timeout=5).status_code == 200
                assert "UniqueViolation" not in server.log()
        finally:
            for server in servers:
                if server.process is not None and server.process.poll() is None:
                    server.kill()
            with psycopg.connect(POSTGRES, autocommit=True) as connection:
                connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _folder(root: Path, name: str) -> Path:
    folder = root / name
    folder.mkdir()
    return folder


# -- 4. stopping -------------------------------------------------------------------------------


def _bot_table(server: ServeProcess, people: int = 1, game: str = "pursuit-cards") -> dict[str, Any]:
    seats = [{"name": "Ana"}] * people + [{"name": "Bot", "kind": "bot", "bot": "heuristic"}] * (2 - people)
    reply = HTTP.post(server.base + "/api/tables", timeout=30, json={"game": game, "seats": seats, "seed": 3})
    assert reply.status_code == 201, reply.text
    data: dict[str, Any] = reply.json()
    return data


def _wait_for_moves(server: ServeProcess, table: str, moves: int) -> None:
    deadline = time.monotonic() + 60
    while HTTP.get(f"{server.base}/api/tables/{table}", timeout=10).json()["seq"] < moves:
        assert time.monotonic() < deadline, "the bots did not play"
        time.sleep(0.05)


@pytest.mark.slow
def test_stopping_the_server_stops_every_process_it_started(serve: Any) -> None:
    for _ in range(3):
        server = serve("--bot-workers", "2")
        table = _bot_table(server, people=0)
        _wait_for_moves(server, table["table"], 2)  # the bots' workers are up
        assert len(server.session_processes()) >= 3, "the server, its forkserver and its workers"
        assert server.stop() < 10
        deadline = time.monotonic() + 10
        while server.session_processes():
            assert time.monotonic() < deadline, f"left running: {server.session_processes()}"
            time.sleep(0.1)


@pytest.mark.slow
def test_sigterm_mid_game_loses_nothing_and_pages_reconnect(serve: Any) -> None:
    server = serve()
    seats = [{"name": "Ana"}, {"name": "Ben"}]
    table = HTTP.post(server.base + "/api/tables", timeout=10,
                      json={"game": "pursuit-cards", "seats": seats, "seed": 5}).json()
    tokens = [s["token"] for s in table["seats"]]
    base = f"ws://127.0.0.1:{server.port}/api/tables/{table['table']}/ws"
    urls = [f"{base}?token={tokens[0]}", f"{base}?token={tokens[1]}", base]  # both players and a spectator
    played = 0
    for _ in range(4):
        view = next(v for v in (HTTP.get(f"{server.base}/api/tables/{table['table']}/view", timeout=10,
                                         params={"token": t}).json() for t in tokens) if v["legal"])
        token = tokens[0] if view["seat"] == 0 else tokens[1]
        reply = HTTP.post(f"{server.base}/api/tables/{table['table']}/actions", timeout=10,
                          json={"token": token, "seq": view["seq"], "action": view["legal"][0]["notation"]})
        assert reply.status_code == 200
        played = reply.json()["seq"]
    with contextlib.ExitStack() as stack:
        pages = [stack.enter_context(connect(url)) for url in urls]
        for page in pages:
            assert json.loads(page.recv(5))["seq"] == played
        server.process.send_signal(signal.SIGTERM)  # type: ignore[union-attr]
        for page in pages:
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    page.recv(10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012, "told to reconnect"
    server.process.wait(10)  # type: ignore[union-attr]
    server.start()
    for url in urls:  # every page reconnects: the game is where it was
        with connect(url) as page:
            assert json.loads(page.recv(5))["seq"] == played


def test_a_stopping_server_answers_503_and_says_it_is_not_ready(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from vita.web.app import create_app

    class Pool:
        def close(self) -> None: ...

    with TestClient(create_app(str(tmp_path / "vita.sqlite"), bot_pool=Pool())) as client:  # type: ignore[arg-type]
        assert client.get("/readyz").status_code == 200
        client.app.state.tables.drain()  # type: ignore[attr-defined]
        refused = client.get("/api/games")
        assert refused.status_code == 503 and refused.headers["retry-after"] == "1"
        assert "restarting" in refused.json()["error"]
        assert client.get("/healthz").status_code == 200
        assert client.get("/readyz").json()["error"] == "the server is stopping"


# -- health, readiness and metrics -----------------------------------------------------------------


@pytest.mark.slow
def test_health_readiness_and_metrics_of_a_real_process(serve: Any) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        metrics_port = probe.getsockname()[1]
    server = serve("--metrics-port", str(metrics_port))
    assert HTTP.get(server.base + "/healthz", timeout=5).json() == {"status": "ok"}
    assert HTTP.get(server.base + "/readyz", timeout=5).json() == {"status": "ready"}
    _wait_for_moves(server, _bot_table(server, people=0)["table"], 2)
    table = _bot_table(server)
    token = table["seats"][0]["token"]
    view = HTTP.get(f"{server.base}/api/tables/{table['table']}/view", params={"token": token}, timeout=10).json()
    with connect(f"ws://127.0.0.1:{server.port}/api/tables/{table['table']}/ws?token={token}") as page:
        page.recv(5)
        if view["legal"]:
            HTTP.post(f"{server.base}/api/tables/{table['table']}/actions", timeout=10,
                      json={"token": token, "seq": view["seq"], "action": view["legal"][0]["notation"]})
        text = HTTP.get(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5).text
    samples = {line.split(" ")[0]: float(line.split(" ")[1]) for line in text.splitlines()
               if line and not line.startswith("#")}
    assert samples["vita_live_tables"] == 2 and samples["vita_open_sockets"] == 1
    assert samples['vita_http_request_duration_seconds_count{method="GET",route="/api/tables/{table_id}/view"}'] >= 1
    assert samples['vita_actions_stored_total{game="pursuit-cards"}'] >= 1
    assert samples["vita_db_commit_seconds_count"] >= 1
    assert "vita_bot_queue" in samples and "vita_request_heads_timed_out_total" in samples
    assert 'vita_bot_think_seconds_count{bot="heuristic",game="pursuit-cards"}' in samples
    assert not any(table["table"] in line or token in line for line in text.splitlines()), "no id or secret"
    # The metrics listen on the loopback address only.
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.2", metrics_port), timeout=1):
        pytest.fail("the metrics port answers on another address than 127.0.0.1")


# -- 5. a bot's thinking time does not show ----------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("bot", ["heuristic", "hard"])
def test_a_bots_move_arrives_at_its_floor_not_when_it_finished_thinking(tmp_path: Path, bot_pool: Any,
                                                                       bot: str) -> None:
    """30 of a person's moves against a bot, the person's page watching: each of the bot's
    moves arrives no earlier than its floor after the server took the move it answers (the
    floor is the server's bot delay or the bot's usual time, whichever is longer), and, unless
    its thinking ran past the floor, within 50 ms of the floor after the person learned of the
    move it answers (by the move's answer or its push, whichever came first)."""
    from tests.web.conftest import Server

    server = Server(str(tmp_path / "vita.sqlite"), bot_pool, bot_delay=0.05)
    server.start()
    try:
        seats = [{"name": "Ana"}, {"name": "Bot", "kind": "bot", "bot": bot}]
        table = server.api("POST", "/api/tables", json={"game": "pursuit-cards", "seats": seats, "seed": 8})
        table_id, token = table["table"], table["seats"][0]["token"]
        arrived: dict[int, float] = {}
        latest: list[dict[str, Any]] = []
        changed = threading.Condition()
        tables = server.server.config.app.state.tables  # type: ignore[union-attr]
        # The person's own page: it is pushed every move, and says when it is the person's turn
        # (no polling, which would load the server the test measures).
        with connect(f"ws://127.0.0.1:{server.port}/api/tables/{table_id}/ws?token={token}") as page:
            def read() -> None:
                with contextlib.suppress(ConnectionClosed):
                    for text in page:
                        message = json.loads(text)
                        if message.get("type") == "view":
                            with changed:
                                seq = message["seq"]
                                arrived[seq] = min(arrived.get(seq, math.inf), time.monotonic())
                                latest.append(message)
                                changed.notify_all()

            reader = threading.Thread(target=read, daemon=True)
            reader.start()
            moves = 0
            rng = random.Random(3)
            deadline = time.monotonic() + 240
            while moves < 30 and time.monotonic() < deadline:
                with changed:
                    changed.wait_for(lambda: bool(latest) and (bool(latest[-1]["legal"]) or latest[-1]["over"]), 30)
                    view = latest[-1]
                if view["over"]:
                    break
                reply = HTTP.post(f"{server.base}/api/tables/{table_id}/actions", timeout=30, json={
                    "token": token, "seq": view["seq"], "action": rng.choice(view["legal"])["notation"]})
                if reply.status_code == 200:
                    with changed:
                        # The person learns their move was taken by its answer or its push,
                        # whichever comes first: the floor runs from there.
                        seq = reply.json()["seq"]
                        arrived[seq] = min(arrived.get(seq, math.inf), time.monotonic())
                        latest.append(reply.json())
                    moves += 1
            time.sleep(0.5)
            page.close()
        timed = []
        for release in [r for r in tables.driver.released if r.table == table_id]:
            answered, played = arrived.get(release.seq), arrived.get(release.seq + 1)
            if answered is None or played is None or release.thinking > release.floor:
                continue
            # Never early: an early push would tell how long the bot thought. The server runs in
            # this process, so its floor's start and the page's arrival times share one clock.
            assert played >= release.started + release.floor, (release, played)
            timed.append((release, played - answered))
        assert len(timed) >= 10, f"only {len(timed)} bot moves within their floor"
        # Late only by the host's load: on an idle machine every one is within 50 ms; the whole
        # suite beside it on two cores delays a few.
        late = [(release, took) for release, took in timed if took > release.floor + 0.05]
        assert len(late) <= len(timed) // 10, late
    finally:
        server.stop()


# -- 8. a bot that fails names its cause --------------------------------------------------------------


def test_a_failing_bot_is_logged_with_its_traceback_table_seat_and_move(
        tmp_path: Path, bot_pool: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    from fastapi.testclient import TestClient
    from tests.web.conftest import make_app, new_table, view, wait_for
    from tests.web.slow_bot import BrokenBot

    import vita.web.driver

    monkeypatch.setattr(vita.web.driver, "make_bot", lambda game, name, seed: BrokenBot() if name == "heuristic"
                        else __import__("vita.registry").registry.make_bot(game, name, seed))
    caplog.set_level(logging.WARNING, logger="vita.web")
    with TestClient(make_app(str(tmp_path / "vita.sqlite"), bot_pool)) as client:
        data = new_table(client, seats=[{"name": "Bo", "kind": "bot", "bot": "heuristic"}, {"name": "Ana"}])
        wait_for(lambda: view(client, data["table"])["seq"] > 0)  # the random fallback played
    failure = next(r.getMessage() for r in caplog.records if "bot failed" in r.getMessage())
    assert f"table {data['table']} seat 0 move 1: heuristic bot failed" in failure
    assert "Traceback" in failure and "RuntimeError: this bot always fails" in failure
    assert "slow_bot.py" in failure, "the traceback names where it failed"


def test_readiness_names_what_is_wrong_without_the_databases_own_words(tmp_path: Path) -> None:
    """A schema behind the code and a database that does not answer are 503 with the reason;
    the database's own error (hosts, users) stays in the log."""
    import sqlalchemy as sa
    from fastapi.testclient import TestClient

    from vita.web.app import create_app

    class Pool:
        def close(self) -> None: ...

    path = tmp_path / "vita.sqlite"
    with TestClient(create_app(str(path), bot_pool=Pool())) as client:  # type: ignore[arg-type]
        engine = sa.create_engine(f"sqlite:///{path}")
        with engine.begin() as connection:
            connection.execute(sa.text("UPDATE alembic_version SET version_num = '0001'"))
        behind = client.get("/readyz")
        assert behind.status_code == 503 and "migrations are not current" in behind.json()["error"]
        time.sleep(1.1)  # the answer is kept for a second
        with engine.begin() as connection:
            connection.execute(sa.text("DROP TABLE alembic_version"))
        engine.dispose()
        gone = client.get("/readyz")
        assert gone.status_code == 503 and gone.json()["error"] == "the database does not answer"


def test_bot_names_a_creator_writes_grow_neither_the_floors_nor_the_metrics() -> None:
    """Any search budget may be named at a table (ismcts:iters=N): the decision-time windows
    are bounded, and the metrics label such a bot by its kind."""
    from vita.web.driver import THINK_WINDOWS, Driver, rung

    driver = Driver.__new__(Driver)
    driver.think_times = {}
    first = driver.think_times_of("cv", "ismcts:iters=1", 2)
    for iters in range(2, THINK_WINDOWS + 50):
        driver.think_times_of("cv", f"ismcts:iters={iters}", 2)
    assert len(driver.think_times) == THINK_WINDOWS
    assert ("cv", "ismcts:iters=1", 2) not in driver.think_times, "the least recently used went"
    assert driver.think_times_of("cv", "ismcts:iters=1", 2) is not first
    assert rung("cv", "ismcts:iters=77") == "ismcts"
    assert rung("cv", "hard") == "hard" and rung("cv", "heuristic") == "heuristic"
