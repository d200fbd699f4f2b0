"""The position codec: positions as JSON (in and out, with explicit checks), invariants and hand-edited positions.

Cards are written by number. The format is documented in ``docs/games/cv.md``
("Positions"); :func:`to_json` writes it and :func:`from_json` reads and checks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from vita.core.errors import PositionError
from vita.core.rng import Rng
from vita.core.state import JSON, load_model
from vita.games.cv.cards import (
    BUILT_IN,
    CARD_COUNT,
    CHILDHOOD,
    EFFECTS,
    STACKS,
    SYMBOLS,
    TYPES,
    Deck,
)
from vita.games.cv.schema import PositionModel
from vita.games.cv.state import CvState
from vita.games.cv.steps import (
    ASSIST,
    DRAFT,
    MAX_DICE,
    OVER,
    PLACE,
    STEPS,
    USED_FRIEND,
    USED_MAGICIAN,
    USED_PSYCHOTHERAPY,
    USED_TRIP,
)

AGE_KEYS: Final = ("early", "middle", "old")
USED: Final = {"magician": USED_MAGICIAN, "trip": USED_TRIP, "friend": USED_FRIEND, "psychotherapy": USED_PSYCHOTHERAPY}


# -- writing -----------------------------------------------------------------------------------


def _symbols(counts: Sequence[int], names: tuple[str, ...] = SYMBOLS) -> dict[str, int]:
    return dict(zip(names, counts, strict=False))


def _type(kind: int) -> str | None:
    return None if kind < 0 else TYPES[kind]


def to_json(state: CvState) -> JSON:
    return {
        "game": "cv",
        "cards": None if state.deck.directory in BUILT_IN else state.deck.directory,
        "deck": state.deck.fingerprint,
        "step": STEPS[state.step],
        "round": state.round,
        "turn": state.turn,
        "starter": state.starter,
        "track": state.track[:],
        "decks": {key: list(deck) for key, deck in zip(AGE_KEYS, state.decks, strict=True)},
        "goal_deck": list(state.goal_deck),
        "public_goals": list(state.public_goals),
        "set_aside": list(state.set_aside),
        "box": state.box[:],
        "dice": [SYMBOLS[f] for f in state.dice],
        "rerolls": state.rerolls,
        "used": [name for name, bit in USED.items() if state.used & bit],
        "pool": _symbols(state.pool),
        "event_pool": _symbols(state.event_pool),
        "bad_spent": state.bad_spent,
        "bought": [{"card": c, "type": TYPES[t]} for c, t in state.bought],
        "misfortunes": state.misfortunes,
        "placing": [{"seat": s, "card": c, "type": _type(t)} for s, c, t in state.placing],
        "assist": state.assist[:],
        "refilling": state.refilling,
        "rng": state.rng.state,
        "ply": state.ply,
        "players": [_player_json(state, seat) for seat in range(state.num_players)],
    }


def _player_json(state: CvState, seat: int) -> JSON:
    return {
        "name": state.names[seat],
        "cv": {TYPES[k]: list(state.cv[seat][k]) for k in range(STACKS)},
        "hand": list(state.hands[seat]),
        "goal": state.goals[seat],
        "tokens": _symbols(state.tokens[seat], EFFECTS),
        "retired": state.retired[seat],
        "draft": list(state.draft[seat]),
        "kept": list(state.kept[seat]),
        "chosen": state.chosen[seat],
    }


# -- reading -----------------------------------------------------------------------------------


def _named(words: list[str], names: tuple[str, ...], where: str) -> list[int]:
    out = []
    for word in words:
        if word not in names:
            raise PositionError(f"{where}: {word[:40]!r} is not one of {', '.join(names)}")
        out.append(names.index(word))
    return out


def _kind(word: str | None, where: str) -> int:
    return -1 if word is None else _named([word], TYPES, where)[0]


def from_json(state: CvState, deck: Deck, data: Any, log: bool = True) -> CvState:
    """Fill the blank ``state`` from position JSON; :class:`PositionError` names the problem."""
    model = load_model(PositionModel, data, "CV position")
    if model.game != "cv":
        raise PositionError(f"this is a position of {model.game!r}, not of 'cv'")
    if model.deck is not None and model.deck != deck.fingerprint:
        raise PositionError("this position was saved with other card data than the data loaded")
    n = len(model.players)
    if model.step not in STEPS:
        raise PositionError(f"step: one of {', '.join(STEPS)}")
    for field in ("turn", "starter"):
        if getattr(model, field) >= n:
            raise PositionError(f"{field}: no seat {getattr(model, field)} among {n} players")
    state.num_players, state.rng, state.log, state.ply = n, Rng(model.rng), [] if log else None, model.ply
    state.deck = deck
    state.names = [p.name for p in model.players]
    state.step, state.round = STEPS.index(model.step), model.round
    state.turn, state.starter = model.turn, model.starter
    state.track = model.track[:]
    state.decks = tuple(tuple(getattr(model.decks, key)) for key in AGE_KEYS)
    state.goal_deck, state.public_goals = tuple(model.goal_deck), tuple(model.public_goals)
    state.set_aside, state.box = tuple(model.set_aside), model.box[:]
    state.dice = _named(model.dice, SYMBOLS[:6], "dice")
    state.rerolls = model.rerolls
    state.used = 0
    for name in model.used:
        if name not in USED:
            raise PositionError(f"used: {name[:40]!r} is not one of {', '.join(USED)}")
        state.used |= USED[name]
    state.pool = [getattr(model.pool, s) for s in SYMBOLS]
    state.event_pool = [getattr(model.event_pool, s) for s in SYMBOLS]
    state.bad_spent = model.bad_spent
    state.bought = [(b.card, _kind(b.type, "bought.type")) for b in model.bought]
    state.misfortunes = model.misfortunes
    state.placing = [(p.seat, p.card, _kind(p.type, "placing.type")) for p in model.placing]
    state.assist = model.assist[:]
    state.refilling = model.refilling
    state.cv = [tuple(tuple(getattr(p.cv, TYPES[k])) for k in range(STACKS)) for p in model.players]
    state.hands = [tuple(p.hand) for p in model.players]
    state.goals = tuple(p.goal for p in model.players)
    state.tokens = [tuple(getattr(p.tokens, e) for e in EFFECTS) for p in model.players]
    state.retired = tuple(p.retired for p in model.players)
    state.draft = tuple(tuple(p.draft) for p in model.players)
    state.kept = tuple(tuple(p.kept) for p in model.players)
    state.chosen = tuple(p.chosen for p in model.players)
    try:
        check_invariants(state)
    except PositionError as error:
        raise PositionError(f"inconsistent position: {error}") from None
    except (KeyError, IndexError) as error:
        raise PositionError(f"inconsistent position: no card or seat {error}") from None
    return state


# -- invariants --------------------------------------------------------------------------------


def places(state: CvState) -> dict[str, Sequence[int]]:
    """Every place a card can be, with the cards there."""
    where: dict[str, Sequence[int]] = {
        "track": state.track, "goal_deck": state.goal_deck, "public_goals": state.public_goals,
        "set_aside": state.set_aside, "box": state.box,
        "bought": [c for c, _ in state.bought], "placing": [c for _, c, _ in state.placing],
    }
    for key, cards in zip(AGE_KEYS, state.decks, strict=True):
        where[f"decks.{key}"] = cards
    for seat in range(state.num_players):
        for k in range(STACKS):
            where[f"players.{seat}.cv.{TYPES[k]}"] = state.cv[seat][k]
        where[f"players.{seat}.hand"] = state.hands[seat]
        where[f"players.{seat}.goal"] = [state.goals[seat]]
        where[f"players.{seat}.draft"] = state.draft[seat]
        where[f"players.{seat}.kept"] = state.kept[seat]
    return where


def check_invariants(state: CvState) -> None:
    n = state.num_players
    deck = state.deck
    every = [card for cards in places(state).values() for card in cards]
    if sorted(every) != list(range(1, CARD_COUNT + 1)):
        raise PositionError(_accounting(every))
    goals = set(deck.goals)
    if not (all(g in goals for g in state.goals)):
        raise PositionError("a player's life goal is not a life-goal card")
    if not (set(state.public_goals) | set(state.goal_deck) <= goals):
        raise PositionError("a life goal among other cards")
    if len(state.public_goals) != n - 1:
        raise PositionError(f"{n - 1} public life goals with {n} players")
    for age, cards in enumerate(state.decks, start=1):
        if not (all(deck.card(c).age == age for c in cards)):
            raise PositionError(f"a card in the {AGE_KEYS[age - 1]} deck is not of it")
    if not (all(c not in goals for c in state.track)):
        raise PositionError("a life goal on the track")
    if not (all(deck.card(c).age == CHILDHOOD for c in state.set_aside)):
        raise PositionError("a card set aside is not a childhood card")
    for seat in range(n):
        for k in range(STACKS):
            for c in state.cv[seat][k]:
                if not (c not in goals and k in deck.card(c).types):
                    raise PositionError(f"card {c} is not a {TYPES[k]} card")
        if not (all(c not in goals and deck.card(c).is_event for c in state.hands[seat])):
            raise PositionError("a hand holds only events")
    if state.step == DRAFT:
        if len({len(d) + len(k) for d, k in zip(state.draft, state.kept, strict=True)}) != 1:
            raise PositionError("every player has as many childhood cards")
    else:
        if not (not any(state.draft) and not any(state.kept)):
            raise PositionError("the draft is over")
    if not (len(state.dice) <= MAX_DICE):
        raise PositionError(f"more than {MAX_DICE} dice")
    if not ((state.step == PLACE) == bool(state.placing)):
        raise PositionError("cards wait to be placed exactly in the place step")
    if not (state.step in (ASSIST, PLACE) if state.assist else state.step != ASSIST):
        raise PositionError("seats wait for social assistance in that step (or while the card taken is placed)")
    if not (all(0 <= s < n for s in state.assist) and all(0 <= s < n for s, _, _ in state.placing)):
        raise PositionError("a seat waiting for social assistance or placing a card is no seat")
    if state.step not in (DRAFT, OVER) and state.round > 0:
        # Tokens are updated at the end of one's own turn: everyone else's match their CV.
        for seat in range(n):
            if seat != state.turn and state.tokens[seat] != state.active_icons(seat):
                raise PositionError(f"{state.name(seat)}'s tokens")
    if not (0 <= state.turn < n and 0 <= state.starter < n):
        raise PositionError("the seat to play or the first player is no seat")


def _accounting(every: list[int]) -> str:
    twice = sorted({c for c in every if every.count(c) > 1})
    missing = sorted(set(range(1, CARD_COUNT + 1)) - set(every))
    return f"each of the {CARD_COUNT} cards is in one place (twice: {twice}, nowhere: {missing})"


# -- views and determinisation -------------------------------------------------------------------


# -- hand-edited positions (conformance cases) ----------------------------------------------------


def reconcile(deck: Deck, data: JSON, patch: JSON) -> JSON:
    """Repair a hand-edited position so that each card is in exactly one place.

    A card the ``patch`` names leaves every place the patch does not name (the fresh game's
    track, decks, draft); a card the patch names twice is refused. A card left nowhere goes
    back to the bottom of its age deck, or to the box when the patch gives that deck whole (a
    childhood card: set aside; a goal: the goal deck).
    Past the draft, the draft's cards are set aside unless named. Tokens not given are those of
    the active cards, and a position past the draft is in round 1 at least.
    """
    data = {**data, "players": [dict(p) for p in data["players"]]}
    if data["step"] != "draft":
        for index, player in enumerate(data["players"]):
            mine = _player_patch(patch, index)
            for key in ("draft", "kept"):
                if key not in mine:
                    player[key] = []
            player["chosen"] = True
        if data.get("round", 1) == 0:
            data["round"] = 1
    spots = _spots(data, patch)
    counts: dict[int, list[tuple[bool, Any, str]]] = {}
    for given, holder, key in spots:
        values = holder[key] if isinstance(holder[key], list) else [holder[key]]
        for value in values:
            card = value["card"] if isinstance(value, dict) else value
            counts.setdefault(card, []).append((given, holder, key))
    for card, where in counts.items():
        named = [w for w in where if w[0]]
        if len(named) > 1:
            raise PositionError(f"card {card} is named twice in the position")
        if named:
            for _, holder, key in where:
                keep = any(h is holder and k == key for _, h, k in named)
                if not keep and isinstance(holder[key], list):
                    holder[key] = [v for v in holder[key] if (v["card"] if isinstance(v, dict) else v) != card]
    present = set()
    for _, holder, key in _spots(data, patch):
        values = holder[key] if isinstance(holder[key], list) else [holder[key]]
        present |= {v["card"] if isinstance(v, dict) else v for v in values}
    for card in range(1, CARD_COUNT + 1):
        if card in present:
            continue
        if card in deck.goals:
            data["goal_deck"] = [card, *data["goal_deck"]]
        elif deck.card(card).age == CHILDHOOD:
            data["set_aside"] = [card, *data["set_aside"]]
        elif AGE_KEYS[deck.card(card).age - 1] in patch.get("decks", {}):
            data["box"] = [*data["box"], card]  # the case gives that deck whole
        else:
            key = AGE_KEYS[deck.card(card).age - 1]
            data["decks"] = {**data["decks"], key: [card, *data["decks"][key]]}
    for index, player in enumerate(data["players"]):
        if "tokens" not in _player_patch(patch, index):
            player["tokens"] = _icons(deck, player["cv"])
    return data


def _player_patch(patch: JSON, index: int) -> JSON:
    """What the patch says of player ``index`` (players may be patched as a list or by number)."""
    given = patch.get("players")
    if isinstance(given, list):
        mine = given[index] if index < len(given) else {}
    elif isinstance(given, dict):
        mine = given.get(index, given.get(str(index), {}))
    else:
        mine = {}
    return mine if isinstance(mine, dict) else {}


def _spots(data: JSON, patch: JSON) -> list[tuple[bool, Any, str]]:
    """Every (named by the patch, holder, key) where cards are written."""
    spots: list[tuple[bool, Any, str]] = []
    for key in ("track", "goal_deck", "public_goals", "set_aside", "box", "bought", "placing"):
        if key in data:
            spots.append((key in patch, data, key))
    decks = data["decks"] = dict(data["decks"])
    for key in AGE_KEYS:
        spots.append((key in patch.get("decks", {}), decks, key))
    for index, player in enumerate(data["players"]):
        mine = _player_patch(patch, index)
        cv = player["cv"] = dict(player["cv"])
        for kind in TYPES[:STACKS]:
            spots.append((kind in mine.get("cv", {}), cv, kind))
        for key in ("hand", "goal", "draft", "kept"):
            spots.append((key in mine, player, key))
    return spots


def _icons(deck: Deck, cv: dict[str, list[int]]) -> dict[str, int]:
    icons = [0] * len(EFFECTS)
    for kind in TYPES[:STACKS]:
        stack = cv.get(kind, [])
        if stack and stack[-1] in range(1, 76):
            for index, count in enumerate(deck.card(stack[-1]).effect):
                icons[index] += count
    return dict(zip(EFFECTS, icons, strict=True))

