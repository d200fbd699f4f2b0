"""The strength ladder (``easy`` … ``expert``) and what it is built from: a bot that errs now
and then, and search that stops early with the game's own judgement (``Game.evaluate``)."""

from __future__ import annotations

import pytest

from vita.core import Rng
from vita.core.search import ISMCTSBot
from vita.registry import GAMES, bot_names, get_game, make_bot

RUNGS = ("easy", "medium", "hard", "expert")


def _positions(game_id: str, count: int, seed: int = 3):
    """Positions of random 2-player games where the seat to act has a choice."""
    game = get_game(game_id)
    rng = Rng(seed)
    found = []
    state = game.new(seed=seed, players=2 if game.info.min_players <= 2 else game.info.min_players, log=False)
    while len(found) < count:
        if state.is_over():
            state = game.new(seed=rng.below(10**6), players=2, log=False)
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            found.append(state.clone())
        state.apply_trusted(seat, legal[rng.below(len(legal))])
    return found


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_rung_is_offered_named_and_replays(game_id: str) -> None:
    """Each rung is offered at tables, is named as asked, has an iteration budget (no time
    budget: a game against it replays exactly) and chooses a legal action, the same one
    again when made again with the same seed."""
    game = get_game(game_id)
    assert list(game.ladder()) == list(RUNGS)
    assert bot_names(game_id)[:4] == list(RUNGS)
    state = _positions(game_id, 1)[0]
    seat = state.to_move()[0]
    for rung in RUNGS:
        bot = make_bot(game_id, rung, 5)
        assert bot.name == rung
        if isinstance(bot, ISMCTSBot):
            assert bot.seconds is None and bot.iterations is not None
            bot.iterations = min(bot.iterations, 30)  # the budget's size is not what is tested here
        choice = bot.choose(state, seat)
        assert state.why_illegal(seat, choice) is None
        if isinstance(bot, ISMCTSBot):
            again = make_bot(game_id, rung, 5)
            again.iterations = bot.iterations  # type: ignore[attr-defined]
            assert str(again.choose(state, seat)) == str(choice)


def test_a_bot_that_errs_plays_its_own_choice_or_a_random_one() -> None:
    """mistakes=0 is the bot itself; mistakes=1 plays at random, so it leaves the heuristic's
    choice often; in between, each decision's error depends on the seed and the move number
    only (a random move asked again, in another order, is the same)."""
    positions = _positions("pursuit-cards", 60)
    own = [str(make_bot("pursuit-cards", "heuristic", 1).choose(p, p.to_move()[0])) for p in positions]
    never = [str(make_bot("pursuit-cards", "heuristic:mistakes=0", 1).choose(p, p.to_move()[0])) for p in positions]
    always = [make_bot("pursuit-cards", "heuristic:mistakes=1", 1).choose(p, p.to_move()[0]) for p in positions]
    assert never == own
    assert all(p.why_illegal(p.to_move()[0], a) is None for p, a in zip(positions, always, strict=True))
    assert sum(str(a) != o for a, o in zip(always, own, strict=True)) > len(positions) // 3
    again = make_bot("pursuit-cards", "heuristic:mistakes=1", 1)
    assert [str(a) for a in always] == [str(again.choose(p, p.to_move()[0])) for p in reversed(positions)][::-1]
    assert make_bot("pursuit-cards", "heuristic:mistakes=0.5", 4).name == "heuristic:mistakes=0.5"


@pytest.mark.parametrize(("name", "message"), [
    ("heuristic:mistakes=2", "share of moves from 0 to 1"),
    ("heuristic:mistakes=x", "not a number"),
    ("heuristic:iters=30", "takes no iters"),
    ("random:depth=3", "takes no depth"),
    ("nobody", "unknown bot"),
])
def test_a_bad_bot_name_gets_one_clear_error(name: str, message: str) -> None:
    with pytest.raises((ValueError, KeyError), match=message):
        make_bot("pursuit-cards", name, 1)


@pytest.mark.parametrize("game_id", ["pursuit-cards", "pursuit", "cv"])
def test_the_games_judgement_of_a_position(game_id: str) -> None:
    """``Game.evaluate`` gives each seat a value from -1 to +1, and in two-player games the
    seat ahead by the game's heuristic is the one judged ahead (the two values mirror each
    other's sign)."""
    game = get_game(game_id)
    for state in _positions(game_id, 40, seed=8):
        values = game.evaluate(state)
        assert values is not None and len(values) == state.num_players
        assert all(-1.0 <= v <= 1.0 for v in values)
        assert values[0] * values[1] <= 0 or values[0] == values[1] == 0.0


def test_cv_judges_a_finished_game_by_its_scores() -> None:
    """CV's judgement of a finished game is its "Scoring": each seat's points, so the seat with
    the most points is judged ahead of every other."""
    from vita.games.cv.bots import values
    from vita.games.cv.rules.game_end import scores

    game = get_game("cv")
    rng = Rng(11)
    state = game.new(seed=11, players=3, log=False)
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply_trusted(seat, legal[rng.below(len(legal))])
    assert values(state) == list(scores(state))
    judged = game.evaluate(state)
    assert judged is not None
    points = scores(state)
    best = max(range(3), key=lambda s: points[s])
    assert sorted(points)[-1] > sorted(points)[-2], "this seed was chosen for a game with one leader"
    assert judged[best] == max(judged) and judged[best] > 0
    assert all(judged[s] < 0 for s in range(3) if s != best)


@pytest.mark.parametrize("game_id", ["pursuit-cards", "pursuit", "cv"])
def test_search_with_top_keeps_to_the_judgements_best_actions(game_id: str) -> None:
    """``top=1``: the search may only play the action whose result the game's judgement likes
    best, so its budget and exploration change nothing; ``top=K`` chooses a legal action."""
    for state in _positions(game_id, 6, seed=21):
        seat = state.to_move()[0]
        few = make_bot(game_id, "ismcts:iters=5:depth=0:top=1", 3).choose(state, seat)
        more = make_bot(game_id, "ismcts:iters=60:depth=0:c=2:top=1", 3).choose(state, seat)
        assert str(few) == str(more)
        wider = make_bot(game_id, "ismcts:iters=40:depth=0:top=3", 3).choose(state, seat)
        assert state.why_illegal(seat, wider) is None


def test_top_must_be_at_least_one() -> None:
    with pytest.raises(ValueError, match="top must be at least 1"):
        make_bot("pursuit", "ismcts:top=0", 1)


def test_keep_plays_the_playout_bots_move_unless_the_search_clearly_beats_it() -> None:
    """``keep=Z``: the root keeps the move of the bot that plays the playouts unless another
    action's mean reward is higher by more than Z standard errors. With an unreachable
    margin the search plays CV's heuristic's move (a bot that looks only at what its seat
    sees, so any deal gives the same move); without ``keep`` the search does leave it."""
    positions = _positions("cv", 8, seed=31)
    for state in positions:
        seat = state.to_move()[0]
        heuristic = make_bot("cv", "heuristic", 0).choose(state, seat)
        kept = make_bot("cv", "ismcts:iters=40:playout=heuristic:depth=2:top=1:keep=1000", 3).choose(state, seat)
        assert str(kept) == str(heuristic)
    assert any(str(make_bot("cv", "ismcts:iters=40:playout=heuristic:depth=2:top=1", 3).choose(s, s.to_move()[0]))
               != str(make_bot("cv", "heuristic", 0).choose(s, s.to_move()[0])) for s in positions), \
        "the search never left the heuristic's move: the test shows nothing"


def test_confirm_keeps_the_playout_bots_move_unless_fresh_pairs_of_playouts_beat_it() -> None:
    """``confirm=N``: where the search's choice is not the heuristic's move, N pairs of
    playouts on fresh deals decide; with an unreachable margin the heuristic's move stays,
    and with none (``keep=0``) the confirmed choice is sometimes the search's. A choice is
    always one of the two."""
    positions = _positions("cv", 8, seed=31)
    left = 0
    for state in positions:
        seat = state.to_move()[0]
        heuristic = str(make_bot("cv", "heuristic", 0).choose(state, seat))
        searched = str(make_bot("cv", "ismcts:iters=40:playout=heuristic:depth=2:top=1", 3).choose(state, seat))
        kept = make_bot("cv", "ismcts:iters=40:playout=heuristic:depth=2:top=1:keep=1000:confirm=6", 3)
        assert str(kept.choose(state, seat)) == heuristic
        confirmed = str(make_bot("cv", "ismcts:iters=40:playout=heuristic:depth=2:top=1:keep=0:confirm=6", 3)
                        .choose(state, seat))
        assert confirmed in (heuristic, searched)
        left += confirmed != heuristic
    assert left, "the confirmation never let the search's choice through: the test shows nothing"


def test_a_study_shows_the_move_the_bot_would_play() -> None:
    """The analysis of a decision names what the bot would play, which with ``confirm`` may be
    the heuristic's move rather than the search's most visited action."""
    from vita.analysis import study

    game = get_game("cv")
    spec = "ismcts:iters=40:playout=heuristic:depth=2:top=1:keep=1000:confirm=6"
    overruled = 0
    for state in _positions("cv", 8, seed=31):
        seat = state.to_move()[0]
        bot = make_bot("cv", spec, 3)
        assert isinstance(bot, ISMCTSBot)
        found = study(game, state, seat, bot=bot)
        assert found is not None
        assert found["best"] == str(make_bot("cv", spec, 3).choose(state, seat))
        overruled += found["best"] != found["options"][0]["action"]
    assert overruled, "the most visited action was always the one played: the test shows nothing"


def test_the_confirmation_counts_a_lead_in_standard_errors_of_the_pairs() -> None:
    """A lead that is the same in every pair is certain; differences that cancel out are no
    lead; the same mean with more spread is a smaller lead."""
    from vita.core.search import paired_lead

    assert paired_lead([0.25] * 5) == float("inf")
    assert paired_lead([0.5, -0.5, 0.5, -0.5]) == 0.0
    assert paired_lead([0.0, 0.0, 0.0]) == 0.0
    assert paired_lead([-0.25] * 3) == 0.0
    steady, noisy = paired_lead([0.1, 0.3, 0.2, 0.2]), paired_lead([-0.4, 0.8, 0.2, 0.2])
    assert steady > noisy > 0


def test_confirm_needs_a_playout_bot() -> None:
    with pytest.raises(ValueError, match="confirm= needs a playout bot"):
        make_bot("cv", "ismcts:confirm=10", 1)
    with pytest.raises(ValueError, match="at least 2"):
        make_bot("cv", "ismcts:playout=heuristic:confirm=1", 1)


def test_keep_needs_a_playout_bot() -> None:
    with pytest.raises(ValueError, match="keep= needs a playout bot"):
        make_bot("cv", "ismcts:keep=1", 1)
