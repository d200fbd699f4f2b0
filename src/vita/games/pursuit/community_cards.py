"""The Community expansion's data: the Popularity track and the Community deck, loaded.

The data is ``community/community.yaml`` beside the base game's deck files; the package's own
is in ``data/community/``. It is checked against its schema (:mod:`.community_deckfile`), then
compiled once into immutable tables shared by every game state.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Final

from vita.core.datafile import DECKS
from vita.core.errors import DataError
from vita.games.pursuit.community_deckfile import CommunityCost, CommunityReward, validate

COMMUNITY_DIR: Final = Path(__file__).parent / "data" / "community"


# -- compiled --------------------------------------------------------------------------------

Res = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Gain:
    res: Res = (0, 0, 0, 0)
    sth: int = 0
    lth: int = 0
    relax: int = 0
    popularity: int = 0
    stress: int = 0


def _res(model: CommunityCost) -> Res:
    return (model.knowledge, model.creativity, model.influence, model.money)


def _gain(model: CommunityReward) -> Gain:
    return Gain(_res(model), model.sth, model.lth, model.relax, model.popularity, model.stress)


@dataclass(frozen=True, slots=True)
class Outcome:
    name: str
    cost: Res
    reward: Gain
    most: str
    per_item: bool
    special: str


@dataclass(frozen=True, slots=True)
class CommunityCard:
    index: int
    id: str
    name: str
    multiple: bool
    special: str
    engage_name: str
    engage_cost: Res
    requires: str
    engage_reward: Gain
    outcomes: tuple[Outcome, Outcome, Outcome]
    needs_most: bool  # an outcome asks for "the most" (discarded and replaced in the solo game)
    source: str


@dataclass(frozen=True, slots=True)
class Community:
    popularity: tuple[int, ...]  # the score of each space of the track, the start first
    cards: tuple[CommunityCard, ...]
    by_id: dict[str, int]
    solo_lth_to_win: int


def load_community(directory: str | Path | None = None) -> Community:
    """The Popularity track and Community deck (default: the built-in ones)."""
    return _load(str(Path(directory or COMMUNITY_DIR).resolve()))


@lru_cache(maxsize=DECKS)
def _load(directory: str) -> Community:
    model, problems = validate(directory)
    if problems or model is None:
        raise DataError(f"{directory}: {len(problems)} problem(s):\n  " + "\n  ".join(problems))
    cards = []
    for index, card in enumerate(model.cards):
        outcomes = tuple(Outcome(o.name, _res(o.cost), _gain(o.reward), o.most or "", o.per_item, o.special or "")
                         for o in card.outcomes)
        cards.append(CommunityCard(
            index, card.id, card.name, card.multiple, card.special or "", card.engage.name,
            _res(card.engage.cost), card.engage.requires or "", _gain(card.engage.reward),
            outcomes, any(o.most for o in outcomes), card.source,  # type: ignore[arg-type]
        ))
    return Community(tuple(model.popularity.scores), tuple(cards), {c.id: c.index for c in cards},
                     model.solo_lth_to_win)
