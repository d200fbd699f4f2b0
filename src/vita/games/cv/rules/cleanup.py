"""Cleanup (rulebook: "Phases of each round", 5).

"The player moves all cards on the track to the left to fill any empty spaces, and then deals
new cards from the appropriate deck ... At the end of a round (after the turn of the player
sitting to the right of the player with the bicycle), the leftmost card is discarded from the
track before adding new cards. Note! In the 2-player game this should be done after each
player's turn." Then the player updates their tokens.

When a deck runs out while the track is refilled, the game stops for "Social assistance"
(:mod:`.social_assistance`); then the track is refilled from the next deck. What follows a
cleanup (the next turn, the next round, the end) is the game's flow (:mod:`vita.games.cv.flow`).
"""

from __future__ import annotations

from typing import Final

from vita.core.tuples import replaced
from vita.games.cv.rules.social_assistance import eligible
from vita.games.cv.state import CvState
from vita.games.cv.steps import ASSIST, TRACK_SIZE

AGE_DECKS: Final = ("early adulthood", "middle age", "old age")


def update_tokens(state: CvState, seat: int) -> None:
    """Cleanup: "Then the player updates their tokens. The player should have tokens with exactly
    the symbols shown on the effect area of their CV's active cards."
    """
    state.tokens[seat] = state.active_icons(seat)


def end_of_round(state: CvState) -> bool:
    """The turn of the player sitting to the right of the Bicycle's holder ends a round."""
    return state.turn == (state.starter - 1) % state.num_players


def cleanup(state: CvState) -> bool:
    """Discard the track's leftmost card at the end of a round (every turn with 2 players), then
    refill. True once the track is full; False while social assistance is asked for."""
    if state.track and (end_of_round(state) or state.num_players == 2):
        discarded = state.track.pop(0)
        state.box.append(discarded)
        if state.log is not None:
            state.say(f"{state.deck.card(discarded).title} is discarded from the track.")
    state.refilling = True
    return refill(state)


def refill(state: CvState) -> bool:
    """Fill the track from the current deck; a deck running out calls for social assistance.
    True once the track is filled (or the decks are empty); False while assistance is asked for."""
    if state.assist:
        state.step = ASSIST
        return False
    track = state.track
    while len(track) < TRACK_SIZE:
        age = next((age for age, deck in enumerate(state.decks) if deck), -1)
        if age < 0:
            break
        deck = state.decks[age]
        track.append(deck[-1])
        deck = deck[:-1]
        state.decks = replaced(state.decks, age, deck)
        if not deck:
            state.assist = eligible(state)
            if state.log is not None:
                who = ", ".join(state.name(s) for s in state.assist) or "nobody"
                state.say(f"The {AGE_DECKS[age]} deck has run out: social assistance for {who}.")
            if state.assist:
                state.step = ASSIST
                return False
    state.refilling = False
    return True
