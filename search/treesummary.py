"""What a search tree says, read through one small edge interface that mcts and
ismcts both expose (TreeEdges): the root summary (rootstats.RootStats) with each
root action's line and principal variation, whether the mover's line is settled
(timing.py's early stop) and the small search that finishes a turn the main tree
did not reach the end of.

The trees differ only in what the interface hides: which edges a node has in a
given position (ismcts keeps edges of several determinizations under one node) and
which of them the searcher follows (its ranking and tie-break).
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, Optional, Protocol, Sequence

from engine.rng import Rng
from search.rootstats import ChildStats, RootStats
from search.timing import leader_is_safe

# Iterations of the small search that finishes a turn the main tree did not reach
# the end of (a multi-action turn whose later steps were never expanded).
COMPLETION_ITERATIONS = 200


class Edge(NamedTuple):
    """One edge of a node: the child's id, the action into it, its visits, the mean
    return through it of the seat to move at the node (where the tree ranks by it)
    and, at the root, the searching seat's summed return through it."""

    child: int
    action: int
    visits: int
    mean: float
    value_sum: float


class TreeEdges(Protocol):
    """A search tree as this module reads it. Node 0 is the root."""

    root_state: Any
    iterations: int
    nodes: int

    def edges(self, node: int, state: Optional[Any] = None) -> list[Edge]:
        """The node's edges in the tree's order; with `state` (the node's position)
        only those legal there."""

    def best(self, edges: list[Edge]) -> Optional[Edge]:
        """The edge the searcher follows among `edges` (None if none was visited)."""

    def run(self, iterations: int, deadline: Optional[float] = None) -> int:
        """Grow the tree; the iterations run."""


class SearchEdges:
    """What the two compiled searches share of TreeEdges: the root position, the
    iterations run and the node count of their Tree. Subclasses add edges, best
    and run."""

    def __init__(self, search):
        self.search = search

    @property
    def root_state(self):
        return self.search.root_state

    @property
    def iterations(self) -> int:
        return self.search.iterations

    @property
    def nodes(self) -> int:
        return self.search.tree.count


class Several:
    """Several searches or trees of one position, counted as one: the first one's
    root state, and the iterations and nodes of all."""

    def __init__(self, parts: Sequence[Any]):
        self.parts = list(parts)

    @property
    def root_state(self):
        return self.parts[0].root_state

    @property
    def iterations(self) -> int:
        return sum(part.iterations for part in self.parts)

    @property
    def nodes(self) -> int:
        return sum(part.nodes for part in self.parts)


class PooledEdges(Several):
    """Several trees of one position read as one tree (root parallelism's merge): a
    node is the tuple of each tree's node on the same path from the root (None where
    a tree never went), node 0 being every root. An edge sums the trees' visits and
    returns for its action, so each later step of a line is chosen on the pooled
    statistics too, not on the one tree that knew the first action best. The first
    tree's ranking picks among pooled edges."""

    def __init__(self, trees: list[TreeEdges]):
        super().__init__(trees)
        self.trees = self.parts

    def edges(self, node, state: Optional[Any] = None) -> list[Edge]:
        nodes = (0,) * len(self.trees) if node == 0 else node
        pooled: dict[int, list] = {}  # action: [children, visits, summed mean, value_sum]
        for index, (tree, own) in enumerate(zip(self.trees, nodes, strict=True)):
            if own is None:
                continue
            for edge in tree.edges(own, state):
                entry = pooled.get(edge.action)
                if entry is None:
                    entry = pooled[edge.action] = [[None] * len(self.trees), 0, 0.0, 0.0]
                entry[0][index] = edge.child
                entry[1] += edge.visits
                entry[2] += edge.mean * edge.visits
                entry[3] += edge.value_sum
        return [
            Edge(tuple(children), action, visits, summed / visits if visits else 0.0, value_sum)
            for action, (children, visits, summed, value_sum) in pooled.items()
        ]

    def best(self, edges: list[Edge]) -> Optional[Edge]:
        return self.trees[0].best(edges)

    def run(self, iterations: int, deadline: Optional[float] = None) -> int:
        raise TypeError("pooled trees are read, not grown: grow each tree")


def follow(tree: TreeEdges, node: int, state, seat: Optional[int] = None) -> tuple[list[int], int]:
    """The actions the tree follows from `node` (whose position is `state`, which is
    played on in place) and the node reached; with `seat`, only while that seat is to
    move."""
    line = []
    while seat is None or state.current_player() == seat:
        edge = tree.best(tree.edges(node, state))
        if edge is None:
            break
        line.append(edge.action)
        state.apply(edge.action)
        node = edge.child
    return line, node


def summarize(tree: TreeEdges, seat: int) -> RootStats:
    """The root as RootStats for `seat`; each child's line is the rest of the seat's
    turn as the tree follows it, as far as the tree goes, and its pv that line and
    then every later mover's and chance's step the tree follows."""
    stats = RootStats(iterations=tree.iterations, nodes=tree.nodes)
    for first in tree.edges(0):
        state = tree.root_state.clone()
        state.apply(first.action)
        rest, node = follow(tree, first.child, state, seat)
        line = [first.action, *rest]
        finished = state.current_player() != seat
        beyond, _ = follow(tree, node, state)
        stats.children[first.action] = ChildStats(
            first.visits, first.value_sum, line, first.visits, finished, line + beyond
        )
    return stats


def line_settled(tree: TreeEdges, seat: int, more: int) -> bool:
    """Whether `more` iterations could no longer change `seat`'s line from the root
    to the end of its turn: at every node of it the followed edge leads the next by
    more than `more` visits (timing.leader_is_safe)."""
    state = tree.root_state.clone()
    node = 0
    while True:
        choices = len(state.legal_actions())
        edges = tree.edges(node, state)
        edge = tree.best(edges)
        if edge is None or not leader_is_safe([e.visits for e in edges], more, choices):
            return False
        node = edge.child
        state.apply(edge.action)
        if state.current_player() != seat:
            return True


def completion_pick(new_tree: Callable[[Any, Rng], TreeEdges]) -> Callable[[Any, Rng], int]:
    """A small search's choice (`new_tree(position, rng)` run for
    COMPLETION_ITERATIONS), for the later steps of a turn the main tree did not
    reach (rootstats.line_finisher)."""

    def pick(position, rng: Rng) -> int:
        tree = new_tree(position, rng)
        tree.run(COMPLETION_ITERATIONS)
        return tree.best(tree.edges(0)).action

    return pick
