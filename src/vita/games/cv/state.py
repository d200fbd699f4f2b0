"""The position of a game of CV: plain slotted fields and a hand-written clone.

This module holds data only and imports no rule module (:mod:`.table` joins the two); the
rules that move a position are in modules named after the rulebook's sections, which take
the state as their first argument: :mod:`.setup` ("Game preparation", "Play your
childhood!"), :mod:`.dice` ("Roll the dice"), :mod:`.select` ("Select cards"),
:mod:`.bad_luck` ("Bad luck"), :mod:`.add_to_cv` ("Add to CV", "Cards with a cost"),
:mod:`.cleanup` ("Cleanup"), :mod:`.social_assistance`, :mod:`.game_end` ("Game end").
"""

from __future__ import annotations

from vita.core.state import State
from vita.games.cv.cards import EFFECTS, Deck
from vita.games.cv.info import INFO
from vita.games.cv.steps import ASSIST, DRAFT, OVER, PLACE, STEPS


class CvState(State):
    """A game of CV in progress.

    A field typed as a tuple is replaced, never changed in place, so that a clone shares it
    (:mod:`vita.core.tuples` builds the next one); the lists are what moves change, copied by
    :meth:`clone` (docs/engine.md "A state").
    """

    __slots__ = (
        "assist",
        "bad_spent",
        "bought",
        "box",
        "chosen",
        "cv",
        "deck",
        "decks",
        "dice",
        "draft",
        "event_pool",
        "goal_deck",
        "goals",
        "hands",
        "kept",
        "misfortunes",
        "names",
        "placing",
        "pool",
        "public_goals",
        "refilling",
        "rerolls",
        "retired",
        "round",
        "set_aside",
        "starter",
        "step",
        "tokens",
        "track",
        "turn",
        "used",
    )

    info = INFO

    deck: Deck  # the card data (shared, never copied)
    names: list[str]
    step: int
    turn: int  # whose turn it is
    starter: int  # the holder of the bicycle token, who starts each round
    round: int  # from 1
    track: list[int]  # the cards on the track, left to right
    decks: tuple[tuple[int, ...], ...]  # early adulthood, middle age, old age; the top is the end
    goal_deck: tuple[int, ...]  # life goals nobody holds or sees
    public_goals: tuple[int, ...]
    set_aside: tuple[int, ...]  # childhood cards not dealt (face down)
    box: list[int]  # out of the game, face up: discarded, lost, played events
    # Per seat, five stacks (TYPES[:5]), bottom first: the last is active.
    cv: list[tuple[tuple[int, ...], ...]]
    hands: list[tuple[int, ...]]  # per seat, event cards held
    goals: tuple[int, ...]  # per seat, the private life goal
    tokens: list[tuple[int, ...]]  # per seat, the icons of the active cards (EFFECTS order), as last updated
    retired: tuple[bool, ...]  # took Early retirement: no more work cards
    draft: tuple[tuple[int, ...], ...]  # per seat, the childhood cards to choose from
    kept: tuple[tuple[int, ...], ...]  # per seat, the childhood cards kept so far (hidden until placed)
    chosen: tuple[bool, ...]  # per seat, has kept a card in this draft round
    dice: list[int]  # the faces showing, left to right
    rerolls: int  # throws left this turn
    used: int  # once-per-turn abilities used (steps.USED_*)
    pool: list[int]  # symbols of dice and tokens still unspent this turn (SYMBOLS order)
    event_pool: list[int]  # symbols of events played this turn, lost at the end of the selection
    bad_spent: int  # bad luck paid for cards this turn (it still counts for misfortune)
    bought: list[tuple[int, int]]  # (card, type) taken from the track this turn
    misfortunes: int  # cards still to lose this turn
    placing: list[tuple[int, int, int]]  # (seat, card, type or -1) waiting to join a CV
    assist: list[int]  # seats still to take social assistance, in order
    refilling: bool  # cleanup was interrupted by social assistance

    def clone(self) -> CvState:
        other = CvState()
        other.num_players = self.num_players
        other.rng = self.rng.copy()
        other.log = None if self.log is None else self.log[:]
        other.ply = self.ply
        other.deck = self.deck
        other.names = self.names
        other.step = self.step
        other.turn = self.turn
        other.starter = self.starter
        other.round = self.round
        other.track = self.track[:]
        other.decks = self.decks
        other.goal_deck = self.goal_deck
        other.public_goals = self.public_goals
        other.set_aside = self.set_aside
        other.box = self.box[:]
        other.cv = self.cv[:]
        other.hands = self.hands[:]
        other.goals = self.goals
        other.tokens = self.tokens[:]
        other.retired = self.retired
        other.draft = self.draft
        other.kept = self.kept
        other.chosen = self.chosen
        other.dice = self.dice[:]
        other.rerolls = self.rerolls
        other.used = self.used
        other.pool = self.pool[:]
        other.event_pool = self.event_pool[:]
        other.bad_spent = self.bad_spent
        other.bought = self.bought[:]
        other.misfortunes = self.misfortunes
        other.placing = self.placing[:]
        other.assist = self.assist[:]
        other.refilling = self.refilling
        return other

    # -- the core contract -----------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        step = self.step
        if step == OVER:
            return ()
        if step == DRAFT:
            return tuple(s for s in range(self.num_players) if not self.chosen[s])
        if step == PLACE:
            return (self.placing[0][0],)
        if step == ASSIST:
            return (self.assist[0],)
        return (self.turn,)

    # -- helpers ---------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.names[seat]

    def active(self, seat: int) -> list[int]:
        """The active cards of a seat's CV: the top of each non-empty stack."""
        return [stack[-1] for stack in self.cv[seat] if stack]

    def active_icons(self, seat: int) -> tuple[int, ...]:
        """The icons on the effect areas of a seat's active cards (EFFECTS order)."""
        icons = [0] * len(EFFECTS)
        cards = self.deck.cards
        for stack in self.cv[seat]:
            if stack:
                for index, count in cards[stack[-1]].effect_items:  # type: ignore[union-attr]
                    icons[index] += count
        return tuple(icons)

    def cv_size(self, seat: int) -> int:
        return sum(len(stack) for stack in self.cv[seat])

    def __repr__(self) -> str:
        return f"<CvState turn={self.turn} step={STEPS[self.step]} ply={self.ply}>"
