"""Every conformance case under tests/conformance/ (one test per case, named after it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vita.core.conformance import Case, format_outcome, load_cases, run_case

ROOT = Path(__file__).parent / "conformance"
CASES = load_cases([ROOT])


def test_there_are_cases_for_every_game_directory() -> None:
    for directory in ROOT.iterdir():
        assert any(case.file.startswith(str(directory)) for case in CASES), directory


@pytest.mark.parametrize("case", CASES, ids=[f"{Path(c.file).parent.name}: {c.name}" for c in CASES])
def test_case(case: Case) -> None:
    outcome = run_case(case)
    assert outcome.ok, format_outcome(outcome)
