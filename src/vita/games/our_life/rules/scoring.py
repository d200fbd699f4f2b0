"""Scoring ("Scoring", "Solo/Co-op mode"), in the rulebook's order.

1. The Character sheets: per row only the rightmost icon reached; the Opportunities track by
   its leftmost square not crossed off.
2. The Family sheet: the rightmost icon reached per row; rows add up.
3. Happiness and Joy of all rounds (the Happiness Chart).
4. Points lost for unfinished Child tracks and an unfinished Shared Goal.
5. Balance: the family's Balance times each player's lowest non-negative category of the
   Character sheet (health, knowledge, social, leisure, Opportunities), added up.

Singles double their total. Partners share their family's score; equal scores share a place.
"""

from __future__ import annotations

from vita.core.state import Facts
from vita.games.our_life.state import OurLifeState

CATEGORY_NAMES = ("health", "knowledge", "social", "leisure", "opportunities")


def categories(state: OurLifeState, seat: int) -> list[int]:
    """The points of each category of a Character sheet (:data:`CATEGORY_NAMES`)."""
    book = state.book
    points = [0] * 4
    for row in book.character:
        points[row.category] += row.score_at[state.rows[seat][row.index]]
    return [*points, book.opportunity_points[state.opp_track[seat]]]


def balance_factor(state: OurLifeState, seat: int) -> int:
    """The lowest non-negative category ("their lowest scoring (non-negative) category")."""
    return min((p for p in categories(state, seat) if p >= 0), default=0)


def shared_goal_shortfall(state: OurLifeState, family: int) -> int:
    """Sections still to finish for the family's Shared Goal (a Character row: per player)."""
    goal = state.book.shared_goals[state.shared[family]]
    short = 0
    for row, sections in goal.targets:
        if row.family:
            marks = [state.frows[family][row.index]]
        else:
            marks = [state.rows[s][row.index] for s in state.families[family]]
        short += sum(max(0, sections - sum(1 for end in row.section_ends if m >= end)) for m in marks)
    return short


def breakdown(state: OurLifeState, family: int) -> dict[str, float]:
    book = state.book
    seats = state.families[family]
    character = sum(sum(categories(state, s)) for s in seats)
    sheet = sum(row.score_at[state.frows[family][row.index]] for row in book.family)
    happiness = sum(state.chart_happiness[family]) + sum(state.chart_joy[family])
    children = sum(book.children[card].penalty for card, marks in state.children[family]
                   if marks < book.children[card].squares)
    shared = shared_goal_shortfall(state, family) * book.shared_goals[state.shared[family]].penalty \
        if state.shared[family] else 0
    balance = sum(state.balance[family] * balance_factor(state, s) for s in seats)
    total = character + sheet + happiness - children - shared + balance
    multiplier = 2 if len(seats) == 1 else 1
    return {"character": character, "family": sheet, "happiness_joy": happiness, "children": -children,
            "shared_goal": -shared, "balance": balance, "singles_doubled": total if multiplier == 2 else 0,
            "total": total * multiplier}


def scores(state: OurLifeState) -> tuple[float, ...]:
    totals = [breakdown(state, f)["total"] for f in range(len(state.families))]
    return tuple(float(totals[state.family_of[s]]) for s in range(state.num_players))


def announce(state: OurLifeState) -> None:
    """The final scores in the log; a solo or co-op game gets the rulebook's verdict too."""
    for family in range(len(state.families)):
        points = breakdown(state, family)
        state.say(f"{state.family_name(family)}: {points['total']:g} Life Achievement points")
    if len(state.families) == 1:
        total = breakdown(state, 0)["total"]
        state.say(f"Solo result: {total:g} — {state.book.solo_result(total)}")


def facts(state: OurLifeState) -> list[Facts]:
    """Per seat, for simulation results: single or couple, the Background card, the Personal
    and Shared Goals kept, and the family's children (their Child cards)."""
    title = state.book.title
    rows: list[Facts] = []
    for seat in range(state.num_players):
        family = state.family_of[seat]
        rows.append({"family": "single" if state.partner[seat] < 0 else "couple",
                     "background": title(state.background[seat]),
                     "goal": title(state.personal[seat]) if state.personal[seat] else "none",
                     "shared goal": title(state.shared[family]) if state.shared[family] else "none",
                     "children": float(len(state.children[family])),
                     "cards": sorted({title(child[0]) for child in state.children[family]})})
    return rows


def rounds(state: OurLifeState) -> int:
    """Rounds begun (1-10)."""
    return state.round
