"""Rulebook sections "Preparation" and "The Deal": the 124 cards shuffled, 12 dealt to each
player, the player left of the dealer starts.

The stock is gone through once with 2 players, once or twice (an option) with 3, twice
with 4, and three times with 5 ("Five players should use three decks": read as three
passes through the stock).
"""

from __future__ import annotations

from typing import Final

from vita.core.rng import Rng
from vita.games.pursuit_cards.cards import PASSES, full_deck
from vita.games.pursuit_cards.flow import start_turn
from vita.games.pursuit_cards.options import CardsOptions
from vita.games.pursuit_cards.state import MAIN, CardsState, empty_hand

HAND: Final = 12


def new_game(options: CardsOptions, seed: int, *, log: bool = True) -> CardsState:
    """Shuffle the 124 cards, deal 12 to each player; the player left of the dealer starts."""
    names = options.seat_names()
    dealer = options.players - 1 if options.dealer is None else options.dealer
    passes = options.passes or PASSES[options.players]
    n = len(names)
    state = CardsState()
    state.num_players = n
    state.rng = Rng(seed)
    state.log = [] if log else None
    state.ply = 0
    state.names = names
    deck = full_deck()
    state.rng.shuffle(deck)
    state.hands = [empty_hand() for _ in range(n)]
    for _ in range(HAND):
        for seat in range(n):
            state.hands[(dealer + 1 + seat) % n][deck.pop()] += 1
    state.stock = deck
    state.discard = []
    state.temp = []
    state.available = 0
    state.melds = []
    state.next_meld = 1
    state.happiness = [0] * n
    state.dealer = dealer
    state.turn = (dealer + 1) % n
    state.step = MAIN
    state.melded = False
    state.activated = ()
    state.pending = []
    state.diamond_owed = 0
    state.attack = None
    state.defender = -1
    state.used_clubs = ()
    state.capture_left = 0
    state.remnant = ()
    state.passes = passes
    state.pass_no = 1
    state.final = False
    state.say(f"{names[dealer]} deals 12 cards to each player; {names[state.turn]} starts.")
    start_turn(state)
    return state


def first_player(state: CardsState) -> int:
    """"Setup": the player left of the dealer plays first."""
    return (state.dealer + 1) % state.num_players
