"""The card rows on the board, their piles and discard piles.

Rulebook section "Upkeep Phase": rows are drawn face up; Job and Partner cards are
double-sided, so they are drawn from the bottom of their piles; an empty pile is
replaced by its shuffled discard pile.
"""

from __future__ import annotations

from typing import Final

from vita.games.pursuit.state import ROW_JOBS, ROW_PARTNERS, PursuitState

ROW_NAMES = ("projects", "items", "jobs", "partners")
ROW_TITLES: Final = ("Projects", "Items & Activities", "Jobs", "Partners")


def draw(state: PursuitState, row: int) -> int:
    """Draw one card for ``row`` (-1 if the pile and its discard pile are both empty)."""
    pile = state.piles[row]
    if not pile:
        discard = state.discards[row]
        if not discard:
            return -1
        pile.extend(discard)
        discard.clear()
        state.rng.shuffle(pile)
        if state.log is not None:
            state.say(f"The {ROW_TITLES[row]} discard pile is shuffled into a new pile.")
    return pile.pop(0) if row in (ROW_JOBS, ROW_PARTNERS) else pile.pop()


def refill(state: PursuitState, row: int, count: int) -> list[int]:
    """Draw up to ``count`` cards onto ``row``; return those drawn."""
    drawn = []
    for _ in range(count):
        card = draw(state, row)
        if card < 0:
            break
        state.rows[row].append(card)
        drawn.append(card)
    return drawn


def clear_row(state: PursuitState, row: int) -> int:
    """Discard every card of a row; return how many there were."""
    cards = state.rows[row]
    state.discards[row].extend(cards)
    count = len(cards)
    cards.clear()
    return count


def row_size(state: PursuitState, row: int) -> int:
    """Cards drawn for a row in the Upkeep phase: jobs and partners one per player (none in
    Teen), but no more than the other rows ("with 5 players ... draw just 4 cards for Projects,
    Items & Activities, Jobs and Partners", Community expansion)."""
    players = state.row_players()
    size = state.deck.board.row_sizes[players]
    if row in (ROW_JOBS, ROW_PARTNERS):
        return 0 if state.round == 0 else min(players, size)
    return size


def replace_taken(state: PursuitState, row: int) -> None:
    """After a Project or an Item/Activity is taken, a new card replaces it."""
    drawn = refill(state, row, 1)
    if drawn and state.log is not None:
        state.say(f"{state.card_name(drawn[0])} is drawn onto the {ROW_TITLES[row]} row.")


def discard(state: PursuitState, card: int) -> None:
    state.discards[state.deck.cards[card].row].append(card)
