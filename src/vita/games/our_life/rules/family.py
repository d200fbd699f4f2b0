"""Children and Vacation ("Children", "Vacation").

A child takes a Time action from each partner of a couple (one after the other, the same
round), or one from a single; the family then draws from its Children deck (couple or single),
marks its Children row, and has a new track to finish by the end of the game.

A vacation takes two Money actions: one player spending both (alone: two Xs on the Vacation
row and both bonuses of the Vacation card), or two players of any families spending one each
(one X each, and each chooses one bonus). The first spends and waits; a second joins.
"""

from __future__ import annotations

from vita.core.tuples import replaced
from vita.games.our_life.actions import Pick
from vita.games.our_life.cards import Row, VacationCard
from vita.games.our_life.rules import bonuses
from vita.games.our_life.rules.story import tell
from vita.games.our_life.state import OurLifeState
from vita.games.our_life.steps import TRAVEL


def which_child_deck(state: OurLifeState, seat: int) -> int:
    """Which Children deck ``seat`` draws from: 0 for a single, 1 for a couple."""
    return 0 if state.partner[seat] < 0 else 1


def may_have_child(state: OurLifeState, seat: int) -> bool:
    family = state.family_of[seat]
    row = state.book.row("children")
    return (bool(state.child_decks[which_child_deck(state, seat)]) and state.frows[family][row.index] < row.size
            and state.half_child[family] != seat)


def spend_on_child(state: OurLifeState, seat: int) -> None:
    """``seat`` spends a Time action on a child: born now for a single or the second partner."""
    family = state.family_of[seat]
    if state.partner[seat] >= 0 and state.half_child[family] < 0:
        state.half_child = replaced(state.half_child, family, seat)
        state.say(f"{state.name(seat)} spends a Time action on a child; {state.name(state.partner[seat])} must too")
        return
    state.half_child = replaced(state.half_child, family, -1)
    which = which_child_deck(state, seat)
    deck = state.child_decks[which]
    card = deck[-1]
    state.child_decks = replaced(state.child_decks, which, deck[:-1])
    state.children[family] = (*state.children[family], (card, 0))
    child = state.book.children[card]
    state.say(f"{state.family_does(family, 'have', 'has')} a child: {child.title} "
              f"(a track of {child.squares} to finish)")
    tell(state, "child", name=state.family_name(family))
    mark_family_row(state, seat, state.book.row("children"), 1)


def mark_family_row(state: OurLifeState, seat: int, row: Row, marks: int) -> None:
    """Mark a Family row ``marks`` times (none beyond its end), each earning its bonus."""
    family = state.family_of[seat]
    for _ in range(marks):
        if state.frows[family][row.index] >= row.size:
            return
        counts = state.frows[family]
        state.frows[family] = replaced(counts, row.index, counts[row.index] + 1)
        bonuses.after_family_mark(state, seat, row)


def mark_child(state: OurLifeState, seat: int, number: int) -> None:
    """Mark the track of the family's ``number``-th child (from 0); finishing it gives its bonus."""
    family = state.family_of[seat]
    kids = state.children[family]
    child_card, marks = kids[number]
    state.children[family] = replaced(kids, number, (child_card, marks + 1))
    card = state.book.children[child_card]
    state.say(f"{state.name(seat)} marks {card.title}'s track ({marks + 1}/{card.squares})")
    if marks + 1 == card.squares:
        bonuses.award(state, seat, card.bonus, f"finishing {card.title}")


def start_vacation(state: OurLifeState, seat: int) -> None:
    state.offers.append(seat)
    state.say(f"{state.name(seat)} spends a Money action on a vacation and waits for a second one")


def join_vacation(state: OurLifeState, seat: int, host: int) -> None:
    """``seat`` spends the second Money action of ``host``'s vacation: they go."""
    state.offers.remove(host)
    row = state.book.row("vacation")
    if not state.vacation_deck:
        state.vacation_deck, state.vacation_discard = state.rng.shuffled(state.vacation_discard), ()
    card = state.vacation_deck[-1]
    state.vacation_deck = state.vacation_deck[:-1]
    state.vacation_discard = (*state.vacation_discard, card)
    vacation = state.book.vacations[card]
    tell(state, "vacation", name=state.name(host), vacation=vacation.title)
    if seat == host:
        state.say(f"{state.name(seat)} goes on vacation alone: {vacation.title}")
        mark_family_row(state, seat, row, 2)
        for bonus in vacation.bonuses:
            bonuses.gain(state, seat, bonus, vacation.title)
        return
    state.say(f"{state.name(host)} and {state.name(seat)} go on vacation: {vacation.title}")
    mark_family_row(state, host, row, 1)
    mark_family_row(state, seat, row, 1)
    state.prompts += [(TRAVEL, host, card), (TRAVEL, seat, card)]


def vacation_to_pick(state: OurLifeState) -> VacationCard | None:
    """The vacation card whose bonus is picked next (each traveller picks one of its two), if
    one waits."""
    return state.book.vacations.get(state.prompts[0][2]) if state.prompts else None


def pick_bonus(state: OurLifeState, seat: int, action: Pick) -> None:
    vacation = vacation_to_pick(state)
    assert vacation is not None, "a vacation bonus is picked only while one waits"
    state.prompts.pop(0)
    bonuses.gain(state, seat, vacation.bonuses[action.bonus], vacation.title)
