"""The suite every registered game must pass (:mod:`vita.testing.suite`), for every player
count and mode of the four games: random legal play to the end with the game's invariants
checked after every action, determinism, record replay, notation round trips, clone
independence, JSON save/load, refusals that change nothing, and view secrecy.
"""

from __future__ import annotations

from typing import Any

import pytest

from vita.core import Rng
from vita.registry import GAMES, get_game
from vita.testing import suite

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

CASES = [
    pytest.param(game_id, options, id=f"{game_id}-{'-'.join(f'{k}{v}' for k, v in options.items())}")
    for game_id in GAMES
    for options in CONFIGS.get(game_id, [])
]


def test_every_game_has_configurations() -> None:
    assert set(GAMES) <= set(CONFIGS)


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_random_play_keeps_invariants(game_id: str, options: dict[str, Any]) -> None:
    for seed in SEEDS:
        suite.check_random_play(get_game(game_id), options, seed)


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_same_seed_same_game(game_id: str, options: dict[str, Any]) -> None:
    suite.check_determinism(get_game(game_id), options)


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_record_replays_to_identical_state(game_id: str, options: dict[str, Any]) -> None:
    suite.check_record_replay(get_game(game_id), options)


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_clone_and_json_round_trip(game_id: str, options: dict[str, Any]) -> None:
    suite.check_clones(get_game(game_id), options)


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_refused_actions_change_nothing(game_id: str, options: dict[str, Any]) -> None:
    """Actions legal earlier are tried later: each is applied or refused cleanly."""
    suite.check_refusals(get_game(game_id), options)


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_views_hide_what_a_seat_cannot_see(game_id: str, options: dict[str, Any]) -> None:
    """Re-sampling everything a seat cannot see leaves that seat's view unchanged, and
    re-samples something."""
    game = get_game(game_id)
    suite.check_views(game, suite.snapshots(game, options, seed=14)[:13], Rng(13))


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_every_offered_action_has_a_typed_prompt(game_id: str, options: dict[str, Any]) -> None:
    suite.check_prompts(get_game(game_id), options, seed=4)


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_undo_is_never_offered_after_a_look_at_something_hidden(game_id: str, options: dict[str, Any]) -> None:
    """Where a game answers exactly which of a seat's own actions tell it something hidden,
    re-sampling finds nothing it missed."""
    suite.check_informs(get_game(game_id), options, seed=5)
