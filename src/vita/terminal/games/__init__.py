"""Each game's drawing for the terminal, kept out of the game packages (which import no
front-end library).

A game's module here gives:

- ``render(view, seat)``: the whole table as a rich renderable (the `board` command);
- ``decision(view, seat, prompts)``: the parts of the table one decision needs, as
  :class:`~vita.terminal.screen.Block`\\s the most needed first (what the choices act on,
  then the seat's own state, then the others'), fitted to the window by the session;
- ``status(view, seat)``: where the game stands, for one line (round, phase, who acts);
- ``solo(view)``: whether this is the game's solo (or co-op) mode, whose target "how to win"
  then gives.

:func:`drawing` finds them by game id; a game without a module here may offer its own
``render`` (:meth:`vita.core.game.Game.terminal_renderer`, for games from other packages),
else the terminal shows the view as it is.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

from vita.core.game import Game
from vita.core.prompt import Prompt
from vita.terminal.screen import NEEDED, Block

JSON = dict[str, Any]

RENDERERS: Mapping[str, str] = {
    "pursuit": "vita.terminal.games.pursuit",
    "pursuit-cards": "vita.terminal.games.pursuit_cards",
    "cv": "vita.terminal.games.cv",
    "our-life": "vita.terminal.games.our_life",
}


@dataclass(frozen=True)
class Drawing:
    """A game's terminal drawing (see the module's text)."""

    render: Callable[[JSON, int | None], RenderableType]
    decision: Callable[[JSON, int, Sequence[Prompt]], list[Block]]
    status: Callable[[JSON, int | None], str]
    solo: Callable[[JSON], bool]


def drawing(game: Game[Any, Any]) -> Drawing:
    """The terminal drawing of ``game``."""
    module = RENDERERS.get(game.info.id)
    if module is not None:
        found = importlib.import_module(module)
        return Drawing(found.render, found.decision, found.status, found.solo)
    custom = game.terminal_renderer()
    render: Callable[[JSON, int | None], RenderableType] = custom or (lambda view, seat: Pretty(view))
    return Drawing(render, lambda view, seat, prompts: [Block(render(view, seat), NEEDED)],
                   lambda view, seat: "", lambda view: False)


def renderer(game: Game[Any, Any]) -> Callable[[JSON, int | None], RenderableType]:
    """The whole-table drawing of ``game`` (``render(view, seat)``)."""
    return drawing(game).render
