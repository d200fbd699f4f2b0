"""The ``vita`` command line, end to end (click's test runner)."""

from __future__ import annotations

import json
import re
import shutil
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from rich.console import Console

from vita.cli import main
from vita.core import GameRecord, replay
from vita.games.pursuit.cards import DATA_DIR
from vita.registry import get_game
from vita.sim import play_one

CONFORMANCE = Path(__file__).parent / "conformance"


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=input)
    return result.exit_code, result.output


def test_games_lists_the_registry() -> None:
    code, output = run("games")
    assert code == 0 and "pursuit" in output and "heuristic" in output


def test_a_bot_game_is_the_same_byte_for_byte_with_the_same_seed() -> None:
    args = ("play", "pursuit", "--players", "4", "--bots", "random,heuristic,heuristic,heuristic",
            "--seed", "7")
    first, second = run(*args), run(*args)
    assert first[0] == 0, first[1]
    assert first == second
    assert "Final scores" in first[1] and "— Old Age" in first[1]


def test_solo_game_with_a_bot() -> None:
    code, output = run("play", "pursuit", "--players", "1", "--bots", "heuristic", "--seed", "3")
    assert code == 0, output
    assert "the solo game with" in output


def test_save_then_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, output = run("play", "pursuit", "--players", "2", "--bots", "random,heuristic",
                       "--seed", "5", "--save", str(path))
    assert code == 0, output
    record = GameRecord.load(path)
    assert record.result is not None and record.seed == 5
    code, replayed = run("replay", str(path))
    assert code == 0, replayed
    assert replayed.strip().splitlines()[-1].startswith("Final scores:")


def test_a_game_saved_midway_resumes(tmp_path: Path) -> None:
    state, record = play_one("pursuit", {"players": 2}, ["heuristic", "random"], 11, keep_record=True)
    assert record is not None
    full = record.actions
    record.actions = full[: len(full) // 2]
    record.result = None
    path = tmp_path / "half.json"
    record.save(path)
    code, output = run("play", "--load", str(path))
    assert code == 0, output
    resumed = GameRecord.load(path)
    assert resumed.actions[: len(full) // 2] == full[: len(full) // 2]
    final = replay(get_game("pursuit"), resumed)
    # The bots think through their past turns again: the game goes on as if never stopped.
    assert resumed.actions == full
    assert final.to_json() == state.to_json()


def test_a_person_plays_a_whole_game_by_numbers() -> None:
    code, output = run("play", "pursuit", "--players", "2", "--humans", "1", "--seed", "3",
                       input="1\n" * 3000)
    assert code == 0, output[-2000:]
    assert "Final scores" in output
    assert "Player 1: a number" in output  # the prompt names the player


def test_a_person_types_notation_and_gets_reasons() -> None:
    typed = "take-project nonsense\nfrobnicate\nhelp\nquit\n"
    code, output = run("play", "pursuit", "--players", "2", "--humans", "1", "--seed", "3",
                       input="1\n" + typed)
    assert code == 0
    assert "Not allowed: there is no card 'nonsense'" in output
    # The refusal quotes the rule the action comes from (the rulebook's "Take Project").
    assert "Rule — Take Project: “When you perform this action, choose one of the available Projects" in \
        " ".join(output.split())
    assert "cannot read 'frobnicate' as an action" in output
    assert "Type the number of a choice" in output


def test_rules_lists_each_kind_of_action_with_its_rulebook_section() -> None:
    code, output = run("play", "pursuit-cards", "--players", "2", "--humans", "1", "--seed", "3",
                       input="rules\nquit\n")
    assert code == 0
    flat = " ".join(output.split())
    assert "Every player must end his turn by discarding a card from his hand." in flat  # "Discards"
    assert "A meld is any set of three to five cards of the same suit which form a pattern." in flat  # "Melds"


def test_quitting_keeps_the_saved_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, output = run("play", "pursuit", "--players", "2", "--humans", "1", "--seed", "3",
                       "--save", str(path), input="1\n1\nquit\n")
    assert code == 0
    assert f"vita play --load {path}" in output
    assert len(GameRecord.load(path).actions) >= 2


def test_conform_passes_and_fails_with_expected_against_actual(tmp_path: Path) -> None:
    code, output = run("conform", str(CONFORMANCE / "pursuit"), "--quiet")
    assert code == 0, output
    case = yaml.safe_load((CONFORMANCE / "pursuit" / "examples.yaml").read_text().split("---")[1])
    case["name"] = "A wrong expectation"
    case["expect"] = {"players.0.resources.creativity": 3}
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(case))
    code, output = run("conform", str(bad))
    assert code == 1
    assert "FAIL A wrong expectation" in output
    assert "players.0.resources.creativity: expected 3, got 2" in output


def test_cards_check(tmp_path: Path) -> None:
    code, output = run("cards", "check", str(DATA_DIR))
    assert code == 0 and "valid" in output
    target = tmp_path / "deck"
    shutil.copytree(DATA_DIR, target)
    partners = yaml.safe_load((target / "partners.yaml").read_text())
    partners[3]["upkeep"]["cost"]["money"] = "lots"
    (target / "partners.yaml").write_text(yaml.safe_dump(partners))
    code, output = run("cards", "check", str(target))
    assert code == 1
    assert "partners.yaml: card 4 (emma): upkeep.cost.money" in output


def test_play_with_a_users_deck(tmp_path: Path) -> None:
    target = tmp_path / "deck"
    shutil.copytree(DATA_DIR, target)
    code, output = run("play", "pursuit", "--players", "2", "--bots", "heuristic", "--seed", "2",
                       "--cards", str(target))
    assert code == 0, output


def test_simulate_json() -> None:
    code, output = run("simulate", "pursuit", "--players", "2", "--games", "4",
                       "--bots", "random,heuristic", "--json")
    assert code == 0, output
    summary = json.loads(output)
    assert summary["games"] == 4 and len(summary["seats"]) == 2


def test_simulate_on_several_processes_gives_the_same_summary() -> None:
    """Each game's seed comes from the run's seed and its number: two processes play the
    same games as one."""
    args = ("simulate", "cv", "--players", "2", "--games", "6", "--bots", "random,heuristic", "--json")
    one, two = run(*args, "--workers", "1"), run(*args, "--workers", "2")
    assert one[0] == two[0] == 0, (one, two)
    assert json.loads(one[1]) == json.loads(two[1])
    code, output = run(*args, "--workers", "0")
    assert code == 2 and "--workers must be at least 1" in output


def test_helpful_errors() -> None:
    code, output = run("play", "chess")
    assert code != 0 and "unknown game 'chess'" in output
    code, output = run("play", "pursuit", "--players", "3", "--humans", "1", "--bots", "random")
    assert code == 0 or "bot" in output
    code, output = run("play", "pursuit", "--players", "2", "--bots", "genius", "--humans", "1")
    assert code != 0 and "unknown bot 'genius'" in output


def test_card_game_bot_game_and_a_person_playing() -> None:
    args = ("play", "pursuit-cards", "--players", "3", "--bots", "heuristic,random,heuristic", "--seed", "4")
    first, second = run(*args), run(*args)
    assert first[0] == 0, first[1]
    assert first == second and "Final scores" in first[1]
    # The person lists the discards (d) and takes the first; where no kind has that letter, or
    # the choices are numbered, the first choice (1). Every decision moves on within two lines,
    # whether the window shows the choices numbered or folded under their letters.
    code, output = run("play", "pursuit-cards", "--players", "2", "--humans", "1", "--seed", "3",
                       input="d\n1\n" * 3000)
    assert code == 0, output[-2000:]
    assert "Final scores" in output


def test_long_runs_show_a_progress_bar_with_the_rate() -> None:
    import io

    from rich.console import Console

    from vita.sim import progress_bar

    screen = io.StringIO()
    with progress_bar(True, Console(file=screen, force_terminal=True, width=120)) as bar:
        job = bar.add_task("pursuit, 2 players", total=3)
        for _ in range(3):
            time.sleep(0.3)
            bar.advance(job)
        bar.refresh()
    shown = screen.getvalue()
    assert "pursuit, 2 players" in shown and "3/3" in shown and "games/s" in shown


def test_a_run_in_the_background_logs_its_progress_as_lines() -> None:
    """Where standard error is no terminal (nohup, a CI log) the bar becomes a plain line now
    and then: games done of all, the share, the rate and the time left."""
    import io

    from rich.console import Console

    from vita.sim import ProgressLines, progress_bar

    log = io.StringIO()
    bar = progress_bar(True, Console(file=log))
    assert isinstance(bar, ProgressLines)
    bar.every = 0.0  # a line at every game
    with bar:
        job = bar.add_task("cv tournament", total=4)
        for _ in range(3):
            time.sleep(0.01)
            bar.advance(job)
    lines = log.getvalue().splitlines()
    assert len(lines) == 3 and lines[0].startswith("cv tournament: 1/4 games (25%), ")
    assert lines[2].startswith("cv tournament: 3/4 games (75%), ") and "games/s, about " in lines[2]
    assert lines[2].endswith(" s left")
    quiet = io.StringIO()
    with progress_bar(True, Console(file=quiet)) as bar:  # a short run: not a line
        job = bar.add_task("cv tournament", total=2)
        bar.advance(job)
        bar.advance(job)
    assert quiet.getvalue() == ""


def test_simulate_writes_records_and_a_summary(tmp_path: Path) -> None:
    code, output = run("simulate", "pursuit-cards", "--players", "2", "--games", "3", "--json",
                       "--records", str(tmp_path / "runs"))
    assert code == 0 and json.loads(output)["games"] == 3
    assert len(list((tmp_path / "runs").glob("game-*.json"))) == 3


def test_our_life_hot_seat_hides_the_first_choice_from_the_second_player() -> None:
    """Two singles at one keyboard: the second sees only that the first has chosen."""
    code, output = run("play", "our-life", "--players", "2", "--humans", "2", "--seed", "4",
                       input="1\n" * 4000)
    assert code == 0, output[-2000:]
    assert "Final scores" in output
    assert "Pass the keyboard to Player 2" in output
    assert "Chosen in secret: Player 1" in output
    assert "Player 2, your choice" in output


def test_our_life_couples_from_the_command_line() -> None:
    code, output = run("play", "our-life", "--players", "5", "--couples", "2", "--bots", "heuristic",
                       "--humans", "0", "--seed", "2")
    assert code == 0, output[-2000:]
    words = " ".join(output.split())  # the console wraps long lines
    assert "the couple Heuristic bot 1 and Heuristic bot 2; the couple Heuristic bot 3 and Heuristic bot 4; " \
           "the single Heuristic bot 5" in words
    code, output = run("play", "pursuit", "--couples", "1")
    assert code == 2 and "has no couples" in output


def test_the_end_of_input_offers_to_save_and_says_how_to_resume(tmp_path: Path) -> None:
    """Ctrl-C or the end of input leaves like 'quit': a saved game says how to resume, an unsaved
    one offers to be saved (and says so when it is not)."""
    code, output = run("play", "pursuit", "--players", "2", "--humans", "1", "--seed", "3", input="1\n")
    assert code == 0 and "Aborted" not in output
    assert "Save the game to resume it later?" in output and "The game was not saved" in output
    path = tmp_path / "kept.json"
    code, output = run("play", "pursuit", "--players", "2", "--humans", "1", "--seed", "3", input=f"1\nquit\n{path}\n")
    assert code == 0 and f"resume with: vita play --load {path}" in output
    assert GameRecord.load(path).actions
    code, output = run("play", "pursuit", "--players", "2", "--humans", "1", "--seed", "3",
                       "--save", str(tmp_path / "g.json"), input="1\n")
    assert code == 0 and "resume with: vita play --load" in output


def test_simulate_our_life_with_couples() -> None:
    code, output = run("simulate", "our-life", "--players", "3", "--couples", "1", "--games", "4", "--json")
    assert code == 0, output
    summary = json.loads(output)
    assert summary["options"] == {"players": 3, "couples": 1}
    seats = summary["seats"]
    assert seats[0]["mean_score"] == seats[1]["mean_score"]  # partners share their family's score


def test_pursuit_with_the_community_expansion_from_the_command_line(tmp_path: Path) -> None:
    """``vita play pursuit --players 5 --expansion community`` plays to the end and replays."""
    path = tmp_path / "five.json"
    code, output = run("play", "pursuit", "--players", "5", "--expansion", "community", "--bots", "heuristic",
                       "--humans", "0", "--seed", "4", "--save", str(path))
    assert code == 0, output[-2000:]
    words = " ".join(output.split())
    assert "engages in" in words and "for a Popularity score of" in words
    record = GameRecord.load(path)
    assert record.options["expansion"] == "community" and record.result is not None
    assert any(text.startswith("engage ") for _, text in record.actions)
    code, output = run("replay", str(path))
    assert code == 0, output[-2000:]
    code, output = run("play", "pursuit", "--players", "5", "--humans", "0", "--bots", "random")
    assert code == 2 and "5 players need the Community expansion" in output
    code, output = run("play", "cv", "--expansion", "community")
    assert code == 2 and "has no expansion" in output
    code, output = run("simulate", "pursuit", "--players", "5", "--expansion", "community", "--games", "2", "--json")
    assert code == 0, output
    assert json.loads(output)["options"] == {"players": 5, "expansion": "community"}


def test_the_menu_keeps_one_layout_and_a_meld_being_laid_can_be_taken_back() -> None:
    """Seed 3: Player 1 holds 5C 6C 7C 8C 9C 2D 8D 9D AH 3H 5H 7H 7H 9H 10H and starts."""
    typed = "d\nback\nback\n1\nundo\nundo\nquit\n"
    code, output = run("play", "pursuit-cards", "--players", "2", "--humans", "1", "--seed", "3", input=typed)
    assert code == 0, output[-2000:]
    # Kinds under their letters; the 14 different discards folded under d (on the 'also' line,
    # by the kind's words), listed by it; 'back' returns.
    assert "m)   1  Start a new meld with the Five of Clubs" in output
    assert "also: d) Discard and end your turn (14)" in output
    assert "Discard and end your turn: 14 choices" in output
    assert "a number, an action, 'more', or Enter for all your choices" in output
    assert "Not allowed" not in output
    # 1 starts a meld with the Five of Clubs; undo takes it back; nothing is left to take back.
    assert "Taken back: Start a new meld with the Five of Clubs" in output
    assert "Nothing to take back" in output


def _screens(output: str) -> list[list[str]]:
    """Each table drawn at a prompt, from its first line (the round) to the prompt."""
    screens = []
    for part in output.split(": a number")[:-1]:
        lines = part.split("\n")
        starts = [i for i, line in enumerate(lines) if re.search(r"your choice .*\(round \d+ of \d+\)", line)]
        if starts:
            screens.append(lines[starts[-1]:])
    return screens


@pytest.mark.parametrize(("players", "seed", "extra"), [(2, 1, ()), (2, 4, ()), (2, 5, ()), (3, 4, ()), (4, 5, ()),
                                                       (2, 1, ("--expansion", "community")),
                                                       (5, 1, ("--expansion", "community"))])
def test_the_board_game_fits_an_80x24_terminal_with_its_choices(players: int, seed: int,
                                                                 extra: tuple[str, ...]) -> None:
    """At 80x24 the table is drawn compact: from the round line to the prompt, every screen
    fits in 24 lines, and the whole table is still one command away (`board`)."""
    typed = "1\nboard\n" + "1\n1\nrest\n" * 40 + "quit\n"
    result = CliRunner().invoke(main, ["play", "pursuit", "--players", str(players), "--humans", "1",
                                       "--seed", str(seed), *extra],
                                input=typed, env={"COLUMNS": "80", "LINES": "24"})
    assert result.exit_code == 0, result.output[-2000:]
    screens = _screens(result.output)
    assert len(screens) >= 20
    tallest = max(screens, key=len)
    assert len(tallest) <= 24, "\n".join(tallest)
    # 'board' draws the full table: every card with all its levels, the spaces as a table.
    prompts = result.output.split("Player 1: ")
    assert "Board spaces" not in prompts[1] and "Board spaces" in prompts[2] and "L2. " in prompts[2]


def test_the_decision_screen_says_the_round_the_stress_ahead_and_warns_before_old_age() -> None:
    """"Round track": Teen, 4 Adult rounds and 3 of Old Age (8 rounds); "Entering the Old Age":
    every player gets the Stress the round track lists and Overtime closes. The stress line
    says what the player's section does and what the next one to the right would."""
    from rich.console import Group

    from vita.terminal.games.pursuit import decision, status

    game = get_game("pursuit")
    state = game.new(seed=2, players=2)
    while state.round < 4 and not state.is_over():  # play to Adult 4 (the 5th round)
        seat = state.to_move()[0]
        state.apply(state.legal_actions(seat)[-1], seat)
    console = Console(width=80, record=True, color_system=None)
    view = state.view(0)
    console.print(status(view, 0), Group(*(block.body for block in decision(view, 0, game.prompts(state, 0)))))
    shown = console.export_text()
    assert "Adult 4 (round 5 of 8)" in shown, shown
    old_age = game.deck(game.make_options({"players": 2})).board.rounds[5]
    assert f"Next round is Old Age 1: every player gets {old_age.stress} stress and Overtime closes" in shown
    stress = next(line for line in shown.splitlines() if line.startswith("Stress "))
    assert re.search(r"you: \w[\w ]* \d, [+-]\d hourglasses; \d more (→ [\w ]+ [+-]\d|ends a life)", stress), stress


def test_simulate_writes_parquet_as_it_goes_and_resumes(tmp_path: Path) -> None:
    """--out: one row per game and seat; a second run of more games plays only the new ones
    (the first games' rows stay as they were), and another run's parameters are refused."""
    import pyarrow.parquet as pq

    out = tmp_path / "run"
    args = ("simulate", "cv", "--players", "2", "--bots", "heuristic,random", "--workers", "1", "--json",
            "--out", str(out))
    code, output = run(*args, "--games", "3")
    assert code == 0, output
    first = pq.read_table(out).to_pylist()
    assert len(first) == 3 * 2 and {row["game"] for row in first} == {0, 1, 2}
    assert {"seed", "seat", "bot", "score", "rank", "won", "length", "options"} <= set(first[0])
    assert sum(row["won"] for row in first) == 3
    code, output = run(*args, "--games", "5")
    assert code == 0, output
    rows = pq.read_table(out).to_pylist()
    assert sorted(row["game"] for row in rows) == sorted([g for g in range(5) for _ in range(2)])
    assert [r for r in rows if r["game"] < 3] == first
    assert json.loads(output)["games"] == 5
    # The summary of the resumed run is that of one run of 5 games.
    code, whole = run("simulate", "cv", "--players", "2", "--bots", "heuristic,random", "--workers", "1",
                      "--json", "--games", "5")
    assert json.loads(whole)["seats"] == json.loads(output)["seats"]
    code, refused = run("simulate", "cv", "--players", "2", "--bots", "random,random", "--games", "2",
                        "--out", str(out))
    assert code == 2 and "holds another run" in refused


def test_a_run_is_reported_as_one_html_page(tmp_path: Path) -> None:
    out = tmp_path / "run"
    code, output = run("simulate", "pursuit-cards", "--players", "2", "--bots", "heuristic", "--workers", "1",
                       "--json", "--games", "6", "--out", str(out))
    assert code == 0, output
    code, output = run("report", str(out))
    assert code == 0 and "_report.html" in output, output
    page = (out / "_report.html").read_text(encoding="utf-8")
    assert page.count('src="data:image/png;base64,') == 3 and "<h2>By seat</h2>" in page
    assert "heuristic" in page and "http" not in page.replace("https://", "")  # nothing fetched from elsewhere
    code, output = run("report", str(tmp_path / "nothing"))
    assert code == 2 and "holds no simulation run" in output
