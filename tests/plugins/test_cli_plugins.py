"""The installed `cadenza` command sees third-party plugins: it lists them, plays
their game through the engine protocol, and survives broken ones."""

from __future__ import annotations

import os
import shutil
import subprocess

from plugin_sources import BROKEN_NAMES

CADENZA = shutil.which("cadenza")


def cadenza(args, *dirs, stdin=""):
    """Runs the installed console script with `dirs` on PYTHONPATH."""
    assert CADENZA, "the cadenza console script is not installed"
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(d) for d in dirs] + [env.get("PYTHONPATH", "")])
    return subprocess.run(
        [CADENZA, *args], input=stdin, capture_output=True, text=True, env=env, timeout=60
    )


def test_games_and_searchers_list_the_plugin(demo_dir):
    games = cadenza(["games"], demo_dir)
    assert games.returncode == 0, games.stderr
    assert any(line.startswith("count10") for line in games.stdout.splitlines())
    assert any(line.startswith("tictactoe") for line in games.stdout.splitlines())
    searchers = cadenza(["searchers"], demo_dir)
    assert searchers.returncode == 0, searchers.stderr
    assert any(line.startswith("first") for line in searchers.stdout.splitlines())


def test_without_the_plugin_the_cli_does_not_list_it():
    games = cadenza(["games"])
    assert games.returncode == 0 and "count10" not in games.stdout


def test_the_engine_plays_the_plugin_game_with_the_plugin_searcher(demo_dir):
    script = "\n".join(
        [
            "games",
            "searchers",
            "new count10",
            "go searcher=first",
            "play add2",
            "legal",
            "go searcher=first seed=3",
            "status",
            "quit",
            "",
        ]
    )
    run = cadenza(["engine"], demo_dir, stdin=script)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert "game count10 players=2-2" in lines
    assert any(line.split()[:2] == ["searcher", "first"] for line in lines)
    assert lines.count("bestmove add1") == 2
    assert "legal add1 add2" in lines
    assert "status to_move=1 players=2 scores=0,0" in lines
    assert not [line for line in lines if line.startswith("error")], lines


def test_broken_plugins_are_named_on_stderr_and_the_cli_still_works(demo_dir, broken_dir):
    games = cadenza(["games"], demo_dir, broken_dir)
    assert games.returncode == 0
    assert "count10" in games.stdout and "tictactoe" in games.stdout
    for name in BROKEN_NAMES:
        assert f"plugin {name}" in games.stderr, games.stderr
    run = cadenza(["engine"], demo_dir, broken_dir, stdin="new count10\ngo searcher=first\n")
    assert run.returncode == 0 and "bestmove add1" in run.stdout.splitlines()
