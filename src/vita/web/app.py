"""The web app: server-rendered pages, small client scripts, a JSON API and WebSockets.

Generic over the game registry: a game plays in the browser with the generic renderer,
and looks like its physical self once it adds ``static/games/<game id>.js``.

What reaches a client before a game is over is only what its seat may see: its view, its
legal actions, its log. The seed, the record and every token stay on the server (tokens as
digests only); a creator chooses the seed only on a server started to allow it
(``allow_chosen_seed``), and the record then says so.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field

from vita import __version__
from vita.registry import GAMES, bot_names, get_game
from vita.web import errors, metrics
from vita.web.bots import BotPool
from vita.web.errors import GuardBody, Refused, RefuseWhileStopping, SecurityHeaders
from vita.web.metrics import RequestTimes
from vita.web.rooms import PATH_OPTIONS, Follower, NewTable, Room, Rooms
from vita.web.security import SEED_LIMIT, RateLimit, keep_secrets_out_of_logs, new_seed
from vita.web.store import Store

HERE = Path(__file__).parent
Token = Annotated[str, Field(min_length=1, max_length=100)]
Name = Annotated[str, Field(min_length=1, max_length=40)]
BotName = Annotated[str, Field(min_length=1, max_length=40)]


class Payload(JSONResponse):
    """A seat's payload, sent as it is: it is built by the server, so FastAPI need not
    validate it again on the way out (on the hot paths, that walk cost more than the rest)."""


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(_Body):
    kind: Annotated[str, Field(pattern="^(human|bot)$")] = "human"
    name: Name
    bot: BotName | None = None


class NewTableBody(_Body):
    game: Annotated[str, Field(max_length=64)]
    seats: Annotated[list[SeatSpec], Field(min_length=1, max_length=8)]
    options: dict[str, Any] = {}
    seed: Annotated[int, Field(ge=0, lt=SEED_LIMIT)] | None = None
    replacement_bot: BotName | None = None  # default: the game's heuristic, or random where it has none
    hints: bool = False


class Move(_Body):
    token: Token
    seq: Annotated[int, Field(ge=0)]
    action: Annotated[str, Field(min_length=1, max_length=400)]


class HintBody(_Body):
    token: Token
    seq: Annotated[int, Field(ge=0)]


class TokenOnly(_Body):
    token: Token
    seq: Annotated[int, Field(ge=0)] | None = None


class HandToBot(_Body):
    owner_token: Token
    bot: BotName = "heuristic"


class OwnerOnly(_Body):
    owner_token: Token


def create_app(db: str | None = None, *, data_dir: str | None = None, bot_delay: float = 0.4,
               away_timeout: float = 60.0, store: Store | None = None, allow_chosen_seed: bool | None = None,
               bot_pool: BotPool | None = None, bot_workers: int | None = None, bot_budget: float = 5.0,
               idle_timeout: float = 600.0, table_rate: tuple[int, float] = (20, 60.0),
               busy_timeout: float = 5.0, study_rate: tuple[int, float] = (120, 60.0)) -> FastAPI:
    """The app, storing in ``db`` (a URL or SQLite path; default: ``vita.sqlite`` in ``data_dir``).

    ``allow_chosen_seed`` (default: the ``VITA_ALLOW_CHOSEN_SEED=1`` environment setting,
    else off) lets a table's creator choose its seed; ``table_rate`` caps the tables one
    client may create (count per seconds), ``study_rate`` the analyses and hints one client
    may ask for (each runs a search in a bot worker); ``bot_budget`` caps a bot's thinking
    time per move, and an analysis's.
    """
    if store is None:
        folder = Path(data_dir or os.environ.get("VITA_DATA", "data"))
        folder.mkdir(parents=True, exist_ok=True)
        store = Store.open(db or str(folder / "vita.sqlite"), busy_timeout=busy_timeout)
    if allow_chosen_seed is None:
        allow_chosen_seed = os.environ.get("VITA_ALLOW_CHOSEN_SEED") == "1"
    own_pool = bot_pool is None
    pool = bot_pool or BotPool(bot_workers, budget=bot_budget)
    rooms = Rooms(store, pool, bot_delay=bot_delay, away_timeout=away_timeout, idle_timeout=idle_timeout)
    creations = RateLimit(*table_rate)
    studies = RateLimit(*study_rate)
    keep_secrets_out_of_logs()

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        rooms.start()
        await rooms.resume()
        sweeper = asyncio.create_task(_sweep(rooms))
        try:
            yield
        finally:
            sweeper.cancel()
            await rooms.close()
            await store.close()
            if own_pool:
                pool.close()

    app = FastAPI(
        title="vita", version=__version__, lifespan=lifespan,
        description="Play life-simulation tabletop games in the browser, with friends and bots. "
                    "Tables are created here, seats act with their secret tokens, and "
                    "`/api/tables/{id}/ws` pushes every change. Every refusal is "
                    '`{"error": "…"}` with a 4xx status.',
    )
    app.state.rooms = rooms
    app.state.store = store
    app.state.pool = pool
    app.add_middleware(GuardBody)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RefuseWhileStopping, stopping=lambda: rooms.stopping)
    app.add_middleware(RequestTimes)
    metrics.track_live(lambda: len(rooms.rooms), rooms.open_sockets)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    templates = Jinja2Templates(directory=HERE / "templates")
    errors.install(app, templates)

    def rate_limited(request: Request) -> None:
        client = request.client.host if request.client else "unknown"
        wait = creations.wait(client)
        if wait:
            raise Refused(429, f"too many tables created from your address: try again in {wait:.0f} s",
                          headers={"retry-after": str(int(wait) + 1)})

    def study_limited(request: Request) -> None:
        client = request.client.host if request.client else "unknown"
        wait = studies.wait(client)
        if wait:
            raise Refused(429, f"too many analyses asked for from your address: try again in {wait:.0f} s",
                          headers={"retry-after": str(int(wait) + 1)})

    # -- for the host -------------------------------------------------------------------------

    @app.get("/healthz", tags=["host"])
    def healthz() -> dict[str, str]:
        """The process answers (liveness): no database query, no authentication."""
        return {"status": "ok"}

    @app.get("/readyz", tags=["host"], responses={503: {"description": "not ready: the reason"}})
    async def readyz() -> JSONResponse:
        """The process can serve (readiness): the database answers, its schema is current and
        the server is not stopping. 503 with the reason otherwise."""
        problem = "the server is stopping" if rooms.stopping else await store.ready()
        if problem:
            return JSONResponse({"status": "not ready", "error": problem}, status_code=503,
                                headers={"retry-after": "1"})
        return JSONResponse({"status": "ready"})

    # -- the JSON API ------------------------------------------------------------------------

    @app.get("/api/games", tags=["games"])
    def list_games() -> list[dict[str, Any]]:
        """Every game: id, title, player counts, bots, and the JSON schema of its options."""
        return [_game_info(game_id) for game_id in GAMES]

    @app.get("/api/games/{game_id}/catalogue", tags=["games"])
    def catalogue(game_id: str) -> dict[str, Any]:
        """Card texts by id, to show a card's full text on hover."""
        return _catalogue(_known_game(game_id))

    @app.get("/api/games/{game_id}/rules", tags=["games"])
    def rules(game_id: str) -> dict[str, Any]:
        """Where each kind of action comes from in the rulebook: ``{"source": file, "actions":
        {first word of the notation: {"section", "quote", "source"}}}``."""
        return get_game(_known_game(game_id)).rulebook().model_dump()

    @app.post("/api/tables", status_code=201, tags=["tables"])
    async def create_table(request: Request, body: NewTableBody) -> dict[str, Any]:
        """Create a table: one secret link per person's seat, an owner key and a spectator link.

        The links are given once: the server keeps only digests of their tokens.
        """
        if body.seed is not None and not allow_chosen_seed:
            raise Refused(422, "seed: this server draws every seed itself (a creator who chose it would "
                               "know every hand); start it with --allow-chosen-seed to choose one")
        _known_game(body.game)
        rate_limited(request)
        seed = body.seed if body.seed is not None else new_seed()
        replacement = body.replacement_bot or _default_replacement(body.game)
        new = await rooms.create(body.game, body.options, [s.model_dump() for s in body.seats], seed,
                                 seed_chosen=body.seed is not None, replacement_bot=replacement, hints=body.hints)
        return _links(request, new)

    @app.get("/api/tables/{table_id}", tags=["tables"])
    async def table_info(table_id: str) -> dict[str, Any]:
        """Public facts about a table: its game, seats, move number and result."""
        room = await rooms.get(table_id)
        public = room.payload(None)
        return {"table": table_id, "game": room.row.game, "options": room.row.options, "seq": room.seq,
                "over": room.over,
                "seats": public["seats"], "result": room.row.result, "rematch_of": room.row.rematch_of,
                "seed_chosen": room.row.seed_chosen, "hints": room.row.hints}

    @app.get("/api/tables/{table_id}/owner", tags=["tables"])
    async def owner_info(request: Request, table_id: str, key: str) -> dict[str, Any]:
        """For the table's owner: the seats and the owner's links (seat links are given once,
        at creation; ask for a new one with ``POST …/seats/{seat}/link``)."""
        room = await rooms.get(table_id)
        room.check_owner(key, "see the owner's page")
        return _owner_view(request, room, key)

    @app.get("/api/tables/{table_id}/view", tags=["play"])
    async def view(table_id: str, token: str | None = None) -> Payload:
        """A seat's view (with its token) or the public view: legal actions, log, result."""
        room = await rooms.get(table_id)
        return Payload(room.payload(room.seat_of(token)))

    @app.post("/api/tables/{table_id}/actions", tags=["play"])
    async def act(table_id: str, move: Move) -> Payload:
        """Submit an action in notation, with the move number it was chosen at.

        The answer's ``Server-Timing`` header says how long the server took (``act``, in ms).
        """
        started = time.perf_counter()
        room, seat = await rooms.act(table_id, move.token, move.seq, move.action)
        answer = Payload(room.payload(seat))
        answer.headers["server-timing"] = f"act;dur={1000 * (time.perf_counter() - started):.2f}"
        return answer

    @app.post("/api/tables/{table_id}/undo", tags=["play"])
    async def undo(table_id: str, body: TokenOnly) -> dict[str, Any]:
        """Take back your last action, if it revealed nothing hidden and nobody acted since."""
        room, seat = await rooms.undo(table_id, body.token, body.seq)
        return room.payload(seat)

    @app.post("/api/tables/{table_id}/resign", tags=["play"])
    async def resign(table_id: str, body: TokenOnly) -> dict[str, Any]:
        """Resign your seat: the table's bot for resigned seats plays it from now on."""
        room, note = await rooms.resign(table_id, body.token)
        return room.payload(None, note)

    @app.post("/api/tables/{table_id}/seats/{seat}/bot", tags=["tables"])
    async def hand_to_bot(table_id: str, seat: int, body: HandToBot) -> dict[str, Any]:
        """The owner hands a person's seat to a bot, once its player has been away a while
        (or changes the bot that plays a resigned seat)."""
        room = await rooms.hand_to_bot(table_id, body.owner_token, seat, body.bot)
        return room.payload(None)

    @app.post("/api/tables/{table_id}/seats/{seat}/link", tags=["tables"])
    async def new_link(request: Request, table_id: str, seat: int, body: OwnerOnly) -> dict[str, Any]:
        """The owner issues a new link for a person's seat; the old link stops working."""
        room, token = await rooms.reissue(table_id, body.owner_token, seat)
        return {"seat": seat, "token": token, "link": _seat_link(request, room.row.id, token)}

    @app.post("/api/tables/{table_id}/rematch", status_code=201, tags=["tables"])
    async def rematch(request: Request, table_id: str, body: OwnerOnly) -> dict[str, Any]:
        """A new table with the same game, options and seats, a fresh seed, new links; each
        open page of the old table is sent its own new link."""
        rate_limited(request)
        old, new = await rooms.rematch(table_id, body.owner_token)  # the owner's key, a finished game
        links = _links(request, new)
        for follower in list(old.followers):
            token = new.tokens.get(follower.seat) if follower.seat is not None else None
            link = _seat_link(request, new.row.id, token) if token else _base(request) + f"/t/{new.row.id}/watch"
            follower.offer({"type": "rematch", "table": new.row.id, "link": link,
                            "seat": follower.seat if token else None})
        return links

    @app.get("/api/tables/{table_id}/record", tags=["tables"])
    async def record(table_id: str) -> dict[str, Any]:
        """The game record (options, seed, actions; it replays to the identical state): public
        once the game is over, refused before."""
        return (await rooms.get(table_id)).record().to_json()

    @app.get("/api/tables/{table_id}/replay/{step}", tags=["tables"])
    async def replay_step(table_id: str, step: int) -> dict[str, Any]:
        """The public view after ``step`` actions (a finished game's step-through replay)."""
        return (await rooms.get(table_id)).replay_step(step)

    @app.get("/api/tables/{table_id}/analysis/{step}", tags=["tables"])
    async def analysis(request: Request, table_id: str, step: int) -> dict[str, Any]:
        """A finished game's decision after ``step`` actions as the search (the game's ``hard``
        bot) sees it from what that seat could see then: its choice, the most searched actions
        with the seat's expected outcome (+1 first … -1 last), and each seat's outlook (0 surely
        last … 1 surely first) before and after the move played. ``study`` is ``null`` where
        the seat had only one choice. Refused before the game is over."""
        study_limited(request)
        return await rooms.analysis(table_id, step)

    @app.post("/api/tables/{table_id}/hint", tags=["play"])
    async def hint(request: Request, table_id: str, body: HintBody) -> dict[str, Any]:
        """At a table whose owner allows hints: what the search (the game's ``hard`` bot) would
        play for your seat now, searched from what your seat can see, with your outlook."""
        study_limited(request)
        return await rooms.hint(table_id, body.token, body.seq)

    @app.websocket("/api/tables/{table_id}/ws")
    async def follow(socket: WebSocket, table_id: str, token: str | None = None) -> None:
        """Follow a table: ``{"type": "view", …}`` (the seat's or the public payload) after every
        change; ``{"type": "revoked"}`` when the seat's link stops being valid (the socket then
        follows as a spectator); ``{"type": "rematch", "link": …}`` with this seat's new link."""
        try:
            room = await rooms.get(table_id)
            seat = room.seat_of(token)
            follower = Follower(seat)
            rooms.follow(room, follower)
        except Refused as error:
            code = {403: 4403, 404: 4404, 429: 4429}.get(error.status, 4409)
            await socket.close(code=code, reason=error.message[:120])
            return
        try:
            await socket.accept()
            rooms.push(room, "" if seat is None else f"{room.row.seats[seat].name} is here")
            rooms.wake(room)
            tasks = [asyncio.create_task(follower.pump(socket.send_json)),
                     asyncio.create_task(_read_pings(socket)), asyncio.create_task(follower.dropped.wait())]
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)  # gone, or too far behind
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        finally:
            rooms.unfollow(room, follower)
            with contextlib.suppress(Exception):
                await socket.close()
            rooms.push(room)

    # -- pages ---------------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def lobby(request: Request) -> HTMLResponse:
        games = [_game_info(g) for g in GAMES]
        return templates.TemplateResponse(request, "lobby.html", {
            "games": games, "config": {"allow_seed": allow_chosen_seed}})

    @app.get("/t/{table_id}/owner", response_class=HTMLResponse, include_in_schema=False)
    async def owner_page(request: Request, table_id: str, key: str) -> HTMLResponse:
        room = await rooms.get(table_id)
        room.check_owner(key, "see the owner's page")
        owner = _owner_view(request, room, key)
        return templates.TemplateResponse(request, "owner.html", {
            "owner": owner, "title": room.game.info.title, "bots": bot_names(room.row.game),
            "config": {"table": room.row.id, "key": key, "over": room.over}})

    @app.get("/t/{table_id}", response_class=HTMLResponse, include_in_schema=False)
    async def play_page(request: Request, table_id: str, token: str | None = None) -> HTMLResponse:
        room = await rooms.get(table_id)
        seat = room.seat_of(token)
        return _page(templates, request, room, "play" if seat is not None else "watch", token=token)

    @app.get("/t/{table_id}/watch", response_class=HTMLResponse, include_in_schema=False)
    async def watch_page(request: Request, table_id: str) -> HTMLResponse:
        return _page(templates, request, await rooms.get(table_id), "watch")

    @app.get("/t/{table_id}/hotseat", response_class=HTMLResponse, include_in_schema=False)
    async def hotseat_page(request: Request, table_id: str, key: str) -> HTMLResponse:
        room = await rooms.get(table_id)
        room.check_owner(key, "open the hot seat")
        people = [s.seat for s in room.row.seats if s.kind == "human"]
        return _page(templates, request, room, "hotseat", key=key, people=people)

    @app.get("/t/{table_id}/replay", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(request: Request, table_id: str) -> HTMLResponse:
        return _page(templates, request, await rooms.get(table_id), "replay")

    return app


async def _read_pings(socket: WebSocket) -> None:
    """Read (and ignore) what the client sends, its keep-alive pings, until it goes away."""
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            await socket.receive_text()


async def _sweep(rooms: Rooms) -> None:
    """Evict idle tables now and then; wake the bots of tables whose bots another process
    drove, in case it has gone."""
    while True:
        await asyncio.sleep(max(1.0, min(30.0, rooms.idle_timeout / 2)))
        rooms.evict_idle()
        rooms.wake_all()


def _default_replacement(game_id: str) -> str:
    """The bot that takes a resigned seat unless the creator chose one."""
    return "heuristic" if "heuristic" in bot_names(game_id) else "random"


def _known_game(game_id: str) -> str:
    if game_id not in GAMES:
        raise Refused(404, f"unknown game {game_id[:64]!r} (known games: {', '.join(sorted(GAMES))})")
    return game_id


@cache
def _catalogue(game_id: str) -> dict[str, Any]:
    game = get_game(game_id)
    texts: dict[str, Any] = game.catalogue(game.make_options({"players": max(2, game.info.min_players)}))
    return texts


@cache
def _game_info(game_id: str) -> dict[str, Any]:
    game = get_game(game_id)
    info = game.info
    schema = game.options_model.model_json_schema()
    for name in PATH_OPTIONS:  # a deck path is for the terminal, never the web
        schema.get("properties", {}).pop(name, None)
    return {"id": game_id, "title": info.title, "min_players": info.min_players,
            "max_players": info.max_players, "summary": info.summary, "bots": bot_names(game_id),
            "options": schema}


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def _seat_link(request: Request, table_id: str, token: str) -> str:
    return f"{_base(request)}/t/{table_id}?token={token}"


def _links(request: Request, new: NewTable) -> dict[str, Any]:
    """Every link of a new table: the only time its secrets are shown."""
    base, row = _base(request), new.row
    seats = []
    for s in row.seats:
        entry: dict[str, Any] = {"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot}
        token = new.tokens.get(s.seat)
        if token:
            entry["token"] = token
            entry["link"] = _seat_link(request, row.id, token)
        seats.append(entry)
    # The hot seat's tokens ride in the fragment: a browser never sends it to any server.
    fragment = ",".join(f"{seat}.{token}" for seat, token in new.tokens.items())
    return {
        "table": row.id, "game": row.game, "owner_token": new.owner_key, "seats": seats,
        "seed_chosen": row.seed_chosen,
        "owner_link": f"{base}/t/{row.id}/owner?key={new.owner_key}",
        "hotseat_link": f"{base}/t/{row.id}/hotseat?key={new.owner_key}#tokens={fragment}",
        "spectator_link": f"{base}/t/{row.id}/watch",
        "replay_link": f"{base}/t/{row.id}/replay",
    }


def _owner_view(request: Request, room: Room, key: str) -> dict[str, Any]:
    base, row = _base(request), room.row
    seats = [{"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot, "resigned": s.resigned,
              "person": s.human, "away": round(room.away_for(s.seat)) if s.kind == "human" else None}
             for s in row.seats]
    return {
        "table": row.id, "game": row.game, "seq": room.seq, "over": room.over, "seats": seats,
        "replacement_bot": row.replacement_bot, "seed_chosen": row.seed_chosen, "hints": row.hints,
        "owner_link": f"{base}/t/{row.id}/owner?key={key}",
        "hotseat_link": f"{base}/t/{row.id}/hotseat?key={key}",
        "spectator_link": f"{base}/t/{row.id}/watch",
        "replay_link": f"{base}/t/{row.id}/replay",
    }


def _page(templates: Jinja2Templates, request: Request, room: Room, mode: str, **extra: Any) -> HTMLResponse:
    config = {"table": room.row.id, "game": room.row.game, "mode": mode, "title": room.game.info.title,
              "token": extra.get("token"), "key": extra.get("key"), "people": extra.get("people"),
              "hints": room.row.hints}
    script = Path(HERE / "static" / "games" / f"{room.row.game}.js")
    return templates.TemplateResponse(request, "table.html", {
        "config": config, "title": room.game.info.title, "mode": mode,
        "renderer": f"/static/games/{room.row.game}.js" if script.exists() else None})
