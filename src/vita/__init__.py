"""vita: an engine and platform for life-simulation tabletop games.

``vita.compiled`` says which build runs: ``True`` for the engine compiled with mypyc
(``VITA_USE_MYPYC=1 pip install .``), ``False`` for the pure-Python build, the default and the
reference. Both are the same source and play the same games.
"""

from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

__version__ = "0.1.0"

# The compiled build installs each compiled module as an extension beside its source; the
# engine's generator (vita.core.rng) is one of them. Found without importing the engine.
compiled: bool = any((Path(__file__).parent / "core" / f"rng{suffix}").exists() for suffix in EXTENSION_SUFFIXES)
build: str = "compiled with mypyc" if compiled else "pure Python"
