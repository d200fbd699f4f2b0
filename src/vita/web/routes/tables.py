"""Tables: creating one, its public facts, the owner's seat admin, rematches, and a finished
game's record, replay and analysis."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from vita.registry import bot_names
from vita.web.bodies import HandToBot, NewTableBody, OwnerOnly
from vita.web.context import Ctx
from vita.web.errors import Refused
from vita.web.links import base, links, owner_view, seat_link
from vita.web.routes.games import known_game
from vita.web.security import new_seed

router = APIRouter()


@router.post("/api/tables", status_code=201, tags=["tables"])
async def create_table(ctx: Ctx, request: Request, body: NewTableBody) -> dict[str, Any]:
    """Create a table: one secret link per person's seat, an owner key and a spectator link.

    The links are given once: the server keeps only digests of their tokens.
    """
    if body.seed is not None and not ctx.allow_chosen_seed:
        raise Refused(422, "seed: this server draws every seed itself (a creator who chose it would "
                           "know every hand); start it with --allow-chosen-seed to choose one")
    known_game(body.game)
    ctx.creations.check(request)
    seed = body.seed if body.seed is not None else new_seed()
    replacement = body.replacement_bot or _default_replacement(body.game)
    new = await ctx.tables.create(body.game, body.options, [s.model_dump() for s in body.seats], seed,
                             seed_chosen=body.seed is not None, replacement_bot=replacement, hints=body.hints,
                             move_limit=body.move_limit)
    return links(request, new)


@router.get("/api/tables/{table_id}", tags=["tables"])
async def table_info(ctx: Ctx, table_id: str) -> dict[str, Any]:
    """Public facts about a table: its game, seats, move number and result."""
    table = await ctx.tables.get(table_id)
    public = table.payload(None)
    return {"table": table_id, "game": table.row.game, "options": table.row.options, "seq": table.seq,
            "over": table.over,
            "seats": public["seats"], "result": table.row.result, "rematch_of": table.row.rematch_of,
            "seed_chosen": table.row.seed_chosen, "hints": table.row.hints, "move_limit": table.row.move_limit}


@router.get("/api/tables/{table_id}/owner", tags=["tables"])
async def owner_info(ctx: Ctx, request: Request, table_id: str, key: str) -> dict[str, Any]:
    """For the table's owner: the seats and the owner's links (seat links are given once,
    at creation; ask for a new one with ``POST …/seats/{seat}/link``)."""
    table = await ctx.tables.get(table_id)
    table.check_owner(key, "see the owner's page")
    return owner_view(request, table, key)


@router.post("/api/tables/{table_id}/seats/{seat}/bot", tags=["tables"])
async def hand_to_bot(ctx: Ctx, table_id: str, seat: int, body: HandToBot) -> dict[str, Any]:
    """The owner hands a person's seat to a bot, once its player has been away a while
    (or changes the bot that plays a resigned seat)."""
    table = await ctx.tables.hand_to_bot(table_id, body.owner_token, seat, body.bot)
    return table.payload(None)


@router.post("/api/tables/{table_id}/seats/{seat}/link", tags=["tables"])
async def new_link(ctx: Ctx, request: Request, table_id: str, seat: int, body: OwnerOnly) -> dict[str, Any]:
    """The owner issues a new link for a person's seat; the old link stops working."""
    table, token = await ctx.tables.reissue(table_id, body.owner_token, seat)
    return {"seat": seat, "token": token, "link": seat_link(request, table.row.id, token)}


@router.post("/api/tables/{table_id}/rematch", status_code=201, tags=["tables"])
async def rematch(ctx: Ctx, request: Request, table_id: str, body: OwnerOnly) -> dict[str, Any]:
    """A new table with the same game, options and seats, a fresh seed, new links; each
    open page of the old table is sent its own new link."""
    ctx.creations.check(request)
    old, new = await ctx.tables.rematch(table_id, body.owner_token)  # the owner's key, a finished game
    answer = links(request, new)
    for follower in list(old.followers):
        token = new.tokens.get(follower.seat) if follower.seat is not None else None
        link = seat_link(request, new.row.id, token) if token else base(request) + f"/t/{new.row.id}/watch"
        follower.offer({"type": "rematch", "table": new.row.id, "link": link,
                        "seat": follower.seat if token else None})
    return answer


@router.get("/api/tables/{table_id}/record", tags=["tables"])
async def record(ctx: Ctx, table_id: str) -> dict[str, Any]:
    """The game record (options, seed, actions; it replays to the identical state): public
    once the game is over, refused before."""
    return (await ctx.tables.get(table_id)).record().to_json()


@router.get("/api/tables/{table_id}/replay/{step}", tags=["tables"])
async def replay_step(ctx: Ctx, table_id: str, step: int) -> dict[str, Any]:
    """The public view after ``step`` actions (a finished game's step-through replay)."""
    return (await ctx.tables.get(table_id)).replay_step(step)


@router.get("/api/tables/{table_id}/analysis/{step}", tags=["tables"])
async def analysis(ctx: Ctx, request: Request, table_id: str, step: int) -> dict[str, Any]:
    """A finished game's decision after ``step`` actions as the search (the game's ``hard``
    bot) sees it from what that seat could see then: its choice, the most searched actions
    with the seat's expected outcome (+1 first … -1 last), and each seat's outlook (0 surely
    last … 1 surely first) before and after the move played. ``study`` is ``null`` where
    the seat had only one choice. Refused before the game is over."""
    ctx.studies.check(request)
    return await ctx.tables.analysis(table_id, step)


def _default_replacement(game_id: str) -> str:
    """The bot that takes a resigned seat unless the creator chose one."""
    return "heuristic" if "heuristic" in bot_names(game_id) else "random"
