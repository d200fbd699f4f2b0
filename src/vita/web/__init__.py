"""Play in the browser: a multiplayer web app for every registered game (``vita serve``).

The game record is the source of truth: every action is stored as it is applied, and a
table is rebuilt by replaying its record. See ``docs/web.md``.
"""
