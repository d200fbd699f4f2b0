"""Actions of the Pursuit of Happiness card game and their notation.

Cards are written ``7H``, ``10S``, ``AD``, ``JK`` (a Joker) and ``JK=7H`` (a Joker
played as the Seven of Hearts); melds by their number, ``m4`` (numbers are given in
the order melds are laid and never reused); a position in a meld as ``@2`` (the
first card laid out is position 1).

==================================  ======================================================
notation                            meaning
==================================  ======================================================
``activate 7H m3@2``                play an activation card on your Heart or Diamond meld
``activate 9S m5@4 attack m2``      activate a Spade meld to attack meld m2 of an opponent
``take 2``                          Diamonds: take 2 cards from the discard pile, the rest
                                    of what is owed from the stock
``defend 7C m6@3`` / ``pass``       the attacked player plays a Club activation card / stops
``capture front`` / ``capture back``  the attacker takes a card from an end of the meld
``remnant 6H``                      the owner of a broken meld discards this card first
``meld 3D``                         start laying a new meld with this card
``add back 5D`` / ``add front JK=AD``  put the next card of the new meld at one end
``extend m3 front 9S``              add a card to an end of one of your melds
``discard AD``                      discard a card and end the turn
==================================  ======================================================

Parsing also accepts ``meld 3D 5D 7D``: a whole new meld at once, in the order written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from vita.core.errors import IllegalAction, quoted
from vita.core.notation import split_words
from vita.core.state import Action
from vita.games.pursuit_cards.cards import name, parse_card

ENDS: Final = ("front", "back")
# ASCII digits only, and few of them: "m²" or a 5,000-digit number is malformed, not a crash.
_MELD: Final = re.compile(r"^m([0-9]{1,4})$")
_PLACE: Final = re.compile(r"^m([0-9]{1,4})@([0-9]{1,4})$")
_COUNT: Final = re.compile(r"^[0-9]{1,4}$")


@dataclass(frozen=True, slots=True)
class Activate(Action):
    card: int  # a natural card, or DECLARED + card for a Joker
    meld: int
    position: int
    target: int = -1  # the meld attacked (Spades)

    def __str__(self) -> str:
        text = f"activate {name(self.card)} m{self.meld}@{self.position}"
        return text + (f" attack m{self.target}" if self.target >= 0 else "")


@dataclass(frozen=True, slots=True)
class Take(Action):
    from_discard: int

    def __str__(self) -> str:
        return f"take {self.from_discard}"


@dataclass(frozen=True, slots=True)
class Defend(Action):
    card: int
    meld: int
    position: int

    def __str__(self) -> str:
        return f"defend {name(self.card)} m{self.meld}@{self.position}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Capture(Action):
    end: str

    def __str__(self) -> str:
        return f"capture {self.end}"


@dataclass(frozen=True, slots=True)
class Remnant(Action):
    card: int

    def __str__(self) -> str:
        return f"remnant {name(self.card)}"


@dataclass(frozen=True, slots=True)
class StartMeld(Action):
    card: int

    def __str__(self) -> str:
        return f"meld {name(self.card)}"


@dataclass(frozen=True, slots=True)
class AddToMeld(Action):
    end: str
    card: int

    def __str__(self) -> str:
        return f"add {self.end} {name(self.card)}"


@dataclass(frozen=True, slots=True)
class WholeMeld(Action):
    """A new meld laid at once (a shorthand for ``meld`` and ``add back``, for people)."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "meld " + " ".join(name(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Extend(Action):
    meld: int
    end: str
    card: int

    def __str__(self) -> str:
        return f"extend m{self.meld} {self.end} {name(self.card)}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    card: int

    def __str__(self) -> str:
        return f"discard {name(self.card)}"


PASS: Final = Pass()


def parse(text: str) -> Action:
    """The action written as ``text`` (its form only).

    >>> str(parse("activate jk=7h m3@2 attack m5"))
    'activate JK=7H m3@2 attack m5'
    """
    words = split_words(text)
    verb, args = words[0].lower(), words[1:]
    if verb == "activate" and len(args) in (2, 4):
        meld, position = _place(args[1])
        target = -1
        if len(args) == 4:
            if args[2].lower() != "attack":
                raise IllegalAction("write the target as 'attack m<number>'", "malformed")
            target = _meld(args[3])
        return Activate(parse_card(args[0]), meld, position, target)
    if verb == "take" and len(args) == 1 and _COUNT.match(args[0]):
        return Take(int(args[0]))
    if verb == "defend" and len(args) == 2:
        return Defend(parse_card(args[0]), *_place(args[1]))
    if verb == "pass" and not args:
        return PASS
    if verb == "capture" and len(args) == 1 and args[0].lower() in ENDS:
        return Capture(args[0].lower())
    if verb == "remnant" and len(args) == 1:
        return Remnant(parse_card(args[0]))
    if verb == "meld" and len(args) == 1:
        return StartMeld(parse_card(args[0]))
    if verb == "meld" and 3 <= len(args) <= 5:
        return WholeMeld(tuple(parse_card(a) for a in args))
    if verb == "add" and len(args) == 2 and args[0].lower() in ENDS:
        return AddToMeld(args[0].lower(), parse_card(args[1]))
    if verb == "extend" and len(args) == 3 and args[1].lower() in ENDS:
        return Extend(_meld(args[0]), args[1].lower(), parse_card(args[2]))
    if verb == "discard" and len(args) == 1:
        return Discard(parse_card(args[0]))
    raise IllegalAction(f"cannot read {quoted(text)} as an action (see docs/games/pursuit-cards.md)", "malformed")


def _meld(word: str) -> int:
    match = _MELD.match(word.lower())
    if not match:
        raise IllegalAction(f"expected a meld such as m3, not {quoted(word)}", "malformed")
    return int(match.group(1))


def _place(word: str) -> tuple[int, int]:
    match = _PLACE.match(word.lower())
    if not match:
        raise IllegalAction(f"expected a meld and a position such as m3@2, not {quoted(word)}", "malformed")
    return int(match.group(1)), int(match.group(2))
