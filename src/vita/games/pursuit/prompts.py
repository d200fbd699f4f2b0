"""The board game's typed prompts: each legal action as the table shows it (:mod:`vita.core.prompt`).

The kinds and their parts are the table in docs/games/pursuit.md ("Prompts"). An action taken
on an action space of the board has that space as its first part (the view's ``spaces``); cards
are named by their id, as the view names them; a row by its name (``projects``).
"""

from __future__ import annotations

from typing import Any, Final

from vita.core.prompt import Id, Kind, Part, Prompt, PromptTable
from vita.core.state import Action
from vita.games.pursuit.actions import (
    Advance,
    ChooseTrait,
    Engage,
    Exchange,
    OnCard,
    Outcome,
    Refresh,
    Simple,
    Spend,
    TakeProject,
    Upgrade,
    Upkeep,
    pay_text,
)
from vita.games.pursuit.cards import RESOURCES, Amount
from vita.games.pursuit.rules import board_actions, community
from vita.games.pursuit.rules.board import ROW_NAMES, ROW_TITLES
from vita.games.pursuit.state import PursuitState

SPACES: Final = {"study": "Study", "play": "Play", "interact": "Interact", "temp-job": "Temp Job",
                  "overtime": "Overtime", "rest": "Rest"}
"""The action spaces that are the whole action, by their names on the board."""
SPACE_NAMES: Final = {**SPACES, "take-project": "Take Project", "spend": "Spend", "get-job": "Get Job",
                      "start-relationship": "Start Relationship"}

KINDS: Final[dict[str, Kind]] = {
    "trait": Kind("Keep a child trait", ("option",)),
    "upkeep-pay": Kind("Pay an upkeep", ("card",)),
    "upkeep-drop": Kind("Drop a card rather than pay its upkeep", ("card",)),
    **{name: Kind(title, ("space",)) for name, title in SPACES.items()},
    "take-project": Kind("Take a project", ("space", "card", "level?", "option?", "payment?")),
    "spend": Kind("Buy an item or activity", ("space", "card", "level")),
    "get-job": Kind("Get a job", ("space", "card")),
    "start-relationship": Kind("Start a relationship", ("space", "card")),
    "advance": Kind("Advance a project", ("card", "payment?")),
    "upgrade": Kind("Upgrade an item or activity", ("card", "level")),
    "promote": Kind("Get a promotion", ("card",)),
    "retire": Kind("Retire from your job"),
    "develop": Kind("Develop a relationship", ("card",)),
    "discard": Kind("Discard a card", ("card",)),
    "refresh": Kind("Refresh a row", ("row",)),
    "exchange": Kind("Use your trait's exchange", ("option",)),
    "engage": Kind("Engage in a Community card", ("card",)),
    "outcome": Kind("Choose an Outcome", ("option", "card?")),
    "done": Kind("Stop shopping"),
}

_NAMES: Final = ("knowledge", "creativity", "influence", "money", "hourglass", "sth", "lth", "relax", "good_health")


def _amount(amount: Amount | None, paid: tuple[int, int, int] | None = None) -> dict[str, int]:
    if amount is None:
        return {}
    res = (*paid, amount.res[3]) if paid is not None else amount.res
    values = (*res, amount.hourglass, amount.sth, amount.lth, amount.relax, amount.good_health)
    return {name: value for name, value in zip(_NAMES, values, strict=True) if value}


def _payment(pay: tuple[int, int, int] | None) -> list[Part]:
    if pay is None:
        return []
    words = [f"{n} {RESOURCES[i].capitalize()}" for i, n in enumerate(pay) if n] or ["nothing"]
    return [Part("payment", pay_text(pay), "pay " + ", ".join(words))]


def prompt(state: PursuitState, seat: int, action: Action) -> Prompt:
    """The prompt of ``action``, one of ``seat``'s legal actions."""
    notation, label = str(action), state.label(action)
    deck = state.deck

    def card(card_id: str) -> Part:
        spec = deck.card(card_id)
        return Part("card", card_id, state.card_name(spec.index, seat))

    def space(name: str) -> Part:
        return Part("space", name, SPACE_NAMES[name])

    def make(kind: str, *parts: Part, cost: dict[str, int] | None = None,
             gain: dict[str, int] | None = None) -> Prompt:
        return Prompt(notation, label, kind, KINDS[kind].label, parts, cost or {}, gain or {})

    if isinstance(action, Simple):
        if action.name in SPACES:
            return make(action.name, space(action.name))
        return make(action.name)
    if isinstance(action, ChooseTrait):
        trait = deck.traits[deck.trait_ids[action.trait]]
        return make("trait", Part("option", action.trait, trait.name))
    if isinstance(action, Upkeep):
        return make("upkeep-pay" if action.pay else "upkeep-drop", card(action.card))
    if isinstance(action, TakeProject):
        spec = deck.card(action.card)
        parts = [space("take-project"), card(action.card)]
        if spec.kind == "group":
            step = next(s for s in spec.steps if board_actions.role_id(s.name) == action.role)
        else:
            step = spec.steps[(action.level or 1) - 1]
        if action.level:
            parts.append(Part("level", action.level, f"L{action.level} ({step.name})"))
        if action.role:
            parts.append(Part("option", action.role, step.name))
        parts += _payment(action.pay)
        return make("take-project", *parts, cost=_amount(step.cost, action.pay), gain=_amount(step.reward))
    if isinstance(action, Spend | Upgrade):
        step = deck.card(action.card).steps[action.level - 1]
        level = Part("level", action.level, f"L{action.level} ({step.name})")
        cost, gain = _amount(step.cost), _amount(step.reward)
        if isinstance(action, Spend):
            return make("spend", space("spend"), card(action.card), level, cost=cost, gain=gain)
        return make("upgrade", card(action.card), level, cost=cost, gain=gain)
    if isinstance(action, Advance):
        spec = deck.card(action.card)
        reached = next(lv for c, lv, _ in state.players[seat].projects if c == spec.index)
        step = spec.steps[reached]
        return make("advance", card(action.card), *_payment(action.pay), cost=_amount(step.cost, action.pay),
                    gain=_amount(step.reward))
    if isinstance(action, OnCard):
        spec = deck.card(action.card)
        if action.verb == "get-job" and spec.hire is not None:
            return make("get-job", space("get-job"), card(action.card), cost=_amount(spec.hire.cost),
                        gain=_amount(spec.hire.reward))
        if action.verb == "start-relationship":
            return make("start-relationship", space("start-relationship"), card(action.card),
                        cost=_amount(spec.steps[0].cost), gain=_amount(spec.steps[0].reward))
        return make(action.verb, card(action.card))
    if isinstance(action, Refresh):
        return make("refresh", Part("row", action.row, ROW_TITLES[ROW_NAMES.index(action.row)]), cost={"sth": 1})
    if isinstance(action, Exchange):
        return make("exchange", Part("option", action.option, action.option.replace("-", " ")))
    if isinstance(action, Engage):
        engaged = community.card_of(state, community.slot_of(state, action.card))
        return make("engage", Part("card", action.card, engaged.name))
    if isinstance(action, Outcome):
        parts = [Part("option", action.number, f"Outcome {action.number}")]
        if action.partner:
            parts.append(card(action.partner))
        return make("outcome", *parts)
    raise ValueError(f"no prompt for {notation}")


def targets(view: dict[str, Any]) -> dict[str, set[Id]]:
    """The ids of the things a seat's view draws, by part type."""
    cards: set[Id] = set()
    for row in view["rows"].values():
        cards |= set(row)
    for player in view["players"]:
        for pile in ("projects", "items", "partners"):
            cards |= {entry["card"] for entry in player[pile]}
        cards |= {card for card in (player["job"], player["retired"], *player["due"]) if card}
    if view.get("community"):
        cards |= {card for card in view["community"]["slots"] if card}
    return {"card": cards, "space": set(view["spaces"]), "row": set(view["rows"]),
            "seat": set(range(len(view["players"])))}


TABLE: PromptTable[PursuitState] = PromptTable(KINDS, prompt, targets)
