"""Our Life's rules table (:class:`vita.core.state.Rules`): which rule carries out each type of
action, what follows every action (the round moving on once every seat has acted), and where
legality, the points and what each seat sees are decided."""

from __future__ import annotations

from vita.core.state import Handler, Rules
from vita.games.our_life import describe, flow, legal, observer, position
from vita.games.our_life.actions import (
    BackgroundRow,
    Child,
    Choose,
    Done,
    KeepGoal,
    KeepShared,
    Like,
    LikeStory,
    Mark,
    Pass,
    Pick,
    Post,
    Skip,
    TakeOpportunity,
    Vacation,
    parse,
)
from vita.games.our_life.cards import LIKE, MONEY, TIME
from vita.games.our_life.rules import choose, family, persona, scoring, setup, use
from vita.games.our_life.state import OurLifeState


def like(state: OurLifeState, seat: int, action: Like) -> None:
    use.spend(state, seat, LIKE, action.pay)
    state.say(f"{state.name(seat)} uses a Like action")
    persona.like(state, seat)


def child(state: OurLifeState, seat: int, action: Child) -> None:
    use.spend(state, seat, TIME, action.pay)
    family.spend_on_child(state, seat)


def vacation(state: OurLifeState, seat: int, action: Vacation) -> None:
    use.spend(state, seat, MONEY, action.pay)
    if action.host < 0:
        family.start_vacation(state, seat)
    else:
        family.join_vacation(state, seat, action.host)


def done(state: OurLifeState, seat: int, action: Done) -> None:
    state.done[seat] = True
    state.say(f"{state.name(seat)} is done")


def score_breakdown(state: OurLifeState) -> list[dict[str, float]]:
    """Each seat's family's points by category (a couple shares its family's)."""
    per_family = [scoring.breakdown(state, f) for f in range(len(state.families))]
    return [per_family[state.family_of[s]] for s in range(state.num_players)]


HANDLERS: dict[type, Handler] = {
    KeepGoal: setup.keep_goal,  # "Setup"
    KeepShared: setup.keep_shared,
    BackgroundRow: setup.background_row,
    Choose: choose.choose,  # "Choose Action cards"
    Mark: use.mark,  # "Use Action cards"
    Like: like,
    Child: child,
    Vacation: vacation,
    TakeOpportunity: use.take_opportunity,  # "Opportunities"
    Skip: use.skip_opportunity,
    Post: persona.choose_story,  # "Post a Story"
    LikeStory: persona.answer,
    Pass: persona.answer,
    Pick: family.pick_bonus,  # "Vacation"
    Done: done,
}

RULES: Rules[OurLifeState] = Rules(
    legal_actions=legal.legal_actions,
    why_illegal=legal.why_illegal,
    handlers=HANDLERS,
    settle=flow.advance,
    parse=parse,
    label=describe.label,
    scores=scoring.scores,
    score_breakdown=score_breakdown,
    facts=scoring.facts,
    rounds=scoring.rounds,
    observer=observer.OBSERVER,
    to_json=position.to_json,
    check_invariants=position.check_invariants,
)
