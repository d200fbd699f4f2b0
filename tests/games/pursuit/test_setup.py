"""Rulebook section "Setup" (and the solo game's set-up)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from tests.games.pursuit.helpers import after_setup, new_game

from vita.core import IllegalAction
from vita.games.pursuit.state import ACTION, GET_JOB, OVERTIME, SETUP, START_RELATIONSHIP
from vita.registry import get_game
from vita.terminal.games import renderer


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_markers_start_positions(players: int) -> None:
    state = after_setup(players=players)
    for p in state.players:
        assert p.hand == p.total == 6
        assert p.sth == 0 and p.stress == 0 and p.lth == 0
        assert p.alive
    assert state.deck.stress.describe(0) == "blue 1"


def test_setup_round_marker_on_teen_and_three_unavailable_tokens() -> None:
    state = new_game()
    assert state.round == 0 and state.deck.board.rounds[0].name == "Teen"
    assert state.closed == {GET_JOB, START_RELATIONSHIP, OVERTIME}
    assert [r.stage for r in state.deck.board.rounds] == ["teen"] + ["adult"] * 4 + ["old-age"] * 3


def test_setup_child_traits_deal_two_keep_one_with_its_resources() -> None:
    state = new_game(players=4)
    offers = [p.offer for p in state.players]
    assert all(len(o) == 2 for o in offers)
    assert len({t for o in offers for t in o}) == 8
    assert state.phase == SETUP and state.to_move() == (0, 1, 2, 3)
    kept = offers[2][1]
    state.apply(state.parse(f"trait {state.deck.traits[kept].id}"), 2)
    assert state.to_move() == (0, 1, 3), "the choice is simultaneous: the others still choose"
    # "Each player chooses 1 to keep ... Then, they take ... the resources listed on the card
    # they kept": once everyone has chosen.
    assert state.players[2].res == [0, 0, 0, 0]
    for seat in (0, 1, 3):
        state.apply(state.parse(f"trait {state.deck.traits[offers[seat][0]].id}"), seat)
    start = state.deck.traits[kept].start
    assert state.players[2].res == [start.knowledge, start.creativity, start.influence, start.money]


def test_setup_a_kept_trait_is_secret_until_everyone_has_chosen() -> None:
    state = new_game(players=3)
    kept = state.deck.traits[state.players[0].offer[1]]
    state.apply(state.parse(f"trait {kept.id}"), 0)
    for seat in (None, 1, 2):
        assert state.view(seat)["players"][0]["trait"] is None and state.view(seat)["players"][0]["chosen"]
        assert not any(kept.name in line for line in state.events_for(seat)), f"seat {seat} learns it"
    assert state.view(0)["players"][0]["trait"] == kept.id
    assert any(kept.name in line for line in state.events_for(0))
    # The terminal says so too: chosen, not yet shown.
    screen = Console(width=160, record=True, file=io.StringIO())
    screen.print(renderer(get_game("pursuit"))(state.view(1), 1))
    shown = screen.export_text()
    assert "chosen, shown once everyone has chosen" in shown and kept.name not in shown
    for seat in (1, 2):
        state.apply(state.parse(f"trait {state.deck.traits[state.players[seat].offer[0]].id}"), seat)
    assert state.view(1)["players"][0]["trait"] == kept.id
    assert any(f"keeps the child trait {kept.name}" in line for line in state.events_for(None))


def test_setup_a_trait_not_dealt_to_you_is_refused() -> None:
    state = new_game()
    other = state.deck.traits[state.players[1].offer[0]].id
    with pytest.raises(IllegalAction, match="not one of your child traits"):
        state.apply(state.parse(f"trait {other}"), 0)


def test_setup_dealt_traits_are_private() -> None:
    state = new_game()
    view = state.view(0)
    assert isinstance(view["players"][0]["offer"], list)
    assert view["players"][1]["offer"] == 2
    assert state.view(None)["players"][0]["offer"] == 2
    # The log tells each player his own traits only.
    mine = state.deck.traits[state.players[0].offer[0]].name
    assert any(mine in line for line in state.events_for(0))
    assert not any(mine in line for line in state.events_for(1) if "keeps" not in line)


@pytest.mark.parametrize(("players", "goals"), [(2, 2), (3, 3), (4, 4), (1, 3)])
def test_setup_life_goals_face_up(players: int, goals: int) -> None:
    state = new_game(players=players)
    assert len(state.goals) == goals == len(set(state.goals))
    assert "box" not in state.view(0), "the goals left in the box stay hidden"


def test_setup_oldest_player_takes_the_first_player_token() -> None:
    state = after_setup(players=3, first_player=2)
    assert state.first == 2 and state.phase == ACTION and state.to_move() == (2,)


def test_setup_options_are_validated() -> None:
    with pytest.raises(ValueError, match="first_player"):
        new_game(players=2, first_player=3)
    with pytest.raises(ValueError, match="players"):
        new_game(players=6)


@pytest.mark.parametrize(("players", "row"), [(1, 3), (2, 3), (3, 3), (4, 4)])
def test_upkeep_row_sizes(players: int, row: int) -> None:
    """3/3 cards with 2-3 players (and solo, set up as 2 players), 4/4 with 4; none of the
    jobs and partners in the Teen round, then as many as players (2 solo)."""
    state = after_setup(players=players)
    assert [len(r) for r in state.rows] == [row, row, 0, 0]
    # Play out the Teen round.
    while state.round == 0:
        state.apply(state.parse("rest"))
    assert [len(r) for r in state.rows] == [row, row, max(players, 2), max(players, 2)]
