"""Rulebook section "Play of the Hand": drawing from the stock and its passes, and the
temporary pile.

A turn: score the Heart melds (1 point per card), draw 3 from the stock, play
activation cards, meld and extend, then discard exactly one card. The cards played
in a turn go to a temporary pile in the order played, which goes onto the discard
pile at the end of the turn.

A new stock is formed from the discard pile (the temporary pile joins it first) only
when a draw needs a card. The player who takes the last card of the last stock
finishes his turn and the game ends.
"""

from __future__ import annotations

from vita.games.pursuit_cards.cards import name, natural
from vita.games.pursuit_cards.state import CardsState


def draw_stock(state: CardsState, seat: int, count: int) -> list[int]:
    """Take up to ``count`` cards from the stock, forming a new stock when one is needed."""
    drawn = []
    hand = state.hands[seat]
    for _ in range(count):
        if not state.stock and not new_stock(state):
            break
        card = state.stock.pop()
        hand[card] += 1
        drawn.append(card)
        if not state.stock and state.pass_no == state.passes and not state.final:
            state.final = True
            state.say(f"{state.name(seat)} takes the last card of the last stock: this is the final turn.")
    return drawn


def new_stock(state: CardsState) -> bool:
    """Shuffle the discard pile (the temporary pile joins it first) into a new stock."""
    if state.pass_no >= state.passes:
        return False
    state.discard.extend(state.temp)
    state.temp = []
    if not state.discard:
        return False
    state.stock, state.discard = state.discard, []
    state.rng.shuffle(state.stock)
    state.available = 0
    state.pass_no += 1
    state.say(f"The discard pile is shuffled into a new stock (pass {state.pass_no} of {state.passes}).")
    return True


def play_to_temp(state: CardsState, seat: int, card: int) -> None:
    """A card leaves a hand for the temporary pile (a Joker goes as a Joker)."""
    state.hands[seat][natural(card)] -= 1
    state.temp.append(natural(card))


def name_list(cards: list[int]) -> str:
    return ", ".join(name(c) for c in cards) or "nothing"

