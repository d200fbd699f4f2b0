"""Each game at its smallest and largest player count (Our Life: a single, a couple, and eight
players mixed): the options the AI interfaces' checkers run on."""

from __future__ import annotations

from typing import Any

EXTREMES: list[tuple[str, dict[str, Any]]] = [
    ("pursuit", {"players": 1}), ("pursuit", {"players": 4}),
    ("pursuit", {"players": 1, "expansion": "community"}), ("pursuit", {"players": 5, "expansion": "community"}),
    ("pursuit-cards", {"players": 2}), ("pursuit-cards", {"players": 5}),
    ("cv", {"players": 2}), ("cv", {"players": 4}),
    ("our-life", {"players": 1}), ("our-life", {"players": 2, "couples": 1}),
    ("our-life", {"players": 8, "couples": 2}),
]
