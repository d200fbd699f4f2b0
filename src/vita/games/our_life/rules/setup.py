"""Setup (steps 1-12 of the rulebook).

1. Couples and singles: seats ``0-1``, ``2-3``... are the couples, the rest singles.
2. The eight decks are shuffled; with no single (couple) the Children (single) (couple) deck is
   returned to the box.
5. Each family marks 3 Xs on the leftmost squares of its stress track.
6. Each family draws two Shared Goals and keeps one (the first partner decides).
7. Each player draws two Personal Goals and keeps one.
8. Each player takes a Background card: an X on the leftmost square of the row it names, and
   one on a row its action marks (the player chooses which).
10. Happiness 0 and Balance 0.
11. Four Action cards face up: the Action Display.

The choices of steps 6-8 are made at once and kept secret until everybody has chosen; then
the kept goals are shown and the background marks made, in seat order.
"""

from __future__ import annotations

from vita.core.rng import Rng
from vita.core.tuples import replaced
from vita.games.our_life.actions import BackgroundRow, KeepGoal, KeepShared
from vita.games.our_life.cards import load_book
from vita.games.our_life.options import OurLifeOptions
from vita.games.our_life.rules import choose
from vita.games.our_life.rules.family import mark_family_row
from vita.games.our_life.rules.use import mark_character_row
from vita.games.our_life.state import OurLifeState
from vita.games.our_life.steps import CHOOSE, SETUP


def seating(players: int, couples: int) -> tuple[tuple[int, ...], ...]:
    """The families: ``couples`` couples first, then singles.

    >>> seating(5, 2)
    ((0, 1), (2, 3), (4,))
    """
    return tuple((2 * c, 2 * c + 1) for c in range(couples)) + tuple((s,) for s in range(2 * couples, players))


def new_game(options: OurLifeOptions, seed: int, *, log: bool = True) -> OurLifeState:
    """A new game, set up as steps 1-12 of the rulebook say."""
    state = OurLifeState()
    book, names, couples, story = load_book(options.cards), options.seat_names(), options.couples, options.story
    n = len(names)
    families = seating(n, couples)
    state.num_players = n
    state.rng = Rng(seed)
    state.log = [] if log else None
    state.ply = 0
    state.book = book
    state.story_variant = story
    state.names = names
    state.families = families
    state.family_of = tuple(f for s in range(n) for f, seats in enumerate(families) if s in seats)
    state.partner = tuple(next((o for o in families[state.family_of[s]] if o != s), -1) for s in range(n))
    state.step = SETUP
    state.round = 1
    f = len(families)
    rng = state.rng
    # 2. Shuffle the decks; a Children deck nobody can use goes back to the box.
    state.action_deck = rng.shuffled(book.actions)
    state.action_discard = ()
    singles = any(len(seats) == 1 for seats in families)
    state.child_decks = (rng.shuffled(book.children_single) if singles else (),
                         rng.shuffled(book.children_couple) if couples else ())
    state.story_deck = rng.shuffled(book.stories)
    state.vacation_deck = rng.shuffled(book.vacations)
    state.vacation_discard = ()
    # 6-8. Goals and backgrounds drawn.
    shared_box = _shuffled(rng, list(book.shared_goals))
    state.shared_options = tuple((shared_box.pop(), shared_box.pop()) for _ in range(f))
    state.shared_box = tuple(shared_box)
    goal_box = _shuffled(rng, list(book.personal_goals))
    state.goal_options = tuple((goal_box.pop(), goal_box.pop()) for _ in range(n))
    state.goal_box = tuple(goal_box)
    backgrounds = _shuffled(rng, list(book.background))
    state.background = tuple(backgrounds.pop() for _ in range(n))
    state.setup_rows = ("",) * n
    state.personal = (0,) * n
    state.shared = (0,) * f
    # The sheets: 5. three stress marks; 10. Happiness 0, Balance 0.
    state.rows = [(0,) * len(book.character)] * n
    state.opps = ((0,) * len(book.character),) * n
    state.opp_track = [0] * n
    state.persona = [0] * n
    state.likes = [0] * n
    state.frows = [(0,) * len(book.family)] * f
    state.stress = [book.stress_start] * f
    state.happiness = [0] * f
    state.balance = (0,) * f
    state.chart_happiness = [()] * f
    state.chart_joy = [(0,) * book.rounds] * f
    state.children = [()] * f
    state.half_child = (-1,) * f
    # The round's bookkeeping.
    state.choice = [-1] * n
    state.pool = [(0,) * 7] * n
    state.extra = [0] * n
    state.done = [True] * n
    state.prompts = []
    state.offers = []
    state.rolls = []
    # 11. The Action Display.
    state.display = []
    choose.fill_display(state)
    state.say("Our Life: " + "; ".join(("the couple " if len(seats) == 2 else "the single ") + state.family_name(i)
                                       for i, seats in enumerate(families)))
    return state


def _shuffled(rng: Rng, cards: list[int]) -> list[int]:
    rng.shuffle(cards)
    return cards


def options(state: OurLifeState, seat: int) -> tuple[str, list[str]]:
    """The setup choice ``seat`` makes next, and its options: ``shared``, ``goal`` or ``background``."""
    family = state.family_of[seat]
    if state.families[family][0] == seat and state.shared[family] == 0:
        return "shared", [str(c) for c in state.shared_options[family]]
    if state.goal_options[seat]:
        return "goal", [str(c) for c in state.goal_options[seat]]
    if not state.setup_rows[seat]:
        action = state.book.background[state.background[seat]].action
        return "background", [r.id for r in state.book.rows_for(action)]
    return "", []


def keep_shared(state: OurLifeState, seat: int, action: KeepShared) -> None:
    card = action.card
    family = state.family_of[seat]
    state.shared = replaced(state.shared, family, card)
    state.shared_box += tuple(c for c in state.shared_options[family] if c != card)
    state.shared_options = replaced(state.shared_options, family, ())
    _chosen(state, seat)


def keep_goal(state: OurLifeState, seat: int, action: KeepGoal) -> None:
    card = action.card
    state.personal = replaced(state.personal, seat, card)
    state.goal_box += tuple(c for c in state.goal_options[seat] if c != card)
    state.goal_options = replaced(state.goal_options, seat, ())
    _chosen(state, seat)


def background_row(state: OurLifeState, seat: int, action: BackgroundRow) -> None:
    state.setup_rows = replaced(state.setup_rows, seat, action.row)
    _chosen(state, seat)


def _chosen(state: OurLifeState, seat: int) -> None:
    state.say(f"{state.name(seat)} has made a setup choice")
    if not any(state.setup_pending(s) for s in range(state.num_players)):
        _reveal_setup(state)


def _reveal_setup(state: OurLifeState) -> None:
    """Everybody has chosen: goals face up, background marks made, the first round begins."""
    book = state.book
    for family, seats in enumerate(state.families):
        goal = book.shared_goals[state.shared[family]].title
        state.say(f"{state.family_does(family, 'keep', 'keeps')} the Shared Goal {goal}")
        for seat in seats:
            state.say(f"{state.name(seat)} keeps the Personal Goal {book.personal_goals[state.personal[seat]].title}")
    for seat in range(state.num_players):
        card = book.background[state.background[seat]]
        state.say(f"{state.name(seat)}'s background: {card.title}")
        mark_character_row(state, seat, card.row, offer=False)
        row = book.row(state.setup_rows[seat])
        if row.family:
            mark_family_row(state, seat, row, 1)
        else:
            mark_character_row(state, seat, row.index, offer=False)
    state.step = CHOOSE
    state.say("Round 1: choose your Action cards")
