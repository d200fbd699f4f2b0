"""Load on the web server: many tables played at once by scripted people and bots.

    python benchmarks/web_load.py --tables 100 --seconds 30 [--db postgresql://…] [--json]

Starts ``vita serve`` on a free loopback port (never another address) with a database of
its own, creates ``--tables`` tables (half of them two people, half a person against a
heuristic bot, both games), and plays them: each person follows the table's WebSocket like
the page does, and when it is their turn waits a think time (uniform in ``--think``
seconds), then posts a random legal action. It measures the time from sending each action
to its answer (``p50_ms``…), and the server's own time for it (``server_…``, from the
answer's ``Server-Timing`` header: the rest is the network and the load's own Python).
Bounded: it stops after ``--seconds`` or ``--max-actions``, then stops the server. The load
and the server share this machine's cores.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

GAMES = ["pursuit-cards", "pursuit"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(port: int, db: str, workdir: str, bot_delay: float, access_log: bool = False) \
        -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from vita.cli import main; main()", "serve", "--host", "127.0.0.1",
               "--port", str(port), "--db", db, "--bot-delay", str(bot_delay), "--table-rate", "100000/60",
               "--access-log" if access_log else "--no-access-log"]
    server = subprocess.Popen(command, cwd=workdir, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return server
        except httpx.HTTPError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("vita serve did not start")


class Load:
    def __init__(self, base: str, think: tuple[float, float], deadline: float, max_actions: int) -> None:
        self.base = base
        self.think = think
        self.deadline = deadline
        self.max_actions = max_actions
        self.latencies: list[float] = []
        self.server_ms: list[float] = []  # the server's own time per action (its Server-Timing header)
        self.refused: dict[int, int] = {}
        self.errors = 0
        self.finished = 0

    def done(self) -> bool:
        return time.monotonic() >= self.deadline or len(self.latencies) >= self.max_actions

    async def person(self, http: httpx.AsyncClient, table: str, token: str, seed: int) -> None:
        """Follow the table; on your turn, think, then act."""
        rng = random.Random(seed)
        url = self.base.replace("http", "ws") + f"/api/tables/{table}/ws?token={token}"
        acted_at = -1
        try:
            async with websockets.connect(url, open_timeout=10) as socket_:
                while not self.done():
                    try:
                        message = json.loads(await asyncio.wait_for(socket_.recv(), 1.0))
                    except TimeoutError:
                        continue
                    if message.get("type") != "view":
                        continue
                    if message["over"]:
                        self.finished += 1
                        return
                    if not message["your_turn"] or message["seq"] == acted_at:
                        continue
                    acted_at = message["seq"]
                    await asyncio.sleep(rng.uniform(*self.think))
                    if self.done():
                        return
                    action = rng.choice(message["legal"])["notation"]
                    started = time.perf_counter()
                    reply = await http.post(f"/api/tables/{table}/actions",
                                            json={"token": token, "seq": message["seq"], "action": action})
                    elapsed = time.perf_counter() - started
                    if reply.status_code == 200:
                        self.latencies.append(elapsed)
                        timing = reply.headers.get("server-timing", "")
                        if "dur=" in timing:
                            self.server_ms.append(float(timing.split("dur=")[1]))
                    else:
                        self.refused[reply.status_code] = self.refused.get(reply.status_code, 0) + 1
                        acted_at = -1
        except (OSError, websockets.WebSocketException, httpx.HTTPError):
            self.errors += 1


async def run(args: argparse.Namespace, base: str) -> Load:
    load = Load(base, (args.think_min, args.think_max), time.monotonic() + args.seconds, args.max_actions)
    limits = httpx.Limits(max_connections=400, max_keepalive_connections=400)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
        people = []
        for index in range(args.tables):
            game = GAMES[index % 2]
            seats: list[dict[str, Any]] = [{"name": "Ana"}, {"name": "Ben"}]
            if index % 4 >= 2:
                seats[1] = {"name": "Bo", "kind": "bot", "bot": "heuristic"}
            reply = await http.post("/api/tables", json={"game": game, "seats": seats})
            reply.raise_for_status()
            data = reply.json()
            for seat in data["seats"]:
                if seat.get("token"):
                    people.append(load.person(http, data["table"], seat["token"], index * 8 + seat["seat"]))
        load.deadline = time.monotonic() + args.seconds
        await asyncio.gather(*people)
    return load


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--max-actions", type=int, default=200_000)
    parser.add_argument("--think-min", type=float, default=0.5)
    parser.add_argument("--think-max", type=float, default=2.0)
    parser.add_argument("--bot-delay", type=float, default=0.4)
    parser.add_argument("--db", help="postgresql://… (default: a new SQLite file)")
    parser.add_argument("--access-log", action="store_true",
                        help="the server logs every request, as it does by default (the lines are discarded)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        port = free_port()
        db = args.db or str(Path(workdir) / "load.sqlite")
        server = start_server(port, db, workdir, args.bot_delay, args.access_log)
        try:
            try:  # the load's own loop should lag as little as it can: uvloop when there is one
                import uvloop

                load = uvloop.run(run(args, f"http://127.0.0.1:{port}"))
            except ImportError:
                load = asyncio.run(run(args, f"http://127.0.0.1:{port}"))
        finally:
            with contextlib.suppress(ProcessLookupError):
                server.send_signal(signal.SIGINT)
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
    ms = [1000 * v for v in load.latencies]
    report = {
        "tables": args.tables, "seconds": args.seconds, "think": [args.think_min, args.think_max],
        "storage": "postgresql" if args.db else "sqlite", "access_log": args.access_log,
        "actions": len(ms), "actions_per_second": round(len(ms) / args.seconds, 1),
        "p50_ms": round(statistics.median(ms), 1) if ms else None,
        "p90_ms": round(percentile(ms, 0.90), 1) if ms else None,
        "p99_ms": round(percentile(ms, 0.99), 1) if ms else None,
        "max_ms": round(max(ms), 1) if ms else None,
        "server_p50_ms": round(statistics.median(load.server_ms), 1) if load.server_ms else None,
        "server_p99_ms": round(percentile(load.server_ms, 0.99), 1) if load.server_ms else None,
        "refused": load.refused, "connection_errors": load.errors, "games_finished": load.finished,
    }
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:>20}: {value}")


if __name__ == "__main__":
    main()
