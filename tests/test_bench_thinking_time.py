"""bench/thinking_time.py: a chain of matches between adjacent thinking times, stored
per game, resumed, chained into Elo over the shortest time, tabled and plotted."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.thinking_time import CHAIN_FILE, PLOT_FILE, gap_seed, main  # noqa: E402

TIMES = "0.005,0.01,0.02"


def games_in(directory: Path) -> int:
    return len((directory / "games.jsonl").read_text().splitlines())


def test_a_chain_is_played_stored_and_tabled(tmp_path, capsys):
    main(["--game", "tictactoe", "--times", TIMES, "--games", "2", "--out", str(tmp_path)])
    folders = sorted(p.name for p in (tmp_path / "tictactoe").iterdir())
    assert folders == ["0.01s-vs-0.005s", "0.02s-vs-0.01s"]
    assert [games_in(tmp_path / "tictactoe" / f) for f in folders] == [2, 2]
    chain = json.loads((tmp_path / CHAIN_FILE).read_text())
    rows = chain["tictactoe"]
    assert [row["seconds"] for row in rows] == [0.005, 0.01, 0.02]
    assert rows[0]["elo"] == 0.0 and [row["games"] for row in rows[1:]] == [2, 2]
    assert (tmp_path / PLOT_FILE).stat().st_size > 0
    printed = capsys.readouterr().out
    assert "| tictactoe | 0.01 |" in printed and "2 of 2" in printed
    # The same command again finds every match played: nothing more is played.
    main(["--game", "tictactoe", "--times", TIMES, "--games", "2", "--out", str(tmp_path)])
    assert [games_in(tmp_path / "tictactoe" / f) for f in folders] == [2, 2]


def test_a_step_added_at_the_top_plays_its_own_games_and_leaves_the_rest(tmp_path, capsys):
    main(["--game", "tictactoe", "--times", "0.005,0.01", "--games", "4", "--out", str(tmp_path)])
    main(["--game", "tictactoe", "--times", TIMES, "--games", "2", "--out", str(tmp_path)])
    assert "0.01s against 0.005s, 4 games (started with 4" in capsys.readouterr().out
    folders = ["0.01s-vs-0.005s", "0.02s-vs-0.01s"]
    assert [games_in(tmp_path / "tictactoe" / f) for f in folders] == [4, 2]
    rows = json.loads((tmp_path / CHAIN_FILE).read_text())["tictactoe"]
    assert [(row["games"], row.get("target")) for row in rows[1:]] == [(4, 4), (2, 2)]


def test_a_steps_seed_follows_its_lower_time_whatever_times_it_runs_under():
    assert gap_seed(3000, (0.1, 0.3, 1.0, 3.0, 10.0), 3) == 3003
    assert gap_seed(3000, (3.0, 10.0), 0) == 3003
    assert gap_seed(3000, (1.0, 3.0), 0) == 3002
    assert gap_seed(7, (0.005, 0.01, 0.02), 1) == 8  # times off the standard list: their place


@pytest.mark.parametrize("times", ["0.3,0.1", "0.1", "0,0.1", "0.1,0.1"])
def test_times_that_do_not_rise_are_refused(tmp_path, times):
    with pytest.raises(SystemExit):
        main(["--game", "tictactoe", "--times", times, "--out", str(tmp_path)])
    assert not any(tmp_path.iterdir())
