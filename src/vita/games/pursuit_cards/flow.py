"""The flow of the card game: a turn's start (score the Heart melds, draw 3 from the stock:
"Play of the Hand"). A turn ends with its discard (:mod:`.rules.discards`), which starts the
next player's turn or, after the last stock's last card was taken, ends the game
(:mod:`.rules.ending`)."""

from __future__ import annotations

from typing import Final

from vita.core.wording import count
from vita.games.pursuit_cards.cards import HEARTS
from vita.games.pursuit_cards.rules.ending import end_game
from vita.games.pursuit_cards.rules.play import draw_stock, name_list
from vita.games.pursuit_cards.state import MAIN, CardsState

DRAW: Final = 3


def start_turn(state: CardsState) -> None:
    """Score the Heart melds, then draw 3 cards."""
    seat = state.turn
    state.step = MAIN
    state.melded = False
    state.activated = ()
    state.available = len(state.discard)
    hearts = sum(len(m.cards) for m in state.melds if m.owner == seat and m.suit == HEARTS)
    if hearts:
        state.happiness[seat] += hearts
        state.say(f"{state.name(seat)} scores {hearts} for the cards in their Heart melds.")
    drawn = draw_stock(state, seat, DRAW)
    if state.log is not None:
        state.say(f"{state.name(seat)} draws {count(len(drawn), 'card')}.",
                  [(seat, f"{state.name(seat)} draws {name_list(drawn)}.")])
    if not any(state.hands[seat]):
        # No card to draw anywhere and none in hand: nothing can be played (designed).
        state.say("There are no cards left to draw.")
        end_game(state)

