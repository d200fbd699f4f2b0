"""``vita serve``: the web app on a local port."""

from __future__ import annotations

import click


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--db", help="postgresql://… or a SQLite file (default: DATA/vita.sqlite).")
@click.option("--data", "data_dir", default="data", show_default=True, help="Data directory.")
@click.option("--bot-delay", default=0.4, show_default=True, type=float, help="Seconds a bot waits before playing.")
def serve(host: str, port: int, db: str | None, data_dir: str, bot_delay: float) -> None:
    """Play in the browser: create tables, invite friends, add bots."""
    import uvicorn

    from vita.web.app import create_app

    app = create_app(db, data_dir=data_dir, bot_delay=bot_delay)
    click.echo(f"vita is serving on http://{host}:{port}/ (storage: {db or data_dir + '/vita.sqlite'})")
    uvicorn.run(app, host=host, port=port, log_level="warning")
