"""The card game's typed prompts: each legal action as the table shows it (:mod:`vita.core.prompt`).

The kinds and their parts are the table in docs/games/pursuit-cards.md ("Prompts"). A card is
named as the view names it (``7H``, ``JK``); a Joker played as a card has a ``declared`` part
(``7H``); melds by their number, places in a meld from 1. A meld being laid stays the steps it
is (start it, then add a card at an end): each step is one prompt.
"""

from __future__ import annotations

from typing import Any, Final

from vita.core.prompt import Id, Kind, Part, Prompt, PromptTable
from vita.core.state import Action
from vita.games.pursuit_cards.actions import (
    Activate,
    AddToMeld,
    Capture,
    Defend,
    Discard,
    Extend,
    Pass,
    Remnant,
    StartMeld,
    Take,
)
from vita.games.pursuit_cards.cards import DECLARED, JOKER, long_name, name
from vita.games.pursuit_cards.state import CardsState

KINDS: Final[dict[str, Kind]] = {
    "activate": Kind("Activate a meld", ("card", "declared?", "meld", "place", "meld?")),
    "take": Kind("Take from the discard pile", ("count",)),
    "defend": Kind("Defend with a Club meld", ("card", "declared?", "meld", "place")),
    "pass": Kind("Stop defending"),
    "capture": Kind("Capture a card", ("end",)),
    "remnant": Kind("Discard a card of the broken meld first", ("card",)),
    "meld": Kind("Start a new meld", ("card", "declared?")),
    "add": Kind("Add to the new meld", ("card", "declared?", "end")),
    "extend": Kind("Extend a meld", ("card", "declared?", "meld", "end")),
    "discard": Kind("Discard and end your turn", ("card",)),
}


def _cards(entry: int) -> list[Part]:
    """A card from the hand, and what a Joker is declared to be."""
    if entry >= DECLARED:
        declared = entry - DECLARED
        return [Part("card", "JK", "Joker"), Part("declared", name(declared), f"as the {long_name(declared)}")]
    return [Part("card", name(entry), long_name(entry) if entry != JOKER else "Joker")]


def _meld(state: CardsState, meld: int) -> Part:
    found = state.find_meld(meld)
    words = f"{state.name(found.owner)}'s {found.words()}" if found is not None and found.cards else "a meld"
    return Part("meld", meld, words)


def prompt(state: CardsState, seat: int, action: Action) -> Prompt:
    """The prompt of ``action``, one of ``seat``'s legal actions."""
    notation, label = str(action), state.label(action)
    if isinstance(action, Activate):
        parts = [*_cards(action.card), _meld(state, action.meld), Part("place", action.position,
                                                                         f"power {action.position}")]
        if action.target >= 0:
            parts.append(_meld(state, action.target))
        return _make(notation, label, "activate", parts)
    if isinstance(action, Defend):
        parts = [*_cards(action.card), _meld(state, action.meld), Part("place", action.position,
                                                                         f"power {action.position}")]
        return _make(notation, label, "defend", parts)
    if isinstance(action, Take):
        count = action.from_discard
        return _make(notation, label, "take", [Part("count", count, f"{count} from the discard pile")],
                     gain={"cards": state.diamond_owed})
    if isinstance(action, Pass):
        return _make(notation, label, "pass", [])
    if isinstance(action, Capture):
        return _make(notation, label, "capture", [Part("end", action.end, f"the {action.end}")])
    if isinstance(action, Remnant):
        return _make(notation, label, "remnant", _cards(action.card))
    if isinstance(action, StartMeld):
        return _make(notation, label, "meld", _cards(action.card))
    if isinstance(action, AddToMeld):
        return _make(notation, label, "add", [*_cards(action.card), Part("end", action.end, f"at the {action.end}")])
    if isinstance(action, Extend):
        return _make(notation, label, "extend", [*_cards(action.card), _meld(state, action.meld),
                                                 Part("end", action.end, f"at the {action.end}")])
    if isinstance(action, Discard):
        return _make(notation, label, "discard", _cards(action.card))
    raise ValueError(f"no prompt for {notation}")


def _make(notation: str, label: str, kind: str, parts: list[Part], gain: dict[str, int] | None = None) -> Prompt:
    return Prompt(notation, label, kind, KINDS[kind].label, tuple(parts), {}, gain or {})


def targets(view: dict[str, Any]) -> dict[str, set[Id]]:
    """The ids of the things a seat's view draws, by part type."""
    cards: set[Id] = set(view["discard"]) | set(view["temp"]) | set(view["pending"])
    for player in view["players"]:
        cards |= set(player["hand"] or ())
    for meld in view["melds"]:
        cards |= {"JK" if entry.startswith("JK") else entry for entry in meld["cards"]}
    if view.get("attack"):
        cards |= set(view["attack"].get("remnant") or ())
    return {"card": cards, "meld": {meld["id"] for meld in view["melds"]},
            "seat": set(range(len(view["players"])))}


TABLE: PromptTable[CardsState] = PromptTable(KINDS, prompt, targets)
