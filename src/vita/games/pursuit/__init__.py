"""The Pursuit of Happiness (board game): worker placement through a whole life.

Rulebook: ``shared/seeds/pursuit-of-happiness-board-game-rules.txt``; the game's
documentation, with the position format and the action notation, is
``docs/games/pursuit.md``. Rules are in modules named after the rulebook's
sections: :mod:`.setup`, :mod:`.upkeep`, :mod:`.board_actions`,
:mod:`.card_actions`, :mod:`.free_actions`, :mod:`.tracks` (Stress and STH
tracks), :mod:`.end_of_round`, :mod:`.game_end`; child trait abilities in
:mod:`.abilities`.
"""

from vita.games.pursuit.game import GAME, PursuitGame
from vita.games.pursuit.options import PursuitOptions
from vita.games.pursuit.state import PursuitState

__all__ = ["GAME", "PursuitGame", "PursuitOptions", "PursuitState"]
