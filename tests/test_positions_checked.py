"""Loading a position validates it with explicit checks, so it still validates under
``python -O`` (which strips ``assert`` statements)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import vita.games

SCRIPT = """
import json
from vita.core.errors import PositionError
from vita.registry import get_game

def refused(game_id, change):
    game = get_game(game_id)
    position = game.new_state(game.make_options({"players": 2}), 3, log=False).to_json()
    change(position)
    try:
        game.state_from_json(json.loads(json.dumps(position)))
    except PositionError as error:
        return str(error)
    raise SystemExit(f"{game_id}: an inconsistent position loaded")

print(refused("pursuit-cards", lambda p: p.update(pass_no=p["passes"] + 1)))
print(refused("cv", lambda p: p["public_goals"].append(p["goal_deck"].pop())))
"""


def test_an_inconsistent_position_is_refused_under_python_O() -> None:
    done = subprocess.run([sys.executable, "-O", "-c", SCRIPT], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr + done.stdout
    assert done.stdout.splitlines() == [
        "inconsistent position: the pass number is outside 1 to passes",
        "inconsistent position: 1 public life goals with 2 players",
    ]


def test_no_position_codec_validates_with_assert() -> None:
    for path in Path(vita.games.__file__).parent.glob("*/position.py"):
        tree = ast.parse(path.read_text())
        found = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Assert)]
        assert not found, f"{path}: assert at lines {found}"
