"""Roll the dice (rulebook: "Phases of each round", 1).

"The player rolls 4 dice (as the game progresses, it's possible to gain more dice, to a
maximum of 7). Then the player can reroll any number of the dice, two times. But dice with
the bad luck symbol are frozen." Extra-die icons on active cards add dice; a reroll icon
(Bike instead of car: "a 4th dice throw") adds a throw; Psychotherapy lets one reroll take
bad luck too; Zoo trip, an event, adds 2 dice during any of the rolls.

A die shows one of six faces: health, relationship, knowledge, money, good luck, bad luck
(the rulebook does not list the faces; see "What a die shows" in docs/games/cv.md).
"""

from __future__ import annotations

from typing import Final

from vita.core.state import Action
from vita.core.tuples import without
from vita.games.cv.actions import STOP, Play, Reroll, Stop
from vita.games.cv.cards import ANY, BAD_LUCK, DIE, FACES, REROLL, SYMBOLS
from vita.games.cv.state import CvState
from vita.games.cv.steps import (
    BASE_DICE,
    BASE_REROLLS,
    MAX_DICE,
    ROLL,
    SELECT,
    USED_PSYCHOTHERAPY,
)

PSYCHOTHERAPY: Final = "psychotherapy"

# Every reroll of a subset of dice, built once: SUBSETS[mask] lists the actions rerolling a
# non-empty subset of the dice in ``mask``.
_REROLL = [Reroll(mask) for mask in range(1 << MAX_DICE)]
SUBSETS: Final[list[list[Action]]] = [
    [_REROLL[sub] for sub in range(1, mask + 1) if sub & mask == sub] for mask in range(1 << MAX_DICE)
]


def start_turn(state: CvState) -> None:
    """A new turn: clear the turn's bookkeeping and make the first throw."""
    seat = state.turn
    tokens = state.tokens[seat]
    state.step = ROLL
    state.used = 0
    state.pool = [0] * len(SYMBOLS)
    state.event_pool = [0] * len(SYMBOLS)
    state.bad_spent = 0
    state.bought = []
    state.misfortunes = 0
    state.rerolls = BASE_REROLLS + tokens[REROLL]
    count = min(MAX_DICE, BASE_DICE + tokens[DIE])
    below = state.rng.below
    state.dice = [below(FACES) for _ in range(count)]
    if state.log is not None:
        state.say(f"{state.name(seat)} rolls {faces(state.dice)}.")
    _maybe_done(state)


def faces(dice: list[int]) -> str:
    """The dice's faces in words, die by die: ``health, money, bad luck``."""
    return ", ".join(SYMBOLS[f].replace("_", " ") for f in dice)


def abilities(state: CvState, seat: int) -> set[str]:
    """The abilities of a seat's active cards."""
    cards = state.deck.cards
    return {cards[stack[-1]].ability for stack in state.cv[seat] if stack}  # type: ignore[union-attr]


def has_ability(state: CvState, seat: int, ability: str) -> bool:
    """Whether one of the seat's active cards has this ability."""
    cards = state.deck.cards
    return any(cards[stack[-1]].ability == ability for stack in state.cv[seat] if stack)  # type: ignore[union-attr]


def rerollable(state: CvState, seat: int) -> int:
    """The mask of the dice that may be thrown again: all but bad luck, which Psychotherapy
    frees once a turn."""
    free = 0
    bad = 0
    for index, face in enumerate(state.dice):
        if face == BAD_LUCK:
            bad |= 1 << index
        else:
            free |= 1 << index
    if bad and not state.used & USED_PSYCHOTHERAPY and has_ability(state, seat, PSYCHOTHERAPY):
        return free | bad
    return free


def roll_events(state: CvState, seat: int) -> list[int]:
    """Events in hand playable while rolling (extra dice), if a die can still be added."""
    hand = state.hands[seat]
    if not hand or len(state.dice) >= MAX_DICE:
        return []
    card = state.deck.card
    return [n for n in dict.fromkeys(hand) if card(n).when == "roll"]


def roll_options(state: CvState, seat: int) -> list[Action]:
    options: list[Action] = []
    if state.rerolls:
        options += SUBSETS[rerollable(state, seat)]
    options += [Play(n) for n in roll_events(state, seat)]
    options.append(STOP)
    return options


def reroll(state: CvState, seat: int, action: Reroll) -> None:
    positions = action.positions()
    dice = state.dice
    bad = [i for i in positions if dice[i] == BAD_LUCK]
    if bad:
        state.used |= USED_PSYCHOTHERAPY
    below = state.rng.below
    for index in positions:
        dice[index] = below(FACES)
    state.rerolls -= 1
    if state.log is not None:
        extra = " (Psychotherapy: bad luck too)" if bad else ""
        state.say(f"{state.name(seat)} rerolls {len(positions)} dice{extra}: {faces(state.dice)}.")
    _maybe_done(state)


def play_roll_event(state: CvState, seat: int, number: int) -> None:
    """Zoo trip: more dice, thrown at once and kept for the rest of the turn."""
    card = state.deck.card(number)
    state.hands[seat] = without(state.hands[seat], number)
    state.box.append(number)
    added = min(card.effect[DIE], MAX_DICE - len(state.dice))
    below = state.rng.below
    state.dice += [below(FACES) for _ in range(added)]
    if state.log is not None:
        state.say(f"{state.name(seat)} plays {card.title}: {added} more dice: {faces(state.dice)}.")


def stop(state: CvState, seat: int, action: Stop) -> None:
    enter_select(state)


def _maybe_done(state: CvState) -> None:
    """With no throw left and no die to add, the dice are final."""
    if not state.rerolls and not roll_events(state, state.turn):
        enter_select(state)


def enter_select(state: CvState) -> None:
    """"Select cards": the dice and the tokens form the symbols the player spends this turn."""
    pool = [0] * len(SYMBOLS)
    for face in state.dice:
        pool[face] += 1
    tokens = state.tokens[state.turn]
    for symbol in range(ANY + 1):
        pool[symbol] += tokens[symbol]
    state.pool = pool
    state.step = SELECT
