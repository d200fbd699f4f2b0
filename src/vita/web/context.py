"""What every route works with, assembled once by :func:`vita.web.app.create_app` and handed
to the routes as a dependency (``ctx: Ctx``): the live tables, the store, the bot pool, the
page templates, the server's settings and its rate limits."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends
from fastapi.templating import Jinja2Templates
from starlette.requests import HTTPConnection

from vita.web.bots import BotPool
from vita.web.errors import Refused
from vita.web.security import RateLimit
from vita.web.store import Store
from vita.web.tables import Tables


@dataclass
class Limit:
    """A rate limit per client address on one kind of request (``what``, as the refusal says it)."""

    rate: RateLimit
    what: str

    def check(self, connection: HTTPConnection) -> None:
        """Count the request, or refuse it (429, with when to try again)."""
        client = connection.client.host if connection.client else "unknown"
        wait = self.rate.wait(client)
        if wait:
            raise Refused(429, f"too many {self.what} from your address: try again in {wait:.0f} s",
                          headers={"retry-after": str(int(wait) + 1)})


@dataclass
class Context:
    tables: Tables
    store: Store
    pool: BotPool
    templates: Jinja2Templates
    allow_chosen_seed: bool
    creations: Limit
    studies: Limit


def context_of(connection: HTTPConnection) -> Context:
    context: Context = connection.app.state.context
    return context


Ctx = Annotated[Context, Depends(context_of)]
