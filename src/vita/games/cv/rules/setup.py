"""Game preparation and "Play your childhood!" (the childhood draft).

"Reveal the first 5 cards from the early adulthood deck ... Deal one card from the life goal
deck to each player, then reveal several more (the number of players minus one) ... For 4
players, deal 3 childhood cards to each player. For 2 or 3 players ... combine the bicycle
card with 5 random cards (for 2 players) or with 8 random cards (for 3 players). Shuffle ...
and deal 3 cards to each player. Set aside the unused cards."

"From the 3 received cards, each player chooses 1, then passes the other 2 to the player on
the left. From the 2 received cards, each player chooses 1, then passes the last card to the
player on the left." Players choose at the same moment and see only their own cards.

Childhood cards then join their owner's CV, as the Bicycle does ("It is that player's first
possession"), except events, which stay in the hand ("Purchased event cards remain in a
player's hand, like Childhood cards": the childhood events, Life Insurance and Zoo trip).
"""

from __future__ import annotations

from typing import Final

from vita.core.rng import Rng
from vita.core.state import Action
from vita.core.tuples import replaced, without
from vita.games.cv.actions import Keep
from vita.games.cv.cards import CHILDHOOD, EARLY, EFFECTS, MIDDLE, OLD, STACKS, SYMBOLS, load_deck
from vita.games.cv.options import CvOptions
from vita.games.cv.rules.add_to_cv import place_next
from vita.games.cv.state import CvState
from vita.games.cv.steps import DRAFT, TRACK_SIZE

CHILDHOOD_EXTRA: Final = {2: 5, 3: 8}  # random cards beside the Bicycle, by number of players
DEALT: Final = 3


def new_game(options: CvOptions, seed: int, *, log: bool = True) -> CvState:
    """A new game, ready for the childhood draft."""
    state = CvState()
    deck, names = load_deck(options.cards), options.seat_names()
    n = len(names)
    rng = Rng(seed)
    state.num_players, state.rng, state.log, state.ply = n, rng, [] if log else None, 0
    state.deck, state.names = deck, list(names)
    state.step, state.turn, state.starter, state.round = DRAFT, 0, 0, 0

    # The three age decks, shuffled; five early-adulthood cards on the track.
    decks = []
    for age in (EARLY, MIDDLE, OLD):
        cards = deck.by_age(age)
        rng.shuffle(cards)
        decks.append(cards)
    state.track = [decks[0].pop() for _ in range(TRACK_SIZE)]
    state.decks = tuple(tuple(cards) for cards in decks)

    # Life goals: one private each, players - 1 public.
    goals = sorted(deck.goals)
    rng.shuffle(goals)
    state.goals = tuple(goals.pop() for _ in range(n))
    state.public_goals = tuple(goals.pop() for _ in range(n - 1))
    state.goal_deck = tuple(goals)

    # The childhood deck, prepared for 2 and 3 players with the Bicycle.
    childhood = deck.by_age(CHILDHOOD)
    if n in CHILDHOOD_EXTRA:
        bicycle = deck.bicycle()
        others = [c for c in childhood if c != bicycle]
        rng.shuffle(others)
        extra = CHILDHOOD_EXTRA[n]
        childhood, set_aside = [bicycle, *others[:extra]], others[extra:]
    else:
        set_aside = []
    rng.shuffle(childhood)
    state.draft = tuple(tuple(childhood.pop() for _ in range(DEALT)) for _ in range(n))
    state.set_aside = (*set_aside, *childhood)
    state.kept = ((),) * n
    state.chosen = (False,) * n

    state.cv = [((),) * STACKS] * n
    state.hands = [()] * n
    state.tokens = [(0,) * len(EFFECTS)] * n
    state.retired = (False,) * n
    state.box = []
    state.dice, state.rerolls, state.used = [], 0, 0
    state.pool, state.event_pool, state.bad_spent = [0] * len(SYMBOLS), [0] * len(SYMBOLS), 0
    state.bought, state.misfortunes, state.placing, state.assist = [], 0, [], []
    state.refilling = False
    if log:
        state.say(f"Public life goals: {', '.join(deck.title(g) for g in state.public_goals)}.")
        for seat in range(n):
            titles = ", ".join(deck.title(c) for c in state.draft[seat])
            state.say(f"{state.name(seat)} is dealt 3 childhood cards.",
                      [(seat, f"You are dealt {titles}; your life goal is {deck.title(state.goals[seat])}.")])
    return state


def draft_options(state: CvState, seat: int) -> list[Action]:
    if state.chosen[seat]:
        return []
    return [Keep(n) for n in state.draft[seat]]


def keep(state: CvState, seat: int, action: Keep) -> None:
    number = action.card
    state.draft = replaced(state.draft, seat, without(state.draft[seat], number))
    state.kept = replaced(state.kept, seat, (*state.kept[seat], number))
    state.chosen = replaced(state.chosen, seat, True)
    if state.log is not None:
        state.say(f"{state.name(seat)} keeps a childhood card.",
                  [(seat, f"You keep {state.deck.title(number)}.")])
    if all(state.chosen):
        _pass_left(state)


def _pass_left(state: CvState) -> None:
    """Everyone passes the cards not kept to the player on the left (the next seat)."""
    n = state.num_players
    state.draft = tuple(state.draft[(seat - 1) % n] for seat in range(n))
    state.chosen = (False,) * n
    if len(state.draft[0]) == 1:  # the last card is simply received
        state.kept = tuple(kept + draft for kept, draft in zip(state.kept, state.draft, strict=True))
        state.draft = ((),) * n
        _childhood_into_cv(state)


def _childhood_into_cv(state: CvState) -> None:
    """Events go to the hand, every other childhood card to the CV; the Bicycle's holder starts."""
    card_of = state.deck.card
    bicycle = state.deck.bicycle()
    for seat in range(state.num_players):
        for number in state.kept[seat]:
            card = card_of(number)
            if number == bicycle:
                state.starter = seat
            if card.is_event:
                state.hands[seat] = (*state.hands[seat], number)
            else:
                state.placing.append((seat, number, card.types[0] if len(card.types) == 1 else -1))
    state.kept = ((),) * state.num_players
    state.chosen = (True,) * state.num_players
    if state.log is not None:
        state.say(f"{state.name(state.starter)} rode a bike as a child: they start, with the bicycle token.")
    place_next(state)


def first_player(state: CvState) -> int | None:
    """"Setup": the player with the Bicycle starts; known once the childhood draft is over."""
    return None if state.step == DRAFT else state.starter
