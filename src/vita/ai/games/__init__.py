"""Each game's numbering of actions and observation for learning agents, kept out of the game
packages (which import no adapter library such as numpy).

:func:`interface` finds a game's by its id; a game without one here may offer its own
(:meth:`vita.core.game.Game.ai_interface`, for games from other packages), else the generic
encoding is used where the game lists its actions (:mod:`vita.ai.generic`).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Final

from vita.ai.generic import generic_interface
from vita.core.codec import ActionCodec, Observer
from vita.core.game import Game

ENCODINGS: Final[Mapping[str, str]] = {
    "pursuit": "vita.ai.games.pursuit",
    "pursuit-cards": "vita.ai.games.pursuit_cards",
    "cv": "vita.ai.games.cv",
    "our-life": "vita.ai.games.our_life",
}


def own_interface(game: Game[Any, Any], options: Any) -> tuple[ActionCodec, Observer] | None:
    """The game's own numbering and observer (``None``: it has none)."""
    module = ENCODINGS.get(game.info.id)
    if module is not None:
        made: tuple[ActionCodec, Observer] = importlib.import_module(module).interface_for(game, options)
        return made
    return game.ai_interface(options)


def interface(game: Game[Any, Any], options: Any) -> tuple[ActionCodec, Observer] | None:
    """The numbering and observer learning agents use for ``game`` with ``options``: its own,
    else the generic one (``None``: neither)."""
    return own_interface(game, options) or generic_interface(game, options)
