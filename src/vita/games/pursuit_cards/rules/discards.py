"""Rulebook section "Discards": the turn's one discard ends it; the temporary pile goes onto
the discard pile."""

from __future__ import annotations

from vita.games.pursuit_cards.actions import Discard
from vita.games.pursuit_cards.cards import long_name
from vita.games.pursuit_cards.flow import start_turn
from vita.games.pursuit_cards.rules.ending import end_game
from vita.games.pursuit_cards.rules.play import play_to_temp
from vita.games.pursuit_cards.state import CardsState


def discard(state: CardsState, seat: int, action: Discard) -> None:
    """The turn's discard: onto the temporary pile, which goes onto the discard pile."""
    card = action.card
    play_to_temp(state, seat, card)
    state.say(f"{state.name(seat)} discards the {long_name(card)}.")
    state.discard.extend(state.temp)
    state.temp = []
    if state.final:
        end_game(state)
        return
    state.turn = (state.turn + 1) % state.num_players
    start_turn(state)
