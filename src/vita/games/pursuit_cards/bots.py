"""A heuristic bot for the Pursuit of Happiness card game.

It looks one action ahead on a determinised copy (it never sees other hands or the
stock) and values: Happiness, the Happiness its Heart melds will score in the turns
left, its other melds, and the cards in hand that can activate or extend its melds,
against the same for the best opponent.
"""

from __future__ import annotations

import math
from typing import Final

from vita.core.rng import Rng
from vita.core.state import Action, State
from vita.games.pursuit_cards.cards import DECLARED, HEARTS, JOKER, KINDS, suit_of
from vita.games.pursuit_cards.state import CardsState


def turns_left(state: CardsState) -> float:
    """A rough count of each player's turns still to come."""
    cards = len(state.stock) + (state.passes - state.pass_no) * (len(state.discard) + 30)
    return cards / (3 * state.num_players)


def strength(state: CardsState, seat: int, horizon: float) -> float:
    hand = state.hands[seat]
    score = float(state.happiness[seat])
    wanted: set[int] = set()
    for meld in state.melds:
        if meld.owner != seat:
            continue
        if meld.suit == HEARTS:
            score += len(meld.cards) * min(horizon, 6.0)
        else:
            score += 1.5 * len(meld.cards)
        wanted.update(entry % DECLARED for entry in meld.cards)
    if state.pending and state.turn == seat:
        # A meld being laid card by card is worth what it will be once laid: without this,
        # its first card (out of the hand, in no meld yet) looks like a loss, and the bot
        # would never start a meld.
        per_card = min(horizon, 6.0) if suit_of(state.pending[0]) == HEARTS else 1.5
        score += per_card * len(state.pending)
    for kind in range(KINDS):
        if hand[kind]:
            score += 0.9 if kind in wanted else 0.3
    return score + 1.2 * hand[JOKER]


def value(state: CardsState, seat: int) -> float:
    horizon = turns_left(state)
    mine = strength(state, seat, horizon)
    others = [strength(state, s, horizon) for s in range(state.num_players) if s != seat]
    return mine - max(others)


PROSPECT_SCALE: Final = 8.0
"""The lead in :func:`value` (Happiness to come, roughly) that :func:`prospects` counts as
three quarters of a win."""


def prospects(state: CardsState) -> list[float]:
    """Each seat's prospects from +1 to -1: its :func:`value` squashed by ``tanh``, what a
    search scores a playout by when it stops early (``Game.evaluate``)."""
    return [math.tanh(value(state, seat) / PROSPECT_SCALE) for seat in range(state.num_players)]


class HeuristicBot:
    """One-action lookahead with :func:`value`, on determinised copies."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, CardsState)
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        world = state.determinize(seat, self.rng)
        world.log = None
        best, best_value = actions[0], float("-inf")
        for action in actions:
            after = world.clone()
            after.apply_trusted(seat, action)
            score = value(after, seat) + self.rng.below(1000) * 1e-6
            if score > best_value:
                best, best_value = action, score
        return best
