"""CV's observer: the one place that decides what each seat sees.

Its view (what a front end, a bot or an agent may be shown), the re-deal of what a seat
cannot see (determinization, for search and the no-leak check), the re-sampling of chance
(the draws nobody has seen yet).
"""

from __future__ import annotations

from vita.core.rng import Rng
from vita.core.state import JSON, Action, Observer
from vita.games.cv.cards import (
    CHILDHOOD,
)
from vita.games.cv.position import to_json
from vita.games.cv.state import CvState
from vita.games.cv.steps import (
    DRAFT,
    OVER,
)


def seen_by_others(state: CvState, card: int) -> bool:
    """Whether a card in a player's hand is known to the other players: an event taken from
    the track or bought was seen by all; a childhood card was dealt face down. The view, the
    determinization and the learning agents' observation (:mod:`vita.ai.games.cv`) all ask
    this."""
    return state.deck.card(card).age != CHILDHOOD


def view(state: CvState, seat: int | None) -> JSON:
    """What ``seat`` may see: its own hand, draft and goal; of the others' hands, the events
    they took from the track, and how many childhood cards they hold.

    Public: the track, every CV, the tokens, the dice, the public goals, the box (discarded and
    lost cards are face up), the sizes of the decks.
    """
    data = to_json(state)
    del data["rng"]
    data["decks"] = {key: len(cards) for key, cards in data["decks"].items()}
    data["goal_deck"] = len(state.goal_deck)
    data["set_aside"] = len(state.set_aside)
    for index, player in enumerate(data["players"]):
        player["hand_size"] = len(player["hand"])
        player["draft_size"] = len(player["draft"])
        player["kept_size"] = len(player["kept"])
        player["cv_size"] = state.cv_size(index)
        if index != seat:
            # Events bought or taken from the track were seen by all; childhood ones were not.
            hidden = [c for c in state.hands[index] if not seen_by_others(state, c)]
            player["hand"] = [c for c in state.hands[index] if c not in hidden]
            player["hidden_in_hand"] = len(hidden)
            player["goal"] = player["draft"] = player["kept"] = None
    if state.step == OVER:  # the private goals are revealed at the end
        for index, player in enumerate(data["players"]):
            player["goal"] = state.goals[index]
    data["seat"] = seat
    data["to_move"] = list(state.to_move())
    # Points so far; another player's private goal is counted only once it is revealed.
    rows = state.score_breakdown()
    over = state.step == OVER
    data["scores"] = [row["total"] - (0 if over or index == seat else row["private goal"])
                      for index, row in enumerate(rows)]
    return data


def informs(state: CvState, seat: int, action: Action) -> bool:
    """What an action tells its own player that they could not see: whatever chance decides
    (dice thrown, a card drawn to the track, a life goal dealt), the childhood cards passed
    on in the draft ("Play your childhood!"), anything hidden of the others that the action
    moves (their drafts, kept cards, goals, childhood cards in hand, the cards set aside), and
    the life goals shown at the end ("Game end"). Buying, placing, playing one's own events and
    paying show only the table."""
    after = state.after(seat, action)
    if _chance_or_end(state, after) or any(card not in state.draft[seat] for card in after.draft[seat]):
        return True
    return any(_secret_moved(state, after, other) for other in range(state.num_players) if other != seat)


def reveals(state: CvState, seat: int, action: Action) -> bool:
    """Whether an action shows or decides anything hidden from some seat: all :func:`informs`
    counts, and the player's own secrets it moves (a childhood card kept in the draft, an
    event of one's own hand played)."""
    after = state.after(seat, action)
    return _chance_or_end(state, after) or any(_secret_moved(state, after, s) for s in range(state.num_players))


def _chance_or_end(state: CvState, after: CvState) -> bool:
    """Chance drew (the generator, a deck, the goal deck, the cards set aside moved) or the
    game ended, which shows every life goal."""
    return (after.rng.state != state.rng.state or after.decks != state.decks or after.goal_deck != state.goal_deck
            or after.set_aside != state.set_aside or (after.step == OVER) != (state.step == OVER))


def _secret_moved(state: CvState, after: CvState, seat: int) -> bool:
    """Whether what the others cannot see of ``seat`` changed: its goal, draft, kept cards or
    childhood cards in hand."""
    return ((after.goals[seat], after.draft[seat], after.kept[seat], _unseen(after, seat))
            != (state.goals[seat], state.draft[seat], state.kept[seat], _unseen(state, seat)))


def _unseen(state: CvState, seat: int) -> list[int]:
    return [card for card in state.hands[seat] if not seen_by_others(state, card)]


def resample_chance(state: CvState, rng: Rng) -> CvState:
    """The age decks' and the goal deck's order drawn again; every hand, goal and draft stays."""
    copy = state.clone()
    copy.rng = Rng(rng.next_u64())
    copy.decks = tuple(rng.shuffled(cards) for cards in copy.decks)
    copy.goal_deck = rng.shuffled(copy.goal_deck)
    return copy


def determinize(state: CvState, seat: int | None, rng: Rng) -> CvState:
    """Re-deal what ``seat`` cannot see, keeping every size: the order of the decks, the other
    players' life goals and hands of events, and during the draft their childhood cards."""
    copy = state.clone()
    copy.rng = Rng(rng.next_u64())
    # Each pool sorted first: what the seat knows (which cards are unseen), never where they lie,
    # decides the deal, so two positions it cannot tell apart deal alike.
    copy.decks = tuple(rng.shuffled(sorted(cards)) for cards in copy.decks)
    others = [s for s in range(copy.num_players) if s != seat]
    # Life goals: the others' private goals and the goal deck.
    goals = sorted([*copy.goal_deck, *(copy.goals[s] for s in others)])
    rng.shuffle(goals)
    dealt_goals = list(copy.goals)
    for other in others:
        dealt_goals[other] = goals.pop()
    copy.goals = tuple(dealt_goals)
    copy.goal_deck = tuple(goals)
    if copy.step == DRAFT:
        _redeal_draft(copy, others, rng)
    else:
        # Others' childhood events, among those set aside (events from the track were seen).
        events = [c for c in copy.set_aside if copy.deck.card(c).is_event]
        pool = sorted(events + [c for other in others for c in copy.hands[other] if not seen_by_others(copy, c)])
        rng.shuffle(pool)
        for other in others:
            copy.hands[other] = tuple(c if seen_by_others(copy, c) else pool.pop() for c in copy.hands[other])
        copy.set_aside = (*(c for c in copy.set_aside if c not in events), *pool)
    return copy


def _redeal_draft(copy: CvState, others: list[int], rng: Rng) -> None:
    """The others' childhood cards and those set aside, re-dealt; the Bicycle stays in play."""
    pool = sorted([*copy.set_aside, *(c for o in others for c in copy.draft[o] + copy.kept[o])])
    rng.shuffle(pool)
    bicycle = copy.deck.bicycle()
    dealt = sum(len(copy.draft[o]) + len(copy.kept[o]) for o in others)
    if bicycle in pool[dealt:] and dealt:  # it was dealt to someone: keep it among the dealt cards
        where = pool.index(bicycle)
        swap = rng.below(dealt)
        pool[where], pool[swap] = pool[swap], pool[where]
    dealt_cards, copy.set_aside = pool[:dealt], tuple(pool[dealt:])
    draft, kept = list(copy.draft), list(copy.kept)
    for other in others:
        draft[other] = tuple(dealt_cards.pop() for _ in draft[other])
        kept[other] = tuple(dealt_cards.pop() for _ in kept[other])
    copy.draft, copy.kept = tuple(draft), tuple(kept)


OBSERVER: Observer[CvState] = Observer(view=view, determinize=determinize, resample_chance=resample_chance,
                                   reveals=reveals, informs=informs)
