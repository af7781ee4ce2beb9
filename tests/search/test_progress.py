"""Progress reports of a running search (search/progress.py), as the engine's `info`
lines use them: nobody listening costs nothing, a listener hears at most one report
per interval, and mcts, ismcts and expectimax report what they have found so far."""

from __future__ import annotations

import io

import pytest

from cli import protocol
from cli.engine_loop import run
from engine.game import sample_chance
from engine.rng import Rng
from plugins.manager import default_registry
from search import progress
from search.base import Budget, decide
from search.common import is_forced


def test_nothing_is_due_without_a_listener():
    assert not progress.due()
    progress.report(iterations=1)  # goes nowhere, raises nothing


def test_a_listener_hears_at_most_one_report_per_interval():
    heard = []
    with progress.listening(heard.append, every=3600.0):
        assert not progress.due()  # the first report waits a whole interval
    with progress.listening(heard.append, every=0.0):
        assert progress.due()
        progress.report(iterations=5, value=0.5)
    assert not progress.due()  # the listener ends with its block
    assert len(heard) == 1
    assert heard[0]["iterations"] == 5 and heard[0]["value"] == 0.5 and heard[0]["ms"] >= 0


@pytest.mark.parametrize(
    "game_name, searcher, fields",
    [
        ("maestro", "mcts", {"iterations", "nodes", "value", "pv"}),
        ("taktvoll", "ismcts", {"iterations", "nodes", "value", "pv"}),
        ("taktvoll", "pimc", {"iterations", "nodes", "value", "pv", "determinizations"}),
        ("maestro", "expectimax", {"depth", "nodes", "value", "pv", "world"}),
    ],
)
def test_searchers_report_while_a_timed_search_runs(game_name, searcher, fields):
    registry = default_registry()
    game = registry.game(game_name)
    state = game.new_state(seed=11)
    rng = Rng(5)
    while state.current_player() < 0 or is_forced(state, state.current_player()):
        # on to a turn with something to decide
        state.apply(
            rng.choice(state.legal_actions())
            if state.current_player() >= 0
            else sample_chance(state, rng)
        )
    heard = []
    with progress.listening(heard.append, every=0.0):
        decision = decide(
            registry.searcher(searcher).create_for(game),
            game,
            state,
            Budget(movetime_ms=300),
            seed=1,
        )
    assert heard, "a 300 ms search reported nothing to a listener that is always due"
    for report in heard:
        assert fields <= set(report), report
        assert 0.0 <= report["value"] <= 1.0
        assert report["pv"] and report["ms"] >= 0
    assert decision.actions


def test_a_long_go_prints_info_lines_before_its_answer(monkeypatch):
    monkeypatch.setattr(protocol, "PROGRESS_EVERY", 0.01)
    out = io.BytesIO()
    run(
        io.BytesIO(
            b"new maestro seed=4\ngo searcher=mcts movetime=600\n"
            b"go searcher=mcts iterations=50 seed=1\n"
        ),
        out,
    )
    lines = out.getvalue().decode().splitlines()
    assert lines[0] == "ok"
    answer = lines[1 : lines.index("ok", 1) + 1]
    assert [line.split()[0] for line in answer[-3:]] == ["info", "bestmove", "ok"]
    progress_lines = answer[:-3]
    assert progress_lines, "no progress line in a 600 ms search reporting every 10 ms"
    for line in progress_lines:
        assert line.startswith("info iterations=") and " pv=" in line
    # A quick search prints only its final info line.
    rest = lines[lines.index("ok", 1) + 1 :]
    assert [line.split()[0] for line in rest] == ["info", "bestmove", "ok"]
