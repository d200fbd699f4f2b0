"""The card game in the terminal: each player's melds (with pattern numbers and each
card's power), the discard pile, the stock and, for the seat viewing, its hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from vita.core.prompt import Prompt
from vita.core.wording import count
from vita.games.pursuit_cards.cards import SUIT_NAMES, SUITS
from vita.terminal.screen import NEEDED, OTHERS, OWN, Block

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


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """The whole table (the `board` command)."""
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


# -- the decision screen (vita.terminal.screen) ----------------------------------------------------


def status(view: dict[str, Any], seat: int | None) -> str:
    players = view["players"]
    final = " · final turn" if view["final"] else ""
    return (f"{players[view['turn']]['name']}'s turn · {STEP_TEXT[view['step']]} · stock {view['stock']} "
            f"(pass {view['pass_no']} of {view['passes']}){final}")


def solo(view: dict[str, Any]) -> bool:
    return False  # played by 2 to 5


def decision(view: dict[str, Any], seat: int, prompts: Sequence[Prompt]) -> list[Block]:
    """What a decision needs first: an attack under way, a meld being laid, the cards played
    this turn, the seat's hand and melds, and the melds the choices act on; then the discard
    pile's top; then each other player's melds, a line each."""
    players = view["players"]
    targeted = {part.id for prompt in prompts for part in prompt.parts if part.type == "meld"}
    blocks: list[Block] = []
    if view["attack"]:
        a = view["attack"]
        blocks.append(Block(Text(f"Attack by m{a['meld']} on m{a['target']}: power {a['power']}, "
                                 f"defence {a['defence']}", style="bold"), NEEDED))
    if view["pending"]:
        blocks.append(Block(Text.assemble("New meld being laid: ", cards_text(view["pending"])), NEEDED))
    if view["temp"]:
        blocks.append(Block(Text.assemble("Played this turn: ", cards_text(view["temp"])), NEEDED))
    me = players[seat]
    hand = Text.assemble(("Your hand: ", "bold"), cards_text(me["hand"] or []),
                         f"   Happiness {me['happiness']}")
    blocks.append(Block(hand, NEEDED))
    blocks.append(Block(discard_text(view["discard"], shown=8), OWN))
    for index, player in enumerate(players):
        melds = [meld for meld in view["melds"] if meld["owner"] == index]
        if index == seat:
            if melds:
                blocks.append(Block(Group(*(_meld_line(meld) for meld in melds)), NEEDED))
            continue
        line = Text(f"{player['name']} (Happiness {player['happiness']}, {count(player['hand_size'], 'card')}"
                    " in hand): ")
        for number, meld in enumerate(melds):
            line.append(" · " if number else "")
            line.append_text(_meld_words(meld))
        if not melds:
            line.append("no melds", style="dim")
        line.overflow = "fold"
        blocks.append(Block(line, NEEDED if targeted & {meld["id"] for meld in melds} else OTHERS))
    return blocks


def _meld_words(meld: dict[str, Any]) -> Text:
    """``m3 ♥ 5H 6H 7H``: the meld's name in the choices, its suit and cards in order (a card's
    power is its place)."""
    text = Text(f"m{meld['id']} ")
    text.append_text(cards_text(meld["cards"]))
    return text


def _meld_line(meld: dict[str, Any]) -> Text:
    suit = SUIT_NAMES[SUITS.index(meld["suit"])]
    return Text.assemble(f"Your {suit} meld ", _meld_words(meld), (f"  (pattern {meld['pattern']})", "dim"))
