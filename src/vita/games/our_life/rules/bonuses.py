"""Bonuses ("Bonuses", "Romance", column bonuses, "Opportunities" track).

A bonus is gained at once and used this round: Happiness, Joy, Balance, Likes, Relaxations,
Opportunity symbols, stress marks, Post a Story, and extra actions (added to the seat's actions
of the round). A one-time bonus (blue) goes to the player who finished the section; a couple
bonus (purple) to both partners, a single gaining it twice. Each partner who gains a bonus
moves a shared family value: both partners gaining a Relaxation erase two marks (the Romance
example). A Balance bonus replaces the Balance ("erase the previous value ... and write the
new value"). Bonuses chain: a Like can fill the Digital Persona's square holding a bonus, and
so on.
"""

from __future__ import annotations

from vita.core.tuples import replaced
from vita.games.our_life.cards import Bonus, Row
from vita.games.our_life.rules import persona
from vita.games.our_life.rules.happiness import add_joy, add_stress, change_happiness, relax
from vita.games.our_life.rules.story import tell
from vita.games.our_life.state import OurLifeState
from vita.games.our_life.steps import USE


def award(state: OurLifeState, seat: int, bonus: Bonus, source: str) -> None:
    """``seat`` earned ``bonus`` (from ``source``): one-time to the seat, couple to both partners."""
    partner = state.partner[seat]
    if not bonus.couple:
        gain(state, seat, bonus, source)
    elif partner < 0:
        gain(state, seat, bonus, source)
        gain(state, seat, bonus, source)
    else:
        gain(state, seat, bonus, source)
        gain(state, partner, bonus, source)


def gain(state: OurLifeState, seat: int, bonus: Bonus, source: str) -> None:
    """``seat`` gains ``bonus`` once."""
    family = state.family_of[seat]
    if state.log is not None:
        state.say(f"{state.name(seat)} gains {bonus.describe().removesuffix(' (couple)')} ({source})")
    if bonus.happiness:
        change_happiness(state, family, bonus.happiness)
    if bonus.joy:
        add_joy(state, family, bonus.joy)
    if bonus.balance is not None:
        state.balance = replaced(state.balance, family, bonus.balance)
    if bonus.relax:
        relax(state, family, bonus.relax)
    if bonus.stress:
        add_stress(state, family, bonus.stress)
    if bonus.opportunity:
        cross_opportunities(state, seat, bonus.opportunity)
    for action in bonus.actions:
        pool = state.pool[seat]
        state.pool[seat] = replaced(pool, action, pool[action] + 1)
        if state.step == USE:
            state.done[seat] = False
    if bonus.like:
        persona.like(state, seat, bonus.like)
    if bonus.post:
        persona.post(state, seat)


def cross_opportunities(state: OurLifeState, seat: int, count: int) -> None:
    """Mark ``count`` squares of the Opportunities track (none beyond the last)."""
    last = len(state.book.opportunity_points) - 1
    state.opp_track[seat] = min(last, state.opp_track[seat] + count)


def section_finished(row: Row, marks: int) -> int:
    """The section a row's ``marks``-th mark finishes (-1: none).

    >>> from vita.games.our_life.cards import load_book
    >>> section_finished(load_book().row("education"), 6)
    1
    """
    ends = row.section_ends
    return ends.index(marks) if marks in ends else -1  # (no exception for the usual answer)


def after_character_mark(state: OurLifeState, seat: int, row: Row) -> None:
    """The bonuses a new mark on a Character row earns: its section's, Romance's, a column's."""
    marks = state.rows[seat][row.index]
    section = section_finished(row, marks)
    if section >= 0:
        bonus = row.bonuses[section]
        if bonus is not None:
            award(state, seat, bonus, f"{row.name} section {section + 1}")
        if row.romance_bonuses:
            romance(state, seat, row, section)
    for rows, bonuses in state.book.columns:
        if row.index in rows and marks in bonuses and all(state.rows[seat][r] >= marks for r in rows):
            gain(state, seat, bonuses[marks], f"column {marks} of {row.name}")


def romance(state: OurLifeState, seat: int, row: Row, section: int) -> None:
    """"Once both players finish the same section on their Romance Track (not necessarily on the
    same turn), they both immediately gain the Bonus"; a single gains it on finishing."""
    bonus = row.romance_bonuses[section]
    if bonus is None:
        return
    partner = state.partner[seat]
    source = f"Romance section {section + 1}"
    if partner < 0:
        gain(state, seat, bonus, source)
    elif state.rows[partner][row.index] >= row.section_ends[section]:
        if section == 0:
            tell(state, "wedding", name=state.family_name(state.family_of[seat]))
        gain(state, seat, bonus, source)
        gain(state, partner, bonus, source)


def after_family_mark(state: OurLifeState, seat: int, row: Row) -> None:
    """The bonus a new mark on a Family row earns (the marking partner finished the section)."""
    family = state.family_of[seat]
    section = section_finished(row, state.frows[family][row.index])
    if row.id == "home" and section == len(row.section_ends) - 1:
        tell(state, "home", name=state.family_name(family))
    if section >= 0 and row.bonuses[section] is not None:
        award(state, seat, row.bonuses[section], f"{row.name} section {section + 1}")  # type: ignore[arg-type]
