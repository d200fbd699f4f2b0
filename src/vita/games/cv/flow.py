"""CV's flow: what follows once no card waits to be placed (the start of the game after the
childhood draft, the cleanup, the next turn, the next round, the end), so that no rulebook
section calls back into another.

A turn ends with its cleanup (:mod:`.rules.cleanup`); then the player updates their tokens, a
round ends after the turn of the player to the right of the Bicycle's holder, and the game may
end there ("Game end", :mod:`.rules.game_end`); otherwise the next player rolls.
"""

from __future__ import annotations

from vita.games.cv.rules import game_end
from vita.games.cv.rules.cleanup import cleanup, end_of_round, refill, update_tokens
from vita.games.cv.rules.dice import start_turn
from vita.games.cv.state import CvState


def resume(state: CvState) -> None:
    """Go on once no card waits to be placed: start the game, refill, or clean up."""
    if state.round == 0:
        start_game(state)
    elif state.refilling:  # after social assistance: the track's refill goes on
        if refill(state):
            finish_turn(state)
    elif cleanup(state):
        finish_turn(state)


def start_game(state: CvState) -> None:
    """The Bicycle's holder starts and keeps the bicycle token."""
    state.round = 1
    state.turn = state.starter
    for seat in range(state.num_players):
        update_tokens(state, seat)
    start_turn(state)


def finish_turn(state: CvState) -> None:
    """The player updates their tokens; the round (and maybe the game) ends, or the next player
    rolls."""
    update_tokens(state, state.turn)
    if end_of_round(state) and game_end.is_over(state):
        return
    n = state.num_players
    state.turn = (state.turn + 1) % n
    if state.turn == state.starter:
        state.round += 1
    start_turn(state)
