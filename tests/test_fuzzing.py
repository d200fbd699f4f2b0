"""A sample of the notation fuzzing (benchmarks/fuzz.py runs 100,000 tries per game)."""

from __future__ import annotations

import pytest

from vita.registry import GAMES
from vita.testing.fuzzing import fuzz


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_fuzzed_notation_gets_the_one_error_and_changes_nothing(game_id: str) -> None:
    report = fuzz(game_id, tries=3000, seed=11)
    assert report.failures == []
    assert report.refused > 1000 and report.positions > 20
