"""Add to CV (rulebook: "Phases of each round", 4) and "Cards with a cost" (the red slash).

"Cards of the same type are stacked so that only the titles of earlier cards are visible.
The card on top of a stack is active." Health, relationship and knowledge cards "can go onto
the top of the stack, or under any card in the stack"; possession and work cards always go
on top; "purchased event cards remain in a player's hand".

A red-slash cost "must be paid each turn, in the Add to CV phase. If the player cannot pay
the cost ... then the card is lost and goes to the box. Dice & tokens which were used earlier
in the player's turn to buy cards cannot be reused for paying costs." The cards that pay are
the ones active when the phase begins, before the cards just bought join the CV; a card that
becomes active because the one above it was lost pays from the next turn on (docs/games/cv.md,
"Readings").

Placing a card is also how childhood cards and social assistance join a CV; a placement is
asked of the player only when there is a choice (a second colour, or a stack to slide under).
"""

from __future__ import annotations

from typing import Final

from vita.core.shared import keep
from vita.core.state import Action
from vita.core.tuples import replaced
from vita.games.cv.actions import Place
from vita.games.cv.cards import BAD_LUCK, EVENT, FREE_PLACING, SYMBOLS, TYPES, WORK
from vita.games.cv.flow import resume
from vita.games.cv.rules.payment import affordable, pay
from vita.games.cv.state import CvState
from vita.games.cv.steps import PLACE

_NO_EVENTS: Final = [0] * len(SYMBOLS)


def add_to_cv(state: CvState) -> None:
    seat = state.turn
    pay_paid_costs(state, seat)
    for number, kind in state.bought:
        if kind == EVENT:
            state.hands[seat] = (*state.hands[seat], number)
        else:
            state.placing.append((seat, number, kind))
    state.bought = []
    place_next(state)


def pay_paid_costs(state: CvState, seat: int) -> None:
    """Each active card with a red-slash cost pays it from what is left, or goes to the box."""
    card_of = state.deck.card
    for kind, stack in enumerate(state.cv[seat]):
        if not stack:
            continue
        card = card_of(stack[-1])
        if card.paid is None:
            continue
        if affordable(card.paid_items, card.paid[BAD_LUCK], state.pool, _NO_EVENTS):
            pay(card.paid, state.pool, [0] * len(SYMBOLS))  # no event pays a red-slash cost
            if state.log is not None:
                state.say(f"{state.name(seat)} pays the cost of {card.title}.")
        else:
            state.box.append(stack[-1])
            state.cv[seat] = replaced(state.cv[seat], kind, stack[:-1])
            if state.log is not None:
                state.say(f"{state.name(seat)} cannot pay the cost of {card.title}: it goes to the box.")


def place_options(state: CvState, seat: int, number: int, kind: int) -> list[Action]:
    card = state.deck.card(number)
    kinds = [kind] if kind >= 0 else list(card.types)
    named = -1 if kind >= 0 else 0
    options: list[Action] = []
    for t in kinds:
        as_type = t if named == 0 else -1
        options.append(_place(number, 0, as_type))
        if t in FREE_PLACING:
            options += [_place(number, under, as_type) for under in state.cv[seat][t]]
    return options


_PLACES: Final[dict[int, Place]] = {}


def _place(number: int, under: int, as_type: int) -> Place:
    """The shared ``Place`` value (:mod:`vita.core.shared`), by one number: the card, the card
    it goes under (numbers below 256) and the type (from -1)."""
    key = (number * 256 + under) * 8 + as_type + 1
    action = _PLACES.get(key)
    return action if action is not None else keep(_PLACES, key, Place(number, under, as_type))


def place_next(state: CvState) -> None:
    """Place waiting cards that have one way to go; ask about the first that has several."""
    while state.placing:
        seat, number, kind = state.placing[0]
        options = place_options(state, seat, number, kind)
        if len(options) > 1:
            state.step = PLACE
            return
        place(state, seat, options[0])  # type: ignore[arg-type]
    resume(state)


def place(state: CvState, seat: int, action: Place) -> None:
    _, number, kind = state.placing.pop(0)
    card = state.deck.card(number)
    kind = kind if kind >= 0 else action.as_type
    stack = state.cv[seat][kind]
    at = stack.index(action.under) if action.under else len(stack)
    state.cv[seat] = replaced(state.cv[seat], kind, (*stack[:at], number, *stack[at:]))
    if kind == WORK and card.no_more_work:
        state.retired = replaced(state.retired, seat, True)
    if seat != state.turn or state.round == 0:
        # Outside one's own turn (childhood, social assistance) the tokens follow at once.
        state.tokens[seat] = state.active_icons(seat)
    if state.log is not None:
        where = f"under {state.deck.card(action.under).title}" if action.under else "on top"
        state.say(f"{state.name(seat)} adds {card.title} to their {TYPES[kind]} stack, {where}.")


def choose_place(state: CvState, seat: int, action: Place) -> None:
    place(state, seat, action)
    place_next(state)
