"""Who may do what: legal actions, the reason any other action is refused, and their wording.

Reason codes (stable, listed in docs/games/our-life.md): ``not-your-turn``, ``wrong-step``,
``no-such-row``, ``row-full``, ``no-action-left``, ``partner-card``, ``not-an-option``,
``actions-left``, ``no-child``, ``no-vacation``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from vita.core.errors import Reason
from vita.core.shared import keep
from vita.core.state import Action
from vita.games.our_life.actions import (
    DONE,
    LIKE_STORY,
    OWN,
    PASS,
    SKIP,
    BackgroundRow,
    Child,
    Choose,
    Done,
    KeepGoal,
    KeepShared,
    Like,
    LikeStory,
    Mark,
    Pass,
    Pick,
    Post,
    Skip,
    TakeOpportunity,
    Vacation,
)
from vita.games.our_life.cards import SYMBOLS
from vita.games.our_life.rules import choose, family, setup, use
from vita.games.our_life.state import OurLifeState
from vita.games.our_life.steps import CHOOSE, OPPORTUNITY, POST, PROMPTS, SETUP, STORY, USE

__all__ = ["legal_actions", "why_illegal"]


def legal_actions(state: OurLifeState, seat: int) -> list[Action]:
    if seat not in state.to_move():
        return []
    if state.prompts:
        return _prompt_answers(state, seat, state.prompts[0])
    if state.step == USE:
        actions = use.use_actions(state, seat)
        if not use.must_go_on(state, seat):
            actions.append(DONE)
        return actions
    if state.step == CHOOSE:
        return [_choose(slot) for slot in choose.options(state, seat)]
    kind, options = setup.options(state, seat)
    if kind == "shared":
        return [KeepShared(int(c)) for c in options]
    if kind == "goal":
        return [KeepGoal(int(c)) for c in options]
    return [BackgroundRow(r) for r in options]


_CHOOSE: Final[dict[int, Choose]] = {}


def _choose(slot: int) -> Choose:
    """The shared choice of display position ``slot`` (:mod:`vita.core.shared`)."""
    action = _CHOOSE.get(slot)
    return action if action is not None else keep(_CHOOSE, slot, Choose(slot))


def _prompt_answers(state: OurLifeState, seat: int, prompt: tuple[Any, ...]) -> list[Action]:
    kind = prompt[0]
    if kind == OPPORTUNITY:
        needs = state.book.character[prompt[2]].opportunities[prompt[3] - 1]
        return [*(TakeOpportunity(p) for p in use.pay_options(state, seat, needs)), SKIP]
    if kind == POST:
        return [Post(card) for card in prompt[2:]]
    if kind == STORY:
        return [LIKE_STORY, PASS]
    return [Pick(0), Pick(1)]


def why_illegal(state: OurLifeState, seat: int, action: Action) -> str | None:
    if action in legal_actions(state, seat):
        return None
    movers = state.to_move()
    if not movers:
        return Reason("the game is over", "game-over")
    if seat not in movers:
        waiting = ", ".join(state.name(s) for s in movers)
        return Reason(f"{state.name(seat)} is not asked to act now (waiting for {waiting})", "not-your-turn")
    expected = _expected(state)
    if not isinstance(action, _ACCEPTED[expected]):
        return Reason(f"now is the time to {_ASKS[expected]}, not {action}", "wrong-step")
    return _why_not(state, seat, action)


def _expected(state: OurLifeState) -> str:
    if state.prompts:
        return PROMPTS[state.prompts[0][0]]
    if state.step == SETUP:
        return "setup"
    return "choose" if state.step == CHOOSE else "use"


_ACCEPTED: Final[dict[str, tuple[type, ...]]] = {
    "setup": (KeepGoal, KeepShared, BackgroundRow),
    "choose": (Choose,),
    "use": (Mark, Like, Child, Vacation, Done),
    "opportunity": (TakeOpportunity, Skip),
    "post": (Post,),
    "story": (LikeStory, Pass),
    "vacation": (Pick,),
}

_ASKS: Final = {
    "setup": "make your setup choices (goal, shared, background)",
    "choose": "choose an Action card",
    "use": "use your actions (mark, like, child, vacation, done)",
    "opportunity": "take the Opportunity or skip it",
    "post": "choose the story to post",
    "story": "Like the story or pass",
    "vacation": "pick a bonus of the Vacation card",
}


def _why_not(state: OurLifeState, seat: int, action: Action) -> Reason:
    if isinstance(action, Choose):
        partner = state.partner[seat]
        if partner >= 0 and state.choice[partner] == action.slot:
            return Reason("your partner chose that card: partners choose different cards", "partner-card")
        return Reason(f"the display has {len(state.display)} cards", "not-an-option")
    if isinstance(action, Done):
        return Reason("use your remaining actions first: none may be saved, and each has a use", "actions-left")
    if isinstance(action, Mark | Like | Child | Vacation | TakeOpportunity):
        return _why_not_use(state, seat, action)
    if isinstance(action, KeepGoal | KeepShared | BackgroundRow):
        kind, options = setup.options(state, seat)
        return Reason(f"choose your {kind} among: {', '.join(options)}", "not-an-option")
    return Reason(f"{action} is not one of the choices offered", "not-an-option")


def _why_not_use(state: OurLifeState, seat: int, action: Mark | Like | Child | Vacation | TakeOpportunity) -> Reason:
    """Why a use of an action is refused: what it names does not exist or is full, or nothing pays it."""
    if isinstance(action, TakeOpportunity):
        prompt = state.prompts[0]
        symbol = state.book.character[prompt[2]].opportunities[prompt[3] - 1]
    else:
        symbol = use.symbol_of(state, seat, action)
        if symbol < 0:
            return Reason(f"no row called {action.row} can be marked with an action", "no-such-row")  # type: ignore[union-attr]
        if isinstance(action, Vacation) and action.host >= 0 and action.host not in state.offers:
            return Reason(f"seat {action.host + 1} has no vacation waiting for a second Money action", "no-vacation")
        if isinstance(action, Child) and not family.may_have_child(state, seat):
            return Reason("no child now: the Children deck or row is exhausted, or your partner must spend "
                          "the second Time action", "no-child")
        if replace(action, pay=OWN) not in use.uses(state, seat, symbol):
            return Reason(f"{action} cannot be done: that row is full", "row-full")
    kind = (SYMBOLS[symbol], "Good Luck", "extra")[action.pay]
    return Reason(f"you have no {kind} action left to pay for {action}", "no-action-left")


