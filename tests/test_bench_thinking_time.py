"""bench/thinking_time.py: a chain of matches between adjacent thinking times, stored
per game, resumed, chained into Elo over the shortest time, tabled and plotted."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from thinking_time import CHAIN_FILE, PLOT_FILE, main  # noqa: E402

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


@pytest.mark.parametrize("times", ["0.3,0.1", "0.1", "0,0.1", "0.1,0.1"])
def test_times_that_do_not_rise_are_refused(tmp_path, times):
    with pytest.raises(SystemExit):
        main(["--game", "tictactoe", "--times", times, "--out", str(tmp_path)])
    assert not any(tmp_path.iterdir())
