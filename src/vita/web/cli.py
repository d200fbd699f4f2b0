"""``vita serve``: the web app on a local port."""

from __future__ import annotations

import click


def storage_name(db: str) -> str:
    """``db`` as it may be logged: a database URL without its password.

    >>> storage_name("postgresql://vita:s3cret@db/vita")
    'postgresql://vita:***@db/vita'
    >>> storage_name("data/vita.sqlite")
    'data/vita.sqlite'
    """
    if "://" not in db:
        return db
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(db).render_as_string(hide_password=True)
    except ArgumentError:
        return db.split("://", 1)[0] + "://…"


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--db", help="postgresql://… or a SQLite file (default: DATA/vita.sqlite).")
@click.option("--data", "data_dir", default="data", show_default=True, envvar="VITA_DATA", show_envvar=True,
              help="Data directory.")
@click.option("--bot-delay", default=0.4, show_default=True, type=float, help="Seconds a bot waits before playing.")
@click.option("--bot-workers", default=None, type=click.IntRange(1, 64),
              help="Worker processes for bots [default: the cores, at most 4].")
@click.option("--bot-budget", default=5.0, show_default=True, type=click.FloatRange(0.05, 120),
              help="The most seconds a bot may think per move (caps every bot's own settings).")
@click.option("--allow-chosen-seed", is_flag=True, envvar="VITA_ALLOW_CHOSEN_SEED", show_envvar=True,
              help="Let a table's creator choose its seed (for tests and puzzles: whoever chooses it knows "
                   "every hand; the record says the seed was chosen).")
@click.option("--table-rate", default="20/60", show_default=True, metavar="COUNT/SECONDS",
              help="The most tables one client address may create in so many seconds.")
@click.option("--max-connections", default=2000, show_default=True, type=click.IntRange(10, 100_000),
              help="Connections (pages, sockets, requests) served at once; more are answered 503.")
@click.option("--access-log/--no-access-log", default=True, show_default=True,
              help="Log each request (tokens and keys are removed from what is logged).")
@click.option("--forwarded-allow-ips", default="127.0.0.1", show_default=True, metavar="ADDRESSES",
              help="Proxies (comma-separated addresses or networks, '*' for any) whose X-Forwarded-For names the "
                   "client: the rate limits then count each client behind the proxy, not the proxy; they are "
                   "exempt from --max-per-address.")
@click.option("--max-per-address", default=64, show_default=True, type=click.IntRange(1, 100_000),
              help="Connections one client address may hold at once (pages, sockets, requests); more are "
                   "answered 503. Counted by the TCP peer: the proxies of --forwarded-allow-ips are exempt.")
@click.option("--head-timeout", default=5.0, show_default=True, type=click.FloatRange(0.5, 300),
              help="Seconds a client may take to send a request's head (its request line and headers); "
                   "a slower one is disconnected.")
@click.option("--log-format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="One line per event: plain text, or a JSON object per line for log collectors.")
@click.option("--metrics-port", default=None, type=click.IntRange(1, 65535),
              help="Serve Prometheus metrics on this port of 127.0.0.1 (off by default; one port per process).")
@click.option("--deadline-tick", default=5.0, show_default=True, type=click.FloatRange(0.05, 3600),
              help="Seconds between two looks for moves past their time limit.")
@click.option("--smtp-host", envvar="VITA_SMTP_HOST", show_envvar=True,
              help="Send turn mail through this SMTP server (without it, no address field is offered).")
@click.option("--smtp-port", type=click.IntRange(1, 65535), envvar="VITA_SMTP_PORT",
              help="Its port (default: 587 with STARTTLS, 465 with TLS, 25 with none).")
@click.option("--smtp-user", envvar="VITA_SMTP_USER", help="The user to log in as (none: no login).")
@click.option("--smtp-password-env", metavar="NAME", help="The environment variable holding the SMTP password.")
@click.option("--smtp-password-file", type=click.Path(exists=True, dir_okay=False),
              help="A file holding the SMTP password (its first line).")
@click.option("--smtp-security", type=click.Choice(["starttls", "tls", "none"]), default="starttls",
              show_default=True, help="STARTTLS on a plain connection, TLS from the start, or none (a local relay).")
@click.option("--smtp-from", envvar="VITA_SMTP_FROM", help="The mails' sender (default: vita@SMTP-HOST).")
@click.option("--clock-offset", default=0.0, type=float, hidden=True,
              help="Tests only: seconds added to the clock that time limits read.")
def serve(host: str, port: int, db: str | None, data_dir: str, bot_delay: float, bot_workers: int | None,
          bot_budget: float, allow_chosen_seed: bool, table_rate: str, max_connections: int,
          access_log: bool, forwarded_allow_ips: str, max_per_address: int, head_timeout: float,
          log_format: str, metrics_port: int | None, deadline_tick: float, smtp_host: str | None,
          smtp_port: int | None, smtp_user: str | None, smtp_password_env: str | None,
          smtp_password_file: str | None, smtp_security: str, smtp_from: str | None, clock_offset: float) -> None:
    """Play in the browser: create tables, invite friends, add bots."""
    import gc
    import logging
    import sys

    import uvicorn

    # Database drivers and the bot pool's feeder run in threads: hand the interpreter over
    # to them (and back to the event loop) in 1 ms slices rather than 5, or a push waits.
    sys.setswitchinterval(0.001)
    # Games make many small objects that live long (positions, logs): collect the young
    # generation less often, so that a full collection rarely lands in the middle of a move.
    gc.set_threshold(20_000, 50, 100)

    from vita.web.app import create_app
    from vita.web.bots import stop_helper_processes
    from vita.web.logs import logging_config
    from vita.web.metrics import serve_metrics
    from vita.web.serving import PeerGuard, Server, guarded_protocols

    try:
        count, seconds = table_rate.split("/")
        rate = (int(count), float(seconds))
        if rate[0] < 1 or rate[1] <= 0:
            raise ValueError
    except ValueError:
        raise click.BadParameter(f"{table_rate!r} is not COUNT/SECONDS (such as 20/60)", param_hint="--table-rate") \
            from None
    import os

    from vita.web.mail import SmtpSettings

    try:
        smtp = SmtpSettings.from_options(smtp_host, smtp_port, smtp_user, smtp_password_env, smtp_password_file,
                                         smtp_security, smtp_from, dict(os.environ))
    except (OSError, ValueError) as error:
        raise click.BadParameter(str(error), param_hint="--smtp-password-env/--smtp-password-file") from None
    try:
        app = create_app(db, data_dir=data_dir, bot_delay=bot_delay, bot_workers=bot_workers,
                         bot_budget=bot_budget, allow_chosen_seed=allow_chosen_seed, table_rate=rate,
                         deadline_tick=deadline_tick, clock_offset=clock_offset, smtp=smtp)
    except Exception as error:  # a database that cannot be opened: one line, not a traceback
        raise click.ClickException(f"cannot open the database: {error}") from None
    guard = PeerGuard(head_timeout=head_timeout, per_address=max_per_address, trusted=forwarded_allow_ips)
    http_protocol, ws_protocol = guarded_protocols(guard)
    if metrics_port is not None:
        try:
            serve_metrics(metrics_port)
        except OSError as error:
            raise click.ClickException(f"cannot serve metrics on 127.0.0.1:{metrics_port}: {error}") from None
    config = uvicorn.Config(
        app, host=host, port=port, log_config=logging_config(log_format, access_log), access_log=access_log,
        http=http_protocol, ws=ws_protocol,
        # A message from a page is a ping; a request body is refused past 64 KiB anyway.
        ws_max_size=64 * 1024, h11_max_incomplete_event_size=64 * 1024,
        limit_concurrency=max_connections, timeout_keep_alive=15,
        # A stop waits this long for requests under way, then closes what is left.
        timeout_graceful_shutdown=5,
        proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips)
    # The logging configuration is in force from here: the first line is an event like the rest.
    logging.getLogger("vita.web").info("vita is serving on http://%s:%d/ (storage: %s)", host, port,
                                       storage_name(db or data_dir + "/vita.sqlite"))
    try:
        Server(config, on_stop=app.state.tables.drain).run()
    finally:
        stop_helper_processes()  # the bot pool closed with the app; its helpers go now
