"""Rulebook section "Ending the Game": the game ends once the player who took the last card of
the last stock has finished their turn (:mod:`.play` and :mod:`.discards` say when), or when
there is no card left to draw anywhere and none in the hand of the player to move (designed:
nothing can be played); each player's Happiness points are their score.
"""

from __future__ import annotations

from vita.core.state import Facts
from vita.games.pursuit_cards.cards import SUIT_NAMES
from vita.games.pursuit_cards.state import OVER, CardsState


def end_game(state: CardsState) -> None:
    state.step = OVER
    scores = ", ".join(f"{state.name(s)} {h}" for s, h in enumerate(state.happiness))
    state.say(f"The game is over. Happiness: {scores}.")


def scores(state: CardsState) -> tuple[float, ...]:
    """Each player's Happiness points."""
    return tuple(float(h) for h in state.happiness)


def facts(state: CardsState) -> list[Facts]:
    """Per seat, for simulation results: its melds on the table at the end, by suit."""
    rows: list[Facts] = [{f"{suit} melds": 0.0 for suit in SUIT_NAMES} for _ in range(state.num_players)]
    for meld in state.melds:
        key = f"{SUIT_NAMES[meld.suit]} melds"
        rows[meld.owner][key] = float(rows[meld.owner][key]) + 1  # type: ignore[arg-type]
    return rows
