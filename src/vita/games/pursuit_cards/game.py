"""The Pursuit of Happiness card game as a :class:`vita.core.Game`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vita.core.bots import BotFactory
from vita.core.game import Game
from vita.core.state import JSON
from vita.games.pursuit_cards import position, prompts
from vita.games.pursuit_cards.info import INFO
from vita.games.pursuit_cards.options import CardsOptions
from vita.games.pursuit_cards.rules.setup import new_game
from vita.games.pursuit_cards.state import CardsState
from vita.games.pursuit_cards.table import RULES


class CardsGame(Game[CardsState, CardsOptions]):
    info = INFO
    options_model = CardsOptions
    prompt_table = prompts.TABLE
    state_class = CardsState
    rules = RULES

    def new_state(self, options: CardsOptions, seed: int, *, log: bool = True) -> CardsState:
        return new_game(options, seed, log=log)

    def state_from_json(self, data: Mapping[str, Any], *, log: bool = True) -> CardsState:
        return position.from_json(dict(data), log)

    def reconcile_position(self, data: JSON, patch: JSON) -> JSON:
        return position.reconcile(data, patch)


    def bots(self) -> Mapping[str, BotFactory]:
        from vita.games.pursuit_cards.bots import HeuristicBot

        return {"heuristic": HeuristicBot}

    def evaluate(self, state: CardsState) -> list[float] | None:
        from vita.games.pursuit_cards.bots import prospects

        return prospects(state)


GAME = CardsGame()
