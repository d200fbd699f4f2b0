"""Pig, the dice game, as a vita game from another package: roll a die as often as you like,
adding each roll to your turn's total; a 1 loses the total and ends your turn; ``hold``
banks it. The first to 30 wins. It joins vita through the ``vita.games`` entry point
beside it, and nothing in vita knows of it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

from vita.core import IllegalAction, Rng
from vita.core.game import Game
from vita.core.state import Action, GameInfo, State

GOAL = 30


@dataclass(frozen=True, slots=True)
class Move(Action):
    word: str  # "roll" | "hold"

    def __str__(self) -> str:
        return self.word


class PigState(State):
    __slots__ = ("banked", "rolled", "total", "turn")

    def __init__(self, players: int, seed: int, log: bool = True) -> None:
        self.num_players, self.rng, self.log, self.ply = players, Rng(seed), [] if log else None, 0
        self.banked, self.turn, self.total, self.rolled = [0] * players, 0, 0, 0

    def to_move(self) -> tuple[int, ...]:
        return () if max(self.banked) >= GOAL else (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        return [Move("roll"), Move("hold")] if seat in self.to_move() else []

    def why_illegal(self, seat: int, action: Action) -> str | None:
        return None if action in self.legal_actions(seat) else f"seat {seat} cannot {action} now"

    def _apply(self, seat: int, action: Action) -> None:
        if str(action) == "roll":
            self.rolled = 1 + self.rng.below(6)
            self.total = 0 if self.rolled == 1 else self.total + self.rolled
            self.say(f"seat {seat} rolls {self.rolled}")
            if self.rolled > 1 and self.banked[seat] + self.total < GOAL:
                return
        self.banked[seat] += self.total
        self.total, self.turn = 0, (seat + 1) % self.num_players

    def parse(self, text: str, seat: int | None = None) -> Action:
        if text.strip() not in ("roll", "hold"):
            raise IllegalAction(f"{text[:40]!r} is not an action: roll or hold")
        return Move(text.strip())

    def scores(self) -> tuple[float, ...]:
        return tuple(float(b) for b in self.banked)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"banked": self.banked[:], "turn": self.turn, "total": self.total, "rolled": self.rolled}

    def clone(self) -> PigState:
        other = PigState.__new__(PigState)
        other.num_players, other.rng, other.ply = self.num_players, Rng(self.rng.state), self.ply
        other.log = None if self.log is None else self.log[:]
        other.banked, other.turn, other.total, other.rolled = self.banked[:], self.turn, self.total, self.rolled
        return other

    def to_json(self) -> dict[str, Any]:
        return {"game": "pig", "rng": self.rng.state, "ply": self.ply, **self.view(None)}


class PigOptions(BaseModel):
    players: int = Field(2, ge=2, le=4)


class PigGame(Game[PigState, PigOptions]):
    info = GameInfo(id="pig", title="Pig", min_players=2, max_players=4, rulebook="", summary="A dice game.",
                    hidden_information=False)
    options_model = PigOptions

    def new_state(self, options: PigOptions, seed: int, *, log: bool = True) -> PigState:
        return PigState(options.players, seed, log)

    def state_from_json(self, data: Mapping[str, Any], *, log: bool = True) -> PigState:
        state = PigState(len(data["banked"]), 0, log)
        state.rng, state.ply = Rng(data["rng"]), data["ply"]
        state.banked, state.turn, state.total, state.rolled = list(data["banked"]), data["turn"], data["total"], \
            data["rolled"]
        return state

    def action_notations(self, options: PigOptions) -> list[str]:
        return ["roll", "hold"]


GAME = PigGame()
