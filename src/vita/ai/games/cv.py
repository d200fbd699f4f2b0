"""CV for learning agents: a fixed action numbering and observation.

Actions are numbered in blocks: ``keep`` a card, ``reroll`` a set of dice (by its bit mask),
``stop``, ``play`` a card, ``buy`` a card (as each type, with or without luck), the three
symbol-changing abilities, ``done``, ``lose`` a card, ``place`` the waiting card (as a type,
at a depth: 0 on top, d just under the d-th card from the top), ``assist`` with a card.

Observation (floats, seats rotated so the observer comes first): the step; for every card,
where the observer knows it is (the track, a CV and whether it is active, a hand, the box, a
life goal, being bought or placed, the observer's own draft); the dice; the symbols left to
spend; each seat's tokens, CV size and hand size; the deck sizes and the round. Every entry
lies in [0, 1]: a count is divided by a cap and held at 1 beyond it (version 2; version 1 gave
raw counts).
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np

from vita.core.codec import UNIT, ActionBlocks, Entries, scaled, zeroed_entries
from vita.core.errors import IllegalAction
from vita.core.state import Action, State
from vita.games.cv.actions import (
    DONE,
    NO_ASSIST,
    STOP,
    Assist,
    Buy,
    Done,
    Friend,
    Keep,
    Lose,
    Magician,
    Place,
    Play,
    Reroll,
    Stop,
    Trip,
)
from vita.games.cv.cards import CARD_COUNT, EFFECTS, PLAIN, SYMBOLS
from vita.games.cv.observer import seen_by_others
from vita.games.cv.rules.select import FRIEND_SYMBOLS
from vita.games.cv.state import CvState
from vita.games.cv.steps import MAX_DICE, STEPS

CARDS: Final = 75  # childhood and age cards (numbered 1-75)
TYPE_SLOTS: Final = 6  # -1 (the card's own type) and the five stack types
MAX_DEPTH: Final = 40  # a stack deeper than this cannot be slid under at its bottom by number
MAX_SEATS: Final = 4


LAYOUT: Final = ActionBlocks([
    ("keep", CARDS), ("reroll", (1 << MAX_DICE) - 1), ("stop", 1), ("play", CARDS),
    ("buy", CARDS * TYPE_SLOTS * 2), ("magician", 16), ("trip", 4), ("friend", 2 * len(FRIEND_SYMBOLS)),
    ("done", 1), ("lose", CARDS), ("place", TYPE_SLOTS * (MAX_DEPTH + 1)),
    ("assist", 1 + CARDS * TYPE_SLOTS),
])
"""The blocks of the action numbering, in order."""


def _card(number: int) -> int:
    if not 1 <= number <= CARDS:
        raise IllegalAction(f"card {number} has no number in this action space")
    return number - 1


ENCODING_VERSION: Final = 2  # bump on any change of what an action number or observation entry means

_TYPES = "as its own type 0, health 1, relationship 2, knowledge 3, work 4, possession 5"
BLOCK_MEANINGS: Final = {
    "keep": "keep a drafted card: card number - 1",
    "reroll": "throw again the dice whose bits are set: bit mask - 1 (bit i: die i + 1)",
    "stop": "stop throwing",
    "play": "play an event card from the hand: card number - 1",
    "buy": f"buy a track card: ((card number - 1) * 6 + type slot) * 2 + with good luck (slot: {_TYPES})",
    "magician": "Magician: source symbol * 4 + target (health 0, relationship 1, knowledge 2, money 3)",
    "trip": "Trip around the world: the symbol (health 0, relationship 1, knowledge 2, money 3)",
    "friend": "Friend from work: side * 5 + symbol (health, relationship, knowledge, money, good luck)",
    "done": "done buying",
    "lose": "lose an active card to misfortune: card number - 1",
    "place": f"place the waiting card: type slot * 41 + depth (0 on top, d under the d-th card from the top; {_TYPES})",
    "assist": f"social assistance: 0 none, else 1 + (card number - 1) * 6 + type slot ({_TYPES})",
}


class CvCodec:
    """Actions as numbers (see the module docstring)."""

    def __init__(self) -> None:
        self.size = LAYOUT.size
        self.version = ENCODING_VERSION

    def blocks(self) -> list[tuple[str, int, int, str]]:
        return [(name, LAYOUT.start[name], size, BLOCK_MEANINGS[name]) for name, size in LAYOUT.blocks]

    def encode(self, state: State, seat: int, action: Action) -> int:
        assert isinstance(state, CvState)
        start = LAYOUT.start
        if isinstance(action, Keep):
            return start["keep"] + _card(action.card)
        if isinstance(action, Reroll):
            return start["reroll"] + action.dice - 1
        if isinstance(action, Stop):
            return start["stop"]
        if isinstance(action, Play):
            return start["play"] + _card(action.card)
        if isinstance(action, Buy):
            return start["buy"] + (_card(action.card) * TYPE_SLOTS + action.as_type + 1) * 2 + action.luck
        if isinstance(action, Magician):
            return start["magician"] + PLAIN.index(action.source) * 4 + PLAIN.index(action.target)
        if isinstance(action, Trip):
            return start["trip"] + PLAIN.index(action.target)
        if isinstance(action, Friend):
            return start["friend"] + action.side * len(FRIEND_SYMBOLS) + FRIEND_SYMBOLS.index(action.symbol)
        if isinstance(action, Done):
            return start["done"]
        if isinstance(action, Lose):
            return start["lose"] + _card(action.card)
        if isinstance(action, Place):
            return start["place"] + (action.as_type + 1) * (MAX_DEPTH + 1) + self._depth(state, seat, action)
        if isinstance(action, Assist):
            if not action.card:
                return start["assist"]
            return start["assist"] + 1 + _card(action.card) * TYPE_SLOTS + action.as_type + 1
        raise IllegalAction(f"{action} has no number in this action space")

    @staticmethod
    def _stack(state: CvState, seat: int, as_type: int) -> tuple[int, ...]:
        if not state.placing:
            return ()
        _, _, kind = state.placing[0]
        kind = kind if kind >= 0 else as_type
        return state.cv[seat][kind] if kind >= 0 else ()

    def _depth(self, state: CvState, seat: int, action: Place) -> int:
        if not action.under:
            return 0
        stack = self._stack(state, seat, action.as_type)
        if action.under not in stack:
            raise IllegalAction(f"card {action.under} is not in the stack")
        depth = len(stack) - stack.index(action.under)
        if depth > MAX_DEPTH:
            raise IllegalAction(f"a stack deeper than {MAX_DEPTH} cards has no number for this place")
        return depth

    def decode(self, state: State, seat: int, index: int) -> Action:
        assert isinstance(state, CvState)
        block, offset = LAYOUT.block(index)
        if block == "keep":
            return Keep(offset + 1)
        if block == "reroll":
            return Reroll(offset + 1)
        if block == "stop":
            return STOP
        if block == "play":
            return Play(offset + 1)
        if block == "buy":
            rest, luck = divmod(offset, 2)
            card, slot = divmod(rest, TYPE_SLOTS)
            return Buy(card + 1, slot - 1, bool(luck))
        if block == "magician":
            source, target = divmod(offset, 4)
            return Magician(PLAIN[source], PLAIN[target])
        if block == "trip":
            return Trip(PLAIN[offset])
        if block == "friend":
            side, symbol = divmod(offset, len(FRIEND_SYMBOLS))
            return Friend(side, FRIEND_SYMBOLS[symbol])
        if block == "done":
            return DONE
        if block == "lose":
            return Lose(offset + 1)
        if block == "place":
            slot, depth = divmod(offset, MAX_DEPTH + 1)
            if not state.placing:
                raise IllegalAction("no card waits to be placed")
            stack = self._stack(state, seat, slot - 1)
            if depth > len(stack):
                raise IllegalAction(f"the stack has {len(stack)} cards, not {depth}")
            under = stack[len(stack) - depth] if depth else 0
            return Place(state.placing[0][1], under, slot - 1)
        if offset == 0:
            return NO_ASSIST
        card, slot = divmod(offset - 1, TYPE_SLOTS)
        return Assist(card + 1, slot - 1)


# Where a card can be, as the observer knows it (per card, one-hot).
PLACES: Final = ("unknown", "track", "box", "public goal", "my goal", "my draft", "my kept", "bought", "placing",
                 "my hand", "my cv", "my active")
OTHER_PLACES: Final = ("cv", "active", "hand")  # for each other seat, rotated

# The caps at which counts are read as 1 (designed: the rulebook bounds none of them but the
# dice, 7; a few more than seen in some hundreds of random and heuristic games, docs/games/cv.md).
CAP_SYMBOLS: Final = 12  # one symbol from 7 dice and the tokens of 5 active cards
CAP_TOKENS: Final = 6
CAP_CV: Final = 30
CAP_HAND: Final = 8
CAP_ROUND: Final = 30
CAP_REROLLS: Final = 6
CAP_MISFORTUNES: Final = 4
CAP_BAD: Final = 6
CAP_BOUGHT: Final = 4
CAP_USED: Final = 20


class CvObserver:
    """What a seat may see, as floats (see the module docstring)."""

    def __init__(self) -> None:
        self.per_card = len(PLACES) + (MAX_SEATS - 1) * len(OTHER_PLACES)
        self.size = (len(STEPS) + CARD_COUNT * self.per_card + MAX_DICE * 6 + 2 * len(SYMBOLS)
                     + MAX_SEATS * (len(EFFECTS) + 2) + 3 + 6)

    def layout(self) -> list[tuple[str, int, str]]:
        others = ", ".join(f"seat +{k} {place}" for k in range(1, MAX_SEATS) for place in OTHER_PLACES)
        symbols = ", ".join(SYMBOLS)
        return [("step", len(STEPS), f"one-hot: {', '.join(STEPS)}"),
                ("cards", CARD_COUNT * self.per_card,
                 f"per card 1-{CARD_COUNT}, {self.per_card} flags: where the observer knows it is "
                 f"({', '.join(PLACES)}), then for each other seat in turn order ({others}; an event in a hand "
                 "only if taken from the track)"),
                ("dice", MAX_DICE * 6, f"each of {MAX_DICE} dice, its face one-hot (6): health, relationship, "
                                       "knowledge, money, good luck, bad luck"),
                ("symbols to spend", 2 * len(SYMBOLS), f"from dice and tokens, then from events ({symbols}): "
                                                       f"each / {CAP_SYMBOLS}"),
                ("seats", MAX_SEATS * (len(EFFECTS) + 2),
                 f"per seat from the observer in turn order: tokens ({', '.join(EFFECTS)}) / {CAP_TOKENS}, "
                 f"CV size / {CAP_CV}, hand size / {CAP_HAND}"),
                ("decks", 3, "early, middle and old age decks: cards / 26"),
                ("turn", 6, f"round / {CAP_ROUND}, rerolls used / {CAP_REROLLS}, misfortunes / {CAP_MISFORTUNES}, "
                            f"bad luck spent / {CAP_BAD}, cards bought / {CAP_BOUGHT}, symbols used / {CAP_USED}")]

    def bounds(self) -> list[tuple[float, float]]:
        """Every entry in [0, 1] (each count held at its cap: see the module docstring)."""
        return [UNIT] * len(self.layout())

    def observe(self, state: State, seat: int) -> list[float]:
        values = [0.0] * self.size
        self._write(state, seat, values)
        return values

    def observe_into(self, state: State, seat: int, out: np.ndarray) -> None:
        """Write the observation of ``seat`` into ``out`` (``size`` float32 entries, zeros or
        not) through a memoryview of it: zeros, then the entries that are not zero (most
        entries are the zeros of the cards' places); no list is built."""
        self._write(state, seat, zeroed_entries(out))

    def _write(self, state: State, seat: int, view: Entries) -> None:
        """Set the entries of the observation of ``seat`` that are not zero in ``view`` (all
        zeros): a list of floats, or the float32 entries of an array."""
        assert isinstance(state, CvState)
        n = state.num_players
        if 0 <= state.step < len(STEPS):
            view[state.step] = 1.0
        per = self.per_card
        at = len(STEPS) - per  # a card numbered c (from 1) has its flags at at + c * per
        for card in state.track:
            view[at + card * per + 1] = 1.0
        for card in state.box:
            view[at + card * per + 2] = 1.0
        for goal in state.public_goals:
            view[at + goal * per + 3] = 1.0
        view[at + state.goals[seat] * per + 4] = 1.0
        for card in state.draft[seat]:
            view[at + card * per + 5] = 1.0
        for card in state.kept[seat]:
            view[at + card * per + 6] = 1.0
        for card, _ in state.bought:
            view[at + card * per + 7] = 1.0
        for _, card, _ in state.placing:
            view[at + card * per + 8] = 1.0
        for card in state.hands[seat]:
            view[at + card * per + 9] = 1.0
        for stack in state.cv[seat]:
            for card in stack:
                view[at + card * per + 10] = 1.0
            if stack:
                view[at + stack[-1] * per + 11] = 1.0
        for shift in range(1, n):
            other = (seat + shift) % n
            base = at + len(PLACES) + (shift - 1) * len(OTHER_PLACES)
            for stack in state.cv[other]:
                for card in stack:
                    view[base + card * per] = 1.0
                if stack:
                    view[base + stack[-1] * per + 1] = 1.0
            for card in state.hands[other]:
                if seen_by_others(state, card):  # the observer decides what is hidden
                    view[base + card * per + 2] = 1.0
        at = len(STEPS) + CARD_COUNT * per
        for index, face in enumerate(state.dice[:MAX_DICE]):
            if 0 <= face < 6:
                view[at + index * 6 + face] = 1.0
        at += MAX_DICE * 6
        for value in (*state.pool, *state.event_pool):
            view[at] = scaled(value, CAP_SYMBOLS)
            at += 1
        for shift in range(n):
            other = (seat + shift) % n
            for value in state.tokens[other]:
                view[at] = scaled(value, CAP_TOKENS)
                at += 1
            view[at] = scaled(state.cv_size(other), CAP_CV)
            view[at + 1] = scaled(len(state.hands[other]), CAP_HAND)
            at += 2
        at += (MAX_SEATS - n) * (len(EFFECTS) + 2)
        for deck in state.decks:
            view[at] = scaled(len(deck), 26)
            at += 1
        for value, cap in ((state.round, CAP_ROUND), (state.rerolls, CAP_REROLLS),
                           (state.misfortunes, CAP_MISFORTUNES), (state.bad_spent, CAP_BAD),
                           (len(state.bought), CAP_BOUGHT), (state.used, CAP_USED)):
            view[at] = scaled(value, cap)
            at += 1


def interface() -> tuple[CvCodec, CvObserver]:
    """The numbering and observation do not depend on the deck's values or the number of players."""
    return CvCodec(), CvObserver()


def interface_for(game: Any, options: Any) -> tuple[CvCodec, CvObserver]:
    """CV's numbering and observer (the same at every table size)."""
    return interface()
