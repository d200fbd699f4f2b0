"""Our Life's hand-edited positions (what conformance cases give): each family's patch is its
own, even when two families read the same."""

from __future__ import annotations

import copy

from vita.core.rng import Rng
from vita.registry import get_game


def test_a_familys_patched_chart_is_kept_when_another_family_reads_the_same() -> None:
    """Past the setup, a family whose patch gives no Happiness Chart gets one of zeros as long
    as the rounds played; one whose patch gives a chart keeps it. Two single players whose
    families read alike (the same rows and chart): the first's patch gives the chart, the
    second's does not; the first keeps its chart and the second is set to zeros."""
    game = get_game("our-life")
    state = game.new(seed=3, players=2)
    rng = Rng(5)
    while state.to_json()["step"] == "setup":
        seat = state.to_move()[0]
        actions = state.legal_actions(seat)
        state.apply(actions[rng.below(len(actions))], seat)
    data = state.to_json()
    data["round"] = 3  # a hand-edited position: two rounds' rows on the chart
    chart = {"happiness": [2, 1], "joy": data["families"][0]["chart"]["joy"]}
    data["families"][0]["chart"] = copy.deepcopy(chart)
    data["families"][1] = copy.deepcopy(data["families"][0])  # the two families read alike
    patch = {"families": [{"chart": copy.deepcopy(chart)}, {}]}
    out = game.reconcile_position(data, patch)
    assert out["families"][0]["chart"] == chart  # the patch's own
    assert out["families"][1]["chart"]["happiness"] == [0, 0]  # none given: zeros for rounds 1 and 2
