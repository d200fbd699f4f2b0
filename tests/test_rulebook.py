"""Each game's rule references (rulebook.yaml): every offered kind of action has one, and every
quote is word for word in its rulebook (when the rulebooks are at hand: ../shared/seeds, or
the directory in VITA_RULEBOOKS)."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from vita.core.errors import DataError
from vita.core.rulebook import load_rulebook
from vita.registry import GAMES, get_game

ROOT = Path(__file__).resolve().parents[1]
RULEBOOKS = Path(os.environ.get("VITA_RULEBOOKS", ROOT.parent / "shared" / "seeds"))
WITH_REFERENCES = ["pursuit", "pursuit-cards", "cv", "our-life"]


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def offered_kinds(game_id: str, options: dict[str, object], games: int = 12) -> set[str]:
    game, kinds = get_game(game_id), set()
    for seed in range(games):
        state, rng = game.new(seed=seed, **options), random.Random(seed)
        for _ in range(3000):
            if state.is_over():
                break
            seat = state.to_move()[0]
            actions = state.legal_actions(seat)
            kinds.update(str(a).split()[0] for a in actions)
            state.apply(rng.choice(actions), seat)
    return kinds


@pytest.mark.parametrize("game_id", WITH_REFERENCES)
def test_every_kind_of_action_offered_names_its_rule(game_id: str) -> None:
    game = get_game(game_id)
    options: dict[str, object] = {"players": 2}
    if game_id == "pursuit":
        options["expansion"] = "community"
    missing = offered_kinds(game_id, options) - set(game.rulebook().actions)
    assert not missing, f"{game_id}: no rule reference for {sorted(missing)}"


@pytest.mark.parametrize("game_id", WITH_REFERENCES)
def test_every_quote_is_word_for_word_in_its_rulebook(game_id: str) -> None:
    book = get_game(game_id).rulebook()
    winning = [(f"win {number}", rule) for number, rule in enumerate(book.win.rules if book.win else ())]
    for kind, rule in [*book.actions.items(), *winning, *book.things.items()]:
        path = RULEBOOKS / (rule.source or book.source)
        if not path.exists():
            pytest.skip(f"the rulebook {path.name} is not at hand (set VITA_RULEBOOKS to its directory)")
        text = flat(path.read_text(encoding="utf-8"))
        assert flat(rule.quote) in text, f"{game_id} {kind}: quote not in {path.name}"
        heading = flat(rule.section).removeprefix("FAQ: ").lower()  # headings are in capitals in places
        assert heading in text.lower(), f"{game_id} {kind}: no section {rule.section!r} in {path.name}"


def test_a_game_without_references_has_an_empty_rulebook_and_a_bad_file_is_refused(tmp_path: Path) -> None:
    assert load_rulebook(tmp_path).actions == {}
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "rulebook.yaml").write_text("source: x.txt\nactions:\n  Study!: {section: S, quote: q}\n")
    with pytest.raises(DataError, match=r"rulebook\.yaml"):
        load_rulebook(bad)


def test_every_game_loads_its_references() -> None:
    for game_id in GAMES:
        book = get_game(game_id).rulebook()
        assert (game_id in WITH_REFERENCES) == bool(book.actions), game_id


@pytest.mark.parametrize("game_id", WITH_REFERENCES)
def test_every_game_says_how_it_is_won_and_its_solo_target(game_id: str) -> None:
    """How to win is always one look away: each game's summary, quoted from its end-of-game rules;
    the solo targets where a rulebook has them (the board game's 50 LTH, 60 with Community, in
    "game end" and Community's "SOLO GAME"; Our Life's table in "SOLO/CO-OP MODE")."""
    win = get_game(game_id).rulebook().win
    assert win is not None and win.rules
    solo = {"pursuit": ("50 LTH", "60"), "our-life": ("400+", "Perfect life!")}.get(game_id)
    if solo is None:
        assert win.solo is None
    else:
        assert win.solo is not None and all(word in win.solo for word in solo)
