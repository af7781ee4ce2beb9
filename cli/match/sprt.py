"""The sequential probability ratio test of `--sprt elo0,elo1,alpha,beta`.

This is the generalized SPRT that fastchess (model=logistic) and fishtest use: the
log-likelihood ratio of "the Elo is elo1" against "the Elo is elo0" approximated from
the mean and variance of the scores, LLR = (s1 - s0)(2m - s0 - s1) / (2 var / n),
with s0, s1 the logistic scores of elo0, elo1. Paired games give pentanomial samples
(the mean score of each pair), single games trinomial ones (win, draw, loss).
The test stops when the LLR leaves [log(beta/(1-alpha)), log((1-beta)/alpha)]; the
match checks it after every game that arrives (cli/match/runner.py).

Samples that do not vary yet (a clean sweep, a run of draws) are regularized as
fishtest and fastchess regularize empty result categories: REGULARIZE of a sample
is added at each end of the score range (0 and 1), so such a run is evidence from
its second sample on. Without it the variance, and so the LLR, stays 0 until the
first different result, and the LLR then jumps far past a bound (a sweep of 41
pairs and one 3/2 pair reads about 100) instead of stopping at the game that
crossed it. Samples that vary give the formula's value unchanged.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

from cli.match.elo import Moments, elo_to_score
from cli.specs import OptionError

# Sample weight added at a score of 0 and of 1 (fishtest's epsilon for an empty
# category of results).
REGULARIZE = 1e-3
H0 = "H0"  # elo0 accepted: the change is not an improvement of elo1
H1 = "H1"  # elo1 accepted


@dataclass(frozen=True)
class Sprt:
    elo0: float
    elo1: float
    alpha: float
    beta: float

    def __post_init__(self):
        if not self.elo0 < self.elo1:
            raise OptionError(f"--sprt needs elo0 < elo1, got {self.elo0:g} and {self.elo1:g}")
        for name in ("alpha", "beta"):
            value = getattr(self, name)
            if not 0.0 < value < 1.0:
                raise OptionError(f"--sprt {name} must be between 0 and 1, got {value:g}")
        if self.alpha + self.beta >= 1.0:
            raise OptionError("--sprt needs alpha + beta < 1")

    @classmethod
    def parse(cls, text: str) -> "Sprt":
        """`elo0,elo1,alpha,beta`, e.g. `0,10,0.05,0.05`."""
        parts = text.split(",")
        if len(parts) != 4:
            raise OptionError(f"--sprt is elo0,elo1,alpha,beta, got {text!r}")
        try:
            numbers = [float(part) for part in parts]
        except ValueError:
            raise OptionError(
                f"--sprt is four numbers elo0,elo1,alpha,beta, got {text!r}"
            ) from None
        return cls(*numbers)

    def __str__(self) -> str:
        return f"{self.elo0:g},{self.elo1:g},{self.alpha:g},{self.beta:g}"

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1.0 - self.beta) / self.alpha)

    def llr(self, moments: Moments) -> float:
        """The log-likelihood ratio of the samples (0 for fewer than two; samples
        that do not vary yet are regularized)."""
        if moments.n < 2:
            return 0.0
        n, mean, variance = moments.n, moments.mean, moments.variance
        if variance == 0.0:
            n = moments.n + 2 * REGULARIZE
            mean = (moments.total + REGULARIZE) / n
            variance = (moments.squares + REGULARIZE) / n - mean * mean
        s0, s1 = elo_to_score(self.elo0), elo_to_score(self.elo1)
        return (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance / n)

    def decision(self, llr: float) -> Optional[str]:
        """H1 at or above the upper bound, H0 at or below the lower, else None."""
        if llr >= self.upper:
            return H1
        if llr <= self.lower:
            return H0
        return None

    def status(self, moments: Moments) -> dict:
        llr = self.llr(moments)
        return {
            "test": str(self),
            "llr": llr,
            "lower": self.lower,
            "upper": self.upper,
            "decision": self.decision(llr),
        }
