"""bench/analysis/strength_table.py: every stored match as a row of the README's table, named
by its folder, so two matches of the same entrants can be told apart."""

from __future__ import annotations

import sys
from pathlib import Path

from click.testing import CliRunner

from cli.main import main as cadenza

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.analysis.strength_table import main  # noqa: E402


def play(out: Path, seed: int) -> Path:
    args = ["match", "tictactoe", "--entrant", "a=random", "--entrant", "b=greedy"]
    result = CliRunner().invoke(
        cadenza, [*args, "--games", "4", "--seed", str(seed), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    return out


def test_matches_of_the_same_entrants_are_rows_named_by_their_folders(tmp_path, capsys):
    first, second = play(tmp_path / "run-one", 1), play(tmp_path / "run-two", 2)
    assert main([str(first), str(second)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split(" | ")[-1] == "folder |" and lines[1].count("|") == 8
    for line, name in zip(lines[2:], ["run-one", "run-two"], strict=True):
        cells = line.split(" | ")
        assert cells[0] == "| tictactoe" and cells[2] == "a (random) vs b (greedy)"
        assert cells[3] == "4 / 4" and cells[-1] == f"`{name}` |"


def test_a_folder_that_holds_no_match_is_one_clear_error(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    assert main([str(tmp_path / "empty")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
