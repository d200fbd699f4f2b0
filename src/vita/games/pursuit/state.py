"""The position of a game of The Pursuit of Happiness.

Plain slotted objects, lists and tuples, copied by hand in :meth:`clone`;
cards are referred to by their index in the shared :class:`~.cards.Deck`.
This module holds data only and imports no rule module (:mod:`.table` joins
the two); the rules that change a position live in modules named after the rulebook's
sections (:mod:`.setup`, :mod:`.upkeep`, :mod:`.board_actions`,
:mod:`.card_actions`, :mod:`.tracks`, :mod:`.end_of_round`, :mod:`.game_end`).
"""

from __future__ import annotations

from typing import Final

from vita.core.rng import Rng
from vita.core.state import State
from vita.core.wording import slug
from vita.games.pursuit.cards import Deck
from vita.games.pursuit.community_deckfile import SLOTS as COMMUNITY_SLOTS
from vita.games.pursuit.info import INFO

# Phases of a round (and of the game); COMMUNITY: the Community cards' Outcomes (expansion).
SETUP, UPKEEP, ACTION, OVER, COMMUNITY = range(5)
PHASES: Final = ("setup", "upkeep", "action", "over", "community")

# Board action spaces, in the order the board shows them.
SPACES: Final = (
    "study", "play", "interact", "temp-job", "take-project", "spend",
    "get-job", "start-relationship", "overtime", "rest",
)
STUDY, PLAY, INTERACT, TEMP_JOB, TAKE_PROJECT, SPEND, GET_JOB, START_RELATIONSHIP, OVERTIME, REST = (
    range(len(SPACES))
)

# Card rows (and their piles and discard piles).
ROW_PROJECTS, ROW_ITEMS, ROW_JOBS, ROW_PARTNERS = range(4)

Marker = tuple[int, bool]
"""A marker on a Community card: (seat, True for an Hourglass marker, False for the Community token)."""

Holding = tuple[int, int, int]
"""A card in front of a player: (card index, level, hourglasses on the card).

For a group project the level is 0 and its roles are in ``PursuitState.groups``.
"""


class Player:
    __slots__ = (
        "alive",
        "bought",
        "completed",
        "died",
        "due",
        "gathered",
        "hand",
        "health_bonus",
        "items",
        "job",
        "lth",
        "name",
        "offer",
        "outcomes",
        "overtime",
        "partners",
        "placed",
        "popularity",
        "projects",
        "res",
        "retired",
        "rounds_lived",
        "sides",
        "spent",
        "sth",
        "stress",
        "total",
        "trait",
    )

    def __init__(self, name: str = "", of: Player | None = None) -> None:
        """A new player called ``name`` (no name: made again by pickle, then restored); with
        ``of``, a copy of that player (:meth:`copy`)."""
        if of is None:
            self.name = name
            self.res = [0, 0, 0, 0]  # knowledge, creativity, influence, money
            self.stress = 0  # position on the stress track; 0 is the start space
            self.sth = 0
            self.lth = 0
            self.hand = 0  # hourglasses still to place this round
            self.total = 0  # hourglasses this round, Overtime's included
            self.overtime = 0  # hourglasses taken by Overtime this round
            self.spent = 0  # hourglasses on the Spent Time space
            self.placed = [0] * len(SPACES)  # hourglasses on each board space (SPACES order)
            self.health_bonus = 0  # extra hourglasses next round from Good Health
            self.alive = True
            self.died = -1  # index of the round in which the player died
            self.rounds_lived = 0
            self.trait = -1
            # Tuples (here and the holdings above), replaced and never changed in place, so that a
            # clone shares them.
            self.offer: tuple[int, ...] = ()  # the 2 child traits dealt at setup (private; one is kept)
            self.projects: tuple[Holding, ...] = ()
            self.items: tuple[Holding, ...] = ()
            self.job = -1
            self.retired = -1
            self.partners: tuple[Holding, ...] = ()
            self.completed: tuple[int, ...] = ()
            self.gathered = 0  # cards gathered during the game (the final tie-breaker)
            self.due: tuple[int, ...] = ()  # cards whose upkeep is still to settle this round
            self.sides: dict[int, int] = {}  # double-sided cards shown on their second side
            # Community expansion.
            self.popularity = 0  # space of the Popularity track (0: the start); its score is in the data
            self.bought = 0  # Items bought this round (Black Friday counts them)
            self.outcomes = 0  # Community card Outcomes chosen during the game
        else:
            self.name = of.name
            self.res = of.res[:]
            self.stress = of.stress
            self.sth = of.sth
            self.lth = of.lth
            self.hand = of.hand
            self.total = of.total
            self.overtime = of.overtime
            self.spent = of.spent
            self.placed = of.placed[:]
            self.health_bonus = of.health_bonus
            self.alive = of.alive
            self.died = of.died
            self.rounds_lived = of.rounds_lived
            self.trait = of.trait
            self.offer = of.offer
            self.projects = of.projects
            self.items = of.items
            self.job = of.job
            self.retired = of.retired
            self.partners = of.partners
            self.completed = of.completed
            self.gathered = of.gathered
            self.due = of.due
            self.sides = of.sides.copy() if of.sides else {}
            self.popularity = of.popularity
            self.bought = of.bought
            self.outcomes = of.outcomes

    def copy(self) -> Player:
        # Through the constructor: in the compiled build Player.__new__ runs __init__ too, which
        # would build a new player's lists only to drop them.
        return Player(of=self)


class PursuitState(State):
    """A game of The Pursuit of Happiness in progress."""

    __slots__ = (
        "closed",
        "community",
        "community_discard",
        "community_pile",
        "current",
        "deck",
        "discards",
        "first",
        "goal_box",
        "goals",
        "groups",
        "markers",
        "phase",
        "piles",
        "players",
        "results",
        "round",
        "rows",
        "shopping",
        "solo",
        "trait_box",
    )

    info = INFO

    deck: Deck
    players: list[Player]
    piles: list[list[int]]  # draw piles: last item is the top (jobs and partners draw from index 0)
    discards: list[list[int]]
    rows: list[list[int]]  # face-up cards on the board
    closed: frozenset[int]  # spaces under an Unavailable Action token
    groups: dict[int, list[int]]  # group project card → seat covering each role (-1: open)
    goals: tuple[int, ...]  # life goals in play (face up)
    goal_box: list[int]  # life goals not drawn (hidden)
    trait_box: list[int]  # child traits not dealt (hidden)
    round: int
    phase: int
    first: int
    current: int
    solo: bool
    results: list[dict[str, int]] | None
    # Community expansion (empty lists without it).
    community: list[int]  # the Community board's 5 slots, left to right: card index or -1
    markers: list[list[Marker]]  # per slot, the markers on its card in the order placed
    community_pile: list[int]  # hidden; the last item is the top
    community_discard: list[int]
    shopping: bool  # Black Friday: the current player may buy another Item at once

    def clone(self) -> PursuitState:
        other = PursuitState()
        other.num_players = self.num_players
        other.rng = self.rng.copy()
        other.log = None if self.log is None else self.log[:]
        other.ply = self.ply
        other.deck = self.deck
        other.players = [p.copy() for p in self.players]
        other.piles = [pile[:] for pile in self.piles]
        other.discards = [pile[:] for pile in self.discards]
        other.rows = [row[:] for row in self.rows]
        other.closed = self.closed
        other.groups = {card: roles[:] for card, roles in self.groups.items()}
        other.goals = self.goals
        other.goal_box = self.goal_box[:]
        other.trait_box = self.trait_box[:]
        other.round = self.round
        other.phase = self.phase
        other.first = self.first
        other.current = self.current
        other.solo = self.solo
        other.results = self.results
        other.community = self.community[:]
        other.markers = [m[:] for m in self.markers]
        other.community_pile = self.community_pile[:]
        other.community_discard = self.community_discard[:]
        other.shopping = self.shopping
        return other

    # -- the core contract: implemented in the rule modules ------------------------

    def to_move(self) -> tuple[int, ...]:
        if self.phase == SETUP:
            return tuple(seat for seat, p in enumerate(self.players) if p.trait < 0)
        if self.phase == OVER:
            return ()
        return (self.current,)

    # -- small helpers shared by the rules --------------------------------------------

    def name(self, seat: int) -> str:
        return self.players[seat].name

    def card_name(self, card: int, seat: int = -1) -> str:
        """A card's name; a job or partner in front of ``seat`` on the side he turned up."""
        spec = self.deck.cards[card]
        if seat >= 0:
            side = self.players[seat].sides.get(card)
            if side:
                return spec.names[side]
        return spec.name

    def card_id(self, card: int, seat: int = -1) -> str:
        """A card's id; for a job or partner in front of ``seat``, the id of the side shown."""
        spec = self.deck.cards[card]
        if seat >= 0 and self.players[seat].sides.get(card):
            return slug(spec.names[self.players[seat].sides[card]])
        return spec.id

    def row_players(self) -> int:
        """The player count the board is set up for (the solo game uses the 2-player setup)."""
        return 2 if self.solo else self.num_players

    def __repr__(self) -> str:
        return f"<PursuitState round={self.round} phase={PHASES[self.phase]} ply={self.ply}>"


def blank(deck: Deck, num_players: int, names: list[str], rng: Rng, log: bool) -> PursuitState:
    """An empty position (no cards dealt) for ``num_players``."""
    state = PursuitState()
    state.num_players = num_players
    state.rng = rng
    state.log = [] if log else None
    state.ply = 0
    state.deck = deck
    state.players = [Player(name) for name in names]
    state.piles = [[], [], [], []]
    state.discards = [[], [], [], []]
    state.rows = [[], [], [], []]
    state.closed = frozenset()
    state.groups = {}
    state.goals = ()
    state.goal_box = []
    state.trait_box = []
    state.round = 0
    state.phase = SETUP
    state.first = 0
    state.current = 0
    state.solo = num_players == 1
    state.results = None
    expansion = deck.community is not None
    state.community = [-1] * COMMUNITY_SLOTS if expansion else []
    state.markers = [[] for _ in range(COMMUNITY_SLOTS)] if expansion else []
    state.community_pile = []
    state.community_discard = []
    state.shopping = False
    return state
