from vita.core.state import GameInfo

INFO = GameInfo(
    id="our-life",
    title="Our Life",
    min_players=1,
    max_players=8,
    rulebook="our-life-rules.txt",
    summary=(
        "Singles and couples secretly choose action cards each round and mark their Character "
        "and Family sheets: health, knowledge, romance, home, children, vacations, a digital persona; "
        "keep stress down and Happiness up for ten rounds. 1-8 players."
    ),
    chance=True,  # stress dice, the decks
    hidden_information=True,  # the secret choice of cards, goal cards drawn, deck order
    simultaneous=True,  # families choose their action cards at once
    out_of_turn=True,  # Likes on a posted story, vacation bonuses, opportunities
    zero_sum=False,
    max_length_hint=1500,
    tags=("card-choice", "roll-and-write", "cooperative-couples"),
)
