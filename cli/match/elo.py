"""Elo from a match score, with a 95% interval, as chess engine testers report it.

The score is the mean of per-game (or, for paired games, per-pair) scores in [0, 1];
its standard error comes from their sample variance (population form, as cutechess
and fastchess compute it), and the interval on the score maps to Elo through the
logistic curve: elo = -400 log10(1/score - 1). A 75% score is +190.8 Elo.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

# The two-sided 95% quantile of the standard normal distribution.
Z95 = 1.959963984540054


def score_to_elo(score: float) -> float:
    """The Elo difference that gives `score` on the logistic curve (±inf at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_to_score(elo: float) -> float:
    """The expected score of a player `elo` points stronger."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def signed_elo(value: Optional[float], missing: str = "n/a", digits: int = 0) -> str:
    """An Elo figure as every table prints it, signed ("+363", "-28"), or `missing`
    where there is none (an unbounded end, a match not played). It rounds before it
    chooses the sign, so a figure that rounds to zero reads +0, never -0."""
    if value is None:
        return missing
    return f"{round(value, digits) + 0.0:+.{digits}f}"


@dataclass
class Moments:
    """Running count, sum and sum of squares of samples in [0, 1]."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.5

    @property
    def variance(self) -> float:
        """The population variance of the samples (0 for fewer than two)."""
        if self.n < 2:
            return 0.0
        return max(0.0, self.squares / self.n - self.mean**2)

    @property
    def stderr(self) -> float:
        return math.sqrt(self.variance / self.n) if self.n else 0.0


@dataclass
class EloEstimate:
    """A score, its Elo, the 95% interval in Elo (None where unbounded, and with
    fewer than two samples), the symmetric `margin` (half the interval's width, the
    `+/-` that cutechess prints) and the likelihood of superiority."""

    n: int
    score: float
    stderr: float
    elo: Optional[float]
    low: Optional[float]
    high: Optional[float]
    margin: Optional[float]
    los: Optional[float]


def mean_interval(samples, z: float = Z95) -> tuple[float, float]:
    """The mean of `samples` (any scale) and the half-width of its 95% normal
    interval (inf for fewer than two samples)."""
    moments = Moments()
    for value in samples:
        moments.add(value)
    return moments.mean, (z * moments.stderr if moments.n >= 2 else math.inf)


def score_interval(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson 95% interval of a mean score over `n` games in [0, 1].

    A score in [0, 1] with mean p has variance at most p(1 - p), so the binomial
    interval is a conservative one for scores with draws or shares; unlike the normal
    interval it stays inside [0, 1] and keeps a width at a 100% (or 0%) score.
    """
    if n <= 0:
        return 0.0, 1.0
    z2 = z * z
    centre = (score + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(score * (1 - score) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # (the min/max only absorb rounding at a 0% or 100% score)
    return min(score, max(0.0, centre - half)), max(score, min(1.0, centre + half))


def sweep_bound(score: float, n: int, z: float = Z95) -> Optional[tuple[str, float]]:
    """For a 0% or 100% score, which has no finite Elo and no spread to make an
    interval from: the bound the score's Wilson interval (score_interval) still
    gives, as (">", elo) or ("<", elo). None for any other score or no games."""
    if n <= 0 or 0.0 < score < 1.0:
        return None
    low, high = score_interval(score, n, z)
    return (">", score_to_elo(low)) if score >= 1.0 else ("<", score_to_elo(high))


def _finite(value: float) -> Optional[float]:
    return value if math.isfinite(value) else None


Gap = tuple[Optional[float], Optional[float], Optional[float]]


def chained(gaps: list[Gap]) -> list[Gap]:
    """Elo over the first rung of a ladder of independent matches: `gaps[k]` is rung
    k+1 over rung k as (elo, low, high) of a 95% interval; each rung's total is the
    sum of the gaps below it, its interval's half-widths added in quadrature on each
    side. None (no estimate, or an unbounded side) stays None for every rung above."""
    rows: list[Gap] = []
    elo, below, above = 0.0, 0.0, 0.0
    for gap, low, high in gaps:
        elo = None if elo is None or gap is None else elo + gap
        below = (
            None if below is None or low is None or gap is None else math.hypot(below, gap - low)
        )
        above = (
            None if above is None or high is None or gap is None else math.hypot(above, high - gap)
        )
        rows.append(
            (
                elo,
                None if elo is None or below is None else elo - below,
                None if elo is None or above is None else elo + above,
            )
        )
    return rows


def estimate(moments: Moments, z: float = Z95) -> EloEstimate:
    """The Elo estimate from score samples (per game, or per pair of games)."""
    score, se = moments.mean, moments.stderr
    if moments.n < 2:  # no spread to measure yet: no interval
        return EloEstimate(
            moments.n, score, se, _finite(score_to_elo(score)), None, None, None, None
        )
    low = score_to_elo(score - z * se)
    high = score_to_elo(score + z * se)
    margin = (high - low) / 2 if math.isfinite(high - low) else None
    if se > 0:
        los = 0.5 * (1.0 + math.erf((score - 0.5) / (se * math.sqrt(2.0))))
    else:
        los = 0.5 if score == 0.5 else float(score > 0.5)
    return EloEstimate(
        moments.n, score, se, _finite(score_to_elo(score)), _finite(low), _finite(high), margin, los
    )
