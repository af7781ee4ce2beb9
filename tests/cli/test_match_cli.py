"""`cadenza match`: the games it records, the table, the files, the progress, SPRT
and the errors a user gets."""

import io
import json
import re

import pytest
from click.testing import CliRunner
from rich.console import Console

from cli.main import main
from cli.match.progress import MatchProgress
from cli.match.records import without_timings
from plugins.manager import default_registry
from test_cli_commands import cadenza

RECORD_KEYS = {
    "index",
    "block",
    "seed",
    "game",
    "variant",
    "players",
    "seats",
    "specs",
    "series_target",
    "games",
    "scores",
    "returns",
    "forfeit",
    "error",
    "seconds",
}


def run_match(out, *args):
    return CliRunner().invoke(main, ["match", *args, "--out", str(out)])


def read_records(directory):
    lines = (directory / "games.jsonl").read_text().splitlines()
    return sorted((json.loads(line) for line in lines), key=lambda r: r["index"])


def replay(record):
    """Every game of a record played again from its notation: the same scores."""
    game = default_registry().game(record["game"])
    for played in record["games"]:
        state = game.new_state(record["players"], record["variant"], resolve_setup=False)
        for text in played["setup"]:
            assert state.is_setup()
            state.apply(state.str_to_action(text))
        assert not state.is_setup()
        for move in played["moves"]:
            for text in move["actions"]:
                if move["seat"] == "chance":
                    assert state.is_chance_node()
                else:
                    assert state.current_player() == move["seat"]
                state.apply(state.str_to_action(text))
        assert state.scores() == played["scores"]
        if record["forfeit"] is None and record["error"] is None:
            assert state.is_terminal()
            assert state.returns() == pytest.approx(played["returns"])


def test_a_two_entrant_match(tmp_path):
    run = run_match(
        tmp_path,
        "tictactoe",
        "--entrant",
        "mcts=mcts:iterations=20",
        "--entrant",
        "rnd=random",
        "--games",
        "7",
        "--seed",
        "5",
    )
    assert run.exit_code == 0, run.output
    records = read_records(tmp_path)
    assert [r["index"] for r in records] == list(range(8)), "7 games round up to 4 pairs"
    for record in records:
        assert set(record) == RECORD_KEYS
        assert record["game"] == "tictactoe" and record["players"] == 2
        assert sorted(record["seats"]) == ["mcts", "rnd"]
        # a spec that names no budget records the default one it played with
        assert record["specs"] == [
            "mcts:iterations=20" if s == "mcts" else "random" for s in record["seats"]
        ]
        assert sum(record["returns"]) == pytest.approx(1.0)
        assert record["forfeit"] is None and record["error"] is None
        assert all("ms" in m for g in record["games"] for m in g["moves"] if m["seat"] != "chance")
        replay(record)
    for first, second in zip(records[::2], records[1::2], strict=False):
        assert first["seed"] == second["seed"] and first["seats"] == second["seats"][::-1]
    # the table: the stronger searcher wins, Elo with an interval and the pentanomial
    assert "mcts vs rnd" in run.output
    assert re.search(r"Elo\s+│ \+\d+\.\d \+/- \d+\.\d  95% \[", run.output), run.output
    assert "pentanomial" in run.output and "W-D-L" in run.output
    assert "games/s" not in run.output, "no progress bar when not on a terminal"
    summary = json.loads((tmp_path / "summary.json").read_text())
    h2h = summary["head_to_head"]
    assert h2h["games"] == 8 and h2h["samples"] == 4 and h2h["paired"]
    assert h2h["score"] > 0.5 and sum(h2h["pentanomial"]) == 4
    assert summary["match"]["games"] == 8 and summary["match"]["seed"] == 5
    assert (tmp_path / "ratings.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("game, variant", [("pig", "target20"), ("leduc", None)])
def test_games_with_chance_and_a_deal_are_recorded_whole(tmp_path, game, variant):
    args = [game, "--entrant", "a=greedy", "--entrant", "b=random", "--games", "4", "--seed", "2"]
    run = run_match(tmp_path, *args, *(["--variant", variant] if variant else []))
    assert run.exit_code == 0, run.output
    records = read_records(tmp_path)
    assert len(records) == 4
    if game == "leduc":
        assert all(r["games"][0]["setup"] for r in records), "the deal is in the record"
    else:
        assert any(m["seat"] == "chance" for r in records for m in r["games"][0]["moves"])
    for record in records:
        replay(record)
    # a pair replays the same deal and dice with the seats swapped
    assert records[0]["games"][0]["setup"] == records[1]["games"][0]["setup"]


def test_same_seed_and_iterations_same_games_whatever_the_workers(tmp_path):
    args = [
        "pig",
        "--variant",
        "target20",
        "--entrant",
        "a=mcts:iterations=200",
        "--entrant",
        "b=expectimax:iterations=200",
        "--games",
        "6",
        "--seed",
        "77",
    ]
    one = run_match(tmp_path / "one", *args, "--workers", "1")
    two = run_match(tmp_path / "two", *args, "--workers", "2")
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert without_timings(read_records(tmp_path / "one")) == without_timings(
        read_records(tmp_path / "two")
    )
    assert json.loads((tmp_path / "one" / "summary.json").read_text()) == json.loads(
        (tmp_path / "two" / "summary.json").read_text()
    )
    other = run_match(tmp_path / "other", *args[:-1], "78")
    assert other.exit_code == 0, other.output
    assert without_timings(read_records(tmp_path / "other")) != without_timings(
        read_records(tmp_path / "one")
    )


def test_sprt_stops_the_match_when_it_decides(tmp_path):
    run = run_match(
        tmp_path,
        "tictactoe",
        "--entrant",
        "strong=mcts:iterations=400",
        "--entrant",
        "weak=random",
        "--games",
        "400",
        "--seed",
        "3",
        "--sprt",
        "0,50,0.05,0.05",
        "--workers",
        "2",
    )
    assert run.exit_code == 0, run.output
    summary = json.loads((tmp_path / "summary.json").read_text())
    sprt = summary["head_to_head"]["sprt"]
    assert sprt["decision"] == "H1" and sprt["llr"] >= sprt["upper"]
    assert sprt["test"] == "0,50,0.05,0.05"
    assert summary["games"] < 400, "stopped early"
    assert "H1 accepted" in run.output


def test_the_progress_bar_shows_rate_and_standings_on_a_terminal():
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=160)
    with MatchProgress(console, total=10, done=2, description="match tictactoe") as progress:
        progress.advance("a 2.5 - 0.5 b  Elo +191")
    text = out.getvalue()
    assert "3/10" in text and "games/s" in text and "a 2.5 - 0.5 b  Elo +191" in text
    quiet = io.StringIO()
    with MatchProgress(Console(file=quiet, force_terminal=False), 10, 0) as progress:
        progress.advance("x")
    assert quiet.getvalue() == ""


def test_a_directory_is_not_overwritten_and_resume_checks_the_settings(tmp_path):
    args = [
        "tictactoe",
        "--entrant",
        "a=greedy",
        "--entrant",
        "b=random",
        "--games",
        "2",
        "--seed",
        "1",
    ]
    assert run_match(tmp_path, *args).exit_code == 0
    again = run_match(tmp_path, *args)
    assert again.exit_code == 2 and "already holds a match: use --resume" in again.stderr
    other = run_match(tmp_path, *args[:-1], "2", "--resume")
    assert other.exit_code == 2 and "seed: 1 before, 2 now" in other.stderr
    assert len(other.stderr.splitlines()) == 1
    done = run_match(tmp_path, *args[:-2], "--resume")
    assert done.exit_code == 0, done.output  # the stored seed is reused; nothing left to play
    assert len(read_records(tmp_path)) == 2
    nothing = run_match(tmp_path / "new", *args, "--resume")
    assert nothing.exit_code == 2 and "nothing to resume" in nothing.stderr


def test_resume_with_more_games_goes_on_to_them_and_never_back(tmp_path):
    """A match's first games are dealt alike whatever its length: resumed with more
    --games it keeps the games played and plays on, to the same records as a match
    started that long; fewer --games is refused and changes nothing."""
    args = ["tictactoe", "--entrant", "a=mcts:iterations=20", "--entrant", "b=random"]
    args += ["--seed", "7"]
    assert run_match(tmp_path / "short", *args, "--games", "4").exit_code == 0
    first = read_records(tmp_path / "short")
    longer = run_match(tmp_path / "short", *args, "--games", "8", "--resume")
    assert longer.exit_code == 0, longer.output
    assert run_match(tmp_path / "long", *args, "--games", "8").exit_code == 0
    extended = read_records(tmp_path / "short")
    assert len(extended) == 8 and extended[:4] == first, "the first four are kept"
    assert without_timings(extended) == without_timings(read_records(tmp_path / "long"))
    assert json.loads((tmp_path / "short" / "match.json").read_text())["games"] == 8
    shorter = run_match(tmp_path / "short", *args, "--games", "6", "--resume")
    assert shorter.exit_code == 2 and "games: 8 before, 6 now" in shorter.stderr
    assert json.loads((tmp_path / "short" / "match.json").read_text())["games"] == 8
    games = tmp_path / "short" / "games.jsonl"
    games.write_text("not a record\n" + games.read_text())
    broken = run_match(tmp_path / "short", *args, "--games", "10", "--resume")
    assert broken.exit_code == 2 and "line 1 is not a game record" in broken.stderr
    assert json.loads((tmp_path / "short" / "match.json").read_text())["games"] == 8


def test_rounding_and_the_random_seed_are_noted_on_stderr(tmp_path):
    run = cadenza(
        "match",
        "tictactoe",
        "--entrant",
        "a=greedy",
        "--entrant",
        "b=random",
        "--games",
        "3",
        "--out",
        str(tmp_path),
    )
    assert run.returncode == 0, run.stderr
    assert "3 games rounded up to 4" in run.stderr
    seed = int(re.search(r"^seed (\d+)$", run.stderr, re.M).group(1))
    assert json.loads((tmp_path / "match.json").read_text())["seed"] == seed


@pytest.mark.parametrize(
    "args, message",
    [
        (["--entrant", "a=greedy"], "at least 2 entrants"),
        (["--entrant", "a=greedy", "--entrant", "a=random"], "entrant name a is given twice"),
        (["--entrant", "greedy", "--entrant", "b=random"], "NAME=SEARCHER"),
        (["--entrant", "a=nope", "--entrant", "b=random"], "unknown searcher: nope"),
        (["--entrant", "a=greedy:depth=2", "--entrant", "b=random"], "has no option depth"),
        (["--entrant", "a b=greedy", "--entrant", "b=random"], "letters, digits"),
        (
            [
                "--entrant",
                "a=greedy",
                "--entrant",
                "b=random",
                "--entrant",
                "c=random",
                "--sprt",
                "0,5,0.05,0.05",
            ],
            "exactly 2 entrants",
        ),
        (
            ["--entrant", "a=greedy", "--entrant", "b=random", "--sprt", "5,0,0.05,0.05"],
            "elo0 < elo1",
        ),
        (["--entrant", "a=greedy", "--entrant", "b=random", "--players", "3"], "2-2 players"),
        (["--entrant", "a=greedy", "--entrant", "b=random", "--backend", "nope"], "--backend"),
    ],
)
def test_bad_match_arguments_are_one_line_and_exit_2(tmp_path, args, message):
    run = CliRunner().invoke(main, ["match", "tictactoe", *args, "--out", str(tmp_path / "out")])
    assert run.exit_code == 2, run.output
    assert len(run.stderr.splitlines()) == 1 and run.stderr.startswith("Error: "), run.stderr
    assert message in run.stderr
    assert not (tmp_path / "out" / "games.jsonl").exists()


def test_a_searcher_that_cannot_play_the_game_is_refused(tmp_path):
    run = cadenza(
        "match", "leduc", "--entrant", "a=mcts", "--entrant", "b=random", "--out", str(tmp_path)
    )
    assert run.returncode == 2 and "searcher mcts cannot play leduc" in run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    unknown = CliRunner().invoke(
        main,
        [
            "match",
            "nogame",
            "--entrant",
            "a=greedy",
            "--entrant",
            "b=random",
            "--out",
            str(tmp_path),
        ],
    )
    assert unknown.exit_code == 2 and "unknown game: nogame" in unknown.stderr


@pytest.mark.parametrize("command, word", [("match", "--entrant"), ("tournament", "--config")])
def test_match_and_tournament_have_help(command, word):
    run = CliRunner().invoke(main, [command, "--help"])
    assert run.exit_code == 0 and run.output.startswith("Usage: ") and word in run.output
    assert "--resume" in run.output and "--backend" in run.output


def test_all_orders_plays_every_order_around_the_table_and_is_kept_for_resume(tmp_path):
    args = [
        "taktvoll",
        "--players",
        "3",
        "--entrant",
        "a=greedy",
        "--entrant",
        "b=random",
        "--entrant",
        "c=random",
        "--games",
        "6",
        "--seed",
        "4",
    ]
    run = run_match(tmp_path / "all", *args, "--all-orders")
    assert run.exit_code == 0, run.output
    records = read_records(tmp_path / "all")
    assert sorted(tuple(r["seats"]) for r in records) == sorted(
        [
            ("a", "b", "c"),
            ("a", "c", "b"),
            ("b", "a", "c"),
            ("b", "c", "a"),
            ("c", "a", "b"),
            ("c", "b", "a"),
        ]
    )
    assert len({r["seed"] for r in records}) == 1, "one block: one deal in six orders"
    assert json.loads((tmp_path / "all" / "match.json").read_text())["all_orders"] is True
    refused = run_match(tmp_path / "all", *args, "--resume")
    assert refused.exit_code == 2 and "all_orders: True before, None now" in refused.stderr

    rotated = run_match(tmp_path / "rot", *args)
    assert rotated.exit_code == 0, rotated.output
    assert len({tuple(r["seats"]) for r in read_records(tmp_path / "rot")}) == 3, "rotations only"
    assert "all_orders" not in json.loads((tmp_path / "rot" / "match.json").read_text()), (
        "folders from before the option resume unchanged"
    )
