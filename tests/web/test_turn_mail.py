"""Turn mail: a seat's holder gives their own address and is mailed when the seat's turn
begins and before its deadline, through a real SMTP server (aiosmtpd) in the test; the
address reaches no response; a failing mail server holds up nothing."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from email import message_from_bytes
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import make_app, view, wait_for

from vita.web.bots import BotPool
from vita.web.mail import SmtpSettings

ADDRESS = "ana.player@example.org"


class Inbox:
    """What a local SMTP server received."""

    def __init__(self) -> None:
        self.mails: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append(message_from_bytes(envelope.content))
        return "250 OK"


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    from aiosmtpd.controller import Controller

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    box = Inbox()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield box, port
    finally:
        controller.stop()


def _client(tmp_path: Path, bot_pool: BotPool, port: int, **settings: Any) -> TestClient:
    smtp = SmtpSettings("127.0.0.1", port, security="none", sender="vita@test")
    return TestClient(make_app(str(tmp_path / "m.sqlite"), bot_pool, smtp=smtp, deadline_tick=0.05,
                               mail_retry=0.01, **settings))


def _table(client: TestClient, move_limit: int | None = None, bot: str = "random") -> tuple[str, str]:
    body: dict[str, Any] = {"game": "pursuit-cards", "seed": 5, "replacement_bot": "random",
                            "seats": [{"name": "Ana"}, {"name": "Ben", "kind": "bot", "bot": bot}]}
    if move_limit is not None:
        body["move_limit"] = move_limit
    created = client.post("/api/tables", json=body).json()
    return created["table"], created["seats"][0]["token"]


def _text(mail: Message) -> str:
    payload = mail.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode().replace("\r\n", "\n")


def test_a_turn_mail_links_the_table_without_the_token_and_its_stop_link_works(
        tmp_path: Path, bot_pool: BotPool, inbox: tuple[Inbox, int]) -> None:
    box, port = inbox
    responses: list[str] = []
    with _client(tmp_path, bot_pool, port) as client:
        table, ana = _table(client)
        page = client.get(f"/t/{table}", params={"token": ana}).text
        assert 'id="mail-form"' in page and ADDRESS not in page  # offered on the seat's own page
        assert 'id="mail-form"' not in client.get(f"/t/{table}/watch").text
        reply = client.put(f"/api/tables/{table}/email", params={"token": ana}, json={"email": ADDRESS})
        assert reply.status_code == 200 and ADDRESS not in reply.text
        # It is already Ana's turn (the player left of the dealer starts): she is told now.
        wait_for(lambda: len(box.mails) == 1)
        mail = box.mails[0]
        body = _text(mail)
        assert mail["To"] == ADDRESS and mail["Subject"].startswith("Your turn")
        assert f"/t/{table}\n" in body and ana not in body and "token" not in body.split("No more mail")[0]
        stop = mail["List-Unsubscribe"].strip("<>")
        assert stop in body
        # Giving the address again (or another) does not mail again: once a move, once an hour.
        client.put(f"/api/tables/{table}/email", params={"token": ana}, json={"email": "other@example.org"})
        time.sleep(0.3)
        assert len(box.mails) == 1
        # Everything anyone is sent about the table: no address in it.
        for path in (f"/api/tables/{table}", f"/api/tables/{table}/view", f"/t/{table}/watch"):
            responses.append(client.get(path).text)
        responses.append(view(client, table, ana).__repr__())
        assert all(ADDRESS not in text for text in responses)
        # The stop link forgets the address (once).
        path = "/" + stop.split("/", 3)[3]
        assert "No more mail" in client.get(path).text
        assert "used already" in client.get(path).text


def test_one_turn_mail_an_hour_and_a_reminder_before_the_deadline(
        tmp_path: Path, bot_pool: BotPool, inbox: tuple[Inbox, int]) -> None:
    box, port = inbox
    with _client(tmp_path, bot_pool, port) as client:
        table, ana = _table(client, move_limit=7200)  # two hours a move: the reminder an hour before
        tables = client.app.state.tables  # type: ignore[attr-defined]
        assert client.put(f"/api/tables/{table}/email", params={"token": ana}, json={"email": ADDRESS}).status_code \
            == 200
        wait_for(lambda: len(box.mails) == 1)
        # Ana moves, the bot answers: her turn again within the hour: no second mail.
        payload = view(client, table, ana)
        client.post(f"/api/tables/{table}/actions", json={"token": ana, "seq": payload["seq"],
                                                           "action": payload["legal"][0]["notation"]})
        wait_for(lambda: 0 in view(client, table, ana)["to_move"])
        time.sleep(0.3)
        assert len(box.mails) == 1
        # An hour and a bit later (the clock moved on) the deadline is near: a reminder, once.
        tables.clock_offset = 3700
        wait_for(lambda: len(box.mails) == 2)
        assert box.mails[1]["Subject"].startswith("Time is running out") and box.mails[1]["To"] == ADDRESS
        time.sleep(0.3)
        assert len(box.mails) == 2
        # After another hour her next turn is mailed again.
        payload = view(client, table, ana)
        tables.clock_offset = 3700 + 3700
        client.post(f"/api/tables/{table}/actions", json={"token": ana, "seq": payload["seq"],
                                                           "action": payload["legal"][0]["notation"]})
        wait_for(lambda: any(m["Subject"].startswith("Your turn") for m in box.mails[2:]), 20)


def test_addresses_are_the_holders_own_and_checked(tmp_path: Path, bot_pool: BotPool,
                                                    inbox: tuple[Inbox, int], client: TestClient) -> None:
    _, port = inbox
    with _client(tmp_path, bot_pool, port) as mailing:
        table, ana = _table(mailing)
        created = mailing.post("/api/tables", json={"game": "pursuit-cards", "seats": [{"name": "A"}, {"name": "B"}]})
        owner = created.json()["owner_token"]
        for token, body, status, words in [
            (ana, {"email": "not an address"}, 422, "not an address"),
            (ana, {"email": "a@b"}, 422, "not an address"),
            ("not-a-seat", {"email": ADDRESS}, 403, "opens no seat"),
            (owner, {"email": ADDRESS}, 403, "opens no seat"),  # the owner's key is no seat's
        ]:
            reply = mailing.put(f"/api/tables/{table}/email", params={"token": token}, json=body)
            assert reply.status_code == status and words in reply.json()["error"], reply.text
        assert mailing.delete(f"/api/tables/{table}/email", params={"token": ana}).json() == {"mail": False}
    # A server without SMTP settings offers no address field and refuses one.
    table, ana = _table(client)
    assert 'id="mail-form"' not in client.get(f"/t/{table}", params={"token": ana}).text
    reply = client.put(f"/api/tables/{table}/email", params={"token": ana}, json={"email": ADDRESS})
    assert reply.status_code == 404 and "sends no mail" in reply.json()["error"]


def test_a_failing_mail_server_holds_up_no_move_and_is_retried(tmp_path: Path, bot_pool: BotPool) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with _client(tmp_path, bot_pool, port) as client:
        table, ana = _table(client)
        mailer = client.app.state.tables.mailer  # type: ignore[attr-defined]
        started = time.monotonic()
        assert client.put(f"/api/tables/{table}/email", params={"token": ana}, json={"email": ADDRESS}).status_code \
            == 200
        payload = view(client, table, ana)
        reply = client.post(f"/api/tables/{table}/actions", json={"token": ana, "seq": payload["seq"],
                                                                   "action": payload["legal"][0]["notation"]})
        assert reply.status_code == 200 and time.monotonic() - started < 2
        wait_for(lambda: mailer.failed == 1, 10)  # five tries, 0.01-0.08 s apart, then given up
        assert mailer.sent == 0


def test_the_address_is_forgotten_when_the_game_ends(tmp_path: Path, bot_pool: BotPool,
                                                     inbox: tuple[Inbox, int]) -> None:
    _, port = inbox
    with _client(tmp_path, bot_pool, port) as client:
        table, ana = _table(client)
        client.put(f"/api/tables/{table}/email", params={"token": ana}, json={"email": ADDRESS})
        store = client.app.state.store  # type: ignore[attr-defined]
        assert client.portal.call(store.has_mail, table, 0)  # type: ignore[union-attr]
        client.post(f"/api/tables/{table}/resign", json={"token": ana})  # random bots play it out
        wait_for(lambda: view(client, table)["over"], 60)
        wait_for(lambda: not client.portal.call(store.has_mail, table, 0), 10)  # type: ignore[union-attr]
