"""The board game's observer: the one place that decides what each seat sees.

Its view (what a front end, a bot or an agent may be shown), the re-deal of what a seat
cannot see (determinization, for search and the no-leak check), the re-sampling of chance
(the draws nobody has seen yet), and whether an action shows a seat something hidden
(the undo rule).
"""

from __future__ import annotations

from vita.core.rng import Rng
from vita.core.state import JSON, Action, Observer
from vita.games.pursuit.position import to_json
from vita.games.pursuit.rules.setup import traits_secret
from vita.games.pursuit.state import PursuitState


def view(state: PursuitState, seat: int | None) -> JSON:
    """What ``seat`` may see: no draw pile order, no other player's dealt traits, no box."""
    data = to_json(state)
    data.pop("rng")
    data["piles"] = {name: len(pile) for name, pile in data["piles"].items()}
    data.pop("box")
    if data["community"] is not None:
        data["community"]["pile"] = len(data["community"]["pile"])
        scores = state.deck.community.popularity if state.deck.community else ()
        for p in data["players"]:
            p["popularity_score"] = scores[p["popularity"]]
    secret = traits_secret(state)  # the simultaneous child-trait choice
    for index, p in enumerate(data["players"]):
        if index != seat:
            p["offer"] = len(p["offer"])
            if secret:
                p["chosen"] = p["trait"] is not None
                p["trait"] = None
    data["seat"] = seat
    data["to_move"] = list(state.to_move())
    data["round_name"] = state.deck.board.rounds[state.round].name
    for index, p in enumerate(data["players"]):
        p["stress_space"] = state.deck.stress.describe(min(p["stress"], state.deck.stress.last))
        p["slots"] = len(p["projects"]) + (p["job"] is not None) + len(p["partners"])
        p["hourglasses_next_round"] = (state.deck.board.hourglasses
                                       + state.deck.stress.hourglasses_at(
                                           min(p["stress"], state.deck.stress.last))
                                       + state.players[index].health_bonus)
    return data


def reveals(state: PursuitState, seat: int, action: Action) -> bool:
    """Whether a legal ``action`` shows or decides anything hidden: it does exactly when it
    touches what :func:`view` hides (a pile, the box, a dealt trait, the generator), or
    when it is a child-trait choice (kept secret from the others until made)."""
    after = state.after(seat, action)
    if _draws(state, after):
        return True
    return any(a.offer != b.offer or a.trait != b.trait for a, b in zip(after.players, state.players, strict=True))


def informs(state: PursuitState, seat: int, action: Action) -> bool:
    """What an action tells its own player that they could not see: whatever it draws (the
    generator or a pile moves: the rows refilled in the Upkeep Phase, a Refresh, a Community
    card, a life goal or a child trait dealt) and the others' kept child traits, shown once
    the last player has chosen ("Setup"; alone, there are none). Placing a worker, paying,
    advancing a card and the other moves on the table show only what every player sees."""
    after = state.after(seat, action)
    if _draws(state, after):
        return True
    return state.num_players > 1 and traits_secret(state) and not traits_secret(after)


def _draws(state: PursuitState, after: PursuitState) -> bool:
    """Whether going from ``state`` to ``after`` drew on what :func:`view` hides: the
    generator, a pile, the Community pile, the box of life goals or child traits."""
    return (after.rng.state != state.rng.state or after.piles != state.piles
            or after.community_pile != state.community_pile
            or after.goal_box != state.goal_box or after.trait_box != state.trait_box)


def resample_chance(state: PursuitState, rng: Rng) -> PursuitState:
    """The piles' order drawn again (row, Community and life goal piles); dealt traits stay."""
    copy = state.clone()
    copy.rng = Rng(rng.next_u64())
    for pile in (*copy.piles, copy.community_pile, copy.goal_box):
        rng.shuffle(pile)
    return copy


def determinize(state: PursuitState, seat: int | None, rng: Rng) -> PursuitState:
    """Re-sample what ``seat`` cannot see: pile orders, others' dealt traits, the box."""
    copy = state.clone()
    copy.rng = Rng(rng.next_u64())
    # Each pile sorted first: what the seat knows (which cards are unseen), never where they
    # lie, decides the deal, so two positions it cannot tell apart deal alike.
    for pile in (*copy.piles, copy.community_pile, copy.goal_box):
        pile.sort()
        rng.shuffle(pile)
    secret = traits_secret(copy)
    pool = list(copy.trait_box)
    for other, p in enumerate(copy.players):
        if other != seat:
            pool += [t for t in p.offer if secret or t != p.trait]
    pool.sort()
    rng.shuffle(pool)
    for other, p in enumerate(copy.players):
        if other == seat or not p.offer:
            continue
        if p.trait >= 0 and not secret:
            p.offer = (p.trait, pool.pop())
        else:
            p.offer = (pool.pop(), pool.pop())
            if p.trait >= 0:
                p.trait = p.offer[rng.below(2)]
    copy.trait_box = pool
    return copy


OBSERVER: Observer[PursuitState] = Observer(view=view, determinize=determinize, resample_chance=resample_chance,
                                   reveals=reveals, informs=informs)
