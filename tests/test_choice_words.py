"""Choices say what they cost and give before they are taken (issue "The table a player
expects"): CV's purchases ("Select cards": a card's cost in symbols, its effect), Our Life's
setup goals ("Personal Goals": Joy at the goal rounds; "Shared Goals": what to finish and what
falling short costs) and vacation bonuses, and Community's Engage (its cost, then the three
Outcomes of "Community Phase")."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from vita.core.prompt import Prompt
from vita.registry import get_game


def offered(game_id: str, kinds: set[str], games: int = 4, **options: Any) -> Iterator[tuple[Any, Prompt]]:
    game = get_game(game_id)
    for seed in range(games):
        state, rng = game.new(seed=seed, **options), random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            actions = state.legal_actions(seat)
            for action in actions:
                if str(action).split()[0] in kinds:
                    yield state, game.prompt(state, seat, action)
            state.apply(rng.choice(actions), seat)


def test_cv_purchases_say_their_cost_and_what_they_give() -> None:
    from vita.games.cv.cards import SYMBOLS

    seen = 0
    for state, prompt in offered("cv", {"buy", "assist"}, players=3):
        if not prompt.parts:  # social assistance: take no card
            continue
        card = state.deck.card(prompt.parts[0].id)
        if prompt.kind == "buy" and "good luck" not in prompt.label:
            for index, count in enumerate(card.cost):
                if count:
                    assert f"{count} {SYMBOLS[index].replace('_', ' ')}" in prompt.label.split(", gives")[0], \
                        prompt.label
        assert "gives " in prompt.label, prompt.label
        if card.points:
            assert f"{card.points} points" in prompt.label, prompt.label
        seen += 1
    assert seen > 20


def test_our_life_goals_and_vacation_bonuses_say_what_they_give() -> None:
    kinds = set()
    for state, prompt in offered("our-life", {"goal", "shared", "pick"}, games=6, players=3, couples=1):
        kinds.add(prompt.kind)
        if prompt.kind == "goal":
            goal = state.book.personal_goals[prompt.parts[0].id]
            assert all(f"{marks}+ → {joy} Joy" in prompt.label for marks, joy in goal.thresholds), prompt.label
        elif prompt.kind == "shared":
            shared = state.book.shared_goals[prompt.parts[0].id]
            assert f"-{shared.penalty} per section short" in prompt.label, prompt.label
        else:
            assert "bonus 1" not in prompt.label and "bonus 2" not in prompt.label, prompt.label
            assert prompt.label.startswith("Take the vacation's bonus: "), prompt.label
    assert kinds == {"goal", "shared", "pick"}


def test_community_engage_says_its_cost_and_the_outcomes_that_may_follow() -> None:
    seen = 0
    for state, prompt in offered("pursuit", {"engage"}, games=3, players=3, expansion="community"):
        card = next(c for c in state.deck.community.cards if c.name in prompt.label)
        assert all(outcome.name in prompt.label for outcome in card.outcomes), prompt.label
        assert ("pay " in prompt.label) == any(card.engage_cost), prompt.label
        seen += 1
    assert seen > 5
