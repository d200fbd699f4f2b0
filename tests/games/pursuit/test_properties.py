"""Property tests with hypothesis: random legal play to the end for every player count, and
notation fuzzing (the shared suite in tests/test_games_shared.py adds the rest)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from vita.core import IllegalAction, Rng
from vita.games.pursuit import GAME
from vita.games.pursuit.position import card_places


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([1, 2, 3, 4]))
def test_random_play_ends_with_every_invariant(seed: int, players: int) -> None:
    state = GAME.new(seed=seed, players=players)
    total_cards = len(state.deck.cards)
    rng = Rng(seed)
    for _ in range(20_000):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        state.check_invariants()
        assert len(card_places(state)) == total_cards
        assert all(min(p.res) >= 0 for p in state.players)
    assert state.is_over(), "the game always ends"
    assert all(not p.alive for p in state.players)
    assert state.results is not None


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="abcdefghijklmnopqrstuvwxyz-:0123456789KCIL ", max_size=40))
def test_any_text_parses_or_is_refused_cleanly(text: str) -> None:
    state = GAME.new(seed=1, players=2)
    before = state.to_json()
    try:
        action = state.parse(text)
    except IllegalAction as error:
        assert str(error)
        return
    assert state.parse(str(action)) == action
    try:
        state.apply(action, 0)
    except IllegalAction as error:
        assert str(error)
        assert state.to_json() == before
