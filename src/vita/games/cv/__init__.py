"""CV: a life told as a CV, built from dice symbols and cards from a sliding track.

Rulebook: ``shared/seeds/cv-rules-and-card-appendix.txt``; documentation with the notation,
the position format, the readings and every card's values: ``docs/games/cv.md``. The rules
are in modules named after the rulebook's sections: :mod:`.setup` ("Game preparation", "Play
your childhood!"), :mod:`.dice` ("Roll the dice"), :mod:`.select` ("Select cards"),
:mod:`.bad_luck` ("Bad luck"), :mod:`.add_to_cv` ("Add to CV", "Cards with a cost"),
:mod:`.cleanup` ("Cleanup"), :mod:`.social_assistance` ("Social assistance"),
:mod:`.game_end` ("Game end": when, and the points).
"""

from vita.games.cv.game import GAME, CvGame
from vita.games.cv.options import CvOptions
from vita.games.cv.state import CvState

__all__ = ["GAME", "CvGame", "CvOptions", "CvState"]
