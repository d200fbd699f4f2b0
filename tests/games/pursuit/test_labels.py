"""The words of the choices offered in The Pursuit of Happiness."""

from __future__ import annotations

import random

from vita.games.pursuit import GAME
from vita.games.pursuit.cards import slug


def test_a_double_sided_card_is_named_by_the_side_it_shows() -> None:
    """Job cards are double-sided ("Get Job"): a player who takes HR Executive as a Journalist
    is offered to discard or keep up the Journalist, never the HR Executive."""
    state, rng = GAME.new(seed=0, players=2), random.Random(0)
    taken = None
    for _ in range(400):  # random play until a job is offered, then take it by its other side
        seat = state.to_move()[0]
        actions = state.legal_actions(seat)
        job = next((a for a in actions if str(a).startswith("get-job")), None)
        if job is not None:
            names = state.deck.cards[state.deck.by_id[job.card]].names
            if len(names) > 1:
                state.apply(state.parse(f"get-job {slug(names[1])}", seat), seat)
                taken = (seat, names)
                break
        state.apply(rng.choice(actions), seat)
    assert taken is not None, "a double-sided job was offered"
    seat, (front, back) = taken
    labels = []
    for _ in range(600):
        if state.is_over():
            break
        mover = state.to_move()[0]
        actions = state.legal_actions(mover)
        if mover == seat:
            labels += [state.label(a) for a in actions if str(a).split()[0] in ("upkeep", "discard")
                       and slug(back) in str(a)]
        state.apply(rng.choice(actions), mover)
    assert labels and all(back in text and front not in text for text in labels), labels
