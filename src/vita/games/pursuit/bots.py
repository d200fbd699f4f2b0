"""A heuristic bot for The Pursuit of Happiness.

It looks one action ahead on a determinised copy of the position (so it never
peeks at the draw piles) and picks the action whose result it values most.
The value counts LTH, resources (worth less as life goes on, since only 1 in 5
is inherited), the promise of the cards in front of the player, hourglasses,
and the danger of stress with the old-age rounds ahead.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

from vita.core.datafile import DECKS
from vita.core.rng import Rng
from vita.core.search import squashed_leads
from vita.core.state import Action, State
from vita.games.pursuit.actions import Exchange, OnCard, Refresh
from vita.games.pursuit.cards import Deck
from vita.games.pursuit.rules.game_end import Measured, measurer, solo_lth_to_win
from vita.games.pursuit.state import ACTION, PursuitState

FREE_ACTIONS_PER_TURN: Final = 2


def value(state: PursuitState, seat: int) -> float:
    """How good the position is for ``seat`` (higher is better)."""
    p = state.players[seat]
    deck = state.deck
    rounds = deck.board.rounds
    left = len(rounds) - 1 - state.round  # rounds still to come after this one
    if state.results is not None:
        return float(p.lth)
    worth = 0.2 + 0.06 * min(left, 5)  # a resource now, in LTH
    score = float(p.lth) + worth * (p.res[0] + p.res[1] + p.res[2]) + worth * 0.8 * p.res[3]
    score += 0.5 * p.sth if state.phase == ACTION else 0.0
    if not p.alive:
        return score - 3.0 * left
    # Cards: the promise of what can still come from them.
    cards = deck.cards
    for card, level, _ in p.projects:
        if cards[card].kind == "basic":
            score += 0.6 * level * min(1.0, left / 2 + 0.3)
    for card, level, _ in p.items:
        step = cards[card].steps[level - 1]
        if step.upkeep_cost is not None:
            score += 0.4 * step.upkeep_reward.lth * left
    if p.job >= 0:
        score += 0.12 * cards[p.job].upkeep_reward.res[3] * min(left, 3)
    if p.retired >= 0:
        score += 0.12 * cards[p.retired].upkeep_reward.res[3] * left
    for _, level, _ in p.partners:
        score += 0.8 * level * min(1.0, left / 2 + 0.3)
    score += 0.8 * len(p.completed)
    # Time: hourglasses still in hand this round, and those expected next round.
    if state.phase == ACTION:
        score += 0.6 * p.hand
    score += 0.8 * (deck.stress.hourglasses_at(p.stress) + p.health_bonus) * min(left, 3)
    # Commitments: each card over the slots, and each partner beyond the first, costs a
    # stress every round.
    over = max(0, len(p.projects) + (p.job >= 0) + len(p.partners) - deck.board.slots)
    over += max(0, len(p.partners) - 1)
    score -= 1.2 * over * min(left, 3)
    # Stress: old age brings more; dying early loses the rounds left.
    upcoming = rounds[state.round + 1].stress + over if left else 0  # the next round's
    margin = deck.stress.last - p.stress - upcoming
    if margin < 0:
        score -= 4.0 * left + 2.0
    elif margin < 3:
        score -= (3 - margin) * 0.8
    score -= 0.15 * max(0, p.stress)
    # Community expansion: Popularity gives its score in LTH at each round's end (and falls a
    # space), and each marker on a Community card is an Outcome still to come.
    if deck.community is not None:
        popularity = deck.community.popularity[p.popularity]
        score += 0.9 * popularity * min(left + 1, 3)
        score += 1.2 * sum(1 for marks in state.markers for m in marks if m[0] == seat)
    # Life goals: a little pull towards being the leader.
    solo = state.solo
    rules = _goal_rules(deck, solo)
    for goal_index in state.goals:
        bonus, measured, at_least = rules[goal_index]
        mine = measured(state, p)
        if solo:
            score += bonus * min(1.0, mine / max(1, at_least)) * 0.5
        elif all(mine > measured(state, other) for other in state.players if other is not p):
            score += bonus * 0.4
    return score


@lru_cache(maxsize=DECKS)
def _goal_rules(deck: Deck, solo: bool) -> tuple[tuple[int, Measured, int], ...]:
    """Per life goal of the deck (by index): its bonus, how its measure is read, its target."""
    rules = []
    for goal in deck.life_goals:
        rule = goal.solo if solo else goal.goal
        rules.append((goal.bonus, measurer(rule.measure), rule.at_least))
    return tuple(rules)


PROSPECT_SCALE: Final = 10.0
"""The lead in :func:`value` (LTH, roughly) that :func:`prospects` counts as three quarters
of a win."""


def prospects(state: PursuitState) -> list[float]:
    """Each seat's prospects from +1 to -1 (``Game.evaluate``, where a search stops early):
    its :func:`value` against the best other seat's, squashed by ``tanh``; alone, against
    the solo game's target."""
    values = [value(state, seat) for seat in range(state.num_players)]
    if len(values) == 1:
        return [math.tanh((values[0] - solo_lth_to_win(state)) / PROSPECT_SCALE)]
    return squashed_leads(values, PROSPECT_SCALE)


class HeuristicBot:
    """One-action lookahead with :func:`value`, on determinised copies."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self._turn: tuple[int, int, int] = (-1, -1, -1)
        self._free = 0

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, PursuitState)
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        turn = (state.round, seat, sum(p.hand for p in state.players))
        if turn != self._turn:
            self._turn, self._free = turn, 0
        world = state.determinize(seat, self.rng)
        world.log = None
        best: Action = actions[0]
        best_value = float("-inf")
        for action in actions:
            free = isinstance(action, Refresh | Exchange) or (
                isinstance(action, OnCard) and action.verb == "discard")
            if free and self._free >= FREE_ACTIONS_PER_TURN:
                continue
            after = world.clone()
            after.apply_trusted(seat, action)
            score = value(after, seat) + self.rng.below(1000) * 1e-6
            if free:
                score -= 0.3
            if score > best_value:
                best, best_value = action, score
        if isinstance(best, Refresh | Exchange) or (isinstance(best, OnCard) and best.verb == "discard"):
            self._free += 1
        return best
