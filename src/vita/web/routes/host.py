"""For the host: liveness and readiness."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from vita.web.context import Ctx

router = APIRouter()


@router.get("/healthz", tags=["host"])
def healthz() -> dict[str, str]:
    """The process answers (liveness): no database query, no authentication."""
    return {"status": "ok"}


@router.get("/readyz", tags=["host"], responses={503: {"description": "not ready: the reason"}})
async def readyz(ctx: Ctx) -> JSONResponse:
    """The process can serve (readiness): the database answers, its schema is current and
    the server is not stopping. 503 with the reason otherwise."""
    problem = "the server is stopping" if ctx.tables.stopping else await ctx.store.ready()
    if problem:
        return JSONResponse({"status": "not ready", "error": problem}, status_code=503,
                            headers={"retry-after": "1"})
    return JSONResponse({"status": "ready"})
