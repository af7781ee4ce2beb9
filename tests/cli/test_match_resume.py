"""A match killed in the middle and resumed: no finished game is lost or replayed,
and the final table is the one an uninterrupted run with the same seed prints."""

import json
import os
import shutil
import signal
import subprocess
import time

import pytest

from cli.match.records import without_timings
from cli.match.store import GamesFile, StoreError

GAMES = 16
ARGS = [
    "match",
    "pig",
    "--variant",
    "target50",
    "--entrant",
    "deep=mcts:iterations=6000",
    "--entrant",
    "shallow=mcts:iterations=2000",
    "--games",
    str(GAMES),
    "--seed",
    "21",
    "--workers",
    "2",
]


def cadenza_args(*args):
    exe = shutil.which("cadenza")
    assert exe, "the cadenza console script is not installed"
    return [exe, *args]


def lines_of(directory):
    path = directory / "games.jsonl"
    return path.read_bytes().splitlines(keepends=True) if path.exists() else []


def test_killed_and_resumed_equals_uninterrupted(tmp_path):
    interrupted, straight = tmp_path / "interrupted", tmp_path / "straight"
    proc = subprocess.Popen(
        cadenza_args(*ARGS, "--out", str(interrupted)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120
    while len(lines_of(interrupted)) < 3 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL, "killed mid-run, not finished"
    before = lines_of(interrupted)
    assert 3 <= len(before) < GAMES, len(before)
    finished = [json.loads(line) for line in before if line.endswith(b"\n")]

    resumed = subprocess.run(
        cadenza_args(*ARGS, "--out", str(interrupted), "--resume"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert resumed.returncode == 0, resumed.stderr
    after = [json.loads(line) for line in lines_of(interrupted)]
    assert sorted(r["index"] for r in after) == list(range(GAMES)), "each game exactly once"
    assert after[: len(finished)] == finished, "finished games are kept as they were, not replayed"

    uninterrupted = subprocess.run(
        cadenza_args(*ARGS, "--out", str(straight)), capture_output=True, text=True, timeout=300
    )
    assert uninterrupted.returncode == 0, uninterrupted.stderr
    assert resumed.stdout == uninterrupted.stdout, "the same final table"
    assert "deep vs shallow" in resumed.stdout
    assert json.loads((interrupted / "summary.json").read_text()) == json.loads(
        (straight / "summary.json").read_text()
    )

    def by_index(d):
        return sorted((json.loads(line) for line in lines_of(d)), key=lambda r: r["index"])

    assert without_timings(by_index(interrupted)) == without_timings(by_index(straight))


def test_a_torn_last_line_is_cut_off_and_a_bad_line_inside_is_an_error(tmp_path):
    games = GamesFile(tmp_path)
    games.append({"index": 0, "returns": [1.0, 0.0]})
    games.append({"index": 3, "returns": [0.5, 0.5]})
    games.close()
    good = games.path.read_bytes()
    with open(games.path, "ab") as f:
        f.write(b'{"index": 1, "retu')  # the run was killed while writing
    # A reader of a running match leaves the line being written alone.
    assert set(GamesFile(tmp_path).load(repair=False)) == {0, 3}
    assert games.path.read_bytes() == good + b'{"index": 1, "retu'
    assert set(GamesFile(tmp_path).load()) == {0, 3}
    assert games.path.read_bytes() == good, "the torn line is gone, so appending is safe"
    games.path.write_bytes(good.replace(b'{"index":3', b'{"index"#3'))
    with pytest.raises(StoreError, match="line 2 is not a game record"):
        GamesFile(tmp_path).load()
    games.path.write_bytes(good + b"not json\n")
    with pytest.raises(StoreError, match="line 3"):
        GamesFile(tmp_path).load()


def test_workers_do_not_outlive_a_killed_match(tmp_path):
    proc = subprocess.Popen(
        cadenza_args(*ARGS, "--out", str(tmp_path)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while not lines_of(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.02)
    children = _descendants(proc.pid)
    assert children, "the match runs its games in worker processes"
    proc.kill()
    proc.wait(timeout=30)
    deadline = time.monotonic() + 15
    while any(_alive(pid) for pid in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in children if _alive(pid)], "orphaned workers were left running"


def _descendants(pid):
    """Process ids below `pid` (from /proc: Linux)."""
    parents = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parents[int(entry)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    found, frontier = [], [pid]
    while frontier:
        parent = frontier.pop()
        for child, ppid in parents.items():
            if ppid == parent:
                found.append(child)
                frontier.append(child)
    return found


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
