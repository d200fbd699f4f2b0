"""A search bot that notes where each of its playouts stopped, for the tests of where playouts
end (``rounds=N``, ``depth=N``)."""

from __future__ import annotations

from typing import Any

from vita.core import Rng
from vita.core.search import ISMCTSBot
from vita.core.state import State


class Recorder(ISMCTSBot):
    """Notes each playout's stop: (the game's round there, over or not, moves played, the
    position)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.stops: list[tuple[int | None, bool, int, State]] = []

    def _playout(self, deal: State, rng: Rng, until: int | None = None) -> list[float]:
        start = deal.ply
        outcome = super()._playout(deal, rng, until)
        self.stops.append((self.game.round_of(deal), deal.is_over(), deal.ply - start, deal))
        return outcome
