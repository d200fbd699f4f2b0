"""The position of a game of Our Life: plain slotted fields and a hand-written clone.

This module holds data only and imports no rule module (:mod:`.table` joins the two); the rules
that move a position are in modules named after the rulebook's sections, which take the state
as their first argument: :mod:`.setup` ("Setup"), :mod:`.choose` ("Renew Action Display",
"Choose Action cards"), :mod:`.use` ("Use Action cards", "Extra Action", "Opportunities"),
:mod:`.bonuses` ("Bonuses", "Romance", columns), :mod:`.persona` ("Digital Persona", "Post a
Story"), :mod:`.family` ("Children", "Vacation"), :mod:`.happiness` ("Happiness and Joy", the
stress track), :mod:`.round_end` ("Happiness Scoring", "Personal Goals"), :mod:`.scoring`
("Scoring", "Solo/Co-op mode").

Seats are grouped in families: a couple (two seats side by side) or a single. A Family sheet
(its rows, stress track, Happiness, Balance and Happiness Chart) belongs to a family; a
Character sheet to a seat.
"""

from __future__ import annotations

from typing import Any

from vita.core.state import State
from vita.games.our_life.cards import Book
from vita.games.our_life.info import INFO
from vita.games.our_life.steps import CHOOSE, OVER, SETUP, STEPS, STORY, USE

Prompt = tuple[Any, ...]


class OurLifeState(State):
    """A game of Our Life in progress.

    A field typed as a tuple is replaced, never changed in place, so that a clone shares it
    (:mod:`vita.core.tuples` builds the next one); the lists are what moves change, copied by
    :meth:`clone` (docs/engine.md "A state").
    """

    __slots__ = (
        "action_deck", "action_discard", "background", "balance", "book", "chart_happiness", "chart_joy",
        "child_decks", "children", "choice", "display", "done", "extra", "families", "family_of", "frows",
        "goal_box", "goal_options", "half_child", "happiness", "likes", "names", "offers", "opp_track", "opps",
        "partner", "persona", "personal", "pool", "prompts", "rolls", "round", "rows", "setup_rows", "shared",
        "shared_box", "shared_options", "step", "story_deck", "story_variant", "stress", "vacation_deck",
        "vacation_discard",
    )

    info = INFO

    book: Book  # the sheets and decks (shared, never copied)
    names: list[str]
    families: tuple[tuple[int, ...], ...]  # the seats of each family: a couple (two) or a single (one)
    family_of: tuple[int, ...]  # per seat
    partner: tuple[int, ...]  # per seat: the partner's seat, -1 for a single
    story_variant: bool  # the Story variant: invitations in the log (no effect on the rules)
    step: int
    round: int  # 1-10
    # The decks: the top card is the last.
    action_deck: tuple[int, ...]
    action_discard: tuple[int, ...]
    child_decks: tuple[tuple[int, ...], ...]  # Children (single), Children (couple)
    story_deck: tuple[int, ...]
    vacation_deck: tuple[int, ...]
    vacation_discard: tuple[int, ...]
    goal_box: tuple[int, ...]  # Personal Goals not dealt (face down)
    shared_box: tuple[int, ...]  # Shared Goals not dealt (face down)
    display: list[int]  # the Action Display, left to right
    # Setup choices (secret until everybody has chosen).
    goal_options: tuple[tuple[int, ...], ...]  # per seat: the two Personal Goals drawn (empty once one is kept)
    shared_options: tuple[tuple[int, ...], ...]  # per family: the two Shared Goals drawn
    setup_rows: tuple[str, ...]  # per seat: the row chosen for the background's action ("": not yet)
    background: tuple[int, ...]  # per seat: the Background card
    personal: tuple[int, ...]  # per seat: the Personal Goal kept (0: not yet)
    shared: tuple[int, ...]  # per family: the Shared Goal kept (0: not yet)
    # The round.
    choice: list[int]  # per seat: the display position chosen (-1: not yet); secret until all chose
    pool: list[tuple[int, ...]]  # per seat: the actions still to use this round, a count per symbol
    extra: list[int]  # per seat: the symbols the extra action may be (a bit per symbol; 0: used)
    done: list[bool]  # per seat: has finished using actions this round
    prompts: list[Prompt]  # questions to answer before play goes on (steps.PROMPTS), first first
    rolls: list[list[int]]  # the Stress dice of the last reveal: [display position, faces...] per card rolled
    offers: list[int]  # seats who spent a Money action on a vacation and wait for a second one
    half_child: tuple[int, ...]  # per family: the partner who spent a Time action on a child (-1: none)
    # Character sheets, per seat.
    rows: list[tuple[int, ...]]  # marks per Character row
    opps: tuple[tuple[int, ...], ...]  # per Character row: the squares whose Opportunity is covered (a bit each)
    opp_track: list[int]  # squares crossed on the Opportunities track
    persona: list[int]  # squares marked on the Digital Persona (erased when full)
    likes: list[int]  # every Like gained in the game
    # Family sheets, per family.
    frows: list[tuple[int, ...]]  # marks per Family row
    stress: list[int]  # marks on the stress track
    happiness: list[int]
    balance: tuple[int, ...]
    chart_happiness: list[tuple[int, ...]]  # the Happiness Chart: Happiness written at the end of each round
    chart_joy: list[tuple[int, ...]]  # Joy of each round (the current one still changing)
    children: list[tuple[tuple[int, int], ...]]  # per family: (Child card, marks) in order of birth

    def clone(self) -> OurLifeState:
        other = OurLifeState()
        other.num_players = self.num_players
        other.rng = self.rng.copy()
        other.log = None if self.log is None else self.log[:]
        other.ply = self.ply
        other.book = self.book
        other.names = self.names
        other.families = self.families
        other.family_of = self.family_of
        other.partner = self.partner
        other.story_variant = self.story_variant
        other.step = self.step
        other.round = self.round
        other.action_deck = self.action_deck
        other.action_discard = self.action_discard
        other.child_decks = self.child_decks
        other.story_deck = self.story_deck
        other.vacation_deck = self.vacation_deck
        other.vacation_discard = self.vacation_discard
        other.goal_box = self.goal_box
        other.shared_box = self.shared_box
        other.display = self.display[:]
        other.goal_options = self.goal_options
        other.shared_options = self.shared_options
        other.setup_rows = self.setup_rows
        other.background = self.background
        other.personal = self.personal
        other.shared = self.shared
        other.choice = self.choice[:]
        other.pool = self.pool[:]
        other.extra = self.extra[:]
        other.done = self.done[:]
        other.prompts = self.prompts[:]
        other.offers = self.offers[:]
        other.rolls = self.rolls
        other.half_child = self.half_child
        other.rows = self.rows[:]
        other.opps = self.opps
        other.opp_track = self.opp_track[:]
        other.persona = self.persona[:]
        other.likes = self.likes[:]
        other.frows = self.frows[:]
        other.stress = self.stress[:]
        other.happiness = self.happiness[:]
        other.balance = self.balance
        other.chart_happiness = self.chart_happiness[:]
        other.chart_joy = self.chart_joy[:]
        other.children = self.children[:]
        return other

    # -- the core contract -----------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        step = self.step
        if step == OVER:
            return ()
        if self.prompts:
            prompt = self.prompts[0]
            # A posted story asks the next of its askers; every other prompt, its seat.
            return (prompt[3][0] if prompt[0] == STORY else prompt[1],)
        if step == USE:
            return (self.done.index(False),)
        if step == CHOOSE:
            return tuple(s for s in range(self.num_players) if self.choice[s] < 0
                         and (self.partner[s] < 0 or self.partner[s] > s or self.choice[self.partner[s]] >= 0))
        assert step == SETUP
        return tuple(s for s in range(self.num_players) if self.setup_pending(s))

    # -- helpers ---------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.names[seat]

    def family_name(self, family: int) -> str:
        return " and ".join(self.names[s] for s in self.families[family])

    def family_does(self, family: int, couple: str, single: str) -> str:
        """``"Ann and Bob leave"`` or ``"Cy leaves"``: a family as the subject of a verb."""
        return f"{self.family_name(family)} {couple if len(self.families[family]) == 2 else single}"

    def setup_pending(self, seat: int) -> bool:
        """Whether ``seat`` still has a setup choice to make."""
        family = self.family_of[seat]
        return bool(self.goal_options[seat]) or not self.setup_rows[seat] or (
            self.families[family][0] == seat and self.shared[family] == 0)

    def __repr__(self) -> str:
        return f"<OurLifeState round={self.round} step={STEPS[self.step]} ply={self.ply}>"
