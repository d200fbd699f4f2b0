"""Screenshots of every game's table, at a desktop and a phone size, for docs/screenshots/.

    python tools/screenshots.py            # needs Debian's chromium (or VITA_CHROMIUM)
    python tools/screenshots.py our-life   # only the games named
    python tools/screenshots.py pursuit-community   # The Pursuit of Happiness with Community, 5 players
    python tools/screenshots.py cv --out /tmp/shots # elsewhere than docs/screenshots/

A table per game: seat 1 is a person (whose page is photographed), the others heuristic
bots; the person's moves are chosen by a heuristic bot too, until the game is well under way.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx
from tests.web.conftest import Server
from tests.web.test_browser import ARGS

from vita.registry import GAMES, make_bot

OUT = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
SIZES = {"desktop": (1366, 768), "phone": (390, 844)}
SETUPS = {"pursuit": (3, 60), "pursuit-cards": (3, 40), "cv": (3, 30), "our-life": (3, 45),
          "pursuit-community": (5, 110)}
OPTIONS = {"our-life": {"couples": 1},  # Ana and Ben a couple, Cleo single
           "pursuit-community": {"expansion": "community"}}
VARIANTS = {"pursuit-community": "pursuit"}  # a screenshot name → its game


def main(argv: list[str] | None = None) -> list[Path]:
    """Take the screenshots named in ``argv`` (every game when none is named); the files written."""
    import argparse

    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description="Screenshots of every game's table, desktop and phone.")
    known = [*GAMES, *VARIANTS]
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"what to photograph (default all): {', '.join(known)}")
    parser.add_argument("--out", type=Path, default=OUT, help="the folder to write to (default docs/screenshots)")
    args = parser.parse_args(argv)
    if unknown := [n for n in args.names if n not in known]:
        parser.error(f"no screenshot is named {', '.join(unknown)} (choose from {', '.join(known)})")
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as folder:
        server = Server(str(Path(folder) / "shots.sqlite"))
        server.start()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=os.environ.get("VITA_CHROMIUM", "/usr/bin/chromium"),
                                                 args=ARGS)
            for name in args.names or known:
                game_id = VARIANTS.get(name, name)
                players, moves = SETUPS.get(name, (2, 30))
                seats = [{"name": "Ana"}] + [{"name": n, "kind": "bot", "bot": "heuristic"}
                                               for n in ("Ben", "Cleo", "Dan", "Eve")[: players - 1]]
                data = server.api("POST", "/api/tables", json={"game": game_id, "seed": 2, "seats": seats,
                                                                  "options": OPTIONS.get(name, {})})
                token, table = data["seats"][0]["token"], data["table"]
                page = browser.new_context().new_page()
                page.goto(data["seats"][0]["link"])
                advance(server, table, token, game_id, moves)
                for size, (width, height) in SIZES.items():
                    page.set_viewport_size({"width": width, "height": height})
                    page.reload()
                    page.wait_for_selector("#board > :not([hidden])")
                    page.wait_for_timeout(300)
                    path = out / f"{name}-{size}.png"
                    page.screenshot(path=str(path), full_page=size == "desktop")
                    print(path)
                    written.append(path)
            browser.close()
        server.stop()
    return written


def advance(server: Server, table: str, token: str, game_id: str, moves: int) -> None:
    """Let the game run until ``moves`` actions were played, the person's chosen by a bot."""
    bot = make_bot(game_id, "heuristic", 1)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        view = server.api("GET", f"/api/tables/{table}/view", params={"token": token})
        if view["seq"] >= moves or view["over"]:
            return
        if not view["your_turn"]:
            time.sleep(0.05)
            continue
        # The record is secret until the end: the tool, which runs the server, looks at the
        # live game itself (a copy), as the server's own bots do.
        assert server.server is not None
        state = server.server.config.app.state.tables.live[table].state.clone()
        action = bot.choose(state, 0)
        # A bot may have moved meanwhile (a 409 then): just look again.
        httpx.post(f"{server.base}/api/tables/{table}/actions",
                   json={"token": token, "seq": view["seq"], "action": str(action)}, timeout=10)


if __name__ == "__main__":
    main()
