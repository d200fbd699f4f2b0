"""The Pursuit of Happiness in the terminal: the board and each player's area, from a view.

Draws only what the view contains (the seat's view), so nothing hidden can show.
Players are told apart by a symbol as well as a colour. The full table (every card's whole
text) is the `board` command; a decision's screen draws its parts in a line or two each (a line
per row of cards, two for the player, the stress track in its coloured sections, the others two
to a line), fitted to the window by :mod:`vita.terminal.screen`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from vita.core.prompt import Prompt
from vita.core.wording import count
from vita.games.pursuit.cards import Deck
from vita.games.pursuit.describe import amount_text, card_lines, community_card_lines
from vita.games.pursuit.position import deck_of
from vita.games.pursuit.rules.board import ROW_NAMES, ROW_TITLES
from vita.terminal.screen import NEEDED, OTHERS, OWN, Block

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


# -- lines of the decision screen -----------------------------------------------------------------

# The stress track's sections by the colour names of board.yaml (any other name: no colour).
SECTION_STYLES = {"light green": "bright_green", "turquoise": "cyan", "blue": "blue", "yellow": "yellow",
                  "orange": "dark_orange", "red": "red"}


def _brief(index: int, p: dict[str, Any]) -> str:
    """Another player in half a line: the mark that stands for him everywhere, then his
    resources, happiness tracks and hourglasses (his slots and cards: `board`)."""
    res, hg = p["resources"], p["hourglasses"]
    gone = "" if p["alive"] else " [dim](passed away)[/]"
    return (f"{_mark(index)}{gone} K{res['knowledge']} C{res['creativity']} I{res['influence']} ${res['money']} "
            f"STH{p['sth']:+d} LTH{p['lth']} ⧗{hg['hand']}/{hg['total']}")


def _card_entry(deck: Deck, ident: str) -> str:
    """A card in a row by its name and what taking it costs and gives (its first level; a
    Job's hiring; a group project's roles)."""
    card = deck.card(ident)
    if card.kind == "job" and card.hire is not None:
        step = card.hire
        return f"[bold]{card.name}[/] L{card.job_level} {amount_text(step.cost)}→{amount_text(step.reward)}"
    if card.kind == "group":
        return f"[bold]{card.name}[/] (group)"
    step = card.steps[0]
    return f"[bold]{card.name}[/] {amount_text(step.cost)}→{amount_text(step.reward)}"


def stress_line(deck: Deck, players: list[dict[str, Any]], seat: int | None) -> Text:
    """The stress track in its coloured sections (apart by "|" too) with every living
    player's marker (a digit where several share a space), and, for the seat viewing, what
    its section gives and what the next section to the right would take ("Stress Track")."""
    track = deck.stress
    at = [min(p["stress"], track.last) if p["alive"] else None for p in players]
    text = Text("Stress ")
    for number, (name, low, high, _) in enumerate(track.sections):
        style = SECTION_STYLES.get(name, "")
        if number:
            text.append("|", style="dim")
        for space in range(low, high + 1):
            here = [i for i, position in enumerate(at) if position == space]
            if len(here) == 1:
                text.append(MARKS[here[0]], style=f"bold {COLOURS[here[0]]}")
            elif here:
                text.append(str(len(here)), style="bold")
            else:
                text.append("▪", style=style)
    if seat is None or seat >= len(at) or (position := at[seat]) is None:
        return text
    index = track.section_of(position)
    _, _, high, hourglasses = track.sections[index]
    text.append(f"  you: {players[seat]['stress_space']}, {hourglasses:+d} hourglasses")
    if index + 1 < len(track.sections):
        next_name, _, _, next_hourglasses = track.sections[index + 1]
        text.append(f"; {high + 1 - position} more → {next_name} {next_hourglasses:+d}")
    else:
        text.append(f"; {track.last + 1 - position} more ends a life")
    return text


def _compact_player(deck: Deck, index: int, p: dict[str, Any], mine: bool, held: bool = True) -> RenderableType:
    """Two lines: the player's resources and tracks; what he holds (another player's on one
    line, cut short: the `board` command shows it whole)."""
    res = p["resources"]
    hg = p["hourglasses"]
    head = Text.from_markup(
        f"{_mark(index)} [bold]{p['name']}[/]{' (you)' if mine else ''}"
        + ("" if p["alive"] else " [dim](passed away)[/]")
        + f"  K{res['knowledge']} C{res['creativity']} I{res['influence']} ${res['money']}"
        f"  STH {p['sth']:+d}  LTH {p['lth']}  hourglasses {hg['hand']}/{hg['total']}  slots {p['slots']}/3")
    if not held:
        return head
    cards = [f"Popularity {p['popularity_score']}"] if "popularity_score" in p else []
    cards += [f"{deck.card(h['card']).name} " + (f"L{h['level']}" if h["level"] else "group")
             + (f" ({h['hourglasses']}⧗)" if h["hourglasses"] else "") for h in [*p["projects"], *p["items"]]]
    if p["job"]:
        cards.append(f"{deck.card(p['job']).name} (job)")
    cards += [f"{deck.card(h['card']).name} (partner L{h['level']})" for h in p["partners"]]
    if p["trait"]:
        cards.append(f"trait {deck.traits[deck.trait_ids[p['trait']]].name}")
    if not cards:
        return head
    line = Text("  " + " · ".join(cards), overflow="fold" if mine else "ellipsis", no_wrap=not mine)
    return Group(head, line)


# -- the decision screen (vita.terminal.screen) ----------------------------------------------------


def status(view: dict[str, Any], seat: int | None) -> str:
    deck = deck_of(view)
    players = view["players"]
    phase = f", {view['phase']} phase" if view["phase"] != "action" else ""
    return (f"{view['round_name']} (round {view['round'] + 1} of {len(deck.board.rounds)}){phase} · first "
            f"{MARKS[view['first']]} {players[view['first']]['name']}")


def solo(view: dict[str, Any]) -> bool:
    return len(view["players"]) == 1


def decision(view: dict[str, Any], seat: int, prompts: Sequence[Prompt]) -> list[Block]:
    """What a decision needs first: the rows of cards (each with what taking it costs and
    gives), the Community board, a warning before Old Age, and the seat's own resources,
    tracks and cards; then the spaces taken and the stress track; then the others, two to a
    line. Every card's whole text is the `board` command."""
    deck = deck_of(view)
    players = view["players"]
    rounds = deck.board.rounds
    crowded = len(players) >= 4 or view.get("community") is not None
    blocks: list[Block] = []
    coming = rounds[view["round"] + 1] if view["round"] + 1 < len(rounds) else None
    if coming is not None and coming.stage == "old-age" and view["phase"] != "setup":
        blocks.append(Block(Text.from_markup(
            f"[bold red]Next round is {coming.name}:[/] every player gets {coming.stress} stress"
            + (" and Overtime closes" if rounds[view["round"]].stage != "old-age" else "")), NEEDED))
    if view["phase"] != "setup":
        lines = []
        for row, name in enumerate(ROW_NAMES):
            cards = view["rows"][name]
            if cards:
                title = ROW_TITLES[row].split(" & ")[0]  # "Items & Activities": "Items"
                entries = (f"[bold]{deck.card(c).name}[/]" if crowded else _card_entry(deck, c) for c in cards)
                lines.append(f"[bold]{title}:[/] " + " · ".join(entries))
        blocks.append(Block(Text.from_markup("\n".join(lines), overflow="fold"), NEEDED))
    if view.get("community") is not None and deck.community is not None:
        board = view["community"]
        slots = [f"{i}. " + (deck.community.cards[deck.community.by_id[c]].name if c is not None else "—")
                 + "".join(_mark(m["seat"]) for m in marks)
                 for i, (c, marks) in enumerate(zip(board["slots"], board["markers"], strict=True), start=1)]
        blocks.append(Block(Text.from_markup("[bold]Community:[/] " + " · ".join(slots), overflow="fold"), NEEDED))
    blocks.append(Block(_compact_player(deck, seat, players[seat], mine=True), NEEDED))
    used = [f"{name} " + "".join(_mark(s) * n for s, n in enumerate(counts) if n)
            for name, counts in view["spaces"].items() if any(counts)]
    if used or view["closed"]:
        blocks.append(Block(Text.from_markup(
            "[bold]Spaces:[/] " + ("  ".join(used) or "no space yet")
            + (f" — Unavailable: {', '.join(view['closed'])}" if view["closed"] else ""), overflow="fold"), OWN))
    blocks.append(Block(stress_line(deck, players, seat), OWN))
    others = [index for index in range(len(players)) if index != seat]
    for pair in (others[i:i + 2] for i in range(0, len(others), 2)):
        blocks.append(Block(Text.from_markup("  ".join(_brief(index, players[index]) for index in pair)), OTHERS))
    return blocks
