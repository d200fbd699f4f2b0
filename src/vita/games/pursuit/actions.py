"""Actions of The Pursuit of Happiness and their text notation.

Every action is one line of words separated by spaces; cards are named by
their id (``act-in-play``; a job or partner also by its other side's name,
``civil-servant``), levels as ``L1``…``L4``, a payment as ``pay:K1C2I0``.

=========================================  =====================================================
notation                                   meaning
=========================================  =====================================================
``trait curious``                          Setup: keep this child trait (return the other)
``upkeep pay car`` / ``upkeep drop car``   Upkeep: pay a card's upkeep, or discard the card
``study`` ``play`` ``interact``            Board: gain 3 Knowledge / Creativity / Influence
``temp-job``                               Board: gain 3 money
``take-project act-in-play``               Board: take a basic project (level 1)
``take-project singing-festival L3``       Board: take a single-round project at a level
``take-project magazine writer``           Board: take (or join) a group project in a role
``spend car L2``                           Board: buy an item or activity at a level
``get-job event-coordinator``              Board: get a job
``start-relationship martha``              Board: start a relationship
``overtime`` / ``rest``                    Board: 2 more hourglasses and 2 stress / rest
``advance learn-cooking``                  Card: advance a basic project one level
``upgrade boardgame-collection L3``        Card: upgrade an item or repeat an activity higher
``promote hr-executive``                   Card: promotion to that job on the board
``retire``                                 Card: retire from your level 3 job
``develop martha``                         Card: develop a relationship one level
``refresh projects``                       Free: lose 1 STH, redraw a row (projects, items,
                                           jobs, partners)
``discard car``                            Free: discard a card in front of you (1 stress, -1 STH)
``exchange knowledge``                     Free: use a child trait's exchange
``engage safety-seminar``                  Community: engage in a Community card (the token
                                           first, then Hourglass markers)
``outcome 2``                              Community: choose an Outcome of the card resolved
``outcome 3 martha``                       Community: Blind Date's partner Outcome, naming the
                                           partner taken from the board
``done``                                   Community: stop buying Items (Black Friday)
=========================================  =====================================================

A project action may end with ``pay:K1C0I2``: the Knowledge, Creativity and
Influence actually paid when the STH track changes the cost (see "Short Term
Happiness Track"). Without it the printed cost, adjusted in the only way
possible, is paid; when there is a choice, legal actions always say it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from vita.core.errors import IllegalAction, quoted
from vita.core.notation import split_words
from vita.core.state import Action

Payment = tuple[int, int, int]

ROWS: Final = ("projects", "items", "jobs", "partners")
SIMPLE: Final = ("study", "play", "interact", "temp-job", "overtime", "rest", "retire", "done")

_PAY: Final = re.compile(r"^pay:K([0-9]{1,4})C([0-9]{1,4})I([0-9]{1,4})$")  # ASCII digits only
_LEVEL: Final = re.compile(r"^L([1-9])$")


def pay_text(pay: Payment) -> str:
    return f"pay:K{pay[0]}C{pay[1]}I{pay[2]}"


def _tail(pay: Payment | None) -> str:
    return "" if pay is None else " " + pay_text(pay)


@dataclass(frozen=True, slots=True)
class ChooseTrait(Action):
    trait: str

    def __str__(self) -> str:
        return f"trait {self.trait}"


@dataclass(frozen=True, slots=True)
class Upkeep(Action):
    card: str
    pay: bool

    def __str__(self) -> str:
        return f"upkeep {'pay' if self.pay else 'drop'} {self.card}"


@dataclass(frozen=True, slots=True)
class Simple(Action):
    """An action that names nothing: a board space, or ``retire``."""

    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class TakeProject(Action):
    card: str
    level: int = 0  # single-round projects: the level chosen (1-4); otherwise 0
    role: str = ""  # group projects: the role's id
    pay: Payment | None = None

    def with_pay(self, pay: Payment) -> TakeProject:
        return TakeProject(self.card, self.level, self.role, pay)

    def __str__(self) -> str:
        extra = f" L{self.level}" if self.level else ""
        extra += f" {self.role}" if self.role else ""
        return f"take-project {self.card}{extra}{_tail(self.pay)}"


@dataclass(frozen=True, slots=True)
class Spend(Action):
    card: str
    level: int

    def __str__(self) -> str:
        return f"spend {self.card} L{self.level}"


@dataclass(frozen=True, slots=True)
class OnCard(Action):
    """An action naming one card: get-job, start-relationship, develop, promote, discard."""

    verb: str
    card: str

    def __str__(self) -> str:
        return f"{self.verb} {self.card}"


@dataclass(frozen=True, slots=True)
class Advance(Action):
    card: str
    pay: Payment | None = None

    def with_pay(self, pay: Payment) -> Advance:
        return Advance(self.card, pay)

    def __str__(self) -> str:
        return f"advance {self.card}{_tail(self.pay)}"


@dataclass(frozen=True, slots=True)
class Upgrade(Action):
    card: str
    level: int

    def __str__(self) -> str:
        return f"upgrade {self.card} L{self.level}"


@dataclass(frozen=True, slots=True)
class Refresh(Action):
    row: str

    def __str__(self) -> str:
        return f"refresh {self.row}"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    option: str

    def __str__(self) -> str:
        return f"exchange {self.option}"


@dataclass(frozen=True, slots=True)
class Engage(Action):
    """Community expansion: engage in the Community card ``card`` (its id)."""

    card: str

    def __str__(self) -> str:
        return f"engage {self.card}"


@dataclass(frozen=True, slots=True)
class Outcome(Action):
    """Community expansion: choose Outcome ``number`` (1-3) of the card being resolved;
    ``partner`` names the partner a Blind Date Outcome takes from the board."""

    number: int
    partner: str = ""

    def __str__(self) -> str:
        return f"outcome {self.number}" + (f" {self.partner}" if self.partner else "")


ON_CARD: Final = ("get-job", "start-relationship", "develop", "promote", "discard")


def parse(text: str) -> Action:
    """The action written as ``text`` (form only; legality is checked when applied).

    >>> str(parse("take-project  learn-cooking pay:K1C0I0"))
    'take-project learn-cooking pay:K1C0I0'
    """
    words = split_words(text)
    verb, args = words[0].lower(), words[1:]
    if verb in SIMPLE and not args:
        return Simple(verb)
    if verb == "trait" and len(args) == 1:
        return ChooseTrait(args[0])
    if verb == "upkeep" and len(args) == 2 and args[0] in ("pay", "drop"):
        return Upkeep(args[1], args[0] == "pay")
    if verb == "take-project" and args:
        return _take_project(args)
    if verb == "spend" and len(args) == 2:
        return Spend(args[0], _level(args[1]))
    if verb == "upgrade" and len(args) == 2:
        return Upgrade(args[0], _level(args[1]))
    if verb == "advance" and 1 <= len(args) <= 2:
        return Advance(args[0], _payment(args[1]) if len(args) == 2 else None)
    if verb in ON_CARD and len(args) == 1:
        return OnCard(verb, args[0])
    if verb == "refresh" and len(args) == 1:
        if args[0] == "community":
            raise IllegalAction("STH cannot refresh the Community cards (Community expansion, 'Engage')",
                                "not-refreshable")
        if args[0] not in ROWS:
            raise IllegalAction(f"there is no row {quoted(args[0])} (rows: {', '.join(ROWS)})", "malformed")
        return Refresh(args[0])
    if verb == "exchange" and len(args) == 1:
        return Exchange(args[0])
    if verb == "engage" and len(args) == 1:
        return Engage(args[0])
    if verb == "outcome" and 1 <= len(args) <= 2:
        if args[0] not in ("1", "2", "3"):
            raise IllegalAction(f"an Outcome is numbered 1, 2 or 3, not {quoted(args[0])}", "malformed")
        return Outcome(int(args[0]), args[1] if len(args) == 2 else "")
    raise IllegalAction(f"cannot read {quoted(text)} as an action (see the notation in docs/games/pursuit.md)",
                        "malformed")


def _take_project(args: list[str]) -> TakeProject:
    card, rest = args[0], args[1:]
    pay = None
    if rest and rest[-1].startswith("pay:"):
        pay = _payment(rest.pop())
    level, role = 0, ""
    for word in rest:
        if _LEVEL.match(word) and not level:
            level = _level(word)
        elif not role and not _LEVEL.match(word):
            role = word
        else:
            raise IllegalAction(f"unexpected {quoted(word)} in take-project", "malformed")
    return TakeProject(card, level, role, pay)


def _level(word: str) -> int:
    match = _LEVEL.match(word)
    if not match:
        raise IllegalAction(f"expected a level such as L2, not {quoted(word)}", "malformed")
    return int(match.group(1))


def _payment(word: str) -> Payment:
    match = _PAY.match(word)
    if not match:
        raise IllegalAction(f"expected a payment such as pay:K1C0I2, not {quoted(word)}", "malformed")
    k, c, i = (int(g) for g in match.groups())
    return (k, c, i)
