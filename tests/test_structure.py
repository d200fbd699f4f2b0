"""The shape of the code: no circle of imports in the packages that have none, counting every
import (at the top, inside functions, under ``TYPE_CHECKING``); ``vita.core`` imports nothing
above it; no game package imports a front-end or adapter library."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import vita

ROOT = Path(vita.__file__).parent.parent
WITHOUT_CIRCLES = ["vita.core", "vita.web", "vita.ai", "vita.terminal", "vita.testing", "vita.games.pursuit",
                   "vita.games.pursuit_cards", "vita.games.cv", "vita.games.our_life"]
# Rules of a rulebook that truly recurse, each named in its game's doc ("Where each rule lives"):
# Our Life's bonuses: a column's or a section's bonus marks the Digital Persona, whose own
# bonuses may trigger another bonus ("Bonuses", "Digital Persona").
RECURSIONS = {"vita.games.our_life": [["vita.games.our_life.rules.bonuses", "vita.games.our_life.rules.persona"]]}
FRONT_ENDS = ("rich", "numpy", "fastapi", "starlette", "uvicorn", "gymnasium", "pettingzoo", "pyspiel", "click")


def modules(root: Path = ROOT, top: str = "vita") -> dict[str, Path]:
    found = {}
    for path in (root / top).rglob("*.py"):
        name = ".".join(path.relative_to(root).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """Every module of vita that ``name`` imports, wherever the import stands."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {module for module in found if module in known and module != name}


def circles(within: str, root: Path = ROOT) -> list[list[str]]:
    known = modules(root, within.split(".")[0])
    graph = {name: {m for m in imports(name, path, known) if m.startswith(within)}
             for name, path in known.items() if name.startswith(within)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    return found


@pytest.mark.parametrize("package", WITHOUT_CIRCLES)
def test_no_circle_of_imports(package: str) -> None:
    assert circles(package) == RECURSIONS.get(package, [])


def test_the_check_finds_every_kind_of_import_in_a_circle(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("def late():\n    from pkg.c import thing\n")
    (package / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n")
    (package / "d.py").write_text("import pkg.a\n")
    assert circles("pkg", tmp_path) == [["pkg.a", "pkg.b", "pkg.c"]]


def test_core_imports_nothing_above_it() -> None:
    known = modules()
    for name, path in known.items():
        if name.startswith("vita.core"):
            above = {m for m in imports(name, path, known) if not m.startswith("vita.core") and m != "vita"}
            assert not above, f"{name} imports {above}"


def test_no_game_package_imports_a_front_end_or_adapter_library() -> None:
    for path in (ROOT / "vita" / "games").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            for module in names:
                assert module.split(".")[0] not in FRONT_ENDS, f"{path} imports {module}"


GAMES = ["pursuit", "pursuit_cards", "cv", "our_life"]
# The role modules every game package has, under the same names (docs/engine.md, "The shape of
# a game package"); only the modules of rules/ are named after each game's own rulebook.
ROLES = ["info", "options", "cards", "state", "actions", "flow", "legal", "describe", "position", "schema",
         "observer", "table", "prompts", "bots", "game"]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_modules_for_the_same_roles(game: str) -> None:
    package = ROOT / "vita" / "games" / game
    missing = [role for role in ROLES if not (package / f"{role}.py").is_file()]
    assert not missing, f"{game} lacks {missing}"
    assert (package / "rules" / "__init__.py").is_file() and (package / "rules" / "setup.py").is_file()
    # A game whose cards are read from deck files has their schema in deckfile.py; every other
    # top-level module is the board game's expansion (its cards and their file) or the state's steps.
    others = {p.stem for p in package.glob("*.py")} - set(ROLES) - {"__init__"}
    if game != "pursuit_cards":  # its deck is the fixed 124 cards, read from no file
        assert "deckfile" in others, f"{game} has no deckfile.py"
    others -= {"deckfile"}
    assert others <= {"community_cards", "community_deckfile", "steps"}, f"{game}'s modules outside the roles: {others}"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_starts_the_same_way(game: str) -> None:
    """``rules.setup.new_game(options, seed, *, log=True)`` in every game, and what the game's
    ``new_state`` calls."""
    import importlib
    import inspect

    setup = importlib.import_module(f"vita.games.{game}.rules.setup")
    parameters = inspect.signature(setup.new_game).parameters
    assert [(p.name, p.kind.name) for p in parameters.values()] == [
        ("options", "POSITIONAL_OR_KEYWORD"), ("seed", "POSITIONAL_OR_KEYWORD"), ("log", "KEYWORD_ONLY")]
    module = importlib.import_module(f"vita.games.{game}.game")
    game_object = module.GAME
    options = game_object.make_options(game_object.options_for_players(2))
    assert setup.new_game(options, 5, log=True).to_json() == game_object.new_state(options, 5).to_json()



def test_the_web_app_is_assembled_from_routers_and_reads_no_environment() -> None:
    """``create_app`` assembles the routers of ``vita.web.routes`` and reads no environment
    (``vita serve`` turns options and their environment variables into its arguments)."""
    source = (ROOT / "vita" / "web" / "app.py").read_text()
    assert "os.environ" not in source and "getenv" not in source and "import os" not in source
    tree = ast.parse(source)
    verbs = ("get", "post", "put", "delete", "websocket")
    routes = [node for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr in verbs
              and isinstance(node.value, ast.Name) and node.value.id == "app"]
    assert not routes, "a route declared in create_app instead of a router"
    areas = {p.stem for p in (ROOT / "vita" / "web" / "routes").glob("*.py")} - {"__init__"}
    assert areas == {"host", "games", "tables", "play", "pages"}


@pytest.mark.parametrize("game", GAMES)
def test_pydantic_models_stay_out_of_the_rules(game: str) -> None:
    """pydantic models (which a compiled build leaves interpreted) are in modules of their own:
    the options, the position's schema and the deck files' schema, never beside the card
    tables, a rule, the state, the codec or the observer."""
    package = ROOT / "vita" / "games" / game
    with_pydantic = {str(p.relative_to(package)) for p in package.rglob("*.py") if "pydantic" in p.read_text()}
    assert with_pydantic <= {"options.py", "schema.py", "deckfile.py", "community_deckfile.py"}, with_pydantic


def test_the_web_has_one_name_for_a_live_table() -> None:
    """A live table is a ``Table`` (``vita.web.table``), the server's set of them ``Tables``:
    no identifier in the web package calls either a room."""
    named: list[str] = []
    for path in (ROOT / "vita" / "web").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [getattr(node, field, None) for field in ("id", "attr", "name", "arg")]
            named += [f"{path.name}: {n}" for n in names if isinstance(n, str) and "room" in n.lower()]
    assert not named, named
