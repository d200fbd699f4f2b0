"""What kind of game CV is."""

from vita.core.state import GameInfo

INFO = GameInfo(
    id="cv",
    title="CV",
    min_players=2,
    max_players=4,
    rulebook="cv-rules-and-card-appendix.txt",
    summary=(
        "Roll symbol dice (rerolling all but bad luck), buy life cards from a sliding track and "
        "build a CV of health, relationships, knowledge, work and possessions. 2-4 players."
    ),
    chance=True,
    hidden_information=True,  # childhood draft, hands of events, private life goals, deck order
    simultaneous=True,  # the childhood draft: every player keeps a card at once
    out_of_turn=True,  # social assistance is taken during another player's cleanup
    zero_sum=False,
    max_length_hint=2000,
    tags=("dice", "card-track", "tableau"),
)
