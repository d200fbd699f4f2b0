"""Each decision fits an 80x24 terminal: `vita play` runs in a pseudo-terminal of 80x24 and its
output goes through a terminal emulator (pyte); from one of the person's prompts to the next,
what is on screen is at most 24 rows, and it holds what the decision needs (the game's state in
one line, how to win, the choices; CV's dice and the track's costs; Our Life's rows the choices
can mark and the player's totals). The others' moves are folded into the rows left over (the
whole log is the `log` command), long texts are paged to the window, and a search bot shows
that it is thinking."""

from __future__ import annotations

import random
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

VITA = str(Path(sys.executable).parent / "vita")
WIDTH, HEIGHT = 80, 24
PROMPT = re.compile(rb": (a number|a letter)[^\r\n]*: ?|Enter shows your choices[^\r\n]*: ?|press Enter[^\r\n]*: ?"
                    rb"|-- more \([^\r\n]*: ?|Type a file name[^\r\n]*: ?")
NUMBERED = re.compile(r"^\s*(?:[a-z]\))?\s*(\d+)\s{2}")
CLEAR = "\x1b[2J"


@dataclass
class Screen:
    """What the window shows at one prompt: the rows from the last clear (or the last prompt)
    up to the prompt, and the prompt's own words."""

    rows: list[str]
    prompt: str

    @property
    def text(self) -> str:
        return "\n".join(self.rows)

    def numbers(self) -> list[int]:
        return [int(m.group(1)) for row in self.rows if (m := NUMBERED.match(row))]


def emulate(text: str) -> list[str]:
    """``text`` as a terminal draws it: the rows it fills, from its first to its last."""
    text = text.replace("\r\n", "\n").replace("\n", "\r\n")
    screen = pyte.Screen(WIDTH, text.count("\n") + text.count("\r") // 2 + HEIGHT + 2)  # room for all of it
    pyte.Stream(screen).feed(text)
    rows = [row.rstrip() for row in screen.display]
    filled = [y for y, row in enumerate(rows) if row]
    return rows[filled[0]:filled[-1] + 1] if filled else []


def play(args: list[str], answer: object, prompts: int = 10_000, typed: list[str] | None = None,
         timeout: float = 120) -> tuple[list[Screen], str]:
    """Play ``vita play ARGS`` in an 80x24 pseudo-terminal, answering each prompt with
    ``answer(screen)`` (after the ``typed`` answers, in order), up to ``prompts`` prompts; the
    screens seen and everything written."""
    child = spawn(["play", *args], timeout)
    screens: list[Screen] = []
    everything = ""
    queue = list(typed or [])
    try:
        while len(screens) < prompts:
            found = child.expect([PROMPT, pexpect.EOF])
            written = child.before.decode("utf-8", "replace")
            everything += written
            if found == 1:
                tail = written.rsplit(CLEAR, 1)[-1]
                screens.append(Screen(emulate(tail), ""))
                break
            prompt = child.after.decode("utf-8", "replace")
            everything += prompt
            screen = Screen(emulate((written + prompt).rsplit(CLEAR, 1)[-1]), prompt)
            screens.append(screen)
            child.sendline(queue.pop(0) if queue else answer(screen))  # type: ignore[operator]
    finally:
        child.close(force=True)
    assert "Traceback" not in everything, everything[-3000:]
    return screens, everything


def spawn(args: list[str], timeout: float) -> pexpect.spawn:
    """``vita ARGS`` in an 80x24 pseudo-terminal."""
    child = pexpect.spawn(VITA, args, dimensions=(HEIGHT, WIDTH), timeout=timeout,
                          env={"TERM": "xterm", "PATH": str(Path(VITA).parent), "LANG": "C.UTF-8"})
    child.delaybeforesend = None
    return child


def random_answers(seed: int) -> object:
    """A newcomer's answers: a listed number at random, else a folded kind's letter (then one of
    its numbers); Enter at a hand-over or a page."""
    rng = random.Random(seed)

    def answer(screen: Screen) -> str:
        if not re.match(r": (a number|a letter)", screen.prompt):
            return ""
        numbers = screen.numbers()
        letters = re.findall(r"(?:also: | · )([a-z])\) ", screen.text)
        if letters and (not numbers or rng.random() < 0.2):
            return rng.choice(letters)
        return str(rng.choice(numbers)) if numbers else "1"

    return answer


TABLES = {
    "pursuit-3": ["pursuit", "--players", "3"],
    "pursuit-community-5": ["pursuit", "--players", "5", "--expansion", "community"],
    "pursuit-solo": ["pursuit", "--players", "1"],
    "pursuit-cards-3": ["pursuit-cards", "--players", "3"],
    "cv-3": ["cv", "--players", "3"],
    "our-life-2-couples-and-a-single": ["our-life", "--players", "5", "--couples", "2"],
}


def check_screens(name: str, screens: list[Screen]) -> None:
    """Every decision's screen fits the window, and says where the game stands and how to win."""
    decisions = [s for s in screens if re.match(r": (a number|a letter)", s.prompt)]
    assert decisions, name
    for screen in screens:
        assert len(screen.rows) <= HEIGHT, f"{name}: {len(screen.rows)} rows\n{screen.text}"
    for screen in decisions:
        if re.match(r"[^·]*: \d+ choices", screen.rows[0]):
            continue  # a kind's own list (its heading says so)
        assert "your choice" in screen.rows[0], screen.text
        assert any(row.startswith("To win: ") for row in screen.rows), screen.text
        assert screen.numbers() or "also:" in screen.text, screen.text


@pytest.mark.parametrize("name", list(TABLES))
def test_the_first_decisions_fit_80x24(name: str) -> None:
    screens, _ = play([*TABLES[name], "--seed", "3"], random_answers(3), prompts=14)
    check_screens(name, screens)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(TABLES))
def test_a_whole_game_fits_80x24_at_every_decision(name: str) -> None:
    screens, everything = play([*TABLES[name], "--seed", "5"], random_answers(5), timeout=300)
    check_screens(name, screens)
    assert "Final scores" in screens[-1].text, everything[-2000:]


def test_cv_shows_the_dice_and_the_track_costs_while_buying() -> None:
    """"Select cards": the player buys from the track with the symbols rolled; the screen of a
    purchase holds the dice, the symbols left to spend and every track card's cost."""
    screens, _ = play(["cv", "--players", "3", "--seed", "2"], random_answers(2), prompts=30)
    buying = [s for s in screens if "selecting cards" in s.rows[0] and "Take " in s.text]
    assert buying, "no purchase screen in 30 prompts"
    for screen in buying:
        assert "Dice: " in screen.text and "To spend: " in screen.text, screen.text
        header = next(row for row in screen.rows if row.startswith("card "))
        assert "cost" in header and "gives" in header, screen.text


def test_our_life_shows_the_rows_the_choices_mark_and_the_totals() -> None:
    """"Marking sheets": each action marks a row of the player's sheets; at each such decision
    every row a choice names is drawn above the choices with its squares, and the family's
    Happiness and Balance are on screen."""
    screens, _ = play(TABLES["our-life-2-couples-and-a-single"] + ["--seed", "4"], random_answers(4), prompts=40)
    marking = [s for s in screens if re.search(r"\d+\s+Mark \w", s.text)]
    assert marking, "no marking decision in 40 prompts"
    for screen in marking:
        names = set(re.findall(r"\d+\s+Mark ((?:[A-Z][a-z]+)(?: [a-z]+)?)(?: with|$)", screen.text, re.M))
        drawn = {row.split("  ")[0].strip() for row in screen.rows if re.search(r"\d+ pt$", row)}
        assert names <= drawn, (names, drawn, screen.text)
        if "your choice" in screen.rows[0]:  # the whole decision, not one kind's list
            assert re.search(r"You: .*Happiness \d+ · Balance \d+", screen.text), screen.text


def quit_then_no_file(screen: Screen) -> str:
    return "" if "file name" in screen.prompt else "quit"


def test_board_help_and_rules_are_paged_to_the_window() -> None:
    """`board` (the whole table), `rules` and `help` are longer than 24 rows at 5 players with
    Community: each page fits the window, with a '-- more' prompt between."""
    typed = ["board", *[""] * 12, "rules", *[""] * 12, "help"]
    screens, everything = play(TABLES["pursuit-community-5"] + ["--seed", "1"], quit_then_no_file,
                               prompts=40, typed=typed)
    pages = [s for s in screens if "-- more" in s.prompt]
    assert len(pages) >= 2, everything[-3000:]
    for screen in screens:
        assert len(screen.rows) <= HEIGHT, screen.text
    assert "Board spaces" in everything and "the rulebook's words" in everything and "Commands:" in everything


def test_a_bot_that_takes_its_time_shows_that_it_is_thinking() -> None:
    """In a terminal a bot's choice that takes longer than a moment shows "... is thinking"
    until it is made; a quick one shows nothing, and neither does a console that is not a
    terminal (a pipe, a file)."""
    import io
    import time

    from rich.console import Console

    from vita.terminal.screen import thinking

    def shown(terminal: bool, seconds: float) -> str:
        out = io.StringIO()
        console = Console(file=out, force_terminal=terminal, width=WIDTH)
        with thinking(console, "Bot 2 is thinking…", delay=0.05):
            time.sleep(seconds)
        return out.getvalue()

    assert "Bot 2 is thinking" in shown(True, 0.4)
    assert shown(True, 0.0) == "" and shown(False, 0.4) == ""


@pytest.mark.slow
def test_a_search_bot_shows_that_it_is_thinking() -> None:
    """While a search bot (ISMCTS) chooses, the terminal says so (here two search bots play;
    the first decision of 150 iterations takes longer than the quarter second after which the
    spinner shows; the game is not played out)."""
    child = spawn(["play", "pursuit-cards", "--players", "2", "--seed", "1", "--bots", "ismcts:iters=150"], 120)
    try:
        child.expect("Ismcts bot 1 is thinking")
    finally:
        child.close(force=True)


def test_a_refusal_and_undo_are_said_on_the_redrawn_screen() -> None:
    """An illegal action typed in notation gets its reason on the next screen, which still fits;
    `undo` with nothing to take back says why."""
    screens, _ = play(TABLES["pursuit-3"] + ["--seed", "1"], quit_then_no_file, prompts=3,
                      typed=["study now", "undo"])
    assert "Not allowed:" in screens[1].text and len(screens[1].rows) <= HEIGHT, screens[1].text
    assert "Nothing to take back" in screens[2].text, screens[2].text
