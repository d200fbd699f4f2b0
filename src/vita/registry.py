"""Where ``vita play GAME`` finds games and bots: a table, not import side effects.

Each game is one package under :mod:`vita.games`, which exposes ``GAME`` (its
:class:`~vita.core.state.Game`). A game that is not yet implemented is simply
absent from the table.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from typing import Any

from vita.core import roster
from vita.core.bots import Bot
from vita.core.state import Game

GAMES: Mapping[str, str] = {
    "pursuit": "vita.games.pursuit",
    "pursuit-cards": "vita.games.pursuit_cards",
    "cv": "vita.games.cv",
    "our-life": "vita.games.our_life",
}
"""Game id → package exposing ``GAME``."""


@cache
def get_game(game_id: str) -> Game[Any, Any]:
    """The game registered as ``game_id``; :class:`KeyError` with the known ids if none."""
    try:
        module_name = GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {game_id!r} (known games: {known})") from None
    game: Game[Any, Any] = importlib.import_module(module_name).GAME
    return game


def bot_names(game_id: str) -> list[str]:
    """The bots offered by name at a table (:func:`vita.core.roster.bot_names`)."""
    return roster.bot_names(get_game(game_id))


def make_bot(game_id: str, name: str, seed: int) -> Bot:
    """A bot by name for the game ``game_id`` (:func:`vita.core.roster.make_bot`)."""
    return roster.make_bot(get_game(game_id), name, seed)
