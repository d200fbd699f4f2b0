"""Playing a game in the terminal: people at the keyboard, bots in the other seats.

The game draws itself through its terminal renderer (``Game.terminal_renderer``);
this module only shows views, logs and menus, and reads choices. It contains
no rule: every choice is checked by the engine, and a refusal is shown with
its reason.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.pretty import Pretty
from rich.prompt import Prompt
from rich.table import Table

from vita.core.bots import Bot
from vita.core.errors import IllegalAction
from vita.core.record import GameRecord
from vita.core.state import Action, Game, State

MENU_LIMIT = 24


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
    printed: dict[int | None, int] = field(default_factory=dict)
    last_human: int | None = None

    # -- output ------------------------------------------------------------------

    def render(self, seat: int | None) -> None:
        renderer = self.game.terminal_renderer()
        view = self.state.view(seat)
        if renderer is None:
            self.console.print(Pretty(view))
        else:
            self.console.print(renderer(view, seat))

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
                action = player.bot.choose(self.state, seat)
            else:
                self.hand_over(seat, humans)
                action = self.ask(seat)
            self.apply(seat, action)
        self.flush_log(log_seat)
        self.final_scores()
        return self.state

    def apply(self, seat: int, action: Action) -> None:
        text = str(action)
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
        name = self.seats[seat].name
        groups = _group(actions)
        if len(actions) <= MENU_LIMIT or len(groups) == 1:
            choices = actions
            self.show_choices([(str(a), self.state.label(a)) for a in actions])
        else:
            keys = list(groups)
            self.show_choices([(k, f"{len(groups[k])} choice(s)") for k in keys])
            picked = self.read(f"{name}: choose a number, type an action, or 'help'", seat)
            if picked is None or isinstance(picked, Action):
                return picked
            if not 1 <= picked <= len(keys):
                self.console.print(f"[red]Choose 1-{len(keys)}.[/]")
                return None
            choices = groups[keys[picked - 1]]
            self.show_choices([(str(a), self.state.label(a)) for a in choices])
        picked = self.read(f"{name}: choose a number or type an action", seat)
        if picked is None or isinstance(picked, Action):
            return picked
        if not 1 <= picked <= len(choices):
            self.console.print(f"[red]Choose 1-{len(choices)}.[/]")
            return None
        return choices[picked - 1]

    def show_choices(self, rows: list[tuple[str, str]]) -> None:
        table = Table(show_header=False, box=None, pad_edge=False)
        table.add_column(justify="right", style="bold cyan")
        table.add_column(style="green")
        table.add_column()
        for number, (notation, label) in enumerate(rows, start=1):
            table.add_row(str(number), notation, label if label != notation else "")
        self.console.print(table)

    def read(self, prompt: str, seat: int) -> int | Action | None:
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
        if command in ("board", "b"):
            self.render(seat)
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
        try:
            action = self.state.parse(text, seat)
            reason = self.state.why_illegal(seat, action)
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


HELP = """Type the number of a choice, or an action in notation (see the game's doc).
Commands: board (show the table again), log (the whole log), json (your view as JSON),
rules (each kind of action with its rulebook section and words), help, quit (the game so
far stays in the --save file)."""


def _group(actions: list[Action]) -> dict[str, list[Action]]:
    groups: dict[str, list[Action]] = {}
    for action in actions:
        groups.setdefault(str(action).split()[0], []).append(action)
    return groups


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

