"""Every vita game as an OpenSpiel game (``pip install open_spiel``), so that OpenSpiel's own
algorithms, bots and tests run on it.

    import pyspiel
    from vita.ai import openspiel
    openspiel.register()
    game = pyspiel.load_game("vita_pursuit_cards", {"players": 3})

Registered as ``vita_<game id>`` (dashes become underscores), with parameters ``players``,
the game's own options (``expansion`` for ``pursuit``, ``couples`` for ``our-life``) and
``actions``: ``"full"`` (the game's own numbering, the default) or ``"compact"`` (places among
the legal actions, :mod:`vita.ai.compact`).
The game type says what OpenSpiel needs to know:

- sequential dynamics: the seat asked is the first of ``state.to_move()``; the simultaneous
  secret choices (a child trait, Our Life's Action cards) are taken one seat after another,
  each hidden from the others until the rules reveal them, so MCTS and ISMCTS accept them;
- explicit chance, all of it dealt at the start: a game opens with eight chance nodes of 256
  equally likely outcomes each, which together are the vita game's 64-bit seed, most
  significant byte first (every seed vita uses: a ``vita simulate`` row's seed deals its game
  in OpenSpiel too, :func:`deal`);
  from then on vita shuffles and draws inside ``apply`` from the generator that seed set, so
  every later draw is already decided, as a shuffled deck is. (vita draws as it goes, which is
  OpenSpiel's "sampled stochastic"; but OpenSpiel serialises a sampled-stochastic game with
  the game object's generator, which a game written in Python cannot provide, so
  ``random_sim_test`` with serialisation could not run. Dealing the seed at the start keeps
  every state exactly reproducible from its history and serialisable.) A clone or a
  deserialised state goes on exactly as the original would;
- imperfect information, terminal rewards (``Game.outcome``: +1 first ... -1 last, shared
  places share; general-sum: an Our Life couple shares one place, a solo game scores alone).

Observation tensors are the game's observer (:func:`vita.ai.games.interface`): what the seat
sees now (its hand, the piles, the board, what was revealed), of a fixed size. No
information-state tensor is declared (``provides_information_state_tensor`` is false): a
tensor with perfect recall would have to hold everything the seat was told over the whole
game, and the observation does not (the same observation follows histories the seat could tell
apart: dice thrown again, a card taken earlier), so OpenSpiel's learning environments use the
observation tensor, as they do for any game without one. The observation string is the seat's
view as JSON, and the information-state string, which has perfect recall, adds everything the
seat has been told so far (its log), so two states share an information-state string only when
the seat cannot tell them apart.
``resample_from_infostate`` is the core's determinisation: the hidden cards dealt again
consistently with what the seat saw.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import numpy as np
import pyspiel

from vita.ai.common import Interface, interface
from vita.core.codec import observe_into
from vita.core.state import State
from vita.registry import GAMES, get_game

SEED_NODES, SEED_OUTCOMES = 8, 256  # the seed, dealt in eight chance nodes, a byte each: 256**8 = 2**64 games
MAX_GAME_LENGTH = 10_000  # every game ends long before (random play: at most 744 moves, Our Life with 8)
# The options each game takes as OpenSpiel parameters, with their defaults ("" and 0: none).
GAME_PARAMETERS: dict[str, dict[str, Any]] = {"pursuit": {"expansion": ""}, "our-life": {"couples": 0}}


def short_name(game_id: str) -> str:
    return "vita_" + game_id.replace("-", "_")


def _options(game_id: str, params: dict[str, Any]) -> dict[str, Any]:
    options: dict[str, Any] = {"players": int(params["players"])}
    for key, default in GAME_PARAMETERS.get(game_id, {}).items():
        value = params.get(key, default)
        if value not in ("", None) and not (key == "couples" and value == 0):
            options[key] = value
    return options


class VitaSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types
    """A vita game with its options, as OpenSpiel sees it."""

    def __init__(self, game_id: str, game_type: Any, params: dict[str, Any] | None) -> None:
        merged = {**_defaults(game_id), **(params or {})}
        self.context = _Context(game_id, _options(game_id, merged), str(merged["actions"]))
        self.interface = self.context.interface
        info = pyspiel.GameInfo(num_distinct_actions=self.interface.codec.size, max_chance_outcomes=SEED_OUTCOMES,
                                num_players=self.interface.players, min_utility=-1.0, max_utility=1.0,
                                max_game_length=MAX_GAME_LENGTH)
        super().__init__(game_type, info, merged)

    def new_initial_state(self) -> VitaSpielState:
        return VitaSpielState(self, self.context)

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        """Pickled as its game and parameters (its class is made per game, by name), as
        OpenSpiel's own Python games pickle: to another process too."""
        return _loaded, (self.context.game_id, dict(self.get_parameters()))

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> VitaObserver:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return VitaObserver(self.interface, perfect_recall=recall)


class VitaSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state holding a vita state (made when first needed: a clone never makes one)."""

    def __init__(self, game: VitaSpielGame, context: _Context) -> None:
        super().__init__(game)
        self.vita_game = context
        self.seed_parts: list[int] = []
        self.vita: _Held | None = None

    @property
    def position(self) -> State:
        assert self.vita is not None, "the game is not dealt yet (chance nodes first)"
        return self.vita.state

    def current_player(self) -> int:
        if self.vita is None:
            return int(pyspiel.PlayerId.CHANCE)
        state = self.vita.state
        return int(pyspiel.PlayerId.TERMINAL) if state.is_over() else state.to_move()[0]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(outcome, 1.0 / SEED_OUTCOMES) for outcome in range(SEED_OUTCOMES)] if self.vita is None else []

    def _legal_actions(self, player: int) -> list[int]:
        if self.vita is None:
            return list(range(SEED_OUTCOMES)) if player == pyspiel.PlayerId.CHANCE else []
        state = self.vita.state
        if state.is_over() or state.to_move()[0] != player:
            return []
        return sorted(self.vita_game.interface.legal(state, player))

    def _apply_action(self, action: int) -> None:
        if self.vita is None:
            if not 0 <= action < SEED_OUTCOMES:
                raise ValueError(f"a chance outcome is below {SEED_OUTCOMES}, not {action}")
            self.seed_parts.append(int(action))
            if len(self.seed_parts) == SEED_NODES:
                seed = 0
                for part in self.seed_parts:
                    seed = seed * SEED_OUTCOMES + part
                interface = self.vita_game.interface
                self.vita = _Held(interface.game.new_state(interface.options, seed), self.vita_game.game_id)
            return
        state = self.vita.state
        seat = state.to_move()[0]
        state.apply(self.vita_game.interface.codec.decode(state, seat, int(action)), seat)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed part {action}"
        try:
            return str(self.vita_game.interface.codec.decode(self.position, player, int(action)))
        except Exception:  # an action of another moment: its number is all there is to say
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.vita is not None and self.vita.state.is_over()

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.vita_game.interface.players
        return [float(x) for x in self.vita_game.interface.game.outcome(self.position)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> VitaSpielState:
        """A state the seat cannot tell from this one: the core's determinisation (what it
        has not seen dealt again, consistently with what it saw), with a fresh generator."""
        clone: VitaSpielState = self.clone()
        if self.vita is None:  # nothing dealt, nothing hidden
            return clone
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else random.randrange(2**31)
        from vita.core.rng import Rng

        clone.vita = _Held(self.position.determinize(player_id, Rng(seed)), self.vita_game.game_id)
        return clone

    def __str__(self) -> str:
        if self.vita is None:
            return f"not dealt yet: seed parts {self.seed_parts}"
        return json.dumps(self.position.view(None), sort_keys=True)


class _Context:
    """What every state of one OpenSpiel game shares: the vita game, its options and AI
    interface. A clone shares it; a pickle names it."""

    def __init__(self, game_id: str, options: dict[str, Any], actions: str = "full") -> None:
        self.game_id, self.options, self.actions = game_id, options, actions
        self.interface: Interface = interface(game_id, options, actions)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Context:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any], str]]:
        return _Context, (self.game_id, self.options, self.actions)


class _Held:
    """A vita state inside an OpenSpiel state: OpenSpiel clones by ``copy.deepcopy`` and
    serialises by ``pickle``; this makes the first the engine's clone and the second its
    position JSON (generator included)."""

    def __init__(self, state: State, game_id: str) -> None:
        self.state = state
        self.game_id = game_id

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone(), self.game_id)

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return _restore, (self.game_id, json.dumps(self.state.to_json()))


def _restore(game_id: str, text: str) -> _Held:
    return _Held(get_game(game_id).state_from_json(json.loads(text)), game_id)


class VitaObserver:
    """A seat's observation as OpenSpiel's Python observers give it: ``tensor`` and ``dict``
    filled by ``set_from``, and ``string_from``."""

    def __init__(self, interface: Interface, perfect_recall: bool) -> None:
        self.observer = interface.observer
        # With perfect recall only the string (no tensor recalls the whole game: module notes).
        self.tensor = np.zeros(0 if perfect_recall else self.observer.size, np.float32)
        self.dict = {"observation": self.tensor} if not perfect_recall else {}
        self.perfect_recall = perfect_recall

    def set_from(self, state: VitaSpielState, player: int) -> None:
        if self.perfect_recall:
            return
        if state.vita is None:  # not dealt yet: nothing to see
            self.tensor[:] = 0.0
            return
        observe_into(self.observer, state.position, player, self.tensor)

    def string_from(self, state: VitaSpielState, player: int) -> str:
        if state.vita is None:
            return "not dealt yet"
        view = json.dumps(state.position.view(player), sort_keys=True)
        if not self.perfect_recall:
            return view
        return "\n".join([*state.position.events_for(player), view])


def deal(state: Any, seed: int) -> None:
    """Deal ``seed`` (0 to 2**64 - 1) in a new OpenSpiel state of a ``vita_*`` game: its chance
    nodes, a byte each, most significant first. The vita position is then
    ``game.new_state(options, seed)``: a ``vita simulate`` row's game (its ``seed``) in OpenSpiel."""
    if not 0 <= seed < SEED_OUTCOMES**SEED_NODES:
        raise ValueError(f"a seed is from 0 to 2**64 - 1, not {seed}")
    for node in reversed(range(SEED_NODES)):
        state.apply_action((seed >> (8 * node)) & 0xFF)


def _defaults(game_id: str) -> dict[str, Any]:
    game = get_game(game_id)
    players = max(2, game.info.min_players)
    return {"players": players, **GAME_PARAMETERS.get(game_id, {}), "actions": "full"}


def game_type(game_id: str) -> Any:
    game = get_game(game_id)
    return pyspiel.GameType(
        short_name=short_name(game_id), long_name=f"vita: {game.info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,  # a couple shares its place; a solo game scores alone
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.info.max_players, min_num_players=game.info.min_players,
        # No perfect-recall tensor (the module's notes): learners read the observation tensor.
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=_defaults(game_id))


def _loaded(game_id: str, params: dict[str, Any]) -> VitaSpielGame:
    """A pickled game made again (:meth:`VitaSpielGame.__reduce__`)."""
    made: VitaSpielGame = _game_class(game_id)(params)  # type: ignore[call-arg,arg-type]  # (the class per game)
    return made


@functools.cache
def _game_class(game_id: str) -> type[VitaSpielGame]:
    """A class per game, as OpenSpiel registers games by their class."""
    kind = game_type(game_id)

    def __init__(self: VitaSpielGame, params: dict[str, Any] | None = None) -> None:
        VitaSpielGame.__init__(self, game_id, kind, params)

    name = "".join(part.capitalize() for part in game_id.split("-")) + "SpielGame"
    return type(name, (VitaSpielGame,), {"__init__": __init__})


def register() -> list[str]:
    """Register every game of the registry with ``pyspiel`` (again: nothing changes); return
    the names to load them by."""
    names = []
    registered = set(pyspiel.registered_names())
    for game_id in GAMES:
        name = short_name(game_id)
        if name not in registered:
            pyspiel.register_game(game_type(game_id), _game_class(game_id))
        names.append(name)
    return names
