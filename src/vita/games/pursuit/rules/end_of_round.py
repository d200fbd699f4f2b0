"""Rulebook section "End of Round Phase" (and turn order from "Action Phase").

When every living player has placed all his hourglasses: group projects give
their additional rewards; single-round and group projects are set aside (they
count as completed); hourglasses come back (Overtime's are returned); the
highest STH takes the First Player token (ties: the tied player furthest
clockwise from the current first player); STH returns to the centre; after the
Teen round the Unavailable Action tokens are removed, after the last Adult
round Overtime is covered. A player alive at the end of the last round dies then.
"""

from __future__ import annotations

from vita.core.wording import count
from vita.games.pursuit.cards import Amount
from vita.games.pursuit.rules.tracks import gain
from vita.games.pursuit.state import PursuitState


def group_rewards(state: PursuitState) -> None:
    """Each covered role earns every additional reward up to the number of roles covered."""
    cards = state.deck.cards
    for card, roles in state.groups.items():
        covered = sum(1 for seat in roles if seat >= 0)
        tiers = cards[card].additional[:covered]
        total = Amount(
            res=tuple(sum(t.res[i] for t in tiers) for i in range(4)),  # type: ignore[arg-type]
            sth=sum(t.sth for t in tiers), lth=sum(t.lth for t in tiers),
            relax=sum(t.relax for t in tiers), good_health=sum(t.good_health for t in tiers),
        )
        for seat in roles:
            if seat >= 0 and state.players[seat].alive:
                gain(state, seat, total)
                if state.log is not None:
                    state.say(f"{state.name(seat)} gains {total.words()} from the group project "
                              f"'{cards[card].name}' ({count(covered, 'role')} covered).")


def set_aside(state: PursuitState) -> None:
    cards = state.deck.cards
    for p in state.players:
        kept = []
        for holding in p.projects:
            if cards[holding[0]].kind == "basic":
                kept.append(holding)
            else:
                p.completed += (holding[0],)
        p.projects = tuple(kept)
    state.groups = {}


def return_hourglasses(state: PursuitState) -> None:
    for p in state.players:
        p.placed = [0] * len(p.placed)
        if p.projects:
            p.projects = tuple([(card, level, 0) for card, level, _ in p.projects])
        if p.items:
            p.items = tuple([(card, level, 0) for card, level, _ in p.items])
        if p.partners:
            p.partners = tuple([(card, level, 0) for card, level, _ in p.partners])
        p.hand = p.total = p.overtime = p.spent = 0


def choose_first_player(state: PursuitState, living: list[int]) -> None:
    n = state.num_players
    best = max(state.players[seat].sth for seat in living)
    tied = [seat for seat in living if state.players[seat].sth == best]
    state.first = max(tied, key=lambda seat: (seat - state.first) % n)
    if state.log is not None:
        state.say(f"{state.name(state.first)} has the most STH and takes the First Player token.")

