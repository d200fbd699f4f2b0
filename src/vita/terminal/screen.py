"""The screen of one decision, fitted to the terminal's window.

At each of a person's decisions the terminal is redrawn in place (cleared first when it is a
terminal) with, from the top: one line of where the game stands, one line of how to win, the
others' moves since the person's last decision folded into the rows left over, the parts of
the table the decision needs (each game's :func:`decision` gives them as :class:`Block`\\s,
the most needed first), the choices, and the prompt. Everything from one prompt to the next
fits the window, so nothing the decision needs scrolls away; the whole table is the `board`
command, and long texts (`board`, `help`, `rules`, `log`) are paged to the window.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from rich.console import Console, RenderableType
from rich.prompt import Prompt
from rich.segment import Segment
from rich.text import Text

NEEDED, OWN, OTHERS = 0, 1, 2
"""How much a decision needs a block: what it acts on, the person's own state, the others'."""


@dataclass(frozen=True)
class Block:
    """A part of the decision screen: what to draw, and how much the decision needs it
    (:data:`NEEDED` first; blocks that do not fit are left to the `board` command)."""

    body: RenderableType
    need: int = OWN


def height(console: Console, body: RenderableType) -> int:
    """The rows ``body`` takes at the console's width."""
    return len(console.render_lines(body, console.options, pad=False))


def fit(console: Console, blocks: Sequence[Block], room: int) -> tuple[list[Block], int]:
    """The blocks that fit in ``room`` rows, chosen the most needed first (and, among equals,
    in their order), kept in their order on screen; and the rows they take.

    >>> console = Console(width=20, height=10)
    >>> shown, rows = fit(console, [Block("a\\nb", OTHERS), Block("c", NEEDED), Block("d\\ne", OWN)], 3)
    >>> [b.body for b in shown], rows
    (['c', 'd\\ne'], 3)
    """
    heights = [height(console, block.body) for block in blocks]
    chosen: set[int] = set()
    used = 0
    for index in sorted(range(len(blocks)), key=lambda i: (blocks[i].need, i)):
        if used + heights[index] <= room:
            chosen.add(index)
            used += heights[index]
    return [blocks[i] for i in sorted(chosen)], used


def one_line(text: str | Text, style: str = "") -> Text:
    """``text`` on one row, cut short with an ellipsis when the window is narrower."""
    line = text.copy() if isinstance(text, Text) else Text(text, style=style)
    line.no_wrap = True
    line.overflow = "ellipsis"
    return line


def folded(lines: Sequence[str], room: int) -> list[Text]:
    """The newest of ``lines`` that fit in ``room`` rows, one row each; when some are left
    out, the first row says how many (the `log` command shows them).

    >>> [t.plain for t in folded(["a", "b", "c", "d"], 2)]
    ['… 3 earlier: type log', 'd']
    >>> [t.plain for t in folded(["a", "b", "c"], 1)]
    ['… 2 earlier: type log · c']
    >>> [t.plain for t in folded(["a", "b"], 2)]
    ['a', 'b']
    """
    if room <= 0 or not lines:
        return []
    if len(lines) <= room:
        return [one_line(line) for line in lines]
    if room == 1:
        return [one_line(Text.assemble((f"… {len(lines) - 1} earlier: type log · ", "dim"), lines[-1]))]
    shown = lines[len(lines) - room + 1:]
    return [one_line(f"… {len(lines) - len(shown)} earlier: type log", "dim"), *(one_line(line) for line in shown)]


def page(console: Console, body: RenderableType) -> None:
    """Print ``body``; in a terminal whose window it overflows, a window at a time (Enter for
    the next, q to stop), so nothing scrolls away unread."""
    lines = console.render_lines(body, console.options, pad=False)
    room = max(1, console.height - 1)
    if not console.is_terminal or len(lines) <= room:
        console.print(body)
        return
    for start in range(0, len(lines), room):
        for line in lines[start:start + room]:
            console.print(_joined(line))
        if start + room >= len(lines):
            return
        try:
            answer = Prompt.ask(f"[dim]-- more ({start + room} of {len(lines)} rows): Enter, or q to stop --[/]",
                                default="", show_default=False, console=console)
        except (EOFError, KeyboardInterrupt):
            return
        if answer.strip().lower().startswith("q"):
            return


def _joined(line: list[Segment]) -> Text:
    text = Text()
    for segment in line:
        text.append(segment.text, style=segment.style)
    return text


@contextmanager
def thinking(console: Console, what: str, delay: float = 0.25) -> Iterator[None]:
    """Show ``what`` ("Bob is thinking…") with a spinner while the block runs, if it runs for
    more than ``delay`` seconds and the console is a terminal (a quick bot shows nothing)."""
    if not console.is_terminal:
        yield
        return
    status = console.status(what)
    lock = threading.Lock()
    shown = {"started": False, "done": False}

    def show() -> None:
        with lock:
            if not shown["done"]:
                status.start()
                shown["started"] = True

    timer = threading.Timer(delay, show)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        with lock:
            shown["done"] = True
            timer.cancel()
            if shown["started"]:
                status.stop()
