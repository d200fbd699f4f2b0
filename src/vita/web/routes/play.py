"""Play at a table: a seat's view, its actions, undo, resigning, hints, and the socket that
pushes every change."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse

from vita.web.bodies import EmailBody, HintBody, Move, Payload, TokenOnly
from vita.web.context import Ctx
from vita.web.errors import Refused
from vita.web.links import base
from vita.web.table import Follower

router = APIRouter()


@router.get("/api/tables/{table_id}/view", tags=["play"])
async def view(ctx: Ctx, table_id: str, token: str | None = None) -> Payload:
    """A seat's view (with its token) or the public view: legal actions, log, result."""
    table = await ctx.tables.get(table_id)
    return Payload(table.payload(table.seat_of(token)))


@router.post("/api/tables/{table_id}/actions", tags=["play"])
async def act(ctx: Ctx, table_id: str, move: Move) -> Payload:
    """Submit an action in notation, with the move number it was chosen at.

    The answer's ``Server-Timing`` header says how long the server took (``act``, in ms).
    """
    started = time.perf_counter()
    table, seat = await ctx.tables.act(table_id, move.token, move.seq, move.action)
    answer = Payload(table.payload(seat))
    answer.headers["server-timing"] = f"act;dur={1000 * (time.perf_counter() - started):.2f}"
    return answer


@router.post("/api/tables/{table_id}/undo", tags=["play"])
async def undo(ctx: Ctx, table_id: str, body: TokenOnly) -> dict[str, Any]:
    """Take back your last action, if it revealed nothing hidden and nobody acted since."""
    table, seat = await ctx.tables.undo(table_id, body.token, body.seq)
    return table.payload(seat)


@router.post("/api/tables/{table_id}/resign", tags=["play"])
async def resign(ctx: Ctx, table_id: str, body: TokenOnly) -> dict[str, Any]:
    """Resign your seat: the table's bot for resigned seats plays it from now on."""
    table, note = await ctx.tables.resign(table_id, body.token)
    return table.payload(None, note)


@router.put("/api/tables/{table_id}/email", tags=["play"])
async def set_email(ctx: Ctx, request: Request, table_id: str, token: str, body: EmailBody) -> dict[str, Any]:
    """Your own address for this seat (``token``: the seat's): a mail when your turn begins, and
    shortly before a time limit runs out. It is kept for this seat only, never shown to anyone,
    and forgotten when you remove it, follow a mail's stop link, or the game ends. 404 where
    the server has no SMTP settings."""
    await ctx.tables.set_mail(table_id, token, body.email, base(request))
    return {"mail": True}


@router.delete("/api/tables/{table_id}/email", tags=["play"])
async def remove_email(ctx: Ctx, table_id: str, token: str) -> dict[str, Any]:
    """Forget your address for this seat: no more mail."""
    await ctx.tables.set_mail(table_id, token, None, "")
    return {"mail": False}


@router.api_route("/mail/stop/{stop}", methods=["GET", "POST"], response_class=HTMLResponse,
                  include_in_schema=False)
async def stop_mail(ctx: Ctx, stop: str) -> HTMLResponse:
    """A mail's stop link (one click; POST for mail programs' one-click unsubscribe)."""
    gone = len(stop) <= 64 and await ctx.tables.store.stop_mail(stop)
    text = ("No more mail for this seat: its address is forgotten." if gone
            else "This stop link was used already, or its game is over: no mail goes out for it.")
    return HTMLResponse(f"<!doctype html><meta charset=utf-8><title>vita: mail</title><p>{text}</p>")


@router.post("/api/tables/{table_id}/hint", tags=["play"])
async def hint(ctx: Ctx, request: Request, table_id: str, body: HintBody) -> dict[str, Any]:
    """At a table whose owner allows hints: what the search (the game's ``hard`` bot) would
    play for your seat now, searched from what your seat can see, with your outlook."""
    ctx.studies.check(request)
    return await ctx.tables.hint(table_id, body.token, body.seq)


@router.websocket("/api/tables/{table_id}/ws")
async def follow(ctx: Ctx, socket: WebSocket, table_id: str, token: str | None = None) -> None:
    """Follow a table: ``{"type": "view", …}`` (the seat's or the public payload) after every
    change; ``{"type": "revoked"}`` when the seat's link stops being valid (the socket then
    follows as a spectator); ``{"type": "rematch", "link": …}`` with this seat's new link."""
    try:
        table = await ctx.tables.get(table_id)
        seat = table.seat_of(token)
        follower = Follower(seat)
        table.follow(follower)
    except Refused as error:
        code = {403: 4403, 404: 4404, 429: 4429}.get(error.status, 4409)
        await socket.close(code=code, reason=error.message[:120])
        return
    try:
        await socket.accept()
        table.push("" if seat is None else f"{table.row.seats[seat].name} is here")
        ctx.tables.driver.wake(table)
        tasks = [asyncio.create_task(follower.pump(socket.send_json)),
                 asyncio.create_task(_read_pings(socket)), asyncio.create_task(follower.dropped.wait())]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)  # gone, or too far behind
        for task in tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
    finally:
        table.unfollow(follower)
        with contextlib.suppress(Exception):
            await socket.close()
        table.push()


async def _read_pings(socket: WebSocket) -> None:
    """Read (and ignore) what the client sends, its keep-alive pings, until it goes away."""
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            await socket.receive_text()
