"""The card game for learning agents: a fixed action numbering and observation.

Melds are named in notation by a number that grows all game; here a meld is named by its
place among its owner's melds (in the order they were laid) and a target by its place among
all the melds of the other players, so a number always means the same kind of move. The
activation card is the card at the chosen position (or a Joker declared as it).

Observation (floats, seats rotated so the observer comes first): the step, the stock and the
passes, whether this is the final turn; the observer's hand; each seat's Happiness, hand
size and melds (suit, pattern, each card's value and whether it is a Joker); the top of the
discard pile and this turn's temporary pile; the meld being laid and an attack in progress.
"""

from __future__ import annotations

from vita.core.codec import ActionBlocks, one_hot
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
from vita.games.pursuit_cards.melds import MAX_LENGTH, Meld
from vita.games.pursuit_cards.state import STEPS, CardsState

MAX_MELDS = 24  # a player's melds (random games reach 14)
MAX_TARGETS = 64  # melds of the other players
MAX_SEATS = 5
MAX_TAKE = 10
HAND = KINDS + 1


LAYOUT = ActionBlocks([
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


def _place(melds: list[Meld], ident: int, limit: int) -> int:
    for place, meld in enumerate(melds):
        if meld.id == ident:
            if place >= limit:
                raise IllegalAction(f"meld m{ident} is beyond the {limit} melds this action space names")
            return place
    raise IllegalAction(f"there is no meld m{ident} here")


def _entry(kind: int) -> int:
    """A card kind (0-79: natural, then declared Jokers) to a card or declared Joker."""
    return kind if kind < KINDS else DECLARED + kind - KINDS


def _kind(card: int) -> int:
    return card if card < KINDS else KINDS + card - DECLARED


class CardsCodec:
    """Actions as numbers (see the module docstring)."""

    size = LAYOUT.size

    def encode(self, state: State, seat: int, action: Action) -> int:
        assert isinstance(state, CardsState)
        start = LAYOUT.start
        if isinstance(action, Activate):
            place = _place(own_melds(state, seat), action.meld, MAX_MELDS)
            target = 0 if action.target < 0 else 1 + _place(other_melds(state, seat), action.target, MAX_TARGETS)
            joker = int(action.card >= DECLARED)
            number = (place * MAX_LENGTH + action.position - 1) * 2 + joker
            return start["activate"] + number * (MAX_TARGETS + 1) + target
        if isinstance(action, Take):
            return start["take"] + action.from_discard
        if isinstance(action, Defend):
            place = _place(own_melds(state, seat), action.meld, MAX_MELDS)
            return start["defend"] + (place * MAX_LENGTH + action.position - 1) * 2 + int(action.card >= DECLARED)
        if isinstance(action, Pass):
            return start["pass"]
        if isinstance(action, Capture):
            return start["capture"] + ENDS.index(action.end)
        if isinstance(action, Remnant):
            return start["remnant"] + action.card
        if isinstance(action, StartMeld):
            return start["meld"] + _kind(action.card)
        if isinstance(action, AddToMeld):
            return start["add"] + ENDS.index(action.end) * 2 * KINDS + _kind(action.card)
        if isinstance(action, Extend):
            place = _place(own_melds(state, seat), action.meld, MAX_MELDS)
            return start["extend"] + (place * 2 + ENDS.index(action.end)) * 2 + int(action.card >= DECLARED)
        if isinstance(action, Discard):
            return start["discard"] + action.card
        raise IllegalAction(f"{action} has no number in this action space")

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


class CardsObserver:
    """The observation vector (see the module docstring)."""

    meld_size = 1 + 4 + 1 + MAX_LENGTH * 2
    seat_size = 3 + MAX_MELDS * meld_size
    size = len(STEPS) + 4 + HAND + MAX_SEATS * seat_size + 8 * HAND + 8 * HAND + 3 * HAND + 6

    def observe(self, state: State, seat: int) -> list[float]:
        assert isinstance(state, CardsState)
        n = state.num_players
        values = one_hot(state.step, len(STEPS))
        values += [len(state.stock) / 124, state.pass_no / 3, state.passes / 3, float(state.final)]
        values += [count / 3 for count in state.hands[seat]]
        for k in range(MAX_SEATS):
            values += self._seat(state, (seat + k) % n) if k < n else [0.0] * self.seat_size
        values += self._pile(state.discard[-8:][::-1], 8)
        values += self._pile(state.temp[-8:][::-1], 8)
        values += self._pile(state.pending, 3)
        attack = state.attack
        values += [float(attack is not None), (attack[2] if attack else 0) / 5, (attack[3] if attack else 0) / 5,
                   state.capture_left / 5, state.diamond_owed / 5, state.available / 20]
        return values

    def _seat(self, state: CardsState, seat: int) -> list[float]:
        values = [1.0, state.happiness[seat] / 100, sum(state.hands[seat]) / 20]
        melds = own_melds(state, seat)
        for place in range(MAX_MELDS):
            if place >= len(melds):
                values += [0.0] * self.meld_size
                continue
            meld = melds[place]
            cards = [(entry % DECLARED % 10 + 1) / 10 for entry in meld.cards]
            jokers = [float(entry >= DECLARED) for entry in meld.cards]
            padding = [0.0] * (MAX_LENGTH - len(meld.cards))
            values += [1.0, *one_hot(meld.suit, 4), meld.pattern / 9, *cards, *padding, *jokers, *padding]
        return values

    @staticmethod
    def _pile(cards: list[int], depth: int) -> list[float]:
        values: list[float] = []
        for place in range(depth):
            kind = (JOKER if cards[place] >= DECLARED else cards[place]) if place < len(cards) else -1
            values += one_hot(kind, HAND)
        return values


INTERFACE = (CardsCodec(), CardsObserver())
