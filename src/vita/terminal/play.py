"""Playing a game in the terminal: people at the keyboard, bots in the other seats.

The game is drawn by its terminal drawing (:mod:`vita.terminal.games`, by game id);
this module only shows views, logs and menus, and reads choices. It contains
no rule: every choice is checked by the engine, and a refusal is shown with
its reason.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.prompt import Prompt
from rich.syntax import Syntax
from rich.table import Table
from rich.text import Text

from vita.core import undo
from vita.core.bots import Bot
from vita.core.errors import IllegalAction
from vita.core.game import Game
from vita.core.prompt import Prompt as ChoicePrompt
from vita.core.record import GameRecord, replay
from vita.core.state import Action, State
from vita.core.undo import Taken, learns
from vita.terminal.games import JSON, Drawing, drawing
from vita.terminal.screen import NEEDED, Block, fit, folded, height, one_line, page, thinking

MENU_LIMIT = 24  # up to this many choices, every one is listed (fewer when the screen is short)
MENU_MIN = 6  # ... but at least this many rows of choices, whatever the screen
NARROW = 100  # under this many columns a choice shows its label without its notation
GROUP_LIMIT = 8  # above it, a kind of action with more choices than this is folded under its letter


class Quit(Exception):
    """The person asked to stop (the record keeps the game so far)."""


@dataclass
class Seat:
    """Who plays a seat: a person (``bot`` is None) or a bot."""

    name: str
    bot: Bot | None = None
    bot_name: str = ""

    @property
    def human(self) -> bool:
        return self.bot is None

    def record_label(self) -> str:
        return f"bot:{self.bot_name}" if self.bot is not None else f"human:{self.name}"


@dataclass
class Menu:
    """The choices as listed on a screen: by kind (each kind's actions, its label and letter),
    the kinds folded under their letter, and the actions numbered on screen."""

    kinds: dict[str, list[tuple[Action, ChoicePrompt]]]
    letters: dict[str, str]
    folded: set[str]
    listed: list[Action]
    body: RenderableType
    blocks: list[Block] = field(default_factory=list)  # the table's parts the decision needs


@dataclass
class Session:
    game: Game[Any, Any]
    state: State
    seats: list[Seat]
    record: GameRecord
    console: Console
    save_path: str | None = None
    printed: dict[int | None, int] = field(default_factory=dict)
    last_human: int | None = None
    # The actions taken in this session (the record's last ones), as the undo sees them: who
    # took each, a person or a bot, and whether it may be taken back (core.undo).
    history: list[Taken] = field(default_factory=list)
    message: list[Text] = field(default_factory=list)  # said on the next screen (a refusal, an undo)

    @property
    def drawing(self) -> Drawing:
        return drawing(self.game)

    # -- output ------------------------------------------------------------------

    def render(self, seat: int | None) -> None:
        """The whole table, paged to the window (the `board` command)."""
        page(self.console, self.drawing.render(self.state.view(seat), seat))

    def height_of(self, drawn: Any) -> int:
        return height(self.console, drawn)

    def news(self, seat: int | None) -> list[str]:
        """The log since ``seat`` last saw it (worded for it), marked as seen."""
        start = self.printed.get(seat, 0)
        lines = self.state.events_for(seat, start)
        self.printed[seat] = start + len(lines)
        return lines

    def flush_log(self, seat: int | None) -> None:
        for line in self.news(seat):
            self.console.print(line, markup=False, highlight=False)

    def save(self) -> None:
        if self.save_path:
            self.record.save(self.save_path)

    # -- the loop ----------------------------------------------------------------

    def run(self) -> State:
        """Ask each seat in turn until the game ends.

        With nobody at the keyboard the log is printed as it happens; a person sees the
        moves since his last decision on the screen of his next one.
        """
        humans = [i for i, s in enumerate(self.seats) if s.human]
        while not self.state.is_over():
            if not humans:
                self.flush_log(None)
            seat = self.state.to_move()[0]
            player = self.seats[seat]
            if player.bot is not None:
                with thinking(self.console, f"{player.name} is thinking…"):
                    action = player.bot.choose(self.state, seat)
                self.take(seat, action, humans)
                continue
            self.hand_over(seat, humans)
            self.take(seat, self.ask(seat), humans, checked=True)
        if humans:  # the last moves, folded above the scores, on one screen
            scores = self.final_scores_table()
            reader = humans[0] if len(humans) == 1 else None
            news = folded(self.news(reader), self.console.height - 2 - self.height_of(scores))
            self.console.clear()
            self.console.print(Group(one_line(Text(f"{self.game.info.title} · game over", style="bold")),
                                     *news, scores))
        else:
            self.flush_log(None)
            self.final_scores()
        return self.state

    def take(self, seat: int, action: Action, people: Sequence[int], *, checked: bool = False) -> None:
        """Carry out and record ``action``, noting whether it may be taken back."""
        before = self.state.clone()
        before.log = None
        self.apply(seat, action, checked=checked)
        self.history.append(Taken(seat, seat in people, not learns(before, seat, action, self.state, people)))

    def apply(self, seat: int, action: Action, *, checked: bool = False) -> None:
        """Carry out ``action`` and record it: checked here, unless :meth:`ask` checked it."""
        text = str(action)
        if checked:
            self.state.apply_trusted(seat, action)
        else:
            self.state.apply(action, seat)
        self.record.record(self.state, seat, text)
        self.save()

    def hand_over(self, seat: int, humans: Sequence[int]) -> None:
        """Hot seat: when the keyboard passes to another person, hide the screen first."""
        if len(humans) > 1 and self.last_human is not None and self.last_human != seat:
            if self.game.info.hidden_information:
                self.console.clear()
            try:
                Prompt.ask(f"Pass the keyboard to [bold]{self.seats[seat].name}[/] and press Enter",
                           default="", show_default=False, console=self.console)
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
        self.last_human = seat

    # -- asking a person -----------------------------------------------------------

    def ask(self, seat: int) -> Action:
        """The decision's screen, until the person picks a legal action: a number, a kind's
        letter (its list), an action typed in notation, or a command."""
        name = self.seats[seat].name
        fresh = True
        menu: Menu | None = None
        while True:
            if fresh or menu is None:
                menu = self.screen(seat)
                numbers = "a number, a letter" if menu.folded and menu.listed else \
                    "a letter" if menu.folded else "a number, a letter" if len(menu.kinds) > 1 else "a number"
                prompt = f"{name}: {numbers}, an action, or 'help'"
            else:
                prompt = f"{name}: Enter shows your choices again; or a number, a letter, an action"
            picked = self.read(prompt, seat, menu.letters)
            fresh = picked is not _SHOWN
            if picked is _SHOWN or picked is None:
                continue
            if picked == "":
                fresh = True
                continue
            if isinstance(picked, str):
                action = self.submenu(seat, menu.kinds[picked], menu.blocks)
            else:
                action = self.pick(picked, menu.listed)
            if action is not None:
                return action

    def screen(self, seat: int) -> Menu:
        """Clear the window and draw the decision (see :mod:`vita.terminal.screen`); return the
        choices as listed on it."""
        actions = self.state.legal_actions(seat)
        prompts = [self.game.prompt(self.state, seat, action) for action in actions]
        view = self.state.view(seat)
        width_rows = self.console.height
        top = [one_line(Text.assemble((self.title(view, seat), "bold"))), Text(self.win_line(view), style="dim")]
        message, self.message = self.message, []
        fixed = self.height_of(Group(*top, *message)) + 1  # and the prompt's row
        blocks = self.drawing.decision(view, seat, prompts)
        needed = sum(self.height_of(b.body) for b in blocks if b.need == NEEDED)
        menu = self.menu(seat, actions, prompts, max(MENU_MIN, width_rows - fixed - needed - 1))
        menu.blocks = [block for block in blocks if block.need == NEEDED]
        menu_rows = self.height_of(menu.body)
        shown, block_rows = fit(self.console, blocks, width_rows - fixed - menu_rows)
        news = folded(self.news(seat), width_rows - fixed - menu_rows - block_rows)
        self.console.clear()
        self.console.print(Group(*top, *news, *message, *(b.body for b in shown), menu.body))
        return menu

    def title(self, view: JSON, seat: int) -> str:
        status = self.drawing.status(view, seat)
        return " · ".join(part for part in (f"{self.seats[seat].name}, your choice", status, self.game.info.title)
                          if part)

    def win_line(self, view: JSON) -> str:
        win = self.game.rulebook().win
        if win is None:
            return "To win: see the game's rules (rules)"
        return "To win: " + (win.solo if win.solo and self.drawing.solo(view) else win.summary)

    def menu(self, seat: int, actions: list[Action], prompts: list[ChoicePrompt], room: int) -> Menu:
        """The choices grouped by kind of action, each kind under its letter (on its first
        row), each listed choice under a number, in at most ``room`` rows: kinds with many
        choices fold onto one line (their letter lists them), the largest first."""
        kinds: dict[str, list[tuple[Action, ChoicePrompt]]] = {}
        for action, prompt in zip(actions, prompts, strict=True):
            kinds.setdefault(prompt.kind, []).append((action, prompt))
        letters = self.letters(list(kinds))
        sizes = {kind: len(members) for kind, members in kinds.items()}
        folded_kinds = _folded(sizes, min(MENU_LIMIT, room))
        while True:
            listed: list[Action] = []
            rows: list[tuple[str, str, str, str]] = []
            for kind, members in kinds.items():
                if kind in folded_kinds:
                    continue
                key = f"{letters[kind]})" if len(kinds) > 1 else ""
                for index, (action, prompt) in enumerate(members):
                    listed.append(action)
                    rows.append((key if index == 0 else "", *self.row(len(listed), action, prompt)))
            body = Group(self.choices_table(rows), *self.folded_line(kinds, folded_kinds, letters))
            more = [k for k in sorted(sizes, key=lambda k: -sizes[k]) if k not in folded_kinds and sizes[k] > 1]
            if self.height_of(body) <= room or not more:  # at worst every kind is folded: two levels
                return Menu(kinds, letters, folded_kinds, listed, body)
            folded_kinds.add(more[0])

    def submenu(self, seat: int, members: list[tuple[Action, ChoicePrompt]], blocks: list[Block]) -> Action | None:
        """Every choice of one kind of action, numbered from 1, a window at a time ('more' and
        'back' page; Enter returns to all the choices)."""
        rows = [("", *self.row(i, action, prompt)) for i, (action, prompt) in enumerate(members, 1)]
        room = max(MENU_MIN, self.console.height - 3)
        pages: list[list[tuple[str, str, str, str]]] = [[]]
        for row in rows:
            if pages[-1] and self.height_of(self.choices_table([*pages[-1], row])) > room:
                pages.append([])
            pages[-1].append(row)
        shown = 0
        name = self.seats[seat].name
        heading = members[0][1].kind_label
        while True:
            self.console.clear()
            where = f" (page {shown + 1} of {len(pages)}: 'more' for the next)" if len(pages) > 1 else ""
            table = self.choices_table(pages[shown])
            # Above the list, what the choices act on, as far as it fits.
            above, _ = fit(self.console, blocks, self.console.height - 2 - self.height_of(table))
            self.console.print(one_line(Text.assemble((f"{heading}: {len(members)} choices", "bold"), where)))
            self.console.print(Group(*(block.body for block in above), table))
            picked = self.read(f"{name}: a number, an action, 'more', or Enter for all your choices", seat, {})
            if picked == "more" or picked == "m":
                shown = (shown + 1) % len(pages)
                continue
            if picked is _SHOWN or picked is None:
                continue
            if isinstance(picked, str):
                return None
            return self.pick(picked, [action for action, _ in members])

    @staticmethod
    def row(number: int, action: Action, prompt: ChoicePrompt) -> tuple[str, str, str]:
        """A numbered choice: its number, notation and label (shown as text, not markup)."""
        return str(number), escape(str(action)), escape(prompt.label)

    def pick(self, picked: int | Action | None, listed: list[Action]) -> Action | None:
        if picked is None or isinstance(picked, Action):
            return picked
        if not listed:
            self.message.append(Text("No choice has a number on this screen: type a kind's letter (on the "
                                     "'also:' line) to list its choices.", style="red"))
            return None
        if not 1 <= picked <= len(listed):
            self.message.append(Text(f"Choose a number from 1 to {len(listed)}.", style="red"))
            return None
        return listed[picked - 1]

    def letters(self, kinds: list[str]) -> dict[str, str]:
        """A letter for each kind of action, the same at every prompt of the game: given in the
        order of the game's rule references (``rulebook.yaml``), then of first appearance."""
        known = list(self.game.rulebook().actions)
        stable = _letters([*known, *(k for k in kinds if k not in known)])
        keys = {kind: stable[kind] for kind in kinds if len(stable[kind]) == 1}
        # A game with more kinds than letters: the others get a letter free at this prompt.
        rest = _letters([*keys.values(), *(kind for kind in kinds if kind not in keys)])
        return {kind: keys.get(kind) or rest[kind] for kind in kinds}

    @staticmethod
    def folded_line(kinds: dict[str, list[tuple[Action, ChoicePrompt]]], folded_kinds: set[str],
                    letters: dict[str, str]) -> list[Text]:
        """The folded kinds, each by its letter, label and number of choices."""
        if not folded_kinds:
            return []
        line = Text("also: ", style="dim")
        for number, kind in enumerate(k for k in kinds if k in folded_kinds):
            line.append(" · " if number else "")
            line.append(f"{letters[kind]}) ", style="bold cyan")
            line.append(f"{kinds[kind][0][1].kind_label} ({len(kinds[kind])})")
        return [line]

    def choices_table(self, rows: list[tuple[str, str, str, str]]) -> Table:
        """Rows of (kind's letter, number, notation, label). On a narrow screen (under
        NARROW columns) a choice shows its label only: the notation is what 'help' explains
        and what the log shows."""
        narrow = self.console.width < NARROW
        table = Table(show_header=False, box=None, pad_edge=False)
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column(justify="right", style="bold cyan", no_wrap=True)
        if not narrow:
            table.add_column(style="green")
        table.add_column()
        for key, number, notation, label in rows:
            if narrow:
                table.add_row(key, number, label or notation)
            else:
                table.add_row(key, number, notation, label if label != notation else "")
        return table

    def take_back(self, seat: int) -> None:
        """Undo the person's own last action and the bots' after it, if they told the person
        nothing hidden and no other person acted since (core.undo): the game is replayed from
        its record to that point, as the web does."""
        keep = undo.take_back(self.history, seat)
        if keep is None:
            mine = [t for t in self.history if t.person]
            if not mine or mine[-1].seat != seat:
                self.message.append(Text("Nothing to take back: only your own actions since another player "
                                         "acted can be."))
            else:
                self.message.append(Text("That action cannot be taken back: it drew a card or showed you "
                                         "something hidden."))
            return
        first = len(self.record.actions) - len(self.history) + keep
        taken = [text for _, text in self.record.actions[first:]]
        del self.record.actions[first:]
        del self.history[keep:]
        self.state = replay(self.game, self.record)
        self.printed = {k: min(v, len(self.state.events_for(k))) for k, v in self.printed.items()}
        self.save()
        bots = f" (and the bots' {len(taken) - 1} after it)" if len(taken) > 1 else ""
        # In the game's words: the replayed position is the one the action was chosen in.
        action = self.state.parse(taken[0], seat)
        self.message.append(Text(f"Taken back: {self.game.prompt(self.state, seat, action).label}{bots}"))

    def read(self, prompt: str, seat: int, letters: dict[str, str] | None = None) -> int | str | Action | None:
        """A number, a kind of action (by its letter, from ``letters``; Enter or "back" as
        ""), an action typed in notation, ``_SHOWN`` after a command that showed something
        (the screen is not redrawn over it), or None after a refusal or an undo (it is)."""
        try:
            text = Prompt.ask(prompt, console=self.console, default="", show_default=False).strip()
        except (EOFError, KeyboardInterrupt):  # the end of input, or Ctrl-C: leave as 'quit' does
            raise Quit from None
        command = text.lower()
        if command in ("", "back"):
            return ""
        if command in ("quit", "exit", "q"):
            raise Quit
        if command in ("more", "m") and letters == {}:
            return "more"
        shown: RenderableType | None = None
        if command in ("help", "?"):
            shown = Text(HELP)
        elif command == "rules":
            shown = self.rules_table()
        elif command in ("board", "b"):
            shown = self.drawing.render(self.state.view(seat), seat)
        elif command == "log":
            shown = Text("\n".join(self.state.events_for(seat)) or "Nothing has happened yet.")
        elif command == "json":
            shown = Syntax(json.dumps(self.state.view(seat), indent=2), "json", word_wrap=True)
        if shown is not None:
            self.console.clear()
            page(self.console, shown)
            return _SHOWN
        if command == "undo":
            self.take_back(seat)
            return None
        chosen = next((kind for kind, key in (letters or {}).items() if key == command), None)
        if chosen is not None:
            return chosen
        if text.isdigit():
            return int(text)
        try:
            return self.state.check(seat, text)
        except IllegalAction as error:
            self.message.append(Text.assemble(("Not allowed: ", "red"), str(error)))
            rule = self.game.rulebook().for_notation(text)
            if rule is not None:
                self.message.append(Text(f"  Rule — {rule.text()}", style="dim"))
            return None

    def rules_table(self) -> RenderableType:
        """How to win, then each kind of action with the rulebook section it comes from and the
        rule's words."""
        book = self.game.rulebook()
        if not book.actions:
            return Text("This game lists no rules here: see its rulebook and docs/games.")
        parts: list[RenderableType] = []
        if book.win is not None:
            parts.append(Text.assemble(("To win: ", "bold"), book.win.summary))
            if book.win.solo:
                parts.append(Text(book.win.solo))
            for rule in book.win.rules:
                parts.append(Text(f"  {rule.text()}", style="dim"))
        table = Table(title=f"Rules ({book.source})", show_lines=False, box=None, pad_edge=False)
        table.add_column("action", style="green", no_wrap=True)
        table.add_column("section", style="bold")
        table.add_column("the rulebook's words")
        for kind, rule in book.actions.items():
            table.add_row(kind, rule.section, rule.quote)
        return Group(*parts, table)

    def final_scores(self) -> None:
        self.console.print(self.final_scores_table())

    def final_scores_table(self) -> Table:
        state = self.state
        table = Table(title="Final scores")
        table.add_column("rank", justify="right")
        table.add_column("player")
        breakdown = state.score_breakdown()
        keys = [k for k in breakdown[0] if k != "total"] if breakdown else []
        for key in keys:
            table.add_column(key, justify="right")
        table.add_column("total", justify="right", style="bold")
        ranking = state.ranking()
        for seat in sorted(range(state.num_players), key=lambda s: ranking[s]):
            row = breakdown[seat]
            table.add_row(str(ranking[seat]), self.seats[seat].name,
                          *(_number(row.get(k, 0)) for k in keys), _number(row.get("total", 0)))
        return table


_SHOWN = "\0shown"  # what `read` answers after a command that showed something


HELP = """Type the number of a choice, or an action in notation (see the game's doc). The
choices are grouped by kind of action, each kind under a letter; a kind with many choices
(or any, on a short screen) is folded onto the 'also:' line: type its letter to list them,
and 'back' to return to the whole menu. On a narrow screen a choice shows its wording only.
Commands: board (the whole table, every card's full text), log (the whole log), json (your
view as JSON), rules (each kind of action with its rulebook section and words), undo (take
back your own last action, if it drew nothing, showed you nothing hidden and nobody acted
since: a meld being laid, say), help, quit (the game so far stays in the --save file)."""

RESERVED = set("bq")  # board and quit have these one-letter forms: never a kind's letter


def _folded(sizes: dict[str, int], limit: int = MENU_LIMIT) -> set[str]:
    """The kinds folded under their letter: the largest first, until the menu takes at most
    ``limit`` rows (a kind's heading is a row too). With room, only kinds of more than
    GROUP_LIMIT choices fold; on a short screen any kind of several choices may.

    >>> sorted(_folded({"meld": 30, "discard": 12, "activate": 2}))
    ['meld']
    >>> sorted(_folded({"study": 1, "rest": 1}))
    []
    >>> sorted(_folded({"take-project": 6, "spend": 3, "study": 1, "play": 1}, limit=8))
    ['spend', 'take-project']
    """
    folded: set[str] = set()
    headings = len(sizes) if len(sizes) > 1 else 0
    rows = sum(sizes.values()) + headings
    for kind in sorted(sizes, key=lambda k: -sizes[k]):
        if len(folded) == len(sizes) - 1 or sizes[kind] < 2:  # one kind at least stays listed
            break
        if rows <= limit and (rows - headings <= MENU_LIMIT or sizes[kind] <= GROUP_LIMIT):
            break
        folded.add(kind)
        rows -= sizes[kind]
    return folded


def _letters(kinds: list[str]) -> dict[str, str]:
    """A distinct letter for each kind: its first letter not yet taken, else any free one.

    >>> _letters(["meld", "discard", "defend", "move"])
    {'meld': 'm', 'discard': 'd', 'defend': 'e', 'move': 'o'}
    """
    taken: set[str] = set(RESERVED)
    keys: dict[str, str] = {}
    for kind in kinds:
        letter = next((c for c in kind.lower() if c.isalpha() and c not in taken),
                      next((c for c in "acdefghiklmnoprstuvwxyz" if c not in taken), kind))
        keys[kind] = letter
        taken.add(letter)
    return keys


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def play(
    game: Game[Any, Any],
    state: State,
    seats: list[Seat],
    record: GameRecord,
    *,
    console: Console | None = None,
    save_path: str | None = None,
) -> State:
    """Play ``state`` to the end with these seats; return the final state."""
    session = Session(game, state, seats, record, console or Console(), save_path)
    return session.run()

