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

from vita.core.bots import Bot, BotFactory, RandomBot
from vita.core.search import ISMCTSBot, MCTSBot, parse_parameters
from vita.core.state import Game

GAMES: Mapping[str, str] = {
    "pursuit": "vita.games.pursuit",
    "pursuit-cards": "vita.games.pursuit_cards",
    "cv": "vita.games.cv",
    "our-life": "vita.games.our_life",
}
"""Game id → package exposing ``GAME``."""

GENERIC_BOTS: Mapping[str, BotFactory] = {
    "random": RandomBot,
}
"""Bots that play every game."""

SEARCH_BOTS: Mapping[str, type[ISMCTSBot]] = {"ismcts": ISMCTSBot, "mcts": MCTSBot}
"""Search bots that play every game, by name; their budget follows the name (``ismcts:iters=300``)."""


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
    """The bots offered by name at a table (the search bots, by budget, come through make_bot)."""
    return [*GENERIC_BOTS, *get_game(game_id).bots()]


def make_bot(game_id: str, name: str, seed: int) -> Bot:
    """A bot by name for ``game_id``, seeded with ``seed``. A search bot takes its budget
    after its name: ``ismcts:iters=2000``, ``ismcts:time=1s`` (:mod:`vita.core.search`)."""
    base, _, parameters = name.partition(":")
    if base in SEARCH_BOTS:
        return SEARCH_BOTS[base](get_game(game_id), seed=seed, **parse_parameters(parameters))
    factories = {**GENERIC_BOTS, **get_game(game_id).bots()}
    try:
        factory = factories[name]
    except KeyError:
        known = ", ".join([*factories, *SEARCH_BOTS])
        raise KeyError(f"unknown bot {name!r} for {game_id} (known bots: {known})") from None
    return factory(seed)
