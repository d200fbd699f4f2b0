"""The Community expansion as an option of ``pursuit``: options, player counts, positions,
secrecy, refusals, and random play for 1-5 players with the expansion's invariants (the rules
themselves are conformance cases in tests/conformance/pursuit-community/)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vita.core import IllegalAction, PositionError, Rng
from vita.games.pursuit import GAME, PursuitState
from vita.games.pursuit.position import card_places
from vita.games.pursuit.rules.community import score
from vita.games.pursuit.state import ACTION

from .helpers import after_setup


def test_five_players_need_the_expansion() -> None:
    with pytest.raises(ValueError, match="Community expansion"):
        GAME.make_options({"players": 5})
    options = GAME.make_options({"players": 5, "expansion": "community"})
    state = GAME.new_state(options, 1)
    assert state.num_players == 5 and len(state.goals) == 5  # "reveal 5 Life Goals"
    assert GAME.options_for_players(5) == {"players": 5, "expansion": "community"}
    with pytest.raises(ValueError):
        GAME.make_options({"players": 2, "expansion": "seaside"})


def test_without_the_expansion_nothing_changes() -> None:
    state = after_setup(4, players=2)
    assert state.community == [] and "community" not in {str(a).split()[0] for a in state.legal_actions(0)}
    assert state.to_json()["community"] is None and "popularity" not in state.to_json()["players"][0]
    with pytest.raises(IllegalAction, match="Community expansion is not in play"):
        state.apply(state.parse("engage safety-seminar"), state.current)


def test_the_expansion_adds_its_cards_to_the_main_piles() -> None:
    base = GAME.new(seed=2, players=2)
    expanded = GAME.new(seed=2, players=2, expansion="community")
    added = len(expanded.deck.cards) - len(base.deck.cards)
    assert added > 0 and "neighbourhood-garden" in expanded.deck.by_id and "neighbourhood-garden" not in base.deck.by_id
    assert len(expanded.deck.life_goals) > len(base.deck.life_goals)
    assert len(expanded.deck.traits) > len(base.deck.traits)
    assert expanded.deck.fingerprint != base.deck.fingerprint


def _play_to_adult(seed: int, players: int) -> PursuitState:
    state = after_setup(seed, players=players, expansion="community")
    rng = Rng(seed)
    while state.round == 0:
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


def test_the_community_pile_is_hidden_and_resampled() -> None:
    state = _play_to_adult(5, 3)
    assert all(c >= 0 for c in state.community)
    view = state.view(1)
    assert isinstance(view["community"]["pile"], int)
    assert view["players"][0]["popularity_score"] == 0
    text = json.dumps(view)
    assert state.deck.community is not None
    hidden = [state.deck.community.cards[c].id for c in state.community_pile]
    on_show = set(view["community"]["slots"]) | set(view["community"]["discard"])
    assert not any(f'"{card}"' in text for card in hidden if card not in on_show)
    other = state.determinize(1, Rng(9))
    assert sorted(other.community_pile) == sorted(state.community_pile)
    assert other.community == state.community


def test_bad_positions_get_one_clear_error() -> None:
    state = _play_to_adult(6, 2)
    good = state.to_json()
    broken = [
        ({**good, "expansion": "seaside"}, "expansion"),
        ({**good, "community": {**good["community"], "slots": ["no-such-card", None, None, None, None]}},
         "no Community card"),
        ({**good, "community": None}, "Community board is missing"),
        ({**good, "community": {**good["community"], "markers": [[{"seat": 0}, {"seat": 0}], [], [], [], []]}},
         "inconsistent"),
    ]
    for data, message in broken:
        with pytest.raises(PositionError, match=message):
            GAME.state_from_json(json.loads(json.dumps(data)))
    base = {**good, "expansion": None, "community": None}
    with pytest.raises(PositionError):
        GAME.state_from_json(json.loads(json.dumps(base)))


def test_a_dead_players_markers_leave_without_an_outcome() -> None:
    state = _play_to_adult(7, 2)
    while state.phase != ACTION:
        seat = state.to_move()[0]
        state.apply(state.legal_actions(seat)[0], seat)
    seat = state.current
    cards = state.deck.community.cards if state.deck.community else ()
    free = next(slot for slot, c in enumerate(state.community)
                if c >= 0 and not cards[c].requires and not any(cards[c].engage_cost))
    card = cards[state.community[free]]
    state.apply(state.parse(f"engage {card.id}"), seat)
    state.players[seat].alive = False
    state.players[seat].died = state.round
    state.players[seat].hand = 0
    rng = Rng(3)
    while state.round < 3 and not state.is_over():
        mover = state.to_move()[0]
        assert mover != seat
        state.apply(rng.choice(state.legal_actions(mover)), mover)
    assert state.players[seat].outcomes == 0
    assert not any(m[0] == seat for marks in state.markers for m in marks)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([1, 2, 3, 4, 5]))
def test_random_play_with_the_expansion_keeps_every_invariant(seed: int, players: int) -> None:
    state = GAME.new(seed=seed, players=players, expansion="community")
    community = state.deck.community
    assert community is not None
    rng = Rng(seed)
    engaged = 0
    for _ in range(20_000):
        if state.is_over():
            break
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        engaged += str(action).startswith("engage")
        state.apply(action, seat)
        state.check_invariants()
        assert len(card_places(state)) == len(state.deck.cards)
        on_board = [c for c in state.community if c >= 0]
        assert len(on_board) + len(state.community_pile) + len(state.community_discard) == len(community.cards)
        for other, p in enumerate(state.players):
            assert 0 <= score(state, other) <= 5 and p.lth >= 0
            if state.phase == ACTION:  # one token, and Hourglass markers within the score
                tokens = sum(1 for marks in state.markers for m in marks if m == (other, False))
                hourglasses = sum(1 for marks in state.markers for m in marks if m == (other, True))
                assert tokens <= 1 and hourglasses <= score(state, other)
    assert state.is_over() and state.results is not None
    assert not any(state.markers), "every engagement was resolved"
    if players == 1:
        assert all(not community.cards[c].needs_most for c in state.community if c >= 0)


def test_community_data_files_are_checked_with_the_deck(tmp_path: Path) -> None:
    from vita.games.pursuit.cards import DATA_DIR, check_directory

    target = tmp_path / "deck"
    shutil.copytree(DATA_DIR, target)
    (target / "community" / "items.yaml").write_text("- id: car\n  name: Car\n  kind: item\n  levels: []\n")
    problems = check_directory(target)
    assert any(p.startswith("community/items.yaml: card 1 (car)") for p in problems), problems


def test_the_catalogue_of_a_deck_without_the_expansion(tmp_path: Path) -> None:
    """A deck of one's own without a community/ folder still has a catalogue (the base cards)."""
    from vita.games.pursuit.cards import DATA_DIR

    target = tmp_path / "deck"
    shutil.copytree(DATA_DIR, target, ignore=shutil.ignore_patterns("community"))
    texts = GAME.catalogue(GAME.make_options({"players": 2, "cards": str(target)}))
    assert "act-in-play" in texts and "community:organize-a-party" not in texts
    assert "community:organize-a-party" in GAME.catalogue(GAME.make_options({"players": 2}))


def test_a_position_in_the_outcomes_phase_names_the_player_who_chooses() -> None:
    """Hand-edited: the Outcome is chosen by the engaged player first in the coming turn order."""
    state = _play_to_adult(8, 3)
    data = state.to_json()
    slots = data["community"]["slots"]
    data = {**data, "phase": "community", "first": 0, "current": 1,
            "community": {**data["community"], "markers": [[{"seat": 0}, {"seat": 1}], [], [], [], []]}}
    assert slots[0] is not None
    with pytest.raises(PositionError, match="seat 0 chooses"):
        GAME.state_from_json(json.loads(json.dumps(data)))
    loaded = GAME.state_from_json(json.loads(json.dumps({**data, "current": 0})))
    assert loaded.legal_actions(0) and loaded.legal_actions(1) == []


def test_an_outcome_number_out_of_range_is_refused_not_a_crash() -> None:
    from vita.games.pursuit.actions import Outcome

    state = _play_to_adult(8, 3)
    data = state.to_json()
    data = {**data, "phase": "community", "first": 0, "current": 0,
            "community": {**data["community"], "markers": [[{"seat": 0}], [], [], [], []]}}
    loaded = GAME.state_from_json(json.loads(json.dumps(data)))
    with pytest.raises(IllegalAction, match="Outcomes 1 to 3"):
        loaded.apply(Outcome(7), 0)
