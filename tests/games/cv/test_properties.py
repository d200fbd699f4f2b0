"""CV property tests: random legal play to the end for 2, 3 and 4 players with the invariants
the rulebook implies, checked after every action (the shared suite adds the rest, and
tests/test_fuzzing.py the notation fuzzing every game gets)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from vita.core import Rng
from vita.games.cv import GAME, CvState
from vita.games.cv.position import places
from vita.games.cv.steps import MISFORTUNE, ROLL, SELECT


def check_rulebook_invariants(state: CvState) -> None:
    # All 83 numbered cards, each in one place.
    cards = sorted(c for where in places(state).values() for c in where)
    assert cards == list(range(1, 84))
    # "The player rolls 4 dice ... to a maximum of 7."
    if state.step in (ROLL, SELECT, MISFORTUNE):
        assert 4 <= len(state.dice) <= 7
    # Tokens are "exactly the symbols shown on the effect area of their CV's active cards"
    # (updated at the end of one's turn: every player but the one playing).
    for seat in range(state.num_players):
        if seat != state.turn and state.round > 0:
            assert state.tokens[seat] == state.active_icons(seat)
    # No view shows another seat's hand of childhood cards or private goal.
    for viewer in [None, *range(state.num_players)]:
        view = state.view(viewer)
        assert "rng" not in view and isinstance(view["decks"]["old"], int)
        for seat, player in enumerate(view["players"]):
            if seat != viewer and not state.is_over():
                assert player["goal"] is None and player["draft"] is None and player["kept"] is None
                assert all(state.deck.card(c).age != 0 for c in player["hand"])


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_random_play_ends_with_every_invariant(seed: int, players: int) -> None:
    state = GAME.new(seed=seed, players=players)
    rng = Rng(seed)
    for _ in range(5_000):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        state.check_invariants()
        check_rulebook_invariants(state)
    assert state.is_over(), "the game always ends"
    assert len(state.decks[2]) < players, "it ends when the old-age deck holds fewer cards than players"
    assert sorted(state.ranking())[0] == 1


def test_the_bicycle_is_always_dealt() -> None:
    """"Combine the bicycle card with 5 random cards (for 2 players) or with 8 ... (for 3)"."""
    for players in (2, 3, 4):
        for seed in range(30):
            state = GAME.new(seed=seed, players=players)
            assert any(12 in draft for draft in state.draft)
            assert len(state.set_aside) == {2: 6, 3: 3, 4: 0}[players]


def test_the_decks_run_out_in_their_order_and_each_is_named() -> None:
    """"At the beginning of the game, cards come from the young adulthood deck. When it runs out,
    the middle age deck is used, and then finally the old age deck"; "each time 1 of the 3 decks
    runs out" the game stops for social assistance, and the log says which deck ran out."""
    order = ["early adulthood", "middle age", "old age"]
    longest: list[str] = []
    for seed in range(6):
        state = GAME.new(seed=seed, players=4)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(rng.choice(state.legal_actions(seat)), seat)
        ran_out = [line.split(" deck has run out")[0].removeprefix("The ")
                   for line in state.events_for(None) if " deck has run out" in line]
        assert ran_out == order[:len(ran_out)], ran_out
        longest = max(longest, ran_out, key=len)
    assert longest[:2] == order[:2], "some game used the middle age deck to its end"
