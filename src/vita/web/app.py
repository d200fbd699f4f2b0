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
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from vita import __version__
from vita.web import errors, metrics
from vita.web.bots import BotPool
from vita.web.context import Context, Limit
from vita.web.errors import GuardBody, RefuseWhileStopping, SecurityHeaders
from vita.web.mail import Mailer, SmtpSettings
from vita.web.metrics import RequestTimes
from vita.web.routes import games, host, pages, play
from vita.web.routes import tables as table_routes
from vita.web.security import RateLimit, keep_secrets_out_of_logs
from vita.web.store import Store
from vita.web.tables import Tables

HERE = Path(__file__).parent


def create_app(db: str | None = None, *, data_dir: str = "data", bot_delay: float = 0.4,
               away_timeout: float = 60.0, store: Store | None = None, allow_chosen_seed: bool = False,
               bot_pool: BotPool | None = None, bot_workers: int | None = None, bot_budget: float = 5.0,
               idle_timeout: float = 600.0, table_rate: tuple[int, float] = (20, 60.0),
               busy_timeout: float = 5.0, study_rate: tuple[int, float] = (120, 60.0),
               deadline_tick: float = 5.0, clock_offset: float = 0.0, smtp: SmtpSettings | None = None,
               mail_retry: float = 1.0) -> FastAPI:
    """The app, storing in ``db`` (a URL or SQLite path; default: ``vita.sqlite`` in ``data_dir``).

    ``allow_chosen_seed`` lets a table's creator choose its seed; ``table_rate`` caps the tables one
    client may create (count per seconds), ``study_rate`` the analyses and hints one client
    may ask for (each runs a search in a bot worker); ``bot_budget`` caps a bot's thinking
    time per move, and an analysis's; ``deadline_tick`` is how often the server looks for moves
    past their time limit, ``clock_offset`` moves the clock those limits read (tests only);
    ``smtp``: where turn mail goes out (``None``: no mail, no address field), ``mail_retry`` the
    first pause before a failed mail is tried again.
    It reads no environment: ``vita serve`` turns its options (and their environment
    variables) into these arguments. The routes are in :mod:`vita.web.routes`, one router per
    area; they reach the tables, the store and the settings through :class:`Context`.
    """
    if store is None:
        folder = Path(data_dir)
        folder.mkdir(parents=True, exist_ok=True)
        store = Store.open(db or str(folder / "vita.sqlite"), busy_timeout=busy_timeout)
    own_pool = bot_pool is None
    pool = bot_pool or BotPool(bot_workers, budget=bot_budget)
    tables = Tables(store, pool, bot_delay=bot_delay, away_timeout=away_timeout, idle_timeout=idle_timeout,
                    deadline_tick=deadline_tick, clock_offset=clock_offset,
                    mailer=Mailer(smtp, retry_base=mail_retry) if smtp is not None else None)
    keep_secrets_out_of_logs()

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        tables.start()
        await tables.resume()
        sweeper = asyncio.create_task(_sweep(tables))
        try:
            yield
        finally:
            sweeper.cancel()
            await tables.close()
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
    app.state.tables = tables
    app.state.store = store
    app.state.pool = pool
    app.add_middleware(GuardBody)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(RefuseWhileStopping, stopping=lambda: tables.stopping)
    app.add_middleware(RequestTimes)
    metrics.track_live(lambda: len(tables.live), tables.open_sockets)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    templates = Jinja2Templates(directory=HERE / "templates")
    errors.install(app, templates)

    app.state.context = Context(
        tables=tables, store=store, pool=pool, templates=templates, allow_chosen_seed=allow_chosen_seed,
        creations=Limit(RateLimit(*table_rate), "tables created"),
        studies=Limit(RateLimit(*study_rate), "analyses asked for"))
    for area in (host, games, table_routes, play, pages):
        app.include_router(area.router)
    return app


async def _sweep(tables: Tables) -> None:
    """Evict idle tables now and then; wake the bots of tables whose bots another process
    drove, in case it has gone."""
    while True:
        await asyncio.sleep(max(1.0, min(30.0, tables.idle_timeout / 2)))
        tables.evict_idle()
        tables.wake_all()
