"""Which modules the compiled build compiles (``VITA_USE_MYPYC=1``): the engine core and every
game's rules, state, actions, observer, prompts and bots, and the learning encoders (each game's
action numbering and observation vector, the compact and the generic encodings: read at every
decision of a learning agent). Left interpreted: the web, the terminal, the command line, the
environments around the encoders (PettingZoo, Gymnasium, OpenSpiel: subclasses of those
libraries' classes), and the modules whose classes mypyc cannot compile (pydantic models, and
``Reason``, a ``str`` subclass).
"""

from __future__ import annotations

from pathlib import Path

# Packages compiled whole, but for the modules named in INTERPRETED.
COMPILED_PACKAGES = ("vita/core", "vita/games", "vita/ai/games")
# Single modules compiled beside them.
COMPILED_MODULES = ("vita/ai/compact.py", "vita/ai/generic.py")
INTERPRETED = {
    "vita/core/errors.py",  # Reason(str): a subclass of a built-in type
    "vita/core/datafile.py", "vita/core/rulebook.py", "vita/core/record.py",  # pydantic models
    "deckfile.py", "community_deckfile.py", "schema.py", "options.py",  # pydantic models, per game
    "game.py",  # the Game classes (core and each game's): set up once, not on the hot path
}


def compiled_paths(src: Path) -> list[str]:
    """The source files to compile, relative to the project (mypyc maps them to modules)."""
    paths = []
    for package in COMPILED_PACKAGES:
        for path in sorted((src / package).rglob("*.py")):
            relative = path.relative_to(src).as_posix()
            if relative in INTERPRETED or path.name in INTERPRETED:
                continue
            paths.append(str(path.relative_to(src.parent)))
    paths += [str((src / module).relative_to(src.parent)) for module in COMPILED_MODULES]
    return paths
