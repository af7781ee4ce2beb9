"""bench/compare_matches.py: two heroes' matches against the same opponent, compared
game by game when they dealt alike."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cli.match.store import CONFIG_FILE, GamesFile

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from compare_matches import compare, main  # noqa: E402


def write_match(directory: Path, hero: str, results: list[tuple[int, float]]) -> Path:
    """A match folder whose hero sits first in even games and second in odd ones."""
    directory.mkdir()
    (directory / CONFIG_FILE).write_text(
        json.dumps({"entrants": [f"{hero}={hero}", "greedy=greedy"]})
    )
    games = GamesFile(directory)
    for index, (seed, mine) in enumerate(results):
        seats = [hero, "greedy"] if index % 2 == 0 else ["greedy", hero]
        returns = [mine, 1.0 - mine] if index % 2 == 0 else [1.0 - mine, mine]
        games.append({"index": index, "seed": seed, "seats": seats, "returns": returns})
    games.close()
    return directory


def test_the_same_deals_are_compared_game_by_game(tmp_path):
    a = write_match(
        tmp_path / "a",
        "mcts",
        [(s, r) for s, r in zip(range(8), [1, 1, 0, 1, 1, 1, 0.5, 1], strict=True)],
    )
    b = write_match(
        tmp_path / "b",
        "expectimax",
        [(s, r) for s, r in zip(range(8), [1, 0, 0, 1, 0, 1, 0.5, 0], strict=True)],
    )
    text = compare(a, b)
    # Differences 0, 1, 0, 0, 1, 0, 0, 1: mean 3/8.
    assert text.startswith("mcts minus expectimax: +0.375 [")
    assert "paired over the 8 games" in text


def test_different_deals_fall_back_to_an_unpaired_interval(tmp_path):
    a = write_match(tmp_path / "a", "mcts", [(s, 1.0) for s in range(6)])
    b = write_match(tmp_path / "b", "pimc", [(s + 100, 0.0) for s in range(6)])
    text = compare(a, b)
    assert "unpaired (6 and 6 games" in text
    assert text.endswith("mcts is stronger")


def test_no_difference_is_claimed_without_evidence(tmp_path):
    a = write_match(tmp_path / "a", "x", [(s, 1.0 if s % 2 else 0.0) for s in range(10)])
    b = write_match(tmp_path / "b", "y", [(s, 0.0 if s % 2 else 1.0) for s in range(10)])
    assert compare(a, b).endswith("no difference shown at 95%")


def test_a_folder_without_a_match_is_a_one_line_error(tmp_path, capsys):
    a = write_match(tmp_path / "a", "mcts", [(0, 1.0)])
    assert main([str(a), str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err == f"error: {tmp_path} is not a match folder: it has no {CONFIG_FILE}\n"
