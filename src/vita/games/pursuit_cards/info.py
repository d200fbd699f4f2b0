"""What kind of game the Pursuit of Happiness card game is."""

from vita.core.state import GameInfo

INFO = GameInfo(
    id="pursuit-cards",
    title="Pursuit of Happiness (card game)",
    min_players=2,
    max_players=5,
    rulebook="pursuit-of-happiness-card-game-rules.txt",
    summary=(
        "Rummy-like: meld patterns in four suits; activate Hearts for happiness, Diamonds for "
        "cards, Spades to attack and Clubs to defend, out of turn. 2-5 players."
    ),
    chance=True,
    hidden_information=True,  # hands and the stock
    simultaneous=False,
    out_of_turn=True,  # Club defence during an opponent's attack
    zero_sum=False,
    max_length_hint=3000,
    tags=("rummy", "card-game"),
)
