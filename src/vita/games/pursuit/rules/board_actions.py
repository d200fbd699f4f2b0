"""Rulebook section "Board actions" (and the 3-slot rule of "Take Project").

Placing an hourglass on a board space that already holds one of your own costs
1 stress (never for Rest) — "Action Phase". Each action has ``*_options``,
the legal forms of that action for one card (what the legal-move generator
lists and what a submitted action is checked against), and a function that
carries it out.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from vita.core.datafile import DECKS
from vita.core.state import Action
from vita.core.wording import count
from vita.games.pursuit.actions import Advance, Payment, Simple, TakeProject
from vita.games.pursuit.actions import Spend as SpendAction
from vita.games.pursuit.actions import Upgrade as UpgradeAction
from vita.games.pursuit.cards import Amount, Deck, Vec
from vita.games.pursuit.rules import abilities, board
from vita.games.pursuit.rules.tracks import (
    add_stress,
    can_pay,
    gain,
    move_left_within_section,
    pay,
    payment_shapes,
    project_payments,
)
from vita.games.pursuit.rules.upkeep import remove_card, slot_cards
from vita.games.pursuit.state import (
    GET_JOB,
    INTERACT,
    OVERTIME,
    PLAY,
    REST,
    ROW_ITEMS,
    ROW_JOBS,
    ROW_PARTNERS,
    ROW_PROJECTS,
    SPACES,
    SPEND,
    START_RELATIONSHIP,
    STUDY,
    TAKE_PROJECT,
    TEMP_JOB,
    Player,
    PursuitState,
)

BASIC_SPACES: Final = {"study": STUDY, "play": PLAY, "interact": INTERACT, "temp-job": TEMP_JOB}
GAINS_WORD: Final = {"study": "Study", "play": "Play", "interact": "Interact", "temp-job": "Temp Job"}


def place(state: PursuitState, seat: int, space: int) -> bool:
    """Put an hourglass on a board space; 1 stress if one of the player's is already there.

    Return whether the player is still alive to carry out the action.
    """
    p = state.players[seat]
    p.hand -= 1
    repeated = repeats_space(state, seat, space)
    p.placed[space] += 1
    if repeated:
        if state.log is not None:
            state.say(f"{p.name} already has an hourglass on that space: 1 stress.")
        add_stress(state, seat, 1)
    return p.alive


def repeats_space(state: PursuitState, seat: int, space: int) -> bool:
    """"Action Phase": an hourglass on a space where the player already has one costs 1
    Stress (Rest excepted: "Performing this action more than once in the same round, does
    not give you any Stress")."""
    return state.players[seat].placed[space] > 0 and space != REST


def slots_full(state: PursuitState, seat: int, freed: int = 0) -> bool:
    """The 3-slot rule ("Take Project"): all slots taken, counting ``freed`` slots as empty
    (a new Job replaces the old one)."""
    return slot_cards(state, seat) - freed >= state.deck.board.slots


def foreseen_stress(state: PursuitState, seat: int, action: Action) -> list[str]:
    """The Stress a board action will cost beyond its printed cost, said before it is chosen:
    a second hourglass on its space, a card taken while the 3 slots are full."""
    word = str(action).split()[0]
    if state.shopping or word not in SPACES:
        return []  # Black Friday's chain places no hourglass; card and free actions take no space
    notes = []
    if repeats_space(state, seat, SPACES.index(word)):
        notes.append("1 more stress: not your first hourglass here")
    card = state.deck.by_id.get(getattr(action, "card", ""), -1)
    joining = isinstance(action, TakeProject) and card in state.groups
    takes_slot = word in ("take-project", "get-job", "start-relationship") and not joining
    if takes_slot and slots_full(state, seat, freed=int(word == "get-job" and state.players[seat].job >= 0)):
        notes.append("1 more stress: your 3 slots are full")
    return notes


def slot_stress_on_taking(state: PursuitState, seat: int, freed: int = 0) -> bool:
    """The 3-slot rule: a project, job or partner taken while 3 slots are full costs 1 stress.

    Called before the card is taken. Return whether the player is still alive to take it:
    stress that kills ends his round at once and the action is not carried out (nothing
    paid, nothing taken), as for the stress of a repeated space.
    """
    if slots_full(state, seat, freed):
        if state.log is not None:
            state.say(f"{state.name(seat)}'s slots are full: 1 stress.")
        add_stress(state, seat, 1)
    return state.players[seat].alive


# -- Study / Play / Interact, Temp Job -----------------------------------------------------


def do_basic(state: PursuitState, seat: int, name: str) -> None:
    if not place(state, seat, BASIC_SPACES[name]):
        return
    amount = basic_rewards(state.deck)[name]
    gain(state, seat, amount)
    if state.log is not None:
        state.say(f"{state.name(seat)} takes '{GAINS_WORD[name]}': gains {amount.words()}.")
    abilities.trigger(state, seat, name)


@lru_cache(maxsize=DECKS)
def basic_rewards(deck: Deck) -> dict[str, Amount]:
    return {name: Amount.of(reward) for name, reward in deck.board.basic_actions.items()}


# -- Take Project ----------------------------------------------------------------------------


def role_id(name: str) -> str:
    return name.lower().replace(" ", "-")


Ways = tuple[tuple[int, int, int, "TakeProject | Advance"], ...]
Paying = tuple[Ways, tuple["TakeProject | Advance", ...]]
"""With one STH: each way to pay (K, C, I, its action), and what is offered when every way
can be paid (the action as it is when there is one way, else one action per way)."""
TakeOption = tuple[int, int, int, int, int, "TakeProject | Advance", dict[int, Paying]]
"""A way to take a project (or advance one): role index (-1: none), K, C, I, extra hourglasses,
the action, and (filled as they are met) its ways to pay by STH."""


@lru_cache(maxsize=DECKS)
def take_table(deck: Deck) -> tuple[tuple[TakeOption, ...], ...]:
    """Per project card, its ways to be taken at the printed cost (levels or roles)."""
    table: list[tuple[TakeOption, ...]] = []
    for card in deck.cards:
        if card.kind == "basic":
            steps = [(-1, 0, "", card.steps[0])]
        elif card.kind == "single-round":
            steps = [(-1, level, "", step) for level, step in enumerate(card.steps, start=1)]
        elif card.kind == "group":
            steps = [(index, 0, role_id(step.name), step) for index, step in enumerate(card.steps)]
        else:
            steps = []
        table.append(tuple(
            (index, *step.cost.res[:3], step.cost.hourglass, TakeProject(card.id, level, role, None), {})
            for index, level, role, step in steps
        ))
    return tuple(table)


def take_project_options(state: PursuitState, seat: int, card: int) -> list[Action]:
    """Every legal way to take (or join) this project now."""
    options: list[Action] = []
    roles = state.groups.get(card)
    if roles is None:
        if card not in state.rows[ROW_PROJECTS]:
            return options
    elif roles.count(seat) >= 2:
        return options  # at most 2 roles per player per project
    add_takes(options, take_table(state.deck)[card], roles, state.players[seat])
    return options


def add_takes(out: list[Action], ways: tuple[TakeOption, ...], roles: list[int] | None, p: Player) -> None:
    """Append each way to take a project (or a group project's open role) ``p`` can pay: the
    action as it is when there is one way to pay, else one action per way ("Short Term
    Happiness Track": with STH off centre each resource costs more or less, ``payment_shapes``)."""
    spare, have, sth = p.hand - 1, p.res, p.sth
    h0, h1, h2 = have[0], have[1], have[2]
    for role, k, c, i, extra, action, by_sth in ways:
        if spare < extra or (roles is not None and roles[role] >= 0):
            continue
        printed = h0 >= k and h1 >= c and h2 >= i  # the printed cost can be paid
        if sth == 0 and printed:
            out.append(action)
            continue
        if sth <= 0 and not printed:  # with STH at 0 or below, no way costs less than printed
            continue
        paying = by_sth.get(sth)
        if paying is None:
            paying = by_sth[sth] = ways_to_pay(action, sth, k, c, i)
        if sth > 0 and printed:  # a positive STH only lowers each resource's cost: every way pays
            out += paying[1]
            continue
        affordable = [a for pk, pc, pi, a in paying[0] if h0 >= pk and h1 >= pc and h2 >= pi]
        if len(affordable) == 1:
            out.append(action)
        else:
            out += affordable


def ways_to_pay(action: TakeProject | Advance, sth: int, k: int, c: int, i: int) -> Paying:
    """Each way to pay a cost with this STH, with its action (shared, immutable values)."""
    shapes = tuple((*way, action.with_pay(way)) for way in payment_shapes(sth, k, c, i))
    return shapes, ((action,) if len(shapes) == 1 else tuple(a for _, _, _, a in shapes))


def chosen_payment(state: PursuitState, seat: int, cost: Amount, pay: Payment | None) -> Vec:
    if pay is None:
        pay = project_payments(state, seat, cost.res)[0]
    return (pay[0], pay[1], pay[2], cost.res[3])


def do_take_project(state: PursuitState, seat: int, action: TakeProject) -> None:
    deck = state.deck
    card = deck.by_id[action.card]
    spec = deck.cards[card]
    p = state.players[seat]
    name = p.name
    if spec.kind == "group":
        _take_group_role(state, seat, card, action)
        return
    if not place(state, seat, TAKE_PROJECT):
        return
    level = action.level or 1
    step = spec.steps[level - 1]
    paid = chosen_payment(state, seat, step.cost, action.pay)
    if not slot_stress_on_taking(state, seat):
        return
    state.rows[ROW_PROJECTS].remove(card)
    pay(state, seat, paid)
    p.hand -= step.cost.hourglass
    p.projects += ((card, level, step.cost.hourglass),)
    p.gathered += 1
    gain(state, seat, step.reward)
    if state.log is not None:
        state.say(f"{name} takes '{spec.name}' at L{level}: pays {_paid_words(paid, step.cost)}, "
                  f"gains {step.reward.words()}.")
    board.replace_taken(state, ROW_PROJECTS)


def _take_group_role(state: PursuitState, seat: int, card: int, action: TakeProject) -> None:
    spec = state.deck.cards[card]
    p = state.players[seat]
    joining = card in state.groups
    # The hourglass is first placed on the action space, then moved onto the card.
    if not place(state, seat, TAKE_PROJECT):
        return
    p.placed[TAKE_PROJECT] -= 1
    index = next(i for i, s in enumerate(spec.steps) if role_id(s.name) == action.role)
    step = spec.steps[index]
    paid = chosen_payment(state, seat, step.cost, action.pay)
    if not joining:
        if not slot_stress_on_taking(state, seat):
            return
        state.rows[ROW_PROJECTS].remove(card)
        state.groups[card] = [-1, -1, -1, -1]
        p.projects += ((card, 0, 0),)
        p.gathered += 1
    state.groups[card][index] = seat
    pay(state, seat, paid)
    p.hand -= step.cost.hourglass
    p.spent += step.cost.hourglass
    gain(state, seat, step.reward)
    verb = "joins" if joining else "takes"
    if state.log is not None:
        state.say(f"{p.name} {verb} the group project '{spec.name}' as {step.name}: "
                  f"pays {_paid_words(paid, step.cost)}, gains {step.reward.words()}.")
    if not joining:
        board.replace_taken(state, ROW_PROJECTS)


def _paid_words(paid: Vec, cost: Amount) -> str:
    return Amount(res=paid, hourglass=cost.hourglass).words()


# -- Spend -------------------------------------------------------------------------------------


def money_cost(state: PursuitState, seat: int, cost: Amount) -> int:
    return max(0, cost.res[3] - abilities.spend_discount(state, seat))


@lru_cache(maxsize=DECKS)
def level_table(deck: Deck) -> tuple[tuple[tuple[int, int, SpendAction, UpgradeAction], ...], ...]:
    """Per card: each level's (money, extra hourglasses, spend action, upgrade action)."""
    return tuple(
        tuple((step.cost.res[3], step.cost.hourglass, SpendAction(card.id, level),
               UpgradeAction(card.id, level)) for level, step in enumerate(card.steps, start=1))
        for card in deck.cards
    )


def spend_options(state: PursuitState, seat: int, card: int) -> list[SpendAction]:
    if card not in state.rows[ROW_ITEMS]:
        return []
    p = state.players[seat]
    return spends(level_table(state.deck)[card], p.res[3] + abilities.spend_discount(state, seat),
                  p.hand - 1)


def spends(
    levels: tuple[tuple[int, int, SpendAction, UpgradeAction], ...], money: int, spare: int
) -> list[SpendAction]:
    """The levels affordable with ``money`` (discount included) and ``spare`` extra hourglasses."""
    return [spend for cost, extra, spend, _ in levels if money >= cost and spare >= extra]


def do_spend(state: PursuitState, seat: int, action: SpendAction, hourglass: bool = True) -> bool:
    """Buy an Item or Activity; return whether it was an Item (Black Friday counts those).

    ``hourglass`` is false for a purchase that places no hourglass (Black Friday's chain).
    """
    card = state.deck.by_id[action.card]
    spec = state.deck.cards[card]
    p = state.players[seat]
    if hourglass and not place(state, seat, SPEND):
        return False
    step = spec.steps[action.level - 1]
    money = money_cost(state, seat, step.cost)
    state.rows[ROW_ITEMS].remove(card)
    p.res[3] -= money
    p.hand -= step.cost.hourglass
    p.items += ((card, action.level, step.cost.hourglass),)
    p.gathered += 1
    gain(state, seat, step.reward)
    kind = "Item" if spec.kind == "item" else "Activity"
    if state.log is not None:
        state.say(f"{p.name} spends on the {kind} '{spec.name}' ({step.name}, L{action.level}): "
                  f"pays {Amount(res=(0, 0, 0, money), hourglass=step.cost.hourglass).words()}, "
                  f"gains {step.reward.words()}.")
    board.replace_taken(state, ROW_ITEMS)
    return spec.kind == "item"


# -- Get Job ----------------------------------------------------------------------------------


def can_get_job(state: PursuitState, seat: int, card: int) -> bool:
    if GET_JOB in state.closed or card not in state.rows[ROW_JOBS]:
        return False
    hire = state.deck.cards[card].hire
    assert hire is not None
    return can_pay(state.players[seat].res, hire.cost.res)


def do_get_job(state: PursuitState, seat: int, card: int, side: int = 0) -> None:
    spec = state.deck.cards[card]
    p = state.players[seat]
    if not place(state, seat, GET_JOB):
        return
    hire = spec.hire
    assert hire is not None
    if not slot_stress_on_taking(state, seat, freed=1 if p.job >= 0 else 0):
        return
    state.rows[ROW_JOBS].remove(card)
    for old in (p.job, p.retired):
        if old >= 0:
            if state.log is not None:
                state.say(f"{p.name} leaves the job {state.card_name(old, seat)}.")
            remove_card(state, seat, old)
    pay(state, seat, hire.cost.res)
    p.job = card
    if side:
        p.sides[card] = side
    p.gathered += 1
    gain(state, seat, hire.reward)
    if state.log is not None:
        state.say(f"{p.name} gets the job '{state.card_name(card, seat)}' (L{spec.job_level} {spec.job_type}): "
                  f"pays {hire.cost.words()}, gains {hire.reward.words()}.")
    abilities.trigger(state, seat, "get-job")


# -- Start Relationship --------------------------------------------------------------------


def do_start_relationship(state: PursuitState, seat: int, card: int, side: int = 0) -> None:
    spec = state.deck.cards[card]
    p = state.players[seat]
    if not place(state, seat, START_RELATIONSHIP):
        return
    if not take_partner(state, seat, card, 1, side):
        return
    reward = spec.steps[0].reward
    gain(state, seat, reward)
    if state.log is not None:
        state.say(f"{p.name} starts a relationship with {state.card_name(card, seat)} ({spec.steps[0].name}): "
                  f"gains {reward.words()}.")
    abilities.trigger(state, seat, "start-relationship")


def take_partner(state: PursuitState, seat: int, card: int, level: int, side: int = 0) -> bool:
    """A Partner from the board's row at ``level``: the 3-slot rule's stress, and 1 stress for an
    additional relationship, first; return whether the player lived to take it."""
    p = state.players[seat]
    if not slot_stress_on_taking(state, seat):
        return False
    if p.partners:
        if state.log is not None:
            state.say(f"{p.name} starts an additional relationship: 1 stress.")
        add_stress(state, seat, 1)
        if not p.alive:
            return False
    state.rows[ROW_PARTNERS].remove(card)
    p.partners += ((card, level, 0),)
    if side:
        p.sides[card] = side
    p.gathered += 1
    return True


# -- Overtime, Rest -------------------------------------------------------------------------


def overtime_stress(state: PursuitState, seat: int) -> int:
    repeated = 1 if state.players[seat].placed[OVERTIME] else 0
    return state.deck.board.overtime_stress + repeated


def can_overtime(state: PursuitState, seat: int) -> bool:
    """Forbidden while covered, when its stress would take the player beyond the track, and
    when 2 more markers of the player's colour are not left (9 per colour)."""
    if OVERTIME in state.closed:
        return False
    p, board = state.players[seat], state.deck.board
    if p.total + board.overtime_hourglasses > board.hourglass_markers:
        return False
    return p.stress + overtime_stress(state, seat) <= state.deck.stress.last


def do_overtime(state: PursuitState, seat: int) -> None:
    if not place(state, seat, OVERTIME):
        return
    extra = state.deck.board.overtime_hourglasses
    p = state.players[seat]
    p.hand += extra
    p.total += extra
    p.overtime += extra
    add_stress(state, seat, state.deck.board.overtime_stress)
    if state.log is not None:
        state.say(f"{p.name} works overtime: {extra} more hourglasses this round and "
                  f"{state.deck.board.overtime_stress} stress.")


def rest_reach(state: PursuitState, seat: int) -> int:
    """"Rest": how many spaces left the seat's Stress Indicator may move (the board's, and its
    child trait's more: Easygoing)."""
    return state.deck.board.rest_spaces + abilities.rest_extra(state, seat)


def do_rest(state: PursuitState, seat: int) -> None:
    place(state, seat, REST)
    moved = move_left_within_section(state, seat, rest_reach(state, seat))
    if state.log is not None:
        state.say(f"{state.name(seat)} rests: stress {count(moved, 'space')} left.")


def do_board_simple(state: PursuitState, seat: int, action: Simple) -> None:
    if action.name in BASIC_SPACES:
        do_basic(state, seat, action.name)
    elif action.name == "overtime":
        do_overtime(state, seat)
    else:
        do_rest(state, seat)

