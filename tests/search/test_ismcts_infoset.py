"""The "infoset" shape of the ismcts tree (search/ismcts.pxd): a node per information
set of the seat to move, found by that seat's infoset key. Checked against a
readable statement of the same algorithm, drawing from the same Rng in the same
order, and for what the shape is for: an opponent's node depends on the opponent's
own card, and a draw the searching seat cannot see leads to one node of its own."""

from __future__ import annotations

import math

import pytest

from engine.game import sample_chance
from engine.playout import random_playout
from engine.rng import Rng
from ismcts_worlds import worlds
from plugins.manager import default_registry
from search import ismcts
from search.base import Budget, SearchError, decide

SQRT2 = math.sqrt(2)
FULL_PLAYOUT = 1_000_000_000


class Edge:
    def __init__(self, action):
        self.action = action
        self.visits, self.avail, self.total = 0, 1, 0.0
        self.regret = 0.0


class Node:
    def __init__(self, mover):
        self.mover = mover
        self.edges = []  # newest first, as the compiled tree links them


def regret_matching_choice(available, gamma, rng):
    """select=rm: an edge drawn from the positive regrets mixed with gamma of
    uniform, and the probability it had."""
    n = len(available)
    positive = sum(e.regret for e in available if e.regret > 0.0)
    x = rng.random()
    for e in available:
        if positive > 0.0:
            share = e.regret / positive if e.regret > 0.0 else 0.0
        else:
            share = 1.0 / n
        p = (1.0 - gamma) * share + gamma / n
        chosen = e
        if x < p:
            break
        x -= p
    return chosen, p


def update_regrets(steps, rets):
    """select=rm's backup: every edge legal in a choice gains its baseline (its mean
    before this return) plus, if chosen, the return's surprise over its probability,
    less the return got."""
    for chosen, prob, available, mover in steps:
        u = rets[mover]
        for e in available:
            if e is chosen:
                mean = u if e.visits <= 1 else (e.total - u) / (e.visits - 1)
                e.regret += mean + (u - mean) / prob - u
            elif e.visits > 0:
                e.regret += e.total / e.visits - u


def reference_search(root, seat, rng, iterations, c, select="ucb", gamma=0.1, warmup=0):
    """Information-set-keyed ISMCTS in plain Python, step for step the compiled one."""
    top = Node(seat)
    nodes = {(seat, root.infoset_key(seat)): top}
    for world in worlds(root, seat, rng, iterations):
        node, path, steps = top, [], []
        while not world.is_terminal():
            if world.is_chance_node():
                world.apply(sample_chance(world, rng))
                continue
            player = world.current_player()
            if path:
                key = (player, world.infoset_key(player))
                if key not in nodes:
                    nodes[key] = Node(player)
                    break
                node = nodes[key]
            legal = world.legal_actions()
            available = [e for e in node.edges if e.action in legal]
            best, best_score = None, -math.inf
            for e in available:
                e.avail += 1
                score = e.total / e.visits + c * math.sqrt(math.log(e.avail) / e.visits)
                if score > best_score:
                    best, best_score = e, score
            tried = {e.action for e in available}
            untried = [a for a in legal if a not in tried]
            if untried:
                best = Edge(untried[rng.randint(len(untried))])
                node.edges.insert(0, best)
            elif select == "rm" and sum(e.visits for e in available) >= warmup:
                best, prob = regret_matching_choice(available, gamma, rng)
                steps.append((best, prob, available, player))
            path.append((best, player))
            world.apply(best.action)
        random_playout(world, rng, FULL_PLAYOUT)
        rets = world.returns() if world.is_terminal() else world.heuristic()
        for edge, mover in path:
            edge.visits += 1
            edge.total += rets[mover]
        update_regrets(steps, rets)
    return top, nodes


@pytest.fixture(scope="module")
def registry():
    return default_registry()


def dealt(game, seed, players=None):
    return game.new_state(players, seed=seed)


@pytest.mark.parametrize(
    ("name", "players", "seed"),
    [("leduc", 2, 1), ("leduc", 2, 7), ("taktvoll", 3, 2), ("renaissance", 2, 3)],
)
def test_compiled_tree_matches_the_readable_algorithm(registry, name, players, seed):
    game = registry.game(name)
    state = dealt(game, seed, players)
    seat = state.current_player()
    iterations = 300
    tree = ismcts.IsmctsSearch(state, Rng(seed), seat, SQRT2, -1, True, tree="infoset")
    tree.run(iterations)
    top, nodes = reference_search(state, seat, Rng(seed), iterations, SQRT2)
    got = [(a, v, k) for _, a, v, _, k in tree.edges(0)]
    want = [(e.action, e.visits, e.avail) for e in top.edges if e.visits > 0]
    assert got == want
    for (_, _, _, mean, _), e in zip(
        tree.edges(0), [e for e in top.edges if e.visits], strict=True
    ):
        assert mean == pytest.approx(e.total / e.visits, abs=1e-12)
    # Every node and every edge is one record of the compiled arena.
    assert tree.size == len(nodes) + sum(len(n.edges) for n in nodes.values())


@pytest.mark.parametrize(
    ("name", "players", "seed", "gamma", "warmup"),
    [("leduc", 2, 1, 0.1, 0), ("leduc", 2, 4, 0.3, 20), ("taktvoll", 3, 6, 0.05, 0)],
)
def test_regret_matching_matches_the_readable_algorithm(
    registry, name, players, seed, gamma, warmup
):
    game = registry.game(name)
    state = dealt(game, seed, players)
    seat = state.current_player()
    iterations = 400
    tree = ismcts.IsmctsSearch(
        state,
        Rng(seed),
        seat,
        SQRT2,
        -1,
        True,
        tree="infoset",
        select="rm",
        gamma=gamma,
        rm_warmup=warmup,
    )
    tree.run(iterations)
    top, nodes = reference_search(state, seat, Rng(seed), iterations, SQRT2, "rm", gamma, warmup)
    got = [(a, v, k) for _, a, v, _, k in tree.edges(0)]
    want = [(e.action, e.visits, e.avail) for e in top.edges if e.visits > 0]
    assert got == want
    assert tree.size == len(nodes) + sum(len(n.edges) for n in nodes.values())
    # Regret matching drew differently from UCB: the same seed's UCB tree differs.
    ucb, _ = reference_search(state, seat, Rng(seed), iterations, SQRT2)
    assert [(e.action, e.visits) for e in ucb.edges] != [(e.action, e.visits) for e in top.edges]


def test_regret_matching_mixes_where_ucb_commits(registry):
    # Leduc, seat 0's first bet: UCB's visits pile onto one action, while regret
    # matching keeps every action at no less than its gamma share (gamma / 2 of
    # the visits here: two legal actions), as its average strategy is mixed.
    game = registry.game("leduc")
    state = dealt(game, 3)
    gamma = 0.4
    tree = ismcts.IsmctsSearch(
        state, Rng(3), 0, 0.35, -1, True, tree="infoset", select="rm", gamma=gamma
    )
    tree.run(20_000)
    visits = [v for _, _, v, _, _ in tree.edges(0)]
    assert len(visits) == len(state.legal_actions()) == 2
    assert min(visits) >= 0.9 * gamma / 2 * 20_000


def test_opponent_nodes_depend_on_the_opponents_card(registry):
    # Leduc, seat 0 to act first: after its call, seat 1's reply is keyed by what seat
    # 1 knows, its own private card among them: one node for each card it may hold
    # (the sequence tree has one node there, so the modelled reply ignored the card).
    game = registry.game("leduc")
    state = dealt(game, 5)
    _, nodes = reference_search(state, 0, Rng(5), 3000, SQRT2)
    replies = set()
    for s in range(200):
        world = state.determinize(0, Rng(s))
        world.apply(world.str_to_action("call"))
        replies.add((1, world.infoset_key(1)))
    assert len(replies) == 5  # the five cards seat 0 does not hold
    assert replies <= set(nodes)


def test_an_unseen_draw_leads_to_one_node_of_the_searching_seat(registry):
    # Takt Voll: the sequence tree branches on the card an opponent draws, which the
    # searching seat never sees. Keyed by the seat's own information set, outcomes
    # it cannot tell apart reach one key, so one node: found at every opponent draw
    # of a seeded game, with two outcomes at least that differ for the drawer only.
    game = registry.game("taktvoll")
    state = dealt(game, 11, 3)
    rng = Rng(11)
    merged = 0
    while not state.is_terminal() and merged < 5:
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            for seat in range(3):
                keys = set()
                for action in outcomes:
                    after = state.clone()
                    after.apply(action)
                    keys.add(after.infoset_key(seat))
                if len(outcomes) > 1 and len(keys) == 1:
                    merged += 1
            state.apply(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randint(len(legal))])
    assert merged >= 5


def test_the_searcher_option_and_its_errors(registry):
    leduc = registry.game("leduc")
    spec = registry.searcher("ismcts")
    with pytest.raises(SearchError, match="tree must be one of sequence, infoset"):
        spec.create(tree="forest")
    with pytest.raises(SearchError, match="select must be one of ucb, rm"):
        spec.create(select="exp3")
    for gamma in (0, 1.5, "x"):
        with pytest.raises(SearchError, match="gamma"):
            spec.create(select="rm", gamma=gamma)
    with pytest.raises(SearchError, match=r"rm_warmup must be an integer in 0\.\."):
        spec.create(select="rm", rm_warmup=-1)
    # Leduc suggests the infoset shape (GameSpec.searcher_options); a user's word wins.
    state = dealt(leduc, 3)
    for options in ({}, {"tree": "sequence"}):
        decision = decide(
            spec.create_for(leduc, **options), leduc, state, Budget(iterations=500), 1
        )
        assert decision.actions[0] in state.legal_actions()
        assert sum(a.visits for a in decision.alternatives) == 500


def test_root_worlds_drawn_by_weight(registry):
    # set_worlds: each iteration's root world is drawn from the caller's worlds by
    # weight. Leduc, seat 0 first to bet: with all the weight on the world where
    # seat 1 holds one card, seat 1's replies are keyed by that card alone, so the
    # tree holds fewer nodes than when either of two cards is possible.
    game = registry.game("leduc")
    state = dealt(game, 5)
    worlds = []
    seed = 0
    while len(worlds) < 2:
        world = state.determinize(0, Rng(seed))
        seed += 1
        if all(world.infoset_key(1) != w.infoset_key(1) for w in worlds):
            worlds.append(world)
    sizes = []
    for weights in ([1.0, 0.0], [1.0, 1.0]):
        tree = ismcts.IsmctsSearch(state, Rng(9), 0, SQRT2, -1, True, tree="infoset")
        tree.set_worlds(worlds, weights)
        tree.run(3000)
        sizes.append(tree.size)
    assert sizes[0] < sizes[1]
    tree = ismcts.IsmctsSearch(state, Rng(9), 0, SQRT2, -1, True, tree="infoset")
    moved = state.clone()
    moved.apply(moved.legal_actions()[0])
    with pytest.raises(ValueError, match="can tell from the root"):
        tree.set_worlds([moved], [1.0])
    with pytest.raises(ValueError, match="positive sum"):
        tree.set_worlds(worlds, [0.0, 0.0])
    with pytest.raises(ValueError, match="one weight for each"):
        tree.set_worlds(worlds, [1.0])
