"""A heuristic bot for Our Life.

It judges a position by what its family would score if the game ended now, with Happiness
counted for every round still to be written, progress toward a row's next icon counted in
part, stress and unfinished children and goals as costs. Using actions and answering prompts,
it tries each legal action on a copy and keeps the best. Choosing a card, it values each
card's actions by the best row each could mark, its Relaxations, Opportunities and expected
stress; a couple's second partner avoids the first's card.
"""

from __future__ import annotations

from typing import Final

from vita.core.rng import Rng
from vita.core.state import Action, State
from vita.games.our_life.actions import Choose, KeepGoal, KeepShared
from vita.games.our_life.cards import LIKE, LUCK, Row
from vita.games.our_life.rules.round_end import goal_marks
from vita.games.our_life.rules.scoring import balance_factor, shared_goal_shortfall
from vita.games.our_life.state import OurLifeState
from vita.games.our_life.steps import CHOOSE, SETUP

LIKE_VALUE: Final = 1.0  # a Like: a step toward the Digital Persona's bonuses
STRESS_MARK: Final = 1.2  # a stress mark: Happiness at risk in the rounds left


def row_value(row: Row, marks: int) -> float:
    """A row's points with ``marks``, counting a share of the way to the next icon."""
    now = row.score_at[marks]
    if marks >= row.size:
        return now
    ahead = next((k for k in range(marks + 1, row.size + 1) if row.score_at[k] > now), 0)
    if not ahead:
        return now
    behind = min(k for k in range(marks + 1) if row.score_at[k] == now) if now else 0
    share = (marks - behind) / max(1, ahead - behind)
    return now + 0.7 * share * (row.score_at[ahead] - now)


def evaluate(state: OurLifeState, family: int) -> float:
    """What ``family`` is worth now, by the heuristic above."""
    book = state.book
    seats = state.families[family]
    rounds_left = book.rounds - state.round + (0 if len(state.chart_happiness[family]) >= state.round else 1)
    value = float(sum(state.chart_happiness[family]) + sum(state.chart_joy[family]))
    value += state.happiness[family] * rounds_left
    for seat in seats:
        value += sum(row_value(row, state.rows[seat][row.index]) for row in book.character)
        value += book.opportunity_points[state.opp_track[seat]] + 0.8 * sum(
            o.bit_count() for o in state.opps[seat])
        # Balance: the value times the lowest category, with a Balance bonus still to come.
        value += max(state.balance[family], 3 if rounds_left > 3 else 0) * max(0, balance_factor(state, seat))
        value += LIKE_VALUE * state.persona[seat] * 0.5
        value += 0.5 * sum(state.pool[seat])  # actions still to use this round
        value += _goal_outlook(state, seat)
    value += sum(row_value(row, state.frows[family][row.index]) for row in book.family)
    for card, marks in state.children[family]:
        child = book.children[card]
        value -= child.penalty * (1 - marks / child.squares) * (1.0 if rounds_left < 3 else 0.5)
    if state.shared[family]:
        value -= shared_goal_shortfall(state, family) * book.shared_goals[state.shared[family]].penalty * 0.8
    # Stress: each section entered costs 3 Happiness in every round left.
    value -= 0.3 * rounds_left * state.stress[family]
    return value * (2 if len(seats) == 1 else 1)


def _goal_outlook(state: OurLifeState, seat: int) -> float:
    """The Personal Goal's Joy at the scoring rounds still to come, for the marks made so far and
    a share of the way to the next threshold."""
    goal = state.book.personal_goals.get(state.personal[seat])
    if goal is None:
        return 0.0
    ahead = sum(1 for r in state.book.goal_rounds if r >= state.round)
    marks = goal_marks(state, seat, goal)
    joy = float(goal.joy(marks))
    following = next(((needed, more) for needed, more in goal.thresholds if needed > marks), None)
    if following is not None:
        needed, more = following
        joy += 0.5 * (more - joy) / max(1, needed - marks)
    return ahead * joy


class HeuristicBot:
    """Greedy on :func:`evaluate`: see the module's notes."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, OurLifeState)
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if state.step == CHOOSE and not state.prompts:
            return max(legal, key=lambda a: self._card_value(state, seat, a))
        if state.step == SETUP:
            return self._setup(state, seat, legal)
        family = state.family_of[seat]
        best, best_value = legal[0], float("-inf")
        for action in legal:
            value = evaluate(state.after(seat, action), family) + 1e-6 * self.rng.below(1000)
            if value > best_value:
                best, best_value = action, value
        return best

    def _setup(self, state: OurLifeState, seat: int, legal: list[Action]) -> Action:
        book = state.book
        goals = [a for a in legal if isinstance(a, KeepGoal)]
        if goals:  # the easiest thresholds per row counted
            return min(goals, key=lambda a: sum(t[0] for t in book.personal_goals[a.card].thresholds)
                       / len(book.personal_goals[a.card].counts))
        shared = [a for a in legal if isinstance(a, KeepShared)]
        if shared:  # the smallest possible loss
            return min(shared, key=lambda a: book.shared_goals[a.card].penalty
                       * sum(s for _, s in book.shared_goals[a.card].targets))
        return self.rng.choice(legal)

    def _card_value(self, state: OurLifeState, seat: int, action: Action) -> float:
        assert isinstance(action, Choose)
        book = state.book
        card = book.actions[state.display[action.slot]]
        family = state.family_of[seat]
        value = sum(self._action_value(state, seat, a) for a in card.actions)
        on_edge = state.stress[family] in (book.stress_green + 1, book.stress_green + book.stress_white + 1)
        if state.stress[family] >= card.relax:
            value += card.relax * (STRESS_MARK + (3 if on_edge else 0))
        else:
            value += card.relax * 3
        value += card.opportunity * 3
        expected = card.stress * sum(book.stress_die) / len(book.stress_die)
        value -= expected * (0.5 + 0.35 * (book.rounds - state.round + 1))
        return value + 1e-6 * self.rng.below(1000)

    def _action_value(self, state: OurLifeState, seat: int, symbol: int) -> float:
        if symbol == LUCK:
            return 1.2 + max(self._action_value(state, seat, s) for s in range(6))
        if symbol == LIKE:
            return LIKE_VALUE * 1.5
        family = state.family_of[seat]
        best = 0.5
        for row in state.book.rows_for(symbol):
            marks = state.frows[family][row.index] if row.family else state.rows[seat][row.index]
            if marks < row.size:
                gain = row_value(row, marks + 1) - row_value(row, marks)
                if marks + 1 in row.section_ends and row.bonuses[row.section_ends.index(marks + 1)] is not None:
                    gain += 2.0
                best = max(best, gain)
        return best
