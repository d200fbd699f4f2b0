"""Human wording of actions (what a menu shows beside the notation)."""

from __future__ import annotations

from typing import Final

from vita.core.state import Action
from vita.games.pursuit.actions import (
    Advance,
    ChooseTrait,
    Engage,
    Exchange,
    OnCard,
    Outcome,
    Refresh,
    Simple,
    Spend,
    TakeProject,
    Upgrade,
    Upkeep,
)
from vita.games.pursuit.cards import Amount, Card, Deck, Step
from vita.games.pursuit.community_cards import CommunityCard
from vita.games.pursuit.rules import abilities, board_actions, community
from vita.games.pursuit.rules.board import ROW_NAMES, ROW_TITLES
from vita.games.pursuit.rules.tracks import project_payments
from vita.games.pursuit.state import PursuitState

SIMPLE_LABELS: Final = {
    "study": "Study: gain 3 Knowledge",
    "play": "Play: gain 3 Creativity",
    "interact": "Interact: gain 3 Influence",
    "temp-job": "Temp Job: gain 3 coins",
    "overtime": "Overtime: 2 more hourglasses this round, 2 stress",
    "retire": "Retire from your job",
    "done": "Stop shopping (Black Friday)",
}


def _paying(state: PursuitState, pay: tuple[int, int, int] | None, cost: Amount) -> str:
    """What a project level charges: the printed cost moved by the player's STH ("Short Term
    Happiness Track": 1 resource of his choice less per positive point, more per negative
    one), as it will be charged, with the STH that changed it."""
    sth = state.players[state.current].sth
    if pay is None:
        ways = project_payments(state, state.current, cost.res)
        if not ways:
            return cost.words()
        pay = ways[0]
    paid = Amount(res=(*pay, cost.res[3]), hourglass=cost.hourglass).words()
    if sth == 0 or tuple(pay) == tuple(cost.res[:3]):
        return paid
    return f"{paid} (STH {sth:+d}: printed {cost.words()})"


def _rest(state: PursuitState) -> str:
    """Rest as the player to move has it: the board's spaces, and his child trait's more
    (Easygoing: "Rest moves you up to 4 spaces left")."""
    seat = state.current
    extra = abilities.rest_extra(state, seat)
    spaces = board_actions.rest_reach(state, seat)
    trait = f" ({state.deck.traits[state.players[seat].trait].name}: {extra} more)" if extra else ""
    return f"Rest: stress up to {spaces} spaces left{trait}, within the section"


def label(state: PursuitState, action: Action) -> str:
    """What a choice does, with every cost and penalty it brings stated before it is chosen."""
    return _label(state, action) + _penalties(state, action)


def _penalties(state: PursuitState, action: Action) -> str:
    """The stress and STH a choice costs beyond its printed cost: a dropped upkeep ("Upkeep
    Phase"), a second hourglass on a space, a card beyond the 3 slots (board_actions)."""
    movers = state.to_move()
    if not movers:
        return ""
    notes = ["1 stress and -1 STH"] if isinstance(action, Upkeep) and not action.pay else []
    notes += board_actions.foreseen_stress(state, movers[0], action)
    return f" ({'; '.join(notes)})" if notes else ""


def _label(state: PursuitState, action: Action) -> str:
    deck = state.deck
    if isinstance(action, Simple) and action.name == "rest":
        return _rest(state)
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
    if isinstance(action, Engage | Outcome):
        return _community_label(state, action)
    spec = deck.cards[deck.by_id[action.card]] if hasattr(action, "card") else None
    if spec is None:
        return str(action)
    # A card in front of the player is named by the side it shows (a job's or partner's).
    movers = state.to_move()
    held = state.card_name(spec.index, movers[0]) if movers else spec.name
    if isinstance(action, Upkeep):
        return f"{'Pay' if action.pay else 'Drop'} the upkeep of {held}"
    if isinstance(action, TakeProject):
        if spec.kind == "group":
            index = next(i for i, s in enumerate(spec.steps)
                         if board_actions.role_id(s.name) == action.role)
            step = spec.steps[index]
            return (f"Take Project '{spec.name}' as {step.name}: pay {_paying(state, action.pay, step.cost)}, "
                    f"gain {step.reward.words()}")
        step = spec.steps[(action.level or 1) - 1]
        return (f"Take Project '{spec.name}' at L{action.level or 1} ({step.name}): pay "
                f"{_paying(state, action.pay, step.cost)}, gain {step.reward.words()}")
    if isinstance(action, Spend | Upgrade):
        step = spec.steps[action.level - 1]
        verb = "Spend on" if isinstance(action, Spend) else "Upgrade"
        upkeep = f"; upkeep {step.upkeep_cost.words()}" if step.upkeep_cost else ""
        return (f"{verb} '{spec.name}' at L{action.level} ({step.name}): pay {step.cost.words()}, "
                f"gain {step.reward.words()}{upkeep}")
    if isinstance(action, Advance):
        level = next(lv for c, lv, _ in state.players[state.current].projects if c == spec.index)
        step = spec.steps[level]
        return (f"Advance '{spec.name}' to L{level + 1}: pay {_paying(state, action.pay, step.cost)}, "
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
        return f"Develop the relationship with {held}"
    return f"Discard {held} (1 stress, -1 STH)"


def _community_label(state: PursuitState, action: Engage | Outcome) -> str:
    if isinstance(action, Engage):
        slot = community.slot_of(state, action.card)
        if slot < 0:
            return str(action)
        card = community.card_of(state, slot)
        marker = "an Hourglass marker" if community.token_placed(state, state.current) else "your Community token"
        cost = f"pay {community.cost_words(card.engage_cost)}" if any(card.engage_cost) else "free"
        reward = community.words(card.engage_reward)
        now = cost + (f", gain {reward}" if reward != "nothing" else "")
        # What may follow ("Community Phase": each engaged player picks one Outcome).
        outcomes = "; ".join(line.split(". ", 1)[1] for line in community_card_lines(card)
                             if line[:2] in ("1.", "2.", "3."))
        return f"Engage in '{card.name}' ({card.engage_name}) with {marker}: {now}; then one of {outcomes}"
    slot = community.resolving(state)
    if slot < 0 or not 1 <= action.number <= 3:
        return str(action)
    card = community.card_of(state, slot)
    outcome = card.outcomes[action.number - 1]
    if outcome.special == "blind-date" and action.partner in state.deck.by_id:
        return f"'{outcome.name}': {state.deck.card(action.partner).name} as a Partner at the Relationship level"
    cost = f"pay {community.cost_words(outcome.cost)}, " if any(outcome.cost) else ""
    each = " per Item bought this round" if outcome.per_item else ""
    most = f" (with the most {outcome.most.capitalize()})" if outcome.most else ""
    return (f"Outcome {action.number} of '{card.name}', '{outcome.name}'{most}: "
            f"{cost}gain {community.words(outcome.reward)}{each}")


def _exchanges(state: PursuitState) -> tuple[tuple[str, Amount, Amount], ...]:
    from vita.games.pursuit.rules import abilities

    return abilities.exchanges(state, state.current)


# -- card texts (the terminal, the web and the log show the same) ---------------------------------


def amount_text(amount: Amount) -> str:
    """Compact icons: ``2K 1C 3$ 1 hourglass +1STH 2LTH 1Relax 1Health``."""
    parts = [f"{n}{letter}" for n, letter in zip(amount.res, "KCI$", strict=True) if n]
    if amount.hourglass:
        parts.append(f"{amount.hourglass} hourglass")
    if amount.sth:
        parts.append(f"{amount.sth:+d}STH")
    if amount.lth:
        parts.append(f"{amount.lth}LTH")
    if amount.relax:
        parts.append(f"{amount.relax}Relax")
    if amount.good_health:
        parts.append(f"{amount.good_health}Health")
    return " ".join(parts) or "—"


def step_text(step: Step, requires: bool = False) -> str:
    cost = amount_text(step.cost) if not requires else "have " + amount_text(Amount(res=step.requires))
    text = f"{step.name}: {cost} → {amount_text(step.reward)}"
    if step.upkeep_cost is not None:
        text += f" (upkeep {amount_text(step.upkeep_cost)} → {amount_text(step.upkeep_reward)})"
    return text


def card_lines(card: Card) -> list[str]:
    """A card's full text, one line per level or role."""
    if card.kind == "job":
        assert card.hire is not None
        lines = [f"L{card.job_level} {card.job_type} job ({' / '.join(card.names)})",
                 f"hire: {amount_text(card.hire.cost)} → {amount_text(card.hire.reward)}",
                 f"upkeep: {amount_text(card.upkeep_cost or Amount())} → {amount_text(card.upkeep_reward)}"]
        for name, step in (("promotion", card.promotion), ("retirement", card.retirement)):
            if step is not None:
                lines.append(f"{name}: {amount_text(step.cost)} → {amount_text(step.reward)}")
        return lines
    if card.kind == "partner":
        lines = [f"{step_text(s, requires=i > 0)}" for i, s in enumerate(card.steps)]
        return [*lines, f"upkeep from L{card.upkeep_from_level}: "
                f"{amount_text(card.upkeep_cost or Amount())} → {amount_text(card.upkeep_reward)}"]
    lines = [f"L{i}. {step_text(s)}" if card.kind != "group" else step_text(s)
             for i, s in enumerate(card.steps, start=1)]
    if card.kind == "group":
        lines.append("+ per role: " + " | ".join(amount_text(a) for a in card.additional))
    return lines


def card_levels(card: Card) -> list[dict[str, str]]:
    """A card's levels as rows of the printed card, each with its cost and reward apart:
    ``level`` (its number, or what the row is: hire, upkeep...), ``name``, ``cost``,
    ``reward`` (compact amounts, as :func:`amount_text`). An upkeep belongs to the row above,
    but a Partner's, which is printed once, after the last level: it has ``from``, the level
    from which it is due ("from L2")."""
    def row(level: str, name: str, cost: str, reward: Amount) -> dict[str, str]:
        return {"level": level, "name": name, "cost": cost, "reward": amount_text(reward)}

    if card.kind == "job":
        assert card.hire is not None
        rows = [row("hire", "", amount_text(card.hire.cost), card.hire.reward),
                row("upkeep", "each round", amount_text(card.upkeep_cost or Amount()), card.upkeep_reward)]
        for name, step in (("promotion", card.promotion), ("retirement", card.retirement)):
            if step is not None:
                rows.append(row(name, "", amount_text(step.cost), step.reward))
        return rows
    if card.kind == "partner":
        rows = [row(str(i), s.name, "have " + amount_text(Amount(res=s.requires)) if i > 1 else amount_text(s.cost),
                    s.reward) for i, s in enumerate(card.steps, start=1)]
        upkeep = row("upkeep", f"from L{card.upkeep_from_level}", amount_text(card.upkeep_cost or Amount()),
                     card.upkeep_reward)
        return [*rows, upkeep | {"from": str(card.upkeep_from_level)}]
    rows = []
    for i, step in enumerate(card.steps, start=1):
        rows.append(row("" if card.kind == "group" else str(i), step.name, amount_text(step.cost), step.reward))
        if step.upkeep_cost is not None:
            rows.append(row("upkeep", "each round", amount_text(step.upkeep_cost), step.upkeep_reward))
    if card.kind == "group":
        rows += [row("+", f"{n}+ roles covered", "", reward)
                 for n, reward in enumerate(card.additional, start=1)]
    return rows


KIND_NAMES: Final = {"basic": "Project", "single-round": "Single-Round Project", "group": "Group Project",
                     "item": "Item", "activity": "Activity", "job": "Job", "partner": "Partner"}


def catalogue(deck: Deck) -> dict[str, dict[str, object]]:
    """Every card's name, kind and full text by id (for hovering over a card on screen); the
    life goals by ``goal:<id>`` and the child traits by ``trait:<id>``; the board's tracks by
    ``board``; the Community cards by ``community:<id>``, the Popularity track's scores by
    ``popularity-track``."""
    texts: dict[str, dict[str, object]] = {
        card.id: {"name": card.name, "names": list(card.names) or [card.name],
                  "kind": KIND_NAMES[card.kind], "text": card_lines(card), "levels": card_levels(card)}
        for card in deck.cards}
    for goal in deck.life_goals:
        texts[f"goal:{goal.id}"] = {"name": goal.name, "kind": "Life goal",
                                    "text": [goal.goal.text, f"Solo: {goal.solo.text}", f"Bonus: {goal.bonus} LTH"]}
    for trait in deck.traits:
        texts[f"trait:{trait.id}"] = {"name": trait.name, "kind": "Child trait", "text": [trait.text]}
    board = deck.board
    texts["board"] = {"name": "board", "kind": "board",
                      "stress_track": [section.model_dump() for section in board.stress_track],
                      "stress_first": deck.stress.first,  # the leftmost space's stress position
                      "rounds": [round_.model_dump() for round_ in board.rounds],
                      "sth": [board.sth_min, board.sth_max]}
    if deck.community is not None:
        for community_card in deck.community.cards:
            texts[f"community:{community_card.id}"] = {
                "name": community_card.name, "names": [community_card.name], "kind": "Community card",
                "multiple": community_card.multiple, "text": community_card_lines(community_card)}
        texts["popularity-track"] = {"name": "Popularity track", "kind": "track",
                                     "scores": list(deck.community.popularity)}
    return texts


def community_card_lines(card: CommunityCard) -> list[str]:
    """A Community card's text: who may engage, the Engage cost and reward, the 3 Outcomes."""
    needs = {"job": "needs a Job", "partner": "needs a Partner", "no-partner": "only without a Partner"}
    lines = ["Multiple Players" if card.multiple else "One player only"]
    cost = community.cost_words(card.engage_cost) if any(card.engage_cost) else "free"
    engage = f"Engage ({card.engage_name}): {cost}"
    if community.words(card.engage_reward) != "nothing":
        engage += f" → {community.words(card.engage_reward)}"
    if card.requires:
        engage += f"; {needs[card.requires]}"
    lines.append(engage)
    if card.special == "black-friday":
        lines.append("Engaged: each Item you buy this round, buy another at once")
    for number, outcome in enumerate(card.outcomes, start=1):
        cost = community.cost_words(outcome.cost) if any(outcome.cost) else "free"
        if outcome.special == "blind-date":
            gain = "a Partner from the board at Relationship, no rewards"
        else:
            gain = community.words(outcome.reward) + (" per Item bought" if outcome.per_item else "")
        most = f" [most {outcome.most}]" if outcome.most else ""
        lines.append(f"{number}. {outcome.name}{most}: {cost} → {gain}")
    return lines
