"""The search bot (ISMCTS, vita.core.search): it plays every game through the registry by name
and budget, never uses what its seat cannot see, and plays better than chance."""

from __future__ import annotations

from pathlib import Path

import pytest

from vita.core import Rng
from vita.core.search import MCTSBot
from vita.registry import GAMES, get_game, make_bot


def _position(game_id: str, players: int, plies: int, seed: int = 2):
    game = get_game(game_id)
    state, rng = game.new(seed=seed, players=players, log=False), Rng(seed)
    while state.ply < plies and not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply_trusted(seat, legal[rng.below(len(legal))])
    return state


@pytest.mark.parametrize("spec", ["ismcts:iters=40", "ismcts:iters=8:playout=heuristic:depth=3:top=2",
                                  "ismcts:iters=8:playout=heuristic:depth=3:keep=1",
                                  "ismcts:iters=8:playout=heuristic:depth=3:keep=0:confirm=4"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_same_information_gives_the_same_choice(game_id: str, spec: str) -> None:
    """Positions that differ only in what the seat to act cannot see (another deal of its
    information set) get the same action from a bot with the same seed: the search never
    looks at the true hidden cards, nor do the heuristic playouts and the heuristic's choice
    kept at the root. The two positions did differ."""
    differed = 0
    for plies in (12, 30, 60):
        state = _position(game_id, 3, plies)
        if state.is_over():
            continue
        seat = state.to_move()[0]
        other = state.determinize(seat, Rng(99))
        differed += other.to_json() != state.to_json()
        first = make_bot(game_id, spec, 7).choose(state, seat)
        second = make_bot(game_id, spec, 7).choose(other, seat)
        assert str(first) == str(second), f"{game_id} at ply {plies}: {first} against {second}"
    assert differed, "the deals never differed from the true position"


def test_a_search_bot_is_named_with_its_budget() -> None:
    bot = make_bot("cv", "ismcts:iters=30:c=0.5", 1)
    assert bot.name == "ismcts:iters=30:c=0.5" and bot.iterations == 30 and bot.c == 0.5  # type: ignore[attr-defined]
    timed = make_bot("cv", "ismcts:time=0.05s", 1)
    assert timed.seconds == 0.05 and timed.iterations is None  # type: ignore[attr-defined]
    guided = make_bot("cv", "ismcts:iters=30:playout=heuristic", 1)
    assert guided.playout is not None  # type: ignore[attr-defined]
    for wrong, message in [("ismcts:iters=x", "not a number"), ("ismcts:width=3", "unknown bot parameter"),
                           ("ismcts:iters", "key=value"), ("ismcts:iters=0", "at least 1"),
                           ("ismcts:playout=genius", "not a bot of this game")]:
        with pytest.raises(ValueError, match=message):
            make_bot("cv", wrong, 1)


@pytest.mark.parametrize("game_id", ["pursuit-cards", "pursuit"])
def test_ismcts_beats_the_random_bot(game_id: str) -> None:
    """Four 2-player games, seats alternated, 60 iterations a decision: it wins them all."""
    game = get_game(game_id)
    wins = 0
    for number in range(4):
        state = game.new(seed=number, players=2, log=False)
        searcher = number % 2
        bots = {searcher: make_bot(game_id, "ismcts:iters=60", number),
                1 - searcher: make_bot(game_id, "random", number)}
        while not state.is_over():
            mover = state.to_move()[0]
            state.apply(bots[mover].choose(state, mover), mover)
        wins += game.outcome(state)[searcher] > 0
    assert wins == 4


def test_a_search_bot_plays_from_the_command_line_and_its_record_replays(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from vita.cli import main

    path = tmp_path / "game.json"
    result = CliRunner().invoke(main, ["play", "pursuit-cards", "--players", "2", "--bots", "ismcts:iters=5,random",
                                       "--seed", "2", "--save", str(path)])
    assert result.exit_code == 0, result.output[-800:]
    assert "Ismcts bot 1" in result.output
    replayed = CliRunner().invoke(main, ["replay", str(path)])
    assert replayed.exit_code == 0 and "Final scores" in replayed.output, replayed.output[-800:]
    wrong = CliRunner().invoke(main, ["play", "cv", "--players", "2", "--bots", "ismcts:iters=x,random"])
    assert wrong.exit_code == 2 and "bot parameter iters='x' is not a number" in wrong.output


def test_web_tables_offer_only_the_bots_they_list() -> None:
    """A table offers the ladder's rungs (search with an iteration budget sized for this
    machine) and the listed bots; a search bot of any other budget would hold a shared
    server's workers as long as it likes: refused with the one clear error (422), as an
    unknown bot is."""
    from vita.web.rooms import Refused, Rooms

    for name in ("ismcts", "ismcts:iters=100000", "nobody"):
        with pytest.raises(Refused) as refused:
            Rooms._check_bot("pursuit-cards", name)
        assert refused.value.status == 422 and "unknown bot" in str(refused.value)
    for name in ("heuristic", "easy", "medium", "hard", "expert"):
        Rooms._check_bot("pursuit-cards", name)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_resampling_chance_keeps_every_hand_and_moves_only_the_piles(game_id: str) -> None:
    """What the mcts yardstick searches: every seat's view (hands, goals and choices included)
    is the same as in the true position; something still to be drawn did change."""
    state = _position(game_id, 3, 30)
    changed = 0
    for number in range(5):
        other = state.resample_chance(Rng(number))
        for seat in range(state.num_players):
            assert other.view(seat) == state.view(seat)
        changed += other.to_json() != state.to_json()
    assert changed


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_mcts_yardstick_plays_every_game_to_the_end(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new(seed=4, players=2, log=False)
    bots = [make_bot(game_id, "mcts:iters=8:depth=6", 1), make_bot(game_id, "random", 2)]
    while not state.is_over():
        mover = state.to_move()[0]
        state.apply(bots[mover].choose(state, mover), mover)
    assert bots[0].name == "mcts:iters=8:depth=6" and isinstance(bots[0], MCTSBot)


def test_mcts_is_never_an_opponent_for_people() -> None:
    from click.testing import CliRunner

    from vita.cli import main

    refused = CliRunner().invoke(main, ["play", "cv", "--players", "2", "--humans", "1", "--bots", "mcts"])
    assert refused.exit_code == 2 and "yardstick" in refused.output


def test_a_game_is_analysed_decision_by_decision(tmp_path: Path) -> None:
    """vita replay --analyse: a line for every decision that had a choice, each with the
    search's estimate (+1 first ... -1 last) of the action played and of its own choice."""
    from click.testing import CliRunner

    from vita.analysis import analyse
    from vita.cli import main
    from vita.core.record import GameRecord
    from vita.sim import play_one

    _, record = play_one("pursuit-cards", {"players": 2}, ["heuristic", "random"], 5, keep_record=True)
    assert record is not None
    short = GameRecord(game=record.game, options=record.options, seed=record.seed, players=record.players,
                       actions=record.actions[:12])
    game = get_game("pursuit-cards")
    decisions = list(analyse(game, short, iters=6))
    assert decisions and all(1 <= d.number <= 12 for d in decisions)
    assert all(-1.0 <= d.best_value <= 1.0 for d in decisions)
    assert all(d.played == short.actions[d.number - 1][1] for d in decisions)
    assert all(len(d.before) == 2 and all(0.0 <= c <= 1.0 for c in d.before) for d in decisions)
    path = tmp_path / "short.json"
    short.save(path)
    result = CliRunner().invoke(main, ["replay", str(path), "--analyse", "--iters", "6"])
    assert result.exit_code == 0, result.output[-800:]
    lines = [line for line in result.output.splitlines() if line.strip()[:1].isdigit()]
    assert len(lines) == len(decisions) and all("[outlook " in line and "→" in line for line in lines)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_study_of_a_decision_tells_nothing_the_seat_cannot_see(game_id: str) -> None:
    """What a hint or an analysis shows (``vita.analysis.study``) is the same for positions
    that differ only in what the seat cannot see."""
    from vita.analysis import study
    from vita.core.search import ISMCTSBot

    game = get_game(game_id)
    studied = 0
    for plies in (12, 13, 40, 41):
        state = _position(game_id, 2, plies)
        if state.is_over():
            continue
        seat = state.to_move()[0]
        other = state.determinize(seat, Rng(5))
        first = study(game, state, seat, bot=ISMCTSBot(game, seed=3, iters=40, depth=4))
        second = study(game, other, seat, bot=ISMCTSBot(game, seed=3, iters=40, depth=4))
        assert first == second
        studied += first is not None
    assert studied, "no position with a choice was studied"
