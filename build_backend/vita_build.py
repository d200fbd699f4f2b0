"""The build backend: setuptools', plus mypy when the compiled build is asked for.

``VITA_USE_MYPYC=1 pip install .`` compiles the engine with mypyc (as mypy ships its own,
``MYPY_USE_MYPYC``); mypy is then a requirement of the build, and so are the packages whose
types the compiled modules use (mypyc type-checks what it compiles). Without the variable this
is setuptools' own backend and the build is pure Python.
"""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the backend's hooks, as setuptools defines them)

# What the compiled build needs beside setuptools: the compiler of typed Python, and the
# packages (or their stubs) imported by the modules it compiles and by those it type-checks on
# the way (the learning encoders sit in the package of the environments, which import
# Gymnasium and PettingZoo).
COMPILED_BUILD_REQUIRES = ["mypy>=1.10", "pydantic>=2.6", "types-PyYAML", "PyYAML>=6.0", "numpy>=1.26",
                           "gymnasium>=0.29", "pettingzoo>=1.24"]


def _compiled() -> bool:
    return os.environ.get("VITA_USE_MYPYC", "") == "1"


def get_requires_for_build_wheel(config_settings: dict[str, object] | None = None) -> list[str]:
    extra = COMPILED_BUILD_REQUIRES if _compiled() else []
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *extra]


def get_requires_for_build_editable(config_settings: dict[str, object] | None = None) -> list[str]:
    extra = COMPILED_BUILD_REQUIRES if _compiled() else []
    return [*_setuptools.get_requires_for_build_editable(config_settings), *extra]
