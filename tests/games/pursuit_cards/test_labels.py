"""Choices name their cards: taking from the discard pile and capturing say which card."""

from __future__ import annotations

from vita.core import Rng
from vita.games.pursuit_cards.actions import Capture, Take
from vita.games.pursuit_cards.cards import SUIT_NAMES, long_name, meld_words, parse_card
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
                    owner = state.name(meld.owner)
                    said = state.label(action)
                    assert said.startswith(f"Capture the {long_name(entry)} from the {action.end} of {owner}'s "), said
                    assert said.endswith(f" of {SUIT_NAMES[meld.suit]}") and f"m{meld.id}" not in said, said
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


def test_a_meld_is_named_as_the_rulebook_names_one() -> None:
    """"Melds": "the 3-5-7-9 of Diamonds", "6-9-2 of Spades, 5-4-3 of Hearts, and 6-Ace-6 of
    Clubs", "9-Ace-3-5"; a Joker says what it stands for."""
    def words(*cards: str) -> str:
        entries = [parse_card(c) for c in cards]
        return meld_words(entries, (entries[0] % 100) // 10)

    assert words("3D", "5D", "7D", "9D") == "3-5-7-9 of Diamonds"
    assert words("6S", "9S", "2S") == "6-9-2 of Spades"
    assert words("5H", "4H", "3H") == "5-4-3 of Hearts"
    assert words("6C", "AC", "6C") == "6-Ace-6 of Clubs"
    assert words("9S", "AS", "3S", "5S") == "9-Ace-3-5 of Spades"
    assert words("3H", "JK=5H", "7H") == "3-Joker 5-7 of Hearts"
