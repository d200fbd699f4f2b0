"""The legal-action generator of the Action phase (rulebook sections "Board Actions", "Card
Actions", "Free Actions"): its loops are written out for speed in
``legal.action_phase_actions``; here they are held to the rule modules, each card's
``*_options`` / ``can_*`` that the refusals use too, at every position of random games."""

from __future__ import annotations

import pytest

from vita.core import Rng
from vita.core.state import Action
from vita.games.pursuit import GAME, PursuitState
from vita.games.pursuit.actions import Exchange, Simple
from vita.games.pursuit.legal import _OVERTIME, _REFRESH, _REST, _RETIRE, action_phase_actions, on_card_table
from vita.games.pursuit.rules import abilities, board_actions, card_actions, community, free_actions
from vita.games.pursuit.rules.tracks import can_lose_sth, can_pay
from vita.games.pursuit.state import (
    ACTION,
    ROW_ITEMS,
    ROW_JOBS,
    ROW_PARTNERS,
    ROW_PROJECTS,
    START_RELATIONSHIP,
)


def by_the_rule_modules(state: PursuitState, seat: int) -> list[Action]:
    """Every action a card's or space's own rule offers, in the generator's order."""
    p = state.players[seat]
    named = on_card_table(state.deck)

    def side(card: int) -> int:
        return 1 if card in p.sides else 0

    out: list[Action] = []
    if can_lose_sth(state, seat):
        out += [_REFRESH[row] for row in range(4) if state.rows[row]]
    out += [named["discard"][card][side(card)] for card in free_actions.held_cards(state, seat)]
    ability = abilities.of(state, seat)
    if ability is not None:
        out += [Exchange(option) for option, cost, _ in ability.exchanges if can_pay(p.res, cost.res)]
    out += [Simple(name) for name in ("study", "play", "interact", "temp-job")]
    for card in [*state.rows[ROW_PROJECTS], *state.groups]:
        out += board_actions.take_project_options(state, seat, card)
    for card in state.rows[ROW_ITEMS]:
        out += board_actions.spend_options(state, seat, card)
    out += [named["get-job"][card][0] for card in state.rows[ROW_JOBS]
            if board_actions.can_get_job(state, seat, card)]
    if START_RELATIONSHIP not in state.closed:
        out += [named["start-relationship"][card][0] for card in state.rows[ROW_PARTNERS]]
    if board_actions.can_overtime(state, seat):
        out.append(_OVERTIME)
    out.append(_REST)
    for card, _, _ in p.projects:
        out += card_actions.advance_options(state, seat, card)
    for card, _, _ in p.items:
        out += card_actions.upgrade_options(state, seat, card)
    out += [named["promote"][card][0] for card in state.rows[ROW_JOBS] if card_actions.can_promote(state, seat, card)]
    if p.job >= 0 and card_actions.can_retire(state, seat):
        out.append(_RETIRE)
    out += [named["develop"][card][side(card)] for card, _, _ in p.partners
            if card_actions.can_develop(state, seat, card)]
    if state.community:
        out += community.engage_options(state, seat)
    return out


@pytest.mark.parametrize("players,expansion", [(1, None), (2, None), (3, None), (4, None), (5, "community")])
def test_the_generator_offers_what_each_rule_offers(players: int, expansion: str | None) -> None:
    options = {"players": players} | ({"expansion": expansion} if expansion else {})
    checked = 0
    for seed in range(8):
        state = GAME.new(seed=seed, **options)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            if state.phase == ACTION and not state.shopping:
                assert action_phase_actions(state, seat) == by_the_rule_modules(state, seat)
                checked += 1
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert checked > 100
