"""Bad luck (rulebook: "Phases of each round", 3).

"For every 3 bad luck symbols which a player has from dice and tokens, the player suffers
misfortune. The player must choose and discard one active (lying on top) card from their
CV." Bad luck paid for Pension still counts ("the player can still use 2 of those bad lucks
to buy this card"); bad luck changed by Trip around the world no longer does. A Life
Insurance played from the hand avoids one loss. Lost cards go to the box.
"""

from __future__ import annotations

from vita.core.state import Action
from vita.core.tuples import replaced, without
from vita.games.cv.actions import Lose, Play
from vita.games.cv.cards import BAD_LUCK
from vita.games.cv.rules.add_to_cv import add_to_cv
from vita.games.cv.state import CvState
from vita.games.cv.steps import MISFORTUNE, MISFORTUNE_EVERY


def after_selection(state: CvState) -> None:
    """Count the misfortunes, then go on to Add to CV when there is nothing to lose."""
    state.misfortunes = (state.pool[BAD_LUCK] + state.bad_spent) // MISFORTUNE_EVERY
    if state.misfortunes and state.log is not None:
        state.say(f"{state.name(state.turn)} suffers {state.misfortunes} misfortune(s).")
    _next(state)


def _next(state: CvState) -> None:
    if state.misfortunes and state.active(state.turn):
        state.step = MISFORTUNE
        return
    state.misfortunes = 0  # nothing left to lose
    add_to_cv(state)


def insurance(state: CvState, seat: int) -> list[int]:
    card = state.deck.card
    return [n for n in dict.fromkeys(state.hands[seat]) if card(n).when == "misfortune"]


def misfortune_options(state: CvState, seat: int) -> list[Action]:
    options: list[Action] = [Lose(n) for n in state.active(seat)]
    options += [Play(n) for n in insurance(state, seat)]
    return options


def lose(state: CvState, seat: int, action: Lose) -> None:
    number = action.card
    stacks = state.cv[seat]
    for kind, stack in enumerate(stacks):
        if stack and stack[-1] == number:
            state.cv[seat] = replaced(stacks, kind, stack[:-1])
            break
    state.box.append(number)
    state.misfortunes -= 1
    if state.log is not None:
        card = state.deck.card(number)
        state.say(f"Misfortune: {state.name(seat)} loses {card.title}.")
    _next(state)


def insure(state: CvState, seat: int, number: int) -> None:
    state.hands[seat] = without(state.hands[seat], number)
    state.box.append(number)
    state.misfortunes -= 1
    if state.log is not None:
        state.say(f"{state.name(seat)} plays {state.deck.card(number).title}: no card is lost.")
    _next(state)


