"""Select cards (rulebook: "Phases of each round", 2), with the cards that change symbols.

"The player can take 1 or 2 cards from the track ... The player must pay their cost, i.e.,
have the appropriate dice symbols as indicated by the costs on the cards." Symbols come
from the dice, the tokens, and event cards played from the hand ("Unused symbols from event
cards are lost"). "If a player has 3 good luck symbols (from their dice and tokens), then
these can be used to buy any card from the track, without paying the normal cost! If a
card's cost also includes some special condition, the player must still fulfill it."

How a cost is paid, and who may take what, is in :mod:`.payment`.
"""

from __future__ import annotations

from typing import Final

from vita.core.errors import Reason
from vita.core.state import Action
from vita.core.tuples import replaced, without
from vita.games.cv.actions import DONE, Buy, Done, Friend, Magician, Play, Trip
from vita.games.cv.cards import (
    BAD_LUCK,
    GOOD_LUCK,
    OLD,
    PLAIN,
    SYMBOLS,
    TYPES,
    WORK,
    Card,
)
from vita.games.cv.rules.bad_luck import after_selection
from vita.games.cv.rules.dice import abilities
from vita.games.cv.rules.payment import affordable, pay, type_choices, type_of
from vita.games.cv.state import CvState
from vita.games.cv.steps import LUCK_PRICE, MAX_BUYS, USED_FRIEND, USED_MAGICIAN, USED_TRIP

MAGICIAN, TRIP, FRIEND = "magician", "trip-around-the-world", "friend-from-work"
_MAGIC: Final = {(a, b): Magician(a, b) for a in PLAIN for b in PLAIN if a != b}
_TRIP: Final = {b: Trip(b) for b in PLAIN}
FRIEND_SYMBOLS: Final = (*PLAIN, GOOD_LUCK)


_BUYS: Final[dict[tuple[int, int, bool], Buy]] = {}


def _buy(number: int, as_type: int, luck: bool) -> Buy:
    """The one ``Buy`` value for these fields (made once: legal generation is hot)."""
    key = (number, as_type, luck)
    made = _BUYS.get(key)
    if made is None:
        made = _BUYS[key] = Buy(number, as_type, luck)
    return made


def buy_options(state: CvState, seat: int) -> list[Action]:
    if len(state.bought) >= MAX_BUYS:
        return []
    options: list[Action] = []
    pool, events = state.pool, state.event_pool
    lucky = pool[GOOD_LUCK] >= LUCK_PRICE
    cards = state.deck.cards
    retired = state.retired[seat]
    for number in state.track:
        card: Card = cards[number]  # type: ignore[assignment]
        if card.plain_take and not (retired and card.types[0] == WORK):
            kinds: list[int] = [-1]  # no condition can refuse it (type_choices would say the same)
        else:
            kinds = type_choices(state, seat, card)
            if not kinds:
                continue
        if affordable(card.cost_items, card.cost[BAD_LUCK], pool, events):
            options += [_buy(number, t, False) for t in kinds]
        if lucky:
            options += [_buy(number, t, True) for t in kinds]
    return options


def buy(state: CvState, seat: int, action: Buy) -> None:
    card = state.deck.card(action.card)
    if action.luck:
        state.pool[GOOD_LUCK] -= LUCK_PRICE
        how = "with 3 good luck"
    else:
        pay(card.cost, state.pool, state.event_pool)
        state.bad_spent += card.cost[BAD_LUCK]
        how = ""
    state.track.remove(action.card)
    kind = type_of(card, action.as_type)
    state.bought.append((action.card, kind))
    if kind == WORK and card.no_more_work:
        state.retired = replaced(state.retired, seat, True)
    if state.log is not None:
        colour = f" as {TYPES[kind]}" if action.as_type >= 0 else ""
        state.say(f"{state.name(seat)} takes {card.title}{colour}{' ' + how if how else ''}.")


# -- events played to buy ------------------------------------------------------------------------


def old_age(state: CvState) -> bool:
    """"Old age": at least one card from the old-age deck is on the track."""
    card = state.deck.card
    return any(card(n).age == OLD for n in state.track)


def event_refused(state: CvState, card: Card) -> Reason | None:
    if card.when != "select":
        moment = {"roll": "while rolling the dice", "misfortune": "against a misfortune"}.get(card.when, "")
        return Reason(f"{card.title} is played {moment}", "wrong-moment")
    if card.old_age_only and not old_age(state):
        return Reason(f"{card.title} can only be played in old age (an old-age card on the track)", "not-old-age")
    return None


def event_options(state: CvState, seat: int) -> list[Action]:
    if not state.hands[seat]:
        return []
    card = state.deck.card
    return [Play(n) for n in dict.fromkeys(state.hands[seat]) if event_refused(state, card(n)) is None]


def play_event(state: CvState, seat: int, number: int) -> None:
    card = state.deck.card(number)
    state.hands[seat] = without(state.hands[seat], number)
    state.box.append(number)
    for symbol in PLAIN:
        state.event_pool[symbol] += card.effect[symbol]
    if state.log is not None:
        state.say(f"{state.name(seat)} plays {card.title}.")


# -- Magician, Trip around the world, Friend from work -------------------------------------------


def magician_options(state: CvState, seat: int, active: set[str]) -> list[Action]:
    """Magician: "change one symbol on a die or token to any other, once per turn", never to or
    from good or bad luck."""
    if state.used & USED_MAGICIAN or MAGICIAN not in active:
        return []
    pool = state.pool
    return [_MAGIC[a, b] for a in PLAIN if pool[a] for b in PLAIN if b != a]


def magician(state: CvState, seat: int, action: Magician) -> None:
    state.pool[action.source] -= 1
    state.pool[action.target] += 1
    state.used |= USED_MAGICIAN
    if state.log is not None:
        state.say(f"{state.name(seat)}'s Magician turns a {SYMBOLS[action.source]} symbol into "
                  f"{SYMBOLS[action.target]}.")


def trip_options(state: CvState, seat: int, active: set[str]) -> list[Action]:
    """Trip around the world: "each turn it can change 1 bad luck symbol on a die or token into a
    health / relationship / knowledge / money"."""
    if state.used & USED_TRIP or not state.pool[BAD_LUCK] or TRIP not in active:
        return []
    return list(_TRIP.values())


def trip(state: CvState, seat: int, action: Trip) -> None:
    state.pool[BAD_LUCK] -= 1
    state.pool[action.target] += 1
    state.used |= USED_TRIP
    if state.log is not None:
        state.say(f"{state.name(seat)}'s Trip around the world turns a bad luck into {SYMBOLS[action.target]}.")


def neighbour(state: CvState, seat: int, side: int) -> int:
    """Side 0 is the player on the left (next in clockwise order), 1 the one on the right."""
    return (seat + (1 if side == 0 else -1)) % state.num_players


def friend_options(state: CvState, seat: int, active: set[str]) -> list[Action]:
    """Friend from work: one symbol of an active work card of either neighbour, each turn."""
    if state.used & USED_FRIEND or FRIEND not in active:
        return []
    options: list[Action] = []
    sides = (0,) if state.num_players == 2 else (0, 1)  # with two players both sides are one player
    for side in sides:
        work = state.cv[neighbour(state, seat, side)][WORK]
        if work:
            effect = state.deck.card(work[-1]).effect
            options += [Friend(side, s) for s in FRIEND_SYMBOLS if effect[s]]
    return options


def friend(state: CvState, seat: int, action: Friend) -> None:
    state.pool[action.symbol] += 1
    state.used |= USED_FRIEND
    if state.log is not None:
        other = state.name(neighbour(state, seat, action.side))
        state.say(f"{state.name(seat)}'s Friend from work uses a {SYMBOLS[action.symbol]} symbol of {other}'s job.")


def select_options(state: CvState, seat: int) -> list[Action]:
    options = buy_options(state, seat)
    options += event_options(state, seat)
    active = abilities(state, seat)
    if len(active) > 1 or "" not in active:
        options += magician_options(state, seat, active)
        options += trip_options(state, seat, active)
        options += friend_options(state, seat, active)
    options.append(DONE)
    return options


def done(state: CvState, seat: int, action: Done) -> None:
    state.event_pool = [0] * len(SYMBOLS)  # "Unused symbols from event cards are lost."
    after_selection(state)

