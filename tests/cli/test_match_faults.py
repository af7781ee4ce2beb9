"""Faults in a match: an entrant that raises, proposes an illegal action, hangs past
its time, or takes its worker process down forfeits that game (recorded with the
reason) and the match goes on.

The faulty searchers are registered by this module as a throwaway plugin; worker
processes import it by name to build the same registry (`faulty_registry`).
"""

import json
import os
import signal
import sys
import time

import pytest

# Worker processes import this module: it imports only what the plugin needs at the
# top, and the match machinery (rich, matplotlib) inside the tests.
from plugins.hookspecs import hookimpl
from plugins.manager import load_registry
from search.base import Decision, Searcher, SearcherSpec


class Crash(Searcher):
    def choose(self, state, seat, budget, rng):
        raise RuntimeError("boom")


class Cheat(Searcher):
    def choose(self, state, seat, budget, rng):
        return Decision(actions=[10_000], value=0.5)


class Stall(Searcher):
    def choose(self, state, seat, budget, rng):
        time.sleep(3600)


class Die(Searcher):
    def choose(self, state, seat, budget, rng):
        os.kill(os.getpid(), signal.SIGKILL)


@hookimpl
def cadenza_register_searchers(register):
    for name, cls in [("crash", Crash), ("cheat", Cheat), ("stall", Stall), ("die", Die)]:
        register(SearcherSpec(name, cls, {}, f"a searcher that fails ({name})"))


def faulty_registry():
    return load_registry(
        include_entry_points=False, extra_plugins=[("faulty-searchers", sys.modules[__name__])]
    )


REASONS = {
    "crash": "raised RuntimeError: boom",
    "cheat": "seat {seat} proposed an illegal action 10000",
    "stall": "no decision within 0.3 s",
    "die": "the worker process died (exit code {code}) while it was deciding",
}
# A SIGKILL'd worker reports -9, or 255 when the fork server could not hand its status
# over before the referee asked (multiprocessing's forkserver popen says 255 then).
DEATH_CODES = ("-9", "255")


def play(tmp_path, specs, games, workers=2):
    from cli.match.entrants import parse_entrant
    from cli.match.local_backend import LocalBackend
    from cli.match.runner import MatchConfig, run_match

    registry = faulty_registry()
    entrants = [parse_entrant(text, registry) for text in specs]
    config = MatchConfig(
        game="tictactoe", entrants=entrants, games=games, seed=8, time_margin_ms=200
    )
    return run_match(
        config, tmp_path, LocalBackend(workers, faulty_registry), registry_factory=faulty_registry
    )


def test_each_fault_forfeits_the_game_and_the_match_goes_on(tmp_path):
    specs = ["crash=crash", "cheat=cheat", "stall=stall:movetime=100", "die=die", "good=greedy"]
    start = time.perf_counter()
    outcome = play(tmp_path, specs, games=1)
    assert time.perf_counter() - start < 60
    records = outcome.records
    assert len(records) == 20, "every game of the round robin was played"
    for record in records:
        seats = record["seats"]
        # the first seat to move is a faulty one unless only "good" is first
        mover = 0 if seats[0] != "good" else 1
        forfeit = record["forfeit"]
        assert forfeit is not None, record
        assert forfeit["seat"] == mover and forfeit["entrant"] == seats[mover]
        assert forfeit["reason"] in {
            REASONS[seats[mover]].format(seat=mover, code=code) for code in DEATH_CODES
        }
        expected = [0.0, 1.0] if mover == 0 else [1.0, 0.0]
        assert record["returns"] == expected and record["error"] is None
        moves = record["games"][0]["moves"]
        assert len(moves) == mover, "the moves before the fault are kept"
    standings = {row["name"]: row for row in outcome.summary["standings"]}
    assert standings["good"]["forfeits"] == 0 and standings["good"]["mean_share"] == 1.0
    for name in ("crash", "cheat", "stall", "die"):
        # both games against good, and the 3 of 6 against the other faulty ones
        # in which it moves first
        assert standings[name]["forfeits"] == 5
    assert sum(row["forfeits"] for row in standings.values()) == 20


def test_a_stalled_worker_is_replaced_and_later_games_are_played_normally(tmp_path):
    outcome = play(tmp_path, ["stall=stall:movetime=100", "good=greedy"], games=4, workers=1)
    records = outcome.records
    assert len(records) == 4
    for record in records:
        seat = record["seats"].index("stall")
        assert record["forfeit"]["entrant"] == "stall"
        assert record["forfeit"]["reason"] == REASONS["stall"]
        if seat == 1:  # good moved first, normally, before stall hung
            assert [m["seat"] for m in record["games"][0]["moves"]] == [0]
    assert outcome.summary["head_to_head"]["score"] == 0.0


def test_selfplay_reports_a_forfeit_with_its_reason():
    from cli.selfplay import selfplay
    from cli.specs import SeatSpec

    lines = []
    result = selfplay(
        faulty_registry(),
        "tictactoe",
        None,
        [SeatSpec("greedy"), SeatSpec("cheat")],
        seed=1,
        echo=lines.append,
    )
    assert lines[-2] == "forfeit seat 1: seat 1 proposed an illegal action 10000"
    assert lines[-1] == "result scores=0,0 returns=1,0"
    assert result.returns == [1.0, 0.0] and result.actions == 1


def test_a_game_that_does_not_end_has_no_result_and_is_not_rated(tmp_path):
    from click.testing import CliRunner

    from cli.main import main

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
            "--max-actions",
            "3",
            "--out",
            str(tmp_path),
        ],
    )
    assert run.exit_code == 0, run.output
    records = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert len(records) == 4
    for record in records:
        assert record["error"] == "the game did not end within 3 actions"
        assert record["returns"] == [] and record["forfeit"] is None
        assert len(record["games"][0]["moves"]) == 3
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["errors"] == 4 and summary["head_to_head"]["games"] == 0
    assert "4 game(s) ended without a result" in run.output


def broken_registry():
    raise RuntimeError("a plugin exploded on import")


def test_workers_that_cannot_start_stop_the_match_instead_of_failing_every_game(tmp_path):
    from cli.match.entrants import parse_entrant
    from cli.match.local_backend import LocalBackend
    from cli.match.referee import WorkerError
    from cli.match.runner import MatchConfig, run_match

    registry = faulty_registry()
    config = MatchConfig(
        game="tictactoe",
        games=4,
        seed=1,
        entrants=[parse_entrant("a=greedy", registry), parse_entrant("b=random", registry)],
    )
    with pytest.raises(WorkerError, match="could not start"):
        run_match(
            config, tmp_path, LocalBackend(2, broken_registry), registry_factory=faulty_registry
        )
    assert (tmp_path / "games.jsonl").read_text() == "", "no game was recorded as played"
