"""Legal actions, reasons for refusals, and their wording.

Each step of a turn offers its own kind of action; a submitted action is legal when
it is among the options the rule modules generate, and otherwise :func:`why_illegal`
finds the most useful reason.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from vita.core.errors import Reason
from vita.core.state import Action
from vita.games.pursuit_cards.actions import (
    PASS,
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
)
from vita.games.pursuit_cards.cards import (
    CLUBS,
    DECLARED,
    JOKER,
    KINDS,
    SPADES,
    SUIT_NAMES,
    long_name,
    name,
    natural,
)
from vita.games.pursuit_cards.rules import activation, attack, melding
from vita.games.pursuit_cards.rules.melds import MAX_LENGTH
from vita.games.pursuit_cards.state import (
    BUILD,
    CAPTURE,
    DEFEND,
    DIAMOND,
    MAIN,
    OVER,
    REMNANT,
    CardsState,
)

_CAPTURES: Final = [Capture("front"), Capture("back")]
_DISCARD: Final = [Discard(kind) for kind in range(KINDS + 1)]


# -- generating ------------------------------------------------------------------------------


def legal_actions(state: CardsState, seat: int) -> list[Action]:
    movers = state.to_move()
    if not movers or seat != movers[0]:
        return []
    step = state.step
    if step == MAIN:
        hand = state.hands[seat]
        out: list[Action] = []
        out += activation.activate_options(state, seat)
        out += melding.start_options(state, seat)
        out += melding.extend_options(state, seat)
        out += [_DISCARD[kind] for kind in range(KINDS + 1) if hand[kind]]
        return out
    if step == BUILD:
        return list(melding.add_options(state, seat))
    if step == DIAMOND:
        return list(activation.take_options(state))
    if step == DEFEND:
        return [*attack.defend_options(state), PASS]
    if step == CAPTURE:
        return list(_CAPTURES)
    if step == REMNANT:
        return [Remnant(card) for card in dict.fromkeys(state.remnant)]
    return []


# -- checking --------------------------------------------------------------------------------


def why_illegal(state: CardsState, seat: int, action: Action) -> str | None:
    if state.step == OVER:
        return Reason("the game is over", "game-over")
    movers = state.to_move()
    if seat not in movers:
        return Reason(f"{state.name(seat)} is not asked to act now (waiting for {state.name(movers[0])})",
                      "not-your-turn")
    if isinstance(action, WholeMeld):
        return _why_whole_meld(state, seat, action)
    if action in legal_actions(state, seat):
        return None
    return _reason(state, seat, action)


def _reason(state: CardsState, seat: int, action: Action) -> str:
    step = state.step
    expected = {
        BUILD: "finish laying your new meld: 'add front <card>' or 'add back <card>'",
        DIAMOND: "take the cards your Diamond meld gives: 'take <number from the discard pile>'",
        DEFEND: "defend with a Club activation card ('defend <card> m<club meld>@<position>') or 'pass'",
        CAPTURE: "take a card from the attacked meld: 'capture front' or 'capture back'",
        REMNANT: "choose which remnant card is discarded first: 'remnant <card>'",
    }
    kinds = {BUILD: AddToMeld, DIAMOND: Take, DEFEND: (Defend, Pass), CAPTURE: Capture, REMNANT: Remnant}
    if step != MAIN and not isinstance(action, kinds[step]):  # type: ignore[arg-type]
        return expected[step]
    if step == MAIN:  # an answer to something that is not under way
        for kind, message in NOT_NOW.items():
            if isinstance(action, kind):
                return Reason(message, "not-now")
    hand = state.hands[seat]
    card = getattr(action, "card", None)
    if card is not None and not hand[natural(card)]:
        return Reason(f"you have no {long_name(natural(card))} in hand", "card-not-in-hand")
    if isinstance(action, Activate | StartMeld | Extend | AddToMeld | Defend) and sum(hand) < 2:
        return Reason("you must keep a card in hand to discard", "keep-a-card")
    if isinstance(action, Activate):
        return _why_activate(state, seat, action)
    if isinstance(action, Defend):
        return _why_defend(state, seat, action)
    if isinstance(action, StartMeld):
        if sum(hand) < 4:
            return Reason("a new meld needs 3 cards and you must keep a card to discard", "keep-a-card")
        return f"no meld can be made from the {long_name(card or 0)} with the cards in your hand"
    if isinstance(action, AddToMeld):
        return (f"the {long_name(action.card)} does not fit at the {action.end} of the new meld "
                f"({_pending(state)}), or the meld could not be completed")
    if isinstance(action, Extend):
        return _why_extend(state, seat, action)
    if isinstance(action, Take):
        most = min(state.diamond_owed, state.available)
        return f"you can take 0 to {most} cards from the discard pile (cards there when your turn began)"
    if isinstance(action, Remnant):
        return f"the remnant cards are {' and '.join(name(c) for c in state.remnant)}"
    return "that is not an action you can take now"


# The steps' answers given in the main step: what is not under way, and what to do instead.
NOT_NOW: Final[dict[type, str]] = {
    Take: "no Diamond activation is under way: 'take' answers one (how many of its cards come from the discard pile)",
    AddToMeld: "no new meld is being laid: start one with 'meld <card>' (or lay it at once: 'meld 3D 5D 7D')",
    Defend: "no attack on your melds is under way: Club melds are activated only in defence",
    Pass: "no attack on your melds is under way: there is nothing to stop defending",
    Capture: "no attack of yours has cards to capture: activate a Spade meld to attack first",
    Remnant: "no broken meld is being discarded: remnants are chosen when an attack leaves a meld under 3 cards",
}


def _pending(state: CardsState) -> str:
    return " ".join(name(e) for e in state.pending)


def _why_activate(state: CardsState, seat: int, action: Activate) -> str:
    if state.melded:
        return Reason("no activation after you have melded a card this turn", "melded-this-turn")
    meld = state.find_meld(action.meld)
    if meld is None:
        return Reason(f"there is no meld m{action.meld}", "no-such-meld")
    if meld.owner != seat:
        return Reason(f"m{meld.id} is not your meld", "not-your-meld")
    if meld.suit == CLUBS:
        return Reason("Club melds are activated only in defence, during an opponent's attack", "clubs-defend-only")
    if meld.id in state.activated:
        return Reason(f"m{meld.id} was already activated this turn", "already-activated")
    if not 1 <= action.position <= len(meld.cards):
        return Reason(f"m{meld.id} has positions 1 to {len(meld.cards)}", "no-such-position")
    if meld.cards[action.position - 1] % DECLARED != action.card % DECLARED or action.card == JOKER:
        return (f"the card at position {action.position} of m{meld.id} is "
                f"{name(meld.cards[action.position - 1])}: an activation card must be identical")
    if meld.suit == SPADES:
        target = state.find_meld(action.target) if action.target >= 0 else None
        if target is None:
            return "a Spade activation attacks one meld of an opponent: add 'attack m<number>'"
        if target.owner == seat:
            return Reason("you cannot attack your own meld", "own-meld")
    elif action.target >= 0:
        return "only a Spade meld attacks"
    return "that activation is not possible now"


def _why_defend(state: CardsState, seat: int, action: Defend) -> str:
    meld = state.find_meld(action.meld)
    if meld is None or meld.owner != seat or meld.suit != CLUBS:
        return Reason(f"m{action.meld} is not one of your Club melds", "not-your-meld")
    if meld.id in state.used_clubs:
        return Reason(f"m{meld.id} has already defended against this attack", "already-activated")
    if not 1 <= action.position <= len(meld.cards):
        return Reason(f"m{meld.id} has positions 1 to {len(meld.cards)}", "no-such-position")
    return (f"the card at position {action.position} of m{meld.id} is "
            f"{name(meld.cards[action.position - 1])}: a defence card must be identical")


def _why_extend(state: CardsState, seat: int, action: Extend) -> str:
    meld = state.find_meld(action.meld)
    if meld is None or meld.owner != seat:
        return Reason(f"m{action.meld} is not one of your melds", "not-your-meld")
    if len(meld.cards) >= MAX_LENGTH:
        return Reason(f"m{meld.id} already has {MAX_LENGTH} cards", "meld-full")
    needed = meld.next_value(action.end)
    return (f"the {action.end} of m{meld.id} ({name(meld.cards[0 if action.end == 'front' else -1])}) "
            f"takes a {needed} of {SUIT_NAMES[meld.suit]}, not the {long_name(action.card)}")


def _why_whole_meld(state: CardsState, seat: int, action: WholeMeld) -> str | None:
    """A whole new meld: legal when its card-by-card laying is."""
    trial = state.clone()
    trial.log = None
    for step in meld_steps(trial, action):
        reason = why_illegal(trial, seat, step)
        if reason is not None:
            return f"{reason} (laying {action})"
        melding.lay(trial, seat, step)
    return None


def meld_steps(state: CardsState, action: WholeMeld) -> Iterator[StartMeld | AddToMeld | Extend]:
    """The card-by-card steps of laying a whole meld, one at a time (an extension names the
    meld the first three cards made, once they have made it)."""
    yield StartMeld(action.cards[0])
    for card in action.cards[1:3]:
        yield AddToMeld("back", card)
    for card in action.cards[3:]:
        yield Extend(state.melds[-1].id, "back", card)


# -- wording ------------------------------------------------------------------------------------


