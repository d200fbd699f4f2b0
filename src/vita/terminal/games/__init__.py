"""Each game's drawing for the terminal, kept out of the game packages (which import no
front-end library): ``render(view, seat, compact=False)`` returns a rich renderable.

:func:`renderer` finds the drawing of a game by its id; a game without one here may offer
its own (:meth:`vita.core.game.Game.terminal_renderer`, for games from other packages), else
the terminal shows the view as it is.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from vita.core.game import Game

RENDERERS: Mapping[str, str] = {
    "pursuit": "vita.terminal.games.pursuit",
    "pursuit-cards": "vita.terminal.games.pursuit_cards",
    "cv": "vita.terminal.games.cv",
    "our-life": "vita.terminal.games.our_life",
}


def renderer(game: Game[Any, Any]) -> Any:
    """The terminal drawing of ``game`` (``None``: the generic display)."""
    module = RENDERERS.get(game.info.id)
    if module is not None:
        return importlib.import_module(module).render
    return game.terminal_renderer()
