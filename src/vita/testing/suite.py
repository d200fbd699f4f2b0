"""The suite every game passes, importable: a game package (in this repository or installed
from another) passes it with one call, under any test runner.

>>> from vita.registry import get_game
>>> check_game(get_game("pursuit-cards"), {"players": 2}, seeds=(1,))  # doctest: +SKIP

Each check raises :class:`SuiteFailure` (an ``AssertionError``, so test runners show it as a
failed check) with what went wrong and where; none uses ``assert``, so the suite checks the
same under ``python -O``.

- :func:`check_random_play`: random legal play to the end; after every action the game's
  invariants hold, the position round-trips through JSON, only the seats asked to act have
  actions, every listed action is legal, unique and round-trips through its notation, and the
  finished game has scores and a ranking.
- :func:`check_determinism`: one seed, one game.
- :func:`check_record_replay`: a record (through JSON) replays to the identical position.
- :func:`check_clones`: a clone and a loaded copy are the same position, and playing on
  either leaves the original as it was.
- :func:`check_refusals`: actions legal earlier, tried later, are applied or refused with a
  reason, and a refusal changes nothing.
- :func:`check_notation_fuzz`: hostile text is one :class:`~vita.core.errors.IllegalAction`.
- :func:`check_prompts`: at every position of a random game, every legal action of the seats
  asked has a prompt with its notation; the prompt's kind is in the game's table with its label
  and part types; kind and parts identify the action among the seat's choices; every part of a
  view type names a thing in that seat's view.
- :func:`check_informs`: where the game says exactly which actions tell their own seat
  (:meth:`State.informs`) or any seat (:meth:`State.reveals`) something hidden, what undo is
  offered by, it never says "nothing" where re-sampling finds something, ``informs`` depends
  only on what the seat sees and whether ``reveals`` says "nothing" only on what each seat sees.
- :func:`check_views`: re-dealing what a seat cannot see leaves its view as it was (no
  leak), and, in a game with hidden information, re-deals something besides the generator
  (a determinization that changes nothing would hide any leak).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from vita.core.errors import IllegalAction
from vita.core.game import Game
from vita.core.prompt import VIEW_TYPES, table_problems
from vita.core.record import GameRecord, replay
from vita.core.rng import Rng
from vita.core.state import JSON, Action, State

MAX_STEPS = 20_000


class SuiteFailure(AssertionError):
    """A game fails a check of the suite."""


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise SuiteFailure(message)


def check_game(game: Game[Any, Any], options: JSON, seeds: Sequence[int] = (1, 2), fuzz_tries: int = 300) -> None:
    """Every check of the suite on ``game`` with ``options``."""
    for seed in seeds:
        check_random_play(game, options, seed)
    check_determinism(game, options)
    check_record_replay(game, options)
    check_clones(game, options)
    check_refusals(game, options)
    check_notation_fuzz(game, options, tries=fuzz_tries)
    check_prompts(game, options, seed=seeds[0])
    check_informs(game, options, seed=seeds[0])
    check_views(game, snapshots(game, options, seed=14), Rng(13))


def new(game: Game[Any, Any], options: JSON, seed: int, log: bool = True) -> State:
    state: State = game.new_state(game.make_options(options), seed, log=log)
    return state


def random_game(state: State, seed: int, record: GameRecord | None = None, every: int = 37) -> list[State]:
    """Play ``state`` randomly to the end; a copy of every ``every``-th position on the way."""
    rng = Rng(seed)
    taken: list[State] = []
    steps = 0
    while not state.is_over():
        _require(steps < MAX_STEPS, f"the game did not end in {MAX_STEPS} actions")
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(action, seat)
        if record is not None:
            record.record(state, seat, str(action))
        if steps % every == 0:
            taken.append(state.clone())
        steps += 1
    return taken


def snapshots(game: Game[Any, Any], options: JSON, seed: int) -> list[State]:
    """Positions from one random game (the start included), for the checks that look at positions."""
    state = new(game, options, seed)
    return [state.clone(), *random_game(state, seed + 1)]


def check_random_play(game: Game[Any, Any], options: JSON, seed: int) -> None:
    state = new(game, options, seed)
    rng = Rng(seed + 100)
    steps = 0
    where = f"{game.info.id} {options} seed {seed}"
    while not state.is_over():
        _require(steps < MAX_STEPS, f"{where}: the game did not end in {MAX_STEPS} actions")
        state.check_invariants()
        position = state.to_json()
        loaded = game.state_from_json(json.loads(json.dumps(position)), log=False)
        _require(loaded.to_json() == position, f"{where}, action {steps}: the position does not round-trip")
        movers = state.to_move()
        for seat in range(state.num_players):
            if seat not in movers:
                _require(state.legal_actions(seat) == [], f"{where}: seat {seat} is not asked but has actions")
        seat = movers[0]
        legal = state.legal_actions(seat)
        _require(bool(legal), f"{where}: seat {seat} must act but has no legal action")
        _require(len(set(legal)) == len(legal), f"{where}: duplicate legal actions")
        for action in legal:
            _require(state.parse(str(action), seat) == action, f"{where}: notation {action} does not round-trip")
            _require(state.why_illegal(seat, action) is None, f"{where}: {action} is listed but refused")
        state.apply(rng.choice(legal), seat)
        steps += 1
    state.check_invariants()
    _require(state.to_move() == (), f"{where}: a finished game still asks someone to act")
    _require(len(state.scores()) == state.num_players, f"{where}: not one score per seat")
    ranking = state.ranking()
    _require(min(ranking) == 1 and all(1 <= r <= state.num_players for r in ranking), f"{where}: ranking {ranking}")


def check_determinism(game: Game[Any, Any], options: JSON) -> None:
    first, second = new(game, options, 5), new(game, options, 5)
    random_game(first, 9)
    random_game(second, 9)
    _require(first.to_json() == second.to_json(), "one seed and one action list gave two positions")
    _require(first.events_for(None) == second.events_for(None), "one seed and one action list gave two logs")


def check_record_replay(game: Game[Any, Any], options: JSON) -> None:
    state = new(game, options, 3)
    record = GameRecord(game=game.info.id, options=options, seed=3, rules=game.info.rules_version)
    random_game(state, 4, record)
    loaded = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    _require(replay(game, loaded).to_json() == state.to_json(), "the record does not replay to the same position")
    _require(record.result is not None and record.result["scores"] == list(state.scores()),
             "the record's result is not the game's")


def check_clones(game: Game[Any, Any], options: JSON) -> None:
    for snapshot in random_game(new(game, options, 6), 7):
        before = snapshot.to_json()
        loaded = game.state_from_json(json.loads(json.dumps(before)))
        _require(loaded.to_json() == before, "a loaded copy differs")
        if snapshot.is_over():
            continue
        seat = snapshot.to_move()[0]
        _require(loaded.legal_actions(seat) == snapshot.legal_actions(seat), "a loaded copy has other actions")
        copy = snapshot.clone()
        _require(copy.to_json() == before, "a clone differs")
        random_game(copy, 8)
        _require(snapshot.to_json() == before, "playing on a clone changed the original")


def check_refusals(game: Game[Any, Any], options: JSON, limit: int = 300) -> None:
    state = new(game, options, 11)
    rng = Rng(12)
    seen: list[Any] = []
    refused = 0
    while not state.is_over() and refused < limit:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        seen.extend(legal[:3])
        stale = rng.choice(seen)
        if stale not in legal:
            before = state.to_json()
            try:
                state.apply(stale, seat)
            except IllegalAction as refusal:
                _require(bool(str(refusal)), f"the refusal of {stale} does not say why")
            else:
                raise SuiteFailure(f"{stale}, not legal now, was applied")
            _require(state.to_json() == before, f"the refusal of {stale} changed the position")
            refused += 1
        state.apply(rng.choice(legal), seat)
    try:
        state.parse("this is not an action", state.to_move()[0] if state.to_move() else None)
    except IllegalAction:
        return
    raise SuiteFailure("'this is not an action' parsed")


def check_notation_fuzz(game: Game[Any, Any], options: JSON, tries: int = 300, seed: int = 1) -> None:
    from vita.testing.fuzzing import fuzz_game

    players = options.get("players")
    report = fuzz_game(game, tries, seed=seed, players=players if isinstance(players, int) else None)
    _require(not report.failures, f"hostile notation: {report.failures[:3]}")


def check_informs(game: Game[Any, Any], options: JSON, seed: int = 1, worlds: int = 2) -> None:
    """At every action of a random game (any seat asked), where the game answers exactly what
    undo is offered by: its ``informs`` (the action told its own seat something hidden) and
    its ``reveals`` (it showed some seat something hidden) never say "nothing" where
    re-sampling finds something (:mod:`vita.core.undo`): a miss would let a person take back
    a look at a hidden card. And ``informs`` is the same in ``worlds`` re-deals of what the
    seat cannot see where the action is legal too, and whether ``reveals`` says "nothing" in a
    re-deal of what each other seat cannot see: were the offer of an undo to depend on a
    hidden card, the offer would show it. A game without exact answers passes (undo samples)."""
    from vita.core.undo import sampled_informs, sampled_reveals

    rng = Rng(seed + 200)
    for steps, (before, seat, action, state) in enumerate(random_moves(new(game, options, seed, log=False), rng)):
        where = f"move {steps + 1}: {action} (seat {seat})"
        informs = before.informs(seat, action)
        if informs is False:
            _require(not sampled_informs(before, seat, action, state),
                     f"{where} told its seat something hidden, yet the game's informs says it told nothing")
        shows = before.reveals(seat, action) is not False
        if not shows:
            _require(not sampled_reveals(before, seat, action, state),
                     f"{where} showed a seat something hidden, yet the game's reveals says it showed nothing")
        for other in range(state.num_players):  # a bot's move is offered back to each person by reveals
            world = before.determinize(other, rng)
            world.log = None
            if other != seat and world.why_illegal(seat, action) is None:
                _require((world.reveals(seat, action) is not False) == shows,
                         f"{where}: the game's reveals depends on what seat {other} cannot see")
        if informs is not None:
            for _ in range(worlds):
                world = before.determinize(seat, rng)
                world.log = None
                if world.why_illegal(seat, action) is None:
                    _require(world.informs(seat, action) == informs,
                             f"{where}: the game's informs depends on what the seat cannot see")


def random_moves(state: State, rng: Rng) -> Iterator[tuple[State, int, Action, State]]:
    """Play ``state`` out at random (any seat asked to act, any of its legal actions, drawn
    from ``rng``), yielding each move as (a copy of the position before it, the seat, the
    action, the position after it); the last is the game going on: read it before the next."""
    steps = 0
    while not state.is_over() and steps < MAX_STEPS:
        seat = rng.choice(list(state.to_move()))
        action = rng.choice(state.legal_actions(seat))
        before = state.clone()
        state.apply(action, seat)
        yield before, seat, action, state
        steps += 1


def check_prompts(game: Game[Any, Any], options: JSON, seed: int = 1) -> None:
    kinds = game.prompt_kinds()
    if kinds is not None:
        _require(not table_problems(kinds), f"{game.info.id}'s table of prompts: {table_problems(kinds)}")
    state = new(game, options, seed)
    rng = Rng(seed + 200)
    while not state.is_over():
        for seat in state.to_move():
            check_prompts_at(game, state, seat)
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)


def check_prompts_at(game: Game[Any, Any], state: State, seat: int) -> None:
    """The checks of :func:`check_prompts` at one position, for one seat."""
    where = f"{game.info.id} move {state.ply}, seat {seat}"
    kinds = game.prompt_kinds()
    legal = state.legal_actions(seat)
    prompts = game.prompts(state, seat)
    _require([p.notation for p in prompts] == [str(a) for a in legal], f"{where}: not one prompt per legal action")
    targets = game.targets(state.view(seat))
    keys: dict[Any, str] = {}
    for prompt in prompts:
        what = f"{where}, {prompt.notation!r}"
        json.dumps(prompt.to_json())
        _require(bool(prompt.label.strip()) and bool(prompt.kind_label.strip()), f"{what}: an empty label")
        _require(all(part.label.strip() for part in prompt.parts), f"{what}: a part without a label")
        if kinds is not None:
            _require(prompt.kind in kinds, f"{what}: kind {prompt.kind!r} is not in the game's table")
            kind = kinds[prompt.kind]
            _require(prompt.kind_label == kind.label, f"{what}: kind label {prompt.kind_label!r}, not {kind.label!r}")
            types = [part.type for part in prompt.parts]
            _require(kind.matches(types), f"{what}: parts {types} do not fit {prompt.kind}'s {list(kind.parts)}")
        for part in prompt.parts:
            if part.type in VIEW_TYPES:
                ids = part.id if isinstance(part.id, tuple) else (part.id,)
                missing = [i for i in ids if i not in targets.get(part.type, set())]
                _require(not missing, f"{what}: {part.type} {missing} is not in seat {seat}'s view")
        key = prompt.key()
        _require(key not in keys, f"{what}: the same kind and parts as {keys.get(key)!r}")
        keys[key] = prompt.notation


def check_views(game: Game[Any, Any], positions: Iterable[State], rng: Rng) -> None:
    """For every position and seat (and the spectator): the seat's view is plain JSON, and
    re-dealing what the seat cannot see (:meth:`State.determinize`) leaves it exactly as it
    was, the seat's legal actions the same and the position consistent. In a game with
    hidden information, the re-dealing must change the position (its generator aside) in at
    least one of the positions: a determinization that changes nothing would let any leak
    through."""
    redealt = False
    for position in positions:
        seats: list[int | None] = [None, *range(position.num_players)]
        for seat in seats:
            view = position.view(seat)
            json.dumps(view)
            other = position.determinize(seat, rng)
            _require(other.view(seat) == view,
                     f"seat {seat}'s view depends on what it cannot see (move {position.ply})")
            # What a seat may do is known to it: a search's options (hints, analysis) are legal
            # in the real position, whatever world they were searched in.
            _require(seat is None or seat not in position.to_move()
                     or other.legal_actions(seat) == position.legal_actions(seat),
                     f"seat {seat}'s legal actions depend on what it cannot see (move {position.ply})")
            other.check_invariants()
            if not redealt:
                redealt = _without_generator(other.to_json()) != _without_generator(position.to_json())
    if game.info.hidden_information:
        _require(redealt, "re-dealing what a seat cannot see changed nothing but the generator, in every "
                          "position: the determinization re-samples nothing, so the check above proves nothing")


def _without_generator(position: JSON) -> JSON:
    return {key: value for key, value in position.items() if key != "rng"}


__all__ = [
    "SuiteFailure", "check_clones", "check_determinism", "check_game", "check_notation_fuzz", "check_prompts",
    "check_prompts_at",
    "check_random_play", "check_record_replay", "check_refusals", "check_views", "random_game", "snapshots",
]
