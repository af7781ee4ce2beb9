"""The package as a user installs it: a wheel built from the committed sources holds
every compiled module, every .pxd (so plugins can cimport the State contract) and
every data file, and imports from outside the source tree."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA_SUFFIXES = (".json", ".toml", ".txt", ".perft")


def tracked_files() -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    return [line for line in out.stdout.splitlines() if line]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    # A build takes minutes: the xdist workers of one run share it (their temporary
    # folders have one parent for the run), the first to take the lock building it.
    run = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run = run.parent
    with open(run / "wheel.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        out = run / "wheel"
        if not list(out.glob("cadenza-*.whl")):
            build_wheel(tmp_path_factory.mktemp("src"), out)
    (built,) = out.glob("cadenza-*.whl")
    return built


def build_wheel(src: Path, out: Path) -> None:
    # Build from a copy of what git tracks (plus the working-tree edits of those
    # files), so the test also proves that nothing untracked is needed.
    for name in tracked_files():
        if (ROOT / name).is_file():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
        + ["-q", "-w", str(out), str(src)],
        check=True,
        capture_output=True,
    )


# The test-only game: compiled in place for the tests, never shipped.
TEST_ONLY = "engine/games/randomtree/"


def package_files(prefixes=("engine/", "search/", "plugins/", "cli/")) -> list[str]:
    return [
        name
        for name in tracked_files()
        if name.startswith(prefixes) and not name.startswith(TEST_ONLY)
    ]


def test_the_wheel_holds_every_extension_pxd_and_data_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for source in package_files():
        path = Path(source)
        if path.suffix == ".pyx":
            stem = str(path.with_suffix(""))
            assert any(n.startswith(stem + ".") and n.endswith(".so") for n in names), (
                f"no compiled module for {source}"
            )
        elif path.suffix in (".pxd", ".py") + DATA_SUFFIXES:
            assert source in names, f"{source} is missing from the wheel"
    # The web page ships whole (no build step: these files are the front-end) ...
    for source in package_files(("cli/serve/static/",)):
        assert source in names, f"{source} is missing from the wheel"
    # ... and nothing generated does: C, or Cython's annotation HTML.
    generated = [
        n for n in names if n.endswith(".c") or (n.endswith(".html") and "/static/" not in n)
    ]
    assert not generated, f"generated C or HTML shipped: {generated}"


def test_the_test_only_game_is_not_in_the_wheel_but_the_tests_find_it(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    shipped = [n for n in names if n.startswith(TEST_ONLY)]
    assert not shipped, f"the test-only game shipped: {shipped}"
    assert any(n.startswith("engine/games/tictactoe/state.") for n in names)
    from engine.games.randomtree import RandomTreeState

    assert Path(sys.modules[RandomTreeState.__module__].__file__).is_relative_to(ROOT)


def test_the_wheel_imports_from_outside_the_source_tree(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    probe = (
        "import engine, engine.state, engine.playout, search.mcts\n"
        "from plugins.manager import load_registry\n"
        "assert engine.__file__.startswith(%r), engine.__file__\n"
        "r = load_registry(include_entry_points=False)\n"
        "assert not r.errors, r.errors\n"
        "for spec in r.games.values():\n"
        "    state = spec.new_state(seed=1)\n"
        "    assert state.legal_actions()\n"
        "print(sorted(r.games))\n" % str(site)
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 0, result.stderr
    assert "tictactoe" in result.stdout
