"""Tables remember the game's rules version they were played under, and a finished table
its public log, so that it stays viewable when a later rules version no longer replays it.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rules", sa.Integer, nullable=False, server_default="1"))
        batch.add_column(sa.Column("final_log", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("final_log")
        batch.drop_column("rules")
