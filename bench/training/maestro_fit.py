"""Fit the weights of Maestro's hand-built heuristic (engine/games/maestro/weights.py)
to the results of finished two-seat games (Texel's method: each position is a
sample, the heuristic's share for seat 0 the prediction, seat 0's return the
target). Two seats play with the learned value over its terms (value.py,
bench/training/maestro_value.py fits it); three and four with the hand-built one.

The positions are replayed from a match's records; their terms come from the
readable reference (MaestroReference.heuristic_terms), so only the weights that act
on the terms are fitted; DRAWS_PER_TURN and CRITIC_HOLD_TURNS, which shape the terms,
keep their values. The weights that minimise the log loss over four fifths of the
games are printed with the loss on the games held out, next to the weights in use.
Self-play is the data it is meant for:

    cadenza match maestro --entrant a=mcts:iterations=1000 --entrant b=mcts:iterations=1000 \\
        --games 3000 --workers 2 --seed 5101 --out runs/maestro-selfplay
    python bench/training/maestro_fit.py runs/maestro-selfplay
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench.analysis.compare_matches import (
    add_maestro_records_arguments,
    maestro_records,
    replay_start,
)  # noqa: E402
from engine.games.maestro import weights  # noqa: E402
from engine.games.maestro.reference import MaestroReference  # noqa: E402

FITTED = (
    "OPPORTUNITY_NOW",
    "OPPORTUNITY_DECAY",
    "TEMPERATURE_BASE",
    "TEMPERATURE_PER_ROOT_DRAW",
    "TILE_WEIGHT",
    "FREE_SPACE_POINTS",
)
TERMS = ("points", "tiles", "critic", "best_gain", "turns_to_place", "free_after_draws")
HELD_OUT = 5  # every fifth game is held out of the fit


@dataclass
class Samples:
    """Positions of finished games: each term per seat (n x 2), the draws expected
    before the end, seat 0's return and the game each position is from."""

    terms: dict[str, np.ndarray]
    expected_draws: np.ndarray
    target: np.ndarray
    game: np.ndarray


def samples(records: list[dict], every: int = 1, seed: int = 0) -> Samples:
    """About one in `every` positions before the end of each record's game (chance
    nodes included: a searcher's leaf may be one), in the order they were played."""
    rng = random.Random(seed)
    terms: dict[str, list] = {name: [] for name in TERMS}
    draws, target, game = [], [], []
    for number, record in enumerate(records):
        played, state = replay_start(record)
        for text in [t for move in played["moves"] for t in move["actions"]]:
            if rng.randrange(every) == 0:
                found = MaestroReference.from_dict(state.to_dict()).heuristic_terms()
                for name in TERMS:
                    terms[name].append([seat[name] for seat in found["seats"]])
                draws.append(found["expected_draws"])
                target.append(record["returns"][0])
                game.append(number)
            state.apply(state.str_to_action(text))
    return Samples(
        {name: np.array(values, dtype=float) for name, values in terms.items()},
        np.array(draws),
        np.array(target),
        np.array(game),
    )


def shares(w: dict[str, float], s: Samples) -> np.ndarray:
    """Seat 0's share of the win by the heuristic with weights `w` (the formula of
    MaestroReference.heuristic, for two seats)."""
    t = s.terms
    value = (
        t["points"]
        + w["TILE_WEIGHT"] * t["tiles"]
        + t["critic"]
        + w["OPPORTUNITY_NOW"] * w["OPPORTUNITY_DECAY"] ** t["turns_to_place"] * t["best_gain"]
        + w["FREE_SPACE_POINTS"] * t["free_after_draws"]
    )
    temperature = w["TEMPERATURE_BASE"] + w["TEMPERATURE_PER_ROOT_DRAW"] * np.sqrt(s.expected_draws)
    # The simplex may try a temperature near zero or below, which would blow up or
    # invert the softmax: it is held at a point or more, and the lead within exp's range.
    lead = (value[:, 0] - value[:, 1]) / np.maximum(temperature, 1.0)
    return 1.0 / (1.0 + np.exp(-np.clip(lead, -500.0, 500.0)))


def log_loss(predicted: np.ndarray, target: np.ndarray) -> float:
    p = np.clip(predicted, 1e-9, 1.0 - 1e-9)
    return float(-np.mean(target * np.log(p) + (1.0 - target) * np.log(1.0 - p)))


def in_use() -> dict[str, float]:
    return {name: float(getattr(weights, name)) for name in FITTED}


def fit(s: Samples, start: dict[str, float], mask: np.ndarray) -> dict[str, float]:
    """The weights minimising the log loss over the samples `mask` selects."""
    part = Samples(
        {name: values[mask] for name, values in s.terms.items()},
        s.expected_draws[mask],
        s.target[mask],
        s.game[mask],
    )

    def loss(x):
        return log_loss(shares(dict(zip(FITTED, x, strict=True)), part), part.target)

    x = np.array([start[name] for name in FITTED])
    for _ in range(2):  # a restart lets the simplex out of a flat corner
        x = minimize(loss, x, method="Nelder-Mead", options={"maxiter": 4000}).x
    return dict(zip(FITTED, (float(v) for v in x), strict=True))


def report(s: Samples, games: int) -> str:
    """The weights in use and fitted, and each one's log loss on the games held out."""
    held_out = s.game % HELD_OUT == 0
    current = in_use()
    fitted = fit(s, current, ~held_out)
    lines = [
        f"{games} games ({(games + HELD_OUT - 1) // HELD_OUT} held out), {len(s.target)} positions",
        f"{'weight':<28}{'in use':>10}{'fitted':>10}",
    ]
    lines += [f"{name:<28}{current[name]:>10.3g}{fitted[name]:>10.3g}" for name in FITTED]
    y = s.target[held_out]
    old, new = (log_loss(shares(w, s)[held_out], y) for w in (current, fitted))
    lines.append(f"{'log loss, games held out':<28}{old:>10.4f}{new:>10.4f}")
    constant = log_loss(np.full(y.shape, s.target[~held_out].mean()), y)
    lines.append(f"{'(a constant share)':<28}{constant:>10.4f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_maestro_records_arguments(parser, every=3)
    parser.add_argument("--seed", type=int, default=0, help="seed of the sampling")
    args = parser.parse_args(argv)
    if args.every < 1:
        parser.error("--every must be at least 1")
    records = maestro_records(parser, args.folders)
    print(report(samples(records, args.every, args.seed), len(records)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
