"""Which actions may be taken back, and how far: one meaning of undo for every front end.

A person may take back their last action while they learned nothing hidden from it or from
anything after it; the bots' actions after it are taken back with it (the bots then play
again); once another person has acted, not at all. What the person showed of their own (cards
laid from the hand) stays seen by the others, as at a real table. :func:`learns` decides, when
an action is taken, whether it blocks a take-back (stored beside it as ``undoable``), and
:func:`take_back` how many actions a game keeps when a seat takes back; every front end then
replays the game's record to that point (:mod:`vita.core.record`), so the web, the terminal
and hot seat undo the same way.

Players of online board games expect to undo a slip within their own turn, but undo must
never let anyone redraw a card. An action is *undoable* when carrying it out told no seat
anything it could not see before: a game may say so exactly (:meth:`State.reveals`);
otherwise it is tested generically by re-sampling, for each seat, everything that seat
cannot see (:meth:`State.determinize`) and checking that the action is still legal and
leaves that seat's view exactly as it really is.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final

from vita.core.rng import Rng, derive_seed
from vita.core.state import Action, State

SAMPLES: Final = 6
WORLDS: Final = 2  # worlds the mover cannot tell from the real one, in which the action is tried too


def reveals(before: State, seat: int, action: Action, after: State, samples: int = SAMPLES) -> bool:
    """Whether ``action`` (by ``seat``, turning ``before`` into ``after``) revealed anything."""
    exact = before.reveals(seat, action)
    if exact is not None:
        return exact
    return sampled_reveals(before, seat, action, after, samples)


def sampled_reveals(before: State, seat: int, action: Action, after: State, samples: int = SAMPLES) -> bool:
    """The generic answer, by re-sampling what each seat cannot see (a game's exact
    :meth:`State.reveals` must agree with it).

    The answer is a function of what the mover sees, never of what it does not: the action
    is tried in the real world and in worlds re-dealt from the mover's view, and every
    sampling is seeded from that view (never from the game's generator). In each of them,
    the action reveals something if some seat could tell a re-dealing of what it cannot see
    from that world by the action (its legality or the view it leaves). Were the offer of an
    undo to depend on the hidden cards, the offer itself would reveal them.
    """
    return _learned(before, seat, action, after, [seat, *(s for s in range(before.num_players) if s != seat)],
                    samples)


def informs(before: State, seat: int, action: Action, after: State, samples: int = SAMPLES) -> bool:
    """Whether ``action`` told its own seat anything it could not see before: a card drawn,
    chance, another seat's secret shown. An action that only showed the seat's own cards
    tells it nothing: at a table where nobody has acted since, a person may take it back
    (the terminal's ``undo``; laying a meld card by card, then thinking better of it).
    Like :func:`sampled_reveals`, a function of the seat's view. Where the game answers
    exactly (:meth:`State.informs`), nothing is sampled."""
    exact = before.informs(seat, action)
    if exact is not None:
        return exact
    return sampled_informs(before, seat, action, after, samples)


def sampled_informs(before: State, seat: int, action: Action, after: State, samples: int = SAMPLES) -> bool:
    """The generic answer of :func:`informs`, by re-sampling (a game's exact
    :meth:`State.informs` must never say "nothing" where this finds something)."""
    return _learned(before, seat, action, after, [seat], samples)


def _learned(before: State, seat: int, action: Action, after: State, observers: list[int], samples: int) -> bool:
    """Whether one of ``observers`` learns something from the action, in the real world or in
    one re-dealt from the mover's view (:func:`_worlds`); every sampling seeded from that view."""
    seed = view_seed(before, seat)
    for index, (world, world_after) in enumerate(_worlds(before, seat, action, after, Rng(seed))):
        tries = samples if index == 0 else max(1, samples // 2)  # the real world first, most closely
        for observer in observers:
            # A generator for each world and observer: how many numbers one check drew (which
            # may depend on the world) never changes what the next one samples.
            if _told(world, seat, action, world_after, observer, Rng(derive_seed(seed, "told", index, observer)),
                     tries):
                return True
    return False


def view_seed(state: State, seat: int) -> int:
    """A 64-bit seed drawn from ``seat``'s view of ``state`` alone."""
    text = json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"), default=str)
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def _worlds(before: State, seat: int, action: Action, after: State, rng: Rng) -> list[tuple[State, State]]:
    """The real world and :data:`WORLDS` worlds the mover cannot tell from it (each before and
    after the action); a world in which the action is illegal is left out: the mover, who
    knows it is legal, knows that world is not the real one."""
    worlds = [(before, after)]
    for _ in range(WORLDS):
        world = before.determinize(seat, rng)
        world.log = None
        if world.why_illegal(seat, action) is not None:
            continue
        world_after = world.clone()
        world_after.apply_trusted(seat, action)
        worlds.append((world, world_after))
    return worlds


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


def learns(before: State, seat: int, action: Action, after: State, people: Collection[int],
           samples: int = SAMPLES) -> bool:
    """Whether ``seat``'s action blocks a take-back: a person's own action, when it told that
    person something hidden (:func:`informs`; what it showed the others does not count); a
    bot's action, when it told any person something hidden (the bot would play again after a
    take-back, and what it showed could not be unseen). Each person's answer is drawn from
    that person's view alone (:func:`view_seed`).

    Where the game says exactly that the action shows nobody anything (:meth:`State.reveals`
    is ``False``), nothing is sampled: the server's time per action stays low."""
    if not people or before.reveals(seat, action) is False:
        return False
    if seat in people:
        return informs(before, seat, action, after, samples)
    for person in people:
        rng = Rng(derive_seed(view_seed(before, person), "learns", seat))
        if _seen(before, seat, action, after, person, rng, samples):
            return True
    return False


def _seen(before: State, seat: int, action: Action, after: State, person: int, rng: Rng, samples: int) -> bool:
    """Whether ``person`` saw something hidden in a bot's action: in a world it cannot tell from
    the real one, the action leaves it another view. Unlike :func:`_told`, a world where the
    action is illegal proves nothing: the person may not know which action the bot took (a
    secret choice), and the answer must not depend on it beyond what the person sees."""
    expected = after.view(person)
    for _ in range(samples):
        world = before.determinize(person, rng)
        world.log = None
        if world.why_illegal(seat, action) is not None:
            continue
        world.apply_trusted(seat, action)
        if world.view(person) != expected:
            return True
    return False


@dataclass(frozen=True, slots=True)
class Taken:
    """One action of a game's history, as the undo sees it: who took it, whether that seat was
    a person's, and whether it may be taken back (not :func:`learns`)."""

    seat: int
    person: bool
    undoable: bool


def take_back(history: Sequence[Taken], seat: int) -> int | None:
    """How many actions the game keeps when ``seat`` takes back its last action: the bots'
    actions after it go with it. ``None`` when there is nothing to take back: the last
    person to act was someone else, or an action on the way told something hidden.

    >>> take_back([Taken(0, True, True), Taken(1, False, True)], 0)
    0
    >>> take_back([Taken(0, True, True), Taken(1, False, False)], 0) is None
    True
    >>> take_back([Taken(0, True, True), Taken(1, True, True)], 0) is None
    True
    """
    index = len(history)
    while index and not history[index - 1].person:
        if not history[index - 1].undoable:
            return None
        index -= 1
    if not index:
        return None
    last = history[index - 1]
    return index - 1 if last.seat == seat and last.undoable else None
