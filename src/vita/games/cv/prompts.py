"""CV's typed prompts: each legal action as the table shows it (:mod:`vita.core.prompt`).

The kinds and their parts are the table in docs/games/cv.md ("Prompts"). Cards are named by
the number the view uses for them, dice by their place in the row from 1, seats by number.
"""

from __future__ import annotations

from typing import Any, Final

from vita.core.prompt import Id, Kind, Part, Prompt, PromptTable, amounts, listing
from vita.core.state import Action
from vita.games.cv.actions import Assist, Buy, Done, Friend, Keep, Lose, Magician, Place, Play, Reroll, Stop, Trip
from vita.games.cv.cards import COSTS, EFFECTS, SYMBOLS, TYPES
from vita.games.cv.rules.select import neighbour
from vita.games.cv.state import CvState
from vita.games.cv.steps import LUCK_PRICE

KINDS: Final[dict[str, Kind]] = {
    "keep": Kind("Keep a childhood card", ("card",)),
    "reroll": Kind("Reroll dice", ("dice",)),
    "stop": Kind("Keep the dice"),
    "play": Kind("Play an event", ("card",)),
    "buy": Kind("Take a card from the track", ("card", "type?", "payment?")),
    "magician": Kind("Magician: change a symbol", ("symbol", "symbol")),
    "trip": Kind("Trip around the world: change bad luck", ("symbol",)),
    "friend": Kind("Friend from work: borrow a symbol", ("seat", "symbol")),
    "done": Kind("End the selection"),
    "lose": Kind("Lose an active card", ("card",)),
    "place": Kind("Add a card to your CV", ("card", "type?", "place")),
    "assist": Kind("Social assistance: take a card for free", ("card", "type?")),
    "no-assist": Kind("Social assistance: take nothing"),
}


def _symbol(index: int) -> str:
    return SYMBOLS[index].replace("_", " ")


def _card(state: CvState, number: int) -> Part:
    return Part("card", number, state.deck.title(number))


def _type(as_type: int) -> Part:
    return Part("type", TYPES[as_type], f"as {TYPES[as_type]}")


def _cost_gain(state: CvState, number: int, luck: bool = False) -> tuple[dict[str, int], dict[str, int]]:
    card = state.deck.card(number)
    cost = {"good_luck": LUCK_PRICE} if luck else amounts(SYMBOLS[:COSTS], card.cost)
    gain = amounts(EFFECTS, card.effect)
    if card.points:
        gain["points"] = card.points
    return cost, gain


def _price(cost: dict[str, int], gain: dict[str, int]) -> str:
    """What taking a card costs and gives, in words ("Select cards": the cost in symbols; the
    card's effect, and its points).

    >>> _price({"health": 1, "money": 1}, {"relationship": 1})
    'pay 1 health and 1 money, gives 1 relationship'
    >>> _price({}, {"points": 2})
    'gives 2 points'
    """
    def words(amounts: dict[str, int]) -> str:
        return listing([f"{n} {name.replace('_', ' ')}" for name, n in amounts.items()])

    paid = f"pay {words(cost)}, " if cost else ""
    return paid + (f"gives {words(gain)}" if gain else "gives nothing now")


def prompt(state: CvState, seat: int, action: Action) -> Prompt:
    """The prompt of ``action``, one of ``seat``'s legal actions."""
    notation = str(action)
    title = state.deck.title
    if isinstance(action, Keep):
        return _make(notation, "keep", f"Keep {title(action.card)} and pass the others on", _card(state, action.card))
    if isinstance(action, Reroll):
        places = [str(i + 1) for i in action.positions()]
        faces = [_symbol(state.dice[i]) for i in action.positions()]
        words = "die" if len(places) == 1 else "dice"
        part = Part("dice", tuple(i + 1 for i in action.positions()), f"{words} {listing(places)}")
        return _make(notation, "reroll", f"Reroll {words} {listing(places)} ({listing(faces)})", part)
    if isinstance(action, Stop):
        return _make(notation, "stop", "Keep the dice as they are")
    if isinstance(action, Play):
        return _make(notation, "play", f"Play {title(action.card)}", _card(state, action.card))
    if isinstance(action, Buy):
        cost, gain = _cost_gain(state, action.card, action.luck)
        parts = [_card(state, action.card)]
        if action.as_type >= 0:
            parts.append(_type(action.as_type))
        if action.luck:
            parts.append(Part("payment", "luck", f"with {LUCK_PRICE} good luck"))
        typed = f" as a {TYPES[action.as_type]} card" if action.as_type >= 0 else ""
        paying = f" with {LUCK_PRICE} good luck" if action.luck else ""
        return _make(notation, "buy", f"Take {title(action.card)}{typed}{paying}: {_price(cost, gain)}", *parts,
                     cost=cost, gain=gain)
    if isinstance(action, Magician):
        return _make(notation, "magician", f"Magician: a {_symbol(action.source)} symbol becomes "
                     f"{_symbol(action.target)}", Part("symbol", SYMBOLS[action.source], _symbol(action.source)),
                     Part("symbol", SYMBOLS[action.target], _symbol(action.target)),
                     cost={SYMBOLS[action.source]: 1}, gain={SYMBOLS[action.target]: 1})
    if isinstance(action, Trip):
        return _make(notation, "trip", f"Trip around the world: a bad luck symbol becomes {_symbol(action.target)}",
                     Part("symbol", SYMBOLS[action.target], _symbol(action.target)),
                     cost={"bad_luck": 1}, gain={SYMBOLS[action.target]: 1})
    if isinstance(action, Friend):
        other = neighbour(state, seat, action.side)
        return _make(notation, "friend", f"Friend from work: use a {_symbol(action.symbol)} symbol of "
                     f"{state.name(other)}'s job", Part("seat", other, state.name(other)),
                     Part("symbol", SYMBOLS[action.symbol], _symbol(action.symbol)), gain={SYMBOLS[action.symbol]: 1})
    if isinstance(action, Done):
        return _make(notation, "done", "End the selection of cards")
    if isinstance(action, Lose):
        return _make(notation, "lose", f"Lose {title(action.card)}", _card(state, action.card))
    if isinstance(action, Place):
        parts = [_card(state, action.card)]
        if action.as_type >= 0:
            parts.append(_type(action.as_type))
        where = f"under {title(action.under)}" if action.under else "on top"
        parts.append(Part("place", action.under or "top", where))
        typed = f" as a {TYPES[action.as_type]} card" if action.as_type >= 0 else ""
        return _make(notation, "place", f"Put {title(action.card)}{typed} {where} of its stack", *parts)
    if isinstance(action, Assist) and action.card:
        parts = [_card(state, action.card)]
        if action.as_type >= 0:
            parts.append(_type(action.as_type))
        cost, gain = _cost_gain(state, action.card)
        typed = f" as a {TYPES[action.as_type]} card" if action.as_type >= 0 else ""
        return _make(notation, "assist", f"Take {title(action.card)}{typed} for free: {_price({}, gain)}", *parts,
                     gain=gain)
    if isinstance(action, Assist):
        return _make(notation, "no-assist", "Take no card")
    raise ValueError(f"no prompt for {notation}")


def _make(notation: str, kind: str, label: str, *parts: Part, cost: dict[str, int] | None = None,
          gain: dict[str, int] | None = None) -> Prompt:
    return Prompt(notation, label, kind, KINDS[kind].label, parts, cost or {}, gain or {})


def targets(view: dict[str, Any]) -> dict[str, set[Id]]:
    """The ids of the things a seat's view draws, by part type."""
    cards: set[Id] = set(view["track"]) | set(view["public_goals"]) | set(view["box"])
    cards |= {entry["card"] for entry in (*view["placing"], *view["bought"])}
    for player in view["players"]:
        for stack in player["cv"].values():
            cards |= set(stack)
        for pile in ("hand", "draft", "kept"):
            cards |= set(player[pile] or ())
    dice: set[Id] = set(range(1, len(view["dice"]) + 1))
    return {"card": cards, "dice": dice, "die": dice, "seat": set(range(len(view["players"])))}


TABLE: PromptTable[CvState] = PromptTable(KINDS, prompt, targets)
