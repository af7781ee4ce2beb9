"""Tests of the `mcts` searcher: tic-tac-toe against exact minimax, the max^n backup
rule, chance-node sampling and widening on pig, budgets, reproducibility, tree
reuse and root parallelism."""

from __future__ import annotations

import functools
import math

import pytest

from engine.rng import Rng
from search.base import Budget, SearchError, decide
from search.mcts import UctSearch, backup, select_child
from search.mcts_searcher import MctsSearcher
from search.tree import Tree

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


# ---- exact tic-tac-toe, written independently of the engine -------------------------


def winner(board):
    for a, b, c in LINES:
        if board[a] != -1 and board[a] == board[b] == board[c]:
            return board[a]
    return None


@functools.lru_cache(maxsize=None)
def minimax(board, to_move):
    """The game-theoretic value for X (seat 0): 1 win, 0 draw, -1 loss."""
    won = winner(board)
    if won is not None:
        return 1 if won == 0 else -1
    if -1 not in board:
        return 0
    values = [
        minimax(board[:i] + (to_move,) + board[i + 1 :], 1 - to_move)
        for i in range(9)
        if board[i] == -1
    ]
    return max(values) if to_move == 0 else min(values)


def optimal_moves(board, to_move):
    best = minimax(board, to_move)
    return [
        i
        for i in range(9)
        if board[i] == -1 and minimax(board[:i] + (to_move,) + board[i + 1 :], 1 - to_move) == best
    ]


def symmetries():
    """The 8 symmetries of the square as cell permutations (rotations, reflections)."""
    rotate = [6, 3, 0, 7, 4, 1, 8, 5, 2]
    mirror = [2, 1, 0, 5, 4, 3, 8, 7, 6]
    perms, p = [], list(range(9))
    for _ in range(4):
        perms.append(p)
        perms.append([p[mirror[i]] for i in range(9)])
        p = [p[rotate[i]] for i in range(9)]
    return perms


def reachable_positions():
    """Every reachable non-terminal position, one per class of the 8 symmetries."""
    seen, result = set(), []
    frontier = [((-1,) * 9, 0)]
    perms = symmetries()
    while frontier:
        board, to_move = frontier.pop()
        canonical = min(tuple(board[p[i]] for i in range(9)) for p in perms)
        if canonical in seen:
            continue
        seen.add(canonical)
        if winner(board) is not None or -1 not in board:
            continue
        result.append((board, to_move))
        for i in range(9):
            if board[i] == -1:
                frontier.append((board[:i] + (to_move,) + board[i + 1 :], 1 - to_move))
    return sorted(result)


def ttt_state(game, board, to_move):
    return game.from_dict({"game": "tictactoe", "board": list(board), "to_move": to_move})


def test_reachable_positions_are_the_known_count():
    # 765 positions up to symmetry, of which 138 are terminal (a known figure): the
    # generator below really covers the whole game.
    assert len(reachable_positions()) == 765 - 138


def test_mcts_keeps_the_game_theoretic_value_from_every_position(tictactoe):
    searcher = MctsSearcher()
    failures = []
    for n, (board, to_move) in enumerate(reachable_positions()):
        state = ttt_state(tictactoe, board, to_move)
        decision = decide(searcher, tictactoe, state, Budget(iterations=20_000), seed=n)
        assert len(decision.actions) == 1
        if decision.actions[0] not in optimal_moves(board, to_move):
            failures.append((board, to_move, decision.actions))
    assert failures == []


def play_vs_minimax(game, mcts_seat, seed):
    rng = Rng(seed)
    searcher = MctsSearcher()
    state = game.new_state()
    while not state.is_terminal():
        if state.current_player() == mcts_seat:
            action = decide(
                searcher, game, state, Budget(iterations=20_000), seed=rng.randint(2**31)
            ).actions[0]
        else:
            board = tuple(state.to_dict()["board"])
            action = rng.choice(optimal_moves(board, state.current_player()))
        state.apply(action)
    return state.returns()[mcts_seat]


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mcts_never_loses_to_a_perfect_player(tictactoe, seat, seed):
    assert play_vs_minimax(tictactoe, seat, seed) >= 0.5


# ---- the max^n rule, on a hand-built three-player tree ---------------------------------


def test_backup_adds_the_whole_return_vector_to_every_node_on_the_path():
    tree = Tree(3)
    a, b = tree.add_children(0, [10, 11])
    (c,) = tree.add_children(a, [12])
    backup(tree, [0, a, c], [0.2, 0.7, 0.1])
    backup(tree, [0, b], [0.5, 0.1, 0.4])
    assert tree.visits(0) == 2 and tree.visits(a) == 1 and tree.visits(c) == 1
    assert tree.value_sums(0) == pytest.approx([0.7, 0.8, 0.5])
    assert tree.value_sums(a) == pytest.approx([0.2, 0.7, 0.1])
    assert tree.value_sums(c) == pytest.approx([0.2, 0.7, 0.1])
    assert tree.value_sums(b) == pytest.approx([0.5, 0.1, 0.4])


def test_each_mover_selects_on_its_own_share_of_the_return():
    tree = Tree(3)
    a, b = tree.add_children(0, [0, 1])
    for _ in range(50):
        backup(tree, [0, a], [0.2, 0.7, 0.1])
        backup(tree, [0, b], [0.5, 0.1, 0.4])
    # Equal visits, so the exploration terms are equal and the means decide.
    assert select_child(tree, 0, 0) == b
    assert select_child(tree, 0, 1) == a
    assert select_child(tree, 0, 2) == b


def test_selection_with_backup_converges_to_the_max_n_choice():
    # Seat 0 moves at the root; under its child L seat 1 moves, under R seat 2 moves.
    # Leaves give fixed return vectors. Max^n: seat 1 under L picks l1 (0.6 for
    # seat 1), leaving seat 0 with 0.1; seat 2 under R picks r0 (0.5 for seat 2),
    # leaving seat 0 with 0.3. So seat 0 must prefer R, although L holds seat 0's
    # best leaf (l0, 0.8) -- a paranoid or averaging backup would choose otherwise.
    tree = Tree(3)
    left, right = tree.add_children(0, [0, 1])
    l0, l1 = tree.add_children(left, [2, 3])
    r0, r1 = tree.add_children(right, [4, 5])
    leaf_returns = {
        l0: [0.8, 0.1, 0.1],
        l1: [0.1, 0.6, 0.3],
        r0: [0.3, 0.2, 0.5],
        r1: [0.6, 0.3, 0.1],
    }
    mover = {0: 0, left: 1, right: 2}
    for _ in range(3000):
        path, node = [0], 0
        while node in mover:
            node = select_child(tree, node, mover[node], 0.5)
            path.append(node)
        backup(tree, path, leaf_returns[node])
    assert tree.visits(right) > 2 * tree.visits(left)
    assert tree.visits(l1) > tree.visits(l0)
    assert tree.visits(r0) > tree.visits(r1)


# ---- chance nodes ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pig(registry):
    return registry.game("pig")


def pig_after_roll(pig, variant="target20"):
    state = pig.new_state(variant=variant)
    state.apply(0)  # roll: the die is a chance node
    assert state.is_chance_node()
    return state


def test_chance_outcomes_are_visited_by_their_probability(pig):
    search = UctSearch(pig_after_roll(pig), Rng(7), widening=0.0)
    search.run(6000)
    tree = search.tree
    assert tree.player(0) == -1  # CHANCE
    counts = {tree.action(c): tree.visits(c) for c in tree.children(0)}
    assert sorted(counts) == [2, 3, 4, 5, 6, 7]
    # Binomial(5999, 1/6): sd about 29; 5 sd either side.
    for action, visits in counts.items():
        assert abs(visits - 5999 / 6) < 150, (action, visits)


def walk(tree, node=0):
    yield node
    for child in tree.children(node):
        yield from walk(tree, child)


def test_widening_bounds_the_outcomes_a_chance_node_holds(pig):
    widening = 0.5
    search = UctSearch(pig.new_state(variant="target20"), Rng(3), widening=widening)
    search.run(3000)
    tree = search.tree
    chance_nodes = [n for n in walk(tree) if tree.player(n) == -1 and tree.visits(n) > 1]
    assert chance_nodes
    for node in chance_nodes:
        # Outcomes are added only while fewer than ceil(w * sqrt(visits)) are held.
        assert len(tree.children(node)) <= math.ceil(widening * math.sqrt(tree.visits(node)))
    # And widened nodes with enough visits do hold every face.
    assert any(len(tree.children(n)) == 6 for n in chance_nodes)
    narrow = [n for n in chance_nodes if tree.visits(n) <= 16]
    assert narrow and all(len(tree.children(n)) <= 2 for n in narrow)


def test_pig_search_agrees_with_the_optimal_policy_where_it_matters(pig):
    # Positions of pig to 20 with a turn under way where the exact solution says
    # one action is at least 3 points of win probability better (every 20th, 190).
    from engine.games.pig.optimal import solve

    solution = solve(20)
    positions = []
    for mine in range(20):
        for theirs in range(20):
            for turn_total in range(1, 20 - mine):
                roll, hold = solution.action_values(mine, theirs, turn_total)
                if abs(roll - hold) >= 0.03:
                    positions.append((mine, theirs, turn_total, 0 if roll > hold else 1))
    disagreements = []
    for n, (mine, theirs, turn_total, best) in enumerate(positions[::20]):
        data = pig.new_state(variant="target20").to_dict()
        data.update(scores=[mine, theirs], turn_total=turn_total)
        decision = decide(MctsSearcher(), pig, pig.from_dict(data), Budget(iterations=5000), seed=n)
        if decision.actions != [best]:
            disagreements.append((mine, theirs, turn_total, best, decision.actions))
    assert len(positions[::20]) > 100
    assert disagreements == []


# ---- budgets, options, reproducibility ------------------------------------------------


def test_same_seed_and_iterations_give_the_same_decision(pig):
    state = pig.new_state(variant="target50")
    first = decide(MctsSearcher(), pig, state, Budget(iterations=3000), seed=11)
    again = decide(MctsSearcher(), pig, state, Budget(iterations=3000), seed=11)
    other = decide(MctsSearcher(), pig, state, Budget(iterations=3000), seed=12)

    def summary(d):
        return (
            d.actions,
            d.value,
            d.stats["pv"],
            d.stats["nodes"],
            [(a.actions, a.value, a.visits) for a in d.alternatives],
        )

    assert summary(first) == summary(again)
    assert summary(first) != summary(other)  # the seed is really used


def test_default_budget_is_1000_iterations(tictactoe):
    decision = decide(MctsSearcher(), tictactoe, tictactoe.new_state(), Budget(), seed=1)
    assert decision.stats["iterations"] == 1000
    assert sum(a.visits for a in decision.alternatives) == 999  # the first rolls out the root


def test_movetime_stops_the_search_and_reports_ms(pig):
    decision = decide(MctsSearcher(), pig, pig.new_state(), Budget(movetime_ms=100), seed=1)
    assert decision.actions[0] in (0, 1)
    assert decision.stats["iterations"] > 10
    # Generous: the limit is 100 ms; this only proves the search stops on time's account.
    assert 0 <= decision.stats["ms"] < 3000


def test_iterations_and_movetime_together_stop_at_the_first_limit(tictactoe):
    decision = decide(
        MctsSearcher(),
        tictactoe,
        tictactoe.new_state(),
        Budget(iterations=500, movetime_ms=60_000),
        seed=1,
    )
    assert decision.stats["iterations"] == 500


def test_decision_shape(tictactoe):
    state = tictactoe.new_state()
    state.apply(4)
    decision = decide(MctsSearcher(), tictactoe, state, Budget(iterations=5000), seed=2)
    legal = state.legal_actions()
    assert [a.actions[0] for a in decision.alternatives] != []
    assert sorted(a.actions[0] for a in decision.alternatives) == legal
    visits = [a.visits for a in decision.alternatives]
    assert visits == sorted(visits, reverse=True)
    assert decision.actions == decision.alternatives[0].actions
    assert decision.value == pytest.approx(decision.alternatives[0].value)
    assert decision.stats["pv"][0] == decision.actions[0]
    assert 0.0 <= decision.value <= 1.0
    assert decision.stats["nodes"] > len(legal)


def test_final_value_picks_the_best_mean(tictactoe):
    decision = decide(
        MctsSearcher(final="value"),
        tictactoe,
        tictactoe.new_state(),
        Budget(iterations=2000),
        seed=3,
    )
    values = [a.value for a in decision.alternatives]
    assert values == sorted(values, reverse=True)


@pytest.mark.parametrize("depth", [0, 2])
def test_cut_rollouts_still_find_a_win_in_one(tictactoe, depth):
    # X: a1 b1, O: a2 b2; X to move wins with c1 (action 2).
    state = ttt_state(tictactoe, (0, 0, -1, 1, 1, -1, -1, -1, -1), 0)
    decision = decide(
        MctsSearcher(rollout_depth=depth), tictactoe, state, Budget(iterations=2000), seed=4
    )
    assert decision.actions == [2]


def test_a_full_tree_stops_growing_but_still_answers(tictactoe):
    search = UctSearch(tictactoe.new_state(), Rng(1), max_nodes=16)
    search.run(5000)
    assert search.tree.count <= 16
    assert search.iterations == 5000
    decision = decide(
        MctsSearcher(max_nodes=16), tictactoe, tictactoe.new_state(), Budget(iterations=500), seed=1
    )
    assert decision.actions[0] in range(9)


def test_bytes_per_node():
    assert Tree(2).bytes_per_node == 40
    assert Tree(4).bytes_per_node == 56


@pytest.mark.parametrize(
    "options",
    [
        {"final": "most"},
        {"c": -1.0},
        {"rollout_depth": -2},
        {"workers": 0},
        {"widening": -1.0},
        {"max_nodes": 1},
    ],
)
def test_bad_options_are_refused_by_name(options):
    with pytest.raises(SearchError, match=next(iter(options))):
        MctsSearcher(**options)


def test_registered_with_its_options(registry):
    spec = registry.searcher("mcts")
    assert spec.options["c"] == pytest.approx(math.sqrt(2))
    assert spec.options["final"] == "visits" and spec.options["rollout_depth"] == -1
    searcher = spec.create(c="1.0", rollout_depth="5", reuse="true")
    assert searcher.tree_options["c"] == 1.0 and searcher.tree_options["rollout_depth"] == 5
    assert searcher.reuse is True
    assert not spec.supports(registry.game("leduc"))
    assert spec.supports(registry.game("pig"))


# ---- tree reuse -------------------------------------------------------------------------


def test_reuse_continues_from_the_new_position(tictactoe):
    searcher = MctsSearcher(reuse=True)
    state = tictactoe.new_state()
    first = decide(searcher, tictactoe, state, Budget(iterations=20_000), seed=1)
    state.apply(first.actions[0])
    state.apply(next(a for a in state.legal_actions()))
    board = tuple(state.to_dict()["board"])
    fresh = decide(MctsSearcher(), tictactoe, state, Budget(iterations=2000), seed=2)
    reused = decide(searcher, tictactoe, state, Budget(iterations=2000), seed=2)
    assert reused.stats["reused"] > 100
    assert fresh.stats["reused"] == 0
    # The kept subtree adds to the new iterations: more visits than were run now.
    assert sum(a.visits for a in reused.alternatives) > 2000
    assert sum(a.visits for a in fresh.alternatives) == 1999
    # Same or better: the reused answer keeps the game-theoretic value.
    assert reused.actions[0] in optimal_moves(board, 0)


def test_reuse_across_a_chance_node_and_not_without_the_option(pig):
    state = pig.new_state(variant="target20")
    searcher = MctsSearcher(reuse=True)
    decide(searcher, pig, state, Budget(iterations=3000), seed=1)
    state.apply(0)  # roll
    state.apply(5)  # a four
    again = decide(searcher, pig, state, Budget(iterations=500), seed=1)
    assert (
        again.stats["reused"] > 50
    )  # the most visited copy of the position, not a transposition stub
    plain = MctsSearcher()
    decide(plain, pig, pig.new_state(variant="target20"), Budget(iterations=3000), seed=1)
    assert decide(plain, pig, state, Budget(iterations=500), seed=1).stats["reused"] == 0


def test_reuse_starts_fresh_when_the_position_is_not_in_the_tree(tictactoe):
    searcher = MctsSearcher(reuse=True)
    decide(searcher, tictactoe, tictactoe.new_state(), Budget(iterations=300), seed=1)
    far = ttt_state(tictactoe, (0, 1, 0, 1, 0, 1, -1, -1, -1), 0)
    decision = decide(searcher, tictactoe, far, Budget(iterations=300), seed=1)
    assert decision.stats["reused"] == 0
    assert decision.actions[0] in (6, 7, 8)


def test_find_prefers_the_shallowest_most_visited_copy_and_gives_up_on_huge_scans(pig):
    search = UctSearch(pig.new_state(variant="target20"), Rng(2), widening=0.0)
    search.run(4000)
    tree = search.tree
    target = pig.new_state(variant="target20")
    target.apply(0)
    target.apply(5)  # turn total 4: also two rolls of 2, deeper in the tree
    node = search.find(target, 6)
    roll = next(c for c in tree.children(0) if tree.action(c) == 0)
    assert tree.action(node) == 5 and node in tree.children(roll)
    assert search.find(target, 6, max_scan=3) == -1
    assert search.find(target, 1) == -1  # two plies down, out of reach


def test_subtree_copy_keeps_statistics_and_links(tictactoe):
    search = UctSearch(tictactoe.new_state(), Rng(5))
    search.run(3000)
    tree = search.tree
    child = max(tree.children(0), key=tree.visits)
    copy = tree.subtree(child)
    assert copy.visits(0) == tree.visits(child)
    assert copy.value_sums(0) == tree.value_sums(child)

    def shape(t, node):
        return (t.action(node), t.visits(node), [shape(t, c) for c in t.children(node)])

    assert shape(copy, 0)[1:] == shape(tree, child)[1:]
    assert copy.count == sum(1 for _ in walk(tree, child))


# ---- root parallelism -----------------------------------------------------------------


def test_two_workers_return_a_legal_move_and_merge_their_visits(pig):
    state = pig.new_state(variant="target20")
    decision = decide(MctsSearcher(workers=2), pig, state, Budget(iterations=4000), seed=5)
    assert decision.actions[0] in state.legal_actions()
    assert decision.stats["iterations"] == 4000
    # Each worker's root was rolled out once before it had children.
    assert sum(a.visits for a in decision.alternatives) == 4000 - 2
    again = decide(MctsSearcher(workers=2), pig, state, Budget(iterations=4000), seed=5)
    assert [(a.actions, a.visits) for a in again.alternatives] == [
        (a.actions, a.visits) for a in decision.alternatives
    ]
