"""Golden playthroughs (see tools/playthroughs.py): the same games, played again, must read the same."""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

from playthroughs import GAMES, path, transcript


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_playthrough_is_unchanged(game_id: str, players: int) -> None:
    expected = path(game_id, players).read_text(encoding="utf-8")
    actual = transcript(game_id, players)
    if actual != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                                 "committed", "now"))[:60])
        pytest.fail(f"the {game_id} playthrough changed (if intended: python tools/playthroughs.py):\n{diff}")
