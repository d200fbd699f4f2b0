"""Human wording of actions (what a menu shows beside the notation)."""

from __future__ import annotations

from vita.core.state import Action
from vita.games.pursuit import board_actions
from vita.games.pursuit.actions import (
    Advance,
    ChooseTrait,
    Exchange,
    OnCard,
    Refresh,
    Simple,
    Spend,
    TakeProject,
    Upgrade,
    Upkeep,
)
from vita.games.pursuit.board import ROW_NAMES, ROW_TITLES
from vita.games.pursuit.cards import Amount
from vita.games.pursuit.state import PursuitState

SIMPLE_LABELS = {
    "study": "Study: gain 3 Knowledge",
    "play": "Play: gain 3 Creativity",
    "interact": "Interact: gain 3 Influence",
    "temp-job": "Temp Job: gain 3 coins",
    "overtime": "Overtime: 2 more hourglasses this round, 2 stress",
    "rest": "Rest: stress up to 2 spaces left (within the section)",
    "retire": "Retire from your job",
}


def _paying(pay: tuple[int, int, int] | None, cost: Amount) -> str:
    if pay is None:
        return cost.words()
    return Amount(res=(*pay, 0), hourglass=cost.hourglass).words()


def label(state: PursuitState, action: Action) -> str:
    deck = state.deck
    if isinstance(action, Simple):
        return SIMPLE_LABELS[action.name]
    if isinstance(action, ChooseTrait):
        trait = deck.traits[deck.trait_ids[action.trait]]
        return f"Keep the child trait {trait.name}: {trait.text}"
    if isinstance(action, Refresh):
        return f"Lose 1 STH to refresh the {ROW_TITLES[ROW_NAMES.index(action.row)]} row"
    if isinstance(action, Exchange):
        for option, cost, reward in _exchanges(state):
            if option == action.option:
                return f"Exchange {cost.words()} for {reward.words()}"
        return str(action)
    spec = deck.cards[deck.by_id[action.card]] if hasattr(action, "card") else None
    if spec is None:
        return str(action)
    if isinstance(action, Upkeep):
        return f"{'Pay' if action.pay else 'Drop'} the upkeep of {spec.name}"
    if isinstance(action, TakeProject):
        if spec.kind == "group":
            index = next(i for i, s in enumerate(spec.steps)
                         if board_actions.role_id(s.name) == action.role)
            step = spec.steps[index]
            return (f"Take Project '{spec.name}' as {step.name}: pay {_paying(action.pay, step.cost)}, "
                    f"gain {step.reward.words()}")
        step = spec.steps[(action.level or 1) - 1]
        return (f"Take Project '{spec.name}' at L{action.level or 1} ({step.name}): pay "
                f"{_paying(action.pay, step.cost)}, gain {step.reward.words()}")
    if isinstance(action, Spend | Upgrade):
        step = spec.steps[action.level - 1]
        verb = "Spend on" if isinstance(action, Spend) else "Upgrade"
        upkeep = f"; upkeep {step.upkeep_cost.words()}" if step.upkeep_cost else ""
        return (f"{verb} '{spec.name}' at L{action.level} ({step.name}): pay {step.cost.words()}, "
                f"gain {step.reward.words()}{upkeep}")
    if isinstance(action, Advance):
        level = next(lv for c, lv, _ in state.players[state.current].projects if c == spec.index)
        step = spec.steps[level]
        return (f"Advance '{spec.name}' to L{level + 1}: pay {_paying(action.pay, step.cost)}, "
                f"gain {step.reward.words()}")
    assert isinstance(action, OnCard)
    if action.verb == "get-job":
        assert spec.hire is not None
        return (f"Get the job '{spec.name}' (L{spec.job_level} {spec.job_type}): pay "
                f"{spec.hire.cost.words()}, gain {spec.hire.reward.words()}")
    if action.verb == "start-relationship":
        return f"Start a relationship with {spec.name}: gain {spec.steps[0].reward.words()}"
    if action.verb == "promote":
        return f"Get a promotion to {spec.name}"
    if action.verb == "develop":
        return f"Develop the relationship with {spec.name}"
    return f"Discard {spec.name} (1 stress, -1 STH)"


def _exchanges(state: PursuitState) -> tuple[tuple[str, Amount, Amount], ...]:
    from vita.games.pursuit import abilities

    return abilities.exchanges(state, state.current)
