"""The `cadenza` commands besides `engine`: selfplay, the listings, --help and the
one-line errors (exit code 2) a user gets for bad arguments."""

import dataclasses
import multiprocessing
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from cli.specs import OptionError, SeatSpec, parse_seat_spec
from conftest import GAME_NAMES
from plugins.manager import Registry, default_registry
from search.base import SearchError

RESULT = re.compile(r"^result scores=(\S+) returns=(\S+)$")


def cadenza(*args, timeout=120):
    """The installed console script, as a user runs it."""
    exe = shutil.which("cadenza")
    assert exe, "the cadenza console script is not installed"
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_selfplay_plays_a_game_to_its_result(game):
    run = CliRunner().invoke(main, ["selfplay", game, "--seat", "greedy", "--seed", "3"])
    assert run.exit_code == 0, run.output
    lines = run.output.splitlines()
    assert lines[0].startswith(f"game {game} players=") and lines[0].endswith(" seed=3")
    match = RESULT.match(lines[-1])
    assert match, lines[-1]
    returns = [float(r) for r in match.group(2).split(",")]
    assert sum(returns) == pytest.approx(1.0)
    moves = [line for line in lines if re.match(r"^(seat \d+|chance): \S", line)]
    assert moves, "the moves are printed"
    again = CliRunner().invoke(main, ["selfplay", game, "--seat", "greedy", "--seed", "3"])
    assert again.output == run.output, "the same seed plays the same game"


def test_selfplay_with_a_seat_each_through_the_console_script():
    run = cadenza(
        "selfplay", "tictactoe", "--seat", "greedy", "--seat", "random:iterations=5", "--seed", "2"
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[1:3] == ["seat 0 greedy", "seat 1 random:iterations=5"]
    assert RESULT.match(lines[-1])
    seat_lines = [line for line in lines if re.match(r"^seat \d: ", line)]
    assert [line[5] for line in seat_lines] == ["0", "1"] * (len(seat_lines) // 2) + ["0"] * (
        len(seat_lines) % 2
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["selfplay", "tictactoe", "--seat", "no-such-searcher"],
            "unknown searcher: no-such-searcher",
        ),
        (["selfplay", "tictactoe", "--seat", "greedy:bogus=1"], "has no option bogus"),
        (
            ["selfplay", "tictactoe", "--seat", "greedy:iterations=zero"],
            "iterations must be an integer",
        ),
        (
            ["selfplay", "tictactoe", "--seat", "greedy:iterations"],
            "expected seat option key=value",
        ),
        (["selfplay", "tictactoe", "--seat", ":x=1"], "a seat is searcher[:opt=v,...]"),
        (
            ["selfplay", "tictactoe", "--seat", "greedy", "--seat", "greedy", "--seat", "greedy"],
            "exactly 2",
        ),
        (["selfplay", "tictactoe", "--seat", "greedy", "--players", "3"], "2-2 players"),
        (["selfplay", "tictactoe", "--seat", "greedy", "--variant", "huge"], "no variant 'huge'"),
        (["selfplay", "no-such-game", "--seat", "greedy"], "unknown game: no-such-game"),
        (["selfplay", "tictactoe"], "Missing option '--seat'"),
        (["selfplay", "tictactoe", "--seat", "greedy", "--seed", "-1"], "--seed"),
        (["no-such-command"], "No such command"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(args, message):
    run = cadenza(*args)
    assert run.returncode == 2
    assert run.stdout == ""
    assert len(run.stderr.splitlines()) == 1, run.stderr
    assert run.stderr.startswith("Error: ") and message in run.stderr, run.stderr
    assert "Traceback" not in run.stderr


def test_games_and_searchers_list_everything_registered():
    registry = default_registry()
    games = cadenza("games")
    assert games.returncode == 0
    listed = [line.split(":")[0] for line in games.stdout.splitlines() if not line.startswith(" ")]
    assert listed == sorted(registry.games)
    for name, spec in registry.games.items():
        assert f"{name}: {spec.min_players}-{spec.max_players} players" in games.stdout
    searchers = cadenza("searchers")
    assert searchers.returncode == 0
    listed = [
        line.split(":")[0] for line in searchers.stdout.splitlines() if not line.startswith(" ")
    ]
    assert listed == sorted(registry.searchers)
    for spec in registry.searchers.values():
        for option in spec.options:
            assert f"{option}=" in searchers.stdout


@pytest.mark.parametrize("command", [[], ["engine"], ["games"], ["searchers"], ["selfplay"]])
def test_every_command_has_help(command):
    run = CliRunner().invoke(main, [*command, "--help"])
    assert run.exit_code == 0
    assert run.output.startswith("Usage: ")
    words = {"engine": "protocol", "games": "games", "searchers": "searchers", "selfplay": "--seat"}
    assert words.get(command[0] if command else "", "engine") in run.output


@pytest.mark.parametrize("command", [["engine"], ["selfplay"], ["play"], ["match"]])
def test_help_states_the_one_default_budget(command):
    # The protocol, play, selfplay and match share one default (cli/defaults.py).
    run = CliRunner().invoke(main, [*command, "--help"], terminal_width=200)
    assert run.exit_code == 0 and "movetime=1000" in " ".join(run.output.split())


@pytest.mark.parametrize("command", [["match"], ["selfplay"], ["play"]])
def test_every_help_example_that_goes_on_ends_its_line_with_a_backslash(command):
    # An example is a shell command: a line that continues on the next (indented
    # deeper) needs its line continuation, or the copied command stops there.
    run = CliRunner().invoke(main, [*command, "--help"], terminal_width=200)
    lines = run.output.splitlines()
    examples = [line for line in lines if line.strip().startswith("cadenza ")]
    assert examples, run.output
    for line in examples:  # a lost backslash in the docstring joins two lines
        assert "  " not in line.strip(), line
    for line, after in zip(lines, lines[1:], strict=False):
        indent = len(line) - len(line.lstrip())
        if line.strip().startswith("cadenza ") and len(after) - len(after.lstrip()) > indent:
            assert line.endswith(" \\"), line


def test_an_unknown_option_lists_every_accepted_option_the_budget_included():
    with pytest.raises(SearchError, match=r"no option frob \(options: iterations, movetime, c, "):
        parse_seat_spec("mcts:frob=1", default_registry())
    with pytest.raises(SearchError, match=r"\(options: iterations, movetime\)$"):
        parse_seat_spec("random:frob=1", default_registry())


def test_searchers_describes_every_option_once_next_to_its_default():
    run = CliRunner().invoke(main, ["searchers"])
    assert run.exit_code == 0
    lines = run.output.splitlines()
    for name, spec in default_registry().searchers.items():
        assert set(spec.option_help) == set(spec.options), name
        for option in spec.options:
            described = [
                line
                for line in lines
                if line.split()[:1]
                and line.split()[0].startswith(f"{option}=")
                and spec.option_help[option] in line
            ]
            assert described and spec.option_help[option].strip(), (name, option)
            assert "\n" not in spec.option_help[option]


def test_the_readme_calls_the_games_by_their_names():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "tic-tac-toe" not in readme.lower() and "`tictactoe`" in readme


def test_seat_spec_parser():
    spec = parse_seat_spec("greedy:iterations=50,movetime=20", default_registry())
    assert spec == SeatSpec("greedy", spec.budget, {})
    assert (spec.budget.iterations, spec.budget.movetime_ms) == (50, 20)
    assert str(spec) == "greedy:iterations=50,movetime=20"
    assert parse_seat_spec("anything:k=v,x=1=2").options == {"k": "v", "x": "1=2"}
    for bad in ["", ":", "greedy:=1", "greedy:a=1,,b=2", "greedy:a=1,a=2", "greedy:movetime=0"]:
        with pytest.raises((OptionError, ValueError)):
            parse_seat_spec(bad)


def _registry_whose_factories_fail():
    """The installed searchers, each with a factory that fails the test if called."""

    def never_built(**options):
        pytest.fail(f"a seat spec was checked by building its searcher with {options}")

    searchers = {
        name: dataclasses.replace(spec, factory=never_built)
        for name, spec in default_registry().searchers.items()
    }
    return Registry(searchers=searchers)


def test_checking_a_seat_spec_builds_nothing():
    """Building a searcher may start what it needs (a plugin's may start processes):
    checking a seat spec only reads the searcher's declared options."""
    # Pools that earlier tests in this process left running are not this test's.
    running = set(multiprocessing.active_children())
    spec = parse_seat_spec("ismcts:workers=2,c=0.5,iterations=10", _registry_whose_factories_fail())
    assert spec.options == {"workers": "2", "c": "0.5"}
    assert set(multiprocessing.active_children()) == running
    result = CliRunner().invoke(
        main, ["selfplay", "tictactoe", "--seat", "ismcts:workers=2", "--players", "0"]
    )
    assert result.exit_code == 2 and "--players" in result.output  # refused before any game
    assert set(multiprocessing.active_children()) == running


@pytest.mark.parametrize(
    "text, message",
    [
        ("ismcts:nope=1", "searcher ismcts has no option nope (options: iterations, movetime, c, "),
        ("ismcts:workers=two", "option workers=two is not a valid int"),
        ("random:c=1", "searcher random has no option c (options: iterations, movetime)"),
    ],
)
def test_a_seat_spec_with_a_bad_option_is_refused_without_building(text, message):
    with pytest.raises(SearchError, match=re.escape(message)):
        parse_seat_spec(text, _registry_whose_factories_fail())


def _registry_that_checks_but_never_builds():
    """The installed searchers, each a subclass that keeps its class's option check
    (check_options) but fails the test if it is built."""

    def never_built(self, **options):
        pytest.fail(f"a seat spec was checked by building its searcher with {options}")

    searchers = {
        name: dataclasses.replace(
            spec, factory=type("Unbuilt", (spec.factory,), {"__init__": never_built})
        )
        for name, spec in default_registry().searchers.items()
    }
    return Registry(searchers=searchers)


@pytest.mark.parametrize(
    "text, message",
    [
        ("mcts:c=-1", "c must be a number in [0, 1000000], got -1.0"),
        ("ismcts:workers=0", "workers must be an integer in 1..256, got 0"),
        ("pimc:k=0", "k must be an integer in 1..10000, got 0"),
        (
            "expectimax:depth=0",
            "expectimax option depth must be -1 (unlimited) or at least 1, got 0",
        ),
    ],
)
def test_a_value_out_of_range_is_refused_at_parsing_without_building(text, message):
    running = set(multiprocessing.active_children())
    with pytest.raises(SearchError, match=re.escape(message)):
        parse_seat_spec(text, _registry_that_checks_but_never_builds())
    assert set(multiprocessing.active_children()) == running


def test_a_match_with_an_out_of_range_option_stops_before_any_game():
    result = CliRunner().invoke(
        main,
        ["match", "tictactoe", "--entrant", "a=mcts:c=-1", "--entrant", "r=random", "--games", "2"],
    )
    assert result.exit_code == 2
    assert "c must be a number in [0, 1000000]" in result.output
