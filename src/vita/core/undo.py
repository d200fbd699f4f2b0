"""Which actions may be taken back: never one that revealed something hidden or drew on chance.

Players of online board games expect to undo a slip within their own turn, but undo must
never let anyone redraw a card. An action is *undoable* when carrying it out told no seat
anything it could not see before: a game may say so exactly (:meth:`State.reveals`);
otherwise it is tested generically by re-sampling, for each seat, everything that seat
cannot see (:meth:`State.determinize`) and checking that the action is still legal and
leaves that seat's view exactly as it really is.
"""

from __future__ import annotations

from vita.core.rng import Rng
from vita.core.state import Action, State

SAMPLES = 6


def reveals(before: State, seat: int, action: Action, after: State, samples: int = SAMPLES) -> bool:
    """Whether ``action`` (by ``seat``, turning ``before`` into ``after``) revealed anything."""
    exact = before.reveals(seat, action)
    if exact is not None:
        return exact
    return sampled_reveals(before, seat, action, after, samples)


def sampled_reveals(before: State, seat: int, action: Action, after: State, samples: int = SAMPLES) -> bool:
    """The generic answer, by re-sampling what each seat cannot see (a game's exact
    :meth:`State.reveals` must agree with it)."""
    rng = Rng(before.rng.state ^ 0x5DEECE66D)
    observers = [seat, *(s for s in range(before.num_players) if s != seat)]
    return any(_told(before, seat, action, after, observer, rng, samples) for observer in observers)


def informs(before: State, seat: int, action: Action, after: State, samples: int = SAMPLES) -> bool:
    """Whether ``action`` told its own seat anything it could not see before: a card drawn,
    chance, another seat's secret shown. An action that only showed the seat's own cards
    tells it nothing: at a table where nobody has acted since, a person may take it back
    (the terminal's ``undo``; laying a meld card by card, then thinking better of it)."""
    return _told(before, seat, action, after, seat, Rng(before.rng.state ^ 0x5DEECE66D), samples)


def _told(before: State, seat: int, action: Action, after: State, observer: int, rng: Rng, samples: int) -> bool:
    """Whether ``observer`` learns something from ``seat``'s action: in some world it cannot
    tell from the real one, the action is illegal or leaves it a different view."""
    expected = after.view(observer)
    for _ in range(samples):
        world = before.determinize(observer, rng)
        world.log = None
        if world.why_illegal(seat, action) is not None:
            return True  # it showed that the seat held what the observer could not see
        world.apply_trusted(seat, action)
        if world.view(observer) != expected:
            return True
    return False
