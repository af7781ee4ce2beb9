"""bench/analysis/peek_match.py: a match replayed with its first entrant searching the true
state, on the same deals, so that compare_matches can pair the two."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cli.match.schedule import build_schedule
from cli.match.store import CONFIG_FILE, GamesFile, StoreError
from engine.rng import Rng
from plugins.manager import default_registry
from search.base import Budget, Decision

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.analysis.peek_match import PeekingSearcher, run  # noqa: E402


def write_reference(
    directory: Path, games: int = 3, seed: int = 5, all_orders: bool = False
) -> Path:
    directory.mkdir()
    identity = {
        "format": 1,
        "kind": "match",
        "game": "taktvoll",
        "variant": "standard",
        "players": 3,
        "entrants": ["ismcts=ismcts:iterations=30", "greedy1=greedy", "greedy2=greedy"],
        "games": games,
        "seed": seed,
        "series_target": None,
        "max_actions": 100000,
    }
    if all_orders:
        identity["all_orders"] = True
    (directory / CONFIG_FILE).write_text(json.dumps(identity))
    return directory


class Recorder:
    """An inner searcher that notes the position it was asked to search."""

    def __init__(self):
        self.seen = None

    def choose(self, state, seat, budget, rng):
        self.seen = state
        return Decision([state.legal_actions()[0]], 0.5)


def test_the_peeking_searcher_searches_the_true_state_not_the_view():
    game = default_registry().game("taktvoll")
    truth = game.new_state(3, "standard", seed=11)
    while truth.is_chance_node() or truth.current_player() != 0:
        truth.apply(truth.legal_actions()[0])
    seat = truth.current_player()
    view = game.from_observation(truth.observation(seat), Rng(99))
    assert view.hash() != truth.hash()  # the view redealt the other hands
    inner = Recorder()
    peeker = PeekingSearcher(inner)
    peeker.watch(truth, None)
    peeker.choose(view, seat, Budget(iterations=1), Rng(1))
    assert inner.seen.hash() == truth.hash()


@pytest.mark.parametrize("games, all_orders", [(3, False), (6, True)])
def test_the_replay_plays_the_reference_schedule_with_the_hero_replaced(
    tmp_path, games, all_orders
):
    reference = write_reference(tmp_path / "ref", games, all_orders=all_orders)
    out = tmp_path / "peek"
    assert run(reference, out, "mcts:iterations=30", workers=1, resume=False) == games
    config = json.loads((out / CONFIG_FILE).read_text())
    assert config["entrants"] == [
        "mcts-peek=mcts:iterations=30",
        "greedy1=greedy",
        "greedy2=greedy",
    ]
    records = GamesFile(out).load()
    names = ["mcts-peek", "greedy1", "greedy2"]
    for task in build_schedule(names, 3, games, 5, all_orders):
        record = records[task.index]
        # The reference match deals game i from the same seed with the same seating.
        assert record["seed"] == task.seed and record["seats"] == list(task.seats)
        assert record["error"] is None and record["forfeit"] is None
        assert sum(record["returns"]) == pytest.approx(1.0)
    # Nothing is left to play on --resume, and a second run without it is refused.
    assert run(reference, out, "mcts:iterations=30", workers=1, resume=True) == 0
    with pytest.raises(StoreError):
        run(reference, out, "mcts:iterations=30", workers=1, resume=False)


def test_a_folder_that_is_not_a_match_is_refused(tmp_path):
    with pytest.raises(StoreError, match="not a match folder"):
        run(tmp_path, tmp_path / "out", "mcts:iterations=30", workers=1, resume=False)
