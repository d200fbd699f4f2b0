"""A finished game looked at again, decision by decision, by the search bot (``vita replay
FILE --analyse``): what ``ismcts`` would have chosen, with its estimate of the outcome for the
seat (+1 first ... -1 last) of that action and of the one played. Each decision is searched
from what that seat could see then (the search deals the hidden cards from its information
set), so the analysis shows a player nothing its seat did not know.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from vita.core.record import GameRecord, replay_steps, start
from vita.core.search import ISMCTSBot
from vita.core.state import Game

TURNING_POINT = 0.3  # an action this much below the search's choice is marked


@dataclass(frozen=True)
class Decision:
    """One decision of the game as the search saw it."""

    number: int  # the action's number in the record, from 1
    seat: int
    played: str
    played_value: float | None  # None: the search never tried it
    best: str
    best_value: float

    @property
    def loss(self) -> float:
        return self.best_value - (self.played_value if self.played_value is not None else -1.0)

    def line(self, name: str) -> str:
        played = f"{self.played_value:+.2f}" if self.played_value is not None else "not tried"
        mark = "  ◆ turning point" if self.loss >= TURNING_POINT else ""
        if self.best == self.played or (self.played_value is not None and self.played_value >= self.best_value):
            return f"{self.number:>4}. {name}: {self.played} ({played}; the search finds nothing better){mark}"
        return (f"{self.number:>4}. {name}: {self.played} ({played}); the search: {self.best} "
                f"({self.best_value:+.2f}){mark}")


def analyse(game: Game[Any, Any], record: GameRecord, iters: int = 200, depth: int | None = None,
            seed: int = 1) -> Iterator[Decision]:
    """Every decision of the record with more than one legal action, searched."""
    state = start(game, record, log=False)
    bot = ISMCTSBot(game, seed=seed, iters=iters, depth=depth)
    for index, seat, action in replay_steps(state, record.actions):
        # replay_steps yields each action before applying it: ``state`` is the position it was taken in.
        if len(state.legal_actions(seat)) > 1:
            values = bot.values(state, seat)
            best = max(values, key=lambda text: values[text])
            played = values.get(str(action))
            yield Decision(index + 1, seat, str(action), played[1] if played else None, best, values[best][1])
