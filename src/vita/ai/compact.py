"""The compact action encoding: a number is a place in the list of the legal actions.

A game's own numbering (:mod:`vita.ai.games`) gives every move a number of its own, the
same in every position; the card game's has 16,271 numbers and the board game's 6,562, with
about 20 legal at a decision. The compact encoding numbers only what is legal now: number
``i`` is the ``i``-th legal action in the order of the game's own numbering, for the first
``slots`` of them. So that an agent can tell what each place holds, the observation is the
game's own followed by one description a place: whether it holds an action, the block of
the game's numbering the action is in (one-hot: ``activate``, ``meld``, ``discard`` …) and
its offset in that block in binary (the offset's meaning is the block's, in the game's doc);
a seat not asked to act (not in ``state.to_move()``) sees zeros there.

    from vita.ai import gymnasium_env
    env = gymnasium_env("pursuit-cards", players=2, actions="compact")   # Discrete(256)

Legal actions past the ``slots``-th are not offered (none were seen in the games measured
for the default, docs/engine.md "The compact action encoding"); the observation holds
every other entry in [0, 1] where the game's does.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Any, Final

from vita.core.codec import UNIT, ActionCodec, Observer, numbers, observe_into, part_ranges
from vita.core.errors import IllegalAction
from vita.core.state import Action, State

SLOTS: Final = 256
"""The places offered by default: above the most legal actions seen at one decision in the
card game (207, 2 players, random play) and the board game (162, 4 players, heuristic)."""


class CompactCodec:
    """Actions as places among the legal ones, in the order of ``full``'s numbers; also the
    observer that describes each place (see the module's notes)."""

    def __init__(self, full: ActionCodec, observer: Observer, slots: int = SLOTS) -> None:
        if slots < 1:
            raise ValueError(f"a compact encoding needs at least one place, not {slots}")
        self.full, self.base, self.slots = full, observer, slots
        self.size = slots
        self.version = full.version
        blocks = full.blocks()
        self.block_names = [name for name, _, _, _ in blocks]
        self.block_starts = [first for _, first, _, _ in blocks]
        self.bits = max(1, max(count - 1 for _, _, count, _ in blocks).bit_length())
        self.width = 1 + len(blocks) + self.bits  # one place's description
        self.observer = _PlacesObserver(self)

    # -- the numbering --------------------------------------------------------------------------

    def ranked(self, state: State, seat: int) -> list[tuple[int, Action]]:
        """The legal actions of ``seat`` with their full numbers, in the order of the numbers,
        the first ``slots`` of them."""
        actions = state.legal_actions(seat)
        found = sorted(zip(numbers(self.full, state, seat, actions), actions, strict=True), key=_first)
        return found[:self.slots]

    def encode(self, state: State, seat: int, action: Action) -> int:
        number = self.full.encode(state, seat, action)
        for place, (legal, _) in enumerate(self.ranked(state, seat)):
            if legal == number:
                return place
        raise IllegalAction(f"{action} is not among the {self.slots} legal actions this encoding offers now")

    def encode_all(self, state: State, seat: int, actions: Sequence[Action]) -> list[int]:
        """The places of ``actions`` (legal ones of this position); an action past the last
        place gets a number of ``size`` or more, which the environments leave out."""
        full = numbers(self.full, state, seat, actions)
        order = {number: place for place, number in enumerate(sorted(full))}
        return [order[number] for number in full]

    def decode(self, state: State, seat: int, index: int) -> Action:
        ranked = self.ranked(state, seat)
        if not 0 <= index < len(ranked):
            offered = f"places 0-{len(ranked) - 1} are offered" if ranked else f"seat {seat} is not asked to act"
            raise IllegalAction(f"place {index} holds no legal action now ({offered})")
        return ranked[index][1]

    def blocks(self) -> list[tuple[str, int, int, str]]:
        return [("place", 0, self.slots, "the i-th legal action, in the order of the game's own numbering")]

    # -- the description of the places ------------------------------------------------------------

    def describe(self, number: int, ones: list[int], at: int) -> None:
        """Add to ``ones`` the entries of the description of full number ``number`` that are 1,
        written at ``at`` (the others, up to ``at + width``, are 0)."""
        block = bisect_right(self.block_starts, number) - 1
        offset = number - self.block_starts[block]
        ones.append(at)
        ones.append(at + 1 + block)
        bit = at + 1 + len(self.block_starts)
        for b in range(self.bits):
            if offset >> b & 1:
                ones.append(bit + b)

    def described(self, state: State, seat: int, at: int) -> list[int]:
        """The entries that are 1 in the places' descriptions for ``seat``, the first place's
        written at ``at`` (none for a seat not asked to act)."""
        ones: list[int] = []
        if not state.is_over() and seat in state.to_move():
            for number, _ in self.ranked(state, seat):
                self.describe(number, ones, at)
                at += self.width
        return ones


class _PlacesObserver:
    """The game's observation, then each place's description (zeros where no action is)."""

    def __init__(self, codec: CompactCodec) -> None:
        self.codec = codec
        self.size = codec.base.size + codec.slots * codec.width

    def layout(self) -> list[tuple[str, int, str]]:
        codec = self.codec
        return [*codec.base.layout(), (
            "places", codec.slots * codec.width,
            f"{codec.slots} places, each {codec.width} entries: an action is there, the block of the "
            f"game's numbering it is in (one-hot, {len(codec.block_names)}: {', '.join(codec.block_names)}), "
            f"its offset in the block ({codec.bits} bits, lowest first); zeros for a seat not asked to act")]

    def bounds(self) -> list[tuple[float, float]]:
        return [*(declared for _, declared in part_ranges(self.codec.base)), UNIT]

    def observe(self, state: State, seat: int) -> list[float]:
        codec = self.codec
        out = list(codec.base.observe(state, seat)) + [0.0] * (codec.slots * codec.width)
        for entry in codec.described(state, seat, codec.base.size):
            out[entry] = 1.0
        return out

    def observe_into(self, state: State, seat: int, out: Any) -> None:
        """The same entries as :meth:`observe`, written into ``out`` (a float32 NumPy array of
        ``size``): the game's part in place where its observer can, the places' ones at once,
        without a list of every entry (most are zeros)."""
        codec = self.codec
        size = codec.base.size
        observe_into(codec.base, state, seat, out[:size])
        out[size:] = 0.0
        ones = codec.described(state, seat, size)
        if ones:
            out[ones] = 1.0


def _first(pair: tuple[int, Action]) -> int:
    return pair[0]
