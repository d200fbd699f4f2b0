"""Legal actions, the reasons for refusals, and carrying actions out.

The generator lists, for each card or space, the forms the rule modules offer
(``*_options`` / ``can_*``); a submitted action is legal exactly when it is
one of those, so there is one source of truth. When it is not, :func:`why_illegal`
looks for the most useful reason to give.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Final

from vita.core.datafile import DECKS
from vita.core.errors import Reason
from vita.core.state import Action
from vita.core.wording import slug
from vita.games.pursuit.actions import (
    ROWS,
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
    pay_text,
)
from vita.games.pursuit.actions import Upkeep as UpkeepAction
from vita.games.pursuit.cards import RESOURCES, Amount, Card, Deck, Vec
from vita.games.pursuit.rules import abilities, board_actions, card_actions, community, free_actions, tracks, upkeep
from vita.games.pursuit.rules.tracks import can_pay, project_payments
from vita.games.pursuit.state import (
    ACTION,
    COMMUNITY,
    GET_JOB,
    OVER,
    OVERTIME,
    ROW_ITEMS,
    ROW_JOBS,
    ROW_PARTNERS,
    ROW_PROJECTS,
    SETUP,
    START_RELATIONSHIP,
    UPKEEP,
    PursuitState,
)

_STUDY, _PLAY, _INTERACT, _TEMP_JOB, _REST, _OVERTIME, _RETIRE, _DONE = (
    Simple(name) for name in ("study", "play", "interact", "temp-job", "rest", "overtime", "retire", "done")
)
_REFRESH: Final = tuple(Refresh(row) for row in ROWS)
VERBS: Final = ("discard", "develop", "get-job", "start-relationship", "promote")


@lru_cache(maxsize=DECKS)
def on_card_table(deck: Deck) -> dict[str, tuple[tuple[OnCard, OnCard], ...]]:
    """Per verb, per card: the action naming the card's first and second side.

    Actions are immutable values, so the generator shares these instead of building new ones.
    """
    def sides(verb: str, card: Card) -> tuple[OnCard, OnCard]:
        first = OnCard(verb, card.id)
        return first, OnCard(verb, slug(card.names[1])) if len(card.names) > 1 else first

    return {verb: tuple(sides(verb, card) for card in deck.cards) for verb in VERBS}


# -- generating --------------------------------------------------------------------------------


def legal_actions(state: PursuitState, seat: int) -> list[Action]:
    phase = state.phase
    if phase == ACTION:
        return action_phase_actions(state, seat) if seat == state.current else []
    if phase == UPKEEP:
        if seat != state.current:
            return []
        out: list[Action] = []
        for card in state.players[seat].due:
            ident = state.card_id(card, seat)
            if upkeep.can_pay_upkeep(state, seat, card):
                out.append(UpkeepAction(ident, True))
            out.append(UpkeepAction(ident, False))
        return out
    if phase == SETUP:
        p = state.players[seat]
        return [ChooseTrait(state.deck.traits[t].id) for t in p.offer] if p.trait < 0 else []
    if phase == COMMUNITY and seat == state.current:
        return list(community.outcome_options(state, seat, community.resolving(state)))
    return []


def shopping_actions(state: PursuitState, seat: int) -> list[Action]:
    """Black Friday: buy another Item at once (no hourglass placed), or stop."""
    p = state.players[seat]
    levels = board_actions.level_table(state.deck)
    money = p.res[3] + abilities.spend_discount(state, seat)
    cards = state.deck.cards
    out: list[Action] = []
    for card in state.rows[ROW_ITEMS]:
        if cards[card].kind == "item":
            out += board_actions.spends(levels[card], money, p.hand)
    out.append(_DONE)
    return out


@lru_cache(maxsize=DECKS)
def _hire_costs(deck: Deck) -> tuple[Vec | None, ...]:
    """Per card: the cost to get it as a job (None for a card that is not a job)."""
    return tuple(card.hire.cost.res if card.hire is not None else None for card in deck.cards)


def action_phase_actions(state: PursuitState, seat: int) -> list[Action]:
    """Free actions first, then board actions, then card actions, then Community cards.

    Each kind is what its rule module offers (``*_options`` / ``can_*``, which the refusals
    use); the loops over the rows and the player's cards are written out here because this is
    the hottest code of random play and search (tests/games/pursuit/test_legal.py holds them
    to the rule modules at every position of random games)."""
    if state.shopping:
        return shopping_actions(state, seat)
    p = state.players[seat]
    deck = state.deck
    rows = state.rows
    named = on_card_table(deck)
    sides = p.sides
    res = p.res
    spare = p.hand - 1
    out: list[Action] = []
    # Free actions: refresh a row, discard a card, the trait's exchanges.
    if tracks.can_lose_sth(state, seat):
        out += [_REFRESH[row] for row in range(4) if rows[row]]
    discard = named["discard"]
    for holdings in (p.projects, p.items):
        out += [discard[card][1 if card in sides else 0] for card, _, _ in holdings]
    for card in (p.job, p.retired):
        if card >= 0:
            out.append(discard[card][1 if card in sides else 0])
    out += [discard[card][1 if card in sides else 0] for card, _, _ in p.partners]
    ability = abilities.of(state, seat)
    if ability is not None and ability.exchanges:
        out += [Exchange(option) for option, cost, _ in ability.exchanges if can_pay(res, cost.res)]
    # Board actions.
    out += (_STUDY, _PLAY, _INTERACT, _TEMP_JOB)
    ways = board_actions.take_table(deck)
    for card in rows[ROW_PROJECTS]:
        board_actions.add_takes(out, ways[card], None, p)
    for card, roles in state.groups.items():
        if roles.count(seat) < 2:  # at most 2 roles per player per project
            board_actions.add_takes(out, ways[card], roles, p)
    levels = board_actions.level_table(deck)
    money = res[3] + (ability.spend_discount if ability is not None else 0)
    for card in rows[ROW_ITEMS]:  # board_actions.spends, each level
        for cost, extra, spend, _ in levels[card]:
            if money >= cost and spare >= extra:
                out.append(spend)
    if GET_JOB not in state.closed:  # board_actions.can_get_job
        get_job = named["get-job"]
        hires = _hire_costs(deck)
        for card in rows[ROW_JOBS]:
            hire = hires[card]
            if hire is not None and res[0] >= hire[0] and res[1] >= hire[1] and res[2] >= hire[2] \
                    and res[3] >= hire[3]:
                out.append(get_job[card][0])
    if START_RELATIONSHIP not in state.closed:
        start = named["start-relationship"]
        out += [start[card][0] for card in rows[ROW_PARTNERS]]
    if board_actions.can_overtime(state, seat):
        out.append(_OVERTIME)
    out.append(_REST)
    # Card actions.
    if p.projects:
        advances = card_actions.advance_table(deck)
        for card, level, _ in p.projects:
            board_actions.add_takes(out, advances[card][level], None, p)
    for card, level, _ in p.items:  # card_actions.upgrades, each level above the one held
        for cost, extra, _, upgrade in levels[card][level:]:
            if money >= cost and spare >= extra:
                out.append(upgrade)
    if p.job >= 0:
        promote = named["promote"]
        out += [promote[card][0] for card in rows[ROW_JOBS] if card_actions.can_promote(state, seat, card)]
        if card_actions.can_retire(state, seat):
            out.append(_RETIRE)
    if p.partners:  # card_actions.can_develop: one level at a time, the next level's requirement held
        develop = named["develop"]
        cards = deck.cards
        for card, level, _ in p.partners:
            steps = cards[card].steps
            if level < len(steps) and can_pay(res, steps[level].requires):
                out.append(develop[card][1 if card in sides else 0])
    if state.community:
        out += community.engage_options(state, seat)
    return out


# -- checking --------------------------------------------------------------------------------


def why_illegal(state: PursuitState, seat: int, action: Action) -> str | None:
    if state.phase == OVER:
        return "the game is over"
    if seat not in state.to_move():
        return f"{state.name(seat)} is not asked to act now"
    if state.phase == SETUP:
        return _why_trait(state, seat, action)
    if state.phase == UPKEEP:
        return _why_upkeep(state, seat, action)
    if state.phase == COMMUNITY:
        return _why_outcome(state, seat, action)
    if state.shopping:
        return _why_shopping(state, seat, action)
    return _why_action_phase(state, seat, action)


def _why_outcome(state: PursuitState, seat: int, action: Action) -> str | None:
    slot = community.resolving(state)
    card = community.card_of(state, slot)
    if not isinstance(action, Outcome):
        return Reason(f"choose an Outcome of '{card.name}' first ('outcome 1', 'outcome 2' or 'outcome 3')",
                      "wrong-phase")
    if action in community.outcome_options(state, seat, slot):
        return None
    if not 1 <= action.number <= len(card.outcomes):
        return Reason(f"'{card.name}' has Outcomes 1 to {len(card.outcomes)}", "malformed")
    outcome = card.outcomes[action.number - 1]
    reason = community.why_not_outcome(state, seat, outcome)
    if reason is not None:
        return reason
    if outcome.special == "blind-date":
        partners = community.board_partner_names(state)
        if not action.partner:
            return f"name the Partner '{outcome.name}' takes from the board: {', '.join(partners)}"
        return f"{action.partner!r} is not a Partner on the board ({', '.join(partners)})"
    return f"'{outcome.name}' names no Partner (write 'outcome {action.number}')"


def _why_shopping(state: PursuitState, seat: int, action: Action) -> str | None:
    if action in shopping_actions(state, seat):
        return None
    if not isinstance(action, Spend):
        return Reason("Black Friday: buy another Item ('spend <item> L<n>') or stop ('done')", "shopping")
    card = _card(state, action.card)
    if isinstance(card, str):
        return card
    if state.deck.cards[card].kind != "item":
        return "Black Friday lets you buy another Item, not an Activity"
    return _why_spend(state, seat, card, action.level)


def _card(state: PursuitState, ident: str) -> int | str:
    """The card's index, or a reason when there is no such card."""
    index = state.deck.by_id.get(ident)
    return f"there is no card {ident!r}" if index is None else index


def _why_trait(state: PursuitState, seat: int, action: Action) -> str | None:
    if not isinstance(action, ChooseTrait):
        return "first choose which of your two child traits to keep (trait <id>)"
    offer = [state.deck.traits[t].id for t in state.players[seat].offer]
    if action.trait not in offer:
        return Reason(f"{action.trait!r} is not one of your child traits ({' or '.join(offer)})", "not-your-trait")
    return None


def _why_upkeep(state: PursuitState, seat: int, action: Action) -> str | None:
    if not isinstance(action, UpkeepAction):
        return "settle your upkeep first: 'upkeep pay <card>' or 'upkeep drop <card>'"
    card = _card(state, action.card)
    if isinstance(card, str):
        return card
    if card not in state.players[seat].due:
        return f"{state.card_name(card, seat)} has no upkeep to settle"
    if action.pay and not upkeep.can_pay_upkeep(state, seat, card):
        cost, _ = upkeep.upkeep_of(state, seat, card)
        p = state.players[seat]
        if p.hand < cost.hourglass:
            return f"not enough hourglasses to pay the upkeep of {state.card_name(card, seat)}"
        return _shortfall(p.res, cost.res, f"the upkeep of {state.card_name(card, seat)}")
    return None


def _shortfall(have: list[int], cost: Vec, what: str) -> str:
    missing = [f"{RESOURCES[i]} (you have {have[i]}, need {cost[i]})"
               for i in range(4) if have[i] < cost[i]]
    return Reason(f"not enough {' and '.join(missing)} for {what}", "not-enough-resources")


def _why_action_phase(state: PursuitState, seat: int, action: Action) -> str | None:
    if isinstance(action, ChooseTrait | UpkeepAction | Outcome):
        return Reason("that is not an Action phase action", "wrong-phase")
    if isinstance(action, Engage):
        return _why_engage(state, seat, action)
    if isinstance(action, Simple) and action.name == "done":
        return "'done' ends a Black Friday shopping spree, and you are not on one"
    if isinstance(action, Simple):
        return _why_simple(state, seat, action.name)
    if isinstance(action, Refresh):
        row = ROWS.index(action.row)
        if not state.rows[row]:
            return f"the {action.row} row is empty"
        if not free_actions.can_refresh(state, seat, row):
            return "you have no STH or LTH left to lose"
        return None
    if isinstance(action, Exchange):
        options = [o for o, _, _ in abilities.exchanges(state, seat)]
        if action.option not in options:
            return f"your child trait has no exchange {action.option!r}"
        if not free_actions.can_exchange(state, seat, action.option):
            return "you cannot pay for that exchange"
        return None
    card_or_reason = _card(state, getattr(action, "card", ""))
    if isinstance(card_or_reason, str):
        return card_or_reason
    card = card_or_reason
    if isinstance(action, TakeProject):
        return _why_take_project(state, seat, card, action)
    if isinstance(action, Spend):
        return _why_among(action, board_actions.spend_options(state, seat, card),
                          lambda: _why_spend(state, seat, card, action.level))
    if isinstance(action, Advance):
        return _why_advance(state, seat, card, action)
    if isinstance(action, Upgrade):
        return _why_among(action, card_actions.upgrade_options(state, seat, card),
                          lambda: _why_upgrade(state, seat, card, action.level))
    assert isinstance(action, OnCard)
    return _why_on_card(state, seat, card, action.verb)


def _why_engage(state: PursuitState, seat: int, action: Engage) -> str | None:
    if not state.community:
        return Reason("the Community expansion is not in play", "no-expansion")
    if not community.started(state):
        return Reason("the Community cards come out when the first Adult round begins", "space-unavailable")
    slot = community.slot_of(state, action.card)
    if slot < 0:
        return Reason(f"there is no Community card {action.card!r} on the Community board", "card-not-available")
    return community.why_not_engage(state, seat, slot)


def _why_among(action: Action, options: Sequence[Action], reason: Callable[[], str]) -> str | None:
    return None if action in options else reason()


def _why_simple(state: PursuitState, seat: int, name: str) -> str | None:
    if name in ("study", "play", "interact", "temp-job", "rest"):
        return None
    if name == "overtime":
        if OVERTIME in state.closed:
            return Reason("Overtime is not available now (Unavailable Action token)", "space-unavailable")
        p, board = state.players[seat], state.deck.board
        if p.total + board.overtime_hourglasses > board.hourglass_markers:
            return (f"you have no {board.overtime_hourglasses} hourglass markers of your colour "
                    f"left ({board.hourglass_markers} in all, {p.total} in play this round)")
        if not board_actions.can_overtime(state, seat):
            return "Overtime's stress would take you beyond the end of the stress track"
        return None
    p = state.players[seat]
    if p.job < 0:
        return Reason("you have no job to retire from", "no-job")
    if state.deck.cards[p.job].retirement is None:
        return "only a level 3 job can be retired from"
    if not card_actions.can_retire(state, seat):
        retirement = state.deck.cards[p.job].retirement
        assert retirement is not None
        return _shortfall(p.res, retirement.cost.res, "retirement")
    return None


def _why_take_project(state: PursuitState, seat: int, card: int, action: TakeProject) -> str | None:
    options = board_actions.take_project_options(state, seat, card)
    if action in options:
        return None
    spec = state.deck.cards[card]
    if spec.kind not in ("basic", "single-round", "group"):
        return f"{spec.name} is not a project"
    roles = state.groups.get(card)
    if card not in state.rows[ROW_PROJECTS] and roles is None:
        return Reason(f"{spec.name} is not on the board", "card-not-available")
    if spec.kind == "basic" and (action.level or action.role):
        return "a basic project is taken at level 1 (write no level)"
    if spec.kind == "single-round" and not 1 <= action.level <= 4:
        return "choose the level of a single-round project (L1-L4)"
    step = spec.steps[action.level - 1] if spec.kind == "single-round" else spec.steps[0]
    if spec.kind == "group":
        if roles is not None and roles.count(seat) >= 2:
            return "you already cover 2 roles of this project"
        names = {board_actions.role_id(s.name): i for i, s in enumerate(spec.steps)}
        if action.role not in names:
            return f"choose a role of {spec.name}: {', '.join(names)}"
        if roles is not None and roles[names[action.role]] >= 0:
            return f"the {action.role} role is already covered"
        step = spec.steps[names[action.role]]
    return _why_payment(state, seat, step.cost, action.pay, f"{spec.name}")


def _why_payment(state: PursuitState, seat: int, cost: Amount, pay: tuple[int, int, int] | None,
                 what: str) -> str | None:
    p = state.players[seat]
    if p.hand < 1 + cost.hourglass:
        return Reason(f"{what} needs {cost.hourglass} more hourglass(es) than you have left", "not-enough-hourglasses")
    payments = project_payments(state, seat, cost.res)
    if not payments:
        if p.sth == 0:
            return _shortfall(p.res, cost.res, what)
        return Reason(f"you cannot pay for {what}: it costs {cost.words()} and your STH of {p.sth} "
                      f"changes that by {-p.sth} resource(s) of your choice", "not-enough-resources")
    if pay is None:
        return Reason("choose how to pay (STH changes the cost): " + " or ".join(pay_text(x) for x in payments),
                      "payment-needed")
    if pay in payments:  # the only way to pay, written out although it may be left out
        return None
    return Reason(f"{pay_text(pay)} is not a way to pay: " + " or ".join(pay_text(x) for x in payments),
                  "not-a-way-to-pay")


def _why_spend(state: PursuitState, seat: int, card: int, level: int) -> str:
    spec = state.deck.cards[card]
    if spec.kind not in ("item", "activity"):
        return f"{spec.name} is not an item or activity"
    if card not in state.rows[ROW_ITEMS]:
        return Reason(f"{spec.name} is not on the board", "card-not-available")
    return _why_level_money(state, seat, card, level, 1)


def _why_level_money(state: PursuitState, seat: int, card: int, level: int, lowest: int) -> str:
    spec = state.deck.cards[card]
    if not lowest <= level <= len(spec.steps):
        return f"{spec.name} has no level L{level} you can choose (L{lowest}-L{len(spec.steps)})"
    cost = spec.steps[level - 1].cost
    money = board_actions.money_cost(state, seat, cost)
    p = state.players[seat]
    if p.res[3] < money:
        return Reason(f"not enough money (you have {p.res[3]}, need {money})", "not-enough-resources")
    return Reason(f"{spec.name} L{level} needs {cost.hourglass} more hourglass(es) than you have left",
                  "not-enough-hourglasses")


def _why_upgrade(state: PursuitState, seat: int, card: int, level: int) -> str:
    spec = state.deck.cards[card]
    held = [lv for c, lv, _ in state.players[seat].items if c == card]
    if not held:
        return f"you have no {spec.name} in front of you"
    return _why_level_money(state, seat, card, level, held[0] + 1)


def _why_advance(state: PursuitState, seat: int, card: int, action: Advance) -> str | None:
    options = card_actions.advance_options(state, seat, card)
    if action in options:
        return None
    spec = state.deck.cards[card]
    held = [lv for c, lv, _ in state.players[seat].projects if c == card]
    if not held:
        return f"you have no {spec.name} in front of you"
    if spec.kind != "basic":
        return "only basic projects are advanced"
    if held[0] >= 4:
        return f"{spec.name} is complete"
    return _why_payment(state, seat, spec.steps[held[0]].cost, action.pay, f"{spec.name} L{held[0] + 1}")


def _why_on_card(state: PursuitState, seat: int, card: int, verb: str) -> str | None:
    spec = state.deck.cards[card]
    p = state.players[seat]
    if verb == "discard":
        if card not in free_actions.held_cards(state, seat):
            return Reason(f"{spec.name} is not in front of you", "card-not-held")
        return None
    if verb == "get-job":
        if GET_JOB in state.closed:
            return Reason("Get Job is not available in the Teen round", "space-unavailable")
        if spec.kind != "job" or card not in state.rows[ROW_JOBS]:
            return Reason(f"{spec.name} is not a job on the board", "card-not-available")
        if not board_actions.can_get_job(state, seat, card):
            assert spec.hire is not None
            return _shortfall(p.res, spec.hire.cost.res, f"the hiring cost of {spec.name}")
        return None
    if verb == "start-relationship":
        if START_RELATIONSHIP in state.closed:
            return Reason("Start Relationship is not available in the Teen round", "space-unavailable")
        if spec.kind != "partner" or card not in state.rows[ROW_PARTNERS]:
            return Reason(f"{spec.name} is not a partner on the board", "card-not-available")
        return None
    if verb == "promote":
        return _why_promote(state, seat, card)
    # develop
    held = [lv for c, lv, _ in p.partners if c == card]
    if not held:
        return Reason(f"{spec.name} is not your partner", "card-not-held")
    if held[0] >= len(spec.steps):
        return Reason(f"your relationship with {state.card_name(card, seat)} is at its highest level", "highest-level")
    if not card_actions.can_develop(state, seat, card):
        need = spec.steps[held[0]].requires
        missing = [f"{need[i]} {RESOURCES[i]}" for i in range(4) if p.res[i] < need[i]]
        return (f"{state.card_name(card, seat)} requires you to have at least {' and '.join(missing)} "
                f"for {spec.steps[held[0]].name}")
    return None


def _why_promote(state: PursuitState, seat: int, card: int) -> str | None:
    if card_actions.can_promote(state, seat, card):
        return None
    p = state.players[seat]
    spec = state.deck.cards[card]
    if p.job < 0:
        return Reason("you have no job to be promoted from", "no-job")
    job = state.deck.cards[p.job]
    if job.promotion is None:
        return "a level 3 job cannot be promoted (retire instead)"
    if card not in state.rows[ROW_JOBS]:
        return Reason(f"{spec.name} is not on the board", "card-not-available")
    if spec.job_type != job.job_type or spec.job_level != job.job_level + 1:
        return (f"a promotion from {state.card_name(p.job, seat)} (L{job.job_level} {job.job_type}) is to a "
                f"L{job.job_level + 1} {job.job_type} job")
    return _shortfall(p.res, job.promotion.cost.res, "the promotion")
