"""The steps of a round of Our Life, and the kinds of question asked out of turn."""

from __future__ import annotations

from typing import Final

SETUP: Final = 0
CHOOSE: Final = 1
USE: Final = 2
OVER: Final = 3
STEPS: Final = ("setup", "choose", "use", "over")

# Prompts: questions one seat answers before play goes on (a tuple, the kind first).
OPPORTUNITY: Final = 0  # (OPPORTUNITY, seat, row, square): take the Opportunity linked to a square?
POST: Final = 1  # (POST, seat, story, story): keep one of two Post a Story cards
STORY: Final = 2  # (STORY, poster, story, askers, likers): Like the posted story?
TRAVEL: Final = 3  # (TRAVEL, seat, vacation card): choose one of its two bonuses
PROMPTS: Final = ("opportunity", "post", "story", "vacation")
