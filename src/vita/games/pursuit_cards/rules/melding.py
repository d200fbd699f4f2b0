"""Rulebook section "Melds": laying new melds and extending them.

A new meld is laid a card at a time (``meld <card>``, then ``add front|back <card>``)
until it has 3 cards; it can then be extended at either end, one card at a time, up to 5
(``extend``). A card is only offered if the meld can still be completed, and a player
must always keep a card in hand for the discard. Jokers are declared as the card they
stand for. Once a player has melded a card in a turn he can no longer activate.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from vita.core.shared import keep
from vita.games.pursuit_cards.actions import ENDS, AddToMeld, Extend, StartMeld
from vita.games.pursuit_cards.cards import (
    DECLARED,
    JOKER,
    KINDS,
    card,
    long_name,
    natural,
    suit_of,
    value_of,
)
from vita.games.pursuit_cards.rules.melds import MAX_LENGTH, Meld, pattern_of, step
from vita.games.pursuit_cards.state import BUILD, MAIN, CardsState

NEXT: Final = tuple(tuple(step(v, d) for d in range(10)) for v in range(11))  # NEXT[v][d]: v + d


def completable(pending: list[int], suit: int, hand: list[int], spare: int) -> bool:
    """Whether cards still in ``hand`` can complete ``pending`` (1-2 cards) into a 3-card meld,
    leaving ``spare`` cards or more in hand (``hand`` no longer holds the pending cards)."""
    needed = 3 - len(pending)
    if sum(hand) - needed < spare:
        return False
    jokers = hand[JOKER]
    base = suit * 10 - 1  # hand index of value v is base + v
    if len(pending) == 2:
        first, second = value_of(pending[0]), value_of(pending[1])
        pattern = (second - first) % 10
        if jokers:
            return True
        return hand[base + NEXT[second][pattern]] > 0 or hand[base + NEXT[first][10 - pattern]] > 0
    if jokers >= 2:
        return True
    naturals = sum(hand[suit * 10: suit * 10 + 10])
    if jokers == 1:
        # With a Joker, any other card of the suit completes it: v, w, J (pattern w - v), or
        # v, J, v (pattern 5) when w is v again.
        return naturals > 0
    value = value_of(pending[0])
    for pattern in range(1, 10):
        # The pending card first, in the middle, or last of the three.
        after, after2 = NEXT[value][pattern], NEXT[value][(2 * pattern) % 10]
        before = NEXT[value][10 - pattern]
        if _two(hand, base, after, after2) or _two(hand, base, before, after):
            return True
    return False


def _two(hand: list[int], base: int, a: int, b: int) -> bool:
    if a == b:
        return hand[base + a] >= 2
    return hand[base + a] > 0 and hand[base + b] > 0


# -- starting a meld -----------------------------------------------------------------------


def start_options(state: CardsState, seat: int) -> list[StartMeld]:
    """``meld <card>`` for every card (or declared Joker) that can begin a meld.

    The same answer as :func:`completable` for each card (a test checks it), computed
    once per suit: the values that lie on a 3-card run of the suit's cards in hand, and
    the values that would complete a pair of them.
    """
    hand = state.hands[seat]
    if sum(hand) < 4:  # 3 to meld and 1 to discard
        return []
    jokers = hand[JOKER]
    naturals: list[StartMeld] = []
    declared: list[StartMeld] = []
    for suit in range(4):
        base = suit * 10
        if jokers == 0:
            # A natural card on a 3-card run of the suit's cards.
            naturals += [_START[base + v - 1] for v in _by_counts(_ON_RUNS, on_runs, hand, base)]
        elif jokers == 1:
            # A natural card with one other card of its suit (and the Joker); a Joker
            # declared as a card that completes two of the suit's cards.
            if sum(hand[base: base + 10]) >= 2:
                naturals += [_START[base + v] for v in range(10) if hand[base + v]]
            declared += [_START[DECLARED + base + v - 1] for v in _by_counts(_COMPLETING, completing, hand, base)]
        else:
            naturals += [_START[base + v] for v in range(10) if hand[base + v]]
            if jokers >= 3 or any(hand[base: base + 10]):
                declared += [_START[DECLARED + base + v] for v in range(10)]
    return naturals + declared


# What on_runs and completing found for the hands of one suit seen so far, by the hand's
# counts packed into one number, three bits a value (a hand holds at most the deck's 3 copies).
_ON_RUNS: Final[dict[int, tuple[int, ...]]] = {}
_COMPLETING: Final[dict[int, tuple[int, ...]]] = {}


def _by_counts(found: dict[int, tuple[int, ...]], compute: Callable[[tuple[int, ...]], tuple[int, ...]],
               hand: list[int], base: int) -> tuple[int, ...]:
    """``compute`` of the counts ``hand[base:base + 10]``, kept in ``found`` (:mod:`vita.core.shared`)."""
    key = 0
    for v in range(base, base + 10):
        key = key << 3 | hand[v]
    values = found.get(key)
    return values if values is not None else keep(found, key, compute(tuple(hand[base: base + 10])))


def on_runs(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The values (in order) lying on some 3-card run of these cards of one suit."""
    present = [v for v in range(1, 11) if counts[v - 1]]
    found: set[int] = set()
    for x in present:
        for y in present:
            if x != y:
                z = NEXT[y][(y - x) % 10]
                if counts[z - 1] > (z == x) + (z == y):
                    found.update((x, y, z))
    return tuple(sorted(found))


def completing(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The values (in order) that make a 3-card run with two of these cards of one suit."""
    present = [v for v in range(1, 11) if counts[v - 1]]
    found: set[int] = set()
    for x in present:
        for y in present:
            if x == y:
                if counts[x - 1] >= 2:
                    found.add(NEXT[x][5])  # x, x+5, x
                continue
            pattern = (y - x) % 10
            found.add(NEXT[y][pattern])  # x, y, then the next
            if pattern % 2 == 0:  # x, m, y with m halfway (two ways round the circle)
                found.add(NEXT[x][pattern // 2])
                found.add(NEXT[x][(pattern // 2 + 5) % 10])
    return tuple(sorted(found))


_ENTRIES: Final = [*range(KINDS), *range(DECLARED, DECLARED + KINDS)]  # cards and declared Jokers
# Action values made once and shared (an action is immutable): a legal move list builds none.
_START: Final = {c: StartMeld(c) for c in _ENTRIES}
_ADD: Final = {end: {c: AddToMeld(end, c) for c in _ENTRIES} for end in ENDS}
_EXTEND: Final[dict[int, Extend]] = {}


def start(state: CardsState, seat: int, action: StartMeld) -> None:
    entry = action.card
    state.hands[seat][natural(entry)] -= 1
    state.pending = [entry]
    state.melded = True
    state.step = BUILD
    state.say(f"{state.name(seat)} starts a new meld with the {long_name(entry)}.")


# -- adding to the meld being laid ---------------------------------------------------------


def add_options(state: CardsState, seat: int) -> list[AddToMeld]:
    """Cards that can go at either end of the meld being laid, keeping it completable."""
    hand = state.hands[seat]
    pending = state.pending
    suit = suit_of(pending[0])
    options = []
    for end in ENDS:
        for entry in _candidates(pending, end, hand, suit):
            kind = natural(entry)
            hand[kind] -= 1
            after = [entry, *pending] if end == "front" else [*pending, entry]
            ok = (sum(hand) >= 1) if len(after) == 3 else completable(after, suit, hand, 1)
            hand[kind] += 1
            if ok and pattern_of([value_of(e) for e in after]) is not None:
                options.append(_ADD[end][entry])
    return options


def _candidates(pending: list[int], end: str, hand: list[int], suit: int) -> list[int]:
    """Entries that fit the pattern at ``end`` (all values if the pattern is still open)."""
    if len(pending) == 2:
        first, second = value_of(pending[0]), value_of(pending[1])
        pattern = (second - first) % 10
        value = NEXT[second][pattern] if end == "back" else NEXT[first][10 - pattern]
        values = [value]
    else:
        values = [v for v in range(1, 11) if v != value_of(pending[0])]
    entries = []
    for value in values:
        kind = card(suit, value)
        if hand[kind]:
            entries.append(kind)
        if hand[JOKER]:
            entries.append(DECLARED + kind)
    return entries


def add(state: CardsState, seat: int, action: AddToMeld) -> None:
    end, entry = action.end, action.card
    state.hands[seat][natural(entry)] -= 1
    if end == "front":
        state.pending.insert(0, entry)
    else:
        state.pending.append(entry)
    if len(state.pending) < 3:
        return
    values = [value_of(e) for e in state.pending]
    pattern = pattern_of(values)
    assert pattern is not None
    meld = Meld(state.next_meld, seat, suit_of(state.pending[0]), pattern, tuple(state.pending))
    state.next_meld += 1
    state.melds.append(meld)
    state.pending = []
    state.step = MAIN
    state.say(f"{state.name(seat)} melds the {meld.words()} (pattern {pattern}).")


# -- extending a meld ----------------------------------------------------------------------------


def extend_options(state: CardsState, seat: int) -> list[Extend]:
    """Cards that extend one of the player's melds at an end, up to 5 cards."""
    hand = state.hands[seat]
    if sum(hand) < 2:
        return []
    options = []
    for meld in state.melds:
        if meld.owner != seat or len(meld.cards) >= MAX_LENGTH:
            continue
        for end in ENDS:
            kind = card(meld.suit, meld.next_value(end))
            if hand[kind]:
                options.append(_extend(meld.id, end, kind))
            if hand[JOKER]:
                options.append(_extend(meld.id, end, DECLARED + kind))
    return options


def _extend(meld: int, end: str, entry: int) -> Extend:
    """The shared ``Extend`` value (:mod:`vita.core.shared`), by one number: the meld, the end
    and the card (below 256)."""
    key = (meld * 2 + (end == "back")) * 256 + entry
    action = _EXTEND.get(key)
    return action if action is not None else keep(_EXTEND, key, Extend(meld, end, entry))


def extend(state: CardsState, seat: int, action: Extend) -> None:
    meld = state.meld(action.meld)
    state.hands[seat][natural(action.card)] -= 1
    if action.end == "front":
        meld.cards = (action.card, *meld.cards)
    else:
        meld.cards = (*meld.cards, action.card)
    state.melded = True
    state.say(f"{state.name(seat)} extends a meld at the {action.end} with the "
              f"{long_name(action.card)}: the {meld.words()}.")



def lay(state: CardsState, seat: int, action: StartMeld | AddToMeld | Extend) -> None:
    """One step of laying a meld (whichever it is)."""
    if isinstance(action, StartMeld):
        start(state, seat, action)
    elif isinstance(action, AddToMeld):
        add(state, seat, action)
    else:
        extend(state, seat, action)
