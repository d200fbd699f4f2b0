"""Games run where this machine's disk cannot be read (a Ray cluster of several machines): a
deck of one's own goes with the tasks, and the records come back to be written here."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from vita import sim
from vita.core.record import GameRecord, replay
from vita.core.rng import derive_seed
from vita.games.cv.cards import DATA_DIR
from vita.registry import get_game
from vita.sim import GameTask, ShippedDeck, play_one, play_task, simulate


def own_deck(where: Path) -> Path:
    """The built-in CV deck copied to ``where``, a note added to one file (a deck of one's own)."""
    shutil.copytree(DATA_DIR, where)
    with (where / "cards.yaml").open("a", encoding="utf-8") as cards:
        cards.write("# my copy\n")
    return where


def test_a_shipped_deck_is_written_once_on_a_machine_with_the_same_files(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    deck = own_deck(tmp_path / "mine")
    shipped = ShippedDeck.of(deck)
    shutil.rmtree(deck)  # the other machine: the original is not there
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "elsewhere"))
    (tmp_path / "elsewhere").mkdir()
    placed = Path(shipped.place())
    assert placed.parent == tmp_path / "elsewhere" / f"vita-decks-{os.getuid()}"
    assert placed.parent.stat().st_mode & 0o777 == 0o700  # the user's own
    assert sorted(p.name for p in placed.iterdir()) == ["cards.yaml", "goals.yaml"]
    assert (placed / "cards.yaml").read_text(encoding="utf-8").endswith("# my copy\n")
    assert not get_game("cv").check_card_data(str(placed))
    written = (placed / "cards.yaml").stat().st_mtime_ns
    assert shipped.place() == str(placed) and (placed / "cards.yaml").stat().st_mtime_ns == written
    assert [p.name for p in placed.parent.iterdir()] == [placed.name]  # nothing left aside


def test_a_shipped_deck_keeps_its_files_inside_its_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    for name in ("../escaped.yaml", "/abs.yaml"):
        with pytest.raises(ValueError, match="inside the deck"):
            ShippedDeck("0" * 32, ((name, b"x"),)).place()
    assert not (tmp_path / "escaped.yaml").exists()
    assert not any((tmp_path / f"vita-decks-{os.getuid()}").iterdir())  # nothing written


def test_a_shipped_deck_is_not_placed_where_others_can_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a shared machine another user could put a deck of theirs where ours would be read."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    home = tmp_path / f"vita-decks-{os.getuid()}"
    home.mkdir()
    home.chmod(0o777)
    with pytest.raises(ValueError, match="must belong to this user alone"):
        ShippedDeck.of(own_deck(tmp_path / "mine")).place()
    assert list(home.iterdir()) == []


def test_simulate_on_ray_refuses_a_folder_that_is_not_a_deck_before_reading_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Checked here, with the game's own words, before Ray starts or a file is read whole."""
    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("no game may start with a folder that is not a deck")

    monkeypatch.setattr(sim, "run_tasks", no_games)
    with pytest.raises(ValueError, match=r"2 problem\(s\) in the CV deck"):
        simulate("cv", {"players": 2, "cards": str(tmp_path)}, ["random", "random"], 2, ray="local")
    big = own_deck(tmp_path / "mine")
    with (big / "notes.bin").open("wb") as notes:
        notes.truncate(sim.MAX_SHIPPED_BYTES + 1)  # a deck beside something large
    with pytest.raises(ValueError, match="more than a deck sent to other machines may hold"):
        ShippedDeck.of(big)


def test_a_game_plays_from_the_shipped_copy_and_its_record_names_the_runs_deck(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deck = own_deck(tmp_path / "mine")
    options = {"players": 2, "cards": str(deck)}
    expected, _ = play_one("cv", options, ["heuristic", "random"], 77)
    shipped = ShippedDeck.of(deck)
    shutil.rmtree(deck)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    result = play_task(GameTask("cv", options, ["heuristic", "random"], 77, 0, deck=shipped, return_record=True))
    assert result["scores"] == list(expected.scores()) and result["length"] == expected.ply
    record = result["record"]
    assert isinstance(record, GameRecord) and record.options["cards"] == str(deck)
    shutil.copytree(shipped.here(), deck)  # the deck back where the run had it
    assert replay(get_game("cv"), record).scores() == expected.scores()


def test_simulate_on_ray_ships_the_deck_and_writes_the_records_here(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The deck is gone from this disk before any game starts, as it would be on another
    machine of the cluster: the games play all the same, and their records are written here."""
    pytest.importorskip("ray", reason="Ray is not installed (pip install -e '.[ray]')")
    deck = own_deck(tmp_path / "mine")
    options = {"players": 2, "cards": str(deck)}
    expected = [play_one("cv", options, ["heuristic", "random"], derive_seed(3, "game", n))[0].scores()
                for n in range(4)]
    copy = ShippedDeck.of(deck).here()
    run_tasks = sim.run_tasks

    def without_the_deck(work: object, tasks: list[GameTask], *args: object, **kwargs: object) -> object:
        shutil.rmtree(deck)
        # Another machine has no records directory either: each record comes back with its result.
        assert all(task.return_record and task.deck is not None for task in tasks)
        return run_tasks(work, tasks, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sim, "run_tasks", without_the_deck)
    records = tmp_path / "records"
    try:
        summary = simulate("cv", options, ["heuristic", "random"], 4, seed=3, ray="local", records_dir=str(records))
    finally:
        shutil.rmtree(copy, ignore_errors=True)
    assert summary["games"] == 4
    saved = sorted(records.iterdir())
    assert [p.name for p in saved] == [f"game-{n:05d}.json" for n in range(4)]
    for path, scores in zip(saved, expected, strict=True):
        record = GameRecord.load(path)
        assert record.options["cards"] == str(deck) and tuple(record.result["scores"]) == scores  # type: ignore[index]
