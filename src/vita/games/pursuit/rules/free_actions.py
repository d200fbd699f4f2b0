"""Actions that do not use an hourglass, taken on your turn before your action.

* Refreshing a row for 1 STH ("Short Term Happiness Track"): discard the row and
  draw it anew (Jobs and Partners: only as many as were discarded); any number of
  times, never after the turn's action.
* Discarding a card in front of you ("Discarding Cards"): 1 stress and -1 STH.
* A child trait's exchange ("Setup": abilities usable any number of times).
"""

from __future__ import annotations

from vita.games.pursuit.rules import abilities, board
from vita.games.pursuit.rules.board import ROW_TITLES
from vita.games.pursuit.rules.tracks import add_stress, can_lose_sth, can_pay, gain, move_sth, pay
from vita.games.pursuit.rules.upkeep import remove_card
from vita.games.pursuit.state import ROW_JOBS, ROW_PARTNERS, PursuitState


def can_refresh(state: PursuitState, seat: int, row: int) -> bool:
    return bool(state.rows[row]) and can_lose_sth(state, seat)


def do_refresh(state: PursuitState, seat: int, row: int) -> None:
    move_sth(state, seat, -1)
    discarded = board.clear_row(state, row)
    count = discarded if row in (ROW_JOBS, ROW_PARTNERS) else board.row_size(state, row)
    drawn = board.refill(state, row, count)
    if state.log is not None:
        names = ", ".join(state.card_name(c) for c in drawn) or "nothing"
        state.say(f"{state.name(seat)} loses 1 STH to refresh the {ROW_TITLES[row]} row: {names}.")


def held_cards(state: PursuitState, seat: int) -> list[int]:
    """Every card in front of a player, in the order the board shows them."""
    p = state.players[seat]
    cards = [card for card, _, _ in p.projects] + [card for card, _, _ in p.items]
    cards += [card for card in (p.job, p.retired) if card >= 0]
    return cards + [card for card, _, _ in p.partners]


def do_discard(state: PursuitState, seat: int, card: int) -> None:
    """Discard a card: 1 stress and -1 STH. Stress that kills comes first and cancels the
    discard (the card stays, the STH too), as for every action."""
    add_stress(state, seat, 1)
    if not state.players[seat].alive:
        return
    if state.log is not None:
        state.say(f"{state.name(seat)} discards {state.card_name(card, seat)}: 1 stress and -1 STH.")
    remove_card(state, seat, card)
    move_sth(state, seat, -1)


def can_exchange(state: PursuitState, seat: int, option: str) -> bool:
    for ident, cost, _ in abilities.exchanges(state, seat):
        if ident == option:
            return can_pay(state.players[seat].res, cost.res)
    return False


def do_exchange(state: PursuitState, seat: int, option: str) -> None:
    for ident, cost, reward in abilities.exchanges(state, seat):
        if ident == option:
            pay(state, seat, cost.res)
            gain(state, seat, reward)
            if state.log is not None:
                state.say(f"{state.name(seat)} exchanges {cost.words()} for {reward.words()}.")
            return
