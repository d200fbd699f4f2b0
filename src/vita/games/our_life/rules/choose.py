"""Renewing the display and choosing Action cards ("Renew Action Display", "Choose Action cards").

Every family chooses at once and in secret; a couple's partners choose one after the other
(the second sees the first's card: they collaborate) and never the same card. Players of
different families may choose the same card. At the reveal, in this order: a Like for each
player whose card was also chosen by another family; a Relaxation erases a stress mark per
symbol for each chooser; then for each chosen card with Stress dice, one of its choosers
rolls as many dice as the card shows and every stress icon marks an X for each chooser.
"""

from __future__ import annotations

from vita.games.our_life.actions import Choose
from vita.games.our_life.rules import bonuses, persona
from vita.games.our_life.rules.happiness import add_stress, relax
from vita.games.our_life.state import OurLifeState
from vita.games.our_life.steps import USE


def fill_display(state: OurLifeState) -> None:
    """Draw Action cards until the display holds four (the discards are shuffled in if needed)."""
    while len(state.display) < state.book.display:
        if not state.action_deck:
            state.action_deck, state.action_discard = state.rng.shuffled(state.action_discard), ()
        state.display.append(state.action_deck[-1])
        state.action_deck = state.action_deck[:-1]


def renew_display(state: OurLifeState) -> None:
    """"discard the Action cards currently in the display and refill with 4 new cards"."""
    state.action_discard += tuple(state.display)
    state.display = []
    fill_display(state)
    state.say("The Action Display: " + ", ".join(state.book.actions[c].title for c in state.display))


def options(state: OurLifeState, seat: int) -> list[int]:
    """The display positions ``seat`` may choose (not its partner's)."""
    partner = state.partner[seat]
    taken = state.choice[partner] if partner >= 0 else -1
    return [slot for slot in range(len(state.display)) if slot != taken]


def choose(state: OurLifeState, seat: int, action: Choose) -> None:
    slot = action.slot
    state.choice[seat] = slot
    title = state.book.actions[state.display[slot]].title
    partner = state.partner[seat]
    private = [(seat, f"You choose {title}")]
    if partner >= 0:
        private.append((partner, f"{state.name(seat)} chooses {title}"))
    state.say(f"{state.name(seat)} has chosen", private)
    if min(state.choice) >= 0:
        reveal(state)


def reveal(state: OurLifeState) -> None:
    book = state.book
    n = state.num_players
    cards = [book.actions[state.display[state.choice[s]]] for s in range(n)]
    state.say("Revealed: " + "; ".join(f"{state.name(s)} {cards[s].title}" for s in range(n)))
    # The round's actions: the card's, and the extra action.
    for seat in range(n):
        pool = [0] * 7
        for action in cards[seat].actions:
            pool[action] += 1
        state.pool[seat] = tuple(pool)
        source = cards[state.partner[seat]] if state.partner[seat] >= 0 else cards[seat]
        state.extra[seat] = sum(1 << a for a in set(source.actions))
        state.done[seat] = False
    state.step = USE
    for seat in range(n):
        if cards[seat].opportunity:
            state.say(f"{state.name(seat)}'s card shows an Opportunity")
            bonuses.cross_opportunities(state, seat, cards[seat].opportunity)
    # A Like for sharing a card with another family.
    for seat in range(n):
        if any(state.choice[o] == state.choice[seat] and state.family_of[o] != state.family_of[seat] for o in range(n)):
            state.say(f"{state.name(seat)} shares a card with another family: a Like")
            persona.like(state, seat)
    # Relaxation, per chooser.
    for seat in range(n):
        if cards[seat].relax:
            relax(state, state.family_of[seat], cards[seat].relax)
    # Stress dice, once per chosen card.
    state.rolls = []
    for slot, card in enumerate(state.display):
        choosers = [s for s in range(n) if state.choice[s] == slot]
        stress = book.actions[card].stress
        if choosers and stress:
            faces = [book.stress_die[state.rng.below(len(book.stress_die))] for _ in range(stress)]
            icons = sum(faces)
            state.rolls = [*state.rolls, [slot, *faces]]
            state.say(f"{state.name(choosers[0])} rolls {stress} Stress dice for {book.actions[card].title}: "
                      f"{icons} stress")
            for seat in choosers:
                add_stress(state, state.family_of[seat], icons)
