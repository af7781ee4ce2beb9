"""bench/training/maestro_value.py: Maestro's learned value fitted to game results, on the
positions of a real match replayed from its records."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest

from engine.games.maestro import value

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.analysis.compare_matches import replay_start  # noqa: E402
from bench.training.maestro_value import (  # noqa: E402
    deals,
    fit,
    initial,
    log_loss,
    main,
    predict,
    samples,
    td_returns,
)


def test_every_position_is_a_sample_and_the_fit_starts_as_the_hand_built_heuristic(
    maestro_match, maestro_hand_heuristic
):
    """With every position sampled, a game gives one sample per action played, and
    the net the fit starts from gives seat 0 the share the hand-built heuristic
    gives it there."""
    _, games = maestro_match
    x0, x1, target, game = samples(games, every=1)
    actions = [sum(len(m["actions"]) for m in g["games"][-1]["moves"]) for g in games]
    assert np.bincount(game).tolist() == actions
    assert target.tolist() == [
        g["returns"][0] for g, n in zip(games, actions, strict=True) for _ in range(n)
    ]
    played, state = replay_start(games[0])
    expected = []
    for text in [t for move in played["moves"] for t in move["actions"]]:
        expected.append(state.heuristic()[0])
        state.apply(state.str_to_action(text))
    start = initial(x0.shape[1], np.random.default_rng(0))
    assert predict(start, x0, x1)[: actions[0]] == pytest.approx(expected, abs=1e-9)


def test_the_fit_lowers_the_loss_it_minimises(maestro_match):
    _, games = maestro_match
    x0, x1, target, _ = samples(games, every=2, seed=1)
    before = log_loss(predict(initial(x0.shape[1], np.random.default_rng(0)), x0, x1), target)
    fitted = fit(x0, x1, target, epochs=20, batch=64, rate=1e-2, l2=0.0, seed=0)
    assert log_loss(predict(fitted, x0, x1), target) < before


def test_the_weights_written_are_ones_the_game_loads(maestro_match, tmp_path, capsys):
    folder, games = maestro_match
    out = tmp_path / "value.json"
    assert main([str(folder), "--every", "3", "--epochs", "2", "--out", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith(f"positions of {len(games)} games, " + lines[0].split(", ")[1])
    losses = [float(w.rstrip(",")) for w in lines[1].split()[-5::2]]
    assert lines[1].startswith("log loss on the games held out: constant")
    assert all(0.0 < x < 5.0 for x in losses)
    model = value.load(out)
    assert len(model["w1"]) == value.HIDDEN and len(model["lin"]) == value.INPUTS


def test_bad_arguments_are_refused_in_one_line(maestro_match, capsys):
    # (Folders of other games or seat counts are refused by the helper the two
    # fitting tools share: tests/test_bench_maestro_fit.py.)
    folder, _ = maestro_match
    for option in ("--every", "--epochs", "--batch"):
        with pytest.raises(SystemExit):
            main([str(folder), option, "0"])
        assert "--every, --epochs and --batch must be at least 1" in capsys.readouterr().err


def test_the_games_of_one_deal_are_held_out_together(maestro_match):
    """A match plays each deal twice, seats swapped (in self-play the same game twice):
    both games get one deal number, so none of a held-out game's twin is fitted on."""
    _, games = maestro_match
    numbers = deals(games).tolist()
    assert len(games) % 2 == 0 and len(set(numbers)) == len(games) // 2
    for first, second in zip(games[::2], games[1::2], strict=True):
        assert first["seed"] == second["seed"]
    assert numbers == [i // 2 for i in range(len(games))]


def test_td_returns_end_on_each_games_result_and_blend_back_from_it():
    """Two games of three and two samples: the last sample of each is its result; an
    earlier one is (1 - lam) * the next share + lam * the next target, so lam 1 gives
    the results and lam 0 the next share, never crossing from one game to another."""
    share = np.array([0.5, 0.6, 0.8, 0.3, 0.2])
    result = np.array([1.0, 1.0, 1.0, 0.0, 0.0])
    game = np.array([0, 0, 0, 1, 1])
    half = td_returns(share, result, game, 0.5)
    assert half[2] == 1.0 and half[4] == 0.0
    assert half[1] == pytest.approx(0.5 * 0.8 + 0.5 * 1.0)
    assert half[0] == pytest.approx(0.5 * 0.6 + 0.5 * half[1])
    assert half[3] == pytest.approx(0.5 * 0.2 + 0.5 * 0.0)
    assert td_returns(share, result, game, 1.0).tolist() == result.tolist()
    assert td_returns(share, result, game, 0.0).tolist() == [0.6, 0.8, 1.0, 0.2, 0.0]


def test_a_bootstrapped_fit_says_what_it_was_fitted_to(maestro_match, tmp_path, capsys):
    folder, _ = maestro_match
    out = tmp_path / "value.json"
    shipped = str(value.WEIGHTS_FILE)
    args = [str(folder), "--epochs", "1", "--bootstrap", shipped, "--lam", "0.9"]
    assert main([*args, "--out", str(out)]) == 0
    written = json.loads(out.read_text())
    assert written["fitted"]["targets"] == f"TD(0.9) returns under version {value.VERSION}"
    with pytest.raises(SystemExit):
        main([*args[:-1], "1.5"])
    assert "--lam must be from 0 to 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([str(folder), "--lam", "0.5"])
    assert "--lam needs --bootstrap" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text("{}")
    with pytest.raises(SystemExit):
        main([str(folder), "--bootstrap", str(tmp_path / "bad.json")])
    assert "cannot read Maestro's value weights" in capsys.readouterr().err
