"""The baseline searchers: `random` (uniform legal actions) and `greedy` (one ply on
the game's heuristic, chance nodes averaged by their probabilities, and the next
mover's immediate wins taken into account)."""

from __future__ import annotations

from engine.rng import Rng
from search.base import Alternative, Budget, Decision, Searcher, turn_of


class RandomSearcher(Searcher):
    """Uniformly random legal actions: the weakest opponent, and a sanity check."""

    name = "random"

    def choose(self, state, seat: int, budget: Budget, rng: Rng) -> Decision:
        def pick(s):
            return rng.choice(s.legal_actions())

        actions = turn_of(state, seat, pick(state), pick)
        return Decision(
            actions=actions,
            value=state.heuristic()[seat],
            stats={"iterations": 0, "nodes": len(actions)},
        )


def expected_value(state, seat: int) -> float:
    """The seat's value of `state` one step deep: returns at a terminal, the
    probability-weighted heuristic over outcomes at a chance node, else heuristic."""
    if state.is_terminal():
        return state.returns()[seat]
    if state.is_chance_node():
        total = 0.0
        for action, p in state.chance_outcomes():
            child = state.clone()
            child.apply(action)
            total += p * (child.returns()[seat] if child.is_terminal() else child.heuristic()[seat])
        return total
    return state.heuristic()[seat]


def after_reply_value(state, seat: int) -> float:
    """The seat's value of `state` after its own move: `expected_value`, unless the
    next mover is another seat that can end the game at once better than its
    heuristic promises; then what that ending gives the seat. This is what makes
    greedy block an immediate loss (the heuristic alone may not see the threat)."""
    value = expected_value(state, seat)
    mover = state.current_player()
    if mover < 0 or mover == seat:
        return value
    best = None
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        if child.is_terminal():
            returns = child.returns()
            if best is None or returns[mover] > best[mover]:
                best = returns
    if best is not None and best[mover] > state.heuristic()[mover]:
        return best[seat]
    return value


class GreedySearcher(Searcher):
    """The action whose resulting state the heuristic likes best (after the next
    mover's game-ending replies, if any), ties broken at random; repeated for each
    step of a multi-action turn."""

    name = "greedy"

    def _ranked(self, state, seat: int, rng: Rng) -> list[tuple[float, float, int]]:
        scored = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            # The random key breaks ties without favouring low action ids.
            scored.append((after_reply_value(child, seat), rng.random(), action))
        scored.sort(reverse=True)
        return scored

    def choose(self, state, seat: int, budget: Budget, rng: Rng) -> Decision:
        ranked = self._ranked(state, seat, rng)

        def pick(s):
            return self._ranked(s, seat, rng)[0][2]

        actions = turn_of(state, seat, ranked[0][2], pick)
        alternatives = [Alternative(actions=[a], value=v, visits=1) for v, _, a in ranked]
        return Decision(
            actions=actions,
            value=ranked[0][0],
            stats={"iterations": len(ranked), "nodes": len(ranked)},
            alternatives=alternatives,
        )
