"""Rulebook section "Short Term Happiness Track": paying a Project's cost with STH off centre.

The rule (every way to pay, each resource more or less by the STH) lives in
``tracks.payment_shapes`` and ``board_actions.add_payable``; taking a project
(``board_actions.add_takes``) checks the printed cost and a negative STH's shortfall inline
for speed. These tests hold the inline checks to the rule.
"""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from vita.games.pursuit.board_actions import add_payable, add_takes, take_table
from vita.games.pursuit.tracks import payment_shapes
from vita.registry import get_game

GAME = get_game("pursuit")
DECK = GAME.deck(GAME.make_options({"players": 2}))
TABLE = take_table(DECK)


@settings(max_examples=300, deadline=None)
@given(res=st.lists(st.integers(0, 6), min_size=4, max_size=4), sth=st.integers(-4, 4), hand=st.integers(1, 6))
def test_taking_a_project_offers_exactly_the_ways_the_rule_allows(res: list[int], sth: int, hand: int) -> None:
    """For every project of the deck and any resources, STH and hourglasses, the ways
    ``add_takes`` offers are those ``add_payable`` (the rule) offers for each level."""
    player = SimpleNamespace(res=res, sth=sth, hand=hand)
    for ways in TABLE:
        offered: list[object] = []
        add_takes(offered, ways, None, player)  # type: ignore[arg-type]
        expected: list[object] = []
        for _, k, c, i, extra, action, _ in ways:
            if hand - 1 >= extra:
                add_payable(expected, action, k, c, i, res, sth)  # type: ignore[arg-type]
        assert offered == expected


@given(k=st.integers(0, 4), c=st.integers(0, 4), i=st.integers(0, 4), sth=st.integers(-4, -1))
def test_a_negative_sth_only_adds_to_each_resource(k: int, c: int, i: int, sth: int) -> None:
    """"If you have negative STH, you pay additional resources": every way to pay costs at
    least the printed amount of each resource and -STH more in all (what lets a player short
    of one printed resource be refused at once)."""
    for pk, pc, pi in payment_shapes(sth, k, c, i):
        assert pk >= k and pc >= c and pi >= i
        assert pk + pc + pi == k + c + i - sth
