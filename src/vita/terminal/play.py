"""Playing a game in the terminal: people at the keyboard, bots in the other seats.

The game is drawn by its terminal drawing (:mod:`vita.terminal.games`, by game id);
this module only shows views, logs and menus, and reads choices. It contains
no rule: every choice is checked by the engine, and a refusal is shown with
its reason.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console, Group
from rich.markup import escape
from rich.pretty import Pretty
from rich.prompt import Prompt
from rich.table import Table
from rich.text import Text

from vita.core import undo
from vita.core.bots import Bot
from vita.core.errors import IllegalAction
from vita.core.game import Game
from vita.core.record import GameRecord, replay
from vita.core.state import Action, State
from vita.core.undo import Taken, learns
from vita.terminal.games import renderer as terminal_renderer

MENU_LIMIT = 24  # up to this many choices, every one is listed (fewer when the screen is short)
MENU_MIN = 8  # ... but at least this many rows of choices, whatever the screen
MENU_ROOM = 12  # the rows a table must leave below itself for the choices, else the compact layout
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
class Session:
    game: Game[Any, Any]
    state: State
    seats: list[Seat]
    record: GameRecord
    console: Console
    save_path: str | None = None
    board_height: int = 0  # the lines the table took when last drawn
    printed: dict[int | None, int] = field(default_factory=dict)
    last_human: int | None = None
    # The actions taken in this session (the record's last ones), as the undo sees them: who
    # took each, a person or a bot, and whether it may be taken back (core.undo).
    history: list[Taken] = field(default_factory=list)

    # -- output ------------------------------------------------------------------

    def render(self, seat: int | None, full: bool = False) -> None:
        """Draw the seat's table: the full layout if it leaves room for the choices below it
        (or when asked: the ``board`` command), else the game's compact one."""
        renderer = terminal_renderer(self.game)
        view = self.state.view(seat)
        if renderer is None:
            self.console.print(Pretty(view))
            return
        drawn = renderer(view, seat)
        height = self.height_of(drawn)
        if not full and height > self.console.height - MENU_ROOM and _has_compact(renderer):
            drawn = renderer(view, seat, compact=True)
            height = self.height_of(drawn)
        self.board_height = height
        self.console.print(drawn)

    def height_of(self, drawn: Any) -> int:
        return len(self.console.render_lines(drawn, self.console.options, pad=False))

    def menu_limit(self) -> int:
        """How many choice rows fit below the table just drawn, above the prompt (at least a few)."""
        return max(MENU_MIN, min(MENU_LIMIT, self.console.height - self.board_height - 1))

    def flush_log(self, seat: int | None) -> None:
        start = self.printed.get(seat, 0)
        lines = self.state.events_for(seat, start)
        for line in lines:
            self.console.print(line, markup=False, highlight=False)
        self.printed[seat] = start + len(lines)

    def save(self) -> None:
        if self.save_path:
            self.record.save(self.save_path)

    # -- the loop ----------------------------------------------------------------

    def run(self) -> State:
        """Ask each seat in turn until the game ends.

        The log is worded for the one person playing, or public when several
        share the keyboard (each sees his secrets on his own screen) or none play.
        """
        humans = [i for i, s in enumerate(self.seats) if s.human]
        log_seat = humans[0] if len(humans) == 1 else None
        while not self.state.is_over():
            self.flush_log(log_seat)
            seat = self.state.to_move()[0]
            player = self.seats[seat]
            if player.bot is not None:
                self.take(seat, player.bot.choose(self.state, seat), humans)
                continue
            self.hand_over(seat, humans)
            self.take(seat, self.ask(seat), humans, checked=True)
        self.flush_log(log_seat)
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
        self.render(seat)
        while True:
            actions = self.state.legal_actions(seat)
            answer = self.menu(seat, actions)
            if answer is None:
                continue
            return answer

    def menu(self, seat: int, actions: list[Action]) -> Action | None:
        """One layout whatever the number of choices: the choices grouped by kind of action,
        each kind under its letter (on its first row), each listed choice under a number. A
        kind with many choices is folded: its letter lists them (and 'back' returns). On a
        short screen kinds fold, largest first, until the menu fits below the table."""
        name = self.seats[seat].name
        groups = _group(actions)
        letters = self.letters(list(groups))
        sizes = {kind: len(members) for kind, members in groups.items()}
        folded = _folded(sizes, self.menu_limit())
        while True:
            listed: list[Action] = []
            rows: list[tuple[str, str, str, str]] = []
            for kind, members in groups.items():
                if kind in folded:
                    continue
                key = f"{letters[kind]})" if len(groups) > 1 else ""
                for index, action in enumerate(members):
                    listed.append(action)
                    rows.append((key if index == 0 else "", *self.row(len(listed), action)))
            shown = Group(self.choices_table(rows), *self.folded_line(groups, folded, letters))
            # Fold one more kind while the menu is taller than the room below the table.
            more = [k for k in sorted(sizes, key=lambda k: -sizes[k]) if k not in folded and sizes[k] > 1]
            if self.height_of(shown) <= self.menu_limit() or not more or len(folded) == len(sizes) - 1:
                break
            folded.add(more[0])
        self.console.print(shown)
        picked = self.read(f"{name}: choose a number{' or a letter' if len(groups) > 1 else ''}, "
                           "type an action, or 'help'", seat, letters)
        if isinstance(picked, str):
            return self.submenu(seat, picked, groups[picked])
        return self.pick(picked, listed)

    def submenu(self, seat: int, kind: str, members: list[Action]) -> Action | None:
        """Every choice of one kind of action, numbered from 1; 'back' returns to the menu."""
        self.console.print(self.choices_table([("", *self.row(i, a)) for i, a in enumerate(members, 1)]))
        picked = self.read(f"{self.seats[seat].name}: choose a number ({kind}), type an action, or 'back'", seat, {})
        return None if isinstance(picked, str) else self.pick(picked, members)

    def row(self, number: int, action: Action) -> tuple[str, str, str]:
        """A numbered choice: its number, notation and label (shown as text, not markup)."""
        return str(number), escape(str(action)), escape(self.state.label(action))

    def pick(self, picked: int | Action | None, listed: list[Action]) -> Action | None:
        if picked is None or isinstance(picked, Action):
            return picked
        if not 1 <= picked <= len(listed):
            self.console.print(f"[red]Choose a number from 1 to {len(listed)}.[/]")
            return None
        return listed[picked - 1]

    def letters(self, kinds: list[str]) -> dict[str, str]:
        """A letter for each kind of action, the same at every prompt of the game: given in the
        order of the game's rule references (``rulebook.yaml``), then of first appearance."""
        known = list(self.game.rulebook().actions)
        return {kind: key for kind, key in _letters([*known, *(k for k in kinds if k not in known)]).items()
                if kind in kinds}

    @staticmethod
    def folded_line(groups: dict[str, list[Action]], folded: set[str], letters: dict[str, str]) -> list[Text]:
        """The folded kinds on one line, each by its letter and number of choices."""
        if not folded:
            return []
        line = Text("also: ", style="dim")
        for number, kind in enumerate(k for k in groups if k in folded):
            line.append(" · " if number else "")
            line.append(f"{letters[kind]}) ", style="bold cyan")
            line.append(f"{kind} {len(groups[kind])}")
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
                self.console.print("Nothing to take back: only your own actions since another player acted.")
            else:
                self.console.print("That action cannot be taken back: it drew a card or showed you something "
                                   "hidden.")
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
        self.console.print(f"Taken back: {escape(self.state.label(self.state.parse(taken[0], seat)))}{bots}")
        self.render(seat)

    def read(self, prompt: str, seat: int, letters: dict[str, str] | None = None) -> int | str | Action | None:
        """A number, a kind of action (by its letter, from ``letters``; "back" as ""), an
        action typed in notation, or None after a command or a refusal."""
        try:
            text = Prompt.ask(prompt, console=self.console).strip()
        except (EOFError, KeyboardInterrupt):  # the end of input, or Ctrl-C: leave as 'quit' does
            raise Quit from None
        command = text.lower()
        if command in ("quit", "exit", "q"):
            raise Quit
        if command in ("help", "?"):
            self.console.print(HELP)
            return None
        if command == "rules":
            self.show_rules()
            return None
        if command == "undo":
            self.take_back(seat)
            return None
        if command == "back":
            if letters is None or letters:
                self.console.print("'back' returns from a list of one kind of action to the whole menu.")
                return None
            return ""
        chosen = next((kind for kind, key in (letters or {}).items() if key == command), None)
        if chosen is not None:
            return chosen
        if command in ("board", "b"):
            self.render(seat, full=True)
            return None
        if command == "log":
            for line in self.state.events_for(seat):
                self.console.print(line, markup=False, highlight=False)
            return None
        if command == "json":
            self.console.print_json(json.dumps(self.state.view(seat)))
            return None
        if text.isdigit():
            return int(text)
        reason: str | None = None
        try:
            action = self.state.check(seat, text)
        except IllegalAction as error:
            reason = str(error)
        if reason is not None:
            self.console.print(f"[red]Not allowed:[/] {escape(reason)}", highlight=False)
            rule = self.game.rulebook().for_notation(text)
            if rule is not None:
                self.console.print(f"  [dim]Rule — {escape(rule.text())}[/]", highlight=False)
            return None
        return action

    def show_rules(self) -> None:
        """Each kind of action with the rulebook section it comes from and the rule's words."""
        book = self.game.rulebook()
        if not book.actions:
            self.console.print("This game lists no rules here: see its rulebook and docs/games.")
            return
        table = Table(title=f"Rules ({book.source})", show_lines=False, box=None, pad_edge=False)
        table.add_column("action", style="green", no_wrap=True)
        table.add_column("section", style="bold")
        table.add_column("the rulebook's words")
        for kind, rule in book.actions.items():
            table.add_row(kind, rule.section, rule.quote)
        self.console.print(table)

    def final_scores(self) -> None:
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
        self.console.print(table)


HELP = """Type the number of a choice, or an action in notation (see the game's doc). The
choices are grouped by kind of action, each kind under a letter; a kind with many choices
(or any, on a short screen) is folded onto the 'also:' line: type its letter to list them,
and 'back' to return to the whole menu. On a narrow screen a choice shows its wording only.
Commands: board (the whole table, every card's full text), log (the whole log), json (your
view as JSON), rules (each kind of action with its rulebook section and words), undo (take
back your own last action, if it drew nothing, showed you nothing hidden and nobody acted
since: a meld being laid, say), help, quit (the game so far stays in the --save file)."""

RESERVED = set("bq")  # board and quit have these one-letter forms: never a kind's letter


def _group(actions: list[Action]) -> dict[str, list[Action]]:
    groups: dict[str, list[Action]] = {}
    for action in actions:
        groups.setdefault(str(action).split()[0], []).append(action)
    return groups


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


def _has_compact(renderer: Any) -> bool:
    """Whether a game's renderer offers a compact layout (``render(view, seat, compact=True)``)."""
    try:
        return "compact" in inspect.signature(renderer).parameters
    except (TypeError, ValueError):
        return False


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

