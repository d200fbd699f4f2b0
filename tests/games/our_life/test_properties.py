"""Our Life property tests: random legal play to the end for 1, 2, 4 and 8 players in mixed
couples and singles, with the invariants the rulebook implies checked after every action (the
shared suite adds determinism, records, views and clones; tests/test_fuzzing.py the notation)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from vita.core import Rng
from vita.games.our_life import GAME, OurLifeState
from vita.games.our_life.steps import CHOOSE, SETUP

MIXES = [(1, 0), (2, 0), (2, 1), (4, 1), (4, 2), (8, 2), (8, 4), (8, 0)]


def check_rulebook_invariants(state: OurLifeState) -> None:
    book = state.book
    # "you cannot go below -3 Happiness"; no track over-filled (marks within their rows).
    for family in range(len(state.families)):
        assert state.happiness[family] >= book.happiness_floor
        assert 0 <= state.stress[family] <= book.stress_size
    for seat in range(state.num_players):
        assert all(0 <= state.rows[seat][r.index] <= r.size for r in book.character)
    # Partners never hold the same card.
    for seat in range(state.num_players):
        partner = state.partner[seat]
        if partner >= 0 and state.choice[seat] >= 0:
            assert state.choice[seat] != state.choice[partner]
    # No secret choice visible before the reveal: another family's chosen card, or a setup
    # choice before everybody has chosen.
    if state.step in (SETUP, CHOOSE):
        for viewer in range(state.num_players):
            view = state.view(viewer)
            for seat, player in enumerate(view["players"]):
                ours = state.family_of[seat] == state.family_of[viewer]
                if state.step == CHOOSE and not ours:
                    assert player["choice"] in (True, False)
                if state.step == SETUP and seat != viewer:
                    assert player["personal_goal"] in (True, False)
                    assert isinstance(player["goal_options"], int)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), mix=st.sampled_from(MIXES))
def test_random_play_ends_with_every_invariant(seed: int, mix: tuple[int, int]) -> None:
    players, couples = mix
    state = GAME.new(seed=seed, players=players, couples=couples)
    rng = Rng(seed)
    for _ in range(5_000):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        state.check_invariants()
        check_rulebook_invariants(state)
    assert state.is_over(), "the game always ends"
    assert state.round == 10 and all(len(chart) == 10 for chart in state.chart_happiness)
    # Partners share their family's score.
    scores = state.scores()
    for seat in range(players):
        if state.partner[seat] >= 0:
            assert scores[seat] == scores[state.partner[seat]]


def test_couples_sit_side_by_side_and_singles_after() -> None:
    """`{players: 5, couples: 2}`: seats 0-1 and 2-3 are couples and seat 4 a single."""
    state = GAME.new(seed=1, players=5, couples=2)
    assert state.families == ((0, 1), (2, 3), (4,))
    assert state.partner == (1, 0, 3, 2, -1)


def test_partners_see_each_others_choice_and_nobody_else_does() -> None:
    """"Simultaneously, in collaboration with their partners": the partner sees the card (and the
    log names it); another family sees only that a choice was made, until the reveal."""
    state = GAME.new(seed=3, players=3, couples=1)
    rng = Rng(3)
    while state.step == SETUP:
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    before = len(state.log or [])
    state.apply(state.parse("choose 2"), 0)
    title = state.book.actions[state.display[1]].title
    assert state.view(1)["players"][0]["choice"] == 2
    assert state.view(2)["players"][0]["choice"] is True
    assert state.view(None)["players"][0]["choice"] is True
    assert any(title in line for line in state.events_for(1, before))
    assert not any(title in line for line in state.events_for(2, before) + state.events_for(None, before))
    # The single chooses the same card as the partner did: allowed across families.
    state.apply(state.parse("choose 2"), 2)
    assert state.view(2)["players"][2]["choice"] == 2
