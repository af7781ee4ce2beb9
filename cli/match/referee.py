"""One game (or series) of a match in a worker process, watched decision by decision.

The parent side (`Referee`) keeps one long-lived worker process and sends it jobs;
the worker (`serve`) plays each job with the shared loop (cli/series.py over
cli/gameloop.py) and reports before every decision, so the parent knows who is
thinking and since when. A seat that has not answered within its limit (its
movetime plus a margin, or a fixed limit for iteration budgets) forfeits: the worker
is killed and a fresh one plays the next game. A worker that dies while a seat is
thinking (say, a crash in compiled code) forfeits that seat's game the same way.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from dataclasses import dataclass
from typing import Callable, Optional

from cli.gameloop import Forfeit, GameRecord, forfeit_returns
from cli.match.records import match_record
from cli.match.schedule import Task
from cli.series import finish_series, play_series
from cli.specs import parse_seat_spec
from engine.errors import CadenzaError

# How long a worker may go without a message when no seat is deciding: starting up
# (imports, the plugin registry) and dealing are quick; this only catches a stuck one.
IDLE_LIMIT_S = 120.0
# Imported once by the fork server, so that a new worker (after a kill) starts at once.
PRELOAD = [
    "cli.match.referee",
    "cli.series",
    "plugins.manager",
    "plugins.builtin_games",
    "plugins.builtin_searchers",
]
# How often a waiting referee checks whether the match was stopped.
STOP_POLL_S = 0.25


@dataclass(frozen=True)
class GameJob:
    """What a worker needs to play one task: the game, the seat specs (as text) and
    the seconds each seat may think per decision, margin included."""

    task: Task
    game: str
    variant: str
    players: int
    specs: tuple[str, ...]
    limits: tuple[float, ...]
    series_target: Optional[float] = None
    max_actions: int = 100_000


def _context():
    # A fork server: workers start from a clean process with the engine imported
    # once, not from a fork of a parent that may be running threads (the progress
    # bar, Ray).
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(PRELOAD)
    return ctx


def serve(conn, registry_factory: Callable) -> None:
    """The worker's loop: play each job received, reporting as it goes, until None."""
    # Ctrl-C reaches the whole process group: the parent stops the match and ends
    # the workers itself, so that no game is cut short into a bogus forfeit.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _exit_when_orphaned()
    registry = registry_factory()
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:
            return
        try:
            conn.send(("result", play_job(registry, job, conn.send)))
        except Exception as exc:  # a bug in a game or in the plumbing: no result
            conn.send(("failed", f"{type(exc).__name__}: {exc}"))


def _exit_when_orphaned(period_s: float = 1.0) -> None:
    """End this worker soon after its parent dies (killed, say), even in the middle
    of a search that would never return, instead of leaving it running."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(period_s)
        os._exit(1)

    threading.Thread(target=watch, daemon=True, name="cadenza-orphan-watch").start()


def play_job(registry, job: GameJob, send: Callable[[tuple], None]):
    """Play the job's series, sending ("begin", number, seed), ("turn", seat, setup,
    new moves, scores) before each decision and ("game", record) after each game."""
    game = registry.game(job.game)
    specs = [parse_seat_spec(text) for text in job.specs]
    sent = [0]

    def begin(number: int, seed: int) -> None:
        sent[0] = 0
        send(("begin", number, seed))

    def turn(state, record: GameRecord) -> None:
        setup = record.setup if sent[0] == 0 else None
        send(("turn", state.current_player(), setup, record.moves[sent[0] :], state.scores()))
        sent[0] = len(record.moves)

    return play_series(
        registry,
        game,
        job.players,
        job.variant,
        job.task.seed,
        specs,
        job.series_target,
        job.max_actions,
        on_begin=begin,
        on_turn=turn,
        on_game=lambda number, record, totals: send(("game", record)),
    )


class WorkerError(CadenzaError, RuntimeError):
    """A worker process that cannot start (its plugins fail to import, say): no game
    can be played, so the match stops rather than record every game as failed."""


class Referee:
    """The parent side: one worker process at a time, restarted after a kill."""

    def __init__(self, registry_factory: Callable, stop: Optional[threading.Event] = None):
        self.registry_factory = registry_factory
        self.stop = stop or threading.Event()
        self._process = None
        self._conn = None
        self._heard = False  # whether the current worker has ever answered

    def _start(self) -> None:
        ctx = _context()
        parent, child = ctx.Pipe()
        self._process = ctx.Process(
            target=serve, args=(child, self.registry_factory), daemon=True, name="cadenza-referee"
        )
        self._process.start()
        child.close()
        self._conn = parent
        self._heard = False

    def kill(self) -> Optional[int]:
        """End the worker at once; its exit code."""
        if self._process is None:
            return None
        process, self._process = self._process, None
        if process.is_alive():
            process.kill()
        process.join()
        self._conn.close()
        return process.exitcode

    def close(self) -> None:
        """Let the worker finish cleanly (kill it if it does not)."""
        if self._process is not None:
            try:
                self._conn.send(None)
            except OSError:
                pass
            self._process.join(timeout=5)
            self.kill()

    def play(self, job: GameJob) -> Optional[dict]:
        """The record of the job, or None if the match was stopped meanwhile."""
        started = time.perf_counter()
        if self._process is None:
            self._start()
        try:
            self._conn.send(job)
        except OSError:  # the worker died between games: start another
            self.kill()
            self._start()
            self._conn.send(job)
        watch = _Watch(job)
        while True:
            now = time.perf_counter()
            if self.stop.is_set():
                self.kill()
                return None
            if now >= watch.deadline:
                heard = self._heard
                code = self.kill()
                self._check_started(heard, code)
                return watch.hung(time.perf_counter() - started)
            if not self._conn.poll(min(STOP_POLL_S, watch.deadline - now)):
                continue
            try:
                message = self._conn.recv()
            except (EOFError, OSError):
                heard = self._heard
                code = self.kill()
                self._check_started(heard, code)
                return watch.died(code, time.perf_counter() - started)
            self._heard = True
            record = watch.receive(message, time.perf_counter() - started)
            if record is not None:
                return record

    @staticmethod
    def _check_started(heard: bool, code: Optional[int]) -> None:
        if not heard:
            raise WorkerError(
                f"a worker process could not start (exit code {code}); see the messages above"
            )


class _Watch:
    """What the parent knows of a job in progress: the games finished, the one being
    played, the seat thinking and until when."""

    def __init__(self, job: GameJob):
        self.job = job
        self.games: list[GameRecord] = []
        self.current: Optional[GameRecord] = None
        self.seat: Optional[int] = None
        self.deadline = time.perf_counter() + IDLE_LIMIT_S

    def receive(self, message: tuple, seconds: float) -> Optional[dict]:
        kind = message[0]
        now = time.perf_counter()
        if kind == "begin":
            self.current, self.seat = GameRecord(seed=message[2]), None
            self.deadline = now + IDLE_LIMIT_S
        elif kind == "turn":
            seat, setup, moves, scores = message[1:]
            if setup is not None:
                self.current.setup = setup
            self.current.moves.extend(moves)
            self.current.scores = scores
            self.seat = seat
            self.deadline = now + self.job.limits[seat]
        elif kind == "game":
            self.games.append(message[1])
            self.current, self.seat = None, None
            self.deadline = now + IDLE_LIMIT_S
        elif kind == "result":
            return match_record(self.job, message[1], seconds)
        elif kind == "failed":
            return self._ended(None, message[1], seconds)
        return None

    def hung(self, seconds: float) -> dict:
        if self.seat is None:
            return self._ended(
                None, f"the worker stopped responding for {IDLE_LIMIT_S:g} s", seconds
            )
        return self._ended(
            self.seat, f"no decision within {self.job.limits[self.seat]:g} s", seconds
        )

    def died(self, code: Optional[int], seconds: float) -> dict:
        reason = f"the worker process died (exit code {code})"
        return self._ended(
            self.seat, reason + (" while it was deciding" if self.seat is not None else ""), seconds
        )

    def _ended(self, seat: Optional[int], reason: str, seconds: float) -> dict:
        """The record of a job cut short: a forfeit of `seat`, or an error if no seat
        was deciding."""
        current = self.current or GameRecord(seed=self.job.task.seed)
        if seat is None:
            current.error = reason
        else:
            current.returns = forfeit_returns(self.job.players, seat)
            current.forfeit = Forfeit(seat, reason)
        series = finish_series(self.games + [current], self.job.players, self.job.series_target)
        return match_record(self.job, series, seconds)
