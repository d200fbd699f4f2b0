"""Bulk simulation: many bot games, summarised per seat (and per anything else asked for).

Each game's seed is derived from the run's seed and the game's number, so a run is
reproducible and its games can be split across processes: the local cores
(:class:`~concurrent.futures.ProcessPoolExecutor`) or a Ray cluster (``ray=``: ``"local"``
starts a Ray instance on this machine, ``"auto"`` joins the cluster ``ray start`` runs here,
or a cluster's address). Results come back in the games' order either way, so a run's rows
are the same whichever ran it.

On Ray the games may run on other machines, which cannot read this one's disk: a deck of one's
own (``options["cards"]``) travels with the tasks (:class:`ShippedDeck`, written once on each
machine), and the game records come back with the results to be written here.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from vita.core.bots import Bot, BotFactory
from vita.core.match import play_out
from vita.core.record import GameRecord
from vita.core.rng import derive_seed
from vita.core.state import JSON, State
from vita.registry import get_game, make_bot

MAX_STEPS = 100_000
"""A bot game longer than this is a bug (of the bots or of the rules): it is reported."""

Probe = Callable[[State], JSON]
"""Extracts extra facts from a finished game (e.g. which child trait each seat kept)."""


def play_one(
    game_id: str, options: JSON, bots: list[str], seed: int, keep_record: bool = False,
    extra_bots: Mapping[str, BotFactory] | None = None,
) -> tuple[State, GameRecord | None]:
    """One bot game, reproducible from its seed (``extra_bots``: bots not in the registry)."""
    state, record, _ = _play(game_id, options, bots, seed, keep_record, extra_bots)
    return state, record


def _play(
    game_id: str, options: JSON, bots: list[str], seed: int, keep_record: bool,
    extra_bots: Mapping[str, BotFactory] | None,
) -> tuple[State, GameRecord | None, int | None]:
    """:func:`play_one`, and the game's first player (:meth:`State.first_player`: read before
    the first action, or at the end where only play makes it known)."""
    game = get_game(game_id)
    state = game.new_state(game.make_options(options), seed, log=keep_record)
    agents = [_bot(game_id, name, derive_seed(seed, "bot", seat), extra_bots)
              for seat, name in enumerate(bots)]
    record = GameRecord(game=game_id, options=options, seed=seed, players=[f"bot:{name}" for name in bots],
                        rules=game.info.rules_version) if keep_record else None
    first = state.first_player()
    play_out(state, agents, record=record, max_steps=MAX_STEPS)
    if not state.is_over():
        raise RuntimeError(f"{game_id} game with seed {seed} did not end in {MAX_STEPS} actions")
    return state, record, first if first is not None else state.first_player()


def _bot(game_id: str, name: str, seed: int, extra_bots: Mapping[str, BotFactory] | None) -> Bot:
    if extra_bots and name in extra_bots:
        return extra_bots[name](seed)
    return make_bot(game_id, name, seed)


def _result(state: State, first: int | None = None) -> JSON:
    return {"scores": list(state.scores()), "ranking": list(state.ranking()), "length": state.ply,
            "breakdown": state.score_breakdown(), "facts": state.facts(), "first_player": first,
            "rounds": state.rounds_played()}


MAX_SHIPPED_BYTES = 16 * 1024 * 1024
"""The most a shipped deck's files may hold together (the decks that ship hold tens of kB)."""


@dataclass(frozen=True)
class ShippedDeck:
    """A deck directory's files, carried with the tasks to machines that cannot read this one's
    disk (a Ray cluster): each machine writes them once, under its temporary directory in a
    folder of the user's own named by their digest, and every game there loads the deck from it."""

    digest: str
    files: tuple[tuple[str, bytes], ...]  # (path inside the directory, with "/", content)

    @classmethod
    def of(cls, directory: str | Path) -> ShippedDeck:
        """The files of the deck at ``directory`` (check that it loads first: a folder that is
        not a deck is refused by its game, not read whole); :class:`ValueError` past
        :data:`MAX_SHIPPED_BYTES`."""
        root = Path(directory)
        paths = sorted(path for path in root.rglob("*") if path.is_file())
        size = sum(path.stat().st_size for path in paths)
        if size > MAX_SHIPPED_BYTES:
            raise ValueError(f"{root}: {size // 2**20} MiB of files, more than a deck sent to other machines "
                             f"may hold ({MAX_SHIPPED_BYTES // 2**20} MiB)")
        files = tuple((path.relative_to(root).as_posix(), path.read_bytes()) for path in paths)
        digest = hashlib.sha256()
        for name, content in files:
            digest.update(name.encode() + b"\0" + hashlib.sha256(content).digest())
        return cls(digest.hexdigest()[:32], files)

    def here(self) -> Path:
        """Where this machine keeps its copy: in a folder of the user's own (its name carries the
        user's id), so that nobody else on a shared machine can put a deck there first."""
        return Path(tempfile.gettempdir()) / f"vita-decks-{os.getuid()}" / self.digest

    def place(self) -> str:
        """The deck's directory on this machine, written if it is not there yet (whole or not at
        all: written aside, then renamed; a worker that loses the race drops its copy)."""
        target = self.here()
        home = target.parent
        home.mkdir(mode=0o700, exist_ok=True)
        held = home.stat()
        if held.st_uid != os.getuid() or held.st_mode & 0o077:
            raise ValueError(f"{home} must belong to this user alone (mode 700) to hold shipped decks")
        if target.is_dir():
            return str(target)
        parts = [PurePosixPath(name) for name, _ in self.files]
        for part in parts:
            if part.is_absolute() or ".." in part.parts:
                raise ValueError(f"a deck file must stay inside the deck: {str(part)!r}")
        aside = Path(tempfile.mkdtemp(prefix=f".{self.digest}-", dir=home))
        for part, (_, content) in zip(parts, self.files, strict=True):
            path = aside.joinpath(*part.parts)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
        try:
            os.rename(aside, target)
        except OSError:  # placed meanwhile by another worker of this machine
            shutil.rmtree(aside, ignore_errors=True)
        return str(target)


@dataclass(frozen=True)
class GameTask:
    """One game of a run, as a worker receives it. ``deck``: the deck of ``options["cards"]``,
    shipped (Ray); the game is played from its copy, and its record still names ``options``.
    ``records_dir``: where the worker writes the game's record; ``return_record``: the record
    comes back in the result instead (``"record"``), for the run to write (Ray)."""

    game_id: str
    options: JSON
    bots: list[str]
    seed: int
    number: int
    probe: Probe | None = None
    extra_bots: Mapping[str, BotFactory] | None = None
    records_dir: str | None = None
    deck: ShippedDeck | None = None
    return_record: bool = False


def play_task(task: GameTask) -> JSON:
    """Play one game of a run (in a worker): its result, with its record or probe if asked."""
    options = task.options if task.deck is None else {**task.options, "cards": task.deck.place()}
    keep_record = task.records_dir is not None or task.return_record
    state, record, first = _play(task.game_id, options, task.bots, task.seed, keep_record, task.extra_bots)
    result = _result(state, first)
    if record is not None:
        record.options = task.options  # the deck as the run named it, not the worker's copy
        if task.return_record:
            result["record"] = record
        else:
            assert task.records_dir is not None
            record.save(Path(task.records_dir) / record_name(task.number))
    if task.probe is not None:
        result["probe"] = task.probe(state)
    return result


def record_name(number: int) -> str:
    """The file name of game ``number``'s record in a run's records directory."""
    return f"game-{number:05d}.json"


def simulate(
    game_id: str,
    options: JSON,
    bots: list[str],
    games: int,
    seed: int = 1,
    *,
    workers: int = 1,
    probe: Probe | None = None,
    records_dir: str | None = None,
    progress: bool = False,
    extra_bots: Mapping[str, BotFactory] | None = None,
    out_dir: str | None = None,
    ray: str | None = None,
) -> dict[str, Any]:
    """Play ``games`` games; return per-seat wins (shared first places split) and mean scores.
    ``out_dir``: write every game's rows to Parquet there as they finish, and play only the
    games not already there (:mod:`vita.results`); the summary then covers the whole run."""
    if len(bots) != options.get("players", len(bots)):
        raise ValueError(f"give one bot per seat ({options.get('players')} seats, {len(bots)} bots)")
    seeds = [derive_seed(seed, "game", number) for number in range(games)]
    if records_dir:
        Path(records_dir).mkdir(parents=True, exist_ok=True)
    store = None
    if out_dir is not None:
        from vita.results import ResultStore

        store = ResultStore(out_dir, {"game": game_id, "options": options, "bots": bots, "seed": seed, "games": games})
    deck = None
    if ray is not None and options.get("cards"):
        game = get_game(game_id)
        game.deck_fingerprint(game.make_options(options))  # a deck that does not load: refused here, once
        deck = ShippedDeck.of(options["cards"])
    tasks = [GameTask(game_id, options, bots, s, number, probe, extra_bots, records_dir, deck,
                      return_record=ray is not None and records_dir is not None)
             for number, s in enumerate(seeds) if store is None or not store.has(number)]

    def keep(task: GameTask, result: JSON) -> None:
        record = result.pop("record", None)
        if record is not None:
            assert records_dir is not None
            record.save(Path(records_dir) / record_name(task.number))
        if store is not None:
            store.add(task.number, task.seed, bots, result)

    results = run_tasks(play_task, tasks, workers, f"{game_id}, {len(bots)} players", progress=progress, chunksize=8,
                        on_result=keep, ray=ray, collect=store is None)
    if store is not None:
        results = store.results()
    return summarise(results, bots, game_id, options, seed)


def run_tasks(work: Callable[[Any], JSON], tasks: list[Any], workers: int, description: str, *,
              progress: bool = False, chunksize: int = 1,
              on_result: Callable[[Any, JSON], None] | None = None, ray: str | None = None,
              collect: bool = True) -> list[JSON]:
    """``work`` on every task, in order, on ``workers`` processes (or on the Ray cluster at
    ``ray``), with a progress bar; ``on_result(task, result)`` as each finishes (in order).
    Returns the results in order, or none if not ``collect`` (``on_result`` keeps what it
    needs: memory stays flat however long the run)."""
    results: list[JSON] = []
    with progress_bar(progress) as bar, contextlib.ExitStack() as stack:
        job = bar.add_task(description, total=len(tasks))
        outcomes: Iterator[JSON]
        if ray is not None:
            outcomes = _on_ray(work, tasks, ray, chunksize)
        elif workers > 1 and len(tasks) > 1:
            pool = stack.enter_context(ProcessPoolExecutor(workers))
            outcomes = pool.map(work, tasks, chunksize=chunksize)
        else:
            outcomes = map(work, tasks)
        for task, result in zip(tasks, outcomes, strict=True):
            if collect:
                results.append(result)
            if on_result is not None:
                on_result(task, result)
            bar.advance(job)
    return results


def _chunk(work: Callable[[Any], JSON], tasks: list[Any]) -> list[JSON]:
    return [work(task) for task in tasks]


def _on_ray(work: Callable[[Any], JSON], tasks: list[Any], address: str, chunksize: int) -> Iterator[JSON]:
    """``work`` on every task on a Ray cluster (:func:`ray_cluster`), ``chunksize`` tasks a Ray
    task, the results in the tasks' order."""
    with ray_cluster(address) as ray:
        remote = ray.remote(_chunk)
        pending = [remote.remote(work, tasks[i:i + chunksize]) for i in range(0, len(tasks), chunksize)]
        for ref in pending:
            yield from ray.get(ref)


@contextlib.contextmanager
def ray_cluster(address: str | None) -> Iterator[Any]:
    """Ray, connected for the block: ``address`` "local" starts a Ray instance here, anything
    else is given to ``ray.init`` ("auto", "ray://host:10001", …); stopped at the end only if
    it was started here. Inside a block that already holds it, it is reused: a run that plays
    many batches (``vita tune``) starts Ray once, not once a batch, which costs seconds each.
    ``None`` yields ``None`` and starts nothing. Every node runs the vita installed there:
    install the same version on each."""
    if address is None:
        yield None
        return
    try:
        import ray
    except ImportError:
        raise ValueError("Ray is not installed: pip install 'vita[ray]'") from None
    import logging

    started = not ray.is_initialized()
    if started:
        try:
            ray.init(address=None if address == "local" else address, include_dashboard=False,
                     log_to_driver=False, logging_level=logging.WARNING)
        except Exception as error:  # Ray's own errors (no cluster there, a refused address), in one line
            raise ValueError(f"cannot reach the Ray cluster at {address!r}: {error}") from None
    try:
        yield ray
    finally:
        if started:
            ray.shutdown()


class RateColumn(ProgressColumn):
    """Games per second so far."""

    def render(self, task: Task) -> Text:
        return Text(f"{task.speed:.1f} games/s" if task.speed else "", style="progress.data.speed")


def progress_bar(show: bool = True, console: Console | None = None) -> Progress | ProgressLines:
    """A progress bar on standard error (games done, rate, time left) on a terminal; where
    standard error is a file or a pipe (a run left in the background, a CI log), a line of the
    same now and then (:class:`ProgressLines`)."""
    console = console or Console(stderr=True)
    if show and not console.is_terminal:
        return ProgressLines(console)
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
                    RateColumn(), TimeRemainingColumn(), console=console,
                    disable=not show, transient=True, refresh_per_second=4)


class ProgressLines:
    """Progress as plain lines, at most one every ``every`` seconds (none for a short run):
    ``cv tournament: 40/200 games (20%), 0.07 games/s, about 38 min left``."""

    def __init__(self, console: Console, every: float = 30.0) -> None:
        self.console = console
        self.every = every
        self.tasks: list[tuple[str, float, float]] = []  # description, total, start
        self.done: list[float] = []
        self.shown = time.monotonic()

    def __enter__(self) -> ProgressLines:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def add_task(self, description: str, total: float | None = None) -> TaskID:
        self.tasks.append((description, total or 0.0, time.monotonic()))
        self.done.append(0.0)
        return TaskID(len(self.tasks) - 1)

    def advance(self, job: TaskID, advance: float = 1) -> None:
        self.done[job] += advance
        now = time.monotonic()
        if now - self.shown >= self.every:
            self.shown = now
            self.console.print(self.line(job, now), highlight=False, soft_wrap=True)

    def line(self, job: TaskID, now: float) -> str:
        description, total, start = self.tasks[job]
        done = self.done[job]
        rate = done / max(now - start, 1e-9)
        text = f"{description}: {done:g}/{total:g} games"
        if total:
            text += f" ({100 * done / total:.0f}%)"
        text += f", {rate:.2f} games/s"
        if total and rate > 0 and done < total:
            text += f", about {_duration((total - done) / rate)} left"
        return text


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def summarise(results: list[JSON], bots: list[str], game_id: str, options: JSON, seed: int) -> dict[str, Any]:
    seats = len(bots)
    wins = [0.0] * seats
    totals = [0.0] * seats
    for result in results:
        for s, share in enumerate(win_shares(result["ranking"])):
            wins[s] += share
            totals[s] += result["scores"][s]
    count = max(1, len(results))
    first = None
    if results and all(result.get("first_player") is not None for result in results):
        first_wins = sum(win_shares(result["ranking"])[result["first_player"]] for result in results)
        first = {"games": len(results), "wins": round(first_wins, 3), "win_rate": first_wins / len(results)}
    return {
        "game": game_id,
        "options": options,
        "seed": seed,
        "games": len(results),
        "seats": [
            {"seat": s, "bot": bots[s], "wins": round(wins[s], 3), "win_rate": wins[s] / count,
             "mean_score": totals[s] / count}
            for s in range(seats)
        ],
        "first_player": first,
        "results": results,
    }


def win_shares(ranking: Sequence[int]) -> list[float]:
    """Each seat's share of a game's win, from the game's ranking (1 first): a first place that
    ``k`` seats share gives each ``1 / k``, so that a game's shares add up to one win.

    >>> win_shares([2, 1, 1, 3])
    [0.0, 0.5, 0.5, 0.0]
    """
    firsts = ranking.count(1)
    return [1 / firsts if rank == 1 else 0.0 for rank in ranking]
