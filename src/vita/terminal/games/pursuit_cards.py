"""The card game in the terminal: each player's melds (with pattern numbers and each
card's power), the discard pile, the stock and, for the seat viewing, its hand."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from vita.core.wording import count
from vita.games.pursuit_cards.cards import SUIT_NAMES, SUITS

DISCARD_SHOWN = 12  # the discard pile's top cards shown (the rest counted)
SUIT_STYLE = {"C": "green", "D": "yellow", "H": "red", "S": "blue"}
SUIT_SIGN = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
STEP_TEXT = {
    "main": "activations, melds, then a discard",
    "build": "laying a new meld",
    "diamond": "taking the cards a Diamond meld gives",
    "defend": "defending against an attack",
    "capture": "capturing cards of the attacked meld",
    "remnant": "discarding a broken meld",
    "over": "game over",
}


def card_text(word: str) -> Text:
    """A card with its suit's colour and sign (so colour is never the only cue)."""
    suit = word[-1] if word[-1] in SUITS else ""
    shown = word + (SUIT_SIGN[suit] if suit else "")
    return Text(shown, style=SUIT_STYLE.get(suit, "magenta"))


def cards_text(words: list[str]) -> Text:
    text = Text()
    for index, word in enumerate(words):
        if index:
            text.append(" ")
        text.append_text(card_text(word))
    return text


def discard_text(pile: list[str], shown: int = DISCARD_SHOWN) -> Text:
    """The discard pile from its top (the card a take starts with), with its count: the whole
    pile when short, else its top cards and how many lie under them."""
    if not pile:
        return Text("discard pile: empty")
    text = Text(f"discard pile, {count(len(pile), 'card')}, top first: ")
    text.append_text(cards_text(pile[::-1][:shown]))
    if len(pile) > shown:
        text.append(f" … and {len(pile) - shown} under them")
    return text


def render(view: dict[str, Any], seat: int | None, compact: bool = False) -> RenderableType:
    """The table; ``compact`` changes nothing: it fits an 80x24 screen as it is."""
    players = view["players"]
    movers = ", ".join(players[s]["name"] for s in view["to_move"]) or "nobody"
    head = Text.assemble(
        (f"{players[view['turn']]['name']}'s turn", "bold"),
        f" — {STEP_TEXT[view['step']]} — to act: {movers}\n",
        f"stock {view['stock']} (pass {view['pass_no']} of {view['passes']})"
        + (" — final turn" if view["final"] else "") + "\n",
    )
    head.append_text(discard_text(view["discard"]))
    if view["temp"]:
        head.append("   played this turn: ")
        head.append_text(cards_text(view["temp"]))
    parts: list[RenderableType] = [Panel(head, title="Pursuit of Happiness", title_align="left")]
    if view["attack"]:
        a = view["attack"]
        parts.append(Text(f"Attack by m{a['meld']} on m{a['target']}: power {a['power']}, "
                          f"defence {a['defence']}"))
    if view["pending"]:
        parts.append(Text.assemble("New meld being laid: ", cards_text(view["pending"])))
    for index, player in enumerate(players):
        table = Table(show_header=True, box=None, pad_edge=False)
        table.add_column("meld")
        table.add_column("suit")
        table.add_column("pattern", justify="right")
        table.add_column("cards (power = position)")
        for meld in view["melds"]:
            if meld["owner"] != index:
                continue
            cells = Text()
            for power, word in enumerate(meld["cards"], start=1):
                cells.append(f"{power}:")
                cells.append_text(card_text(word))
                cells.append("  ")
            suit = SUIT_NAMES[SUITS.index(meld["suit"])]
            table.add_row(f"m{meld['id']}", suit, str(meld["pattern"]), cells)
        body: list[RenderableType] = [table]
        if player["hand"] is not None:
            body.append(Text.assemble("hand: ", cards_text(player["hand"])))
        else:
            body.append(Text(f"{count(player['hand_size'], 'card')} in hand"))
        mark = " (you)" if index == seat else ""
        title = f"{player['name']}{mark} — Happiness {player['happiness']}"
        parts.append(Panel(Group(*body), title=title, title_align="left"))
    return Group(*parts)
