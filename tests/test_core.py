"""The engine core's own pieces: randomness, records, conformance helpers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vita.core.errors import PositionError
from vita.core.rng import Rng, derive_seed
from vita.core.tuples import replaced, without
from vita.testing.conformance import deep_merge, lookup


def test_rng_is_reproducible_and_spread() -> None:
    first, second = Rng(42), Rng(42)
    assert [first.next_u64() for _ in range(5)] == [second.next_u64() for _ in range(5)]
    counts = [0] * 6
    rng = Rng(1)
    for _ in range(60_000):
        counts[rng.below(6)] += 1
    assert all(9_400 < c < 10_600 for c in counts), counts


def test_rng_shuffle_is_a_permutation() -> None:
    items = list(range(50))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))


def test_rng_shuffled_deals_as_shuffle_and_leaves_the_generator_alike() -> None:
    """A pile kept as a tuple is shuffled exactly as a list is: no random stream changes."""
    items, by_list, by_tuple = tuple(range(30)), Rng(7), Rng(7)
    pile = list(items)
    by_list.shuffle(pile)
    assert by_tuple.shuffled(items) == tuple(pile)
    assert by_tuple.state == by_list.state


def test_rng_shuffle_is_fisher_yates_with_below() -> None:
    """The shuffle (its draws inlined for speed) is Fisher-Yates drawing ``below(i + 1)`` from
    the last index down, and leaves the generator where those draws would: records and
    search deals depend on both."""
    for seed in range(20):
        for size in (0, 1, 2, 7, 60):
            items, rng = list(range(size)), Rng(seed)
            rng.shuffle(items)
            expected, reference = list(range(size)), Rng(seed)
            for i in range(size - 1, 0, -1):
                j = reference.below(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            assert items == expected and rng.state == reference.state


def test_derived_seeds_are_distinct() -> None:
    seeds = {derive_seed(seed, "game", n) for seed in range(5) for n in range(2000)}
    assert len(seeds) == 10_000
    assert derive_seed(1, "bot", 0) == derive_seed(1, "bot", 0) != derive_seed(1, "bot", 1)


def test_deep_merge_patches_lists_by_index() -> None:
    base = {"players": [{"a": 1, "b": {"c": 2}}, {"a": 3}], "x": [1, 2]}
    merged = deep_merge(base, {"players": {1: {"a": 4}, 0: {"b": {"d": 5}}}, "x": [9]})
    assert merged == {"players": [{"a": 1, "b": {"c": 2, "d": 5}}, {"a": 4}], "x": [9]}
    assert base["players"][1] == {"a": 3}, "the base is not modified"
    with pytest.raises(PositionError, match="out of range"):
        deep_merge(base, {"players": {5: {}}})


def test_lookup_paths() -> None:
    data = {"p": [{"r": {"k": 2}}], "q": [1, 2, 3]}
    assert lookup(data, "p.0.r.k") == 2
    assert lookup(data, "len(q)") == 3
    with pytest.raises(KeyError):
        lookup(data, "p.1.r")


def test_informs_tells_apart_showing_ones_own_card_from_learning_a_secret() -> None:
    """The terminal's undo: a person may take back what told them nothing new."""
    from vita.core.undo import informs
    from vita.registry import get_game

    # The card game: starting a meld shows one's own card (others learn it; the player learns nothing).
    cards = get_game("pursuit-cards").new(seed=3, players=2)
    start = cards.parse("meld 5C", 0)
    after = cards.clone()
    after.apply(start, 0)
    assert not informs(cards, 0, start, after)
    # The board game's child traits are kept in secret and shown together: the last to
    # choose learns the other's trait.
    board = get_game("pursuit").new(seed=4, players=2)
    first = board.legal_actions(0)[0]
    board.apply(first, 0)
    second = board.legal_actions(1)[0]
    shown = board.clone()
    shown.apply(second, 1)
    assert informs(board, 1, second, shown)


def test_rng_is_splitmix64() -> None:
    """SplitMix64's published outputs for seed 0 (Vigna's reference implementation)."""
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def _signed(x: int) -> int:
    """``x`` as a 64-bit machine integer holds it: wrapped into -2**63 .. 2**63 - 1."""
    return ((x + (1 << 63)) % (1 << 64)) - (1 << 63)


@given(st.integers(0, 2**64 - 1), st.integers(1, 2**31 - 1))
@settings(max_examples=300, deadline=None)
def test_the_compiled_builds_arithmetic_gives_the_same_stream(seed: int, n: int) -> None:
    """The compiled build computes SplitMix64 in signed 64-bit machine integers that wrap
    (mypyc's ``i64``): unsigned right shifts as arithmetic ones with the sign's copies masked,
    ``below(n)`` as the high word of output x n from the output's 32-bit halves. That
    arithmetic, done here with Python ints wrapped by hand, gives the pure build's stream."""
    from vita.core import rng as module

    pure = Rng(seed)
    s = _signed(seed)
    for _ in range(3):
        s = _signed(s + module._GOLDEN_S)
        z = _signed((s ^ ((s >> 30) & 0x3FFFFFFFF)) * module._MIX1_S)
        z = _signed((z ^ ((z >> 27) & 0x1FFFFFFFFF)) * module._MIX2_S)
        z = z ^ ((z >> 31) & 0x1FFFFFFFF)
        drawn = (((z >> 32) & 0xFFFFFFFF) * n + (((z & 0xFFFFFFFF) * n) >> 32)) >> 32
        assert drawn == pure.below(n)
    assert s & (2**64 - 1) == pure.state


@given(items=st.lists(st.integers(0, 4), max_size=8), item=st.integers(0, 4))
def test_without_removes_what_list_remove_removes(items: list[int], item: int) -> None:
    """A rule that shares a tuple removes one item as ``list.remove`` would, or fails alike."""
    expected = items[:]
    try:
        expected.remove(item)
    except ValueError:
        with pytest.raises(ValueError):
            without(tuple(items), item)
        return
    assert without(tuple(items), item) == tuple(expected)


@given(items=st.lists(st.integers(), min_size=1, max_size=8), data=st.data())
def test_replaced_sets_one_place(items: list[int], data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(items) - 1))
    expected = items[:]
    expected[index] = -1
    original = tuple(items)
    assert replaced(original, index, -1) == tuple(expected)
    assert original == tuple(items), "the shared tuple is left as it was"
