"""The card game for learning agents: a fixed action numbering and observation.

Melds are named in notation by a number that grows all game; here a meld is named by its
place among its owner's melds (in the order they were laid) and a target by its place among
all the melds of the other players, so a number always means the same kind of move. The
activation card is the card at the chosen position (or a Joker declared as it).

Observation (floats, seats rotated so the observer comes first): the step, the stock and the
passes, whether this is the final turn; the observer's hand; each seat's Happiness, hand
size and melds (suit, pattern, each card's value and whether it is a Joker); the top of the
discard pile and this turn's temporary pile; the meld being laid and an attack in progress.
Every entry lies in [0, 1]: a count is divided by a cap and held at 1 beyond it (version 2;
version 1 let Happiness, hand sizes, an attack's figures and the Jokers in a hand pass 1).
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np

from vita.core.codec import UNIT, ActionBlocks, scaled
from vita.core.errors import IllegalAction
from vita.core.state import Action, State
from vita.games.pursuit_cards.actions import (
    ENDS,
    PASS,
    Activate,
    AddToMeld,
    Capture,
    Defend,
    Discard,
    Extend,
    Pass,
    Remnant,
    StartMeld,
    Take,
)
from vita.games.pursuit_cards.cards import DECLARED, JOKER, KINDS
from vita.games.pursuit_cards.rules.melds import MAX_LENGTH, Meld
from vita.games.pursuit_cards.state import STEPS, CardsState

MAX_MELDS: Final = 24  # a player's melds (random games reach 14)
MAX_TARGETS: Final = 64  # melds of the other players
MAX_SEATS: Final = 5
MAX_TAKE = 10
HAND: Final = KINDS + 1


LAYOUT: Final = ActionBlocks([
    ("activate", MAX_MELDS * MAX_LENGTH * 2 * (MAX_TARGETS + 1)),
    ("take", MAX_TAKE),
    ("defend", MAX_MELDS * MAX_LENGTH * 2),
    ("pass", 1),
    ("capture", 2),
    ("remnant", HAND),
    ("meld", 2 * KINDS),
    ("add", 2 * 2 * KINDS),
    ("extend", MAX_MELDS * 2 * 2),
    ("discard", HAND),
])
"""The blocks of the action numbering, in order."""


def own_melds(state: CardsState, seat: int) -> list[Meld]:
    return [m for m in state.melds if m.owner == seat]


def other_melds(state: CardsState, seat: int) -> list[Meld]:
    return [m for m in state.melds if m.owner != seat]


class _Places:
    """Where each meld stands among its owner's (for the seat acting) and among the others'
    melds, found once for all the actions of one position."""

    def __init__(self, state: CardsState, seat: int) -> None:
        self.own: dict[int, int] = {}
        self.other: dict[int, int] = {}
        for meld in state.melds:
            places = self.own if meld.owner == seat else self.other
            places[meld.id] = len(places)

    @staticmethod
    def place(places: dict[int, int], ident: int, limit: int) -> int:
        """The place of meld ``ident`` in ``places``; refused when it is not there or at
        ``limit`` or beyond (one look-up on the way that numbers every legal action)."""
        place = places.get(ident, limit)
        if place >= limit:
            if ident not in places:
                raise IllegalAction(f"there is no meld m{ident} here")
            raise IllegalAction(f"meld m{ident} is beyond the {limit} melds this action space names")
        return place


def _entry(kind: int) -> int:
    """A card kind (0-79: natural, then declared Jokers) to a card or declared Joker."""
    return kind if kind < KINDS else DECLARED + kind - KINDS


def _kind(card: int) -> int:
    return card if card < KINDS else KINDS + card - DECLARED


ENCODING_VERSION: Final = 2  # bump on any change of what an action number or observation entry means

# The caps at which counts are read as 1 (designed: the rulebook bounds none of them; a little
# above the most seen in some hundreds of random and heuristic games, docs/games/pursuit-cards.md).
CAP_HAPPINESS: Final = 400
CAP_HAND: Final = 40
CAP_POWER: Final = 10
CAP_AVAILABLE: Final = 60

# What the numbers of each block stand for (a card: suit * 10 + value - 1, suits in the order
# of SUITS, values Ace to Ten; a kind: a card 0-39 or a Joker declared as card k, 40 + k).
BLOCK_MEANINGS: Final = {
    "activate": "activate: ((own meld's place * 5 + position - 1) * 2 + Joker) * 65 + target "
                "(0 none, 1 + the place of another's meld among all the others' melds)",
    "take": "take k cards from the discard pile (a Diamond activation), k = the offset",
    "defend": "defend: (own meld's place * 5 + position - 1) * 2 + Joker",
    "pass": "pass (no defence)",
    "capture": "capture the front (0) or the back (1) card",
    "remnant": "keep a broken meld's card: the card, 40 a Joker",
    "meld": "start a meld with a kind",
    "add": "add to the meld being laid: end (front 0, back 1) * 80 + kind",
    "extend": "extend an own meld: (place * 2 + end) * 2 + Joker",
    "discard": "discard: the card, 40 a Joker",
}


class CardsCodec:
    """Actions as numbers (see the module docstring)."""

    def __init__(self) -> None:
        self.size = LAYOUT.size
        self.version = ENCODING_VERSION

    def blocks(self) -> list[tuple[str, int, int, str]]:
        return [(name, LAYOUT.start[name], size, BLOCK_MEANINGS[name]) for name, size in LAYOUT.blocks]

    def encode(self, state: State, seat: int, action: Action) -> int:
        assert isinstance(state, CardsState)
        return self._number(action, _Places(state, seat))

    def encode_all(self, state: State, seat: int, actions: Sequence[Action]) -> list[int]:
        """The numbers of many actions of one position (its melds' places found once; the
        discards and meld starts, most of any list, numbered on the spot)."""
        assert isinstance(state, CardsState)
        places = _Places(state, seat)
        found = []
        for action in actions:  # the kinds most lists hold most of, tested first
            if isinstance(action, Discard):
                found.append(_DISCARD_AT + action.card)
            elif isinstance(action, StartMeld):
                found.append(_MELD_AT + _kind(action.card))
            elif isinstance(action, Activate):
                found.append(_activate(action, places))
            elif isinstance(action, Extend):
                found.append(_extend(action, places))
            elif isinstance(action, AddToMeld):
                found.append(_ADD_AT + ENDS.index(action.end) * 2 * KINDS + _kind(action.card))
            else:
                found.append(self._number(action, places))
        return found

    @staticmethod
    def _number(action: Action, places: _Places) -> int:
        number = _NUMBERS.get(type(action))
        if number is None:
            raise IllegalAction(f"{action} has no number in this action space")
        return number(action, places)

    def decode(self, state: State, seat: int, index: int) -> Action:
        assert isinstance(state, CardsState)
        block, offset = LAYOUT.block(index)
        if block == "activate":
            rest, target = divmod(offset, MAX_TARGETS + 1)
            rest, joker = divmod(rest, 2)
            place, position = divmod(rest, MAX_LENGTH)
            meld = self._meld(own_melds(state, seat), place)
            card = self._card_at(meld, position + 1, joker)
            aim = -1 if target == 0 else self._meld(other_melds(state, seat), target - 1).id
            return Activate(card, meld.id, position + 1, aim)
        if block == "take":
            return Take(offset)
        if block == "defend":
            rest, joker = divmod(offset, 2)
            place, position = divmod(rest, MAX_LENGTH)
            meld = self._meld(own_melds(state, seat), place)
            return Defend(self._card_at(meld, position + 1, joker), meld.id, position + 1)
        if block == "pass":
            return PASS
        if block == "capture":
            return Capture(ENDS[offset])
        if block == "remnant":
            return Remnant(offset)
        if block == "meld":
            return StartMeld(_entry(offset))
        if block == "add":
            end, kind = divmod(offset, 2 * KINDS)
            return AddToMeld(ENDS[end], _entry(kind))
        if block == "extend":
            rest, joker = divmod(offset, 2)
            place, end = divmod(rest, 2)
            meld = self._meld(own_melds(state, seat), place)
            value = meld.next_value(ENDS[end])
            card = meld.suit * 10 + value - 1
            return Extend(meld.id, ENDS[end], DECLARED + card if joker else card)
        return Discard(offset)

    @staticmethod
    def _meld(melds: list[Meld], place: int) -> Meld:
        if place >= len(melds):
            raise IllegalAction(f"there is no meld number {place + 1} here")
        return melds[place]

    @staticmethod
    def _card_at(meld: Meld, position: int, joker: int) -> int:
        if position > len(meld.cards):
            raise IllegalAction(f"m{meld.id} has no position {position}")
        kind = meld.cards[position - 1] % DECLARED
        return DECLARED + kind if joker else kind


def _activate(action: Activate, places: _Places) -> int:
    place = places.place(places.own, action.meld, MAX_MELDS)
    target = 0 if action.target < 0 else 1 + places.place(places.other, action.target, MAX_TARGETS)
    number = (place * MAX_LENGTH + action.position - 1) * 2 + (action.card >= DECLARED)
    return _ACTIVATE_AT + number * (MAX_TARGETS + 1) + target


def _defend(action: Defend, places: _Places) -> int:
    place = places.place(places.own, action.meld, MAX_MELDS)
    return _DEFEND_AT + (place * MAX_LENGTH + action.position - 1) * 2 + (action.card >= DECLARED)


def _extend(action: Extend, places: _Places) -> int:
    place = places.place(places.own, action.meld, MAX_MELDS)
    return _EXTEND_AT + (place * 2 + ENDS.index(action.end)) * 2 + (action.card >= DECLARED)


_START = LAYOUT.start
_DISCARD_AT, _MELD_AT, _ADD_AT = _START["discard"], _START["meld"], _START["add"]
_ACTIVATE_AT, _DEFEND_AT, _EXTEND_AT = _START["activate"], _START["defend"], _START["extend"]
# Each kind of action's number, by the action's class (one look-up, not a chain of tests).
_NUMBERS: Final[dict[type, Callable[[Any, _Places], int]]] = {
    Activate: _activate,
    Take: lambda a, _: _START["take"] + a.from_discard,
    Defend: _defend,
    Pass: lambda a, _: _START["pass"],
    Capture: lambda a, _: _START["capture"] + ENDS.index(a.end),
    Remnant: lambda a, _: _START["remnant"] + a.card,
    StartMeld: lambda a, _: _START["meld"] + _kind(a.card),
    AddToMeld: lambda a, _: _ADD_AT + ENDS.index(a.end) * 2 * KINDS + _kind(a.card),
    Extend: _extend,
    Discard: lambda a, _: _START["discard"] + a.card,
}


# The observation's sizes: a meld's entries, a seat's, the whole vector's (see the layout).
MELD_SIZE: Final = 1 + 4 + 1 + MAX_LENGTH * 2
SEAT_SIZE: Final = 3 + MAX_MELDS * MELD_SIZE
OBSERVATION_SIZE: Final = len(STEPS) + 4 + HAND + MAX_SEATS * SEAT_SIZE + 8 * HAND + 8 * HAND + 3 * HAND + 6


class CardsObserver:
    """The observation vector (see the module docstring), written into an array: the entries
    that are not zero are set one by one, which is far cheaper than building a list of every
    entry (most are zeros of one-hot blocks)."""

    def __init__(self) -> None:
        self.meld_size = MELD_SIZE
        self.seat_size = SEAT_SIZE
        self.size = OBSERVATION_SIZE

    def layout(self) -> list[tuple[str, int, str]]:
        seat = (f"present, Happiness / {CAP_HAPPINESS}, hand size / {CAP_HAND}, then {MAX_MELDS} melds in the order "
                f"laid, each "
                f"{self.meld_size} entries: present, suit one-hot (4), pattern / 9, each card's value / 10 "
                f"({MAX_LENGTH}), Joker flags ({MAX_LENGTH})")
        seats = [("seats", MAX_SEATS * self.seat_size, f"{MAX_SEATS} blocks of {self.seat_size}, the observer's "
                                                       f"first, then in turn order (zeros past the players): {seat}")]
        return [("step", len(STEPS), f"one-hot: {', '.join(STEPS)}"),
                ("stock", 4, "stock size / 124, pass number / 3, passes / 3, final turn"),
                ("hand", HAND, "the observer's hand: copies of each card / 3 (40 cards), then Jokers / 4"),
                *seats,
                ("discard pile", 8 * HAND, "its top 8 cards from the top, one-hot each (41)"),
                ("temporary pile", 8 * HAND, "this turn's played cards, last first, one-hot each (41)"),
                ("meld being laid", 3 * HAND, "its cards, one-hot each (41)"),
                ("attack", 6, f"an attack on, its power / {CAP_POWER}, the defence / {CAP_POWER}, captures left / 5, "
                              f"Diamond cards owed / 5, discard cards available / {CAP_AVAILABLE}")]

    def bounds(self) -> list[tuple[float, float]]:
        """Every entry in [0, 1] (see the module docstring)."""
        return [UNIT] * len(self.layout())

    def observe(self, state: State, seat: int) -> list[float]:
        out = np.empty(self.size, dtype=np.float32)
        self.observe_into(state, seat, out)
        values: list[float] = out.tolist()
        return values

    def observe_into(self, state: State, seat: int, out: np.ndarray) -> None:
        """Write the observation of ``seat`` into ``out`` (``size`` float32 entries, zeros or
        not): zeros, then each entry that is not zero, through a memoryview of ``out`` (a store
        there costs a fraction of NumPy's item assignment, and no list is built); the hand and
        each seat's melds are ready-made float32 bytes (a meld's row cached by its cards),
        joined and stored as one slice."""
        assert isinstance(state, CardsState)
        raw = out.data.cast("B")  # the entries' bytes: ready-made rows are stored as bytes
        view = raw.cast("f")  # float32 entries, stored without NumPy's item assignment
        raw[:] = _ZEROS
        n = state.num_players
        view[state.step] = 1.0
        at = len(STEPS)
        view[at] = len(state.stock) / 124
        view[at + 1] = state.pass_no / 3
        view[at + 2] = state.passes / 3
        view[at + 3] = float(state.final)
        at += 4
        hand = state.hands[seat]
        raw[at * 4:(at + HAND) * 4] = b"".join(map(_THIRD.__getitem__, hand))
        view[at + JOKER] = hand[JOKER] / 4  # 4 Jokers ("Preparation"), 3 of every other card
        at += HAND
        seat_size = self.seat_size
        rows: list[list[bytes]] = [[] for _ in range(n)]
        for meld in state.melds:
            rows[(meld.owner - seat) % n].append(_meld_row(meld.suit, meld.pattern, meld.cards))
        hands, happiness = state.hands, state.happiness
        for k in range(n):
            other = (seat + k) % n
            base = at + k * seat_size
            view[base] = 1.0
            view[base + 1] = scaled(happiness[other], CAP_HAPPINESS)
            view[base + 2] = scaled(sum(hands[other]), CAP_HAND)
            if rows[k]:
                block = b"".join(rows[k][:MAX_MELDS])
                raw[(base + 3) * 4:(base + 3) * 4 + len(block)] = block
        at += MAX_SEATS * seat_size
        for cards, depth in ((state.discard[-8:][::-1], 8), (state.temp[-8:][::-1], 8), (state.pending, 3)):
            for place, card in enumerate(cards[:depth]):
                view[at + place * HAND + (JOKER if card >= DECLARED else card)] = 1.0
            at += depth * HAND
        attack = state.attack
        if attack is not None:
            view[at] = 1.0
            view[at + 1] = scaled(attack[2], CAP_POWER)
            view[at + 2] = scaled(attack[3], CAP_POWER)
        view[at + 3] = scaled(state.capture_left, 5)
        view[at + 4] = scaled(state.diamond_owed, 5)
        view[at + 5] = scaled(state.available, CAP_AVAILABLE)


_ZEROS: Final = bytes(4 * OBSERVATION_SIZE)
_THIRD: Final = [array("f", [copies / 3]).tobytes() for copies in range(16)]
"""A hand's entry for each count of copies: copies / 3, as float32 bytes."""


@functools.lru_cache(maxsize=65536)
def _meld_row(suit: int, pattern: int, cards: tuple[int, ...]) -> bytes:
    """A meld's entries (float32 bytes): present, its suit, its pattern, each card's value,
    which are Jokers."""
    values = np.zeros(MELD_SIZE, dtype=np.float32)
    values[0] = 1.0
    values[1 + suit] = 1.0
    values[5] = pattern / 9
    for position, entry in enumerate(cards):
        values[6 + position] = (entry % DECLARED % 10 + 1) / 10
        values[6 + MAX_LENGTH + position] = float(entry >= DECLARED)
    return values.tobytes()


INTERFACE: Final = (CardsCodec(), CardsObserver())


def interface_for(game: Any, options: Any) -> tuple[CardsCodec, CardsObserver]:
    """The card game's numbering and observer (the same at every table size)."""
    return INTERFACE
