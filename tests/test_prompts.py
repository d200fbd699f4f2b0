"""Typed prompts beyond the shared suite's check: each game's doc prints its table of kinds as
the code has it, and the web API's legal actions are prompts."""

from __future__ import annotations

from pathlib import Path

import pytest

from vita.core.prompt import Kind, generic_prompt, kinds_table, table_problems
from vita.registry import get_game

DOCS = Path(__file__).parent.parent / "docs" / "games"


@pytest.mark.parametrize("game_id", ["pursuit", "pursuit-cards", "cv", "our-life"])
def test_the_games_doc_prints_its_table_of_prompts(game_id: str) -> None:
    kinds = get_game(game_id).prompt_kinds()
    assert kinds and not table_problems(kinds)
    doc = (DOCS / f"{game_id}.md").read_text()
    assert "## Prompts" in doc
    assert kinds_table(kinds) in doc, f"docs/games/{game_id}.md's table of prompts is not the code's"


def test_a_table_with_an_unknown_part_type_is_reported() -> None:
    assert table_problems({"fly": Kind("Fly", ("wing",))}) == ["fly: unknown part type 'wing'"]


def test_a_game_without_a_table_gets_generic_prompts() -> None:
    prompt = generic_prompt("take-project act-in-play L2", "Take it")
    assert (prompt.kind, prompt.kind_label) == ("take-project", "Take project")
    assert [(p.type, p.id) for p in prompt.parts] == [("option", "act-in-play"), ("option", "L2")]


def test_cv_reroll_is_one_dice_part_naming_the_dice_by_place() -> None:
    # "Roll the dice": a player may throw any of the dice again; the prompt names them by place.
    game = get_game("cv")
    state = game.new(seed=2, players=2)
    while "roll" not in state.view(None)["step"]:
        seat = state.to_move()[0]
        state.apply(state.legal_actions(seat)[0], seat)
    seat = state.to_move()[0]
    rerolls = [p for p in game.prompts(state, seat) if p.kind == "reroll"]
    assert rerolls
    for prompt in rerolls:
        (part,) = prompt.parts
        assert part.type == "dice"
        assert prompt.notation == "reroll " + " ".join(str(i) for i in part.id)  # type: ignore[union-attr]
        assert "reroll" not in prompt.label.split(" ", 1)[1]  # a sentence, not the notation again
