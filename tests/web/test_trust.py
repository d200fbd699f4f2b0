"""A game server people can trust: no hidden card leaks, no corrupt table, no stalled game.

Each test here is one way an attacker, a flaky disk or an absent player could hurt a table.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import HTTP, Server, make_app, new_table, view, wait_for

from vita.core import GameRecord, replay
from vita.core.rng import Rng
from vita.registry import get_game
from vita.web.bots import BotPool
from vita.web.security import SEED_LIMIT
from vita.web.store import StorageError, Store


def play(client: TestClient, table: str, tokens: list[str], moves: int) -> dict[str, Any]:
    """The people play ``moves`` actions, each the last legal one offered; the final public view."""
    for _ in range(moves):
        public = view(client, table)
        if public["over"]:
            break
        mover = public["to_move"][0]
        state = view(client, table, tokens[mover])
        action = state["legal"][-1]["notation"]
        reply = client.post(f"/api/tables/{table}/actions",
                            json={"token": tokens[mover], "seq": state["seq"], "action": action})
        assert reply.status_code == 200, reply.text
    return view(client, table)


def tokens_of(data: dict[str, Any]) -> list[str]:
    return [s["token"] for s in data["seats"]]


# -- secrets --------------------------------------------------------------------------------


def test_the_record_of_a_game_in_progress_is_nobodys(client: TestClient) -> None:
    data = new_table(client)
    table = data["table"]
    play(client, table, tokens_of(data), 3)
    for path in (f"/api/tables/{table}/record", f"/api/tables/{table}/replay/0", f"/api/tables/{table}/replay/2"):
        reply = client.get(path)
        assert reply.status_code == 409 and "over" in reply.json()["error"], path
        assert set(reply.json()) == {"error"}
    info = client.get(f"/api/tables/{table}").json()
    assert "seed" not in {k for k in info if k != "seed_chosen"}


def test_the_server_draws_every_seed_unless_started_to_allow_a_chosen_one(tmp_path: Path, bot_pool: BotPool) -> None:
    app = make_app(str(tmp_path / "seeds.sqlite"), bot_pool, allow_chosen_seed=False)
    with TestClient(app) as client:
        reply = client.post("/api/tables", json={"game": "pursuit-cards", "seed": 7,
                                                 "seats": [{"name": "A"}, {"name": "B"}]})
        assert reply.status_code == 422 and "seed" in reply.json()["error"]
        tables = [new_table(client, seed=None)["table"] for _ in range(3)]
        seeds = [app.state.tables.live[t].row.seed for t in tables]
        assert len(set(seeds)) == 3 and all(0 <= s < SEED_LIMIT for s in seeds)
        assert not any(app.state.tables.live[t].row.seed_chosen for t in tables)
    with TestClient(make_app(str(tmp_path / "chosen.sqlite"), bot_pool)) as client:
        chosen = new_table(client, seed=7)
        assert chosen["seed_chosen"] and client.get(f"/api/tables/{chosen['table']}").json()["seed_chosen"]


def test_a_rematch_draws_a_fresh_seed(client: TestClient) -> None:
    data = new_table(client, seats=[{"name": "A", "kind": "bot", "bot": "random"},
                                    {"name": "B", "kind": "bot", "bot": "random"}], seed=41)
    wait_for(lambda: view(client, data["table"])["over"], timeout=60)
    again = client.post(f"/api/tables/{data['table']}/rematch", json={"owner_token": data["owner_token"]}).json()
    seed = client.app.state.tables.live[again["table"]].row.seed  # type: ignore[attr-defined]
    assert seed not in (41, Rng(41).next_u64() % 2**62), "the old, public seed tells nothing of the new one"
    assert not again["seed_chosen"]


def test_a_seat_whose_link_stops_working_stops_seeing_its_hand(client: TestClient) -> None:
    data = new_table(client, seats=[{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}])
    table, (ana, ben, cy), owner = data["table"], tokens_of(data), data["owner_token"]
    with client.websocket_connect(f"/api/tables/{table}/ws?token={ana}") as socket:
        assert socket.receive_json()["view"]["players"][0]["hand"] is not None
        client.post(f"/api/tables/{table}/resign", json={"token": ana})
        message = socket.receive_json()
        while message["type"] != "revoked":
            message = socket.receive_json()
        assert "resigned" in message["message"]
        later = socket.receive_json()
        assert later["type"] == "view" and later["seat"] is None
        assert all(p["hand"] is None for p in later["view"]["players"])
    # The owner issues a new link for Ben: Ben's old link stops working, his open page too.
    with client.websocket_connect(f"/api/tables/{table}/ws?token={ben}") as socket:
        socket.receive_json()
        reply = client.post(f"/api/tables/{table}/seats/1/link", json={"owner_token": owner})
        assert reply.status_code == 200
        fresh = reply.json()
        message = socket.receive_json()
        while message["type"] != "revoked":
            message = socket.receive_json()
        later = socket.receive_json()
        assert later["seat"] is None and all(p["hand"] is None for p in later["view"]["players"])
    assert client.get(f"/api/tables/{table}/view", params={"token": ben}).status_code == 403
    assert view(client, table, fresh["token"])["seat"] == 1 and fresh["link"].endswith(fresh["token"])
    assert view(client, table, cy)["seat"] == 2
    assert client.post(f"/api/tables/{table}/seats/1/link", json={"owner_token": ben}).status_code == 403


def test_the_web_never_reads_a_deck_from_a_path(client: TestClient) -> None:
    for path in ("/etc", "/", "../../", "src/vita/games/pursuit/data"):
        reply = client.post("/api/tables", json={"game": "pursuit", "seats": [{"name": "A"}, {"name": "B"}],
                                                 "options": {"cards": path}})
        assert reply.status_code == 422 and "never reads a deck from a path" in reply.json()["error"]
        assert str(Path.cwd()) not in reply.text
    schema = {g["id"]: g for g in client.get("/api/games").json()}["pursuit"]["options"]
    assert "cards" not in schema["properties"]


def test_tokens_are_stored_as_digests_and_kept_out_of_logs(tmp_path: Path, bot_pool: BotPool) -> None:
    lines: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(record.getMessage())

    keep = Keep()
    access = logging.getLogger("uvicorn.access")
    server = Server(str(tmp_path / "logs.sqlite"), bot_pool, log_level="info")
    server.start()
    access.addHandler(keep)
    try:
        data = server.api("POST", "/api/tables", json={"game": "pursuit", "seed": 1,
                                                       "seats": [{"name": "Ana"}, {"name": "Ben"}]})
        ana, owner = data["seats"][0]["token"], data["owner_token"]
        server.api("GET", f"/api/tables/{data['table']}/view?token={ana}")
        HTTP.get(f"{server.base}/t/{data['table']}?token={ana}", timeout=10)
        HTTP.get(f"{server.base}/t/{data['table']}/owner?key={owner}", timeout=10)
        assert any(f"/t/{data['table']}" in line for line in lines), "the access log is on"
        assert not any(ana in line or owner in line for line in lines), "no token reaches a log"
        page = HTTP.get(f"{server.base}/t/{data['table']}?token={ana}", timeout=10)
        assert page.headers["referrer-policy"] == "no-referrer"
        assert "script-src 'self'" in page.headers["content-security-policy"]
    finally:
        access.removeHandler(keep)
        server.stop()
    database = sqlite3.connect(tmp_path / "logs.sqlite")
    dump = "\n".join(database.iterdump())
    database.close()
    assert ana not in dump and owner not in dump


# -- no corrupt table -----------------------------------------------------------------------------


def test_a_failed_write_changes_nothing(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    data = new_table(client)
    table, tokens = data["table"], tokens_of(data)
    play(client, table, tokens, 4)
    before = {token: view(client, table, token) for token in (*tokens, None)}
    mover = before[None]["to_move"][0]
    action = before[tokens[mover]]["legal"][0]["notation"]
    store = client.app.state.store  # type: ignore[attr-defined]

    async def failing(*args: Any, **kwargs: Any) -> None:
        raise StorageError("disk I/O error")

    monkeypatch.setattr(store, "add_action", failing)
    for _ in range(2):  # the same action twice: both refused, nothing moves
        reply = client.post(f"/api/tables/{table}/actions", json={"token": tokens[mover], "seq": 4, "action": action})
        assert reply.status_code == 503 and "nothing changed" in reply.json()["error"]
        assert {token: view(client, table, token) for token in (*tokens, None)} == before
    monkeypatch.undo()
    final = play(client, table, tokens, 400)
    assert final["over"]
    record = GameRecord.from_json(client.get(f"/api/tables/{table}/record").json())
    assert list(replay(get_game("pursuit-cards"), record).scores()) == final["scores"]


def test_a_locked_database_refuses_the_action_and_leaves_the_loop_free(tmp_path: Path, bot_pool: BotPool) -> None:
    db = tmp_path / "locked.sqlite"
    with TestClient(make_app(str(db), bot_pool, busy_timeout=1.5)) as client:
        data, other = new_table(client), new_table(client)
        table, tokens = data["table"], tokens_of(data)
        play(client, table, tokens, 2)
        before = view(client, table)
        state = view(client, table, tokens[before["to_move"][0]])
        lock = sqlite3.connect(db, isolation_level=None)
        lock.execute("BEGIN IMMEDIATE")  # another writer holds the database
        answers: dict[str, Any] = {}

        def act() -> None:
            answers["reply"] = client.post(f"/api/tables/{table}/actions", json={
                "token": tokens[before["to_move"][0]], "seq": 2, "action": state["legal"][0]["notation"]})

        waiting = threading.Thread(target=act)
        waiting.start()
        time.sleep(0.3)
        started = time.monotonic()
        assert view(client, other["table"])["seq"] == 0
        # Held up, the view would wait for the busy timeout (1.5 s); the bound leaves room for load.
        assert time.monotonic() - started < 1.0, "a waiting write must not hold up other requests"
        waiting.join(10)
        lock.execute("ROLLBACK")
        lock.close()
        assert answers["reply"].status_code == 503
        assert view(client, table) == before
        play(client, table, tokens, 3)
        after = view(client, table)
    with TestClient(make_app(str(db), bot_pool)) as client:  # a restart replays what was stored
        assert view(client, table) == after and after["seq"] == 5


def test_idle_tables_are_evicted_and_reload(tmp_path: Path, bot_pool: BotPool) -> None:
    with TestClient(make_app(str(tmp_path / "evict.sqlite"), bot_pool, idle_timeout=0)) as client:
        data = new_table(client)
        play(client, data["table"], tokens_of(data), 3)
        before = view(client, data["table"], data["seats"][0]["token"])
        tables = client.app.state.tables  # type: ignore[attr-defined]
        assert tables.evict_idle() >= 1 and data["table"] not in tables.live
        assert view(client, data["table"], data["seats"][0]["token"]) == before


def test_every_refusal_is_a_4xx_in_one_shape(client: TestClient) -> None:
    data = new_table(client)
    table, ana = data["table"], data["seats"][0]["token"]
    seats = [{"name": "A"}, {"name": "B"}]
    cases = [
        client.post("/api/tables", json={"game": "pursuit-cards", "seats": seats, "seed": 2**63}),
        client.post("/api/tables", json={"game": "pursuit-cards", "seats": seats, "seed": -1}),
        client.post(f"/api/tables/{table}/actions", json={"token": ana, "seq": 0, "action": "take ²"}),
        client.post(f"/api/tables/{table}/actions", json={"token": ana, "seq": 0, "action": "m" + "9" * 399}),
        # Chunked (no content-length), over 64 KiB in all:
        client.post("/api/tables", content=iter([b"{" + b" " * 40_000, b" " * 40_000 + b"}"]),
                    headers={"content-type": "application/json"}),
        client.post("/api/tables", content=b"[" * 5000 + b"]" * 5000, headers={"content-type": "application/json"}),
        client.post("/api/tables", content='{"game": "pursuit"}'.encode("utf-16"),
                    headers={"content-type": "application/json"}),
        client.post("/api/tables", content=b"{\"game\": \"\xff\"}", headers={"content-type": "application/json"}),
        client.get("/api/no/such/route"),
        client.delete(f"/api/tables/{table}"),
        client.get(f"/api/tables/{'x' * 5000}/view"),
        client.get(f"/api/tables/{table}/replay/abc"),
    ]
    statuses = [reply.status_code for reply in cases]
    assert statuses == [422, 422, 400, 400, 413, 400, 400, 400, 404, 405, 404, 422], statuses
    for reply in cases:
        assert reply.headers["content-type"].startswith("application/json")
        assert set(reply.json()) == {"error"} and reply.json()["error"]
    assert view(client, table)["seq"] == 0


def test_a_browser_opening_a_bad_link_gets_a_page(client: TestClient) -> None:
    html = {"accept": "text/html"}
    for path, status, text in [("/t/nosuchtable", 404, "no table"), ("/t/nosuchtable/watch", 404, "no table"),
                               ("/nowhere", 404, "no page"), ("/t/x/owner?key=k", 404, "no table")]:
        reply = client.get(path, headers=html)
        assert reply.status_code == status and reply.headers["content-type"].startswith("text/html")
        assert text in reply.text and "Back to the lobby" in reply.text
    data = new_table(client)
    reply = client.get(f"/t/{data['table']}", params={"token": "stolen"}, headers=html)
    assert reply.status_code == 403 and "opens no seat" in reply.text


def test_table_creation_is_rate_limited_per_client(tmp_path: Path, bot_pool: BotPool) -> None:
    with TestClient(make_app(str(tmp_path / "rate.sqlite"), bot_pool, table_rate=(3, 60.0))) as client:
        for _ in range(3):
            new_table(client)
        reply = client.post("/api/tables", json={"game": "pursuit", "seats": [{"name": "A"}, {"name": "B"}]})
        assert reply.status_code == 429 and "too many tables" in reply.json()["error"]
        assert int(reply.headers["retry-after"]) > 0


@pytest.mark.anyio
async def test_bots_think_in_worker_processes_within_a_capped_budget() -> None:
    from tests.web.slow_bot import BrokenBot, SlowBot

    from vita.registry import make_bot

    # A 3 s cap: room for the good bot on a loaded 2-core machine, far below the slow bot's 60 s.
    pool = BotPool(1, budget=3.0)
    state = get_game("pursuit-cards").new(seed=3, players=2)
    try:
        # A good bot first: it also starts the worker, whose start-up is not the budget's business.
        good = await pool.choose("pursuit-cards", state.to_json(), make_bot("pursuit-cards", "heuristic", 1), 0)
        assert good.notation is not None and state.why_illegal(0, state.parse(good.notation, 0)) is None
        started = time.monotonic()
        slow = await pool.choose("pursuit-cards", state.to_json(), SlowBot(), 0, budget=60)
        assert slow.notation is None and "out of time" in slow.problem
        # The bot asked for 60 s; the server's 3 s cap wins (the bound leaves room for a loaded machine).
        assert time.monotonic() - started < 15, "the server's cap wins over the bot's own budget"
        broken = await pool.choose("pursuit-cards", state.to_json(), BrokenBot(), 0)
        assert broken.notation is None and "always fails" in broken.problem
    finally:
        pool.close()


# -- no stalled game ----------------------------------------------------------------------------


def test_bots_move_on_their_own_without_a_follower(client: TestClient) -> None:
    data = new_table(client, seats=[{"name": "Bo", "kind": "bot", "bot": "heuristic"}, {"name": "Ana"}])
    ana = data["seats"][1]["token"]
    # Polled, nobody follows the socket: the bot plays its whole turn, then it is Ana's.
    wait_for(lambda: view(client, data["table"], ana)["your_turn"])
    live = client.app.state.tables.live[data["table"]]  # type: ignore[attr-defined]
    assert live.followers == []
    assert live.actions and all(action.seat == 0 for action in live.actions), "only the bot has acted"
    assert view(client, data["table"])["seq"] == len(live.actions)


def test_a_restarted_server_lets_its_bots_play_on(tmp_path: Path, bot_pool: BotPool) -> None:
    db = str(tmp_path / "resume.sqlite")
    with TestClient(make_app(db, bot_pool, bot_delay=3600)) as client:  # the bots wait: the server stops first
        data = new_table(client, seats=[{"name": "A", "kind": "bot", "bot": "random"},
                                        {"name": "B", "kind": "bot", "bot": "random"}])
        assert view(client, data["table"])["seq"] == 0
    with TestClient(make_app(db, bot_pool)) as client:  # nobody asks about the table
        store = client.app.state.store  # type: ignore[attr-defined]
        sync = store.sync_engine()
        import sqlalchemy as sa

        def stored() -> int:
            with sync.connect() as connection:
                return int(connection.execute(sa.text("SELECT count(*) FROM actions")).scalar() or 0)

        wait_for(lambda: stored() > 5)
        sync.dispose()


def test_a_rematch_sends_each_open_page_its_own_new_link(client: TestClient) -> None:
    data = new_table(client)
    table, tokens = data["table"], tokens_of(data)
    assert client.post(f"/api/tables/{table}/rematch", json={"owner_token": data["owner_token"]}).status_code == 409
    final = play(client, table, tokens, 500)
    assert final["over"]
    with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[1]}") as ben, \
            client.websocket_connect(f"/api/tables/{table}/ws") as spectator:
        ben.receive_json()
        spectator.receive_json()
        reply = client.post(f"/api/tables/{table}/rematch", json={"owner_token": data["owner_token"]})
        assert reply.status_code == 201
        new = reply.json()

        def rematch_message(socket: Any) -> dict[str, Any]:
            message: dict[str, Any] = socket.receive_json()
            while message["type"] != "rematch":
                message = socket.receive_json()
            return message

        mine = rematch_message(ben)
        assert mine["table"] == new["table"] and mine["seat"] == 1
        token = mine["link"].split("token=")[1]
        assert token == new["seats"][1]["token"] and view(client, new["table"], token)["seat"] == 1
        theirs = rematch_message(spectator)
        assert theirs["link"].endswith(f"/t/{new['table']}/watch") and "token" not in theirs["link"]


# -- the leak drill -----------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "options"), [
    ("pursuit-cards", {}), ("pursuit", {}), ("cv", {}), ("our-life", {}),
    ("our-life", {"couples": 1}),  # Ben sees his partner Ana's choice, not Cy's
])
def test_nothing_a_seat_cannot_see_reaches_it(client: TestClient, game_id: str, options: dict[str, Any]) -> None:
    """For every endpoint and every message type: what a client without a seat's token receives
    is the same in two games that differ only in what that client cannot see. The table allows
    hints: the seat to move asks for one in every world."""
    data = new_table(client, game=game_id, seats=[{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}], hints=True,
                     **options)
    table, tokens = data["table"], tokens_of(data)
    play(client, table, tokens, 12)
    live = client.app.state.tables.live[table]  # type: ignore[attr-defined]
    real = live.state
    for observer in dict.fromkeys((None, 1, real.to_move()[0])):
        token = tokens[observer] if observer is not None else None
        worlds = []
        for sample in range(3):
            live.state = real if sample == 0 else real.determinize(observer, Rng(sample))
            live.changed()
            live.hints.clear()  # a hint is computed once per move: here, once per world
            worlds.append(_everything_seen(client, table, token, data["owner_token"], live.seq))
        live.state = real
        live.changed()
        assert worlds[0] == worlds[1] == worlds[2], f"something differs for observer {observer}"
        if observer == real.to_move()[0]:
            assert "hint" in worlds[0]["hint"], worlds[0]["hint"]
        assert real.to_json() != real.determinize(observer, Rng(1)).to_json(), "the worlds do differ"


def test_no_response_of_the_leak_drill_holds_a_seats_address(tmp_path: Path, bot_pool: BotPool) -> None:
    """Every seat gives its address for turn mail (a server with SMTP settings; the mail server
    need not answer): no endpoint or message, to any seat, a spectator or the owner, holds one,
    during the game or after it."""
    from vita.web.mail import SmtpSettings

    smtp = SmtpSettings("127.0.0.1", 9, security="none")  # the discard port: mail fails, quietly
    with TestClient(make_app(str(tmp_path / "leak.sqlite"), bot_pool, smtp=smtp, mail_retry=0.01)) as client:
        data = new_table(client, game="cv", seats=[{"name": "Ana"}, {"name": "Ben"}, {"name": "Cy"}], hints=True)
        table, tokens = data["table"], tokens_of(data)
        addresses = [f"player{seat}.secret@example.org" for seat in range(3)]
        for token, address in zip(tokens, addresses, strict=True):
            reply = client.put(f"/api/tables/{table}/email", params={"token": token}, json={"email": address})
            assert reply.status_code == 200 and address not in reply.text
        play(client, table, tokens, 12)
        live = client.app.state.tables.live[table]  # type: ignore[attr-defined]
        for token in [None, *tokens]:
            seen = json.dumps(_everything_seen(client, table, token, data["owner_token"], live.seq))
            assert not any(address in seen or address.split("@")[0] in seen for address in addresses)


def _everything_seen(client: TestClient, table: str, token: str | None, owner: str, seq: int) -> dict[str, Any]:
    query = {"token": token} if token else {}
    seen: dict[str, Any] = {
        "analysis": client.get(f"/api/tables/{table}/analysis/1").json(),
        "hint": client.post(f"/api/tables/{table}/hint", json={"token": token or "none" * 8, "seq": seq}).json(),
        "info": client.get(f"/api/tables/{table}").json(),
        "view": client.get(f"/api/tables/{table}/view", params=query).json(),
        "record": client.get(f"/api/tables/{table}/record").json(),
        "replay": client.get(f"/api/tables/{table}/replay/1").json(),
        "owner": client.get(f"/api/tables/{table}/owner", params={"key": owner}).json(),
        "page": client.get(f"/t/{table}", params=query).text,
        "watch": client.get(f"/t/{table}/watch").text,
    }
    with client.websocket_connect(f"/api/tables/{table}/ws" + (f"?token={token}" if token else "")) as socket:
        seen["ws-view"] = socket.receive_json()
    for key in ("owner",):
        for seat in seen[key]["seats"]:
            seat.pop("away", None)  # seconds away: a clock, not a secret
    for payload in (seen["view"], seen["ws-view"]):
        for seat in payload["seats"]:
            seat.pop("connected", None)
    return json.loads(json.dumps(seen))


@pytest.mark.anyio
async def test_a_page_that_stops_reading_holds_up_nobody(tmp_path: Path) -> None:
    import asyncio

    from vita.web.table import QUEUED, Follower
    from vita.web.tables import Tables

    store = Store.open(str(tmp_path / "slow.sqlite"))
    tables = Tables(store, BotPool(1), bot_delay=0)
    try:
        new = await tables.create("pursuit-cards", {}, [{"kind": "human", "name": "Ana"},
                                                       {"kind": "human", "name": "Ben"}], 4)
        live = await tables.get(new.row.id)
        stalled = Follower(None)
        live.follow(stalled)
        never = asyncio.Event()

        async def send_never(message: dict[str, Any]) -> None:
            await never.wait()  # a socket whose client stopped reading: its buffer never drains

        pump = asyncio.create_task(stalled.pump(send_never))
        for _ in range(QUEUED + 10):
            assert not live.over
            seat = live.state.to_move()[0]
            action = str(live.state.legal_actions(seat)[0])
            await asyncio.wait_for(tables.act(live.id, new.tokens[seat], live.seq, action), 2.0)
        assert stalled.dropped.is_set() and stalled not in live.followers
        pump.cancel()
    finally:
        await tables.close()
        await store.close()


def test_a_table_of_another_rules_version(tmp_path: Path, bot_pool: BotPool) -> None:
    """A finished table stays viewable from its stored result and log; a live one says why it
    can no longer be played."""
    import sqlalchemy as sa

    db = str(tmp_path / "rules.sqlite")
    with TestClient(make_app(db, bot_pool)) as client:
        done = new_table(client, seats=[{"name": "A", "kind": "bot", "bot": "random"},
                                        {"name": "B", "kind": "bot", "bot": "random"}])
        wait_for(lambda: view(client, done["table"])["over"], timeout=60)
        final = view(client, done["table"])
        live = new_table(client)
    engine = Store.open(db).sync_engine()
    with engine.begin() as connection:  # as a table made under an older rules version would be
        connection.execute(sa.text("UPDATE tables SET rules = 0"))
    engine.dispose()
    with TestClient(make_app(db, bot_pool)) as client:
        shown = view(client, done["table"])
        assert shown["over"] and shown["scores"] == final["scores"] and shown["log"] == final["log"]
        assert "rules version 0" in shown["frozen"] and shown["legal"] == []
        record = client.get(f"/api/tables/{done['table']}/record").json()
        assert record["rules"] == 0 and len(record["actions"]) == final["seq"]
        assert client.get(f"/api/tables/{done['table']}/replay/1").status_code == 409
        reply = client.get(f"/api/tables/{live['table']}/view")
        assert reply.status_code == 409 and "can no longer be played" in reply.json()["error"]
        page = client.get(f"/t/{live['table']}/watch", headers={"accept": "text/html"})
        assert page.status_code == 409 and "rules version 0" in page.text


def test_a_bots_thinking_time_is_not_shown(client: TestClient) -> None:
    """How long a bot thinks can tell what it holds: pages are told that it played, no more."""
    data = new_table(client, seats=[{"name": "Ana"}, {"name": "Bo", "kind": "bot", "bot": "heuristic"}])
    table, token = data["table"], data["seats"][0]["token"]
    with client.websocket_connect(f"/api/tables/{table}/ws") as spectator:
        spectator.receive_json()  # the table as it is now
        # Ana ends her turn while the spectator follows: the bot's move comes after it.
        deadline = time.monotonic() + 30
        while (state := view(client, table, token))["to_move"] != [0]:  # Bo may open the game
            assert time.monotonic() < deadline, "the bot did not play its turn"
            time.sleep(0.02)
        action = next(a["notation"] for a in state["legal"] if a["notation"].startswith("discard"))
        move = {"token": token, "seq": state["seq"], "action": action}
        reply = client.post(f"/api/tables/{table}/actions", json=move)
        assert reply.status_code == 200, reply.text
        notes = []
        for _ in range(20):
            message = spectator.receive_json()
            if message.get("note", "").startswith("Bo"):
                notes.append(message["note"])
                break
    assert notes == ["Bo has played"]
