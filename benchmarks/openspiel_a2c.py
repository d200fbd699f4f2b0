"""OpenSpiel's A2C (``open_spiel.python.pytorch.policy_gradient``) learning on a vita game, with
the game's own action numbering and with the compact encoding: steps a second, beside the same
agents on OpenSpiel's C++ gin rummy in the same run.

    pip install -e '.[ai,train]'
    python benchmarks/openspiel_a2c.py --seconds 60
    python benchmarks/openspiel_a2c.py --game pursuit --players 2 --seconds 60 --json

Every seat is an A2C agent (OpenSpiel's own example loop: ``rl_environment.Environment``, one
``PolicyGradient`` a seat, each told every step), each learning from its observation tensor;
the step rate counts every agent's decisions. Run it on idle cores; the figure that travels is
the ratio to gin rummy's.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import pyspiel
import torch
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import policy_gradient

from vita.ai import openspiel


def steps_per_second(game: Any, seconds: float, seed: int) -> dict[str, Any]:
    """A2C agents in every seat of ``game`` for about ``seconds``: their decisions a second."""
    torch.manual_seed(seed)
    environment = rl_environment.Environment(game, seed=seed)
    size = environment.observation_spec()["info_state"][0]
    actions = environment.action_spec()["num_actions"]
    agents = [policy_gradient.PolicyGradient(player, size, actions, loss_str="a2c", hidden_layers_sizes=[128],
                                             batch_size=16, critic_learning_rate=0.01, pi_learning_rate=0.001)
              for player in range(game.num_players())]
    steps, episodes = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        step = environment.reset()
        while not step.last():
            player = step.observations["current_player"]
            output = agents[player].step(step)
            step = environment.step([output.action])
            steps += 1
        for agent in agents:
            agent.step(step)
        episodes += 1
    elapsed = time.perf_counter() - start
    return {"steps_per_second": round(steps / elapsed, 1), "episodes": episodes, "steps": steps,
            "actions": actions, "observation": size}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pursuit-cards")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--threads", type=int, default=1, help="PyTorch's threads.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    openspiel.register()

    name = openspiel.short_name(args.game)
    runs = {"gin_rummy": pyspiel.load_game("gin_rummy")}
    for actions in ("full", "compact"):
        runs[f"{name} ({actions})"] = pyspiel.load_game(name, {"players": args.players, "actions": actions})
    results = {label: steps_per_second(game, args.seconds, args.seed) for label, game in runs.items()}
    gin = results["gin_rummy"]["steps_per_second"]
    for result in results.values():
        result["ratio_to_gin_rummy"] = round(result["steps_per_second"] / gin, 2)
    if args.json:
        print(json.dumps(results))
    else:
        for label, result in results.items():
            print(f"{label:32} {result['steps_per_second']:8.1f} steps/s  "
                  f"{result['ratio_to_gin_rummy']:5.2f}x gin rummy  ({result['actions']} actions, "
                  f"{result['observation']} floats, {result['episodes']} episodes)")
    return results


if __name__ == "__main__":
    main()
