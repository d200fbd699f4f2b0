"""The links a table's people are given: built from the address the request came to."""

from __future__ import annotations

from typing import Any

from starlette.requests import HTTPConnection

from vita.web.table import Table
from vita.web.tables import NewTable


def base(request: HTTPConnection) -> str:
    return str(request.base_url).rstrip("/")


def seat_link(request: HTTPConnection, table_id: str, token: str) -> str:
    return f"{base(request)}/t/{table_id}?token={token}"


def links(request: HTTPConnection, new: NewTable) -> dict[str, Any]:
    """Every link of a new table: the only time its secrets are shown."""
    root, row = base(request), new.row
    seats = []
    for s in row.seats:
        entry: dict[str, Any] = {"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot}
        token = new.tokens.get(s.seat)
        if token:
            entry["token"] = token
            entry["link"] = seat_link(request, row.id, token)
        seats.append(entry)
    # The hot seat's tokens ride in the fragment: a browser never sends it to any server.
    fragment = ",".join(f"{seat}.{token}" for seat, token in new.tokens.items())
    return {
        "table": row.id, "game": row.game, "owner_token": new.owner_key, "seats": seats,
        "seed_chosen": row.seed_chosen,
        "owner_link": f"{root}/t/{row.id}/owner?key={new.owner_key}",
        "hotseat_link": f"{root}/t/{row.id}/hotseat?key={new.owner_key}#tokens={fragment}",
        "spectator_link": f"{root}/t/{row.id}/watch",
        "replay_link": f"{root}/t/{row.id}/replay",
    }


def owner_view(request: HTTPConnection, table: Table, key: str) -> dict[str, Any]:
    root, row = base(request), table.row
    seats = [{"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot, "resigned": s.resigned,
              "person": s.human, "away": round(table.away_for(s.seat)) if s.kind == "human" else None}
             for s in row.seats]
    return {
        "table": row.id, "game": row.game, "seq": table.seq, "over": table.over, "seats": seats,
        "replacement_bot": row.replacement_bot, "seed_chosen": row.seed_chosen, "hints": row.hints,
        "owner_link": f"{root}/t/{row.id}/owner?key={key}",
        "hotseat_link": f"{root}/t/{row.id}/hotseat?key={key}",
        "spectator_link": f"{root}/t/{row.id}/watch",
        "replay_link": f"{root}/t/{row.id}/replay",
    }
