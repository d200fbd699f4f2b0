"""The card game's rules table (:class:`vita.core.state.Rules`): which rule carries out each
type of action, and where legality, the points and what each seat sees are decided."""

from __future__ import annotations

from vita.core.state import Handler, Rules
from vita.games.pursuit_cards import describe, legal, observer, position
from vita.games.pursuit_cards.actions import (
    Activate,
    AddToMeld,
    Capture,
    Defend,
    Discard,
    Extend,
    Pass,
    Remnant,
    StartMeld,
    Take,
    WholeMeld,
    parse,
)
from vita.games.pursuit_cards.rules import activation, attack, discards, ending, melding, setup
from vita.games.pursuit_cards.state import CardsState


def whole_meld(state: CardsState, seat: int, action: WholeMeld) -> None:
    """``meld 3D 5D 7D``: the card-by-card steps of laying it, at once."""
    for step in legal.meld_steps(state, action):
        melding.lay(state, seat, step)


HANDLERS: dict[type, Handler] = {
    Discard: discards.discard,  # "Discards"
    StartMeld: melding.start,  # "Melds"
    AddToMeld: melding.add,
    Extend: melding.extend,
    WholeMeld: whole_meld,
    Activate: activation.activate,  # "Activating a Meld"
    Take: activation.take,  # "Effects of Activating Melds": Diamonds
    Defend: attack.defend,  # "Attack Procedure"
    Pass: attack.stop_defending,
    Capture: attack.capture,
    Remnant: attack.remnant,
}

RULES: Rules[CardsState] = Rules(
    legal_actions=legal.legal_actions,
    why_illegal=legal.why_illegal,
    handlers=HANDLERS,
    parse=parse,
    label=describe.label,
    scores=ending.scores,
    facts=ending.facts,
    first_player=setup.first_player,
    observer=observer.OBSERVER,
    to_json=position.to_json,
    check_invariants=position.check_invariants,
)
