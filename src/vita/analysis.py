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

from vita.core.game import Game
from vita.core.record import GameRecord, replay_steps, start
from vita.core.search import ISMCTSBot
from vita.core.state import JSON, State

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
    before: tuple[float, ...] = ()  # each seat's outlook before the move (0 surely last ... 1 surely first)
    after: tuple[float, ...] | None = None  # ... and after the move played (None: the search never tried it)

    @property
    def loss(self) -> float:
        return self.best_value - (self.played_value if self.played_value is not None else -1.0)

    def line(self, name: str) -> str:
        played = f"{self.played_value:+.2f}" if self.played_value is not None else "not tried"
        mark = "  ◆ turning point" if self.loss >= TURNING_POINT else ""
        outlook = ""
        if self.before:
            after = "/".join(f"{c:.0%}" for c in self.after) if self.after is not None else "?"
            outlook = f"  [outlook {'/'.join(f'{c:.0%}' for c in self.before)} → {after}]"
        if self.best == self.played or (self.played_value is not None and self.played_value >= self.best_value):
            return f"{self.number:>4}. {name}: {self.played} ({played}; the search finds nothing better){outlook}{mark}"
        return (f"{self.number:>4}. {name}: {self.played} ({played}); the search: {self.best} "
                f"({self.best_value:+.2f}){outlook}{mark}")


def analyse(game: Game[Any, Any], record: GameRecord, iters: int = 200, depth: int | None = None,
            seed: int = 1) -> Iterator[Decision]:
    """Every decision of the record with more than one legal action, searched."""
    state = start(game, record, log=False)
    bot = ISMCTSBot(game, seed=seed, iters=iters, depth=depth)
    for index, seat, action in replay_steps(state, record.actions):
        # replay_steps yields each action before applying it: ``state`` is the position it was taken in.
        found = study(game, state, seat, str(action), bot=bot)
        if found is not None:
            yield Decision(index + 1, seat, str(action), found["played_value"], found["best"], found["best_value"],
                           tuple(found["before"]), None if found["after"] is None else tuple(found["after"]))


SHOWN = 5  # the actions a study lists, most searched first


def study(game: Game[Any, Any], state: State, seat: int, played: str | None = None, *,
          bot: ISMCTSBot | None = None) -> JSON | None:
    """One decision looked at by the search from what ``seat`` can see (``None``: the seat has
    only one legal action): the bot's choice (what it would play, its playout bot's move where
    that stands), the most searched actions with the seat's expected outcome after each (+1
    first ... -1 last), and each seat's outlook (0 surely last ... 1 surely first; with two
    players, its chance to win) before the move and after ``played`` (or after the bot's
    choice). The search is the
    game's ``hard`` rung unless ``bot`` is given; its budget is iterations, so a study is the
    same every time."""
    if len(state.legal_actions(seat)) < 2:
        return None
    if bot is None:
        from vita.registry import make_bot

        made = make_bot(game.info.id, "hard", 1)
        assert isinstance(made, ISMCTSBot)
        bot = made
    before, tried, choice = bot.study(state, seat)
    ranked = sorted(tried, key=lambda text: (-tried[text][0], -tried[text][1]))
    best = choice if choice in tried else ranked[0]
    after = tried.get(played if played is not None else best)
    return {
        "seat": seat, "best": best, "best_value": round(tried[best][1], 3),
        "played": played, "played_value": None if after is None or played is None else round(after[1], 3),
        "before": [round(c, 3) for c in before],
        "after": None if after is None else [round(c, 3) for c in after[2]],
        "options": [{"action": text, "visits": tried[text][0], "value": round(tried[text][1], 3)}
                    for text in ranked[:SHOWN]],
    }
