"""The encoding every game gets before it has its own: actions numbered from the complete
list of its notations (:meth:`Game.action_notations`), and a seat's observation made of the
numbers in its view (:meth:`State.view`), so it holds only what the seat may see."""

from __future__ import annotations

from typing import Any

from vita.core.codec import ActionCodec, NotationCodec, Observer
from vita.core.game import Game
from vita.core.state import State

Path = tuple[str | int, ...]


def generic_interface(game: Game[Any, Any], options: Any) -> tuple[ActionCodec, Observer] | None:
    """The generic action numbering and observer of ``game``; ``None`` if it lists no actions."""
    notations = game.action_notations(options)
    if notations is None:
        return None
    return NotationCodec(notations), ViewObserver(game.new_state(options, 0, log=False))


class ViewObserver:
    """Every number (and true or false) in a seat's view, in the order of their places in the
    view of a game's first position: a view whose shape changes as the game goes on (a list
    that grows) keeps the places it started with, a place that is gone reads 0."""

    def __init__(self, start: State) -> None:
        self.paths = _numbers(start.view(0), ())
        self.size = len(self.paths)

    def layout(self) -> list[tuple[str, int, str]]:
        return [(".".join(map(str, path)), 1, "a number of the seat's view") for path in self.paths]

    def observe(self, state: State, seat: int) -> list[float]:
        view = state.view(seat)
        return [_at(view, path) for path in self.paths]


def _numbers(value: Any, path: Path) -> list[Path]:
    if isinstance(value, bool | int | float):
        return [path]
    if isinstance(value, dict):
        return [p for key in sorted(value) for p in _numbers(value[key], (*path, key))]
    if isinstance(value, list):
        return [p for index, item in enumerate(value) for p in _numbers(item, (*path, index))]
    return []


def _at(view: Any, path: Path) -> float:
    for step in path:
        try:
            view = view[step]
        except (KeyError, IndexError, TypeError):
            return 0.0
    return float(view) if isinstance(view, bool | int | float) else 0.0
