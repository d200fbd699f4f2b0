"""The bot driver: while a bot is to move at a live table, it chooses in a worker process
(:mod:`vita.web.bots`) and its move is stored like a person's.

One process at a time drives a table's bots (:meth:`Store.drive`); the others wait for its
moves, which reach them as changes (:mod:`vita.web.sync`). A bot's move is released no
earlier than a floor after the move it answers, so that when it arrives tells nothing of how
long the bot thought (docs/web.md, "No side channel from bots").
"""

from __future__ import annotations

import asyncio
import logging
import pickle
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from vita.core.rng import derive_seed
from vita.registry import bot_names, make_bot
from vita.web import metrics
from vita.web.bots import BotPool
from vita.web.errors import Refused
from vita.web.store import Store
from vita.web.table import Prepared, Table

THINK_WINDOWS = 256  # bots (game, bot, table size) whose recent decision times are kept
log = logging.getLogger("vita.web")

Commit = Callable[[Table, Prepared], Awaitable[None]]


class ThinkTimes:
    """A bot's recent decision times (one rung, one game, one table size) in this process: a
    running window, so that its 95th percentile follows the host's speed."""

    WINDOW = 200

    def __init__(self) -> None:
        self.times: deque[float] = deque(maxlen=self.WINDOW)
        self._p95: float | None = 0.0

    def add(self, seconds: float) -> None:
        self.times.append(seconds)
        self._p95 = None

    def p95(self) -> float:
        """The 95th percentile of the window (0 while it is empty)."""
        if self._p95 is None:
            ordered = sorted(self.times)
            self._p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        return self._p95


@dataclass(frozen=True)
class Release:
    """When a bot's move was let go: when its floor started (``time.monotonic()``), the floor
    and how long the bot thought (seconds)."""

    table: str
    seq: int
    started: float
    floor: float
    thinking: float


class Driver:
    """Plays the bots of the live tables: ``live(table)`` says whether a table is still the
    one in memory, ``commit`` stores a prepared move (:meth:`vita.web.sync.Sync.commit`)."""

    def __init__(self, store: Store, pool: BotPool, commit: Commit, live: Callable[[Table], bool], *,
                 bot_delay: float = 0.4, moved: Callable[[Table], Awaitable[None]] | None = None) -> None:
        self.store = store
        self.moved = moved  # after each stored bot move: the table's deadlines and turn mail
        self.pool = pool
        self.commit = commit
        self.live = live
        self.bot_delay = bot_delay
        self.lock_retry = 0.25  # seconds between tries for a table's bot lock held by another process
        self.stopping = False  # the server is stopping: no bot move
        self.think_times: dict[tuple[str, str, int], ThinkTimes] = {}  # (game, bot, players) → recent times
        self.released: deque[Release] = deque(maxlen=1000)  # the latest bot moves' floors, for tests and diagnosis

    def wake(self, table: Table) -> None:
        """Start the table's bots if one of them is to move (and they are not already at it)."""
        idle = table.bot_task is None or table.bot_task.done()
        if idle and table.bot_to_move():
            table.bot_task = asyncio.create_task(self.play(table))

    async def play(self, table: Table) -> None:
        """While a bot must act, and this process holds the table's bot lock, let the bot
        choose in a worker process, then apply its choice. While another process holds the
        lock, wait: its moves arrive as changes; should a bot still be to move once it lets
        go, this process takes over."""
        while not await self.store.drive(table.id):
            await asyncio.sleep(self.lock_retry)
            if table.over or not self.live(table) or not table.bot_to_move():
                return
        try:
            await self._play(table)
        finally:
            await self.store.release(table.id)

    async def _play(self, table: Table) -> None:
        failures = 0
        while not table.over:
            seat = next((s for s in table.state.to_move() if table.row.seats[s].kind == "bot"), None)
            if seat is None:
                return
            spec = table.row.seats[seat]
            name = spec.bot or "random"
            asked = time.monotonic()
            usual = self.think_times_of(table.row.game, name, table.state.num_players)
            floor = max(self.bot_delay, usual.p95())
            bot = table.bots.get(seat)
            if bot is None or bot.name != name:
                bot = table.bots[seat] = make_bot(table.row.game, name,
                                                  derive_seed(table.row.seed, "bot", seat, table.seq))
            seq = table.seq
            metrics.BOT_QUEUE.inc()
            try:
                thought = await self.pool.choose(table.row.game, table.state.to_json(), bot, seat)
            finally:
                metrics.BOT_QUEUE.dec()
            thinking = time.monotonic() - asked
            notation = thought.notation
            if notation is None:
                log.warning("table %s seat %d move %d: %s bot failed (%s): a random legal action%s", table.id,
                            seat, seq + 1, name, thought.problem, f"\n{thought.trace}" if thought.trace else "")
            else:
                # The bot's own time, measured in its worker: a pool's start-up or a queue of
                # other tables' bots says nothing of this position and must not raise the floor.
                usual.add(thought.seconds)
                metrics.BOT_THINK_SECONDS.labels(table.row.game, rung(table.row.game, name)).observe(thought.seconds)
                table.bots[seat] = pickle.loads(thought.bot)
            if self.stopping:
                return  # the server stops: the table's next driver plays this move
            if not table.bot_still_to_play(seat, seq):
                continue  # the table moved on meanwhile (an undo, a simultaneous choice): think again
            # Checked and applied to a copy now, so that little is left to do at the floor.
            prepared = self._prepare(table, seat, seq, notation)
            await asyncio.sleep(max(0.0, asked + floor - time.monotonic()))
            self.released.append(Release(table.id, seq, asked, floor, thinking))
            table.pending += 1
            try:
                async with table.lock:
                    if not table.bot_still_to_play(seat, seq):
                        continue
                    try:
                        await self.commit(table, prepared)
                        failures = 0
                    except Refused as refused:
                        if refused.status == 409:  # another process moved first: the table caught up
                            continue
                        failures += 1
                        table.push(f"{spec.name} could not play yet: {refused.message}")
            finally:
                table.pending -= 1
            if failures:  # the database is busy: try again shortly, without holding the table
                await asyncio.sleep(min(30.0, 0.5 * 2**failures))
                continue
            # No thinking time in the note: how long a bot thinks can tell what it holds; once
            # the move ended the game, the result speaks instead.
            table.push("" if table.over else f"{spec.name} has played")
            if self.moved is not None:
                await self.moved(table)

    @staticmethod
    def _prepare(table: Table, seat: int, seq: int, notation: str | None, timed_out: bool = False) -> Prepared:
        """The bot's move prepared; where it failed or chose what is not legal now, a random
        legal action (so no table stalls)."""
        if notation is not None:
            try:
                return table.prepare(seat, seq, notation, timed_out)
            except Refused:
                pass
        fallback = make_bot(table.row.game, "random", derive_seed(table.row.seed, "fallback", seq))
        return table.prepare(seat, seq, str(fallback.choose(table.state, seat)), timed_out)

    def think_times_of(self, game: str, bot: str, players: int) -> ThinkTimes:
        """The recent decision times of ``bot`` for ``game`` at ``players``. A creator may name
        any search budget (``ismcts:iters=N``), so the windows kept are bounded: past
        :data:`THINK_WINDOWS`, the one used least recently goes."""
        key = (game, bot, players)
        usual = self.think_times.pop(key, None) or ThinkTimes()
        self.think_times[key] = usual  # the most recently used last
        if len(self.think_times) > THINK_WINDOWS:
            del self.think_times[next(iter(self.think_times))]
        return usual


def check_bot(game_id: str, name: str) -> None:
    """Only the bots offered at tables (``bot_names``): a search bot's budget per move is not
    yet bounded for a shared server."""
    if name not in bot_names(game_id):
        raise Refused(422, f"unknown bot {name[:40]!r} for {game_id} (known bots: {', '.join(bot_names(game_id))})")


def rung(game_id: str, name: str) -> str:
    """``name`` as a metrics label: a bot offered by name, else its kind (``ismcts``), so that
    the budgets creators may write do not each make a series."""
    return name if name in bot_names(game_id) else name.partition(":")[0]
