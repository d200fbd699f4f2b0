"""Train an agent for the card game (`pursuit-cards`) with MaskablePPO, then measure it.

    pip install -e '.[train]'          # sb3-contrib (MaskablePPO) and PyTorch, CPU is enough
    python examples/train_masked_ppo.py --timesteps 300000 --eval-games 400

The agent plays seat 0 of a 2-player game against the random bot through
``vita.ai.gymnasium_env`` (the other seat played by the bot; the reward is +1 for a win, -1
for a loss, at the end). MaskablePPO only ever samples legal actions: it reads the legal ones
from the environment's ``action_masks()``. After training, the agent (its most likely legal
action at each decision) plays ``--eval-games`` new games in each seat against the random bot,
and the script prints its win rate beside the random bot's own against itself, and how long
training took. ``--save`` keeps the model.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
from sb3_contrib import MaskablePPO

from vita.ai import gymnasium_env
from vita.registry import get_game, make_bot

GAME = "pursuit-cards"


def win_rate(choose: Any, games: int, seed: int) -> float:
    """The share of games the chooser wins against the random bot, half of them in each seat."""
    wins = 0.0
    for number in range(games):
        seat = number % 2
        env = gymnasium_env(GAME, opponents="random", seat=seat, players=2)
        observation, _ = env.reset(seed=seed + number)
        reward, done = 0.0, False
        while not done:
            action = choose(observation, env.action_masks())
            observation, reward, done, _, _ = env.step(action)
        wins += reward > 0 or 0.5 * (reward == 0)
    return wins / games


def random_against_random(games: int, seed: int) -> float:
    """The random bot's own win rate against itself (the yardstick: about one half)."""
    game = get_game(GAME)
    wins = 0.0
    for number in range(games):
        state = game.new(seed=seed + number, log=False, players=2)
        bots = [make_bot(GAME, "random", seed + number), make_bot(GAME, "random", seed + number + 1)]
        while not state.is_over():
            mover = state.to_move()[0]
            state.apply(bots[mover].choose(state, mover), mover)
        outcome = game.outcome(state)[number % 2]
        wins += outcome > 0 or 0.5 * (outcome == 0)
    return wins / games


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timesteps", type=int, default=300_000)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", default="")
    args = parser.parse_args(argv)

    env = gymnasium_env(GAME, opponents="random", players=2)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0, n_steps=min(2048, max(64, args.timesteps)),
                        batch_size=256, n_epochs=4, gamma=0.99, learning_rate=3e-4, ent_coef=0.01)
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    minutes = (time.perf_counter() - start) / 60
    if args.save:
        model.save(args.save)

    def trained(observation: np.ndarray, masks: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=masks, deterministic=True)
        return int(action)

    result = {"timesteps": args.timesteps, "training_minutes": round(minutes, 2),
              "win_rate_against_random": win_rate(trained, args.eval_games, 10**6),
              "random_win_rate_against_random": random_against_random(args.eval_games, 10**6),
              "eval_games": args.eval_games}
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
