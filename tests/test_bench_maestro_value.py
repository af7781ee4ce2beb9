"""bench/maestro_value.py: Maestro's learned value fitted to game results, on the
positions of a real match replayed from its records."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from engine.games.maestro import value

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from compare_matches import replay_start  # noqa: E402
from maestro_value import deals, fit, initial, log_loss, main, predict, samples  # noqa: E402


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
