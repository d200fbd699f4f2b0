"""The compiled build: with ``VITA_USE_MYPYC=1`` the engine's modules are compiled by mypyc.

Everything else (metadata, dependencies, data files) is in pyproject.toml. The pure build, the
default and the reference, is the same source without extension modules.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).parent / "build_backend"))

from compiled_modules import compiled_paths

BUILDING = {"bdist_wheel", "build_ext", "build", "editable_wheel", "develop", "install"}

ext_modules = []
if os.environ.get("VITA_USE_MYPYC", "") == "1":
    try:
        from mypyc.build import mypycify
    except ImportError:
        # Asked for the build's requirements (before mypy is installed): nothing to compile yet.
        if BUILDING & set(sys.argv[1:]):
            raise SystemExit("VITA_USE_MYPYC=1 needs mypy (which brings mypyc): pip install mypy") from None
        mypycify = None
# Compiled when the build runs (not when pip only asks for the metadata, which has no C code).
if os.environ.get("VITA_USE_MYPYC", "") == "1" and mypycify is not None and BUILDING & set(sys.argv[1:]):
    opt_level = os.environ.get("VITA_MYPYC_OPT_LEVEL", "3")  # 0 builds faster, for trying things out
    ext_modules = mypycify(
        compiled_paths(Path(__file__).parent / "src"),
        opt_level=opt_level,
        # The generated C, apart per optimisation level (setuptools keeps objects it finds newer
        # than their source: a build at -O3 must not pick up one compiled at -O0).
        target_dir=f"build/mypyc-O{opt_level}",
        debug_level="0",
        # One shared library for the engine: modules call each other natively.
        separate=False,
    )

setup(ext_modules=ext_modules)
