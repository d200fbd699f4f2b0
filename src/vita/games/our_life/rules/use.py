"""Using action cards ("Use Action cards", "Extra Action", "Opportunities").

Each player uses every action of the card they chose, one row per action, marking the
leftmost empty square; Good Luck is wild. Then the extra action: a couple's player takes one
action from the partner's card, a single uses one action of their own card again. Actions are
used in any order and none is saved for a later round. Families act one after another in seat
order (a couple's partners one after the other).

Marking the left square of an Opportunity is mandatory; marking its right square needs an
action of the kind shown there, spent at once (wilds and bonus actions gained this turn too),
and crosses a square of the Opportunities track. A missed Opportunity is gone.
"""

from __future__ import annotations

from typing import Final

from vita.core.state import Action
from vita.core.tuples import replaced
from vita.games.our_life.actions import EXTRA, LUCK, OWN, Child, Like, Mark, Skip, TakeOpportunity, Vacation
from vita.games.our_life.cards import CHILD, LIKE, MONEY, SYMBOLS, TIME, VACATION, Book
from vita.games.our_life.cards import LUCK as LUCK_SYMBOL
from vita.games.our_life.rules import bonuses, family
from vita.games.our_life.rules.story import tell
from vita.games.our_life.state import OurLifeState
from vita.games.our_life.steps import OPPORTUNITY

KINDS: Final = range(6)  # the action symbols a row can ask for (luck is only ever a wild)


def pay_options(state: OurLifeState, seat: int, symbol: int) -> list[int]:
    """The ways ``seat`` can pay an action of kind ``symbol``: its own, Good Luck, the extra."""
    pool = state.pool[seat]
    options = []
    if pool[symbol]:
        options.append(OWN)
    if pool[LUCK_SYMBOL]:
        options.append(LUCK)
    if state.extra[seat] & (1 << symbol | 1 << LUCK_SYMBOL):
        options.append(EXTRA)
    return options


def spend(state: OurLifeState, seat: int, symbol: int, pay: int) -> None:
    pool = state.pool[seat]
    if pay == OWN:
        state.pool[seat] = replaced(pool, symbol, pool[symbol] - 1)
    elif pay == LUCK:
        state.pool[seat] = replaced(pool, LUCK_SYMBOL, pool[LUCK_SYMBOL] - 1)
    else:
        state.extra[seat] = 0


_LIKES: Final = (Like(OWN), Like(LUCK), Like(EXTRA))
_CHILDREN: Final = (Child(OWN), Child(LUCK), Child(EXTRA))
_STARTS: Final = (Vacation(-1, OWN), Vacation(-1, LUCK), Vacation(-1, EXTRA))
_JOINS: Final = tuple((Vacation(h, OWN), Vacation(h, LUCK), Vacation(h, EXTRA)) for h in range(8))
Target = tuple[Action, Action, Action]  # the same use paid with one's own action, Good Luck, the extra
_CHILD_TRACKS: Final[tuple[Target, ...]] = tuple((Mark(f"child{n}"), Mark(f"child{n}", LUCK), Mark(f"child{n}", EXTRA))
                                                 for n in range(1, 21))
_ROWS: Final[dict[str, tuple[list[tuple[bool, int, int, Target]], ...]]] = {}


def _row_targets(book: Book) -> tuple[list[tuple[bool, int, int, Target]], ...]:
    """Per action kind, the rows it marks: (on the Family sheet, index, size, the three actions)."""
    made = _ROWS.get(book.directory)
    if made is None:
        made = tuple([(row.family, row.index, row.size, (Mark(row.id), Mark(row.id, LUCK), Mark(row.id, EXTRA)))
                      for row in (*book.character, *book.family) if row.action == symbol] for symbol in KINDS)
        _ROWS[book.directory] = made
    return made


def targets(state: OurLifeState, seat: int, symbol: int) -> list[Target]:
    """What an action of kind ``symbol`` can do for ``seat`` now, each paid in the three ways."""
    fam = state.family_of[seat]
    rows, frows = state.rows[seat], state.frows[fam]
    out = [target for family, index, size, target in _row_targets(state.book)[symbol]
           if (frows if family else rows)[index] < size]
    kids = state.children[fam]
    if kids:
        book = state.book
        for number, (card, marks) in enumerate(kids):
            child = book.children[card]
            if child.action == symbol and marks < child.squares:
                out.append(_CHILD_TRACKS[number])
    if symbol == LIKE:
        out.append(_LIKES)
    elif symbol == TIME:
        if family.may_have_child(state, seat):
            out.append(_CHILDREN)
    elif symbol == MONEY:
        if seat not in state.offers:
            out.append(_STARTS)
        out += [_JOINS[host] for host in state.offers]
    return out


def uses(state: OurLifeState, seat: int, symbol: int) -> list[Action]:
    """What an action of kind ``symbol`` can do for ``seat`` now (paid with its own action)."""
    return [target[0] for target in targets(state, seat, symbol)]


def use_actions(state: OurLifeState, seat: int) -> list[Action]:
    """Every way ``seat`` can use an action now."""
    actions: list[Action] = []
    pool = state.pool[seat]
    luck = pool[LUCK_SYMBOL]
    extra = state.extra[seat]
    wild = extra >> LUCK_SYMBOL & 1
    for symbol in KINDS:
        own = pool[symbol]
        spare = wild or extra >> symbol & 1
        if own or luck or spare:
            for target in targets(state, seat, symbol):
                if own:
                    actions.append(target[0])
                if luck:
                    actions.append(target[1])
                if spare:
                    actions.append(target[2])
    return actions


def must_go_on(state: OurLifeState, seat: int) -> bool:
    """Whether ``seat`` still holds an action of its card or a bonus that can be used (the extra
    action may be left unused)."""
    pool = state.pool[seat]
    return any((pool[symbol] or pool[LUCK_SYMBOL]) and targets(state, seat, symbol) for symbol in KINDS)


def can_act(state: OurLifeState, seat: int) -> bool:
    """Whether ``seat`` has anything left to use, the extra action included."""
    if must_go_on(state, seat):
        return True
    extra = state.extra[seat]
    return bool(extra) and any((extra >> s & 1 or extra >> LUCK_SYMBOL & 1) and targets(state, seat, s)
                               for s in KINDS)


def symbol_of(state: OurLifeState, seat: int, action: Action) -> int:
    """The kind of action that ``action`` spends (-1: it names no row of this seat)."""
    if isinstance(action, Like):
        return LIKE
    if isinstance(action, Child):
        return TIME
    if isinstance(action, Vacation):
        return MONEY
    assert isinstance(action, Mark)
    row = state.book.rows.get(action.row)
    if row is not None:
        return row.action if row.action not in (VACATION, CHILD) else -1
    number = child_number(action.row)
    kids = state.children[state.family_of[seat]]
    return state.book.children[kids[number][0]].action if 0 <= number < len(kids) else -1


def child_number(row: str) -> int:
    digits = row.removeprefix("child")
    return int(digits) - 1 if row.startswith("child") and digits.isdigit() else -1


def mark(state: OurLifeState, seat: int, action: Mark) -> None:
    symbol = symbol_of(state, seat, action)
    spend(state, seat, symbol, action.pay)
    row = state.book.rows.get(action.row)
    if row is None:
        family.mark_child(state, seat, child_number(action.row))
    elif row.family:
        if state.log is not None:
            state.say(f"{state.name(seat)} marks {row.name}{_paid(action.pay)}")
        family.mark_family_row(state, seat, row, 1)
    else:
        mark_character_row(state, seat, row.index, action.pay)


def _paid(pay: int) -> str:
    return ("", " with Good Luck", " with the extra action")[pay]


def mark_character_row(state: OurLifeState, seat: int, index: int, pay: int = OWN, offer: bool = True) -> None:
    """Mark the next square of a Character row; its bonuses follow, then its Opportunity."""
    row = state.book.character[index]
    marks = state.rows[seat]
    square = marks[index] + 1
    state.rows[seat] = replaced(marks, index, square)
    if state.log is not None:
        state.say(f"{state.name(seat)} marks {row.name} ({square}/{row.size}){_paid(pay)}")
    bonuses.after_character_mark(state, seat, row)
    needs = row.opportunities[square - 1]
    if offer and needs >= 0 and pay_options(state, seat, needs):
        state.prompts.insert(0, (OPPORTUNITY, seat, index, square))
        state.say(f"{state.name(seat)} may take the Opportunity with a {SYMBOLS[needs]} action")


def take_opportunity(state: OurLifeState, seat: int, action: TakeOpportunity) -> None:
    pay = action.pay
    _, _, index, square = state.prompts.pop(0)
    row = state.book.character[index]
    spend(state, seat, row.opportunities[square - 1], pay)
    covered = state.opps[seat]
    state.opps = replaced(state.opps, seat, replaced(covered, index, covered[index] | 1 << (square - 1)))
    bonuses.cross_opportunities(state, seat, 1)
    state.say(f"{state.name(seat)} takes the Opportunity in {row.name}{_paid(pay)}")
    tell(state, "opportunity", name=state.name(seat), row=row.name)


def skip_opportunity(state: OurLifeState, seat: int, action: Skip) -> None:
    state.prompts.pop(0)
    state.say(f"{state.name(seat)} lets the Opportunity go")
