"""`--backend ray`: the same games as Ray actors on a local Ray started here, and
records identical to the local backend's but for timings.

One test function, so that a parallel test run starts one local Ray, not one per
test worker.
"""

import json

import ray
from click.testing import CliRunner

from cli.main import main
from cli.match.entrants import parse_entrant
from cli.match.local_backend import LocalBackend
from cli.match.ray_backend import RayBackend
from cli.match.records import without_timings
from cli.match.runner import MatchConfig, run_match
from plugins.manager import default_registry

CASES = [
    ("pig", "target20", ["a=mcts:iterations=200", "b=expectimax:iterations=200"]),
    ("leduc", None, ["a=ismcts:iterations=200", "b=pimc:iterations=100"]),
]


def config(game, variant, specs, games, seed):
    registry = default_registry()
    return MatchConfig(
        game=game,
        variant=variant,
        games=games,
        seed=seed,
        entrants=[parse_entrant(text, registry) for text in specs],
    )


def check_same_games_as_local(tmp_path, game, variant, specs):
    on_ray = run_match(
        config(game, variant, specs, 6, 31), tmp_path / "ray", RayBackend(2, default_registry)
    )
    local = run_match(
        config(game, variant, specs, 6, 31), tmp_path / "local", LocalBackend(2, default_registry)
    )
    assert len(on_ray.records) == 6
    assert all(r["error"] is None and r["forfeit"] is None for r in on_ray.records)
    assert without_timings(on_ray.records) == without_timings(local.records)
    assert on_ray.summary == local.summary

    # the files have one format whichever backend wrote them
    def keys(d):
        return [sorted(json.loads(line)) for line in (d / "games.jsonl").read_text().splitlines()]

    assert keys(tmp_path / "ray") == keys(tmp_path / "local")


def test_ray_plays_the_same_games_as_local_processes(tmp_path):
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        for game, variant, specs in CASES:
            check_same_games_as_local(tmp_path / game, game, variant, specs)
        run = CliRunner().invoke(
            main,
            [
                "match",
                "tictactoe",
                "--entrant",
                "a=greedy",
                "--entrant",
                "b=random",
                "--games",
                "4",
                "--seed",
                "1",
                "--backend",
                "ray",
                "--workers",
                "2",
                "--out",
                str(tmp_path / "cli"),
            ],
        )
        assert run.exit_code == 0, run.output
        assert "a vs b" in run.output
        assert len((tmp_path / "cli" / "games.jsonl").read_text().splitlines()) == 4
        assert ray.is_initialized(), "a Ray the user started is left running"
    finally:
        ray.shutdown()
