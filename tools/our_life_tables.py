"""The tables of Our Life's sheets and decks in docs/games/our-life.md, made from the data files.

    python tools/our_life_tables.py          # rewrites the doc's tables from the data

The doc holds them between the markers ``<!-- tables -->`` and ``<!-- /tables -->``; a test
checks that they match the data, so the doc cannot fall behind it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from vita.games.our_life.cards import load_book  # noqa: E402
from vita.games.our_life.describe import markdown_tables  # noqa: E402

DOC = ROOT / "docs" / "games" / "our-life.md"


def main() -> None:
    text = DOC.read_text()
    head, rest = text.split("<!-- tables -->\n", 1)
    _, tail = rest.split("<!-- /tables -->", 1)
    DOC.write_text(f"{head}<!-- tables -->\n{markdown_tables(load_book())}\n<!-- /tables -->{tail}")
    print(f"{DOC} rewritten")


if __name__ == "__main__":
    main()
