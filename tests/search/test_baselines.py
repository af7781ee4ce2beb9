"""The baseline searchers: `random` and `greedy` play legal, reproducible moves on
every registered game; greedy takes an immediate win and blocks an immediate loss in
every tic-tac-toe position where that is possible."""

from __future__ import annotations

import pytest

from engine.game import sample_chance
from engine.rng import Rng
from plugins.manager import default_registry
from search.base import Budget, decide

GAMES = sorted(default_registry().games)
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def decision_points(game, count, seed):
    """Positions with a seat to move, from seeded random games."""
    rng = Rng(seed)
    found = []
    while len(found) < count:
        state = game.new_state(seed=rng.randint(10**6))
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                state.apply(sample_chance(state, rng))
                continue
            found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("searcher_name", ["random", "greedy"])
@pytest.mark.parametrize("game_name", GAMES)
def test_decisions_are_legal_whole_turns_and_reproducible(game_name, searcher_name, registry):
    game = registry.game(game_name)
    searcher = registry.searcher(searcher_name).create()
    for i, state in enumerate(decision_points(game, 25, seed=len(game_name))):
        seat = state.current_player()
        decision = decide(searcher, game, state, Budget(iterations=10), seed=i)
        assert decision.actions
        scratch = state.clone()
        for action in decision.actions:
            assert scratch.current_player() == seat, "only the mover's own actions"
            scratch.apply(action)  # raises if illegal
        # The turn is whole: it ends at a chance node, the end, or another seat.
        assert scratch.current_player() != seat
        assert 0.0 <= decision.value <= 1.0
        again = decide(searcher, game, state, Budget(iterations=10), seed=i)
        assert again.actions == decision.actions


def test_random_spreads_over_the_legal_actions(registry, tictactoe):
    searcher = registry.searcher("random").create()
    state = tictactoe.new_state()
    chosen = {decide(searcher, tictactoe, state, Budget(), seed=s).actions[0] for s in range(200)}
    assert chosen == set(range(9))


def all_tictactoe_positions(tictactoe):
    seen = {}
    stack = [tictactoe.new_state()]
    while stack:
        state = stack.pop()
        key = state.to_json()
        if key in seen:
            continue
        seen[key] = state
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            stack.append(child)
    return [s for s in seen.values() if not s.is_terminal()]


def completing_cells(board, seat):
    """Empty cells that would give `seat` three in a row."""
    cells = set()
    for line in LINES:
        marks = [board[i] for i in line]
        if marks.count(seat) == 2 and marks.count(-1) == 1:
            cells.add(line[marks.index(-1)])
    return cells


@pytest.fixture(scope="module")
def positions(tictactoe):
    return all_tictactoe_positions(tictactoe)


def test_greedy_takes_an_immediate_win(registry, tictactoe, positions):
    greedy = registry.searcher("greedy").create()
    checked = 0
    for state in positions:
        seat = state.current_player()
        wins = completing_cells(state.to_dict()["board"], seat)
        if wins:
            decision = decide(greedy, tictactoe, state, Budget(), seed=checked)
            assert decision.actions[0] in wins, state.render()
            assert decision.value == 1.0
            checked += 1
    assert checked > 1000


def test_greedy_blocks_an_immediate_loss(registry, tictactoe, positions):
    greedy = registry.searcher("greedy").create()
    checked = 0
    for state in positions:
        seat = state.current_player()
        board = state.to_dict()["board"]
        threats = completing_cells(board, 1 - seat)
        if not completing_cells(board, seat) and len(threats) == 1:
            decision = decide(greedy, tictactoe, state, Budget(), seed=checked)
            assert decision.actions == list(threats), state.render()
            checked += 1
    assert checked > 500
