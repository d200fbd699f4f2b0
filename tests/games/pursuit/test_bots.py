"""The heuristic bot against the random bot (the documented figure uses 200 seeds), and where the
search bot's playouts stop."""

from __future__ import annotations

from tests.search_recorder import Recorder

from vita.core.search import parse_parameters
from vita.games.pursuit import GAME
from vita.games.pursuit.bots import HeuristicBot
from vita.games.pursuit.state import ACTION, SETUP, UPKEEP
from vita.sim import simulate

SEEDS = 60


def test_heuristic_beats_random_in_at_least_90_percent_of_two_player_games() -> None:
    as_first = simulate("pursuit", {"players": 2}, ["heuristic", "random"], SEEDS // 2, seed=1)
    as_second = simulate("pursuit", {"players": 2}, ["random", "heuristic"], SEEDS // 2, seed=2)
    wins = as_first["seats"][0]["wins"] + as_second["seats"][1]["wins"]
    assert wins / SEEDS >= 0.9, wins


def test_heuristic_bot_plays_the_solo_game() -> None:
    summary = simulate("pursuit", {"players": 1}, ["heuristic"], 4, seed=3)
    assert all(result["scores"][0] > 20 for result in summary["results"])


def test_round_overview_the_search_counts_a_round_from_its_action_phase() -> None:
    """"Round Overview": each round is Upkeep, Action, End of Round. The search's round
    (``Game.round_of``) counts the Upkeep phase to the round before, so ``hard``'s playouts
    (``rounds=1``) all stop where an Action phase begins: every upkeep settled (no card's upkeep
    due) and no hourglass on a board action space yet, or at the game's end."""
    state = GAME.new(seed=9, players=2, log=False)
    players = [HeuristicBot(1), HeuristicBot(2)]  # they keep cards with upkeep, so upkeep has choices
    positions = []
    while not state.is_over():
        assert GAME.round_of(state) == state.round - (state.phase in (SETUP, UPKEEP))
        seat = state.to_move()[0]
        if len(state.legal_actions(seat)) > 1 and sum(p.phase == state.phase for p in positions) < 3 and (
                state.phase == UPKEEP or state.ply % 7 == 0):
            positions.append(state.clone())  # three upkeep decisions and three in the Action phase
        state.apply_trusted(seat, players[seat].choose(state, seat))
    assert any(p.phase == UPKEEP for p in positions) and any(p.phase == ACTION for p in positions)
    spec = GAME.ladder()["hard"].partition(":")[2]
    for position in positions:
        bot = Recorder(GAME, seed=1, **parse_parameters(spec))
        bot.search(position, position.to_move()[0])
        assert bot.stops
        for _, over, _, stop in bot.stops:
            assert over or (stop.phase == ACTION and all(not p.due and not any(p.placed)
                                                          for p in stop.players if p.alive))
