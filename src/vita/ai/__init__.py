"""Adapters to the standard interfaces of learning agents (``pip install -e '.[ai]'``).

:func:`vita.ai.pettingzoo.env` makes any game with an AI interface
(:meth:`vita.core.state.Game.ai_interface`) a PettingZoo AEC environment.
"""
