"""A live table and the database, kept in step.

Every change is stored before it is taken: :meth:`Sync.commit` writes a prepared action and
only once it is committed makes it the live game, so a failed write changes nothing, in
memory or on disk.

Several processes may serve one PostgreSQL database (see :mod:`vita.web.store`). A process
hears the others' changes and brings its copy of the table up to date (the actions stored
since, the seats as stored) before pushing the new views to the pages connected to it. If
its copy was behind when an action came, the database refuses the action's number
(:class:`Conflict`): the table catches up and the action is refused as stale, changing
nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping

from vita.core.errors import IllegalAction
from vita.web import metrics
from vita.web.errors import Refused
from vita.web.store import Conflict, StorageError, Store
from vita.web.table import Prepared, Table, replayed

log = logging.getLogger("vita.web")

Changed = Callable[[Table, str], Awaitable[None]]
"""What to do once a table changed: push its new views and wake its bots."""


class Sync:
    """Stores the changes made here and takes in those other processes made."""

    def __init__(self, store: Store, live: Mapping[str, Table], changed: Changed) -> None:
        self.store = store
        self.live = live  # the tables in this process's memory
        self.changed = changed
        self.listener: asyncio.Task[None] | None = None

    async def commit(self, table: Table, prepared: Prepared) -> None:
        """Under the table's lock: store a prepared action; once it is committed, its copy
        becomes the live game."""
        table.refuse_if_stale(prepared.seq)
        row = prepared.row
        try:
            await self.store.add_action(table.id, row, prepared.result, prepared.final_log)
        except Conflict:
            await self.catch_up(table)  # another process stored move `row.seq` first
            await self.changed(table, "")
            raise Refused(409, f"stale action: move {row.seq + 1} was taken meanwhile (on another server); "
                               "nothing was applied") from None
        except StorageError as error:
            log.warning("table %s: action %d not stored: %s", table.id, row.seq, error)
            raise Refused(503, f"the action could not be stored ({error}); nothing changed: try again",
                          headers={"retry-after": "1"}) from None
        metrics.ACTIONS_STORED.labels(table.row.game).inc()
        table.take(prepared)

    async def take_back(self, table: Table, keep: int) -> None:
        """Under the table's lock: remove every action after the first ``keep``, stored first."""
        state = replayed(table.game, table.row, table.actions[:keep])
        try:
            await self.store.remove_last_actions(table.id, table.actions[keep].seq, table.actions[-1].seq)
        except Conflict:
            await self.catch_up(table)
            await self.changed(table, "")
            raise Refused(409, "nothing to undo: another move was made meanwhile") from None
        except StorageError as error:
            raise Refused(503, f"the undo could not be stored ({error}); nothing changed") from None
        del table.actions[keep:]
        table.state = state
        table.changed()

    # -- what other processes changed -------------------------------------------------------

    def start(self) -> None:
        """Hear the changes other processes make to the tables in this one's memory."""
        self.listener = asyncio.create_task(self.store.listen(self.heard))

    async def close(self) -> None:
        if self.listener is not None:
            self.listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.listener

    def heard(self, table_id: str | None) -> None:
        """Another process changed ``table_id`` (None: perhaps any table): catch up."""
        tables = list(self.live.values()) if table_id is None else [self.live[table_id]] \
            if table_id in self.live else []
        for table in tables:
            table.stale = True
            if table.syncing is None or table.syncing.done():
                table.syncing = asyncio.create_task(self.refresh(table))

    async def refresh(self, table: Table) -> None:
        """Bring the table up to date with the database, then tell its pages and bots."""
        while table.stale:
            table.pending += 1
            try:
                async with table.lock:
                    changed = await self.catch_up(table)
            except StorageError as error:
                log.warning("table %s: cannot read what another process changed: %s", table.id, error)
                await asyncio.sleep(1.0)
                continue
            finally:
                table.pending -= 1
            if changed:
                await self.changed(table, "")

    async def catch_up(self, table: Table) -> bool:
        """Under the table's lock: read the table and its actions as stored and make the live
        table match them (new actions applied to a copy; an undone one: replayed from the
        start). Pages of a seat whose link or player changed become spectators'. True if
        anything did."""
        table.stale = False
        if table.frozen:
            return False
        row = await self.store.table(table.id)
        stored = await self.store.actions(table.id)
        if row is None:
            return False
        mine = [(a.seat, a.notation) for a in table.actions]
        theirs = [(a.seat, a.notation) for a in stored]
        seats_before = [(s.kind, s.token_hash, s.bot) for s in table.row.seats]
        if theirs == mine and seats_before == [(s.kind, s.token_hash, s.bot) for s in row.seats]:
            return False
        try:
            if theirs[:len(mine)] == mine:
                state = table.state.clone()
                for action in stored[len(mine):]:
                    state.act(action.seat, action.notation)
            else:
                state = replayed(table.game, row, stored)
        except (IllegalAction, ValueError) as error:
            log.error("table %s: the stored actions do not replay: %s", table.id, error)
            return False
        table.state, table.actions = state, stored
        for before, seat in zip(seats_before, row.seats, strict=True):
            if before[:2] != (seat.kind, seat.token_hash):
                table.revoke(seat.seat, f"seat {seat.seat + 1} changed hands (a new link, a resignation or "
                                        "a bot): this page now watches the table")
        table.row = row
        table.replay = None
        table.changed()
        return True
