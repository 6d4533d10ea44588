"""Learn a City Plan policy against heuristic opponents through the Gymnasium wrapper.

A linear policy (scikit-learn's SGDClassifier, logistic loss) first imitates the
heuristic bot at the learner's seat, then is judged by its win share against two
heuristic opponents, beside a random policy at the same seat and seeds. A few minutes
on a CPU; needs `pip install -e '.[rl]' scikit-learn`.

    python examples/learn_against_heuristic.py --games 200 --eval 100
"""

from __future__ import annotations

import argparse

import numpy as np
from sklearn.linear_model import SGDClassifier

from soan.adapters.gymnasium import env
from soan.bots import make_bot
from soan.bots.match import bot_rngs, choose


def teacher_games(e, games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Observations and the heuristic's choices (as action indices) at the learner's seat."""
    teacher = make_bot("heuristic")
    xs, ys = [], []
    for g in range(games):
        obs, _ = e.reset(seed=seed + g)
        rng = bot_rngs(seed + g + 10**6, e.rules.players)[e.seat]
        done = False
        while not done:
            action = e.rules.encoding.action_id(choose(teacher, e.state, rng))
            xs.append(obs["observation"])
            ys.append(action)
            obs, _, terminated, truncated, _ = e.step(action)
            done = terminated or truncated
    return np.array(xs), np.array(ys)


def win_share(e, policy, games: int, seed: int) -> float:
    total = 0.0
    for g in range(games):
        obs, _ = e.reset(seed=seed + g)
        done = False
        while not done:
            obs, reward, terminated, truncated, _ = e.step(policy(obs))
            done = terminated or truncated
        total += reward
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="teacher games to learn from")
    parser.add_argument("--eval", type=int, default=100, help="games to judge each policy")
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()

    e = env("cityplan", players=args.players, opponents="heuristic")
    x, y = teacher_games(e, args.games, seed=1)
    model = SGDClassifier(loss="log_loss", max_iter=30, tol=None, random_state=0).fit(x, y)
    columns = model.classes_

    def learned(obs):
        scores = np.full(len(obs["action_mask"]), -np.inf)
        scores[columns] = model.decision_function(obs["observation"][None])[0]
        scores[obs["action_mask"] == 0] = -np.inf
        if not np.isfinite(scores).any():  # a legal action the teacher never chose
            return int(obs["action_mask"].nonzero()[0][0])
        return int(np.argmax(scores))

    rng = np.random.default_rng(0)

    def uniform(obs):
        return int(rng.choice(obs["action_mask"].nonzero()[0]))

    fair = 1 / args.players
    print(f"City Plan, {args.players} players, seat 1 against {args.players - 1} heuristic bots")
    print(f"learned from {len(y):,} heuristic decisions in {args.games} games")
    for name, policy in (("random policy", uniform), ("linear policy", learned)):
        share = win_share(e, policy, args.eval, seed=10**5)
        print(f"{name}: win share {share:.3f} over {args.eval} games (an equal seat: {fair:.3f})")


if __name__ == "__main__":
    main()
