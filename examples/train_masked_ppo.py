"""Train an agent with MaskablePPO against the random bot, then measure it.

    pip install -e '.[train]'          # sb3-contrib (MaskablePPO) and PyTorch, CPU is enough
    python examples/train_masked_ppo.py --timesteps 300000 --eval-games 400
    python examples/train_masked_ppo.py --game pursuit --actions compact --minutes 10 --curve-every 1

The agent plays seat 0 of a game (the card game, 2 players, unless ``--game`` and
``--players`` say otherwise) against the random bot through ``vita.ai.gymnasium_env`` (the
other seats played by the bot; the reward comes at the end: +1 first … -1 last).
MaskablePPO only ever samples legal actions: it reads the legal ones from the environment's
``action_masks()``. ``--actions compact`` trains on the compact encoding (places among the
legal actions, :mod:`vita.ai.compact`) instead of the game's own numbering.

Training runs for ``--timesteps`` steps or ``--minutes`` of training time. With
``--curve-every M`` the agent is measured every M minutes of training (``--curve-games`` new
games against the random bot, not counted as training time): the learning curve. After
training, the agent (its most likely legal action at each decision) plays ``--eval-games``
new games, in each seat in turn, against the random bot, and the script prints its win rate
beside the random bot's own against itself (the yardstick: one seat's share), and how long
training took. ``--save`` keeps the model.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO

from vita.ai import gymnasium_env
from vita.registry import get_game, make_bot

STEPS = 2048  # the steps of one rollout (PPO's n_steps)


def win_rate(choose: Any, game_id: str, players: int, actions: str, games: int, seed: int) -> float:
    """The share of games the chooser wins against the random bot, seated in turn in every seat
    (a shared first place counts as a share of a win)."""
    wins = 0.0
    for number in range(games):
        seat = number % players
        env = gymnasium_env(game_id, opponents="random", seat=seat, players=players, actions=actions)
        observation, _ = env.reset(seed=seed + number)
        done = False
        while not done:
            action = choose(observation, env.action_masks())
            observation, _, done, _, _ = env.step(action)
        wins += _share(env.interface.game.outcome(env.state_), seat)
    return wins / games


def random_against_random(game_id: str, players: int, games: int, seed: int) -> float:
    """The random bot's own win rate against itself, seated as the agent is."""
    game = get_game(game_id)
    wins = 0.0
    for number in range(games):
        state = game.new(seed=seed + number, log=False, players=players)
        bots = [make_bot(game_id, "random", seed + number + seat) for seat in range(players)]
        while not state.is_over():
            mover = state.to_move()[0]
            state.apply(bots[mover].choose(state, mover), mover)
        wins += _share(game.outcome(state), number % players)
    return wins / games


def _share(outcome: list[float], seat: int) -> float:
    """A win's share for ``seat``: 1 alone in first place, 1/k among k sharing it, else 0."""
    best = max(outcome)
    return 1 / outcome.count(best) if outcome[seat] == best else 0.0


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pursuit-cards")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--actions", choices=["full", "compact"], default="full")
    parser.add_argument("--timesteps", type=int, default=300_000, help="Training steps (unless --minutes).")
    parser.add_argument("--minutes", type=float, default=0.0, help="Train for so many minutes instead.")
    parser.add_argument("--curve-every", type=float, default=0.0, help="Measure every so many minutes.")
    parser.add_argument("--curve-games", type=int, default=100)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--threads", type=int, default=0, help="PyTorch's threads (0: its default).")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", default="")
    args = parser.parse_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)

    game, players, actions = args.game, args.players, args.actions
    env = gymnasium_env(game, opponents="random", players=players, actions=actions)
    rollout = STEPS if args.minutes else min(STEPS, max(64, args.timesteps))
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0, n_steps=rollout,
                        batch_size=256, n_epochs=4, gamma=0.99, learning_rate=3e-4, ent_coef=0.01)

    def trained(observation: np.ndarray, masks: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=masks, deterministic=True)
        return int(action)

    curve: list[dict[str, float]] = []
    trained_seconds = 0.0
    next_point = args.curve_every * 60
    while True:
        left = (args.timesteps - model.num_timesteps) if not args.minutes else rollout
        if left <= 0 or (args.minutes and trained_seconds >= args.minutes * 60):
            break
        start = time.perf_counter()
        model.learn(total_timesteps=min(left, rollout), reset_num_timesteps=False)
        trained_seconds += time.perf_counter() - start
        if args.curve_every and trained_seconds >= next_point:
            rate = win_rate(trained, game, players, actions, args.curve_games, 10**7 + len(curve) * 10**4)
            curve.append({"minutes": round(trained_seconds / 60, 2), "timesteps": model.num_timesteps,
                          "win_rate_against_random": rate})
            print(json.dumps(curve[-1]), flush=True)
            next_point += args.curve_every * 60
    if args.save:
        model.save(args.save)

    result: dict[str, Any] = {
        "game": game, "players": players, "actions": actions, "timesteps": model.num_timesteps,
        "training_minutes": round(trained_seconds / 60, 2),
        "win_rate_against_random": win_rate(trained, game, players, actions, args.eval_games, 10**6),
        "random_win_rate_against_random": random_against_random(game, players, args.eval_games, 10**6),
        "eval_games": args.eval_games, "curve": curve}
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
