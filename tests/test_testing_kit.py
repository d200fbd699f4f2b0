"""The kit's checks can fail: the no-leak check catches a planted leak and a determinization
that re-samples nothing, and the other checks pass the four games in one call."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import vita
from vita.core import Rng
from vita.core.prompt import Kind, Part, Prompt
from vita.core.state import JSON
from vita.games.pursuit_cards.state import CardsState
from vita.registry import get_game
from vita.testing import suite

GAME = get_game("pursuit-cards")

# A planted fault is an interpreted subclass of the game's state, which a compiled (mypyc)
# state class does not take: those tests run on the pure build.
planted = pytest.mark.skipif(vita.compiled, reason="a planted fault subclasses a compiled state class, which mypyc "
                                                   "does not allow (it runs on the pure build)")


class LeakyState(CardsState):
    """The card game with a planted leak: every seat's view shows every hand."""

    __slots__ = ()

    def view(self, seat: int | None) -> JSON:
        view = super().view(seat)
        view["every_hand"] = [list(map(str, hand)) for hand in self.hands]
        return view

    def determinize(self, seat: int | None, rng: Rng) -> Any:
        other = super().determinize(seat, rng)
        other.__class__ = type(self)
        return other


class FrozenState(CardsState):
    """The card game whose determinization changes nothing."""

    __slots__ = ()

    def determinize(self, seat: int | None, rng: Rng) -> Any:
        other = self.clone()
        other.rng = Rng(rng.next_u64())
        other.__class__ = type(self)
        return other


class LeakyAndFrozen(LeakyState, FrozenState):
    __slots__ = ()

    def determinize(self, seat: int | None, rng: Rng) -> Any:
        return FrozenState.determinize(self, seat, rng)


class PeekingState(CardsState):
    """The card game with planted legal actions that follow a hidden card: the acting seat may
    discard only what its next opponent holds first."""

    __slots__ = ()

    def legal_actions(self, seat: int) -> list[Any]:
        legal = super().legal_actions(seat)
        other = self.hands[(seat + 1) % self.num_players]
        return legal[:1 + int(other[0]) % 3] if other else legal

    def determinize(self, seat: int | None, rng: Rng) -> Any:
        other = super().determinize(seat, rng)
        other.__class__ = type(self)
        return other


def positions(kind: type[CardsState]) -> list[Any]:
    taken = suite.snapshots(GAME, {"players": 2}, seed=14)[:6]
    for position in taken:
        position.__class__ = kind
    return taken


def test_the_views_check_passes_the_real_game() -> None:
    suite.check_views(GAME, positions(CardsState), Rng(13))


@planted
def test_the_views_check_catches_a_planted_leak() -> None:
    with pytest.raises(suite.SuiteFailure, match="depends on what it cannot see"):
        suite.check_views(GAME, positions(LeakyState), Rng(13))


@planted
def test_the_views_check_catches_legal_actions_that_follow_a_hidden_card() -> None:
    with pytest.raises(suite.SuiteFailure, match="legal actions depend on what it cannot see"):
        suite.check_views(GAME, positions(PeekingState), Rng(13))


@planted
def test_the_views_check_catches_a_determinization_that_changes_nothing() -> None:
    with pytest.raises(suite.SuiteFailure, match="re-samples nothing"):
        suite.check_views(GAME, positions(FrozenState), Rng(13))
    # The leak a frozen determinization would hide is caught all the same.
    with pytest.raises(suite.SuiteFailure, match="re-samples nothing"):
        suite.check_views(GAME, positions(LeakyAndFrozen), Rng(13))


@pytest.mark.parametrize("game_id", ["pursuit", "pursuit-cards", "cv", "our-life"])
def test_each_game_passes_the_kit_in_one_call(game_id: str) -> None:
    game = get_game(game_id)
    suite.check_game(game, game.options_for_players(2), seeds=(3,), fuzz_tries=200)


def test_the_informs_check_catches_a_game_that_says_a_draw_told_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    suite.check_informs(GAME, {"players": 2}, seed=3)
    # Planted: a draw from the stock tells the drawer its card, not "nothing".
    monkeypatch.setattr(CardsState, "informs", lambda self, seat, action: False)
    with pytest.raises(suite.SuiteFailure, match="told its seat something hidden"):
        suite.check_informs(GAME, {"players": 2}, seed=3)


def test_the_informs_check_catches_an_answer_that_depends_on_a_hidden_card(monkeypatch: pytest.MonkeyPatch) -> None:
    # Planted: the answer follows the other player's hand, which a re-deal deals again.
    def by_hand(self: CardsState, seat: int, action: Any) -> bool | None:
        return True if sum(self.hands[(seat + 1) % self.num_players][:20]) % 2 else None

    monkeypatch.setattr(CardsState, "informs", by_hand)
    with pytest.raises(suite.SuiteFailure, match="depends on what the seat cannot see"):
        suite.check_informs(GAME, {"players": 2}, seed=3)


def test_the_informs_check_catches_a_reveals_that_depends_on_a_hidden_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    real = CardsState.reveals

    def by_hand(self: CardsState, seat: int, action: Any) -> bool | None:  # planted: "nothing" on an odd hand
        shown = real(self, seat, action)
        return shown if shown is not False else not sum(self.hands[seat][:20]) % 2

    monkeypatch.setattr(CardsState, "reveals", by_hand)
    with pytest.raises(suite.SuiteFailure, match="reveals depends on what seat"):
        suite.check_informs(GAME, {"players": 2}, seed=3)


def test_the_informs_check_catches_a_game_that_says_a_draw_showed_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CardsState, "reveals", lambda self, seat, action: False)
    with pytest.raises(suite.SuiteFailure, match="showed a seat something hidden"):
        suite.check_informs(GAME, {"players": 2}, seed=3)


# -- the prompts check can fail ---------------------------------------------------------------------


class PromptsOff(type(GAME)):  # type: ignore[misc]
    """The card game with prompts broken in one planted way (``flaw``)."""

    def __init__(self, flaw: str) -> None:
        self.flaw = flaw

    def prompt(self, state: Any, seat: int, action: Any) -> Prompt:
        real = super().prompt(state, seat, action)
        if self.flaw == "kind":
            return replace(real, kind="mystery")
        if self.flaw == "parts" and real.kind == "discard":
            return replace(real, parts=(*real.parts, Part("end", "front", "at the front")))
        if self.flaw == "unseen" and real.parts and real.parts[0].type == "card":
            return replace(real, parts=(Part("card", "JK=XX", "a card nobody can see"), *real.parts[1:]))
        if self.flaw == "same":
            return replace(real, kind="pass", kind_label="Stop defending", parts=())
        return real


@pytest.mark.parametrize(("flaw", "message"), [
    ("kind", "not in the game's table"), ("parts", "do not fit"), ("unseen", "is not in seat"),
    ("same", "the same kind and parts"),
])
def test_the_prompts_check_catches_a_planted_flaw(flaw: str, message: str) -> None:
    suite.check_prompts(GAME, {"players": 2}, seed=3)
    with pytest.raises(suite.SuiteFailure, match=message):
        suite.check_prompts(PromptsOff(flaw), {"players": 2}, seed=3)


def test_a_kind_matches_its_part_types_with_optional_parts_left_out() -> None:
    kind = Kind("Take a project", ("space", "card", "level?", "option?", "payment?"))
    assert kind.matches(["space", "card"]) and kind.matches(["space", "card", "option", "payment"])
    assert not kind.matches(["card"]) and not kind.matches(["space", "card", "payment", "level"])
    assert not kind.matches(["space", "card", "card"])
