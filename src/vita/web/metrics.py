"""What a host can watch: Prometheus metrics of one ``vita serve`` process.

Off by default: ``vita serve --metrics-port N`` serves them in Prometheus' text format on
127.0.0.1:N (never on the public address, so a reverse proxy on the same machine cannot
expose them); each process of several has a port of its own (docs/hosting.md).

The metrics live in ``prometheus_client``'s default registry: recording one costs a lock
and an addition, whether or not they are served.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from prometheus_client import Counter, Gauge, Histogram, start_http_server
from starlette.types import ASGIApp, Receive, Scope, Send

REQUEST_SECONDS = Histogram(
    "vita_http_request_duration_seconds", "Time to answer an HTTP request, by route template and method.",
    ["route", "method"], buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0))
LIVE_TABLES = Gauge("vita_live_tables", "Tables held in this process's memory.")
OPEN_SOCKETS = Gauge("vita_open_sockets", "WebSockets open to this process (pages following a table).")
BOT_QUEUE = Gauge("vita_bot_queue", "Bot decisions sent to the worker processes and not yet answered.")
BOT_THINK_SECONDS = Histogram(
    "vita_bot_think_seconds", "How long a bot's decision took in its worker, by game and bot.", ["game", "bot"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0))
COMMIT_SECONDS = Histogram(
    "vita_db_commit_seconds", "Time to commit one group of writes to the database.",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0))
CONNECTIONS_REFUSED = Counter(
    "vita_connections_refused", "Connections refused because their address held --max-per-address already.")
HEADS_TIMED_OUT = Counter(
    "vita_request_heads_timed_out", "Connections closed because a request's head took longer than --head-timeout.")
ACTIONS_STORED = Counter("vita_actions_stored", "Actions stored (by people and bots), by game.", ["game"])


def serve_metrics(port: int) -> None:
    """Serve the metrics on 127.0.0.1:``port`` from a thread of their own."""
    start_http_server(port, addr="127.0.0.1")


def track_live(count: Callable[[], int], sockets: Callable[[], int]) -> None:
    """Read the live tables and open sockets from the app when the metrics are collected."""
    LIVE_TABLES.set_function(lambda: float(count()))
    OPEN_SOCKETS.set_function(lambda: float(sockets()))


class RequestTimes:
    """ASGI middleware: each HTTP request's time, labelled with its route's template
    (``/api/tables/{table_id}/view``, never an id or a token), or ``unmatched``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        try:
            await self.app(scope, receive, send)
        finally:
            route = scope.get("route")
            template = getattr(route, "path", None)
            if template is None:
                template = "/static" if scope.get("path", "").startswith("/static/") else "unmatched"
            REQUEST_SECONDS.labels(template, scope.get("method", "")).observe(time.perf_counter() - started)
