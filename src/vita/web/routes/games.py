"""The games this server plays: their options, card texts and where their rules come from."""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter

from vita.registry import GAMES, bot_names, get_game
from vita.web.errors import Refused
from vita.web.tables import PATH_OPTIONS

router = APIRouter()


@router.get("/api/games", tags=["games"])
def list_games() -> list[dict[str, Any]]:
    """Every game: id, title, player counts, bots, and the JSON schema of its options."""
    return [game_info(game_id) for game_id in GAMES]


@router.get("/api/games/{game_id}/catalogue", tags=["games"])
def catalogue(game_id: str) -> dict[str, Any]:
    """Card texts by id, to show a card's full text on hover."""
    return _catalogue(known_game(game_id))


@router.get("/api/games/{game_id}/rules", tags=["games"])
def rules(game_id: str) -> dict[str, Any]:
    """Where each kind of action comes from in the rulebook: ``{"source": file, "actions":
    {first word of the notation: {"section", "quote", "source"}}}``."""
    return get_game(known_game(game_id)).rulebook().model_dump()


def known_game(game_id: str) -> str:
    if game_id not in GAMES:
        raise Refused(404, f"unknown game {game_id[:64]!r} (known games: {', '.join(sorted(GAMES))})")
    return game_id


@cache
def _catalogue(game_id: str) -> dict[str, Any]:
    game = get_game(game_id)
    texts: dict[str, Any] = game.catalogue(game.make_options({"players": max(2, game.info.min_players)}))
    return texts


@cache
def game_info(game_id: str) -> dict[str, Any]:
    game = get_game(game_id)
    info = game.info
    schema = game.options_model.model_json_schema()
    for name in PATH_OPTIONS:  # a deck path is for the terminal, never the web
        schema.get("properties", {}).pop(name, None)
    return {"id": game_id, "title": info.title, "min_players": info.min_players,
            "max_players": info.max_players, "summary": info.summary, "bots": bot_names(game_id),
            "options": schema}
