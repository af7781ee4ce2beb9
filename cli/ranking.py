"""The ranked decisions behind a hint: one list, shown by the protocol's `hint` and by
`cadenza play`'s hints alike."""

from __future__ import annotations

from search.base import Alternative, Decision

# The visits of a lone decision whose searcher reports no `iterations` (no built-in
# one: random reports 0; a plugin's may report nothing). The protocol answered 1
# there and `cadenza play` 0; 1 it is, because the protocol's output is a contract
# (shared/protocol.md) that front-ends read, while play only shows the number, and
# the searcher did look at the decision it gives.
UNCOUNTED_VISITS = 1


def ranked_alternatives(decision: Decision) -> list[Alternative]:
    """The searcher's alternatives, best first. A searcher that ranks none still gives
    its one decision, with its iteration count as the visits (UNCOUNTED_VISITS when
    it has none)."""
    if decision.alternatives:
        return list(decision.alternatives)
    visits = decision.stats.get("iterations", UNCOUNTED_VISITS)
    return [Alternative(decision.actions, decision.value, visits)]
