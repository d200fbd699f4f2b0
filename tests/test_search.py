"""The search bot (ISMCTS, vita.core.search): it plays every game through the registry by name
and budget, never uses what its seat cannot see, and plays better than chance."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.search_recorder import Recorder

from vita.core import Rng
from vita.core.game import Game
from vita.core.search import ISMCTSBot, MCTSBot
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
                                  "ismcts:iters=8:playout=heuristic:depth=3:keep=0:confirm=4",
                                  "ismcts:iters=8:playout=heuristic:rounds=1:tree=1:top=2",
                                  "ismcts:iters=12:playout=heuristic:rounds=1:top=3:halving=1"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_same_information_gives_the_same_choice(game_id: str, spec: str) -> None:
    """Positions that differ only in what the seat to act cannot see (another deal of its
    information set) get the same action from a bot with the same seed: the search never
    looks at the true hidden cards, nor do the heuristic playouts and the heuristic's choice
    kept at the root. The two positions did differ."""
    if "rounds=" in spec and type(get_game(game_id)).round_of is Game.round_of:
        spec = spec.replace("rounds=1", "depth=3")  # a game without rounds stops its playouts by moves
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


@pytest.mark.slow
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
    from vita.web.driver import check_bot
    from vita.web.errors import Refused

    for name in ("ismcts", "ismcts:iters=100000", "nobody"):
        with pytest.raises(Refused) as refused:
            check_bot("pursuit-cards", name)
        assert refused.value.status == 422 and "unknown bot" in str(refused.value)
    for name in ("heuristic", "easy", "medium", "hard", "expert"):
        check_bot("pursuit-cards", name)


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
                       actions=record.actions[:12], rules=record.rules)
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


ROUND_GAMES = ["pursuit", "cv", "our-life"]


@pytest.mark.parametrize("game_id", ROUND_GAMES)
def test_a_games_round_only_grows_and_changes_when_a_round_ends(game_id: str) -> None:
    """``Game.round_of`` counts the game's rounds: it never goes back, it moves by one at a
    time, and a game of several rounds passes through each."""
    game = get_game(game_id)
    state, rng = game.new(seed=4, players=3, log=False), Rng(4)
    seen = [game.round_of(state)]
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply_trusted(seat, legal[rng.below(len(legal))])
        now = game.round_of(state)
        assert now is not None and now - seen[-1] in (0, 1), f"round {seen[-1]} then {now}"
        seen.append(now)
    assert len(set(seen)) >= 3, "the game never got past its second round: the test shows nothing"


@pytest.mark.parametrize("game_id", ROUND_GAMES)
def test_rounds_stops_every_playout_where_the_roots_round_ends(game_id: str) -> None:
    """``rounds=1``: a playout stops at the first position of the next round (or at the game's
    end), never before and never after, so the judgement compares positions at the same
    point of the game; ``rounds=2`` goes through the next round too; ``depth`` still caps it."""
    game = get_game(game_id)
    for state in [_position(game_id, 2, plies) for plies in (5, 25, 45)]:
        if state.is_over():
            continue
        seat, start = state.to_move()[0], game.round_of(state)
        assert start is not None
        for rounds in (1, 2):
            bot = Recorder(game, seed=3, iters=12, playout="heuristic", rounds=rounds)
            bot.search(state, seat)
            assert bot.stops
            assert all(over or reached == start + rounds for reached, over, _, _ in bot.stops)
        capped = Recorder(game, seed=3, iters=12, playout="heuristic", rounds=1, depth=2)
        capped.search(state, seat)
        assert all(moves <= 2 for _, _, moves, _ in capped.stops)


def test_rounds_and_tree_refuse_what_they_cannot_do() -> None:
    with pytest.raises(ValueError, match="pursuit-cards has none"):
        make_bot("pursuit-cards", "ismcts:playout=heuristic:rounds=1", 1)
    with pytest.raises(ValueError, match="rounds must be at least 1"):
        make_bot("pursuit", "ismcts:rounds=0", 1)
    with pytest.raises(ValueError, match="tree must be at least 1"):
        make_bot("pursuit", "ismcts:tree=0", 1)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_tree_1_searches_only_the_roots_actions(game_id: str) -> None:
    """``tree=1``: each iteration tries one of the root's actions and the playout bot plays
    on from there (a rollout of that bot for each action), so no node has children of its
    own; without it the tree grows below the root."""
    state = _position(game_id, 2, 20)
    seat = state.to_move()[0]
    flat = make_bot(game_id, "ismcts:iters=30:playout=heuristic:depth=4:tree=1", 5)
    deep = make_bot(game_id, "ismcts:iters=30:playout=heuristic:depth=4", 5)
    assert isinstance(flat, ISMCTSBot) and isinstance(deep, ISMCTSBot)
    root = flat.search(state, seat)
    assert sum(child.visits for child in root.children.values()) == 30
    assert all(not child.children for child in root.children.values())
    assert any(child.children for child in deep.search(state, seat).children.values())


@pytest.mark.parametrize("game_id", list(GAMES))
def test_halving_races_the_roots_actions_and_plays_the_winner(game_id: str) -> None:
    """``halving=1``: every action starts the race, each phase plays all those left on the
    same deals (so they have the same visits) and halves them, the budget is kept (give or
    take a deal a phase), and the move played is the finalist with the better mean reward."""
    for plies in (10, 30):
        state = _position(game_id, 2, plies, seed=6)
        if state.is_over():
            continue
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if len(legal) < 3:
            continue
        spec = "ismcts:iters=60:playout=heuristic:depth=4:halving=1"
        bot = make_bot(game_id, spec, 2)
        assert isinstance(bot, ISMCTSBot)
        root = bot.search(state, seat)
        visits = sorted((child.visits for child in root.children.values()), reverse=True)
        assert len(root.children) == len(legal) and min(visits) >= 1
        phases = (len(legal) - 1).bit_length()
        assert len(set(visits)) <= phases and visits[0] == visits[1]
        assert 60 <= sum(visits) <= 60 + phases * len(legal)
        finalists = [a for a, child in root.children.items() if child.visits == visits[0]]
        assert len(finalists) == 2
        winner = max(finalists, key=lambda a: root.children[a].reward)
        assert str(make_bot(game_id, spec, 2).choose(state, seat)) == str(winner)
        return
    pytest.fail("no position with three actions or more: the test shows nothing")


def test_halving_is_on_or_off() -> None:
    with pytest.raises(ValueError, match="halving is 1"):
        make_bot("pursuit", "ismcts:halving=2", 1)
