"""Happiness and Joy, and the stress track on the Family sheet ("Happiness and Joy", "Choose
Action cards").

Happiness belongs to a family and carries over from round to round, never below the floor
(-3): "ignore any loss of Happiness beyond that value". Joy is written in the current round's
row of the Happiness Chart and starts at 0 each round.

The stress track has a green, a white and a red section. Marking the first box of the white
or the red section costs 3 Happiness; erasing the last box of either gains 3. At either end,
each mark that cannot be added or erased changes Joy instead: +8 per Relaxation when fully
relaxed (printed), -8 per stress mark at the red end (designed, the same amount).
"""

from __future__ import annotations

from vita.games.our_life.state import OurLifeState


def change_happiness(state: OurLifeState, family: int, amount: int) -> None:
    """Add ``amount`` (negative: lose) to a family's Happiness, never below the floor."""
    state.happiness[family] = max(state.book.happiness_floor, state.happiness[family] + amount)


def add_joy(state: OurLifeState, family: int, amount: int) -> None:
    """Add Joy to the current round's row of the Happiness Chart."""
    joy, at = state.chart_joy[family], state.round - 1
    state.chart_joy[family] = (*joy[:at], joy[at] + amount, *joy[at + 1:])


def add_stress(state: OurLifeState, family: int, marks: int) -> None:
    """Mark ``marks`` Xs on a family's stress track (entering white or red costs Happiness)."""
    book = state.book
    white, red = book.stress_green + 1, book.stress_green + book.stress_white + 1
    for _ in range(marks):
        if state.stress[family] == book.stress_size:
            add_joy(state, family, -book.stressed_joy)
            state.say(f"{state.family_name(family)}: the stress track is full, {book.stressed_joy} Joy lost")
            continue
        state.stress[family] += 1
        if state.stress[family] in (white, red):
            change_happiness(state, family, -book.section_change)
            section = "white" if state.stress[family] == white else "red"
            state.say(f"{state.family_does(family, 'enter', 'enters')} the {section} section: "
                      f"{book.section_change} Happiness lost")


def relax(state: OurLifeState, family: int, marks: int) -> None:
    """Erase ``marks`` Xs (leaving white or red gains Happiness; fully relaxed gains Joy)."""
    book = state.book
    white, red = book.stress_green + 1, book.stress_green + book.stress_white + 1
    for _ in range(marks):
        if state.stress[family] == 0:
            add_joy(state, family, book.relaxed_joy)
            state.say(f"{state.family_does(family, 'are', 'is')} fully relaxed: {book.relaxed_joy} Joy")
            continue
        if state.stress[family] in (white, red):
            change_happiness(state, family, book.section_change)
            section = "white" if state.stress[family] == white else "red"
            state.say(f"{state.family_does(family, 'leave', 'leaves')} the {section} section: "
                      f"{book.section_change} Happiness")
        state.stress[family] -= 1
