"""Child trait abilities ("Setup": each grants an ability usable any number of times).

The traits are data (``data/child_traits.yaml``); this module is the small
interpreter for their four kinds of ability: ``bonus`` (an extra reward when
something happens), ``exchange`` (a free action on your turn), ``rest`` (Rest
moves further) and ``spend-discount`` (Items and Activities cost less money).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from vita.core.datafile import DECKS
from vita.games.pursuit.cards import NOTHING, Amount, Deck
from vita.games.pursuit.deckfile import BonusAbility, ExchangeAbility, RestAbility, SpendDiscountAbility
from vita.games.pursuit.rules.tracks import gain
from vita.games.pursuit.state import PursuitState


@dataclass(frozen=True, slots=True)
class Ability:
    trigger: str = ""
    bonus: Amount = NOTHING
    exchanges: tuple[tuple[str, Amount, Amount], ...] = ()
    rest_extra: int = 0
    spend_discount: int = 0


@lru_cache(maxsize=DECKS)
def abilities(deck: Deck) -> tuple[Ability, ...]:
    """Each child trait's ability, compiled once per deck."""
    compiled = []
    for trait in deck.traits:
        ability = trait.ability
        if isinstance(ability, BonusAbility):
            compiled.append(Ability(trigger=ability.trigger, bonus=Amount.of(ability.reward)))
        elif isinstance(ability, ExchangeAbility):
            compiled.append(Ability(exchanges=tuple(
                (o.id, Amount.of(o.cost), Amount.of(o.reward)) for o in ability.options
            )))
        elif isinstance(ability, RestAbility):
            compiled.append(Ability(rest_extra=ability.extra_spaces))
        else:
            assert isinstance(ability, SpendDiscountAbility)
            compiled.append(Ability(spend_discount=ability.money))
    return tuple(compiled)


def of(state: PursuitState, seat: int) -> Ability | None:
    trait = state.players[seat].trait
    return abilities(state.deck)[trait] if trait >= 0 else None


def trigger(state: PursuitState, seat: int, event: str) -> None:
    """Give the child trait's bonus if ``event`` is its trigger."""
    ability = of(state, seat)
    if ability is not None and ability.trigger == event:
        gain(state, seat, ability.bonus)
        trait = state.deck.traits[state.players[seat].trait]
        if state.log is not None:
            state.say(f"{state.name(seat)}'s {trait.name} trait gives {ability.bonus.words()}.")


def rest_extra(state: PursuitState, seat: int) -> int:
    ability = of(state, seat)
    return ability.rest_extra if ability else 0


def spend_discount(state: PursuitState, seat: int) -> int:
    ability = of(state, seat)
    return ability.spend_discount if ability else 0


def exchanges(state: PursuitState, seat: int) -> tuple[tuple[str, Amount, Amount], ...]:
    ability = of(state, seat)
    return ability.exchanges if ability else ()
