"""A game from another package joins vita through the ``vita.games`` entry points and plays
everywhere with nothing in vita changed: Pig (``tests/tinygame``, a few dozen lines with its
distribution's metadata beside it) passes the kit's suite and plays in the terminal, in the
browser's API and pages with the generic renderer, through PettingZoo with the generic
encoding, and in ``vita simulate``."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.web.conftest import bot_pool  # noqa: F401 (a fixture)
from tests.web.test_browser import browser, play_one, server, wait_past  # noqa: F401 (fixtures)

from vita import registry
from vita.testing import suite

PACKAGE = Path(__file__).parent / "tinygame"


@pytest.fixture
def pig() -> Iterator[Any]:
    """Pig installed: its folder (module and dist-info) on the path, the registry refreshed."""
    sys.path.insert(0, str(PACKAGE))
    importlib.invalidate_caches()
    registry.discover()
    try:
        yield registry.get_game("pig")
    finally:
        sys.path.remove(str(PACKAGE))
        importlib.invalidate_caches()
        registry.discover()


def run_vita(*arguments: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PACKAGE), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-c", "from vita.cli import main; main()", *arguments], input=stdin,
                          capture_output=True, text=True, timeout=120, env=environment)


def test_the_game_is_found_through_its_entry_point(pig: Any) -> None:
    assert registry.GAMES["pig"] == "tinypig:GAME"
    assert pig.info.title == "Pig"


def test_the_game_passes_the_kit(pig: Any) -> None:
    suite.check_game(pig, {"players": 2})
    suite.check_game(pig, {"players": 4}, seeds=(5,))


def test_the_game_plays_in_the_terminal_with_a_person_and_a_bot() -> None:
    done = run_vita("play", "pig", "--players", "2", "--humans", "1", "--seed", "3", stdin="roll\n" * 300)
    assert done.returncode == 0, done.stderr
    assert "Final scores" in done.stdout and "Player 1" in done.stdout
    assert "'banked'" in done.stdout, "the generic display shows the view"


def test_the_game_runs_in_bulk_simulation() -> None:
    done = run_vita("simulate", "pig", "--players", "2", "--games", "20", "--bots", "random")
    assert done.returncode == 0, done.stderr
    assert "20 games of pig" in done.stdout


def test_the_game_plays_in_the_browser_api_with_the_generic_renderer(
        pig: Any, tmp_path: Path, bot_pool: Any) -> None:  # noqa: F811
    from fastapi.testclient import TestClient
    from tests.web.conftest import make_app

    with TestClient(make_app(str(tmp_path / "vita.sqlite"), bot_pool)) as client:
        assert "pig" in [g["id"] for g in client.get("/api/games").json()]
        created = client.post("/api/tables", json={"game": "pig", "seed": 4, "seats": [
            {"name": "Ana"}, {"name": "Bo", "kind": "bot", "bot": "random"}]}).json()
        table, token = created["table"], created["seats"][0]["token"]
        page = client.get(f"/t/{table}", params={"token": token})
        assert page.status_code == 200 and "app.js" in page.text
        for _ in range(2000):
            view = client.get(f"/api/tables/{table}/view", params={"token": token}).json()
            if view["over"]:
                break
            if view["legal"]:
                reply = client.post(f"/api/tables/{table}/actions", json={
                    "token": token, "seq": view["seq"], "action": view["legal"][0]["notation"]})
                assert reply.status_code in (200, 409), reply.text
        assert view["over"], "the game reached its end through the API"


def test_the_game_plays_through_pettingzoo_with_the_generic_encoding(pig: Any) -> None:
    from pettingzoo.test import api_test

    from vita.ai import pettingzoo_env

    api_test(pettingzoo_env("pig", players=2), num_cycles=200)


@pytest.mark.slow
def test_the_game_is_played_by_clicking_in_a_browser(pig: Any, server: Any, browser: Any) -> None:  # noqa: F811
    """Two people play Pig to the end in Chromium, each clicking the choices the generic page
    offers for the view it draws as a tree."""
    data = server.api("POST", "/api/tables", json={"game": "pig", "seed": 4, "seats": [{"name": "Ana"},
                                                                                       {"name": "Ben"}]})
    pages = []
    for seat in data["seats"]:
        page = browser.new_page()
        page.goto(f"{server.base}/t/{data['table']}?token={seat['token']}")
        pages.append(page)
    assert "banked" in pages[0].inner_text("#app"), "the view is drawn"
    for _ in range(400):
        state = server.api("GET", f"/api/tables/{data['table']}/view")
        if state["over"]:
            break
        play_one(pages[state["to_move"][0]], state["seq"])
        wait_past(server, data["table"], state["seq"])
    assert server.api("GET", f"/api/tables/{data['table']}/view")["over"], "the game reached its end by clicks"


def test_the_generic_encoding_declares_no_bounds_it_cannot_know(pig: Any) -> None:
    """The generic observer reads the numbers of a seat's view, which have no bounds it knows:
    its space is unbounded, where vita's own games declare [0, 1]."""
    import numpy as np

    from vita.ai.common import interface

    box = interface("pig", {"players": 2}).box()
    assert not box.is_bounded("below") and not box.is_bounded("above")
    assert np.all(box.low == -np.inf) and np.all(box.high == np.inf)
