"""Rulebook section "Melds": legality of every 3-card sequence of values 1-10 against an
independent definition, and the building of melds card by card."""

from __future__ import annotations

import itertools

import pytest

from vita.games.pursuit_cards.cards import DECLARED, HEARTS, JOKER, card
from vita.games.pursuit_cards.rules.melding import completable
from vita.games.pursuit_cards.rules.melds import is_meld, pattern_of
from vita.games.pursuit_cards.state import empty_hand


def independent_is_pattern(values: tuple[int, ...]) -> bool:
    """Count forward around a ten-card circle: each card is the same number of steps on."""
    circle = list(range(1, 11))
    steps = set()
    for before, after in itertools.pairwise(values):
        steps.add((circle.index(after) - circle.index(before)) % len(circle))
    return len(steps) == 1 and steps != {0}


ALL_TRIPLES = list(itertools.product(range(1, 11), repeat=3))


def test_every_three_card_sequence() -> None:
    legal = 0
    for values in ALL_TRIPLES:
        expected = independent_is_pattern(values)
        assert (pattern_of(list(values)) is not None) == expected, values
        assert is_meld([card(HEARTS, v) for v in values]) == expected, values
        legal += expected
    # 10 first cards x 9 pattern numbers.
    assert legal == 90


@pytest.mark.parametrize(("values", "pattern"), [
    ((6, 9, 2), 3), ((5, 4, 3), 9), ((6, 1, 6), 5), ((3, 5, 7, 9), 2), ((9, 1, 3, 5), 2),
    ((10, 6, 2, 8), 6), ((5, 2, 9, 6), 7), ((8, 5, 2, 9, 6), 7),
])
def test_rulebook_melds(values: tuple[int, ...], pattern: int) -> None:
    assert pattern_of(list(values)) == pattern


def test_mixed_suits_and_lengths_are_not_melds() -> None:
    assert not is_meld([card(0, 1), card(1, 2), card(0, 3)])
    assert not is_meld([card(0, 1), card(0, 2)])
    assert not is_meld([card(0, v) for v in (1, 2, 3, 4, 5, 6)])
    assert is_meld([card(0, 1), DECLARED + card(0, 2), card(0, 3)])


def hand_of(*cards: int) -> list[int]:
    hand = empty_hand()
    for c in cards:
        hand[c] += 1
    return hand


def brute_force_completable(first: int, others: tuple[int, ...]) -> bool:
    """Try every pair of the other cards, every order, every value for Jokers (0)."""
    for a, b in itertools.combinations(range(len(others)), 2):
        for order in itertools.permutations([first, others[a], others[b]]):
            choices = [range(1, 11) if v == 0 else [v] for v in order]
            if any(pattern_of(list(values)) is not None for values in itertools.product(*choices)):
                return True
    return False


def test_completable_matches_a_brute_force_search() -> None:
    """A started meld is offered exactly when some 3-card meld with it can be laid."""
    for first in range(1, 11):
        for others in itertools.combinations_with_replacement([*range(1, 11), 0], 3):
            cards = [card(HEARTS, v) if v else JOKER for v in others]
            hand = hand_of(*cards, card(0, 5))  # and a Club to keep for the discard
            expected = brute_force_completable(first, others)
            assert completable([card(HEARTS, first)], HEARTS, hand, 1) == expected, (first, others)


def test_start_options_agree_with_completable() -> None:
    """The per-suit shortcut offers exactly the cards :func:`completable` accepts."""
    from vita.core import Rng
    from vita.games.pursuit_cards import GAME
    from vita.games.pursuit_cards.cards import KINDS
    from vita.games.pursuit_cards.rules.melding import start_options

    rng = Rng(7)
    state = GAME.new(seed=1, players=2)
    for _ in range(3000):
        hand = empty_hand()
        for _ in range(rng.below(9) + 1):
            hand[rng.below(KINDS)] += 1
        hand[JOKER] = rng.below(5) if rng.below(3) == 0 else 0
        state.hands[0] = hand
        expected = []
        if sum(hand) >= 4:
            for kind in range(KINDS):
                if hand[kind]:
                    hand[kind] -= 1
                    if completable([kind], kind // 10, hand, 1):
                        expected.append(f"meld {kind}")
                    hand[kind] += 1
            if hand[JOKER]:
                hand[JOKER] -= 1
                expected += [f"meld J{kind}" for kind in range(KINDS)
                             if completable([DECLARED + kind], kind // 10, hand, 1)]
                hand[JOKER] += 1
        got = [f"meld {a.card}" if a.card < DECLARED else f"meld J{a.card - DECLARED}"
               for a in start_options(state, 0)]
        assert sorted(got) == sorted(expected), hand
