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

from vita.core.bots import GENERIC_BOTS, Bot, ErringBot
from vita.core.search import ISMCTSBot, MCTSBot, parse_parameters
from vita.core.state import Game

GAMES: Mapping[str, str] = {
    "pursuit": "vita.games.pursuit",
    "pursuit-cards": "vita.games.pursuit_cards",
    "cv": "vita.games.cv",
    "our-life": "vita.games.our_life",
}
"""Game id → package exposing ``GAME``."""

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
    """The bots offered by name at a table: the strength ladder (``easy`` … ``expert``), then
    the random bot and the game's own (other search budgets come through make_bot)."""
    game = get_game(game_id)
    return [*game.ladder(), *GENERIC_BOTS, *game.bots()]


def make_bot(game_id: str, name: str, seed: int) -> Bot:
    """A bot by name for ``game_id``, seeded with ``seed``: a rung of the game's ladder
    (``hard``), a search bot with its budget after its name (``ismcts:iters=2000``,
    ``ismcts:time=1s``, :mod:`vita.core.search`), or any bot that errs now and then
    (``heuristic:mistakes=0.3``). The bot is named as asked."""
    game = get_game(game_id)
    spec = game.ladder().get(name, name)
    base, _, text = spec.partition(":")
    parameters = parse_parameters(text)
    mistakes = parameters.pop("mistakes", None)
    bot: Bot
    if base in SEARCH_BOTS:
        bot = SEARCH_BOTS[base](game, seed=seed, **parameters)
    else:
        factories = {**GENERIC_BOTS, **game.bots()}
        if base not in factories:
            known = ", ".join([*game.ladder(), *factories, *SEARCH_BOTS])
            raise KeyError(f"unknown bot {name!r} for {game_id} (known bots: {known})")
        if parameters:
            raise ValueError(f"the {base} bot takes no {', '.join(parameters)} (only mistakes=)")
        bot = factories[base](seed)
    if mistakes is not None:
        bot = ErringBot(bot, mistakes, seed)
    bot.name = name
    return bot
