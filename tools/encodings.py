"""Write each game's encoding for learning agents into its doc (docs/games/<game>.md).

    python tools/encodings.py
"""

from __future__ import annotations

from vita.ai.encoding import doc_path, write
from vita.registry import GAMES

if __name__ == "__main__":
    for game_id in GAMES:
        print(f"{doc_path(game_id)}: {'written' if write(game_id) else 'current'}")
