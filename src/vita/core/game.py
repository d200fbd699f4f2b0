"""A game's description: its nature, options, data, bots and loaders (:class:`Game`).

Apart from :mod:`vita.core.state` so that the state, the bots and the learning-agent codec,
which all know the state, are known to the game without any of them knowing each other.
"""

from __future__ import annotations

import abc
import inspect
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import ValidationError

from vita.core.bots import BotFactory
from vita.core.codec import ActionCodec, Observer
from vita.core.prompt import Id, Kind, Prompt, PromptTable, generic_prompt
from vita.core.rulebook import Rulebook, load_rulebook
from vita.core.state import JSON, Action, GameInfo, Opts, Rules, State, describe_validation_error

S = TypeVar("S", bound=State)


class Game(abc.ABC, Generic[S, Opts]):
    """The description of one game: its nature, options, data, bots and loaders."""

    info: GameInfo
    options_model: type[Opts]
    state_class: ClassVar[type[State] | None] = None
    rules: ClassVar[Rules[Any] | None] = None
    """The game's rules table (its ``table`` module), set on :attr:`state_class` when the
    game's class is defined: the one place where a state meets its rules."""
    prompt_table: PromptTable[Any] | None = None
    """The game's typed prompts (its ``prompts`` module); ``None``: the generic ones."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.state_class is not None and cls.rules is not None:
            cls.state_class.rules = cls.rules

    def make_options(self, raw: Mapping[str, Any] | Opts | None = None) -> Opts:
        """Validated options; raise :class:`ValueError` with every problem listed."""
        if isinstance(raw, self.options_model):
            return raw
        try:
            return self.options_model.model_validate(dict(raw or {}))
        except ValidationError as error:
            raise ValueError(describe_validation_error(error, f"{self.info.id} options")) from None

    @abc.abstractmethod
    def new_state(self, options: Opts, seed: int, *, log: bool = True) -> S:
        """A new game set up with ``options``, its randomness seeded by ``seed``."""

    def new(self, seed: int = 0, *, log: bool = True, **options: Any) -> S:
        """Convenience: ``game.new(seed=3, players=2)``."""
        return self.new_state(self.make_options(options), seed, log=log)

    def options_for_players(self, players: int) -> dict[str, Any]:
        """The options of a default game of ``players`` (what tools that pick a player count
        use): ``{"players": n}``, unless a count needs more (5 players of The Pursuit of
        Happiness need its Community expansion)."""
        return {"players": players}

    @abc.abstractmethod
    def state_from_json(self, data: Mapping[str, Any], *, log: bool = True) -> S:
        """Load and validate a position; raise :class:`PositionError` naming the problem."""

    def reconcile_position(self, data: JSON, patch: JSON) -> JSON:
        """Repair a hand-edited position so each card is in exactly one place.

        Used by conformance cases: ``patch`` is the partial position the case gives,
        ``data`` the fresh game's position with the patch merged in. The default does
        nothing.
        """
        return data

    def bots(self) -> Mapping[str, BotFactory]:
        """Bots specific to this game, by name (the generic ones are added by the registry)."""
        return {}

    def ladder(self) -> Mapping[str, str]:
        """The bots people choose by strength, ``easy`` to ``expert``, each a bot name with its
        settings (``vita.registry.make_bot`` reads them). Every rung has an iteration budget,
        not a time budget, so a game against it replays exactly; the win rates that place each
        rung are measured in the game's doc. Games whose search is slower or faster override
        this."""
        if "heuristic" not in self.bots():  # a new game without its own bot yet: random and the search
            return {"easy": "random", "medium": "ismcts:iters=100", "hard": "ismcts:iters=1000",
                    "expert": "ismcts:iters=3000"}
        return {"easy": "heuristic:mistakes=0.5", "medium": "heuristic",
                "hard": "ismcts:iters=1000:depth=0", "expert": "ismcts:iters=3000:depth=0"}

    def terminal_renderer(self) -> Any:
        """The game's terminal renderer: a callable ``render(view, seat)`` returning a rich
        renderable for a seat's view (``None``: the generic JSON display is used)."""
        return None

    def ai_interface(self, options: Opts) -> tuple[ActionCodec, Observer] | None:
        """The fixed action numbering and observation vector learning agents use
        (:mod:`vita.core.codec`); ``None``: the generic encoding (:mod:`vita.ai.generic`) is
        used where the game lists its actions (:meth:`action_notations`)."""
        return None

    def action_notations(self, options: Opts) -> list[str] | None:
        """Every action the game can ever offer, in notation, for a game whose actions name only
        fixed things: the generic encoding numbers them in this order (``None``: no such list)."""
        return None

    def evaluate(self, state: S) -> list[float] | None:
        """Each seat's prospects in a position not yet at the end, from +1 (as good as first)
        to -1 (as good as last), by the game's own judgement: what a search bot scores a
        playout by when it stops early (``ismcts:depth=0``). ``None``: the game has no such
        judgement, and the search ranks the seats by their scores as they stand."""
        return None

    def round_of(self, state: S) -> int | None:
        """The game's round, a count that only grows as the game goes on, at the points where
        every seat has had its say (the board game's rounds of life, CV's and Our Life's
        rounds): where a search's playout stops with ``rounds=N``, so that the judgement
        compares positions at the same point of a round. ``None``: the game has no rounds."""
        return None

    def outcome(self, state: S) -> list[float]:
        """Each seat's reward at the end, from +1 (first) to -1 (last); shared places share."""
        n = state.num_players
        if n == 1:
            return [1.0 if state.ranking()[0] == 1 else -1.0]
        return [1.0 - 2.0 * (rank - 1) / (n - 1) for rank in state.ranking()]

    def prompt_kinds(self) -> Mapping[str, Kind] | None:
        """The game's table of kinds of action, each with its label and part types (the table in
        its doc); ``None``: a game without its own prompts, shown by :func:`generic_prompt`."""
        return None if self.prompt_table is None else self.prompt_table.kinds

    def prompt(self, state: S, seat: int, action: Action) -> Prompt:
        """One of ``seat``'s legal actions as a front end shows it (:mod:`vita.core.prompt`).
        Without a :attr:`prompt_table`: the notation's first word is the kind, each further
        word an option."""
        if self.prompt_table is None:
            return generic_prompt(str(action), state.label(action))
        return self.prompt_table.prompt(state, seat, action)

    def prompts(self, state: S, seat: int) -> list[Prompt]:
        """The prompts of every legal action of ``seat``, in the order of :meth:`State.legal_actions`."""
        return [self.prompt(state, seat, action) for action in state.legal_actions(seat)]

    def targets(self, view: JSON) -> dict[str, set[Id]]:
        """The ids of the things a seat's view draws, by part type (``card``, ``space``, ...):
        every part of a view type in that seat's prompts names one of them."""
        return {} if self.prompt_table is None else self.prompt_table.targets(view)

    def catalogue(self, options: Opts) -> JSON:
        """Card texts by id, for front ends to show a card's full text (``{}``: none)."""
        return {}

    def rulebook(self) -> Rulebook:
        """Where each kind of action comes from in the rulebook: the ``rulebook.yaml`` beside
        the game's module (:mod:`vita.core.rulebook`; empty if there is none)."""
        return load_rulebook(Path(inspect.getfile(type(self))).parent)

    def check_card_data(self, directory: str) -> list[str] | None:
        """Every problem in a deck directory for this game (``None``: the game has no card data)."""
        return None

    def card_data_directory(self) -> Path | None:
        """The directory of the card data that ships with the game (``None``: none)."""
        return None

    def deck_fingerprint(self, options: Opts) -> str | None:
        """A digest of the card data in use, stored in game records; ``None``: no data."""
        return None
