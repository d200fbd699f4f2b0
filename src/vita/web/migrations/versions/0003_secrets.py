"""Secrets kept as digests, chosen seeds marked, a bot for resigned seats.

Tokens were stored as they were handed out; from now on only their SHA-256 digests are
(links given out before keep working: the digest of the old token is stored). A table
says whether its seed was chosen by its creator, and which bot takes a resigned seat; a
seat remembers whether a person held it when the table was made.

Revision ID: 0003
Revises: 0002
"""

import hashlib

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("replacement_bot", sa.String(32), nullable=False, server_default="heuristic"))
        batch.add_column(sa.Column("owner_hash", sa.String(64), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("token_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("human", sa.Boolean, nullable=False, server_default=sa.false()))
    connection = op.get_bind()
    for table_id, owner in connection.execute(sa.text("SELECT id, owner_token FROM tables")).all():
        connection.execute(sa.text("UPDATE tables SET owner_hash = :h WHERE id = :id"),
                           {"h": _digest(owner), "id": table_id})
    seat_rows = connection.execute(sa.text("SELECT table_id, seat, kind, token, resigned FROM seats")).all()
    for table_id, seat, kind, token, resigned in seat_rows:
        connection.execute(
            sa.text("UPDATE seats SET token_hash = :h, human = :human WHERE table_id = :t AND seat = :s"),
            {"h": _digest(token) if token else None, "human": kind == "human" or bool(resigned),
             "t": table_id, "s": seat})
    with op.batch_alter_table("tables") as batch:
        batch.alter_column("owner_hash", existing_type=sa.String(64), nullable=False)
        batch.drop_column("owner_token")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("token")


def downgrade() -> None:
    raise NotImplementedError("tokens cannot be recovered from their digests: restore a backup instead")
