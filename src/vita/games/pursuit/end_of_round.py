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
from vita.games.pursuit import community
from vita.games.pursuit.cards import Amount
from vita.games.pursuit.game_end import end_game
from vita.games.pursuit.state import OVERTIME, PursuitState
from vita.games.pursuit.tracks import die, gain
from vita.games.pursuit.upkeep import start_round


def next_turn(state: PursuitState) -> None:
    """Play goes to the left, skipping players out of hourglasses or dead; or the round ends."""
    n = state.num_players
    players = state.players
    for offset in range(1, n + 1):
        seat = (state.current + offset) % n
        p = players[seat]
        if p.alive and p.hand > 0:
            state.current = seat
            return
    end_round(state)


def end_round(state: PursuitState) -> None:
    group_rewards(state)
    set_aside(state)
    return_hourglasses(state)
    living = [seat for seat, p in enumerate(state.players) if p.alive]
    if living:
        choose_first_player(state, living)
    for p in state.players:
        p.sth = 0
    rounds = state.deck.board.rounds
    if state.round == 0:
        state.closed = frozenset()
        state.say("The Teen round is over: Get Job, Start Relationship and Overtime open.")
    if rounds[state.round].stage == "adult" and rounds[state.round + 1].stage != "adult":
        state.closed = state.closed | {OVERTIME}
        state.say("The Adult rounds are over: Overtime is no longer available.")
    if state.community and community.begin_outcomes(state):
        return  # the engaged players choose their Outcomes first
    finish_round(state)


def finish_round(state: PursuitState) -> None:
    """After the Outcomes: the Community board and Popularity, deaths at the end of the last
    round, then the game's end or the next round."""
    if state.community:
        community.after_outcomes(state)
    living = [seat for seat, p in enumerate(state.players) if p.alive]
    if state.round == len(state.deck.board.rounds) - 1:
        for seat in living:
            die(state, seat)
        living = []
    if not living:
        end_game(state)
        return
    start_round(state)


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

