"""Playing a game out: seats driven by bots or people, each action recorded.

Front ends (terminal, web, simulation) all drive games through this loop, so
they cannot differ in how a game advances.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from vita.core.record import GameRecord
from vita.core.state import Action, State


class Agent(Protocol):
    """Whatever decides for a seat: a bot, a person at a terminal, a remote client."""

    def choose(self, state: State, seat: int) -> Action: ...


StepHook = Callable[[State, int, Action], None]


def next_seat(state: State) -> int:
    """The seat asked first among those that must act (simultaneous choices are taken in seat order)."""
    return state.to_move()[0]


def play_out(
    state: State,
    agents: Sequence[Agent],
    *,
    record: GameRecord | None = None,
    after_step: StepHook | None = None,
    max_steps: int | None = None,
) -> State:
    """Ask the agents for actions until the game ends (or ``max_steps`` are taken).

    Actions from agents are checked by :meth:`State.apply`, so a faulty agent
    cannot break a rule.
    """
    steps = 0
    while not state.is_over() and (max_steps is None or steps < max_steps):
        seat = next_seat(state)
        action = agents[seat].choose(state, seat)
        text = str(action)
        state.apply(action, seat)
        if record is not None:
            record.record(state, seat, text)
        if after_step is not None:
            after_step(state, seat, action)
        steps += 1
    return state
