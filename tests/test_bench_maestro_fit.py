"""bench/training/maestro_fit.py: the heuristic's weights fitted to game results, on the
positions of a real match replayed from its records."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from cli.main import main as cadenza
from engine.games.maestro.reference import MaestroReference

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.analysis.compare_matches import replay_start  # noqa: E402
from bench.training.maestro_fit import FITTED, fit, in_use, log_loss, main, samples, shares  # noqa: E402


def test_every_position_before_the_end_is_a_sample_valued_as_the_heuristic_values_it(
    maestro_match, maestro_hand_heuristic
):
    """With every position sampled, a game gives one sample per action played (each
    position an action was taken from), and the vectorised formula with the weights
    in use gives seat 0 the share the reference's hand-built heuristic gives it
    there."""
    _, games = maestro_match
    s = samples(games, every=1)
    actions = [sum(len(m["actions"]) for m in g["games"][-1]["moves"]) for g in games]
    assert np.bincount(s.game).tolist() == actions
    assert s.target.tolist() == [
        g["returns"][0] for g, n in zip(games, actions, strict=True) for _ in range(n)
    ]
    played, state = replay_start(games[0])
    expected = []
    for text in [t for move in played["moves"] for t in move["actions"]]:
        expected.append(MaestroReference.from_dict(state.to_dict()).heuristic()[0])
        state.apply(state.str_to_action(text))
    assert shares(in_use(), s)[: actions[0]] == pytest.approx(expected, abs=1e-9)


def test_the_fit_lowers_the_loss_it_minimises(maestro_match):
    _, games = maestro_match
    s = samples(games, every=2, seed=1)
    everything = np.ones(len(s.target), dtype=bool)
    fitted = fit(s, in_use(), everything)
    assert set(fitted) == set(FITTED)
    before = log_loss(shares(in_use(), s), s.target)
    assert log_loss(shares(fitted, s), s.target) < before


def test_the_report_names_every_weight_and_the_held_out_loss(maestro_match, capsys):
    folder, games = maestro_match
    assert main([str(folder), "--every", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{len(games)} games (")
    names = [line.split()[0] for line in lines[2:-2]]
    assert names == list(FITTED)
    held_out = lines[-2].split()
    assert held_out[:4] == ["log", "loss,", "games", "held"]
    assert all(0.0 < float(x) < 5.0 for x in held_out[-2:])


def test_a_folder_of_another_game_is_refused(tmp_path, capsys):
    out = tmp_path / "pig"
    args = ["match", "pig", "--entrant", "a=random", "--entrant", "b=random", "--games", "2"]
    assert CliRunner().invoke(cadenza, [*args, "--seed", "1", "--out", str(out)]).exit_code == 0
    with pytest.raises(SystemExit):
        main([str(out)])
    assert "the folders must hold finished Maestro games" in capsys.readouterr().err


def test_bad_arguments_are_refused_in_one_line(maestro_match, tmp_path, capsys):
    folder, _ = maestro_match
    three = tmp_path / "three"
    args = ["match", "maestro", "--players", "3", "--entrant", "a=random", "--entrant", "b=random"]
    args += ["--entrant", "c=random", "--games", "3", "--seed", "2", "--out", str(three)]
    assert CliRunner().invoke(cadenza, args).exit_code == 0
    for argv, message in (
        ([str(folder), "--every", "0"], "--every must be at least 1"),
        ([str(three)], "the folders must hold two-seat games: they hold games of more"),
    ):
        with pytest.raises(SystemExit):
            main(argv)
        assert message in capsys.readouterr().err
