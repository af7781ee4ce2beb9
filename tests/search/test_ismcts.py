"""The `ismcts` searcher: tactics and strength on tic-tac-toe (where it must behave
like UCT), the compiled tree against a readable Python statement of SO-ISMCTS,
reproducibility, options and budgets; on Leduc poker, that it cannot peek."""

from __future__ import annotations

import math
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.game import sample_chance
from engine.playout import random_playout
from engine.rng import Rng
from ismcts_worlds import worlds
from plugins.manager import default_registry
from search import ismcts
from search.base import Budget, SearchError, decide
from search.common import DEFAULT_ITERATIONS
from search.ismcts_searcher import ISMCTSSearcher

CHANCE = -1
FULL_PLAYOUT = 1_000_000_000
SQRT2 = math.sqrt(2)  # UCT's usual exploration constant


def cells(*names):
    """Tic-tac-toe actions from cell names, so positions read like the board."""
    return ["abc".index(n[0]) + 3 * (int(n[1]) - 1) for n in names]


def ttt_position(game, moves):
    state = game.new_state()
    for action in cells(*moves):
        state.apply(action)
    return state


# ---- a readable SO-ISMCTS, step for step the algorithm of search/ismcts.pyx ---------


class RefNode:
    def __init__(self, action, mover):
        self.action, self.mover = action, mover
        self.visits, self.avail, self.total = 0, 1, 0.0
        self.children = []  # newest first, as the compiled tree links them

    def add(self, action, mover):
        child = RefNode(action, mover)
        self.children.insert(0, child)
        return child


def reference_search(root, seat, rng, iterations, c, rollout_depth, determinize):
    """SO-ISMCTS drawing from `rng` in the same order as the compiled search."""
    top = RefNode(-1, CHANCE)
    top.avail = 0
    for world in worlds(root, seat, rng, iterations, determinize):
        node, path = top, [top]
        while not world.is_terminal():
            if world.is_chance_node():
                action = sample_chance(world, rng)
                child = next((ch for ch in node.children if ch.action == action), None)
                world.apply(action)
                if child is None:
                    path.append(node.add(action, CHANCE))
                    break
                path.append(child)
                node = child
                continue
            legal = world.legal_actions()
            available = [ch for ch in node.children if ch.action in legal]
            best, best_score = None, -math.inf
            for ch in available:
                ch.avail += 1
                score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best, best_score = ch, score
            tried = {ch.action for ch in available}
            untried = [a for a in legal if a not in tried]
            if untried:
                action = untried[rng.randint(len(untried))]
                path.append(node.add(action, world.current_player()))
                world.apply(action)
                break
            path.append(best)
            world.apply(best.action)
            node = best
        random_playout(world, rng, FULL_PLAYOUT if rollout_depth < 0 else rollout_depth)
        rets = world.returns() if world.is_terminal() else world.heuristic()
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.total += rets[n.mover]
    return top


def assert_same_tree(tree, node, ref):
    got = tree.edges(node)
    want = [ch for ch in ref.children if ch.visits > 0]
    assert [(a, v, k) for _, a, v, _, k in got] == [(ch.action, ch.visits, ch.avail) for ch in want]
    for (index, _, _, value, _), ch in zip(got, want, strict=False):
        if ch.mover >= 0:  # chance edges have no mover to score
            assert value == pytest.approx(ch.total / ch.visits, abs=1e-12)
        assert_same_tree(tree, index, ch)


def run_tree(state, seat, seed, iterations, c=SQRT2, rollout_depth=-1, determinize=False):
    tree = ismcts.IsmctsSearch(state, Rng(seed), seat, c, rollout_depth, determinize)
    tree.run(iterations)
    return tree


def count_nodes(ref):
    return 1 + sum(count_nodes(ch) for ch in ref.children)


# ---- tic-tac-toe: tactics, strength, the tree itself ---------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_takes_an_immediate_win(registry, tictactoe, seed):
    # X: a1 b1, O: a2 b2; X wins at c1 (O would win at c2 next).
    state = ttt_position(tictactoe, ["a1", "a2", "b1", "b2"])
    searcher = registry.searcher("ismcts").create()
    decision = decide(searcher, tictactoe, state, Budget(iterations=500), seed=seed)
    assert decision.actions == cells("c1")
    assert decision.value > 0.9


@pytest.mark.parametrize("seed", range(4))
def test_blocks_an_immediate_threat(registry, tictactoe, seed):
    # X: a1 b1 threatens c1; O (centre) must block there.
    state = ttt_position(tictactoe, ["a1", "b2", "b1"])
    searcher = registry.searcher("ismcts").create()
    decision = decide(searcher, tictactoe, state, Budget(iterations=3000), seed=seed)
    assert decision.actions == cells("c1")


def play_game(game, searchers, seed, budget):
    """Returns of one game; searchers[seat] plays that seat."""
    state = game.new_state()
    turn = 0
    while not state.is_terminal():
        seat = state.current_player()
        decision = decide(searchers[seat], game, state, budget, seed=seed * 100 + turn)
        for action in decision.actions:
            state.apply(action)
        turn += 1
    return state.returns()


def test_never_loses_to_random(registry, tictactoe):
    ismcts_searcher = registry.searcher("ismcts").create()
    random_searcher = registry.searcher("random").create()
    for game_index in range(6):
        seat = game_index % 2
        players = [random_searcher, random_searcher]
        players[seat] = ismcts_searcher
        returns = play_game(tictactoe, players, game_index, Budget(iterations=3000))
        assert returns[seat] >= 0.5, f"lost game {game_index} as seat {seat}"


@settings(max_examples=40)
@given(
    moves=st.lists(st.integers(0, 8), max_size=6, unique=True),
    seed=st.integers(0, 2**32 - 1),
    iterations=st.integers(1, 300),
    c=st.sampled_from([0.0, 0.7, math.sqrt(2)]),
    rollout_depth=st.sampled_from([-1, 0, 2]),
)
def test_compiled_tree_matches_the_python_statement(
    tictactoe, moves, seed, iterations, c, rollout_depth
):
    state = tictactoe.new_state()
    for action in moves:
        if state.is_terminal():
            break
        state.apply(action)
    if state.is_terminal():
        return
    seat = state.current_player()
    tree = run_tree(state, seat, seed, iterations, c, rollout_depth)
    ref = reference_search(state, seat, Rng(seed), iterations, c, rollout_depth, False)
    assert tree.iterations == iterations
    assert tree.size == count_nodes(ref)
    assert_same_tree(tree, 0, ref)


def test_perfect_information_availability_is_the_parents_visits(tictactoe):
    # With nothing hidden, every legal edge is available on every pass: the first
    # root edge was available in every iteration, as UCT's parent count would be.
    state = tictactoe.new_state()
    tree = run_tree(state, 0, 5, 2000)
    edges = tree.edges(0)
    assert len(edges) == 9
    assert sum(visits for _, _, visits, _, _ in edges) == 2000
    # Edges were created in iterations 1..9, newest first in the list.
    assert [avail for *_, avail in edges] == [2000 - k for k in range(8, -1, -1)]


def test_reproducible_with_seed_and_iterations(registry, tictactoe):
    state = ttt_position(tictactoe, ["b2"])
    searcher = registry.searcher("ismcts").create()
    runs = [decide(searcher, tictactoe, state, Budget(iterations=1500), seed=s) for s in (9, 9, 10)]
    first, again, other = runs

    def signature(d):
        return (
            d.actions,
            d.value,
            d.stats["nodes"],
            [(a.actions, a.visits, a.value) for a in d.alternatives],
        )

    assert signature(first) == signature(again)
    assert signature(first) != signature(other)


def test_decision_reports_ranked_alternatives_and_stats(registry, tictactoe):
    state = tictactoe.new_state()
    decision = decide(registry.searcher("ismcts").create(), tictactoe, state, Budget(), seed=3)
    assert decision.stats["iterations"] == DEFAULT_ITERATIONS
    # The shared node record (24), two seats' value sums (16), availability, successor.
    assert decision.stats["node_bytes"] == 48
    assert 1 < decision.stats["nodes"] <= DEFAULT_ITERATIONS + 1
    visits = [alt.visits for alt in decision.alternatives]
    assert sorted(visits, reverse=True) == visits and sum(visits) == DEFAULT_ITERATIONS
    assert decision.actions == decision.alternatives[0].actions
    assert decision.value == decision.alternatives[0].value
    assert decision.stats["pv"][0] == decision.actions[0]
    assert set(decision.stats) >= {"iterations", "nodes", "ms", "pv"}


def test_final_value_ranks_by_mean(registry, tictactoe):
    state = ttt_position(tictactoe, ["a1", "b2", "b1"])
    decision = decide(
        registry.searcher("ismcts").create(final="value"),
        tictactoe,
        state,
        Budget(iterations=2000),
        seed=1,
    )
    values = [alt.value for alt in decision.alternatives]
    assert sorted(values, reverse=True) == values


def test_heuristic_leaves_still_see_a_win(registry, tictactoe):
    state = ttt_position(tictactoe, ["a1", "a2", "b1", "b2"])
    searcher = registry.searcher("ismcts").create(rollout_depth="0")
    assert decide(searcher, tictactoe, state, Budget(iterations=300), seed=2).actions == cells("c1")


def test_movetime_is_a_limit(registry, tictactoe):
    state = tictactoe.new_state()
    searcher = registry.searcher("ismcts").create()
    cpu = time.process_time()
    decision = decide(searcher, tictactoe, state, Budget(movetime_ms=80), seed=1)
    # The documented overrun is one iteration plus the summary (~1 ms). CPU time,
    # which a loaded machine cannot stretch as it can the wall clock.
    assert (time.process_time() - cpu) * 1000 < 80 + 50
    # Untimed by iterations, so the clock is what stopped it.
    assert decision.stats["iterations"] > 1000


def test_a_full_tree_keeps_searching_without_growing(registry, tictactoe):
    state = ttt_position(tictactoe, ["a1", "a2", "b1", "b2"])
    searcher = registry.searcher("ismcts").create(max_nodes=16)
    decision = decide(searcher, tictactoe, state, Budget(iterations=2000), seed=3)
    assert decision.stats["nodes"] == 16
    assert decision.stats["iterations"] == 2000
    assert sum(alt.visits for alt in decision.alternatives) == 2000
    assert decision.actions == cells("c1")


def test_workers_merge_root_statistics(registry, tictactoe):
    state = ttt_position(tictactoe, ["a1", "a2", "b1", "b2"])
    searcher = registry.searcher("ismcts").create(workers=2)
    decision = decide(searcher, tictactoe, state, Budget(iterations=1001), seed=4)
    assert decision.actions == cells("c1")
    assert decision.stats["iterations"] == 1001
    assert sum(alt.visits for alt in decision.alternatives) == 1001
    again = decide(searcher, tictactoe, state, Budget(iterations=1001), seed=4)
    assert [a.visits for a in again.alternatives] == [a.visits for a in decision.alternatives]


@pytest.mark.parametrize(
    "options",
    [
        dict(c=-1.0),
        dict(c=float("nan")),
        dict(final="best"),
        dict(workers=0),
        dict(rollout_depth=-2),
        dict(rollout_depth="deep"),
        dict(depth=3),
    ],
)
def test_bad_options_are_refused(registry, options):
    with pytest.raises(SearchError):
        registry.searcher("ismcts").create(**options)


@pytest.mark.parametrize("name", sorted(default_registry().games))
def test_decides_on_every_registered_game(registry, name):
    game = registry.game(name)
    state = game.new_state(seed=7)
    while state.is_chance_node():
        state.apply(sample_chance(state, Rng(7)))
    seat = state.current_player()
    decision = decide(
        registry.searcher("ismcts").create(), game, state, Budget(iterations=200), seed=1
    )
    scratch = state.clone()
    for action in decision.actions:
        assert scratch.current_player() == seat
        scratch.apply(action)  # raises if illegal
    assert scratch.current_player() != seat
    assert 0.0 <= decision.value <= 1.0
    assert decision.stats["iterations"] == 200


def test_refuses_a_seat_not_to_move(tictactoe):
    state = tictactoe.new_state()
    with pytest.raises(SearchError, match="not to move"):
        ISMCTSSearcher().choose(state, 1, Budget(iterations=10), Rng(1))


# ---- Leduc poker: hidden cards, determinization, no peeking --------------------------

CARD_NAMES = ("Js", "Jh", "Qs", "Qh", "Ks", "Kh")
FOLD, CALL, RAISE = 0, 1, 2


@pytest.fixture(scope="module")
def leduc(registry):
    return registry.game("leduc")


@st.composite
def leduc_decisions(draw):
    """A Leduc position with a seat to move, reached by random play from a seeded deal."""
    game = default_registry().game("leduc")
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, 8))
    state = game.new_state(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_chance_node():
            state.apply(sample_chance(state, rng))
        elif not state.is_terminal():
            candidate = state.clone()
            candidate.apply(rng.choice(state.legal_actions()))
            if candidate.is_terminal():
                break
            state = candidate
    while state.is_chance_node():
        state.apply(sample_chance(state, rng))
    return state


def with_opponent_card(game, state, card_name):
    data = state.to_dict()
    data["private"][1 - state.current_player()] = card_name
    return game.from_dict(data)


@settings(max_examples=60)
@given(state=leduc_decisions(), seed=st.integers(0, 2**32 - 1), pick=st.integers(0, 5))
def test_no_peeking_the_opponents_card_changes_nothing(registry, leduc, state, seed, pick):
    if state.is_terminal():
        return
    seat = state.current_player()
    data = state.to_dict()
    seen = {data["private"][seat], data["public"]}
    other = [c for c in CARD_NAMES if c not in seen and c != data["private"][1 - seat]]
    twin = with_opponent_card(leduc, state, other[pick % len(other)])
    assert twin.to_dict()["private"][1 - seat] != data["private"][1 - seat]
    assert twin.observation(seat) == state.observation(seat)
    searcher = registry.searcher("ismcts").create()
    budget = Budget(iterations=300)
    one = decide(searcher, leduc, state, budget, seed=seed)
    two = decide(searcher, leduc, twin, budget, seed=seed)
    assert one.actions == two.actions
    assert one.value == two.value
    assert [(a.actions, a.visits) for a in one.alternatives] == [
        (a.actions, a.visits) for a in two.alternatives
    ]


def test_the_searcher_only_ever_sees_a_rebuilt_state(leduc):
    received = []

    class Spy(ISMCTSSearcher):
        def choose(self, state, seat, budget, rng):
            received.append(state)
            return super().choose(state, seat, budget, rng)

    state = leduc.new_state(seed=11)
    state.apply(CALL)  # seat 1 to move, seat 0's card hidden from it
    seat = state.current_player()
    truth = state.to_dict()["private"][1 - seat]
    for seed in range(12):
        decide(Spy(), leduc, state, Budget(iterations=50), seed=seed)
    assert all(view is not state for view in received)
    assert all(view.observation(seat) == state.observation(seat) for view in received)
    # The opponent's card in what the searcher got is drawn, not copied: it varies,
    # and is often not the true one.
    cards = [view.to_dict()["private"][1 - seat] for view in received]
    assert len(set(cards)) > 1 and cards.count(truth) < len(cards)


def test_each_iteration_searches_a_fresh_determinization(leduc):
    # With the true hand visible only through the observation, iterations must
    # meet the opponent in several different worlds: every public card other than
    # the seat's own shows up under the root's betting line.
    state = leduc.new_state(seed=4)
    seat = state.current_player()
    own = state.to_dict()["private"][seat]
    tree = run_tree(state, seat, 1, 3000, determinize=True)
    call = next(node for node, action, *_ in tree.edges(0) if action == CALL)
    check = next(node for node, action, *_ in tree.edges(call) if action == CALL)
    public = {CARD_NAMES[action - 3] for _, action, *_ in tree.edges(check)}
    assert public == set(CARD_NAMES) - {own}


@pytest.mark.parametrize("game_name", ["leduc", "taktvoll"])
def test_the_tree_does_not_depend_on_how_a_run_is_sliced(registry, game_name):
    # A search makes its worlds a batch at a time, the batch sized by the clock under
    # a deadline: one run of 700 iterations and the same 700 in many timed calls
    # (batches of 1, 2, 4, ... each time) must grow the same tree.
    game = registry.game(game_name)
    state = game.new_state(seed=4) if game_name == "leduc" else game.new_state(3, seed=4)
    while state.is_chance_node():
        state.apply(sample_chance(state, Rng(1)))
    seat = state.current_player()
    whole = ismcts.IsmctsSearch(state, Rng(8), seat, SQRT2, -1, True)
    whole.run(700)
    sliced = ismcts.IsmctsSearch(state, Rng(8), seat, SQRT2, -1, True)
    calls = 0
    while sliced.iterations < 700:
        sliced.run(min(45, 700 - sliced.iterations), time.perf_counter() + 60.0)
        calls += 1
    assert calls == 16
    assert sliced.size == whole.size
    assert sliced.edges(0) == whole.edges(0)


@settings(max_examples=25)
@given(state=leduc_decisions(), seed=st.integers(0, 2**32 - 1), iterations=st.integers(1, 400))
def test_compiled_tree_matches_the_python_statement_on_leduc(state, seed, iterations):
    if state.is_terminal():
        return
    seat = state.current_player()
    tree = run_tree(state, seat, seed, iterations, determinize=True)
    ref = reference_search(state, seat, Rng(seed), iterations, math.sqrt(2), -1, True)
    assert tree.size == count_nodes(ref)
    assert_same_tree(tree, 0, ref)


def test_a_pair_facing_a_raise_does_not_fold(registry, leduc):
    state = leduc.new_state(seed=2)
    own = state.to_dict()["private"][0]
    state.apply(CALL)
    state.apply(CALL)
    pair = next(a for a in state.legal_actions() if CARD_NAMES[a - 3][0] == own[0])
    state.apply(pair)
    state.apply(CALL)
    state.apply(RAISE)
    assert state.current_player() == 0
    decision = decide(
        registry.searcher("ismcts").create(), leduc, state, Budget(iterations=3000), seed=5
    )
    assert decision.actions != [FOLD]
    assert decision.value > 0.5


def test_a_prior_seeds_a_new_edge_with_virtual_visits_at_the_heuristic(tictactoe):
    state = ttt_position(tictactoe, ["a1", "b2"])
    search = ismcts.IsmctsSearch(state, Rng(3), 0, SQRT2, FULL_PLAYOUT, False, prior=5)
    assert search.run(1) == 1
    [(_, action, visits, mean, avail)] = search.edges(0)
    assert (visits, avail) == (6, 1)
    after = state.clone()
    after.apply(action)
    heuristic = after.heuristic()[0]
    playout = 6 * mean - 5 * heuristic  # the one playout's return: a loss, draw or win
    assert min(abs(playout - r) for r in (0.0, 0.5, 1.0)) < 1e-9
    plain = ismcts.IsmctsSearch(state, Rng(3), 0, SQRT2, FULL_PLAYOUT, False)
    plain.run(1)
    assert plain.edges(0)[0][2] == 1


@pytest.mark.parametrize("prior", [-1, 1.5, True, "many"])
def test_a_bad_prior_is_refused(registry, prior):
    with pytest.raises(SearchError, match="prior"):
        registry.searcher("ismcts").create(prior=prior)
