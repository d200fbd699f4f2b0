"""Numbers for learning agents: a fixed action space and a fixed-size observation per game.

Reinforcement-learning interfaces (PettingZoo, Gymnasium, OpenSpiel) want each action to be
an integer below a fixed size, a mask of the legal ones, and an observation vector of a fixed
length that holds only what the seat may see. vita's games have theirs in :mod:`vita.ai.games`
(a game from another package: :meth:`vita.core.game.Game.ai_interface`); the adapters in
:mod:`vita.ai` do the rest.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol

from vita.core.errors import IllegalAction
from vita.core.state import Action, State


class ActionCodec(Protocol):
    """Actions as integers in ``range(size)``, the same number always meaning the same move.

    ``version`` counts the changes of a game's numbering or observation: any change of what a
    number or an entry means bumps it (the suite pins each version's fingerprint). ``blocks()``
    says which numbers mean what (for the game's doc)."""

    size: int
    version: int

    def blocks(self) -> list[tuple[str, int, int, str]]: ...

    def encode(self, state: State, seat: int, action: Action) -> int: ...

    def decode(self, state: State, seat: int, index: int) -> Action: ...


class Observer(Protocol):
    """What a seat may see, as ``size`` floats (no hidden information of other seats).
    ``layout()`` names its parts in order: (name, number of entries, meaning).

    An observer may also have ``bounds()``: the (low, high) of every entry of each part, in
    the layout's order, which its observations never leave (the environments declare them as
    their observation space; without it an entry is unbounded). vita's own games keep every
    entry in [0, 1]: a count is read against a cap (:func:`scaled`), a position on a track
    from its first space to its last (:func:`between`). And it may have ``observe_into(state,
    seat, out)``: the same entries written into a float32 array of ``size`` (what the learning
    environments read at every decision; :func:`observe_into` uses it where there is one)."""

    size: int

    def layout(self) -> list[tuple[str, int, str]]: ...

    def observe(self, state: State, seat: int) -> list[float]: ...


def scaled(value: float, cap: float) -> float:
    """``value / cap``, held in [0, 1]: a count read against the cap at which it saturates.

    >>> scaled(3, 12), scaled(20, 12), scaled(-1, 12)
    (0.25, 1.0, 0.0)
    """
    if value <= 0:
        return 0.0
    return 1.0 if value >= cap else value / cap


def between(value: float, low: float, high: float) -> float:
    """Where ``value`` lies from ``low`` (0) to ``high`` (1), held in [0, 1].

    >>> between(0, -3, 3), between(-5, -3, 3)
    (0.5, 0.0)
    """
    return scaled(value - low, high - low)


UNIT = (0.0, 1.0)
"""The bounds of an entry in [0, 1]."""


def bounds(observer: Observer) -> tuple[list[float], list[float]]:
    """The low and high of every entry of ``observer``'s observations: from its ``bounds()``
    where it has one, else unbounded (``-inf``, ``inf``)."""
    low: list[float] = []
    high: list[float] = []
    for (_, count, _), (lo, hi) in part_ranges(observer):
        low += [lo] * count
        high += [hi] * count
    return low, high


def part_ranges(observer: Observer) -> list[tuple[tuple[str, int, str], tuple[float, float]]]:
    """Each part of the layout with its (low, high): declared, or unbounded."""
    declared = getattr(observer, "bounds", None)
    parts = observer.layout()
    ranges = declared() if declared is not None else [(-math.inf, math.inf)] * len(parts)
    if len(ranges) != len(parts):
        raise ValueError(f"the observer's bounds name {len(ranges)} parts, its layout {len(parts)}")
    return list(zip(parts, ranges, strict=True))


def numbers(codec: ActionCodec, state: State, seat: int, actions: Sequence[Action]) -> list[int]:
    """The numbers of ``actions`` (all of one position): through the codec's ``encode_all``
    where it has one (a codec may find what the numbers share once), else one by one."""
    encode_all = getattr(codec, "encode_all", None)
    if encode_all is not None:
        found: list[int] = encode_all(state, seat, actions)
        return found
    return [codec.encode(state, seat, action) for action in actions]


class Entries(Protocol):
    """Where an observer writes an observation, entry by entry: a list of floats (zeros), or a
    memoryview of an array's float32 entries (zeroed first) when it writes in place."""

    def __setitem__(self, index: int, value: float, /) -> None: ...


def zeroed_entries(out: Any) -> Entries:
    """The entries of ``out`` (a float32 NumPy array), all set to zero, as a memoryview an
    observer writes its observation into (a store there costs a fraction of NumPy's item
    assignment)."""
    raw = out.data.cast("B")
    raw[:] = bytes(len(raw))
    entries: Entries = raw.cast("f")
    return entries


def observe_into(observer: Observer, state: State, seat: int, out: Any) -> None:
    """Write what ``seat`` sees into ``out`` (a float32 array of ``observer.size``): in place
    where the observer can (its ``observe_into``), else from its list."""
    into = getattr(observer, "observe_into", None)
    if into is not None:
        into(state, seat, out)
    else:
        out[:] = observer.observe(state, seat)


def legal_by_number(codec: ActionCodec, state: State, seat: int) -> dict[int, Action]:
    """The legal actions of ``seat`` by their numbers (numbered together where the codec can);
    a number past the codec's size is left out (a compact encoding's actions past its places)."""
    actions = state.legal_actions(seat)
    size = codec.size
    found: dict[int, Action] = {}
    for number, action in zip(numbers(codec, state, seat, actions), actions, strict=True):
        if number < size:
            found[number] = action
    return found


def legal_mask(codec: ActionCodec, state: State, seat: int) -> list[int]:
    """1 for each legal action number of ``seat``, 0 elsewhere."""
    mask = [0] * codec.size
    for number in legal_by_number(codec, state, seat):
        mask[number] = 1
    return mask


class NotationCodec:
    """A codec from the complete list of a game's action notations (for games whose actions
    name only fixed things: cards, levels, spaces)."""

    def __init__(self, notations: Sequence[str], version: int = 1) -> None:
        self.version = version
        self.notations = list(notations)
        self.index = {text: number for number, text in enumerate(self.notations)}
        if len(self.index) != len(self.notations):
            raise ValueError("the notations of an action space must be distinct")
        self.size = len(self.notations)

    def encode(self, state: State, seat: int, action: Action) -> int:
        try:
            return self.index[str(action)]
        except KeyError:
            raise IllegalAction(f"{action} has no number in this action space") from None

    def decode(self, state: State, seat: int, index: int) -> Action:
        if not 0 <= index < self.size:
            raise IllegalAction(f"action number {index} is outside 0-{self.size - 1}")
        return state.parse(self.notations[index], seat)

    def blocks(self) -> list[tuple[str, int, int, str]]:
        """The numbers by the first word of their notation (sorted notations keep each word's
        together): (word, first number, how many, what they are)."""
        found: list[tuple[str, int, int, str]] = []
        for number, text in enumerate(self.notations):
            word = text.split()[0]
            if found and found[-1][0] == word:
                first, count = found[-1][1], found[-1][2]
                found[-1] = (word, first, count + 1, found[-1][3])
            else:
                found.append((word, number, 1, f"`{text}` … in the sorted list of notations"))
        return found


class ActionBlocks:
    """An action numbering made of named blocks in order: ``start[name]`` is a block's first
    number, :meth:`block` finds the block of a number and the offset within it.

    >>> blocks = ActionBlocks([("take", 3), ("pass", 1)])
    >>> blocks.size, blocks.start["pass"], blocks.block(2)
    (4, 3, ('take', 2))
    """

    def __init__(self, blocks: Sequence[tuple[str, int]]) -> None:
        self.blocks = list(blocks)
        self.start: dict[str, int] = {}
        offset = 0
        for name, size in self.blocks:
            self.start[name] = offset
            offset += size
        self.size = offset

    def block(self, index: int) -> tuple[str, int]:
        if index >= 0:
            for name, size in self.blocks:
                if index < self.start[name] + size:
                    return name, index - self.start[name]
        raise IllegalAction(f"action number {index} is outside 0-{self.size - 1}")


def encoding_markdown(codec: ActionCodec, observer: Observer) -> str:
    """A game's encoding as the game's doc shows it: its version, the numbers by block, and
    the observation's entries in order."""
    lines = [f"Encoding version {codec.version}: actions are `Discrete({codec.size})`, observations "
             f"{observer.size} floats.", "", "| numbers | block | what they are |", "|---|---|---|"]
    for name, first, count, meaning in codec.blocks():
        lines.append(f"| {first}-{first + count - 1} | `{name}` | {meaning} |")
    lines += ["", "| entries | part | range | what they hold |", "|---|---|---|---|"]
    at = 0
    for (name, count, meaning), (low, high) in part_ranges(observer):
        lines.append(f"| {at}-{at + count - 1} | {name} | {_number(low)} to {_number(high)} | {meaning} |")
        at += count
    if at != observer.size:
        raise ValueError(f"the observation's layout covers {at} entries, not {observer.size}")
    return "\n".join(lines) + "\n"


def _number(value: float) -> str:
    if math.isinf(value):
        return "-∞" if value < 0 else "∞"
    return f"{value:g}"


def one_hot(index: int, size: int) -> list[float]:
    """``size`` zeros with a 1 at ``index`` (all zeros when ``index`` is out of range)."""
    values = [0.0] * size
    if 0 <= index < size:
        values[index] = 1.0
    return values
