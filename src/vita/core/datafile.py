"""Reading card and board data files people write by hand: strictly, and within bounds.

A deck is YAML a person edits, or one downloaded from somewhere: it must never crash vita,
blow up its memory, or pass with a silent mistake. So a data file is read

* only if it is a regular file of at most :data:`MAX_BYTES` bytes, in UTF-8;
* with YAML's safe loader, refusing anchors and aliases (a few lines of aliases can expand
  to gigabytes) and refusing a key given twice in one mapping (the second would silently
  win);

and every problem is a :class:`DataError` that names the file (and the line, where YAML
knows it), in one line of bounded length.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from vita.core.errors import DataError

MAX_BYTES = 1024 * 1024

Source = Literal["rulebook", "designed", "mixed"]
"""Where a card's values come from: printed in the rulebook, designed for vita, or some of each
(a mixed card names its printed values: :func:`check_printed`)."""


class FileModel(BaseModel):
    """The base of a deck file's models: an unknown field is refused, and what is read is frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)

DECKS = 8
"""How many decks a process keeps loaded, with the tables derived from each (a bounded cache:
tuning and tests make many decks; a server plays the ones that ship)."""


def names_of(directory: Path) -> frozenset[str]:
    """The names a game's built-in deck directory goes by: as its default load names it, and
    resolved (as a deck named by its path is loaded). Found once, at import: a position's JSON
    and a pickled deck ask at every call whether a deck is the built-in one."""
    return frozenset({str(directory), str(directory.resolve())})


class StrictLoader(yaml.SafeLoader):
    """YAML's safe loader, without anchors, aliases or duplicate keys."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            raise yaml.composer.ComposerError(
                None, None, "YAML aliases (*name) are not allowed in card data", event.start_mark)
        node = super().compose_node(parent, index)
        if node is not None and getattr(node, "anchor", None):
            raise yaml.composer.ComposerError(
                None, None, "YAML anchors (&name) are not allowed in card data", node.start_mark)
        return node

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key {str(key)[:40]!r} is given twice", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep)


def load_yaml(path: str | Path, max_bytes: int = MAX_BYTES) -> Any:
    """The data in a YAML file, read strictly (see the module's notes); :class:`DataError`
    naming the file and the problem otherwise."""
    path = Path(path)
    name = path.name
    if path.is_dir():
        raise DataError(f"{name}: is a directory, not a file")
    if not path.exists():
        raise DataError(f"{name}: missing file")
    if not path.is_file():
        raise DataError(f"{name}: not a regular file")
    size = path.stat().st_size
    if size > max_bytes:
        raise DataError(f"{name}: {size} bytes; a data file is at most {max_bytes} bytes")
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as error:
        raise DataError(f"{name}: not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise DataError(f"{name}: cannot be read ({error.strerror})") from None
    try:
        return yaml.load(text, Loader=StrictLoader)
    except (yaml.scanner.ScannerError, yaml.parser.ParserError) as error:
        raise DataError(f"{name}: not valid YAML: {_describe(error)}") from None
    except yaml.YAMLError as error:
        raise DataError(f"{name}: {_describe(error)}") from None
    except RecursionError:
        raise DataError(f"{name}: nested too deeply") from None


def _describe(error: yaml.YAMLError) -> str:
    """One line: what is wrong and where (line and column, counted from 1)."""
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or str(error)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    return (where + " ".join(str(problem).split()))[:200]


def problems(error: ValidationError, prefix: str = "", empty: str = "(top level)", limit: int = 50) -> list[str]:
    """One line per problem pydantic found: ``prefix``, where it is (dotted), what is wrong.

    >>> from pydantic import BaseModel
    >>> class Card(BaseModel):
    ...     cost: int
    >>> try:
    ...     Card.model_validate({"cost": "x"})
    ... except ValidationError as error:
    ...     problems(error, "cards.yaml: card 1: ")
    ['cards.yaml: card 1: cost: Input should be a valid integer, unable to parse string as an integer']
    """
    lines = []
    for problem in error.errors()[:limit]:
        where = ".".join(str(part) for part in problem["loc"]) or empty
        lines.append(f"{prefix}{where}: {problem['msg']}")
    return lines



# -- printed or designed, per value ----------------------------------------------------------
#
# A card whose values come partly from a rulebook (``source: mixed``) lists the printed ones
# as paths into the card's own fields, such as ``levels.1`` (everything of the second level),
# ``upkeep.reward.money`` or ``roles.0``: a path names the value there and everything under
# it. Every other value of a mixed card, and every value of a ``designed`` card, is designed;
# ``vita tune`` changes only those.

_MISSING = object()


def value_at(node: Any, path: str) -> Any:
    """The value at a dotted ``path`` of a pydantic model (or of plain YAML data): field
    names, and list positions from 0; :data:`_MISSING` if there is none."""
    for part in path.split("."):
        if isinstance(node, list | tuple):
            if not part.isdigit() or int(part) >= len(node):
                return _MISSING
            node = node[int(part)]
        elif isinstance(node, BaseModel):
            if part not in type(node).model_fields:
                return _MISSING
            node = getattr(node, part)
        elif isinstance(node, dict):  # keys may be numbers (a row's points by marks)
            key: Any = part if part in node else int(part) if part.isdigit() and int(part) in node else _MISSING
            if key is _MISSING:
                return _MISSING
            node = node[key]
        else:
            return _MISSING
    return node


def check_printed(model: BaseModel, source: str, printed: tuple[str, ...]) -> None:
    """Raise :class:`ValueError` unless ``printed`` says which values of a ``mixed`` card are
    printed (and a card of another source lists none), each path naming a value of the card."""
    if source == "mixed" and not printed:
        raise ValueError("printed: a mixed card lists the values a rulebook prints, as paths into the card "
                         "(such as levels.1 or upkeep.reward.money)")
    if source != "mixed" and printed:
        raise ValueError(f"printed: only a mixed card lists printed values (this one is {source})")
    for path in printed:
        if value_at(model, path) is _MISSING:
            raise ValueError(f"printed: {path!r} names no value of this card")


def is_printed(path: str, source: str, printed: tuple[str, ...]) -> bool:
    """Whether the value at ``path`` of a card is printed in a rulebook.

    >>> is_printed("levels.1.cost.money", "mixed", ("levels.1",)), is_printed("levels.10.cost", "mixed", ("levels.1",))
    (True, False)
    """
    if source == "rulebook":
        return True
    return any(path == p or path.startswith(p + ".") for p in printed)
