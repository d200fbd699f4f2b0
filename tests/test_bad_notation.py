"""Malformed notation is one error (IllegalAction) with a short message, and changes nothing."""

from __future__ import annotations

import json

import pytest

from vita.core.errors import IllegalAction
from vita.registry import GAMES, get_game

BAD = [
    "take ²", "take ③", "take ٣", "m²@1", "activate 7H m³@1",
    "take " + "9" * 5000, "activate 7H m" + "9" * 5000 + "@1", "extend m" + "9" * 5000 + " left 2H",
    "take-project act-in-play pay:K" + "9" * 5000 + "C0I0", "advance knowledge pay:K1C" + "9" * 4301 + "I0",
    "spend knowledge L²", "x" * 1_000_000, "", "   ", "\x00", "trait " + "z" * 100_000,
]


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("text", BAD, ids=range(len(BAD)))
def test_bad_notation_is_refused_with_a_short_message(game_id: str, text: str) -> None:
    state = get_game(game_id).new(seed=3, players=2)
    before = json.dumps(state.to_json(), sort_keys=True)
    seat = state.to_move()[0]
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.parse(text, seat), seat)
    assert len(str(refused.value)) < 300, "a refusal quotes only a short prefix of the input"
    assert json.dumps(state.to_json(), sort_keys=True) == before
