"""The 124-card deck and card notation.

Three standard decks without picture cards (Ace to Ten in four suits, three of each)
plus four Jokers ("Preparation"). A card is an int: ``suit * 10 + value - 1`` for
the 40 kinds of natural card (suits in the order C, D, H, S; Ace = 1), and ``JOKER``.
In a meld, a Joker keeps its declared card: ``DECLARED + card``.

Notation: value then suit, ``AH 2H … 9H 10H``; a Joker ``JK``; a Joker declared as a
card ``JK=7H``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from vita.core.errors import IllegalAction, quoted

SUITS: Final = "CDHS"
SUIT_NAMES: Final = ("Clubs", "Diamonds", "Hearts", "Spades")
CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3
VALUES: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
VALUE_NAMES: Final = ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten")
KINDS: Final = 40
JOKER: Final = 40
DECLARED: Final = 100  # a Joker in a meld or played as an activation card: DECLARED + the card it stands for
COPIES: Final = 3
JOKERS: Final = 4
DECK_SIZE: Final = KINDS * COPIES + JOKERS  # 124


def card(suit: int, value: int) -> int:
    """The card of a suit (0-3) and value (1-10)."""
    return suit * 10 + value - 1


def suit_of(entry: int) -> int:
    return (entry % DECLARED) // 10


def value_of(entry: int) -> int:
    return (entry % DECLARED) % 10 + 1


def natural(entry: int) -> int:
    """What a meld entry is as a card in a hand: a declared Joker is a Joker again."""
    return JOKER if entry >= DECLARED else entry


def full_deck() -> list[int]:
    return [c for c in range(KINDS) for _ in range(COPIES)] + [JOKER] * JOKERS


def name(entry: int) -> str:
    """Notation of a card or meld entry.

    >>> name(card(HEARTS, 10)), name(JOKER), name(DECLARED + card(SPADES, 1))
    ('10H', 'JK', 'JK=AS')
    """
    if entry == JOKER:
        return "JK"
    if entry >= DECLARED:
        return "JK=" + name(entry - DECLARED)
    return VALUES[entry % 10] + SUITS[entry // 10]


def long_name(entry: int) -> str:
    """``Seven of Hearts``, ``Joker``, ``Joker (as the Ace of Spades)``."""
    if entry == JOKER:
        return "Joker"
    if entry >= DECLARED:
        return f"Joker (as the {long_name(entry - DECLARED)})"
    return f"{VALUE_NAMES[entry % 10]} of {SUIT_NAMES[entry // 10]}"


def meld_words(entries: Sequence[int], suit: int) -> str:
    """A meld as the rulebook says it, its values in order and its suit: ``3-5-7 of Hearts``;
    a Joker by the value it stands for, marked (``3-Joker 5-7 of Hearts``).

    >>> meld_words([card(HEARTS, 3), DECLARED + card(HEARTS, 5), card(HEARTS, 7)], HEARTS)
    '3-Joker 5-7 of Hearts'
    >>> meld_words([card(SPADES, 9), card(SPADES, 1), card(SPADES, 3)], SPADES)
    '9-Ace-3 of Spades'
    """
    def value(entry: int) -> str:
        words = "Ace" if value_of(entry) == 1 else str(value_of(entry))
        return f"Joker {words}" if entry >= DECLARED else words

    return f"{'-'.join(value(e) for e in entries)} of {SUIT_NAMES[suit]}"


def parse_card(text: str) -> int:
    """A card (``7H``), a Joker (``JK``) or a declared Joker (``JK=7H``)."""
    word = text.upper()
    if word == "JK":
        return JOKER
    if word.startswith("JK="):
        declared = parse_card(word[3:])
        if declared >= KINDS:
            raise IllegalAction(f"a Joker is declared as a natural card, not {quoted(text)}", "malformed")
        return DECLARED + declared
    if len(word) >= 2 and word[-1] in SUITS and word[:-1] in VALUES:
        return card(SUITS.index(word[-1]), VALUES.index(word[:-1]) + 1)
    raise IllegalAction(f"{quoted(text)} is not a card (write e.g. 7H, 10S, AD, JK or JK=7H)", "malformed")


def names(entries: Sequence[int]) -> str:
    return " ".join(name(e) for e in entries)


# Times through the stock by number of players ("Preparation"; 3 players may choose 2;
# "Five players should use three decks": read as three passes).
PASSES = {2: 1, 3: 1, 4: 2, 5: 3}
