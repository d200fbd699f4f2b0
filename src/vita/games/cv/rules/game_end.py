"""Game end (rulebook: "Game end"): when the game ends, the points, the winner, the tie-break.

"If it's the end of a round, and (after refilling the track) the old age deck has fewer cards
remaining than the number of players, then the game is over, and players add up points."
"First, count the points from the number of relationship, health and knowledge cards owned
... according to the table" 1, 3, 6, 10, 15, 21, 28, 36, 45, 55 (the n-th triangular number;
a stack of more than 10 cards goes on the same way: 11 cards score 66). Marathon runner,
Celebrity and Professor, as the active card of their stack, "count double": the stack
scores as if it held one card more ("5 knowledge cards ... 21 points, not just 15").
"Then count the points from possession cards by adding the points printed on each possession
card." Then the private life goal, and each public one: "whoever best achieved it" scores
it, "if several players tied ... they both get full points". "The player with the most
points wins. In case of a tie, the player with fewer CV cards wins. If there is still a tie,
then it remains a tie!"
"""

from __future__ import annotations

from typing import Final

from vita.core.state import Facts
from vita.games.cv.cards import FREE_PLACING, POSSESSION, TYPES
from vita.games.cv.state import CvState
from vita.games.cv.steps import OVER

OLD_DECK: Final = 2  # the old-age deck's place in CvState.decks


def is_over(state: CvState) -> bool:
    """At the end of a round: end the game if the old-age deck holds fewer cards than players."""
    if len(state.decks[OLD_DECK]) >= state.num_players:
        return False
    state.step = OVER
    if state.log is not None:
        state.say("The old-age deck holds fewer cards than there are players: the game is over.")
    return True


def table_points(cards: int) -> int:
    """The scoring table: 1, 3, 6, 10, 15, 21, 28, 36, 45, 55 for 1-10 cards.

    >>> [table_points(n) for n in range(12)]
    [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66]
    """
    return cards * (cards + 1) // 2


def stack_points(state: CvState, seat: int, kind: int) -> int:
    stack = state.cv[seat][kind]
    if not stack:
        return 0
    doubled = state.deck.card(stack[-1]).doubles
    return table_points(len(stack) + (1 if doubled else 0))


def goal_points(state: CvState, seat: int, goal: int) -> int:
    """What life goal ``goal`` gives ``seat``'s CV (its cards by type, its active cards' tokens)."""
    counts = [len(stack) for stack in state.cv[seat]]
    return state.deck.goals[goal].score(counts, sum(state.active_icons(seat)))


def breakdown(state: CvState) -> list[dict[str, float]]:
    n = state.num_players
    public = {goal: [goal_points(state, s, goal) for s in range(n)] for goal in state.public_goals}
    rows = []
    for seat in range(n):
        row: dict[str, float] = {TYPES[k]: stack_points(state, seat, k) for k in FREE_PLACING}
        card_of = state.deck.card
        row["possessions"] = sum(card_of(c).points for c in state.cv[seat][POSSESSION])
        row["private goal"] = goal_points(state, seat, state.goals[seat])
        best = 0
        for points in public.values():
            mine = points[seat]
            if mine > 0 and mine == max(points):
                best += mine
        row["public goals"] = best
        row["total"] = sum(row.values())
        rows.append(row)
    return rows


def scores(state: CvState) -> tuple[float, ...]:
    return tuple(float(row["total"]) for row in breakdown(state))


def ranking(state: CvState) -> tuple[int, ...]:
    """Most points first; then fewer CV cards; then a shared place."""
    keys = [(-total, state.cv_size(seat)) for seat, total in enumerate(scores(state))]
    return tuple(1 + sum(1 for other in keys if other < mine) for mine in keys)


def facts(state: CvState) -> list[Facts]:
    """Per seat, for simulation results: the private life goal and the cards of its CV and hand
    at the end (who started is the results' ``first_player`` column: :func:`first_player`)."""
    title = state.deck.title
    return [{"goal": title(state.goals[seat]),
             "cards": sorted({title(card) for stack in state.cv[seat] for card in stack}
                             | {title(card) for card in state.hands[seat]})}
            for seat in range(state.num_players)]


def rounds(state: CvState) -> int:
    """Rounds begun (the childhood draft is round 0)."""
    return state.round
