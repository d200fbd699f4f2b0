"""The bots a game offers, by name, and how one is made from its name.

A game's own bots (:meth:`Game.bots`), its strength ladder (:meth:`Game.ladder`), the generic
bots every game has (:data:`~vita.core.bots.GENERIC_BOTS`) and the search bots with their
budget after their name (``ismcts:iters=300``). :mod:`vita.registry` finds the game by its id
and asks here; everything in this module takes the game itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from vita.core.bots import GENERIC_BOTS, Bot, ErringBot
from vita.core.game import Game
from vita.core.search import ISMCTSBot, MCTSBot, parse_parameters

SEARCH_BOTS: Final[Mapping[str, type[ISMCTSBot]]] = {"ismcts": ISMCTSBot, "mcts": MCTSBot}
"""Search bots that play every game, by name; their budget follows the name (``ismcts:iters=300``)."""


def bot_names(game: Game[Any, Any]) -> list[str]:
    """The bots offered by name at a table: the strength ladder (``easy`` … ``expert``), then
    the random bot and the game's own (other search budgets come through make_bot)."""
    return [*game.ladder(), *GENERIC_BOTS, *game.bots()]


def make_bot(game: Game[Any, Any], name: str, seed: int) -> Bot:
    """A bot by name for ``game``, seeded with ``seed``: a rung of the game's ladder
    (``hard``), a search bot with its budget after its name (``ismcts:iters=2000``,
    ``ismcts:time=1s``, :mod:`vita.core.search`), or any bot that errs now and then
    (``heuristic:mistakes=0.3``). The bot is named as asked; :class:`KeyError` or
    :class:`ValueError` for a name that makes no bot."""
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
            raise KeyError(f"unknown bot {name!r} for {game.info.id} (known bots: {known})")
        if parameters:
            raise ValueError(f"the {base} bot takes no {', '.join(parameters)} (only mistakes=)")
        bot = factories[base](seed)
    if mistakes is not None:
        bot = ErringBot(bot, mistakes, seed)
    bot.name = name
    return bot


def knows_bot(game: Game[Any, Any], name: str) -> bool:
    """Whether ``name`` makes a bot for ``game`` (a search bot with its budget included)."""
    try:
        make_bot(game, name, 0)
    except (KeyError, ValueError):
        return False
    return True
