"""The exact optimal policy of two-player pig and its win probabilities.

Neller and Presser's formulation ("Optimal Play of the Dice Game Pig", 2004): P(i, j, k)
is the probability that the player to move, with banked score i, opponent score j and
turn total k, wins under optimal play by both, at a decision point:

    P(i, j, k) = 1                                                  if i + k >= target
    P(i, j, k) = max(roll, hold) otherwise, where
        roll = (1 - P(j, i, 0) + sum over r = 2..6 of P(i, j, k + r)) / 6
        hold = 1 - P(j, i + k, 0)

(holding at k = 0 is legal, as in OpenSpiel, and never better than rolling.) A state
only leads to states with the same score sum i + j or a larger one, so the sums are
solved from the largest down, as Neller and Presser do. Within one sum the unknowns
couple in pairs, P(i, j, 0) and P(j, i, 0), through the bust and the 0-hold; for a
fixed policy each is an affine function of the other, so each sum is solved by policy
iteration on that 2x2 system, repeated until no policy changes and no value moves by
more than 1e-12. `PigSolution.bellman_residual()` checks the result against the
equations above.

    solution = solve(100)
    solution.win_probability(0, 0, 0)   # the first player's chance, about 0.5306
    solution.best_action(0, 0, 20)      # "roll" (from 21 on: "hold")
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from engine.games.pig.actions import FACES, HOLD, ROLL
from engine.games.pig.codec import MAX_TARGET, MIN_TARGET

TOLERANCE = 1e-12
# Memory grows as target**3 (about 8.5 MB at 100, 230 MB at 300).
MAX_SOLVE_TARGET = 300
_MAX_POLICY_ROUNDS = 100


@dataclass(frozen=True)
class PigSolution:
    """The solved game for one target. Arrays are indexed [my score, opponent score,
    turn total] with the turn total running to target + 5; entries where
    my score + turn total >= target are wins (1.0, hold)."""

    target: int
    win: np.ndarray  # float64, P(i, j, k)
    roll: np.ndarray  # bool, True where rolling is optimal (ties roll)

    def _index(self, my_score, opp_score, turn_total):
        for name, value in (
            ("my_score", my_score),
            ("opp_score", opp_score),
            ("turn_total", turn_total),
        ):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
                raise ValueError(f"{name} must be a non-negative integer, got {value!r}")
        if my_score >= self.target or opp_score >= self.target:
            raise ValueError(
                f"scores must be below the target {self.target} while the game runs, "
                f"got {my_score} and {opp_score}"
            )
        return int(my_score), int(opp_score), int(turn_total)

    def win_probability(self, my_score, opp_score, turn_total=0) -> float:
        """The probability that the player to move wins, both playing optimally."""
        i, j, k = self._index(my_score, opp_score, turn_total)
        if i + k >= self.target:
            return 1.0
        return float(self.win[i, j, k])

    def best_action(self, my_score, opp_score, turn_total=0) -> str:
        """The optimal decision for the player to move: "roll" or "hold" (ties roll)."""
        i, j, k = self._index(my_score, opp_score, turn_total)
        if i + k >= self.target:
            return "hold"
        return "roll" if self.roll[i, j, k] else "hold"

    def action_for(self, state) -> int:
        """The optimal action id (ROLL or HOLD) for a compiled PigState at a decision node."""
        if state.target_score != self.target:
            raise ValueError(
                f"this solution is for target {self.target}, "
                f"the state plays to {state.target_score}"
            )
        seat = state.current_player()
        if seat < 0:
            raise ValueError("action_for needs a decision node, not a chance node or the end")
        scores = state.scores()
        choice = self.best_action(scores[seat], scores[1 - seat], state.turn_points)
        return ROLL if choice == "roll" else HOLD

    def action_values(self, my_score, opp_score, turn_total=0) -> tuple[float, float]:
        """(roll value, hold value) from the solved win probabilities."""
        i, j, k = self._index(my_score, opp_score, turn_total)
        return _roll_value(self.win, i, j, k), _hold_value(self.win, self.target, i, j, k)

    def bellman_residual(self) -> float:
        """The largest |P - max(roll, hold)| over every decision state (0 if exact)."""
        t = self.target
        p = self.win
        worst = 0.0
        for i in range(t):
            k = np.arange(t - i)
            bust = 1.0 - p[np.arange(t), i, 0]  # indexed by j
            rolls = (bust[:, None] + sum(p[i][:, k + r] for r in range(2, FACES + 1))) / FACES
            banked = i + k
            holds = np.where(
                banked[None, :] >= t,
                1.0,
                1.0 - p[np.arange(t)[:, None], np.minimum(banked, t - 1)[None, :], 0],
            )
            best = np.maximum(rolls, holds)
            worst = max(worst, float(np.max(np.abs(best - p[i, :, : t - i]))))
        return worst


def _roll_value(p, i, j, k):
    return (1.0 - p[j, i, 0] + sum(p[i, j, k + r] for r in range(2, FACES + 1))) / FACES


def _hold_value(p, target, i, j, k):
    return 1.0 if i + k >= target else 1.0 - p[j, i + k, 0]


@functools.lru_cache(maxsize=8)
def solve(target: int = 100) -> PigSolution:
    """Solve pig to `target` exactly (cached: solutions are read-only and shared)."""
    if (
        isinstance(target, bool)
        or not isinstance(target, int)
        or not MIN_TARGET <= target <= MAX_TARGET
    ):
        raise ValueError(
            f"the pig target must be an integer {MIN_TARGET}..{MAX_TARGET}, got {target!r}"
        )
    if target > MAX_SOLVE_TARGET:
        raise ValueError(
            f"solving pig to {target} needs about {8 * target**3 / 1e9:.1f} GB; "
            f"the solver stops at target {MAX_SOLVE_TARGET}"
        )
    t = target
    width = t + FACES  # turn totals 0..t+5
    p = np.ones((t, t, width))
    roll = np.zeros((t, t, width), dtype=bool)
    for total in range(2 * t - 2, -1, -1):
        _solve_score_sum(p, roll, t, total)
    p.flags.writeable = False
    roll.flags.writeable = False
    return PigSolution(target=t, win=p, roll=roll)


def _solve_score_sum(p, roll, t, total):
    """Fill P(i, j, k) for every i + j == total, larger sums being already solved."""
    i = np.arange(max(0, total - t + 1), min(total, t - 1) + 1)
    j = total - i
    n = len(i)
    width = t + FACES
    k_top = t - 1 - i[0]  # the largest turn total still below the target
    # Position q's mirror (j, i) is position n-1-q: y is P(j, i, 0) seen from each.
    y = np.full(n, 0.5)
    previous_policy = None
    for _ in range(_MAX_POLICY_ROUNDS):
        # Each P(i, j, k) = a + b * y under the policy chosen with the current y.
        a = np.ones((n, width))
        b = np.zeros((n, width))
        policy = np.zeros((n, width), dtype=bool)
        for k in range(k_top, -1, -1):
            live = i + k < t
            roll_a = (1.0 + a[:, k + 2 : k + FACES + 1].sum(axis=1)) / FACES
            roll_b = (-1.0 + b[:, k + 2 : k + FACES + 1].sum(axis=1)) / FACES
            if k == 0:
                # Rolling at 0 is never worse than holding at 0 (the opponent's chances
                # only fall as my score rises), and a policy that rolls here keeps the
                # pair's system non-singular.
                take_roll = live
                hold_a = np.ones(n)
            else:
                hold_a = 1.0 - p[j, np.minimum(i + k, t - 1), 0]
                take_roll = live & (roll_a + roll_b * y >= hold_a)
            a[:, k] = np.where(take_roll, roll_a, np.where(live, hold_a, 1.0))
            b[:, k] = np.where(take_roll, roll_b, 0.0)
            policy[:, k] = take_roll
        a0, b0 = a[:, 0], b[:, 0]
        x = (a0 + b0 * a0[::-1]) / (1.0 - b0 * b0[::-1])
        new_y = x[::-1]
        settled = (
            previous_policy is not None
            and np.array_equal(policy, previous_policy)
            and np.max(np.abs(new_y - y)) <= TOLERANCE
        )
        y = new_y
        previous_policy = policy
        if settled:
            break
    else:
        raise RuntimeError(f"pig value iteration did not settle at score sum {total}")
    p[i, j, :] = a + b * y[:, None]
    roll[i, j, :] = policy
