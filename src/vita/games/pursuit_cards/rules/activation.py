"""Rulebook sections "Activating a Meld" and "Effects of Activating Melds".

A card identical to a card of one of your melds (a Joker declared as that card)
activates the meld; its power is the position of that card in the meld as it stands
(the first card laid out is position 1). Each meld is activated at most once a turn,
and only before the player melds. Clubs are activated only in defence ("Attack
Procedure").

* Hearts: length of the meld × power, in Happiness points.
* Diamonds: ``power`` cards, taken first from the top of the discard pile (only cards
  that were there when the turn began: not the temporary pile) as the player wishes,
  the rest from the stock; all of them must be taken.
* Spades: an attack of ``power`` on one meld of an opponent (:mod:`.attack`).
"""

from __future__ import annotations

from typing import Final

from vita.core.shared import keep
from vita.games.pursuit_cards.actions import Activate, Take
from vita.games.pursuit_cards.cards import CLUBS, DIAMONDS, HEARTS, JOKER, SPADES, long_name
from vita.games.pursuit_cards.rules.attack import begin_attack
from vita.games.pursuit_cards.rules.play import draw_stock, name_list, play_to_temp
from vita.games.pursuit_cards.state import DIAMOND, MAIN, CardsState

_ACTIVATE: Final[dict[int, Activate]] = {}


def _activate(card: int, meld: int, position: int, target: int) -> Activate:
    """The shared ``Activate`` value (:mod:`vita.core.shared`), by one number: the card (below
    256), the meld, the position (1-5) and the target (from -1)."""
    key = ((meld * 8 + position) * 256 + card) * 65536 + target + 1
    action = _ACTIVATE.get(key)
    return action if action is not None else keep(_ACTIVATE, key, Activate(card, meld, position, target))


def activate_options(state: CardsState, seat: int) -> list[Activate]:
    """Every activation open to the player whose turn it is."""
    if state.melded:
        return []
    hand = state.hands[seat]
    if sum(hand) < 2:  # a card must stay for the discard
        return []
    jokers = hand[JOKER]
    targets = [m.id for m in state.melds if m.owner != seat]
    options = []
    for meld in state.melds:
        if meld.owner != seat or meld.suit == CLUBS or meld.id in state.activated:
            continue
        if meld.suit == SPADES and not targets:
            continue
        aims = targets if meld.suit == SPADES else [-1]
        for position, entry in enumerate(meld.cards, start=1):
            kind = entry % 100
            cards = ([kind] if hand[kind] else []) + ([100 + kind] if jokers else [])
            for played in cards:
                options += [_activate(played, meld.id, position, aim) for aim in aims]
    return options


def activate(state: CardsState, seat: int, action: Activate) -> None:
    meld = state.meld(action.meld)
    play_to_temp(state, seat, action.card)
    state.activated = (*state.activated, meld.id)
    power = action.position
    who = state.name(seat)
    played = f"the {long_name(action.card)}"
    if meld.suit == HEARTS:
        points = len(meld.cards) * power
        state.happiness[seat] += points
        state.say(f"{who} activates the {meld.words()} with {played} (power {power}): "
                  f"{len(meld.cards)} × {power} = {points} Happiness.")
    elif meld.suit == DIAMONDS:
        state.say(f"{who} activates the {meld.words()} with {played} (power {power}).")
        state.diamond_owed = power
        if state.available:
            state.step = DIAMOND
        else:
            take(state, seat, Take(0))
    else:
        target = state.meld(action.target)
        state.say(f"{who} activates the {meld.words()} with {played}: an attack of power "
                  f"{power} on {state.name(target.owner)}'s {target.words()}.")
        begin_attack(state, meld.id, action.target, power)


def take_options(state: CardsState) -> list[Take]:
    return [Take(k) for k in range(min(state.diamond_owed, state.available) + 1)]


def take(state: CardsState, seat: int, action: Take) -> None:
    """Diamonds: the chosen cards from the top of the discard pile, the rest from the stock."""
    taken = [state.discard.pop() for _ in range(action.from_discard)]
    state.available -= action.from_discard
    for card in taken:
        state.hands[seat][card] += 1
    drawn = draw_stock(state, seat, state.diamond_owed - action.from_discard)
    state.diamond_owed = 0
    state.step = MAIN
    if state.log is not None:
        public = f"{state.name(seat)} takes {name_list(taken)} from the discard pile"
        state.say(f"{public} and {len(drawn)} card(s) from the stock.",
                  [(seat, f"{public} and {name_list(drawn)} from the stock.")])

