"""Rulebook sections "Preparation", "The Deal", "Play of the Hand", "Discards" and
"Ending the Game": the deck, the deal, the order of a turn, the stock and its passes,
the temporary pile, and the end.

A turn: score the Heart melds (1 point per card), draw 3 from the stock, play
activation cards, meld and extend, then discard exactly one card. The cards played
in a turn go to a temporary pile in the order played, which goes onto the discard
pile at the end of the turn.

The stock is gone through once with 2 players, once or twice (an option) with 3, twice
with 4, and three times with 5 ("Five players should use three decks": read as three
passes through the stock). A new stock is formed from the discard pile (the temporary
pile joins it first) only when a draw needs a card. The player who takes the last card
of the last stock finishes his turn and the game ends.
"""

from __future__ import annotations

from vita.core.rng import Rng
from vita.core.wording import count
from vita.games.pursuit_cards.actions import Discard
from vita.games.pursuit_cards.cards import HEARTS, full_deck, long_name, name, natural
from vita.games.pursuit_cards.state import MAIN, OVER, CardsState, empty_hand

HAND = 12
DRAW = 3
PASSES = {2: 1, 3: 1, 4: 2, 5: 3}


def new_game(names: list[str], seed: int, dealer: int, passes: int, log: bool) -> CardsState:
    """Shuffle the 124 cards, deal 12 to each player; the player left of the dealer starts."""
    n = len(names)
    state = CardsState.__new__(CardsState)
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
    state.activated = []
    state.pending = []
    state.diamond_owed = 0
    state.attack = None
    state.defender = -1
    state.used_clubs = []
    state.capture_left = 0
    state.remnant = []
    state.passes = passes
    state.pass_no = 1
    state.final = False
    state.say(f"{names[dealer]} deals 12 cards to each player; {names[state.turn]} starts.")
    start_turn(state)
    return state


def start_turn(state: CardsState) -> None:
    """Score the Heart melds, then draw 3 cards."""
    seat = state.turn
    state.step = MAIN
    state.melded = False
    state.activated = []
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


def draw_stock(state: CardsState, seat: int, count: int) -> list[int]:
    """Take up to ``count`` cards from the stock, forming a new stock when one is needed."""
    drawn = []
    hand = state.hands[seat]
    for _ in range(count):
        if not state.stock and not new_stock(state):
            break
        card = state.stock.pop()
        hand[card] += 1
        drawn.append(card)
        if not state.stock and state.pass_no == state.passes and not state.final:
            state.final = True
            state.say(f"{state.name(seat)} takes the last card of the last stock: this is the final turn.")
    return drawn


def new_stock(state: CardsState) -> bool:
    """Shuffle the discard pile (the temporary pile joins it first) into a new stock."""
    if state.pass_no >= state.passes:
        return False
    state.discard.extend(state.temp)
    state.temp = []
    if not state.discard:
        return False
    state.stock, state.discard = state.discard, []
    state.rng.shuffle(state.stock)
    state.available = 0
    state.pass_no += 1
    state.say(f"The discard pile is shuffled into a new stock (pass {state.pass_no} of {state.passes}).")
    return True


def play_to_temp(state: CardsState, seat: int, card: int) -> None:
    """A card leaves a hand for the temporary pile (a Joker goes as a Joker)."""
    state.hands[seat][natural(card)] -= 1
    state.temp.append(natural(card))


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


def end_game(state: CardsState) -> None:
    state.step = OVER
    scores = ", ".join(f"{state.name(s)} {h}" for s, h in enumerate(state.happiness))
    state.say(f"The game is over. Happiness: {scores}.")


def name_list(cards: list[int]) -> str:
    return ", ".join(name(c) for c in cards) or "nothing"

