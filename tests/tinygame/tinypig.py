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
from vita.core.state import Action, GameInfo, Observer, Rules, State

GOAL = 30


@dataclass(frozen=True, slots=True)
class Move(Action):
    word: str  # "roll" | "hold"

    def __str__(self) -> str:
        return self.word


ROLL, HOLD = Move("roll"), Move("hold")


class PigState(State):
    """Data only: the banked points, whose turn it is, the turn's total and the last roll."""

    __slots__ = ("banked", "rolled", "total", "turn")

    def __init__(self, players: int, seed: int, log: bool = True) -> None:
        self.num_players, self.rng, self.log, self.ply = players, Rng(seed), [] if log else None, 0
        self.banked, self.turn, self.total, self.rolled = [0] * players, 0, 0, 0

    def to_move(self) -> tuple[int, ...]:
        return () if max(self.banked) >= GOAL else (self.turn,)

    def clone(self) -> PigState:
        other = PigState.__new__(PigState)
        other.num_players, other.rng, other.ply = self.num_players, Rng(self.rng.state), self.ply
        other.log = None if self.log is None else self.log[:]
        other.banked, other.turn, other.total, other.rolled = self.banked[:], self.turn, self.total, self.rolled
        return other


# -- the rules ---------------------------------------------------------------------------------


def legal_actions(state: PigState, seat: int) -> list[Action]:
    return [ROLL, HOLD] if seat in state.to_move() else []


def why_illegal(state: PigState, seat: int, action: Action) -> str | None:
    return None if action in legal_actions(state, seat) else f"seat {seat} cannot {action} now"


def roll(state: PigState, seat: int, action: Move) -> None:
    state.rolled = 1 + state.rng.below(6)
    state.total = 0 if state.rolled == 1 else state.total + state.rolled
    state.say(f"seat {seat} rolls {state.rolled}")
    if state.rolled == 1 or state.banked[seat] + state.total >= GOAL:
        hold(state, seat, HOLD)


def hold(state: PigState, seat: int, action: Move) -> None:
    state.banked[seat] += state.total
    state.total, state.turn = 0, (seat + 1) % state.num_players


def parse(text: str) -> Action:
    if text.strip() not in ("roll", "hold"):
        raise IllegalAction(f"{text[:40]!r} is not an action: roll or hold")
    return ROLL if text.strip() == "roll" else HOLD


def view(state: PigState, seat: int | None) -> dict[str, Any]:
    return {"banked": state.banked[:], "turn": state.turn, "total": state.total, "rolled": state.rolled}


def apply_move(state: PigState, seat: int, action: Move) -> None:
    (roll if action.word == "roll" else hold)(state, seat, action)


RULES: Rules[PigState] = Rules(
    legal_actions=legal_actions, why_illegal=why_illegal, handlers={Move: apply_move}, parse=parse,
    scores=lambda state: tuple(float(b) for b in state.banked), observer=Observer(view=view),
    to_json=lambda state: {"game": "pig", "rng": state.rng.state, "ply": state.ply, **view(state, None)},
)


class PigOptions(BaseModel):
    players: int = Field(2, ge=2, le=4)


class PigGame(Game[PigState, PigOptions]):
    info = GameInfo(id="pig", title="Pig", min_players=2, max_players=4, rulebook="", summary="A dice game.",
                    hidden_information=False)
    options_model = PigOptions
    state_class = PigState
    rules = RULES

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
