"""Rulebook section "Short Term Happiness Track": paying a Project's cost with STH off centre.

The rule (every way to pay, each resource more or less by the STH) lives in
``tracks.payment_shapes``; taking or advancing a project (``board_actions.add_takes``) checks
the printed cost first and skips the ways one by one where the STH allows it, for speed. These
tests hold those shortcuts to the rule written plainly (``offered_by_the_rule``).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from vita.core.state import Action
from vita.games.pursuit.rules.board_actions import add_takes, take_table
from vita.games.pursuit.rules.card_actions import advance_table
from vita.games.pursuit.rules.tracks import payment_shapes
from vita.games.pursuit.state import Player
from vita.registry import get_game

GAME = get_game("pursuit")
DECK = GAME.deck(GAME.make_options({"players": 2}))
TABLE = take_table(DECK) + tuple(ways for card in advance_table(DECK) for ways in card if ways)


def offered_by_the_rule(action: object, k: int, c: int, i: int, res: list[int], sth: int) -> list[object]:
    """The ways a player with ``res`` can pay: the action as it is if there is one, else one
    action per way (each is named by its payment)."""
    paying = [way for way in payment_shapes(sth, k, c, i) if all(res[r] >= way[r] for r in range(3))]
    if len(paying) == 1:
        return [action]
    return [action.with_pay(way) for way in paying]  # type: ignore[attr-defined]


@settings(max_examples=300, deadline=None)
@given(res=st.lists(st.integers(0, 6), min_size=4, max_size=4), sth=st.integers(-4, 4), hand=st.integers(1, 6))
def test_taking_a_project_offers_exactly_the_ways_the_rule_allows(res: list[int], sth: int, hand: int) -> None:
    """For every project of the deck and any resources, STH and hourglasses, the ways
    ``add_takes`` offers are those the rule offers for each level, role or advance."""
    player = Player("Ana")
    player.res, player.sth, player.hand = res, sth, hand
    for ways in TABLE:
        offered: list[Action] = []
        add_takes(offered, ways, None, player)
        expected: list[object] = []
        for _, k, c, i, extra, action, _ in ways:
            if hand - 1 >= extra:
                expected += offered_by_the_rule(action, k, c, i, res, sth)
        assert offered == expected


@given(k=st.integers(0, 4), c=st.integers(0, 4), i=st.integers(0, 4), sth=st.integers(-4, -1))
def test_a_negative_sth_only_adds_to_each_resource(k: int, c: int, i: int, sth: int) -> None:
    """"If you have negative STH, you pay additional resources": every way to pay costs at
    least the printed amount of each resource and -STH more in all (what lets a player short
    of one printed resource be refused at once)."""
    for pk, pc, pi in payment_shapes(sth, k, c, i):
        assert pk >= k and pc >= c and pi >= i
        assert pk + pc + pi == k + c + i - sth


@given(k=st.integers(0, 4), c=st.integers(0, 4), i=st.integers(0, 4), sth=st.integers(1, 4))
def test_a_positive_sth_only_lowers_each_resource(k: int, c: int, i: int, sth: int) -> None:
    """"You may pay 1 less resource of your choice ... for each STH you have": every way to pay costs at most
    the printed amount of each resource (what lets every way be offered at once to a player
    who can pay the printed cost), STH fewer in all, never below nothing."""
    for pk, pc, pi in payment_shapes(sth, k, c, i):
        assert 0 <= pk <= k and 0 <= pc <= c and 0 <= pi <= i
        assert pk + pc + pi == max(0, k + c + i - sth)
