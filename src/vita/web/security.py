"""Secrets and limits: tokens kept as digests, seeds from the OS, per-client rates, logs
without secrets.

A seat's token (or the owner's key) is a bearer secret: whoever holds it acts for the seat.
The server hands each one out once and keeps only its SHA-256 digest, compares digests in
constant time, and writes neither into its logs.
"""

from __future__ import annotations

import hashlib
import logging
import re
import secrets
import time
from collections import deque

SEED_LIMIT = 2**63  # seeds are stored as signed 64-bit integers


def new_token() -> str:
    """A fresh secret: 144 random bits, URL-safe."""
    return secrets.token_urlsafe(18)


def new_table_id() -> str:
    """A table's public id: random, so that ids are no listing of the server's tables."""
    return secrets.token_urlsafe(9)


def new_seed() -> int:
    """A game's seed, drawn from the operating system's secure generator."""
    return secrets.randbelow(SEED_LIMIT)


def digest(token: str) -> str:
    """What is stored of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str | None, stored: str | None) -> bool:
    """Whether ``token`` is the one whose digest is ``stored`` (in constant time)."""
    if not token or not stored:
        return False
    return secrets.compare_digest(digest(token), stored)


class RateLimit:
    """At most ``count`` events per client within any ``seconds`` (a sliding window)."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self.events: dict[str, deque[float]] = {}

    def wait(self, client: str) -> float:
        """0 if ``client`` may go on now (the event is counted), else the seconds to wait."""
        now = time.monotonic()
        window = self.events.setdefault(client, deque())
        while window and now - window[0] >= self.seconds:
            window.popleft()
        if len(window) >= self.count:
            return self.seconds - (now - window[0])
        window.append(now)
        if len(self.events) > 10_000:  # forget clients that went quiet
            for quiet in [c for c, w in self.events.items() if not w or now - w[-1] >= self.seconds]:
                del self.events[quiet]
        return 0.0


_SECRET_IN_URL = re.compile(r"((?:token|key|owner_token)=)[^&\s\"']+")


def redact(text: str) -> str:
    """``text`` with every token and key in a query string replaced by ``…``.

    >>> redact("GET /t/abc?token=s3cret&x=1 HTTP/1.1")
    'GET /t/abc?token=…&x=1 HTTP/1.1'
    """
    return _SECRET_IN_URL.sub(r"\1…", text)


class RedactSecrets(logging.Filter):
    """A logging filter that removes tokens and keys from every message it passes."""

    def filter(self, record: logging.LogRecord) -> bool:
        # The arguments are cleaned one by one and kept in their places: a formatter may read
        # them (uvicorn's access formatter unpacks its five), not only the finished message.
        if isinstance(record.args, tuple):
            record.args = tuple(redact(arg) if isinstance(arg, str) else arg for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: redact(value) if isinstance(value, str) else value
                           for key, value in record.args.items()}
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if record.exc_info and not record.exc_text:  # formatted now, so that it can be cleaned
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


def keep_secrets_out_of_logs() -> None:
    """Install :class:`RedactSecrets` on the web server's loggers (once)."""
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn", "vita.web"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())
