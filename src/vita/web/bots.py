"""Bots for the web server: they think in a bounded pool of worker processes.

A search bot can hold the interpreter for seconds; in a thread it would starve the event
loop that serves every table. So a bot's turn is sent to a worker process: the position
as JSON, the bot itself (pickled, so that it keeps its memory between its moves), the seat
and a time budget. The worker stops the bot when the budget runs out (a timer signal) and
answers ``None``: the server then plays a random legal action, so no table ever stalls.

The server caps every budget (``budget``): whatever a bot's own settings say, a move never
takes longer than that.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import multiprocessing
import os
import pickle
import signal
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from types import FrameType
from typing import Any

from vita.core.bots import Bot
from vita.core.state import JSON
from vita.registry import get_game


class OutOfTime(Exception):
    """Raised inside a worker when a bot's budget runs out."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise OutOfTime


def _prepare_worker() -> None:
    """Each worker: load every game once, and take the budget timer's signal."""
    from vita.registry import GAMES

    for game_id in GAMES:  # load each game's data now, not in a bot's first budget
        game = get_game(game_id)
        game.new_state(game.make_options({"players": max(2, game.info.min_players)}), 0, log=False)
    signal.signal(signal.SIGALRM, _alarm)
    _die_with_parent()


def _die_with_parent() -> None:
    """On Linux, ask the kernel to end this worker when its parent (the forkserver, which
    itself ends with the server) goes, however it goes (a ``kill -9`` included)."""
    with contextlib.suppress(Exception):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        if os.getppid() == 1:  # the parent went before the request took effect
            os._exit(0)


@dataclass(frozen=True)
class Thought:
    """A bot's answer: its action in notation (``None``: out of time or failed), and the bot
    as it is after thinking."""

    notation: str | None
    bot: bytes
    problem: str = ""
    trace: str = ""  # the traceback of a bot that failed, for the server's log
    seconds: float = 0.0  # how long the bot itself thought, in its worker (no queue, no start-up)


def think(game_id: str, position: JSON, bot_data: bytes, seat: int, budget: float) -> Thought:
    """Run in a worker: let the bot choose for ``seat`` in ``position`` within ``budget`` s."""
    try:
        bot: Bot = pickle.loads(bot_data)
        state = get_game(game_id).state_from_json(position, log=False)
        signal.setitimer(signal.ITIMER_REAL, budget)
        started = time.perf_counter()
        action = bot.choose(state, seat)
        seconds = time.perf_counter() - started
        signal.setitimer(signal.ITIMER_REAL, 0)
        return Thought(str(action), pickle.dumps(bot), seconds=seconds)
    except OutOfTime:
        return Thought(None, bot_data, f"out of time after {budget:.1f} s")
    except Exception as error:  # a bot's failure must not stall a table: the server plays for it
        return Thought(None, bot_data, f"{type(error).__name__}: {error}"[:200], traceback.format_exc()[-4000:])
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def study_in_worker(game_id: str, position: JSON, seat: int, played: str | None, budget: float) -> JSON | None:
    """Run in a worker: the analysis of one decision (:func:`vita.analysis.study`), within
    ``budget`` seconds; a study that runs out of time raises :class:`OutOfTime`."""
    from vita.analysis import study

    game = get_game(game_id)
    state = game.state_from_json(position, log=False)
    signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        return study(game, state, seat, played)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


class BotPool:
    """A bounded pool of worker processes shared by every table of a server."""

    def __init__(self, workers: int | None = None, budget: float = 5.0) -> None:
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))
        self.budget = budget
        self._executor: ProcessPoolExecutor | None = None
        self._warm = False  # a worker has answered since the pool started

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._warm = False
            # forkserver: never fork the server itself (it runs threads: database drivers, the loop).
            context = multiprocessing.get_context("forkserver")
            self._executor = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_prepare_worker)
        return self._executor

    async def choose(self, game_id: str, position: JSON, bot: Bot, seat: int, budget: float | None = None) -> Thought:
        """Let ``bot`` choose in a worker, within ``budget`` seconds (capped by the pool's)."""
        limit = min(budget or self.budget, self.budget)
        loop = asyncio.get_running_loop()
        data = pickle.dumps(bot)
        try:
            job = loop.run_in_executor(self._pool(), think, game_id, position, data, seat, limit)
            # The budget runs inside the worker; the wait here only guards against a worker that
            # hangs. The first answer of a new pool also waits for its workers to start and load
            # every game (seconds on a loaded machine): that is not the bot's time.
            thought = await asyncio.wait_for(job, limit + (5.0 if self._warm else 60.0))
            self._warm = True
            return thought
        except TimeoutError:
            return Thought(None, data, "the worker did not answer in time")
        except BrokenProcessPool:
            self._executor = None  # a worker died: start a fresh pool next time
            return Thought(None, data, "a bot worker died")
        except Exception as error:  # whatever else went wrong, the server plays for the bot
            return Thought(None, data, f"{type(error).__name__}: {error}"[:200])

    async def study(self, game_id: str, position: JSON, seat: int, played: str | None) -> JSON | None:
        """The analysis of one decision in a worker (:func:`study_in_worker`), within the pool's
        budget; :class:`OutOfTime` if it does not finish."""
        loop = asyncio.get_running_loop()
        try:
            job = loop.run_in_executor(self._pool(), study_in_worker, game_id, position, seat, played, self.budget)
            found: JSON | None = await asyncio.wait_for(job, self.budget + (5.0 if self._warm else 60.0))
            self._warm = True
            return found
        except BrokenProcessPool:
            self._executor = None
            raise OutOfTime from None
        except TimeoutError:
            raise OutOfTime from None

    def close(self) -> None:
        """Stop the workers now: a bot that is thinking is abandoned (its table's next driver
        plays the move), and no worker outlives the pool."""
        if self._executor is None:
            return
        executor, self._executor = self._executor, None
        # ProcessPoolExecutor only stops an idle worker; terminate the busy ones too.
        workers = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            with contextlib.suppress(Exception):
                worker.terminate()
        for worker in workers:
            with contextlib.suppress(Exception):
                worker.join(2)
                if worker.is_alive():
                    worker.kill()
                    worker.join(1)
        executor.shutdown(wait=True)


def stop_helper_processes() -> None:
    """Stop multiprocessing's forkserver and resource tracker, which a pool started and which
    otherwise outlive the server by a moment or, orphaned, for good (call once the pools are
    closed, as the process ends)."""
    from multiprocessing import forkserver, resource_tracker

    helpers: list[Any] = [forkserver._forkserver, resource_tracker._resource_tracker]
    for helper in helpers:
        with contextlib.suppress(Exception):
            helper._stop()  # closes the helper's "alive" pipe and waits for it to exit


__all__ = ["BotPool", "OutOfTime", "Thought", "stop_helper_processes", "study_in_worker", "think"]
