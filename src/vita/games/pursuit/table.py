"""The board game's rules table (:class:`vita.core.state.Rules`): which rule carries out each
type of action, and what follows it in the turn ("Action Phase": a main action passes the turn
on, a free action leaves it with the player; Black Friday's shopping keeps it until the player
stops), and where legality, the points and what each seat sees are decided."""

from __future__ import annotations

from vita.core.state import Handler, Rules
from vita.games.pursuit import describe, legal, observer, position
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
    parse,
)
from vita.games.pursuit.actions import Upkeep as UpkeepAction
from vita.games.pursuit.flow import finish_round, next_turn, next_upkeep
from vita.games.pursuit.rules import board_actions, card_actions, community, free_actions, game_end, setup, upkeep
from vita.games.pursuit.state import PursuitState


def choose_trait(state: PursuitState, seat: int, action: ChooseTrait) -> None:
    """"Setup": keep one of the two child traits offered."""
    setup.choose_trait(state, seat, state.deck.trait_ids[action.trait])


def settle_upkeep(state: PursuitState, seat: int, action: UpkeepAction) -> None:
    """"Upkeep Phase": pay a card's upkeep or drop the card; once the player has none left to
    settle (or has died of the stress), the next player settles, or the Action phase begins."""
    upkeep.settle(state, seat, state.deck.by_id[action.card], action.pay)
    p = state.players[seat]
    if not p.due or not p.alive:
        next_upkeep(state)


def outcome(state: PursuitState, seat: int, action: Outcome) -> None:
    """Community expansion: an Outcome chosen; the round ends once nobody is left to choose."""
    community.choose_outcome(state, seat, action)
    if not community.next_chooser(state):
        finish_round(state)


def main_action_done(state: PursuitState) -> None:
    """After a main action the turn passes on (the round may end), unless Black Friday's
    shopping has begun."""
    if not state.shopping:
        next_turn(state)


def simple(state: PursuitState, seat: int, action: Simple) -> None:
    if state.shopping:  # Black Friday: 'done' stops the shopping and ends the turn
        state.shopping = False
        if state.log is not None:
            state.say(f"{state.name(seat)} stops shopping.")
        next_turn(state)
        return
    if action.name == "retire":
        card_actions.do_retire(state, seat)
    else:
        board_actions.do_board_simple(state, seat, action)
    main_action_done(state)


def spend(state: PursuitState, seat: int, action: Spend) -> None:
    if state.shopping:  # Black Friday: another Item at once, with no hourglass placed
        board_actions.do_spend(state, seat, action, hourglass=False)
        community.bought_item(state, seat)
        return
    if board_actions.do_spend(state, seat, action):
        community.bought_item(state, seat)
    main_action_done(state)


def take_project(state: PursuitState, seat: int, action: TakeProject) -> None:
    board_actions.do_take_project(state, seat, action)
    main_action_done(state)


def engage(state: PursuitState, seat: int, action: Engage) -> None:
    community.do_engage(state, seat, action)
    main_action_done(state)


def advance(state: PursuitState, seat: int, action: Advance) -> None:
    card_actions.do_advance(state, seat, action)
    main_action_done(state)


def upgrade(state: PursuitState, seat: int, action: Upgrade) -> None:
    card_actions.do_upgrade(state, seat, action)
    main_action_done(state)


def on_card(state: PursuitState, seat: int, action: OnCard) -> None:
    card = state.deck.by_id[action.card]
    if action.verb == "discard":  # a free action: the turn stays, unless the stress kills
        free_actions.do_discard(state, seat, card)
        if not state.players[seat].alive:
            next_turn(state)
        return
    # A double-sided card is turned up on the side the player named.
    side = 0 if action.card == state.deck.cards[card].id else 1
    if action.verb == "get-job":
        board_actions.do_get_job(state, seat, card, side)
    elif action.verb == "start-relationship":
        board_actions.do_start_relationship(state, seat, card, side)
    elif action.verb == "promote":
        card_actions.do_promote(state, seat, card, side)
    else:
        card_actions.do_develop(state, seat, action)
    main_action_done(state)


def refresh(state: PursuitState, seat: int, action: Refresh) -> None:
    """A free action: the turn stays with the player."""
    free_actions.do_refresh(state, seat, ROWS.index(action.row))


def exchange(state: PursuitState, seat: int, action: Exchange) -> None:
    """A free action: the turn stays with the player."""
    free_actions.do_exchange(state, seat, action.option)


HANDLERS: dict[type, Handler] = {
    ChooseTrait: choose_trait,
    UpkeepAction: settle_upkeep,
    Outcome: outcome,
    Simple: simple,
    Spend: spend,
    TakeProject: take_project,
    Engage: engage,
    Advance: advance,
    Upgrade: upgrade,
    OnCard: on_card,
    Refresh: refresh,
    Exchange: exchange,
}

RULES: Rules[PursuitState] = Rules(
    legal_actions=legal.legal_actions,
    why_illegal=legal.why_illegal,
    handlers=HANDLERS,
    parse=parse,
    label=describe.label,
    scores=game_end.scores,
    ranking=game_end.ranking,
    score_breakdown=game_end.breakdown,
    facts=game_end.facts,
    first_player=setup.first_player,
    rounds=game_end.rounds,
    observer=observer.OBSERVER,
    to_json=position.to_json,
    check_invariants=position.check_invariants,
)
