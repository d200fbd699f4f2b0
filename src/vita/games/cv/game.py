"""CV as a :class:`vita.core.Game`: options, loading, bots and front-end hooks."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from vita.core.bots import BotFactory
from vita.core.errors import PositionError
from vita.core.game import Game
from vita.core.state import JSON
from vita.games.cv import position, prompts
from vita.games.cv.cards import DATA_DIR, Deck, check_directory, load_deck
from vita.games.cv.info import INFO
from vita.games.cv.options import CvOptions
from vita.games.cv.rules.setup import new_game
from vita.games.cv.state import CvState
from vita.games.cv.table import RULES


class CvGame(Game[CvState, CvOptions]):
    info = INFO
    options_model = CvOptions
    state_class = CvState
    rules = RULES
    prompt_table = prompts.TABLE

    def deck(self, options: CvOptions) -> Deck:
        return load_deck(options.cards)

    def new_state(self, options: CvOptions, seed: int, *, log: bool = True) -> CvState:
        return new_game(options, seed, log=log)

    def state_from_json(self, data: Mapping[str, Any], *, log: bool = True) -> CvState:
        return position.from_json(CvState(), self._deck_of(data), dict(data), log)

    def reconcile_position(self, data: JSON, patch: JSON) -> JSON:
        return position.reconcile(self._deck_of(data), data, patch)

    def _deck_of(self, data: Mapping[str, Any]) -> Deck:
        cards = data.get("cards")
        if cards is not None and not isinstance(cards, str):
            raise PositionError("cards: a deck directory, as text")
        return load_deck(cards)

    def ladder(self) -> Mapping[str, str]:
        """CV's search improves on its heuristic: the heuristic plays the playouts (16 moves,
        then the judgement), and where the search's choice is not the heuristic's move, fresh
        pairs of playouts from the same deals decide between the two (100 for ``hard``, 300 for
        ``expert``); search with random playouts lost to the heuristic (docs/games/cv.md: the
        measured rungs)."""
        return {"easy": "heuristic:mistakes=0.5", "medium": "heuristic",
                "hard": "ismcts:iters=300:playout=heuristic:depth=16:keep=0:confirm=100",
                "expert": "ismcts:iters=1000:playout=heuristic:depth=16:keep=0:confirm=300"}

    def evaluate(self, state: CvState) -> list[float] | None:
        from vita.games.cv.bots import prospects

        return prospects(state)

    def round_of(self, state: CvState) -> int:
        """The round: 0 in childhood, while the starting cards are placed, then from 1; it
        advances when every player has taken a turn ("Phases of each round")."""
        return state.round

    def bots(self) -> Mapping[str, BotFactory]:
        from vita.games.cv.bots import HeuristicBot

        return {"heuristic": HeuristicBot}


    def catalogue(self, options: CvOptions) -> JSON:
        from vita.games.cv.describe import catalogue

        return catalogue(self.deck(options))

    def card_data_directory(self) -> Path | None:
        return DATA_DIR

    def check_card_data(self, directory: str) -> list[str] | None:
        return check_directory(directory)

    def deck_fingerprint(self, options: CvOptions) -> str | None:
        return self.deck(options).fingerprint


GAME = CvGame()
