"""The steps of a game of CV: who is asked, and for what."""

DRAFT, ROLL, SELECT, MISFORTUNE, PLACE, ASSIST, OVER = range(7)
STEPS = ("draft", "roll", "select", "misfortune", "place", "assist", "over")
"""``draft``: "Play your childhood!"; ``roll``: "Roll the dice"; ``select``: "Select cards";
``misfortune``: "Bad luck"; ``place``: "Add to CV" (where a card goes in its stack);
``assist``: "Social assistance"; ``over``: the game has ended."""

TRACK_SIZE = 5
MAX_DICE = 7
BASE_DICE = 4
BASE_REROLLS = 2
MAX_BUYS = 2
LUCK_PRICE = 3  # good luck symbols that buy any card's symbol cost
MISFORTUNE_EVERY = 3  # bad luck symbols per misfortune

# Once-per-turn abilities, as bits of CvState.used.
USED_MAGICIAN, USED_TRIP, USED_FRIEND, USED_PSYCHOTHERAPY = 1, 2, 4, 8
