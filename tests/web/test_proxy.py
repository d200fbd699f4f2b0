"""``vita serve`` behind a proxy: the table-creation rate limit counts each client the proxy
names in X-Forwarded-For when the proxy is trusted (``--forwarded-allow-ips``), and the
proxy's own address otherwise (a header from anyone else proves nothing)."""

from __future__ import annotations

from pathlib import Path

from tests.web.conftest import HTTP
from tests.web.test_drills import ServeProcess

BODY = {"game": "pursuit-cards", "seats": [{"name": "Ana"}, {"name": "Ben"}]}


def create(server: ServeProcess, client: str) -> int:
    reply = HTTP.post(server.base + "/api/tables", json=BODY, timeout=10, headers={"X-Forwarded-For": client})
    return reply.status_code


def serve(tmp_path: Path, name: str, *extra: str) -> ServeProcess:
    (tmp_path / name).mkdir()
    server = ServeProcess(str(tmp_path / name / "vita.sqlite"), tmp_path / name,
                          extra=("--table-rate", "1/60", *extra))
    server.start()
    return server


def test_a_trusted_proxy_has_each_client_counted_on_its_own(tmp_path: Path) -> None:
    server = serve(tmp_path, "trusted")  # the tests reach it from 127.0.0.1, trusted by default
    try:
        assert create(server, "203.0.113.1") == 201
        assert create(server, "203.0.113.1") == 429  # the same client, over its 1 a minute
        assert create(server, "203.0.113.2") == 201  # another client behind the same proxy
    finally:
        server.kill()


def test_a_header_from_an_untrusted_address_is_ignored(tmp_path: Path) -> None:
    server = serve(tmp_path, "untrusted", "--forwarded-allow-ips", "192.0.2.7")
    try:
        assert create(server, "203.0.113.1") == 201
        assert create(server, "203.0.113.2") == 429  # both counted as 127.0.0.1, whatever they claim
    finally:
        server.kill()
