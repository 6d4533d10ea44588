"""Learn a City Plan policy against heuristic opponents through the Gymnasium wrapper.

A linear policy (scikit-learn's SGDClassifier, logistic loss) first imitates the
heuristic bot at the learner's seat, then is judged by its win share against two
heuristic opponents, beside a random policy at the same seat and seeds, and both are
rated with the heuristic in soan's ladder (`soan.lab.ladder.rate`: OpenSkill's
Plackett-Luce over every judged game). A few minutes on a CPU; needs
`pip install -e '.[rl]' scikit-learn`.

    python examples/learn_against_heuristic.py --games 200 --eval 100
"""

from __future__ import annotations

import argparse

import numpy as np
from sklearn.linear_model import SGDClassifier

from soan.adapters.gymnasium import env
from soan.bots import make_bot
from soan.bots.match import bot_rngs, choose
from soan.lab.ladder.ladder import rate
from soan.lab.run.runner import ranks, win_shares


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


def judge(e, name: str, policy, games: int, seed: int, first_index: int
          ) -> tuple[float, list[dict]]:
    """The policy's win share at the learner's seat, and the games as ladder rows (the
    learner's seat under `name`, the others as `heuristic`)."""
    total, rows = 0.0, []
    for g in range(games):
        obs, _ = e.reset(seed=seed + g)
        done = False
        while not done:
            obs, reward, terminated, truncated, _ = e.step(policy(obs))
            done = terminated or truncated
        total += reward
        state = e.state
        places = ranks(state.scores(), state.winners())
        shares = win_shares(state.seats, state.winners())
        rows += [{"game_index": first_index + g, "seat": s, "rank": places[s],
                  "win_share": shares[s], "bot": name if s == e.seat else "heuristic"}
                 for s in range(state.seats)]
    return total / games, rows


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
    rows = []
    for k, (name, policy) in enumerate((("random policy", uniform), ("linear policy", learned))):
        share, played = judge(e, name, policy, args.eval, seed=10**5, first_index=k * args.eval)
        rows += played
        print(f"{name}: win share {share:.3f} over {args.eval} games (an equal seat: {fair:.3f})")
    print("ladder (OpenSkill Plackett-Luce over the judged games):")
    for standing in rate(rows, ["heuristic", "random policy", "linear policy"]):
        mu = standing.interval
        print(f"  {standing.bot}: rating {standing.ordinal:.1f} (mu {mu.value:.1f}, "
              f"{mu.low:.1f}-{mu.high:.1f}), win share {standing.win_rate.value:.3f}")


if __name__ == "__main__":
    main()
