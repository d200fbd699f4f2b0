"""Fuzzing a game's notation: whatever text reaches ``parse`` and ``apply``, the answer is
either the action (if the text is a legal action) or one :class:`IllegalAction` with a short
message, and a refused text changes nothing.

Inputs come from a seeded generator (so a failure replays): random strings, legal notations
truncated, mutated and recombined, another seat's actions, Unicode digits, huge numbers.
``benchmarks/fuzz.py`` runs it at scale; the suite runs a small sample.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from vita.core.errors import IllegalAction
from vita.core.game import Game
from vita.core.rng import Rng
from vita.core.roster import make_bot
from vita.core.state import State
from vita.registry import get_game

ODD = ["²", "③", "٣", "০", "Ⅻ", "½", "-1", "0", "00", "9" * 30, "9" * 5000, "\x00", "\u202e", "é", "JK=", "=",
       "@", "m", "m0@0", "pay:", "pay:K-1C0I0", "L0", "L99", "  ", "\t", "\n", "🂡", "NaN", "1e9", "0x10", "None"]
MESSAGE_LIMIT = 500


@dataclass
class Report:
    game: str
    tries: int = 0
    refused: int = 0
    legal: int = 0
    positions: int = 0
    failures: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "tries": self.tries, "refused": self.refused, "legal": self.legal,
                "positions": self.positions, "failures": self.failures[:20], "failed": len(self.failures)}


def inputs(rng: Rng, legal: list[str], count: int) -> Iterator[str]:
    """``count`` texts, mostly near ``legal`` (every seat's legal actions: where parsers
    break, and what another seat may do), some far."""
    words = sorted({w for text in legal for w in text.split()}) or ["x"]
    for _ in range(count):
        kind = rng.below(9)
        base = legal[rng.below(len(legal))] if legal else "pass"
        if kind == 0:  # random characters
            yield "".join(chr(32 + rng.below(0x2FF)) for _ in range(rng.below(24)))
        elif kind == 1:  # truncated
            yield base[: rng.below(len(base) + 1)]
        elif kind == 2:  # one word replaced by an odd one
            parts = base.split()
            parts[rng.below(len(parts))] = ODD[rng.below(len(ODD))]
            yield " ".join(parts)
        elif kind == 3:  # a digit turned into a Unicode digit or a huge number
            yield "".join(ODD[rng.below(2)] if c.isdigit() and rng.below(2) else c for c in base) \
                if any(c.isdigit() for c in base) else base + " " + "9" * (1 + rng.below(6000))
        elif kind == 4:  # a legal action, of this seat or another (the seat is drawn apart)
            yield base
        elif kind == 5:  # words of legal actions, shuffled together
            yield " ".join(words[rng.below(len(words))] for _ in range(1 + rng.below(5)))
        elif kind == 6:  # a word dropped or doubled
            parts = base.split()
            index = rng.below(len(parts))
            yield " ".join(parts[:index] + parts[index + 1:] if rng.below(2) else parts[: index + 1] + parts[index:])
        elif kind == 7:  # case and spacing changed
            yield "  ".join(w.upper() if rng.below(2) else w.lower() for w in base.split())
        else:  # huge
            yield base + " " + "x" * (1 + rng.below(100_000)) if rng.below(2) else "\x00" * rng.below(5000)


def fuzz(game_id: str, tries: int, seed: int = 1, per_position: int = 40, players: int | None = None) -> Report:
    """Throw ``tries`` texts at random positions of random games of ``game_id``."""
    return fuzz_game(get_game(game_id), tries, seed, per_position, players)


def fuzz_game(game: Game[Any, Any], tries: int, seed: int = 1, per_position: int = 40,
              players: int | None = None) -> Report:
    """Throw ``tries`` texts at random positions of random games of ``game``."""
    rng = Rng(seed)
    report = Report(game.info.id)
    while report.tries < tries:
        count = players or game.info.min_players + rng.below(game.info.max_players - game.info.min_players + 1)
        state = game.new(seed=rng.next_u64() % 2**62, log=False, **game.options_for_players(max(count, 1)))
        bot = make_bot(game, "random", rng.next_u64())
        steps = 0
        while not state.is_over() and report.tries < tries and steps < 5000:
            movers = state.to_move()
            if rng.below(6) == 0:
                _attack(state, rng, per_position, report)
                report.positions += 1
            seat = movers[0]
            state.apply(bot.choose(state, seat), seat)
            steps += 1
    return report


def _attack(state: State, rng: Rng, count: int, report: Report) -> None:
    movers = state.to_move()
    legal = [str(a) for seat in movers for a in state.legal_actions(seat)]
    before = json.dumps(state.to_json(), sort_keys=True)
    for text in inputs(rng, legal, count):
        seat = rng.below(state.num_players + 1) if rng.below(4) == 0 else movers[rng.below(len(movers))]
        work = state.clone()
        report.tries += 1
        try:
            work.act(seat, text)
            report.legal += 1
        except IllegalAction as refusal:
            report.refused += 1
            if len(str(refusal)) > MESSAGE_LIMIT:
                report.failures.append(f"{text[:40]!r}: a {len(str(refusal))}-character message")
            if json.dumps(work.to_json(), sort_keys=True) != before:
                report.failures.append(f"{text[:40]!r} (seat {seat}): refused but the state changed")
        except Exception as error:  # anything but the one error type is a failure
            report.failures.append(f"{text[:40]!r} (seat {seat}): {type(error).__name__}: {str(error)[:120]}")
