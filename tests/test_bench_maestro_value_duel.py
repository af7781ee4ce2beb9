"""bench/training/maestro_value_duel.py: the learned value against the hand-built heuristic or
against other weights, each deal played with the seats both ways."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.games.maestro import value

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.training.maestro_value_duel import main, play_deal  # noqa: E402


def test_a_deal_is_played_with_the_seats_both_ways_against_other_weights(maestro_value):
    # Against itself the weights see the same game from either seat: the two
    # games of one deal are one game, so the learned value scores 1 in total.
    learned_first, learned_second = play_deal((3, 5, None, value.load()))
    assert learned_first + learned_second == pytest.approx(1.0)
    assert value.current() is not None, "the shipped weights are back in use"


def test_the_duel_prints_its_score_over_both_seats(maestro_value, capsys):
    assert main(["--iterations", "5", "--deals", "2", "--seed", "9"]) == 0
    out = capsys.readouterr().out
    assert "against the hand-built heuristic, 5 iterations a decision, 4 games on 2 deals" in out


def test_weights_that_do_not_fit_are_refused_in_one_line(tmp_path, capsys):
    bad = tmp_path / "value.json"
    bad.write_text("{not json")
    with pytest.raises(SystemExit) as stop:
        main(["--iterations", "5", "--deals", "1", "--against", str(bad)])
    assert stop.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert "cannot read Maestro's value weights" in error
