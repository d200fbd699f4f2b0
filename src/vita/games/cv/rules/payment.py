"""Paying for cards and taking them: the costs, the special conditions, the colours.

How a cost is paid is fixed, never a choice that matters: each symbol comes first from the
events played this turn (they are lost at the end of the selection anyway), then from the
dice and tokens, then from an ``any`` token (Memory master), which could have paid anything.
Bad luck (Pension) is paid from the dice and tokens.
"""

from __future__ import annotations

from vita.core.errors import Reason
from vita.games.cv.cards import ANY, BAD_LUCK, PLAIN, SYMBOLS, WORK, Card
from vita.games.cv.state import CvState


def condition_refused(state: CvState, seat: int, card: Card, as_type: int) -> Reason | None:
    """Why ``seat`` may not take ``card`` as ``as_type`` whatever it pays (``None``: it may)."""
    works = len(state.cv[seat][WORK])
    if works < card.min_work:
        return Reason(f"{card.title} requires at least {card.min_work} work card(s) in your CV", "requirement")
    if 0 <= card.max_work < works:
        return Reason(f"{card.title} requires that you have no work cards", "requirement")
    if as_type == WORK and state.retired[seat]:
        return Reason("after Early retirement you may take no more work cards", "retired")
    return None


def type_choices(state: CvState, seat: int, card: Card) -> list[int]:
    """The types ``card`` may become when ``seat`` takes it: -1 for a one-coloured card."""
    if len(card.types) == 1:
        return [] if condition_refused(state, seat, card, card.types[0]) else [-1]
    return [t for t in card.types if condition_refused(state, seat, card, t) is None]


def type_of(card: Card, as_type: int) -> int:
    return card.types[0] if as_type < 0 else as_type


# -- paying --------------------------------------------------------------------------------------


def affordable(needs: tuple[tuple[int, int], ...], bad_luck: int, pool: list[int], events: list[int]) -> bool:
    """Whether a cost can be paid from the events played, then the dice and tokens, then
    ``any``: ``needs``, its non-zero plain (symbol, count) pairs (``Card.cost_items``), and
    its bad luck."""
    short = 0
    for symbol, need in needs:
        need -= events[symbol] + pool[symbol]
        if need > 0:
            short += need
    return short <= pool[ANY] and bad_luck <= pool[BAD_LUCK]


def pay(cost: tuple[int, ...], pool: list[int], events: list[int]) -> None:
    """Take ``cost`` out of the events' symbols first, then the pool, then its ``any`` tokens."""
    for symbol in PLAIN:
        need = cost[symbol]
        if not need:
            continue
        used = min(need, events[symbol])
        events[symbol] -= used
        need -= used
        used = min(need, pool[symbol])
        pool[symbol] -= used
        pool[ANY] -= need - used
    pool[BAD_LUCK] -= cost[BAD_LUCK]


def missing(cost: tuple[int, ...], pool: list[int], events: list[int]) -> str:
    """What is short of ``cost``, in words (for a refusal)."""
    short = []
    for symbol in (*PLAIN, BAD_LUCK):
        have = pool[symbol] + (events[symbol] if symbol != BAD_LUCK else 0)
        if cost[symbol] > have:
            short.append(f"{cost[symbol]} {SYMBOLS[symbol]} needed, {have} available")
    wild = pool[ANY]
    return "; ".join(short) + (f" (and {wild} 'any' token(s) cannot cover it)" if wild else "")
