"""Where ``vita play GAME`` finds games and bots: a table, not import side effects.

Each of vita's games is one package under :mod:`vita.games`, which exposes ``GAME`` (its
:class:`~vita.core.game.Game`). A game from another installed package joins through the
entry-point group ``vita.games`` (docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import cache
from importlib import metadata
from typing import Any

from vita.core import roster
from vita.core.bots import Bot
from vita.core.game import Game

BUILT_IN: Mapping[str, str] = {
    "pursuit": "vita.games.pursuit:GAME",
    "pursuit-cards": "vita.games.pursuit_cards:GAME",
    "cv": "vita.games.cv:GAME",
    "our-life": "vita.games.our_life:GAME",
}
"""The games that ship with vita (also declared in its ``vita.games`` entry points)."""

ENTRY_POINTS = "vita.games"
"""The entry-point group through which an installed package adds a game: the entry's name is
the game id, its value the :class:`~vita.core.game.Game` object (``package.module:GAME``)."""


GAMES: dict[str, str] = {}
"""Game id → where its ``Game`` object is (``module:attribute``): vita's own and every
installed package's (entry-point group ``vita.games``), found when vita is imported, in every
process (the web server's bot workers and the simulation's workers included)."""


def discover() -> None:
    """Find the installed games again (after a package was installed in a running process)."""
    found = dict(BUILT_IN)
    for entry in metadata.entry_points(group=ENTRY_POINTS):
        found.setdefault(entry.name, entry.value)
    GAMES.clear()
    GAMES.update(found)


discover()


@cache
def get_game(game_id: str) -> Game[Any, Any]:
    """The game registered as ``game_id``; :class:`KeyError` with the known ids if none."""
    try:
        where = GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {game_id!r} (known games: {known})") from None
    module_name, _, attribute = where.partition(":")
    game = getattr(importlib.import_module(module_name), attribute or "GAME")
    if not isinstance(game, Game):
        raise TypeError(f"{where} (game {game_id!r}) is not a vita Game")
    if game.info.id != game_id:
        raise ValueError(f"{where} is the game {game.info.id!r}, registered as {game_id!r}")
    return game


def bot_names(game_id: str) -> list[str]:
    """The bots offered by name at a table (:func:`vita.core.roster.bot_names`)."""
    return roster.bot_names(get_game(game_id))


def make_bot(game_id: str, name: str, seed: int) -> Bot:
    """A bot by name for the game ``game_id`` (:func:`vita.core.roster.make_bot`)."""
    return roster.make_bot(get_game(game_id), name, seed)
