"""The position codec: positions as JSON (in and out, with explicit checks) and invariants.

Cards are written in notation (``7H``, ``JK``, ``JK=7H`` in melds); the format is
documented in ``docs/games/pursuit-cards.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vita.core.errors import IllegalAction, PositionError
from vita.core.rng import Rng
from vita.core.state import JSON, load_model
from vita.games.pursuit_cards.cards import DECK_SIZE, DECLARED, JOKER, KINDS, name, parse_card
from vita.games.pursuit_cards.rules.melds import Meld, is_meld, pattern_of
from vita.games.pursuit_cards.schema import PositionModel
from vita.games.pursuit_cards.state import STEPS, CardsState, empty_hand


def hand_list(hand: list[int]) -> list[str]:
    """A hand in notation, sorted by suit then value, Jokers last."""
    return [name(kind) for kind in range(KINDS + 1) for _ in range(hand[kind])]


def _names(cards: Sequence[int]) -> list[str]:
    return [name(c) for c in cards]


def to_json(state: CardsState) -> JSON:
    attack: JSON | None = None
    if state.attack is not None:
        spade, target, power, defence = state.attack
        attack = {"meld": spade, "target": target, "defender": state.defender,
                  "power": power, "defence": defence,
                  "used_clubs": list(state.used_clubs), "capture_left": state.capture_left,
                  "remnant": _names(state.remnant)}
    return {
        "game": "pursuit-cards",
        "dealer": state.dealer,
        "turn": state.turn,
        "step": STEPS[state.step],
        "stock": _names(state.stock),
        "discard": _names(state.discard),
        "temp": _names(state.temp),
        "available": state.available,
        "passes": state.passes,
        "pass_no": state.pass_no,
        "final": state.final,
        "melded": state.melded,
        "activated": list(state.activated),
        "pending": _names(state.pending),
        "diamond_owed": state.diamond_owed,
        "attack": attack,
        "melds": [_meld_json(state, m) for m in state.melds],
        "next_meld": state.next_meld,
        "rng": state.rng.state,
        "ply": state.ply,
        "players": [{"name": state.names[s], "hand": hand_list(state.hands[s]),
                     "happiness": state.happiness[s]} for s in range(state.num_players)],
    }


def _cards(words: list[str], where: str, declared: bool = False) -> list[int]:
    try:
        cards = [parse_card(w) for w in words]
    except IllegalAction as error:
        raise PositionError(f"{where}: {error}") from None
    for card in cards:
        if (card >= DECLARED) != declared or (declared and card == JOKER):
            kind = "declared Jokers (JK=7H)" if declared else "plain cards and Jokers (JK)"
            raise PositionError(f"{where}: {name(card)} is out of place here: {kind} only")
    return cards


def from_json(data: Any, log: bool = True, check: bool = True) -> CardsState:
    model = load_model(PositionModel, data, "pursuit-cards position")
    if model.game != "pursuit-cards":
        raise PositionError(f"this is a position of {model.game!r}, not of 'pursuit-cards'")
    n = len(model.players)
    if model.step not in STEPS:
        raise PositionError(f"step: one of {', '.join(STEPS)}")
    state = CardsState()
    state.num_players = n
    state.rng = Rng(model.rng)
    state.log = [] if log else None
    state.ply = model.ply
    state.names = [p.name for p in model.players]
    state.hands = []
    for seat, p in enumerate(model.players):
        hand = empty_hand()
        for card in _cards(p.hand, f"players.{seat}.hand"):
            hand[card] += 1
        state.hands.append(hand)
    state.happiness = [p.happiness for p in model.players]
    state.stock = _cards(model.stock, "stock")
    state.discard = _cards(model.discard, "discard")
    state.temp = _cards(model.temp, "temp")
    state.available = model.available
    state.passes, state.pass_no, state.final = model.passes, model.pass_no, model.final
    state.dealer, state.turn = model.dealer, model.turn
    for field in ("dealer", "turn"):
        if getattr(model, field) >= n:
            raise PositionError(f"{field}: no seat {getattr(model, field)}")
    state.step = STEPS.index(model.step)
    state.melded = model.melded
    state.activated = tuple(model.activated)
    state.pending = [_pending(w) for w in model.pending]
    state.diamond_owed = model.diamond_owed
    if model.attack is None:
        state.attack, state.used_clubs, state.capture_left, state.remnant = None, (), 0, ()
        state.defender = -1
    else:
        a = model.attack
        state.attack = (a.meld, a.target, a.power, a.defence)
        state.defender = a.defender
        state.used_clubs, state.capture_left = tuple(a.used_clubs), a.capture_left
        state.remnant = tuple(_cards(a.remnant, "attack.remnant"))
    # The attacked meld may be short while its cards are captured one by one: its pattern
    # is then the one it had whole.
    capturing = state.attack[1] if state.attack is not None and model.step == "capture" else -1
    state.melds = []
    for index, m in enumerate(model.melds):
        entries = [_entry(w, f"melds.{index}") for w in m.cards]
        if m.owner >= n:
            raise PositionError(f"melds.{index}: no seat {m.owner}")
        whole = is_meld(entries)
        if not whole and not (m.id == capturing and m.pattern is not None and entries):
            raise PositionError(f"melds.{index}: {' '.join(m.cards)} is not a meld")
        pattern = pattern_of([(e % DECLARED) % 10 + 1 for e in entries]) if whole else m.pattern
        if pattern is None:
            raise PositionError("a meld being captured needs its pattern")
        if m.pattern is not None and m.pattern != pattern:
            raise PositionError(f"melds.{index}: {' '.join(m.cards)} has pattern {pattern}, not {m.pattern}")
        state.melds.append(Meld(m.id, m.owner, (entries[0] % DECLARED) // 10, pattern, tuple(entries)))
    state.next_meld = max([model.next_meld, *(m.id + 1 for m in state.melds)])
    if check:
        try:
            check_invariants(state)
        except PositionError as error:
            raise PositionError(f"inconsistent position: {error}") from None
    return state


def _meld_json(state: CardsState, meld: Meld) -> JSON:
    data: JSON = {"id": meld.id, "owner": meld.owner, "cards": _names(meld.cards)}
    if state.attack is not None and state.attack[1] == meld.id and not is_meld(meld.cards):
        data["pattern"] = meld.pattern  # short while captured: keep what it was
    return data


def _entry(word: str, where: str) -> int:
    try:
        entry = parse_card(word)
    except IllegalAction as error:
        raise PositionError(f"{where}: {error}") from None
    if entry == JOKER:
        raise PositionError(f"{where}: a Joker in a meld is declared as a card (JK=7H)")
    return entry


def _pending(word: str) -> int:
    return _entry(word, "pending")


# -- invariants, views, determinisation -------------------------------------------------------------


def all_cards(state: CardsState) -> list[int]:
    """Every card wherever it is, as a card (a declared Joker counts as a Joker)."""
    cards = state.stock + state.discard + state.temp + list(state.remnant)
    cards += [JOKER if e >= DECLARED else e for e in state.pending]
    for meld in state.melds:
        cards += [JOKER if e >= DECLARED else e for e in meld.cards]
    for hand in state.hands:
        for kind, count in enumerate(hand):
            cards += [kind] * count
    return cards


def check_invariants(state: CardsState) -> None:
    cards = all_cards(state)
    if len(cards) != DECK_SIZE:
        raise PositionError(f"{len(cards)} cards instead of {DECK_SIZE}")
    counts = [cards.count(k) for k in range(KINDS + 1)]
    if not (counts[:KINDS] == [3] * KINDS and counts[JOKER] == 4):
        raise PositionError("each card three times, four Jokers")
    if not (all(min(hand) >= 0 for hand in state.hands)):
        raise PositionError("a negative count in a hand")
    capturing = state.attack[1] if state.attack is not None and state.step == STEPS.index("capture") else -1
    for meld in state.melds:
        # The attacked meld may be short while its cards are being captured one by one.
        if not (is_meld(meld.cards) or meld.id == capturing):
            raise PositionError(f"m{meld.id} is not a meld")
        if not (0 <= meld.owner < state.num_players):
            raise PositionError("a meld belongs to no seat")
    ids = [m.id for m in state.melds]
    if len(set(ids)) != len(ids):
        raise PositionError("two melds share a number")
    if not (all(i < state.next_meld for i in ids)):
        raise PositionError("a meld number is not below next_meld")
    if not (0 <= state.available <= len(state.discard)):
        raise PositionError("more cards available than in the discard pile")
    if not (1 <= state.pass_no <= state.passes):
        raise PositionError("the pass number is outside 1 to passes")
    if state.step != STEPS.index("over"):
        if len(state.to_move()) != 1:
            raise PositionError("exactly one seat must be to move")
        # The player whose turn it is always keeps a card to discard ("Discards").
        if not (sum(state.hands[state.turn]) >= 1):
            raise PositionError("the player to act has no card to discard")


def reconcile(data: JSON, patch: JSON) -> JSON:
    """Repair a hand-edited position (see ``Game.reconcile_position``).

    Cards named in hands, melds and piles come out of the stock. Cards named nowhere go
    to the bottom of the stock, or, when the case gives the stock but not the discard pile,
    to the bottom of the discard pile (so that a short stock can be written).
    """
    data = {**data}
    named: list[int] = []
    for key in ("discard", "temp", "pending"):
        named += _loose_cards(data.get(key, []))
    for player in data["players"]:
        named += _loose_cards(player["hand"])
    for meld in data.get("melds", []):
        named += _loose_cards(meld["cards"])
    if data.get("attack"):
        named += _loose_cards(data["attack"].get("remnant", []))
    stock = _loose_cards(data["stock"])
    wanted = [3] * KINDS + [4]
    for card in named:
        wanted[card] -= 1
    over = [name(kind) for kind in range(KINDS + 1) if wanted[kind] < 0]
    if over:
        raise PositionError(f"more copies than the deck has of {', '.join(over)} "
                            "(every hand not given keeps its dealt cards: give them too)")
    kept: list[int] = []
    for card in stock:
        if wanted[card] > 0:
            wanted[card] -= 1
            kept.append(card)
    missing = [kind for kind in range(KINDS + 1) for _ in range(max(0, wanted[kind]))]
    if "stock" in patch and "discard" not in patch:
        data["stock"] = [name(c) for c in kept]
        data["discard"] = [name(c) for c in missing] + list(data["discard"])
    else:
        data["stock"] = [name(c) for c in missing + kept]
    data["available"] = min(data.get("available", 0), len(data["discard"]))
    return data


def _loose_cards(words: list[str]) -> list[int]:
    cards = []
    for word in words:
        card = parse_card(word)
        cards.append(JOKER if card >= DECLARED else card)
    return cards
