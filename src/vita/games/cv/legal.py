"""Legal actions, reasons for refusals, and their wording.

Each step offers its own kind of action (see :mod:`.steps`); a submitted action is legal
when it is among the options the rule modules generate, and otherwise :func:`why_illegal`
finds the most useful reason.
"""

from __future__ import annotations

from typing import Final

from vita.core.errors import Reason
from vita.core.state import Action
from vita.games.cv.actions import (
    Assist,
    Buy,
    Done,
    Friend,
    Keep,
    Lose,
    Magician,
    Place,
    Play,
    Reroll,
    Stop,
    Trip,
)
from vita.games.cv.cards import BAD_LUCK, GOOD_LUCK, SYMBOLS, TYPES
from vita.games.cv.rules import add_to_cv, bad_luck, dice, payment, select, setup, social_assistance
from vita.games.cv.state import CvState
from vita.games.cv.steps import (
    ASSIST,
    DRAFT,
    LUCK_PRICE,
    MAX_BUYS,
    MISFORTUNE,
    OVER,
    PLACE,
    ROLL,
    SELECT,
    USED_FRIEND,
    USED_MAGICIAN,
    USED_PSYCHOTHERAPY,
    USED_TRIP,
)


def legal_actions(state: CvState, seat: int) -> list[Action]:
    step = state.step
    if step == ROLL:
        return dice.roll_options(state, seat) if seat == state.turn else []
    if step == SELECT:
        return select.select_options(state, seat) if seat == state.turn else []
    if step == MISFORTUNE:
        return bad_luck.misfortune_options(state, seat) if seat == state.turn else []
    if step == PLACE:
        who, number, kind = state.placing[0]
        return add_to_cv.place_options(state, seat, number, kind) if seat == who else []
    if step == ASSIST:
        return social_assistance.assist_options(state, seat) if seat == state.assist[0] else []
    if step == DRAFT:
        return setup.draft_options(state, seat)
    return []


# -- why an action is refused ----------------------------------------------------------------

_EXPECTED: Final[dict[int, tuple[type | tuple[type, ...], str]]] = {
    DRAFT: (Keep, "choose a childhood card to keep: 'keep <card>'"),
    ROLL: ((Reroll, Play, Stop), "reroll dice ('reroll 1 3'), play a Zoo trip ('play <card>') or 'stop'"),
    SELECT: ((Buy, Play, Magician, Trip, Friend, Done),
             "buy a card ('buy <card>'), play an event, use a card's ability, or 'done'"),
    MISFORTUNE: ((Lose, Play), "lose an active card ('lose <card>') or play a Life Insurance ('play <card>')"),
    PLACE: (Place, "place the card: 'place <card> top' or 'place <card> under <card>'"),
    ASSIST: (Assist, "take a card for free ('assist <card>') or 'assist none'"),
}


def why_illegal(state: CvState, seat: int, action: Action) -> str | None:
    if state.step == OVER:
        return Reason("the game is over", "game-over")
    movers = state.to_move()
    if seat not in movers:
        waiting = ", ".join(state.name(s) for s in movers)
        return Reason(f"{state.name(seat)} is not asked to act now (waiting for {waiting})", "not-your-turn")
    if action in legal_actions(state, seat):
        return None
    kinds, expected = _EXPECTED[state.step]
    if not isinstance(action, kinds):
        return Reason(expected, "wrong-step")
    return _reason(state, seat, action) or Reason(f"'{action}' is not possible now: {expected}", "illegal")


def _reason(state: CvState, seat: int, action: Action) -> Reason | None:
    deck = state.deck
    if isinstance(action, Keep):
        return Reason(f"card {action.card} is not among your childhood cards to choose from", "not-offered")
    if isinstance(action, Reroll):
        return _why_reroll(state, seat, action)
    if isinstance(action, Play):
        if action.card not in state.hands[seat]:
            return Reason(f"card {action.card} is not in your hand", "not-in-hand")
        card = deck.card(action.card)
        if state.step == SELECT:
            return select.event_refused(state, card)
        if state.step == ROLL and card.when == "roll":
            return Reason("you already have 7 dice, the most there can be", "max-dice")
        return Reason(f"{card.title} cannot be played now", "wrong-moment")
    if isinstance(action, Buy):
        return _why_buy(state, seat, action)
    if isinstance(action, Magician | Trip | Friend):
        return _why_ability(state, seat, action)
    if isinstance(action, Lose):
        return Reason(f"card {action.card} is not an active card of your CV", "not-active")
    if isinstance(action, Place):
        return _why_place(state, seat, action)
    if isinstance(action, Assist):
        if action.card not in state.track:
            return Reason(f"card {action.card} is not on the track", "not-on-track")
        return _why_type(state, seat, action.card, action.as_type)
    return None


def _why_reroll(state: CvState, seat: int, action: Reroll) -> Reason | None:
    if not state.rerolls:
        return Reason("you have no throws left this turn", "no-rerolls")
    for index in action.positions():
        if index >= len(state.dice):
            return Reason(f"there is no die {index + 1}: you have {len(state.dice)} dice", "no-such-die")
        if state.dice[index] == BAD_LUCK:
            if state.used & USED_PSYCHOTHERAPY:
                return Reason("Psychotherapy has already let you reroll bad luck this turn", "frozen")
            return Reason(f"die {index + 1} shows bad luck: it is frozen", "frozen")
    return None


def _why_type(state: CvState, seat: int, number: int, as_type: int) -> Reason | None:
    card = state.deck.card(number)
    if as_type >= 0 and as_type not in card.types:
        if len(card.types) == 1:
            return Reason(f"{card.title} has one type ({TYPES[card.types[0]]}): leave out 'as ...'", "wrong-type")
        return Reason(f"{card.title} is {' or '.join(TYPES[t] for t in card.types)}", "wrong-type")
    if as_type < 0 and len(card.types) > 1:
        return Reason(f"{card.title} has two colours: say which it becomes "
                      f"('as {TYPES[card.types[0]]}' or 'as {TYPES[card.types[1]]}')", "choose-type")
    return payment.condition_refused(state, seat, card, payment.type_of(card, as_type))


def _why_buy(state: CvState, seat: int, action: Buy) -> Reason | None:
    if len(state.bought) >= MAX_BUYS:
        return Reason("you have already taken 2 cards this turn", "max-cards")
    if action.card not in state.track:
        return Reason(f"card {action.card} is not on the track", "not-on-track")
    refused = _why_type(state, seat, action.card, action.as_type)
    if refused is not None:
        return refused
    card = state.deck.card(action.card)
    if action.luck:
        return Reason(f"you have {state.pool[GOOD_LUCK]} good luck; buying with luck takes {LUCK_PRICE}",
                      "not-enough-luck")
    missing = payment.missing(card.cost, state.pool, state.event_pool)
    return Reason(f"you cannot pay for {card.title}: {missing}", "cannot-pay")


def _why_ability(state: CvState, seat: int, action: Action) -> Reason:
    name, bit = {Magician: (select.MAGICIAN, USED_MAGICIAN), Trip: (select.TRIP, USED_TRIP),
                 Friend: (select.FRIEND, USED_FRIEND)}[type(action)]
    title = name.replace("-", " ").capitalize()
    if not dice.has_ability(state, seat, name):
        return Reason(f"you have no active {title} card", "no-ability")
    if state.used & bit:
        return Reason(f"{title} has already been used this turn", "used")
    if isinstance(action, Magician):
        return Reason(f"you have no {SYMBOLS[action.source]} symbol on a die or token to change", "no-symbol")
    if isinstance(action, Trip):
        return Reason("you have no bad luck on a die or token to change", "no-symbol")
    return Reason("that neighbour has no active work card showing that symbol", "no-symbol")


def _why_place(state: CvState, seat: int, action: Place) -> Reason | None:
    _, number, kind = state.placing[0]
    if action.card != number:
        return Reason(f"card {number} is the one to place now", "other-card")
    card = state.deck.card(number)
    if kind < 0 and action.as_type < 0:
        return Reason(f"{card.title} has two colours: 'place {number} as <type> top'", "choose-type")
    if kind >= 0 and action.as_type >= 0:
        return Reason(f"{card.title} is already a {TYPES[kind]} card: leave out 'as ...'", "wrong-type")
    target = kind if kind >= 0 else action.as_type
    if target not in card.types:
        return Reason(f"{card.title} is {' or '.join(TYPES[t] for t in card.types)}", "wrong-type")
    if action.under and action.under not in state.cv[seat][target]:
        return Reason(f"card {action.under} is not in your {TYPES[target]} stack", "not-in-stack")
    return Reason(f"a {TYPES[target]} card always goes on top of its stack", "on-top")


# -- wording ---------------------------------------------------------------------------------


