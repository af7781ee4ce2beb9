"""bench/analysis/compare_matches.py: two heroes' matches against the same opponent, compared
game by game when they dealt alike."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner

from cli.main import main as cadenza
from cli.match.store import CONFIG_FILE, GamesFile

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.analysis.compare_matches import compare, deal_by_deal, main  # noqa: E402


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


def dealt(first_seed: int, returns: list[float]) -> list[tuple[int, float]]:
    """The hero's returns on deals numbered from `first_seed` on."""
    return [(first_seed + i, r) for i, r in enumerate(returns)]


def test_further_pairs_pool_their_differences_game_by_game(tmp_path):
    """Two seeds' runs of the same two heroes: 4 + 4 paired games, differences
    1, 0, 0, 0 and 1, 1, 0, -1: one interval over the 8, mean 2/8."""
    a1 = write_match(tmp_path / "a1", "mcts", [(s, 1.0) for s in range(4)])
    b1 = write_match(tmp_path / "b1", "pimc", dealt(0, [0, 1, 1, 1]))
    a2 = write_match(tmp_path / "a2", "mcts", dealt(10, [1, 1, 0, 0]))
    b2 = write_match(tmp_path / "b2", "pimc", dealt(10, [0, 0, 0, 1]))
    text = compare(a1, b1, ((a2, b2),))
    assert text.startswith("mcts minus pimc: +0.250 [")
    assert "paired over the 8 games both played on the same deals, 2 pairs of runs pooled" in text
    assert compare(a1, b1) != compare(a1, b1, ((a2, b2),))


def test_pairs_that_did_not_deal_alike_are_not_pooled(tmp_path, capsys):
    a1 = write_match(tmp_path / "a1", "mcts", [(s, 1.0) for s in range(4)])
    b1 = write_match(tmp_path / "b1", "pimc", [(s, 0.0) for s in range(4)])
    b2 = write_match(tmp_path / "b2", "pimc", [(s + 50, 0.0) for s in range(4)])
    assert main([str(a1), str(b1), str(a1), str(b2)]) == 2
    err = capsys.readouterr().err
    assert err == f"error: {a1} and {b2} did not deal alike: they cannot be pooled\n"


def test_an_odd_folder_out_is_refused_in_one_line(tmp_path, capsys):
    a1 = write_match(tmp_path / "a1", "mcts", [(0, 1.0)])
    try:
        main([str(a1), str(a1), str(a1)])
    except SystemExit as exc:
        assert exc.code == 2
    else:
        raise AssertionError("three folders were accepted")
    assert (
        capsys.readouterr()
        .err.splitlines()[-1]
        .endswith("error: further folders come in pairs: FIRST SECOND")
    )


def test_a_folder_without_a_match_is_a_one_line_error(tmp_path, capsys):
    a = write_match(tmp_path / "a", "mcts", [(0, 1.0)])
    assert main([str(a), str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err == f"error: {tmp_path} is not a match folder: it has no {CONFIG_FILE}\n"


def real_match(out: Path, hero: str) -> Path:
    """Six Maestro games of `hero` against random on seed 5 (fast: no search)."""
    args = ["match", "maestro", "--entrant", f"{hero}={hero}", "--entrant", "rnd=random"]
    result = CliRunner().invoke(cadenza, [*args, "--games", "6", "--seed", "5", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_deal_by_deal_names_how_each_lost_game_ended(tmp_path):
    """Two runs of the same entrants on one seed play the same games: every loss of
    the first is a loss of the second, by the same ending (one of the two ends of
    shared/rules/maestro-1989.md 7), and the margin does not move."""
    first = real_match(tmp_path / "a", "random")
    second = real_match(tmp_path / "b", "random")
    lines = deal_by_deal(first, second).splitlines()
    records = GamesFile(first).load(repair=False).values()
    lost = sum(r["returns"][r["seats"].index("random")] == 0.0 for r in records)
    assert lost > 0
    assert f"losses over 6 paired deals: {lost} -> {lost} (0 new: {{}})" in lines
    per_end = [line for line in lines if line.startswith("first run's losses ending ")]
    assert sum(int(line.split(": ")[1].split(";")[0]) for line in per_end) == lost
    assert all(line.endswith("not lost in the second run: 0") for line in per_end)
    assert all(
        line.split("ending ")[1].split(" (")[0] in ("applause", "full_agency") for line in per_end
    )
    assert lines[-1] == "point margin, second minus first: +0.0 [+0.0, +0.0] (paired, 95%)"
