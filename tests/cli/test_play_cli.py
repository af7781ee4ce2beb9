"""`cadenza play` as a process with piped input (the plain line input used when stdin
is not a terminal), and its one-line usage errors."""

import os
import subprocess
import tempfile

import pytest

from tmux_harness import CADENZA, ROOT


def cadenza_play(*args, input_text="", timeout=120, autosave_dir=None):
    """This tree's `cadenza play ARGS`, its autosaves in a folder of its own."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("COLUMNS", None)
    with tempfile.TemporaryDirectory() as scratch:
        env["CADENZA_AUTOSAVE_DIR"] = str(autosave_dir or scratch)
        return subprocess.run(
            [*CADENZA, "play", *args],
            input=input_text,
            capture_output=True,
            text=True,
            timeout=timeout,
            env=env,
        )


def test_a_piped_session_is_a_readable_transcript():
    run = cadenza_play(
        "tictactoe", "--opponent", "random", "--seed", "4", input_text="b2\nfrobnicate\nhint 2\n"
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    # Each prompt is followed by the line read, then by what it did.
    assert "[1] tictactoe> b2" in lines
    assert lines[lines.index("[1] tictactoe> b2") + 1] == "you (seat 0): put an X on b2"
    error = lines[lines.index("[2] tictactoe> frobnicate") + 1]
    assert error == "! a tic-tac-toe move is a cell a1..c3, got 'frobnicate'"
    after_hint = lines[lines.index("[3] tictactoe> hint 2") + 1 :]
    assert [line.split(":")[0] for line in after_hint[:2]] == ["hint 1", "hint 2"]
    assert lines[-3] == "[4] tictactoe> ", "end of input leaves like quit"
    assert lines[-2].startswith("The game is autosaved in ") and lines[-1] == "Bye."


def test_the_default_opponent_is_named_in_the_header():
    run = cadenza_play("leduc", "--seed", "1", input_text="quit\n")
    assert run.returncode == 0, run.stderr
    assert "You are seat 0; seat 1: oos." in run.stdout.splitlines()


@pytest.mark.parametrize(
    "args, message",
    [
        (["nogame"], "unknown game: nogame"),
        (["tictactoe", "--seat", "2"], "your seat must be 0..1 in a 2-player game, got 2"),
        (["tictactoe", "--players", "3"], "tictactoe takes 2-2 players, got 3"),
        (["tictactoe", "--variant", "huge"], "tictactoe has no variant 'huge'"),
        (["tictactoe", "--opponent", "nobody"], "unknown searcher: nobody"),
        (["tictactoe", "--opponent", "mcts:frob=1"], "has no option frob"),
        (["leduc", "--opponent", "mcts"], "searcher mcts cannot play leduc"),
        (["leduc", "--hint", "mcts"], "searcher mcts cannot play leduc"),
        (
            ["tictactoe", "--opponent", "random", "--opponent", "greedy"],
            "give one --opponent for all seats or exactly 1, got 2",
        ),
        (["pig", "--table", "--opponent", "random"], "table mode has no AI seats"),
    ],
)
def test_usage_errors_are_one_line(args, message):
    run = cadenza_play(*args, input_text="quit\n")
    assert run.returncode == 2, run.stdout
    assert run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0], run.stderr


def test_luthier_is_drawn_for_the_seat_by_name():
    """A hidden-information game with its own drawing (render_for): the person's
    setup choices named and numbered as in the notation, the others' unseen."""
    run = cadenza_play("luthier", "--opponent", "random", "--seed", "3", input_text="family1\n")
    assert run.returncode == 0, run.stderr
    assert "family (keep one):" in run.stdout and "goals (keep two):" in run.stdout
    assert "[0] " in run.stdout.split("family (keep one):", 1)[1].splitlines()[1]
    assert "family: unseen, not chosen yet" in run.stdout
    assert "instr_deck" not in run.stdout, "no raw field dump"
