"""The offer of an undo tells nothing hidden: whether an action may be taken back is decided
from what its seat sees, so positions the seat cannot tell apart get the same offer."""

from __future__ import annotations

from typing import Any

import pytest

from vita.core import Rng
from vita.core.undo import learns, sampled_reveals, view_seed
from vita.registry import get_game, make_bot

CASES: list[tuple[str, dict[str, Any]]] = [
    ("cv", {"players": 4}), ("cv", {"players": 2}), ("our-life", {"players": 4, "couples": 1}),
    ("our-life", {"players": 3}), ("pursuit", {"players": 3}), ("pursuit-cards", {"players": 3}),
]
REDEALS = 3


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=[f"{g}-{o['players']}" for g, o in CASES])
def test_undo_offer_depends_only_on_the_seats_view(game_id: str, options: dict[str, Any]) -> None:
    game = get_game(game_id)
    compared = 0
    for seed in (1,):
        state = game.new_state(game.make_options(options), seed, log=False)
        bots = [make_bot(game_id, "random", seed * 10 + seat) for seat in range(state.num_players)]
        rng = Rng(seed + 500)
        while not state.is_over():
            seat = state.to_move()[0]
            action = bots[seat].choose(state, seat)
            before = state.clone()
            state.apply(action, seat)
            people = range(state.num_players)  # every seat a person's: the offer of each own action
            offered = not learns(before, seat, action, state, people)
            for _ in range(REDEALS):
                world = before.determinize(seat, rng)  # the same view, other hidden cards
                world.log = None
                assert world.view(seat) == before.view(seat)
                if world.why_illegal(seat, action) is not None:
                    continue  # the seat knows its action is legal: not a world it could be in
                after = world.clone()
                after.apply_trusted(seat, action)
                assert (not learns(world, seat, action, after, people)) == offered, \
                    f"seed {seed} move {before.ply}: {action}"
                compared += 1
    assert compared > 50


def test_the_sampling_is_seeded_from_the_view_not_the_generator(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two positions that differ only in the game's hidden generator: the worlds the undo
    check samples are the same, world for world."""
    game = get_game("cv")
    state = game.new_state(game.make_options({"players": 3}), 4, log=False)
    seat = state.to_move()[0]
    action = state.legal_actions(seat)[0]
    other = state.clone()
    other.rng = Rng(12345)  # another hidden generator, the same view
    assert other.view(seat) == state.view(seat)
    assert view_seed(other, seat) == view_seed(state, seat) and view_seed(state, 0) != view_seed(state, 1)
    sampled: list[list[Any]] = []
    determinize = type(state).determinize

    def recording(self: Any, who: int | None, rng: Rng) -> Any:
        world = determinize(self, who, rng)
        sampled[-1].append(world.to_json())
        return world

    monkeypatch.setattr(type(state), "determinize", recording)
    for position in (state, other):
        sampled.append([])
        after = position.clone()
        after.apply(action, seat)
        sampled_reveals(position, seat, action, after)  # CV answers exactly: the sampling itself
    assert sampled[0] and sampled[0] == sampled[1]
