"""The Pursuit of Happiness card game: rummy-like melds, activations and attacks.

Rulebook: ``shared/seeds/pursuit-of-happiness-card-game-rules.txt``; documentation
with the notation and the position format: ``docs/games/pursuit-cards.md``. Rules are in
modules named after the rulebook's sections: :mod:`.turn` ("Preparation", "The Deal",
"Play of the Hand", "Discards", "Ending the Game"), :mod:`.melds` and :mod:`.melding`
("Melds"), :mod:`.activation` ("Activating a Meld", "Effects of Activating Melds"),
:mod:`.attack` ("Attack Procedure").
"""

from vita.games.pursuit_cards.game import GAME, CardsGame
from vita.games.pursuit_cards.options import CardsOptions
from vita.games.pursuit_cards.state import CardsState

__all__ = ["GAME", "CardsGame", "CardsOptions", "CardsState"]
