"""The terminal front end (``vita play``)."""

from vita.terminal.play import Quit, Seat, play

__all__ = ["Quit", "Seat", "play"]
