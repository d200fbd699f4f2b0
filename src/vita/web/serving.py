"""How ``vita serve`` runs uvicorn: slow clients dropped, connections capped per address,
a graceful stop, and logs a host can read.

uvicorn drops an idle keep-alive connection but has no limit on how long a client may take
to send a request's head: a client that sends one header line every few seconds holds its
connection, and a few thousand of them fill ``--max-connections`` so that everyone else is
answered 503. :func:`guarded_protocols` adds what is missing as subclasses of uvicorn's own
protocols (httptools for HTTP, its default for WebSockets), so everything else (parsing,
keep-alive, WebSocket handling, the graceful shutdown) stays uvicorn's:

- a request's head must be complete within ``head_timeout`` seconds of its first byte (or of
  the connection, for a client that sends nothing), else the connection is closed;
- at most ``per_address`` connections (HTTP and WebSocket) from one TCP peer address; a new
  one past the cap is answered 503 and closed. The cap counts the TCP peer because a
  forwarded address is known only once a head is complete; the trusted proxies
  (``--forwarded-allow-ips``) are exempt, since every client behind them arrives from their
  address and the proxy's own timeouts guard that side.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import signal
from collections import Counter
from collections.abc import Callable
from types import FrameType
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from vita.web import metrics

log = logging.getLogger("vita.web")

_BUSY_TEXT = b"too many connections from your address: close some and try again\n"
_BUSY = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\nretry-after: 5\r\n"
         b"connection: close\r\ncontent-length: " + str(len(_BUSY_TEXT)).encode() + b"\r\n\r\n" + _BUSY_TEXT)


class TrustedPeers:
    """The addresses of ``--forwarded-allow-ips``: ``*``, addresses and networks, comma-separated."""

    def __init__(self, spec: str) -> None:
        parts = [part.strip() for part in spec.split(",") if part.strip()]
        self.everyone = "*" in parts
        self.addresses: set[ipaddress.IPv4Address | ipaddress.IPv6Address] = set()
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        self.literals: set[str] = set()
        for part in parts:
            try:
                if "/" in part:
                    self.networks.append(ipaddress.ip_network(part, strict=False))
                else:
                    self.addresses.add(ipaddress.ip_address(part))
            except ValueError:
                self.literals.add(part)  # a name uvicorn would also compare as it is

    def __contains__(self, host: str) -> bool:
        if self.everyone or host in self.literals:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return address in self.addresses or any(address in network for network in self.networks)


class PeerGuard:
    """The connections each TCP peer address holds, and the limits on them."""

    def __init__(self, head_timeout: float = 5.0, per_address: int = 64, trusted: str = "127.0.0.1") -> None:
        self.head_timeout = head_timeout
        self.per_address = per_address
        self.trusted = TrustedPeers(trusted)
        self.held: Counter[str] = Counter()

    def admit(self, host: str | None) -> bool:
        """Count a new connection from ``host``; False (nothing counted) past the cap."""
        if host is None or host in self.trusted:
            return True
        if self.held[host] >= self.per_address:
            metrics.CONNECTIONS_REFUSED.inc()
            return False
        self.held[host] += 1
        return True

    def release(self, host: str | None) -> None:
        if host is None or host not in self.held:
            return
        self.held[host] -= 1
        if self.held[host] <= 0:
            del self.held[host]


def guarded_protocols(guard: PeerGuard) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """uvicorn's HTTP and WebSocket protocol classes with ``guard``'s limits (module docstring)."""

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        """uvicorn's WebSocket protocol, which takes over the count of the HTTP connection it
        was upgraded from and gives it back when it closes."""

        def connection_lost(self, exc: Exception | None) -> None:
            guard.release(self.client[0] if self.client else None)
            super().connection_lost(exc)

    class GuardedHttp(HttpToolsProtocol):
        head_timer: asyncio.TimerHandle | None = None
        counted = False
        upgraded = False

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.ws_protocol_class = GuardedWebSocket

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            host = self.client[0] if self.client else None
            if not guard.admit(host):
                transport.write(_BUSY)
                transport.close()
                return
            self.counted = True
            self._arm_head_timer()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm_head_timer()
            if self.counted and not self.upgraded:
                guard.release(self.client[0] if self.client else None)
                self.counted = False
            super().connection_lost(exc)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            if self.head_timer is None:
                self._arm_head_timer()

        def on_headers_complete(self) -> None:
            self._disarm_head_timer()
            super().on_headers_complete()

        def handle_websocket_upgrade(self) -> None:
            self._disarm_head_timer()
            self.upgraded = True  # the WebSocket protocol releases the count when it closes
            super().handle_websocket_upgrade()

        def _arm_head_timer(self) -> None:
            self.head_timer = self.loop.call_later(guard.head_timeout, self._head_timed_out)

        def _disarm_head_timer(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None

        def _head_timed_out(self) -> None:
            self.head_timer = None
            if not self.transport.is_closing():
                metrics.HEADS_TIMED_OUT.inc()
                self.transport.close()

    return GuardedHttp, GuardedWebSocket


class Server(uvicorn.Server):
    """uvicorn's server, which first tells the app it is stopping (``on_stop``) when it is
    asked to exit (SIGTERM, Ctrl-C), so that requests arriving meanwhile are answered 503."""

    def __init__(self, config: uvicorn.Config, on_stop: Callable[[], None]) -> None:
        super().__init__(config)
        self.on_stop = on_stop

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if not self.should_exit:
            log.info("stopping (%s): new requests are answered 503, open pages are told to reconnect",
                     signal.Signals(sig).name)
            self.on_stop()
        super().handle_exit(sig, frame)


__all__ = ["PeerGuard", "Server", "TrustedPeers", "guarded_protocols"]
