"""Cleanup (rulebook: "Phases of each round", 5), "Social assistance" and the end of a turn.

"The player moves all cards on the track to the left to fill any empty spaces, and then deals
new cards from the appropriate deck ... At the end of a round (after the turn of the player
sitting to the right of the player with the bicycle), the leftmost card is discarded from the
track before adding new cards. Note! In the 2-player game this should be done after each
player's turn." Then the player updates their tokens.

"Each time 1 of the 3 decks runs out, momentarily interrupt the game to check if any players
are eligible for social assistance. A player is eligible if some other player has at least
twice as many CV cards ... [they] can immediately take any card from the track without paying
the cost ... (However, any special conditions on the card must still be met to take it.)
Players using social assistance take their cards in clockwise order, starting with the
player who is just finishing their turn." Eligibility is settled once, when the deck runs
out; then the track is refilled from the next deck.

Game end: "If it's the end of a round, and (after refilling the track) the old age deck has
fewer cards remaining than the number of players, then the game is over."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vita.core.state import Action
from vita.games.cv.actions import NO_ASSIST, Assist
from vita.games.cv.add_to_cv import place_next, update_tokens
from vita.games.cv.cards import EVENT, TYPES, WORK
from vita.games.cv.dice import start_turn
from vita.games.cv.payment import type_choices, type_of
from vita.games.cv.steps import ASSIST, OVER, TRACK_SIZE

if TYPE_CHECKING:
    from vita.games.cv.state import CvState

AGE_DECKS = ("early adulthood", "middle age", "old age")
OLD_DECK = 2  # the old-age deck's place in CvState.decks


def resume(state: CvState) -> None:
    """Go on once no card waits to be placed: start the game, refill, or clean up."""
    if state.round == 0:
        start_game(state)
    elif state.refilling:
        refill(state)
    else:
        cleanup(state)


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


def eligible(state: CvState) -> list[int]:
    """Seats eligible for social assistance, clockwise from the one whose turn is ending."""
    n = state.num_players
    sizes = [state.cv_size(s) for s in range(n)]
    order = [(state.turn + i) % n for i in range(n)]
    # "At least twice as many": and more than none (two empty CVs are not twice each other).
    return [s for s in order if any(sizes[o] >= 2 * sizes[s] and sizes[o] > sizes[s] for o in range(n) if o != s)]


def assist_options(state: CvState, seat: int) -> list[Action]:
    options: list[Action] = []
    card_of = state.deck.card
    for number in state.track:
        options += [Assist(number, t) for t in type_choices(state, seat, card_of(number))]
    options.append(NO_ASSIST)
    return options


def assist(state: CvState, seat: int, action: Assist) -> None:
    state.assist.pop(0)
    if not action.card:
        if state.log is not None:
            state.say(f"{state.name(seat)} takes no card.")
        refill(state)
        return
    card = state.deck.card(action.card)
    state.track.remove(action.card)
    kind = type_of(card, action.as_type)
    if state.log is not None:
        state.say(f"Social assistance: {state.name(seat)} takes {card.title} as {TYPES[kind]}.")
    if kind == EVENT:
        state.hands[seat].append(action.card)
    else:
        if kind == WORK and card.no_more_work:
            state.retired[seat] = True
        state.placing.append((seat, action.card, kind))
    place_next(state)


def finish_turn(state: CvState) -> None:
    update_tokens(state, state.turn)
    n = state.num_players
    if end_of_round(state) and len(state.decks[OLD_DECK]) < n:
        state.step = OVER
        if state.log is not None:
            state.say("The old-age deck holds fewer cards than there are players: the game is over.")
        return
    state.turn = (state.turn + 1) % n
    if state.turn == state.starter:
        state.round += 1
    start_turn(state)
