"""The position of a game of the Pursuit of Happiness card game.

Hands are counts per kind of card (41 ints: 40 natural kinds and the Joker), so a
clone copies a few short lists. This module holds data only and imports no rule module
(:mod:`.table` joins the two); the rules that move a position are in modules named after
the rulebook's sections: :mod:`.turn` ("Play of the Hand", "Discards", "Ending
the Game"), :mod:`.melding` ("Melds"), :mod:`.activation` ("Activating a Meld",
"Effects of Activating Melds") and :mod:`.attack` ("Attack Procedure").
"""

from __future__ import annotations

from typing import Final

from vita.core.state import State
from vita.games.pursuit_cards.cards import JOKER, KINDS
from vita.games.pursuit_cards.info import INFO
from vita.games.pursuit_cards.rules.melds import Meld

# Steps of a turn: who is asked, and for what.
MAIN: Final = 0
BUILD: Final = 1
DIAMOND: Final = 2
DEFEND: Final = 3
CAPTURE: Final = 4
REMNANT: Final = 5
OVER: Final = 6
STEPS: Final = ("main", "build", "diamond", "defend", "capture", "remnant", "over")

HAND_KINDS: Final = KINDS + 1  # natural kinds and the Joker


class CardsState(State):
    """A game of the Pursuit of Happiness card game in progress."""

    __slots__ = (
        "activated",
        "attack",
        "available",
        "capture_left",
        "dealer",
        "defender",
        "diamond_owed",
        "discard",
        "final",
        "hands",
        "happiness",
        "melded",
        "melds",
        "names",
        "next_meld",
        "pass_no",
        "passes",
        "pending",
        "remnant",
        "step",
        "stock",
        "temp",
        "turn",
        "used_clubs",
    )

    info = INFO

    hands: list[list[int]]  # per seat, the count of each kind (index JOKER: Jokers)
    stock: list[int]  # the top is the end
    discard: list[int]  # the top is the end
    temp: list[int]  # this turn's discards, in the order played ("Discards")
    available: int  # discard-pile cards a Diamond activation may still take this turn
    melds: list[Meld]
    next_meld: int
    happiness: list[int]  # each player's Happiness points
    names: list[str]
    dealer: int
    turn: int
    step: int
    melded: bool  # a card was melded this turn: no more activations
    # Tuples (these three and each meld's cards), replaced and never changed in place, so that
    # a clone shares them.
    activated: tuple[int, ...]  # ids of the melds activated this turn
    pending: list[int]  # a meld being laid (1 or 2 cards so far)
    diamond_owed: int
    attack: tuple[int, int, int, int] | None  # spade meld id, target meld id, power, defence
    defender: int  # the owner of the meld attacked (-1: no attack)
    used_clubs: tuple[int, ...]  # club melds that defended against the current attack
    capture_left: int
    remnant: tuple[int, ...]  # two cards of a broken meld whose order its owner chooses
    passes: int  # times through the stock for this game
    pass_no: int  # the current time through (1-based)
    final: bool  # the last card of the last stock was taken: this is the final turn

    def clone(self) -> CardsState:
        other = CardsState()
        other.num_players = self.num_players
        other.rng = self.rng.copy()
        other.log = None if self.log is None else self.log[:]
        other.ply = self.ply
        other.hands = [hand[:] for hand in self.hands]
        other.stock = self.stock[:]
        other.discard = self.discard[:]
        other.temp = self.temp[:]
        other.available = self.available
        other.melds = [meld.copy() for meld in self.melds]
        other.next_meld = self.next_meld
        other.happiness = self.happiness[:]
        other.names = self.names
        other.dealer = self.dealer
        other.turn = self.turn
        other.step = self.step
        other.melded = self.melded
        other.activated = self.activated
        other.pending = self.pending[:]
        other.diamond_owed = self.diamond_owed
        other.attack = self.attack
        other.defender = self.defender
        other.used_clubs = self.used_clubs
        other.capture_left = self.capture_left
        other.remnant = self.remnant
        other.passes = self.passes
        other.pass_no = self.pass_no
        other.final = self.final
        return other

    # -- the core contract -----------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        step = self.step
        if step == OVER:
            return ()
        if step in (DEFEND, REMNANT):
            return (self.defender,)
        return (self.turn,)

    # -- helpers ---------------------------------------------------------------------

    def meld(self, ident: int) -> Meld:
        for meld in self.melds:
            if meld.id == ident:
                return meld
        raise KeyError(ident)

    def find_meld(self, ident: int) -> Meld | None:
        for meld in self.melds:
            if meld.id == ident:
                return meld
        return None

    def name(self, seat: int) -> str:
        return self.names[seat]

    def __repr__(self) -> str:
        return f"<CardsState turn={self.turn} step={STEPS[self.step]} ply={self.ply}>"


def empty_hand() -> list[int]:
    return [0] * HAND_KINDS


assert JOKER == HAND_KINDS - 1
