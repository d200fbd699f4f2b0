"""Our Life in the terminal: the Action Display, each family's Family sheet (its rows, the stress
track in green, white and red, Happiness, Balance and the Happiness Chart) and each player's
Character sheet (rows of squares with their sections and Opportunities, the Digital Persona and
Opportunities tracks). Another family's chosen card shows only as "chosen" until the reveal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from vita.core.prompt import Prompt
from vita.games.our_life.cards import SYMBOLS, Book, Row, load_book
from vita.terminal.screen import NEEDED, OTHERS, OWN, Block, one_line

# Each action has a letter and a colour (the letter alone says it: colour is never the only cue).
LETTER = {"health": "H", "knowledge": "K", "money": "$", "relationship": "R", "time": "T", "like": "L",
          "luck": "*"}
STYLE = {"health": "green", "knowledge": "blue", "money": "yellow", "relationship": "magenta", "time": "cyan",
         "like": "bright_magenta", "luck": "bold white"}
STEP_TEXT = {"setup": "setup: keep a goal, choose a background row", "choose": "choose your Action cards (secret)",
             "use": "using actions", "over": "game over"}


def actions_text(names: list[str] | dict[str, int]) -> Text:
    counts = names if isinstance(names, dict) else {n: names.count(n) for n in dict.fromkeys(names)}
    text = Text()
    for name, count in counts.items():
        if count:
            text.append(f"{count}{LETTER[name]} " if count > 1 else f"{LETTER[name]} ", style=STYLE[name])
    return text if text.plain else Text("none", style="dim")


def row_text(row: Row, marks: int, covered: list[int] | None = None) -> Text:
    """A row as squares: X marked, · empty, | between sections; the Opportunity linked to a square
    follows it in brackets (the letter of the action that pays it, ♦ once covered); then the
    points reached."""
    text = Text()
    for square in range(1, row.size + 1):
        linked = row.opportunities[square - 1] >= 0
        if square <= marks:
            text.append("X", style="bold")
        else:
            text.append("·", style="dim")
        if linked:  # the Opportunity's square: the action that pays it, or ♦ once covered
            needs = SYMBOLS[row.opportunities[square - 1]]
            text.append(f"[{'♦' if covered and square in covered else LETTER[needs]}]", style=STYLE[needs])
        if square in row.section_ends and square != row.size:
            text.append("|", style="dim")
    text.append(f"  {row.score_at[marks]} pt")
    return text


def stress_text(book: Book, marks: int) -> Text:
    text = Text()
    red_start = book.stress_green + book.stress_white
    for square in range(1, book.stress_size + 1):
        colour = "green" if square <= book.stress_green else "white" if square <= red_start else "red"
        text.append("X" if square <= marks else "·", style=f"bold {colour}")
        if square in (book.stress_green, red_start):
            text.append("|", style="dim")
    return text


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    book = load_book(view.get("cards"))
    players = view["players"]
    movers = ", ".join(players[s]["name"] for s in view["to_move"]) or "nobody"
    head = Text.assemble((f"Round {view['round']}/{book.rounds}", "bold"), f" — {STEP_TEXT[view['step']]}"
                         f" — to act: {movers}")
    if view["prompts"]:
        prompt = view["prompts"][0]
        head.append(f"\nWaiting for {players[prompt['seat']]['name']}: {prompt['kind']}")
    if "solo_result" in view:
        head.append(f"\nSolo result: {view['solo_result']}", style="bold")
    display = _display(book, view, numbers=True)
    legend = Text("Actions: H health, K knowledge, $ money, R relationship, T time, L like, * Good Luck (wild). "
                  "Rows: X marked, · empty, | sections, [T] an Opportunity paid with that action (♦ taken).",
                  style="dim")
    parts: list[RenderableType] = [Panel(head, title="Our Life", title_align="left"), display, legend]
    for family, sheet in enumerate(view["families"]):
        parts.append(_family_panel(book, view, family, sheet, seat))
    return Group(*parts)


def _family_panel(book: Book, view: dict[str, Any], family: int, sheet: dict[str, Any], seat: int | None) -> Panel:
    seats = sheet["seats"]
    body: list[RenderableType] = []
    goal = sheet["shared_goal"]
    goal_text = book.shared_goals[goal].title if isinstance(goal, int) and goal in book.shared_goals else "(secret)"
    body.append(Text.assemble("Happiness ", (str(sheet["happiness"]), "bold"), "   Balance ",
                              (str(sheet["balance"]), "bold"), "   stress ", stress_text(book, sheet["stress"]),
                              f"   Shared Goal: {goal_text}"))
    chart = Text("Happiness Chart: ")
    for round_ in range(book.rounds):
        star = "★" if round_ + 1 in book.goal_rounds else ""
        written = sheet["chart"]["happiness"]
        happy = str(written[round_]) if round_ < len(written) else "-"
        chart.append(f"{round_ + 1}{star}:{happy}/{sheet['chart']['joy'][round_]}  ")
    body.append(chart)
    rows = Table(box=None, pad_edge=False, show_header=False)
    rows.add_column("row")
    rows.add_column("squares")
    for row in book.family:
        rows.add_row(row.name, row_text(row, sheet["rows"][row.id]))
    for number, (card, marks) in enumerate(sheet["children"], start=1):
        child = book.children[card]
        rows.add_row(f"child{number}", Text(f"{child.title}: {'X' * marks}{'·' * (child.squares - marks)} "
                                            f"({SYMBOLS[child.action]}; unfinished: -{child.penalty})"))
    body.append(rows)
    for other in seats:
        body.append(_character(book, view, other, seat))
    kind = "couple" if len(seats) == 2 else "single"
    names = " and ".join(view["players"][s]["name"] for s in seats)
    score = f" — {view['scores'][seats[0]]:g} points" if "scores" in view else ""
    return Panel(Group(*body), title=f"{names} ({kind}){score}", title_align="left")


def _character(book: Book, view: dict[str, Any], other: int, seat: int | None) -> RenderableType:
    player = view["players"][other]
    rows = Table(box=None, pad_edge=False, show_header=False, title_justify="left",
                 title=f"Character sheet of {player['name']}{' (you)' if other == seat else ''}")
    rows.add_column("row")
    rows.add_column("squares")
    for row in book.character:
        rows.add_row(row.name, row_text(row, player["rows"][row.id], player["opportunities"].get(row.id)))
    persona = player["persona"]
    half = book.persona_length // 2
    line = "X" * persona + "·" * (book.persona_length - persona)
    rows.add_row("Digital Persona", Text(f"{line[:half]}|{line[half:]}  ({player['likes']} Likes in all)"))
    crossed = player["opportunity_track"]
    points = book.opportunity_points
    rows.add_row("Opportunities", Text(f"{'X' * crossed}{'·' * (len(points) - 1 - crossed)}  {points[crossed]} pt"))
    goal = player["personal_goal"]
    goal_text = book.personal_goals[goal].title if isinstance(goal, int) and goal in book.personal_goals else "(secret)"
    choice = player["choice"]
    chosen = "chosen (secret)" if choice is True else (
        book.actions[view["display"][choice - 1]].title if isinstance(choice, int) and not isinstance(choice, bool)
        else "not yet")
    rows.add_row("Goal", Text(f"{goal_text}   background: {book.background[player['background']].title}"))
    if view["step"] in ("choose", "use"):
        rows.add_row("This round", Text.assemble(f"card: {chosen}   actions left: ", actions_text(player["actions"]),
                                                 "  extra: ", actions_text(player["extra"]),
                                                 "  (done)" if player["done"] and view["step"] == "use" else ""))
    return rows


# -- the decision screen (vita.terminal.screen) ----------------------------------------------------


def status(view: dict[str, Any], seat: int | None) -> str:
    book = load_book(view.get("cards"))
    return f"Round {view['round']} of {book.rounds} · {STEP_TEXT[view['step']]}"


def solo(view: dict[str, Any]) -> bool:
    return len(view["families"]) == 1  # one Single or one Couple: "SOLO/CO-OP MODE"


def decision(view: dict[str, Any], seat: int, prompts: Sequence[Prompt]) -> list[Block]:
    """What a decision needs first: the Action Display while choosing; the rows of the seat's
    sheets its choices can mark (with their squares and points) and the actions it has left;
    then its family's totals and goals; then a line per other family."""
    book = load_book(view.get("cards"))
    me = view["players"][seat]
    family_index = next(i for i, f in enumerate(view["families"]) if seat in f["seats"])
    family = view["families"][family_index]
    blocks: list[Block] = []
    if view["step"] == "choose":
        blocks.append(Block(_display(book, view), NEEDED))
        secret = [p["name"] for p in view["players"] if p["choice"] is True]
        if secret:  # another family's card stays hidden until the reveal
            blocks.append(Block(one_line(f"Chosen in secret: {', '.join(secret)}"), OWN))
    marked = list(dict.fromkeys(str(part.id) for prompt in prompts for part in prompt.parts
                                if part.type == "row" and str(part.id) in book.rows))
    if marked:
        rows = Table(box=None, pad_edge=False, show_header=False)
        rows.add_column("row", style="bold")
        rows.add_column("squares", overflow="fold")
        for ident in marked:
            row = book.rows[ident]
            if ident in me["rows"]:
                rows.add_row(row.name, row_text(row, me["rows"][ident], me["opportunities"].get(ident)))
            elif ident in family["rows"]:
                rows.add_row(row.name, row_text(row, family["rows"][ident]))
        blocks.append(Block(rows, NEEDED))
    if view["step"] == "use":
        blocks.append(Block(Text.assemble("Your actions left: ", actions_text(me["actions"]), "  extra: ",
                                          actions_text(me["extra"])), NEEDED))
    blocks.append(Block(_totals(book, view, seat, family), OWN))
    for index, other in enumerate(view["families"]):
        if index != family_index:
            blocks.append(Block(one_line(_family_line(book, view, other)), OTHERS))
    return blocks


def _display(book: Book, view: dict[str, Any], numbers: bool = False) -> Table:
    """The Action Display, a card to a row, with who has chosen each once it is shown (with
    ``numbers``, first each card's place, which the notation uses: the `board` command)."""
    players = view["players"]
    display = Table(title="Action Display", title_justify="left", title_style="bold", box=None, pad_edge=False)
    for column in ("#", "card", "actions", "relax", "stress dice", "opport.", "chosen by")[0 if numbers else 1:]:
        display.add_column(column, overflow="fold")
    for slot, number in enumerate(view["display"]):
        card = book.actions[number]
        chosen = ", ".join(p["name"] for p in players if p["choice"] is not True and p["choice"] == slot + 1)
        display.add_row(*([str(slot + 1)] if numbers else []), card.title,
                        actions_text([SYMBOLS[a] for a in card.actions]), str(card.relax or ""),
                        str(card.stress or ""), str(card.opportunity or ""), chosen)
    return display


def sheet_points(book: Book, player: dict[str, Any], family: dict[str, Any]) -> int:
    """The Life Achievement points a player's rows have reached so far (Character and Family
    sheet rows: the rightmost points reached in each, as "Scoring" counts them)."""
    points: int = (sum(row.score_at[player["rows"][row.id]] for row in book.character)
                   + sum(row.score_at[family["rows"][row.id]] for row in book.family))
    return points


def _totals(book: Book, view: dict[str, Any], seat: int, family: dict[str, Any]) -> RenderableType:
    me = view["players"][seat]
    line = Text.assemble("You: ", (f"{sheet_points(book, me, family)} row points", "bold"), " · Happiness ",
                         (str(family["happiness"]), "bold"), " · Balance ", (str(family["balance"]), "bold"),
                         " · stress ", stress_text(book, family["stress"]))
    goals = []
    goal = me["personal_goal"]
    if isinstance(goal, int) and not isinstance(goal, bool) and goal in book.personal_goals:
        goals.append(f"Personal Goal {book.personal_goals[goal].title}")
    shared = family["shared_goal"]
    if isinstance(shared, int) and not isinstance(shared, bool) and shared in book.shared_goals:
        goals.append(f"Shared Goal {book.shared_goals[shared].title}")
    return Group(line, one_line(" · ".join(goals))) if goals else line


def _family_line(book: Book, view: dict[str, Any], family: dict[str, Any]) -> str:
    names = " and ".join(view["players"][s]["name"] for s in family["seats"])
    points = " + ".join(str(sheet_points(book, view["players"][s], family)) for s in family["seats"])
    return (f"{names}: {points} row points · Happiness {family['happiness']} · Balance {family['balance']}"
            f" · stress {family['stress']}")
