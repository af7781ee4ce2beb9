"""A searcher at a fixed budget that sometimes plays a random move: the weak levels
a person can choose (cli/levels/). It wraps any searcher, so no search is copied.

The wrapped search always runs (its hints and its time are those of the budget), and
then, with probability `random_share`, a uniformly random legal turn replaces its
decision. The coin comes from the search's own generator, after the search, so a
level is reproducible from its seed and a share of 0 plays exactly as the searcher.
"""

from __future__ import annotations

from typing import Optional

from engine.rng import Rng
from search.base import Budget, Decision, Searcher, turn_of


class NoisySearcher(Searcher):
    name = "noisy"

    def __init__(self, inner: Searcher, budget: Optional[Budget] = None, random_share=0.0):
        if not 0.0 <= random_share <= 1.0:
            raise ValueError(f"random_share must be in [0, 1], got {random_share!r}")
        self.inner = inner
        # None: the budget the caller gives (the full-strength level).
        self.budget = budget
        self.random_share = random_share

    def choose(self, state, seat: int, budget: Budget, rng: Rng) -> Decision:
        decision = self.inner.choose(state, seat, self.budget or budget, rng)
        if self.random_share > 0.0 and rng.random() < self.random_share:

            def pick(position):
                return rng.choice(position.legal_actions())

            decision.actions = turn_of(state, seat, pick(state), pick)
            decision.stats["random_move"] = 1
        return decision
