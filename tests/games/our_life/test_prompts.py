"""Our Life's choices say what they give: marking a row names its square, the bonus of the
section it finishes and the Life Achievement points it reaches."""

from __future__ import annotations

from vita.core.tuples import replaced
from vita.games.our_life.actions import Mark
from vita.games.our_life.prompts import prompt
from vita.registry import get_game


def test_marking_the_square_that_finishes_a_section_says_its_bonus_and_points() -> None:
    """"Romance": "For completing the second section of the Romance Track, the player has
    achieved 6 Life Achievement points"; "BONUSES": a section's Bonus is received "immediately
    when finishing the section"."""
    state = get_game("our-life").new(seed=1, players=2)
    romance = state.book.row("romance")
    before = romance.section_ends[1] - 1
    state.rows[0] = replaced(state.rows[0], romance.index, before)
    label = prompt(state, 0, Mark("romance")).label
    assert label.startswith(f"Mark Romance (square {before + 1} of {romance.size}: ")
    assert "6 points" in label
    bonus = romance.bonuses[1]
    if bonus is not None:
        assert f"finishes a section, {bonus.describe()}" in label
    # A square in the middle of a section finishes nothing and reaches no new points.
    state.rows[0] = replaced(state.rows[0], romance.index, 0)
    assert prompt(state, 0, Mark("romance")).label == f"Mark Romance (square 1 of {romance.size})"
