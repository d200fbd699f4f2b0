"""CV's rules table (:class:`vita.core.state.Rules`): which rule carries out each type of
action, and where legality, the points and what each seat sees are decided."""

from __future__ import annotations

from vita.core.state import Handler, Rules
from vita.games.cv import describe, legal, observer, position
from vita.games.cv.actions import (
    Assist,
    Buy,
    Done,
    Friend,
    Keep,
    Lose,
    Magician,
    Place,
    Play,
    Reroll,
    Stop,
    Trip,
    parse,
)
from vita.games.cv.rules import add_to_cv, bad_luck, dice, game_end, select, setup, social_assistance
from vita.games.cv.state import CvState
from vita.games.cv.steps import ROLL, SELECT


def play(state: CvState, seat: int, action: Play) -> None:
    """An event: Zoo trip while rolling, a symbol event while selecting, Life Insurance against
    a misfortune (legality has already said which)."""
    step = state.step
    if step == ROLL:
        dice.play_roll_event(state, seat, action.card)
    elif step == SELECT:
        select.play_event(state, seat, action.card)
    else:
        bad_luck.insure(state, seat, action.card)


def assist(state: CvState, seat: int, action: Assist) -> None:
    """Social assistance: the card taken (if any) joins the CV, then the cleanup goes on."""
    social_assistance.assist(state, seat, action)
    add_to_cv.place_next(state)


HANDLERS: dict[type, Handler] = {
    Keep: setup.keep,  # "Play your childhood!"
    Reroll: dice.reroll,  # "Roll the dice"
    Stop: dice.stop,
    Play: play,
    Buy: select.buy,  # "Select cards"
    Magician: select.magician,
    Trip: select.trip,
    Friend: select.friend,
    Done: select.done,
    Lose: bad_luck.lose,  # "Bad luck"
    Place: add_to_cv.choose_place,  # "Add to CV"
    Assist: assist,  # "Social assistance"
}

RULES: Rules[CvState] = Rules(
    legal_actions=legal.legal_actions,
    why_illegal=legal.why_illegal,
    handlers=HANDLERS,
    parse=parse,
    label=describe.label,
    scores=game_end.scores,
    ranking=game_end.ranking,
    score_breakdown=game_end.breakdown,
    facts=game_end.facts,
    first_player=setup.first_player,
    rounds=game_end.rounds,
    observer=observer.OBSERVER,
    to_json=position.to_json,
    check_invariants=position.check_invariants,
)
