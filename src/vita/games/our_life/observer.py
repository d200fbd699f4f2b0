"""Our Life's observer: the one place that decides what each seat sees.

Its view (what a front end, a bot or an agent may be shown), the re-deal of what a seat
cannot see (determinization, for search and the no-leak check), the re-sampling of chance
(the draws nobody has seen yet).
"""

from __future__ import annotations

from collections.abc import Sequence

from vita.core.rng import Rng
from vita.core.state import JSON, Action, Observer
from vita.games.our_life.position import to_json
from vita.games.our_life.state import OurLifeState
from vita.games.our_life.steps import CHOOSE, OVER, POST, SETUP


def view(state: OurLifeState, seat: int | None) -> JSON:
    """The position less what ``seat`` may not see: deck orders (only sizes), the generator, goal
    cards drawn by others, setup choices and chosen Action cards of other families before their
    reveal, the stories another player is choosing between."""
    data = to_json(state)
    del data["rng"]
    data["decks"] = {key: len(cards) for key, cards in data["decks"].items() if key not in ("vacation_discard",)}
    data["decks"]["vacation_discard"] = list(state.vacation_discard)
    mine = state.family_of[seat] if seat is not None else -1
    for other, player in enumerate(data["players"]):
        ours = state.family_of[other] == mine
        if other != seat:
            player["goal_options"] = len(player["goal_options"])
        if state.step == SETUP and other != seat:
            player["personal_goal"] = bool(player["personal_goal"])
            player["background_row"] = bool(player["background_row"])
        if state.step == CHOOSE and not ours:
            player["choice"] = player["choice"] is not None
    for family, sheet in enumerate(data["families"]):
        sheet["seats"] = list(state.families[family])  # for front ends: who shares this sheet
        if family != mine:
            sheet["shared_options"] = len(sheet["shared_options"])
            if state.step == SETUP:
                sheet["shared_goal"] = bool(sheet["shared_goal"])
    for prompt in data["prompts"]:
        if prompt["kind"] == "post" and prompt["seat"] != seat:
            prompt["cards"] = len(prompt["cards"])
    data["to_move"] = list(state.to_move())
    if state.step == OVER:
        data["scores"] = list(state.scores())
        data["breakdown"] = state.score_breakdown()
        if len(state.families) == 1:
            data["solo_result"] = state.book.solo_result(state.scores()[0])
    return data


def informs(state: OurLifeState, seat: int, action: Action) -> bool:
    """What an action tells its own player that they could not see: whatever chance decides
    (the Stress dice, a card drawn from a deck or a goal box), the end of a step that shows
    what was kept secret (the setup's goals and rows, the families' chosen Action cards),
    and anything hidden of the others that the action moves (their goal cards, unrevealed
    choices, the stories they choose between). Marking boxes, using actions and answering
    one's own questions show only what the player sees."""
    after = state.after(seat, action)
    if _chance_or_step(state, after):
        return True
    mine = state.family_of[seat]
    return any(_secret_of(after, other, mine) != _secret_of(state, other, mine)
               for other in range(state.num_players) if other != seat)


def reveals(state: OurLifeState, seat: int, action: Action) -> bool:
    """Whether an action shows or decides anything hidden from some seat: all :func:`informs`
    counts, and the player's own secrets it moves (a goal kept, a card chosen in secret, a
    story kept), which the others cannot see."""
    after = state.after(seat, action)
    if _chance_or_step(state, after):
        return True
    return any(_secret_of(after, mover, other) != _secret_of(state, mover, other)
               for mover in range(state.num_players) for other in range(len(state.families)))


def _chance_or_step(state: OurLifeState, after: OurLifeState) -> bool:
    """Chance drew (the generator, a card left a deck or a goal box) or a step ended, which
    shows what it kept secret."""
    if after.rng.state != state.rng.state or after.step != state.step:
        return True
    decks = zip((state.action_deck, *state.child_decks, state.story_deck, state.vacation_deck, state.goal_box,
                 state.shared_box),
                (after.action_deck, *after.child_decks, after.story_deck, after.vacation_deck, after.goal_box,
                 after.shared_box), strict=True)
    return any(_drawn(before, now) for before, now in decks)


def _drawn(before: Sequence[int], after: Sequence[int]) -> bool:
    """Whether a card left the deck or its order changed; cards put in it (a goal or story the
    player had in hand and did not keep) tell the player nothing."""
    rest = iter(after)
    return not all(any(card == other for other in rest) for card in before)


def _secret_of(state: OurLifeState, other: int, mine: int) -> tuple[object, ...]:
    """What of seat ``other`` a player of family ``mine`` cannot see (:func:`view`)."""
    family = state.family_of[other]
    theirs = family != mine
    posts = [p for p in state.prompts if p[0] == POST and p[1] == other]
    return (state.goal_options[other], state.personal[other], state.setup_rows[other],
            state.shared_options[family] if theirs else None, state.shared[family] if theirs else None,
            state.choice[other] if theirs else None, posts)


def resample_chance(state: OurLifeState, rng: Rng) -> OurLifeState:
    """The decks' order drawn again (Action, children, vacation and story cards); goal cards
    and choices stay."""
    copy = state.clone()
    copy.rng = Rng(rng.next_u64())
    copy.action_deck = rng.shuffled(copy.action_deck)
    copy.child_decks = tuple(rng.shuffled(deck) for deck in copy.child_decks)
    copy.vacation_deck = rng.shuffled(copy.vacation_deck)
    copy.story_deck = rng.shuffled(copy.story_deck)
    return copy


def determinize(state: OurLifeState, seat: int | None, rng: Rng) -> OurLifeState:
    """A copy with everything ``seat`` cannot see re-sampled: the deck orders, the goal cards
    others drew or kept in secret, other families' unrevealed choices, stories being chosen."""
    copy = state.clone()
    copy.rng = Rng(rng.next_u64())
    # Each pool sorted first: what the seat knows (which cards are unseen), never where they lie,
    # decides the deal, so two positions it cannot tell apart deal alike.
    copy.action_deck = rng.shuffled(sorted(copy.action_deck))
    copy.child_decks = tuple(rng.shuffled(sorted(deck)) for deck in copy.child_decks)
    copy.vacation_deck = rng.shuffled(sorted(copy.vacation_deck))
    mine = state.family_of[seat] if seat is not None else -1
    others = [s for s in range(state.num_players) if s != seat]
    # Stories another seat is choosing between.
    hidden_posts = [i for i, p in enumerate(copy.prompts) if p[0] == POST and p[1] != seat]
    pool = sorted([*copy.story_deck, *(c for i in hidden_posts for c in copy.prompts[i][2:])])
    rng.shuffle(pool)
    for i in hidden_posts:
        size = len(copy.prompts[i]) - 2
        copy.prompts[i] = (POST, copy.prompts[i][1], *[pool.pop() for _ in range(size)])
    copy.story_deck = tuple(pool)
    # Goal cards: others' options (and, during setup, what they kept) are re-dealt.
    secret_kept = state.step == SETUP
    copy.goal_box, copy.goal_options, copy.personal = _redeal(
        rng, copy.goal_box, copy.goal_options, copy.personal, others, secret_kept)
    families = [f for f in range(len(state.families)) if f != mine]
    copy.shared_box, copy.shared_options, copy.shared = _redeal(
        rng, copy.shared_box, copy.shared_options, copy.shared, families, secret_kept)
    if secret_kept:
        rows = list(copy.setup_rows)
        for s in others:
            if rows[s]:
                action = state.book.background[copy.background[s]].action
                rows[s] = rng.choice([r.id for r in state.book.rows_for(action)])
        copy.setup_rows = tuple(rows)
    if state.step == CHOOSE:
        _redeal_choices(copy, [f for f in families], rng)
    return copy


Redealt = tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]  # box, options, kept


def _redeal(rng: Rng, box: tuple[int, ...], options: tuple[tuple[int, ...], ...], kept: tuple[int, ...],
            holders: list[int], secret_kept: bool) -> Redealt:
    """Re-deal the goal cards ``holders`` hold unseen (their options and, while the setup is
    secret, the card they kept) from those and the ``box``; return the new box, options and
    cards kept."""
    unseen = [c for h in holders for c in options[h]] + [kept[h] for h in holders if secret_kept and kept[h]]
    pool = sorted([*box, *unseen])
    rng.shuffle(pool)
    new_options, new_kept = list(options), list(kept)
    for h in holders:
        new_options[h] = tuple(pool.pop() for _ in options[h])
        if secret_kept and kept[h]:
            new_kept[h] = pool.pop()
    return tuple(pool), tuple(new_options), tuple(new_kept)


def _redeal_choices(copy: OurLifeState, families: list[int], rng: Rng) -> None:
    size = len(copy.display)
    for family in families:
        seats = [s for s in copy.families[family] if copy.choice[s] >= 0]
        slots = list(range(size))
        rng.shuffle(slots)
        for seat, slot in zip(seats, slots, strict=False):
            copy.choice[seat] = slot


OBSERVER: Observer[OurLifeState] = Observer(view=view, determinize=determinize, resample_chance=resample_chance,
                                   reveals=reveals, informs=informs)
