"""`cadenza tournament GAME --config FILE.toml`: round robins on the match machinery."""

import json

import pytest
from click.testing import CliRunner

from cli.main import main


def cadenza(*args):
    """The command as a user runs it, in-process (click's runner) for speed."""
    return CliRunner().invoke(main, list(args))


CONFIG = """
rounds = 1
seed = 12
workers = 2

[entrants]
mcts = "mcts:iterations=300"
greedy = "greedy"
random = "random"
"""


def test_a_round_robin_of_three(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text(CONFIG)
    out = tmp_path / "out"
    run = CliRunner().invoke(
        main, ["tournament", "tictactoe", "--config", str(path), "--out", str(out)]
    )
    assert run.exit_code == 0, run.output
    records = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert len(records) == 6, "3 pairings, each with the seats both ways"
    pairings = sorted(tuple(r["seats"]) for r in records)
    assert pairings == sorted(
        [
            ("mcts", "greedy"),
            ("greedy", "mcts"),
            ("mcts", "random"),
            ("random", "mcts"),
            ("greedy", "random"),
            ("random", "greedy"),
        ]
    )
    summary = json.loads((out / "summary.json").read_text())
    assert summary["match"]["kind"] == "tournament" and summary["match"]["seed"] == 12
    names = [row["name"] for row in summary["openskill"]]
    assert sorted(names) == ["greedy", "mcts", "random"]
    assert names[-1] == "random"
    for a, row in summary["crosstable"].items():
        for b, cell in row.items():
            assert cell["games"] == 2
            assert cell["points"] + summary["crosstable"][b][a]["points"] == pytest.approx(2.0)
    assert "openskill (Plackett-Luce)" in run.output and "cross table" in run.output
    assert (out / "ratings.png").stat().st_size > 1000
    # resuming a finished tournament plays nothing and prints the same table
    again = CliRunner().invoke(
        main, ["tournament", "tictactoe", "--config", str(path), "--out", str(out), "--resume"]
    )
    assert again.exit_code == 0 and again.output == run.output


def test_rounds_multiply_the_blocks_and_games_can_be_given_instead(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text(CONFIG.replace("rounds = 1", 'rounds = 2\nout = "' + str(tmp_path / "o") + '"'))
    run = CliRunner().invoke(main, ["tournament", "tictactoe", "--config", str(path)])
    assert run.exit_code == 0, run.output
    assert len((tmp_path / "o" / "games.jsonl").read_text().splitlines()) == 12
    path.write_text(CONFIG.replace("rounds = 1", "games = 7"))
    run = CliRunner().invoke(
        main, ["tournament", "tictactoe", "--config", str(path), "--out", str(tmp_path / "g")]
    )
    assert run.exit_code == 0, run.output
    assert len((tmp_path / "g" / "games.jsonl").read_text().splitlines()) == 12, "whole blocks"


def test_all_orders_rounds_count_every_order(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text(
        "rounds = 1\nseed = 3\nplayers = 3\nall_orders = true\n[entrants]\n"
        'a = "greedy"\nb = "random"\nc = "random"\n'
    )
    run = cadenza("tournament", "taktvoll", "--config", str(path), "--out", str(tmp_path / "o"))
    assert run.exit_code == 0, run.stderr
    seats = [
        tuple(json.loads(line)["seats"])
        for line in (tmp_path / "o" / "games.jsonl").read_text().splitlines()
    ]
    assert len(seats) == len(set(seats)) == 6, "one round: the three entrants in all six orders"


@pytest.mark.parametrize(
    "text, message",
    [
        ("rounds = 1\n", "an [entrants] table"),
        ('rounds = 1\nbogus = 2\n[entrants]\na = "greedy"\nb = "random"\n', "unknown key bogus"),
        ('rounds = \'x\'\n[entrants]\na = "greedy"\nb = "random"\n', "rounds must be a int"),
        ('rounds = 0\n[entrants]\na = "greedy"\nb = "random"\n', "rounds must be at least 1"),
        ('rounds = 1\ngames = 2\n[entrants]\na = "greedy"\nb = "random"\n', "rounds or games"),
        ('[entrants]\na = 3\nb = "random"\n', "entrant a must be a string"),
        ('[entrants]\na = "nope"\nb = "random"\n', "t.toml: entrant a = 'nope': unknown searcher"),
        (
            '[entrants]\na = "mcts:frob=1"\nb = "random"\n',
            "t.toml: entrant a = 'mcts:frob=1': searcher mcts has no option frob "
            "(options: iterations, movetime, c,",
        ),
        ('[entrants]\na = "greedy"\n', "at least 2 entrants"),
        ('game = "pig"\n[entrants]\na = "greedy"\nb = "random"\n', "is for pig, not tictactoe"),
        ("[entrants\n", "not valid TOML"),
        ('all_orders = 1\n[entrants]\na = "greedy"\nb = "random"\n', "all_orders must be a bool"),
    ],
)
def test_bad_tournament_files_are_one_line_and_exit_2(tmp_path, text, message):
    path = tmp_path / "t.toml"
    path.write_text(text)
    run = cadenza("tournament", "tictactoe", "--config", str(path), "--out", str(tmp_path / "o"))
    assert run.exit_code == 2, run.stderr
    assert len(run.stderr.splitlines()) == 1 and message in run.stderr, run.stderr
    assert "GAME" not in run.stderr, "a bad file is reported against the file, not the game"


def test_an_output_directory_is_required(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text(CONFIG)
    run = cadenza("tournament", "tictactoe", "--config", str(path))
    assert run.exit_code == 2 and "give --out DIR" in run.stderr
