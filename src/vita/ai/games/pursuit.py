"""The Pursuit of Happiness for learning agents: a fixed action numbering and observation.

Actions: every notation the deck allows (each card's take, spend, upgrade, advance with each
payment the STH track can ask, jobs and partners by either side, upkeep decisions, ...),
numbered in sorted order, so a number always means the same move.

Observation (floats, from the observing seat's point of view, seats rotated so it comes
first): the round, phase and seat to act; per seat its tracks, resources, hourglasses,
trait, and what it holds; where each card is (a row, the seat's own area, another area,
completed); the life goals in play. With the Community expansion, also each seat's
Popularity, Items bought and Outcomes chosen, and per Community card whether it is on the
board or discarded, the observer's marker and the others' on it, and whether it is being
resolved; and whether a Black Friday spree is on. Nothing another seat hides (dealt traits,
pile orders) is in it. Without the expansion, the numbering and the vector are the base game's.
Every entry lies in [0, 1]: a count is divided by a cap and held at 1 beyond it, a track
position runs from the track's first space to its last (version 2; version 1 gave some raw
counts and signed positions).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

import numpy as np

from vita.core.codec import UNIT, Entries, NotationCodec, between, one_hot, scaled, zeroed_entries
from vita.core.datafile import DECKS
from vita.core.state import State
from vita.core.wording import slug
from vita.games.pursuit.actions import ROWS, SIMPLE, pay_text
from vita.games.pursuit.cards import Deck
from vita.games.pursuit.rules.board_actions import role_id
from vita.games.pursuit.rules.setup import traits_secret
from vita.games.pursuit.rules.tracks import payment_shapes
from vita.games.pursuit.state import COMMUNITY, PHASES, SPACES, Player, PursuitState

BASE_SEATS: Final = 4  # 5 only with the Community expansion
ENCODING_VERSION: Final = 2  # bump on any change of what an action number or observation entry means

# The caps at which counts are read as 1. Printed: 9 Hourglass markers a color (Components).
# Designed (the rulebook bounds none of them; Items and Activities have "no limit"): a little
# above the most seen in some hundreds of random and heuristic games (docs/games/pursuit.md).
HOURGLASSES: Final = 9
CAP_RESOURCE: Final = 60
CAP_LTH: Final = 100
CAP_BONUS: Final = 3
CAP_CARDS: Final = 8
CAP_ITEMS: Final = 12
CAP_PARTNERS: Final = 5
CAP_COMPLETED: Final = 12
CAP_OUTCOMES: Final = 10
CAP_OTHERS_PLACED: Final = 18


def _payments(cost: tuple[int, ...], deck: Deck) -> list[str]:
    """Every explicit payment of a project cost the STH track can lead to."""
    board = deck.board
    ways = {way for sth in range(board.sth_min, board.sth_max + 1)
            for way in payment_shapes(sth, cost[0], cost[1], cost[2])}
    return ["", *sorted(" " + pay_text(way) for way in ways)]


@lru_cache(maxsize=DECKS)
def notations(deck: Deck) -> tuple[str, ...]:
    """Every action notation this deck allows (sorted: the numbering)."""
    out: set[str] = {*(s for s in SIMPLE if s != "done"), *(f"refresh {row}" for row in ROWS)}
    if deck.community is not None:
        out |= community_notations(deck)
    out |= {f"trait {trait.id}" for trait in deck.traits}
    for trait in deck.traits:
        for option in getattr(trait.ability, "options", []):
            out.add(f"exchange {option.id}")
    for card in deck.cards:
        names = [card.id, *(slug(name) for name in card.names[1:])]
        for ident in names:
            out.add(f"discard {ident}")
            if card.kind in ("item", "job", "partner"):
                out |= {f"upkeep pay {ident}", f"upkeep drop {ident}"}
        if card.kind == "basic":
            out |= {f"take-project {card.id}{p}" for p in _payments(card.steps[0].cost.res, deck)}
            for step in card.steps[1:]:
                out |= {f"advance {card.id}{p}" for p in _payments(step.cost.res, deck)}
        elif card.kind == "single-round":
            for level, step in enumerate(card.steps, start=1):
                out |= {f"take-project {card.id} L{level}{p}" for p in _payments(step.cost.res, deck)}
        elif card.kind == "group":
            for step in card.steps:
                role = role_id(step.name)
                out |= {f"take-project {card.id} {role}{p}" for p in _payments(step.cost.res, deck)}
        elif card.kind in ("item", "activity"):
            out |= {f"spend {card.id} L{level}" for level in range(1, len(card.steps) + 1)}
            out |= {f"upgrade {card.id} L{level}" for level in range(2, len(card.steps) + 1)}
        elif card.kind == "job":
            out |= {f"{verb} {ident}" for verb in ("get-job", "promote") for ident in names}
        else:
            out |= {f"{verb} {ident}" for verb in ("start-relationship", "develop") for ident in names}
    return tuple(sorted(out))


def community_notations(deck: Deck) -> set[str]:
    """Engage in each Community card, the three Outcomes, Blind Date's Partner, and 'done'."""
    community = deck.community
    assert community is not None
    out = {"done", "outcome 1", "outcome 2", "outcome 3"}
    out |= {f"engage {card.id}" for card in community.cards}
    partners = [ident for card in deck.partners for ident in (card.id, *(slug(n) for n in card.names[1:]))]
    for card in community.cards:
        for number, outcome in enumerate(card.outcomes, start=1):
            if outcome.special == "blind-date":
                out |= {f"outcome {number} {ident}" for ident in partners}
    return out


class PursuitObserver:
    """The observation vector (see the module docstring)."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.cards = len(deck.cards)
        self.community = deck.community
        self.seats = BASE_SEATS + (self.community is not None)
        self.phases = 4 + (self.community is not None)
        self.per_seat = 20 + len(deck.traits) + (4 if self.community else 0)
        self.community_size = 1 + 5 * len(self.community.cards) if self.community else 0
        self.size = (len(deck.board.rounds) + self.phases + self.seats + self.seats * self.per_seat
                     + 6 * self.cards + len(deck.life_goals) + len(SPACES) * 2 + self.community_size)

    def layout(self) -> list[tuple[str, int, str]]:
        deck = self.deck
        seat = (f"present, alive, Knowledge, Creativity, Influence and money / {CAP_RESOURCE}, stress from the "
                f"track's first space (0) to its last (1), STH from {deck.board.sth_min} (0) to {deck.board.sth_max} "
                f"(1), LTH / {CAP_LTH}, hourglasses in hand / {HOURGLASSES}, this round / {HOURGLASSES}, spent / "
                f"{HOURGLASSES}, Good Health bonus / {CAP_BONUS}, Projects / {CAP_CARDS}, Items / {CAP_ITEMS}, "
                f"Partners / {CAP_PARTNERS}, Job level / 3, best Partner level / 4, completed / {CAP_COMPLETED}, "
                f"retired, child trait one-hot ({len(deck.traits)}, hidden while the choice is secret)")
        if self.community:
            seat += (f", Popularity score / 5, Popularity space / track length, Items bought / {CAP_ITEMS}, "
                     f"Outcomes chosen / {CAP_OUTCOMES}")
        parts = [("round", len(deck.board.rounds), "one-hot: " + ", ".join(r.name for r in deck.board.rounds)),
                 ("phase", self.phases, "one-hot: " + ", ".join(PHASES[:self.phases])),
                 ("to act", self.seats, "one-hot: the seat asked, counted from the observer in turn order"),
                 ("seats", self.seats * self.per_seat, f"{self.seats} blocks of {self.per_seat}, the observer's "
                                                       f"first, then in turn order (zeros past the players): {seat}"),
                 ("cards", 6 * self.cards, f"per card in deck order ({self.cards}): on a row, in a discard pile, the "
                                           "observer's, its level / 4 (completed: 1), another's, its level / 4"),
                 ("life goals", len(deck.life_goals), "1 for each life goal in play, in deck order"),
                 ("spaces", 2 * len(SPACES), f"per action space ({', '.join(SPACES)}): the observer's hourglasses / "
                                             f"{HOURGLASSES}, the others' / {CAP_OTHERS_PLACED}")]
        if self.community:
            parts.append(("Community", self.community_size,
                          f"Black Friday spree on; per Community card ({len(self.community.cards)}): on the board, "
                          "discarded, the observer's marker on it, the others' markers / 4, being resolved"))
        return parts

    def bounds(self) -> list[tuple[float, float]]:
        """Every entry in [0, 1] (see the module docstring)."""
        return [UNIT] * len(self.layout())

    def observe(self, state: State, seat: int) -> list[float]:
        values = [0.0] * self.size
        self._write(state, seat, values)
        return values

    def observe_into(self, state: State, seat: int, out: np.ndarray) -> None:
        """Write the observation of ``seat`` into ``out`` (``size`` float32 entries, zeros or
        not) through a memoryview of it: zeros, then the entries that are not zero (most are
        the zeros of the cards' places); no list is built."""
        self._write(state, seat, zeroed_entries(out))

    def _write(self, state: State, seat: int, view: Entries) -> None:
        """Set the entries of the observation of ``seat`` that are not zero in ``view`` (all
        zeros): a list of floats, or the float32 entries of an array."""
        assert isinstance(state, PursuitState)
        n = state.num_players
        order = [(seat + k) % n for k in range(n)]
        rounds = len(self.deck.board.rounds)
        if 0 <= state.round < rounds:
            view[state.round] = 1.0
        at = rounds
        if 0 <= state.phase < self.phases:
            view[at + state.phase] = 1.0
        at += self.phases
        movers = state.to_move()
        if movers:
            view[at + order.index(movers[0])] = 1.0
        at += self.seats
        secret = traits_secret(state)  # others' kept traits are hidden until all have chosen
        for k in range(n):
            for i, value in enumerate(self._seat(state, order[k], hide_trait=secret and k > 0)):
                view[at + k * self.per_seat + i] = value
        at += self.seats * self.per_seat
        self._cards(state, seat, view, at)
        at += 6 * self.cards
        for goal in state.goals:
            view[at + goal] = 1.0
        at += len(self.deck.life_goals)
        for space, count in enumerate(state.players[seat].placed):
            view[at] = scaled(count, HOURGLASSES)
            view[at + 1] = scaled(sum(p.placed[space] for p in state.players) - count, CAP_OTHERS_PLACED)
            at += 2
        if self.community is not None:
            self._community(state, seat, view, at)

    def _community(self, state: PursuitState, seat: int, view: Entries, at: int) -> None:
        """Black Friday's spree, then per Community card: on the board, discarded, my marker,
        others' markers, being resolved."""
        view[at] = float(state.shopping)
        at += 1
        resolving = next((slot for slot, marks in enumerate(state.markers) if marks), -1)
        for slot, card in enumerate(state.community):
            if card < 0:
                continue
            where = at + card * 5
            view[where] = 1.0
            marks = state.markers[slot]
            view[where + 2] = float(any(s == seat for s, _ in marks))
            view[where + 3] = scaled(sum(1 for s, _ in marks if s != seat), 4)
            view[where + 4] = float(state.phase == COMMUNITY and slot == resolving)
        for card in state.community_discard:
            view[at + card * 5 + 1] = 1.0

    def _seat(self, state: PursuitState, seat: int, hide_trait: bool = False) -> list[float]:
        p = state.players[seat]
        job = self.deck.cards[p.job].job_level if p.job >= 0 else 0
        partner = max((lv for _, lv, _ in p.partners), default=0)
        board, stress = self.deck.board, self.deck.stress
        return [
            1.0, float(p.alive), *(scaled(r, CAP_RESOURCE) for r in p.res),
            between(p.stress, stress.first, stress.last),
            between(p.sth, board.sth_min, board.sth_max), scaled(p.lth, CAP_LTH),
            scaled(p.hand, HOURGLASSES), scaled(p.total, HOURGLASSES), scaled(p.spent, HOURGLASSES),
            scaled(p.health_bonus, CAP_BONUS), scaled(len(p.projects), CAP_CARDS), scaled(len(p.items), CAP_ITEMS),
            scaled(len(p.partners), CAP_PARTNERS), scaled(job, 3), scaled(partner, 4),
            scaled(len(p.completed), CAP_COMPLETED), float(p.retired >= 0),
            *one_hot(-1 if hide_trait else p.trait, len(self.deck.traits)),
            *self._popularity(p),
        ]

    def _popularity(self, p: Player) -> list[float]:
        if self.community is None:
            return []
        popularity = self.community.popularity
        return [scaled(popularity[p.popularity], 5), scaled(p.popularity, len(popularity)),
                scaled(p.bought, CAP_ITEMS), scaled(p.outcomes, CAP_OUTCOMES)]

    def _cards(self, state: PursuitState, seat: int, view: Entries, at: int) -> None:
        """Per card: on the board, in the discard pile, mine (level), another's, completed."""
        for row in state.rows:
            for card in row:
                view[at + card * 6] = 1.0
        for pile in state.discards:
            for card in pile:
                view[at + card * 6 + 1] = 1.0
        for owner, p in enumerate(state.players):
            mine = 2 if owner == seat else 4  # held (mine or another's), then the level beside it
            for card, level, _ in (*p.projects, *p.items, *p.partners):
                view[at + card * 6 + mine] = 1.0
                view[at + card * 6 + mine + 1] = scaled(level, 4)
            for card in (p.job, p.retired):
                if card >= 0:
                    view[at + card * 6 + mine] = 1.0
            for card in p.completed:
                view[at + card * 6 + mine + 1] = 1.0


@lru_cache(maxsize=DECKS)
def interface(deck: Deck) -> tuple[NotationCodec, PursuitObserver]:
    return NotationCodec(notations(deck), ENCODING_VERSION), PursuitObserver(deck)


def interface_for(game: Any, options: Any) -> tuple[NotationCodec, PursuitObserver]:
    """The board game's numbering and observer for ``options`` (its deck)."""
    return interface(game.deck(options))
