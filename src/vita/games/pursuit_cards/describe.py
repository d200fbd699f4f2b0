"""The card game in words: each action as a sentence."""

from __future__ import annotations

from vita.core.state import Action
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
)
from vita.games.pursuit_cards.cards import (
    long_name,
)
from vita.games.pursuit_cards.state import (
    CardsState,
)


def label(state: CardsState, action: Action) -> str:
    if isinstance(action, Activate):
        meld = state.meld(action.meld)
        what = f"Activate your {meld.words()} with the {long_name(action.card)}: power {action.position}"
        if action.target >= 0:
            target = state.meld(action.target)
            what += f", attacking {state.name(target.owner)}'s {target.words()}"
        return what
    if isinstance(action, Defend):
        return (f"Defend with the {long_name(action.card)} on your {state.meld(action.meld).words()}: "
                f"power {action.position}")
    if isinstance(action, Take):
        rest = state.diamond_owed - action.from_discard
        if not action.from_discard:
            return f"Take nothing from the discard pile and {rest} from the stock"
        # The cards come off the top of the discard pile (its last cards), and the pile is public.
        taken = state.discard[len(state.discard) - action.from_discard:][::-1]
        named = ", ".join(f"the {long_name(card)}" for card in taken)
        return f"Take {named} from the discard pile and {rest} from the stock"
    if isinstance(action, Pass):
        return "Stop defending"
    if isinstance(action, Capture):
        if state.attack is not None:
            attacked = state.find_meld(state.attack[1])
            if attacked is not None and attacked.cards:
                entry = attacked.cards[0 if action.end == "front" else -1]
                return (f"Capture the {long_name(entry)} from the {action.end} of "
                        f"{state.name(attacked.owner)}'s {attacked.words()}")
        return f"Capture the card at the {action.end} of the attacked meld"
    if isinstance(action, Remnant):
        return f"Discard the {long_name(action.card)} first"
    if isinstance(action, StartMeld):
        return f"Start a new meld with the {long_name(action.card)}"
    if isinstance(action, AddToMeld):
        return f"Put the {long_name(action.card)} at the {action.end} of the new meld"
    if isinstance(action, Extend):
        return f"Extend your {state.meld(action.meld).words()} at the {action.end} with the {long_name(action.card)}"
    if isinstance(action, Discard):
        return f"Discard the {long_name(action.card)} and end your turn"
    return str(action)
