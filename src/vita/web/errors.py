"""Refusals in one shape: ``{"error": "…"}`` with a 4xx status for the API, a page that says
what is wrong for a browser; never a traceback.

The request-body guard reads a body whole before any endpoint sees it, so that a body over
the limit is a 413 however it is sent (declared or chunked), and a JSON body that is not
UTF-8 or is nested absurdly deep is refused before a parser can choke on it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

MAX_BODY = 64 * 1024
MAX_DEPTH = 32

log = logging.getLogger("vita.web")


class Refused(Exception):
    """A request that cannot be carried out; ``status`` is the HTTP status to answer."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers


def json_depth_exceeds(body: bytes, limit: int) -> bool:
    """Whether a JSON text nests arrays and objects more than ``limit`` deep (strings skipped).

    >>> json_depth_exceeds(b'[[["[[[["]]]', 3), json_depth_exceeds(b'[[[[1]]]]', 3)
    (False, True)
    """
    if body.count(b"[") + body.count(b"{") <= limit:
        return False
    depth, in_string, escaped = 0, False, False
    for byte in body:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            if depth > limit:
                return True
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return False


class GuardBody:
    """Read each HTTP request body whole (at most ``limit`` bytes), check JSON bodies, then
    hand it on to the app."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.limit:
            await _refuse(send, 413, f"the request body is larger than {self.limit} bytes")
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await _refuse(send, 413, f"the request body is larger than {self.limit} bytes")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if b"json" in headers.get(b"content-type", b"") and body:
            problem = _json_problem(body)
            if problem:
                await _refuse(send, 400, problem)
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


def _json_problem(body: bytes) -> str | None:
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as error:
        return f"the request body is not UTF-8 (byte {error.start})"
    if json_depth_exceeds(body, MAX_DEPTH):
        return f"the request body nests deeper than {MAX_DEPTH} levels"
    return None


async def _refuse(send: Send, status: int, message: str, headers: tuple[tuple[bytes, bytes], ...] = ()) -> None:
    body = json.dumps({"error": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *headers]})
    await send({"type": "http.response.body", "body": body})


class RefuseWhileStopping:
    """Once the server is stopping (``stopping()`` is true), answer every new request 503
    (``Retry-After: 1``, the connection closed) and close every new WebSocket with 1012
    (service restart), so clients come back to the restarted server; ``/healthz`` still
    answers, ``/readyz`` says it is stopping."""

    def __init__(self, app: ASGIApp, stopping: Callable[[], bool]) -> None:
        self.app = app
        self.stopping = stopping

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan" or not self.stopping() or scope.get("path") in ("/healthz", "/readyz"):
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1012, "reason": "the server is restarting"})
        else:
            await _refuse(send, 503, "the server is restarting: try again in a moment",
                          ((b"retry-after", b"1"), (b"connection", b"close")))


SECURITY_HEADERS = {
    "referrer-policy": "no-referrer",  # links carry secret tokens: never pass them on
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "content-security-policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
}


class SecurityHeaders:
    """Add :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        # The API's own documentation pages (Swagger UI, ReDoc) load their scripts from a CDN
        # and start them inline; they show no text of anyone's, so they go without the policy.
        documentation = scope["path"] in ("/docs", "/redoc", "/docs/oauth2-redirect")

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()
                         if k.encode() not in present and not (documentation and k == "content-security-policy")]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


def wants_page(request: Request) -> bool:
    """A browser opening a page (not the API, not a script)."""
    if request.url.path.startswith("/api/") or request.url.path in ("/openapi.json",):
        return False
    return "text/html" in request.headers.get("accept", "")


def install(app: FastAPI, templates: Jinja2Templates) -> None:
    """Every error of ``app`` answered in the one shape."""

    def answer(request: Request, status: int, message: str, headers: dict[str, str] | None = None) -> Response:
        if wants_page(request):
            return templates.TemplateResponse(request, "error.html", {"status": status, "message": message},
                                              status_code=status, headers=headers)
        return JSONResponse({"error": message}, status_code=status, headers=headers)

    @app.exception_handler(Refused)
    async def refused(request: Request, error: Refused) -> Response:
        return answer(request, error.status, error.message, error.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> Response:
        problems = "; ".join(_problem(e) for e in error.errors()[:10])
        return answer(request, 422, f"invalid request: {problems}")

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        message = {404: f"there is no page or endpoint {request.url.path[:80]}",
                   405: f"{request.method} is not allowed on {request.url.path[:80]}"}.get(
            error.status_code, str(error.detail))
        return answer(request, error.status_code, message, getattr(error, "headers", None))

    @app.exception_handler(Exception)
    async def failed(request: Request, error: Exception) -> Response:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return answer(request, 500, "the server failed on this request (it is logged); nothing was changed")


def _problem(error: Any) -> str:
    where = ".".join(str(p) for p in error.get("loc", ()) if p != "body") or "body"
    return f"{where}: {error.get('msg', 'invalid')}"[:200]


__all__ = ["Refused", "install"]
