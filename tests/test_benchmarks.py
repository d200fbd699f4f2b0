"""The benchmark scripts that the docs quote run and report what they say they do."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def test_decision_time_times_the_bots_own_decisions() -> None:
    """``decision_time.py`` times only the named bot's decisions with a choice, in order: the
    median is at most the 90th percentile, which is at most the longest."""
    done = subprocess.run([sys.executable, str(BENCHMARKS / "decision_time.py"), "--game", "cv",
                           "--bot", "ismcts:iters=4:depth=0", "--games", "2", "--json"],
                          capture_output=True, text=True, timeout=240, check=True)
    result = json.loads(done.stdout)
    assert result["bot"] == "ismcts:iters=4:depth=0" and result["games"] == 2 and result["players"] == 2
    assert result["decisions"] > 10
    assert 0 < result["median_s"] <= result["p90_s"] <= result["max_s"]


def test_compare_refuses_a_core_it_may_not_run_on() -> None:
    """``compare.py --cpu`` names the cores it may use instead of measuring elsewhere."""
    done = subprocess.run([sys.executable, str(BENCHMARKS / "compare.py"), "--cpu", "4096"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "--cpu 4096: this process may run on cores" in done.stderr
    assert "Traceback" not in done.stderr and not done.stdout
