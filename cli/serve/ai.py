"""AI decisions and hints for `cadenza serve`, searched in a process pool so that no
search holds up the event loop or another game.

The pool's processes are started with 'spawn' (a fork of a server with threads and
sockets open is unsafe). A job gets the game's name, the position's JSON and a seat
spec; each process keeps its registry and built searchers between jobs. The search
itself goes through search.base.decide (cli/play/hints.py for hints), so it sees only
the mover's observation.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from cli.serve import lifeline

_registry = None
_searchers: dict = {}
# Set in each pool process by _init_worker (cli/serve/searches.py explains them).
_progress_queue = None
_stop_marks = None
# A search in the pool reports its progress at most this often (seconds).
PROGRESS_EVERY = 0.2


def _init_worker(progress_queue, stop_marks, server_pid: int) -> None:
    global _progress_queue, _stop_marks
    _progress_queue, _stop_marks = progress_queue, stop_marks
    lifeline.hold(server_pid)


class _Ticket:
    """A pool job's stop request (search/stopping.py): set once the server has
    marked the job's slot with another job id (the search was cancelled)."""

    def __init__(self, slot: int, job_id: int):
        self.slot, self.job_id = slot, job_id

    def is_set(self) -> bool:
        return _stop_marks is not None and _stop_marks[self.slot] != self.job_id


def _reporting(ticket):
    """The progress and stop contexts of a job run under `ticket` (slot, job id)."""
    from contextlib import ExitStack

    from search import progress, stopping

    stack = ExitStack()
    if ticket is None or _progress_queue is None:
        return stack
    slot, job_id = ticket
    stack.enter_context(stopping.stoppable(_Ticket(slot, job_id)))
    stack.enter_context(
        progress.listening(lambda report: _progress_queue.put((job_id, report)), PROGRESS_EVERY)
    )
    return stack


def _setup(game_name: str, spec_text: str):
    global _registry
    from cli.gameloop import build_searcher
    from cli.specs import parse_seat_spec
    from plugins.manager import default_registry

    if _registry is None:
        _registry = default_registry()
    game = _registry.game(game_name)
    spec = parse_seat_spec(spec_text, _registry)
    key = (game_name, spec_text)
    if key not in _searchers:
        _searchers[key] = build_searcher(_registry, game, spec)
    return game, spec, _searchers[key]


def decide_job(
    game_name: str, state_json: str, spec_text: str, seed: int, ticket=None
) -> list[int]:
    """The actions of the mover's decision (run in a pool process); with a `ticket`
    the search reports its progress and can be stopped (cli/serve/searches.py)."""
    from search.base import decide

    game, spec, searcher = _setup(game_name, spec_text)
    state = game.from_json(state_json)
    with _reporting(ticket):
        return list(decide(searcher, game, state, spec.budget, seed).actions)


def value_job(game_name: str, state_json: str, spec_text: str, seed: int, ticket=None) -> float:
    """The mover's estimated share of the win in [0, 1], from its own observation."""
    from search.base import decide

    game, spec, searcher = _setup(game_name, spec_text)
    state = game.from_json(state_json)
    with _reporting(ticket):
        return float(decide(searcher, game, state, spec.budget, seed).value)


def hints_job(
    game_name: str, state_json: str, spec_text: str, seed: int, top: int, ticket=None
) -> list:
    """The mover's best `top` decisions as (actions, value, reason), best first. (The
    hint search runs on its own thread (cli/play/thinking.py), so a cancelled one is
    not stopped early: its answer is dropped.)"""
    from cli.play.hints import find_hints

    game, spec, searcher = _setup(game_name, spec_text)
    state = game.from_json(state_json)
    hints = find_hints(game, state, searcher, spec.budget, seed, top, spec.searcher)
    result = []
    for hint in hints:
        scratch = state.clone()
        actions = []
        for text in hint.texts:
            action = scratch.str_to_action(text)
            actions.append(action)
            scratch.apply(action)
        result.append((actions, hint.value, hint.reason))
    return result


def warm_job() -> bool:
    """Load the registry in a fresh process, so the first real search starts at once."""
    _setup("tictactoe", "random")
    return True


class AiPool:
    def __init__(self, workers: int, progress_queue=None, stop_marks=None):
        self.workers = workers
        self.executor = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_init_worker,
            initargs=(progress_queue, stop_marks, os.getpid()),
        )

    async def run(self, job, *args):
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, partial(job, *args))

    def warm(self) -> None:
        for _ in range(self.workers):
            self.executor.submit(warm_job)

    def shutdown(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
