"""Rulebook sections "Preparation" and "The Deal", views, and the heuristic bot."""

from __future__ import annotations

from collections import Counter

import pytest

from vita.core import IllegalAction
from vita.games.pursuit_cards import GAME
from vita.games.pursuit_cards.cards import DECK_SIZE, JOKER, full_deck
from vita.games.pursuit_cards.position import all_cards
from vita.sim import simulate


def test_preparation_124_cards() -> None:
    deck = full_deck()
    assert len(deck) == DECK_SIZE == 124
    counts = Counter(deck)
    assert counts[JOKER] == 4
    assert all(counts[kind] == 3 for kind in range(40))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_deal_twelve_each_left_of_the_dealer_starts(players: int) -> None:
    state = GAME.new(seed=4, players=players)
    assert state.turn == 0 and state.dealer == players - 1
    assert [sum(h) for h in state.hands] == [15] + [12] * (players - 1)
    assert len(all_cards(state)) == 124
    assert len(state.stock) == 124 - 12 * players - 3


def test_options_are_validated() -> None:
    with pytest.raises(ValueError, match="3 players may choose 2"):
        GAME.new(players=4, passes=1)
    with pytest.raises(ValueError, match="dealer"):
        GAME.new(players=2, dealer=2)


def test_views_show_only_your_own_hand() -> None:
    state = GAME.new(seed=2, players=3)
    for seat in range(3):
        view = state.view(seat)
        for other, player in enumerate(view["players"]):
            assert (player["hand"] is not None) == (other == seat)
            assert player["hand_size"] == sum(state.hands[other])
        assert isinstance(view["stock"], int)
    assert all(p["hand"] is None for p in state.view(None)["players"])


def test_the_log_tells_only_the_drawer_what_he_drew() -> None:
    state = GAME.new(seed=2, players=2)
    mine = state.events_for(0)[-1]
    theirs = state.events_for(1)[-1]
    assert mine.startswith("Player 1 draws ") and "," in mine
    assert theirs == "Player 1 draws 3 cards."


def test_out_of_turn_actions_are_refused() -> None:
    state = GAME.new(seed=2, players=2)
    with pytest.raises(IllegalAction, match="not asked to act now"):
        state.apply(state.legal_actions(0)[-1], 1)


def test_heuristic_beats_random_in_at_least_90_percent_of_two_player_games() -> None:
    games = 40
    first = simulate("pursuit-cards", {"players": 2}, ["heuristic", "random"], games // 2, seed=1)
    second = simulate("pursuit-cards", {"players": 2}, ["random", "heuristic"], games // 2, seed=2)
    wins = first["seats"][0]["wins"] + second["seats"][1]["wins"]
    assert wins / games >= 0.9, wins


def test_an_answer_to_a_step_not_under_way_says_so() -> None:
    """'take 2' outside a Diamond activation, 'pass' with no attack: the refusal names what
    is not under way (code not-now), and changes nothing."""
    state = GAME.new(seed=3, players=2)  # Player 1's main step
    before = state.to_json()
    for text, words in [("take 2", "no Diamond activation is under way"),
                        ("pass", "no attack on your melds is under way"),
                        ("capture front", "no attack of yours"),
                        ("remnant 5C", "no broken meld"),
                        ("add back 6C", "no new meld is being laid")]:
        reason = state.why_illegal(0, state.parse(text, 0))
        assert reason is not None and words in reason and getattr(reason, "code", None) == "not-now", (text, reason)
    assert state.to_json() == before
