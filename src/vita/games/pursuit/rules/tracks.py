"""The Stress track and the Short Term Happiness track, and gaining rewards.

Rulebook sections "Stress Track" (stress, Rest, Relax, Good Health, death),
"Short Term Happiness Track" (moves, overflow into LTH) and "Discarding Cards".
"""

from __future__ import annotations

from functools import cache

from vita.games.pursuit.cards import Amount, Vec
from vita.games.pursuit.state import PursuitState


def gain(state: PursuitState, seat: int, amount: Amount) -> None:
    """Take a reward: resources, STH, LTH, Relax and Good Health (dead players gain nothing)."""
    p = state.players[seat]
    if not p.alive:
        return
    res = p.res
    add = amount.res
    res[0] += add[0]
    res[1] += add[1]
    res[2] += add[2]
    res[3] += add[3]
    if amount.lth:
        p.lth += amount.lth
    if amount.sth:
        move_sth(state, seat, amount.sth)
    for _ in range(amount.relax):
        relax(state, seat)
    for _ in range(amount.good_health):
        good_health(state, seat)


def pay(state: PursuitState, seat: int, res: Vec) -> None:
    """Pay resources (the caller has checked they are there)."""
    have = state.players[seat].res
    have[0] -= res[0]
    have[1] -= res[1]
    have[2] -= res[2]
    have[3] -= res[3]


def can_pay(have: list[int], cost: Vec) -> bool:
    return have[0] >= cost[0] and have[1] >= cost[1] and have[2] >= cost[2] and have[3] >= cost[3]


# -- Short Term Happiness Track ---------------------------------------------------------


def move_sth(state: PursuitState, seat: int, steps: int) -> None:
    """Move along the STH track; past either end, gain or lose LTH instead (never below 0)."""
    p = state.players[seat]
    board = state.deck.board
    target = p.sth + steps
    if target > board.sth_max:
        p.lth += target - board.sth_max
        target = board.sth_max
    elif target < board.sth_min:
        p.lth = max(0, p.lth - (board.sth_min - target))
        target = board.sth_min
    p.sth = target


def can_lose_sth(state: PursuitState, seat: int) -> bool:
    """Whether losing 1 STH costs something real (STH above the bottom, or LTH to lose)."""
    p = state.players[seat]
    return p.sth > state.deck.board.sth_min or p.lth > 0


# -- Stress Track ------------------------------------------------------------------------


def add_stress(state: PursuitState, seat: int, amount: int = 1) -> None:
    """Move right on the stress track; beyond the last space the player dies."""
    p = state.players[seat]
    if not p.alive or amount <= 0:
        return
    p.stress += amount
    if p.stress > state.deck.stress.last:
        die(state, seat)


def die(state: PursuitState, seat: int) -> None:
    """The player's life ends: the round is over for him, and so are all later rounds."""
    p = state.players[seat]
    p.stress = min(p.stress, state.deck.stress.last + 1)
    p.alive = False
    p.died = state.round
    p.due = ()
    if state.log is not None:
        state.say(f"{p.name} has passed away ({state.deck.board.rounds[state.round].name} round).")


def move_left_within_section(state: PursuitState, seat: int, spaces: int) -> int:
    """Rest and Relax: move up to ``spaces`` left, never into another section; return the move."""
    p = state.players[seat]
    track = state.deck.stress
    low = track.sections[track.section_of(p.stress)][1]
    target = max(low, p.stress - spaces)
    moved = p.stress - target
    p.stress = target
    return moved


def relax(state: PursuitState, seat: int) -> None:
    """Relax: 1 space left, as long as the player stays in the same section."""
    move_left_within_section(state, seat, 1)


def good_health(state: PursuitState, seat: int) -> None:
    """Good Health: one section left, same relative space (clamped); +1 hourglass next round."""
    p = state.players[seat]
    track = state.deck.stress
    index = track.section_of(p.stress)
    if index > 0:
        _, low, _, _ = track.sections[index]
        _, new_low, new_high, _ = track.sections[index - 1]
        p.stress = min(new_low + (p.stress - low), new_high)
    p.health_bonus += 1




def project_payments(state: PursuitState, seat: int, cost: Vec) -> list[tuple[int, int, int]]:
    """Every affordable way to pay a project level's Knowledge/Creativity/Influence cost.

    Each positive STH lets the player pay 1 resource of his choice less; each negative STH
    makes him pay 1 more resource of his choice ("Short Term Happiness Track").
    """
    p = state.players[seat]
    have = p.res
    k, c, i = cost[0], cost[1], cost[2]
    if p.sth == 0:
        return [(k, c, i)] if have[0] >= k and have[1] >= c and have[2] >= i else []
    return [
        pay
        for pay in payment_shapes(p.sth, k, c, i)
        if have[0] >= pay[0] and have[1] >= pay[1] and have[2] >= pay[2]
    ]


@cache
def payment_shapes(sth: int, k: int, c: int, i: int) -> tuple[tuple[int, int, int], ...]:
    if sth == 0:
        return ((k, c, i),)
    shapes = []
    if sth > 0:
        discount = min(sth, k + c + i)
        for a in range(min(discount, k) + 1):
            for b in range(min(discount - a, c) + 1):
                e = discount - a - b
                if e <= i:
                    shapes.append((k - a, c - b, i - e))
    else:
        extra = -sth
        for a in range(extra + 1):
            for b in range(extra - a + 1):
                shapes.append((k + a, c + b, i + extra - a - b))
    return tuple(shapes)
