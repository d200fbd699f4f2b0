"""vita: an engine and platform for life-simulation tabletop games."""

__version__ = "0.1.0"
