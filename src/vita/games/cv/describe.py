"""CV's cards in words: for the terminal, the browser's card tips, and the documentation."""

from __future__ import annotations

from typing import Final

from vita.core.state import Action
from vita.games.cv.actions import (
    Assist,
    Buy,
    Keep,
    Lose,
    Place,
    Play,
)
from vita.games.cv.cards import AGES, EFFECTS, SYMBOLS, TYPES, Card, Deck, Goal
from vita.games.cv.state import CvState

SYMBOL_WORDS: Final = {"good_luck": "good luck", "bad_luck": "bad luck",
                       "any": "any of health/relationship/knowledge/money", "die": "extra die",
                       "reroll": "extra throw"}
ABILITY_WORDS: Final = {
    "starting-player": "its holder starts the game",
    "magician": "once a turn, change one symbol on a die or token to another (never luck)",
    "friend-from-work": "each turn, use one symbol of a neighbour's active work card",
    "trip-around-the-world": "each turn, change 1 bad luck on a die or token into health/relationship/knowledge/money",
    "psychotherapy": "once a turn, a reroll may include bad luck",
}


def symbols_text(counts: tuple[int, ...] | list[int], names: tuple[str, ...] = EFFECTS) -> str:
    """``2 money, 1 health`` (empty when there is nothing)."""
    return ", ".join(f"{n} {SYMBOL_WORDS.get(names[i], names[i])}" for i, n in enumerate(counts) if n)


def card_text(card: Card) -> str:
    kinds = " or ".join(TYPES[t] for t in card.types)
    parts = [f"{card.title} (card {card.number}, {AGES[card.age]}, {kinds})"]
    cost = symbols_text(card.cost, SYMBOLS[:6])
    if cost:
        parts.append(f"cost: {cost}")
    if card.min_work:
        parts.append(f"requires: at least {card.min_work} work card")
    if card.max_work >= 0:
        parts.append("requires: no work cards")
    effect = symbols_text(card.effect)
    if effect:
        parts.append(("gives once: " if card.is_event else "gives: ") + effect)
    if card.when == "misfortune":
        parts.append("play it to avoid losing a card to misfortune")
    if card.when == "roll":
        parts.append("play it during the rolls")
    if card.old_age_only:
        parts.append("only in old age")
    if card.paid:
        parts.append(f"costs each turn: {symbols_text(card.paid, SYMBOLS[:6])}")
    if card.points:
        parts.append(f"{card.points} points")
    if card.ability:
        parts.append(ABILITY_WORDS[card.ability])
    if card.no_more_work:
        parts.append("its owner may take no more work cards")
    if card.doubles:
        parts.append("counts double in its stack's scoring while active")
    return "; ".join(parts)


def goal_text(goal: Goal) -> str:
    if goal.per_token:
        how = "per token of your active cards"
    else:
        need = [f"{n} {TYPES[t]}" for t, n in enumerate(goal.per_set) if n]
        how = f"per {need[0]} card" if sum(goal.per_set) == 1 else "per set of " + " + ".join(need)
    return f"{goal.title} (life goal {goal.number}): {goal.points} point(s) {how}"


def catalogue(deck: Deck) -> dict[str, dict[str, object]]:
    """Every card by number: its title, text and the values front ends draw."""
    out: dict[str, dict[str, object]] = {}
    for card in deck.cards:
        if card is None:
            continue
        out[str(card.number)] = {
            "title": card.title, "text": card_text(card), "types": [TYPES[t] for t in card.types],
            "age": AGES[card.age], "cost": dict(zip(SYMBOLS, card.cost, strict=False)),
            "effect": {EFFECTS[i]: n for i, n in enumerate(card.effect) if n},
            "paid": None if card.paid is None else dict(zip(SYMBOLS, card.paid, strict=False)),
            "points": card.points, "requires": card.min_work > 0 or card.max_work >= 0,
        }
    for goal in deck.goals.values():
        out[str(goal.number)] = {"title": goal.title, "text": goal_text(goal), "types": ["goal"], "age": "goal"}
    return out


def label(state: CvState, action: Action) -> str:
    deck = state.deck
    if isinstance(action, Keep | Play | Buy | Lose | Place) or (isinstance(action, Assist) and action.card):
        title = deck.title(action.card)
        text = str(action)
        return f"{text} ({title})"
    return str(action)
