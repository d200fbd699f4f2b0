"""The suite every registered game must pass.

Random legal play to the end with the game's invariants checked after every
action, determinism, record replay, notation round trips, clone independence,
JSON save/load, refusals that change nothing, and view secrecy.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from vita.core import GameRecord, IllegalAction, Rng, State, replay
from vita.registry import GAMES, get_game

# Options to exercise per game: every player count and mode.
CONFIGS: dict[str, list[dict[str, Any]]] = {
    "pursuit": [{"players": 1}, {"players": 2}, {"players": 3}, {"players": 4},
                *({"players": n, "expansion": "community"} for n in (1, 2, 3, 4, 5))],
    "pursuit-cards": [{"players": n} for n in (2, 3, 4, 5)],
    "cv": [{"players": n} for n in (2, 3, 4)],
    "our-life": [{"players": 1}, {"players": 2, "couples": 1}, {"players": 4, "couples": 1},
                 {"players": 8, "couples": 2}],
}
SEEDS = (1, 2)
MAX_STEPS = 20_000

CASES = [
    pytest.param(game_id, options, id=f"{game_id}-{'-'.join(f'{k}{v}' for k, v in options.items())}")
    for game_id in GAMES
    for options in CONFIGS.get(game_id, [])
]


def test_every_game_has_configurations() -> None:
    assert set(GAMES) <= set(CONFIGS)


def new(game_id: str, options: dict[str, Any], seed: int) -> State:
    game = get_game(game_id)
    return game.new_state(game.make_options(options), seed)


def random_game(state: State, seed: int, record: GameRecord | None = None) -> list[State]:
    """Play randomly to the end; return a few snapshots taken on the way."""
    rng = Rng(seed)
    snapshots = []
    steps = 0
    while not state.is_over():
        assert steps < MAX_STEPS, "the game did not end"
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(action, seat)
        if record is not None:
            record.record(state, seat, str(action))
        if steps % 37 == 0:
            snapshots.append(state.clone())
        steps += 1
    return snapshots


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_random_play_keeps_invariants(game_id: str, options: dict[str, Any]) -> None:
    game = get_game(game_id)
    for seed in SEEDS:
        state = new(game_id, options, seed)
        rng = Rng(seed + 100)
        steps = 0
        while not state.is_over():
            assert steps < MAX_STEPS, "the game did not end"
            state.check_invariants()
            position = state.to_json()  # every position reached by legal play loads back
            assert game.state_from_json(json.loads(json.dumps(position)), log=False).to_json() == position
            movers = state.to_move()
            for seat in range(state.num_players):
                if seat not in movers:
                    assert state.legal_actions(seat) == [], f"seat {seat} is not asked but has actions"
            seat = movers[0]
            legal = state.legal_actions(seat)
            assert legal, f"seat {seat} must act but has no legal action"
            assert len(set(legal)) == len(legal), "duplicate legal actions"
            for action in legal:
                assert state.parse(str(action), seat) == action, f"notation {action} does not round-trip"
                assert state.why_illegal(seat, action) is None, f"{action} is listed but refused"
            state.apply(rng.choice(legal), seat)
            steps += 1
        state.check_invariants()
        assert state.to_move() == ()
        assert len(state.scores()) == state.num_players
        ranking = state.ranking()
        assert min(ranking) == 1 and all(1 <= r <= state.num_players for r in ranking)


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_same_seed_same_game(game_id: str, options: dict[str, Any]) -> None:
    first, second = new(game_id, options, 5), new(game_id, options, 5)
    random_game(first, 9)
    random_game(second, 9)
    assert first.to_json() == second.to_json()
    assert first.events_for(None) == second.events_for(None)


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_record_replays_to_identical_state(game_id: str, options: dict[str, Any]) -> None:
    state = new(game_id, options, 3)
    record = GameRecord(game=game_id, options=options, seed=3, rules=get_game(game_id).info.rules_version)
    random_game(state, 4, record)
    loaded = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert replay(get_game(game_id), loaded).to_json() == state.to_json()
    assert record.result is not None and record.result["scores"] == list(state.scores())


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_clone_and_json_round_trip(game_id: str, options: dict[str, Any]) -> None:
    game = get_game(game_id)
    for snapshot in random_game(new(game_id, options, 6), 7):
        before = snapshot.to_json()
        json.dumps(before)
        loaded = game.state_from_json(json.loads(json.dumps(before)))
        assert loaded.to_json() == before
        if snapshot.is_over():
            continue
        seat = snapshot.to_move()[0]
        assert loaded.legal_actions(seat) == snapshot.legal_actions(seat)
        copy = snapshot.clone()
        assert copy.to_json() == before
        random_game(copy, 8)
        assert snapshot.to_json() == before, "playing on a clone changed the original"


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_refused_actions_change_nothing(game_id: str, options: dict[str, Any]) -> None:
    """Actions legal earlier are tried later: each is applied or refused cleanly."""
    state = new(game_id, options, 11)
    rng = Rng(12)
    seen: list[Any] = []
    refused = 0
    while not state.is_over() and refused < 300:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        seen.extend(legal[:3])
        stale = rng.choice(seen)
        if stale not in legal:
            before = state.to_json()
            with pytest.raises(IllegalAction) as refusal:
                state.apply(stale, seat)
            assert str(refusal.value), "a refusal must say why"
            assert state.to_json() == before
            refused += 1
        state.apply(rng.choice(legal), seat)
    with pytest.raises(IllegalAction):
        state.parse("this is not an action", state.to_move()[0] if state.to_move() else None)


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_views_hide_what_a_seat_cannot_see(game_id: str, options: dict[str, Any]) -> None:
    """Re-sampling everything a seat cannot see leaves that seat's view unchanged."""
    rng = Rng(13)
    for snapshot in random_game(new(game_id, options, 14), 15)[:12]:
        for seat in [None, *range(snapshot.num_players)]:
            view = snapshot.view(seat)
            json.dumps(view)
            other = snapshot.determinize(seat, rng)
            assert other.view(seat) == view, f"seat {seat}'s view depends on what it cannot see"
            other.check_invariants()
