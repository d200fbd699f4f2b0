"""A heuristic bot for CV.

It picks a target on the track (the card worth most to it that its dice could pay for), keeps
the dice that pay for it and rerolls the others, buys the cards worth most, plays an event
or a card's ability only when that lets it buy something, loses its least valuable active card
to misfortune (or plays a Life Insurance) and keeps its best card active. A card's worth is
what it adds to the final score: the scoring table, possession points, its life goals, and
its tokens for the turns left, less its red-slash cost.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from vita.core.rng import Rng
from vita.core.search import squashed_leads
from vita.core.state import Action, State
from vita.games.cv.actions import STOP, Assist, Buy, Done, Lose, Place, Play, Reroll
from vita.games.cv.cards import (
    ANY,
    BAD_LUCK,
    DIE,
    EVENT,
    FREE_PLACING,
    GOOD_LUCK,
    PLAIN,
    POSSESSION,
    REROLL,
    STACKS,
    Card,
)
from vita.games.cv.rules.dice import rerollable
from vita.games.cv.rules.game_end import breakdown, table_points
from vita.games.cv.rules.payment import type_of
from vita.games.cv.state import CvState
from vita.games.cv.steps import ASSIST, DRAFT, MISFORTUNE, PLACE, ROLL, SELECT


def turns_left(state: CvState) -> float:
    cards = sum(map(len, state.decks)) + len(state.track)
    return max(1.0, cards / (2.0 * state.num_players))


def horizon_of(state: CvState) -> float:
    """The turns ahead that a card's tokens are counted for."""
    return min(turns_left(state), 8.0)


def worth(state: CvState, seat: int, card: Card, kind: int, horizon: float | None = None) -> float:
    """What taking ``card`` as ``kind`` adds to ``seat``'s final score, roughly (``horizon``:
    :func:`horizon_of` the state, if the caller has it)."""
    if horizon is None:
        horizon = horizon_of(state)
    if kind == EVENT:
        return event_symbols(card) + (2.5 if card.when == "misfortune" else 0.0) \
            + (1.5 if card.when == "roll" else 0.0)
    value = 0.35 * horizon * income(card.effect) + (3.0 if card.ability else 0.0)
    if kind in FREE_PLACING:
        size = len(state.cv[seat][kind])
        value += table_points(size + 1 + card.doubles) - table_points(size)
    if kind == POSSESSION:
        value += card.points
    goal = state.deck.goals[state.goals[seat]]
    if not goal.per_token and kind < STACKS and goal.per_set[kind]:
        value += goal.points / goal.per_set[kind] * 0.8
    if card.paid:
        value -= 0.6 * horizon * sum(card.paid)
    return value


def income(icons: Sequence[int]) -> float:
    """What icons (``EFFECTS`` order: a card's effect, or a seat's tokens) bring each turn, in
    symbols: plain, good luck and any count 1, a bad luck -1, an extra die 1.5, a reroll 1."""
    health, relationship, knowledge, money = PLAIN
    return (icons[health] + icons[relationship] + icons[knowledge] + icons[money] + icons[GOOD_LUCK] + icons[ANY]
            - icons[BAD_LUCK] + 1.5 * icons[DIE] + icons[REROLL])


def event_symbols(card: Card) -> float:
    """An event card in hand: its plain symbols, each worth 0.6 (spent once)."""
    return 0.6 * sum(card.effect[s] for s in PLAIN)


PROSPECT_SCALE: Final = 8.0
"""The lead in :func:`values` (points, roughly) that :func:`prospects` counts as three quarters
of a win."""


def values(state: CvState) -> list[float]:
    """Each seat's points if the game ended now ("Scoring"), with what its active cards'
    tokens promise for the turns left and the symbols of the events in its hand, weighed as
    :func:`worth` weighs a card's."""
    rows = breakdown(state)
    if state.is_over():
        return [row["total"] for row in rows]
    horizon = horizon_of(state)
    card = state.deck.card
    found = []
    for seat, row in enumerate(rows):
        events = sum(event_symbols(card(n)) for n in state.hands[seat])
        found.append(row["total"] + 0.35 * horizon * income(state.tokens[seat]) + events)
    return found


def prospects(state: CvState) -> list[float]:
    """Each seat's prospects from +1 to -1 (``Game.evaluate``, where a search stops early):
    its :func:`values` against the best other seat's, squashed by ``tanh``."""
    return squashed_leads(values(state), PROSPECT_SCALE)


def static_worth(state: CvState, seat: int, number: int) -> float:
    card = state.deck.card(number)
    return max(worth(state, seat, card, kind) for kind in card.types)


class HeuristicBot:
    """Plays CV by the rules of thumb above; never looks at what its seat cannot see."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, CvState)
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        step = state.step
        if step == DRAFT:
            return max(actions, key=lambda a: static_worth(state, seat, a.card))  # type: ignore[attr-defined]
        if step == ROLL:
            return self._roll(state, seat, actions)
        if step == SELECT:
            return self._select(state, seat, actions)
        if step == MISFORTUNE:
            return self._misfortune(state, seat, actions)
        if step == PLACE:
            return self._place(state, seat, actions)
        if step == ASSIST:
            return max(actions, key=lambda a: self._assist_worth(state, seat, a))
        return actions[0]

    # -- rolling --------------------------------------------------------------------------------

    def _roll(self, state: CvState, seat: int, actions: list[Action]) -> Action:
        plays = [a for a in actions if isinstance(a, Play)]
        if plays:
            return plays[0]  # more dice are always welcome
        needed = self._target_needs(state, seat)
        keep = list(needed)
        mask = 0
        free = rerollable(state, seat)
        lucky = state.tokens[seat][GOOD_LUCK] + state.dice.count(GOOD_LUCK) >= 2
        for index, face in enumerate(state.dice):
            if not free >> index & 1:
                continue
            if face in PLAIN and keep[face] > 0:
                keep[face] -= 1
            elif face == GOOD_LUCK and lucky:
                continue
            else:
                mask |= 1 << index
        wanted = Reroll(mask)
        return wanted if mask and wanted in actions else STOP  # no throw left: Reroll is not offered

    def _target_needs(self, state: CvState, seat: int) -> list[int]:
        """The dice faces still needed for the best card on the track, after the tokens."""
        tokens = state.tokens[seat]
        best, best_value = None, 0.0
        horizon = horizon_of(state)
        for number in state.track:
            card = state.deck.card(number)
            kind = card.types[0]
            value = worth(state, seat, card, kind, horizon) / (1 + sum(card.cost))
            if value > best_value:
                best, best_value = card, value
        needs = [0] * 6
        if best is not None:
            for symbol in PLAIN:
                needs[symbol] = max(0, best.cost[symbol] - tokens[symbol])
        return needs

    # -- selecting ------------------------------------------------------------------------------

    def _buy_value(self, state: CvState, seat: int, action: Buy, horizon: float | None = None) -> float:
        card = state.deck.card(action.card)
        penalty = 0.5 if action.luck else 0.0
        return worth(state, seat, card, type_of(card, action.as_type), horizon) - penalty

    def _select(self, state: CvState, seat: int, actions: list[Action]) -> Action:
        buys = [a for a in actions if isinstance(a, Buy)]
        if buys:
            horizon = horizon_of(state)
            best = max(buys, key=lambda a: self._buy_value(state, seat, a, horizon))
            if self._buy_value(state, seat, best, horizon) > 0:
                return best
        # An event or an ability that turns a card into one it can pay for.
        best_enabler, best_gain = None, 0.0
        for action in actions:
            if isinstance(action, Buy | Done):
                continue
            after = state.after(seat, action)
            gain = max((self._buy_value(after, seat, a) for a in after.legal_actions(seat) if isinstance(a, Buy)),
                       default=0.0)
            if after.pool[BAD_LUCK] < state.pool[BAD_LUCK] and state.pool[BAD_LUCK] >= 3:
                gain += 4.0  # Trip around the world saving a card from misfortune
            if gain > best_gain:
                best_enabler, best_gain = action, gain
        if best_enabler is not None:
            return best_enabler
        return next(a for a in actions if isinstance(a, Done))

    # -- bad luck, placing, social assistance -----------------------------------------------------

    def _misfortune(self, state: CvState, seat: int, actions: list[Action]) -> Action:
        plays = [a for a in actions if isinstance(a, Play)]
        if plays:
            return plays[0]
        loses = [a for a in actions if isinstance(a, Lose)]
        return min(loses, key=lambda a: static_worth(state, seat, a.card))

    def _place(self, state: CvState, seat: int, actions: list[Action]) -> Action:
        def score(action: Action) -> float:
            assert isinstance(action, Place)
            card = state.deck.card(action.card)
            kind = action.as_type if action.as_type >= 0 else state.placing[0][2]
            stack = state.cv[seat][kind] if kind >= 0 else ()
            mine = worth(state, seat, card, kind) if kind >= 0 else 0.0
            if action.under == 0:
                return mine
            # Under a card: worth it when the card on top stays the better active card.
            top = state.deck.card(stack[-1])
            keep_top = worth(state, seat, top, kind) - mine
            return mine + keep_top - 0.01 * stack.index(action.under)
        return max(actions, key=score)

    def _assist_worth(self, state: CvState, seat: int, action: Action) -> float:
        assert isinstance(action, Assist)
        if not action.card:
            return 0.0
        card = state.deck.card(action.card)
        return worth(state, seat, card, type_of(card, action.as_type))

