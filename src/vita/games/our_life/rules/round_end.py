"""The end of a round ("Happiness Scoring", "Personal Goals", "Game End").

When every player has finished using actions, each family writes its Happiness in the
current round's row of the Happiness Chart. At the end of rounds 4, 7 and 10 each player
gains Joy from their Personal Goal, for the marks in its track (covered Opportunities count).
After round 10 the game ends; otherwise the display is renewed for the next round.
"""

from __future__ import annotations

from vita.games.our_life.cards import PersonalGoal
from vita.games.our_life.rules import choose
from vita.games.our_life.rules.happiness import add_joy
from vita.games.our_life.rules.scoring import announce
from vita.games.our_life.state import OurLifeState
from vita.games.our_life.steps import CHOOSE, OVER


def end_round(state: OurLifeState) -> None:
    book = state.book
    for host in state.offers:
        state.say(f"Nobody joined {state.name(host)}'s vacation: the Money action is lost")
    state.offers = []
    for seat in state.half_child:
        if seat >= 0:
            state.say(f"{state.name(seat)}'s Time action for a child is lost")
    state.half_child = (-1,) * len(state.families)
    for family in range(len(state.families)):
        state.chart_happiness[family] = (*state.chart_happiness[family], state.happiness[family])
    if state.round in book.goal_rounds:
        for seat in range(state.num_players):
            goal = book.personal_goals[state.personal[seat]]
            marks = goal_marks(state, seat, goal)
            joy = goal.joy(marks)
            state.say(f"{state.name(seat)}'s Personal Goal {goal.title}: {marks} marks, {joy} Joy")
            add_joy(state, state.family_of[seat], joy)
    state.say(f"End of round {state.round}: " + "; ".join(
        f"{state.family_name(f)} Happiness {state.happiness[f]}, Joy {state.chart_joy[f][state.round - 1]}"
        for f in range(len(state.families))))
    state.pool = [(0,) * 7] * state.num_players
    state.extra = [0] * state.num_players
    if state.round == book.rounds:
        state.step = OVER
        announce(state)
        return
    state.round += 1
    state.choice = [-1] * state.num_players
    state.step = CHOOSE
    choose.renew_display(state)


def goal_marks(state: OurLifeState, seat: int, goal: PersonalGoal) -> int:
    """The marks a Personal Goal counts: its rows' Xs and covered Opportunities ("For cards where
    you gain points for marking Xs, also count covered Opportunities"), Likes gained, or
    squares of the Opportunities track."""
    book = state.book
    family = state.family_of[seat]
    total = 0
    for name in goal.counts:
        if name == "likes":
            total += state.likes[seat]
        elif name == "opportunities":
            total += state.opp_track[seat]
        else:
            row = book.row(name)
            if row.family:
                total += state.frows[family][row.index]
            else:
                total += state.rows[seat][row.index] + state.opps[seat][row.index].bit_count()
    return total
