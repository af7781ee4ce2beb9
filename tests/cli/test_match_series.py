"""Series (cli/series.py): games in a row whose scores add up to a target, through
selfplay and match."""

import json

import pytest
from click.testing import CliRunner

from cli.gameloop import Forfeit, GameRecord
from cli.main import main
from cli.series import finish_series, leaders_returns, series_seeds


def test_series_seeds_start_with_the_series_seed_and_do_not_repeat():
    seeds = series_seeds(42)
    first = [next(seeds) for _ in range(50)]
    assert first[0] == 42 and len(set(first)) == 50
    again = series_seeds(42)
    assert [next(again) for _ in range(50)] == first


def test_leaders_split_the_win():
    assert leaders_returns([120, 300, 80]) == [0.0, 1.0, 0.0]
    assert leaders_returns([310, 310, 0, 5]) == [0.5, 0.5, 0.0, 0.0]


def test_finish_series_sums_scores_and_ranks_by_total():
    games = [
        GameRecord(seed=1, scores=[90, 120], returns=[0.0, 1.0]),
        GameRecord(seed=2, scores=[130, 60], returns=[1.0, 0.0]),
    ]
    result = finish_series(games, 2, target=200)
    assert result.scores == [220, 180] and result.returns == [1.0, 0.0]
    assert result.forfeit is None and result.error is None
    single = finish_series(games[:1], 2, target=None)
    assert single.scores == [90, 120] and single.returns == [0.0, 1.0]


def test_a_forfeit_in_any_game_forfeits_the_series():
    games = [
        GameRecord(seed=1, scores=[150, 20], returns=[1.0, 0.0]),
        GameRecord(seed=2, scores=[10, 0], returns=[0.0, 1.0], forfeit=Forfeit(0, "raised")),
    ]
    result = finish_series(games, 2, target=200)
    assert result.returns == [0.0, 1.0] and result.forfeit.seat == 0


def test_a_series_cut_short_without_a_fault_is_an_error():
    result = finish_series([GameRecord(seed=1, scores=[5, 7], returns=[0.0, 1.0])], 2, target=200)
    assert result.error and result.returns == []


def test_selfplay_plays_a_series_to_the_target():
    run = CliRunner().invoke(
        main,
        [
            "selfplay",
            "pig",
            "--variant",
            "target10",
            "--seat",
            "greedy",
            "--seat",
            "random",
            "--seed",
            "4",
            "--series-target",
            "25",
        ],
    )
    assert run.exit_code == 0, run.output
    lines = run.output.splitlines()
    summaries = [line for line in lines if line.startswith("game ") and " totals=" in line]
    assert len(summaries) >= 2
    totals = [list(map(int, line.split("totals=")[1].split(","))) for line in summaries]
    assert max(totals[-1]) >= 25 and all(max(t) < 25 for t in totals[:-1])
    for before, after, line in zip(totals, totals[1:], summaries[1:], strict=False):
        scores = list(map(int, line.split(" scores=")[1].split(" ")[0].split(",")))
        assert [a + s for a, s in zip(before, scores, strict=False)] == after
    result = lines[-1]
    assert result == f"result scores={','.join(map(str, totals[-1]))} returns=" + ",".join(
        "1" if t == max(totals[-1]) else "0" for t in totals[-1]
    )


def test_a_match_of_series_records_every_game(tmp_path):
    run = CliRunner().invoke(
        main,
        [
            "match",
            "pig",
            "--variant",
            "target10",
            "--entrant",
            "g=greedy",
            "--entrant",
            "r=random",
            "--games",
            "2",
            "--seed",
            "9",
            "--series-target",
            "30",
            "--out",
            str(tmp_path),
        ],
    )
    assert run.exit_code == 0, run.output
    records = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert len(records) == 2
    for record in records:
        assert record["series_target"] == 30
        assert len(record["games"]) >= 2 and record["games"][0]["seed"] == record["seed"]
        totals = [sum(g["scores"][seat] for g in record["games"]) for seat in range(2)]
        assert record["scores"] == totals and max(totals) >= 30
        assert record["returns"] == pytest.approx(leaders_returns(totals))
    # the pair replays the same series of seeds with the seats swapped
    assert [g["seed"] for g in records[0]["games"][:2]] == [
        g["seed"] for g in records[1]["games"][:2]
    ]
