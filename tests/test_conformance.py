"""Every conformance case under tests/conformance/ (one test per case, named after it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vita.testing.conformance import Case, format_outcome, load_cases, run_case

ROOT = Path(__file__).parent / "conformance"
CASES = load_cases([ROOT])


def test_there_are_cases_for_every_game_directory() -> None:
    for directory in ROOT.iterdir():
        assert any(case.file.startswith(str(directory)) for case in CASES), directory


@pytest.mark.parametrize("case", CASES, ids=[f"{Path(c.file).parent.name}: {c.name}" for c in CASES])
def test_case(case: Case) -> None:
    outcome = run_case(case)
    assert outcome.ok, format_outcome(outcome)


def test_the_runner_fails_what_is_wrong() -> None:
    """Every kind of expectation can fail: a case that expects the wrong thing fails."""
    from vita.testing.conformance import run_case

    base = {"name": "x", "game": "pursuit", "options": {"players": 2},
            "position": {"phase": "action", "round": 1, "closed": [],
                         "players": {0: {"trait": "hardworking", "hourglasses": {"hand": 6}},
                                     1: {"trait": "easygoing", "hourglasses": {"hand": 6}}}}}
    wrong = [
        {"steps": [{"action": "study", "expect": {"players.0.stress": 1}}]},
        {"steps": [{"action": "take-project nowhere", "expect_error": {"code": "not-enough-resources"}}]},
        {"steps": [{"action": "study", "expect_error": "anything"}]},
        {"steps": ["study"], "expect_legal": {1: ["rest-forever"]}},
        {"steps": ["study"], "expect_not_legal": {1: ["play"]}},
        {"expect_invalid_position": True},
        {"position": {"players": {0: {"resources": {"knowledge": -5}}}}, "expect_invalid_position": "no such text"},
    ]
    for extra in wrong:
        outcome = run_case(Case.from_json({**base, **extra}))
        assert not outcome.ok, extra
    right = {"steps": [{"action": "study", "expect": {"players.0.stress": 0}},
                       {"seat": 1, "action": "study", "expect_legal": {0: ["study"]}}]}
    assert run_case(Case.from_json({**base, **right})).ok
