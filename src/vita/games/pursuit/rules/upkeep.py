"""Rulebook section "Upkeep Phase" (with "Entering the Old Age").

In order: advance the round marker (not in the first round) and give the old-age
stress printed on the round track; discard the rows and draw new ones; gain or
lose hourglasses for the stress section; take stress for more than 3 projects,
jobs and partners and for each partner beyond the first; then each player, in
turn order from the first player, settles the upkeep of his cards in the order
he likes, paying (rewards can pay the next card) or discarding the card (1
stress, -1 STH).
"""

from __future__ import annotations

from vita.core.wording import count
from vita.games.pursuit.cards import Amount
from vita.games.pursuit.rules import abilities, board
from vita.games.pursuit.rules.tracks import add_stress, can_pay, gain, move_sth, pay
from vita.games.pursuit.state import Holding, PursuitState


def draw_rows(state: PursuitState) -> None:
    for row in range(4):
        board.clear_row(state, row)
        board.refill(state, row, board.row_size(state, row))
        if state.rows[row] and state.log is not None:
            names = ", ".join(state.card_name(c) for c in state.rows[row])
            state.say(f"{board.ROW_TITLES[row]}: {names}.")


def set_hourglasses(state: PursuitState) -> None:
    """6 hourglasses, plus or minus the stress section's, plus Good Health's of last round."""
    base = state.deck.board.hourglasses
    for p in state.players:
        if not p.alive:
            p.hand = p.total = 0
            continue
        change = state.deck.stress.hourglasses_at(p.stress) + p.health_bonus
        p.health_bonus = 0
        # A player has only so many markers of his colour.
        p.total = p.hand = min(base + change, state.deck.board.hourglass_markers)
        p.overtime = p.spent = 0
        if change and state.log is not None:
            state.say(f"{p.name} has {count(p.total, 'hourglass', 'hourglasses')} this round.")


def slot_cards(state: PursuitState, seat: int) -> int:
    """Projects, Job and Partners in front of a player (the 3 'slots')."""
    p = state.players[seat]
    return len(p.projects) + (p.job >= 0) + len(p.partners)


def slot_stress(state: PursuitState) -> None:
    slots = state.deck.board.slots
    for seat, p in enumerate(state.players):
        if not p.alive:
            continue
        extra = max(0, slot_cards(state, seat) - slots) + max(0, len(p.partners) - 1)
        if extra:
            if state.log is not None:
                state.say(f"{p.name} takes {extra} stress for too many commitments.")
            add_stress(state, seat, extra)


def pension(state: PursuitState, seat: int) -> None:
    """A retired job pays its upkeep reward every round, with no cost ("Get a Promotion")."""
    p = state.players[seat]
    if p.retired >= 0:
        reward = state.deck.cards[p.retired].upkeep_reward
        gain(state, seat, reward)
        if state.log is not None:
            state.say(f"{p.name}'s retirement from {state.card_name(p.retired, seat)} gives {reward.words()}.")


def upkeep_cards(state: PursuitState, seat: int) -> list[int]:
    """The cards in front of a player that have an upkeep cost this round."""
    p = state.players[seat]
    cards = state.deck.cards
    due = [card for card, level, _ in p.items if cards[card].steps[level - 1].upkeep_cost is not None]
    if p.job >= 0:
        due.append(p.job)
    due += [card for card, level, _ in p.partners if level >= cards[card].upkeep_from_level]
    return due


def upkeep_of(state: PursuitState, seat: int, card: int) -> tuple[Amount, Amount]:
    """(cost, reward) of a card's upkeep."""
    spec = state.deck.cards[card]
    if spec.kind == "item":
        level = next(level for c, level, _ in state.players[seat].items if c == card)
        step = spec.steps[level - 1]
        assert step.upkeep_cost is not None
        return step.upkeep_cost, step.upkeep_reward
    assert spec.upkeep_cost is not None
    return spec.upkeep_cost, spec.upkeep_reward


def can_pay_upkeep(state: PursuitState, seat: int, card: int) -> bool:
    cost, _ = upkeep_of(state, seat, card)
    p = state.players[seat]
    return can_pay(p.res, cost.res) and p.hand >= cost.hourglass


def settle(state: PursuitState, seat: int, card: int, paying: bool) -> None:
    """Pay a card's upkeep and take its reward, or lose the card (1 stress, -1 STH)."""
    p = state.players[seat]
    p.due = tuple(c for c in p.due if c != card)
    if paying:
        cost, reward = upkeep_of(state, seat, card)
        pay(state, seat, cost.res)
        p.hand -= cost.hourglass
        p.spent += cost.hourglass
        gain(state, seat, reward)
        if state.log is not None:
            state.say(f"{p.name} pays the upkeep of {state.card_name(card, seat)} "
                      f"({cost.words()}) and gains {reward.words()}.")
        if card == p.job:
            abilities.trigger(state, seat, "job-upkeep")
    else:
        if state.log is not None:
            state.say(f"{p.name} cannot or will not pay the upkeep of {state.card_name(card, seat)}: "
                      "the card is discarded, 1 stress and -1 STH.")
        remove_card(state, seat, card)
        move_sth(state, seat, -1)
        add_stress(state, seat, 1)


def remove_card(state: PursuitState, seat: int, card: int) -> int:
    """Take a card from in front of a player to its discard pile; return its hourglasses.

    A group project's role markers go to their owners' Spent Time.
    """
    p = state.players[seat]
    hourglasses = 0
    for kind in ("projects", "items", "partners"):
        holdings: tuple[Holding, ...] = getattr(p, kind)
        for index, (held, _, on_card) in enumerate(holdings):
            if held == card:
                setattr(p, kind, holdings[:index] + holdings[index + 1:])
                hourglasses = on_card
                break
    if p.job == card:
        p.job = -1
    if p.retired == card:
        p.retired = -1
    roles = state.groups.pop(card, None)
    if roles is not None:
        for owner in roles:
            if owner >= 0:
                state.players[owner].spent += 1
    if card in p.due:
        p.due = tuple(c for c in p.due if c != card)
    p.sides.pop(card, None)
    p.spent += hourglasses
    board.discard(state, card)
    return hourglasses
