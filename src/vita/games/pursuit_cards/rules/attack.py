"""Rulebook section "Attack Procedure".

The attacker names his Spade meld, its power and the opponent's meld attacked. The
defender may answer, out of turn, with Club activation cards: at most one per Club meld
per attack (a Club meld can defend again against a later attack, and a Club meld that
is attacked can defend itself). The defence is subtracted from the attack; if the net
power is positive, the attacker takes that many cards, one at a time, from the ends of
the meld as it remains (never spilling onto another meld). A meld left with fewer than
3 cards is discarded; its owner chooses the order of two remnants.
"""

from __future__ import annotations

from vita.games.pursuit_cards.actions import Capture, Defend, Pass, Remnant
from vita.games.pursuit_cards.cards import CLUBS, JOKER, long_name, natural
from vita.games.pursuit_cards.rules.melds import MIN_LENGTH, Meld
from vita.games.pursuit_cards.rules.play import play_to_temp
from vita.games.pursuit_cards.state import CAPTURE, DEFEND, MAIN, REMNANT, CardsState


def begin_attack(state: CardsState, spade_meld: int, target: int, power: int) -> None:
    state.attack = (spade_meld, target, power, 0)
    state.defender = state.meld(target).owner
    state.used_clubs = ()
    state.step = DEFEND
    if not defend_options(state):
        resolve(state)


def defend_options(state: CardsState) -> list[Defend]:
    """Club activation cards the defender can still play against this attack."""
    seat = state.defender
    hand = state.hands[seat]
    if sum(hand) < 2:  # a card always stays in hand ("Discards")
        return []
    options = []
    for meld in state.melds:
        if meld.owner != seat or meld.suit != CLUBS or meld.id in state.used_clubs:
            continue
        for position, entry in enumerate(meld.cards, start=1):
            kind = entry % 100
            if hand[kind]:
                options.append(Defend(kind, meld.id, position))
            if hand[JOKER]:
                options.append(Defend(100 + kind, meld.id, position))
    return options


def defend(state: CardsState, seat: int, action: Defend) -> None:
    assert state.attack is not None
    spade, target, power, defence = state.attack
    play_to_temp(state, seat, action.card)
    state.used_clubs = (*state.used_clubs, action.meld)
    state.attack = (spade, target, power, defence + action.position)
    state.say(f"{state.name(seat)} defends with the {long_name(action.card)} on the "
              f"{state.meld(action.meld).words()} (power {action.position}).")
    if not defend_options(state):
        resolve(state)


def stop_defending(state: CardsState, seat: int, action: Pass) -> None:
    resolve(state)


def resolve(state: CardsState) -> None:
    assert state.attack is not None
    _, target, power, defence = state.attack
    net = power - defence
    meld = state.meld(target)
    if net <= 0:
        state.say(f"The attack on {state.name(meld.owner)}'s {meld.words()} has no effect ({power} against {defence}).")
        finish(state)
        return
    capture = min(net, len(meld.cards))
    if capture < net:
        state.say(f"Only {capture} of the {net} points of attack can be used: the rest is wasted.")
    state.capture_left = capture
    if capture == len(meld.cards):
        while meld.cards:
            take_card(state, meld, "back")
        after_capture(state)
    else:
        state.step = CAPTURE


def capture(state: CardsState, seat: int, action: Capture) -> None:
    assert state.attack is not None
    take_card(state, state.meld(state.attack[1]), action.end)
    if state.capture_left == 0:
        after_capture(state)


def take_card(state: CardsState, meld: Meld, end: str) -> None:
    words = meld.words() if state.log is not None else ""
    entry = meld.cards[0 if end == "front" else -1]
    meld.cards = meld.cards[1:] if end == "front" else meld.cards[:-1]
    state.hands[state.turn][natural(entry)] += 1
    state.capture_left -= 1
    state.say(f"{state.name(state.turn)} captures the {long_name(entry)} from {state.name(meld.owner)}'s {words}.")


def after_capture(state: CardsState) -> None:
    """A meld left with fewer than 3 cards is discarded, in the order its owner chooses."""
    assert state.attack is not None
    meld = state.meld(state.attack[1])
    if len(meld.cards) >= MIN_LENGTH:
        finish(state)
        return
    state.melds.remove(meld)
    remnants = [natural(e) for e in meld.cards]
    if len(remnants) == 2 and remnants[0] != remnants[1]:
        state.remnant = tuple(remnants)
        state.step = REMNANT
        return
    for card in remnants:
        state.temp.append(card)
    if remnants:
        state.say(f"m{meld.id} is broken: the {' and the '.join(long_name(c) for c in remnants)} "
                  "go to the discard pile.")
    finish(state)


def remnant(state: CardsState, seat: int, action: Remnant) -> None:
    first = action.card
    second = state.remnant[1] if state.remnant[0] == first else state.remnant[0]
    state.temp += [first, second]
    state.remnant = ()
    assert state.attack is not None
    state.say(f"m{state.attack[1]} is broken: the {long_name(first)} then the "
              f"{long_name(second)} go to the discard pile.")
    finish(state)


def finish(state: CardsState) -> None:
    state.attack = None
    state.defender = -1
    state.used_clubs = ()
    state.capture_left = 0
    state.step = MAIN

