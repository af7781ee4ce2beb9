"""bench/analysis/pool_matches.py: runs of the same two entrants on other deals read as one
match, each run's pairs kept whole."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cli.match.store import CONFIG_FILE, GamesFile

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.analysis.pool_matches import PoolError, describe, main, pooled  # noqa: E402


def write_run(directory: Path, hero_results: list[float], entrants=("mcts=mcts", "os=greedy")):
    """A run of pairs: game 2k seats the hero first, 2k+1 second, both in block k."""
    directory.mkdir()
    (directory / CONFIG_FILE).write_text(json.dumps({"entrants": list(entrants)}))
    games = GamesFile(directory)
    for index, mine in enumerate(hero_results):
        seats = ["mcts", "os"] if index % 2 == 0 else ["os", "mcts"]
        returns = [mine, 1.0 - mine] if index % 2 == 0 else [1.0 - mine, mine]
        games.append(
            {"index": index, "block": index // 2, "seed": index, "seats": seats, "returns": returns}
        )
    games.close()
    return directory


def test_two_runs_pool_into_one_match_of_their_pairs(tmp_path):
    a = write_run(tmp_path / "a", [1, 1, 0, 1])  # pairs 1.0 and 0.5
    b = write_run(tmp_path / "b", [1, 0, 0, 0, 1, 1])  # pairs 0.5, 0.0, 1.0
    h2h = pooled([a, b])
    assert (h2h["games"], h2h["points"], h2h["samples"]) == (10, 6.0, 5)
    assert h2h["sample_score"] == pytest.approx(0.6)
    assert h2h["pentanomial"] == [1, 0, 2, 0, 2]  # a pair of 0, two of 1, two of 2
    text = describe(h2h, 2)
    assert text.startswith("mcts vs os, 10 games from 2 runs: score 0.600 [")
    assert text.endswith("from 5 blocks")


def test_runs_of_other_entrants_are_refused_in_one_line(tmp_path, capsys):
    a = write_run(tmp_path / "a", [1, 0])
    b = write_run(tmp_path / "b", [1, 0], entrants=("mcts=mcts:c=2", "os=greedy"))
    with pytest.raises(PoolError, match="has other entrants: mcts=mcts:c=2, os=greedy$"):
        pooled([a, b])
    assert main([str(a), str(tmp_path / "missing")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1
