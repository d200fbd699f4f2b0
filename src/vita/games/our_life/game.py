"""Our Life as a :class:`vita.core.Game`: options, loading, bots and front-end hooks."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from vita.core.bots import BotFactory
from vita.core.errors import PositionError
from vita.core.game import Game
from vita.core.state import JSON
from vita.games.our_life import position, prompts
from vita.games.our_life.cards import DATA_DIR, Book, check_directory, load_book
from vita.games.our_life.info import INFO
from vita.games.our_life.options import OurLifeOptions
from vita.games.our_life.rules.setup import new_game
from vita.games.our_life.state import OurLifeState
from vita.games.our_life.table import RULES


class OurLifeGame(Game[OurLifeState, OurLifeOptions]):
    info = INFO
    options_model = OurLifeOptions
    prompt_table = prompts.TABLE
    state_class = OurLifeState
    rules = RULES

    def book(self, options: OurLifeOptions) -> Book:
        return load_book(options.cards)

    def new_state(self, options: OurLifeOptions, seed: int, *, log: bool = True) -> OurLifeState:
        return new_game(options, seed, log=log)

    def state_from_json(self, data: Mapping[str, Any], *, log: bool = True) -> OurLifeState:
        return position.from_json(OurLifeState(), self._book_of(data), dict(data), log)

    def reconcile_position(self, data: JSON, patch: JSON) -> JSON:
        return position.reconcile(self._book_of(data), data, patch)

    def _book_of(self, data: Mapping[str, Any]) -> Book:
        directory = data.get("cards")
        if directory is not None and not isinstance(directory, str):
            raise PositionError("cards: a directory of sheets and cards, as text")
        return load_book(directory)

    def ladder(self) -> Mapping[str, str]:
        """Our Life's search plays each playout to the end (no judgement of a position
        of its own yet), with fewer iterations for the same time per move (docs/games: the measured rungs)."""
        return {"easy": "heuristic:mistakes=0.5", "medium": "heuristic",
                "hard": "ismcts:iters=300", "expert": "ismcts:iters=1000"}

    def round_of(self, state: OurLifeState) -> int:
        """The round (1-10): it advances when every seat has used its actions."""
        return state.round

    def bots(self) -> Mapping[str, BotFactory]:
        from vita.games.our_life.bots import HeuristicBot

        return {"heuristic": HeuristicBot}

    def catalogue(self, options: OurLifeOptions) -> JSON:
        from vita.games.our_life.describe import catalogue

        return catalogue(self.book(options))


    def card_data_directory(self) -> Path | None:
        return DATA_DIR

    def check_card_data(self, directory: str) -> list[str] | None:
        return check_directory(directory)

    def deck_fingerprint(self, options: OurLifeOptions) -> str | None:
        return self.book(options).fingerprint


GAME = OurLifeGame()
"""What kind of game Our Life is."""
