"""The compact action encoding (vita.ai.compact, docs/engine.md "The compact action encoding"):
number i is the i-th legal action in the order of the game's own numbering; the observation is
the game's own, then one description a place (an action is there, its block one-hot, its offset
in the block in binary)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

from vita.ai.common import interface
from vita.ai.compact import CompactCodec
from vita.core import IllegalAction, Rng

GAMES = [("pursuit-cards", {"players": 2}), ("pursuit-cards", {"players": 4}), ("pursuit", {"players": 2}),
         ("pursuit", {"players": 4, "expansion": "community"}), ("cv", {"players": 3}),
         ("our-life", {"players": 4, "couples": 1})]


def describe(blocks: list[tuple[str, int, int, str]], number: int) -> tuple[int, int]:
    """The block (its index among the full numbering's blocks, as the game's doc shows them)
    and the offset in it of a full number."""
    for index, (_, first, count, _) in enumerate(blocks):
        if first <= number < first + count:
            return index, number - first
    raise AssertionError(f"{number} lies in no block")


@pytest.mark.parametrize(("game_id", "options"), GAMES)
def test_a_place_is_the_ith_legal_action_in_the_order_of_the_games_own_numbers(
        game_id: str, options: dict[str, Any]) -> None:
    """At every decision of random games: places 0 to n-1 hold the n legal actions sorted by
    their full numbers, each decodes to its action and encodes back, the mask has exactly
    them, and each place's description names the action's block and offset; the places past
    them are zeros, and so is every place of a seat not asked to act; and what is hidden from
    the seat, dealt again, leaves its places as they were."""
    full_interface = interface(game_id, options)
    compact = interface(game_id, options, "compact")
    codec, full = compact.codec, full_interface.codec
    assert isinstance(codec, CompactCodec) and codec.size == 256
    base = full_interface.observer.size
    blocks = full.blocks()
    low, high = compact.box().low, compact.box().high
    for seed in range(2):
        state = compact.game.new_state(compact.options, seed, log=False)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            expected = sorted(legal, key=lambda a: full.encode(state, seat, a))[:codec.size]
            offered = compact.legal(state, seat)
            assert sorted(offered) == list(range(len(expected)))
            assert [offered[i] for i in range(len(expected))] == expected
            for place in {0, len(expected) - 1, rng.below(len(expected))}:  # each looks the list up anew
                action = expected[place]
                assert codec.decode(state, seat, place) == action and codec.encode(state, seat, action) == place
            mask = compact.mask(state, seat)
            assert mask.sum() == len(expected) and mask[:len(expected)].all()
            vector = compact.vector(state, seat)
            assert vector.shape == (compact.observer.size,) and (vector >= low).all() and (vector <= high).all()
            assert (vector[:base] == full_interface.vector(state, seat)).all()
            # The environments' in-place observation and the observer's list are the same entries.
            assert (np.array(compact.observer.observe(state, seat), dtype=np.float32) == vector).all()
            places = vector[base:].reshape(codec.size, codec.width)
            for place, action in enumerate(expected):
                block, offset = describe(blocks, full.encode(state, seat, action))
                row = places[place]
                assert row[0] == 1 and np.flatnonzero(row[1:1 + len(codec.block_names)]).tolist() == [block]
                bits = row[1 + len(codec.block_names):]
                assert sum(int(b) << i for i, b in enumerate(bits)) == offset
            assert not places[len(expected):].any()
            for other in range(compact.players):  # a seat asked at once (a secret choice) sees its own places
                assert compact.vector(state, other)[base:].any() == (other in state.to_move())
            if rng.below(10) == 0:  # the places show only what the seat may know
                other_deal = state.determinize(seat, rng)
                assert (compact.vector(other_deal, seat) == vector).all(), "the places show hidden things"
            with pytest.raises(IllegalAction):
                codec.decode(state, seat, len(expected))
            state.apply(rng.choice(legal), seat)


def test_legal_actions_past_the_last_place_are_not_offered() -> None:
    """With 3 places, a decision with more legal actions offers the first 3 in the full order;
    the others have no number (encode refuses them) and the mask holds 3."""
    made = interface("pursuit-cards", {"players": 2})
    codec = CompactCodec(made.codec, made.observer, slots=3)
    state = made.game.new_state(made.options, 4, log=False)
    seat = state.to_move()[0]
    legal = sorted(state.legal_actions(seat), key=lambda a: made.codec.encode(state, seat, a))
    assert len(legal) > 3
    assert [codec.decode(state, seat, i) for i in range(3)] == legal[:3]
    with pytest.raises(IllegalAction, match="not among the 3 legal actions"):
        codec.encode(state, seat, legal[3])
    narrow = type(made)(made.game, made.options, codec, codec.observer, made.players)
    assert sorted(narrow.legal(state, seat)) == [0, 1, 2] and narrow.mask(state, seat).sum() == 3


def test_an_unknown_encoding_is_refused_with_the_ones_there_are() -> None:
    from vita.ai import gymnasium_env

    with pytest.raises(ValueError, match="full, compact"):
        gymnasium_env("cv", actions="tiny", players=2)


@pytest.mark.parametrize(("game_id", "options"), [("pursuit-cards", {"players": 3}), ("pursuit", {"players": 2})])
def test_the_environments_pass_their_checkers_with_the_compact_encoding(game_id: str, options: dict[str, Any]) -> None:
    """PettingZoo's AEC, Parallel and seed tests and Gymnasium's checker pass; an episode
    against bots with masked random places reaches the end, and a place holding no action ends
    the Gymnasium episode with the penalty and says why."""
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, parallel_api_test, seed_test

    from vita.ai import gymnasium_env, parallel_env, pettingzoo_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pettingzoo_env(game_id, actions="compact", **options), num_cycles=200)
        parallel_api_test(parallel_env(game_id, actions="compact", **options), num_cycles=200)
        seed_test(lambda: pettingzoo_env(game_id, actions="compact", **options), num_cycles=50)
        check_env(gymnasium_env(game_id, actions="compact", **options), skip_render_check=True)
    environment = gymnasium_env(game_id, opponents="heuristic", actions="compact", **options)
    assert environment.action_space.n == 256
    _, info = environment.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(5_000):
        mask = environment.action_masks()
        _, reward, terminated, _, info = environment.step(int(rng.choice(np.flatnonzero(mask))))
        assert "illegal" not in info
        if terminated:
            break
    assert terminated and -1.0 <= reward <= 1.0
    environment.reset(seed=4)
    empty = int(np.flatnonzero(~environment.action_masks())[0])
    _, reward, terminated, _, info = environment.step(empty)
    assert terminated and reward == -1.0 and "holds no legal action" in info["illegal"]
