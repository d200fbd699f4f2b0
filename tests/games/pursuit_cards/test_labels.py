"""Choices name their cards: taking from the discard pile and capturing say which card."""

from __future__ import annotations

from vita.core import Rng
from vita.games.pursuit_cards.actions import Capture, Take
from vita.games.pursuit_cards.cards import long_name
from vita.registry import get_game


def test_take_and_capture_name_their_cards() -> None:
    game = get_game("pursuit-cards")
    checked: set[type] = set()
    for seed in range(60):
        state = game.new(seed=seed, players=3, log=False)
        rng = Rng(seed)
        while not state.is_over() and len(checked) < 2:
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                if isinstance(action, Take) and action.from_discard:
                    top = state.discard[-1]
                    assert state.label(action).startswith(f"Take the {long_name(top)}")
                    checked.add(Take)
                if isinstance(action, Capture):
                    assert state.attack is not None
                    meld = state.find_meld(state.attack[1])
                    assert meld is not None
                    entry = meld.cards[0 if action.end == "front" else -1]
                    assert f"Capture the {long_name(entry)} from the {action.end} of m{meld.id}" == state.label(action)
                    checked.add(Capture)
            state.apply(rng.choice(legal), seat)
        if len(checked) == 2:
            break
    assert checked == {Take, Capture}


def test_the_terminal_shows_the_discard_pile_from_its_top_with_its_count() -> None:
    """Taking from the discard pile starts at its top (the card discarded last): the terminal
    lists it from there, and counts the cards under the ones it shows."""
    from vita.terminal.games.pursuit_cards import DISCARD_SHOWN, discard_text

    assert discard_text([]).plain == "discard pile: empty"
    assert discard_text(["2D", "5S", "8D"]).plain == "discard pile, 3 cards, top first: 8D♦ 5S♠ 2D♦"
    pile = ["2D"] * 3 + ["3C"] * DISCARD_SHOWN
    shown = discard_text(pile).plain
    assert shown.startswith(f"discard pile, {len(pile)} cards, top first: 3C♣")
    assert shown.endswith("… and 3 under them") and "2D" not in shown
