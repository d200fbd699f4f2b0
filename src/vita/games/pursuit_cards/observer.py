"""The card game's observer: the one place that decides what each seat sees.

Its view (what a front end, a bot or an agent may be shown), the re-deal of what a seat
cannot see (determinization, for search and the no-leak check), the re-sampling of chance
(the draws nobody has seen yet), whether an action shows a seat something hidden, and
whether it tells its own player something hidden (the undo rule).
"""

from __future__ import annotations

from vita.core.rng import Rng
from vita.core.state import JSON, Action, Observer
from vita.games.pursuit_cards.actions import (
    Activate,
    Capture,
    Pass,
    Remnant,
    Take,
)
from vita.games.pursuit_cards.cards import CLUBS, DIAMONDS, SPADES, SUITS
from vita.games.pursuit_cards.position import to_json
from vita.games.pursuit_cards.state import (
    CardsState,
    empty_hand,
)


def view(state: CardsState, seat: int | None) -> JSON:
    """What ``seat`` may see: its own hand, the others' hand sizes, the stock's size.

    The discard pile is public: every card on it was played face up.
    """
    data = to_json(state)
    data.pop("rng")
    data["stock"] = len(state.stock)
    for index, player in enumerate(data["players"]):
        player["hand_size"] = len(player["hand"])
        if index != seat:
            player["hand"] = None
    data["seat"] = seat
    data["to_move"] = list(state.to_move())
    data["scores"] = list(state.happiness)
    for meld in data["melds"]:
        spec = state.meld(meld["id"])
        meld["suit"] = SUITS[spec.suit]
        meld["pattern"] = spec.pattern
        meld["powers"] = list(range(1, len(spec.cards) + 1))
    return data


def resample_chance(state: CardsState, rng: Rng) -> CardsState:
    """The stock's order drawn again (the hands, seen or not, stay)."""
    copy = state.clone()
    copy.rng = Rng(rng.next_u64())
    rng.shuffle(copy.stock)
    return copy


def determinize(state: CardsState, seat: int | None, rng: Rng) -> CardsState:
    """Re-deal what ``seat`` cannot see: the other hands and the stock, keeping their sizes."""
    copy = state.clone()
    copy.rng = Rng(rng.next_u64())
    pool = list(copy.stock)
    others = [s for s in range(copy.num_players) if s != seat]
    sizes = []
    for other in others:
        hand = copy.hands[other]
        sizes.append(sum(hand))
        for kind, count in enumerate(hand):
            pool += [kind] * count
    pool.sort()  # what the seat knows (which cards are unseen), not where they lie, decides the deal
    rng.shuffle(pool)
    for other, size in zip(others, sizes, strict=True):
        hand = empty_hand()
        for _ in range(size):
            hand[pool.pop()] += 1
        copy.hands[other] = hand
    copy.stock = pool
    return copy


def reveals(state: CardsState, seat: int, action: Action) -> bool:
    """A card leaving a hand shows it; a card drawn from the stock is chance. Captures,
    remnants and passing show nothing hidden."""
    if isinstance(action, Take):
        return action.from_discard < state.diamond_owed
    return not isinstance(action, Capture | Remnant | Pass)


def informs(state: CardsState, seat: int, action: Action) -> bool:
    """What an action tells its own player that they could not see: cards drawn from the
    stock ("Effects of Activating Melds": Diamonds, the cards the discard pile does not give),
    and a Spade attack whose defence depends on the defender's hand ("Attack Procedure": the
    defender is asked only when holding a card that matches one of their unused Club melds, so
    being asked or not shows it). Laying, extending, discarding, capturing and defending show
    only the player's own cards or the table."""
    if isinstance(action, Take):
        return action.from_discard < state.diamond_owed
    if isinstance(action, Activate):
        suit = state.meld(action.meld).suit
        if suit == DIAMONDS:
            return not state.available  # nothing to take from the discard pile: the stock at once
        if suit == SPADES:
            defender = state.meld(action.target).owner
            could_defend = any(m.owner == defender and m.suit == CLUBS for m in state.melds)
            return defender != seat and could_defend and sum(state.hands[defender]) >= 2  # a card stays in hand
    return False


OBSERVER: Observer[CardsState] = Observer(view=view, determinize=determinize, resample_chance=resample_chance,
                                   reveals=reveals, informs=informs)
