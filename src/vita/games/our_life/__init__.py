"""Our Life: singles and couples choosing action cards and marking Character and Family sheets.

Rulebook: ``shared/seeds/our-life-rules.txt``; documentation with the notation, the position
format, the readings and every sheet and card value: ``docs/games/our-life.md``. The rules are
in modules named after the rulebook's sections: :mod:`.setup` ("Setup"), :mod:`.choose`
("Renew Action Display", "Choose Action cards"), :mod:`.use` ("Use Action cards", "Extra
Action", "Opportunities"), :mod:`.bonuses` ("Bonuses", "Romance", columns), :mod:`.persona`
("Digital Persona", "Post a Story"), :mod:`.family` ("Children", "Vacation"),
:mod:`.happiness` ("Happiness and Joy", the stress track), :mod:`.round_end` ("Happiness
Scoring", "Personal Goals"), :mod:`.scoring` ("Scoring", "Solo/Co-op mode").
"""

from vita.games.our_life.game import GAME, OurLifeGame
from vita.games.our_life.options import OurLifeOptions
from vita.games.our_life.state import OurLifeState

__all__ = ["GAME", "OurLifeGame", "OurLifeOptions", "OurLifeState"]
