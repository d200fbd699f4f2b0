"""The engine core shared by every game (see :mod:`vita.core.state`)."""

from vita.core.bots import Bot, BotFactory, RandomBot
from vita.core.errors import DataError, IllegalAction, PositionError
from vita.core.game import Game
from vita.core.match import Agent, play_out
from vita.core.record import GameRecord, ReplayError, replay
from vita.core.rng import Rng, derive_seed
from vita.core.state import JSON, Action, Event, GameInfo, State, parse

__all__ = [
    "JSON",
    "Action",
    "Agent",
    "Bot",
    "BotFactory",
    "DataError",
    "Event",
    "Game",
    "GameInfo",
    "GameRecord",
    "IllegalAction",
    "PositionError",
    "RandomBot",
    "ReplayError",
    "Rng",
    "State",
    "derive_seed",
    "parse",
    "play_out",
    "replay",
]
