"""The Pursuit of Happiness as a :class:`vita.core.Game`: options, loading, bots."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from vita.core.bots import BotFactory
from vita.core.game import Game
from vita.core.state import JSON
from vita.games.pursuit import position, prompts
from vita.games.pursuit.cards import DATA_DIR, Deck, check_directory, load_deck
from vita.games.pursuit.deckfile import COMMUNITY
from vita.games.pursuit.info import INFO
from vita.games.pursuit.options import PursuitOptions
from vita.games.pursuit.rules.setup import new_game
from vita.games.pursuit.state import SETUP, UPKEEP, PursuitState
from vita.games.pursuit.table import RULES


class PursuitGame(Game[PursuitState, PursuitOptions]):
    info = INFO
    options_model = PursuitOptions
    prompt_table = prompts.TABLE
    state_class = PursuitState
    rules = RULES

    def options_for_players(self, players: int) -> dict[str, Any]:
        return {"players": players, **({"expansion": "community"} if players == 5 else {})}

    def deck(self, options: PursuitOptions) -> Deck:
        return load_deck(options.cards, options.expansion)

    def new_state(self, options: PursuitOptions, seed: int, *, log: bool = True) -> PursuitState:
        return new_game(options, seed, log=log)

    def state_from_json(self, data: Mapping[str, Any], *, log: bool = True) -> PursuitState:
        return position.from_json(position.deck_of(data), dict(data), log)

    def reconcile_position(self, data: JSON, patch: JSON) -> JSON:
        return position.reconcile(position.deck_of(data), data)

    def bots(self) -> Mapping[str, BotFactory]:
        from vita.games.pursuit.bots import HeuristicBot

        return {"heuristic": HeuristicBot}

    def ladder(self) -> Mapping[str, str]:
        """The board game's search improves on its heuristic: the root searches the
        heuristic's own move and the 6 the judgement likes best (10 for ``expert``), and the
        heuristic plays each on at every seat to the start of the next round's Action phase,
        where the judgement scores it; search by the judgement alone lost to the heuristic
        (docs/games/pursuit.md: the measured rungs)."""
        return {"easy": "heuristic:mistakes=0.5", "medium": "heuristic",
                "hard": "ismcts:iters=50:playout=heuristic:rounds=1:top=6:tree=1",
                "expert": "ismcts:iters=200:playout=heuristic:rounds=1:top=10:tree=1"}


    def evaluate(self, state: PursuitState) -> list[float] | None:
        from vita.games.pursuit.bots import prospects

        return prospects(state)

    def round_of(self, state: PursuitState) -> int:
        """The round of life whose Action phase has begun (Teen is 0; -1 during setup): the
        Upkeep phase still counts to the round before, so that a search's playout that stops
        at a new round (``rounds=1``) stops where every upkeep is settled and every
        hourglass in hand, at the same point of the round whatever cards were kept."""
        return state.round - 1 if state.phase in (SETUP, UPKEEP) else state.round

    def outcome(self, state: PursuitState) -> list[float]:
        """Solo: +1 for a won game (three goals, 50 LTH or 60 with Community), -1 otherwise;
        else by rank."""
        if state.solo and state.results is not None:
            return [1.0 if state.results[0].get("won") else -1.0]
        return super().outcome(state)

    def catalogue(self, options: PursuitOptions) -> JSON:
        from vita.games.pursuit.describe import catalogue

        # Every table's cards, with or without the expansion: its cards and Community cards
        # (under "community:<id>") are public texts. A deck of one's own may have no expansion.
        has_expansion = (Path(options.cards or DATA_DIR) / COMMUNITY).is_dir()
        return catalogue(load_deck(options.cards, COMMUNITY if has_expansion else options.expansion))

    def card_data_directory(self) -> Path | None:
        return DATA_DIR

    def check_card_data(self, directory: str) -> list[str] | None:
        return check_directory(directory)


    def deck_fingerprint(self, options: PursuitOptions) -> str | None:
        return self.deck(options).fingerprint


GAME = PursuitGame()
