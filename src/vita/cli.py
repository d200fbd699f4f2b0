"""The ``vita`` command line: play, replay, check conformance, validate decks, simulate."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.prompt import Prompt
from rich.table import Table

from vita import __version__, build
from vita.core.errors import DataError, IllegalAction, PositionError
from vita.core.record import GameRecord, RecordError, ReplayError, check_result, replay, replay_steps, start
from vita.core.rng import derive_seed
from vita.registry import GAMES, bot_names, get_game, make_bot
from vita.terminal import Quit, Seat, play
from vita.testing.conformance import format_outcome, load_cases, run_case


class BadInput(click.ClickException):
    """Input that vita cannot use (a record, a deck, an option): one line, exit status 2."""

    exit_code = 2


def _fail(message: str) -> None:
    raise BadInput(" ".join(message.split()) if "\n" in message and len(message) < 300 else message)


@click.group()
@click.version_option(__version__, prog_name="vita", message=f"%(prog)s %(version)s ({build})")
def main() -> None:
    """vita: play, simulate and study life-simulation tabletop games."""


@main.command()
def games() -> None:
    """List the games and their bots."""
    table = Table(title="Games")
    for column in ("id", "title", "players", "bots"):
        table.add_column(column)
    for game_id in GAMES:
        info = get_game(game_id).info
        table.add_row(game_id, info.title, f"{info.min_players}-{info.max_players}",
                      ", ".join(bot_names(game_id)))
    Console().print(table)


def _parse_options(pairs: tuple[str, ...]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            _fail(f"--option takes KEY=VALUE, not {pair!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def _seats(
    game_id: str, players: int, humans: int | None, bots: str | None, names: str | None, seed: int
) -> list[Seat]:
    bot_list = [b.strip() for b in bots.split(",") if b.strip()] if bots else []
    if humans is None:
        # One bot name fills every seat; a list fills the last seats.
        humans = 1 if not bot_list else 0 if len(bot_list) == 1 else max(0, players - len(bot_list))
    if humans > players:
        _fail(f"--humans {humans} is more than --players {players}")
    bot_seats = players - humans
    if bot_list and len(bot_list) == 1:
        bot_list = bot_list * bot_seats
    if not bot_list:
        bot_list = ["heuristic" if "heuristic" in bot_names(game_id) else "random"] * bot_seats
    if len(bot_list) != bot_seats:
        _fail(f"give {bot_seats} bot name(s) for the {bot_seats} seat(s) without a person "
              f"(got {len(bot_list)}: {', '.join(bot_list)})")
    given = [n.strip() for n in names.split(",")] if names else []
    seats = []
    for seat in range(players):
        if seat < humans:
            name = given[seat] if seat < len(given) else f"Player {seat + 1}"
            seats.append(Seat(name))
        else:
            bot_name = bot_list[seat - humans]
            if humans and bot_name.partition(":")[0] == "mcts":
                _fail("mcts sees every hidden card: it is a yardstick for bots, not an opponent for people "
                      "(play against ismcts)")
            try:
                bot = make_bot(game_id, bot_name, derive_seed(seed, "bot", seat))
            except (KeyError, ValueError) as error:
                _fail(str(error.args[0]))
            shown = bot_name.partition(":")[0].capitalize()  # "ismcts:iters=300": "Ismcts"
            name = given[seat] if seat < len(given) else f"{shown} bot {seat + 1}"
            seats.append(Seat(name, bot, bot_name))
    return seats


def _seats_from_record(record: GameRecord) -> list[Seat]:
    """The seats of a record already checked by :func:`vita.core.record.start` (one label a
    seat, ``human:NAME`` or ``bot:NAME`` with a known bot)."""
    names = record.options.get("names") or []
    seats = []
    for seat, label in enumerate(record.players):
        kind, _, rest = label.partition(":")
        name = str(names[seat]) if seat < len(names) else rest
        bot = make_bot(record.game, rest, derive_seed(record.seed, "bot", seat)) if kind == "bot" else None
        seats.append(Seat(name, bot, rest) if bot is not None else Seat(name))
    return seats


def _resume(state: Any, record: GameRecord, seats: list[Seat]) -> Any:
    """Replay a record from its start, letting each bot think through its own past turns as
    it did, so that the resumed game goes on exactly as it would have without the
    interruption. Each action is checked before its bot is asked to think."""
    for _, seat, _ in replay_steps(state, record.actions):
        bot = seats[seat].bot
        if bot is not None:
            bot.choose(state, seat)
    check_result(record, state)
    return state


def _record_game(record: GameRecord) -> Any:
    try:
        return get_game(record.game)
    except KeyError as error:
        _fail(f"game: {error.args[0]}")


@main.command("play")
@click.argument("game_id", required=False)
@click.option("--players", type=int, help="Number of players.")
@click.option("--couples", type=int, help="Our Life: how many couples (seats 1-2, 3-4, ...); the rest are singles.")
@click.option("--expansion", help="An expansion of the game (The Pursuit of Happiness: community).")
@click.option("--humans", type=int, help="People at this keyboard (the first seats); default 1.")
@click.option("--bots", help="Bots for the other seats, comma-separated (one name = all).")
@click.option("--names", help="Player names, comma-separated, in seat order.")
@click.option("--seed", type=int, help="Seed of the game's randomness (default: a random one).")
@click.option("--cards", type=click.Path(exists=True, file_okay=False), help="A deck directory.")
@click.option("--option", "extra", multiple=True, help="A game option KEY=VALUE (repeatable).")
@click.option("--save", type=click.Path(dir_okay=False), help="Write the game record here as you play.")
@click.option("--load", type=click.Path(exists=True, dir_okay=False), help="Resume a saved game record.")
def play_command(
    game_id: str | None, players: int | None, couples: int | None, expansion: str | None,
    humans: int | None, bots: str | None,
    names: str | None, seed: int | None, cards: str | None, extra: tuple[str, ...],
    save: str | None, load: str | None,
) -> None:
    """Play GAME in the terminal (people and bots), or resume one with --load."""
    console = Console()
    if load:
        record = _load_record(load)
        game = _record_game(record)
        try:
            state = start(game, record)  # checks options, players, bots, deck, rules version
            seats = _seats_from_record(record)
            if len(seats) != state.num_players:
                raise ReplayError(f"players: {len(seats)} given for a {state.num_players}-player game")
            state = _resume(state, record, seats)
        except ReplayError as error:
            _fail(f"{load}: {error}")
        save = save or load
    else:
        if not game_id:
            _fail("name a game (see 'vita games') or give --load FILE")
        try:
            game = get_game(game_id)
        except KeyError as error:
            _fail(str(error.args[0]))
        seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
        options = _parse_options(extra)
        bot_count = len(bots.split(",")) if bots else 0
        players = players or options.pop("players", None) or max(game.info.min_players, bot_count, 2)
        options["players"] = players
        if cards:
            options["cards"] = str(Path(cards).resolve())
        if couples is not None:
            if "couples" not in game.options_model.model_fields:
                _fail(f"{game.info.id} has no couples (--couples is an option of Our Life)")
            options["couples"] = couples
        if expansion is not None:
            _set_expansion(game, options, expansion)
        seats = _seats(game.info.id, players, humans, bots, names, seed)
        if names or "names" in game.options_model.model_fields:
            options["names"] = [s.name for s in seats]
        try:
            parsed = game.make_options(options)
            state = game.new_state(parsed, seed)
        except (ValueError, DataError) as error:
            _fail(str(error))
        record = GameRecord(game=game.info.id, options=parsed.model_dump(exclude_defaults=True),
                            seed=seed, players=[s.record_label() for s in seats],
                            deck=game.deck_fingerprint(parsed), rules=game.info.rules_version)
        console.print(f"[bold]{game.info.title}[/] — seed {seed} — "
                      + ", ".join(f"{s.name}{'' if s.human else ' (' + s.bot_name + ')'}" for s in seats))
    try:
        play(game, state, seats, record, console=console, save_path=save)
    except (Quit, KeyboardInterrupt):
        if not save:
            save = _offer_to_save(console, record)
        if save:
            click.echo(f"The game so far is saved in {save}; resume with: vita play --load {save}")
        else:
            click.echo("The game was not saved (play with --save FILE to keep it as you go).")
        sys.exit(0)


def _set_expansion(game: Any, options: dict[str, Any], expansion: str) -> None:
    if "expansion" not in game.options_model.model_fields:
        _fail(f"{game.info.id} has no expansion (--expansion is an option of The Pursuit of Happiness)")
    options["expansion"] = expansion


def _offer_to_save(console: Console, record: GameRecord) -> str | None:
    """Ask for a file to save an unsaved game in; ``None`` if the person declines or cannot answer."""
    try:
        name = Prompt.ask("Save the game to resume it later? Type a file name (Enter: do not save)",
                          default="", show_default=False, console=console).strip()
    except (EOFError, KeyboardInterrupt):
        return None
    if not name:
        return None
    try:
        record.save(name)
    except OSError as error:
        click.echo(f"Could not save to {name}: {error.strerror}")
        return None
    return name


def _load_record(path: str) -> GameRecord:
    try:
        return GameRecord.load(path)
    except RecordError as error:
        _fail(str(error))
        raise


@main.command("replay")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@click.option("--seat", type=int, help="Word the log for this seat (default: public).")
@click.option("--analyse", is_flag=True, help="Look at every decision again with the search bot (ismcts).")
@click.option("--iters", type=int, default=200, show_default=True, help="The search's iterations a decision.")
def replay_command(path: str, seat: int | None, analyse: bool, iters: int) -> None:
    """Replay a game record: print its log and final scores, or (--analyse) what the search
    bot thinks of each decision, from what that seat could see then."""
    record = _load_record(path)
    game = _record_game(record)
    if analyse:
        _analyse(path, record, game, iters)
        return
    try:
        state = replay(game, record)
    except ReplayError as error:
        _fail(f"{path}: {error}")
    for line in state.events_for(seat):
        click.echo(line)
    if state.is_over():
        scores = ", ".join(f"{name}: {score:g}" for name, score in zip(
            _names(record, state.num_players), state.scores(), strict=True))
        click.echo(f"Final scores: {scores}")
    else:
        click.echo(f"(the game is not over: {len(record.actions)} actions so far)")


def _analyse(path: str, record: GameRecord, game: Any, iters: int) -> None:
    from vita.analysis import analyse

    if iters < 1:
        _fail(f"--iters must be at least 1, not {iters}")
    names = _names(record, len(record.players) or game.make_options(record.options).players)
    click.echo(f"Each decision searched by ismcts:iters={iters} from what that seat could see; the values "
               "estimate the outcome for the seat (+1 first ... -1 last); the outlook is each seat's, "
               "before and after the move (0% surely last ... 100% surely first; with two players, the "
               "chance to win); ◆ marks a turning point.")
    try:
        for decision in analyse(game, record, iters=iters):
            click.echo(decision.line(names[decision.seat]))
    except ReplayError as error:
        _fail(f"{path}: {error}")


def _names(record: GameRecord, count: int) -> list[str]:
    names = record.options.get("names") or [f"Player {i + 1}" for i in range(count)]
    return [str(n) for n in names]


@main.command("conform")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--quiet", is_flag=True, help="Print only failures and the summary.")
def conform_command(paths: tuple[str, ...], quiet: bool) -> None:
    """Run conformance cases (files or directories); exit 1 if any fails."""
    try:
        cases = load_cases(paths)
    except (ValueError, FileNotFoundError) as error:
        _fail(str(error))
    failed = 0
    for case in cases:
        outcome = run_case(case)
        failed += not outcome.ok
        if not outcome.ok or not quiet:
            click.echo(format_outcome(outcome))
    click.echo(f"{len(cases) - failed} passed, {failed} failed")
    if failed:
        sys.exit(1)


@main.group("cards")
def cards_group() -> None:
    """Card data: export the shipped deck to edit, validate a deck directory."""


@cards_group.command("check")
@click.argument("directory", type=click.Path(exists=True, file_okay=False))
@click.option("--game", "game_id", default="pursuit", show_default=True)
def cards_check(directory: str, game_id: str) -> None:
    """Validate a deck directory; list every problem (file, card, field); exit 1 if any."""
    try:
        problems = get_game(game_id).check_card_data(directory)
    except KeyError as error:
        _fail(str(error.args[0]))
    if problems is None:
        _fail(f"{game_id} has no card data to check")
        return
    for problem in problems:
        click.echo(problem)
    if problems:
        click.echo(f"{len(problems)} problem(s)")
        sys.exit(1)
    click.echo(f"{directory}: the deck is valid")


@cards_group.command("export")
@click.argument("game_id")
@click.argument("directory", type=click.Path(file_okay=False))
def cards_export(game_id: str, directory: str) -> None:
    """Write the deck that ships with GAME into DIRECTORY, ready to edit (then: vita cards check)."""
    import shutil

    try:
        source = get_game(game_id).card_data_directory()
    except KeyError as error:
        _fail(str(error.args[0]))
        return
    if source is None:
        _fail(f"{game_id} has no card data")
        return
    target = Path(directory)
    if target.exists() and any(target.iterdir()):
        _fail(f"{directory} is not empty: name a new or empty directory")
    target.mkdir(parents=True, exist_ok=True)
    # The data files, and those of an expansion's folder (The Pursuit of Happiness: community/).
    files = sorted(p for p in source.rglob("*") if p.suffix in (".yaml", ".yml"))
    for path in files:
        (target / path.relative_to(source)).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target / path.relative_to(source))
    click.echo(f"{len(files)} files of the {game_id} deck written to {directory}; edit them, then: "
               f"vita cards check {directory} --game {game_id}")


@main.command("simulate")
@click.argument("game_id")
@click.option("--players", type=int, default=2, show_default=True)
@click.option("--couples", type=int, help="Our Life: how many couples (seats 1-2, 3-4, ...); the rest are singles.")
@click.option("--expansion", help="An expansion of the game (The Pursuit of Happiness: community).")
@click.option("--games", "count", type=int, default=100, show_default=True)
@click.option("--bots", default="random", show_default=True, help="Comma-separated, one per seat.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--option", "extra", multiple=True, help="A game option KEY=VALUE (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--records", type=click.Path(file_okay=False), help="Write every game record here.")
@click.option("--workers", type=int, help="Processes (default: every local core).")
@click.option("--out", type=click.Path(file_okay=False),
              help="Write one Parquet row per game and seat here as games finish; run again to resume.")
@click.option("--ray", "ray_address", metavar="ADDRESS",
              help="Run on a Ray cluster: auto (the one `ray start` runs here), an address (ray://host:10001), "
                   "or local (a Ray instance on this machine).")
def simulate_command(
    game_id: str, players: int, couples: int | None, expansion: str | None, count: int, bots: str, seed: int,
    extra: tuple[str, ...],
    as_json: bool, records: str | None, workers: int | None, out: str | None, ray_address: str | None,
) -> None:
    """Play many bot games and summarise wins and scores per seat."""
    from vita.sim import simulate

    options = {**_parse_options(extra), "players": players}
    if couples is not None:
        options["couples"] = couples
    if expansion is not None:
        try:
            _set_expansion(get_game(game_id), options, expansion)
        except KeyError as error:
            _fail(str(error.args[0]))
    names = [b.strip() for b in bots.split(",")]
    if len(names) == 1:
        names = names * players
    try:
        if workers is not None and workers < 1:
            raise ValueError(f"--workers must be at least 1, not {workers}")
        summary = simulate(game_id, options, names, count, seed, records_dir=records, progress=True,
                           workers=workers or os.cpu_count() or 1, out_dir=out, ray=ray_address)
    except (KeyError, ValueError, IllegalAction, PositionError) as error:
        _fail(str(error))
    except OSError as error:  # --out or --records not writable, a file where a directory goes
        _fail(f"{error.filename or ''}: {error.strerror or error}")
    if as_json:
        summary.pop("results")
        click.echo(json.dumps(summary))
        return
    table = Table(title=f"{count} games of {game_id}, {players} players")
    for column in ("seat", "bot", "wins", "win rate", "mean score"):
        table.add_column(column)
    for row in summary["seats"]:
        table.add_row(str(row["seat"] + 1), row["bot"], f"{row['wins']:g}", f"{row['win_rate']:.3f}",
                      f"{row['mean_score']:.2f}")
    Console().print(table)
    first = summary.get("first_player")
    if first:
        from vita.tournament import wilson

        low, high = wilson(first["wins"], first["games"])
        click.echo(f"First player (docs/balance.md): win rate {first['win_rate']:.3f} ({low:.3f}-{high:.3f}, 95%) "
                   f"against the even share {1 / players:.3f}.")


@main.command("tournament")
@click.argument("game_id")
@click.option("--players", type=int, default=2, show_default=True)
@click.option("--couples", type=int, help="Our Life: how many couples (seats 1-2, 3-4, ...); the rest are singles.")
@click.option("--expansion", help="An expansion of the game (The Pursuit of Happiness: community).")
@click.option("--bots", required=True, help="Comma-separated bots, a search bot with its budget (ismcts:iters=500).")
@click.option("--games", "count", type=int, default=100, show_default=True, help="Games per lineup.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--workers", type=int, help="Processes (default: every local core).")
@click.option("--json", "as_json", is_flag=True, help="Print the standings and games as JSON.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False), help="Write one row per game and seat here.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False), help="Write a PNG of the win rates here.")
def tournament_command(game_id: str, players: int, couples: int | None, expansion: str | None, bots: str, count: int,
                       seed: int, workers: int | None, as_json: bool, csv_path: str | None,
                       plot_path: str | None) -> None:
    """Bots against each other: every lineup, seats rotated; win rates with 95% intervals and
    ratings (OpenSkill)."""
    from pathlib import Path

    from vita import tournament

    options: dict[str, Any] = {"players": players}
    if couples is not None:
        options["couples"] = couples
    try:
        game = get_game(game_id)
        if expansion is not None:
            _set_expansion(game, options, expansion)
        game.make_options(options)
        if count < 1:
            raise ValueError(f"--games must be at least 1, not {count}")
        summary = tournament.run(game_id, options, [b.strip() for b in bots.split(",") if b.strip()], count, seed,
                                 workers=workers, progress=True)
    except (KeyError, ValueError) as error:
        _fail(str(error.args[0]) if isinstance(error, KeyError) else " ".join(str(error).split()))
    if csv_path:
        tournament.write_csv(summary, Path(csv_path))
    if plot_path:
        tournament.write_plot(summary, Path(plot_path))
    if as_json:
        click.echo(json.dumps(summary))
        return
    games = len(summary["games"])
    table = Table(title=f"{game_id}, {players} players: {games} games, {count} a lineup, seats rotated")
    for column in ("bot", "games", "wins", "win rate (95% interval)", "mean score", "rating (mu ± sigma)"):
        table.add_column(column, no_wrap=column == "bot")
    for row in summary["standings"]:
        table.add_row(row["bot"], str(row["games"]), f"{row['wins']:g}",
                      f"{row['win_rate']:.3f} ({row['win_rate_low']:.3f}-{row['win_rate_high']:.3f})",
                      f"{row['mean_score']:.2f}", f"{row['mu']:.1f} ± {row['sigma']:.1f}")
    Console().print(table)


@main.command("tune")
@click.argument("game_id")
@click.option("--players", type=int, default=2, show_default=True)
@click.option("--expansion", help="An expansion of the game (The Pursuit of Happiness: community).")
@click.option("--bots", default="heuristic", show_default=True, help="Comma-separated, one per seat (or one for all).")
@click.option("--designed-only", is_flag=True,
              help="Change only designed values (always so: a value a rulebook prints is never changed).")
@click.option("--target", "target_texts", multiple=True,
              help="The balance sought (repeat for several; default: 'seat win rates within 2 points'): "
                   "'first player win rate within P points', 'seat win rates within P points', "
                   "'CATEGORY win rates within P points' (child trait, life goal, goal, background), "
                   "'holders of CARD win rate within P points', 'game length between A and B rounds' (or actions); "
                   "each may end with ', weight W'. docs/balance.md.")
@click.option("--budget", default="30m", show_default=True,
              help="The whole run's time (90s, 30m, 2h), final checks on fresh seeds included.")
@click.option("--trials", type=click.IntRange(1), help="Stop after so many trials (within the budget).")
@click.option("--games", type=click.IntRange(10), default=100, show_default=True,
              help="Bot games a trial starts with; doubled while its reading is undecided.")
@click.option("--max-games", type=click.IntRange(10), default=1600, show_default=True,
              help="The most games a trial plays (and a fresh-seed check, if the budget allows).")
@click.option("--max-changes", type=click.IntRange(1, 20), default=4, show_default=True,
              help="The most values a trial changes.")
@click.option("--spread", "spread_by", type=click.IntRange(1, 20), default=1, show_default=True,
              help="How far a value may move either way.")
@click.option("--cards", help="Tune only these cards (comma-separated ids, numbers or titles).")
@click.option("--deck", type=click.Path(exists=True, file_okay=False),
              help="The deck to start from (a directory like the game's data; default: the game's own).")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--workers", type=click.IntRange(1), help="Processes a trial plays on (default: every core).")
@click.option("--ray", help="Play the games on a Ray cluster: 'local', 'auto' or an address (as vita simulate).")
@click.option("--json", "as_json", is_flag=True,
              help="Print the report (verdict, fresh-seed figures, changes) as JSON.")
@click.option("--out", type=click.Path(file_okay=False), help="Where the proposed deck and its report go "
                                                               "(default: tuned-GAME).")
def tune_command(game_id: str, players: int, expansion: str | None, bots: str, designed_only: bool,
                 target_texts: tuple[str, ...], budget: str, trials: int | None, games: int, max_games: int,
                 max_changes: int, spread_by: int, cards: str | None, deck: str | None, seed: int,
                 workers: int | None, ray: str | None, as_json: bool, out: str | None) -> None:
    """Search a deck's designed values for balance targets; write the proposed deck and a report."""
    import json as json_module
    from pathlib import Path

    from vita import tune
    from vita.targets import parse_target

    try:
        game = get_game(game_id)
    except KeyError as error:
        _fail(str(error.args[0]))
    options: dict[str, Any] = {"players": players}
    if expansion is not None:
        _set_expansion(game, options, expansion)
    if deck is not None:
        options["cards"] = deck
    names = [b.strip() for b in bots.split(",")]
    names = names * players if len(names) == 1 else names
    where = out or f"tuned-{game_id}"
    try:
        targets = [parse_target(t) for t in target_texts or ("seat win rates within 2 points",)]
        seconds = tune.parse_budget(budget)
        if len(names) != players:
            raise ValueError(f"give one bot per seat ({players} seats, {len(names)} bots)")
        game.make_options(options)
        for name in set(names):
            make_bot(game_id, name, 0)
        report = tune.tune(game_id, options, names, targets=targets, budget=seconds, out=Path(where), games=games,
                           max_games=max_games, trials=trials, spread_by=spread_by, max_changes=max_changes,
                           cards={c.strip() for c in cards.split(",")} if cards else None, seed=seed,
                           workers=workers, ray=ray, progress=True)
    except (KeyError, ValueError, DataError) as error:
        _fail(str(error.args[0]) if isinstance(error, KeyError) else str(error))
    except OSError as error:
        _fail(f"{error.filename or ''}: {error.strerror or error}")
    if as_json:
        click.echo(json_module.dumps(report, indent=1))
        return
    fresh = report["fresh_seeds"]
    click.echo(f"Verdict: {report['verdict']} ({report['trials']} trials, {report['games_played']:,} games, "
               f"{report['seconds']:.0f} s).")
    for before, after in zip(fresh["baseline"]["targets"], fresh["result"]["targets"], strict=True):
        click.echo(f"  {before['target']}: {before['reads']}  →  {after['reads']} "
                   f"(fresh seeds, {fresh['games']} games)")
    click.echo(f"{len(report['changes'])} value(s) changed; wrote {where}/deck, tune.md and tune.json")


@main.command("report")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option("--output", type=click.Path(dir_okay=False),
              help="The HTML file (default: DIRECTORY/_report.html: the leading _ keeps Parquet readers of "
                   "the directory off it).")
def report_command(directory: str, output: str | None) -> None:
    """One self-contained HTML page of a simulation run (vita simulate ... --out DIRECTORY)."""
    from pathlib import Path

    from vita import report

    try:
        written = report.write(directory, output or Path(directory) / "_report.html")
    except ValueError as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"{error.filename or ''}: {error.strerror or error}")
    click.echo(f"Wrote {written}")


def _add_web_commands() -> None:
    from vita.web.cli import serve

    main.add_command(serve)


_add_web_commands()

if __name__ == "__main__":
    main()
