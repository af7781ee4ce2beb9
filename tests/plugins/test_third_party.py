"""Third-party plugins found through entry points: a working one with a compiled game
and a searcher, and broken ones that must be reported by name without harm."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from plugin_sources import BROKEN_NAMES
from plugins.manager import load_registry
from search.base import Budget, decide

CONFORMANCE = Path(__file__).resolve().parents[1] / "engine" / "test_conformance.py"


def load_with(monkeypatch, *dirs):
    """load_registry() with `dirs` on sys.path; returns (registry, stderr text)."""
    for directory in dirs:
        monkeypatch.syspath_prepend(str(directory))
    err = io.StringIO()
    return load_registry(stderr=err), err.getvalue()


def test_demo_plugin_registers_its_game_and_searcher(monkeypatch, demo_dir):
    registry, err = load_with(monkeypatch, demo_dir)
    assert err == "" and registry.errors == []
    assert "count10" in registry.games and "first" in registry.searchers
    # The built-ins load beside it.
    assert {"tictactoe"} <= set(registry.games)
    assert {"random", "greedy"} <= set(registry.searchers)


def test_without_the_plugin_on_the_path_it_is_absent(monkeypatch):
    registry, _ = load_with(monkeypatch)
    assert "count10" not in registry.games and "first" not in registry.searchers


def test_the_compiled_plugin_game_follows_the_state_contract(monkeypatch, demo_dir):
    registry, _ = load_with(monkeypatch, demo_dir)
    game = registry.game("count10")
    state = game.new_state()
    assert type(state).__mro__[1].__name__ == "State", "a subclass of engine.state.State"
    assert state.legal_actions() == [0, 1]
    assert [state.action_to_str(a) for a in state.legal_actions()] == ["add1", "add2"]
    for _ in range(4):
        state.apply(1)  # 2, 4, 6, 8
    state.apply(0)  # 9: seat 0 moved last
    assert state.current_player() == 1 and state.legal_actions() == [0]
    state.apply(0)
    assert state.is_terminal() and state.returns() == [0.0, 1.0]
    again = game.from_json(state.to_json())
    assert again.to_json() == state.to_json() and again.hash() == state.hash()


def test_the_plugin_searcher_plays_the_plugin_game(monkeypatch, demo_dir):
    registry, _ = load_with(monkeypatch, demo_dir)
    game = registry.game("count10")
    searcher = registry.searcher("first").create()
    state = game.new_state()
    moves = 0
    while not state.is_terminal():
        decision = decide(searcher, game, state, Budget(iterations=1), seed=moves)
        assert decision.actions == [0]  # always the lowest: add1
        state.apply(decision.actions[0])
        moves += 1
    assert moves == 10 and state.returns() == [0.0, 1.0]


def test_broken_plugins_are_reported_by_name_and_the_rest_load(monkeypatch, demo_dir, broken_dir):
    registry, err = load_with(monkeypatch, demo_dir, broken_dir)
    lines = err.splitlines()
    for name in BROKEN_NAMES:
        assert [line for line in lines if f"plugin {name}" in line], f"{name} not reported: {err}"
    assert len(lines) == len(BROKEN_NAMES) == len(registry.errors)
    assert all(line.startswith("cadenza: ") for line in lines)
    # Everything that works is still there.
    assert {"tictactoe", "count10"} <= set(registry.games)
    assert {"random", "greedy", "first"} <= set(registry.searchers)
    # The duplicate did not replace the built-in, and nothing else slipped in.
    assert registry.games["tictactoe"].description != "an impostor"
    assert "dict-searcher" not in registry.searchers
    assert "cannot be imported" in err and "inside its hook" in err


def test_a_plugin_failing_half_way_leaves_nothing_behind():
    """What a hook registered before raising is dropped with it."""
    import dataclasses

    from engine.games.tictactoe import GAME
    from plugins.hookspecs import hookimpl

    class HalfWay:
        @hookimpl
        def cadenza_register_games(self, register):
            register(dataclasses.replace(GAME, name="half"))
            raise RuntimeError("stopped half-way")

    err = io.StringIO()
    registry = load_registry(
        include_entry_points=False, stderr=err, extra_plugins=[("halfway", HalfWay())]
    )
    assert "half" not in registry.games
    assert "plugin halfway failed in cadenza_register_games" in err.getvalue()
    assert "RuntimeError: stopped half-way" in err.getvalue()


def test_demo_module_is_importable_only_from_its_directory(monkeypatch, demo_dir):
    monkeypatch.syspath_prepend(str(demo_dir))
    import cadenza_demo.count as count

    assert count.__file__.startswith(str(demo_dir))
    assert count.__file__.endswith(".so") or count.__file__.endswith(".pyd")
    assert "cadenza_demo" in sys.modules


def test_a_seeded_decision_through_the_plugin_is_reproducible(monkeypatch, demo_dir):
    registry, _ = load_with(monkeypatch, demo_dir)
    game = registry.game("count10")
    random = registry.searcher("random").create()
    state = game.new_state()
    first = [decide(random, game, state, Budget(iterations=1), seed=s).actions for s in range(20)]
    again = [decide(random, game, state, Budget(iterations=1), seed=s).actions for s in range(20)]
    assert first == again
    assert {tuple(a) for a in first} == {(0,), (1,)}, "random tries both actions over 20 seeds"


def test_the_conformance_suite_picks_up_the_plugin_game(demo_dir):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(demo_dir), env.get("PYTHONPATH", "")])
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(CONFORMANCE),
            "-q",
            "-k",
            "count10",
            "-p",
            "no:cacheprovider",
            "-W",
            "ignore::DeprecationWarning",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        cwd=CONFORMANCE.parents[2],
    )
    assert run.returncode == 0, run.stdout[-3000:]
    passed = int(run.stdout.split(" passed")[0].split()[-1])
    assert passed >= 20, run.stdout[-500:]
