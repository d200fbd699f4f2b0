"""Turn-based play: a table's time limit per move, each seat's deadline and its timeouts in a
row (docs/web.md, "Time limits").

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("move_limit", sa.Integer, nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("timeouts", sa.Integer, nullable=False, server_default="0"))
    op.create_index("seats_deadline", "seats", ["deadline"])


def downgrade() -> None:
    op.drop_index("seats_deadline", table_name="seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("timeouts")
        batch.drop_column("deadline")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("move_limit")
