"""Each game's encoding for learning agents, as its doc shows it, and its fingerprint.

The section between ``<!-- encoding: begin -->`` and ``<!-- encoding: end -->`` in each
game's doc is written by ``python tools/encodings.py`` from the game's own codec and
observer (``blocks()`` and ``layout()``); the suite checks it is current. The fingerprint
digests what the numbers and entries are along a fixed random game, so that any change of
the encoding shows, and must come with a new ``ENCODING_VERSION``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from vita.ai.games import own_interface
from vita.core.codec import encoding_markdown, numbers
from vita.core.rng import Rng
from vita.registry import get_game

BEGIN, END = "<!-- encoding: begin -->", "<!-- encoding: end -->"
# The options each game's doc shows the encoding for (the player count changes none of them).
VARIANTS: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "pursuit": [("The base game", {"players": 2}),
                ("With the Community expansion", {"players": 2, "expansion": "community"})],
}
DOCS = Path(__file__).resolve().parents[3] / "docs" / "games"


def section(game_id: str) -> str:
    """The doc's encoding section for ``game_id``."""
    game = get_game(game_id)
    parts = []
    variants = VARIANTS.get(game_id, [("", {"players": max(2, game.info.min_players)})])
    for title, options in variants:
        made = own_interface(game, game.make_options(options))
        assert made is not None
        if title:
            parts.append(f"**{title}.** ")
        parts.append(encoding_markdown(*made))
    return "".join(parts)


def fingerprint(game_id: str, options: dict[str, Any], steps: int = 300) -> str:
    """A digest of the action numbers and observations along a random game (seed 1)."""
    game = get_game(game_id)
    parsed = game.make_options(options)
    made = own_interface(game, parsed)
    assert made is not None
    codec, observer = made
    state, rng = game.new_state(parsed, 1, log=False), Rng(1)
    digest = hashlib.sha256(json.dumps([codec.size, observer.size, codec.version]).encode())
    for _ in range(steps):
        if state.is_over():
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        digest.update(json.dumps(numbers(codec, state, seat, legal)).encode())
        digest.update(json.dumps([round(x, 6) for x in observer.observe(state, seat)]).encode())
        state.apply_trusted(seat, legal[rng.below(len(legal))])
    return digest.hexdigest()[:16]


def doc_path(game_id: str) -> Path:
    return DOCS / f"{game_id}.md"


def write(game_id: str) -> bool:
    """Write the section into the game's doc; True if it changed."""
    path = doc_path(game_id)
    text = path.read_text(encoding="utf-8")
    if BEGIN not in text:
        raise ValueError(f"{path} has no encoding section ({BEGIN} ... {END})")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    new = f"{head}{BEGIN}\n{section(game_id)}{END}{tail}"
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text
