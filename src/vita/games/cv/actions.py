"""CV's actions and their notation.

Cards are named by their number (printed on every card, 1-83). Dice are named by their
place in the row, from 1. Symbols are written ``health``, ``relationship``, ``knowledge``,
``money``, ``good_luck``; types ``health``, ``relationship``, ``knowledge``, ``work``,
``possession``.

==============================  ==========================================================
notation                        meaning
==============================  ==========================================================
``keep 7``                      the childhood draft: keep this card, pass the others on
``reroll 1 3 4``                throw these dice again (bad luck is frozen, but see
                                Psychotherapy)
``stop``                        keep the dice as they are
``play 11``                     play an event from your hand (Zoo trip while rolling, a
                                symbol event while selecting, Life Insurance against a
                                misfortune)
``buy 23``                      take card 23 from the track, paying its cost from the dice,
                                tokens and events played
``buy 45 as knowledge``         a two-coloured card: the type it becomes
``buy 50 luck``                 pay with 3 good luck instead of the card's symbol cost
``magician money health``       Magician: one money symbol becomes a health symbol
``trip health``                 Trip around the world: one bad luck becomes health
``friend left money``           Friend from work: a money symbol from the active work card
                                of the player on your left (``right``: on your right)
``done``                        end the selection of cards
``lose 14``                     a misfortune: lose this active card
``place 23 top``                add card 23 to the top of its stack (``place 23 under
                                14``: just under card 14); ``place 9 as knowledge top``
                                when its type is still to choose
``assist 23``                   social assistance: take card 23 for free (``assist 45 as
                                knowledge``; ``assist none``: take nothing)
==============================  ==========================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from vita.core.errors import IllegalAction, quoted
from vita.core.notation import split_words
from vita.core.state import Action
from vita.games.cv.cards import GOOD_LUCK, PLAIN, SYMBOLS, TYPES

SIDES: Final = ("left", "right")
_NUMBER: Final = re.compile(r"^[0-9]{1,3}$")
_DIE: Final = re.compile(r"^[1-7]$")


@dataclass(frozen=True, slots=True)
class Keep(Action):
    card: int

    def __str__(self) -> str:
        return f"keep {self.card}"


@dataclass(frozen=True, slots=True)
class Reroll(Action):
    dice: int  # a bit mask: bit i is die i + 1

    def positions(self) -> list[int]:
        return [i for i in range(7) if self.dice >> i & 1]

    def __str__(self) -> str:
        return "reroll " + " ".join(str(i + 1) for i in self.positions())


@dataclass(frozen=True, slots=True)
class Stop(Action):
    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    card: int
    as_type: int = -1  # -1: the card's only type
    luck: bool = False

    def __str__(self) -> str:
        text = f"buy {self.card}"
        if self.as_type >= 0:
            text += f" as {TYPES[self.as_type]}"
        return text + (" luck" if self.luck else "")


@dataclass(frozen=True, slots=True)
class Magician(Action):
    source: int
    target: int

    def __str__(self) -> str:
        return f"magician {SYMBOLS[self.source]} {SYMBOLS[self.target]}"


@dataclass(frozen=True, slots=True)
class Trip(Action):
    target: int

    def __str__(self) -> str:
        return f"trip {SYMBOLS[self.target]}"


@dataclass(frozen=True, slots=True)
class Friend(Action):
    side: int  # 0: the player on the left (the next in turn), 1: on the right
    symbol: int

    def __str__(self) -> str:
        return f"friend {SIDES[self.side]} {SYMBOLS[self.symbol]}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Lose(Action):
    card: int

    def __str__(self) -> str:
        return f"lose {self.card}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    card: int
    under: int = 0  # 0: on top, else the card it goes just under
    as_type: int = -1  # -1: the type is already known

    def __str__(self) -> str:
        text = f"place {self.card}"
        if self.as_type >= 0:
            text += f" as {TYPES[self.as_type]}"
        return text + (f" under {self.under}" if self.under else " top")


@dataclass(frozen=True, slots=True)
class Assist(Action):
    card: int  # 0: take nothing
    as_type: int = -1

    def __str__(self) -> str:
        if not self.card:
            return "assist none"
        return f"assist {self.card}" + (f" as {TYPES[self.as_type]}" if self.as_type >= 0 else "")


STOP, DONE, NO_ASSIST = Stop(), Done(), Assist(0)


def parse(text: str) -> Action:
    """The action written as ``text`` (its form only; :func:`vita.core.State.apply` checks the rest).

    >>> str(parse("Buy 45 AS knowledge"))
    'buy 45 as knowledge'
    >>> str(parse("reroll 3 1"))
    'reroll 1 3'
    """
    words = [w.lower() for w in split_words(text)]
    verb, args = words[0], words[1:]
    if verb == "keep" and len(args) == 1:
        return Keep(_card(args[0]))
    if verb == "reroll" and args:
        return Reroll(_dice(args))
    if verb == "stop" and not args:
        return STOP
    if verb == "done" and not args:
        return DONE
    if verb == "play" and len(args) == 1:
        return Play(_card(args[0]))
    if verb == "lose" and len(args) == 1:
        return Lose(_card(args[0]))
    if verb == "buy" and args:
        card, rest = _card(args[0]), args[1:]
        luck = bool(rest) and rest[-1] == "luck"
        as_type = _as_type(rest[:-1] if luck else rest)
        return Buy(card, as_type, luck)
    if verb == "magician" and len(args) == 2:
        return Magician(_symbol(args[0], PLAIN), _symbol(args[1], PLAIN))
    if verb == "trip" and len(args) == 1:
        return Trip(_symbol(args[0], PLAIN))
    if verb == "friend" and len(args) == 2 and args[0] in SIDES:
        return Friend(SIDES.index(args[0]), _symbol(args[1], (*PLAIN, GOOD_LUCK)))
    if verb == "place" and len(args) >= 2:
        return _place(args)
    if verb == "assist" and args == ["none"]:
        return NO_ASSIST
    if verb == "assist" and args:
        return Assist(_card(args[0]), _as_type(args[1:]))
    raise IllegalAction(f"cannot read {quoted(text)} as an action (see docs/games/cv.md)", "malformed")


def _card(word: str) -> int:
    if not _NUMBER.match(word) or not 1 <= int(word) <= 83:
        raise IllegalAction(f"expected a card number 1-83, not {quoted(word)}", "malformed")
    return int(word)


def _dice(words: list[str]) -> int:
    mask = 0
    for word in words:
        if not _DIE.match(word):
            raise IllegalAction(f"dice are numbered 1-7 in the row, not {quoted(word)}", "malformed")
        bit = 1 << (int(word) - 1)
        if mask & bit:
            raise IllegalAction(f"die {word} is named twice", "malformed")
        mask |= bit
    return mask


def _symbol(word: str, allowed: tuple[int, ...]) -> int:
    names = [SYMBOLS[s] for s in allowed]
    if word not in names:
        raise IllegalAction(f"expected one of {', '.join(names)}, not {quoted(word)}", "malformed")
    return SYMBOLS.index(word)


def _as_type(words: list[str]) -> int:
    if not words:
        return -1
    if len(words) == 2 and words[0] == "as" and words[1] in TYPES[:5]:
        return TYPES.index(words[1])
    raise IllegalAction(f"write the type as 'as health' (or relationship, knowledge, work, possession), "
                        f"not {quoted(' '.join(words))}", "malformed")


def _place(args: list[str]) -> Place:
    card, rest = _card(args[0]), args[1:]
    as_type = -1
    if len(rest) >= 2 and rest[0] == "as":
        as_type = _as_type(rest[:2])
        rest = rest[2:]
    if rest == ["top"]:
        return Place(card, 0, as_type)
    if len(rest) == 2 and rest[0] == "under":
        return Place(card, _card(rest[1]), as_type)
    raise IllegalAction("write 'place <card> top' or 'place <card> under <card>'", "malformed")
