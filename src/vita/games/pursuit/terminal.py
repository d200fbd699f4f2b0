"""The Pursuit of Happiness in the terminal: the board and each player's area, from a view.

Draws only what the view contains (the seat's view), so nothing hidden can show.
Players are told apart by a symbol as well as a colour.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from vita.core.wording import count
from vita.games.pursuit.board import ROW_NAMES, ROW_TITLES
from vita.games.pursuit.cards import Deck
from vita.games.pursuit.describe import card_lines, community_card_lines
from vita.games.pursuit.position import deck_of

MARKS = ("●", "■", "▲", "◆", "★")
COLOURS = ("red", "blue", "green", "yellow", "magenta")


def _card_panel(deck: Deck, ident: str, note: str = "") -> Panel:
    card = deck.card(ident)
    kind = {"basic": "Project", "single-round": "Single-Round Project", "group": "Group Project",
            "item": "Item", "activity": "Activity", "job": "Job", "partner": "Partner"}[card.kind]
    body = Text("\n".join(card_lines(card)), overflow="fold")
    title = f"[bold]{card.name}[/] [dim]{kind}[/]"
    return Panel(body, title=title, subtitle=note or None, width=46, title_align="left")


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    deck = deck_of(view)
    parts: list[RenderableType] = [_header(view, deck)]
    for row, name in enumerate(ROW_NAMES):
        cards = view["rows"][name]
        if cards:
            panels = [_card_panel(deck, c) for c in cards]
            parts.append(Panel(Columns(panels), title=f"{ROW_TITLES[row]} ({view['piles'][name]} in pile)",
                               title_align="left"))
    if view.get("community") is not None:
        parts.append(_community(view, deck))
    parts.append(_spaces(view))
    for index, player in enumerate(view["players"]):
        parts.append(_player(view, deck, index, player, mine=index == seat))
    return Group(*parts)


def _community(view: dict[str, Any], deck: Deck) -> RenderableType:
    """The Community board (5 slots, left to right, with the markers on each card) and the
    Popularity track with each player's indicator."""
    community = deck.community
    assert community is not None
    board = view["community"]
    panels: list[RenderableType] = []
    for slot, (ident, marks) in enumerate(zip(board["slots"], board["markers"], strict=True), start=1):
        if ident is None:
            panels.append(Panel(Text("(empty)", style="dim"), title=f"{slot}", width=40, title_align="left"))
            continue
        card = community.cards[community.by_id[ident]]
        on_it = " ".join(_mark(m["seat"]) + ("⧗" if m["hourglass"] else "◉") for m in marks)
        body = Text("\n".join(community_card_lines(card)), overflow="fold")
        panels.append(Panel(body, title=f"{slot}. [bold]{card.name}[/]", subtitle=on_it or None,
                            width=40, title_align="left"))
    track = []
    for space, score in enumerate(community.popularity):
        here = "".join(_mark(i) for i, p in enumerate(view["players"]) if p["popularity"] == space)
        track.append(f"{score}{here}" if here else f"[dim]{score}[/]")
    popularity = Text.from_markup("Popularity: " + " ".join(track) + "   (◉ Community token, ⧗ Hourglass marker)")
    title = f"Community board ({board['pile']} in pile, {len(board['discard'])} discarded)"
    return Panel(Group(Columns(panels), popularity), title=title, title_align="left")


def _mark(index: int) -> str:
    return f"[{COLOURS[index]}]{MARKS[index]}[/]"


def _header(view: dict[str, Any], deck: Deck) -> RenderableType:
    players = view["players"]
    movers = ", ".join(f"{_mark(s)} {players[s]['name']}" for s in view["to_move"]) or "nobody (game over)"
    closed = ", ".join(view["closed"]) or "none"
    goals = "; ".join(
        f"[bold]{g.name}[/] ({g.bonus} LTH): {(g.solo if view['solo'] else g.goal).text}"
        for g in (deck.life_goals[deck.goal_ids[i]] for i in view["life_goals"])
    )
    text = (f"[bold]{view['round_name']}[/] round, {view['phase']} phase — first player "
            f"{_mark(view['first'])} {players[view['first']]['name']} — to act: {movers}\n"
            f"Unavailable: {closed}\nLife goals: {goals}")
    return Panel(text, title="The Pursuit of Happiness", title_align="left")


def _spaces(view: dict[str, Any]) -> RenderableType:
    table = Table(title="Board spaces", show_header=False, box=None)
    for name, counts in view["spaces"].items():
        marks = " ".join(_mark(s) * n for s, n in enumerate(counts) if n)
        table.add_row(name, marks)
    groups = view.get("groups", {})
    for card, roles in groups.items():
        table.add_row(f"group {card}", " ".join(_mark(s) if s is not None else "○" for s in roles))
    return table


def _player(view: dict[str, Any], deck: Deck, index: int, p: dict[str, Any], mine: bool) -> RenderableType:
    res = p["resources"]
    hg = p["hourglasses"]
    status = "" if p["alive"] else " [dim](passed away)[/]"
    trait = deck.traits[deck.trait_ids[p["trait"]]] if p["trait"] else None
    lines = [
        f"K {res['knowledge']}  C {res['creativity']}  I {res['influence']}  $ {res['money']}   "
        f"STH {p['sth']:+d}  LTH {p['lth']}   stress: {p['stress_space']}   "
        f"hourglasses {hg['hand']}/{hg['total']}   slots {p['slots']}/3"
        + (f"   Popularity {p['popularity_score']}" if "popularity_score" in p else ""),
        f"child trait: {trait.name} — {trait.text}" if trait
        else "child trait: chosen, shown once everyone has chosen" if p.get("chosen") else "child trait: (not chosen)",
    ]
    if mine and isinstance(p["offer"], list) and not p["trait"]:
        for ident in p["offer"]:
            t = deck.traits[deck.trait_ids[ident]]
            lines.append(f"  dealt: {t.name} — {t.text}")
    held: list[RenderableType] = []
    for holding in p["projects"]:
        held.append(_card_panel(deck, holding["card"], _level_note(holding)))
    for holding in p["items"]:
        held.append(_card_panel(deck, holding["card"], _level_note(holding)))
    if p["job"]:
        held.append(_card_panel(deck, p["job"], "job"))
    if p["retired"]:
        held.append(_card_panel(deck, p["retired"], "retired"))
    for holding in p["partners"]:
        held.append(_card_panel(deck, holding["card"], _level_note(holding)))
    if p["completed"]:
        lines.append("completed: " + ", ".join(deck.card(c).name for c in p["completed"]))
    body: list[RenderableType] = [Text.from_markup("\n".join(lines))]
    if held:
        body.append(Columns(held))
    title = f"{_mark(index)} [bold]{p['name']}[/]{status}{' (you)' if mine else ''}"
    return Panel(Group(*body), title=title, title_align="left")


def _level_note(holding: dict[str, Any]) -> str:
    level = f"at L{holding['level']}" if holding["level"] else "group"
    on_it = count(holding["hourglasses"], "hourglass", "hourglasses")
    return level + (f", {on_it} on it" if holding["hourglasses"] else "")
