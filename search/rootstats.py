"""What a tree search leaves at its root, in a form that pickles and merges.

A search (one tree, one worker's tree, one determinization's tree) is summarised as
RootStats: per first action, the visits and the mover's summed return, and the
line of the mover's actions starting with it, as far as the tree knows it. PIMC
merges several of these by summing (root parallelism, whose trees share one
position, reads them as one tree instead: treesummary.PooledEdges);
`to_decision` turns one into the Decision the engine prints, finishing the best
line at once and the others only when read. Keeping this apart from the compiled
tree lets any searcher reuse it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

from engine.rng import Rng
from search.base import Alternative, Decision, SearchError, extend_turn, pv_from

FINAL_CRITERIA = ("visits", "value")


@dataclass
class ChildStats:
    """One root action: how often it was tried, the mover's summed return through
    it, and the mover's turn starting with it (up to a chance node or another
    seat's turn) as the tree ranks it; `finished` is False where the tree stops
    short of the turn's end. `line_weight` is the visits of the search the line came
    from, so a merge keeps the line of the search that knew the action best; `pv` is
    that line and then what the same search expects after it (every seat's and
    chance's steps), so the pv printed for the chosen action begins with it."""

    visits: int
    value_sum: float
    line: list[int]
    line_weight: int = 0
    finished: bool = True
    pv: list[int] = field(default_factory=list)

    @property
    def value(self) -> float:
        return self.value_sum / self.visits if self.visits else 0.0


@dataclass
class RootStats:
    """A search's root: children by action, plus totals."""

    children: dict[int, ChildStats] = field(default_factory=dict)
    iterations: int = 0
    nodes: int = 0
    reused: int = 0


def merge(parts: list[RootStats]) -> RootStats:
    """Sum visits and returns per first action; each action's line and pv come from
    the part whose own visits back them most (ties: the earlier part, so merges are
    reproducible)."""
    total = RootStats()
    for part in parts:
        total.iterations += part.iterations
        total.nodes += part.nodes
        total.reused += part.reused
        for action, child in part.children.items():
            mine = total.children.get(action)
            if mine is None:
                total.children[action] = ChildStats(
                    child.visits,
                    child.value_sum,
                    list(child.line),
                    child.line_weight,
                    child.finished,
                    list(child.pv),
                )
                continue
            mine.visits += child.visits
            mine.value_sum += child.value_sum
            if child.line_weight > mine.line_weight:
                mine.line, mine.line_weight = list(child.line), child.line_weight
                mine.finished, mine.pv = child.finished, list(child.pv)
    return total


def ranked(stats: RootStats, final: str) -> list[tuple[int, ChildStats]]:
    """Root actions best first: by visits (then value) or by mean value (then
    visits); never-visited actions last; the action id breaks remaining ties."""
    if final not in FINAL_CRITERIA:
        raise SearchError(f"final must be one of {', '.join(FINAL_CRITERIA)}, got {final!r}")
    if final == "visits":

        def key(item):
            return (-item[1].visits, -item[1].value, item[0])
    else:

        def key(item):
            return (item[1].visits == 0, -item[1].value, -item[1].visits, item[0])

    return sorted(stats.children.items(), key=key)


def headline(stats: RootStats, final: str = "visits") -> dict:
    """A progress report of a search so far (search/progress.py): its size, the best
    root action's value and its principal variation."""
    order = ranked(stats, final)
    return {
        "iterations": stats.iterations,
        "nodes": stats.nodes,
        "value": order[0][1].value if order else 0.0,
        "pv": pv_from(order[0][1].line, order[0][1].pv) if order else [],
    }


def line_finisher(
    state, seat: int, seed: int, pick: Callable[[object, Rng], int]
) -> Callable[[list[int]], list[int]]:
    """What finishes a root line of a search from `state` for `to_decision`: each
    later step of the seat's turn is `pick(position, rng)`, typically a small search
    of its own. Each line's rng is seeded by `seed` and the line's first action, so a
    line reads the same whichever other lines were finished before it."""

    def finish(line: list[int]) -> list[int]:
        rng = Rng(seed ^ line[0])
        return extend_turn(state, seat, line, lambda position: pick(position, rng))

    return finish


def to_decision(
    stats: RootStats, final: str, finish: Optional[Callable[[list[int]], list[int]]] = None
) -> Decision:
    """The Decision for the best root action under `final`, with every root action
    as a ranked alternative. `finish(line)` completes a line the tree left short of
    the turn's end: at once for the best, on first read for the others."""
    order = ranked(stats, final)
    if not order:
        raise SearchError("the search found no legal action at the root")
    if finish is None and not all(child.finished for _, child in order):
        raise SearchError("a root line stops short of the turn's end and nothing finishes it")
    best = order[0][1]
    actions = list(best.line) if best.finished else finish(list(best.line))
    alternatives = [Alternative(actions, best.value, best.visits)]
    for _, child in order[1:]:
        alternatives.append(
            Alternative(child.line, child.value, child.visits, None if child.finished else finish)
        )
    return Decision(
        actions=list(actions),
        value=best.value,
        stats={
            "iterations": stats.iterations,
            "nodes": stats.nodes,
            "pv": pv_from(actions, best.pv),
            "reused": stats.reused,
        },
        alternatives=alternatives,
    )
