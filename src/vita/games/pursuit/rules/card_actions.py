"""Rulebook section "Card actions": hourglasses placed on the cards in front of you.

Using the same card action more than once in a round never costs stress.
"""

from __future__ import annotations

from functools import lru_cache

from vita.core.datafile import DECKS
from vita.core.state import Action
from vita.games.pursuit.actions import Advance, OnCard, Spend, Upgrade
from vita.games.pursuit.cards import Amount, Deck
from vita.games.pursuit.rules import abilities, board
from vita.games.pursuit.rules.board_actions import TakeOption, add_takes, chosen_payment, level_table, money_cost
from vita.games.pursuit.rules.tracks import can_pay, gain, pay
from vita.games.pursuit.state import ROW_JOBS, Holding, PursuitState


def replaced(holdings: tuple[Holding, ...], index: int, holding: Holding) -> tuple[Holding, ...]:
    """The holdings with the one at ``index`` replaced (holdings are tuples, never changed in place)."""
    return (*holdings[:index], holding, *holdings[index + 1:])


def _find(holdings: tuple[Holding, ...], card: int) -> int:
    for index, (held, _, _) in enumerate(holdings):
        if held == card:
            return index
    return -1


# -- Advance a Basic Project ---------------------------------------------------------------


@lru_cache(maxsize=DECKS)
def advance_table(deck: Deck) -> tuple[tuple[tuple[TakeOption, ...], ...], ...]:
    """Per card and current level (index 0-4): the way to advance it (none past L4 or for a
    card that is not a basic project), in the form ``add_takes`` reads."""
    table = []
    for card in deck.cards:
        levels: list[tuple[TakeOption, ...]] = [()] * 5
        if card.kind == "basic":
            for level in range(1, 4):
                cost = card.steps[level].cost
                levels[level] = ((-1, *cost.res[:3], cost.hourglass, Advance(card.id, None), {}),)
        table.append(tuple(levels))
    return tuple(table)


def advance_options(state: PursuitState, seat: int, card: int) -> list[Action]:
    """Only to the next level, only basic projects, never past L4."""
    p = state.players[seat]
    index = _find(p.projects, card)
    return [] if index < 0 else add_advance(state, seat, card, p.projects[index][1], [])


def add_advance(state: PursuitState, seat: int, card: int, level: int, out: list[Action]) -> list[Action]:
    """Append to ``out`` the ways to advance ``card``, held at ``level`` (paid as a project)."""
    add_takes(out, advance_table(state.deck)[card][level], None, state.players[seat])
    return out


def do_advance(state: PursuitState, seat: int, action: Advance) -> None:
    card = state.deck.by_id[action.card]
    spec = state.deck.cards[card]
    p = state.players[seat]
    index = _find(p.projects, card)
    _, level, on_card = p.projects[index]
    step = spec.steps[level]
    paid = chosen_payment(state, seat, step.cost, action.pay)
    pay(state, seat, paid)
    placed = 1 + step.cost.hourglass
    p.hand -= placed
    level += 1
    gain(state, seat, step.reward)
    if state.log is not None:
        state.say(f"{p.name} advances '{spec.name}' to L{level}: pays "
                  f"{Amount(res=paid, hourglass=step.cost.hourglass).words()}, gains {step.reward.words()}.")
    if level == 4:
        # Completed: set aside; its hourglasses go to the Spent Time space.
        p.projects = p.projects[:index] + p.projects[index + 1:]
        p.spent += on_card + placed
        p.completed += (card,)
        if state.log is not None:
            state.say(f"{p.name} has completed '{spec.name}'.")
        abilities.trigger(state, seat, "complete-project")
    else:
        p.projects = replaced(p.projects, index, (card, level, on_card + placed))


# -- Upgrade an Item / Repeat an Activity -----------------------------------------------------


def upgrade_options(state: PursuitState, seat: int, card: int) -> list[Upgrade]:
    """Any higher level, paying that level's cost."""
    p = state.players[seat]
    index = _find(p.items, card)
    if index < 0:
        return []
    money = p.res[3] + abilities.spend_discount(state, seat)
    return upgrades(level_table(state.deck)[card], p.items[index][1], money, p.hand - 1)


def upgrades(
    levels: tuple[tuple[int, int, Spend, Upgrade], ...], level: int, money: int, spare: int
) -> list[Upgrade]:
    """The levels above ``level`` affordable with ``money`` (discount included) and ``spare``."""
    return [upgrade for cost, extra, _, upgrade in levels[level:] if money >= cost and spare >= extra]


def do_upgrade(state: PursuitState, seat: int, action: Upgrade) -> None:
    card = state.deck.by_id[action.card]
    spec = state.deck.cards[card]
    p = state.players[seat]
    index = _find(p.items, card)
    _, _, on_card = p.items[index]
    step = spec.steps[action.level - 1]
    money = money_cost(state, seat, step.cost)
    p.res[3] -= money
    placed = 1 + step.cost.hourglass
    p.hand -= placed
    p.items = replaced(p.items, index, (card, action.level, on_card + placed))
    gain(state, seat, step.reward)
    verb = "upgrades" if spec.kind == "item" else "repeats"
    if state.log is not None:
        state.say(f"{p.name} {verb} '{spec.name}' to {step.name} (L{action.level}): pays "
                  f"{Amount(res=(0, 0, 0, money), hourglass=step.cost.hourglass).words()}, "
                  f"gains {step.reward.words()}.")


# -- Get a Promotion, Retirement -----------------------------------------------------------------


def can_promote(state: PursuitState, seat: int, target: int) -> bool:
    """The next-level job of the same type must be on the board."""
    p = state.players[seat]
    if p.job < 0 or target not in state.rows[ROW_JOBS]:
        return False
    job, new = state.deck.cards[p.job], state.deck.cards[target]
    if job.promotion is None or new.job_type != job.job_type or new.job_level != job.job_level + 1:
        return False
    return can_pay(p.res, job.promotion.cost.res) and p.hand >= 1 + job.promotion.cost.hourglass


def do_promote(state: PursuitState, seat: int, target: int, side: int = 0) -> None:
    p = state.players[seat]
    old = p.job
    promotion = state.deck.cards[old].promotion
    assert promotion is not None
    p.hand -= 1 + promotion.cost.hourglass
    p.spent += 1 + promotion.cost.hourglass
    pay(state, seat, promotion.cost.res)
    state.rows[ROW_JOBS].remove(target)
    old_name = state.card_name(old, seat)
    board.discard(state, old)
    p.sides.pop(old, None)
    p.job = target
    if side:
        p.sides[target] = side
    p.gathered += 1
    gain(state, seat, promotion.reward)
    if state.log is not None:
        state.say(f"{p.name} is promoted from {old_name} to {state.card_name(target, seat)}: "
                  f"pays {promotion.cost.words()}, gains {promotion.reward.words()}.")


def can_retire(state: PursuitState, seat: int) -> bool:
    p = state.players[seat]
    if p.job < 0:
        return False
    retirement = state.deck.cards[p.job].retirement
    return (retirement is not None and can_pay(p.res, retirement.cost.res)
            and p.hand >= 1 + retirement.cost.hourglass)


def do_retire(state: PursuitState, seat: int) -> None:
    p = state.players[seat]
    retirement = state.deck.cards[p.job].retirement
    assert retirement is not None
    p.hand -= 1 + retirement.cost.hourglass
    p.spent += 1 + retirement.cost.hourglass
    pay(state, seat, retirement.cost.res)
    p.retired, p.job = p.job, -1
    gain(state, seat, retirement.reward)
    if state.log is not None:
        state.say(f"{p.name} retires from {state.card_name(p.retired, seat)}: pays {retirement.cost.words()}, "
                  f"gains {retirement.reward.words()}.")


# -- Develop a Relationship ------------------------------------------------------------------------


def can_develop(state: PursuitState, seat: int, card: int) -> bool:
    """One level at a time; the next level's requirement is a holding, not a payment."""
    p = state.players[seat]
    index = _find(p.partners, card)
    if index < 0:
        return False
    spec = state.deck.cards[card]
    _, level, _ = p.partners[index]
    return level < len(spec.steps) and can_pay(p.res, spec.steps[level].requires)


def do_develop(state: PursuitState, seat: int, action: OnCard) -> None:
    card = state.deck.by_id[action.card]
    spec = state.deck.cards[card]
    p = state.players[seat]
    index = _find(p.partners, card)
    _, level, on_card = p.partners[index]
    p.hand -= 1
    p.partners = replaced(p.partners, index, (card, level + 1, on_card + 1))
    step = spec.steps[level]
    gain(state, seat, step.reward)
    if state.log is not None:
        state.say(f"{p.name} develops the relationship with {state.card_name(card, seat)} to {step.name}: "
                  f"gains {step.reward.words()}.")
