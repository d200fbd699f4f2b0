"""The examples in docstrings are run too."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "vita.core.rng",
    "vita.core.state",
    "vita.testing.conformance",
    "vita.core.codec",
    "vita.core.tuples",
    "vita.core.datafile",
    "vita.core.wording",
    "vita.terminal.play",
    "vita.games.pursuit.actions",
    "vita.games.pursuit_cards.cards",
    "vita.games.pursuit_cards.rules.melds",
    "vita.games.pursuit_cards.actions",
    "vita.games.cv.actions",
    "vita.games.cv.rules.game_end",
    "vita.games.our_life.actions",
    "vita.games.our_life.cards",
    "vita.games.our_life.rules.bonuses",
    "vita.games.our_life.rules.setup",
    "vita.games.our_life.describe",
    "vita.core.search",
    "vita.sim",
    "vita.tournament",
    "vita.report",
    "vita.web.cli",
    "vita.web.security",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
