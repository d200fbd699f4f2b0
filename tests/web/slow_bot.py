"""A bot that never finishes thinking (to test budgets), importable by bot worker processes."""

from __future__ import annotations

import time

from vita.core.state import Action, State


class SlowBot:
    name = "slow"

    def choose(self, state: State, seat: int) -> Action:
        while True:
            time.sleep(0.01)


class BrokenBot:
    name = "broken"

    def choose(self, state: State, seat: int) -> Action:
        raise RuntimeError("this bot always fails")
