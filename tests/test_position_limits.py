"""Every limit of every game's position schema holds for every position legal play reaches:
each game at its largest table (Our Life with singles only, with couples, and with couples
only) played to the end on 20 seeds, every position round-tripped through JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest

from vita.registry import get_game, make_bot

LARGEST: list[tuple[str, dict[str, Any]]] = [
    ("pursuit", {"players": 4}), ("pursuit", {"players": 5, "expansion": "community"}),
    ("pursuit-cards", {"players": 5}), ("cv", {"players": 4}),
    ("our-life", {"players": 8}), ("our-life", {"players": 8, "couples": 2}),
    ("our-life", {"players": 8, "couples": 4}),
]
SEEDS = range(1, 21)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "options"), LARGEST,
                         ids=[f"{g}-{'-'.join(f'{k}{v}' for k, v in o.items())}" for g, o in LARGEST])
def test_every_position_of_legal_play_loads_back(game_id: str, options: dict[str, Any]) -> None:
    game = get_game(game_id)
    for seed in SEEDS:
        state = game.new_state(game.make_options(options), seed, log=False)
        bots = [make_bot(game_id, "random", seed * 10 + seat) for seat in range(state.num_players)]
        while True:
            position = state.to_json()
            loaded = game.state_from_json(json.loads(json.dumps(position)), log=False)
            assert loaded.to_json() == position, f"seed {seed}"
            if state.is_over():
                break
            seat = state.to_move()[0]
            state.apply(bots[seat].choose(state, seat), seat)
