"""Turn mail over TLS, against a real SMTP server (aiosmtpd) whose certificate comes from a
certificate authority of the test's own (trustme), trusted the way OpenSSL is told to trust
one (``SSL_CERT_FILE``, docs/hosting.md "Turn mail"): STARTTLS (port 587's way) with a login
the server takes only once the connection is encrypted, and implicit TLS (port 465's). A
server whose certificate is not trusted gets neither the mail nor the password."""

from __future__ import annotations

import socket
import ssl
from collections.abc import Iterator
from email import message_from_bytes
from email.message import Message
from pathlib import Path
from typing import Any

import pytest

from vita.web.mail import Mail, Mailer, SmtpSettings

trustme = pytest.importorskip("trustme", reason="trustme is not installed (pip install -e '.[dev]')")
controller_module = pytest.importorskip("aiosmtpd.controller", reason="aiosmtpd is not installed")
from aiosmtpd.smtp import AuthResult, LoginPassword  # noqa: E402

MAIL = Mail("ana.player@example.org", "Your turn", "It is your turn at the table.", "http://vita.test/stop/x")


class Server:
    """What the SMTP server received, and the logins it was offered."""

    def __init__(self) -> None:
        self.mails: list[Message] = []
        self.logins: list[tuple[bytes, bytes]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append(message_from_bytes(envelope.content))
        return "250 OK"

    def authenticate(self, server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
        assert isinstance(data, LoginPassword)
        self.logins.append((data.login, data.password))
        return AuthResult(success=(data.login, data.password) == (b"vita", b"s3cret"))


@pytest.fixture
def authority(tmp_path: Path) -> Any:
    ca = trustme.CA()
    ca.cert_pem.write_to_path(str(tmp_path / "ca.pem"))
    return ca


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def _serve(authority: Any, implicit: bool) -> Iterator[tuple[Server, int]]:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert("127.0.0.1").configure_cert(context)
    server, port = Server(), _free_port()
    # Implicit TLS: the connection is encrypted from its first byte (aiosmtpd does not count it
    # as TLS for AUTH, so AUTH is offered without asking); STARTTLS: no mail and no AUTH before it.
    tls: dict[str, Any] = ({"ssl_context": context, "auth_require_tls": False} if implicit else
                           {"tls_context": context, "require_starttls": True, "auth_require_tls": True})
    controller = controller_module.Controller(server, hostname="127.0.0.1", port=port,
                                              authenticator=server.authenticate, **tls)
    controller.start()
    try:
        yield server, port
    finally:
        controller.stop()


@pytest.fixture
def starttls_server(authority: Any) -> Iterator[tuple[Server, int]]:
    yield from _serve(authority, implicit=False)


@pytest.fixture
def tls_server(authority: Any) -> Iterator[tuple[Server, int]]:
    yield from _serve(authority, implicit=True)


def _mailer(port: int, security: str) -> Mailer:
    return Mailer(SmtpSettings("127.0.0.1", port, user="vita", password="s3cret", security=security,
                               sender="vita@test", timeout=5))


@pytest.mark.parametrize("security", ["starttls", "tls"])
def test_turn_mail_goes_out_encrypted_with_its_login(security: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     request: pytest.FixtureRequest) -> None:
    server, port = request.getfixturevalue(f"{security}_server")
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "ca.pem"))
    mailer = _mailer(port, security)
    mailer._send_now(MAIL)
    mailer._send_now(MAIL)  # the same TLS context serves every mail
    assert server.logins == [(b"vita", b"s3cret")] * 2
    assert [m["To"] for m in server.mails] == [MAIL.to] * 2 and server.mails[0]["Subject"] == "Your turn"


@pytest.mark.parametrize("security", ["starttls", "tls"])
def test_a_server_whose_certificate_is_not_trusted_gets_no_mail_and_no_password(
        security: str, tmp_path: Path, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    server, port = request.getfixturevalue(f"{security}_server")
    other = trustme.CA()  # the mailer trusts another authority than the one that signed the server's certificate
    other.cert_pem.write_to_path(str(tmp_path / "other.pem"))
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "other.pem"))
    with pytest.raises(ssl.SSLCertVerificationError):
        _mailer(port, security)._send_now(MAIL)
    assert server.logins == [] and server.mails == []
