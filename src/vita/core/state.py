"""The engine core: what every game's state, actions and description provide.

A game plugs in by subclassing :class:`State` and :class:`~vita.core.game.Game`. The core never
knows a rule; it knows only this contract:

* who must decide now (:meth:`State.to_move`: one seat, several seats for
  simultaneous choices, or a seat acting out of turn, such as a defender);
* the legal actions of a seat, generated without trial application, and the
  reason any other action is illegal (:meth:`State.why_illegal`);
* :meth:`State.apply`, which checks first and changes nothing when it refuses;
* the end, the scores and the ranking;
* what a seat may see (:meth:`State.view`), and a copy of the state with all it
  may not see re-sampled (:meth:`State.determinize`);
* a cheap :meth:`State.clone`, and JSON save/load;
* a log of events in plain words, worded per seat where information is hidden.

Actions are small immutable values whose ``str()`` is a stable text notation:
``state.parse(str(action)) == action``.
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeVar

from mypy_extensions import mypyc_attr
from pydantic import BaseModel, ValidationError

from vita.core.datafile import problems
from vita.core.errors import IllegalAction, PositionError
from vita.core.rng import Rng

JSON = dict[str, Any]


# A game of another package subclasses Action and State (the compiled build allows it).
@mypyc_attr(allow_interpreted_subclasses=True)
class Action:
    """An action: immutable, hashable, and written in a stable notation by ``str()``.

    Games subclass it with frozen, slotted dataclasses that define ``__str__``. (It is
    deliberately not an ``abc.ABC``: ``isinstance`` on it must stay cheap.)
    """

    __slots__ = ()

    def __str__(self) -> str:
        raise NotImplementedError(f"{type(self).__name__} must define its notation")

    def __reduce__(self) -> tuple[type[Action], tuple[Any, ...]]:
        """Pickled as its type and its fields, in order (a frozen dataclass compiled by mypyc
        cannot be given its fields back one by one)."""
        fields: dict[str, Any] = getattr(self, "__dataclass_fields__", {})
        return type(self), tuple(getattr(self, name) for name in fields)


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the game log.

    ``text`` is what everybody is told; ``private`` gives, for the seats that
    know more (or must be told less), their own wording of the same event.
    """

    text: str
    ply: int = 0
    private: tuple[tuple[int, str], ...] = ()

    def __reduce__(self) -> tuple[type[Event], tuple[str, int, tuple[tuple[int, str], ...]]]:
        return Event, (self.text, self.ply, self.private)  # (as an Action pickles)

    def for_seat(self, seat: int | None) -> str:
        """The wording that ``seat`` sees (``None``: a spectator)."""
        for who, text in self.private:
            if who == seat:
                return text
        return self.text


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's nature, stated up front (as OpenSpiel's GameType does)."""

    id: str
    title: str
    min_players: int
    max_players: int
    rulebook: str
    summary: str
    chance: bool = True
    hidden_information: bool = True
    simultaneous: bool = False
    out_of_turn: bool = False
    zero_sum: bool = False
    max_length_hint: int = 0
    tags: tuple[str, ...] = field(default=())
    rules_version: int = 1
    """Bumped only by a change that alters how a record replays; a record states it."""


Facts = dict[str, str | float | list[str]]
"""Facts of one seat in a finished game (:meth:`State.facts`)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class State(abc.ABC):
    """A position of a game, with the rules that move it on.

    Subclasses hold data only: their fields in ``__slots__``, a hand-written :meth:`clone` and
    :meth:`to_move`; the card and board tables they refer to are shared, never copied. Every
    other method reaches the game's rules through its table, :attr:`rules` (a :class:`Rules`,
    set on the class by the game's :class:`~vita.core.game.Game`), so that a state imports no
    rule module and a game writes no forwarding method.

    vita's own games give their states no ``__init__``, so that a clone starts from the class's
    constructor (``CardsState()``): compiled, ``CardsState.__new__(CardsState)`` would be a
    generic call that runs ``__init__`` as well, about twice the cost.
    """

    __slots__ = ("log", "num_players", "ply", "rng")

    info: ClassVar[GameInfo]
    rules: ClassVar[Rules[Any]]

    num_players: int
    rng: Rng
    log: list[Event] | None
    ply: int

    # -- who decides --------------------------------------------------------

    @abc.abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """The seats that may act now, in the order they are asked; empty when over."""

    def is_over(self) -> bool:
        return not self.to_move()

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty if it is not asked to act)."""
        return self.rules.legal_actions(self, seat)

    def why_illegal(self, seat: int, action: Action) -> str | None:
        """``None`` if ``seat`` may take ``action`` now, else the reason in plain words."""
        return self.rules.why_illegal(self, seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        """Carry out an action already known to be legal: the rule for its type, then what
        follows every action in the game (:attr:`Rules.settle`)."""
        rules = self.rules
        rules.handlers[type(action)](self, seat, action)
        if rules.settle is not None:
            rules.settle(self)

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Check ``action`` and carry it out; on refusal raise and change nothing (:meth:`act`)."""
        self.act(seat, action)

    def check(self, seat: int | None, move: str | Action) -> Action:
        """``move`` (a text in notation, or an action) for ``seat`` (``None``: the one seat
        asked), checked once: its form, that the seat is asked to act, then the rules
        (:meth:`why_illegal`, in the game's own words). The action, or :class:`IllegalAction`
        with the reason and its stable code; nothing changes either way."""
        return self._checked(seat, move)[1]

    def act(self, seat: int | None, move: str | Action) -> Action:
        """The one way a move comes in from a person, a record, a case or a front end: parse,
        check and apply once (:meth:`check`). The action applied, or :class:`IllegalAction`,
        having changed nothing."""
        resolved, action = self._checked(seat, move)
        self._apply(resolved, action)
        self.ply += 1
        return action

    def _checked(self, seat: int | None, move: str | Action) -> tuple[int, Action]:
        action = self.parse(move, seat) if isinstance(move, str) else move
        resolved = self.seat_for(seat)
        reason = self.why_illegal(resolved, action)
        if reason is not None:
            raise IllegalAction(reason)
        return resolved, action

    def apply_trusted(self, seat: int, action: Action) -> None:
        """Carry out an action taken from :meth:`legal_actions`, skipping the check.

        Simulation and search use it; anything that comes from a person or a
        network goes through :meth:`apply`.
        """
        self._apply(seat, action)
        self.ply += 1

    def seat_for(self, seat: int | None) -> int:
        """Resolve ``seat``: ``None`` means the one seat that is asked to act."""
        movers = self.to_move()
        if seat is None:
            if not movers:
                raise IllegalAction("the game is over", "game-over")
            if len(movers) > 1:
                names = ", ".join(str(s) for s in movers)
                raise IllegalAction(f"several seats must act now ({names}): say which one", "which-seat")
            return movers[0]
        if not 0 <= seat < self.num_players:
            raise IllegalAction(f"there is no seat {seat} in a {self.num_players}-player game", "no-such-seat")
        if seat not in movers:
            if not movers:
                raise IllegalAction("the game is over", "game-over")
            return_to = ", ".join(str(s) for s in movers)
            raise IllegalAction(f"seat {seat} is not asked to act now (waiting for {return_to})", "not-your-turn")
        return seat

    # -- notation -----------------------------------------------------------

    def parse(self, text: str, seat: int | None = None) -> Action:
        """The action written as ``text``; raise :class:`IllegalAction` if malformed.

        Parsing checks only the form; legality is checked by :meth:`apply`.
        """
        return self.rules.parse(text)

    def label(self, action: Action) -> str:
        """A human wording of ``action`` (defaults to its notation)."""
        return self.rules.label(self, action)

    # -- end ----------------------------------------------------------------

    def scores(self) -> tuple[float, ...]:
        """The score of each seat (final once the game is over)."""
        return self.rules.scores(self)

    def ranking(self) -> tuple[int, ...]:
        """The rank of each seat, 1 = first; equal scores share a rank, unless the game
        breaks ties."""
        return self.rules.ranking(self)

    def score_breakdown(self) -> list[dict[str, float]]:
        """Per seat, what each scoring category gave (for end-of-game displays)."""
        return self.rules.score_breakdown(self)

    def facts(self) -> list[Facts]:
        """Per seat, what a finished game says of it beyond its score, for simulation results
        and balance reports (``vita simulate --out``, ``vita report``): a name per fact (a
        category such as a child trait or a life goal: win rates are reported per value), a
        number, or a list of card names (``cards``: each card's pick rate is set against the
        win rate of those who took it). Only what is public once the game is over."""
        return self.rules.facts(self)

    def first_player(self) -> int | None:
        """The seat that moves first in this game, once the position knows it (the board game:
        round 1's First Player, known until round 2; the card game: the player left of the
        dealer; CV: the Bicycle's holder, known after the draft); ``None`` in a game that has
        none (Our Life's choices are simultaneous) or where the position does not tell.
        Simulation results read it before the first action and, if unknown then, at the end
        (the ``first_player`` column, :mod:`vita.results`)."""
        return self.rules.first_player(self)

    def rounds_played(self) -> int | None:
        """The rounds begun so far, the one under way included (a game's length as its rulebook
        counts it; ``None`` in a game without rounds: the card game's turns simply follow).
        Simulation results keep it as the ``rounds`` column."""
        return self.rules.rounds(self)

    # -- information (the game's observer) ----------------------------------

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may see, as JSON (``None``: the public, spectator view)."""
        return self.rules.observer.view(self, seat)

    def determinize(self, seat: int | None, rng: Rng) -> Self:
        """A copy in which everything ``seat`` cannot see is re-sampled."""
        copy: Self = self.rules.observer.determinize(self, seat, rng)
        return copy

    def resample_chance(self, rng: Rng) -> Self:
        """A copy in which only what chance has not yet decided is re-sampled: the order of the
        piles still to be drawn and the generator; every card a player holds, shown or not,
        stays where it is (the ``mcts`` yardstick searches such copies: it sees every hand)."""
        copy: Self = self.rules.observer.resample_chance(self, rng)
        return copy

    def reveals(self, seat: int, action: Action) -> bool | None:
        """Whether ``action`` would reveal something hidden or draw on chance (so that it
        can never be undone); ``None`` lets :mod:`vita.core.undo` find out by sampling."""
        return self.rules.observer.reveals(self, seat, action)

    def informs(self, seat: int, action: Action) -> bool | None:
        """Whether ``action`` would tell ``seat`` itself something it cannot see now;
        ``None`` lets :mod:`vita.core.undo` find out by sampling."""
        return self.rules.observer.informs(self, seat, action)

    def events_for(self, seat: int | None, since: int = 0) -> list[str]:
        """The log from event number ``since`` on, worded for ``seat``."""
        if self.log is None:
            return []
        return [event.for_seat(seat) for event in self.log[since:]]

    def say(self, text: str, private: Sequence[tuple[int, str]] = ()) -> None:
        """Append an event to the log (a no-op when logging is off)."""
        if self.log is not None:
            self.log.append(Event(text, self.ply, tuple(private)))

    def check_invariants(self) -> None:
        """Raise :class:`~vita.core.errors.PositionError` if the position breaks a game invariant.

        The shared test suite calls it after every action of random games.
        """
        self.rules.check_invariants(self)

    # -- copying and saving -------------------------------------------------

    @abc.abstractmethod
    def clone(self) -> Self:
        """An independent copy (the log is shared by reference only if disabled)."""

    def after(self, seat: int, action: Action) -> Self:
        """A copy, without a log, in which ``seat`` has taken ``action`` (one of its legal
        actions: not checked again), for looking ahead (an observer's answers, a bot's trial)."""
        copy = self.clone()
        copy.log = None
        copy.apply_trusted(seat, action)
        return copy

    def to_json(self) -> JSON:
        """The whole position, hidden parts included, as JSON."""
        return self.rules.to_json(self)


S = TypeVar("S", bound=State)

Handler = Callable[[Any, int, Any], None]
"""Carry out one type of action, already known to be legal: ``handler(state, seat, action)``."""


def rank_by_scores(state: State) -> tuple[int, ...]:
    """The rank of each seat, 1 = first; equal scores share a rank."""
    scores = state.scores()
    return tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)


def totals(state: State) -> list[dict[str, float]]:
    """The default breakdown: each seat's total only."""
    return [{"total": score} for score in state.scores()]


def no_facts(state: State) -> list[Facts]:
    return [{} for _ in range(state.num_players)]


def no_first_player(state: State) -> int | None:
    return None


def no_rounds(state: State) -> int | None:
    return None


def reseed(state: S, rng: Rng) -> S:
    """A copy with a fresh generator: all a perfect-information game's determinization changes."""
    copy = state.clone()
    copy.rng = Rng(rng.next_u64())
    return copy


def reseed_for(state: S, seat: int | None, rng: Rng) -> S:
    return reseed(state, rng)


def unknown_reveals(state: State, seat: int, action: Action) -> bool | None:
    return None


def no_invariants(state: State) -> None:
    return None


def notation(state: State, action: Action) -> str:
    return str(action)


class Observer(Generic[S]):
    """What each seat may see, decided in one place: ``view``; ``determinize``, a copy in which
    everything a seat cannot see is re-sampled; ``resample_chance``, a copy in which only what
    chance has not decided yet is re-sampled; ``reveals``, whether an action shows a seat
    something hidden or draws on chance, and ``informs``, whether it tells its own seat
    something hidden (a card drawn, another seat's secret shown; showing the seat's own cards
    does not count): the undo rule for a person's own action (``None``: found out by sampling,
    :func:`vita.core.undo.informs`).
    The defaults suit a game of perfect information apart from its generator. Set once, never
    changed (a plain generic class, not a dataclass: mypyc compiles it)."""

    __slots__ = ("determinize", "informs", "resample_chance", "reveals", "view")

    def __init__(self, *, view: Callable[[S, int | None], JSON],
                 determinize: Callable[[S, int | None, Rng], S] = reseed_for,
                 resample_chance: Callable[[S, Rng], S] = reseed,
                 reveals: Callable[[S, int, Action], bool | None] = unknown_reveals,
                 informs: Callable[[S, int, Action], bool | None] = unknown_reveals) -> None:
        self.view = view
        self.determinize = determinize
        self.resample_chance = resample_chance
        self.reveals = reveals
        self.informs = informs


class Rules(Generic[S]):
    """A game's rules as one table: the functions the :class:`State` methods reach (each takes
    the state first) and ``handlers``, the rule that carries out each type of action (one
    lookup, no chain of ``isinstance``). A game's ``table`` module builds it from the rule
    modules; its :class:`~vita.core.game.Game` sets it on its state class. ``settle`` is what
    follows every action, whichever it was (``None``: nothing): the flow moving on, in a game
    whose steps end when every seat concerned has acted (Our Life's round). Set once, never
    changed (a plain generic class, not a dataclass: mypyc compiles it)."""

    __slots__ = ("check_invariants", "facts", "first_player", "handlers", "label", "legal_actions", "observer",
                 "parse", "ranking", "rounds", "score_breakdown", "scores", "settle", "to_json", "why_illegal")

    def __init__(self, *, legal_actions: Callable[[S, int], list[Action]],
                 why_illegal: Callable[[S, int, Action], str | None],
                 handlers: Mapping[type[Action], Handler], parse: Callable[[str], Action],
                 scores: Callable[[S], tuple[float, ...]], observer: Observer[S], to_json: Callable[[S], JSON],
                 label: Callable[[S, Action], str] = notation,
                 ranking: Callable[[S], tuple[int, ...]] = rank_by_scores,
                 score_breakdown: Callable[[S], list[dict[str, float]]] = totals,
                 facts: Callable[[S], list[Facts]] = no_facts,
                 first_player: Callable[[S], int | None] = no_first_player,
                 rounds: Callable[[S], int | None] = no_rounds,
                 check_invariants: Callable[[S], None] = no_invariants,
                 settle: Callable[[S], None] | None = None) -> None:
        self.legal_actions = legal_actions
        self.why_illegal = why_illegal
        self.handlers = handlers
        self.parse = parse
        self.scores = scores
        self.observer = observer
        self.to_json = to_json
        self.label = label
        self.ranking = ranking
        self.score_breakdown = score_breakdown
        self.facts = facts
        self.first_player = first_player
        self.rounds = rounds
        self.check_invariants = check_invariants
        self.settle = settle


def parse(state: State, text: str, seat: int | None = None) -> Action:
    """The action ``text`` denotes in ``state`` (``str(action)`` writes it back).

    >>> from vita.registry import get_game
    >>> state = get_game("pursuit").new(seed=1, players=2)
    >>> str(parse(state, "trait  curious"))
    'trait curious'
    """
    return state.parse(text, seat)


Opts = TypeVar("Opts", bound=BaseModel)


def describe_validation_error(error: ValidationError, what: str) -> str:
    """One line per problem: where it is and what is wrong."""
    return "\n".join([f"invalid {what}:", *problems(error, "  ", limit=1000)])


def load_model(model: type[Opts], data: Mapping[str, Any], what: str) -> Opts:
    """Validate ``data`` with a pydantic ``model``; raise :class:`PositionError` on failure."""
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise PositionError(describe_validation_error(error, what)) from None
