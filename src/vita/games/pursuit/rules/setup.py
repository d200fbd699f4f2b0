"""Rulebook section "Setup" (and "Solo game" for one player).

Each player starts with 6 hourglasses, an STH indicator on the central space,
a stress indicator on the first space of the central section and LTH 0; the
round marker is on Teen; Get Job, Start Relationship and Overtime are covered
by Unavailable Action tokens; each player is dealt 2 child traits and keeps 1
(its starting resources at once, its ability for the whole game); as many life
goals as players are drawn face up (3 in the solo game); the oldest player
(seat ``first_player`` here) takes the First Player token.
"""

from __future__ import annotations

from typing import Final

from vita.core.rng import Rng
from vita.games.pursuit import flow
from vita.games.pursuit.cards import Amount, load_deck
from vita.games.pursuit.options import PursuitOptions
from vita.games.pursuit.rules.tracks import gain
from vita.games.pursuit.state import GET_JOB, OVERTIME, START_RELATIONSHIP, PursuitState, blank

UNAVAILABLE_AT_START: Final = frozenset({GET_JOB, START_RELATIONSHIP, OVERTIME})


def new_game(options: PursuitOptions, seed: int, *, log: bool = True) -> PursuitState:
    """A new game (with the Community expansion's setup if chosen), at the child traits' choice."""
    deck, names, first_player = load_deck(options.cards, options.expansion), options.seat_names(), options.first_player
    rng = Rng(seed)
    state = blank(deck, len(names), names, rng, log)
    for row, cards in enumerate((deck.projects, deck.items, deck.jobs, deck.partners)):
        pile = [card.index for card in cards]
        rng.shuffle(pile)
        state.piles[row] = pile
    if deck.community is not None:  # Community expansion: "Shuffle all the Community cards"
        state.community_pile = list(range(len(deck.community.cards)))
        rng.shuffle(state.community_pile)
    state.closed = UNAVAILABLE_AT_START
    state.first = state.current = first_player

    # Child traits: deal 2 to each player.
    traits = list(range(len(deck.traits)))
    rng.shuffle(traits)
    for p in state.players:
        p.offer = (traits.pop(), traits.pop())
    state.trait_box = traits

    # Life goals: as many as players, face up (3 in the solo game).
    goals = list(range(len(deck.life_goals)))
    rng.shuffle(goals)
    count = deck.board.solo_goals if state.solo else len(names)
    state.goals = tuple(goals[:count])
    state.goal_box = goals[count:]

    goal_names = ", ".join(deck.life_goals[g].name for g in state.goals)
    if state.log is not None:
        state.say(f"Life goals in play: {goal_names}.")
    if state.log is not None:
        state.say(f"{state.name(first_player)} takes the First Player token.")
    for seat, p in enumerate(state.players):
        offered = " or ".join(deck.traits[t].name for t in p.offer)
        if state.log is not None:
            state.say(f"{p.name} is dealt two child traits.", [(seat, f"{p.name} is dealt {offered}.")])
    return state


def choose_trait(state: PursuitState, seat: int, trait: int) -> None:
    """Keep one dealt child trait, return the other to the box.

    The choice is simultaneous: it stays secret until every player has chosen; then all
    kept traits are shown and each player takes his trait's starting resources (taking them
    at once would tell the others which trait he kept). The returned trait stays listed in
    the player's (private) ``offer``.
    """
    p = state.players[seat]
    p.trait = trait
    card = state.deck.traits[trait]
    if state.log is not None:
        state.say(f"{p.name} has chosen a child trait.", [(seat, f"{p.name} keeps the child trait {card.name} "
                                                                 "(shown once everyone has chosen).")])
    if not traits_secret(state):
        reveal_traits(state)
        flow.start_round(state, advance=False)


def reveal_traits(state: PursuitState) -> None:
    """Everyone has chosen: the kept traits are shown and give their starting resources."""
    for seat, p in enumerate(state.players):
        card = state.deck.traits[p.trait]
        gain(state, seat, Amount.of(card.start))
        if state.log is not None:
            state.say(f"{p.name} keeps the child trait {card.name}: {card.text}")


def traits_secret(state: PursuitState) -> bool:
    """Whether the kept child traits are still secret (someone has yet to choose)."""
    return any(p.trait < 0 for p in state.players)


def first_player(state: PursuitState) -> int | None:
    """"Setup": who takes the First Player token for round 1 (known until round 2 begins)."""
    return state.first if state.round == 0 else None
