"""Fit Maestro's learned value (engine/games/maestro/value.py) to the results of
finished two-seat games.

Each position of a game (chance nodes included: a searcher's leaf may be one) is a
sample: both seats' net inputs (MaestroState.value_features) and seat 0's return.
The net starts as the hand-built heuristic (h = lead / 2: the two-seat softmax) and
is fitted by Adam on the log loss, the games of every fifth deal held out (a match
plays each deal twice, seats swapped: in self-play at fixed iterations that is the
same game twice); the log loss of a constant, of the heuristic and of the fit on the
held-out games are printed. With --out the weights are written as value.json, with
the command and the losses:

    cadenza match maestro --entrant a=mcts:iterations=1000 --entrant b=mcts:iterations=1000 \\
        --games 3000 --workers 2 --seed 5101 --out runs/maestro-selfplay
    python bench/training/maestro_value.py runs/maestro-selfplay \\
        --out engine/games/maestro/data/value.json

With --bootstrap WEIGHTS --lam L the net is fitted not to each game's result but to
its TD(lambda) return under those weights: going back from the end, a position's
target is (1 - L) times the weights' share at the next sampled position plus L times
that position's target, and the last position's is the result. A game's result
carries the luck of every draw after the position; the return trades some of that
noise for the older net's bias (a version 5 fitted so from version 3, L 0.9, was not
shipped: docs/strength.md, "Tried and not shipped").
The held-out losses are still against the results.

The inputs are those of the value in the tree (value.FEATURES): to fit a version
with other inputs, change them in both implementations first, with weights of the
new shape in place (the net with only the lead, the heuristic, will do), and give the
fit a new --version (bench/results/maestro-mcts-value2-* did so; at commit 080b28c).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.analysis.compare_matches import (
    add_maestro_records_arguments,
    maestro_records,
    replay_start,
)  # noqa: E402
from engine.errors import GameConfigError  # noqa: E402
from engine.games.maestro import value  # noqa: E402
from engine.games.maestro.value import HIDDEN  # noqa: E402

HELD_OUT = 5
WEIGHTS = ("w1", "b1", "w2", "lin")  # the net's arrays, as value.json stores them


def samples(records: list[dict], every: int, seed: int = 0):
    """Both seats' net inputs at about one in `every` positions of each record's game
    (each position an action was taken from), seat 0's return, and the game's number."""
    rng = random.Random(seed)
    x0, x1, target, game = [], [], [], []
    for number, record in enumerate(records):
        played, state = replay_start(record)
        for text in [t for move in played["moves"] for t in move["actions"]]:
            if rng.randrange(every) == 0:
                a, b = state.value_features()
                x0.append(a)
                x1.append(b)
                target.append(record["returns"][0])
                game.append(number)
            state.apply(state.str_to_action(text))
    return np.array(x0), np.array(x1), np.array(target), np.array(game)


def deals(records: list[dict]) -> np.ndarray:
    """Each record's deal, numbered in order of first appearance. The games of one deal
    (its seats swapped; in self-play, where both seats search alike, the same game
    twice) are held out together, so the held-out games are ones the fit never saw."""
    numbers: dict[int, int] = {}
    return np.array([numbers.setdefault(r["seed"], len(numbers)) for r in records])


def initial(inputs: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    lin = np.zeros(inputs)
    lin[-1] = 0.5  # h(0) - h(1) = lead: the heuristic's two-seat softmax
    return {
        "w1": rng.normal(0.0, 0.3 / np.sqrt(inputs), (HIDDEN, inputs)),
        "b1": np.zeros(HIDDEN),
        "w2": np.zeros(HIDDEN),
        "lin": lin,
    }


def side(p, x):
    hidden = np.tanh(x @ p["w1"].T + p["b1"])
    return hidden @ p["w2"] + x @ p["lin"], hidden


def predict(p, x0, x1):
    return 1.0 / (1.0 + np.exp(-(side(p, x0)[0] - side(p, x1)[0])))


def td_returns(share, result, game, lam: float) -> np.ndarray:
    """Each sample's TD(lambda) target: the samples are in game order, `share` is the
    bootstrapping net's at each, `result` the game's; a game's last sample gets the
    result, each earlier one (1 - lam) * the next one's share + lam * its target."""
    out = np.empty(len(share))
    for i in range(len(share) - 1, -1, -1):
        last = i == len(share) - 1 or game[i + 1] != game[i]
        out[i] = result[i] if last else (1 - lam) * share[i + 1] + lam * out[i + 1]
    return out


def log_loss(share, target):
    share = np.clip(share, 1e-9, 1 - 1e-9)
    return float(-np.mean(target * np.log(share) + (1 - target) * np.log(1 - share)))


def gradients(p, x0, x1, target, l2):
    h0, a0 = side(p, x0)
    h1, a1 = side(p, x1)
    share = 1.0 / (1.0 + np.exp(-(h0 - h1)))
    dz = (share - target) / len(target)
    grads = {}
    grads["w2"] = a0.T @ dz - a1.T @ dz + l2 * p["w2"]
    grads["lin"] = x0.T @ dz - x1.T @ dz
    d0 = np.outer(dz, p["w2"]) * (1 - a0**2)
    d1 = -np.outer(dz, p["w2"]) * (1 - a1**2)
    grads["w1"] = d0.T @ x0 + d1.T @ x1 + l2 * p["w1"]
    grads["b1"] = d0.sum(0) + d1.sum(0)
    return grads


def fit(x0, x1, target, epochs, batch, rate, l2, seed):
    rng = np.random.default_rng(seed)
    p = initial(x0.shape[1], rng)
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v = {k: np.zeros_like(v) for k, v in p.items()}
    step = 0
    for _ in range(epochs):
        order = rng.permutation(len(target))
        for start in range(0, len(order), batch):
            pick = order[start : start + batch]
            g = gradients(p, x0[pick], x1[pick], target[pick], l2)
            step += 1
            for k in p:
                m[k] = 0.9 * m[k] + 0.1 * g[k]
                v[k] = 0.999 * v[k] + 0.001 * g[k] ** 2
                mh = m[k] / (1 - 0.9**step)
                vh = v[k] / (1 - 0.999**step)
                p[k] -= rate * mh / (np.sqrt(vh) + 1e-8)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_maestro_records_arguments(parser, every=2)
    parser.add_argument("--epochs", type=int, default=8, help="passes over the samples")
    parser.add_argument("--batch", type=int, default=2048, help="samples a step")
    parser.add_argument("--rate", type=float, default=2e-3, help="Adam's step size")
    parser.add_argument("--l2", type=float, default=1e-4, help="weight decay on w1 and w2")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sampling and the fit")
    parser.add_argument("--out", type=Path, help="write the weights here (value.json)")
    parser.add_argument("--version", type=int, default=1, help="the weights' version number")
    parser.add_argument(
        "--bootstrap", type=Path, help="fit to TD(lambda) returns under these weights"
    )
    parser.add_argument(
        "--lam", type=float, help="lambda of the returns (with --bootstrap; default 0.9)"
    )
    args = parser.parse_args(argv)
    if args.every < 1 or args.epochs < 1 or args.batch < 1:
        parser.error("--every, --epochs and --batch must be at least 1")
    if args.lam is not None and not args.bootstrap:
        parser.error("--lam needs --bootstrap: without it the fit is to the results")
    lam = 0.9 if args.lam is None else args.lam
    if not 0.0 <= lam <= 1.0:
        parser.error("--lam must be from 0 to 1")
    try:
        bootstrap = value.load(args.bootstrap) if args.bootstrap else None
    except GameConfigError as exc:
        parser.error(str(exc))
    records = maestro_records(parser, args.folders)
    x0, x1, target, game = samples(records, args.every, args.seed)
    deal = deals(records)
    held = deal[game] % HELD_OUT == 0
    print(
        f"{len(target)} positions of {len(records)} games, {int(held.sum())} held out "
        f"(the games of one deal in {HELD_OUT}; {len(set(deal.tolist()))} deals)"
    )
    p0 = initial(x0.shape[1], np.random.default_rng(0))
    constant = log_loss(np.full(held.sum(), target[~held].mean()), target[held])
    heuristic = log_loss(predict(p0, x0[held], x1[held]), target[held])
    fitted_to = target
    if bootstrap is not None:
        old = {key: np.array(bootstrap[key]) for key in WEIGHTS}
        fitted_to = td_returns(predict(old, x0, x1), target, game, lam)
    x0_fit, x1_fit, to_fit = x0[~held], x1[~held], fitted_to[~held]
    p = fit(x0_fit, x1_fit, to_fit, args.epochs, args.batch, args.rate, args.l2, args.seed)
    fitted = log_loss(predict(p, x0[held], x1[held]), target[held])
    print(
        f"log loss on the games held out: constant {constant:.4f}, "
        f"heuristic {heuristic:.4f}, fitted {fitted:.4f}"
    )
    if args.out:
        written = {"version": args.version}
        written.update({key: p[key].tolist() for key in WEIGHTS})
        written["fitted"] = {
            "command": " ".join(
                ["python bench/training/maestro_value.py", *(argv or sys.argv[1:])]
            ),
            "games": len(records),
            "positions": int(len(target)),
            "targets": (
                f"TD({lam}) returns under version {bootstrap['version']}"
                if bootstrap is not None
                else "game results"
            ),
            "held_out_log_loss": {
                "constant": round(constant, 4),
                "heuristic": round(heuristic, 4),
                "fitted": round(fitted, 4),
            },
        }
        args.out.write_text(json.dumps(written) + "\n")
        print(f"written {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
