"""Turn mail: a seat's holder may leave an address on their own page and is sent a mail when
the seat's turn begins, and again shortly before its deadline (docs/web.md, "Turn mail").

The address is stored for that seat only (``seat_mail``, a table no view reads), never shown to
anyone, and forgotten when the holder removes it, follows the stop link of any mail, or the
game ends. A mail links to the table's page without the seat's token (the browser that holds
the seat opens it; elsewhere the holder uses their own link) and carries a one-click stop link.
Sending runs on a queue of its own, in a thread (the standard library's :mod:`smtplib`), and
retries a failing server with backoff: it never holds up a move or a page.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import smtplib
import ssl
from dataclasses import dataclass
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

from email_validator import EmailNotValidError, validate_email

from vita.web.errors import Refused

log = logging.getLogger("vita.web")

TURN_SPACING = timedelta(hours=1)
"""At most one "your turn" mail per seat in this time (a quick game would send one a move)."""
RETRIES = 5  # tries of a mail before it is given up, 1, 2, 4, 8 s apart


def reminder_ahead(move_limit: int) -> timedelta:
    """How long before a deadline the reminder goes: an hour, or half the limit if shorter."""
    return timedelta(seconds=min(3600, move_limit // 2))


@dataclass(frozen=True)
class SmtpSettings:
    """Where mail goes out: ``security`` is ``starttls``, ``tls`` (implicit, port 465 usually)
    or ``none`` (a local relay)."""

    host: str
    port: int = 587
    user: str | None = None
    password: str | None = None
    security: str = "starttls"
    sender: str = "vita@localhost"
    timeout: float = 10.0

    @classmethod
    def from_options(cls, host: str | None, port: int | None, user: str | None, password_env: str | None,
                     password_file: str | None, security: str, sender: str | None,
                     environ: dict[str, str]) -> SmtpSettings | None:
        """The settings ``vita serve``'s options give (``None`` without a host: no mail)."""
        if not host:
            return None
        password = None
        if password_file:
            password = Path(password_file).read_text(encoding="utf-8").strip()
        elif password_env:
            if password_env not in environ:
                raise ValueError(f"--smtp-password-env: the environment has no {password_env}")
            password = environ[password_env]
        default_port = {"tls": 465, "starttls": 587, "none": 25}[security]
        return cls(host, port or default_port, user, password, security, sender or f"vita@{host}")


def check_address(text: str) -> str:
    """The address in its normal form; a 422 with the reason if it is not one."""
    try:
        return validate_email(text.strip(), check_deliverability=False).normalized
    except EmailNotValidError as error:
        raise Refused(422, f"email: not an address ({error})") from None


@dataclass(frozen=True)
class Mail:
    to: str
    subject: str
    body: str
    stop: str  # the one-click stop link


class Mailer:
    """Sends queued mail in the background (see the module's notes)."""

    def __init__(self, settings: SmtpSettings, retry_base: float = 1.0) -> None:
        self.settings = settings
        self.retry_base = retry_base
        self.queue: asyncio.Queue[Mail] = asyncio.Queue(1000)
        self.task: asyncio.Task[None] | None = None
        self.sent = 0
        self.failed = 0
        self.sending: set[asyncio.Task[None]] = set()
        # One TLS context for every mail: making one loads the system's certificate authorities
        # (about 50 ms). It trusts what OpenSSL trusts (SSL_CERT_FILE names another bundle).
        self.tls = ssl.create_default_context() if settings.security != "none" else None

    def start(self) -> None:
        self.task = asyncio.create_task(self._run())

    async def close(self) -> None:
        for task in list(self.sending):
            task.cancel()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task

    def send(self, mail: Mail) -> None:
        """Queue a mail (dropped, with a warning, if a thousand are waiting: a server down)."""
        try:
            self.queue.put_nowait(mail)
        except asyncio.QueueFull:
            log.warning("turn mail dropped: the queue is full (is the SMTP server reachable?)")

    async def _run(self) -> None:
        while True:
            mail = await self.queue.get()
            task = asyncio.create_task(self._deliver(mail))
            self.sending.add(task)
            task.add_done_callback(self.sending.discard)

    async def _deliver(self, mail: Mail) -> None:
        for attempt in range(RETRIES):
            try:
                await asyncio.to_thread(self._send_now, mail)
                self.sent += 1
                return
            except (OSError, smtplib.SMTPException) as error:
                if attempt == RETRIES - 1:
                    self.failed += 1
                    # The error's kind only: an SMTP refusal's text names the address.
                    log.warning("turn mail not sent after %d tries: %s", RETRIES, type(error).__name__)
                    return
                await asyncio.sleep(self.retry_base * 2**attempt)

    def _send_now(self, mail: Mail) -> None:
        s = self.settings
        message = EmailMessage()
        message["From"] = s.sender
        message["To"] = mail.to
        message["Subject"] = mail.subject
        message["List-Unsubscribe"] = f"<{mail.stop}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        message.set_content(mail.body)
        smtp: smtplib.SMTP
        if s.security == "tls":
            smtp = smtplib.SMTP_SSL(s.host, s.port, timeout=s.timeout, context=self.tls)
        else:
            smtp = smtplib.SMTP(s.host, s.port, timeout=s.timeout)
        with smtp:
            if s.security == "starttls":
                smtp.starttls(context=self.tls)
            if s.user:
                smtp.login(s.user, s.password or "")
            smtp.send_message(message)


def turn_mail(address: str, base: str, table_id: str, title: str, seat_name: str, stop: str,
              deadline: str | None) -> Mail:
    """"It is your turn": the table's page (no token in it) and the stop link."""
    when = f"\nYou have until {deadline} (UTC) for this move.\n" if deadline else "\n"
    return Mail(address, f"Your turn: {title}",
                f"{seat_name}, it is your turn at {title}.\n\nOpen the table: {base}/t/{table_id}\n"
                "(the browser where you play this seat opens it; elsewhere, use your seat's link)\n"
                f"{when}\nNo more mail for this seat: {stop}\n", stop)


def reminder_mail(address: str, base: str, table_id: str, title: str, seat_name: str, stop: str,
                  deadline: str) -> Mail:
    """The deadline is near: past it, the table's bot plays the move."""
    return Mail(address, f"Time is running out: {title}",
                f"{seat_name}, your move at {title} is due at {deadline} (UTC); past it the table's bot "
                f"plays it for you.\n\nOpen the table: {base}/t/{table_id}\n\nNo more mail for this seat: {stop}\n",
                stop)
