"""Social assistance (rulebook: "Social assistance").

"Each time 1 of the 3 decks runs out, momentarily interrupt the game to check if any players
are eligible for social assistance. A player is eligible if some other player has at least
twice as many CV cards ... [they] can immediately take any card from the track without paying
the cost ... (However, any special conditions on the card must still be met to take it.)
Players using social assistance take their cards in clockwise order, starting with the
player who is just finishing their turn." Eligibility is settled once, when the deck runs
out (:func:`vita.games.cv.rules.cleanup.refill` asks); taking a card is optional.
"""

from __future__ import annotations

from vita.core.state import Action
from vita.core.tuples import replaced
from vita.games.cv.actions import NO_ASSIST, Assist
from vita.games.cv.cards import EVENT, TYPES, WORK
from vita.games.cv.rules.payment import type_choices, type_of
from vita.games.cv.state import CvState


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
    """Take a card from the track for free, or none; the card waits to join the CV (the rules
    table then goes on placing, and with the cleanup: :mod:`.table`)."""
    state.assist.pop(0)
    if not action.card:
        if state.log is not None:
            state.say(f"{state.name(seat)} takes no card.")
        return
    card = state.deck.card(action.card)
    state.track.remove(action.card)
    kind = type_of(card, action.as_type)
    if state.log is not None:
        state.say(f"Social assistance: {state.name(seat)} takes {card.title} as {TYPES[kind]}.")
    if kind == EVENT:
        state.hands[seat] = (*state.hands[seat], action.card)
    else:
        if kind == WORK and card.no_more_work:
            state.retired = replaced(state.retired, seat, True)
        state.placing.append((seat, action.card, kind))
