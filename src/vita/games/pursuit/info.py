"""What kind of game The Pursuit of Happiness is."""

from vita.core.state import GameInfo

INFO = GameInfo(
    id="pursuit",
    title="The Pursuit of Happiness",
    min_players=1,
    max_players=5,
    rulebook="pursuit-of-happiness-board-game-rules.txt",
    summary=(
        "Worker placement: live a life from Teen to Old Age, taking projects, items, jobs "
        "and partners; most Long Term Happiness wins. 1-4 players (1 = solo mode), 5 with the "
        "Community expansion."
    ),
    chance=True,
    hidden_information=True,  # draw piles, and the child traits dealt to each player
    simultaneous=True,  # the child trait choice at setup
    out_of_turn=False,
    zero_sum=False,
    max_length_hint=600,
    tags=("worker-placement", "life-simulation"),
    # 2: stress that kills cancels the action that caused it, whatever the stress's cause.
    rules_version=2,
)
