"""The flow of a round: from the "Upkeep Phase" to the "Action Phase" (turn order: "Play
continues to the left"), then the "End of Round Phase" (with the Community expansion's
Outcomes) and the next round, or the end of the game.

The modules named after those sections do each phase's work; only this module moves the game
from one phase to the next, so no section calls back into another's flow.
"""

from __future__ import annotations

from vita.games.pursuit.rules import abilities, community, end_of_round, game_end, tracks, upkeep
from vita.games.pursuit.state import ACTION, OVERTIME, UPKEEP, PursuitState


def start_round(state: PursuitState, advance: bool = True) -> None:
    """The automatic part of the Upkeep phase; then upkeep decisions, or the Action phase.

    ``advance`` is false in the first round, whose marker starts on Teen.
    """
    if advance:
        state.round += 1
    spec = state.deck.board.rounds[state.round]
    state.phase = UPKEEP
    if state.log is not None:
        state.say(f"— {spec.name} round —")
    if spec.stress:
        for seat, p in enumerate(state.players):
            if p.alive:
                if state.log is not None:
                    state.say(f"{p.name} enters {spec.name} and takes {spec.stress} stress.")
                tracks.add_stress(state, seat, spec.stress)
    upkeep.draw_rows(state)
    if state.community:
        community.start_of_round(state)
    upkeep.set_hourglasses(state)
    upkeep.slot_stress(state)
    for seat, p in enumerate(state.players):
        if p.alive:
            abilities.trigger(state, seat, "upkeep")
            upkeep.pension(state, seat)
            p.due = tuple(upkeep.upkeep_cards(state, seat))
    state.current = state.first
    next_upkeep(state)


def next_upkeep(state: PursuitState) -> None:
    """Hand the upkeep decisions to the next player who has some, or start the Action phase."""
    n = state.num_players
    for offset in range(n):
        seat = (state.current + offset) % n
        if state.players[seat].due and state.players[seat].alive:
            state.current = seat
            return
    start_action_phase(state)


def start_action_phase(state: PursuitState) -> None:
    state.phase = ACTION
    for p in state.players:
        if p.alive:
            p.rounds_lived += 1
    state.current = state.first
    p = state.players[state.first]
    if not p.alive or p.hand <= 0:
        next_turn(state)


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
    end_of_round.group_rewards(state)
    end_of_round.set_aside(state)
    end_of_round.return_hourglasses(state)
    living = [seat for seat, p in enumerate(state.players) if p.alive]
    if living:
        end_of_round.choose_first_player(state, living)
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
            tracks.die(state, seat)
        living = []
    if not living:
        game_end.end_game(state)
        return
    start_round(state)
