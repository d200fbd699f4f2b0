"""The web app: server-rendered pages, a small client script, a JSON API and WebSockets.

Every endpoint that touches a table is a coroutine: tables live in one event loop, so two
requests can never load or change the same table at once from two threads.

Generic over the game registry: a game plays in the browser with the generic renderer,
and looks like its physical self once it adds ``static/games/<game id>.js``.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from vita import __version__
from vita.core.rng import Rng
from vita.registry import GAMES, bot_names, get_game
from vita.web.rooms import Follower, Refused, Room, Rooms
from vita.web.store import Store, TableRow

HERE = Path(__file__).parent
MAX_BODY = 64 * 1024


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Annotated[str, Field(pattern="^(human|bot)$")] = "human"
    name: Annotated[str, Field(min_length=1, max_length=40)]
    bot: str | None = None


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    seats: Annotated[list[SeatSpec], Field(min_length=1, max_length=8)]
    options: dict[str, Any] = {}
    seed: int | None = None


class Move(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str
    seq: int
    action: Annotated[str, Field(min_length=1, max_length=200)]


class TokenOnly(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str
    seq: int | None = None


class HandToBot(BaseModel):
    model_config = ConfigDict(extra="forbid")
    owner_token: str
    bot: str = "heuristic"


class OwnerOnly(BaseModel):
    model_config = ConfigDict(extra="forbid")
    owner_token: str


class LimitBody:
    """Refuse request bodies over ``limit`` bytes with 413 (whatever the headers say)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and int(declared) > self.limit:
            await _too_large(send, self.limit)
            return
        seen = 0

        async def counting() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise _TooLarge
            return message

        try:
            await self.app(scope, counting, send)
        except _TooLarge:
            await _too_large(send, self.limit)


class _TooLarge(Exception):
    pass


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps({"error": f"the request is larger than {limit} bytes"}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})


def create_app(db: str | None = None, *, data_dir: str | None = None, bot_delay: float = 0.4,
               away_timeout: float = 60.0, store: Store | None = None) -> FastAPI:
    """The app, storing in ``db`` (a URL or SQLite path; default: ``vita.sqlite`` in ``data_dir``)."""
    if store is None:
        folder = Path(data_dir or os.environ.get("VITA_DATA", "data"))
        folder.mkdir(parents=True, exist_ok=True)
        store = Store.open(db or str(folder / "vita.sqlite"))
    rooms = Rooms(store, bot_delay=bot_delay, away_timeout=away_timeout)
    app = FastAPI(
        title="vita", version=__version__,
        description="Play life-simulation tabletop games in the browser, with friends and bots. "
                    "Tables are created here, seats act with their secret tokens, and "
                    "`/api/tables/{id}/ws` pushes every change.",
    )
    app.state.rooms = rooms
    app.state.store = store
    app.add_middleware(LimitBody)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    templates = Jinja2Templates(directory=HERE / "templates")

    @app.exception_handler(Refused)
    async def refused(_: Request, error: Refused) -> JSONResponse:
        return JSONResponse({"error": error.message}, status_code=error.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, error: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'] if p != 'body') or 'body'}: {e['msg']}" for e in error.errors()
        )
        return JSONResponse({"error": f"invalid request: {problems}"}, status_code=422)

    # -- the JSON API ------------------------------------------------------------------------

    @app.get("/api/games", tags=["games"])
    def list_games() -> list[dict[str, Any]]:
        """Every game: id, title, player counts, bots, and the JSON schema of its options."""
        return [_game_info(game_id) for game_id in GAMES]

    @app.get("/api/games/{game_id}/catalogue", tags=["games"])
    def catalogue(game_id: str) -> dict[str, Any]:
        """Card texts by id, to show a card's full text on hover."""
        game = _game(game_id)
        texts: dict[str, Any] = game.catalogue(game.make_options({"players": max(2, game.info.min_players)}))
        return texts

    @app.post("/api/tables", status_code=201, tags=["tables"])
    async def create_table(request: Request, body: NewTable) -> dict[str, Any]:
        """Create a table: one secret link per human seat, an owner key and a spectator link."""
        seed = body.seed if body.seed is not None else Rng(int.from_bytes(os.urandom(8), "big")).next_u64() % 2**62
        row = rooms.create(body.game, body.options, [s.model_dump() for s in body.seats], seed)
        return _links(request, row)

    @app.get("/api/tables/{table_id}", tags=["tables"])
    async def table_info(table_id: str) -> dict[str, Any]:
        """Public facts about a table: its game, seats, move number and result."""
        room = rooms.get(table_id)
        return {"table": table_id, "game": room.row.game, "seq": room.seq, "over": room.state.is_over(),
                "seats": room.payload(None)["seats"], "result": room.row.result,
                "rematch_of": room.row.rematch_of}

    @app.get("/api/tables/{table_id}/owner", tags=["tables"])
    async def owner_info(request: Request, table_id: str, key: str) -> dict[str, Any]:
        """For the table's owner: every link again (the key is the owner token)."""
        room = rooms.get(table_id)
        if key != room.row.owner_token:
            raise Refused(403, "this is not the owner's key")
        return _links(request, room.row)

    @app.get("/api/tables/{table_id}/view", tags=["play"])
    async def view(table_id: str, token: str | None = None) -> dict[str, Any]:
        """A seat's view (with its token) or the public view: legal actions, log, result."""
        room = rooms.get(table_id)
        return room.payload(room.seat_of(token))

    @app.post("/api/tables/{table_id}/actions", tags=["play"])
    async def act(table_id: str, move: Move) -> dict[str, Any]:
        """Submit an action in notation, with the move number it was chosen at."""
        room = await rooms.act(table_id, move.token, move.seq, move.action)
        return room.payload(room.seat_of(move.token))

    @app.post("/api/tables/{table_id}/undo", tags=["play"])
    async def undo(table_id: str, body: TokenOnly) -> dict[str, Any]:
        """Take back your last action, if it revealed nothing hidden and nobody acted since."""
        room = rooms.get(table_id)
        await rooms.undo(table_id, body.token, body.seq if body.seq is not None else room.seq)
        return room.payload(room.seat_of(body.token))

    @app.post("/api/tables/{table_id}/resign", tags=["play"])
    async def resign(table_id: str, body: TokenOnly) -> dict[str, Any]:
        """Resign your seat; the table's owner may hand it to a bot."""
        room = await rooms.resign(table_id, body.token)
        return room.payload(room.seat_of(body.token))

    @app.post("/api/tables/{table_id}/seats/{seat}/bot", tags=["tables"])
    async def hand_to_bot(table_id: str, seat: int, body: HandToBot) -> dict[str, Any]:
        """The owner hands a seat to a bot: once its player resigned or has been away a while."""
        room = await rooms.hand_to_bot(table_id, body.owner_token, seat, body.bot)
        return room.payload(None)

    @app.post("/api/tables/{table_id}/rematch", status_code=201, tags=["tables"])
    async def rematch(request: Request, table_id: str, body: OwnerOnly) -> dict[str, Any]:
        """A new table with the same game, options and seats (new links for the people)."""
        room = rooms.get(table_id)
        if body.owner_token != room.row.owner_token:
            raise Refused(403, "only the table's owner can start a rematch")
        specs = [{"kind": s.kind, "name": s.name, "bot": s.bot} for s in room.row.seats]
        options = {k: v for k, v in room.row.options.items() if k not in ("players", "names")}
        seed = Rng(room.row.seed).next_u64() % 2**62
        row = rooms.create(room.row.game, options, specs, seed, rematch_of=table_id)
        links = _links(request, row)
        await rooms.push(room, "rematch")
        for follower in list(room.followers):
            await follower.send({"type": "rematch", "table": row.id})
        return links

    @app.get("/api/tables/{table_id}/record", tags=["tables"])
    async def record(table_id: str) -> dict[str, Any]:
        """The game record: options, seed and actions (replays to the identical state)."""
        return rooms.get(table_id).record().to_json()

    @app.get("/api/tables/{table_id}/replay/{step}", tags=["tables"])
    async def replay_step(table_id: str, step: int) -> dict[str, Any]:
        """The public view after ``step`` actions (a finished game's step-through replay)."""
        room = rooms.get(table_id)
        if not room.state.is_over():
            raise Refused(409, "a game can be replayed once it is over")
        if not 0 <= step <= room.seq:
            raise Refused(404, f"the game has {room.seq} actions")
        state = room.game.new_state(room.game.make_options(room.row.options), room.row.seed)
        for action in room.actions[:step]:
            state.apply(state.parse(action.notation, action.seat), action.seat)
        return {"step": step, "total": room.seq, "game": room.row.game, "title": room.game.info.title,
                "view": state.view(None), "log": state.events_for(None)[-40:],
                "action": room.actions[step - 1].notation if step else None,
                "seats": room.payload(None)["seats"]}

    @app.websocket("/api/tables/{table_id}/ws")
    async def follow(socket: WebSocket, table_id: str, token: str | None = None) -> None:
        """Follow a table: the seat's (or the public) payload is pushed after every change."""
        try:
            room = rooms.get(table_id)
            seat = room.seat_of(token)
        except Refused as error:
            await socket.close(code=4403 if error.status == 403 else 4404, reason=error.message)
            return
        await socket.accept()
        follower = Follower(seat, socket.send_json)
        room.followers.append(follower)
        await rooms.push(room, "joined" if seat is None else f"{room.row.seats[seat].name} is here")
        await rooms.changed(room)
        try:
            while True:
                await socket.receive_text()  # keep-alive pings from the client
        except WebSocketDisconnect:
            pass
        finally:
            if follower in room.followers:
                room.followers.remove(follower)
            if seat is not None and not room.connected(seat):
                room.away_since[seat] = time.monotonic()
            await rooms.push(room)

    # -- pages ---------------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def lobby(request: Request) -> HTMLResponse:
        games = [_game_info(g) for g in GAMES]
        recent = [_summary(t) for t in store.recent_tables()]
        return templates.TemplateResponse(request, "lobby.html", {"games": games, "recent": recent})

    @app.get("/t/{table_id}/owner", response_class=HTMLResponse, include_in_schema=False)
    async def owner_page(request: Request, table_id: str, key: str) -> HTMLResponse:
        room = rooms.get(table_id)
        if key != room.row.owner_token:
            raise Refused(403, "this is not the owner's key")
        return templates.TemplateResponse(request, "owner.html", {
            "links": _links(request, room.row), "room": room, "bots": bot_names(room.row.game)})

    @app.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def play_page(request: Request, table_id: str, token: str | None = None) -> HTMLResponse:
        room = rooms.get(table_id)
        room.seat_of(token)
        return _page(templates, request, room, "play" if token else "watch", token=token)

    @app.get("/t/{table_id}/watch", response_class=HTMLResponse, include_in_schema=False)
    async def watch_page(request: Request, table_id: str) -> HTMLResponse:
        return _page(templates, request, rooms.get(table_id), "watch")

    @app.get("/t/{table_id}/hotseat", response_class=HTMLResponse, include_in_schema=False)
    async def hotseat_page(request: Request, table_id: str, key: str) -> HTMLResponse:
        room = rooms.get(table_id)
        if key != room.row.owner_token:
            raise Refused(403, "this is not the owner's key")
        tokens = {s.seat: s.token for s in room.row.seats if s.kind == "human" and s.token}
        return _page(templates, request, room, "hotseat", tokens=tokens, key=key)

    @app.get("/t/{table_id}/replay", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(request: Request, table_id: str) -> HTMLResponse:
        return _page(templates, request, rooms.get(table_id), "replay")

    return app


def _game(game_id: str) -> Any:
    try:
        return get_game(game_id)
    except KeyError as error:
        raise Refused(404, str(error.args[0])) from None


def _game_info(game_id: str) -> dict[str, Any]:
    game = _game(game_id)
    info = game.info
    schema = game.options_model.model_json_schema()
    return {"id": game_id, "title": info.title, "min_players": info.min_players,
            "max_players": info.max_players, "summary": info.summary, "bots": bot_names(game_id),
            "options": schema}


def _links(request: Request, row: TableRow) -> dict[str, Any]:
    base = str(request.base_url).rstrip("/")
    seats = []
    for s in row.seats:
        entry: dict[str, Any] = {"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot}
        if s.kind == "human" and s.token:
            entry["token"] = s.token
            entry["link"] = f"{base}/t/{row.id}?token={s.token}"
        seats.append(entry)
    return {
        "table": row.id, "game": row.game, "owner_token": row.owner_token, "seats": seats,
        "owner_link": f"{base}/t/{row.id}/owner?key={row.owner_token}",
        "hotseat_link": f"{base}/t/{row.id}/hotseat?key={row.owner_token}",
        "spectator_link": f"{base}/t/{row.id}/watch",
        "replay_link": f"{base}/t/{row.id}/replay",
    }


def _summary(row: TableRow) -> dict[str, Any]:
    return {"id": row.id, "game": row.game, "players": ", ".join(s.name for s in row.seats),
            "over": row.result is not None, "created": row.created_at.strftime("%Y-%m-%d %H:%M")}


def _page(templates: Jinja2Templates, request: Request, room: Room, mode: str, **extra: Any) -> HTMLResponse:
    config = {"table": room.row.id, "game": room.row.game, "mode": mode, "title": room.game.info.title,
              "token": extra.get("token"), "tokens": extra.get("tokens"), "key": extra.get("key")}
    script = Path(HERE / "static" / "games" / f"{room.row.game}.js")
    return templates.TemplateResponse(request, "table.html", {
        "config": config, "title": room.game.info.title, "mode": mode,
        "renderer": f"/static/games/{room.row.game}.js" if script.exists() else None})


__all__ = ["Query", "RedirectResponse", "create_app"]
