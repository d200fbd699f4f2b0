"""CV in the terminal: the track with costs, the dice (bad luck frozen), each CV's stacks
with the active card on top, tokens, hands and life goals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from vita.core.prompt import Prompt
from vita.games.cv.cards import SYMBOLS, TYPES, load_deck
from vita.games.cv.describe import SYMBOL_WORDS, goal_text, symbols_text
from vita.terminal.screen import NEEDED, OTHERS, OWN, Block, one_line

# Each symbol has a letter and a colour (the letter alone says it: colour is never the only cue).
LETTER = {"health": "H", "relationship": "R", "knowledge": "K", "money": "M", "good_luck": "G",
          "bad_luck": "B", "any": "*"}
STYLE = {"health": "green", "relationship": "magenta", "knowledge": "blue", "money": "yellow",
         "good_luck": "bold cyan", "bad_luck": "bold red", "any": "white"}
STEP_TEXT = {
    "draft": "childhood draft: keep a card, pass the others left",
    "roll": "rolling the dice",
    "select": "selecting cards from the track",
    "misfortune": "misfortune: losing active cards",
    "place": "adding cards to a CV",
    "assist": "social assistance",
    "over": "game over",
}


def dice_text(faces: list[str]) -> Text:
    text = Text()
    for index, face in enumerate(faces, start=1):
        frozen = face == "bad_luck"
        text.append(f"{index}:")
        text.append(f"[{LETTER[face]}]" + ("*" if frozen else ""), style=STYLE[face])
        text.append("  ")
    if any(face == "bad_luck" for face in faces):
        text.append("(* frozen: bad luck)", style="dim")
    return text


def counts_text(counts: dict[str, int]) -> Text:
    text = Text()
    for name, count in counts.items():
        if count:
            text.append(f"{count}{LETTER.get(name, name)} ", style=STYLE.get(name, ""))
    return text if text.plain else Text("nothing")


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    deck = load_deck(view.get("cards"))
    players = view["players"]
    movers = ", ".join(players[s]["name"] for s in view["to_move"]) or "nobody"
    decks = view["decks"]
    head = Text.assemble(
        (f"Round {view['round']} — {players[view['turn']]['name']}'s turn", "bold"),
        f" — {STEP_TEXT[view['step']]} — to act: {movers}\n",
        f"decks: early {decks['early']}, middle {decks['middle']}, old {decks['old']}   "
        f"public goals: {'; '.join(goal_text(deck.goals[g]) for g in view['public_goals'])}",
    )
    parts: list[RenderableType] = [Panel(head, title="CV", title_align="left")]
    parts.append(_cards_table(deck, view["track"], "Track (left to right)", numbers=True))
    if view["step"] in ("roll", "select", "misfortune") and view["dice"]:
        line = Text.assemble("Dice: ", dice_text(view["dice"]), f"   throws left: {view['rerolls']}")
        if view["step"] != "roll":
            line.append_text(Text.assemble("\nUnspent symbols: ", counts_text(view["pool"])))
            if any(view["event_pool"].values()):
                line.append_text(Text.assemble("   from events: ", counts_text(view["event_pool"])))
        parts.append(line)
    for index, player in enumerate(players):
        parts.append(_player_panel(deck, view, index, player, seat))
    return Group(*parts)


def _player_panel(deck: Any, view: dict[str, Any], index: int, player: dict[str, Any],
                  seat: int | None) -> Panel:
    body: list[RenderableType] = []
    stacks = Table(box=None, pad_edge=False, show_header=False)
    stacks.add_column("type")
    stacks.add_column("cards (the last is active)")
    for kind in TYPES[:5]:
        cards = player["cv"][kind]
        if cards:
            line = Text(", ".join(deck.card(c).title for c in cards[:-1]) + (" < " if len(cards) > 1 else ""))
            line.append(f"{deck.card(cards[-1]).title} [{cards[-1]}]", style="bold")
            stacks.add_row(f"{kind} ({len(cards)})", line)
    body.append(stacks)
    body.append(Text.assemble("tokens: ", counts_text({k: v for k, v in player["tokens"].items()
                                                        if k in SYMBOLS}),
                              _extras(player["tokens"])))
    if player["hand"] is not None:
        hand = ", ".join(f"{deck.card(c).title} [{c}]" for c in player["hand"]) or "no events"
        hidden = player.get("hidden_in_hand", 0)
        body.append(Text(f"hand: {hand}" + (f" + {hidden} childhood card(s)" if hidden else "")))
    if player["goal"] is not None:
        body.append(Text(f"life goal: {goal_text(deck.goals[player['goal']])}"))
    if player.get("draft"):
        body.append(Text("to choose from: " + ", ".join(f"{deck.card(c).title} [{c}]" for c in player["draft"])))
    mark = " (you)" if index == seat else ""
    title = f"{player['name']}{mark} — {player['cv_size']} CV cards — {view['scores'][index]} points so far"
    return Panel(Group(*body), title=title, title_align="left")


def _extras(tokens: dict[str, int]) -> str:
    extra = [f"{tokens[k]} {SYMBOL_WORDS[k]}" for k in ("die", "reroll") if tokens.get(k)]
    return ("  + " + ", ".join(extra)) if extra else ""


# -- the decision screen (vita.terminal.screen) ----------------------------------------------------


def status(view: dict[str, Any], seat: int | None) -> str:
    players = view["players"]
    return f"Round {view['round']} · {players[view['turn']]['name']}'s turn · {STEP_TEXT[view['step']]}"


def solo(view: dict[str, Any]) -> bool:
    return False  # CV is played by 2 to 4


def decision(view: dict[str, Any], seat: int, prompts: Sequence[Prompt]) -> list[Block]:
    """What a decision needs first: the cards to choose from, the dice with the symbols left
    to spend, the track with each card's cost and what it gives (or the cards being added to
    the CV); then the seat's own CV, tokens, hand and goal; then a line per other player."""
    deck = load_deck(view.get("cards"))
    players = view["players"]
    me = players[seat]
    blocks: list[Block] = []
    step = view["step"]
    if me.get("draft"):
        blocks.append(Block(_cards_table(deck, me["draft"], "To choose from"), NEEDED))
    if step in ("roll", "select", "misfortune") and view["dice"]:
        line = Text.assemble("Dice: ", dice_text(view["dice"]), f"  rerolls left: {view['rerolls']}")
        if step != "roll":
            line.append_text(Text.assemble("\nTo spend: ", counts_text(view["pool"])))
            if any(view["event_pool"].values()):
                line.append_text(Text.assemble("  from events: ", counts_text(view["event_pool"])))
        blocks.append(Block(line, NEEDED))
    placing = [entry["card"] for entry in view["placing"] if entry["seat"] == seat]
    if placing:
        blocks.append(Block(_cards_table(deck, placing, "To add to your CV"), NEEDED))
    if step != "draft" and view["track"]:
        blocks.append(Block(_cards_table(deck, view["track"], "Track (left to right)"),
                            NEEDED if step in ("roll", "select", "assist") else OWN))
    blocks.append(Block(_own(deck, view, seat), NEEDED if step in ("misfortune", "place") else OWN))
    for index, player in enumerate(players):
        if index != seat:
            blocks.append(Block(one_line(_brief(deck, view, index, player)), OTHERS))
    return blocks


def _cards_table(deck: Any, cards: list[int], title: str, numbers: bool = False) -> Table:
    """Cards one to a row: title, type, cost and what each gives (with ``numbers``, first the
    card's number, which the notation uses: the `board` command)."""
    table = Table(title=title, title_justify="left", title_style="bold", box=None, pad_edge=False)
    for column in ("number", "card", "type", "cost", "gives")[0 if numbers else 1:]:
        table.add_column(column, style="dim" if column == "type" else "", overflow="fold")
    for number in cards:
        card = deck.card(number)
        gives = "; ".join(part for part in (symbols_text(card.effect),
                                            f"{card.points} point(s)" if card.points else "") if part)
        table.add_row(*([str(number)] if numbers else []), card.title, "/".join(TYPES[t] for t in card.types),
                      symbols_text(card.cost, SYMBOLS[:6]) or "-", gives or "-")
    return table


def _own(deck: Any, view: dict[str, Any], seat: int) -> RenderableType:
    """The seat's CV (each stack: its count and active card), tokens, hand and life goal."""
    player = view["players"][seat]
    stacks = [f"{kind} {len(cards)} ({deck.card(cards[-1]).title})" for kind in TYPES[:5]
              if (cards := player["cv"][kind])]
    lines = [Text(f"You: {view['scores'][seat]} points, {player['cv_size']} CV cards — "
                  + (" · ".join(stacks) or "no CV card yet"), overflow="fold")]
    tokens = Text.assemble("tokens: ", counts_text({k: v for k, v in player["tokens"].items() if k in SYMBOLS}),
                           _extras(player["tokens"]))
    if player["hand"]:
        tokens.append("   hand: " + ", ".join(deck.card(c).title for c in player["hand"]))
    lines.append(tokens)
    if player["goal"] is not None:
        lines.append(one_line(f"your life goal: {goal_text(deck.goals[player['goal']])}"))
    return Group(*lines)


def _brief(deck: Any, view: dict[str, Any], index: int, player: dict[str, Any]) -> str:
    active = ", ".join(deck.card(cards[-1]).title for kind in TYPES[:5] if (cards := player["cv"][kind]))
    return (f"{player['name']}: {view['scores'][index]} points, {player['cv_size']} CV cards"
            + (f", {player['hand_size']} in hand" if player.get("hand_size") else "")
            + (f" — {active}" if active else ""))
