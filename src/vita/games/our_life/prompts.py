"""Our Life's typed prompts: each legal action as the table shows it (:mod:`vita.core.prompt`).

The kinds and their parts are the table in docs/games/our-life.md ("Prompts"). Cards are named
by their number, rows by their id (``education``, ``pet``, ``child1``), seats by number from 0
(as the view lists them); what pays an action is a ``payment`` part (``luck``, ``extra``; none:
the action of its own kind).
"""

from __future__ import annotations

from typing import Any, Final

from vita.core.prompt import Id, Kind, Part, Prompt, PromptTable, listing
from vita.core.state import Action
from vita.games.our_life.actions import (
    EXTRA,
    LUCK,
    PAYS,
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
from vita.games.our_life.cards import SYMBOLS, Row
from vita.games.our_life.describe import personal_goal_text, shared_goal_text
from vita.games.our_life.rules.family import vacation_to_pick
from vita.games.our_life.rules.use import symbol_of
from vita.games.our_life.state import OurLifeState

KINDS: Final[dict[str, Kind]] = {
    "goal": Kind("Keep a Personal Goal", ("card",)),
    "shared": Kind("Keep a Shared Goal", ("card",)),
    "background": Kind("Mark your Background's row", ("row",)),
    "choose": Kind("Choose an action card", ("card",)),
    "mark": Kind("Mark a row", ("row", "payment?")),
    "like": Kind("Like: mark your Digital Persona", ("payment?",)),
    "child": Kind("Spend time on a child", ("payment?",)),
    "vacation": Kind("Go on a vacation", ("seat?", "payment?")),
    "opportunity": Kind("Take the Opportunity", ("payment?",)),
    "skip": Kind("Let the Opportunity go"),
    "post": Kind("Post a Story", ("card",)),
    "like-story": Kind("Like the story"),
    "pass": Kind("Do not like the story"),
    "pick": Kind("Pick a vacation bonus", ("option",)),
    "done": Kind("End your turn"),
}

_PAYING: Final = {LUCK: "with Good Luck", EXTRA: "with your extra action"}


def prompt(state: OurLifeState, seat: int, action: Action) -> Prompt:
    """The prompt of ``action``, one of ``seat``'s legal actions."""
    notation = str(action)
    book = state.book

    def card(number: int) -> Part:
        return Part("card", number, book.title(number))

    def make(kind: str, label: str, *parts: Part, cost: dict[str, int] | None = None,
             gain: dict[str, int] | None = None) -> Prompt:
        return Prompt(notation, label, kind, KINDS[kind].label, parts, cost or {}, gain or {})

    def paid(kind: str, label: str, pay: int, *parts: Part) -> Prompt:
        symbol = symbol_of(state, seat, action) if isinstance(action, Mark | Like | Child | Vacation) else -1
        cost = {"luck": 1} if pay == LUCK else {SYMBOLS[symbol]: 1} if symbol >= 0 else {}
        if pay:
            parts = (*parts, Part("payment", PAYS[pay], _PAYING[pay]))
            label += " " + _PAYING[pay]
        return make(kind, label, *parts, cost=cost)

    if isinstance(action, KeepGoal):
        goal = book.personal_goals[action.card]
        return make("goal", f"Keep the Personal Goal {goal.title} ({personal_goal_text(book, goal)})",
                    card(action.card))
    if isinstance(action, KeepShared):
        shared = book.shared_goals[action.card]
        return make("shared", f"Keep the Shared Goal {shared.title} ({shared_goal_text(shared)})",
                    card(action.card))
    if isinstance(action, BackgroundRow):
        name = book.rows[action.row].name
        return make("background", f"Your Background marks {name}", Part("row", action.row, name))
    if isinstance(action, Choose):
        number = state.display[action.slot]
        chosen = book.actions[number]
        kinds = [SYMBOLS[a] for a in chosen.actions]
        gain = {kind: kinds.count(kind) for kind in kinds}
        return make("choose", f"Choose {chosen.title} ({listing(kinds) or 'no actions'})", card(number), gain=gain)
    if isinstance(action, Mark):
        row = book.rows.get(action.row)
        name = row.name if row is not None else _child(state, seat, action.row)
        return paid("mark", f"Mark {name}{_square(state, seat, row)}", action.pay, Part("row", action.row, name))
    if isinstance(action, Like):
        return paid("like", "Like: mark your Digital Persona", action.pay)
    if isinstance(action, Child):
        return paid("child", "Spend time on a child", action.pay)
    if isinstance(action, Vacation):
        if action.host < 0:
            return paid("vacation", "Start a vacation", action.pay)
        host = state.names[action.host]
        label = "Go on a vacation alone" if action.host == seat else f"Go on vacation with {host}"
        return paid("vacation", label, action.pay, Part("seat", action.host, host))
    if isinstance(action, TakeOpportunity):
        return paid("opportunity", "Take the Opportunity", action.pay)
    if isinstance(action, Skip):
        return make("skip", "Let the Opportunity go")
    if isinstance(action, Post):
        return make("post", f"Post {book.title(action.card)}", card(action.card))
    if isinstance(action, LikeStory):
        return make("like-story", "Like the story")
    if isinstance(action, Pass):
        return make("pass", "Do not like the story")
    if isinstance(action, Pick):
        bonus = _vacation_bonus(state, seat, action.bonus)
        return make("pick", f"Take the vacation's bonus: {bonus}", Part("option", action.bonus + 1, bonus))
    if isinstance(action, Done):
        return make("done", "End your turn")
    raise ValueError(f"no prompt for {notation}")


def _square(state: OurLifeState, seat: int, row: Row | None) -> str:
    """What marking a row's next square gives, as the sheet prints it ("BONUSES"): the bonus of
    the section it finishes and the Life Achievement points it reaches; `` (square 3 of 7:
    finishes a section, 2 Happiness (couple); 3 points)``."""
    if row is None:
        return ""
    marks = state.frows[state.family_of[seat]][row.index] if row.family else state.rows[seat][row.index]
    square = marks + 1
    if square > row.size:
        return ""
    said = []
    if square in row.section_ends:
        bonus = row.bonuses[row.section_ends.index(square)]
        if bonus is not None:
            said.append(f"finishes a section, {bonus.describe()}")
    if row.score_at[square] > row.score_at[marks]:
        points = row.score_at[square]
        said.append(f"{points} point{'' if points == 1 else 's'}")
    return f" (square {square} of {row.size}" + (": " + "; ".join(said) if said else "") + ")"


def _vacation_bonus(state: OurLifeState, seat: int, index: int) -> str:
    """The bonus ``index`` of the vacation card being picked from ("Vacation")."""
    vacation = vacation_to_pick(state)
    return vacation.bonuses[index].describe() if vacation is not None else f"bonus {index + 1}"


def _child(state: OurLifeState, seat: int, row: str) -> str:
    number = int(row.removeprefix("child") or 0) - 1
    kids = state.children[state.family_of[seat]]
    return f"{state.book.title(kids[number][0])} (child {number + 1})" if 0 <= number < len(kids) else row


def targets(view: dict[str, Any]) -> dict[str, set[Id]]:
    """The ids of the things a seat's view draws, by part type."""
    cards: set[Id] = set(view["display"])
    rows: set[Id] = set()
    for player in view["players"]:
        rows |= set(player["rows"])
        if isinstance(player["goal_options"], list):
            cards |= set(player["goal_options"])
        cards |= {c for c in (player["personal_goal"], player["background"]) if isinstance(c, int)}
    for sheet in view["families"]:
        rows |= set(sheet["rows"])
        rows |= {f"child{n}" for n in range(1, len(sheet["children"]) + 1)}
        cards |= {card for card, _ in sheet["children"]}
        if isinstance(sheet["shared_options"], list):
            cards |= set(sheet["shared_options"])
        if isinstance(sheet["shared_goal"], int):
            cards.add(sheet["shared_goal"])
    for waiting in view["prompts"]:
        if isinstance(waiting.get("cards"), list):
            cards |= set(waiting["cards"])
        if isinstance(waiting.get("card"), int):
            cards.add(waiting["card"])
    return {"card": cards, "row": rows, "seat": set(range(len(view["players"])))}


TABLE: PromptTable[OurLifeState] = PromptTable(KINDS, prompt, targets)
