"""Our Life's flow: what follows every action. While the players use their actions, a player
with nothing left to use is done; when every player is done the round ends ("Happiness
Scoring", "Personal Goals", "Game End": :mod:`.rules.round_end`), which renews the display
for the next round or ends the game."""

from __future__ import annotations

from vita.games.our_life.rules.round_end import end_round
from vita.games.our_life.rules.use import can_act
from vita.games.our_life.state import OurLifeState
from vita.games.our_life.steps import USE


def advance(state: OurLifeState) -> None:
    """After an action while using actions: finish the turns of players with nothing left to
    use, and end the round when everybody is done."""
    if state.step != USE:
        return
    while not state.prompts:
        if all(state.done):
            end_round(state)
            return
        seat = state.done.index(False)
        if can_act(state, seat):
            return
        state.done[seat] = True
