"""Typed prompts: what a front end shows for one legal action.

A prompt is one complete legal action seen from the table: its ``notation`` (what records,
typing and remote bots use), a ``label`` (a sentence in the game's words), its ``kind`` (a
stable slug such as ``take-project``) with the kind's ``kind_label`` ("Take a project"), the
ordered typed ``parts`` it is made of, and what it costs and gains. A front end groups the
prompts of a seat by their parts so that a player picks a thing on the table (a card, a space,
the dice to reroll) and then the rest; the server only ever receives one complete notation.

Part types that name a thing drawn from the seat's view carry the id the view uses for it
(:data:`VIEW_TYPES`; a game's :meth:`~vita.core.game.Game.targets` lists the ids a view
shows); the other types carry a value (:data:`VALUE_TYPES`). Each game declares its kinds,
with the part types of each, in a table (:class:`Kind`) that its doc prints; an optional part
is written ``type?``. Prompts are computed on demand only (front ends, hints): the random loop
and the bots never pay for them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Generic, TypeVar

JSON = dict[str, Any]

VIEW_TYPES: Final = frozenset({"card", "space", "die", "dice", "box", "meld", "seat", "row"})
"""Part types that name a thing in the seat's view; ``dice`` is a set of dice (a list of ids)."""

VALUE_TYPES: Final = frozenset({"end", "place", "level", "payment", "symbol", "resource", "count", "declared", "type",
                                "option"})
"""Part types that carry a value: the end of a meld (front/back), a place in a meld or stack, a
level, a payment, a symbol or resource, a count, a Joker's declared card, a two-coloured card's
type, and ``option`` for anything else (always with a label)."""

Id = int | str | tuple[int, ...] | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Part:
    """One typed slot of an action: ``type`` (a view or value type), its ``id`` (the view's id of
    the thing, or the value) and a ``label`` in the game's words."""

    type: str
    id: Id
    label: str

    def to_json(self) -> JSON:
        return {"type": self.type, "id": list(self.id) if isinstance(self.id, tuple) else self.id,
                "label": self.label}


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of action in a game's table: its label ("Take a project") and the types of its
    parts in order (``type?``: a part the action may leave out)."""

    label: str
    parts: tuple[str, ...] = ()

    def matches(self, types: Sequence[str]) -> bool:
        """Whether a prompt's part types fit this kind's (optional parts may be left out)."""
        given = list(types)
        for slot in self.parts:
            optional = slot.endswith("?")
            name = slot.rstrip("?")
            if given and given[0] == name:
                given.pop(0)
            elif not optional:
                return False
        return not given


@dataclass(frozen=True, slots=True)
class Prompt:
    """One legal action as a front end shows it (see the module's text)."""

    notation: str
    label: str
    kind: str
    kind_label: str
    parts: tuple[Part, ...] = ()
    cost: Mapping[str, int] = field(default_factory=dict)
    gain: Mapping[str, int] = field(default_factory=dict)

    def key(self) -> tuple[str, tuple[tuple[str, Id], ...]]:
        """What identifies the action among the seat's choices: its kind and its parts."""
        return self.kind, tuple((part.type, part.id) for part in self.parts)

    def to_json(self) -> JSON:
        return {"notation": self.notation, "label": self.label, "kind": self.kind, "kind_label": self.kind_label,
                "parts": [part.to_json() for part in self.parts], "cost": dict(self.cost), "gain": dict(self.gain)}


S = TypeVar("S")


class PromptTable(Generic[S]):
    """A game's prompts: its table of kinds, the prompt of one legal action of a seat, and the
    ids of the things a seat's view draws, by part type (what :meth:`Game.prompt`,
    :meth:`Game.prompt_kinds` and :meth:`Game.targets` answer for a game that sets one). Set
    once, never changed (a plain generic class, not a dataclass: mypyc compiles it)."""

    __slots__ = ("kinds", "prompt", "targets")

    def __init__(self, kinds: Mapping[str, Kind], prompt: Callable[[S, int, Any], Prompt],
                 targets: Callable[[JSON], dict[str, set[Id]]]) -> None:
        self.kinds = kinds
        self.prompt = prompt
        self.targets = targets


def amounts(names: Sequence[str], counts: Sequence[int]) -> dict[str, int]:
    """A cost or gain map from a game's resource names and their counts, zeros left out.

    >>> amounts(("knowledge", "creativity"), (0, 2))
    {'creativity': 2}
    """
    return {name: count for name, count in zip(names, counts, strict=False) if count}


def listing(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``.

    >>> listing(["1", "3", "4"])
    '1, 3 and 4'
    """
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def generic_prompt(notation: str, label: str) -> Prompt:
    """The prompt of a game without its own table: the notation's first word is the kind, each
    further word an ``option`` part (what the generic front ends show before a game has its own)."""
    words = notation.split()
    kind = words[0] if words else notation
    return Prompt(notation, label, kind, kind.replace("-", " ").capitalize(),
                  tuple(Part("option", word, word) for word in words[1:]))


def table_problems(kinds: Mapping[str, Kind]) -> list[str]:
    """What is wrong in a game's table of kinds: unknown part types."""
    known = VIEW_TYPES | VALUE_TYPES
    return [f"{kind}: unknown part type {slot!r}" for kind, spec in kinds.items() for slot in spec.parts
            if slot.rstrip("?") not in known]


def kinds_table(kinds: Mapping[str, Kind]) -> str:
    """A game's table of kinds as its doc prints it (a test holds the doc to it).

    >>> print(kinds_table({"stop": Kind("Keep the dice"), "reroll": Kind("Reroll dice", ("dice",))}))
    | kind | label | parts |
    |---|---|---|
    | `stop` | Keep the dice | (none) |
    | `reroll` | Reroll dice | `dice` |
    """
    rows = ["| kind | label | parts |", "|---|---|---|"]
    for name, kind in kinds.items():
        parts = ", ".join(f"`{slot}`" for slot in kind.parts) or "(none)"
        rows.append(f"| `{name}` | {kind.label} | {parts} |")
    return "\n".join(rows)
