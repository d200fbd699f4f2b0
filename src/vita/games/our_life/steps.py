"""The steps of a round of Our Life, and the kinds of question asked out of turn."""

SETUP, CHOOSE, USE, OVER = range(4)
STEPS = ("setup", "choose", "use", "over")

# Prompts: questions one seat answers before play goes on (a tuple, the kind first).
OPPORTUNITY = 0  # (OPPORTUNITY, seat, row, square): take the Opportunity linked to a square?
POST = 1  # (POST, seat, story, story): keep one of two Post a Story cards
STORY = 2  # (STORY, poster, story, askers, likers): Like the posted story?
TRAVEL = 3  # (TRAVEL, seat, vacation card): choose one of its two bonuses
PROMPTS = ("opportunity", "post", "story", "vacation")
