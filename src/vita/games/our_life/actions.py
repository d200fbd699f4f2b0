"""Our Life's actions and their notation.

Rows are named by their id (``fitness``, ``education``, ``romance``, ``home``, ``pet``, ...,
listed in docs/games/our-life.md), a Child card's track by ``child1``, ``child2``... in order
of birth. Seats are numbered from 1. An action that spends one of your actions may say what
pays it: nothing (the action of that kind), ``with luck`` (a Good Luck action, wild) or
``with extra`` (your extra action: one from your partner's card, or a single's own card again).

==============================  ==========================================================
notation                        meaning
==============================  ==========================================================
``goal 203``                    setup: keep this Personal Goal (the other goes back)
``shared 305``                  setup: keep this Shared Goal for your family
``background education``        setup: the row your Background card's action marks
``choose 2``                    put your action token beside the 2nd card of the display
``mark education``              mark the leftmost empty square of a row
``mark child1 with luck``       ... of your first child's track, paid with Good Luck
``like``                        a Like action: mark your Digital Persona
``child``                       spend a Time action on a child (a couple spends one each)
``vacation``                    spend a Money action on a vacation and wait for a second
``vacation join 3``             spend a Money action to go with seat 3 (yourself: alone)
``opportunity with extra``      take the Opportunity just offered, paying its action
``skip``                        let the Opportunity go
``post 503``                    Post a Story: keep this card (the other goes back on top)
``like-story``                  Like the story just posted (and gain its bonus)
``pass``                        do not Like it
``pick 2``                      a vacation: the card's second bonus
``done``                        end your turn of using actions
==============================  ==========================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from vita.core.errors import IllegalAction, quoted
from vita.core.notation import split_words
from vita.core.state import Action

OWN, LUCK, EXTRA = range(3)
PAYS: Final = ("", "luck", "extra")
_NUMBER: Final = re.compile(r"^[0-9]{1,3}$")
_ROW: Final = re.compile(r"^[a-z]{1,20}[0-9]{0,2}$")


def _pay(pay: int) -> str:
    return f" with {PAYS[pay]}" if pay else ""


@dataclass(frozen=True, slots=True)
class KeepGoal(Action):
    card: int

    def __str__(self) -> str:
        return f"goal {self.card}"


@dataclass(frozen=True, slots=True)
class KeepShared(Action):
    card: int

    def __str__(self) -> str:
        return f"shared {self.card}"


@dataclass(frozen=True, slots=True)
class BackgroundRow(Action):
    row: str

    def __str__(self) -> str:
        return f"background {self.row}"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    slot: int  # display position, from 0

    def __str__(self) -> str:
        return f"choose {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Mark(Action):
    row: str  # a row id, or childN
    pay: int = OWN

    def __str__(self) -> str:
        return f"mark {self.row}{_pay(self.pay)}"


@dataclass(frozen=True, slots=True)
class Like(Action):
    pay: int = OWN

    def __str__(self) -> str:
        return f"like{_pay(self.pay)}"


@dataclass(frozen=True, slots=True)
class Child(Action):
    pay: int = OWN

    def __str__(self) -> str:
        return f"child{_pay(self.pay)}"


@dataclass(frozen=True, slots=True)
class Vacation(Action):
    host: int = -1  # the seat whose vacation to join; -1: start one
    pay: int = OWN

    def __str__(self) -> str:
        join = f" join {self.host + 1}" if self.host >= 0 else ""
        return f"vacation{join}{_pay(self.pay)}"


@dataclass(frozen=True, slots=True)
class TakeOpportunity(Action):
    pay: int = OWN

    def __str__(self) -> str:
        return f"opportunity{_pay(self.pay)}"


@dataclass(frozen=True, slots=True)
class Skip(Action):
    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class Post(Action):
    card: int

    def __str__(self) -> str:
        return f"post {self.card}"


@dataclass(frozen=True, slots=True)
class LikeStory(Action):
    def __str__(self) -> str:
        return "like-story"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Pick(Action):
    bonus: int  # 0 or 1

    def __str__(self) -> str:
        return f"pick {self.bonus + 1}"


@dataclass(frozen=True, slots=True)
class Done(Action):
    def __str__(self) -> str:
        return "done"


SKIP, LIKE_STORY, PASS, DONE = Skip(), LikeStory(), Pass(), Done()
_SINGLE: Final = {"skip": SKIP, "like-story": LIKE_STORY, "pass": PASS, "done": DONE}


def parse(text: str) -> Action:
    """The action written as ``text`` (its form only; :func:`vita.core.State.apply` checks the rest).

    >>> str(parse("Mark  Education WITH luck"))
    'mark education with luck'
    >>> parse("vacation join 2")
    Vacation(host=1, pay=0)
    """
    words = [w.lower() for w in split_words(text)]
    pay = OWN
    if len(words) >= 3 and words[-2] == "with":
        if words[-1] not in PAYS[1:]:
            raise IllegalAction(f"pay 'with luck' or 'with extra', not {quoted(words[-1])}", "malformed")
        pay = PAYS.index(words[-1])
        words = words[:-2]
    verb, args = words[0], words[1:]
    action = _paid(verb, args, pay) if verb in ("mark", "like", "child", "vacation", "opportunity") else None
    if action is None and pay == OWN:
        action = _unpaid(verb, args)
    if action is None:
        raise IllegalAction(f"cannot read {quoted(text)} as an action (see docs/games/our-life.md)", "malformed")
    return action


def _paid(verb: str, args: list[str], pay: int) -> Action | None:
    if verb == "mark" and len(args) == 1:
        return Mark(_row(args[0]), pay)
    if verb == "vacation" and len(args) == 2 and args[0] == "join":
        return Vacation(_number(args[1], 1, 8, "seat") - 1, pay)
    if args or verb == "mark":
        return None
    maker: type[Like | Child | Vacation | TakeOpportunity] = {
        "like": Like, "child": Child, "vacation": Vacation, "opportunity": TakeOpportunity}[verb]
    return maker(pay=pay)


def _unpaid(verb: str, args: list[str]) -> Action | None:
    if not args:
        return _SINGLE.get(verb)
    if len(args) != 1:
        return None
    arg = args[0]
    if verb == "goal":
        return KeepGoal(_number(arg, 1, 999, "card"))
    if verb == "shared":
        return KeepShared(_number(arg, 1, 999, "card"))
    if verb == "background":
        return BackgroundRow(_row(arg))
    if verb == "choose":
        return Choose(_number(arg, 1, 8, "display position") - 1)
    if verb == "post":
        return Post(_number(arg, 1, 999, "card"))
    if verb == "pick":
        return Pick(_number(arg, 1, 2, "bonus") - 1)
    return None


def _number(word: str, low: int, high: int, what: str) -> int:
    if not _NUMBER.match(word) or not low <= int(word) <= high:
        raise IllegalAction(f"expected a {what} number {low}-{high}, not {quoted(word)}", "malformed")
    return int(word)


def _row(word: str) -> str:
    if not _ROW.match(word):
        raise IllegalAction(f"expected a row name such as education or child1, not {quoted(word)}", "malformed")
    return word
