"""The server-rendered pages: the lobby, a seat's table, watching, the hot seat, the replay
and the owner's page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from vita.registry import GAMES, bot_names
from vita.web.context import Ctx
from vita.web.links import owner_view
from vita.web.routes.games import game_info
from vita.web.table import Table

HERE = Path(__file__).parent.parent

router = APIRouter()


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
async def lobby(ctx: Ctx, request: Request) -> HTMLResponse:
    games = [game_info(g) for g in GAMES]
    return ctx.templates.TemplateResponse(request, "lobby.html", {
        "games": games, "config": {"allow_seed": ctx.allow_chosen_seed}})


@router.get("/t/{table_id}/owner", response_class=HTMLResponse, include_in_schema=False)
async def owner_page(ctx: Ctx, request: Request, table_id: str, key: str) -> HTMLResponse:
    table = await ctx.tables.get(table_id)
    table.check_owner(key, "see the owner's page")
    owner = owner_view(request, table, key)
    return ctx.templates.TemplateResponse(request, "owner.html", {
        "owner": owner, "title": table.game.info.title, "bots": bot_names(table.row.game),
        "config": {"table": table.row.id, "key": key, "over": table.over}})


@router.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
async def play_page(ctx: Ctx, request: Request, table_id: str, token: str | None = None) -> HTMLResponse:
    table = await ctx.tables.get(table_id)
    seat = table.seat_of(token)
    return _page(ctx.templates, request, table, "play" if seat is not None else "watch", token=token,
                 mail=ctx.tables.mailer is not None)


@router.get("/t/{table_id}/watch", response_class=HTMLResponse, include_in_schema=False)
async def watch_page(ctx: Ctx, request: Request, table_id: str) -> HTMLResponse:
    return _page(ctx.templates, request, await ctx.tables.get(table_id), "watch")


@router.get("/t/{table_id}/hotseat", response_class=HTMLResponse, include_in_schema=False)
async def hotseat_page(ctx: Ctx, request: Request, table_id: str, key: str) -> HTMLResponse:
    table = await ctx.tables.get(table_id)
    table.check_owner(key, "open the hot seat")
    people = [s.seat for s in table.row.seats if s.kind == "human"]
    return _page(ctx.templates, request, table, "hotseat", key=key, people=people)


@router.get("/t/{table_id}/replay", response_class=HTMLResponse, include_in_schema=False)
async def replay_page(ctx: Ctx, request: Request, table_id: str) -> HTMLResponse:
    return _page(ctx.templates, request, await ctx.tables.get(table_id), "replay")


def _page(templates: Jinja2Templates, request: Request, table: Table, mode: str, **extra: Any) -> HTMLResponse:
    config = {"table": table.row.id, "game": table.row.game, "mode": mode, "title": table.game.info.title,
              "token": extra.get("token"), "key": extra.get("key"), "people": extra.get("people"),
              "hints": table.row.hints, "mail": extra.get("mail", False)}
    script = Path(HERE / "static" / "games" / f"{table.row.game}.js")
    return templates.TemplateResponse(request, "table.html", {
        "config": config, "title": table.game.info.title, "mode": mode,
        "renderer": f"/static/games/{table.row.game}.js" if script.exists() else None})
