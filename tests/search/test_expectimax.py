"""The `expectimax` searcher: exact values on pig against the solved game, pruning
that changes nothing but speed on every registered game, perfect tic-tac-toe, and the
options, budgets and determinizations around it."""

from __future__ import annotations

import time

import pytest

from engine.game import play_randomly, sample_chance
from engine.games.pig.optimal import solve
from engine.rng import Rng
from plugins.manager import default_registry
from search.base import Budget, SearchError, decide
from search.common import has_hidden_information
from search.expectimax import ExpectimaxCore
from search.expectimax_searcher import ExpectimaxSearcher

ROLL, HOLD = 0, 1
UNLIMITED = Budget(iterations=10**9)


# ---- pig: the values of every first action against the exact solution --------------


def pig_position(game, target, my, opp, turn_total, seat):
    scores = [0, 0]
    scores[seat], scores[1 - seat] = my, opp
    return game.from_dict(
        {
            "game": "pig",
            "variant": f"target{target}",
            "scores": scores,
            "turn_total": turn_total,
            "to_move": seat,
            "rolling": False,
        }
    )


def pig_positions(target, count, seed):
    """Decision points (my, opp, turn total) below the target, drawn uniformly, plus
    the opening; both seats to move."""
    rng = Rng(seed)
    positions = [(0, 0, 0, 0), (0, 0, 0, 1)]
    while len(positions) < count:
        my, opp = rng.randint(target), rng.randint(target)
        positions.append((my, opp, rng.randint(target - my), rng.randint(2)))
    return positions


@pytest.mark.parametrize("target,count", [(10, 150), (20, 40)])
def test_pig_root_values_are_the_solved_win_probabilities(registry, target, count):
    game = registry.game("pig")
    solution = solve(target)
    searcher = ExpectimaxSearcher(tt_mb=2)
    for my, opp, k, seat in pig_positions(target, count, seed=target):
        state = pig_position(game, target, my, opp, k, seat)
        decision = decide(searcher, game, state, UNLIMITED, seed=1)
        got = {alt.actions[0]: alt.value for alt in decision.alternatives}
        roll, hold = solution.action_values(my, opp, k)
        where = f"target {target}, my {my}, opp {opp}, turn total {k}, seat {seat}"
        assert got[ROLL] == pytest.approx(roll, abs=1e-9), where
        assert got[HOLD] == pytest.approx(hold, abs=1e-9), where
        assert decision.stats["converged"], where
        # The choice is optimal: its exact value is the better one (ties either way).
        chosen = roll if decision.actions == [ROLL] else hold
        assert chosen >= max(roll, hold) - 1e-9, where
        assert decision.value == pytest.approx(solution.win_probability(my, opp, k), abs=1e-9)


def test_pig_without_pruning_converges_to_the_same_values(registry):
    game = registry.game("pig")
    roll, hold = solve(10).action_values(3, 6, 2)
    state = pig_position(game, 10, 3, 6, 2, 1)
    decision = decide(ExpectimaxSearcher(pruning=False, tt_mb=2), game, state, UNLIMITED, seed=3)
    got = {alt.actions[0]: alt.value for alt in decision.alternatives}
    assert got[ROLL] == pytest.approx(roll, abs=1e-9)
    assert got[HOLD] == pytest.approx(hold, abs=1e-9)


def test_pig_forced_hold_at_the_target(registry):
    game = registry.game("pig")
    state = pig_position(game, 20, 15, 19, 6, 0)
    decision = decide(ExpectimaxSearcher(), game, state, UNLIMITED, seed=0)
    assert decision.actions == [HOLD]
    assert decision.value == 1.0
    assert decision.stats["exact"]


# ---- pruning changes nothing but speed -----------------------------------------------


def random_positions(game, players, count, seed):
    """Decision nodes reached by random play from new games, hidden information
    fixed by one determinization from the mover's view."""
    rng = Rng(seed)
    found = []
    while len(found) < count:
        state = game.new_state(players=players, seed=rng.randint(2**31))
        play_randomly(state, rng, rng.randint(40))
        while state.is_chance_node():
            state.apply(sample_chance(state, rng))
        if state.is_terminal():
            continue
        seat = state.current_player()
        if game.hidden_information:
            state = state.determinize(seat, rng)
        found.append(state)
    return found


def fixed_depth(state, depth, pruning, paranoid=False, samples=0):
    """One search `depth` plies deep without a table: exactly the depth-limited tree."""
    seat = state.current_player()
    core = ExpectimaxCore(
        seat,
        state.num_players,
        state.num_actions,
        pruning,
        state.num_players > 2 and not paranoid,
        samples,
        7,
        0.0,
    )
    found = core.search_root(state, depth, state.legal_actions())
    return {a: v for a, v, _, _ in found}, core.nodes


def deepest_affordable(state, paranoid, samples, max_nodes=30_000, max_depth=12):
    """The largest depth whose unpruned tree stays under `max_nodes`."""
    depth = 1
    while depth < max_depth:
        _, nodes = fixed_depth(state, depth + 1, False, paranoid, samples)
        if nodes > max_nodes:
            break
        depth += 1
    return depth


def game_setups():
    for name, spec in sorted(default_registry().games.items()):
        yield pytest.param(spec, spec.players_default, False, id=f"{name}-{spec.players_default}p")
        if spec.max_players >= 3:
            players = max(3, spec.min_players)
            yield pytest.param(spec, players, True, id=f"{name}-{players}p-paranoid")


@pytest.mark.parametrize("spec,players,paranoid", list(game_setups()))
def test_pruning_keeps_every_root_value_and_never_costs_nodes(spec, players, paranoid):
    samples = 4  # big chance nodes are sampled, identically with and without pruning
    pruned_total = full_total = 0
    for state in random_positions(spec, players, count=25, seed=11):
        depth = deepest_affordable(state, paranoid, samples)
        full, full_nodes = fixed_depth(state, depth, False, paranoid, samples)
        pruned, pruned_nodes = fixed_depth(state, depth, True, paranoid, samples)
        assert pruned.keys() == full.keys()
        for action in full:
            assert pruned[action] == pytest.approx(full[action], abs=1e-12), (
                state.to_json(),
                depth,
            )
        assert pruned_nodes <= full_nodes, (state.to_json(), depth)
        pruned_total += pruned_nodes
        full_total += full_nodes
    print(
        f"{spec.name}: {pruned_total} nodes with pruning, {full_total} without "
        f"({1 - pruned_total / full_total:.0%} saved)"
    )


def window_cases(spec, seed):
    """(state, seat, depth) triples: random decision nodes, and the chance nodes their
    actions lead to, each with a depth whose full tree is cheap."""
    states = random_positions(spec, spec.players_default, count=8, seed=seed)
    if spec.name == "pig":
        # Random play rarely leaves a seat far ahead, where windows near 1 test the
        # bounds of Star1/Star2 hardest: add positions drawn over the whole board.
        states += [pig_position(spec, 20, *where) for where in pig_positions(20, 12, seed)]
    for state in states:
        seat = state.current_player()
        depth = min(deepest_affordable(state, False, 4, max_nodes=5_000), 7)
        yield state, seat, depth
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            if child.is_chance_node():
                yield child, seat, depth
                break


@pytest.mark.parametrize(
    "name,tt_mb", [("tictactoe", 0), ("tictactoe", 1), ("pig", 0), ("leduc", 0), ("leduc", 1)]
)
def test_pruned_values_keep_the_fail_soft_contract(registry, name, tt_mb):
    # Inside the window a pruned search is exact; outside it returns a bound on the
    # right side. Windows are drawn around the exact value, where cuts are decided.
    # (The table is only checked on games whose transpositions are all at one depth.)
    spec = registry.game(name)
    rng = Rng(17)
    for state, seat, depth in window_cases(spec, seed=23):
        args = (seat, state.num_players, state.num_actions)
        exact = ExpectimaxCore(*args, False, False, 4, 7, 0.0).value(state, depth)
        for _ in range(16):
            alpha = exact + (rng.random() - 0.6) * 0.4
            beta = alpha + rng.random() * 0.3 + 1e-9
            got = ExpectimaxCore(*args, True, False, 4, 7, float(tt_mb)).value(
                state, depth, alpha, beta
            )
            where = (state.to_json(), depth, alpha, beta)
            if got <= alpha:
                assert exact <= got + 1e-12, where
            elif got >= beta:
                assert exact >= got - 1e-12, where
            else:
                assert got == pytest.approx(exact, abs=1e-12), where


def test_pruning_saves_nodes_where_it_can(registry):
    # Tic-tac-toe from the empty board, 9 plies: alpha-beta must cut a lot.
    state = registry.game("tictactoe").new_state()
    full, full_nodes = fixed_depth(state, 9, False)
    pruned, pruned_nodes = fixed_depth(state, 9, True)
    assert pruned == pytest.approx(full)
    assert pruned_nodes < full_nodes / 3
    # Pig mid-game, 8 plies: Star1/Star2 cut at chance nodes.
    pig = pig_position(registry.game("pig"), 20, 8, 12, 5, 0)
    full, full_nodes = fixed_depth(pig, 8, False)
    pruned, pruned_nodes = fixed_depth(pig, 8, True)
    assert pruned == pytest.approx(full, abs=1e-12)
    assert pruned_nodes < full_nodes


# ---- tic-tac-toe: perfect play -------------------------------------------------------

SYMMETRIES = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8],
    [2, 1, 0, 5, 4, 3, 8, 7, 6],
    [6, 7, 8, 3, 4, 5, 0, 1, 2],
    [8, 7, 6, 5, 4, 3, 2, 1, 0],
    [0, 3, 6, 1, 4, 7, 2, 5, 8],
    [2, 5, 8, 1, 4, 7, 0, 3, 6],
    [6, 3, 0, 7, 4, 1, 8, 5, 2],
    [8, 5, 2, 7, 4, 1, 6, 3, 0],
]


def minimax_value(state, memo):
    """Seat 0's exact value (1 win, 0.5 draw, 0 loss) by plain minimax."""
    key = state.hash()
    if key not in memo:
        if state.is_terminal():
            memo[key] = state.returns()[0]
        else:
            values = []
            for action in state.legal_actions():
                child = state.clone()
                child.apply(action)
                values.append(minimax_value(child, memo))
            memo[key] = max(values) if state.current_player() == 0 else min(values)
    return memo[key]


def reachable_up_to_symmetry(game):
    seen, frontier, found = set(), [game.new_state()], []
    while frontier:
        state = frontier.pop()
        board = state.to_dict()["board"]
        canonical = min(tuple(board[p[i]] for i in range(9)) for p in SYMMETRIES)
        if canonical in seen:
            continue
        seen.add(canonical)
        if state.is_terminal():
            continue
        found.append(state)
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            frontier.append(child)
    return found


def test_tictactoe_every_reachable_position_gets_exact_values(tictactoe):
    memo = {}
    positions = reachable_up_to_symmetry(tictactoe)
    assert len(positions) == 627  # non-terminal positions up to symmetry
    searcher = ExpectimaxSearcher()
    for state in positions:
        seat = state.current_player()
        decision = decide(searcher, tictactoe, state, Budget(), seed=0)
        assert decision.stats["exact"]
        for alt in decision.alternatives:
            child = state.clone()
            child.apply(alt.actions[0])
            exact = minimax_value(child, memo)
            assert alt.value == pytest.approx(exact if seat == 0 else 1 - exact), state.render()
        best = max(alt.value for alt in decision.alternatives)
        assert decision.value == best
        assert decision.alternatives[0].actions == decision.actions


def perfect_move(state, memo, rng):
    seat = state.current_player()
    scored = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        value = minimax_value(child, memo)
        scored.append((value if seat == 0 else 1 - value, action))
    best = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v == best])


@pytest.mark.parametrize("seat", [0, 1])
def test_tictactoe_never_loses_to_a_perfect_player(tictactoe, seat):
    memo, rng = {}, Rng(seat)
    searcher = ExpectimaxSearcher(depth=9)
    for game_index in range(10):
        state = tictactoe.new_state()
        while not state.is_terminal():
            if state.current_player() == seat:
                decision = decide(searcher, tictactoe, state, Budget(), seed=game_index)
                for action in decision.actions:
                    state.apply(action)
            else:
                state.apply(perfect_move(state, memo, rng))
        assert state.returns()[seat] == 0.5  # perfect against perfect is a draw


# ---- searcher behaviour: budgets, options, determinizations ---------------------------


def test_depth_option_limits_the_search(tictactoe):
    decision = decide(ExpectimaxSearcher(depth=2), tictactoe, tictactoe.new_state(), Budget(), 0)
    assert decision.stats["depth"] == 2
    assert not decision.stats["exact"]


def test_node_budget_stops_deepening_and_keeps_the_last_full_iteration(registry):
    game = registry.game("pig")
    state = game.new_state(variant="target50")
    decision = decide(ExpectimaxSearcher(), game, state, Budget(iterations=5000), seed=0)
    # The aborted iteration is dropped; its nodes count. A little over the budget is
    # the one state generated when the limit is seen.
    assert 1 <= decision.stats["depth"] < 40
    assert decision.stats["nodes"] <= 5001
    assert decision.actions in ([ROLL], [HOLD])


def test_movetime_is_a_limit(registry):
    game = registry.game("pig")
    state = game.new_state(variant="target100")
    cpu = time.process_time()
    decision = decide(ExpectimaxSearcher(), game, state, Budget(movetime_ms=60), seed=0)
    # Measured in CPU time, which a loaded machine cannot stretch as it can the wall
    # clock: a search that ignored its deadline would keep going for seconds.
    assert (time.process_time() - cpu) * 1000 < 60 + 50
    assert decision.stats["depth"] >= 1


def test_same_seed_same_answer(registry):
    game = registry.game("leduc")
    state = game.new_state(seed=4)
    searcher = ExpectimaxSearcher(k=4, depth=4)
    first = decide(searcher, game, state, Budget(iterations=20_000), seed=9)
    again = decide(searcher, game, state, Budget(iterations=20_000), seed=9)
    assert first.actions == again.actions
    assert first.value == again.value
    assert first.stats["nodes"] == again.stats["nodes"]


def test_hidden_information_is_searched_over_k_worlds(registry):
    leduc, pig = registry.game("leduc"), registry.game("pig")
    hand = leduc.new_state(seed=2)
    assert has_hidden_information(hand)
    assert not has_hidden_information(pig.new_state())
    decision = decide(ExpectimaxSearcher(k=5, depth=3), leduc, hand, Budget(), seed=1)
    assert decision.stats["worlds"] == 5
    assert decision.actions[0] in hand.legal_actions()
    decision = decide(
        ExpectimaxSearcher(k=5),
        pig,
        pig.new_state(variant="target10"),
        Budget(iterations=5000),
        seed=1,
    )
    assert decision.stats["worlds"] == 1


def test_the_decision_never_depends_on_the_hidden_cards(registry):
    # Two deals the mover cannot tell apart get the same answer for the same seed.
    game = registry.game("leduc")
    searcher = ExpectimaxSearcher(k=3, depth=3)
    answers = set()
    for seed in range(40):
        state = game.new_state(seed=seed)
        obs = state.observation(state.current_player())
        key = str(sorted(obs.items()))
        decision = decide(searcher, game, state, Budget(iterations=3000), seed=5)
        answers.add((key, tuple(decision.actions), decision.value))
    by_view = {}
    for key, actions, value in answers:
        by_view.setdefault(key, set()).add((actions, value))
    assert len(by_view) < 40  # some deals looked the same to the mover
    assert all(len(found) == 1 for found in by_view.values())


@pytest.mark.parametrize(
    "options",
    [{"depth": 0}, {"depth": -2}, {"k": 0}, {"samples": -1}, {"tt_mb": -1}, {"depth": "deep"}],
)
def test_bad_options_are_refused(registry, options):
    with pytest.raises(SearchError):
        registry.searcher("expectimax").create(**options)


def test_registered_with_its_options(registry):
    spec = registry.searcher("expectimax")
    assert spec.options == {
        "depth": -1,
        "pruning": True,
        "samples": 0,
        "k": 8,
        "paranoid": False,
        "tt_mb": 16,
        "stop_early": True,
    }
    searcher = spec.create(depth="3", pruning="off")
    assert searcher.depth == 3 and searcher.pruning is False


def test_sampled_chance_nodes_stay_close_to_exact(registry):
    # Pig's die has 6 faces: sampling 4 of them estimates, exact search is exact.
    game = registry.game("pig")
    state = pig_position(game, 20, 10, 10, 4, 0)
    exact, _ = fixed_depth(state, 6, True)
    sampled, _ = fixed_depth(state, 6, True, samples=4)
    assert sampled != exact
    for action in exact:
        assert abs(sampled[action] - exact[action]) < 0.25


@pytest.mark.parametrize("name", ["tictactoe", "pig", "leduc"])
def test_maxn_agrees_with_expectiminimax_on_two_seats(registry, name):
    # With two seats whose returns sum to 1, each maximizing its own share is the
    # same as one maximizing and one minimizing: the max^n path (used for 3+ seats,
    # where no game is registered yet) must give the same root values.
    spec = registry.game(name)
    for state in random_positions(spec, 2, count=5, seed=31):
        seat = state.current_player()
        depth = min(deepest_affordable(state, False, 0, max_nodes=5_000), 7)
        args = (seat, 2, state.num_actions)
        # Pig's table reuses values searched deeper, so only its pure tree compares.
        for tt_mb in (0.0,) if name == "pig" else (0.0, 1.0):
            scalar = ExpectimaxCore(*args, True, False, 0, 7, tt_mb)
            vector = ExpectimaxCore(*args, True, True, 0, 7, tt_mb)
            order = state.legal_actions()
            expected = {a: v for a, v, _, _ in scalar.search_root(state, depth, order)}
            got = {a: v for a, v, _, _ in vector.search_root(state, depth, order)}
            assert not vector.pruning
            assert got == pytest.approx(expected, abs=1e-12), state.to_json()
