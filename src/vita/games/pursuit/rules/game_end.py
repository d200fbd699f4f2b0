"""Rulebook sections "Game End" and "Solo game".

When all players have died: inheritance (1 LTH for every 5 of the same resource
and for every 5 money); then each life goal in play gives its LTH bonus to its
only achiever (a tie gives nobody the bonus). Most LTH wins; ties go to the most
cards gathered during the game. Solo: the three goals use their solo
instruction, and the game is won with all three achieved and at least 50 LTH (60 with the
Community expansion).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from vita.core.state import Facts
from vita.games.pursuit.deckfile import GoalRule
from vita.games.pursuit.state import OVER, Player, PursuitState


def end_game(state: PursuitState) -> None:
    state.phase = OVER
    per = state.deck.board.inheritance_per
    results = []
    for p in state.players:
        inheritance = sum(amount // per for amount in p.res)
        results.append({"lth": p.lth, "inheritance": inheritance, "goals": 0})
        p.lth += inheritance
        if inheritance and state.log is not None:
            state.say(f"{p.name} passes on {inheritance} LTH in inheritance.")
    for goal_index in state.goals:
        goal = state.deck.life_goals[goal_index]
        for seat in achievers(state, goal.solo if state.solo else goal.goal):
            state.players[seat].lth += goal.bonus
            results[seat]["goals"] += goal.bonus
            if state.log is not None:
                state.say(f"{state.name(seat)} achieves the life goal {goal.name}: {goal.bonus} LTH.")
    for seat, p in enumerate(state.players):
        results[seat]["total"] = p.lth
        results[seat]["cards"] = p.gathered
    if state.solo:
        won = solo_won(state)
        results[0]["won"] = int(won)
        verdict = "wins" if won else "does not win"
        if state.log is not None:
            state.say(f"{state.name(0)} {verdict} the solo game with {state.players[0].lth} LTH.")
    state.results = results
    if state.log is not None:
        state.say("Final LTH: " + ", ".join(f"{p.name} {p.lth}" for p in state.players) + ".")


def measure(state: PursuitState, seat: int, what: str) -> int:
    """A life goal's measure for one player."""
    return measurer(what)(state, state.players[seat])


Measured = Callable[[PursuitState, Player], int]
"""How a life goal's measure is read off a player."""


def _job_level(state: PursuitState, p: Player) -> int:
    cards = state.deck.cards
    return max((cards[c].job_level for c in (p.job, p.retired) if c >= 0), default=0)


def _popularity(state: PursuitState, p: Player) -> int:
    return state.deck.community.popularity[p.popularity] if state.deck.community else 0


_MEASURES: Final[dict[str, Measured]] = {
    "knowledge": lambda state, p: p.res[0],
    "creativity": lambda state, p: p.res[1],
    "influence": lambda state, p: p.res[2],
    "money": lambda state, p: p.res[3],
    "lowest-resource": lambda state, p: min(p.res[:3]),
    "completed-projects": lambda state, p: len(p.completed),
    "items-activities": lambda state, p: len(p.items),
    "job-level": _job_level,
    "partner-level": lambda state, p: max((level for _, level, _ in p.partners), default=0),
    "rounds-lived": lambda state, p: p.rounds_lived,
    "popularity": _popularity,
    "community-outcomes": lambda state, p: p.outcomes,
    "lth": lambda state, p: p.lth,
}


def measurer(what: str) -> Measured:
    """The reading of a life goal's measure (the names are those of the deck files)."""
    return _MEASURES[what]


def achievers(state: PursuitState, rule: GoalRule) -> list[int]:
    """Solo: reaching the threshold. Otherwise: the only player with the most (at least the threshold)."""
    values = [measure(state, seat, rule.measure) for seat in range(state.num_players)]
    if state.solo:
        return [0] if values[0] >= rule.at_least else []
    best = max(values)
    leaders = [seat for seat, value in enumerate(values) if value == best]
    return leaders if len(leaders) == 1 and best >= rule.at_least else []


def solo_won(state: PursuitState) -> bool:
    goals = [state.deck.life_goals[g] for g in state.goals]
    all_goals = all(achievers(state, goal.solo) for goal in goals)
    return all_goals and state.players[0].lth >= solo_lth_to_win(state)


def solo_lth_to_win(state: PursuitState) -> int:
    """50 LTH; 60 with the Community expansion (its "Solo game")."""
    community = state.deck.community
    return community.solo_lth_to_win if community is not None else state.deck.board.solo_lth_to_win


def scores(state: PursuitState) -> tuple[float, ...]:
    """Each player's Long Term Happiness: "The winner of the game is the player with the most
    Long Term Happiness!"."""
    return tuple(float(p.lth) for p in state.players)


def ranking(state: PursuitState) -> tuple[int, ...]:
    """Most LTH first; ties broken by the most cards gathered; still tied: shared rank."""
    keys = [(p.lth, p.gathered) for p in state.players]
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


def breakdown(state: PursuitState) -> list[dict[str, float]]:
    if state.results is not None:
        return [{key: float(value) for key, value in row.items()} for row in state.results]
    return [{"lth": float(p.lth), "total": float(p.lth)} for p in state.players]


def facts(state: PursuitState) -> list[Facts]:
    """Per seat, for simulation results: the child trait kept, the round of death and its cause
    (:func:`cause_of_death`), the life goals in play it achieved, and the
    cards in the player's area at the end (projects, completed or not, items and activities,
    job, partners)."""
    deck, rounds = state.deck, state.deck.board.rounds
    achieved: list[list[str]] = [[] for _ in state.players]
    for goal_index in state.goals:
        goal = deck.life_goals[goal_index]
        for seat in achievers(state, goal.solo if state.solo else goal.goal):
            achieved[seat].append(goal.name)
    rows: list[Facts] = []
    for seat, p in enumerate(state.players):
        held = [*p.completed, *(h[0] for h in p.projects), *(h[0] for h in p.items), *(h[0] for h in p.partners)]
        held += [card for card in (p.job, p.retired) if card >= 0]
        rows.append({"trait": deck.traits[p.trait].name if p.trait >= 0 else "none",
                     "death": rounds[p.died].name if p.died >= 0 else "lived to the end",
                     "cause of death": cause_of_death(state, p),
                     "life goals": sorted(achieved[seat]),
                     "cards": sorted({deck.cards[card].name for card in held})})
    return rows


def cause_of_death(state: PursuitState, p: Player) -> str:
    """What ended a life ("Entering the Old Age"): stress beyond the track's end before the Old
    Age, stress beyond it in an Old Age round (the round's Old Age stress, mostly), or the end
    of the last round, which a player still alive does not outlive."""
    rounds = state.deck.board.rounds
    if p.died < 0:
        return "alive"
    if p.stress <= state.deck.stress.last:
        return "end of the last round"
    return "stress in the Old Age" if rounds[p.died].stage == "old-age" else "stress before the Old Age"


def rounds(state: PursuitState) -> int:
    """Rounds begun on the Round track (Teen is the first)."""
    return state.round + 1
