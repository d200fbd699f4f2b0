"""Turn mail: a seat holder's own address, kept apart from everything a view reads, with what
was last sent to it (docs/web.md, "Turn mail").

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_mail",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("stop_token", sa.String(64), nullable=False, unique=True),
        sa.Column("base", sa.String(300), nullable=False),
        sa.Column("turn_seq", sa.Integer, nullable=True),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reminded_for", sa.DateTime(timezone=True), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("seat_mail")
