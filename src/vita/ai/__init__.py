"""Adapters to the standard interfaces of learning agents (``pip install -e '.[ai]'``).

- :func:`pettingzoo_env`: any game as a PettingZoo AEC environment (every seat an agent);
- :func:`parallel_env`: a PettingZoo Parallel environment (the seats asked at once act at once);
- :func:`gymnasium_env`: a single-agent Gymnasium environment, the other seats played by bots.

Each holds no rule, only encoding: a game provides its action numbering and observation
through :func:`vita.ai.games.interface` (each game's own encoding in :mod:`vita.ai.games`).
"""

from __future__ import annotations

from typing import Any

__all__ = ["gymnasium_env", "parallel_env", "pettingzoo_env"]


def pettingzoo_env(game_id: str, render_mode: str | None = None, **options: Any) -> Any:
    """``game_id`` as a PettingZoo AEC environment (:mod:`vita.ai.pettingzoo`)."""
    from vita.ai.pettingzoo import env

    return env(game_id, render_mode, **options)


def parallel_env(game_id: str, render_mode: str | None = None, **options: Any) -> Any:
    """``game_id`` as a PettingZoo Parallel environment (:mod:`vita.ai.parallel`)."""
    from vita.ai.parallel import parallel_env as make

    return make(game_id, render_mode, **options)


def gymnasium_env(game_id: str, opponents: Any = "random", seat: int = 0, render_mode: str | None = None,
                  **options: Any) -> Any:
    """``game_id`` as a single-agent Gymnasium environment against bots (:mod:`vita.ai.gymnasium`)."""
    from vita.ai.gymnasium import gymnasium_env as make

    return make(game_id, opponents, seat, render_mode, **options)
