"""Cleanup (rulebook: "Phases of each round", 5) and the end of a turn.

"The player moves all cards on the track to the left to fill any empty spaces, and then deals
new cards from the appropriate deck ... At the end of a round (after the turn of the player
sitting to the right of the player with the bicycle), the leftmost card is discarded from the
track before adding new cards. Note! In the 2-player game this should be done after each
player's turn." Then the player updates their tokens.

When a deck runs out while the track is refilled, the game stops for "Social assistance"
(:mod:`.social_assistance`); then the track is refilled from the next deck. At the end of a
round the game may end (:mod:`.game_end`).
"""

from __future__ import annotations

from vita.games.cv import game_end
from vita.games.cv.dice import start_turn
from vita.games.cv.social_assistance import eligible
from vita.games.cv.state import CvState
from vita.games.cv.steps import ASSIST, TRACK_SIZE

AGE_DECKS = ("early adulthood", "middle age", "old age")


def resume(state: CvState) -> None:
    """Go on once no card waits to be placed: start the game, refill, or clean up."""
    if state.round == 0:
        start_game(state)
    elif state.refilling:
        refill(state)
    else:
        cleanup(state)


def update_tokens(state: CvState, seat: int) -> None:
    """Cleanup: "Then the player updates their tokens. The player should have tokens with exactly
    the symbols shown on the effect area of their CV's active cards."
    """
    state.tokens[seat] = state.active_icons(seat)


def start_game(state: CvState) -> None:
    """The Bicycle's holder starts and keeps the bicycle token."""
    state.round = 1
    state.turn = state.starter
    for seat in range(state.num_players):
        update_tokens(state, seat)
    start_turn(state)


def end_of_round(state: CvState) -> bool:
    return state.turn == (state.starter - 1) % state.num_players


def cleanup(state: CvState) -> None:
    if state.track and (end_of_round(state) or state.num_players == 2):
        discarded = state.track.pop(0)
        state.box.append(discarded)
        if state.log is not None:
            state.say(f"{state.deck.card(discarded).title} is discarded from the track.")
    state.refilling = True
    refill(state)


def refill(state: CvState) -> None:
    """Fill the track from the current deck; a deck running out calls for social assistance."""
    if state.assist:
        state.step = ASSIST
        return
    track = state.track
    while len(track) < TRACK_SIZE:
        deck = next((d for d in state.decks if d), None)
        if deck is None:
            break
        track.append(deck.pop())
        if not deck:
            age = state.decks.index(deck)
            state.assist = eligible(state)
            if state.log is not None:
                who = ", ".join(state.name(s) for s in state.assist) or "nobody"
                state.say(f"The {AGE_DECKS[age]} deck has run out: social assistance for {who}.")
            if state.assist:
                state.step = ASSIST
                return
    state.refilling = False
    finish_turn(state)


def finish_turn(state: CvState) -> None:
    update_tokens(state, state.turn)
    if end_of_round(state) and game_end.is_over(state):
        return
    n = state.num_players
    state.turn = (state.turn + 1) % n
    if state.turn == state.starter:
        state.round += 1
    start_turn(state)
